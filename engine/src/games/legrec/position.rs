//! The position: both sides' stones as `u16` sets, the side to move, the move counts, the
//! passes in a row, the Zobrist key, the status and the undo history (whose keys give the
//! third-repetition draw).

use super::board::{self, goal, piece_key, turn_key, STONES};
use super::movegen;
use crate::error::Error;
use crate::game::{side_letter, Status};
use crate::moves::Move;

/// What [`LeGrecPosition::unmake`] restores.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    key: u64,
    status: Status,
    passes: u8,
}

/// A position of Le Grec (RULES-relatives.md §3): A (side 0) moves up the board from ranks
/// 1–2, B (side 1) down from ranks 3–4.
#[derive(Clone, Debug)]
pub struct LeGrecPosition {
    stones: [u16; 2],
    to_move: usize,
    move_counts: [u64; 2],
    passes: u8,
    key: u64,
    status: Status,
    history: Vec<Undo>,
}

impl LeGrecPosition {
    /// The start: A on `a1 b1 c1 d1 a2 b2 c2`, B on `a4 b4 c4 d4 b3 c3 d3`, A to move.
    pub fn start() -> Self {
        Self::from_parts(board::START, 0, [0, 0], 0).expect("the start is valid")
    }

    /// A position from its parts, checked: seven stones a side, no cell taken twice, a side
    /// to move that exists, fewer than two passes in a row. Its status is that after the
    /// other side's move (as if it had just moved here); its history is empty (this
    /// placement's first occurrence).
    pub fn from_parts(
        stones: [u16; 2],
        to_move: usize,
        move_counts: [u64; 2],
        passes: u8,
    ) -> Result<Self, Error> {
        let bad = |t: String| Err(Error::Position(t));
        if to_move > 1 {
            return bad(format!(
                "side {} to move, but Le Grec has two sides",
                side_letter(to_move)
            ));
        }
        if passes > 1 {
            return bad(format!(
                "{passes} passes in a row would already have ended the game"
            ));
        }
        for (side, s) in stones.iter().enumerate() {
            if s.count_ones() != STONES {
                return bad(format!(
                    "side {} has {} stones, Le Grec gives each side {STONES}",
                    side_letter(side),
                    s.count_ones()
                ));
            }
        }
        if stones[0] & stones[1] != 0 {
            return bad("two stones on one cell".into());
        }
        let mut pos = LeGrecPosition {
            stones,
            to_move,
            move_counts,
            passes,
            key: 0,
            status: Status::Ongoing,
            history: Vec::with_capacity(64),
        };
        pos.key = pos.compute_key();
        pos.status = pos.status_after_move_of(1 - to_move);
        Ok(pos)
    }

    /// The stones of `side`.
    #[inline(always)]
    pub fn stones(&self, side: usize) -> u16 {
        self.stones[side]
    }

    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> u16 {
        self.stones[0] | self.stones[1]
    }

    /// The side to move (0 = A).
    #[inline(always)]
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Moves `side` has made (passes included).
    #[inline(always)]
    pub fn move_count(&self, side: usize) -> u64 {
        self.move_counts[side]
    }

    /// Passes played in a row just before this position (0 or 1).
    #[inline(always)]
    pub fn passes_in_row(&self) -> u8 {
        self.passes
    }

    /// The Zobrist key of the arrangement and the side to move.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The game's state after the last move.
    #[inline(always)]
    pub fn status(&self) -> Status {
        self.status
    }

    /// The moves made on this position object, oldest first.
    pub fn history(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// The side whose stone stands on `cell`.
    #[inline(always)]
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        let bit = 1u16.checked_shl(cell as u32).filter(|_| cell < 16)?;
        (0..2).find(|&s| self.stones[s] & bit != 0)
    }

    /// The key computed from scratch (the incremental key always equals it).
    pub fn compute_key(&self) -> u64 {
        let mut key = turn_key(self.to_move);
        for side in 0..2 {
            for c in board::cells_of(self.stones[side]) {
                key ^= piece_key(side, c);
            }
        }
        key
    }

    /// Calls `emit` with every move of the side to move, the pass excluded, whatever the
    /// status.
    #[inline(always)]
    pub fn generate(&self, mut emit: impl FnMut(Move)) {
        let s = self.to_move;
        movegen::for_each_move(s, self.stones[s], self.stones[1 - s], |from, to| {
            emit(Move::new(from, to))
        });
    }

    /// Plays `mv`, a legal move or the pass.
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
            self.stones[side] ^= (1 << mv.from()) | (1 << mv.to());
            self.key ^= piece_key(side, mv.from()) ^ piece_key(side, mv.to());
            self.passes = 0;
        }
        self.key ^= turn_key(side) ^ turn_key(1 - side);
        self.to_move = 1 - side;
        self.move_counts[side] = self.move_counts[side].wrapping_add(1);
        self.status = self.status_after_move_of(side);
    }

    /// Takes back the last [`LeGrecPosition::make`]. Panics if there is none.
    #[inline]
    pub fn unmake(&mut self) {
        let undo = self.history.pop().expect("unmake without a move");
        let side = 1 - self.to_move;
        if !undo.mv.is_pass() {
            self.stones[side] ^= (1 << undo.mv.from()) | (1 << undo.mv.to());
        }
        self.to_move = side;
        self.move_counts[side] = self.move_counts[side].wrapping_sub(1);
        self.key = undo.key;
        self.status = undo.status;
        self.passes = undo.passes;
    }

    /// The status after `mover` moved here, tested in the conventions' order: the mover
    /// wins; two passes in a row; third occurrence of arrangement and side to move.
    fn status_after_move_of(&self, mover: usize) -> Status {
        if self.stones[mover] & !goal(mover) == 0 {
            Status::Won(mover)
        } else if self.passes >= 2 {
            Status::DrawByPasses
        } else if self.occurrences() >= 3 {
            Status::DrawByRepetition
        } else {
            Status::Ongoing
        }
    }

    /// How often this arrangement with this side to move occurred in this object's
    /// history, the present included (only every second entry has the same side to move).
    fn occurrences(&self) -> usize {
        let n = self.history.len();
        1 + (2..=n)
            .step_by(2)
            .filter(|&back| self.history[n - back].key == self.key)
            .count()
    }
}
