//! Single-threaded perft speed (leaves per second) of the engine's `perft`, from the start
//! position of each benchmark rule set and from every midgame position of its suite in
//! `positions/bench/`.
//!
//! ```text
//! cargo run --release --example perft_speed [-- <depth from the start> <depth from midgames>]
//! ```
//! (defaults 4 and 3).

use halma_engine::games::halma::notation::split_position_text;
use halma_engine::perft::perft;
use halma_engine::{with_geometry, Position, Rules, Setup};
use std::sync::Arc;
use std::time::Instant;

/// Rule sets measured, as in `positions/bench/`.
const RULE_SETS: [&str; 4] = ["halma8", "halma10", "halma16", "halma16-4"];

/// Runs perft on the position `text` and prints one line; returns (leaves, seconds).
fn measure(label: &str, text: &str, depth: u32) -> (u64, f64) {
    let (rules, rest) = split_position_text(text).unwrap_or_else(|e| fail(&e.to_string()));
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).unwrap_or_else(|e| fail(&e.to_string())));
        let mut pos =
            Position::from_text_fields(setup, rest).unwrap_or_else(|e| fail(&e.to_string()));
        let t = Instant::now();
        let leaves = perft(&mut pos, depth);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{label:<24} depth {depth}  {leaves:>12} leaves  {secs:>8.3} s  {:>6.1} M leaves/s",
            leaves as f64 / secs / 1e6
        );
        (leaves, secs)
    })
}

fn fail(why: &str) -> ! {
    eprintln!("error: {why}");
    std::process::exit(1)
}

fn depth_arg(i: usize, default: u32) -> u32 {
    std::env::args().nth(i).map_or(default, |a| {
        a.parse()
            .unwrap_or_else(|_| fail(&format!("depth '{a}' is not a number")))
    })
}

fn main() {
    let (start_depth, mid_depth) = (depth_arg(1, 4), depth_arg(2, 3));
    for name in RULE_SETS {
        let rules = Rules::named(name).expect("a named rule set");
        let start = with_geometry!(rules.board, G => {
            Position::<G>::start(Arc::new(Setup::new(rules).expect("named rules"))).to_text()
        });
        measure(&format!("{name} start"), &start, start_depth);
        let path = format!("{}/positions/bench/{name}.txt", env!("CARGO_MANIFEST_DIR"));
        let suite =
            std::fs::read_to_string(&path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        let (mut leaves, mut secs) = (0, 0.0);
        for line in suite.lines().filter(|l| l.starts_with("midgame")) {
            let (label, text) = line.split_once(';').unwrap_or_else(|| fail(line));
            let (l, s) = measure(&format!("{name} {}", label.trim()), text, mid_depth);
            leaves += l;
            secs += s;
        }
        println!(
            "{:<24} depth {mid_depth}  {leaves:>12} leaves  {secs:>8.3} s  {:>6.1} M leaves/s",
            format!("{name} midgames"),
            leaves as f64 / secs / 1e6
        );
    }
}
