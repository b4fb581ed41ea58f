//! Top Secret: the engine's bitboard generator (Halma's shared jump components plus the
//! launch set for bearing off) beside the per-cell reference (`halma_suite::topsecret`), on
//! the same positions, so that the ratio shows.
//!
//! * `topsecret/movegen`: the moves of 64 move-phase positions of seeded play (the playout
//!   policy with epsilon 0.3, every fifth ply from the end of the drops, eight games), one
//!   element per position: `count_legal_moves`, `legal_moves_into`, `naive` (the
//!   reference's sorted move list);
//! * `topsecret/perft3/*`: perft 3 from the position after the drops and from a midgame
//!   position, engine and reference.
//!
//! `cargo bench -p halma-suite --bench topsecret -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::game::GameRules;
use halma_engine::games::topsecret::TopSecretPosition;
use halma_suite::topsecret::{NaiveTopSecret, BENCH};

fn bench(c: &mut Criterion) {
    let start = ("topsecret", <TopSecretPosition as GameRules>::start(&()));
    family::bench::<_, NaiveTopSecret>(c, start, BENCH, 3, |_, all| {
        vec![("drops-done", all[0].clone()), ("midgame", all[20].clone())]
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
