//! The move generator: Halma's star generator without its rule filters.
//!
//! A stone's targets are its steps ([`step_targets`]) and its hop closure, read from the
//! jump-connected components of the empty cells that Halma's generator shares between the
//! pieces of one position ([`JumpComponents`]: a hop goes over any adjacent stone, of
//! either colour). Hops keep the parities of file and rank, so no chain can hop over its
//! own (empty) origin and none ends on it, and a step target is never a hop target: the
//! union of two bitboards is the list of moves, deduplicated by from-to. No camp rules, no
//! goal lock, no allocation.

use super::board::{Stones, STAR};
use crate::bitboard::BitBoard;
use crate::board::geometry::Star;
use crate::board::jumps::{step_targets, JumpComponents, JumpMasks};

/// Calls `emit(from, targets)` for every stone of `own` with a move, with its targets,
/// `enemy` being the other side's stones.
#[inline(always)]
pub fn for_each_piece(own: Stones, enemy: Stones, mut emit: impl FnMut(usize, Stones)) {
    let occupied = own | enemy;
    let empty = STAR.without(occupied);
    let mut components = JumpComponents::new(JumpMasks::new::<Star>(occupied, empty));
    for from in own.iter() {
        let targets = step_targets::<Star>(from, empty) | components.closure::<Star>(from);
        if !targets.is_empty() {
            emit(from, targets);
        }
    }
}

/// The number of moves of the stones `own` against `enemy` (the pass not counted).
#[inline]
pub fn count_moves(own: Stones, enemy: Stones) -> u32 {
    let mut n = 0;
    for_each_piece(own, enemy, |_, t| n += t.count());
    n
}
