//! The 9×9 board as one `u128`: cell `a1` is bit 0, cell (file `x`, rank `y`) is bit
//! `9 * y + x`, and bits 81.. are always clear. Sets of cells are plain `u128` words, so that
//! the wall and slide computations are shifts and masks over the whole board.

use crate::error::Error;

/// Files and ranks.
pub const N: usize = 9;
/// Cells on the board (every cell index is below it).
pub const CELLS: usize = N * N;
/// Every cell.
pub const BOARD: u128 = (1u128 << CELLS) - 1;
/// The cells of file `a`.
pub const FILE_A: u128 = file_mask(0);
/// The cells of file `i`.
pub const FILE_I: u128 = file_mask(N - 1);

/// The set holding only `cell`.
#[inline(always)]
pub const fn bit(cell: usize) -> u128 {
    1u128 << cell
}

/// The cell of file `x`, rank `y` (0-based).
#[inline(always)]
pub const fn cell(x: usize, y: usize) -> usize {
    y * N + x
}

/// The (file, rank) of `cell`, 0-based.
#[inline(always)]
pub const fn coords(cell: usize) -> (usize, usize) {
    (cell % N, cell / N)
}

/// The cells of file `x`.
const fn file_mask(x: usize) -> u128 {
    let mut m = 0;
    let mut y = 0;
    while y < N {
        m |= bit(cell(x, y));
        y += 1;
    }
    m
}

/// Each side's yard, its six start cells: A's the corner triangle at `a1` (x + y ≤ 2), B's
/// the one at `i9`.
pub const YARDS: [u128; 2] = [yard(false), yard(true)];

const fn yard(far: bool) -> u128 {
    let mut m = 0;
    let mut c = 0;
    while c < CELLS {
        let (x, y) = coords(c);
        let d = if far { 2 * (N - 1) - x - y } else { x + y };
        if d <= 2 {
            m |= bit(c);
        }
        c += 1;
    }
    m
}

/// The four slide directions as (file, rank) steps: east, north, west, south. The first
/// two go towards higher bit indices, the last two towards lower.
pub const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// `RAYS[d][c]`: the cells from `c` (excluded) to the edge in direction `d`.
pub const RAYS: [[u128; CELLS]; 4] = rays();

const fn rays() -> [[u128; CELLS]; 4] {
    let mut out = [[0; CELLS]; 4];
    let mut d = 0;
    while d < 4 {
        let (dx, dy) = DIRECTIONS[d];
        let mut c = 0;
        while c < CELLS {
            let (x, y) = coords(c);
            let (mut x, mut y) = (x as isize + dx, y as isize + dy);
            while x >= 0 && y >= 0 && x < N as isize && y < N as isize {
                out[d][c] |= bit(cell(x as usize, y as usize));
                x += dx;
                y += dy;
            }
            c += 1;
        }
        d += 1;
    }
    out
}

/// The member of `set` (non-empty, on one ray in direction `d`) nearest to the ray's origin.
#[inline(always)]
pub fn nearest(d: usize, set: u128) -> usize {
    debug_assert!(set != 0);
    if d < 2 {
        set.trailing_zeros() as usize
    } else {
        127 - set.leading_zeros() as usize
    }
}

/// The members of `ray` (a ray in direction `d`) strictly before its member `stop`.
#[inline(always)]
pub fn before(d: usize, ray: u128, stop: usize) -> u128 {
    ray & !(RAYS[d][stop] | bit(stop))
}

pub use crate::bitboard::cells_of;

/// The cells reached from `gen` going east through the cells of `prop` (Kogge–Stone
/// occluded fill; `gen` included). Four doublings cover the eight steps of a rank.
#[inline(always)]
pub fn fill_east(mut gen: u128, mut prop: u128) -> u128 {
    prop &= !FILE_A;
    gen |= prop & (gen << 1);
    prop &= prop << 1;
    gen |= prop & (gen << 2);
    prop &= prop << 2;
    gen |= prop & (gen << 4);
    prop &= prop << 4;
    gen | (prop & (gen << 8))
}

/// As [`fill_east`], going west.
#[inline(always)]
pub fn fill_west(mut gen: u128, mut prop: u128) -> u128 {
    prop &= !FILE_I;
    gen |= prop & (gen >> 1);
    prop &= prop >> 1;
    gen |= prop & (gen >> 2);
    prop &= prop >> 2;
    gen |= prop & (gen >> 4);
    prop &= prop >> 4;
    gen | (prop & (gen >> 8))
}

/// As [`fill_east`], going north (`prop` must lie on the board).
#[inline(always)]
pub fn fill_north(mut gen: u128, mut prop: u128) -> u128 {
    gen |= prop & (gen << N);
    prop &= prop << N;
    gen |= prop & (gen << (2 * N));
    prop &= prop << (2 * N);
    gen |= prop & (gen << (4 * N));
    prop &= prop << (4 * N);
    gen | (prop & (gen << (8 * N)))
}

/// As [`fill_east`], going south.
#[inline(always)]
pub fn fill_south(mut gen: u128, mut prop: u128) -> u128 {
    gen |= prop & (gen >> N);
    prop &= prop >> N;
    gen |= prop & (gen >> (2 * N));
    prop &= prop >> (2 * N);
    gen |= prop & (gen >> (4 * N));
    prop &= prop >> (4 * N);
    gen | (prop & (gen >> (8 * N)))
}

/// The name of `cell`, like `c3`.
pub fn cell_name(cell: usize) -> String {
    let (x, y) = coords(cell);
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// The cell called `name` (`a1`..`i9`); the error says what is wrong.
pub fn parse_cell(name: &str) -> Result<usize, Error> {
    let bad = || Error::Cell(format!("'{name}' is not a cell of the 9×9 board (a1..i9)"));
    let mut chars = name.chars();
    let file = chars.next().ok_or_else(bad)?;
    let digits = chars.as_str();
    if !matches!(digits.len(), 1 | 2) || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let rank: usize = digits.parse().map_err(|_| bad())?;
    let x = (file as usize).wrapping_sub('a' as usize);
    if x >= N || !(1..=N).contains(&rank) || digits.starts_with('0') {
        return Err(bad());
    }
    Ok(cell(x, rank - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_and_yards() {
        assert_eq!(RAYS[0][cell(0, 0)].count_ones(), 8);
        assert_eq!(RAYS[3][cell(4, 4)].count_ones(), 4);
        assert_eq!(YARDS[0].count_ones(), 6);
        assert_eq!(YARDS[1], YARDS[0].reverse_bits() >> (128 - CELLS));
        for c in 0..CELLS {
            assert_eq!(parse_cell(&cell_name(c)), Ok(c));
        }
        for bad in ["", "a", "j1", "a0", "a10", "a01", "A1", "a+1"] {
            assert!(parse_cell(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn fills_stop_at_the_edges() {
        let all = BOARD;
        assert_eq!(fill_east(bit(cell(0, 3)), all), 0x1ff << 27);
        assert_eq!(fill_west(bit(cell(8, 3)), all), 0x1ff << 27);
        assert_eq!(fill_north(bit(cell(2, 0)), all), file_mask(2));
        assert_eq!(fill_south(bit(cell(2, 8)), all), file_mask(2));
    }
}
