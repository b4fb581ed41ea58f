//! Le Zug: the engine's two-half shift generator beside the per-cell reference
//! (`halma_suite::zug`), on the same positions, so that the ratio shows.
//!
//! * `movegen/*`: the moves of 64 positions of seeded play (the playout policy with
//!   epsilon 0.3, every seventh ply of eight games from the end of the placement), one
//!   element per position: `count` (per-piece flood fills and popcounts), `list`
//!   (`legal_moves_into`), `naive` (the reference's sorted move list);
//! * `perft4/*`: perft 4 after the placement and from a midgame position, engine and
//!   reference.
//!
//! `cargo bench -p halma-suite --bench zug -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::zug::ZugPosition;
use halma_suite::reference::policy_game;
use halma_suite::zug::NaiveZug;

/// Every seventh position of eight seeded games after the placement, eight a game,
/// ongoing ones only, read back from their texts (no history).
fn positions() -> Vec<ZugPosition> {
    (0..8)
        .flat_map(|seed| {
            policy_game(ZugPosition::start(), seed, 0.3, 300)
                .into_iter()
                .skip(6)
                .step_by(7)
                .filter(|p| !p.status().is_over())
                .take(8)
                .map(|p| ZugPosition::from_text(&p.to_text()).unwrap())
        })
        .collect()
}

fn movegen(c: &mut Criterion) {
    family::movegen::<_, NaiveZug>(c, &positions());
}

fn perft(c: &mut Criterion) {
    let placed = positions()[0].clone();
    let midgame = positions()[20].clone();
    let named = [("placed", placed), ("midgame", midgame)];
    family::perft_pair::<_, NaiveZug>(c, 4, &named);
}

criterion_group!(benches, movegen, perft);
criterion_main!(benches);
