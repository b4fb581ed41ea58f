//! The 4×4 board as a `u16`: bit `4 * rank + file` (`a1` = 0, `d1` = 3, `a4` = 12, `d4` =
//! 15), the five directions of each side as shifts with the masks of the cells a shift may
//! start from, the home and goal ranks, and the Zobrist keys.

use crate::keys::StoneKeys;

/// The number of cells.
pub const CELLS: usize = 16;
/// The board's width and height.
pub const WIDTH: usize = 4;
/// Stones per side.
pub const STONES: u32 = 7;
/// Every cell.
pub const ALL: u16 = 0xFFFF;

/// Cells not on file `a` (a shift one file left may start there).
const NOT_A: u16 = 0xEEEE;
/// Cells not on file `d`.
const NOT_D: u16 = 0x7777;
/// Cells not on rank 4.
const NOT_TOP: u16 = 0x0FFF;
/// Cells not on rank 1.
const NOT_BOTTOM: u16 = 0xFFF0;

/// Ranks 1–2: A's home, B's goal.
pub const LOW_RANKS: u16 = 0x00FF;
/// Ranks 3–4: B's home, A's goal.
pub const HIGH_RANKS: u16 = 0xFF00;

/// The start: A on `a1 b1 c1 d1 a2 b2 c2`, B on `a4 b4 c4 d4 b3 c3 d3`.
pub const START: [u16; 2] = [0x007F, 0xFE00];

/// One direction of motion: the bit shift of one step and the cells a step may start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dir {
    /// Added to a cell index by one step (negative: toward `a1`).
    pub delta: i8,
    /// The cells from which one step stays on the board.
    pub from: u16,
}

impl Dir {
    /// The cells of `set` moved one step (those that would leave the board dropped).
    #[inline(always)]
    pub const fn step(self, set: u16) -> u16 {
        let set = set & self.from;
        if self.delta > 0 {
            set << self.delta
        } else {
            set >> -self.delta
        }
    }

    /// The cells of `set` moved one step backward (the inverse of [`Dir::step`]: only
    /// cells a step can reach are kept).
    #[inline(always)]
    pub const fn back(self, set: u16) -> u16 {
        let moved = if self.delta > 0 {
            set >> self.delta
        } else {
            set << -self.delta
        };
        moved & self.from
    }
}

/// The five directions of each side: forward, the two forward diagonals, the two sideways.
/// Forward is toward the opponent: rank + 1 for A, rank − 1 for B.
pub const DIRS: [[Dir; 5]; 2] = [
    [
        Dir {
            delta: 4,
            from: NOT_TOP,
        },
        Dir {
            delta: 5,
            from: NOT_TOP & NOT_D,
        },
        Dir {
            delta: 3,
            from: NOT_TOP & NOT_A,
        },
        Dir {
            delta: 1,
            from: NOT_D,
        },
        Dir {
            delta: -1,
            from: NOT_A,
        },
    ],
    [
        Dir {
            delta: -4,
            from: NOT_BOTTOM,
        },
        Dir {
            delta: -3,
            from: NOT_BOTTOM & NOT_D,
        },
        Dir {
            delta: -5,
            from: NOT_BOTTOM & NOT_A,
        },
        Dir {
            delta: 1,
            from: NOT_D,
        },
        Dir {
            delta: -1,
            from: NOT_A,
        },
    ],
];

/// The cells `side` must fill with all its stones to win: the opponent's two home ranks.
#[inline(always)]
pub const fn goal(side: usize) -> u16 {
    if side == 0 {
        HIGH_RANKS
    } else {
        LOW_RANKS
    }
}

/// The file (0 = `a`) and rank (0 = rank 1) of a cell.
#[inline(always)]
pub const fn coords(cell: usize) -> (usize, usize) {
    (cell % WIDTH, cell / WIDTH)
}

/// The cell of a file and rank (both 0-based, below [`WIDTH`]).
#[inline(always)]
pub const fn cell(file: usize, rank: usize) -> usize {
    rank * WIDTH + file
}

/// The name of a cell, like `c3`.
pub fn cell_name(cell: usize) -> String {
    let (f, r) = coords(cell);
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

pub use crate::bitboard::cells_of;

/// The Zobrist keys: the two turn keys, then one per side and cell, from the seed
/// "LEGRECZB".
pub static KEYS: StoneKeys<CELLS> = StoneKeys::new(0x4C45_4752_4543_5A42);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_stay_on_the_board_and_back_inverts_step() {
        for dirs in DIRS {
            for d in dirs {
                for c in 0..CELLS {
                    let (f, r) = coords(c);
                    let moved = d.step(1 << c);
                    if moved != 0 {
                        let to = moved.trailing_zeros() as usize;
                        let (tf, tr) = coords(to);
                        assert!(f.abs_diff(tf) <= 1 && r.abs_diff(tr) <= 1, "{c} -> {to}");
                        assert_eq!(to as i32 - c as i32, d.delta as i32);
                        assert_eq!(d.back(moved), 1 << c);
                    }
                }
            }
        }
        // Every cell but the far edge has a forward step.
        assert_eq!(DIRS[0][0].step(ALL), 0xFFF0);
        assert_eq!(DIRS[1][0].step(ALL), 0x0FFF);
    }
}
