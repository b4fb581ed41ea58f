//! Zobrist keys: one random 64-bit key per (side, cell) and per side to move, drawn from a
//! fixed seed so that keys (and so search results) are the same on every run and machine.

use crate::bitboard::BitBoard;
use crate::game::MAX_SIDES;
use crate::geometry::Board;

/// The seed of every key table.
const SEED: u64 = 0x4841_4c4d_415f_5a42; // "HALMA_ZB"

/// One step of the SplitMix64 generator, a fast, well-mixed 64-bit sequence: the next
/// state and the value drawn. A `const fn`, so the relatives' key tables are constants.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// The key tables of a two-sided game on `CELLS` cells, drawn at compile time from a seed
/// of the game's own: the two turn keys first, then `[side][cell]` for stones.
#[derive(Clone, Debug)]
pub struct StoneKeys<const CELLS: usize> {
    stone: [[u64; CELLS]; 2],
    turn: [u64; 2],
}

impl<const CELLS: usize> StoneKeys<CELLS> {
    /// The tables drawn from `seed` (a `const fn`, for a game's key constant).
    pub const fn new(seed: u64) -> Self {
        let mut state = seed;
        let mut turn = [0; 2];
        let mut stone = [[0; CELLS]; 2];
        let mut i = 0;
        while i < 2 + 2 * CELLS {
            let (next, key) = splitmix64(state);
            state = next;
            if i < 2 {
                turn[i] = key;
            } else {
                stone[(i - 2) / CELLS][(i - 2) % CELLS] = key;
            }
            i += 1;
        }
        StoneKeys { stone, turn }
    }

    /// The key of a stone of `side` on `cell`.
    #[inline(always)]
    pub const fn piece(&self, side: usize, cell: usize) -> u64 {
        self.stone[side][cell]
    }

    /// The key of `side` being to move.
    #[inline(always)]
    pub const fn turn(&self, side: usize) -> u64 {
        self.turn[side]
    }

    /// The key, from scratch, of each side's stones on the cells `cells[side]` yields, with
    /// `to_move` to move.
    pub fn arrangement<I: Iterator<Item = usize>>(&self, cells: [I; 2], to_move: usize) -> u64 {
        let mut key = self.turn(to_move);
        for (side, cells) in cells.into_iter().enumerate() {
            key = cells.fold(key, |key, cell| key ^ self.piece(side, cell));
        }
        key
    }
}

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
}
