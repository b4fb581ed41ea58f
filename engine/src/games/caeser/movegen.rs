//! The move generator: word operations over the whole hexagon, one direction at a time.
//!
//! For a direction of shift `d`, a side's steps land on `d(own) & empty` and its jumps on
//! `d(d(own) & enemy) & empty`: three directions, six target sets per side, no per-cell
//! walk, no allocation. A target bit gives back its origin by subtracting the shift.

use super::board::{shift, Holes, DIRS, HOLES};

/// Calls `emit(delta, targets)` for each of `side`'s six kinds of move: the shift from
/// origin to target (a jump's is twice its direction's) and the holes the moves land on.
/// Moves start on `src`, jump over `mid` and land on `dst`: with `src` = own men,
/// `mid` = enemy men, `dst` = empty holes these are the moves.
#[inline(always)]
pub fn for_each_target(
    side: usize,
    src: Holes,
    mid: Holes,
    dst: Holes,
    mut emit: impl FnMut(i32, Holes),
) {
    for d in DIRS[side] {
        let near = shift(src, d);
        emit(d, near & dst);
        emit(2 * d, shift(near & mid, d) & dst);
    }
}

/// Calls `emit(from, to)` for every move of `side` with men `own` against `enemy`.
#[inline(always)]
pub fn for_each_move(side: usize, own: Holes, enemy: Holes, mut emit: impl FnMut(usize, usize)) {
    let empty = HOLES & !(own | enemy);
    for_each_target(side, own, enemy, empty, |delta, targets| {
        for to in super::board::cells_of(targets) {
            emit((to as i32 - delta) as usize, to);
        }
    });
}

/// The number of moves of `side` (the pass not counted).
#[inline(always)]
pub fn count_moves(side: usize, own: Holes, enemy: Holes) -> u32 {
    let empty = HOLES & !(own | enemy);
    let mut n = 0;
    for_each_target(side, own, enemy, empty, |_, t| n += t.count_ones());
    n
}

/// Whether `side` has a move other than the pass.
#[inline(always)]
pub fn has_move(side: usize, own: Holes, enemy: Holes) -> bool {
    let empty = HOLES & !(own | enemy);
    let mut any = 0;
    for_each_target(side, own, enemy, empty, |_, t| any |= t);
    any != 0
}
