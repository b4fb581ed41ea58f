//! Embargo move generation speed: the engine's word-operation generator
//! (`halma_engine::games::embargo`) beside the per-cell reference (`halma_suite::embargo`)
//! on the same positions, so that the ratio shows.
//!
//! * `embargo/movegen`: the ongoing positions of `positions/perft/family/embargo.txt` and
//!   of every position one move from them (one element per position): `count_legal_moves`,
//!   `legal_moves_into`, and the reference's `legal_moves`;
//! * `embargo/perft3/start`: perft 3 from the start (70,000-odd leaves), engine and
//!   reference.
//!
//! `cargo bench -p halma-suite --bench embargo -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::embargo::EmbargoPosition;
use halma_suite::embargo::{NaiveEmbargo, BENCH};

fn embargo(c: &mut Criterion) {
    let start = ("embargo", EmbargoPosition::start());
    family::bench::<_, NaiveEmbargo>(c, start, BENCH, 3, |s, _| vec![("start", s)]);
}

criterion_group!(benches, embargo);
criterion_main!(benches);
