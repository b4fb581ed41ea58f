//! The move generator, by word operations: for each of the eight knight leaps, the mover's
//! knights that can make it (the leap's guard), shifted as a whole onto the empty cells. A
//! destination `to` reached by leap `i` comes from `to − shift(i)`. No chains and no
//! captures: a move is one leap onto an empty cell of the board.

use super::board::{Cells, KNIGHT, KNIGHTS};
use crate::games::knight::cells_of;
use crate::moves::Move;

/// The cells leap `i` of a knight of `own` lands on among `empty`.
#[inline(always)]
fn landings(own: Cells, empty: Cells, i: usize) -> Cells {
    KNIGHTS.leap(own, i) & empty
}

/// Calls `emit` with every move of the knights `own` onto the `empty` cells, leap by leap.
#[inline(always)]
pub fn for_each_move(own: Cells, empty: Cells, mut emit: impl FnMut(Move)) {
    for i in 0..8 {
        let shift = KNIGHTS.shift(i);
        for to in cells_of(landings(own, empty, i)) {
            emit(Move::new(to.wrapping_add_signed(-shift), to));
        }
    }
}

/// The number of moves of the knights `own` onto the `empty` cells: eight popcounts.
#[inline(always)]
pub fn count(own: Cells, empty: Cells) -> u64 {
    (0..8)
        .map(|i| u64::from(landings(own, empty, i).count_ones()))
        .sum()
}

/// The destinations of the knight on `from` among the `empty` cells.
#[inline(always)]
pub fn targets(from: usize, empty: Cells) -> Cells {
    KNIGHT[from] & empty
}

#[cfg(test)]
mod tests {
    use super::super::board::{BOARD, START};
    use super::*;

    #[test]
    fn the_start_has_20_moves_a_side_and_shifts_agree_with_the_table() {
        let empty = BOARD & !(START[0] | START[1]);
        assert_eq!(count(START[0], empty), 20);
        assert_eq!(count(START[1], empty), 20);
        let mut rng = crate::rng::Rng::new(3);
        for _ in 0..500 {
            let mut own = 0;
            let mut other = 0;
            for c in cells_of(BOARD) {
                match rng.below(4) {
                    0 => own |= 1 << c,
                    1 => other |= 1 << c,
                    _ => {}
                }
            }
            let empty = BOARD & !(own | other);
            let mut by_shifts = Vec::new();
            for_each_move(own, empty, |mv| by_shifts.push((mv.from(), mv.to())));
            by_shifts.sort_unstable();
            let by_table: Vec<(usize, usize)> = cells_of(own)
                .flat_map(|f| cells_of(targets(f, empty)).map(move |t| (f, t)))
                .collect();
            assert_eq!(by_shifts, by_table);
            assert_eq!(count(own, empty), by_table.len() as u64);
        }
    }
}
