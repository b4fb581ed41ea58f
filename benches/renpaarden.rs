//! Renpaarden: the engine's leap-closure generator beside the per-cell reference
//! (`halma_suite::renpaarden`), on the same positions, so that the ratio shows.
//!
//! * `renpaarden/movegen`: the moves of 64 positions of seeded play (the playout policy
//!   with epsilon 0.3, every fifth ply of eight games), one element per position:
//!   `count_legal_moves` (popcounts of the destination sets), `legal_moves_into`, `naive`
//!   (the reference's sorted move list);
//! * `renpaarden/perft3/*`: perft 3 from the start and from a midgame position, engine and
//!   reference.
//!
//! `cargo bench -p halma-suite --bench renpaarden -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::game::GameRules;
use halma_engine::games::renpaarden::RenpaardenPosition;
use halma_suite::renpaarden::{NaiveRenpaarden, BENCH};

/// The midgame position measured by perft.
const MIDGAME: &str =
    "renpaarden BBBBBBBBB/1BBB2BBB/9/1B2BB3/9/3A2AA1/4AA1A1/AAAA1AA2/AAA2AAA1 A 6,6";

fn bench(c: &mut Criterion) {
    let start = ("renpaarden", RenpaardenPosition::start(&()));
    let midgame = RenpaardenPosition::from_text(MIDGAME).unwrap();
    family::bench::<_, NaiveRenpaarden>(c, start, BENCH, 3, |s, _| {
        vec![("start", s), ("midgame", midgame)]
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
