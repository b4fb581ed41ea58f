//! Embargo's Zobrist keys: one per (side, cell) and one per side to move, drawn at compile
//! time from a seed of their own ([`StoneKeys`]).

use super::board::CELLS;
use crate::keys::StoneKeys;

/// The key table, from the seed "EMBARGO!".
pub static KEYS: StoneKeys<CELLS> = StoneKeys::new(0x454d_4241_5247_4f21);

/// The key of the stones `stones` (by side) with `to_move` to move, from scratch.
pub fn key_of(stones: [u128; 2], to_move: usize) -> u64 {
    KEYS.arrangement(stones.map(super::board::cells_of), to_move)
}
