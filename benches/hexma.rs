//! Hexma: the engine's star generator (Halma's shared hop components) beside the per-cell
//! reference (`halma_suite::hexma`), on the same positions, so that the ratio shows.
//!
//! * `movegen/*`: the moves of 64 positions of seeded play (the playout policy with
//!   epsilon 0.3, every fifth ply of eight games), one element per position: `count`
//!   (`count_legal_moves`), `list` (`legal_moves_into`), `naive` (the reference's sorted
//!   move list);
//! * `perft3/*`: perft 3 from the start and from a midgame position, engine and reference.
//!
//! `cargo bench -p halma-suite --bench hexma -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::hexma::HexmaPosition;
use halma_suite::hexma::NaiveHexma;
use halma_suite::reference::policy_game;

/// Every fifth position of eight seeded games, eight a game, ongoing ones only, read back
/// from their texts (no history).
fn positions() -> Vec<HexmaPosition> {
    (0..8)
        .flat_map(|seed| {
            policy_game(HexmaPosition::start(), seed, 0.3, 200)
                .into_iter()
                .step_by(5)
                .filter(|p| !p.status().is_over())
                .take(8)
                .map(|p| HexmaPosition::from_text(&p.to_text()).unwrap())
        })
        .collect()
}

fn movegen(c: &mut Criterion) {
    family::movegen::<_, NaiveHexma>(c, &positions());
}

fn perft(c: &mut Criterion) {
    let midgame = positions()[20].clone();
    let named = [("start", HexmaPosition::start()), ("midgame", midgame)];
    family::perft_pair::<_, NaiveHexma>(c, 3, &named);
}

criterion_group!(benches, movegen, perft);
criterion_main!(benches);
