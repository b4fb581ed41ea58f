//! The position: both sides' stones as `u16` sets, a [`TwoSidePosition`] (the shared
//! bookkeeping: the side to move, the move counts, the passes in a row, the Zobrist key, the
//! status and the undo history whose keys give the third-repetition draw).

use super::board::{self, goal, STONES};
use super::movegen;
use crate::games::record::Census;
use crate::games::two_side::{TwoSidePosition, TwoSideRules};
use crate::keys::StoneKeys;
use crate::moves::Move;

/// Le Grec's rules (RULES-relatives.md §3) for [`TwoSidePosition`].
#[derive(Clone, Copy, Debug)]
pub struct LeGrecRules;

/// A position of Le Grec: A (side 0) moves up the board from ranks 1–2, B (side 1) down
/// from ranks 3–4.
pub type LeGrecPosition = TwoSidePosition<LeGrecRules>;

impl TwoSideRules for LeGrecRules {
    type Set = u16;
    const CELLS: usize = board::CELLS;
    /// The 4×4 board fills the `u16`.
    const BOARD: u16 = u16::MAX;
    /// A on `a1 b1 c1 d1 a2 b2 c2`, B on `a4 b4 c4 d4 b3 c3 d3`.
    const START: [u16; 2] = board::START;
    /// Seven stones a side.
    const CENSUS: Census = Census {
        game: "Le Grec",
        piece: "stone",
        pieces: "stones",
        cell: "cell",
        board: "the board",
        each: STONES,
    };

    type Keys = StoneKeys<{ board::CELLS }>;

    fn keys() -> &'static Self::Keys {
        &board::KEYS
    }

    /// All of `side`'s stones stand on its goal ranks.
    #[inline(always)]
    fn has_won(side: usize, stones: u16) -> bool {
        stones & !goal(side) == 0
    }

    #[inline(always)]
    fn for_each_move(side: usize, own: u16, other: u16, mut emit: impl FnMut(Move)) {
        movegen::for_each_move(side, own, other, |from, to| emit(Move::new(from, to)));
    }

    #[inline(always)]
    fn count_moves(side: usize, own: u16, other: u16) -> u32 {
        movegen::count_moves(side, own, other)
    }
}

impl LeGrecPosition {
    /// The stones of `side`.
    #[inline(always)]
    pub fn stones(&self, side: usize) -> u16 {
        self.pieces(side)
    }
}
