//! Le Zug: the engine's two-half shift generator beside the per-cell reference
//! (`halma_suite::zug`), on the same positions, so that the ratio shows.
//!
//! * `zug/movegen`: the moves of 64 positions of seeded play (the playout policy with
//!   epsilon 0.3, every seventh ply of eight games from the end of the placement), one
//!   element per position: `count_legal_moves` (per-piece flood fills and popcounts),
//!   `legal_moves_into`, `naive` (the reference's sorted move list);
//! * `zug/perft4/*`: perft 4 after the placement and from a midgame position, engine and
//!   reference.
//!
//! `cargo bench -p halma-suite --bench zug -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::zug::ZugPosition;
use halma_suite::zug::{NaiveZug, BENCH};

fn bench(c: &mut Criterion) {
    let start = ("zug", ZugPosition::start());
    family::bench::<_, NaiveZug>(c, start, BENCH, 4, |_, all| {
        vec![("placed", all[0].clone()), ("midgame", all[20].clone())]
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
