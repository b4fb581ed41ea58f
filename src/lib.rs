//! Test and benchmark support shared by the workspace's integration tests (`tests/`) and
//! criterion benchmarks (`benches/`): deliberately simple reference implementations to
//! compare the engine against.

/// Weak-human self-play for positions from real play.
pub mod playout;

/// The simple per-cell reference for Caeser.
pub mod caeser;
/// The simple per-cell reference for Carrera de Caballos.
pub mod carrera;
/// The conformance suite of a relative against its reference, by one line a game.
pub mod conformance;
/// The simple per-cell reference for Embargo.
pub mod embargo;
/// The checks of a relative against its reference, written once.
pub mod family_checks;
/// The simple reference for Le Grec.
pub mod legrec;
/// The simple per-cell reference move generator and rules.
pub mod naive;
/// The family's perft tables in `positions/perft/family/`.
pub mod perft_table;
/// Random playouts and random placements for the tests.
pub mod random;
/// The one reference design: the trait, the naive turn bookkeeping, perft by copy, the
/// grid helpers and seeded random play.
pub mod reference;
/// The simple per-cell reference for Renpaarden.
pub mod renpaarden;
/// The array-and-tables baseline generator (neighbour and hop tables, depth-first hops).
pub mod tables;
/// The simple per-cell reference for Top Secret.
pub mod topsecret;
/// The simple per-cell reference for Le Zug.
pub mod zug;

/// The rule sets with a benchmark suite in `positions/bench/` (one file each), written by
/// `examples/bench_positions.rs` and measured by `benches/movegen.rs`.
pub const BENCH_RULE_SETS: [&str; 7] = [
    "halma8",
    "halma10",
    "halma16",
    "halma16-4",
    "diamond",
    "star-2",
    "star-6",
];

/// The simple per-cell reference for Hexma.
pub mod hexma;
/// The simple per-cell reference for Lehrma and Lehrma with knights.
pub mod lehrma;
