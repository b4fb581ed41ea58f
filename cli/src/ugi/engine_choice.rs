//! The UGI `Engine` option: alpha-beta, MCTS, or `auto`, the default, which plays the
//! searcher measured stronger on the game (docs/search.md, "Alpha-beta or MCTS").

use halma_engine::games::Variant;
use halma_engine::Error;

/// Which searcher the `Engine` option asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// The stronger searcher for the game, from the engine's measured table
    /// ([`Variant::prefers_mcts`]).
    #[default]
    Auto,
    /// The alpha-beta searcher.
    AlphaBeta,
    /// The Monte Carlo tree searcher.
    Mcts,
}

impl EngineChoice {
    /// The option's values, the default first.
    pub const NAMES: [&str; 3] = ["auto", "alphabeta", "mcts"];

    /// Reads an option value, in any case (`MCTS`).
    pub fn parse(value: &str) -> Result<EngineChoice, Error> {
        match value.to_ascii_lowercase().as_str() {
            "auto" => Ok(EngineChoice::Auto),
            "alphabeta" => Ok(EngineChoice::AlphaBeta),
            "mcts" => Ok(EngineChoice::Mcts),
            _ => Err(Error::Argument(format!(
                "Engine '{value}': {}",
                EngineChoice::NAMES.join(", ")
            ))),
        }
    }

    /// Whether this choice plays MCTS on `variant` (a Halma rule set is known by its base
    /// name and its number of sides, whatever other options it is given).
    pub fn plays_mcts(self, variant: Variant) -> bool {
        match self {
            EngineChoice::Auto => variant.prefers_mcts(),
            EngineChoice::AlphaBeta => false,
            EngineChoice::Mcts => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_follows_the_table_and_the_others_do_not() {
        for (game, auto_mcts) in [
            ("halma8", true),
            ("halma10", false),
            ("halma16", false),
            ("halma16:camp-exit=free", false),
            ("diamond:camp-exit=free", true),
            ("halma16-4", false),
            ("star-2", true),
            ("star-3", false),
            ("diamond", true),
            ("embargo", false),
            ("lehrma", true),
            ("lehrma-knights", false),
        ] {
            let variant = Variant::parse(game).unwrap();
            assert_eq!(EngineChoice::Auto.plays_mcts(variant), auto_mcts, "{game}");
            assert!(EngineChoice::Mcts.plays_mcts(variant), "{game}");
            assert!(!EngineChoice::AlphaBeta.plays_mcts(variant), "{game}");
        }
    }

    #[test]
    fn values_parse_and_others_are_refused() {
        for name in EngineChoice::NAMES {
            assert!(EngineChoice::parse(name).is_ok());
        }
        // Any case, as GUIs send option values.
        assert_eq!(EngineChoice::parse("MCTS").unwrap(), EngineChoice::Mcts);
        assert_eq!(EngineChoice::parse("Auto").unwrap(), EngineChoice::Auto);
        for bad in ["", "alpha-beta", "mcts ", "random"] {
            let err = EngineChoice::parse(bad).unwrap_err().to_string();
            assert!(err.contains("auto, alphabeta, mcts"), "{bad}: {err}");
        }
    }
}
