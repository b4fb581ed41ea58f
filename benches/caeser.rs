//! Caeser: the engine's bitboard generator beside the simple reference (`src/caeser.rs`) on
//! the same positions.
//!
//! * `caeser/movegen`: move lists of 200 positions from seeded random play (one element per
//!   position): `count_legal_moves`, `legal_moves_into`, and the reference's `moves`;
//! * `caeser/perft4`: perft 4 from the start, engine and reference.
//!
//! `cargo bench -p halma-suite --bench caeser -- --warm-up-time 1 --measurement-time 3`

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use halma_engine::game::Game;
use halma_engine::games::caeser::CaeserPosition;
use halma_engine::perft::perft;
use halma_engine::rng::Rng;
use halma_suite::caeser::NaiveCaeser;

/// Positions from seeded random play (mixed uniform and forward moves), with the reference's
/// copies built from their texts.
fn positions() -> Vec<(CaeserPosition, NaiveCaeser)> {
    let mut rng = Rng::new(2024);
    let mut out = Vec::new();
    while out.len() < 200 {
        let mut pos = CaeserPosition::start();
        let eval = pos.evaluator(&Default::default());
        let plies = 2 + rng.below(60) as usize;
        for _ in 0..plies {
            if pos.status().is_over() {
                break;
            }
            let mv = pos.policy_move(&eval, 0.5, &mut rng);
            pos.make(mv);
        }
        if !pos.status().is_over() {
            let text = pos.to_text();
            let fresh = CaeserPosition::from_text(&text).expect("a valid text");
            out.push((fresh, NaiveCaeser::from_text(&text).expect("a valid text")));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("caeser/movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("count_legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|(p, _)| black_box(p).count_legal_moves())
                .sum::<u64>()
        })
    });
    let mut moves = Vec::with_capacity(64);
    group.bench_function("legal_moves_into", |b| {
        b.iter(|| {
            let mut n = 0;
            for (p, _) in &positions {
                black_box(p).legal_moves_into(&mut moves);
                n += moves.len();
            }
            n
        })
    });
    group.bench_function("naive", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|(_, n)| black_box(n).moves().len())
                .sum::<usize>()
        })
    });
    group.finish();

    let mut start = CaeserPosition::start();
    let leaves = perft(&mut start, 4);
    let mut group = c.benchmark_group("caeser/perft4");
    group.throughput(Throughput::Elements(leaves));
    group.bench_function("engine", |b| b.iter(|| perft(black_box(&mut start), 4)));
    let naive = NaiveCaeser::start();
    group.bench_function("naive", |b| b.iter(|| black_box(&naive).perft(4)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
