//! The position: both sides' men as `u64` sets over the padded layout, and the shared
//! bookkeeping ([`Record`]: side to move, move counts, passes, key, status, history).

use super::board::{self, Holes, GOAL, HOLES, KEYS, MEN};
use super::movegen;
use crate::error::Error;
use crate::games::record::{Census, Record};
use crate::moves::Move;

/// A position of Caeser (RULES-relatives.md §7): A (side 0) starts on the holes with
/// rank < file and moves toward rank > file, B the other way.
#[derive(Clone, Debug)]
pub struct CaeserPosition {
    men: [Holes; 2],
    record: Record,
}

/// What the pieces must be: 17 men a side on the holes.
const CENSUS: Census = Census {
    game: "Caeser",
    piece: "man",
    pieces: "men",
    cell: "hole",
    board: "the 37 holes of the hexagon",
    each: MEN,
};

/// The key of an arrangement and side to move, from scratch.
pub fn key_of(men: [Holes; 2], to_move: usize) -> u64 {
    KEYS.arrangement(men.map(board::cells_of), to_move)
}

impl CaeserPosition {
    /// The start: A on the 17 holes with rank < file, B on those with rank > file, the
    /// middle row `c3 d4 e5` empty, A to move.
    pub fn start() -> Self {
        Self::from_parts(board::START, 0, [0, 0], 0).expect("the start is valid")
    }

    /// A position from its parts, checked: 17 men a side, all on holes, no hole taken
    /// twice, a side to move that exists, at most two passes
    /// in a row (two: the game ended by both sides passing). Its status is
    /// that after the other side's move (as if it had just moved here); its history is empty
    /// (this arrangement's first occurrence).
    pub fn from_parts(
        men: [Holes; 2],
        to_move: usize,
        move_counts: [u64; 2],
        passes: u8,
    ) -> Result<Self, Error> {
        CENSUS.check(
            men.map(u64::count_ones),
            men.map(|s| s & !HOLES != 0),
            men[0] & men[1] != 0,
        )?;
        let key = key_of(men, to_move.min(1));
        let record = Record::new(2, to_move, move_counts, passes, key)?;
        let mut pos = CaeserPosition { men, record };
        pos.record.settle_won(pos.has_won(1 - to_move));
        Ok(pos)
    }

    /// Whether all of `side`'s men stand in its goal (the opponent's start holes).
    #[inline(always)]
    fn has_won(&self, side: usize) -> bool {
        self.men[side] & !GOAL[side] == 0
    }

    /// The men of `side`.
    #[inline(always)]
    pub fn men(&self, side: usize) -> Holes {
        self.men[side]
    }

    /// Every occupied hole.
    #[inline(always)]
    pub fn occupied(&self) -> Holes {
        self.men[0] | self.men[1]
    }

    crate::turns::turn_accessors!(record);

    /// The side whose man stands on `cell` (`None` for an empty hole or no hole).
    #[inline(always)]
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        if cell >= board::CELLS {
            return None;
        }
        (0..2).find(|&s| self.men[s] >> cell & 1 != 0)
    }

    /// The key computed from scratch (the incremental key always equals it).
    pub fn compute_key(&self) -> u64 {
        key_of(self.men, self.to_move())
    }

    /// Calls `emit` with every move of the side to move, the pass excluded, whatever the
    /// status.
    #[inline(always)]
    pub fn generate(&self, mut emit: impl FnMut(Move)) {
        let s = self.to_move();
        movegen::for_each_move(s, self.men[s], self.men[1 - s], |from, to| {
            emit(Move::new(from, to))
        });
    }

    /// The number of moves of the side to move, the pass not counted.
    #[inline(always)]
    pub fn count_moves(&self) -> u32 {
        let s = self.to_move();
        movegen::count_moves(s, self.men[s], self.men[1 - s])
    }

    /// Plays `mv`, a legal move or the pass.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let side = self.to_move();
        let mut change = 0;
        if !mv.is_pass() {
            self.men[side] ^= (1 << mv.from()) | (1 << mv.to());
            change = KEYS.piece(side, mv.from()) ^ KEYS.piece(side, mv.to());
        }
        self.record.play(mv, change ^ KEYS.turn(0) ^ KEYS.turn(1));
        self.record.settle_won(self.has_won(side));
    }

    /// Takes back the last [`CaeserPosition::make`]; nothing if no move was made.
    #[inline]
    pub fn unmake(&mut self) {
        if let Some(mv) = self.record.take_back() {
            if !mv.is_pass() {
                self.men[self.to_move()] ^= (1 << mv.from()) | (1 << mv.to());
            }
        }
    }
}
