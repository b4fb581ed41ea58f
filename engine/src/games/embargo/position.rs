//! The Embargo position: the two sides' stones, side to move, move counts, passes in a row,
//! Zobrist key, status, and the undo stack (which is also the repetition history).

use super::board::{bit, Cells, BOARD, YARDS};
use super::keys::{key_of, KEYS};
use super::movegen::Slides;
use crate::error::Error;
use crate::game::{side_letter, Status};
use crate::games::record::too_many_passes;
use crate::moves::Move;

/// Stones per side.
pub const STONES: u32 = 6;
/// The yard deadline: a side that completes this many moves or more with a stone in its own
/// yard loses.
pub const DEADLINE: u64 = 25;

/// What [`EmbargoPosition::unmake`] restores.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    key: u64,
    status: Status,
    passes: u8,
}

/// A position of two-player Embargo (RULES-relatives.md, section 1).
#[derive(Clone, Debug)]
pub struct EmbargoPosition {
    stones: [u128; 2],
    to_move: usize,
    counts: [u64; 2],
    passes: u8,
    key: u64,
    status: Status,
    history: Vec<Undo>,
}

impl EmbargoPosition {
    /// The start: each side's six stones on its yard, A to move.
    pub fn start() -> EmbargoPosition {
        EmbargoPosition::from_parts(YARDS, 0, [0, 0], 0).expect("the start is valid")
    }

    /// A position from its parts, checked: stones on the board, none on a cell twice, six a
    /// side, at most two passes in a row (two: the game ended by both sides passing). The
    /// status is the one after the other side's move into it; the history is empty (the position is the first occurrence).
    pub fn from_parts(
        stones: [u128; 2],
        to_move: usize,
        counts: [u64; 2],
        passes: u8,
    ) -> Result<EmbargoPosition, Error> {
        let bad = |t: String| Err(Error::Position(t));
        if to_move >= 2 {
            return bad(format!(
                "side {} to move in a two-side game",
                side_letter(to_move)
            ));
        }
        if passes > 2 {
            return bad(too_many_passes(passes, 2));
        }
        for (side, &set) in stones.iter().enumerate() {
            if set & !BOARD != 0 {
                return bad(format!(
                    "side {} has stones off the board",
                    side_letter(side)
                ));
            }
            if set.count_ones() != STONES {
                return bad(format!(
                    "side {} has {} stones, Embargo gives each side {STONES}",
                    side_letter(side),
                    set.count_ones()
                ));
            }
        }
        if stones[0] & stones[1] != 0 {
            return bad("two stones on one cell".into());
        }
        let mut pos = EmbargoPosition {
            stones,
            to_move,
            counts,
            passes,
            key: key_of(stones, to_move),
            status: Status::Ongoing,
            history: Vec::with_capacity(128),
        };
        pos.status = pos.status_after_move_of(1 - to_move);
        Ok(pos)
    }

    /// The stones of `side`.
    #[inline(always)]
    pub fn stones(&self, side: usize) -> u128 {
        self.stones[side]
    }

    /// The stones of both sides, by side.
    #[inline(always)]
    pub fn all_stones(&self) -> [u128; 2] {
        self.stones
    }

    /// The side to move.
    #[inline(always)]
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Moves completed by `side`, passes included.
    #[inline(always)]
    pub fn move_count(&self, side: usize) -> u64 {
        self.counts[side]
    }

    /// Passes played in a row just before this position.
    #[inline(always)]
    pub fn passes_in_row(&self) -> u8 {
        self.passes
    }

    /// The Zobrist key of the arrangement and side to move (maintained incrementally).
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key from scratch (the incremental key always equals it).
    pub fn compute_key(&self) -> u64 {
        key_of(self.stones, self.to_move)
    }

    /// [`EmbargoPosition::key`] plus what else decides the value: for each side that still
    /// has a stone in its yard, its move count up to the deadline (beyond it only "reached"
    /// matters), and the passes in a row.
    #[inline(always)]
    pub fn search_key(&self) -> u64 {
        let mut extra = u64::from(self.passes);
        for ((&stones, &yard), &count) in self.stones.iter().zip(&YARDS).zip(&self.counts) {
            let count = if stones & yard != 0 {
                count.min(DEADLINE) + 1
            } else {
                0
            };
            extra = (extra << 8) | count;
        }
        if extra == 0 {
            self.key
        } else {
            self.key ^ extra.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
        }
    }

    /// The status after the last move.
    #[inline(always)]
    pub fn status(&self) -> Status {
        self.status
    }

    /// The moves made on this position object, oldest first.
    pub fn history(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// The side with a stone on `cell`.
    #[inline(always)]
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        if cell >= 128 {
            return None;
        }
        (0..2).find(|&s| self.stones[s] & bit(cell) != 0)
    }

    /// The slides of the side to move.
    #[inline(always)]
    pub fn slides(&self) -> Slides {
        Slides::new(self.stones, self.to_move)
    }

    /// Plays `mv`, a legal slide or the pass.
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
            self.stones[side] ^= bit(mv.from()) | bit(mv.to());
            self.key ^= KEYS.stone[side][mv.from()] ^ KEYS.stone[side][mv.to()];
            self.passes = 0;
        }
        self.key ^= KEYS.turn[0] ^ KEYS.turn[1];
        self.to_move = 1 - side;
        self.counts[side] = self.counts[side].wrapping_add(1);
        self.status = self.status_after_move_of(side);
    }

    /// Takes back the last move. Panics if there is none.
    #[inline]
    pub fn unmake(&mut self) {
        let undo = self.history.pop().expect("unmake without a move");
        let side = 1 - self.to_move;
        if !undo.mv.is_pass() {
            self.stones[side] ^= bit(undo.mv.from()) | bit(undo.mv.to());
        }
        self.to_move = side;
        self.counts[side] = self.counts[side].wrapping_sub(1);
        self.key = undo.key;
        self.status = undo.status;
        self.passes = undo.passes;
    }

    /// The status after `mover` moved into this position, in the conventions' order: the
    /// mover wins (all its stones on the opponent's yard); the mover loses by the deadline
    /// (25 or more moves completed with a stone in its own yard); two passes in a row; the
    /// third occurrence of the arrangement with the same side to move.
    fn status_after_move_of(&self, mover: usize) -> Status {
        let own = self.stones[mover];
        if own == YARDS[1 - mover] {
            Status::Won(mover)
        } else if self.counts[mover] >= DEADLINE && own & YARDS[mover] != 0 {
            Status::LostByDeadline(mover)
        } else if self.passes >= 2 {
            Status::DrawByPasses
        } else if self.occurrences() >= 3 {
            Status::DrawByRepetition
        } else {
            Status::Ongoing
        }
    }

    /// How often the present arrangement and side to move occurred on this object, the
    /// present included (only every second earlier entry can have the same side to move).
    fn occurrences(&self) -> usize {
        let n = self.history.len();
        1 + (2..=n)
            .step_by(2)
            .filter(|&back| self.history[n - back].key == self.key)
            .count()
    }

    /// Calls `emit` with every legal slide of the side to move (none once the game is over).
    #[inline(always)]
    pub fn for_each_move(&self, mut emit: impl FnMut(Move)) {
        if self.status.is_over() {
            return;
        }
        self.slides().for_each(|from, targets| {
            for to in Cells(targets) {
                emit(Move::new(from, to));
            }
        });
    }

    /// The number of legal moves: a forced pass counts one, a finished game has none.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        if self.status.is_over() {
            0
        } else {
            self.slides().count().max(1)
        }
    }

    /// Whether `mv` (a slide or the pass) is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        if self.status.is_over() {
            return false;
        }
        let slides = self.slides();
        if mv.is_pass() {
            return slides.count() == 0;
        }
        mv.from() < 128
            && mv.to() < 128
            && slides.stones() & bit(mv.from()) != 0
            && slides.targets(mv.from()) & bit(mv.to()) != 0
    }
}
