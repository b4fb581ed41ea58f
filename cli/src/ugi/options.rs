//! The UGI options, declared once: the `ugi` answer's `option name …` lines and `setoption`
//! both read this one registry (as Stockfish's options map), so an option's name, type,
//! default, bounds and effect stand in one place.

use super::engine_choice::EngineChoice;
use super::{bounded, Config, Dialect, DEFAULT_RULES, MAX_HASH, MAX_THREADS};
use halma_engine::games::Variant;
use halma_engine::search::{self, MultiPlayer, DEFAULT_MOVE_OVERHEAD, MAX_MOVE_OVERHEAD};
use halma_engine::weights::Weights;
use halma_engine::Error;
use std::time::Duration;

/// How a value sets an option: on the game configuration (a change starts a new game) or
/// on the Move Overhead (not part of the game: the position stays).
type Apply = Box<dyn Fn(&mut Config, &mut Duration, &str) -> Result<(), Error>>;

/// One option: its name as a front end writes it, its declaration after the name (`type
/// spin default 1 min 1 max 256`) and what a value does.
pub(super) struct UgiOption {
    name: String,
    declaration: String,
    apply: Apply,
}

impl UgiOption {
    fn new(name: impl Into<String>, declaration: String, apply: Apply) -> UgiOption {
        UgiOption {
            name: name.into(),
            declaration,
            apply,
        }
    }

    /// The line the `ugi` command answers for this option.
    pub(super) fn line(&self) -> String {
        format!("option name {} {}", self.name, self.declaration)
    }
}

/// A spin option's declaration.
fn spin(default: impl std::fmt::Display, min: impl std::fmt::Display, max: usize) -> String {
    format!("type spin default {default} min {min} max {max}")
}

/// Every option the engine offers in `dialect`, in the order the `ugi` (`ccp`) command
/// declares them; CCP has no `Rules` (its game is `ccerl`).
pub(super) fn registry(dialect: Dialect) -> Vec<UgiOption> {
    let mut options = every_option();
    if dialect == Dialect::Ccp {
        options.retain(|o| o.name != "Rules");
    }
    options
}

/// Every option of UGI.
fn every_option() -> Vec<UgiOption> {
    let max_overhead = MAX_MOVE_OVERHEAD.as_millis() as usize;
    let mut options = vec![
        UgiOption::new(
            "Rules",
            format!("type string default {DEFAULT_RULES}"),
            Box::new(|config, _, value| {
                config.variant = Variant::parse(value)?;
                Ok(())
            }),
        ),
        UgiOption::new(
            "Engine",
            format!(
                "type combo default {} var {}",
                EngineChoice::NAMES[0],
                EngineChoice::NAMES.join(" var ")
            ),
            Box::new(|config, _, value| {
                config.engine = EngineChoice::parse(value)?;
                Ok(())
            }),
        ),
        UgiOption::new(
            "Hash",
            spin(search::Options::default().hash_mib, 1, MAX_HASH),
            Box::new(|config, _, value| {
                let mb = bounded("Hash", value, 1, MAX_HASH)?;
                crate::numbers::allocatable(mb).map_err(Error::Argument)?;
                config.hash = Some(mb);
                Ok(())
            }),
        ),
        UgiOption::new(
            "Threads",
            spin(crate::numbers::default_search_threads(), 1, MAX_THREADS),
            Box::new(|config, _, value| {
                config.threads = bounded("Threads", value, 1, MAX_THREADS)?;
                Ok(())
            }),
        ),
        UgiOption::new(
            "Move Overhead",
            spin(DEFAULT_MOVE_OVERHEAD.as_millis(), 0, max_overhead),
            Box::new(move |_, overhead, value| {
                let ms = bounded("Move Overhead", value, 0, max_overhead)?;
                *overhead = Duration::from_millis(ms as u64);
                Ok(())
            }),
        ),
        UgiOption::new(
            "MultiPlayer",
            format!(
                "type combo default {} var {}",
                MultiPlayer::default(),
                MultiPlayer::NAMES.join(" var ")
            ),
            Box::new(|config, _, value| {
                config.multi = choice(value).parse()?;
                Ok(())
            }),
        ),
        UgiOption::new(
            "RaceFinish",
            format!(
                "type check default {}",
                search::Options::default().race_finish
            ),
            Box::new(|config, _, value| {
                config.race_finish = match choice(value).as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(Error::Argument(format!(
                            "RaceFinish: '{value}' is not true or false"
                        )))
                    }
                };
                Ok(())
            }),
        ),
    ];
    for (name, default) in Weights::default().entries() {
        let range = Weights::range(name);
        options.push(UgiOption::new(
            format!("Weight {name}"),
            spin(default, range.start(), *range.end() as usize),
            Box::new(move |config, _, value| {
                let v: i32 = value
                    .parse()
                    .map_err(|_| Error::Argument(format!("'{value}' is not an integer")))?;
                config.weights.set(name, v)
            }),
        ));
    }
    options
}

/// A combo or check option's value as the options' values are written (lower case): the
/// values of every combo and check, like the option names, are case-insensitive (`MCTS`,
/// `True`), as UCI GUIs send them either way.
fn choice(value: &str) -> String {
    value.to_ascii_lowercase()
}

/// Sets the option called `name` (any case, any run of spaces between words) to `value`.
pub(super) fn set(
    dialect: Dialect,
    config: &mut Config,
    overhead: &mut Duration,
    name: &str,
    value: &str,
) -> Result<(), Error> {
    let wanted = normal(name);
    let option = registry(dialect)
        .into_iter()
        .find(|o| normal(&o.name) == wanted)
        .ok_or_else(|| Error::Argument(format!("unknown option '{name}'")))?;
    (option.apply)(config, overhead, value).map_err(|e| naming(&option.name, e))
}

/// `e` with its message led by the option's name (`Weight race: '9…9' is not an integer`),
/// unless it already is; the kind of error is kept.
fn naming(name: &str, e: Error) -> Error {
    if e.message().starts_with(name) {
        return e;
    }
    let text = format!("{name}: {}", e.message());
    match e {
        Error::Rules(_) => Error::Rules(text),
        Error::Cell(_) => Error::Cell(text),
        Error::Move(_) => Error::Move(text),
        Error::Position(_) => Error::Position(text),
        Error::Argument(_) => Error::Argument(text),
    }
}

/// An option name in lower case with single spaces, for matching.
fn normal(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase()
}
