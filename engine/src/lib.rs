//! Halma and Chinese Checkers engine: board geometry and bitboards, the rules of every named
//! rule set, a bitboard move generator built on a jump-closure flood fill, Zobrist hashing
//! and perft.
//!
//! Start from a [`Rules`], turn its board into a compile-time [`Geometry`] once with
//! [`with_geometry!`], build a [`Setup`] and a [`Position`] from it, and everything below is
//! monomorphised for that board.

pub mod bitboard;
pub mod error;
pub mod eval;
pub mod game;
pub mod games;
pub mod geometry;
pub mod mcts;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod player;
pub mod position;
pub mod race;
pub mod rng;
pub mod rules;
pub mod search;
pub mod setup;
pub mod solve;
pub mod zobrist;

pub use bitboard::{BitBoard, Bits};
pub use error::Error;
pub use game::{Game, Team};
pub use geometry::{Board, Geometry, Square};
pub use moves::Move;
pub use position::{Position, Status};
pub use rules::Rules;
pub use setup::Setup;

/// The hash map used wherever the engine keys a map by Zobrist key or cell: fxhash's
/// hasher behind one alias, so a successor crate is a one-line change.
pub type FastHashMap<K, V> = fxhash::FxHashMap<K, V>;
