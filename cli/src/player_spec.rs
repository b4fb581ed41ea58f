//! Player specifications: the text that names a player (`alphabeta:depth=6`,
//! `mcts:time=100ms`, `ugi:"path args"`, `ccp:"path args"`, `course:"path args"`), and the
//! internal engine it builds (a tournament starts the external ones, `tournament::players`).
//!
//! Text form: `KIND[:OPTIONS]`. Internal kinds take comma-separated `key=value` options;
//! external kinds take the command first (in double quotes when it holds spaces or commas),
//! then `,key=value` options. docs/tournament.md lists every option.

use crate::dialect::Dialect;
use crate::engine_kind::EngineKind;
use crate::numbers;
use crate::settings::{EngineSettings, Setting};
use halma_engine::mcts::Mcts;
use halma_engine::player::{Engine, RandomMover};
use halma_engine::search::{Limits, Searcher};
use halma_engine::weights::Weights;
use halma_engine::{Error, Game};
use std::time::Duration;

/// What kind of player, with its kind's settings.
#[derive(Clone, Debug)]
pub enum Kind {
    /// The internal alpha-beta searcher, with its settings.
    AlphaBeta(EngineSettings),
    /// The internal MCTS searcher, with its settings.
    Mcts(EngineSettings),
    /// A uniformly random legal move (the baseline), from this seed.
    Random(u64),
    /// An external program speaking UGI (or CCP, CCERL's protocol, on the two-player star);
    /// `options` are sent with `setoption`.
    Ugi {
        /// UGI or CCP.
        dialect: Dialect,
        /// Program and arguments.
        command: Vec<String>,
        /// (name, value) pairs for `setoption`.
        options: Vec<(String, String)>,
    },
    /// An external course-protocol agent, run once per move in its own directory.
    Course {
        /// Program and arguments.
        command: Vec<String>,
    },
}

/// A parsed player specification.
#[derive(Clone, Debug)]
pub struct PlayerSpec {
    /// The text it was parsed from.
    pub text: String,
    /// The display name (`name=` or the text).
    pub name: String,
    /// The kind and its settings.
    pub kind: Kind,
    /// Depth limit of every move (alpha-beta, UGI).
    pub depth: Option<u32>,
    /// Node limit of every move (alpha-beta, MCTS playouts, UGI).
    pub nodes: Option<u64>,
    /// Time limit of every move.
    pub time: Option<Duration>,
    /// Whether the text set the thread count (`threads=`).
    threads_given: bool,
}

/// Splits a command line into words: white space separates, double quotes group.
pub fn split_command(text: &str) -> Result<Vec<String>, Error> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    if quoted {
        return Err(Error::Argument(format!("unbalanced quote in '{text}'")));
    }
    words.extend(word);
    if words.is_empty() {
        return Err(Error::Argument("empty command".into()));
    }
    Ok(words)
}

/// Splits `"command",k=v,...` or `command,k=v,...` into the command and the options.
fn split_external(rest: &str) -> Result<(&str, &str), Error> {
    if let Some(quoted) = rest.strip_prefix('"') {
        let end = quoted
            .find('"')
            .ok_or_else(|| Error::Argument(format!("unbalanced quote in '{rest}'")))?;
        let after = &quoted[end + 1..];
        let options = match after {
            "" => "",
            _ => after.strip_prefix(',').ok_or_else(|| {
                Error::Argument(format!("expected ',' after the quoted command in '{rest}'"))
            })?,
        };
        return Ok((&quoted[..end], options));
    }
    Ok(rest.split_once(',').unwrap_or((rest, "")))
}

impl PlayerSpec {
    /// Parses a player specification; the error names what was wrong.
    pub fn parse(text: &str) -> Result<PlayerSpec, Error> {
        let bad = |t: String| Error::Argument(format!("player '{text}': {t}"));
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        let (command, options) = match kind {
            "ugi" | "ccp" | "course" => {
                let (command, options) =
                    split_external(rest).map_err(|e| bad(e.message().to_string()))?;
                let command = split_command(command).map_err(|e| bad(e.message().to_string()))?;
                (command, options)
            }
            _ => (Vec::new(), rest),
        };
        let mut spec = PlayerSpec {
            text: text.to_string(),
            name: text.to_string(),
            kind: match kind {
                "alphabeta" => Kind::AlphaBeta(EngineSettings::default()),
                "mcts" => Kind::Mcts(EngineSettings::default()),
                "random" => Kind::Random(1),
                "ugi" | "ccp" => Kind::Ugi {
                    dialect: if kind == "ugi" {
                        Dialect::Ugi
                    } else {
                        Dialect::Ccp
                    },
                    command,
                    options: Vec::new(),
                },
                "course" => Kind::Course { command },
                _ => {
                    return Err(bad(format!(
                        "unknown kind '{kind}' (known: alphabeta, mcts, random, ugi, ccp, course)"
                    )))
                }
            },
            depth: None,
            nodes: None,
            time: None,
            threads_given: false,
        };
        for option in options.split(',').filter(|o| !o.is_empty()) {
            let (key, value) = option
                .split_once('=')
                .ok_or_else(|| bad(format!("option '{option}' is not key=value")))?;
            spec.set(key, value)
                .map_err(|e| bad(e.message().to_string()))?;
        }
        if let (Kind::Mcts(_), Some(_)) = (&spec.kind, spec.depth) {
            return Err(bad(
                "mcts takes no depth: give nodes= (playouts) or time=".into()
            ));
        }
        Ok(spec)
    }

    /// Sets one option: the engine settings of an internal searcher by the table
    /// ([`crate::settings`]; `tree=` is MCTS's old name for `hash=`), the others here.
    fn set(&mut self, key: &str, value: &str) -> Result<(), Error> {
        let mcts = matches!(self.kind, Kind::Mcts(_));
        if let Kind::AlphaBeta(settings) | Kind::Mcts(settings) = &mut self.kind {
            let name = if key == "tree" && mcts { "hash" } else { key };
            if let Some((setting, weight)) = Setting::by_key(name) {
                if setting.alphabeta_only && mcts {
                    return Err(Error::Argument(format!(
                        "unknown option '{key}' for this kind of player"
                    )));
                }
                settings
                    .set(setting, weight, value)
                    .map_err(|why| Error::Argument(format!("{key}: {why}")))?;
                if setting.name == "threads" {
                    self.threads_given = true;
                }
                return Ok(());
            }
        }
        let number = |v: &str, max: usize| -> Result<usize, Error> {
            numbers::whole(v, max as u64)
                .map(|n| n as usize)
                .map_err(|why| Error::Argument(format!("{key}: {why}")))
        };
        match (key, &mut self.kind) {
            ("name", _) => self.name = value.to_string(),
            ("depth", Kind::AlphaBeta(_) | Kind::Mcts(_) | Kind::Ugi { .. }) => {
                self.depth = Some(number(value, u32::MAX as usize)? as u32)
            }
            ("nodes", Kind::AlphaBeta(_) | Kind::Mcts(_) | Kind::Ugi { .. }) => {
                self.nodes = Some(
                    numbers::whole(value, u64::MAX)
                        .map_err(|why| Error::Argument(format!("{key}: {why}")))?,
                )
            }
            ("time", _) => self.time = Some(numbers::duration(value)?),
            ("seed", Kind::Random(seed)) => {
                *seed = numbers::whole(value, u64::MAX)
                    .map_err(|why| Error::Argument(format!("{key}: {why}")))?
            }
            (k, Kind::Ugi { options, .. }) if k.starts_with("option.") => {
                options.push((k["option.".len()..].to_string(), value.to_string()))
            }
            _ => {
                return Err(Error::Argument(format!(
                    "unknown option '{key}' for this kind of player"
                )))
            }
        }
        Ok(())
    }

    /// Gives an internal searcher `threads` threads unless its text set them (`threads=`).
    pub fn default_threads(&mut self, threads: usize) {
        if self.threads_given {
            return;
        }
        match &mut self.kind {
            Kind::AlphaBeta(o) => o.threads = threads,
            Kind::Mcts(o) => o.threads = threads,
            Kind::Random(_) | Kind::Ugi { .. } | Kind::Course { .. } => {}
        }
    }

    /// Sets the alpha-beta searcher's weight `name` to `value` unless the text set it
    /// (`weight.NAME=`); other kinds are left alone. An error for a name or value
    /// [`Weights::set`](halma_engine::weights::Weights::set) refuses.
    pub fn default_weight(&mut self, name: &str, value: i32) -> Result<(), Error> {
        let mut default = Weights::default();
        default.set(name, value)?;
        match &mut self.kind {
            Kind::AlphaBeta(o) => {
                o.weights = o.weights.over(&default);
                Ok(())
            }
            Kind::Mcts(_) | Kind::Random(_) | Kind::Ugi { .. } | Kind::Course { .. } => Ok(()),
        }
    }

    /// The MiB of tables an engine of this player allocates when it is built (hash or MCTS
    /// tree; none for external programs).
    pub fn table_mib(&self) -> usize {
        match &self.kind {
            Kind::AlphaBeta(o) => o.table_mib(EngineKind::Alphabeta),
            Kind::Mcts(o) => o.table_mib(EngineKind::Mcts),
            Kind::Random(_) | Kind::Ugi { .. } | Kind::Course { .. } => 0,
        }
    }

    /// Whether the player limits its own moves (depth, nodes or time; a random mover
    /// needs no limit).
    pub fn has_own_limit(&self) -> bool {
        matches!(self.kind, Kind::Random(_))
            || self.depth.is_some()
            || self.nodes.is_some()
            || self.time.is_some()
    }

    /// The limits of one move: the time control's, tightened by the player's own.
    pub fn limits(&self, mut limits: Limits) -> Limits {
        limits.depth = self.depth.or(limits.depth);
        limits.nodes = self.nodes.or(limits.nodes);
        if let Some(t) = self.time {
            limits.move_time = Some(limits.move_time.map_or(t, |m| m.min(t)));
        }
        limits
    }

    /// A fresh internal engine; an error for external players.
    pub fn internal_engine<P: Game>(&self) -> Result<Box<dyn Engine<P>>, Error> {
        match &self.kind {
            Kind::AlphaBeta(o) => Ok(Box::new(Searcher::new(o.alphabeta()))),
            Kind::Mcts(o) => Ok(Box::new(Mcts::new(o.mcts()))),
            Kind::Random(seed) => Ok(Box::new(RandomMover::new(*seed))),
            _ => Err(Error::Argument(format!(
                "player '{}' is an external program, not an internal engine",
                self.text
            ))),
        }
    }

    /// Whether this player's every move is a function of the position alone, so that
    /// the same game between such players replays move for move: alpha-beta on one thread
    /// limited by depth= or nodes= and without time=. (The random mover and MCTS draw
    /// from a seed that changes with the round, [`PlayerSpec::for_round`]; an external
    /// program cannot be told.)
    pub fn is_deterministic(&self) -> bool {
        match &self.kind {
            Kind::AlphaBeta(o) => {
                (self.depth.is_some() || self.nodes.is_some())
                    && self.time.is_none()
                    && o.threads <= 1
            }
            Kind::Mcts(_) | Kind::Random(_) | Kind::Ugi { .. } | Kind::Course { .. } => false,
        }
    }

    /// This player in round `round` (from 0): the random mover's and MCTS's seed mixed
    /// with the round, so that every round plays other games; round 0 keeps the seed
    /// given. Other kinds are unchanged.
    pub fn for_round(&self, round: usize) -> PlayerSpec {
        let mix = |seed: u64| seed ^ (round as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut spec = self.clone();
        match &mut spec.kind {
            Kind::Random(seed) => *seed = mix(*seed),
            Kind::Mcts(o) => o.seed = mix(o.seed),
            Kind::AlphaBeta(_) | Kind::Ugi { .. } | Kind::Course { .. } => {}
        }
        spec
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma_engine::weights::Weight;

    #[test]
    fn specs_parse_with_their_options() {
        let p = PlayerSpec::parse(
            "alphabeta:time=100ms,hash=16,weight.distance=50,pruning=off,lmp=off,nmp=off,multi=brs,name=AB",
        )
        .unwrap();
        assert_eq!(p.name, "AB");
        assert_eq!(p.time, Some(Duration::from_millis(100)));
        match p.kind {
            Kind::AlphaBeta(o) => {
                assert_eq!(o.hash, Some(16));
                assert_eq!(o.weights.get(Weight::Distance), Some(50));
                assert!(!o.pruning);
                assert!(!o.late_pruning);
                assert!(!o.null_move);
                assert_eq!(o.multi, halma_engine::search::MultiPlayer::BestReply);
            }
            _ => panic!("alphabeta"),
        }
        let p = PlayerSpec::parse(r#"ugi:"/bin/my-engine --fast",depth=3,option.Hash=8"#).unwrap();
        match p.kind {
            Kind::Ugi {
                command, options, ..
            } => {
                assert_eq!(command, ["/bin/my-engine", "--fast"].map(String::from));
                assert_eq!(options, [("Hash".to_string(), "8".to_string())]);
            }
            _ => panic!("ugi"),
        }
        let p = PlayerSpec::parse("ugi:./engine").unwrap();
        assert!(matches!(p.kind, Kind::Ugi { ref command, .. } if command == &["./engine"]));
        let p = PlayerSpec::parse(r#"ccp:"halma ccp",nodes=500,option.Engine=mcts"#).unwrap();
        assert!(matches!(
            p.kind,
            Kind::Ugi { dialect: Dialect::Ccp, ref command, .. } if command == &["halma", "ccp"]
        ));
        for bad in [
            "minimax:depth=2",
            "alphabeta:depth=0",
            "alphabeta:depth",
            "alphabeta:weight.colour=3",
            "alphabeta:pruning=no",
            "mcts:pruning=off",
            "alphabeta:multi=maxn",
            "mcts:multi=brs",
            "mcts:depth=3",
            "course:\"agent",
            "ugi:",
            "alphabeta:hash=99999999",
            "alphabeta:hash=65537",
            "alphabeta:threads=4294967295",
            "alphabeta:threads=257",
            "alphabeta:depth=4294967296",
            "mcts:tree=99999999",
            "mcts:threads=1000",
            "mcts:nodes=18446744073709551616",
            "alphabeta:time=nan",
            "alphabeta:time=1e308",
            "alphabeta:time=-1",
            "mcts:time=1000001s",
        ] {
            let message = PlayerSpec::parse(bad).unwrap_err().to_string();
            assert!(message.contains(bad), "{message}");
            assert_eq!(message.matches("argument:").count(), 1, "{message}");
        }
    }

    #[test]
    fn default_threads_apply_only_where_the_text_says_none() {
        let threads = |text: &str| {
            let mut spec = PlayerSpec::parse(text).unwrap();
            spec.default_threads(8);
            match spec.kind {
                Kind::AlphaBeta(o) => o.threads,
                Kind::Mcts(o) => o.threads,
                _ => 0,
            }
        };
        assert_eq!(threads("alphabeta"), 8);
        assert_eq!(threads("alphabeta:threads=1"), 1);
        assert_eq!(threads("mcts:time=1s"), 8);
        assert_eq!(threads("mcts:threads=3"), 3);
        assert_eq!(threads("random"), 0);
    }

    #[test]
    fn default_weights_apply_to_alpha_beta_only_where_the_text_sets_none() {
        let weights = |text: &str| {
            let mut spec = PlayerSpec::parse(text).unwrap();
            spec.default_weight("opponent", 75).unwrap();
            spec.default_weight("opponent_lead", 20).unwrap();
            match spec.kind {
                Kind::AlphaBeta(o) | Kind::Mcts(o) => (
                    o.weights.get(Weight::Opponent),
                    o.weights.get(Weight::OpponentLead),
                ),
                _ => (Some(0), Some(0)),
            }
        };
        assert_eq!(weights("alphabeta"), (Some(75), Some(20)));
        assert_eq!(
            weights("alphabeta:weight.opponent=100"),
            (Some(100), Some(20))
        );
        assert_eq!(
            weights("alphabeta:weight.opponent_lead=-5"),
            (Some(75), Some(-5))
        );
        assert_eq!(weights("mcts:time=1s"), (None, None));
        let mut spec = PlayerSpec::parse("alphabeta").unwrap();
        assert!(spec.default_weight("opponent", 101).is_err());
        assert!(spec.default_weight("no_such_weight", 1).is_err());
    }

    #[test]
    fn seeds_change_with_the_round_and_determinism_is_told() {
        let seed = |spec: &PlayerSpec| match &spec.kind {
            Kind::Random(s) => *s,
            Kind::Mcts(o) => o.seed,
            _ => 0,
        };
        for text in ["random:seed=7", "mcts:nodes=50"] {
            let spec = PlayerSpec::parse(text).unwrap();
            assert_eq!(seed(&spec.for_round(0)), seed(&spec), "{text}");
            assert_ne!(seed(&spec.for_round(1)), seed(&spec), "{text}");
            assert_ne!(seed(&spec.for_round(1)), seed(&spec.for_round(2)), "{text}");
            assert!(!spec.is_deterministic(), "{text}");
        }
        for (text, fixed) in [
            ("alphabeta:depth=2", true),
            ("alphabeta:nodes=500", true),
            ("alphabeta:depth=2,time=50ms", false),
            ("alphabeta:depth=2,threads=2", false),
            ("alphabeta", false),
            ("ugi:engine,depth=1", false),
        ] {
            assert_eq!(
                PlayerSpec::parse(text).unwrap().is_deterministic(),
                fixed,
                "{text}"
            );
        }
    }

    #[test]
    fn commands_split_on_spaces_outside_quotes() {
        let words = split_command(r#"halma ugi "a b" c"#).unwrap();
        assert_eq!(words, ["halma", "ugi", "a b", "c"]);
        assert!(split_command("  ").is_err());
    }
}
