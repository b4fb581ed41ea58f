//! Renpaarden: the engine's leap-closure generator beside the per-cell reference
//! (`halma_suite::renpaarden`), on the same positions, so that the ratio shows.
//!
//! * `movegen/*`: the moves of 64 positions of seeded play (the playout policy with
//!   epsilon 0.3, every fifth ply of eight games), one element per position:
//!   `count` (popcounts of the destination sets), `list` (`legal_moves_into`), `naive`
//!   (the reference's sorted move list);
//! * `perft/*`: perft 3 from the start and from a midgame position, engine and reference.
//!
//! `cargo bench -p halma-suite --bench renpaarden -- --warm-up-time 1 --measurement-time 3`

mod family;

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::renpaarden::RenpaardenPosition;
use halma_engine::Game;
use halma_suite::reference::policy_game;
use halma_suite::renpaarden::NaiveRenpaarden;

/// Every fifth position of eight seeded games, eight a game (64), ongoing ones only.
fn positions() -> Vec<RenpaardenPosition> {
    let mut out = Vec::new();
    for seed in 0..8 {
        let game = policy_game(RenpaardenPosition::start(&()), seed, 0.3, 8 * 5);
        let fifth = game.iter().step_by(5).filter(|p| !p.status().is_over());
        out.extend(
            fifth
                .take(8)
                .map(|p| RenpaardenPosition::from_text(&p.to_text()).unwrap()),
        );
    }
    out
}

fn movegen(c: &mut Criterion) {
    family::movegen::<_, NaiveRenpaarden>(c, &positions());
}

fn perft(c: &mut Criterion) {
    let midgame = RenpaardenPosition::from_text(
        "renpaarden BBBBBBBBB/1BBB2BBB/9/1B2BB3/9/3A2AA1/4AA1A1/AAAA1AA2/AAA2AAA1 A 6,6",
    )
    .unwrap();
    let named = [
        ("start", RenpaardenPosition::start(&())),
        ("midgame", midgame),
    ];
    family::perft_pair::<_, NaiveRenpaarden>(c, 3, &named);
}

criterion_group!(benches, movegen, perft);
criterion_main!(benches);
