//! Embargo move generation speed: the engine's word-operation generator
//! (`halma_engine::games::embargo`) beside the per-cell reference (`halma_suite::embargo`)
//! on the same positions, so that the ratio shows.
//!
//! * `embargo/movegen`: the positions of `positions/perft/family/embargo.txt` and every
//!   position one move from them (one element per position): `count_legal_moves`,
//!   `legal_moves_into`, and the reference's `legal_moves`;
//! * `embargo/perft3`: perft 3 from the start (70,000-odd leaves), engine and reference.
//!
//! `cargo bench -p halma-suite --bench embargo`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use halma_engine::game::Game;
use halma_engine::games::embargo::EmbargoPosition;
use halma_engine::perft::perft;
use halma_suite::embargo::NaiveEmbargo;
use halma_suite::reference::Reference;
use std::time::Duration;

/// The table's positions and their children.
fn positions() -> Vec<EmbargoPosition> {
    let path = format!(
        "{}/positions/perft/family/embargo.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields = line.split(';').next().unwrap().trim();
        let fields = fields
            .strip_prefix("embargo ")
            .expect("an embargo position");
        let pos = EmbargoPosition::from_text_fields(fields).expect("a valid position");
        for mv in pos.legal_moves() {
            let mut child = pos.clone();
            child.make(mv);
            out.push(child);
        }
        out.push(pos);
    }
    out
}

fn embargo(c: &mut Criterion) {
    let positions = positions();
    let naive: Vec<NaiveEmbargo> = positions.iter().map(NaiveEmbargo::from_engine).collect();
    let mut group = c.benchmark_group("embargo/movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("count_legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_legal_moves())
                .sum::<u64>()
        })
    });
    let mut moves = Vec::with_capacity(128);
    group.bench_function("legal_moves_into", |b| {
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

    let start = EmbargoPosition::start();
    let naive_start = NaiveEmbargo::from_engine(&start);
    let mut group = c.benchmark_group("embargo/perft3");
    group.throughput(Throughput::Elements(perft(&mut start.clone(), 3)));
    group.bench_function("engine", |b| {
        b.iter(|| perft(&mut black_box(start.clone()), 3))
    });
    group.bench_function("naive", |b| b.iter(|| black_box(&naive_start).perft(3)));
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_millis(2000))
        .sample_size(20);
    targets = embargo
}
criterion_main!(benches);
