//! The position: both sides' men as `u64` sets over the padded layout, a
//! [`TwoSidePosition`] (the shared bookkeeping: side to move, move counts, passes, key,
//! status, history).

use super::board::{self, Holes, GOAL, HOLES, MEN};
use super::movegen;
use crate::games::record::Census;
use crate::games::two_side::{TwoSidePosition, TwoSideRules};
use crate::keys::StoneKeys;
use crate::moves::Move;

/// Caeser's rules (RULES-relatives.md §7) for [`TwoSidePosition`].
#[derive(Clone, Copy, Debug)]
pub struct CaeserRules;

/// A position of Caeser: A (side 0) starts on the holes with rank < file and moves toward
/// rank > file, B the other way.
pub type CaeserPosition = TwoSidePosition<CaeserRules>;

impl TwoSideRules for CaeserRules {
    type Set = Holes;
    const CELLS: usize = board::CELLS;
    /// The 37 holes of the hexagon.
    const BOARD: Holes = HOLES;
    /// A on the 17 holes with rank < file, B on those with rank > file, the middle row
    /// `c3 d4 e5` empty.
    const START: [Holes; 2] = board::START;
    /// 17 men a side on the holes.
    const CENSUS: Census = Census {
        game: "Caeser",
        piece: "man",
        pieces: "men",
        cell: "hole",
        board: "the 37 holes of the hexagon",
        each: MEN,
    };

    type Keys = StoneKeys<{ board::CELLS }>;

    fn keys() -> &'static Self::Keys {
        &board::KEYS
    }

    /// All of `side`'s men stand in its goal (the opponent's start holes).
    #[inline(always)]
    fn has_won(side: usize, men: Holes) -> bool {
        men & !GOAL[side] == 0
    }

    #[inline(always)]
    fn for_each_move(side: usize, own: Holes, other: Holes, mut emit: impl FnMut(Move)) {
        movegen::for_each_move(side, own, other, |from, to| emit(Move::new(from, to)));
    }

    #[inline(always)]
    fn count_moves(side: usize, own: Holes, other: Holes) -> u32 {
        movegen::count_moves(side, own, other)
    }
}

impl CaeserPosition {
    /// The men of `side`.
    #[inline(always)]
    pub fn men(&self, side: usize) -> Holes {
        self.pieces(side)
    }
}
