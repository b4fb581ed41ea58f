//! The Embargo position: the two sides' stones and the turn kernel ([`Turns`]: side to
//! move, move counts, passes in a row, Zobrist key, status, the undo and repetition history).

use super::board::{bit, cells_of, BOARD, YARDS};
use super::keys::{key_of, KEYS};
use super::movegen::Slides;
use crate::error::Error;
use crate::game::{side_letter, Status};
use crate::moves::Move;
use crate::turns::Turns;

/// Stones per side.
pub const STONES: u32 = 6;
/// The yard deadline: a side that completes this many moves or more with a stone in its own
/// yard loses.
pub const DEADLINE: u64 = 25;

/// A position of two-player Embargo (RULES-relatives.md, section 1).
#[derive(Clone, Debug)]
pub struct EmbargoPosition {
    stones: [u128; 2],
    turns: Turns<2>,
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
        let key = key_of(stones, to_move.min(1));
        let mut pos = EmbargoPosition {
            stones,
            turns: Turns::new(2, to_move, counts, passes, key)?,
        };
        pos.settle();
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

    crate::turns::turn_accessors!(turns);

    /// The key from scratch (the incremental key always equals it).
    pub fn compute_key(&self) -> u64 {
        key_of(self.stones, self.to_move())
    }

    /// [`EmbargoPosition::key`] plus what else decides the value: for each side that still
    /// has a stone in its yard, its move count up to the deadline (beyond it only "reached"
    /// matters), and the passes in a row.
    #[inline(always)]
    pub fn search_key(&self) -> u64 {
        let mut extra = u64::from(self.passes_in_row());
        let counts = self.turns.move_counts();
        for ((&stones, &yard), &count) in self.stones.iter().zip(&YARDS).zip(&counts) {
            let count = if stones & yard != 0 {
                count.min(DEADLINE) + 1
            } else {
                0
            };
            extra = (extra << 8) | count;
        }
        if extra == 0 {
            self.key()
        } else {
            self.key() ^ extra.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
        }
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
        Slides::new(self.stones, self.to_move())
    }

    /// Plays `mv`, a legal slide or the pass.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let side = self.to_move();
        let mut change = KEYS.turn(0) ^ KEYS.turn(1);
        if !mv.is_pass() {
            self.stones[side] ^= bit(mv.from()) | bit(mv.to());
            change ^= KEYS.piece(side, mv.from()) ^ KEYS.piece(side, mv.to());
        }
        self.turns.play(mv, change);
        self.settle();
    }

    /// Takes back the last move; nothing if no move was made.
    #[inline]
    pub fn unmake(&mut self) {
        if let Some(mv) = self.turns.take_back() {
            if !mv.is_pass() {
                self.stones[self.to_move()] ^= bit(mv.from()) | bit(mv.to());
            }
        }
    }

    /// Sets the status after the last mover's move into this position, in the conventions'
    /// order: the mover wins (all its stones on the opponent's yard); the mover loses by the
    /// deadline (25 or more moves completed with a stone in its own yard); then the kernel's
    /// draws (two passes in a row, the third occurrence of the arrangement with the same side
    /// to move).
    #[inline(always)]
    fn settle(&mut self) {
        let mover = self.turns.last_mover();
        let own = self.stones[mover];
        let decided = if own == YARDS[1 - mover] {
            Some(Status::Won(mover))
        } else if self.move_count(mover) >= DEADLINE && own & YARDS[mover] != 0 {
            Some(Status::LostByDeadline(mover))
        } else {
            None
        };
        self.turns.settle(decided, true);
    }

    /// Calls `emit` with every legal slide of the side to move (none once the game is over).
    #[inline(always)]
    pub fn for_each_move(&self, mut emit: impl FnMut(Move)) {
        if self.status().is_over() {
            return;
        }
        self.slides().for_each(|from, targets| {
            for to in cells_of(targets) {
                emit(Move::new(from, to));
            }
        });
    }

    /// The number of legal moves: a forced pass counts one, a finished game has none.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        if self.status().is_over() {
            0
        } else {
            self.slides().count().max(1)
        }
    }

    /// Whether `mv` (a slide or the pass) is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        if self.status().is_over() {
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
