//! The benchmark groups the relatives with a simple reference share (Le Grec, Caeser): the
//! engine's generator beside the reference's on the same positions from seeded play, and
//! perft from the start, both by each.

use criterion::{black_box, Criterion, Throughput};
use halma_engine::game::Game;
use halma_engine::perft::perft;
use halma_suite::reference::{played_positions, Reference};

/// `count` ongoing positions from seeded play from `start`
/// ([`halma_suite::reference::played_positions`]) beside the reference's copy read by
/// `naive` from the text.
pub fn played<P: Game, R>(
    start: &P,
    count: usize,
    max_plies: u32,
    naive: impl Fn(&str) -> Option<R>,
) -> Vec<(P, R)> {
    played_positions(start, count, max_plies)
        .into_iter()
        .map(|p| {
            let r = naive(&p.to_text()).expect("a valid text");
            (p, r)
        })
        .collect()
}

/// `<game>/movegen`: the move lists of `positions` (one element per position):
/// `count_legal_moves`, `legal_moves_into`, and the reference's `legal_moves`.
pub fn movegen_group<P: Game, R: Reference<P>>(
    c: &mut Criterion,
    game: &str,
    positions: &[(P, R)],
) {
    let mut group = c.benchmark_group(format!("{game}/movegen"));
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
            for (p, _) in positions {
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
                .map(|(_, n)| black_box(n).legal_moves().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

/// `<game>/perft<depth>`: perft from `start` by the engine and from `naive` by the reference.
pub fn perft_group<P: Game, R: Reference<P>>(
    c: &mut Criterion,
    game: &str,
    start: &P,
    naive: &R,
    depth: u32,
) {
    let mut start = start.clone();
    let leaves = perft(&mut start, depth);
    let mut group = c.benchmark_group(format!("{game}/perft{depth}"));
    group.throughput(Throughput::Elements(leaves));
    group.bench_function("engine", |b| b.iter(|| perft(black_box(&mut start), depth)));
    group.bench_function("naive", |b| b.iter(|| black_box(naive).perft(depth)));
    group.finish();
}
