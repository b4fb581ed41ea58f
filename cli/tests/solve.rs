//! `halma solve`: the text summary, the `--json` object and refused input.

use crate::common;
use common::{fails, fails_line, json_lines, ok, ok_line};

#[test]
fn solitaire_text_names_the_minimum_the_bounds_and_a_line() {
    let out = ok_line("solve --rules square7 --mode solitaire --threads 1");
    common::assert_has(&out, "minimum  12 moves (proved: every bound from 11 to 11");
    assert!(out.contains("bound  11 moves:"), "{out}");
    common::assert_has(&out, "states (levels and parity classes, built in");
    let line = out.lines().find(|l| l.starts_with("line")).expect("a line");
    assert_eq!(line.split_whitespace().count(), 13, "{line}");
}

/// `halma solve` of the 7x7 cooperative game with `--json` and `extra` arguments.
fn square7_cooperative_json(extra: &[&str]) -> String {
    let mut args = vec![
        "solve",
        "--rules",
        "square7",
        "--mode",
        "cooperative",
        "--json",
    ];
    args.extend_from_slice(extra);
    ok(&args)
}

#[test]
fn cooperative_json_is_one_object_with_the_documented_fields() {
    let out = square7_cooperative_json(&["--memory", "16"]);
    let v = &json_lines(&out)[0];
    assert_eq!(json_lines(&out).len(), 1);
    assert_eq!(v["mode"], "cooperative");
    assert_eq!(v["unit"], "plies");
    assert_eq!(v["minimum"], 15);
    assert_eq!(v["proved"], true);
    assert_eq!(v["line"].as_array().unwrap().len(), 15);
    // The default beam finds a line of 15, so the deepening ends unsolved at bound 14.
    assert_eq!(v["beam"]["width"], 1000);
    assert_eq!(v["beam"]["length"], 15);
    // The aimed beams for 12 to 14 plies found nothing, so the plain beam's line stays.
    assert!(v["beam"]["aimed_at"].is_null());
    assert!(v["beam"]["completed_from"].is_null());
    let bounds = v["bounds"].as_array().unwrap();
    assert_eq!(bounds.last().unwrap()["bound"], 14);
    assert_eq!(bounds.last().unwrap()["solved"], false);
    assert_eq!(bounds[0]["bound"], v["start_bound"]);
    for key in [
        "rules",
        "threads",
        "nodes",
        "time_ms",
        "table_bytes",
        "table_used",
        "impossible",
        "level_states",
        "level_time_ms",
        "deepening_from",
        "memory_mb",
        "level_memory_mb",
    ] {
        assert!(v.get(key).is_some(), "{key}");
    }
    // Cooperative search builds no level table.
    assert!(v["level_grouping"].is_null());
}

#[test]
fn without_the_beam_the_last_bound_searched_finds_the_line() {
    let out = square7_cooperative_json(&["--beam", "0"]);
    let v = &json_lines(&out)[0];
    assert!(v["beam"].is_null());
    assert_eq!(v["minimum"], 15);
    let last = v["bounds"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["bound"].as_u64(), last["solved"].as_bool()),
        (Some(15), Some(true))
    );
}

/// A narrow plain beam finds 16 plies; the aimed beam for 15, completed from depth 5 (a
/// third of 15), finds the minimum, and the text names every beam.
#[test]
fn aimed_beams_shorten_the_line_and_can_be_turned_off() {
    let out = square7_cooperative_json(&["--beam", "100"]);
    let v = &json_lines(&out)[0];
    assert_eq!(
        (&v["beam"]["aimed_at"], &v["beam"]["completed_from"]),
        (&15.into(), &5.into())
    );
    assert_eq!(v["beam"]["length"], 15);
    assert_eq!(v["minimum"], 15);
    let out = square7_cooperative_json(&["--beam", "100", "--complete", "0"]);
    let v = &json_lines(&out)[0];
    assert!(v["beam"]["aimed_at"].is_null());
    assert_eq!(v["beam"]["length"], 16);
    let out = ok_line("solve --rules square7 --mode cooperative --beam 100 --complete 3");
    common::assert_has(&out, "beam     width 100: a line of 16 plies");
    common::assert_has(
        &out,
        "beam     width 100 for 13 plies, completed from depth 3: no line",
    );
    assert!(out.contains("minimum  15 plies"), "{out}");
}

#[test]
fn a_limit_below_the_minimum_reports_no_minimum() {
    let out = ok_line("solve --rules square7 --mode solitaire --max 10 --json");
    let v = &json_lines(&out)[0];
    assert!(v["minimum"].is_null());
    assert_eq!(v["proved"], false);
    // --max bounds the beam too: no line longer than the limit, so none at all here
    // (square7's minimum is 12; its start bound, 11, is above the limit).
    assert!(v["beam"]["length"].is_null(), "{v}");
    assert!(v["line"].as_array().unwrap().is_empty(), "{v}");
    assert_eq!(v["level_grouping"], "levels and parity classes");
}

/// `halma solve` with `--json`, one thread, `rules`, `mode` and `--max max`: the object.
fn solve_with_max(rules: &str, mode: &str, max: u32) -> serde_json::Value {
    let max = max.to_string();
    let args = [
        "solve",
        "--rules",
        rules,
        "--mode",
        mode,
        "--max",
        &max,
        "--threads",
        "1",
        "--json",
    ];
    json_lines(&ok(&args))[0].clone()
}

#[test]
fn the_limit_bounds_every_phase() {
    // The star with --max 3 ran its beams to 46 s and square6 with --max 1 printed a
    // 10-move line: now no phase looks past the limit.
    let started = std::time::Instant::now();
    for (rules, mode, max) in [
        ("star-2", "cooperative", 3),
        ("star-2", "solitaire", 3),
        ("square6", "solitaire", 1),
        ("square7", "solitaire", 11),
    ] {
        let v = solve_with_max(rules, mode, max);
        assert!(v["minimum"].is_null(), "{rules} {mode}: {v}");
        assert!(
            v["line"].as_array().unwrap().is_empty(),
            "{rules} {mode}: {v}"
        );
        assert!(v["beam"]["length"].is_null(), "{rules} {mode}: {v}");
        for b in v["bounds"].as_array().unwrap() {
            assert!(b["bound"].as_u64().unwrap() <= u64::from(max), "{v}");
        }
    }
    // Generous for a shared machine: the star's level table takes a few seconds.
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    // A limit at the minimum still finds it, by the beam or the deepening.
    let v = solve_with_max("square7", "solitaire", 12);
    assert_eq!(v["minimum"], 12);
    assert_eq!(v["line"].as_array().unwrap().len(), 12);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["solve", "--rules", "halma16-vacate", "--mode", "solitaire"][..],
        &["solve", "--rules", "halma16-4", "--mode", "cooperative"],
        &["solve", "--rules", "nosuch", "--mode", "solitaire"],
    ] {
        let err = fails(args);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("halma: rules:"), "{err}");
    }
    fails(&["solve", "--rules", "halma8", "--mode", "race"]);
    let err = fails(&["solve", "--mode", "solitaire", "--complete", "third"]);
    assert!(err.contains("--complete"), "{err}");
    let err = fails(&["solve", "--mode", "solitaire", "--level-memory", "0"]);
    assert!(err.contains("--level-memory"), "{err}");
    // Four petabytes: beyond the bound on table sizes, so refused up front, not an abort.
    for args in [
        &["solve", "--mode", "solitaire", "--memory", "4294967295"][..],
        &[
            "solve",
            "--mode",
            "solitaire",
            "--level-memory",
            "4294967295",
        ],
        &["analyse", "--depth", "1", "--hash", "4294967295"],
    ] {
        let err = fails(args);
        common::assert_has(&err, "'4294967295' is too large (at most 65536)");
    }
}

#[test]
fn beam_widths_and_lengths_have_upper_bounds() {
    for (flag, value, bound) in [
        ("--beam", "10000001", "at most 10000000"),
        ("--beam", "18446744073709551615", "at most 10000000"),
        ("--max", "100001", "at most 100000"),
        ("--max", "0", "at least 1"),
    ] {
        let err = fails(&["solve", "--mode", "solitaire", flag, value]);
        assert!(
            err.contains(flag) && err.contains(bound),
            "{flag} {value}: {err}"
        );
    }
    // 0 still turns the beam off, and the bounds themselves are accepted.
    ok_line("solve --rules square6 --mode solitaire --beam 0 --max 100000");
}

/// `--method layered` proves the same 7x7 cooperative minimum in layers, says so in the
/// JSON with its widest layer, and an unknown method is refused.
#[test]
fn layered_method_proves_the_same_minimum_and_reports_its_layers() {
    let out = square7_cooperative_json(&["--method", "layered", "--beam", "0"]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["method"], "layered");
    assert_eq!(v["minimum"], 15);
    assert_eq!(v["line"].as_array().unwrap().len(), 15);
    assert!(v["stopped"].is_null());
    assert!(v["widest_layer"].as_u64().unwrap() > 0);
    assert!(v["peak_bytes"].as_u64().unwrap() > 0);
    let out = square7_cooperative_json(&["--beam", "0"]);
    assert_eq!(json_lines(&out)[0]["method"], "deepening");
    fails_line("solve --rules square7 --mode cooperative --method bfs");
}

/// `--method auto` (the default) searches the cooperative game on the diamond and the
/// star in layers and everything else by deepening, as docs/solver.md says; the text
/// header and the JSON name the method chosen.
#[test]
fn auto_picks_the_method_docs_solver_md_names() {
    for (rules, mode, want) in [
        ("diamond", "cooperative", "layered"),
        ("star-2", "cooperative", "layered"),
        ("square7", "cooperative", "deepening"),
        ("halma8", "cooperative", "deepening"),
        ("square7", "solitaire", "deepening"),
    ] {
        // The start's lower bound is above --max 1: the run ends at once.
        let args = [
            "solve", "--rules", rules, "--mode", mode, "--beam", "0", "--max", "1",
        ];
        let v = &json_lines(&ok(&[&args[..], &["--json"]].concat()))[0];
        assert_eq!(v["method"], want, "{rules} {mode}: {v}");
        let text = ok(&[&args[..], &["--method", "auto", "--threads", "1"]].concat());
        let header = format!("mode     {mode}, 1 thread, {want}");
        assert!(text.contains(&header), "{rules} {mode}: {text}");
    }
}

/// Starts `halma solve` with `args` (and `--json`), sends it SIGINT (Ctrl-C) after `delay`,
/// and returns its JSON report; it must end within 10 s of the signal, with status 0.
fn interrupted_json(args: &[&str], delay: std::time::Duration) -> serde_json::Value {
    use std::time::{Duration, Instant};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_halma"))
        .arg("solve")
        .args(args)
        .arg("--json")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(delay);
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let signalled = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if signalled.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("solve {args:?} ran on 10 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{args:?}: {:?}", out.status);
    let text = String::from_utf8(out.stdout).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}: {text:?}"))
}

#[test]
fn ctrl_c_in_any_phase_stops_with_a_valid_report() {
    use std::time::Duration;
    // Mid-bound (deepening) and mid-layer (layered): the bounds proved so far are kept.
    for method in ["deepening", "layered"] {
        let args = ["--rules", "diamond", "--mode", "cooperative", "--beam", "0"];
        let v = interrupted_json(
            &[&args[..], &["--method", method, "--memory", "1024"]].concat(),
            Duration::from_millis(1500),
        );
        assert_eq!(v["stopped"], "interrupted", "{method}: {v}");
        assert_eq!(v["method"], method);
        assert!(v["minimum"].is_null() && v["line"].as_array().unwrap().is_empty());
    }
    // During a wide beam: it used to run to its end (more than 30 s here) before the
    // interruption was seen.
    let args = [
        "--rules",
        "diamond",
        "--mode",
        "cooperative",
        "--beam",
        "100000",
    ];
    let v = interrupted_json(&args, Duration::from_millis(800));
    assert_eq!(v["stopped"], "interrupted", "{v}");
    assert!(v["bounds"].as_array().unwrap().is_empty(), "{v}");
}

/// Without a terminal (a log file, a pipe) the layered search writes each stored layer to
/// stderr as a line, so a long run's log keeps them; the text summary stays on stdout.
#[test]
fn layered_text_run_logs_its_layers_to_stderr_without_a_terminal() {
    let out = common::halma(&[
        "solve",
        "--rules",
        "square7",
        "--mode",
        "cooperative",
        "--method",
        "layered",
        "--beam",
        "0",
        "--threads",
        "1",
    ]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("minimum  15 plies"), "{stdout}");
    assert!(stderr.contains("bound 15: layer 1 stored,"), "{stderr}");
    assert!(!stdout.contains("layer 1 stored"), "{stdout}");
}

#[test]
fn le_grec_refuses_the_flags_of_the_halma_solver() {
    for (flag, value) in [
        ("--mode", Some("solitaire")),
        ("--threads", Some("2")),
        ("--method", Some("layered")),
        ("--memory", Some("16")),
        ("--level-memory", Some("16")),
        ("--beam", Some("0")),
        ("--complete", Some("3")),
        ("--max", Some("10")),
        ("--checkpoint", Some("c.json")),
        ("--resume", Some("c.json")),
    ] {
        let mut args = vec!["solve", "--rules", "legrec", flag];
        args.extend(value);
        let err = fails(&args);
        common::assert_has(&err, &format!("{flag} serves the Halma solver only"));
    }
    // Flags that do not apply to the mode or to each other are refused too.
    let err = square6_fails("cooperative", &["--level-memory", "16"]);
    common::assert_has(&err, "--level-memory serves --mode solitaire only");
    let err = square6_fails("solitaire", &["--beam", "0", "--complete", "3"]);
    assert!(err.contains("--beam 0 runs no beam"), "{err}");
}

/// The error of `halma solve --rules square6 --mode MODE FLAGS…`, which must fail.
fn square6_fails(mode: &str, flags: &[&str]) -> String {
    let mut args = vec!["solve", "--rules", "square6", "--mode", mode];
    args.extend(flags);
    fails(&args)
}

/// A field of `/proc/meminfo` in MB.
#[cfg(target_os = "linux")]
fn meminfo_mb(field: &str) -> usize {
    let text = std::fs::read_to_string("/proc/meminfo").unwrap();
    let line = text.lines().find(|l| l.starts_with(field)).unwrap();
    line.split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<usize>()
        .unwrap()
        >> 10
}

/// The machine's memory in MB (`MemTotal`).
#[cfg(target_os = "linux")]
fn machine_mb() -> usize {
    meminfo_mb("MemTotal:")
}

#[cfg(target_os = "linux")]
#[test]
fn a_large_table_costs_what_is_used_and_one_beyond_the_machine_is_refused() {
    // Three quarters of the machine: allocated and touched whole before the search, this
    // took minutes (7.8 s at 4096 MB); the table now grows as it fills.
    let mb = (machine_mb() * 3 / 4).min(65536 - 64);
    let started = std::time::Instant::now();
    let out = ok(&[
        "solve",
        "--rules",
        "square6",
        "--mode",
        "solitaire",
        "--threads",
        "1",
        "--memory",
        &mb.to_string(),
        "--json",
    ]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["proved"], true, "{out}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "{:?} for a table of {mb} MB",
        started.elapsed()
    );
    // The budget is the table's cap.
    let cap = v["table_bytes"].as_u64().unwrap() >> 20;
    assert!(
        cap <= mb as u64 && cap * 10 >= mb as u64 * 9,
        "{cap} of {mb}"
    );
    // Beyond the machine's memory: one line before anything is allocated.
    let beyond = machine_mb() + 1;
    if beyond <= 65536 {
        let err = fails(&[
            "solve",
            "--rules",
            "square6",
            "--mode",
            "solitaire",
            "--memory",
            &beyond.to_string(),
        ]);
        assert!(
            err.contains(&format!(
                "cannot allocate {beyond} MB on this machine (it has"
            )),
            "{err}"
        );
    }
    // Each fits alone, not both together.
    let half = (machine_mb() / 2 + 1).to_string();
    let err = fails(&[
        "solve",
        "--rules",
        "square6",
        "--mode",
        "solitaire",
        "--memory",
        &half,
        "--level-memory",
        &half,
    ]);
    assert!(
        err.contains("--memory") && err.contains("--level-memory"),
        "{err}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn the_default_budget_is_a_share_of_the_memory_available() {
    let out = ok_line("solve --rules square7 --mode solitaire --threads 1");
    let line = out
        .lines()
        .find(|l| l.starts_with("budget"))
        .expect("a budget line");
    // "budget   N MB for the table and layers (half the M MB available); level table 64
    // MB, up to Q MB (a quarter of the M MB available) when ..."
    let numbers: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    let (n, m) = (numbers[0], numbers[1]);
    assert_eq!(n, (m / 2).max(256), "{line}");
    let now = meminfo_mb("MemAvailable:");
    assert!(
        m * 2 > now && m < now * 2,
        "{m} MB then, {now} MB now: {line}"
    );
    common::assert_has(line, "for the table and layers (half the");
    common::assert_has(line, "level table 64 MB, up to");
    assert_eq!(numbers[3], (m / 4).max(64), "{line}");
    // Given, it is used as given; cooperative solves build no level table.
    let out = square7_cooperative_json(&["--memory", "16"]);
    let v = &json_lines(&out)[0];
    assert_eq!(
        (v["memory_mb"].as_u64(), v["level_memory_mb"].as_u64()),
        (Some(16), Some(64))
    );
    let out = ok_line("solve --rules square7 --mode cooperative --memory 16");
    common::assert_has(&out, "budget   16 MB for the table and layers\n");
    let out = ok_line("solve --rules square7 --mode solitaire --level-memory 8");
    let line = out
        .lines()
        .find(|l| l.starts_with("budget"))
        .expect("a budget line");
    assert!(line.ends_with("; level table 8 MB"), "{line}");
}

#[test]
fn widest_beam_is_checked_against_the_beam_it_widens() {
    let err = square6_fails("cooperative", &["--beam", "0", "--widest-beam", "10"]);
    common::assert_has(&err, "--widest-beam widens the aimed beams from --beam");
    let err = square6_fails("cooperative", &["--beam", "100", "--widest-beam", "10"]);
    common::assert_has(
        &err,
        "--widest-beam 10 is narrower than the beam it widens (--beam 100)",
    );
    let err = square6_fails("cooperative", &["--widest-beam", "10000001"]);
    common::assert_has(&err, "too large");
    let err = fails(&["solve", "--rules", "legrec", "--widest-beam", "10"]);
    common::assert_has(&err, "--widest-beam serves the Halma solver only");
}

/// `halma solve --rules halma8 --mode cooperative --beam 0 --threads 1` with `extra`.
fn halma8_cooperative(extra: &[&str]) -> Vec<String> {
    let args = ["solve", "--rules", "halma8", "--mode", "cooperative"];
    let args = [
        &args[..],
        &["--beam", "0", "--threads", "1", "--memory", "64"],
    ]
    .concat();
    [&args[..], extra]
        .concat()
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// The words of `args`, as `common`'s runners take them.
fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// The JSON value in the file at `path`.
fn json_file(path: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A solve stopped short (here by `--max`) leaves a checkpoint of the bounds it refuted;
/// `--resume` goes on from its next bound without searching them again, says so, and
/// updates the file; the JSON report names both.
#[test]
fn a_checkpoint_lets_a_stopped_solve_go_on() {
    let dir = common::scratch("solve-checkpoint");
    let file = dir.join("halma8.json");
    let path = file.to_str().unwrap();
    let args = halma8_cooperative(&["--max", "23", "--checkpoint", path, "--json"]);
    let first = common::ok_value(&strs(&args));
    assert!(first["minimum"].is_null());
    assert_eq!(first["checkpoint"], path);
    let saved: serde_json::Value = json_file(&file);
    assert_eq!(saved["format"], "halma-solve-checkpoint");
    assert_eq!(
        (saved["next"].as_u64(), saved["runs"].as_u64()),
        (Some(24), Some(1))
    );
    assert_eq!(saved["refuted"][0]["bound"], 23);
    // Resumed: bound 23 is the checkpoint's, only 24 is searched.
    let args = halma8_cooperative(&["--resume", path]);
    let out = ok(&strs(&args));
    common::assert_has(
        &out,
        &format!("resume   {path}: bound 23 refuted in 1 earlier run ("),
    );
    common::assert_has(&out, "going on at bound 24");
    common::assert_has(&out, "minimum  24 plies (proved: every bound from 23 to 23");
    assert_eq!(out.matches("bound  23 plies").count(), 1, "{out}");
    // The resumed run refuted nothing new: the file is as the first run left it.
    let again: serde_json::Value = json_file(&file);
    assert_eq!(again, saved);
    let args = halma8_cooperative(&["--resume", path, "--json"]);
    let v = common::ok_value(&strs(&args));
    assert_eq!(
        (v["minimum"].as_u64(), v["resumed_at"].as_u64()),
        (Some(24), Some(24))
    );
    let bounds: Vec<_> = v["bounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["bound"].clone())
        .collect();
    assert_eq!(bounds, [23, 24]);
    let _ = std::fs::remove_dir_all(dir);
}

/// A checkpoint is never overwritten by a new solve, nor read when it is not one of the
/// same rules and mode, not whole, not a file, or not one a solve could have made; a
/// checkpoint that cannot be written is an error before anything is searched.
#[test]
fn checkpoints_are_refused_in_one_line_unless_they_fit() {
    let dir = common::scratch("solve-checkpoint-refused");
    let file = dir.join("c.json");
    let path = file.to_str().unwrap();
    let run = |extra: &[&str]| {
        let args = halma8_cooperative(extra);
        fails(&strs(&args))
    };
    ok(&strs(&halma8_cooperative(&[
        "--max",
        "23",
        "--checkpoint",
        path,
    ])));
    let saved = std::fs::read_to_string(&file).unwrap();
    let err = run(&["--checkpoint", path]);
    common::assert_has(&err, "the file exists");
    common::assert_has(&err, &format!("--resume {path} goes on from it"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), saved);
    // Another mode or rule set.
    let err = fails(&[
        "solve",
        "--rules",
        "halma8",
        "--mode",
        "solitaire",
        "--resume",
        path,
    ]);
    common::assert_has(
        &err,
        "a checkpoint of halma8:deadline=none,repetition=off cooperative, not of",
    );
    let err = fails(&[
        "solve",
        "--rules",
        "halma8:jumps=long",
        "--mode",
        "cooperative",
        "--resume",
        path,
    ]);
    common::assert_has(&err, "not of halma8:deadline=none,jumps=long");
    // Not a checkpoint, or spoiled.
    let spoiled = dir.join("spoiled.json");
    let bad = spoiled.to_str().unwrap();
    for (text, why) in [
        ("not json".to_string(), "not a solve checkpoint"),
        (
            saved.replace("\"runs\"", "\"extra\": 1, \"runs\""),
            "unknown field",
        ),
        (
            saved.replace("halma-solve-checkpoint", "other"),
            "not a solve checkpoint of version 1",
        ),
        (
            saved.replace("\"next\": 24", "\"next\": 23"),
            "the checkpoint goes on at bound 23",
        ),
        (
            saved.replace("\"next\": 24", "\"next\": 4000000000"),
            "next bound 4000000000 is above",
        ),
        (saved.replace("\"time_ms\": ", "\"time_ms\": -"), "time"),
    ] {
        std::fs::write(&spoiled, text).unwrap();
        let err = run(&["--resume", bad]);
        common::assert_has(&err, why);
    }
    let err = run(&["--resume", "/dev/zero"]);
    common::assert_has(&err, "not a regular file");
    let err = run(&["--resume", dir.join("missing.json").to_str().unwrap()]);
    common::assert_has(&err, "missing.json");
    let nowhere = dir.join("no-such-folder").join("c.json");
    let err = run(&["--checkpoint", nowhere.to_str().unwrap()]);
    common::assert_has(&err, "cannot write beside it");
    let _ = std::fs::remove_dir_all(dir);
}

/// A solitaire with a checkpoint keeps its level table beside it: saved when built,
/// loaded when resumed (not built again); a damaged one is said and built again, and the
/// proof is the same.
#[test]
fn a_solitaire_checkpoint_keeps_its_level_table() {
    let dir = common::scratch("solve-level-file");
    let file = dir.join("s7.json");
    let path = file.to_str().unwrap();
    let solitaire = |extra: &[&str]| {
        let args = [
            "solve",
            "--rules",
            "square7",
            "--mode",
            "solitaire",
            "--beam",
            "0",
        ];
        ok(&[&args[..], &["--threads", "1"], extra].concat())
    };
    let out = solitaire(&["--max", "11", "--checkpoint", path]);
    let table = dir.join("s7.json.levels-classes");
    common::assert_has(
        &out,
        &format!(
            "levels   saved levels and parity classes (475020 states) to {}",
            table.display()
        ),
    );
    let bytes = std::fs::read(&table).unwrap();
    assert!(bytes.starts_with(b"halma-level-table 1 rules=square7:"));
    let out = solitaire(&["--resume", path]);
    common::assert_has(
        &out,
        "levels   loaded levels and parity classes (475020 states) from",
    );
    common::assert_has(&out, "minimum  12 moves (proved: every bound from 11 to 11");
    // One byte changed: the checksum catches it; the table is built and saved again.
    let mut damaged = bytes.clone();
    *damaged.last_mut().unwrap() ^= 1;
    std::fs::write(&table, damaged).unwrap();
    let out = solitaire(&["--resume", path]);
    common::assert_has(
        &out,
        "its checksum does not match (the file is damaged): the table is built again",
    );
    common::assert_has(&out, "levels   saved levels and parity classes");
    common::assert_has(&out, "minimum  12 moves");
    // The same distances (the header's build time may differ).
    let distances = |b: &[u8]| b[b.iter().position(|&c| c == b'\n').unwrap()..].to_vec();
    let rebuilt = std::fs::read(&table).unwrap();
    assert!(
        distances(&rebuilt) == distances(&bytes),
        "the table was not rebuilt as it was"
    );
    let _ = std::fs::remove_dir_all(dir);
}
