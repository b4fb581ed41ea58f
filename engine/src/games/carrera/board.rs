//! The board: the 10×10 square less two opposite corner triangles of 15 cells, the 70 cells
//! with |file − rank| ≤ 4 (0-based), as a `u128` bitboard: cell `x + 10·y` (file `x`, rank
//! `y`), so `a1` is bit 0 and `j10` bit 99; the start cells of each side; the knight leaps of
//! a whole set of cells by guarded shifts ([`crate::games::knight`]), which never wrap
//! around an edge and never land on a missing cell.

use crate::games::knight::KnightBoard;

/// A set of cells: bit `x + 10·y` for the cell on file `x`, rank `y`.
pub type Cells = u128;

/// Files (and ranks) of the enclosing square.
pub const WIDTH: usize = 10;
/// Cell indices of the square (every cell index is below it; 70 of them are on the board).
pub const CELLS: usize = WIDTH * WIDTH;
/// Knights of each side.
pub const STONES: usize = 8;
/// The greatest |file − rank| of a cell of the board.
pub const BAND: usize = 4;

/// The cell of file `x`, rank `y` (0-based).
pub const fn cell(x: usize, y: usize) -> usize {
    x + WIDTH * y
}

/// The 70 cells of the board: |file − rank| ≤ 4.
pub const BOARD: Cells = board();

const fn board() -> Cells {
    let mut set = 0;
    let mut c = 0;
    while c < CELLS {
        if (c % WIDTH).abs_diff(c / WIDTH) <= BAND {
            set |= 1 << c;
        }
        c += 1;
    }
    set
}

/// The set of the cells `(x, y)` listed.
const fn set_of(cells: &[(usize, usize)]) -> Cells {
    let mut set = 0;
    let mut i = 0;
    while i < cells.len() {
        set |= 1 << cell(cells[i].0, cells[i].1);
        i += 1;
    }
    set
}

/// Each side's start cells: A a1 b1 c1 a2 b2 c2 a3 b3, B j10 i10 h10 j9 i9 h9 j8 i8 (the
/// same shape turned half a turn).
pub const START: [Cells; 2] = [
    set_of(&[
        (0, 0),
        (1, 0),
        (2, 0),
        (0, 1),
        (1, 1),
        (2, 1),
        (0, 2),
        (1, 2),
    ]),
    set_of(&[
        (9, 9),
        (8, 9),
        (7, 9),
        (9, 8),
        (8, 8),
        (7, 8),
        (9, 7),
        (8, 7),
    ]),
];
/// Each side's goal: the opponent's start cells.
pub const GOAL: [Cells; 2] = [START[1], START[0]];

/// The board's knight leaps.
pub const KNIGHTS: KnightBoard = KnightBoard::new(WIDTH, BOARD);

/// `KNIGHT[c]`: the cells of the board one knight leap from cell `c` (none for a missing
/// cell).
pub static KNIGHT: [Cells; CELLS] = KNIGHTS.table();

/// Whether a knight leaps from `a` to `b` (both cells of the board).
#[inline]
pub fn is_leap(a: usize, b: usize) -> bool {
    a < CELLS && KNIGHT[a] >> b & 1 != 0
}

/// The name of a cell: file letter and rank number, `a1` … `j10`.
pub fn cell_name(cell: usize) -> String {
    crate::games::text::cell_name(cell, WIDTH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seventy_cells_and_the_start_of_the_rules() {
        assert_eq!(BOARD.count_ones(), 70);
        for start in START {
            assert_eq!(start.count_ones() as usize, STONES);
            assert_eq!(start & !BOARD, 0);
        }
        assert_eq!(START[0] & START[1], 0);
        let names = |set: Cells| -> Vec<String> {
            crate::games::knight::cells_of(set).map(cell_name).collect()
        };
        assert_eq!(
            names(START[0]),
            ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3"]
        );
        assert_eq!(
            names(START[1]),
            ["i8", "j8", "h9", "i9", "j9", "h10", "i10", "j10"]
        );
        // The corners cut: f1..j1 and a6..a10 are missing, e1 and a5 are cells.
        for (name, on) in [("e1", true), ("f1", false), ("a5", true), ("a6", false)] {
            let c = crate::games::text::parse_cell(name, WIDTH).unwrap();
            assert_eq!(BOARD >> c & 1 == 1, on, "{name}");
        }
    }

    #[test]
    fn leaps_stay_on_the_board_and_leap_over_missing_cells() {
        assert_eq!(KNIGHTS.leaps(BOARD) & !BOARD, 0);
        // a1: b3 and c2. e1 (4, 0): c2, d3, f3, g2 (g2: |6 − 1| = 5, missing).
        assert_eq!(KNIGHT[cell(0, 0)], 1 << cell(1, 2) | 1 << cell(2, 1));
        assert_eq!(
            KNIGHT[cell(4, 0)],
            1 << cell(2, 1) | 1 << cell(3, 2) | 1 << cell(5, 2)
        );
        // a5 (0, 4): b3, c4, c6 (b7 is missing: |1 − 6| = 5).
        assert_eq!(
            KNIGHT[cell(0, 4)],
            1 << cell(1, 2) | 1 << cell(2, 3) | 1 << cell(2, 5)
        );
        assert_eq!(KNIGHT[cell(9, 0)], 0, "j1 is missing");
        // The knight graph of the 70 cells is connected.
        let reached = KNIGHTS
            .distance_layers(START[0])
            .iter()
            .fold(0, |a, l| a | l);
        assert_eq!(reached, BOARD);
    }
}
