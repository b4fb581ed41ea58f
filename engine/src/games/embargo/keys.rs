//! Embargo's Zobrist keys: one per (side, cell) and one per side to move, fixed constants
//! drawn at compile time by SplitMix64 from a seed of their own.

use super::board::CELLS;
use crate::zobrist::splitmix64;

/// The seed of the key table ("EMBARGO!").
const SEED: u64 = 0x454d_4241_5247_4f21;

/// The key table: `[side][cell]` for stones, then the two sides to move.
pub struct Keys {
    /// The key of a stone of a side on a cell.
    pub stone: [[u64; CELLS]; 2],
    /// The key of a side being to move.
    pub turn: [u64; 2],
}

/// The keys, built once at compile time.
pub const KEYS: Keys = build();

const fn build() -> Keys {
    let mut keys = Keys {
        stone: [[0; CELLS]; 2],
        turn: [0; 2],
    };
    let mut state = SEED;
    let mut i = 0;
    while i < 2 * CELLS + 2 {
        let (next, value) = splitmix64(state);
        state = next;
        if i < 2 * CELLS {
            keys.stone[i / CELLS][i % CELLS] = value;
        } else {
            keys.turn[i - 2 * CELLS] = value;
        }
        i += 1;
    }
    keys
}

/// The key of the stones `stones` (by side) with `to_move` to move, from scratch.
pub fn key_of(stones: [u128; 2], to_move: usize) -> u64 {
    let mut key = KEYS.turn[to_move];
    for (side, &set) in stones.iter().enumerate() {
        for c in super::board::Cells(set) {
            key ^= KEYS.stone[side][c];
        }
    }
    key
}
