//! The position: both sides' stones as star bitboards, and the shared bookkeeping
//! ([`Record`]: side to move, move counts, passes, key, status, history).

use super::board::{self, joins_edges, Stones, KEYS, STAR, STONES};
use super::movegen;
use crate::bitboard::BitBoard;
use crate::error::Error;
use crate::games::record::{Census, Record};
use crate::moves::Move;

/// A position of Hexma (RULES-relatives.md §9): A (side 0) starts at the bottom, B at the
/// top; each wins by joining the bottom edge to the top edge with one group of its stones.
#[derive(Clone, Debug)]
pub struct HexmaPosition {
    stones: [Stones; 2],
    record: Record,
}

/// What the pieces must be: 13 stones a side on the star.
const CENSUS: Census = Census {
    game: "Hexma",
    piece: "stone",
    pieces: "stones",
    cell: "cell",
    board: "the 121 cells of the star",
    each: STONES,
};

/// The key of an arrangement and side to move, from scratch.
pub fn key_of(stones: [Stones; 2], to_move: usize) -> u64 {
    KEYS.arrangement(stones.map(|s| s.iter()), to_move)
}

impl HexmaPosition {
    /// The start: A on the bottom triangle and `j5 k5 l5`, B on the top triangle and
    /// `f13 g13 h13`, A to move.
    pub fn start() -> Self {
        Self::from_parts(board::START, 0, [0, 0], 0).expect("the start is valid")
    }

    /// A position from its parts, checked: 13 stones a side, all on the star, no cell taken
    /// twice, a side to move that exists, at most two passes
    /// in a row (two: the game ended by both sides passing). Its status is
    /// that after the other side's move (as if it had just moved here); its history is
    /// empty (this arrangement's first occurrence).
    pub fn from_parts(
        stones: [Stones; 2],
        to_move: usize,
        move_counts: [u64; 2],
        passes: u8,
    ) -> Result<Self, Error> {
        CENSUS.check(
            stones.map(|s| s.count()),
            stones.map(|s| !s.without(STAR).is_empty()),
            stones[0].intersects(stones[1]),
        )?;
        let key = key_of(stones, to_move.min(1));
        let record = Record::new(2, to_move, move_counts, passes, key)?;
        let mut pos = HexmaPosition { stones, record };
        pos.record.settle_won(pos.has_won(1 - to_move));
        Ok(pos)
    }

    /// Whether one group of `side`'s stones touches both edges.
    #[inline(always)]
    pub fn has_won(&self, side: usize) -> bool {
        joins_edges(self.stones[side])
    }

    /// The stones of `side`.
    #[inline(always)]
    pub fn stones(&self, side: usize) -> Stones {
        self.stones[side]
    }

    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> Stones {
        self.stones[0] | self.stones[1]
    }

    crate::turns::turn_accessors!(record);

    /// The side whose stone stands on `cell` (`None` for an empty cell or no cell).
    #[inline(always)]
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        if cell >= board::CELLS {
            return None;
        }
        (0..2).find(|&s| self.stones[s].has(cell))
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
        movegen::for_each_piece(self.stones[s], self.stones[1 - s], |from, targets| {
            for to in targets.iter() {
                emit(Move::new(from, to));
            }
        });
    }

    /// The number of moves of the side to move, the pass not counted.
    #[inline(always)]
    pub fn count_moves(&self) -> u32 {
        let s = self.to_move();
        movegen::count_moves(self.stones[s], self.stones[1 - s])
    }

    /// Plays `mv`, a legal move or the pass; the mover wins if it then joins the edges.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let side = self.to_move();
        let mut change = 0;
        if !mv.is_pass() {
            self.stones[side] ^= Stones::single(mv.from()) | Stones::single(mv.to());
            change = KEYS.piece(side, mv.from()) ^ KEYS.piece(side, mv.to());
        }
        self.record.play(mv, change ^ KEYS.turn(0) ^ KEYS.turn(1));
        // Tested after a pass too (RULES-relatives.md, fine points: a pass is a move).
        self.record.settle_won(self.has_won(side));
    }

    /// Takes back the last [`HexmaPosition::make`]; nothing if no move was made.
    #[inline]
    pub fn unmake(&mut self) {
        if let Some(mv) = self.record.take_back() {
            if !mv.is_pass() {
                self.stones[self.to_move()] ^= Stones::single(mv.from()) | Stones::single(mv.to());
            }
        }
    }
}
