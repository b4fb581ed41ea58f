//! An engine for Halma and its family: the game layer ([`game`]: the traits every game
//! implements — its rules [`GameRules`], its [`Evaluation`] and its [`SearchHints`], which
//! make a [`Game`]), the games ([`games`]: Halma and Chinese Checkers in [`games::halma`],
//! one module per relative, the runtime choice [`games::Variant`] and [`with_game!`]), and
//! the searchers written once for every game ([`search`]: alpha-beta, [`mcts`], [`perft`],
//! the [`player`] trait front ends drive).
//!
//! Halma's modules live in [`games::halma`] like every game's (`games::halma::rules`,
//! `games::halma::position`, …); the root re-exports only the types a Halma front end starts
//! from: a [`Rules`], whose board [`with_geometry!`] turns into a compile-time [`Geometry`]
//! once, a [`Setup`] and a [`Position`] built from it, and everything below is
//! monomorphised for that board.

pub mod bitboard;
pub mod board;
pub mod error;
pub mod game;
pub mod games;
pub mod keys;
pub mod mcts;
pub mod moves;
pub mod perft;
pub mod picture;
pub mod player;
pub mod position_files;
pub mod rng;
pub mod search;
pub mod turns;
pub mod weights;

pub use bitboard::{BitBoard, Bits};
pub use board::geometry::{Board, Geometry, Square};
pub use error::Error;
pub use game::Status;
pub use game::{Evaluation, Game, GameRules, SearchHints, Team};
pub use games::halma::position::Position;
pub use games::halma::rules::Rules;
pub use games::halma::setup::Setup;
pub use moves::Move;

/// The hash map used wherever the engine keys a map by Zobrist key or cell: fxhash's
/// hasher behind one alias, so a successor crate is a one-line change.
pub type FastHashMap<K, V> = fxhash::FxHashMap<K, V>;
