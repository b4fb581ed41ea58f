//! The 9×9 board as a `u128` bitboard: cell `x + 9·y` (file `x`, rank `y`, both 0-based, so
//! `a1` is bit 0 and `i9` bit 80), the start and goal cells of each side, and the knight
//! leaps of a whole set of cells by guarded shifts ([`crate::games::knight`]).

pub use crate::games::knight::cells_of;
use crate::games::knight::KnightBoard;

/// A set of cells: bit `x + 9·y` for the cell on file `x`, rank `y`.
pub type Cells = u128;

/// Files (and ranks) of the board.
pub const WIDTH: usize = 9;
/// Cells of the board.
pub const CELLS: usize = WIDTH * WIDTH;
/// Stones of each side.
pub const STONES: usize = 18;

/// Every cell of the board.
pub const BOARD: Cells = (1 << CELLS) - 1;

/// The board's knight leaps.
pub const KNIGHTS: KnightBoard = KnightBoard::new(WIDTH, BOARD);

/// The cells of rank `y`.
const fn rank(y: usize) -> Cells {
    ((1 << WIDTH) - 1) << (WIDTH * y)
}

/// Each side's start cells: A ranks 1–2, B ranks 8–9.
pub const START: [Cells; 2] = [rank(0) | rank(1), rank(7) | rank(8)];
/// Each side's goal: the opponent's start cells.
pub const GOAL: [Cells; 2] = [START[1], START[0]];

/// Every cell one knight leap from a cell of `set`, by eight shifts of the whole board,
/// each after the guard that drops the cells whose leap would leave the board (so that no
/// leap wraps around an edge).
#[inline(always)]
pub fn leaps(set: Cells) -> Cells {
    KNIGHTS.leaps(set)
}

/// `KNIGHT[c]`: the cells one knight leap from cell `c`.
pub static KNIGHT: [Cells; CELLS] = KNIGHTS.table();

/// Whether a knight leaps from `a` to `b`.
#[inline]
pub fn is_leap(a: usize, b: usize) -> bool {
    KNIGHT[a] >> b & 1 != 0
}

/// The name of a cell: file letter and rank number, `a1` … `i9`.
pub fn cell_name(cell: usize) -> String {
    crate::games::text::cell_name(cell, WIDTH)
}

/// The cell called `name` (`a1` … `i9`); the error says what is wrong.
pub fn parse_cell(name: &str) -> Result<usize, crate::error::Error> {
    crate::games::text::parse_cell(name, WIDTH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_leap_table_has_the_knight_counts() {
        assert_eq!(leaps(BOARD).count_ones(), 81);
        assert_eq!(KNIGHT[0].count_ones(), 2);
        assert_eq!(KNIGHT[40].count_ones(), 8);
        assert_eq!(KNIGHT[40], leaps(1 << 40));
    }

    #[test]
    fn cell_names_round_trip_and_bad_names_are_errors() {
        for cell in 0..CELLS {
            assert_eq!(parse_cell(&cell_name(cell)), Ok(cell));
        }
        for bad in ["", "j1", "a0", "a10", "A1", "5e", "e", "e5x", "é5"] {
            assert!(parse_cell(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn start_and_goal_cells() {
        assert_eq!(START[0].count_ones() as usize, STONES);
        assert_eq!(START[1].count_ones() as usize, STONES);
        assert_eq!(START[0] & START[1], 0);
        assert_eq!(parse_cell("i2").map(|c| START[0] >> c & 1), Ok(1));
        assert_eq!(parse_cell("a8").map(|c| GOAL[0] >> c & 1), Ok(1));
    }
}
