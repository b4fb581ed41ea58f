//! An engine for Halma and its family: the game layer ([`game`]: the [`Game`] trait every
//! game implements), the games ([`games`]: Halma and Chinese Checkers in [`games::halma`],
//! one module per relative, the runtime choice [`games::Variant`] and [`with_game!`]), and
//! the searchers written once for every game ([`search`]: alpha-beta, [`mcts`], [`perft`],
//! the [`player`] trait front ends drive).
//!
//! Halma's own modules are re-exported at the root (`geometry`, `rules`, `setup`,
//! `position`, …): start from a [`Rules`], turn its board into a compile-time [`Geometry`]
//! once with [`with_geometry!`], build a [`Setup`] and a [`Position`] from it, and everything
//! below is monomorphised for that board.

pub mod bitboard;
pub mod error;
pub mod game;
pub mod games;
pub mod keys;
pub mod mcts;
pub mod moves;
pub mod perft;
pub mod picture;
pub mod player;
pub mod rng;
pub mod search;
pub mod turns;
pub mod weights;

pub use games::halma::{
    eval, futility, geometry, movegen, notation, position, race, rules, setup, solve, zobrist,
};

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
