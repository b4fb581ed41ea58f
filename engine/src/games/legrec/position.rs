//! The position: both sides' stones as `u16` sets, and the shared bookkeeping ([`Record`]:
//! the side to move, the move counts, the passes in a row, the Zobrist key, the status and
//! the undo history whose keys give the third-repetition draw).

use super::board::{self, goal, piece_key, turn_key, STONES};
use super::movegen;
use crate::error::Error;
use crate::games::record::{Census, Record};
use crate::moves::Move;

/// A position of Le Grec (RULES-relatives.md §3): A (side 0) moves up the board from ranks
/// 1–2, B (side 1) down from ranks 3–4.
#[derive(Clone, Debug)]
pub struct LeGrecPosition {
    stones: [u16; 2],
    record: Record,
}

/// What the pieces must be: seven stones a side.
const CENSUS: Census = Census {
    game: "Le Grec",
    piece: "stone",
    pieces: "stones",
    cell: "cell",
    board: "the board",
    each: STONES,
};

impl LeGrecPosition {
    /// The start: A on `a1 b1 c1 d1 a2 b2 c2`, B on `a4 b4 c4 d4 b3 c3 d3`, A to move.
    pub fn start() -> Self {
        Self::from_parts(board::START, 0, [0, 0], 0).expect("the start is valid")
    }

    /// A position from its parts, checked: seven stones a side, no cell taken twice, a side
    /// to move that exists, at most two passes
    /// in a row (two: the game ended by both sides passing). Its status is that after the
    /// other side's move (as if it had just moved here); its history is empty (this
    /// placement's first occurrence).
    pub fn from_parts(
        stones: [u16; 2],
        to_move: usize,
        move_counts: [u64; 2],
        passes: u8,
    ) -> Result<Self, Error> {
        CENSUS.check(
            stones.map(u16::count_ones),
            [false; 2],
            stones[0] & stones[1] != 0,
        )?;
        let key = key_of(stones, to_move.min(1));
        let record = Record::new(2, to_move, move_counts, passes, key)?;
        let mut pos = LeGrecPosition { stones, record };
        pos.record.settle_won(pos.has_won(1 - to_move));
        Ok(pos)
    }

    /// Whether all of `side`'s stones stand on its goal ranks.
    #[inline(always)]
    fn has_won(&self, side: usize) -> bool {
        self.stones[side] & !goal(side) == 0
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

    crate::turns::turn_accessors!(record);

    /// The side whose stone stands on `cell`.
    #[inline(always)]
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        let bit = 1u16.checked_shl(cell as u32).filter(|_| cell < 16)?;
        (0..2).find(|&s| self.stones[s] & bit != 0)
    }

    /// The key computed from scratch (the incremental key always equals it).
    pub fn compute_key(&self) -> u64 {
        key_of(self.stones, self.to_move())
    }

    /// Calls `emit` with every move of the side to move, the pass excluded, whatever the
    /// status.
    #[inline(always)]
    pub fn generate(&self, mut emit: impl FnMut(Move)) {
        let s = self.to_move();
        movegen::for_each_move(s, self.stones[s], self.stones[1 - s], |from, to| {
            emit(Move::new(from, to))
        });
    }

    /// The number of moves of the side to move, the pass not counted.
    #[inline(always)]
    pub fn count_moves(&self) -> u32 {
        let s = self.to_move();
        movegen::count_moves(s, self.stones[s], self.stones[1 - s])
    }

    /// Plays `mv`, a legal move or the pass.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let side = self.to_move();
        let mut change = 0;
        if !mv.is_pass() {
            self.stones[side] ^= (1 << mv.from()) | (1 << mv.to());
            change = piece_key(side, mv.from()) ^ piece_key(side, mv.to());
        }
        self.record.play(mv, change ^ turn_key(0) ^ turn_key(1));
        self.record.settle_won(self.has_won(side));
    }

    /// Takes back the last [`LeGrecPosition::make`]; nothing if no move was made.
    #[inline]
    pub fn unmake(&mut self) {
        if let Some(mv) = self.record.take_back() {
            if !mv.is_pass() {
                self.stones[self.to_move()] ^= (1 << mv.from()) | (1 << mv.to());
            }
        }
    }
}

/// The key of an arrangement and side to move, from scratch.
fn key_of(stones: [u16; 2], to_move: usize) -> u64 {
    board::KEYS.arrangement(stones.map(board::cells_of), to_move)
}
