//! The integration tests of this package, in one test binary (cargo links one binary per
//! file under `tests/`, so one crate root keeps the suite's link time down): a module per
//! file beside this one. Run one file's tests with `cargo test --test cli <file>::`.

mod ccp;
mod cli;
mod common;
mod docs;
mod engine_choice;
mod family;
mod layers;
mod manager;
mod settings;
mod shards;
mod shards_hostile;
mod solve;
mod svg;
mod tournament;
mod ugi;
mod ugi_hostile;
mod web;
