//! Lehrma and Lehrma with knights: the engine's bitboard generator beside the simple
//! reference (`src/lehrma.rs`) on the same positions.
//!
//! * `lehrma/movegen`, `lehrma-knights/movegen`: move lists of 200 positions from seeded
//!   random play (one element per position): `count_legal_moves`, `legal_moves_into`, and
//!   the reference's `legal_moves`;
//! * `lehrma/perft3/start`, `lehrma-knights/perft3/start`: perft 3 from the start, engine
//!   and reference.
//!
//! `cargo bench -p halma-suite --bench lehrma -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::lehrma::{LehrmaKnights, LehrmaPlain};
use halma_suite::lehrma::{NaiveLehrma, BENCH};

fn bench(c: &mut Criterion) {
    let plain = ("lehrma", LehrmaPlain::start());
    family::bench::<_, NaiveLehrma>(c, plain, BENCH, 3, |s, _| vec![("start", s)]);
    let knights = ("lehrma-knights", LehrmaKnights::start());
    family::bench::<_, NaiveLehrma>(c, knights, BENCH, 3, |s, _| vec![("start", s)]);
}

criterion_group!(benches, bench);
criterion_main!(benches);
