//! Test and benchmark support shared by the workspace's integration tests (`tests/`) and
//! criterion benchmarks (`benches/`): deliberately simple reference implementations to
//! compare the engine against.

/// Weak-human self-play for positions from real play.
pub mod playout;

/// The simple per-cell reference move generator and rules.
pub mod naive;
/// Random playouts and random placements for the tests.
pub mod random;
