//! The benchmark groups of a relative against its per-cell reference, written once (for
//! `benches/renpaarden.rs`, `benches/carrera.rs`).

use criterion::{black_box, Criterion, Throughput};
use halma_engine::{perft::perft, Game};
use halma_suite::reference::Reference;

/// `movegen/*`: the moves of `positions`, one element per position: `count`
/// (`count_legal_moves`), `list` (`legal_moves_into`), `naive` (the reference's sorted move
/// list).
pub fn movegen<P: Game, R: Reference<P>>(c: &mut Criterion, positions: &[P]) {
    let naive: Vec<R> = positions.iter().map(R::from_engine).collect();
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
            for p in positions {
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

/// `perft<depth>/<name>/*`: perft at `depth` of each named position, engine and reference.
pub fn perft_pair<P: Game, R: Reference<P>>(
    c: &mut Criterion,
    depth: u32,
    positions: &[(&str, P)],
) {
    for (name, pos) in positions {
        let mut engine = pos.clone();
        let naive = R::from_engine(pos);
        let leaves = perft(&mut engine, depth);
        let mut group = c.benchmark_group(format!("perft{depth}/{name}"));
        group.throughput(Throughput::Elements(leaves));
        group.sample_size(10);
        group.bench_function("engine", |b| {
            b.iter(|| perft(black_box(&mut engine), depth))
        });
        group.bench_function("naive", |b| b.iter(|| black_box(&naive).perft(depth)));
        group.finish();
    }
}
