//! `--engine alphabeta|mcts` on `halma analyse` and `halma bench`: the MCTS searcher's
//! output has alpha-beta's shape (plus visits and win rate), and options that mean nothing
//! to a searcher are refused.

use crate::common;
use common::*;

use halma_engine::{with_geometry, Position, Rules, Setup};
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Runs `halma` with `args`, which must fail with a one-line message; returns that line.
fn fails_one_line(args: &[&str]) -> String {
    let err = fails(args);
    assert_eq!(err.lines().count(), 1, "not one line: {err}");
    err
}

/// The keys of a JSON object.
fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object().expect("an object").keys().cloned().collect()
}

/// Whether `mv` is a legal move of the start position of `rules`.
fn legal_at_start(rules: &str, mv: &str) -> bool {
    let rules = Rules::parse(rules).unwrap();
    with_geometry!(rules.board, G => {
        let pos = Position::start(Arc::new(Setup::<G>::new(rules).unwrap()));
        pos.parse_move(mv).is_ok_and(|m| pos.is_legal(m))
    })
}

/// The bench suite of the repository.
fn bench_dir() -> String {
    format!("{}/../positions/bench", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn mcts_json_has_the_alphabeta_shape_plus_visits_and_win_rate() {
    for rules in ["halma8", "halma16-4"] {
        let mcts = json_lines(&ok(&[
            "analyse", "--rules", rules, "--engine", "mcts", "--nodes", "300", "--json",
        ]));
        let alphabeta = json_lines(&ok(&[
            "analyse", "--rules", rules, "--depth", "1", "--json",
        ]));
        let (last, reports) = mcts.split_last().unwrap();
        assert!(!reports.is_empty());
        let mut expected = keys(&alphabeta[0]);
        expected.extend(["win_rate".to_string(), "visits".to_string()]);
        for r in reports {
            assert_eq!(keys(r), expected, "{r}");
            let win_rate = r["win_rate"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&win_rate), "{r}");
            let visits = r["visits"].as_u64().unwrap();
            assert!(visits >= 1 && visits <= r["nodes"].as_u64().unwrap(), "{r}");
            assert_eq!(
                r["depth"].as_u64().unwrap() as usize,
                r["pv"].as_array().unwrap().len()
            );
        }
        // --nodes counts playouts exactly; the final report comes at the limit.
        let final_report = reports.last().unwrap();
        assert_eq!(final_report["nodes"], 300);
        let best = last["bestmove"].as_str().unwrap();
        assert_eq!(keys(last), keys(alphabeta.last().unwrap()));
        assert_eq!(final_report["pv"][0], best);
        assert!(legal_at_start(rules, best), "{rules}: {best}");
    }
}

#[test]
fn mcts_analysis_with_one_thread_is_deterministic() {
    let run = || {
        let mut lines = json_lines(&ok(&[
            "analyse", "--rules", "halma10", "--engine", "mcts", "--nodes", "1500", "--json",
        ]));
        for l in &mut lines {
            let o = l.as_object_mut().unwrap();
            o.remove("time_ms");
            o.remove("nps");
        }
        lines
    };
    assert_eq!(run(), run());
}

#[test]
fn mcts_multipv_reports_distinct_root_moves_with_their_visits() {
    let text = ok_line("analyse --rules halma8 --engine mcts --nodes 400 --multipv 3");
    let lines: Vec<&str> = text.lines().collect();
    let (best, reports) = lines.split_last().unwrap();
    assert!(best.starts_with("bestmove "));
    let last: Vec<&str> = reports[reports.len() - 3..].to_vec();
    let field = |line: &str, name: &str| -> String {
        let words: Vec<&str> = line.split_whitespace().collect();
        let i = words.iter().position(|w| *w == name).unwrap();
        words[i + 1].to_string()
    };
    let firsts: BTreeSet<String> = last.iter().map(|l| field(l, "pv")).collect();
    assert_eq!(firsts.len(), 3, "{text}");
    let visits: Vec<u64> = last
        .iter()
        .map(|l| field(l, "visits").parse().unwrap())
        .collect();
    assert!(visits.iter().sum::<u64>() <= 400, "{text}");
    assert!(visits[0] >= visits[1] && visits[1] >= visits[2], "{text}");
    for (k, l) in last.iter().enumerate() {
        assert_eq!(field(l, "multipv"), (k + 1).to_string());
        assert_eq!(field(l, "nodes"), "400");
        let w: f64 = field(l, "winrate").parse().unwrap();
        assert!((0.0..=1.0).contains(&w));
    }
    assert_eq!(
        best.strip_prefix("bestmove ").unwrap(),
        field(last[0], "pv")
    );
}

#[test]
fn bench_mcts_runs_a_fixed_number_of_playouts_per_position() {
    let text = ok(&["bench", "--engine", "mcts", "--playouts", "20"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["suite", "positions", "playouts", "time_ms", "playouts/s"]
    );
    let rows = &lines[1..lines.len() - 1];
    assert!(rows.len() >= 2);
    for row in &rows[..rows.len() - 1] {
        let name = row.split_whitespace().next().unwrap();
        let cols: Vec<u64> = row
            .split_whitespace()
            .skip(1)
            .map(|c| c.parse().unwrap())
            .collect();
        // The limit on every position, but where the tree proves a value first (small
        // relatives' positions); Halma's suites never end before 20 playouts.
        let halma = ["halma", "star", "diamond"]
            .iter()
            .any(|p| name.starts_with(p));
        if halma {
            assert_eq!(cols[1], cols[0] * 20, "{row}");
        } else {
            assert!(cols[1] > 0 && cols[1] <= cols[0] * 20, "{row}");
        }
        assert!(cols[3] > 0, "{row}");
    }
    let total: Vec<&str> = rows.last().unwrap().split_whitespace().collect();
    assert_eq!(total[0], "total");
    let summary: Vec<&str> = lines.last().unwrap().split_whitespace().collect();
    assert_eq!(summary[..2], ["playouts", total[2]]);
    assert_eq!(summary[2], "playouts/s");
    assert!(summary[3].parse::<u64>().unwrap() > 0);
}

#[test]
fn bench_alphabeta_is_still_the_default() {
    let dir = bench_dir();
    let text = ok(&["bench", "--depth", "1", "--dir", &dir]);
    let summary = text.lines().last().unwrap();
    assert!(
        summary.starts_with("nodes ") && summary.contains(" nps "),
        "{summary}"
    );
}

#[test]
fn a_bad_bench_file_is_refused_naming_its_file_and_line() {
    let dir = std::env::temp_dir().join(format!("halma-bench-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.txt");
    let dir_arg = dir.to_string_lossy().into_owned();
    for (text, expected) in [
        (
            "# a comment\nno semicolon here\n",
            "bad.txt line 2: expected 'label ; position text', found 'no semicolon here'",
        ),
        ("\nstart ; halma8 zz\n", "bad.txt line 2: position:"),
    ] {
        std::fs::write(&file, text).unwrap();
        let err = fails_one_line(&["bench", "--depth", "1", "--dir", &dir_arg]);
        assert!(err.contains(expected), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn options_a_searcher_cannot_use_are_refused() {
    let err = fails_one_line(&["analyse", "--engine", "mcts", "--depth", "3"]);
    assert!(err.contains("--depth") && err.contains("--nodes"), "{err}");
    let err = fails_one_line(&["bench", "--engine", "mcts", "--depth", "2"]);
    assert!(
        err.contains("--depth") && err.contains("--playouts"),
        "{err}"
    );
    let err = fails_one_line(&["bench", "--playouts", "5"]);
    assert!(err.contains("--playouts is for --engine mcts"), "{err}");
    let err = refused(&["analyse", "--engine", "minimax", "--nodes", "10"]);
    assert!(
        err.contains("'minimax'") && err.contains("alphabeta, mcts"),
        "{err}"
    );
}

#[test]
fn multi_chooses_paranoid_or_best_reply_search() {
    let err = fails_one_line(&[
        "analyse", "--engine", "mcts", "--multi", "brs", "--nodes", "9",
    ]);
    assert!(err.contains("--multi is for --engine alphabeta"), "{err}");
    let err = refused(&["analyse", "--multi", "maxn", "--nodes", "10"]);
    assert!(
        err.contains("'maxn'") && err.contains("paranoid, brs"),
        "{err}"
    );
    // A best-reply line from A: A's move, then B, C and D with exactly one of them moving.
    let args = ["analyse", "--rules", "halma16-4", "--depth", "2", "--json"];
    let text = ok(&[&args[..], &["--multi", "brs"]].concat());
    let first: Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
    let pv: Vec<&str> = common::strings(&first["pv"]);
    assert_eq!(pv.len(), 4, "{pv:?}");
    assert_eq!(
        pv[1..].iter().filter(|&&m| m == "pass").count(),
        2,
        "{pv:?}"
    );
    // Paranoid: A's move and B's.
    let text = ok(&[&args[..], &["--multi", "paranoid"]].concat());
    let first: Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
    assert_eq!(first["pv"].as_array().unwrap().len(), 2, "{first}");
}

/// Runs `halma` with `args`, which must fail with exit status 2; returns its standard
/// error.
fn refused(args: &[&str]) -> String {
    let out = halma(args);
    assert_eq!(out.status.code(), Some(2), "halma {args:?} should fail");
    String::from_utf8_lossy(&out.stderr).into_owned()
}
