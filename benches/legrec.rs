//! Le Grec: the engine's bitboard generator beside the simple reference (`src/legrec.rs`)
//! on the same positions, and the solution's build.
//!
//! * `legrec/movegen`: move lists of 200 positions from seeded random play (one element per
//!   position): `count_legal_moves`, `legal_moves_into`, and the reference's `legal_moves`;
//! * `legrec/perft5/start`: perft 5 from the start (3,189 leaves), engine and reference;
//! * `legrec/solve`: `Solution::build`, the retrograde analysis of all 823,680 states.
//!
//! `cargo bench -p halma-suite --bench legrec -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::legrec::{LeGrecPosition, Solution};
use halma_suite::legrec::{NaiveLeGrec, BENCH};

fn bench(c: &mut Criterion) {
    let start = ("legrec", LeGrecPosition::start());
    family::bench::<_, NaiveLeGrec>(c, start, BENCH, 5, |s, _| vec![("start", s)]);

    let mut group = c.benchmark_group("legrec/solve");
    group.sample_size(10);
    group.bench_function("build", |b| b.iter(Solution::build));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
