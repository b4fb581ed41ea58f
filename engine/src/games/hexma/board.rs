//! The star of Chinese Checkers as Halma's star geometry ([`Star`]): 121 cells inside the
//! 17×17 axial rhombus around `i9`, stored in Halma's star layout (cell `x + 14·y` for file
//! `x`, rank `y`, both 0-based: no row of the star is longer than 13 cells, so a stride of 14
//! keeps a bit that is no cell after each row) in a [`Bits<4>`] bitboard, so that each of
//! the six directions is one constant shift ([`Star::OFFSETS`]) masked with [`STAR`].
//! Files run past the stride, so a file and rank off the star may name a cell's bit: test
//! [`Board::contains`] before [`Board::bit`], and read a bit's file and rank with
//! [`Board::coords`].
//!
//! The masks here are written from RULES-relatives.md §9: the start of each side, the two
//! edges both sides join, and the connection test ([`joins_edges`]).

use crate::bitboard::{BitBoard, Bits};
use crate::board::geometry::{Board, Geometry, Star, STAR_STRIDE};
use crate::error::Error;
use crate::keys::StoneKeys;

/// A set of cells of the star.
pub type Stones = Bits<4>;

/// The board: Halma's 121-cell star.
pub const BOARD: Board = Board::Star;
/// Bits per rank (Halma's star layout: fewer than the 17 files, see the module doc).
pub const STRIDE: usize = STAR_STRIDE;
/// Ranks (and files) of the rhombus.
pub const WIDTH: usize = 17;
/// The cell indices: every cell's index is below it.
pub const CELLS: usize = STRIDE * WIDTH;
/// Stones of each side.
pub const STONES: u32 = 13;

/// The 121 cells.
pub const STAR: Stones = Star::CELLS;

/// The cells named in `names` (space-separated, like `m1 l2`), at compile time.
const fn named(names: &str) -> Stones {
    let b = names.as_bytes();
    let mut set = Bits([0; 4]);
    let mut i = 0;
    while i < b.len() {
        if b[i] == b' ' {
            i += 1;
            continue;
        }
        let x = (b[i] - b'a') as usize;
        i += 1;
        let mut rank = 0;
        while i < b.len() && b[i] != b' ' {
            rank = 10 * rank + (b[i] - b'0') as usize;
            i += 1;
        }
        assert!(
            BOARD.contains(x as isize, rank as isize - 1),
            "a cell of the star"
        );
        set = set.with_bit(x + STRIDE * (rank - 1));
    }
    set
}

/// Each side's start (13 stones): A the bottom triangle and `j5 k5 l5`, B the top triangle
/// and `f13 g13 h13` (their point reflection through `i9`).
pub const START: [Stones; 2] = [
    named("m1 l2 m2 k3 l3 m3 j4 k4 l4 m4 j5 k5 l5"),
    named("e17 e16 f16 e15 f15 g15 e14 f14 g14 h14 f13 g13 h13"),
];

/// The bottom edge: the star's boundary cells of rank 5 and below.
pub const BOTTOM: Stones = named("m1 l2 m2 k3 m3 j4 m4 e5 f5 g5 h5 i5 m5 n5 o5 p5 q5");
/// The top edge: the bottom edge's point reflection.
pub const TOP: Stones =
    named("e17 e16 f16 e15 g15 e14 h14 a13 b13 c13 d13 e13 i13 j13 k13 l13 m13");

/// Each rank's first file and number of cells, rank 1 first (the position text's shape).
pub const RANKS: [(usize, usize); WIDTH] = ranks();

const fn ranks() -> [(usize, usize); WIDTH] {
    let mut out = [(0, 0); WIDTH];
    let mut y = 0;
    while y < WIDTH {
        let mut x = 0;
        while !BOARD.contains(x as isize, y as isize) {
            x += 1;
        }
        let mut n = 0;
        while BOARD.contains((x + n) as isize, y as isize) {
            n += 1;
        }
        out[y] = (x, n);
        y += 1;
    }
    out
}

/// The cells next to a cell of `set` (on the star), `set` included.
#[inline(always)]
pub fn grow(set: Stones) -> Stones {
    let mut out = set;
    for &d in Star::OFFSETS {
        out |= set.shift(d);
    }
    out & STAR
}

/// The cells of `within` six-connected to `seed` inside `within` (`seed` taken inside it).
#[inline(always)]
pub fn spread(seed: Stones, within: Stones) -> Stones {
    let mut reached = seed & within;
    let mut frontier = reached;
    while !frontier.is_empty() {
        let next = grow(frontier) & within;
        frontier = next.without(reached);
        reached |= frontier;
    }
    reached
}

/// Whether one six-connected group of `stones` has a stone on each edge.
#[inline(always)]
pub fn joins_edges(stones: Stones) -> bool {
    stones.intersects(TOP)
        && stones.intersects(BOTTOM)
        && spread(stones & BOTTOM, stones).intersects(TOP)
}

/// The name of a cell, like `i9`.
pub fn cell_name(cell: usize) -> String {
    BOARD.cell_name(cell)
}

/// The cell called `name`; the error says what is wrong (Halma's star names).
pub fn parse_cell(name: &str) -> Result<usize, Error> {
    BOARD.parse_cell(name)
}

/// The Zobrist keys, from the seed "HEXMA!!!".
pub static KEYS: StoneKeys<CELLS> = StoneKeys::new(0x4845_584d_4121_2121);

#[cfg(test)]
mod tests {
    use super::*;

    fn names(set: Stones) -> String {
        set.iter().map(cell_name).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn start_edges_and_ranks_are_those_of_the_rules() {
        assert_eq!(STAR.count(), 121);
        assert_eq!((START[0].count(), START[1].count()), (STONES, STONES));
        assert_eq!((BOTTOM.count(), TOP.count()), (17, 17));
        assert!(!START[0].intersects(START[1]));
        // Point reflection through i9 = (8, 8) maps A's start and the bottom edge onto B's
        // start and the top edge.
        let reflect = |set: Stones| {
            let mut out = Stones::EMPTY;
            for c in set.iter() {
                let (x, y) = BOARD.coords(c);
                out.set(16 - x + STRIDE * (16 - y));
            }
            out
        };
        assert_eq!(reflect(START[0]), START[1]);
        assert_eq!(reflect(BOTTOM), TOP);
        assert_eq!(names(START[0] & BOTTOM), "m1 l2 m2 k3 m3 j4 m4");
        assert_eq!(RANKS[0], (12, 1));
        assert_eq!(RANKS[4], (4, 13));
        assert_eq!(RANKS[8], (4, 9));
        assert_eq!(RANKS[12], (0, 13));
        assert_eq!(RANKS[16], (4, 1));
        assert_eq!(RANKS.iter().map(|r| r.1).sum::<usize>(), 121);
    }

    #[test]
    fn spreading_follows_the_six_neighbours() {
        // i9 j9 (a rank) and i9 h10 (the up-left diagonal) are neighbours; i9 h8 is not.
        let cell = |n: &str| parse_cell(n).unwrap();
        let set = |ns: &[&str]| {
            let mut s = Stones::EMPTY;
            ns.iter().for_each(|n| s.set(cell(n)));
            s
        };
        let i9 = set(&["i9"]);
        let within = set(&["i9", "j9", "h10", "h8"]);
        assert_eq!(spread(i9, within), set(&["i9", "j9", "h10"]));
        assert_eq!(spread(i9, set(&["i9", "j10"])), i9);
        assert_eq!(grow(set(&["m1"])), set(&["m1", "l2", "m2"]));
        // A column up file e from e5 to e13 joins the edges; with a hole it does not.
        let column: Vec<String> = (5..=13).map(|r| format!("e{r}")).collect();
        let names: Vec<&str> = column.iter().map(String::as_str).collect();
        assert!(joins_edges(set(&names)));
        assert!(!joins_edges(set(&names[1..])));
        assert!(!joins_edges(set(&names[..8])));
    }
}
