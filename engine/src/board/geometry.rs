//! Board shapes: the runtime description ([`Board`]) and the compile-time one ([`Geometry`]).
//!
//! Shapes: N×N squares with eight directions, and two hexagonal boards with six directions
//! stored in axial coordinates — the 81-cell diamond (a 9×9 rhombus) and the 121-cell star
//! (inside a 17×17 rhombus). On the hexagonal boards the six neighbours of (x, y) are the four
//! orthogonal ones and (x + 1, y − 1), (x − 1, y + 1).
//!
//! Layout: a board is stored row by row, the cell at file `x`, rank `y` (both 0-based) at bit
//! `y * stride + x`. Square boards and the diamond have a stride of `W + 1` (one guard
//! column). The star's rows are at most 13 cells long, so its stride is 14 ([`STAR_STRIDE`]):
//! its files run over 0..17, but each row's cells are a run of at most 13 that never meets
//! the next row's, so it fits 229 bits (four limbs) instead of 306 (five). Either way every
//! cell is followed in each row by a bit that is no cell, so a shift by a direction's
//! constant offset moves every piece one cell in that direction and anything that leaves
//! the board lands on a bit that is no cell, or off the word, where the board masks drop it:
//! no file masks are needed (`every_layout_shifts_exactly_one_cell` checks it cell by cell).
//!
//! The one exception is 16×16, stored with a stride of 16 and no guard column
//! ([`WRAPPED_SQUARE`]): 256 bits, four limbs instead of five. There a shift carries a cell
//! of the last file onto the first file of the next rank (and back), so its layout
//! [wraps](Board::wraps) and every shift by a direction is first masked with the cells
//! whose neighbour that way is on the board ([`Geometry::STEP_FROM`], [`step`]; for jumps
//! [`Geometry::JUMP_FROM`]). The masks are constants and the test is a constant too, so the
//! other boards' code is unchanged.
//!
//! Each geometry picks the narrowest [`Bits`] that holds its layout (8×8: 72 bits in two
//! limbs, 16×16: 256 bits in four, the star: 229 bits in four).

use crate::bitboard::{BitBoard, Bits};
use crate::error::Error;

/// Smallest supported square board side.
pub const MIN_SQUARE: usize = 6;
/// Largest supported square board side.
pub const MAX_SQUARE: usize = 16;

/// The eight king directions of square boards, as (file, rank) steps, in the order of a
/// square geometry's `OFFSETS`.
pub const SQUARE_DIRS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// The six directions of the hexagonal boards (axial coordinates), as (file, rank) steps.
const HEX_DIRS: [(i8, i8); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// Side of the star's bounding rhombus (its axial coordinates run 0..17, centre (8, 8)).
const STAR_WIDTH: usize = 17;

/// The square board stored without a guard column, 16 bits a row (see [`Board::wraps`]).
pub const WRAPPED_SQUARE: usize = 16;

/// Bits per row of the star's layout: one more than its longest row (13 cells), fewer than
/// its 17 files (see the module's doc: the star in four limbs).
pub const STAR_STRIDE: usize = 14;

/// A board shape, chosen at run time (from a rule set) and dispatched once to its
/// [`Geometry`] with [`with_geometry!`](crate::with_geometry).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// An N×N square board with eight directions.
    Square(SquareSide),
    /// The 81-cell diamond: a 9×9 rhombus of the hexagonal grid, six directions.
    Diamond,
    /// The 121-cell Chinese Checkers star, six directions.
    Star,
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
            Board::Diamond => 9,
            Board::Star => STAR_WIDTH,
        }
    }

    /// Bits per row in the padded layout.
    pub const fn stride(self) -> usize {
        match self {
            Board::Star => STAR_STRIDE,
            Board::Square(n) if n.0 as usize == WRAPPED_SQUARE => WRAPPED_SQUARE,
            _ => self.width() + 1,
        }
    }

    /// Whether the layout has no bit that is no cell after each row (16×16: 256 bits, four
    /// limbs), so that a shift carries a cell on the last file to the first file of the next
    /// rank and every shift by a direction must first drop the cells whose neighbour that
    /// way is off the board ([`step`], [`Geometry::STEP_FROM`]).
    pub const fn wraps(self) -> bool {
        self.stride() == self.width()
    }

    /// The bit that stands for file `x`, rank `y`.
    pub const fn bit(self, x: usize, y: usize) -> usize {
        y * self.stride() + x
    }

    /// The (file, rank) of a bit.
    ///
    /// On the star a row's files run past the stride, so a cell's bit may read as a file of
    /// the next rank that is no cell: then it is the cell of the rank below, `stride` files
    /// on (the layout gives no two cells one bit).
    pub const fn coords(self, bit: usize) -> (usize, usize) {
        let (x, y) = (bit % self.stride(), bit / self.stride());
        if matches!(self, Board::Star) && y > 0 && !self.contains(x as isize, y as isize) {
            (x + STAR_STRIDE, y - 1)
        } else {
            (x, y)
        }
    }

    /// Whether (x, y) is a cell of the board (coordinates may be out of range).
    pub const fn contains(self, x: isize, y: isize) -> bool {
        let w = self.width() as isize;
        if x < 0 || y < 0 || x >= w || y >= w {
            return false;
        }
        match self {
            Board::Square(_) | Board::Diamond => true,
            Board::Star => {
                // Cube coordinates around the centre: the star is the union of the two
                // big triangles {q, r, s >= -4} and {q, r, s <= 4}.
                let (q, r) = (x - 8, y - 8);
                let s = -q - r;
                (q >= -4 && r >= -4 && s >= -4) || (q <= 4 && r <= 4 && s <= 4)
            }
        }
    }

    /// The cell `k` steps from `bit` in direction `(dx, dy)`, if it is on the board.
    pub fn step_from(self, bit: usize, (dx, dy): (i8, i8), k: isize) -> Option<usize> {
        let (x, y) = self.coords(bit);
        let (cx, cy) = (x as isize + k * dx as isize, y as isize + k * dy as isize);
        self.contains(cx, cy)
            .then(|| self.bit(cx as usize, cy as usize))
    }

    /// Whether the board uses the six hexagonal directions.
    pub const fn is_hex(self) -> bool {
        !matches!(self, Board::Square(_))
    }

    /// The neighbour directions as (file, rank) steps.
    pub const fn directions(self) -> &'static [(i8, i8)] {
        match self {
            Board::Square(_) => &SQUARE_DIRS,
            Board::Diamond | Board::Star => &HEX_DIRS,
        }
    }

    /// Every cell of the board as a bit index, in increasing order.
    pub fn cells(self) -> impl Iterator<Item = usize> {
        let w = self.width();
        (0..w * w)
            .map(move |i| (i % w, i / w))
            .filter(move |&(x, y)| self.contains(x as isize, y as isize))
            .map(move |(x, y)| self.bit(x, y))
    }

    /// The files of the cells on rank `y`, left to right.
    pub fn rank_files(self, y: usize) -> impl Iterator<Item = usize> {
        (0..self.width()).filter(move |&x| self.contains(x as isize, y as isize))
    }

    /// Number of cells.
    pub fn cell_count(self) -> usize {
        self.cells().count()
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
        // A rank beyond isize::MAX is off every board (as -1 is), not an overflow.
        let y = isize::try_from(rank).map_or(-1, |r| r - 1);
        let x = (file as u8 - b'a') as isize;
        if !self.contains(x, y) {
            return Err(bad(&format!("off the {} board", self.describe())));
        }
        Ok(self.bit(x as usize, y as usize))
    }

    /// A short human description, like `8x8`.
    pub fn describe(self) -> String {
        match self {
            Board::Square(_) => format!("{0}x{0}", self.width()),
            Board::Diamond => "diamond".into(),
            Board::Star => "star".into(),
        }
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
    /// For each direction (in the order of `OFFSETS`), the cells whose neighbour that way is
    /// a cell.
    const STEP_FROM: &'static [Self::BB];
    /// For each direction, the cells whose neighbour and the cell beyond it that way are
    /// cells: where a jump that way can start.
    const JUMP_FROM: &'static [Self::BB];
    /// Whether the layout wraps ([`Board::wraps`]): then shifts are masked with `STEP_FROM`
    /// or `JUMP_FROM`; otherwise a shift off the board lands on a bit that is no cell, and
    /// the masks are not needed.
    const WRAPS: bool = Self::BOARD.wraps();
}

/// `set` moved one cell in direction `i` (an index into `G::OFFSETS`), the members whose
/// neighbour that way is off the board dropped (on a layout that wraps; on the others they
/// land on bits that are no cell, as before).
#[inline(always)]
pub fn step<G: Geometry>(set: G::BB, i: usize) -> G::BB {
    let set = if G::WRAPS { set & G::STEP_FROM[i] } else { set };
    set.shift(G::OFFSETS[i])
}

/// A square board of side `N` (eight directions).
#[derive(Clone, Copy, Debug)]
pub struct Square<const N: usize>;

/// The 81-cell diamond (six directions).
#[derive(Clone, Copy, Debug)]
pub struct Diamond;

/// The 121-cell star (six directions).
#[derive(Clone, Copy, Debug)]
pub struct Star;

/// Bit offsets of the directions `dirs` in a layout of the given stride.
const fn offsets<const D: usize>(dirs: [(i8, i8); D], stride: usize) -> [isize; D] {
    let mut out = [0; D];
    let mut i = 0;
    while i < D {
        out[i] = dirs[i].1 as isize * stride as isize + dirs[i].0 as isize;
        i += 1;
    }
    out
}

/// For each direction of `dirs`, the cells of `board` from which `reach` steps that way
/// (1 and, for `reach` 2, 2) stay on the board.
const fn reach_masks<const L: usize, const D: usize>(
    board: Board,
    dirs: [(i8, i8); D],
    reach: isize,
) -> [Bits<L>; D] {
    let mut out = [Bits([0; L]); D];
    let w = board.width();
    let mut i = 0;
    while i < w * w {
        let (x, y) = ((i % w) as isize, (i / w) as isize);
        let mut d = 0;
        while d < D {
            let (dx, dy) = (dirs[d].0 as isize, dirs[d].1 as isize);
            let mut k = 0;
            let mut on = board.contains(x, y);
            while k < reach {
                k += 1;
                on = on && board.contains(x + k * dx, y + k * dy);
            }
            if on {
                out[d] = out[d].with_bit(board.bit(x as usize, y as usize));
            }
            d += 1;
        }
        i += 1;
    }
    out
}

/// The mask of the cells of `board` in its padded layout.
const fn board_cells<const L: usize>(board: Board) -> Bits<L> {
    let mut b = Bits([0; L]);
    let w = board.width();
    let mut i = 0;
    while i < w * w {
        let (x, y) = (i % w, i / w);
        if board.contains(x as isize, y as isize) {
            b = b.with_bit(board.bit(x, y));
        }
        i += 1;
    }
    b
}

impl Geometry for Diamond {
    type BB = Bits<2>;
    const BOARD: Board = Board::Diamond;
    const OFFSETS: &'static [isize] = &offsets(HEX_DIRS, 10);
    const CELLS: Bits<2> = board_cells::<2>(Board::Diamond);
    const STEP_FROM: &'static [Bits<2>] = &reach_masks::<2, 6>(Board::Diamond, HEX_DIRS, 1);
    const JUMP_FROM: &'static [Bits<2>] = &reach_masks::<2, 6>(Board::Diamond, HEX_DIRS, 2);
}

impl Geometry for Star {
    type BB = Bits<4>;
    const BOARD: Board = Board::Star;
    const OFFSETS: &'static [isize] = &offsets(HEX_DIRS, STAR_STRIDE);
    const CELLS: Bits<4> = board_cells::<4>(Board::Star);
    const STEP_FROM: &'static [Bits<4>] = &reach_masks::<4, 6>(Board::Star, HEX_DIRS, 1);
    const JUMP_FROM: &'static [Bits<4>] = &reach_masks::<4, 6>(Board::Star, HEX_DIRS, 2);
}

macro_rules! square_geometries {
    ($($n:literal => $limbs:literal),* $(,)?) => {
        $(
            impl Geometry for Square<$n> {
                type BB = Bits<$limbs>;
                const BOARD: Board = Board::Square(SquareSide($n));
                const OFFSETS: &'static [isize] =
                    &offsets(SQUARE_DIRS, Board::Square(SquareSide($n)).stride());
                const CELLS: Bits<$limbs> = board_cells::<$limbs>(Board::Square(SquareSide($n)));
                const STEP_FROM: &'static [Bits<$limbs>] =
                    &reach_masks::<$limbs, 8>(Board::Square(SquareSide($n)), SQUARE_DIRS, 1);
                const JUMP_FROM: &'static [Bits<$limbs>] =
                    &reach_masks::<$limbs, 8>(Board::Square(SquareSide($n)), SQUARE_DIRS, 2);
            }
        )*

    };
}

square_geometries! {
    6 => 1, 7 => 1, 8 => 2, 9 => 2, 10 => 2, 11 => 3, 12 => 3, 13 => 3,
    14 => 4, 15 => 4, 16 => 4,
}

/// Runs `$body` with `$G` bound to the [`Geometry`] type of `$board` (a [`Board`]): the one
/// place where a runtime board becomes a compile-time type, so everything inside is
/// monomorphised for that board.
#[macro_export]
macro_rules! with_geometry {
    ($board:expr, $G:ident => $body:expr) => {
        match $board {
            $crate::board::geometry::Board::Square(side) => $crate::with_geometry!(@square side.get(), $G => $body;
                6 7 8 9 10 11 12 13 14 15 16),
            $crate::board::geometry::Board::Diamond => {
                type $G = $crate::board::geometry::Diamond;
                $body
            }
            $crate::board::geometry::Board::Star => {
                type $G = $crate::board::geometry::Star;
                $body
            }
        }
    };
    (@square $n:expr, $G:ident => $body:expr; $($size:literal)*) => {
        match $n {
            $($size => {
                type $G = $crate::board::geometry::Square<$size>;
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
        let cells: Vec<usize> = board.cells().collect();
        assert!(
            cells.windows(2).all(|w| w[0] < w[1]),
            "cells in increasing order"
        );
        assert!(cells.iter().all(|&c| c < G::BB::CAPACITY));
        assert_eq!(G::CELLS.count() as usize, board.cell_count());
        for bit in board.cells() {
            assert!(G::CELLS.has(bit));
            let (x, y) = board.coords(bit);
            assert_eq!(board.bit(x, y), bit, "coords and bit round trip");
            assert!(board.contains(x as isize, y as isize));
            for (i, (&off, &(dx, dy))) in G::OFFSETS.iter().zip(board.directions()).enumerate() {
                let shifted = step::<G>(G::BB::single(bit), i) & G::CELLS;
                let raw = G::BB::single(bit).shift(off) & G::CELLS;
                let (nx, ny) = (x as isize + dx as isize, y as isize + dy as isize);
                let (fx, fy) = (nx + dx as isize, ny + dy as isize);
                assert_eq!(G::STEP_FROM[i].has(bit), board.contains(nx, ny));
                let jump = board.contains(nx, ny) && board.contains(fx, fy);
                assert_eq!(G::JUMP_FROM[i].has(bit), jump);
                if board.contains(nx, ny) {
                    let next = G::BB::single(board.bit(nx as usize, ny as usize));
                    assert_eq!(shifted, next);
                    assert_eq!(raw, next);
                } else {
                    assert!(
                        shifted.is_empty(),
                        "{bit} {dx},{dy} must fall off the board"
                    );
                    // Only a layout that wraps needs the masks.
                    assert!(G::WRAPS || raw.is_empty());
                }
            }
        }
    }

    #[test]
    fn every_layout_shifts_exactly_one_cell() {
        for n in MIN_SQUARE..=MAX_SQUARE {
            with_geometry!(Board::square(n).unwrap(), G => check_layout::<G>());
        }
        check_layout::<Diamond>();
        check_layout::<Star>();
    }

    #[test]
    fn hexagonal_boards_have_the_published_cell_counts() {
        assert_eq!(Board::Diamond.cell_count(), 81);
        assert_eq!(Board::Star.cell_count(), 121);
        // The diamond's neighbours: a2 and b1 are, a1 and b2 are not.
        let d = Board::Diamond;
        let a1 = d.bit(0, 0);
        let near = |c: usize| {
            Diamond::OFFSETS
                .iter()
                .any(|&o| Bits::<2>::single(a1).shift(o) == Bits::single(c))
        };
        assert!(near(d.bit(0, 1)) && near(d.bit(1, 0)) && !near(d.bit(1, 1)));
        // The star's six points: single cells on ranks 1 and 17, files e..m in between.
        let s = Board::Star;
        assert_eq!(s.rank_files(0).collect::<Vec<_>>(), vec![12]);
        assert_eq!(s.rank_files(16).collect::<Vec<_>>(), vec![4]);
        assert_eq!(s.rank_files(4).count(), 13);
        assert!(s.parse_cell("a1").is_err() && s.parse_cell("m1").is_ok());
    }

    #[test]
    fn cell_names_round_trip_and_reject_bad_input() {
        let b = Board::square(16).unwrap();
        for bit in b.cells() {
            assert_eq!(b.parse_cell(&b.cell_name(bit)).unwrap(), bit);
        }
        assert_eq!(b.cell_name(b.bit(15, 15)), "p16");
        let huge = [
            "a9223372036854775808",
            "a18446744073709551615",
            "a99999999999999999999",
        ];
        for bad in ["", "q1", "a0", "a17", "A1", "1a", "a", "a1x"]
            .iter()
            .chain(&huge)
        {
            assert!(b.parse_cell(bad).is_err(), "{bad}");
        }
        assert!(Board::square(5).is_err() && Board::square(17).is_err());
    }
}
