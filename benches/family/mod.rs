//! The benchmark groups of every relative against its per-cell reference, written once
//! (`benches/<game>.rs`), and the engine's two move generations that Halma's
//! `benches/movegen.rs` measures too. Every group is named after its game:
//! `<game>/movegen` and `<game>/perft<depth>/<position>`.

use criterion::measurement::WallTime;
use criterion::{black_box, BenchmarkGroup, Criterion, Throughput};
use halma_engine::{perft::perft, Game};
use halma_suite::conformance::Bench;
use halma_suite::reference::Reference;

/// Adds the engine's two move generations of `positions` to `group` (one element per
/// position): `count_legal_moves` and `legal_moves_into`.
pub fn engine_moves<P: Game>(group: &mut BenchmarkGroup<'_, WallTime>, positions: &[P]) {
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("count_legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_legal_moves())
                .sum::<u64>()
        })
    });
    let mut moves = Vec::with_capacity(1024);
    group.bench_function("legal_moves_into", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in positions {
                black_box(p).legal_moves_into(&mut moves);
                n += moves.len();
            }
            n
        })
    });
}

/// Adds the bench `name` to `group`: the sum of `count` over `items` (a generator's move
/// count of each of its positions).
pub fn each<T>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    items: &mut [T],
    count: impl Fn(&mut T) -> usize,
) {
    group.bench_function(name, |b| {
        b.iter(|| items.iter_mut().map(|t| count(black_box(t))).sum::<usize>())
    });
}

/// `<game>/movegen`: the moves of `positions`, one element per position: the engine's
/// `count_legal_moves` and `legal_moves_into`, and `naive`, the reference's sorted move
/// list (of its copies read from the engine's positions).
pub fn movegen<P: Game, R: Reference<P>>(c: &mut Criterion, game: &str, positions: &[P]) {
    let mut naive: Vec<R> = positions.iter().map(R::from_engine).collect();
    let mut group = c.benchmark_group(format!("{game}/movegen"));
    engine_moves(&mut group, positions);
    each(&mut group, "naive", &mut naive, |n| n.legal_moves().len());
    group.finish();
}

/// `<game>/perft<depth>/<name>`: perft at `depth` of each named position, `engine` and
/// `naive` (the reference).
pub fn perft_pair<P: Game, R: Reference<P>>(
    c: &mut Criterion,
    game: &str,
    depth: u32,
    positions: &[(&str, P)],
) {
    for (name, pos) in positions {
        let mut engine = pos.clone();
        let naive = R::from_engine(pos);
        let leaves = perft(&mut engine, depth);
        let mut group = c.benchmark_group(format!("{game}/perft{depth}/{name}"));
        group.throughput(Throughput::Elements(leaves));
        group.sample_size(10);
        group.bench_function("engine", |b| {
            b.iter(|| perft(black_box(&mut engine), depth))
        });
        group.bench_function("naive", |b| b.iter(|| black_box(&naive).perft(depth)));
        group.finish();
    }
}

/// A relative's benches: `<game>/movegen` on the positions `bench` gives (the game's
/// `BENCH`, which the conformance suite checks), and `<game>/perft<depth>/<name>` of the
/// positions `named` picks from the start and those positions.
pub fn bench<P: Game<Setup = ()>, R: Reference<P>>(
    c: &mut Criterion,
    (game, start): (&str, P),
    bench: Bench,
    depth: u32,
    named: impl FnOnce(P, &[P]) -> Vec<(&'static str, P)>,
) {
    let positions = bench.positions(&start, game);
    movegen::<P, R>(c, game, &positions);
    perft_pair::<P, R>(c, game, depth, &named(start, &positions));
}
