//! Lehrma and Lehrma with knights: the engine's bitboard generator beside the simple
//! reference (`src/lehrma.rs`) on the same positions.
//!
//! * `lehrma/movegen`, `lehrma-knights/movegen`: move lists of 200 positions from seeded
//!   random play (one element per position): `count_legal_moves`, `legal_moves_into`, and
//!   the reference's `moves`;
//! * `lehrma/perft3`, `lehrma-knights/perft3`: perft 3 from the start, engine and reference.
//!
//! `cargo bench -p halma-suite --bench lehrma -- --warm-up-time 1 --measurement-time 3`

#[path = "common/family.rs"]
mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::lehrma::{LehrmaKnights, LehrmaPlain};
use halma_suite::lehrma::NaiveLehrma;

fn bench(c: &mut Criterion) {
    let start = LehrmaPlain::start();
    let positions = family::played(&start, 200, 80, NaiveLehrma::from_text);
    family::movegen_group(c, "lehrma", &positions);
    family::perft_group(c, "lehrma", &start, &NaiveLehrma::start_of(false), 3);
    let start = LehrmaKnights::start();
    let positions = family::played(&start, 200, 80, NaiveLehrma::from_text);
    family::movegen_group(c, "lehrma-knights", &positions);
    family::perft_group(c, "lehrma-knights", &start, &NaiveLehrma::start_of(true), 3);
}

criterion_group!(benches, bench);
criterion_main!(benches);
