//! The 37-hole hexagon as a `u64`: the 7×7 axial rhombus on a padded layout, bit `x + 8·y`
//! for file `x`, rank `y` (both 0-based), the holes being the cells with 3 ≤ x + y ≤ 9.
//!
//! Each rank takes eight bits, one more than its seven files: the eighth (file 7) is never a
//! hole, so every one of the six directions is one constant shift, masked with [`HOLES`],
//! and no shift wraps from one rank's edge onto a hole of another. A's three directions are
//! (x, y+1) = +8, (x−1, y) = −1, (x−1, y+1) = +7; B's the opposite three.

use crate::error::Error;
use crate::keys::StoneKeys;

/// A set of holes: bit `x + 8·y`.
pub type Holes = u64;

/// The bits per rank (seven files and a padding bit).
pub const STRIDE: usize = 8;
/// Files and ranks of the rhombus.
pub const WIDTH: usize = 7;
/// The cell indices (every hole's index is below it).
pub const CELLS: usize = STRIDE * WIDTH;
/// Men of each side.
pub const MEN: u32 = 17;

/// Whether file `x`, rank `y` (0-based, below [`WIDTH`]) is a hole.
pub const fn is_hole_at(x: usize, y: usize) -> bool {
    x < WIDTH && y < WIDTH && x + y >= 3 && x + y <= 9
}

/// The holes of the rhombus whose rank minus file is `cmp` compared with 0: less (A's
/// half), equal (the middle row), greater (B's half); `None` for every hole.
const fn holes_where(cmp: Option<std::cmp::Ordering>) -> Holes {
    let mut set = 0;
    let mut y = 0;
    while y < WIDTH {
        let mut x = 0;
        while x < WIDTH {
            let side = if y < x {
                std::cmp::Ordering::Less
            } else if y == x {
                std::cmp::Ordering::Equal
            } else {
                std::cmp::Ordering::Greater
            };
            let wanted = match cmp {
                None => true,
                Some(c) => c as i8 == side as i8,
            };
            if is_hole_at(x, y) && wanted {
                set |= 1 << (x + STRIDE * y);
            }
            x += 1;
        }
        y += 1;
    }
    set
}

/// The 37 holes.
pub const HOLES: Holes = holes_where(None);
/// The three middle holes `c3 d4 e5` (rank = file), empty at the start.
pub const MIDDLE: Holes = holes_where(Some(std::cmp::Ordering::Equal));
/// Each side's start: A the holes with rank < file, B those with rank > file (17 each).
pub const START: [Holes; 2] = [
    holes_where(Some(std::cmp::Ordering::Less)),
    holes_where(Some(std::cmp::Ordering::Greater)),
];
/// Each side's goal: the opponent's start holes.
pub const GOAL: [Holes; 2] = [START[1], START[0]];

/// Each rank's first file and number of holes, rank 1 first (the position text's shape).
pub const RANKS: [(usize, usize); WIDTH] = [(3, 4), (2, 5), (1, 6), (0, 7), (0, 6), (0, 5), (0, 4)];

/// The shift of each side's three directions, in the order (rank, file, diagonal): A's
/// raise rank − file, B's lower it.
pub const DIRS: [[i32; 3]; 2] = [[8, -1, 7], [-8, 1, -7]];

/// The holes of `set` moved one step by `delta` (those that would leave the board dropped).
#[inline(always)]
pub const fn shift(set: Holes, delta: i32) -> Holes {
    let moved = if delta > 0 {
        set << delta
    } else {
        set >> -delta
    };
    moved & HOLES
}

/// The file and rank (0-based) of a cell index.
#[inline(always)]
pub const fn coords(cell: usize) -> (usize, usize) {
    (cell % STRIDE, cell / STRIDE)
}

/// The cell index of file `x`, rank `y`.
#[inline(always)]
pub const fn cell(x: usize, y: usize) -> usize {
    x + STRIDE * y
}

/// Whether a cell index is one of the 37 holes.
#[inline(always)]
pub fn is_hole(cell: usize) -> bool {
    cell < CELLS && HOLES >> cell & 1 != 0
}

/// A cell's rank minus its file: the measure of progress (A raises it, B lowers it).
#[inline(always)]
pub const fn lean(cell: usize) -> i32 {
    let (x, y) = coords(cell);
    y as i32 - x as i32
}

/// The name of a cell, like `d4`.
pub fn cell_name(cell: usize) -> String {
    let (x, y) = coords(cell);
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// The hole called `name`; an error says whether it is no cell name at all or a cell of
/// the rhombus outside the hexagon.
pub fn parse_cell(name: &str) -> Result<usize, Error> {
    let mut chars = name.chars();
    let file = chars
        .next()
        .filter(|f| ('a'..='g').contains(f))
        .map(|f| f as usize - 'a' as usize);
    let rank = chars
        .as_str()
        .parse::<usize>()
        .ok()
        .filter(|r| (1..=WIDTH).contains(r) && !chars.as_str().starts_with('+'));
    match (file, rank) {
        (Some(x), Some(r)) if is_hole_at(x, r - 1) => Ok(cell(x, r - 1)),
        (Some(_), Some(_)) => Err(Error::Cell(format!(
            "'{name}' is no hole of the Caeser board (the hexagon's holes have 4 <= file + rank \
             <= 10, files a..g, ranks 1..7)"
        ))),
        _ => Err(Error::Cell(format!(
            "'{name}' is not a cell name of the Caeser board (files a..g, ranks 1..7)"
        ))),
    }
}

pub use crate::bitboard::cells_of;

/// The Zobrist keys, from the seed "CAESER!!".
pub static KEYS: StoneKeys<CELLS> = StoneKeys::new(0x4341_4553_4552_2121);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hexagon_its_halves_and_its_directions() {
        assert_eq!(HOLES.count_ones(), 37);
        assert_eq!(MIDDLE.count_ones(), 3);
        assert_eq!(START[0].count_ones(), MEN);
        assert_eq!(START[1].count_ones(), MEN);
        assert_eq!(START[0] | START[1] | MIDDLE, HOLES);
        let names = |set: Holes| cells_of(set).map(cell_name).collect::<Vec<_>>().join(" ");
        assert_eq!(names(MIDDLE), "c3 d4 e5");
        assert_eq!(
            names(START[0]),
            "d1 e1 f1 g1 c2 d2 e2 f2 g2 d3 e3 f3 g3 e4 f4 g4 f5"
        );
        assert_eq!(
            names(START[1]),
            "b3 a4 b4 c4 a5 b5 c5 d5 a6 b6 c6 d6 e6 a7 b7 c7 d7"
        );
        for (y, &(first, n)) in RANKS.iter().enumerate() {
            for x in 0..WIDTH {
                assert_eq!(is_hole_at(x, y), (first..first + n).contains(&x));
            }
        }
        // Each shift is the neighbour in its direction, never a wrap.
        let offsets = [[(0, 1), (-1, 0), (-1, 1)], [(0, -1), (1, 0), (1, -1)]];
        for side in 0..2 {
            for (d, &(dx, dy)) in DIRS[side].iter().zip(&offsets[side]) {
                for c in cells_of(HOLES) {
                    let (x, y) = coords(c);
                    let (tx, ty) = (x as i32 + dx, y as i32 + dy);
                    let want = if (0..7).contains(&tx)
                        && (0..7).contains(&ty)
                        && is_hole_at(tx as usize, ty as usize)
                    {
                        1 << cell(tx as usize, ty as usize)
                    } else {
                        0
                    };
                    assert_eq!(shift(1 << c, *d), want, "{} by {d}", cell_name(c));
                }
            }
        }
    }

    #[test]
    fn cell_names_read_back() {
        for c in cells_of(HOLES) {
            assert_eq!(parse_cell(&cell_name(c)), Ok(c));
        }
        for bad in [
            "a1", "g7", "c1", "h4", "a0", "a8", "", "d", "D4", "d4x", "d+4",
        ] {
            assert!(parse_cell(bad).is_err(), "{bad}");
        }
        assert!(parse_cell("a1")
            .unwrap_err()
            .to_string()
            .contains("no hole"));
    }
}
