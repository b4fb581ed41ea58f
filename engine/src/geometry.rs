//! Board shapes: the runtime description ([`Board`]) and the compile-time one ([`Geometry`]).
//!
//! Layout: a board of width `W` is stored row by row with one guard column, so the cell at
//! file `x`, rank `y` (both 0-based) is bit `y * (W + 1) + x`. The guard column is never part
//! of the board, so a shift by a direction's constant offset moves every piece one cell in
//! that direction and anything that leaves the board lands on a guard bit or off the word,
//! where the board masks drop it: no file masks are needed. Each geometry picks the narrowest
//! [`Bits`] that holds `W * (W + 1)` bits (8×8: 72 bits in two limbs, 16×16: 272 bits in five).

use crate::bitboard::{BitBoard, Bits};
use crate::error::Error;

/// Smallest supported square board side.
pub const MIN_SQUARE: usize = 6;
/// Largest supported square board side.
pub const MAX_SQUARE: usize = 16;

/// The eight king directions of square boards, as (file, rank) steps.
const SQUARE_DIRS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// A board shape, chosen at run time (from a rule set) and dispatched once to its
/// [`Geometry`] with [`with_geometry!`](crate::with_geometry).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// An N×N square board with eight directions.
    Square(SquareSide),
}

/// The side length of a square board, always within `MIN_SQUARE..=MAX_SQUARE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareSide(u8);

impl SquareSide {
    /// The side `n`, or an error naming the supported range.
    pub fn new(n: usize) -> Result<Self, Error> {
        if (MIN_SQUARE..=MAX_SQUARE).contains(&n) {
            Ok(SquareSide(n as u8))
        } else {
            Err(Error::Rules(format!(
                "board size {n} is not supported (square boards are {MIN_SQUARE} to {MAX_SQUARE})"
            )))
        }
    }
    /// The side length in cells.
    pub fn get(self) -> usize {
        self.0 as usize
    }
}

impl Board {
    /// A square board of side `n`.
    pub fn square(n: usize) -> Result<Board, Error> {
        SquareSide::new(n).map(Board::Square)
    }

    /// Width (and height) of the board's bounding rectangle, in cells.
    pub const fn width(self) -> usize {
        match self {
            Board::Square(n) => n.0 as usize,
        }
    }

    /// Bits per row in the padded layout.
    pub const fn stride(self) -> usize {
        self.width() + 1
    }

    /// The bit that stands for file `x`, rank `y`.
    pub const fn bit(self, x: usize, y: usize) -> usize {
        y * self.stride() + x
    }

    /// The (file, rank) of a bit.
    pub const fn coords(self, bit: usize) -> (usize, usize) {
        (bit % self.stride(), bit / self.stride())
    }

    /// Whether (x, y) is a cell of the board (coordinates may be out of range).
    pub const fn contains(self, x: isize, y: isize) -> bool {
        let w = self.width() as isize;
        x >= 0 && y >= 0 && x < w && y < w
    }

    /// The neighbour directions as (file, rank) steps.
    pub const fn directions(self) -> &'static [(i8, i8)] {
        match self {
            Board::Square(_) => &SQUARE_DIRS,
        }
    }

    /// Every cell of the board as a bit index, in increasing order.
    pub fn cells(self) -> impl Iterator<Item = usize> {
        let w = self.width();
        (0..w * w).map(move |i| self.bit(i % w, i / w))
    }

    /// Number of cells.
    pub fn cell_count(self) -> usize {
        self.width() * self.width()
    }

    /// The name of a cell, like `c3`.
    pub fn cell_name(self, bit: usize) -> String {
        let (x, y) = self.coords(bit);
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    }

    /// Parses a cell name like `c3`; the error says what was wrong.
    pub fn parse_cell(self, text: &str) -> Result<usize, Error> {
        let bad = |why: &str| Error::Cell(format!("bad cell '{text}': {why}"));
        let mut chars = text.chars();
        let file = chars.next().ok_or_else(|| bad("empty"))?;
        if !file.is_ascii_lowercase() {
            return Err(bad("expected a file letter a.. then a rank number"));
        }
        let rank: usize = chars
            .as_str()
            .parse()
            .map_err(|_| bad("expected a file letter a.. then a rank number"))?;
        let (x, y) = ((file as u8 - b'a') as isize, rank as isize - 1);
        if !self.contains(x, y) {
            return Err(bad(&format!("off the {} board", self.describe())));
        }
        Ok(self.bit(x as usize, y as usize))
    }

    /// A short human description, like `8x8`.
    pub fn describe(self) -> String {
        let w = self.width();
        format!("{w}x{w}")
    }
}

/// A board shape known at compile time: the move generator is monomorphised per geometry.
pub trait Geometry: Copy + Send + Sync + 'static {
    /// The bitboard wide enough for the padded layout.
    type BB: BitBoard;
    /// The runtime description of this shape.
    const BOARD: Board;
    /// Direction offsets in bits (`dy * stride + dx` for each direction of the board).
    const OFFSETS: &'static [isize];
    /// The set of all cells of the board.
    const CELLS: Self::BB;
}

/// A square board of side `N` (eight directions).
#[derive(Clone, Copy, Debug)]
pub struct Square<const N: usize>;

/// Direction offsets of a square board with the given stride.
const fn square_offsets(stride: isize) -> [isize; 8] {
    let mut out = [0; 8];
    let mut i = 0;
    while i < 8 {
        out[i] = SQUARE_DIRS[i].1 as isize * stride + SQUARE_DIRS[i].0 as isize;
        i += 1;
    }
    out
}

/// The mask of the N×N cells of a square board in a layout of stride N + 1.
const fn square_cells<const L: usize>(n: usize) -> Bits<L> {
    let mut b = Bits([0; L]);
    let mut i = 0;
    while i < n * n {
        b = b.with_bit((i / n) * (n + 1) + i % n);
        i += 1;
    }
    b
}

macro_rules! square_geometries {
    ($($n:literal => $limbs:literal),* $(,)?) => {
        $(
            impl Geometry for Square<$n> {
                type BB = Bits<$limbs>;
                const BOARD: Board = Board::Square(SquareSide($n));
                const OFFSETS: &'static [isize] = &square_offsets($n + 1);
                const CELLS: Bits<$limbs> = square_cells::<$limbs>($n);
            }
        )*

    };
}

square_geometries! {
    6 => 1, 7 => 1, 8 => 2, 9 => 2, 10 => 2, 11 => 3, 12 => 3, 13 => 3,
    14 => 4, 15 => 4, 16 => 5,
}

/// Runs `$body` with `$G` bound to the [`Geometry`] type of `$board` (a [`Board`]): the one
/// place where a runtime board becomes a compile-time type, so everything inside is
/// monomorphised for that board.
#[macro_export]
macro_rules! with_geometry {
    ($board:expr, $G:ident => $body:expr) => {
        match $board {
            $crate::geometry::Board::Square(side) => $crate::with_geometry!(@square side.get(), $G => $body;
                6 7 8 9 10 11 12 13 14 15 16),
        }
    };
    (@square $n:expr, $G:ident => $body:expr; $($size:literal)*) => {
        match $n {
            $($size => {
                type $G = $crate::geometry::Square<$size>;
                $body
            })*
            _ => unreachable!("SquareSide is validated on construction"),
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_layout<G: Geometry>() {
        let board = G::BOARD;
        let w = board.width();
        assert!(w * board.stride() <= G::BB::CAPACITY);
        assert_eq!(G::CELLS.count() as usize, board.cell_count());
        for bit in board.cells() {
            assert!(G::CELLS.has(bit));
            let (x, y) = board.coords(bit);
            for (&off, &(dx, dy)) in G::OFFSETS.iter().zip(board.directions()) {
                let shifted = G::BB::single(bit).shift(off) & G::CELLS;
                let (nx, ny) = (x as isize + dx as isize, y as isize + dy as isize);
                if board.contains(nx, ny) {
                    assert_eq!(shifted, G::BB::single(board.bit(nx as usize, ny as usize)));
                } else {
                    assert!(
                        shifted.is_empty(),
                        "{bit} {dx},{dy} must fall off the board"
                    );
                }
            }
        }
    }

    #[test]
    fn every_square_layout_shifts_exactly_one_cell() {
        for n in MIN_SQUARE..=MAX_SQUARE {
            with_geometry!(Board::square(n).unwrap(), G => check_layout::<G>());
        }
    }

    #[test]
    fn cell_names_round_trip_and_reject_bad_input() {
        let b = Board::square(16).unwrap();
        for bit in b.cells() {
            assert_eq!(b.parse_cell(&b.cell_name(bit)).unwrap(), bit);
        }
        assert_eq!(b.cell_name(b.bit(15, 15)), "p16");
        for bad in ["", "q1", "a0", "a17", "A1", "1a", "a", "a1x"] {
            assert!(b.parse_cell(bad).is_err(), "{bad}");
        }
        assert!(Board::square(5).is_err() && Board::square(17).is_err());
    }
}
