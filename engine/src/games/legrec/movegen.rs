//! The move generator: word operations over the whole board, one direction at a time.
//!
//! For a direction `d` (a shift and the mask of cells it may start from), the steps of a
//! side land on `d(own) & empty`, and its jumps on `d(d(own) & enemy) & empty`: five
//! directions, ten shifts and masks per side, no per-cell walk, no allocation. Each target
//! bit gives back its origin by subtracting the shift.

use super::board::DIRS;

/// The targets of `side`'s moves, one set per kind: calls `emit(delta, targets)` with the
/// shift of each direction's steps and jumps (`2 * delta` for a jump) and the cells they
/// land on. Moves start on `src`, jump over `mid`, land on `dst`.
///
/// With `src` = own stones, `mid` = enemy stones, `dst` = empty cells these are the moves;
/// with `src` = empty cells and `dst` = own stones they are the moves taken back (the origin
/// is then an empty cell and the target an own stone).
#[inline(always)]
pub fn for_each_target(side: usize, src: u16, mid: u16, dst: u16, mut emit: impl FnMut(i8, u16)) {
    for d in DIRS[side] {
        let near = d.step(src);
        emit(d.delta, near & dst);
        emit(2 * d.delta, d.step(near & mid) & dst);
    }
}

/// Calls `emit(from, to)` for every move of `side` with stones `own` against `enemy`.
#[inline(always)]
pub fn for_each_move(side: usize, own: u16, enemy: u16, mut emit: impl FnMut(usize, usize)) {
    let empty = !(own | enemy);
    for_each_target(side, own, enemy, empty, |delta, mut targets| {
        while targets != 0 {
            let to = targets.trailing_zeros() as i32;
            targets &= targets - 1;
            emit((to - delta as i32) as usize, to as usize);
        }
    });
}

/// The number of moves of `side` (the pass not counted). The ten target sets are packed
/// four to a word, so that three population counts do (the portable build has no popcount
/// instruction).
#[inline(always)]
pub fn count_moves(side: usize, own: u16, enemy: u16) -> u32 {
    let empty = !(own | enemy);
    let mut words = [0u64; 3];
    let mut k = 0;
    for_each_target(side, own, enemy, empty, |_, t| {
        words[k / 4] |= u64::from(t) << (16 * (k % 4));
        k += 1;
    });
    words.iter().map(|w| w.count_ones()).sum()
}

/// Whether `side` has a move other than the pass.
#[inline(always)]
pub fn has_move(side: usize, own: u16, enemy: u16) -> bool {
    let empty = !(own | enemy);
    let mut any = 0;
    for_each_target(side, own, enemy, empty, |_, t| any |= t);
    any != 0
}
