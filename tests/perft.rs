//! Perft tables (`positions/perft/*.txt`, format in `positions/perft/README.md`) checked
//! against the engine and the simple reference generator.
//!
//! The normal run checks every count up to [`SHALLOW_LEAVES`] leaves with the engine and
//! the array-and-tables baseline (`halma_suite::tables`, on the rule sets it plays) and up
//! to [`NAIVE_SHALLOW_LEAVES`] with the reference; the ignored tests check every count with
//! the engine and the reference's reachable ones (`cargo test --release -- --ignored`).

use halma_engine::games::halma::notation::split_position_text;
use halma_engine::perft::perft;
use halma_engine::{with_geometry, Position, Setup};
use halma_suite::naive::NaivePosition;
use halma_suite::tables::TablePosition;
use std::path::Path;
use std::sync::Arc;

/// Largest count the normal run checks with the engine.
const SHALLOW_LEAVES: u64 = 3_000_000;
/// Largest count the normal run checks with the reference.
const NAIVE_SHALLOW_LEAVES: u64 = 20_000;
/// Largest count the ignored run checks with the reference.
const NAIVE_DEEP_LEAVES: u64 = 3_000_000;

/// One line of a table: a position and its counts by depth.
struct Entry {
    /// `file:line`, for messages.
    place: String,
    position: String,
    counts: Vec<(u32, u64)>,
}

/// Every entry of every table.
fn entries() -> Vec<Entry> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no perft tables in {}", dir.display());
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            out.push(parse_entry(&format!("{name}:{}", i + 1), line));
        }
    }
    out
}

/// Parses `<position text> ; D1 n ; D2 n ; ...`.
fn parse_entry(place: &str, line: &str) -> Entry {
    let mut fields = line.split(';').map(str::trim);
    let position = fields.next().unwrap().to_string();
    let counts = fields
        .map(|f| {
            let (d, n) = f
                .strip_prefix('D')
                .and_then(|f| f.split_once(' '))
                .unwrap_or_else(|| panic!("{place}: '{f}' is not 'D<depth> <count>'"));
            (d.parse().unwrap(), n.trim().parse().unwrap())
        })
        .collect();
    Entry {
        place: place.into(),
        position,
        counts,
    }
}

/// The engine's perft of a position text.
fn engine_perft(text: &str, depth: u32) -> u64 {
    let (rules, fields) = split_position_text(text).unwrap();
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let mut pos = Position::<G>::from_text_fields(setup, fields).unwrap();
        perft(&mut pos, depth)
    })
}

/// The reference's perft of a position text.
fn naive_perft(text: &str, depth: u32) -> u64 {
    let (rules, fields) = split_position_text(text).unwrap();
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let pos = Position::<G>::from_text_fields(setup, fields).unwrap();
        NaivePosition::from_engine(&pos).perft(depth)
    })
}

/// The array-and-tables baseline's perft of a position text, `None` for rules it does not
/// play.
fn tables_perft(text: &str, depth: u32) -> Option<u64> {
    let (rules, fields) = split_position_text(text).unwrap();
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let pos = Position::<G>::from_text_fields(setup, fields).unwrap();
        TablePosition::from_engine(&pos).map(|mut t| t.perft(depth))
    })
}

/// Checks every count up to `max_leaves` with `count`; returns how many were checked.
fn check(max_leaves: u64, count: fn(&str, u32) -> u64) -> usize {
    check_some(max_leaves, |text, depth| Some(count(text, depth)))
}

/// [`check`] with a counter that may skip a position (`None`).
fn check_some(max_leaves: u64, count: impl Fn(&str, u32) -> Option<u64>) -> usize {
    let mut checked = 0;
    for e in entries() {
        for &(depth, want) in e.counts.iter().filter(|c| c.1 <= max_leaves) {
            let Some(got) = count(&e.position, depth) else {
                continue;
            };
            assert_eq!(got, want, "{}: depth {depth} of {}", e.place, e.position);
            checked += 1;
        }
    }
    checked
}

#[test]
fn tables_cover_every_named_rule_set() {
    let all = entries();
    for name in halma_engine::games::halma::rules::NAMED_RULE_SETS {
        let of_set: Vec<&Entry> = all
            .iter()
            .filter(|e| e.position.split([' ', ':']).next() == Some(name))
            .collect();
        let start = of_set.iter().any(|e| {
            let (rules, fields) = split_position_text(&e.position).unwrap();
            with_geometry!(rules.board, G => {
                let setup = Arc::new(Setup::<G>::new(rules).unwrap());
                let pos = Position::<G>::from_text_fields(setup.clone(), fields).unwrap();
                pos.to_text() == Position::start(setup).to_text()
            })
        });
        assert!(start, "{name}: no start position in the tables");
        assert!(
            of_set.len() >= 4,
            "{name}: fewer than three mid-game positions"
        );
    }
    for e in &all {
        let depths: Vec<u32> = e.counts.iter().map(|c| c.0).collect();
        assert_eq!(
            depths,
            (1..=depths.len() as u32).collect::<Vec<_>>(),
            "{}",
            e.place
        );
    }
}

#[test]
fn engine_matches_the_tables_at_shallow_depths() {
    assert!(check(SHALLOW_LEAVES, engine_perft) > 50);
}

#[test]
fn array_and_tables_baseline_matches_the_tables_at_shallow_depths() {
    assert!(check_some(SHALLOW_LEAVES, tables_perft) > 40);
}

#[test]
fn reference_matches_the_tables_at_shallow_depths() {
    assert!(check(NAIVE_SHALLOW_LEAVES, naive_perft) > 20);
}

#[test]
#[ignore = "deep: run with cargo test --release -- --ignored"]
fn engine_matches_the_tables_at_every_depth() {
    check(u64::MAX, engine_perft);
}

#[test]
#[ignore = "slow: run with cargo test --release -- --ignored"]
fn reference_matches_the_tables_where_it_can_reach() {
    check(NAIVE_DEEP_LEAVES, naive_perft);
}
