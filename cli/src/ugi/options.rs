//! The UGI options, declared once: the `ugi` answer's `option name …` lines and `setoption`
//! both read this one registry (as Stockfish's options map), so an option's name, type,
//! default, bounds and effect stand in one place.

use super::engine_choice::EngineChoice;
use super::Dialect;
use crate::settings::EngineSettings;
use crate::settings::SETTINGS;
use halma_engine::games::Variant;
use halma_engine::search::{DEFAULT_MOVE_OVERHEAD, MAX_MOVE_OVERHEAD};
use halma_engine::Error;
use std::time::Duration;

/// The game until `setoption name Rules` or a `position fen` says otherwise.
pub(super) const DEFAULT_RULES: &str = halma_engine::games::DEFAULT_GAME;

/// The engine settings until `setoption` changes them: the searchers' own, on every core
/// (at most [`crate::numbers::MAX_DEFAULT_SEARCH_THREADS`]).
pub(super) fn default_settings() -> EngineSettings {
    EngineSettings {
        threads: crate::numbers::default_search_threads(),
        ..EngineSettings::default()
    }
}

/// How the engine is configured (what `setoption` changes).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Config {
    pub(super) dialect: Dialect,
    pub(super) variant: Variant,
    /// The `Engine` option.
    pub(super) engine: EngineChoice,
    /// The engine settings ([`crate::settings`]: `Hash`, `Threads`, `MultiPV`, …).
    pub(super) settings: EngineSettings,
}

/// Parses the value of option `name`, a whole number within `min..=max`.
pub(super) fn bounded(name: &str, value: &str, min: usize, max: usize) -> Result<usize, Error> {
    value
        .parse::<usize>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| {
            Error::Argument(format!(
                "{name} '{value}' is not a whole number in {min}..={max}"
            ))
        })
}

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

/// Every option of UGI: the protocol's own (`Rules`, `Engine`, `Move Overhead`), then the
/// engine settings of [`SETTINGS`], one per weight for the weights.
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
            "Move Overhead",
            spin(DEFAULT_MOVE_OVERHEAD.as_millis(), 0, max_overhead),
            Box::new(move |_, overhead, value| {
                let ms = bounded("Move Overhead", value, 0, max_overhead)?;
                *overhead = Duration::from_millis(ms as u64);
                Ok(())
            }),
        ),
    ];
    let defaults = default_settings();
    for setting in &SETTINGS {
        for (name, declaration) in setting.ugi_options(&defaults) {
            let weight = setting
                .is_weight()
                .then(|| name[setting.ugi.len()..].trim().to_string());
            options.push(UgiOption::new(
                name,
                declaration,
                Box::new(move |config, _, value| {
                    config
                        .settings
                        .set(setting, weight.as_deref(), value)
                        .map_err(Error::Argument)
                }),
            ));
        }
    }
    options
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_takes_whole_numbers_in_range_only() {
        assert_eq!(bounded("Threads", "3", 1, 256).unwrap(), 3);
        assert_eq!(bounded("Threads", "256", 1, 256).unwrap(), 256);
        assert_eq!(bounded("topk", "0", 0, 5).unwrap(), 0);
        for bad in ["0", "257", "-1", "1.5", "", " 3", "99999999999999999999999"] {
            let e = bounded("Threads", bad, 1, 256).unwrap_err();
            let why = format!("Threads '{bad}' is not a whole number in 1..=256");
            assert_eq!(e.to_string(), format!("argument: {why}"));
        }
    }
}
