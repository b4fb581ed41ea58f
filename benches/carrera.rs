//! Carrera de Caballos: the engine's shift generator beside the per-cell reference
//! (`halma_suite::carrera`), on the same positions, so that the ratio shows.
//!
//! * `carrera/movegen`: the moves of 64 positions of seeded play (the playout policy with
//!   epsilon 0.3, every fifth ply of eight games), one element per position:
//!   `count_legal_moves` (eight popcounts), `legal_moves_into`, `naive` (the reference's
//!   sorted move list);
//! * `carrera/perft4/*`: perft 4 from the start and from a midgame position, engine and
//!   reference.
//!
//! `cargo bench -p halma-suite --bench carrera -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::game::GameRules;
use halma_engine::games::carrera::CarreraPosition;
use halma_suite::carrera::{NaiveCarrera, BENCH};

fn bench(c: &mut Criterion) {
    let start = ("carrera", CarreraPosition::start(&()));
    family::bench::<_, NaiveCarrera>(c, start, BENCH, 4, |s, all| {
        vec![("start", s), ("midgame", all[20].clone())]
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
