//! The chessboard as a `u64`: bit `x + 8·y` for file `x`, rank `y` (both 0-based), `a1`
//! bit 0. The piece kinds, the two setups' start sets by side and kind, the camps, the
//! square colours, the ray tables of the slides, the knight leaps and the Zobrist keys.

use crate::error::Error;
use crate::games::knight::KnightBoard;
use crate::keys::StoneKeys;

/// A set of squares: bit `x + 8·y`.
pub type Squares = u64;

/// Files and ranks.
pub const WIDTH: usize = 8;
/// The cell indices.
pub const CELLS: usize = 64;
/// Pieces of each side.
pub const PIECES: u32 = 10;

/// The piece kinds, in the order of the position's kind sets.
pub const ROOK: usize = 0;
/// Bishop.
pub const BISHOP: usize = 1;
/// Knight (the `lehrma-knights` setup only).
pub const KNIGHT: usize = 2;
/// Pawn.
pub const PAWN: usize = 3;
/// The number of kinds.
pub const KINDS: usize = 4;
/// The kinds' letters (upper case for A, lower case for B in texts and diagrams).
pub const LETTERS: [char; KINDS] = ['R', 'B', 'N', 'P'];
/// The kinds' names, for messages.
pub const KIND_NAMES: [&str; KINDS] = ["rook", "bishop", "knight", "pawn"];

/// The dark squares: file + rank (0-based) even, `a1` dark.
pub const DARK: Squares = {
    let mut set = 0;
    let mut c = 0;
    while c < CELLS {
        if (c % WIDTH + c / WIDTH).is_multiple_of(2) {
            set |= 1 << c;
        }
        c += 1;
    }
    set
};

/// The squares of the colour of `cell`.
#[inline(always)]
pub const fn colour_of(cell: usize) -> Squares {
    if DARK >> cell & 1 != 0 {
        DARK
    } else {
        !DARK
    }
}

/// File `a` and file `h`, for the guarded sideways shifts.
pub const FILE_A: Squares = 0x0101_0101_0101_0101;
/// File `h`.
pub const FILE_H: Squares = FILE_A << 7;

/// The start sets `[side][kind]` of a setup whose A corner is `h1` (`lehrma`) or `a1`
/// (`lehrma-knights`), B in the opposite corner: the 10 squares at distance
/// |dx| + |dy| ≤ 3 from the corner, the rook on it, the bishops next to it, the knights
/// (with knights) on the two edge squares at distance 2, pawns on the rest.
pub const fn start_sets(knights: bool) -> [[Squares; KINDS]; 2] {
    let corners: [(usize, usize); 2] = if knights {
        [(0, 0), (7, 7)]
    } else {
        [(7, 0), (0, 7)]
    };
    let mut sets = [[0; KINDS]; 2];
    let mut side = 0;
    while side < 2 {
        let (cx, cy) = corners[side];
        let mut c = 0;
        while c < CELLS {
            let (x, y) = (c % WIDTH, c / WIDTH);
            let dx = x.abs_diff(cx);
            let dy = y.abs_diff(cy);
            if dx + dy <= 3 {
                let kind = match (dx, dy) {
                    (0, 0) => ROOK,
                    (1, 0) | (0, 1) => BISHOP,
                    (2, 0) | (0, 2) if knights => KNIGHT,
                    _ => PAWN,
                };
                sets[side][kind] |= 1 << c;
            }
            c += 1;
        }
        side += 1;
    }
    sets
}

/// The union of a side's kind sets: its camp.
pub const fn union(sets: [Squares; KINDS]) -> Squares {
    sets[0] | sets[1] | sets[2] | sets[3]
}

/// The eight directions as (file, rank) steps: the four orthogonal ones first (rook), then
/// the four diagonal ones (bishop); the even ones run toward higher bits, the odd ones
/// toward lower bits.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

/// `RAYS[d][cell]`: the squares from `cell` (excluded) to the edge in direction `d`.
pub static RAYS: [[Squares; CELLS]; 8] = {
    let mut rays = [[0; CELLS]; 8];
    let mut d = 0;
    while d < 8 {
        let (dx, dy) = DIRECTIONS[d];
        let mut c = 0;
        while c < CELLS {
            let (mut x, mut y) = ((c % WIDTH) as i32 + dx, (c / WIDTH) as i32 + dy);
            while x >= 0 && x < 8 && y >= 0 && y < 8 {
                rays[d][c] |= 1 << (x + 8 * y);
                x += dx;
                y += dy;
            }
            c += 1;
        }
        d += 1;
    }
    rays
};

/// `KNIGHT_LEAPS[cell]`: the squares a knight on `cell` leaps to (from the knight games'
/// shared board, [`KnightBoard`], on the whole 8×8 square).
pub static KNIGHT_LEAPS: [Squares; CELLS] = {
    let wide: [u128; CELLS] = KnightBoard::new(WIDTH, u64::MAX as u128).table();
    let mut table = [0; CELLS];
    let mut c = 0;
    while c < CELLS {
        table[c] = wide[c] as Squares;
        c += 1;
    }
    table
};

/// The squares of `set` one step north, south, east and west (nothing wraps).
#[inline(always)]
pub const fn orthogonal_shifts(set: Squares) -> [Squares; 4] {
    [
        set << 8,
        set >> 8,
        (set << 1) & !FILE_A,
        (set >> 1) & !FILE_H,
    ]
}

/// The name of a cell, like `e4`.
pub fn cell_name(cell: usize) -> String {
    crate::games::text::cell_name(cell, WIDTH)
}

/// The cell called `name`; the error says what is wrong.
pub fn parse_cell(name: &str) -> Result<usize, Error> {
    crate::games::text::parse_cell(name, WIDTH)
}

pub use crate::bitboard::cells_of;

/// The Zobrist keys, one "cell" per (kind, square): index `kind·64 + square`; from the seed
/// "LEHRMA!!".
pub static KEYS: StoneKeys<{ KINDS * CELLS }> = StoneKeys::new(0x4c45_4852_4d41_2121);

/// The key index of a piece of `kind` on `cell`.
#[inline(always)]
pub const fn key_cell(kind: usize, cell: usize) -> usize {
    kind * CELLS + cell
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(set: Squares) -> String {
        cells_of(set).map(cell_name).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_two_setups_are_the_rules_diagrams() {
        let plain = start_sets(false);
        assert_eq!(names(plain[0][ROOK]), "h1");
        assert_eq!(names(plain[0][BISHOP]), "g1 h2");
        assert_eq!(names(plain[0][KNIGHT]), "");
        assert_eq!(names(plain[0][PAWN]), "e1 f1 f2 g2 g3 h3 h4");
        assert_eq!(names(plain[1][ROOK]), "a8");
        assert_eq!(names(plain[1][BISHOP]), "a7 b8");
        assert_eq!(names(plain[1][PAWN]), "a5 a6 b6 b7 c7 c8 d8");
        let knights = start_sets(true);
        assert_eq!(names(knights[0][ROOK]), "a1");
        assert_eq!(names(knights[0][BISHOP]), "b1 a2");
        assert_eq!(names(knights[0][KNIGHT]), "c1 a3");
        assert_eq!(names(knights[0][PAWN]), "d1 b2 c2 b3 a4");
        assert_eq!(names(knights[1][ROOK]), "h8");
        assert_eq!(names(knights[1][BISHOP]), "h7 g8");
        assert_eq!(names(knights[1][KNIGHT]), "h6 f8");
        assert_eq!(names(knights[1][PAWN]), "h5 g6 f7 g7 e8");
        for sets in [plain, knights] {
            for side in sets {
                assert_eq!(union(side).count_ones(), PIECES);
                // Setup 1's bishops on dark squares, setup 2's on light ones.
                assert_eq!(side[BISHOP] & DARK != 0, side[BISHOP] & !DARK == 0);
            }
        }
        assert_eq!(plain[0][BISHOP] & !DARK, 0);
        assert_eq!(knights[0][BISHOP] & DARK, 0);
    }

    #[test]
    fn rays_leaps_and_shifts() {
        let e4 = parse_cell("e4").unwrap();
        assert_eq!(names(RAYS[0][e4]), "f4 g4 h4");
        assert_eq!(names(RAYS[5][e4]), "b1 c2 d3");
        assert_eq!(names(KNIGHT_LEAPS[0]), "c2 b3");
        let a1 = 1u64;
        assert_eq!(orthogonal_shifts(a1), [1 << 8, 0, 2, 0]);
        let h1 = 1u64 << 7;
        assert_eq!(orthogonal_shifts(h1), [1 << 15, 0, 0, 1 << 6]);
        assert_eq!(colour_of(0), DARK);
        assert_eq!(names(DARK & 0xff), "a1 c1 e1 g1");
    }
}
