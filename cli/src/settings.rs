//! The engine settings, in one table: each setting's name (a player specification's key and
//! the command-line flag), its UGI option name, its bounds and what it does. UGI and CCP
//! declare their options from it, `tournament` and `course` read player specifications
//! with it, and `analyse`, `bench` and `serve` take its flags ([`SettingArgs`]), so every
//! setting has the same name, bounds and error wherever an engine is configured
//! (docs/cli.md, "Engine settings").

use crate::engine_kind::EngineKind;
use crate::numbers::{self, MAX_MIB, MAX_MULTIPV, MAX_THREADS};
use clap::{Arg, ArgAction, ArgMatches, Command, FromArgMatches};
use halma_engine::games::{Variant, DEFAULT_GAME};
use halma_engine::mcts;
use halma_engine::search::{self, MultiPlayer};
use halma_engine::weights::Weights;
use std::sync::OnceLock;

/// What values a setting takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bounds {
    /// A whole number from 1 to `max` (read as every count of the command line is,
    /// [`numbers::whole`]).
    Whole {
        /// The greatest value.
        max: usize,
    },
    /// On or off (`on`, `off`, `true`, `false`, in any case).
    Switch,
    /// One of these names (in any case).
    Choice(&'static [&'static str]),
    /// One evaluation weight, `NAME` and an integer within that weight's range
    /// ([`Weights::range`]).
    Weight,
}

/// Which part of [`EngineSettings`] a setting sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Hash,
    Threads,
    MultiPv,
    Multi,
    Finish,
    Pruning,
    LatePruning,
    NullMove,
    Weight,
}

/// One engine setting.
#[derive(Debug)]
pub struct Setting {
    /// Its name: a player specification's key (`hash=16`) and the flag (`--hash 16`); the
    /// weights are `weight.NAME=V` and `--eval-weight NAME=V`.
    pub name: &'static str,
    /// Its UGI option name (`Hash`); the weights are `Weight NAME`.
    pub ugi: &'static str,
    /// The values it takes.
    pub bounds: Bounds,
    /// The flag's value as its help names it (`MB`, `N`, `on|off`).
    pub value_name: &'static str,
    /// Whether only the alpha-beta searcher has it (MCTS has no null move, …).
    pub alphabeta_only: bool,
    /// What it does, one line (the flag's help).
    pub doc: &'static str,
    field: Field,
}

/// Every engine setting, in the order UGI declares them.
pub static SETTINGS: [Setting; 9] = [
    Setting {
        name: "hash",
        ugi: "Hash",
        bounds: Bounds::Whole { max: MAX_MIB },
        value_name: "MB",
        alphabeta_only: false,
        doc: "Table size in MiB: alpha-beta's transposition table, MCTS's tree budget \
              [default: alphabeta 16 (analyse: 64), mcts 256]",
        field: Field::Hash,
    },
    Setting {
        name: "threads",
        ugi: "Threads",
        bounds: Bounds::Whole { max: MAX_THREADS },
        value_name: "N",
        alphabeta_only: false,
        doc: "Search threads (alphabeta: lazy SMP; mcts: one shared tree) [default: 1]",
        field: Field::Threads,
    },
    Setting {
        name: "multipv",
        ugi: "MultiPV",
        bounds: Bounds::Whole { max: MAX_MULTIPV },
        value_name: "K",
        alphabeta_only: false,
        doc: "Report the K best root moves [default: 1]",
        field: Field::MultiPv,
    },
    Setting {
        name: "multi",
        ugi: "MultiPlayer",
        bounds: Bounds::Choice(MultiPlayer::NAMES),
        value_name: "MODE",
        alphabeta_only: true,
        doc: "Search with more than two sides: brs (best-reply) or paranoid [default: brs]",
        field: Field::Multi,
    },
    Setting {
        name: "finish",
        ugi: "RaceFinish",
        bounds: Bounds::Switch,
        value_name: "on|off",
        alphabeta_only: true,
        doc: "Play a proved-shortest race finish when one is found [default: on]",
        field: Field::Finish,
    },
    Setting {
        name: "pruning",
        ugi: "Pruning",
        bounds: Bounds::Switch,
        value_name: "on|off",
        alphabeta_only: true,
        doc: "Late-move reductions and aspiration windows (off: plain alpha-beta) [default: on]",
        field: Field::Pruning,
    },
    Setting {
        name: "lmp",
        ugi: "LateMovePruning",
        bounds: Bounds::Switch,
        value_name: "on|off",
        alphabeta_only: true,
        doc: "Late-move pruning near the frontier (with pruning) [default: on]",
        field: Field::LatePruning,
    },
    Setting {
        name: "nmp",
        ugi: "NullMovePruning",
        bounds: Bounds::Switch,
        value_name: "on|off",
        alphabeta_only: true,
        doc: "Null-move pruning (with pruning) [default: on]",
        field: Field::NullMove,
    },
    Setting {
        name: "weight",
        ugi: "Weight",
        bounds: Bounds::Weight,
        value_name: "NAME=VALUE",
        alphabeta_only: false,
        doc: "Set an evaluation weight, NAME=VALUE (repeatable; names: see docs/cli.md)",
        field: Field::Weight,
    },
];

/// The weights of the default game ([`DEFAULT_GAME`]) at their defaults: what UGI declares.
/// Found once: the UGI options are declared again at every `setoption`, and finding them
/// builds the game's setup.
fn default_game_weights() -> Weights {
    static DEFAULTS: OnceLock<Weights> = OnceLock::new();
    *DEFAULTS.get_or_init(|| {
        Variant::parse(DEFAULT_GAME).map_or_else(|_| Weights::default(), Variant::default_weights)
    })
}

/// The switch values that mean on and off.
const ON: [&str; 2] = ["on", "true"];
/// See [`ON`].
const OFF: [&str; 2] = ["off", "false"];

impl Setting {
    /// The setting a player specification's key names (`hash`, `weight.race`), with the
    /// weight's name for a weight.
    pub fn by_key(key: &str) -> Option<(&'static Setting, Option<&str>)> {
        if let Some(weight) = key.strip_prefix("weight.") {
            return Some((Setting::weights(), Some(weight)));
        }
        SETTINGS
            .iter()
            .find(|s| s.name == key && s.field != Field::Weight)
            .map(|s| (s, None))
    }

    /// The weights' row.
    fn weights() -> &'static Setting {
        &SETTINGS[SETTINGS.len() - 1]
    }

    /// Whether this is the weights' row (one name, value pair per weight).
    pub fn is_weight(&self) -> bool {
        self.field == Field::Weight
    }

    /// The flag (`--hash`; the weights: `--eval-weight`).
    pub fn flag(&self) -> &'static str {
        match self.field {
            Field::Weight => "eval-weight",
            _ => self.name,
        }
    }

    /// Why `value` is not a value of this setting (weight `weight` for the weights), or
    /// `None`: the text every surface puts after its own name for the setting.
    pub fn refusal(&self, weight: Option<&str>, value: &str) -> Option<String> {
        EngineSettings::default().set(self, weight, value).err()
    }

    /// The UGI declarations of this setting: (option name, `type …` text) with `current`'s
    /// value as the default; one per weight for the weights, each weight's default that of
    /// the default game ([`DEFAULT_GAME`]: the others start from their own).
    pub fn ugi_options(&self, current: &EngineSettings) -> Vec<(String, String)> {
        let value = current.value_text(self.field);
        match self.bounds {
            Bounds::Whole { max } => vec![(
                self.ugi.to_string(),
                format!("type spin default {value} min 1 max {max}"),
            )],
            Bounds::Switch => vec![(self.ugi.to_string(), format!("type check default {value}"))],
            Bounds::Choice(names) => vec![(
                self.ugi.to_string(),
                format!("type combo default {value} var {}", names.join(" var ")),
            )],
            Bounds::Weight => current
                .weights
                .over(&default_game_weights())
                .entries()
                .into_iter()
                .map(|(name, v)| {
                    let range = Weights::range(name);
                    (
                        format!("{} {name}", self.ugi),
                        format!(
                            "type spin default {v} min {} max {}",
                            range.start(),
                            range.end()
                        ),
                    )
                })
                .collect(),
        }
    }
}

/// The settings of an engine, whichever searcher it runs: what the table sets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineSettings {
    /// Table size in MiB; `None`: the searcher's own (alpha-beta 16, MCTS 256).
    pub hash: Option<usize>,
    /// Search threads.
    pub threads: usize,
    /// Lines reported.
    pub multipv: usize,
    /// The search with more than two sides (alpha-beta).
    pub multi: MultiPlayer,
    /// Whether alpha-beta plays a proved race finish.
    pub race_finish: bool,
    /// Alpha-beta's reductions and aspiration windows.
    pub pruning: bool,
    /// Alpha-beta's late-move pruning.
    pub late_pruning: bool,
    /// Alpha-beta's null-move pruning.
    pub null_move: bool,
    /// The evaluation weights.
    pub weights: Weights,
    /// The seed of MCTS's playouts (not in the table: a tournament changes it by round).
    pub seed: u64,
}

impl Default for EngineSettings {
    /// The searchers' own defaults, on one thread.
    fn default() -> Self {
        let ab = search::Options::default();
        EngineSettings {
            hash: None,
            threads: ab.threads,
            multipv: ab.multipv,
            multi: ab.multi,
            race_finish: ab.race_finish,
            pruning: ab.pruning,
            late_pruning: ab.late_pruning,
            null_move: ab.null_move,
            weights: ab.weights,
            seed: mcts::Options::default().seed,
        }
    }
}

impl EngineSettings {
    /// Sets `setting` (weight `weight` for the weights) to `value`; the error says why the
    /// value is refused, without the setting's name (each surface names it its own way).
    pub fn set(
        &mut self,
        setting: &Setting,
        weight: Option<&str>,
        value: &str,
    ) -> Result<(), String> {
        let value = value.trim();
        match setting.bounds {
            Bounds::Whole { max } => {
                let n = numbers::whole(value, max as u64)? as usize;
                match setting.field {
                    Field::Hash => {
                        numbers::allocatable(n)?;
                        self.hash = Some(n);
                    }
                    Field::Threads => self.threads = n,
                    _ => self.multipv = n,
                }
            }
            Bounds::Switch => {
                let lower = value.to_ascii_lowercase();
                let on = if ON.contains(&lower.as_str()) {
                    true
                } else if OFF.contains(&lower.as_str()) {
                    false
                } else {
                    return Err(format!("'{value}' is not on or off (true or false)"));
                };
                match setting.field {
                    Field::Finish => self.race_finish = on,
                    Field::Pruning => self.pruning = on,
                    Field::LatePruning => self.late_pruning = on,
                    _ => self.null_move = on,
                }
            }
            Bounds::Choice(names) => {
                let lower = value.to_ascii_lowercase();
                if !names.contains(&lower.as_str()) {
                    return Err(format!("'{value}' is not one of {}", names.join(", ")));
                }
                self.multi = lower
                    .parse()
                    .map_err(|e: halma_engine::Error| e.message().to_string())?;
            }
            Bounds::Weight => {
                let name = weight.unwrap_or_default().trim();
                if !Weights::NAMES.contains(&name) {
                    return Err(format!(
                        "unknown eval weight '{name}' (known: {})",
                        Weights::NAMES.join(", ")
                    ));
                }
                let range = Weights::range(name);
                let v = value
                    .parse::<i32>()
                    .ok()
                    .filter(|v| range.contains(v))
                    .ok_or_else(|| {
                        format!(
                            "'{value}' is not a whole number in {}..={}",
                            range.start(),
                            range.end()
                        )
                    })?;
                self.weights
                    .set(name, v)
                    .map_err(|e| e.message().to_string())?;
            }
        }
        Ok(())
    }

    /// The value of `field` as UGI declares it (a weight's are per weight).
    fn value_text(&self, field: Field) -> String {
        match field {
            Field::Hash => self
                .hash
                .unwrap_or(search::Options::default().hash_mib)
                .to_string(),
            Field::Threads => self.threads.to_string(),
            Field::MultiPv => self.multipv.to_string(),
            Field::Multi => self.multi.to_string(),
            Field::Finish => self.race_finish.to_string(),
            Field::Pruning => self.pruning.to_string(),
            Field::LatePruning => self.late_pruning.to_string(),
            Field::NullMove => self.null_move.to_string(),
            Field::Weight => String::new(),
        }
    }

    /// The MiB of table the searcher `kind` allocates with these settings.
    pub fn table_mib(&self, kind: EngineKind) -> usize {
        match kind {
            EngineKind::Alphabeta => self.alphabeta().hash_mib,
            EngineKind::Mcts => self.mcts().tree_mib,
        }
    }

    /// The alpha-beta searcher's options.
    pub fn alphabeta(&self) -> search::Options {
        let defaults = search::Options::default();
        search::Options {
            threads: self.threads,
            hash_mib: self.hash.unwrap_or(defaults.hash_mib),
            multipv: self.multipv,
            pruning: self.pruning,
            multi: self.multi,
            weights: self.weights,
            race_finish: self.race_finish,
            late_pruning: self.late_pruning,
            null_move: self.null_move,
            ..defaults
        }
    }

    /// The MCTS searcher's options.
    pub fn mcts(&self) -> mcts::Options {
        let defaults = mcts::Options::default();
        mcts::Options {
            threads: self.threads,
            tree_mib: self.hash.unwrap_or(defaults.tree_mib),
            multipv: self.multipv,
            weights: self.weights,
            seed: self.seed,
            ..defaults
        }
    }
}

/// The settings' flags on a command line (`--hash 64 --lmp off --eval-weight race=50`),
/// one per row of [`SETTINGS`], as given.
#[derive(Clone, Debug, Default)]
pub struct SettingArgs {
    /// (setting, weight name, value) in the order the table lists them.
    given: Vec<(&'static Setting, Option<String>, String)>,
}

impl SettingArgs {
    /// The first alpha-beta-only flag given, if any (`--multi`).
    pub fn alphabeta_only(&self) -> Option<&'static str> {
        self.given
            .iter()
            .find(|(s, _, _)| s.alphabeta_only)
            .map(|(s, _, _)| s.flag())
    }

    /// `defaults` with the flags given applied.
    pub fn apply(
        &self,
        mut defaults: EngineSettings,
    ) -> Result<EngineSettings, halma_engine::Error> {
        for (setting, weight, value) in &self.given {
            defaults
                .set(setting, weight.as_deref(), value)
                .map_err(|why| {
                    halma_engine::Error::Argument(format!("--{}: {why}", setting.flag()))
                })?;
        }
        Ok(defaults)
    }
}

/// A flag's value checked as the setting will take it, for clap.
fn checked(
    setting: &'static Setting,
) -> impl Fn(&str) -> Result<String, String> + Clone + Send + Sync {
    move |text: &str| {
        let (weight, value) = match setting.bounds {
            Bounds::Weight => {
                let (name, value) = text
                    .split_once('=')
                    .ok_or_else(|| format!("'{text}' is not of the form NAME=VALUE"))?;
                (Some(name), value)
            }
            _ => (None, text),
        };
        match setting.refusal(weight, value) {
            Some(why) => Err(why),
            None => Ok(text.to_string()),
        }
    }
}

impl FromArgMatches for SettingArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = SettingArgs::default();
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for setting in &SETTINGS {
            let Some(values) = matches.get_many::<String>(setting.name) else {
                continue;
            };
            for text in values {
                let (weight, value) = match setting.bounds {
                    Bounds::Weight => {
                        let (name, value) = text.split_once('=').unwrap_or((text, ""));
                        (Some(name.trim().to_string()), value.to_string())
                    }
                    _ => (None, text.clone()),
                };
                self.given.push((setting, weight, value));
            }
        }
        Ok(())
    }
}

impl clap::Args for SettingArgs {
    fn augment_args(command: Command) -> Command {
        SETTINGS.iter().fold(command, |command, setting| {
            let action = if setting.is_weight() {
                ArgAction::Append
            } else {
                ArgAction::Set
            };
            command.arg(
                Arg::new(setting.name)
                    .long(setting.flag())
                    .value_name(setting.value_name)
                    .help(setting.doc)
                    .action(action)
                    .value_parser(checked(setting)),
            )
        })
    }

    fn augment_args_for_update(command: Command) -> Command {
        Self::augment_args(command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma_engine::weights::Weight;

    #[test]
    fn every_setting_is_found_by_its_key() {
        for setting in &SETTINGS {
            if setting.is_weight() {
                let (s, w) = Setting::by_key("weight.race").unwrap();
                assert!(s.is_weight() && w == Some("race"));
                continue;
            }
            assert_eq!(Setting::by_key(setting.name).unwrap().0.name, setting.name);
        }
        assert!(Setting::by_key("tree").is_none());
        assert!(Setting::by_key("weight").is_none());
    }

    #[test]
    fn defaults_are_the_searchers_own() {
        let d = EngineSettings::default();
        let (ab, defaults) = (d.alphabeta(), search::Options::default());
        assert_eq!(
            (
                ab.threads,
                ab.hash_mib,
                ab.multipv,
                ab.pruning,
                ab.multi,
                ab.race_finish
            ),
            (
                defaults.threads,
                defaults.hash_mib,
                defaults.multipv,
                defaults.pruning,
                defaults.multi,
                defaults.race_finish
            )
        );
        assert_eq!(
            (ab.late_pruning, ab.null_move),
            (defaults.late_pruning, defaults.null_move)
        );
        let (m, defaults) = (d.mcts(), mcts::Options::default());
        assert_eq!(
            (m.threads, m.tree_mib, m.seed),
            (defaults.threads, defaults.tree_mib, defaults.seed)
        );
    }

    #[test]
    fn values_set_and_out_of_bounds_are_refused() {
        let mut s = EngineSettings::default();
        let row = |name: &str| Setting::by_key(name).unwrap().0;
        s.set(row("hash"), None, "8").unwrap();
        s.set(row("threads"), None, "3").unwrap();
        s.set(row("multipv"), None, "4").unwrap();
        s.set(row("multi"), None, "Paranoid").unwrap();
        s.set(row("lmp"), None, "OFF").unwrap();
        s.set(row("nmp"), None, "false").unwrap();
        s.set(Setting::weights(), Some("race"), "50").unwrap();
        let ab = s.alphabeta();
        assert_eq!((ab.hash_mib, ab.threads, ab.multipv), (8, 3, 4));
        assert_eq!(ab.multi, MultiPlayer::Paranoid);
        assert!(!ab.late_pruning && !ab.null_move && ab.pruning);
        assert_eq!(ab.weights.get(Weight::Race), Some(50));
        assert_eq!(s.mcts().tree_mib, 8);
        for (name, bad, why) in [
            ("hash", "0", "must be at least 1"),
            ("hash", "65537", "'65537' is too large (at most 65536)"),
            ("threads", "257", "'257' is too large (at most 256)"),
            ("multipv", "x", "'x' is not a whole number (1, 2, 3, ...)"),
            ("multi", "maxn", "'maxn' is not one of paranoid, brs"),
            ("pruning", "no", "'no' is not on or off (true or false)"),
        ] {
            assert_eq!(row(name).refusal(None, bad).as_deref(), Some(why), "{name}");
        }
        assert_eq!(
            Setting::weights()
                .refusal(Some("race"), "99999999999")
                .as_deref(),
            Some("'99999999999' is not a whole number in -100000..=100000")
        );
        assert!(Setting::weights()
            .refusal(Some("colour"), "1")
            .unwrap()
            .starts_with("unknown eval weight 'colour'"));
    }
}
