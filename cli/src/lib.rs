//! The commands of `halma`, the command line of the Halma engine, as a library: the binary
//! (`main.rs`) only parses the arguments and calls a command's `run`, and the tests can
//! run the commands' parts in-process.
//!
//! Two layers (docs/architecture.md, "The command line"):
//!
//! * **commands**, one module each, which never import one another: [`analyse`],
//!   [`bench`], [`course`], [`games`], [`moves`], [`perft`], [`replay`], [`serve`], [`show`],
//!   [`solve`], [`tournament`], [`ugi`] (also `halma ccp`);
//! * **shared modules** the commands build on: [`output`] (standard output, JSON),
//!   [`numbers`] (bounds and their parsers), [`threads`], [`game_args`] (the game options),
//!   [`settings`] (the engine settings table), [`engine_kind`], [`player_spec`],
//!   [`record`] (the game-record format), [`dialect`] and [`ccp`] (the protocols' words),
//!   [`course_files`], [`lines`], [`text_file`], [`shard`], [`svg`].
//!
//! Every command that takes a position shares [`game_args::GameArgs`]; each command turns
//! the rules' runtime board into a compile-time geometry once, with `with_geometry!`.
//! Errors are one line, `halma: <message>`, with exit status 2.

pub mod analyse;
pub mod bench;
pub mod course;
pub mod games;
pub mod moves;
pub mod perft;
pub mod replay;
pub mod serve;
pub mod show;
pub mod solve;
pub mod tournament;
pub mod ugi;

pub mod ccp;
pub mod course_files;
pub mod dialect;
pub mod engine_kind;
pub mod game_args;
pub mod lines;
pub mod numbers;
pub mod output;
pub mod player_spec;
pub mod record;
pub mod settings;
pub mod shard;
pub mod svg;
pub mod text_file;
pub mod threads;

#[cfg(test)]
mod fuzz_tests;
