//! The UGI `Engine` option: alpha-beta, MCTS, or `auto`, the default, which plays the
//! searcher measured stronger on the game (docs/search.md, "Alpha-beta or MCTS").

use halma_engine::games::Variant;
use halma_engine::Error;

/// The games on which `auto` plays MCTS: those where MCTS beat alpha-beta in the measured
/// matches by more than the 95% interval at one time control and was not behind at the
/// other (docs/search.md for the Halma boards at 1+0.05 and 10+0.1, docs/games/README.md
/// for the relatives at 50 ms a move). On halma16 the two are even at both controls. Every other game gets alpha-beta: ahead of MCTS
/// there, even with it, or not measured.
const MCTS_GAMES: [&str; 4] = ["halma8", "star-2", "diamond", "lehrma"];

/// Which searcher the `Engine` option asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// The stronger searcher for the game, from the measured table ([`MCTS_GAMES`]).
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
            EngineChoice::Auto => variant.sides() == 2 && MCTS_GAMES.contains(&variant.base_name()),
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
    fn every_table_entry_is_a_game() {
        for game in MCTS_GAMES {
            assert_eq!(Variant::parse(game).unwrap().base_name(), game);
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
