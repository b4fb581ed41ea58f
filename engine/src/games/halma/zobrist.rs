//! Zobrist keys: one random 64-bit key per (side, cell) and per side to move, drawn from a
//! fixed seed so that keys (and so search results) are the same on every run and machine.

use crate::bitboard::BitBoard;
use crate::board::geometry::Board;
use crate::game::MAX_SIDES;
pub use crate::keys::splitmix64;

/// The seed of every key table.
const SEED: u64 = 0x4841_4c4d_415f_5a42; // "HALMA_ZB"

/// Draws the next key from `state`, advancing it.
fn draw(state: &mut u64) -> u64 {
    let (next, key) = splitmix64(*state);
    *state = next;
    key
}

/// The key tables of one game.
#[derive(Clone, Debug)]
pub struct Keys {
    cells: usize,
    piece: Vec<u64>,
    turn: [u64; MAX_SIDES],
}

impl Keys {
    /// Keys for `sides` sides on `board`, whose layout has `cells` bit positions.
    ///
    /// The keys are drawn in the order of each board's first layout, one guard column after
    /// every row (`y * (width + 1) + x`), and then placed on the cells' bits: so a cell keeps
    /// its key when its board's layout changes (the star moved to four limbs), and the keys
    /// pinned by `engine/tests/zobrist_pins.rs` stay those of every game played before.
    pub fn new(sides: usize, board: Board, cells: usize) -> Keys {
        let first_stride = board.width() + 1;
        let drawn = cells.max(board.width() * first_stride).next_multiple_of(64);
        let mut state = SEED;
        let turn = std::array::from_fn(|_| draw(&mut state));
        let table: Vec<u64> = (0..sides * drawn).map(|_| draw(&mut state)).collect();
        let first_bit = |bit: usize| {
            let (x, y) = board.coords(bit);
            if board.contains(x as isize, y as isize) && board.bit(x, y) == bit {
                y * first_stride + x
            } else {
                bit
            }
        };
        let piece = (0..sides * cells)
            .map(|i| table[i / cells * drawn + first_bit(i % cells)])
            .collect();
        Keys { cells, piece, turn }
    }

    /// A table from its parts: `piece[side * cells + cell]` and the turn keys by side.
    pub fn from_tables(cells: usize, piece: Vec<u64>, turn: [u64; MAX_SIDES]) -> Keys {
        Keys { cells, piece, turn }
    }

    /// The number of sides keyed.
    pub fn sides(&self) -> usize {
        self.piece.len() / self.cells
    }

    /// The key of a piece of `side` on `cell`.
    #[inline(always)]
    pub fn piece(&self, side: usize, cell: usize) -> u64 {
        self.piece[side * self.cells + cell]
    }

    /// The combined key of `side`'s pieces on the cells of `pieces`.
    #[inline]
    pub fn pieces<B: BitBoard>(&self, side: usize, pieces: B) -> u64 {
        pieces
            .iter()
            .fold(0, |key, cell| key ^ self.piece(side, cell))
    }

    /// The key of `side` being to move.
    #[inline(always)]
    pub fn turn(&self, side: usize) -> u64 {
        self.turn[side]
    }

    /// The key of a whole two-side position from scratch: `pieces` of each side, `to_move`
    /// to move.
    pub fn position<B: BitBoard>(&self, pieces: [B; 2], to_move: usize) -> u64 {
        pieces
            .iter()
            .enumerate()
            .fold(self.turn(to_move), |key, (side, &p)| {
                key ^ self.pieces(side, p)
            })
    }
}
