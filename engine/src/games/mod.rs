//! The games of the family, one module each, and the runtime choice among them.
//!
//! A [`Variant`] names a game as `--rules` and a position text's first field name it: a
//! Halma rule set (with its options) or one of the relatives of `RULES-relatives.md`.
//! [`with_game!`](crate::with_game) turns it into a compile-time position type once, at the
//! edge; everything below is monomorphised for that game.
//!
//! Adding a game: its module here with its registry entry ([`catalog::GameInfo`]: name,
//! summary, searcher, openings, bench positions), and one entry in
//! [`relatives!`](crate::relatives), the list [`Relative`] and `with_game!` are made from.

pub mod caeser;
pub mod carrera;
pub mod catalog;
pub mod embargo;
pub mod halma;
pub mod hexma;
pub mod knight;
pub mod legrec;
pub mod lehrma;
pub mod record;
pub mod renpaarden;
pub mod stones;
pub mod text;
pub mod topsecret;
pub mod two_side;
pub mod zug;

use crate::error::Error;
use crate::games::halma::rules::{Rules, NAMED_RULE_SETS};
use crate::weights::Weights;
use catalog::{GameInfo, PreferredSearcher};
use std::fmt;

/// The game every command and the UGI loop play when none is named.
pub const DEFAULT_GAME: &str = "halma8";

/// The relatives the engine plays, in the order of `RULES-relatives.md`: one entry each —
/// its [`Relative`] value with a line on what it is, its position type and its registry
/// entry (kept in its own module). The one list [`Relative`], [`Relative::ALL`],
/// [`Relative::info`] and [`with_game!`](crate::with_game) are made from: a new game is one
/// entry here. It hands the list, after `$($args)* ;`, to the macro `$callback`.
#[doc(hidden)]
#[macro_export]
macro_rules! relatives {
    ($callback:ident ! ($($args:tt)*)) => {
        $crate::$callback! {$($args)* ;
            /// Embargo (Solis 2006): rook slides on 9x9, walls, a yard deadline.
            Embargo = $crate::games::embargo::EmbargoPosition, $crate::games::embargo::INFO;
            /// Le Grec: seven stones a side on 4x4, single jumps over enemies.
            LeGrec = $crate::games::legrec::LeGrecPosition, $crate::games::legrec::INFO;
            /// Renpaarden (Horn 1981): knight leaps on 9x9, forced on through enemy stones.
            Renpaarden = $crate::games::renpaarden::RenpaardenPosition,
                $crate::games::renpaarden::INFO;
            /// Carrera de Caballos (Canteros 1988): eight knights a side on 10x10 less two
            /// corners.
            Carrera = $crate::games::carrera::CarreraPosition, $crate::games::carrera::INFO;
            /// Caeser (Richter c. 1900): 37 holes in a hexagon, forward steps and single jumps.
            Caeser = $crate::games::caeser::CaeserPosition, $crate::games::caeser::INFO;
            /// Le Zug (Springgay 1971): 145 dark squares of 17x17, placement, diagonal jump
            /// chains.
            Zug = $crate::games::zug::ZugPosition, $crate::games::zug::INFO;
            /// Hexma (Browne 2003): Chinese Checkers moves on the star, join the two edges.
            Hexma = $crate::games::hexma::HexmaPosition, $crate::games::hexma::INFO;
            /// Lehrma (Aikin 2020): chess-piece Halma, rook, bishops and pawns, swaps in the
            /// camp.
            Lehrma = $crate::games::lehrma::LehrmaPlain, $crate::games::lehrma::INFO;
            /// Lehrma with knights: the second setup, two pawns replaced by knights.
            LehrmaKnights = $crate::games::lehrma::LehrmaKnights,
                $crate::games::lehrma::KNIGHTS_INFO;
            /// Top Secret: 16x16, drops into the centre, then Halma moves and bearing off.
            TopSecret = $crate::games::topsecret::TopSecretPosition,
                $crate::games::topsecret::INFO;
        }
    };
}

/// Defines [`Relative`] from the list of [`relatives!`](crate::relatives): the enum, its
/// [`Relative::ALL`] and its [`Relative::info`].
#[doc(hidden)]
#[macro_export]
macro_rules! define_relatives {
    (; $($(#[$doc:meta])* $name:ident = $P:ty, $info:expr;)*) => {
        /// A relative of Halma from `RULES-relatives.md`: a game with no options.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Relative {
            $($(#[$doc])* $name,)*
        }

        impl Relative {
            /// Every relative the engine plays, in the order of `RULES-relatives.md`.
            pub const ALL: &'static [Relative] = &[$(Relative::$name),*];

            /// The game's entry in the registry of games, kept in its own module.
            pub fn info(self) -> &'static GameInfo {
                match self {
                    $(Relative::$name => &$info,)*
                }
            }
        }
    };
}

crate::relatives!(define_relatives!());

impl Relative {
    /// The rule-set name (`--rules`, the position text's first field).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// One line saying what the game is.
    pub fn summary(self) -> &'static str {
        self.info().summary
    }

    /// The relative named `name`.
    pub fn named(name: &str) -> Option<Relative> {
        Relative::ALL.iter().copied().find(|r| r.name() == name)
    }
}

/// A game: a Halma rule set with its options, or a relative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Halma or Chinese Checkers under these rules.
    Halma(Rules),
    /// One of the relatives.
    Relative(Relative),
}

impl Variant {
    /// Parses a game's text form: a relative's name, or a Halma rule set
    /// `name[:option=value,...]`. An unknown name gets an error listing every game.
    pub fn parse(text: &str) -> Result<Variant, Error> {
        let (name, options) = match text.split_once(':') {
            Some((n, o)) => (n, Some(o)),
            None => (text, None),
        };
        if let Some(relative) = Relative::named(name) {
            return match options {
                None => Ok(Variant::Relative(relative)),
                Some(o) => Err(Error::Rules(format!(
                    "{name} has no rule options (given '{o}')"
                ))),
            };
        }
        if Rules::named(name).is_err() {
            return Err(Error::Rules(format!(
                "unknown rule set '{name}' (known: {})",
                known_games()
            )));
        }
        Rules::parse(text).map(Variant::Halma)
    }

    /// The Halma rules, if this is Halma.
    pub fn halma(self) -> Option<Rules> {
        match self {
            Variant::Halma(rules) => Some(rules),
            Variant::Relative(_) => None,
        }
    }

    /// The number of sides playing.
    pub fn sides(self) -> usize {
        match self {
            Variant::Halma(rules) => rules.players,
            Variant::Relative(_) => 2,
        }
    }

    /// The base name: the Halma rule set's or the relative's.
    pub fn base_name(self) -> &'static str {
        match self {
            Variant::Halma(rules) => rules.base,
            Variant::Relative(r) => r.name(),
        }
    }

    /// The game's entry in the registry of games: a Halma rule set's is its named set's
    /// (by its base name, whatever options it is given) or its square family's.
    pub fn info(self) -> &'static GameInfo {
        match self {
            Variant::Halma(rules) => halma::catalog::NAMED
                .iter()
                .find(|i| i.name == rules.base)
                .unwrap_or(&halma::catalog::SQUARES[usize::from(rules.players == 4)]),
            Variant::Relative(r) => r.info(),
        }
    }

    /// Whether MCTS is the stronger searcher on this game (its [`GameInfo::searcher`]).
    pub fn prefers_mcts(self) -> bool {
        self.info().searcher == PreferredSearcher::Mcts
    }

    /// One game of every kind the engine plays, for tests and tools that must cover them
    /// all: every named Halma rule set, a two- and a four-sided square board, and every
    /// relative.
    pub fn samples() -> Vec<Variant> {
        NAMED_RULE_SETS
            .iter()
            .chain(&["square6", "square13-4"])
            .map(|name| Variant::Halma(Rules::named(name).expect("a named rule set")))
            .chain(Relative::ALL.iter().map(|&r| Variant::Relative(r)))
            .collect()
    }

    /// The weights this game's evaluation reads, at its defaults
    /// ([`Evaluation::default_weights`](crate::game::Evaluation::default_weights)).
    pub fn default_weights(self) -> Weights {
        let of = || -> Result<Weights, Error> {
            Ok(
                crate::with_game!(self, P, _setup => <P as crate::game::Evaluation>::default_weights()),
            )
        };
        of().unwrap_or_default()
    }

    /// An error unless this is Halma: `what` (a command or option) serves only Halma.
    pub fn require_halma(self, what: &str) -> Result<Rules, Error> {
        self.halma().ok_or_else(|| {
            Error::Rules(format!(
                "{what} serves Halma rule sets only, not {}",
                self.base_name()
            ))
        })
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Variant::Halma(rules) => rules.fmt(f),
            Variant::Relative(r) => f.write_str(r.name()),
        }
    }
}

/// Every game's registry entry: Halma's named rule sets, its square families, then the
/// relatives in the order of `RULES-relatives.md`.
pub fn all_games() -> impl Iterator<Item = &'static GameInfo> {
    halma::catalog::NAMED
        .iter()
        .chain(&halma::catalog::SQUARES)
        .chain(Relative::ALL.iter().map(|r| r.info()))
}

/// Every game's name, for messages: the registry's names in its order ([`all_games`]), the
/// square families with their range of `N`.
pub fn known_games() -> String {
    let names: Vec<&str> = all_games().map(|i| i.name).collect();
    names
        .join(", ")
        .replace("squareN-4", "squareN-4 (N = 6..16)")
}

/// Splits a position text into its game (the first field) and the rest, so that the
/// caller can choose the position type before parsing the rest with
/// [`GameRules::from_text_fields`](crate::game::GameRules::from_text_fields).
pub fn split_game_text(text: &str) -> Result<(Variant, &str), Error> {
    let text = text.trim();
    let (game, rest) = text
        .split_once(char::is_whitespace)
        .ok_or_else(|| Error::Position(format!("'{text}' has no placement after the rules")))?;
    Ok((Variant::parse(game)?, rest.trim_start()))
}

/// Runs `$body` with `$P` the position type of the game `$variant` names and `$setup` its
/// [`GameRules::Setup`](crate::game::GameRules::Setup) (built with `?`, so the enclosing function
/// returns a `Result` whose error takes an [`Error`]): the one place where the runtime game
/// becomes a compile-time type.
#[macro_export]
macro_rules! with_game {
    ($variant:expr, $P:ident, $setup:ident => $body:expr) => {
        $crate::relatives!(with_game_arms!($variant, $P, $setup, $body))
    };
}

/// [`with_game!`](crate::with_game)'s match, one arm for Halma and one for each entry of
/// [`relatives!`](crate::relatives).
#[doc(hidden)]
#[macro_export]
macro_rules! with_game_arms {
    ($variant:expr, $P:ident, $setup:ident, $body:expr;
     $($(#[$doc:meta])* $name:ident = $Rel:ty, $info:expr;)*) => {
        match $variant {
            $crate::games::Variant::Halma(rules) => $crate::with_geometry!(rules.board, G => {
                type $P = $crate::games::halma::position::Position<G>;
                let $setup = ::std::sync::Arc::new($crate::games::halma::setup::Setup::<G>::new(rules)?);
                $body
            }),
            $($crate::games::Variant::Relative($crate::games::Relative::$name) => {
                type $P = $Rel;
                let $setup = ();
                $body
            })*
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_unknown_ones_list_every_game() {
        assert_eq!(Variant::parse("halma8").unwrap().base_name(), "halma8");
        let halma10 = Variant::parse("halma10:jumps=long").unwrap();
        assert_eq!(
            halma10.to_string(),
            Rules::parse("halma10:jumps=long").unwrap().to_string()
        );
        for r in Relative::ALL {
            assert_eq!(Variant::parse(r.name()).unwrap(), Variant::Relative(*r));
            assert!(Variant::parse(&format!("{}:x=1", r.name())).is_err());
        }
        let e = Variant::parse("chess").unwrap_err().to_string();
        assert!(
            e.contains("'chess'") && e.contains("halma16") && e.contains("star-2"),
            "{e}"
        );
        for r in Relative::ALL {
            assert!(e.contains(r.name()), "{e}");
        }
    }
}

/// The registry ([`all_games`]) against the games it names.
#[cfg(test)]
mod registry_tests {
    use super::catalog::{GameInfo, PreferredSearcher};
    use super::*;

    #[test]
    fn every_entry_names_its_game_and_its_sides() {
        for info in all_games() {
            let name = info.name.replace('N', "8");
            let variant = Variant::parse(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(variant.info(), info, "{name}");
            let of_start = || -> Result<(&GameInfo, String), crate::Error> {
                Ok(crate::with_game!(variant, P, setup => {
                    let start = <P as crate::game::GameRules>::start(&setup);
                    (crate::GameRules::info(&start), crate::GameRules::rules_text(&start))
                }))
            };
            let (start_info, rules_text) = of_start().unwrap();
            assert_eq!(start_info, info, "{name}: the position's own entry");
            assert_eq!(Variant::parse(&rules_text).unwrap(), variant, "{name}");
            assert_eq!(variant.sides(), info.sides, "{name}");
            assert!(
                Variant::parse(&format!("{name}:x=1")).is_err(),
                "{name}: an unknown option is refused"
            );
            assert!(!info.summary.is_empty() && !info.summary.contains('\n'));
        }
    }

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = all_games().map(|i| i.name).collect();
        let all = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all);
    }

    #[test]
    fn bench_positions_are_positions_of_their_game() {
        let mut total = 0;
        for info in all_games() {
            for line in info.bench_positions() {
                let line = line.unwrap_or_else(|e| panic!("{}: {e}", info.name));
                let label = line.label;
                let (variant, _) =
                    split_game_text(line.text).unwrap_or_else(|e| panic!("{label}: {e}"));
                assert_eq!(variant.info().name, info.name, "{label}");
                total += 1;
            }
        }
        assert!(total > 0);
    }

    #[test]
    fn the_preferred_searcher_is_mcts_on_the_measured_games_only() {
        let mcts: Vec<&str> = all_games()
            .filter(|i| i.searcher == PreferredSearcher::Mcts)
            .map(|i| i.name)
            .collect();
        assert_eq!(mcts, ["halma8", "star-2", "diamond", "lehrma"]);
    }
}
