//! The Zobrist key tables every game draws its keys from: the SplitMix64 generator and the
//! two-side table of the relatives ([`StoneKeys`]), both `const`, so that a game's keys are a
//! compile-time constant drawn from a seed of its own and the same on every run and machine.
//! Halma's tables for up to six sides ([`crate::games::halma::zobrist`]) draw from the same generator.

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

/// A two-side key table seen whatever its number of cells (for code generic over games).
pub trait TwoSideKeys: Send + Sync + 'static {
    /// The key of a piece of `side` on `cell`.
    fn piece(&self, side: usize, cell: usize) -> u64;
    /// The key of `side` being to move.
    fn turn(&self, side: usize) -> u64;
    /// The key, from scratch, of each side's pieces on the cells `cells[side]` yields, with
    /// `to_move` to move.
    fn arrangement<I: Iterator<Item = usize>>(&self, cells: [I; 2], to_move: usize) -> u64;
}

impl<const CELLS: usize> TwoSideKeys for StoneKeys<CELLS> {
    #[inline(always)]
    fn piece(&self, side: usize, cell: usize) -> u64 {
        StoneKeys::piece(self, side, cell)
    }

    #[inline(always)]
    fn turn(&self, side: usize) -> u64 {
        StoneKeys::turn(self, side)
    }

    fn arrangement<I: Iterator<Item = usize>>(&self, cells: [I; 2], to_move: usize) -> u64 {
        StoneKeys::arrangement(self, cells, to_move)
    }
}
