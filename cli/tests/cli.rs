//! Drives the real `halma` binary and checks its output against the engine called directly.

use crate::common;
use common::*;

use halma_engine::perft::perft;
use halma_engine::{with_geometry, Geometry, Position, Rules, Setup};
use serde_json::Value;
use std::sync::Arc;

/// Runs `halma` with `args`, which must succeed and print one JSON object.
fn ok_json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).expect("the output is one JSON object")
}

/// The engine's own perft counts of `rules`' start position for depths 1..=depth.
fn engine_counts(rules: &str, depth: u32) -> Vec<u64> {
    fn counts<G: Geometry>(rules: Rules, depth: u32) -> Vec<u64> {
        let mut pos = Position::start(Arc::new(Setup::<G>::new(rules).unwrap()));
        (1..=depth).map(|d| perft(&mut pos, d)).collect()
    }
    let rules = Rules::parse(rules).unwrap();
    with_geometry!(rules.board, G => counts::<G>(rules, depth))
}

/// The `nodes` of each `--json` line of `halma perft`.
fn cli_counts(args: &[&str]) -> Vec<u64> {
    let mut full = vec!["perft", "--json"];
    full.extend_from_slice(args);
    json_lines(&ok(&full))
        .iter()
        .map(|v| v["nodes"].as_u64().expect("nodes is a number"))
        .collect()
}

#[test]
fn perft_counts_match_the_engine_on_every_rule_set() {
    for (rules, depth) in [
        ("halma8", 3),
        ("halma10", 3),
        ("halma16", 2),
        ("halma16-vacate", 2),
        ("halma16-4", 2),
        ("star-2", 2),
        ("diamond", 3),
    ] {
        let cli = cli_counts(&["--rules", rules, "--depth", &depth.to_string()]);
        assert_eq!(cli, engine_counts(rules, depth), "{rules}");
    }
    // Start counts checked by hand: 8x8 has 24 first moves, 10x10 has 32.
    assert_eq!(cli_counts(&["--depth", "2"]), [24, 576]);
    assert_eq!(cli_counts(&["--rules", "halma10", "--depth", "1"])[0], 32);
}

#[test]
fn option_flags_and_the_rules_text_form_agree() {
    let via_flags = cli_counts(&[
        "--rules",
        "halma10",
        "--jumps",
        "long",
        "--deadline",
        "none",
        "--depth",
        "3",
    ]);
    let via_text = cli_counts(&[
        "--rules",
        "halma10:jumps=long,deadline=none",
        "--depth",
        "3",
    ]);
    assert_eq!(via_flags, via_text);
    assert_eq!(via_flags, engine_counts("halma10:jumps=long", 3));
    assert_ne!(
        via_flags,
        engine_counts("halma10", 3),
        "long jumps change the count"
    );
}

#[test]
fn perft_json_has_the_documented_fields_and_threads_do_not_change_counts() {
    let lines = json_lines(&ok(&["perft", "--depth", "3", "--threads", "1", "--json"]));
    assert_eq!(lines.len(), 3);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["depth"].as_u64(), Some(i as u64 + 1));
        assert!(line["nodes"].is_u64());
        assert!(line["time_ms"].as_f64().is_some_and(|t| t >= 0.0));
        assert!(line["nps"].is_u64());
        assert!(line.get("divide").is_none());
    }
    let two = cli_counts(&["--depth", "3", "--threads", "2"]);
    let one: Vec<u64> = lines.iter().map(|l| l["nodes"].as_u64().unwrap()).collect();
    assert_eq!(one, two);
}

#[test]
fn divide_sums_to_the_total_in_text_and_json() {
    let text = ok(&["perft", "--rules", "halma10", "--depth", "3", "--divide"]);
    let total_line = text.lines().last().unwrap();
    let total: u64 = total_line.strip_prefix("total ").unwrap().parse().unwrap();
    let entries: Vec<(&str, u64)> = text
        .lines()
        .filter_map(|l| {
            let (mv, n) = l.split_once(' ')?;
            Some((mv, n.parse().ok()?))
        })
        .filter(|(mv, _)| mv.contains('-'))
        .collect();
    assert_eq!(entries.len(), 32, "one line per root move");
    assert!(
        entries.windows(2).all(|w| w[0].0 < w[1].0),
        "sorted by move"
    );
    assert_eq!(entries.iter().map(|e| e.1).sum::<u64>(), total);
    assert_eq!(total, engine_counts("halma10", 3)[2]);

    let lines = json_lines(&ok(&["perft", "--depth", "3", "--divide", "--json"]));
    let last = &lines[2];
    let divide = last["divide"].as_array().expect("divide on the last depth");
    let sum: u64 = divide.iter().map(|e| e["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, last["nodes"].as_u64().unwrap());
    assert!(divide.iter().all(|e| e["move"].is_string()));
    assert!(lines[..2].iter().all(|l| l.get("divide").is_none()));
}

#[test]
fn moves_lists_sorted_legal_moves_with_status_and_paths() {
    let out = ok(&["moves"]);
    let moves: Vec<&str> = out.lines().take_while(|l| l.contains('-')).collect();
    assert_eq!(moves.len(), 24);
    assert!(moves.windows(2).all(|w| w[0] < w[1]));
    assert!(out.contains("\nmoves 24\n") && out.contains("status ongoing"));
    assert!(out.trim_end().ends_with("to move A"));

    let json = ok_json(&["moves", "--json", "--paths"]);
    assert_eq!(json["side_to_move"], "A");
    assert_eq!(json["status"], "ongoing");
    let listed: Vec<&str> = common::strings(&json["moves"]);
    assert_eq!(listed, moves);
    let paths = json["paths"].as_array().unwrap();
    for (mv, path) in listed.iter().zip(paths) {
        let path = path.as_str().unwrap();
        let (from, to) = mv.split_once('-').unwrap();
        assert!(path.starts_with(from) && path.ends_with(to), "{mv}: {path}");
        // Every listed path is itself accepted as the move.
        ok(&["show", "--moves", path]);
    }
    assert!(paths
        .iter()
        .any(|p| p.as_str().unwrap().matches('-').count() >= 1));
}

#[test]
fn moves_and_position_round_trip_through_show() {
    let shown = ok_json(&[
        "show",
        "--json",
        "--rules",
        "halma10",
        "--moves",
        "c3-d4 h8-g7",
    ]);
    let text = shown["position"].as_str().unwrap();
    assert_eq!(shown["side_to_move"], "A");
    assert_eq!(shown["move_counts"], serde_json::json!([1, 1]));
    assert!(shown["diagram"]
        .as_str()
        .unwrap()
        .contains(" a b c d e f g h i j"));

    // Feeding the text back gives the same position, and the same moves.
    let again = ok_json(&["show", "--json", "--position", text]);
    assert_eq!(again["position"], shown["position"]);
    assert_eq!(
        ok(&["moves", "--position", text]),
        ok(&["moves", "--rules", "halma10", "--moves", "c3-d4 h8-g7"])
    );

    // --moves from --position continues the game.
    let first = ok_json(&["show", "--json", "--rules", "halma10", "--moves", "c3-d4"]);
    let continued = ok_json(&[
        "show",
        "--json",
        "--position",
        first["position"].as_str().unwrap(),
        "--moves",
        "h8-g7",
    ]);
    assert_eq!(continued["position"], shown["position"]);

    // The text view shows the same text.
    let plain = ok(&["show", "--position", text]);
    assert!(plain.contains(text) && plain.contains("status      ongoing"));
}

#[test]
fn option_flags_override_the_rules_of_a_position_text() {
    let start = "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0";
    let shown = ok_json(&[
        "show",
        "--json",
        "--position",
        start,
        "--jumps",
        "long",
        "--no-repetition",
    ]);
    assert_eq!(shown["rules"], "halma8:jumps=long,repetition=off");
    // An explicit --rules naming the same set adds its options too.
    let with_rules = ok_json(&[
        "show",
        "--json",
        "--position",
        start,
        "--rules",
        "halma8:deadline=none",
    ]);
    assert_eq!(with_rules["rules"], "halma8:deadline=none");
}

/// Asserts that `args` fails with one line `halma: ...` mentioning every one of `words`.
fn fails_naming(args: &[&str], words: &[&str]) {
    let err = fails(args);
    assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err:?}");
    assert!(err.starts_with("halma: "), "{args:?}: {err}");
    for word in words {
        assert!(err.contains(word), "{args:?}: {err:?} should name {word:?}");
    }
}

#[test]
fn every_bad_input_gets_a_one_line_error_naming_it() {
    let start = "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0";
    fails_naming(
        &["perft", "--rules", "halma9", "--depth", "1"],
        &["unknown rule set", "halma9"],
    );
    fails_naming(&["moves", "--moves", "c3-z9"], &["z9", "off the 8x8 board"]);
    fails_naming(
        &["moves", "--moves", "b3-c4 a1-a2"],
        &["move 2 of 2", "a1-a2"],
    );
    fails_naming(
        &["show", "--moves", "h8-g7"],
        &["h8-g7", "B", "A is to move"],
    );
    fails_naming(&["show", "--position", "halma8"], &["no placement"]);
    fails_naming(
        &["show", "--position", "halma8 4BBBB/5BBB A 0,0"],
        &["2 ranks"],
    );
    fails_naming(
        &[
            "show",
            "--position",
            "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAX4 A 0,0",
        ],
        &["'X'"],
    );
    fails_naming(
        &[
            "show",
            "--position",
            "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAA5 A 0,0",
        ],
        &["9 pieces", "10"],
    );
    fails_naming(
        &["show", "--position", start, "--rules", "halma10"],
        &["halma10", "halma8"],
    );
    fails_naming(&["show", "--deadline", "soon"], &["soon", "deadline"]);
    // Numbers too large for their field are errors, not overflows.
    fails_naming(
        &[
            "show",
            "--position",
            "halma8 4294967304/4BBBB/5BBB/6BB/7B/AA6/AAA5/AAAA4 A 0,0",
        ],
        &["rank 8"],
    );
    fails_naming(
        &[
            "show",
            "--position",
            "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 18446744073709551616,0",
        ],
        &["18446744073709551616,0", "move counts"],
    );
    fails_naming(&["show", "--rules", "halma8:colour=red"], &["colour"]);
}

#[test]
fn bad_numbers_are_rejected_by_the_argument_parser() {
    for (args, words) in [
        (
            vec!["perft", "--depth", "x"],
            ["--depth", "'x' is not a whole number"],
        ),
        (vec!["perft", "--depth", "0"], ["--depth", "at least 1"]),
        (
            vec!["perft", "--depth", "2", "--threads", "0"],
            ["--threads", "at least 1"],
        ),
        (
            vec!["perft", "--depth", "2", "--threads", "many"],
            ["--threads", "'many'"],
        ),
    ] {
        let err = fails(&args);
        let first = err.lines().next().unwrap_or("");
        for word in words {
            assert!(first.contains(word), "{args:?}: {err:?}");
        }
    }
    assert!(fails(&["perft"]).contains("--depth"), "depth is required");
    // clap's own messages come on one line too, with their hints.
    let err = fails(&["moves", "--camp-exit", "open"]);
    assert!(err.contains("[possible values: free, locked]"), "{err}");
    let err = fails(&["analyse", "--thread", "3"]);
    common::assert_has(&err, "; tip: a similar argument exists: '--threads'");
    assert!(fails(&["solve"]).contains("--mode is required for Halma"));
}

#[test]
fn analyse_times_beyond_the_bound_or_not_numbers_are_refused() {
    // 1e308 used to panic in Duration::from_secs_f64; 1e19 overflowed the time manager.
    for time in [
        "1e308",
        "1e19",
        "1000000.5",
        "inf",
        "NaN",
        "0",
        "-1",
        "-inf",
    ] {
        let flag = format!("--time={time}");
        let err = fails(&["analyse", &flag]);
        let first = err.lines().next().unwrap_or("");
        assert!(
            first.contains("--time") && first.contains("up to 1000000"),
            "{time}: {err}"
        );
        assert!(!err.contains("panicked"), "{time}: {err}");
    }
    // The bound itself is a time (the depth ends the search first).
    let out = ok(&["analyse", "--time", "1000000", "--depth", "1"]);
    assert!(out.contains("bestmove"), "{out}");
}

/// The 16 rows of the course start position, top row first.
fn course_start_rows() -> Vec<&'static str> {
    let mut rows = vec!["BBBBB...........", "BBBBB...........", "BBBB............"];
    rows.extend(["BBB.............", "BB.............."]);
    rows.extend(["................"; 6]);
    rows.extend(["..............WW", ".............WWW", "............WWWW"]);
    rows.extend(["...........WWWWW", "...........WWWWW"]);
    rows
}

#[test]
fn a_course_file_with_any_number_for_a_time_still_gets_a_move() {
    let dir = std::env::temp_dir().join(format!("halma-test-course-time-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let rows = course_start_rows();
    for mode in ["SINGLE", "GAME"] {
        for time in ["1e308", "inf", "1e19", "-5", "NaN"] {
            let input = format!("{mode}\nBLACK\n{time}\n{}\n", rows.join("\n"));
            std::fs::write(dir.join("input.txt"), input).unwrap();
            let _ = std::fs::remove_file(dir.join("output.txt"));
            let out = halma(&[
                "course",
                "--dir",
                dir.to_str().unwrap(),
                "--engine",
                "alphabeta:depth=2",
            ]);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{mode} {time}: {err}");
            let output = std::fs::read_to_string(dir.join("output.txt")).unwrap();
            assert!(
                output.starts_with("E ") || output.starts_with("J "),
                "{mode} {time}: {output}"
            );
        }
    }
    std::fs::write(
        dir.join("input.txt"),
        format!("SINGLE\nBLACK\nsoon\n{}\n", rows.join("\n")),
    )
    .unwrap();
    let err = fails(&["course", "--dir", dir.to_str().unwrap()]);
    assert!(err.contains("time 'soon'"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_course_adapter_plays_its_course_weights_unless_the_engine_sets_them() {
    let dir =
        std::env::temp_dir().join(format!("halma-test-course-weights-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Black to move, leading the race by more than 20 cells: plies 48, 64 and 96 of a
    // depth-5 game against fixed3 (docs/search.md, session 23), top row first.
    let positions = [
        [
            "................",
            ".....B..........",
            "...WB...........",
            "...W.B..........",
            "..B.B..B........",
            "......B.........",
            ".....B..B.......",
            "....W..BW.......",
            ".....W.WB.B.....",
            "........WW...W..",
            ".......WB.W.WW.W",
            ".......B.B.WB.B.",
            "............WB..",
            "...........W....",
            "..........W.....",
            "..........W...B.",
        ],
        [
            "................",
            "W...............",
            ".W.W..B.........",
            ".W.W.W..........",
            ".....WBB........",
            "...W..B.........",
            ".....WB.B.......",
            "....W...W.......",
            ".......WB.BB....",
            ".........B......",
            "..........W.W..W",
            ".......B.B.WBBB.",
            ".............B..",
            "...........W.B..",
            "..........W.B...",
            "..........W...B.",
        ],
        [
            "................",
            "W.W.............",
            ".W.W............",
            "WW.W.W..........",
            "...W.WB.........",
            "...W............",
            "...WW.B.W.......",
            "....W..B........",
            "........W.......",
            ".........WB.....",
            "...........B.W..",
            ".......B.B...BB.",
            "...........B.B..",
            "..........B.BB..",
            "............B.BB",
            "..........W.B.B.",
        ],
    ];
    let play = |rows: &[&str; 16], engine: &str| {
        let input = format!("SINGLE\nBLACK\n10\n{}\n", rows.join("\n"));
        std::fs::write(dir.join("input.txt"), input).unwrap();
        let out = halma(&["course", "--dir", dir.to_str().unwrap(), "--engine", engine]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::read_to_string(dir.join("output.txt")).unwrap()
    };
    let base = "alphabeta:depth=4,threads=1";
    let mut differ = 0;
    for rows in &positions {
        let default = play(rows, base);
        let course = play(
            rows,
            &format!("{base},weight.opponent=75,weight.opponent_lead=20"),
        );
        assert_eq!(default, course, "the default is the course weights");
        if play(rows, &format!("{base},weight.opponent=100")) != default {
            differ += 1;
        }
    }
    // If a change to the search makes every move agree, pick positions where they differ.
    assert!(
        differ > 0,
        "weight.opponent=100 on --engine overrides the course weights"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `halma course --dir dir`, which must fail within 10 s (a blocked open or an endless
/// read is a failure, not a hung test); returns its one error line.
fn course_fails_promptly(dir: &std::path::Path) -> String {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_halma"))
        .args(["course", "--dir", dir.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("halma course hung on {}", dir.display());
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("halma: ") && err.lines().count() == 1,
        "{err}"
    );
    err
}

#[test]
fn a_course_input_that_never_ends_or_blocks_is_refused_at_once() {
    let dir = scratch("course-hostile");
    let input = dir.join("input.txt");
    // A file far larger than any input.txt: refused after 64 KiB, not read whole.
    let row = "................\n";
    std::fs::write(&input, format!("GAME\nBLACK\n1\n{}", row.repeat(100_000))).unwrap();
    let err = course_fails_promptly(&dir);
    assert!(err.contains("bytes at most"), "{err}");
    // A device that never ends (it once took 13 GB before the kernel killed it).
    std::fs::remove_file(&input).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &input).unwrap();
    let err = course_fails_promptly(&dir);
    assert!(err.contains("not a regular file"), "{err}");
    // A FIFO nobody writes to (opening it used to block for ever).
    std::fs::remove_file(&input).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&input).status();
    if made.is_ok_and(|s| s.success()) {
        let err = course_fails_promptly(&dir);
        assert!(err.contains("not a regular file"), "{err}");
    }
    // A directory.
    let _ = std::fs::remove_file(&input);
    std::fs::create_dir(&input).unwrap();
    let err = course_fails_promptly(&dir);
    assert!(err.contains("not a regular file"), "{err}");
    assert!(!dir.join("output.txt").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_course_input_saved_with_a_byte_order_mark_gets_a_move() {
    // As a Windows editor saves it: the mark before `SINGLE` used to be "mode '\u{feff}SINGLE'
    // is neither SINGLE nor GAME".
    let dir = scratch("course-bom");
    let rows = course_start_rows().join("\r\n");
    let text = format!("\u{feff}SINGLE\r\nBLACK\r\n0.5\r\n{rows}\r\n");
    std::fs::write(dir.join("input.txt"), text).unwrap();
    ok(&[
        "course",
        "--dir",
        dir.to_str().unwrap(),
        "--engine",
        "alphabeta:depth=1",
    ]);
    let out = std::fs::read_to_string(dir.join("output.txt")).unwrap();
    assert!(out.starts_with("E ") || out.starts_with("J "), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_output_txt_that_is_a_fifo_nobody_reads_fails_at_once() {
    // Writing output.txt used to open it and wait for a reader for ever.
    let dir = scratch("course-output-fifo");
    let rows = course_start_rows().join("\n");
    std::fs::write(
        dir.join("input.txt"),
        format!("SINGLE\nBLACK\n0.2\n{rows}\n"),
    )
    .unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("output.txt"))
        .status()
        .unwrap();
    assert!(made.success());
    let err = course_fails_promptly(&dir);
    assert!(
        err.contains("cannot write") && err.contains("output.txt"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn large_eval_weights_never_report_a_win_and_are_bounded() {
    // distance=5000 used to report a win on the start position; 100000 a mate 2147198652.
    for weight in [
        "distance=5000",
        "distance=100000",
        "race_won=100000",
        "tempo=-100000",
        "opponent=0",
    ] {
        for rules in ["halma8", "star-2"] {
            let out = ok(&[
                "analyse",
                "--rules",
                rules,
                "--depth",
                "3",
                "--eval-weight",
                weight,
                "--json",
            ]);
            for line in json_lines(&out) {
                if let Some(score) = line.get("score") {
                    assert!(score.as_i64().unwrap().abs() < 29_872, "{weight}: {line}");
                    assert!(line.get("win_in").is_none() && line.get("loss_in").is_none());
                }
            }
        }
    }
    for weight in ["distance=100001", "tempo=-100001", "ladder=4294967296"] {
        fails_naming(
            &["analyse", "--depth", "1", "--eval-weight", weight],
            &["--eval-weight", weight, "is not a whole number in"],
        );
    }
    // The opponent share is a percentage.
    for weight in ["opponent=101", "opponent=-1"] {
        fails_naming(
            &["analyse", "--depth", "1", "--eval-weight", weight],
            &["--eval-weight", weight, "0..=100"],
        );
    }
    // The same bound through UGI: the option names it, a weight at it never reads as mate.
    use std::io::{BufRead, BufReader, Write};
    let mut child = common::spawn_ugi(std::process::Stdio::inherit());
    let mut stdin = child.stdin.take().unwrap();
    writeln!(
        stdin,
        "ugi\nsetoption name Weight distance value 100000\nposition startpos\ngo depth 3"
    )
    .unwrap();
    stdin.flush().unwrap();
    let mut seen = Vec::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        let done = line.starts_with("bestmove");
        seen.push(line);
        if done {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    child.wait().unwrap();
    let text = seen.join("\n");
    common::assert_has(
        &text,
        "option name Weight distance type spin default 40 min -100000 max 100000",
    );
    common::assert_has(
        &text,
        "option name Weight opponent type spin default 100 min 0 max 100",
    );
    assert!(
        text.contains(
            "option name Weight opponent_lead type spin default -100000 min -100000 max 100000"
        ),
        "{text}"
    );
    assert!(
        text.contains("score cp") && !text.contains("mate"),
        "{text}"
    );
}

#[test]
fn a_position_with_a_twentieth_piece_is_refused() {
    let start = "halma16 11BBBBB/11BBBBB/12BBBB/13BBB/14BB/16/16/16/16/16/16/AA14/AAA13/AAAA12/AAAAA11/AAAAA11 A 0,0";
    let twenty = start.replace("/16/16/16/16/16/16/", "/16/16/7A8/16/16/16/");
    for command in ["show", "moves", "perft"] {
        let mut args = vec![command, "--position", &twenty];
        if command == "perft" {
            args.extend(["--depth", "1"]);
        }
        fails_naming(&args, &["side A has 20 pieces", "19"]);
    }
}

#[test]
fn thread_counts_and_table_sizes_have_upper_bounds() {
    for (args, words) in [
        (
            vec!["analyse", "--depth", "1", "--threads", "4294967295"],
            ["--threads", "at most 256"],
        ),
        (
            vec!["analyse", "--depth", "1", "--threads", "257"],
            ["--threads", "at most 256"],
        ),
        (
            vec!["analyse", "--depth", "1", "--hash", "99999999"],
            ["--hash", "at most 65536"],
        ),
        (
            vec!["analyse", "--depth", "1", "--multipv", "4294967295"],
            ["--multipv", "at most 256"],
        ),
        (
            vec!["perft", "--depth", "1", "--threads", "4294967295"],
            ["--threads", "at most 256"],
        ),
        (
            vec!["solve", "--threads", "100000"],
            ["--threads", "at most 256"],
        ),
        (
            vec!["solve", "--memory", "99999999"],
            ["--memory", "at most 65536"],
        ),
    ] {
        let err = fails(&args);
        let first = err.lines().next().unwrap_or("");
        for word in words {
            assert!(first.contains(word), "{args:?}: {err:?}");
        }
    }
    let out = ok(&["analyse", "--depth", "1", "--threads", "256", "--json"]);
    assert!(out.contains("bestmove"));
}

#[test]
fn move_counts_beyond_2_pow_31_read_back_as_printed() {
    // 2^31 - 1 moves, then one more: the count printed must be read back.
    let before = "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 2147483647,0";
    let shown = ok_json(&["show", "--position", before, "--moves", "b3-c4", "--json"]);
    assert_eq!(shown["move_counts"], serde_json::json!([2147483648u64, 0]));
    let after = shown["position"].as_str().unwrap().to_string();
    assert!(after.ends_with(" B 2147483648,0"), "{after}");
    let again = ok_json(&["show", "--position", &after, "--json"]);
    assert_eq!(again["position"], after.as_str());
    // The largest count reads back too, and a move from it neither panics nor overflows.
    let max = "halma8:deadline=none 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,18446744073709551615";
    let shown = ok_json(&["show", "--position", max, "--json"]);
    assert_eq!(
        shown["move_counts"],
        serde_json::json!([0, 18446744073709551615u64])
    );
    ok(&[
        "show",
        "--position",
        max,
        "--moves",
        "b3-c4 g6-f5",
        "--json",
    ]);
}
