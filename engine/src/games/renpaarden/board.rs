//! The 9×9 board as a `u128` bitboard: cell `x + 9·y` (file `x`, rank `y`, both 0-based, so
//! `a1` is bit 0 and `i9` bit 80), the start and goal cells of each side, the knight leaps
//! of a whole set of cells by shifts and file guards, and the cell names.

use crate::error::Error;

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

/// The cells of file `x`.
const fn file(x: usize) -> Cells {
    let mut set = 0;
    let mut y = 0;
    while y < WIDTH {
        set |= 1 << (x + WIDTH * y);
        y += 1;
    }
    set
}

/// The cells of rank `y`.
const fn rank(y: usize) -> Cells {
    ((1 << WIDTH) - 1) << (WIDTH * y)
}

/// Cells a leap one file to the right may start from (not file `i`).
const NOT_I: Cells = BOARD & !file(8);
/// Cells a leap two files to the right may start from (not files `h`, `i`).
const NOT_HI: Cells = BOARD & !file(7) & !file(8);
/// Cells a leap one file to the left may start from (not file `a`).
const NOT_A: Cells = BOARD & !file(0);
/// Cells a leap two files to the left may start from (not files `a`, `b`).
const NOT_AB: Cells = BOARD & !file(0) & !file(1);

/// Each side's start cells: A ranks 1–2, B ranks 8–9.
pub const START: [Cells; 2] = [rank(0) | rank(1), rank(7) | rank(8)];
/// Each side's goal: the opponent's start cells.
pub const GOAL: [Cells; 2] = [START[1], START[0]];

/// The eight knight leaps as (file, rank) offsets.
pub const LEAPS: [(isize, isize); 8] = [
    (1, 2),
    (-1, 2),
    (2, 1),
    (-2, 1),
    (1, -2),
    (-1, -2),
    (2, -1),
    (-2, -1),
];

/// Every cell one knight leap from a cell of `set`, by eight shifts of the whole board.
/// Each shift first drops the cells whose leap would leave the board sideways (the file
/// guards), so that no leap wraps around an edge; leaps past the top rank fall outside
/// [`BOARD`], leaps below rank 1 are shifted out of the word.
#[inline(always)]
pub fn leaps(set: Cells) -> Cells {
    let up = ((set & NOT_I) << 19)
        | ((set & NOT_A) << 17)
        | ((set & NOT_HI) << 11)
        | ((set & NOT_AB) << 7);
    let down = ((set & NOT_A) >> 19)
        | ((set & NOT_I) >> 17)
        | ((set & NOT_AB) >> 11)
        | ((set & NOT_HI) >> 7);
    (up | down) & BOARD
}

/// The cell `(dx, dy)` from `cell`, if it is on the board.
pub fn offset(cell: usize, (dx, dy): (isize, isize)) -> Option<usize> {
    let (x, y) = (cell % WIDTH, cell / WIDTH);
    let (x, y) = (x.checked_add_signed(dx)?, y.checked_add_signed(dy)?);
    (x < WIDTH && y < WIDTH).then_some(x + WIDTH * y)
}

/// Builds [`KNIGHT`] from the offsets, cell by cell (a compile-time table).
const fn knight_table() -> [Cells; CELLS] {
    let mut table = [0; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (x, y) = ((cell % WIDTH) as isize, (cell / WIDTH) as isize);
        let mut i = 0;
        while i < LEAPS.len() {
            let (tx, ty) = (x + LEAPS[i].0, y + LEAPS[i].1);
            if tx >= 0 && ty >= 0 && tx < WIDTH as isize && ty < WIDTH as isize {
                table[cell] |= 1 << (tx as usize + WIDTH * ty as usize);
            }
            i += 1;
        }
        cell += 1;
    }
    table
}

/// `KNIGHT[c]`: the cells one knight leap from cell `c`.
pub static KNIGHT: [Cells; CELLS] = knight_table();

/// Whether a knight leaps from `a` to `b`.
#[inline]
pub fn is_leap(a: usize, b: usize) -> bool {
    KNIGHT[a] >> b & 1 != 0
}

/// Iterates over the cells of a set, lowest first.
#[inline(always)]
pub fn cells_of(mut set: Cells) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let cell = set.trailing_zeros() as usize;
            set &= set - 1;
            cell
        })
    })
}

/// The name of a cell: file letter and rank number, `a1` … `i9`.
pub fn cell_name(cell: usize) -> String {
    format!(
        "{}{}",
        (b'a' + (cell % WIDTH) as u8) as char,
        cell / WIDTH + 1
    )
}

/// The cell called `name` (`a1` … `i9`); the error says what is wrong.
pub fn parse_cell(name: &str) -> Result<usize, Error> {
    let bad = |why: &str| Err(Error::Cell(format!("'{name}' {why}")));
    let mut chars = name.chars();
    let Some(letter) = chars.next() else {
        return bad("is not a cell (expected a file letter a-i and a rank 1-9, like e5)");
    };
    let digits = chars.as_str();
    if !letter.is_ascii_lowercase()
        || digits.is_empty()
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return bad("is not a cell (expected a file letter a-i and a rank 1-9, like e5)");
    }
    let x = (letter as u8 - b'a') as usize;
    let y = digits.parse::<usize>().unwrap_or(usize::MAX);
    if x >= WIDTH || !(1..=WIDTH).contains(&y) {
        return bad("lies off the 9x9 board (files a-i, ranks 1-9)");
    }
    Ok(x + WIDTH * (y - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifted_leaps_match_the_per_cell_table_and_never_wrap() {
        for (cell, &knight) in KNIGHT.iter().enumerate() {
            let by_offsets = LEAPS
                .iter()
                .filter_map(|&d| offset(cell, d))
                .fold(0, |set: Cells, c| set | 1 << c);
            assert_eq!(leaps(1 << cell), knight, "{}", cell_name(cell));
            assert_eq!(by_offsets, knight, "{}", cell_name(cell));
        }
        assert_eq!(leaps(BOARD).count_ones(), 81);
        assert_eq!(KNIGHT[0].count_ones(), 2);
        assert_eq!(KNIGHT[40].count_ones(), 8);
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
