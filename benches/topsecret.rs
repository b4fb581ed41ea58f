//! Top Secret: the engine's bitboard generator (Halma's shared jump components plus the
//! launch set for bearing off) beside the per-cell reference (`halma_suite::topsecret`), on
//! the same positions, so that the ratio shows.
//!
//! * `movegen/*`: the moves of 64 move-phase positions of seeded play (the playout policy
//!   with epsilon 0.3, every fifth ply from the end of the drops, eight games), one element
//!   per position: `count` (`count_legal_moves`), `list` (`legal_moves_into`), `naive` (the
//!   reference's sorted move list);
//! * `perft3/*`: perft 3 from the position after the drops and from a midgame position,
//!   engine and reference.
//!
//! `cargo bench -p halma-suite --bench topsecret -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::topsecret::TopSecretPosition;
use halma_engine::Game;
use halma_suite::reference::policy_game;
use halma_suite::topsecret::NaiveTopSecret;

/// Every fifth position of eight seeded games after the 36 drops, eight a game, ongoing
/// ones only, read back from their texts (no history).
fn positions() -> Vec<TopSecretPosition> {
    (0..8)
        .flat_map(|seed| {
            policy_game(<TopSecretPosition as Game>::start(&()), seed, 0.3, 400)
                .into_iter()
                .skip(36)
                .step_by(5)
                .filter(|p| !p.status().is_over())
                .take(8)
                .map(|p| TopSecretPosition::from_text(&p.to_text()).unwrap())
        })
        .collect()
}

fn movegen(c: &mut Criterion) {
    family::movegen::<_, NaiveTopSecret>(c, &positions());
}

fn perft(c: &mut Criterion) {
    let all = positions();
    let named = [("drops-done", all[0].clone()), ("midgame", all[20].clone())];
    family::perft_pair::<_, NaiveTopSecret>(c, 3, &named);
}

criterion_group!(benches, movegen, perft);
criterion_main!(benches);
