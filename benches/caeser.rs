//! Caeser: the engine's bitboard generator beside the simple reference (`src/caeser.rs`) on
//! the same positions.
//!
//! * `caeser/movegen`: move lists of 200 positions from seeded random play (one element per
//!   position): `count_legal_moves`, `legal_moves_into`, and the reference's `legal_moves`;
//! * `caeser/perft4/start`: perft 4 from the start (3,627 leaves), engine and reference.
//!
//! `cargo bench -p halma-suite --bench caeser -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::caeser::CaeserPosition;
use halma_suite::caeser::{NaiveCaeser, BENCH};

fn bench(c: &mut Criterion) {
    let start = ("caeser", CaeserPosition::start());
    family::bench::<_, NaiveCaeser>(c, start, BENCH, 4, |s, _| vec![("start", s)]);
}

criterion_group!(benches, bench);
criterion_main!(benches);
