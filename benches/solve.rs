//! The shortest-game solver (`halma solve`), its two methods side by side on the same
//! problems: depth-first iterative deepening with a table of proven failures, and the
//! breadth-first layers.
//!
//! * `solve/halma8-cooperative`: the 8×8 cooperative minimum (24 plies), no beam;
//! * `solve/square7-cooperative`: the 7×7 cooperative minimum (15 plies), no beam;
//! * `solve/diamond-cooperative-27`: the diamond cooperative game with `max_bound` 27 (its
//!   start bound, searched without a line), no beam.
//!
//! `cargo bench -p halma-suite --bench solve -- --warm-up-time 1 --measurement-time 10`

use criterion::{criterion_group, criterion_main, Criterion};
use halma_engine::games::halma::solve::{self, Method, Mode, Options};
use halma_engine::Rules;

/// Solves `rules` cooperatively by `method` up to `max` plies, without a beam.
fn run(rules: &str, method: Method, max: u32) -> Option<u32> {
    let options = Options {
        method,
        stop: None,
        table_bytes: 256 << 20,
        max_bound: max,
        level_states: 0,
        beam_width: 0,
        complete_at: Some(0),
        level_states_most: 0,
        level_upgrade_millis: None,
        widest_beam: 0,
        fallback: false,
    };
    let rules = Rules::parse(rules).expect("a rule set");
    solve::solve(rules, Mode::Cooperative, &options, &|_| {})
        .expect("solvable")
        .minimum
}

fn bench(c: &mut Criterion) {
    for (name, rules, max) in [
        ("square7-cooperative", "square7", 60),
        ("halma8-cooperative", "halma8", 60),
        ("diamond-cooperative-27", "diamond", 27),
    ] {
        let mut group = c.benchmark_group(format!("solve/{name}"));
        group.sample_size(10);
        for method in [Method::Deepening, Method::Layered] {
            group.bench_function(method.name(), |b| b.iter(|| run(rules, method, max)));
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
