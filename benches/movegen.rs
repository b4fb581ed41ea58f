//! Move generation speed on the suites of `positions/bench/` (positions from weak-human
//! self-play; see `positions/bench/README.md`).
//!
//! Per rule set and phase (opening, midgame, endgame), one group `movegen/<rules>/<phase>`
//! with a throughput of one element per position:
//! * `count_legal_moves` and `legal_moves_into`: the engine's bitboard generator;
//! * `naive`: the simple per-cell reference generator (`halma_suite::naive`) on the same
//!   positions, so the ratio shows side by side;
//! * `tables`: the array-and-tables baseline (`halma_suite::tables`: neighbour and hop
//!   tables, a depth-first hop search per piece), the best-known alternative design,
//!   counting the moves as `count_legal_moves` does;
//!
//! (`movegen/ccerl/<phase>`: the `star-2` suite's positions under `ccerl`, whose goal lock
//! inside the move takes its own path, `movegen::goal_lock`), and one group
//! `jump_closure/<rules>/<phase>` with one element per piece of the side to move,
//! each position's shared jump masks included:
//! * `flood`: `movegen::jump_closure`, a flood fill per piece;
//! * `components`: `movegen::JumpComponents`, the generator's way (components shared by the
//!   pieces from width 10 up, a flood fill per piece below).
//!
//! `cargo bench --bench movegen [-- <filter>]`; measurement times are kept short.

// The relatives' groups are not used here: only the engine's two move generations.
#[allow(dead_code)]
mod family;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use halma_engine::board::jumps::{jump_closure, JumpComponents, JumpMasks};
use halma_engine::games::halma::notation::split_position_text;
use halma_engine::position_files::bench_lines;
use halma_engine::{with_geometry, BitBoard, Geometry, Position, Setup};
use halma_suite::naive::NaivePosition;
use halma_suite::tables::TablePosition;
use std::sync::Arc;
use std::time::Duration;

/// The phases, as label prefixes in the suite files.
const PHASES: [&str; 3] = ["opening", "midgame", "endgame"];

/// The `(label, position text)` lines of a suite file (`label ; text`, `#` comments).
fn read_suite(name: &str) -> Vec<(String, String)> {
    let path = format!("{}/positions/bench/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    bench_lines(&text)
        .map(|line| {
            let line = line.unwrap_or_else(|e| panic!("{path}: {e}"));
            (line.label.to_string(), line.text.to_string())
        })
        .collect()
}

fn parse<G: Geometry>(text: &str) -> Position<G> {
    let (rules, rest) = split_position_text(text).expect("a valid rule set");
    let setup = Arc::new(Setup::<G>::new(rules).expect("rules of this board"));
    Position::from_text_fields(setup, rest).expect("a valid position")
}

fn jump_masks<G: Geometry>(p: &Position<G>) -> JumpMasks<G::BB> {
    JumpMasks::new::<G>(p.occupied(), G::CELLS.without(p.occupied()))
}

fn bench_suite<G: Geometry>(c: &mut Criterion, name: &str, suite: &[(String, String)]) {
    for phase in PHASES {
        let positions: Vec<Position<G>> = suite
            .iter()
            .filter(|(label, _)| label.starts_with(phase))
            .map(|(_, text)| parse::<G>(text))
            .collect();
        if positions.is_empty() {
            continue;
        }
        let mut naive: Vec<NaivePosition> =
            positions.iter().map(NaivePosition::from_engine).collect();
        // The array-and-tables baseline plays only the plain rules (not CCERL's).
        let tables: Option<Vec<Box<TablePosition>>> =
            positions.iter().map(TablePosition::from_engine).collect();

        let mut group = c.benchmark_group(format!("movegen/{name}/{phase}"));
        family::engine_moves(&mut group, &positions);
        if let Some(mut tables) = tables {
            let count = |t: &mut Box<TablePosition>| t.count_legal_moves() as usize;
            family::each(&mut group, "tables", &mut tables, count);
        }
        family::each(&mut group, "naive", &mut naive, |n| n.legal_moves().len());
        group.finish();

        let pieces: u64 = positions
            .iter()
            .map(|p| p.pieces(p.to_move()).count() as u64)
            .sum();
        let mut group = c.benchmark_group(format!("jump_closure/{name}/{phase}"));
        group.throughput(Throughput::Elements(pieces));
        group.bench_function("flood", |b| {
            b.iter(|| {
                let mut reach = 0;
                for p in &positions {
                    let masks = jump_masks(black_box(p));
                    for from in p.pieces(p.to_move()).iter() {
                        reach += jump_closure::<G>(from, &masks).count();
                    }
                }
                reach
            })
        });
        group.bench_function("components", |b| {
            b.iter(|| {
                let mut reach = 0;
                for p in &positions {
                    let mut components = JumpComponents::new(jump_masks(black_box(p)));
                    for from in p.pieces(p.to_move()).iter() {
                        reach += components.closure::<G>(from).count();
                    }
                }
                reach
            })
        });
        group.finish();
    }
}

fn movegen(c: &mut Criterion) {
    for name in halma_suite::BENCH_RULE_SETS {
        let suite = read_suite(name);
        let (rules, _) = split_position_text(&suite[0].1).expect("a valid rule set");
        with_geometry!(rules.board, G => bench_suite::<G>(c, name, &suite));
    }
    // CCERL's rules (goal lock inside the move) on the star-2 suite's positions.
    let ccerl: Vec<(String, String)> = read_suite("star-2")
        .into_iter()
        .map(|(label, text)| (label, text.replacen("star-2", "ccerl", 1)))
        .collect();
    bench_suite::<halma_engine::board::geometry::Star>(c, "ccerl", &ccerl);
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1000))
        .sample_size(20);
    targets = movegen
}
criterion_main!(benches);
