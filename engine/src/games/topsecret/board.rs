//! The 16×16 board in Halma's layout ([`Square<16>`](crate::board::geometry::Square)): cell
//! `x + 16·y` for file `x`, rank `y` (both 0-based), no guard column, sets as
//! [`Bits<4>`](crate::bitboard::Bits) (256 bits). Each of the eight directions is one
//! constant shift, masked on this layout by the cells whose neighbour that way is on the
//! board (Halma's [`Geometry::STEP_FROM`], applied inside its jump masks and steps); a stone
//! that leaves the board is recognised by [`EDGE`] and [`EXIT`], not by where a shift lands.
//!
//! The masks here: the drop zone (the central square `f6`–`k11`), the edge (where a step off
//! the board starts), [`EXIT`] (per direction, the cells from which a jump over the next cell
//! lands off the board) and each cell's [`ring`] (its distance to the nearest edge).

use crate::bitboard::{BitBoard, Bits};
use crate::board::geometry::{Board, Geometry, Square, SQUARE_DIRS};
use crate::error::Error;
use crate::keys::StoneKeys;

/// The geometry: Halma's 16×16 square with eight directions.
pub type G = Square<16>;

/// A set of cells.
pub type BB = Bits<4>;

/// Files and ranks of the board.
pub const WIDTH: usize = 16;

/// Bits per rank (16 files, no guard column: Halma's layout of 16×16).
pub const STRIDE: usize = BOARD.stride();

/// The cell indices: every cell's index is below it.
pub const CELLS: usize = STRIDE * WIDTH;

/// Stones of each side.
pub const STONES: u32 = 18;

/// The board as runtime value (cell names, parsing).
pub const BOARD: Board = <G as Geometry>::BOARD;

/// Every cell of the board.
pub const CELLS_BB: BB = <G as Geometry>::CELLS;

/// The cell index of file `x`, rank `y` (0-based).
#[inline(always)]
pub const fn cell(x: usize, y: usize) -> usize {
    x + STRIDE * y
}

/// The file and rank (0-based) of a cell index.
#[inline(always)]
pub const fn coords(cell: usize) -> (usize, usize) {
    (cell % STRIDE, cell / STRIDE)
}

/// The set of cells with `lo <= min(file, rank)` and `max(file, rank) <= hi` (a centred
/// square when `lo + hi = 15`).
const fn square_of(lo: usize, hi: usize) -> BB {
    let mut b = Bits([0; 4]);
    let mut y = lo;
    while y <= hi {
        let mut x = lo;
        while x <= hi {
            b = b.with_bit(cell(x, y));
            x += 1;
        }
        y += 1;
    }
    b
}

/// The drop zone, the central square `f6`–`k11` (files and ranks 6 to 11, 36 cells).
pub const DROP_ZONE: BB = square_of(5, 10);

/// The cells of the inner 14×14 square `b2`–`o15`: the board less its edge.
const INNER: BB = square_of(1, 14);

/// The edge: the cells on file a or p or rank 1 or 16 (60 cells), from which a stone can
/// step off the board.
pub const EDGE: BB = Bits([
    CELLS_BB.0[0] & !INNER.0[0],
    CELLS_BB.0[1] & !INNER.0[1],
    CELLS_BB.0[2] & !INNER.0[2],
    CELLS_BB.0[3] & !INNER.0[3],
]);

/// Whether file `x`, rank `y` lies on the board.
const fn on_board(x: isize, y: isize) -> bool {
    x >= 0 && y >= 0 && x < WIDTH as isize && y < WIDTH as isize
}

/// For direction `d` (index into `G::OFFSETS`): the cells `c` whose neighbour `c + d` is on
/// the board and `c + 2d` off it, so that a jump over a stone on `c + d` (an edge cell)
/// bears the jumper off.
const fn exit_mask(d: usize) -> BB {
    let (dx, dy) = (SQUARE_DIRS[d].0 as isize, SQUARE_DIRS[d].1 as isize);
    let mut b = Bits([0; 4]);
    let mut y = 0;
    while y < WIDTH {
        let mut x = 0;
        while x < WIDTH {
            let (x1, y1) = (x as isize + dx, y as isize + dy);
            if on_board(x1, y1) && !on_board(x1 + dx, y1 + dy) {
                b = b.with_bit(cell(x, y));
            }
            x += 1;
        }
        y += 1;
    }
    b
}

/// `exit_mask` of each direction, in the order of `G::OFFSETS`.
pub const EXIT: [BB; 8] = [
    exit_mask(0),
    exit_mask(1),
    exit_mask(2),
    exit_mask(3),
    exit_mask(4),
    exit_mask(5),
    exit_mask(6),
    exit_mask(7),
];

/// The distance of each cell to the nearest edge, `min(x, 15 − x, y, 15 − y)` (0 on the
/// edge, 7 in the middle four cells).
pub const RING: [u8; CELLS] = {
    let mut r = [0u8; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (x, y) = coords(c);
        if x < WIDTH {
            let a = if x < WIDTH - 1 - x { x } else { WIDTH - 1 - x };
            let b = if y < WIDTH - 1 - y { y } else { WIDTH - 1 - y };
            r[c] = if a < b { a } else { b } as u8;
        }
        c += 1;
    }
    r
};

/// The distance of `cell` to the nearest edge (see [`RING`]).
#[inline(always)]
pub fn ring(cell: usize) -> i32 {
    i32::from(RING[cell])
}

/// The name of a cell, like `g7`.
pub fn cell_name(cell: usize) -> String {
    BOARD.cell_name(cell)
}

/// The cell called `name`; an error says what is wrong.
pub fn parse_cell(name: &str) -> Result<usize, Error> {
    BOARD.parse_cell(name)
}

/// Whether a cell index is a cell of the board (not beyond it).
#[inline(always)]
pub fn is_cell(cell: usize) -> bool {
    cell < CELLS && CELLS_BB.has(cell)
}

/// The Zobrist keys, from the seed "TOPSECRT".
pub static KEYS: StoneKeys<CELLS> = StoneKeys::new(0x544f_5053_4543_5254);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_masks_have_the_cells_they_should() {
        assert_eq!(CELLS_BB.count(), 256);
        assert_eq!(DROP_ZONE.count(), 36);
        assert_eq!(EDGE.count(), 60);
        let names = |b: BB| b.iter().map(cell_name).collect::<Vec<_>>();
        let zone = names(DROP_ZONE);
        assert_eq!((zone[0].as_str(), zone[35].as_str()), ("f6", "k11"));
        assert!(EDGE.has(cell(0, 7)) && EDGE.has(cell(15, 15)) && !EDGE.has(cell(1, 1)));
        // Straight exits: the second file, rank or their last-but-one.
        assert_eq!(EXIT[0].count(), 16);
        assert!(EXIT[0].has(cell(14, 3)) && EXIT[1].has(cell(1, 3)));
        // Diagonal exits (1, 1): cells on file o or rank 15, not on file p or rank 16.
        assert_eq!(EXIT[4].count(), 29);
        assert!(EXIT[4].has(cell(14, 2)) && EXIT[4].has(cell(2, 14)));
        assert_eq!(ring(cell(0, 9)), 0);
        assert_eq!(ring(cell(7, 8)), 7);
        assert_eq!(ring(cell(5, 10)), 5);
        for c in CELLS_BB.iter() {
            assert_eq!(EDGE.has(c), ring(c) == 0);
            assert_eq!(parse_cell(&cell_name(c)), Ok(c));
        }
    }

    #[test]
    fn an_exit_jump_leaves_the_board_through_one_edge_cell() {
        for (d, &off) in <G as Geometry>::OFFSETS.iter().enumerate() {
            for c in EXIT[d].iter() {
                let over = (c as isize + off) as usize;
                assert!(is_cell(over) && EDGE.has(over));
                let ((x, y), (dx, dy)) = (coords(c), SQUARE_DIRS[d]);
                let (dx, dy) = (dx as isize, dy as isize);
                assert!(!on_board(x as isize + 2 * dx, y as isize + 2 * dy));
                // The shift the generator uses finds the same cells.
                assert!((BB::single(over).shift(-off) & EXIT[d]).has(c));
            }
        }
    }
}
