//! Knight leaps on a square board held in one `u128` (cell `x + width·y`, file `x`, rank
//! `y`, both 0-based), shared by the knight games (Renpaarden, Carrera de Caballos).
//!
//! A [`KnightBoard`] is a board's cells (any subset of the `width`×`width` square: Carrera's
//! has missing corners) with, for each of the eight leaps, the *guard*: the cells whose leap
//! lands on a cell of the board. A leap of a whole set of cells is then one mask and one
//! shift, and a leap can neither wrap around a side edge (the file guard) nor land off the
//! board or on a missing cell. Everything is `const`, so a game's board is a constant and the
//! shifts fold to immediates.

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

/// A square board's cells and its knight leaps as guarded shifts.
#[derive(Clone, Copy, Debug)]
pub struct KnightBoard {
    /// Files (and ranks) of the enclosing square.
    width: usize,
    /// The cells of the board.
    cells: u128,
    /// `guard[i]`: the cells whose leap `LEAPS[i]` lands on a cell of the board.
    guard: [u128; 8],
    /// `shift[i]`: the bit offset of leap `LEAPS[i]`, `dx + width·dy`.
    shift: [isize; 8],
}

impl KnightBoard {
    /// The board of the cells `cells` of a `width`×`width` square (at most 11×11, so that
    /// every cell fits in 128 bits; the guards keep every leap inside the square).
    pub const fn new(width: usize, cells: u128) -> KnightBoard {
        assert!(width >= 3 && width * width <= 128);
        let mut board = KnightBoard {
            width,
            cells,
            guard: [0; 8],
            shift: [0; 8],
        };
        let mut i = 0;
        while i < 8 {
            let (dx, dy) = LEAPS[i];
            board.shift[i] = dx + width as isize * dy;
            let mut cell = 0;
            while cell < width * width {
                if let Some(to) = board.offset(cell, (dx, dy)) {
                    if cells >> cell & 1 != 0 && cells >> to & 1 != 0 {
                        board.guard[i] |= 1 << cell;
                    }
                }
                cell += 1;
            }
            i += 1;
        }
        board
    }

    /// Files (and ranks) of the enclosing square.
    pub const fn width(&self) -> usize {
        self.width
    }

    /// The cells of the board.
    pub const fn cells(&self) -> u128 {
        self.cells
    }

    /// The square's cell `(dx, dy)` from `cell`, if it lies inside the square (missing
    /// cells included).
    pub const fn offset(&self, cell: usize, (dx, dy): (isize, isize)) -> Option<usize> {
        let w = self.width as isize;
        let (x, y) = (
            (cell % self.width) as isize + dx,
            (cell / self.width) as isize + dy,
        );
        if x >= 0 && y >= 0 && x < w && y < w {
            Some((x + w * y) as usize)
        } else {
            None
        }
    }

    /// The cells that leap `i` ([`LEAPS`]) from a cell of `set` reaches: one mask, one shift.
    #[inline(always)]
    pub const fn leap(&self, set: u128, i: usize) -> u128 {
        let s = self.shift[i];
        if s >= 0 {
            (set & self.guard[i]) << s
        } else {
            (set & self.guard[i]) >> -s
        }
    }

    /// The bit offset of leap `i`: a cell reached by [`KnightBoard::leap`] `i` from `from`
    /// is `from + shift(i)`.
    #[inline(always)]
    pub const fn shift(&self, i: usize) -> isize {
        self.shift[i]
    }

    /// Every cell one knight leap from a cell of `set`, by eight guarded shifts.
    #[inline(always)]
    pub const fn leaps(&self, set: u128) -> u128 {
        let mut out = 0;
        let mut i = 0;
        while i < 8 {
            out |= self.leap(set, i);
            i += 1;
        }
        out
    }

    /// `table[c]`: the cells one leap from cell `c` (for the first `N` cells; a
    /// compile-time table).
    pub const fn table<const N: usize>(&self) -> [u128; N] {
        let mut table = [0; N];
        let mut cell = 0;
        while cell < N {
            table[cell] = self.leaps(1 << cell);
            cell += 1;
        }
        table
    }

    /// The cells by knight distance from `from` over the board's cells: layer `d` holds
    /// the cells exactly `d` leaps from the nearest cell of `from` (breadth-first search by
    /// whole-board leaps); cells never reached are in no layer.
    pub fn distance_layers(&self, from: u128) -> Vec<u128> {
        let mut reached = from & self.cells;
        let mut layer = reached;
        let mut layers = Vec::new();
        while layer != 0 {
            layers.push(layer);
            layer = self.leaps(layer) & !reached;
            reached |= layer;
        }
        layers
    }

    /// `dist[c]`: the knight leaps from cell `c` to the nearest cell of `from`
    /// ([`u8::MAX`] for cells not reached or off the board), for the first `N` cells.
    pub fn distances<const N: usize>(&self, from: u128) -> [u8; N] {
        let mut dist = [u8::MAX; N];
        for (d, &layer) in self.distance_layers(from).iter().enumerate() {
            for cell in cells_of(layer) {
                if cell < N {
                    dist[cell] = d.min(u8::MAX as usize - 1) as u8;
                }
            }
        }
        dist
    }
}

pub use crate::bitboard::cells_of;

#[cfg(test)]
mod tests {
    use super::*;

    /// The per-cell knight neighbours by offsets, for the checks.
    fn by_offsets(board: &KnightBoard, cell: usize) -> u128 {
        if board.cells() >> cell & 1 == 0 {
            return 0;
        }
        LEAPS
            .iter()
            .filter_map(|&d| board.offset(cell, d))
            .filter(|&to| board.cells() >> to & 1 != 0)
            .fold(0, |set, to| set | 1 << to)
    }

    #[test]
    fn guarded_shifts_give_the_offsets_and_never_wrap() {
        let square = KnightBoard::new(9, (1 << 81) - 1);
        // The 10×10 square without two corner triangles (Carrera's board).
        let mut cells = 0u128;
        for c in 0..100usize {
            if (c % 10).abs_diff(c / 10) <= 4 {
                cells |= 1 << c;
            }
        }
        let cut = KnightBoard::new(10, cells);
        for board in [square, cut] {
            let w = board.width();
            let table: [u128; 100] = board.table();
            for (cell, &leaps) in table.iter().enumerate().take(w * w) {
                assert_eq!(leaps, by_offsets(&board, cell), "cell {cell}");
                assert_eq!(board.leaps(1 << cell), leaps);
                for to in cells_of(leaps) {
                    assert_eq!(to as isize - cell as isize, {
                        let i = (0..8).find(|&i| board.leap(1 << cell, i) >> to & 1 != 0);
                        board.shift(i.unwrap())
                    });
                }
            }
            assert_eq!(board.leaps(u128::MAX) & !board.cells(), 0);
        }
        assert_eq!(square.leaps(square.cells()).count_ones(), 81);
        // Every cell of both boards is reached from a corner cell.
        assert_eq!(
            square.distance_layers(1).iter().fold(0, |a, l| a | l),
            square.cells()
        );
        assert_eq!(
            cut.distance_layers(1).iter().fold(0, |a, l| a | l),
            cut.cells()
        );
        let dist: [u8; 100] = cut.distances(1);
        assert_eq!((dist[0], dist[21], dist[12]), (0, 1, 1));
        assert_eq!(dist[9], u8::MAX, "j1 is a missing cell");
    }
}
