//! The integration tests of this package, in one test binary (cargo links one binary per
//! file under `tests/`, so one crate root keeps the suite's link time down): a module per
//! file beside this one. Run one file's tests with `cargo test --test engine <file>::`.

#[path = "fuzz_support/checks.rs"]
mod checks;
mod fuzz;
mod fuzz_support;
mod game_texts;
mod mcts_tactics;
mod notation;
mod picture;
mod search;
mod solve;
mod tactics;
mod zobrist_pins;
