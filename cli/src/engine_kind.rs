//! Which searcher a command runs: `analyse --engine`, `bench --engine`, and the web page's
//! engine players and analyses.

use clap::ValueEnum;
use serde::Serialize;

/// Which searcher.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EngineKind {
    /// The alpha-beta searcher (engine/src/search/).
    Alphabeta,
    /// The Monte Carlo tree searcher (engine/src/mcts/).
    Mcts,
}

impl EngineKind {
    /// Every searcher, in the order they are listed.
    pub const ALL: [EngineKind; 2] = [EngineKind::Alphabeta, EngineKind::Mcts];

    /// The searcher's name (`alphabeta`, `mcts`).
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Alphabeta => "alphabeta",
            EngineKind::Mcts => "mcts",
        }
    }

    /// The searcher named `name` (`alphabeta`, `mcts`).
    pub fn parse(name: &str) -> Option<EngineKind> {
        EngineKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_others_do_not() {
        for kind in EngineKind::ALL {
            assert_eq!(EngineKind::parse(kind.name()), Some(kind));
            // clap's names are the same.
            let value = kind.to_possible_value().unwrap();
            assert_eq!(value.get_name(), kind.name());
        }
        assert_eq!(EngineKind::parse("MCTS"), None);
        assert_eq!(EngineKind::parse("auto"), None);
    }
}
