//! The cargo-fuzz targets' shared code: the checks of the proptest fuzzers
//! (`engine/tests/fuzz_support/checks.rs`, included by path so both apply the same ones).

#[path = "../../engine/tests/fuzz_support/checks.rs"]
pub mod checks;
