//! The integration tests of this package, in one test binary (cargo links one binary per
//! file under `tests/`, so one crate root keeps the suite's link time down): a module per
//! file beside this one. Run one file's tests with `cargo test --test suite <file>::`.

mod caeser;
mod carrera;
mod ccerl;
mod differential;
mod embargo;
mod futility;
mod hexma;
mod legrec;
mod lehrma;
mod perft;
mod position;
mod renpaarden;
mod topsecret;
mod zug;
