//! Carrera de Caballos: the engine's shift generator beside the per-cell reference
//! (`halma_suite::carrera`), on the same positions, so that the ratio shows.
//!
//! * `movegen/*`: the moves of 64 positions of seeded play (the playout policy with
//!   epsilon 0.3, every fifth ply of eight games), one element per position:
//!   `count` (eight popcounts), `list` (`legal_moves_into`), `naive` (the reference's
//!   sorted move list);
//! * `perft4/*`: perft 4 from the start and from a midgame position, engine and reference.
//!
//! `cargo bench -p halma-suite --bench carrera -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::carrera::CarreraPosition;
use halma_engine::Game;
use halma_suite::carrera::NaiveCarrera;
use halma_suite::reference::policy_game;

/// Every fifth position of eight seeded games, eight a game, ongoing ones only, read back
/// from their texts (no history).
fn positions() -> Vec<CarreraPosition> {
    (0..8)
        .flat_map(|seed| {
            policy_game(CarreraPosition::start(&()), seed, 0.3, 200)
                .into_iter()
                .step_by(5)
                .filter(|p| !p.status().is_over())
                .take(8)
                .map(|p| CarreraPosition::from_text(&p.to_text()).unwrap())
        })
        .collect()
}

fn movegen(c: &mut Criterion) {
    family::movegen::<_, NaiveCarrera>(c, &positions());
}

fn perft(c: &mut Criterion) {
    let midgame = positions()[20].clone();
    let named = [("start", CarreraPosition::start(&())), ("midgame", midgame)];
    family::perft_pair::<_, NaiveCarrera>(c, 4, &named);
}

criterion_group!(benches, movegen, perft);
criterion_main!(benches);
