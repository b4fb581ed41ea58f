//! The position: both sides' stones as star bitboards, a [`TwoSidePosition`] (the shared
//! bookkeeping: side to move, move counts, passes, key, status, history).

use super::board::{self, joins_edges, Stones, STAR, STONES};
use super::movegen;
use crate::bitboard::BitBoard;
use crate::games::record::Census;
use crate::games::two_side::{TwoSidePosition, TwoSideRules};
use crate::keys::StoneKeys;
use crate::moves::Move;

/// Hexma's rules (RULES-relatives.md §9) for [`TwoSidePosition`].
#[derive(Clone, Copy, Debug)]
pub struct HexmaRules;

/// A position of Hexma: A (side 0) starts at the bottom, B at the top; each wins by joining
/// the bottom edge to the top edge with one group of its stones.
pub type HexmaPosition = TwoSidePosition<HexmaRules>;

impl TwoSideRules for HexmaRules {
    type Set = Stones;
    const CELLS: usize = board::CELLS;
    /// The 121 cells of the star.
    const BOARD: Stones = STAR;
    /// A on the bottom triangle and `j5 k5 l5`, B on the top triangle and `f13 g13 h13`.
    const START: [Stones; 2] = board::START;
    /// 13 stones a side on the star.
    const CENSUS: Census = Census {
        game: "Hexma",
        piece: "stone",
        pieces: "stones",
        cell: "cell",
        board: "the 121 cells of the star",
        each: STONES,
    };

    type Keys = StoneKeys<{ board::CELLS }>;

    fn keys() -> &'static Self::Keys {
        &board::KEYS
    }

    /// One group of `side`'s stones touches both edges.
    #[inline(always)]
    fn has_won(_side: usize, stones: Stones) -> bool {
        joins_edges(stones)
    }

    #[inline(always)]
    fn for_each_move(_side: usize, own: Stones, other: Stones, mut emit: impl FnMut(Move)) {
        movegen::for_each_piece(own, other, |from, targets| {
            for to in targets.iter() {
                emit(Move::new(from, to));
            }
        });
    }

    #[inline(always)]
    fn count_moves(_side: usize, own: Stones, other: Stones) -> u32 {
        movegen::count_moves(own, other)
    }
}

impl HexmaPosition {
    /// The stones of `side`.
    #[inline(always)]
    pub fn stones(&self, side: usize) -> Stones {
        self.pieces(side)
    }
}
