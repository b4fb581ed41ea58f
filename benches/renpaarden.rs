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

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use halma_engine::eval::Weights;
use halma_engine::games::renpaarden::RenpaardenPosition;
use halma_engine::rng::Rng;
use halma_engine::Game;
use halma_suite::renpaarden::NaiveRenpaarden;

/// Every fifth position of eight seeded games, up to 64, ongoing ones only.
fn positions() -> Vec<RenpaardenPosition> {
    let mut out = Vec::new();
    for seed in 0..8 {
        let mut p = RenpaardenPosition::start(&());
        let eval = p.evaluator(&Weights::default());
        let mut rng = Rng::new(seed);
        let mut ply = 0;
        while !p.status().is_over() && out.len() < 8 * (seed as usize + 1) {
            if ply % 5 == 0 {
                out.push(RenpaardenPosition::from_text(&p.to_text()).unwrap());
            }
            let mv = p.policy_move(&eval, 0.3, &mut rng);
            p.make(mv);
            ply += 1;
        }
    }
    out
}

fn movegen(c: &mut Criterion) {
    let positions = positions();
    let naive: Vec<NaiveRenpaarden> = positions.iter().map(NaiveRenpaarden::from_engine).collect();
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
    let mut moves = Vec::with_capacity(512);
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
    let midgame = RenpaardenPosition::from_text(
        "renpaarden BBBBBBBBB/1BBB2BBB/9/1B2BB3/9/3A2AA1/4AA1A1/AAAA1AA2/AAA2AAA1 A 6,6",
    )
    .unwrap();
    for (name, pos) in [
        ("start", RenpaardenPosition::start(&())),
        ("midgame", midgame),
    ] {
        let mut engine = pos.clone();
        let naive = NaiveRenpaarden::from_engine(&pos);
        let leaves = engine.perft(3);
        let mut group = c.benchmark_group(format!("perft3/{name}"));
        group.throughput(Throughput::Elements(leaves));
        group.sample_size(10);
        group.bench_function("engine", |b| b.iter(|| black_box(&mut engine).perft(3)));
        group.bench_function("naive", |b| b.iter(|| black_box(&naive).perft(3)));
        group.finish();
    }
}

criterion_group!(benches, movegen, perft);
criterion_main!(benches);
