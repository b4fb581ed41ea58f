//! Single-threaded perft speed of the engine beside the array-and-tables baseline
//! (`halma_suite::tables`) on the positions of issue 28 (`docs/movegen.md`): each position
//! is counted by both, the counts compared, and the leaves per second printed.
//!
//! ```text
//! cargo run --release -p halma-suite --example perft_tables [-- <rounds>]
//! ```
//! (default 1 round; with more, the two run alternately and the best of each is printed).

use halma_engine::games::halma::notation::split_position_text;
use halma_engine::perft::perft;
use halma_engine::{with_geometry, Position, Rules, Setup};
use halma_suite::tables::TablePosition;
use std::sync::Arc;
use std::time::Instant;

/// The diamond's first midgame in `positions/perft/diamond.txt` ("P2", the line after the
/// start).
const DIAMOND_P2: &str = "diamond 2BB3B1/8B/6B2/A1BA4B/A2A1BA1B/3BA4/A8/9/1AAA5 A 10,10";

/// Leaves per second of `count` on a fresh copy of the position, and the count.
fn timed(count: impl FnOnce() -> u64) -> (u64, f64) {
    let t = Instant::now();
    let leaves = count();
    (leaves, leaves as f64 / t.elapsed().as_secs_f64())
}

/// Measures one position `rounds` times with both generators and prints the best rates.
fn measure(label: &str, text: &str, depth: u32, rounds: u32) {
    let (rules, rest) = split_position_text(text).unwrap_or_else(|e| fail(&e.to_string()));
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).unwrap_or_else(|e| fail(&e.to_string())));
        let pos = Position::<G>::from_text_fields(setup, rest)
            .unwrap_or_else(|e| fail(&e.to_string()));
        let (mut best_engine, mut best_tables) = (0.0f64, 0.0f64);
        for _ in 0..rounds {
            let (ours, rate) = timed(|| perft(&mut pos.clone(), depth));
            best_engine = best_engine.max(rate);
            let mut tables = TablePosition::from_engine(&pos)
                .unwrap_or_else(|| fail("the tables do not play these rules"));
            let (theirs, rate) = timed(|| tables.perft(depth));
            best_tables = best_tables.max(rate);
            if ours != theirs {
                fail(&format!("{label}: engine {ours} leaves, tables {theirs}"));
            }
        }
        println!(
            "{label:<20} depth {depth}  engine {:>7.1} M leaves/s  tables {:>7.1} M leaves/s  \
             ratio {:.2}",
            best_engine / 1e6,
            best_tables / 1e6,
            best_engine / best_tables
        );
    })
}

fn fail(why: &str) -> ! {
    eprintln!("error: {why}");
    std::process::exit(1)
}

fn start(name: &str) -> String {
    let rules = Rules::named(name).expect("a named rule set");
    with_geometry!(rules.board, G => {
        Position::<G>::start(Arc::new(Setup::new(rules).expect("named rules"))).to_text()
    })
}

fn main() {
    let rounds = std::env::args().nth(1).map_or(1, |a| {
        a.parse()
            .ok()
            .filter(|r| (1..=100).contains(r))
            .unwrap_or_else(|| fail(&format!("rounds '{a}' is not a number from 1 to 100")))
    });
    measure("diamond start", &start("diamond"), 6, rounds);
    measure("star-2 start", &start("star-2"), 6, rounds);
    measure("diamond P2", DIAMOND_P2, 5, rounds);
    measure("halma16 start", &start("halma16"), 4, rounds);
}
