//! The 145 dark squares of the 17×17 board as two `u128` halves, so that each of the four
//! diagonal directions is one constant shift.
//!
//! A cell index is the square's place on the whole board, `x + 17·y` (file `x`, rank `y`,
//! 0-based; dark when `x + y` is even), as moves and names use it. The bit sets split the
//! dark squares by the parity of their rank:
//! * half 0, the even ranks (`y = 2j`, `x = 2i`, `i, j` in 0..9): bit `9j + i`, 81 bits;
//! * half 1, the odd ranks (`y = 2j + 1`, `x = 2i + 1`, `i` in 0..8, `j` in 0..8): bit
//!   `9j + i`, the ninth bit of each row (`i = 8`) never a square.
//!
//! A diagonal step always changes the rank's parity, so it takes a set of one half to the
//! other by one shift: from half 0, north-east is +0, north-west −1, south-east −9,
//! south-west −10; from half 1, +10, +9, +1 and +0. A step off the board lands on a bit
//! outside the target half's [`MASK`] (the padding bit of a row of half 1, or past the last
//! row), so masking after the shift is all the edge handling there is. A jump is two steps
//! in one direction and lands in the origin's half.

use crate::error::Error;
use crate::keys::StoneKeys;

/// A set of dark squares of one half (bit `9j + i`).
pub type Half = u128;
/// A set of dark squares: `[even ranks, odd ranks]`.
pub type Squares = [Half; 2];

/// Files and ranks of the board.
pub const WIDTH: usize = 17;
/// The cell indices (`x + 17·y`, every cell below it).
pub const CELLS: usize = WIDTH * WIDTH;
/// Pieces of each side once placed.
pub const PIECES: u32 = 12;
/// Pieces of each side before the placement (its back rank).
pub const BACK_PIECES: u32 = 9;

/// The directions, as indices: north-east, north-west, south-east, south-west.
pub const NE: usize = 0;
/// North-west (up and left).
pub const NW: usize = 1;
/// South-east (down and right).
pub const SE: usize = 2;
/// South-west (down and left).
pub const SW: usize = 3;
/// `SHIFT[dir][half]`: the shift of a step in `dir` from a square of `half`.
pub const SHIFT: [[i32; 2]; 4] = [[0, 10], [-1, 9], [-9, 1], [-10, 0]];
/// Each side's forward directions: A up the board, B down.
pub const FORWARD: [[usize; 2]; 2] = [[NE, NW], [SE, SW]];
/// All four diagonals (the backward phase).
pub const ALL_DIRS: [usize; 4] = [NE, NW, SE, SW];

/// The dark squares of the ranks `lo..=hi` (0-based).
const fn ranks(lo: usize, hi: usize) -> Squares {
    let mut set = [0; 2];
    let mut y = lo;
    while y <= hi {
        let h = y % 2;
        let mut x = h;
        while x < WIDTH {
            set[h] |= 1 << (9 * (y / 2) + x / 2);
            x += 2;
        }
        y += 1;
    }
    set
}

/// The squares of each half.
pub const MASK: Squares = ranks(0, WIDTH - 1);
/// Each side's camp: ranks 1–4 for A, 14–17 for B.
pub const CAMP: [Squares; 2] = [ranks(0, 3), ranks(13, 16)];
/// Each side's back rank (its nine start squares): rank 1 for A, 17 for B.
pub const BACK: [Squares; 2] = [ranks(0, 0), ranks(16, 16)];
/// Each side's second rank (where it places three pieces): rank 2 for A, 16 for B.
pub const SECOND: [Squares; 2] = [ranks(1, 1), ranks(15, 15)];

/// The squares of `set` moved one step in `dir` from `half` (into the other half), those
/// leaving the board dropped.
#[inline(always)]
pub const fn step(set: Half, half: usize, dir: usize) -> Half {
    let d = SHIFT[dir][half];
    let moved = if d >= 0 { set << d } else { set >> -d };
    moved & MASK[1 - half]
}

/// The half and bit of a dark square's cell index.
#[inline(always)]
pub const fn half_bit(cell: usize) -> (usize, u32) {
    let (x, y) = (cell % WIDTH, cell / WIDTH);
    (y % 2, (9 * (y / 2) + x / 2) as u32)
}

/// The cell index of bit `bit` of `half`.
#[inline(always)]
pub const fn cell_of(half: usize, bit: u32) -> usize {
    let (j, i) = (bit as usize / 9, bit as usize % 9);
    (2 * i + half) + WIDTH * (2 * j + half)
}

/// Whether a cell index is a dark square.
#[inline(always)]
pub const fn is_dark(cell: usize) -> bool {
    cell < CELLS && (cell % WIDTH + cell / WIDTH).is_multiple_of(2)
}

/// The rank (0-based) of a cell index.
#[inline(always)]
pub const fn rank(cell: usize) -> usize {
    cell / WIDTH
}

/// The set holding the square `cell` alone.
#[inline(always)]
pub const fn single(cell: usize) -> Squares {
    let (h, b) = half_bit(cell);
    let mut set = [0; 2];
    set[h] = 1 << b;
    set
}

/// Whether `set` holds the square `cell`.
#[inline(always)]
pub const fn has(set: Squares, cell: usize) -> bool {
    let (h, b) = half_bit(cell);
    set[h] >> b & 1 != 0
}

/// The squares of a set.
#[inline(always)]
pub const fn count(set: Squares) -> u32 {
    set[0].count_ones() + set[1].count_ones()
}

/// The cells of one half's set, lowest bit first.
#[inline(always)]
pub fn bits_of(mut set: Half) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let b = set.trailing_zeros();
            set &= set - 1;
            b
        })
    })
}

/// The cell indices of a set, half 0 first.
pub fn cells_of(set: Squares) -> impl Iterator<Item = usize> {
    bits_of(set[0])
        .map(|b| cell_of(0, b))
        .chain(bits_of(set[1]).map(|b| cell_of(1, b)))
}

/// The name of a cell, like `b2` or `q17`.
pub fn cell_name(cell: usize) -> String {
    crate::games::text::cell_name(cell, WIDTH)
}

/// The dark square called `name`; an error says whether it is no cell of the 17×17 board
/// or a light square.
pub fn parse_cell(name: &str) -> Result<usize, Error> {
    let cell = crate::games::text::parse_cell(name, WIDTH)?;
    if is_dark(cell) {
        Ok(cell)
    } else {
        Err(Error::Cell(format!(
            "'{name}' is a light square: Le Zug uses only the dark squares (file + rank \
             even, like a1, b2, c1)"
        )))
    }
}

/// The Zobrist keys, from the seed "LE ZUG!!".
pub static KEYS: StoneKeys<CELLS> = StoneKeys::new(0x4c45_205a_5547_2121);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_ranks_and_camps() {
        assert_eq!(count(MASK), 145);
        assert_eq!((MASK[0].count_ones(), MASK[1].count_ones()), (81, 64));
        for side in 0..2 {
            assert_eq!(count(CAMP[side]), 9 + 8 + 9 + 8);
            assert_eq!(count(BACK[side]), 9);
            assert_eq!(count(SECOND[side]), 8);
        }
        let names = |set| cells_of(set).map(cell_name).collect::<Vec<_>>().join(" ");
        assert_eq!(names(BACK[0]), "a1 c1 e1 g1 i1 k1 m1 o1 q1");
        assert_eq!(names(SECOND[1]), "b16 d16 f16 h16 j16 l16 n16 p16");
        assert_eq!((0..CELLS).filter(|&c| is_dark(c)).count(), 145);
        for cell in 0..CELLS {
            if is_dark(cell) {
                assert!(has(MASK, cell));
                let (h, b) = half_bit(cell);
                assert_eq!(cell_of(h, b), cell);
                assert_eq!(parse_cell(&cell_name(cell)), Ok(cell));
            }
        }
        assert!(parse_cell("a2").unwrap_err().to_string().contains("light"));
        assert!(parse_cell("r1").is_err() && parse_cell("a18").is_err());
    }

    #[test]
    fn each_shift_is_the_diagonal_neighbour_never_a_wrap() {
        let offsets = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
        for cell in cells_of(MASK) {
            let (x, y) = ((cell % WIDTH) as i32, (cell / WIDTH) as i32);
            let (h, b) = half_bit(cell);
            for (dir, (dx, dy)) in offsets.into_iter().enumerate() {
                let (tx, ty) = (x + dx, y + dy);
                let mut want = [0; 2];
                if (0..17).contains(&tx) && (0..17).contains(&ty) {
                    want = single((tx + 17 * ty) as usize);
                }
                let mut got = [0; 2];
                got[1 - h] = step(1 << b, h, dir);
                assert_eq!(got, want, "{} dir {dir}", cell_name(cell));
            }
        }
    }
}
