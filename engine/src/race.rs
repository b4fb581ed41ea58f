//! The exact race ending of the evaluation: once the armies of a two-player game have passed
//! each other and both sides have only a few pieces outside their goals, each side's fewest
//! moves to finish come from the solver ([`crate::solve::Race`], the other side's pieces
//! standing still) and the race is scored by who finishes first.
//!
//! The side to move finishes first when it needs no more moves than the other side (it moves
//! first). The answers are cached by position key in a lock-free table shared by the threads
//! of a search, so a race position is solved once per search however often it is met.

use crate::bitboard::BitBoard;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::setup::Setup;
use crate::solve::Race;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

/// Most moves the solver is asked to look for, per side.
pub const MAX_RACE_MOVES: u32 = 8;
/// Cache entries (a power of two).
const CACHE_ENTRIES: usize = 1 << 16;
/// The cached answer for "more than [`MAX_RACE_MOVES`]".
const BEYOND: u64 = 0xFF;
/// Per-side salts of the cache key (the answer depends on whose race it is).
const SIDE_SALT: [u64; 2] = [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F];

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
    /// The race solver of the game of `setup`.
    pub fn new(setup: &Setup<G>) -> Self {
        ExactRace {
            race: Arc::new(Race::new(setup)),
            cache: (0..CACHE_ENTRIES).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The race of `pos` decided exactly, if both sides have at most `max_outside` pieces
    /// outside their goals and at least one side finishes within [`MAX_RACE_MOVES`]. (The
    /// caller checks that the game is a two-player pure race.)
    pub fn result(&self, pos: &Position<G>, max_outside: u32) -> Option<RaceResult> {
        let setup = pos.setup();
        let outside = |side: usize| pos.pieces(side).without(setup.goal(side)).count();
        if outside(0) > max_outside || outside(1) > max_outside {
            return None;
        }
        let us = pos.to_move();
        let (ours, theirs) = (self.moves(pos, us), self.moves(pos, 1 - us));
        match (ours, theirs) {
            (Some(a), Some(b)) if a <= b => Some(RaceResult {
                won: true,
                margin: b - a,
            }),
            (Some(a), Some(b)) => Some(RaceResult {
                won: false,
                margin: a - b - 1,
            }),
            // The one who finishes within the limit finishes first.
            (Some(a), None) => Some(RaceResult {
                won: true,
                margin: MAX_RACE_MOVES + 1 - a,
            }),
            (None, Some(b)) => Some(RaceResult {
                won: false,
                margin: MAX_RACE_MOVES - b,
            }),
            (None, None) => None,
        }
    }

    /// `side`'s fewest moves to finish, or `None` beyond [`MAX_RACE_MOVES`]; cached.
    fn moves(&self, pos: &Position<G>, side: usize) -> Option<u32> {
        let key = pos.key() ^ SIDE_SALT[side];
        let slot = &self.cache[key as usize & (CACHE_ENTRIES - 1)];
        let entry = slot.load(Relaxed);
        if entry != 0 && entry >> 8 == key >> 8 {
            let answer = entry & 0xFF;
            return (answer != BEYOND).then_some(answer as u32);
        }
        let answer = self.race.moves(pos, side, MAX_RACE_MOVES);
        slot.store((key & !0xFF) | answer.map_or(BEYOND, u64::from), Relaxed);
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Square;
    use crate::notation::split_position_text;

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
        assert_eq!(
            exact.result(&a, 3),
            Some(RaceResult {
                won: true,
                margin: 1
            })
        );
        // Asked again: the cached answers give the same result.
        assert_eq!(
            exact.result(&a, 3),
            Some(RaceResult {
                won: true,
                margin: 1
            })
        );
        let b = race('B');
        assert_eq!(
            exact.result(&b, 3),
            Some(RaceResult {
                won: false,
                margin: 0
            })
        );
        // B one step further (a5): a tie, and the side to move wins it.
        let tie = position("halma8 4AAAA/5AAA/6AA/B7/7A/BB6/BBB5/BBBB4 B 40,40");
        assert_eq!(
            exact.result(&tie, 3),
            Some(RaceResult {
                won: true,
                margin: 0
            })
        );
    }

    #[test]
    fn too_many_pieces_outside_the_goal_is_no_exact_race() {
        let a = race('A');
        let exact = ExactRace::new(a.setup());
        assert_eq!(exact.result(&a, 0), None);
    }
}
