//! The position: both sides' stones, the side to move, move counts, passes in a row, the
//! Zobrist key, the undo stack (with the keys for the repetition draw) and the status.

use super::board::{Cells, BOARD, CELLS, GOAL, START, STONES};
use super::movegen::Closure;
use crate::error::Error;
use crate::game::{side_letter, Status};
use crate::moves::Move;
use crate::zobrist::splitmix64;

/// The Zobrist keys: one per (side, cell) and one per side to move.
struct Keys {
    stone: [[u64; CELLS]; 2],
    turn: [u64; 2],
}

/// Draws the keys from a fixed seed ("RENPAARD"), so keys are the same on every run.
const fn keys() -> Keys {
    let mut state = 0x5245_4e50_4141_5244;
    let mut keys = Keys {
        stone: [[0; CELLS]; 2],
        turn: [0; 2],
    };
    let mut side = 0;
    while side < 2 {
        let (s, k) = splitmix64(state);
        state = s;
        keys.turn[side] = k;
        let mut cell = 0;
        while cell < CELLS {
            let (s, k) = splitmix64(state);
            state = s;
            keys.stone[side][cell] = k;
            cell += 1;
        }
        side += 1;
    }
    keys
}

/// The key tables, built at compile time.
static KEYS: Keys = keys();

/// What [`RenpaardenPosition::unmake`] restores.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    key: u64,
    status: Status,
    passes: u8,
}

/// A Renpaarden position (rules: `docs/games/renpaarden.md`): side 0 is A (ranks 1–2 at the
/// start), side 1 is B (ranks 8–9).
#[derive(Clone, Debug)]
pub struct RenpaardenPosition {
    stones: [Cells; 2],
    to_move: usize,
    move_counts: [u64; 2],
    passes: u8,
    key: u64,
    status: Status,
    history: Vec<Undo>,
}

impl RenpaardenPosition {
    /// The start position: A on ranks 1–2, B on ranks 8–9, A to move.
    pub fn start_position() -> Self {
        Self::from_parts(START, 0, [0; 2], 0).expect("the start is valid")
    }

    /// A position from its parts, checked: 18 stones a side on distinct cells, fewer than
    /// two passes in a row. Its status is that after the previous side's move into it.
    pub fn from_parts(
        stones: [Cells; 2],
        to_move: usize,
        move_counts: [u64; 2],
        passes: u8,
    ) -> Result<Self, Error> {
        let bad = |t: String| Err(Error::Position(t));
        if to_move >= 2 {
            return bad(format!(
                "side {} to move, but there are 2 sides",
                side_letter(to_move)
            ));
        }
        if passes >= 2 {
            return bad(format!(
                "{passes} passes in a row would already have ended the game"
            ));
        }
        if stones[0] & stones[1] != 0 {
            return bad("two stones on one cell".into());
        }
        for (side, &set) in stones.iter().enumerate() {
            if set & !BOARD != 0 {
                return bad(format!(
                    "side {} has stones off the board",
                    side_letter(side)
                ));
            }
            if set.count_ones() as usize != STONES {
                return bad(format!(
                    "side {} has {} stones, the rules give each side {STONES}",
                    side_letter(side),
                    set.count_ones()
                ));
            }
        }
        let mut pos = RenpaardenPosition {
            stones,
            to_move,
            move_counts,
            passes,
            key: 0,
            status: Status::Ongoing,
            history: Vec::with_capacity(256),
        };
        pos.key = pos.compute_key();
        pos.status = pos.status_after_move_of(1 - to_move);
        Ok(pos)
    }

    /// The stones of `side`.
    #[inline(always)]
    pub fn stones(&self, side: usize) -> Cells {
        self.stones[side]
    }

    /// Passes played in a row just before this position.
    #[inline(always)]
    pub fn passes_in_row(&self) -> u8 {
        self.passes
    }

    /// The side to move (0 = A).
    #[inline(always)]
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Moves `side` has made, passes included.
    #[inline(always)]
    pub fn move_count(&self, side: usize) -> u64 {
        self.move_counts[side]
    }

    /// The status after the last move.
    #[inline(always)]
    pub fn status(&self) -> Status {
        self.status
    }

    /// The Zobrist key of the arrangement and the side to move, maintained incrementally.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The moves made on this position object, oldest first.
    pub fn history(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// The side whose stone stands on `cell`.
    #[inline(always)]
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        (0..2).find(|&s| self.stones[s] >> cell & 1 != 0)
    }

    /// The Zobrist key computed from scratch (the incremental one always equals it).
    pub fn compute_key(&self) -> u64 {
        let mut key = KEYS.turn[self.to_move];
        for side in 0..2 {
            for cell in super::board::cells_of(self.stones[side]) {
                key ^= KEYS.stone[side][cell];
            }
        }
        key
    }

    /// The leap closure of the side to move (the enemy's components and their exits).
    #[inline(always)]
    pub fn closure(&self) -> Closure {
        let side = self.to_move;
        Closure::new(self.stones[side], self.stones[1 - side])
    }

    /// Calls `emit(from, destinations)` for each stone of the side to move with a move
    /// (nothing when the game is over).
    #[inline(always)]
    pub fn generate(&self, emit: impl FnMut(usize, Cells)) {
        if self.status.is_over() {
            return;
        }
        self.closure().for_each(self.stones[self.to_move], emit);
    }

    /// The number of moves of the side to move, the pass excluded (0 when the game is over).
    #[inline]
    pub fn count_moves(&self) -> u64 {
        if self.status.is_over() {
            return 0;
        }
        self.closure().count(self.stones[self.to_move])
    }

    /// Plays `mv`: a legal move of the side to move, or the pass.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let side = self.to_move;
        self.history.push(Undo {
            mv,
            key: self.key,
            status: self.status,
            passes: self.passes,
        });
        if mv.is_pass() {
            self.passes += 1;
        } else {
            self.stones[side] ^= 1 << mv.from() | 1 << mv.to();
            self.key ^= KEYS.stone[side][mv.from()] ^ KEYS.stone[side][mv.to()];
            self.passes = 0;
        }
        self.key ^= KEYS.turn[0] ^ KEYS.turn[1];
        self.to_move = 1 - side;
        self.move_counts[side] = self.move_counts[side].wrapping_add(1);
        self.status = self.status_after_move_of(side);
    }

    /// Takes back the last move played. Panics if there is none.
    #[inline]
    pub fn unmake(&mut self) {
        let undo = self.history.pop().expect("unmake without a move");
        let side = 1 - self.to_move;
        if !undo.mv.is_pass() {
            self.stones[side] ^= 1 << undo.mv.from() | 1 << undo.mv.to();
        }
        self.to_move = side;
        self.move_counts[side] = self.move_counts[side].wrapping_sub(1);
        self.key = undo.key;
        self.status = undo.status;
        self.passes = undo.passes;
    }

    /// The status after `mover` moved into this position, tested in the order of the
    /// conventions: the mover wins (all its stones on the opponent's start cells); no
    /// deadline in this game; two passes in a row; third occurrence of the arrangement with
    /// the same side to move.
    fn status_after_move_of(&self, mover: usize) -> Status {
        if self.stones[mover] == GOAL[mover] {
            Status::Won(mover)
        } else if self.passes >= 2 {
            Status::DrawByPasses
        } else if self.occurrences() >= 3 {
            Status::DrawByRepetition
        } else {
            Status::Ongoing
        }
    }

    /// How often the arrangement and side to move occurred on this position object,
    /// counting the present: the history holds the key before each move, and only every
    /// second earlier key can have the same side to move.
    fn occurrences(&self) -> usize {
        let n = self.history.len();
        1 + (2..=n)
            .step_by(2)
            .filter(|&back| self.history[n - back].key == self.key)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_play_keeps_the_key() {
        let mut all: Vec<u64> = KEYS.stone.iter().flatten().copied().collect();
        all.extend(KEYS.turn);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 2 * CELLS + 2);
        let mut pos = RenpaardenPosition::start_position();
        let start_key = pos.key();
        pos.make(Move::new(1, 18 + 2));
        assert_eq!(pos.key(), pos.compute_key());
        pos.unmake();
        assert_eq!(pos.key(), start_key);
    }
}
