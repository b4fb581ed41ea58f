//! Hexma: the engine's star generator (Halma's shared hop components) beside the per-cell
//! reference (`halma_suite::hexma`), on the same positions, so that the ratio shows.
//!
//! * `hexma/movegen`: the moves of 64 positions of seeded play (the playout policy with
//!   epsilon 0.3, every fifth ply of eight games), one element per position:
//!   `count_legal_moves`, `legal_moves_into`, `naive` (the reference's sorted move list);
//! * `hexma/perft3/*`: perft 3 from the start and from a midgame position, engine and
//!   reference.
//!
//! `cargo bench -p halma-suite --bench hexma -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::hexma::HexmaPosition;
use halma_suite::hexma::{NaiveHexma, BENCH};

fn bench(c: &mut Criterion) {
    let start = ("hexma", HexmaPosition::start());
    family::bench::<_, NaiveHexma>(c, start, BENCH, 3, |s, all| {
        vec![("start", s), ("midgame", all[20].clone())]
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
