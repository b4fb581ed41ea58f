//! The registry of games: every fact the commands, the protocols and the tests know about a
//! game, written once beside the game as a [`GameInfo`] (its name, its one-line summary,
//! its number of sides, the searcher an engine left to choose plays, its built-in openings
//! and its bench positions).
//!
//! Halma's named rule sets and its square families have theirs in
//! [`halma::catalog`](super::halma::catalog); each relative has its `INFO` in its own
//! module. [`all_games`](super::all_games) lists them all, in the order `halma games`
//! prints them.

use crate::error::Error;
use crate::position_files::{bench_lines, content_lines, BenchLine};

/// The searcher an engine left to choose (UGI's `Engine auto`) plays on a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreferredSearcher {
    /// Alpha-beta: ahead of MCTS in the measured matches, even with it, or not measured.
    AlphaBeta,
    /// MCTS: it beat alpha-beta in the measured matches by more than the 95% interval at
    /// one time control and was not behind at the other (docs/search.md for the Halma
    /// boards, docs/games/README.md for the relatives).
    Mcts,
}

impl PreferredSearcher {
    /// The searcher's name as the engine options spell it (`alphabeta`, `mcts`).
    pub fn name(self) -> &'static str {
        match self {
            PreferredSearcher::AlphaBeta => "alphabeta",
            PreferredSearcher::Mcts => "mcts",
        }
    }
}

/// What is known about one game, kept beside the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The rule-set name (`--rules`, the position text's first field); a family of square
    /// boards is written with its `N` (`squareN`).
    pub name: &'static str,
    /// One line saying what the game is.
    pub summary: &'static str,
    /// The number of sides playing.
    pub sides: usize,
    /// Whether the game takes rule options (`name:option=value,...`).
    pub has_options: bool,
    /// The searcher an engine left to choose plays.
    pub searcher: PreferredSearcher,
    /// The built-in openings (`positions/openings/<name>.txt`: one opening a line, `#`
    /// comments), the default of a tournament; empty when the game has none.
    pub openings: &'static str,
    /// The bench positions (`positions/bench/<name>.txt`: lines `label ; position text`),
    /// part of `halma bench`'s default suite; empty when the game has none.
    pub bench: &'static str,
}

impl GameInfo {
    /// A game's facts with no openings, no bench positions and no options, played by
    /// alpha-beta when the engine chooses: the start of every entry.
    pub const fn plain(name: &'static str, summary: &'static str, sides: usize) -> GameInfo {
        GameInfo {
            name,
            summary,
            sides,
            has_options: false,
            searcher: PreferredSearcher::AlphaBeta,
            openings: "",
            bench: "",
        }
    }

    /// The number of openings in [`GameInfo::openings`] (lines that are neither empty nor
    /// comments).
    pub fn opening_count(&self) -> usize {
        content_lines(self.openings).count()
    }

    /// The bench positions, in order, as [`bench_lines`] reads them (the registry's tests
    /// check that every line of every game reads and holds a position of its game).
    pub fn bench_positions(&self) -> impl Iterator<Item = Result<BenchLine<'static>, Error>> {
        bench_lines(self.bench)
    }
}

/// A relative's registry entry: two sides, no options, alpha-beta when the engine chooses,
/// and the files named after the game, `positions/openings/<name>.txt` and
/// `positions/bench/<name>.txt`, built in.
macro_rules! relative_info {
    ($name:literal, $summary:literal) => {
        $crate::games::catalog::GameInfo {
            openings: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../positions/openings/",
                $name,
                ".txt"
            )),
            bench: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../positions/bench/",
                $name,
                ".txt"
            )),
            ..$crate::games::catalog::GameInfo::plain($name, $summary, 2)
        }
    };
}
pub(crate) use relative_info;
