//! Walls: in a row or column, the empty cells between two stones of one colour with nothing
//! but empty cells between them. Computed with four occluded fills per colour: an empty cell
//! is in a row wall of a colour when the nearest stone west of it and the nearest stone east
//! of it are both of that colour (a fill from the colour's stones through the empty cells
//! reaches it from both sides); the same north–south for column walls.

use super::board::{fill_east, fill_north, fill_south, fill_west, BOARD};

/// The row walls and the column walls of the colour whose stones are `own`, `empty` being
/// the empty cells.
#[inline(always)]
pub fn row_and_column_walls(own: u128, empty: u128) -> (u128, u128) {
    let rows = fill_east(own, empty) & fill_west(own, empty) & empty;
    let columns = fill_north(own, empty) & fill_south(own, empty) & empty;
    (rows, columns)
}

/// The wall cells of the colour whose stones are `own`, `empty` being the empty cells.
#[inline(always)]
pub fn side_walls(own: u128, empty: u128) -> u128 {
    let (rows, columns) = row_and_column_walls(own, empty);
    rows | columns
}

/// Every wall cell of either colour, for the stones `stones` (by side).
#[inline(always)]
pub fn walls(stones: [u128; 2]) -> u128 {
    let empty = BOARD & !(stones[0] | stones[1]);
    side_walls(stones[0], empty) | side_walls(stones[1], empty)
}

#[cfg(test)]
mod tests {
    use super::super::board::{bit, cell, YARDS};
    use super::*;

    #[test]
    fn walls_lie_between_stones_of_one_colour() {
        assert_eq!(walls(YARDS), 0, "the start has no wall cells");
        // A on b2 and f2: wall c2 d2 e2; B on d1 and d5: wall d2 d3 d4 (d2 shared).
        let a = bit(cell(1, 1)) | bit(cell(5, 1));
        let b = bit(cell(3, 0)) | bit(cell(3, 4));
        let row = bit(cell(2, 1)) | bit(cell(3, 1)) | bit(cell(4, 1));
        let column = bit(cell(3, 1)) | bit(cell(3, 2)) | bit(cell(3, 3));
        assert_eq!(walls([a, b]), row | column);
        // A stone between the ends breaks the wall; adjacent stones make none.
        let a2 = a | bit(cell(3, 2));
        assert_eq!(side_walls(b, BOARD & !(a2 | b)), 0);
        let pair = bit(cell(0, 5)) | bit(cell(1, 5));
        assert_eq!(side_walls(pair, BOARD & !pair), 0);
        // Walls never wrap from one rank to the next.
        let ends = bit(cell(8, 2)) | bit(cell(0, 3));
        assert_eq!(side_walls(ends, BOARD & !ends), 0);
    }
}
