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

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use halma_engine::games::carrera::CarreraPosition;
use halma_engine::Game;
use halma_suite::carrera::NaiveCarrera;
use halma_suite::reference::{policy_game, Reference};

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
    let positions = positions();
    let naive: Vec<NaiveCarrera> = positions.iter().map(NaiveCarrera::from_engine).collect();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("count", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_legal_moves())
                .sum::<u64>()
        })
    });
    let mut moves = Vec::with_capacity(128);
    group.bench_function("list", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                black_box(p).legal_moves_into(&mut moves);
                n += moves.len();
            }
            n
        })
    });
    group.bench_function("naive", |b| {
        b.iter(|| {
            naive
                .iter()
                .map(|p| black_box(p).legal_moves().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

fn perft(c: &mut Criterion) {
    let midgame = positions()[20].clone();
    for (name, pos) in [("start", CarreraPosition::start(&())), ("midgame", midgame)] {
        let mut engine = pos.clone();
        let naive = NaiveCarrera::from_engine(&pos);
        let leaves = engine.perft(4);
        let mut group = c.benchmark_group(format!("perft4/{name}"));
        group.throughput(Throughput::Elements(leaves));
        group.sample_size(10);
        group.bench_function("engine", |b| b.iter(|| black_box(&mut engine).perft(4)));
        group.bench_function("naive", |b| b.iter(|| black_box(&naive).perft(4)));
        group.finish();
    }
}

criterion_group!(benches, movegen, perft);
criterion_main!(benches);
