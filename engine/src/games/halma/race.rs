//! The exact race ending of the evaluation: once the armies of a two-player game have passed
//! each other and both sides have only a few pieces outside their goals, each side's fewest
//! moves to finish come from the solver's solitaire ([`crate::games::halma::solve`]) and the race is
//! scored by who finishes first.
//!
//! Each side is solved alone, the other army removed: in a pure race that army stands wholly
//! behind the side's rearmost piece, where no shortest route goes (it is a model, not a
//! proof — a piece could jump backward over it). Alone, a side's answer depends only on its
//! own pieces, so it is cached by their Zobrist hash in a lock-free table shared by the
//! threads of a search. (The solver's level-relaxation bound would prune far more, but its
//! table takes seconds to build: too slow for every search.)
//!
//! The side to move finishes first when it needs no more moves than the other side (it moves
//! first).
//!
//! At the root of a search the same solver gives the side to move its own shortest finish
//! ([`crate::games::halma::finish`]).

use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;
use crate::games::halma::position::Position;
use crate::games::halma::setup::Setup;
use crate::games::halma::solve::{Finish, Race};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

/// Most moves the solver is asked to look for, per side.
pub const MAX_RACE_MOVES: u32 = 8;
/// Cache entries (a power of two).
const CACHE_ENTRIES: usize = 1 << 16;
/// Solver nodes per side and position before the race is left to the heuristic: an
/// evaluation must stay cheap (about a millisecond at most).
pub const MAX_RACE_NODES: u64 = 20_000;
/// The cached answer for "more than [`MAX_RACE_MOVES`]".
const BEYOND: u64 = 0xFF;
/// The cached answer for "not found within [`MAX_RACE_NODES`]".
const UNKNOWN: u64 = 0xFE;

/// The exact race solver of one game and its answer cache.
#[derive(Clone)]
pub struct ExactRace<G: Geometry> {
    race: Arc<Race<G>>,
    cache: Arc<[AtomicU64]>,
}

impl<G: Geometry> std::fmt::Debug for ExactRace<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ExactRace")
    }
}

/// How a race that both sides' solutions decide stands, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceResult {
    /// Whether the side to move finishes first.
    pub won: bool,
    /// By how many moves: the loser's moves to finish less the winner's (the side to move
    /// winning a tie counts as 0).
    pub margin: u32,
}

impl<G: Geometry> ExactRace<G> {
    /// The race solver of the two-player game of `setup`.
    pub fn new(setup: &Setup<G>) -> Self {
        ExactRace {
            race: Arc::new(Race::new(setup)),
            cache: (0..CACHE_ENTRIES).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The race of `pos` decided exactly, if both sides have at most `max_outside` pieces
    /// outside their goals, at least one side finishes within [`MAX_RACE_MOVES`] and the
    /// solver answers within its node budget. (The caller checks that the game is a
    /// two-player pure race.)
    pub fn result(&self, pos: &Position<G>, max_outside: u32) -> Option<RaceResult> {
        let setup = pos.setup();
        let outside = |side: usize| pos.pieces(side).without(setup.goal(side)).count();
        if outside(0) > max_outside || outside(1) > max_outside {
            return None;
        }
        let us = pos.to_move();
        let (ours, theirs) = (self.moves(pos, us), self.moves(pos, 1 - us));
        match (ours, theirs) {
            (Finish::In(a), Finish::In(b)) if a <= b => Some(RaceResult {
                won: true,
                margin: b - a,
            }),
            (Finish::In(a), Finish::In(b)) => Some(RaceResult {
                won: false,
                margin: a - b - 1,
            }),
            // The one who finishes within the limit finishes first.
            (Finish::In(a), Finish::Beyond) => Some(RaceResult {
                won: true,
                margin: MAX_RACE_MOVES + 1 - a,
            }),
            (Finish::Beyond, Finish::In(b)) => Some(RaceResult {
                won: false,
                margin: MAX_RACE_MOVES - b,
            }),
            _ => None,
        }
    }

    /// `side`'s fewest moves to finish alone; cached.
    fn moves(&self, pos: &Position<G>, side: usize) -> Finish {
        // The Zobrist hash of the side's pieces alone.
        let key = pos.setup().keys().pieces(side, pos.pieces(side));
        let slot = &self.cache[key as usize & (CACHE_ENTRIES - 1)];
        let entry = slot.load(Relaxed);
        if entry != 0 && entry >> 8 == key >> 8 {
            return match entry & 0xFF {
                BEYOND => Finish::Beyond,
                UNKNOWN => Finish::Unknown,
                moves => Finish::In(moves as u32),
            };
        }
        let finish = self.race.finish(
            pos.setup(),
            side,
            pos.pieces(side),
            G::BB::EMPTY,
            MAX_RACE_MOVES,
            MAX_RACE_NODES,
        );
        let code = match finish {
            Finish::In(moves) => u64::from(moves),
            Finish::Beyond => BEYOND,
            Finish::Unknown => UNKNOWN,
        };
        slot.store((key & !0xFF) | code, Relaxed);
        finish
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Square;
    use crate::games::halma::notation::split_position_text;

    fn position(text: &str) -> Position<Square<8>> {
        let (rules, fields) = split_position_text(text).unwrap();
        Position::from_text_fields(Arc::new(Setup::new(rules).unwrap()), fields).unwrap()
    }

    /// A halma8 race: A needs one step (h4-h5), B two (a6-a5-a4).
    fn race(to_move: char) -> Position<Square<8>> {
        position(&format!(
            "halma8 4AAAA/5AAA/B5AA/8/7A/BB6/BBB5/BBBB4 {to_move} 40,40"
        ))
    }

    #[test]
    fn the_side_needing_fewer_moves_wins_and_a_tie_goes_to_the_mover() {
        let a = race('A');
        let exact = ExactRace::new(a.setup());
        let result = |won, margin| Some(RaceResult { won, margin });
        assert_eq!(exact.result(&a, 3), result(true, 1));
        // Asked again: the cached answers give the same result.
        assert_eq!(exact.result(&a, 3), result(true, 1));
        assert_eq!(exact.result(&race('B'), 3), result(false, 0));
        // B one step further (a5): a tie, and the side to move wins it.
        let tie = position("halma8 4AAAA/5AAA/6AA/B7/7A/BB6/BBB5/BBBB4 B 40,40");
        assert_eq!(exact.result(&tie, 3), result(true, 0));
    }

    #[test]
    fn too_many_pieces_outside_the_goal_is_no_exact_race() {
        let a = race('A');
        let exact = ExactRace::new(a.setup());
        assert_eq!(exact.result(&a, 0), None);
    }
}
