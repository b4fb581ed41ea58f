//! Whole tournaments through the `halma` binary: internal engines, `halma ugi` (and `halma
//! ccp`, through a `ccp:` player) as an external engine, a course agent (`halma course`), and a deliberately broken engine
//! (`tests/fixtures/broken-ugi.sh`: crashes, hangs, answers an illegal move), every fault
//! recorded and the tournament finished; the record file replayed and resumed; an SPRT that
//! stops early.

use crate::common;

use common::scratch;
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

const HALMA: &str = env!("CARGO_BIN_EXE_halma");

fn halma(args: &[&str]) -> Output {
    Command::new(HALMA).args(args).output().expect("halma runs")
}

/// Runs `halma` with `args`, which must succeed and print one JSON object.
fn json(args: &[&str]) -> Value {
    let out = halma(args);
    assert!(
        out.status.success(),
        "halma {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn broken(mode: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/broken-ugi.sh");
    format!("ugi:\"{} {mode}\",name={mode}", script.display())
}

/// The player totals of a standings object, by name: (games, points, forfeits).
fn totals(report: &Value) -> Vec<(String, u64, f64, u64)> {
    report["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["games"].as_u64().unwrap(),
                p["points"].as_f64().unwrap(),
                p["forfeits"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_gauntlet_with_broken_engines_records_every_fault_replays_and_resumes() {
    let dir = scratch("gauntlet");
    let record = dir.join("games.txt");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "# one opening\nb3-c4 g6-f5\n").unwrap();
    let me = format!("ugi:\"{HALMA} ugi\",depth=1,option.Engine=alphabeta,name=self");
    let (crash, hang, illegal) = (broken("crash"), broken("hang"), broken("illegal"));
    let args = [
        "tournament",
        "--rules",
        "halma8",
        "--format",
        "gauntlet",
        // A strict clock (no --time-margin): 1 s a move, so that a loaded CI machine does
        // not make the halma binary lose on time (at 100 ms it once did), and the hanging
        // engine is caught after a second.
        "--tc",
        "1s",
        "--concurrency",
        "2",
        "--openings",
        openings.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
        "--player",
        "alphabeta:depth=1,name=ab1",
        "--player",
        &me,
        "--player",
        &crash,
        "--player",
        &hang,
        "--player",
        &illegal,
        "--player",
        "ugi:/nonexistent/engine,name=missing",
        "--json",
    ];
    let report = json(&args);
    assert_eq!(report["games"], 10);
    assert_eq!(report["scheduled"], 10);
    let players = totals(&report);
    let text = std::fs::read_to_string(&record).unwrap();
    assert_eq!(
        players[1].3, 0,
        "the halma binary plays clean games:\n{text}"
    );
    assert_eq!(players[0], ("ab1".to_string(), 10, 9.0, 0), "{text}");
    for p in &players[2..] {
        assert_eq!((p.1, p.2, p.3), (2, 0.0, 2), "{p:?}");
    }
    assert_eq!(text.matches("[Game ").count(), 10);
    for reason in [
        "(crash) forfeits: crashed while searching",
        "(hang) forfeits: hung while searching",
        "(illegal) forfeits: illegal move",
        "(missing) forfeits: failed to start",
    ] {
        assert_eq!(text.matches(reason).count(), 2, "{reason}");
    }
    let pairing = &report["pairings"][0];
    assert_eq!(pairing["player"], "ab1");
    assert_eq!(pairing["opponent"], "self");
    let pent: u64 = (0..5)
        .map(|i| pairing["pentanomial"][i].as_u64().unwrap())
        .sum();
    assert_eq!(pent, 1);

    // Replay: every game listed, game 1 replayed move by move to its recorded result.
    let list = halma(&["replay", record.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&list.stdout).lines().count(), 10);
    let one = halma(&["replay", record.to_str().unwrap(), "--game", "1"]);
    let one = String::from_utf8(one.stdout).unwrap();
    let last = one.lines().last().unwrap();
    // Game 1's tags (the file's header block comes first).
    let game_one = &text[text.find("[Game \"1\"]").unwrap()..];
    let tags = game_one.split("\n\n").next().unwrap();
    let plies: usize = tags
        .lines()
        .find_map(|l| {
            l.strip_prefix("[Plies \"")?
                .strip_suffix("\"]")?
                .parse()
                .ok()
        })
        .unwrap();
    let is_move = |l: &&str| {
        l.trim_start().split_once(". ").is_some_and(|(n, rest)| {
            n.parse::<usize>().is_ok() && (rest.starts_with("A ") || rest.starts_with("B "))
        })
    };
    assert_eq!(one.lines().filter(is_move).count(), plies);
    assert!(last.starts_with("result "), "{last}");
    let status = last.split("the board says: ").nth(1).unwrap();
    assert!(
        status != "ongoing" || last.contains("adjudicated"),
        "{last}"
    );

    // The record exists: a second run must say --resume; with it nothing is replayed.
    assert!(!halma(&args).status.success());
    let mut resume = args.to_vec();
    resume.push("--resume");
    let again = json(&resume);
    assert_eq!(again["games"], 10);
    assert_eq!(totals(&again), players);

    // Torn after four games and a half: the resumed tournament plays the rest. (The
    // header is one block, each game two: tags and moves.)
    let blocks: Vec<&str> = text.split_inclusive("\n\n").collect();
    let torn: String = blocks[..9].concat() + &blocks[9][..40];
    std::fs::write(&record, torn).unwrap();
    let resumed = json(&resume);
    assert_eq!(resumed["games"], 10);
    let text = std::fs::read_to_string(&record).unwrap();
    assert_eq!(text.matches("[Game ").count(), 10);
    assert_eq!(totals(&resumed)[0].1, 10);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn four_player_games_rotate_the_seats_and_split_the_point() {
    let dir = scratch("four");
    let record = dir.join("games.txt");
    let mut args = vec![
        "tournament",
        "--rules",
        "halma16-4",
        "--openings",
        "none",
        "--max-plies",
        "24",
        "--adjudicate",
        "race",
        "--record",
        record.to_str().unwrap(),
        "--json",
    ];
    for p in [
        "alphabeta:depth=1",
        "alphabeta:depth=2",
        "mcts:nodes=100",
        "alphabeta:nodes=50",
    ] {
        args.extend(["--player", p]);
    }
    let report = json(&args);
    assert_eq!(report["games"], 4);
    let players = totals(&report);
    assert!(players.iter().all(|p| p.1 == 4 && p.3 == 0), "{players:?}");
    let points: f64 = players.iter().map(|p| p.2).sum();
    assert!((points - 4.0).abs() < 1e-9);
    let text = std::fs::read_to_string(&record).unwrap();
    assert_eq!(text.matches("adjudicated after 24 plies").count(), 4);
    // Seats rotate: each player sits on A once.
    for name in ["alphabeta:depth=1", "mcts:nodes=100"] {
        assert_eq!(text.matches(&format!("[A \"{name}\"]")).count(), 1);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn course_agents_play_through_their_files() {
    let dir = scratch("course");
    let record = dir.join("games.txt");
    let agent = format!("course:\"{HALMA} course --engine alphabeta:depth=1\",name=agent");
    let report = json(&[
        "tournament",
        "--rules",
        "halma16-vacate",
        "--tc",
        "2s",
        "--openings",
        "none",
        "--max-plies",
        "10",
        "--adjudicate",
        "race",
        "--record",
        record.to_str().unwrap(),
        "--player",
        &agent,
        "--player",
        "alphabeta:depth=1",
        "--json",
    ]);
    assert_eq!(report["games"], 2);
    assert!(totals(&report).iter().all(|p| p.3 == 0), "{report}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert_eq!(text.matches("[Plies \"10\"]").count(), 2, "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_sprt_stops_the_match_once_decided() {
    let dir = scratch("sprt");
    let record = dir.join("games.txt");
    let crash = broken("crash");
    let report = json(&[
        "tournament",
        "--rules",
        "halma8",
        "--openings",
        "none",
        "--rounds",
        "20",
        "--tc",
        "200ms",
        "--concurrency",
        "2",
        "--record",
        record.to_str().unwrap(),
        "--player",
        "alphabeta:depth=1",
        "--player",
        &crash,
        "--sprt",
        "elo0=0",
        "elo1=200",
        "alpha=0.05",
        "beta=0.05",
        "--json",
    ]);
    let sprt = &report["sprt"];
    assert_eq!(sprt["verdict"], "H1", "{report}");
    assert!(sprt["llr"].as_f64().unwrap() >= sprt["upper"].as_f64().unwrap());
    // Seven won pairs give LLR 3.43 > 2.94 (six give 2.94 < 2.944); games in flight when it
    // is decided may still finish.
    let games = report["games"].as_u64().unwrap();
    assert!((14..=16).contains(&games), "{games} games");
    assert_eq!(report["scheduled"], 40);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_tournament_arguments_get_one_line_errors() {
    for (args, needle) in [
        (vec!["--player", "alphabeta:depth=1"], "two players"),
        (
            vec!["--player", "chess:depth=1", "--player", "alphabeta:depth=1"],
            "unknown kind",
        ),
        (
            vec!["--player", "course:x", "--player", "alphabeta:depth=1"],
            "16x16",
        ),
        (
            vec!["--tc", "fast", "--player", "alphabeta", "--player", "mcts"],
            "duration",
        ),
        (
            vec![
                "--sprt",
                "elo0=5",
                "elo1=0",
                "--player",
                "alphabeta:depth=1",
                "--player",
                "alphabeta:depth=2",
            ],
            "below",
        ),
        (
            vec![
                "--openings",
                "/nonexistent",
                "--player",
                "alphabeta:depth=1",
                "--player",
                "alphabeta:depth=2",
            ],
            "openings",
        ),
    ] {
        let mut full = vec!["tournament", "--record", "/nonexistent/dir/games.txt"];
        full.extend(args.iter());
        let out = halma(&full);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("halma: "), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// Runs `halma` with `args`, which must fail with status 2; returns the first line of stderr.
fn fails_first_line(args: &[&str]) -> String {
    let out = halma(args);
    assert_eq!(out.status.code(), Some(2), "{args:?} should fail");
    let err = String::from_utf8(out.stderr).unwrap();
    err.lines().next().unwrap_or("").to_string()
}

#[test]
fn sizes_counts_and_times_beyond_their_bounds_are_refused_up_front() {
    let two = ["--player", "alphabeta:depth=1", "--player", "mcts:nodes=10"];
    for (extra, words) in [
        (
            vec!["--rounds", "4294967295"],
            vec!["--rounds", "at most 1000000"],
        ),
        (
            vec!["--rounds", "600000"],
            vec!["1000000 games", "--rounds"],
        ),
        (
            vec!["--concurrency", "4294967295"],
            vec!["--concurrency", "256"],
        ),
        (
            vec!["--max-plies", "4294967295"],
            vec!["--max-plies", "100000"],
        ),
        (vec!["--tc", "1e308"], vec!["--tc"]),
        (vec!["--tc", "nan+1"], vec!["--tc"]),
        (vec!["--tc", "10+-1"], vec!["--tc", "'-1'"]),
        (vec!["--tc", "2000000"], vec!["--tc", "1000000"]),
        // A zero clock once lost every game for the first mover; `1++1` was taken.
        (vec!["--tc", "0"], vec!["--tc", "less than 1 ms"]),
        (vec!["--tc", "0ms"], vec!["--tc", "less than 1 ms"]),
        (vec!["--tc", "0+1"], vec!["--tc", "the base time '0'"]),
        (
            vec!["--tc", "1++1"],
            vec!["--tc", "'1++1' is not a time control"],
        ),
        (vec!["--tc", "1+"], vec!["--tc", "''"]),
        (vec!["--time-margin", "inf"], vec!["--time-margin"]),
        (vec!["--time-margin=-5ms"], vec!["--time-margin", "-5ms"]),
        (
            vec!["--player", "alphabeta:hash=99999999,depth=1"],
            vec!["hash", "at most 65536"],
        ),
        (
            vec!["--player", "mcts:tree=99999999,nodes=5"],
            vec!["tree", "at most 65536"],
        ),
        (
            vec!["--player", "alphabeta:threads=4294967295,depth=1"],
            vec!["threads", "at most 256"],
        ),
        (
            vec!["--player", "mcts:threads=257,nodes=5"],
            vec!["threads", "at most 256"],
        ),
        (
            vec!["--player", "alphabeta:depth=1,time=1e308"],
            vec!["time=1e308"],
        ),
        (
            vec!["--sprt", "elo0=0", "elo1=1e308"],
            vec!["--sprt", "elo1", "200"],
        ),
        (
            vec!["--sprt", "elo0=0 elo1=5 alpha=nan"],
            vec!["--sprt", "alpha"],
        ),
    ] {
        let mut args = vec!["tournament", "--record", "/nonexistent/dir/games.txt"];
        args.extend(two);
        args.extend(&extra);
        let line = fails_first_line(&args);
        for word in words {
            assert!(line.contains(word), "{extra:?}: {line}");
        }
    }
}

/// Plays the two games of `broken(mode)` against depth-1 alpha-beta, checks that the broken
/// engine forfeits both and that the tournament finishes; returns the record file's text.
fn both_games_forfeited_by(mode: &str) -> String {
    let dir = scratch(mode);
    let record = dir.join("games.txt");
    let engine = broken(mode);
    let report = json(&[
        "tournament",
        "--openings",
        "none",
        "--tc",
        "2000ms",
        "--record",
        record.to_str().unwrap(),
        "--player",
        "alphabeta:depth=1,name=ab1",
        "--player",
        &engine,
        "--json",
    ]);
    assert_eq!(report["games"], 2);
    assert_eq!(
        totals(&report)[1],
        (mode.to_string(), 2, 0.0, 2),
        "{report}"
    );
    let text = std::fs::read_to_string(&record).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    text
}

#[test]
fn an_engine_that_floods_its_output_forfeits_its_games_and_nothing_else() {
    let text = both_games_forfeited_by("flood");
    assert_eq!(
        text.matches("(flood) forfeits: wrote a line longer than 65536 bytes")
            .count(),
        2,
        "{text}"
    );
}

#[test]
fn an_engine_that_answers_none_in_a_live_game_forfeits() {
    let text = both_games_forfeited_by("none");
    assert_eq!(
        text.matches("(none) forfeits: illegal move").count(),
        2,
        "{text}"
    );
}

#[test]
fn an_engine_that_leaves_after_the_handshake_forfeits_and_the_tournament_lives() {
    // Writing to its closed pipe used to kill the whole tournament with SIGPIPE (status 141).
    both_games_forfeited_by("leave");
}

/// The arguments of a small two-game tournament recording into `record`.
fn small_tournament(record: &Path) -> Vec<String> {
    let mut args = common::words(
        "tournament --openings none --player alphabeta:depth=1,name=a \
         --player alphabeta:depth=2,name=b --max-plies 20 --json --record",
    );
    args.push(record.to_str().unwrap().into());
    args
}

#[test]
fn a_record_file_has_one_writer_and_each_game_once() {
    let dir = scratch("lock");
    let record = dir.join("games.txt");
    // A tournament that runs for a while: its engine hangs until the clock takes it.
    let hang = broken("hang");
    let mut first = Command::new(HALMA)
        .args([
            "tournament",
            "--openings",
            "none",
            "--tc",
            "3000ms",
            "--concurrency",
            "1",
            "--record",
            record.to_str().unwrap(),
            "--player",
            "alphabeta:depth=1",
            "--player",
            &hang,
            "--json",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !record.exists() && started.elapsed().as_secs() < 20 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    let mut second = small_tournament(&record);
    second.push("--resume".into());
    let second: Vec<&str> = second.iter().map(String::as_str).collect();
    let line = fails_first_line(&second);
    assert_eq!(
        line,
        format!(
            "halma: argument: record file {} is in use by another tournament",
            record.display()
        )
    );
    first.kill().unwrap();
    first.wait().unwrap();

    // Free again, the file can be taken over; a game recorded twice is refused by name.
    std::fs::remove_file(&record).unwrap();
    let args = small_tournament(&record);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert_eq!(json(&args)["games"], 2);
    let text = std::fs::read_to_string(&record).unwrap();
    // Games are recorded as they finish, so either may come first.
    let second = text.rfind("[Game ").unwrap();
    let first = text.find("[Game ").unwrap();
    let first_game = if text[first..].starts_with("[Game \"1\"]") {
        1
    } else {
        2
    };
    let second_game = 3 - first_game;
    let second_header = format!("[Game \"{second_game}\"]");
    assert!(text[second..].starts_with(&second_header), "{text}");
    let doubled = [&text, &text[first..second]].concat();
    std::fs::write(&record, &doubled).unwrap();
    let mut resume = args.clone();
    resume.push("--resume");
    let line = fails_first_line(&resume);
    assert!(
        line.contains(&format!(
            "{}: game {first_game} is recorded twice",
            record.display()
        )),
        "{line}"
    );
    assert_eq!(std::fs::read_to_string(&record).unwrap(), doubled);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn move_counts_beyond_2_pow_31_are_recorded_replayed_and_resumed() {
    let dir = scratch("counts");
    let record = dir.join("games.txt");
    let openings = dir.join("openings.txt");
    let big = "3000000000,4294967297";
    std::fs::write(
        &openings,
        format!("halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A {big}\n"),
    )
    .unwrap();
    let args = [
        "tournament",
        "--rules",
        "halma8:deadline=none",
        "--openings",
        openings.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
        "--player",
        "alphabeta:depth=1,name=a",
        "--player",
        "alphabeta:depth=1,name=b",
        "--max-plies",
        "6",
        "--json",
    ];
    assert_eq!(json(&args)["games"], 2);
    let text = std::fs::read_to_string(&record).unwrap();
    assert_eq!(text.matches(big).count(), 2, "{text}");
    let replay = halma(&["replay", record.to_str().unwrap(), "--game", "2"]);
    assert!(replay.status.success(), "{replay:?}");
    let replayed = String::from_utf8(replay.stdout).unwrap();
    assert!(replayed.contains("3000000003,4294967300"), "{replayed}");
    let mut resume = args.to_vec();
    resume.push("--resume");
    assert_eq!(json(&resume)["games"], 2);
    // A game number beyond 2^31 reads back too: it is not part of this tournament.
    let far = text.replacen("[Game \"1\"]", "[Game \"3000000000\"]", 1);
    std::fs::write(&record, far).unwrap();
    let line = fails_first_line(&resume);
    common::assert_has(&line, "game 3000000000 does not belong to this tournament");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ccp_engines_play_under_our_referee_with_records() {
    let dir = scratch("ccp");
    let record = dir.join("games.txt");
    let ccp = format!("ccp:\"{HALMA} ccp\",nodes=300,option.Threads=1,name=ccp");
    let report = json(&[
        "tournament",
        "--rules",
        "ccerl",
        "--openings",
        "none",
        "--rounds",
        "2",
        "--tc",
        "5s",
        "--record",
        record.to_str().unwrap(),
        "--player",
        &ccp,
        "--player",
        "alphabeta:depth=1,name=ab",
        "--json",
    ]);
    assert_eq!(report["games"], 4, "{report}");
    for (name, games, _, forfeits) in totals(&report) {
        assert_eq!((games, forfeits), (4, 0), "{name}: {report}");
    }
    // The record replays: every game a legal ccerl game.
    let listed = halma(&["replay", record.to_str().unwrap()]);
    assert!(
        listed.status.success(),
        "{}",
        String::from_utf8_lossy(&listed.stderr)
    );
    let lines = String::from_utf8_lossy(&listed.stdout).to_string();
    assert_eq!(
        lines.lines().filter(|l| l.starts_with("game ")).count(),
        4,
        "{lines}"
    );
    assert!(std::fs::read_to_string(&record)
        .unwrap()
        .contains("[Rules \"ccerl\"]"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `halma args` in `dir`, killed if it takes longer than `limit` (a hang is a failure,
/// not a test that never ends).
fn halma_within(dir: &Path, args: &[&str], limit: std::time::Duration) -> Output {
    let child = Command::new(HALMA)
        .current_dir(dir)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("halma runs");
    let id = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(limit) {
        Ok(out) => out.expect("halma ran"),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &id.to_string()]).status();
            panic!("halma {args:?} did not finish within {limit:?}");
        }
    }
}

/// The one-line error of a tournament between two random movers whose `--openings` file
/// is `openings` (the record's folder does not exist, so nothing is ever played).
fn openings_refused(openings: &str) -> String {
    common::fails(&[
        "tournament",
        "--openings",
        openings,
        "-p",
        "random",
        "-p",
        "random:seed=2",
        "--record",
        "/nonexistent/dir/games.txt",
    ])
}

#[test]
fn files_without_end_or_without_games_are_one_line_errors() {
    // Both once read /dev/zero whole (6.85 GB in 10 s, 10.5 GB in 20 s).
    let e = common::fails(&["replay", "/dev/zero"]);
    assert!(e.contains("/dev/zero: line 1 holds a NUL byte"), "{e}");
    let e = openings_refused("/dev/zero");
    common::assert_has(
        &e,
        "/dev/zero: line 1 holds a NUL byte: not an openings file",
    );
    let dir = scratch("empty-replay");
    let empty = dir.join("empty.games");
    std::fs::write(&empty, "").unwrap();
    // An empty record once replayed to nothing with status 0.
    let e = common::fails(&["replay", empty.to_str().unwrap()]);
    assert!(e.contains("holds no complete game record"), "{e}");
    let junk = dir.join("junk.txt");
    std::fs::write(&junk, "# comment\nb3-c4 \u{1}\n").unwrap();
    let e = openings_refused(junk.to_str().unwrap());
    assert!(e.contains("line 2"), "{e}");
    // A position text of a finished game (once played as games of 0 plies, scored).
    let won = dir.join("won.txt");
    std::fs::write(&won, "halma8 4AAAA/5AAA/6AA/7A/B7/BB6/BBB5/BBBB4 B 10,10\n").unwrap();
    let e = openings_refused(won.to_str().unwrap());
    assert!(
        e.contains("won.txt line 1") && e.contains("the opening ends the game"),
        "{e}"
    );
    let long = dir.join("long.txt");
    std::fs::write(&long, "b3-c4 ".repeat(20_000)).unwrap();
    let e = openings_refused(long.to_str().unwrap());
    assert!(e.contains("line 1 is longer than 65536 bytes"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_default_openings_do_not_depend_on_the_directory() {
    // From the repository root the default once was positions/openings/halma8.txt (16
    // games), from anywhere else the start position alone (2 games), without a word.
    let dir = scratch("default-openings");
    let args = [
        "tournament",
        "--rules",
        "halma8",
        "-p",
        "random",
        "-p",
        "random:seed=2",
        "--max-plies",
        "4",
        "--concurrency",
        "1",
        "--record",
        "games.txt",
        "--json",
    ];
    let out = halma_within(&dir, &args, std::time::Duration::from_secs(60));
    assert!(out.status.success(), "{out:?}");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], 16, "{report}");
    // The openings of positions/openings/halma8.txt, numbered by their lines.
    let text = std::fs::read_to_string(dir.join("games.txt")).unwrap();
    let file = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions/openings/halma8.txt"),
    )
    .unwrap();
    for (i, line) in file.lines().enumerate() {
        let tag = format!("[Opening \"{}\"]", i + 1);
        let expected = if line.starts_with('#') || line.trim().is_empty() {
            0
        } else {
            2
        };
        assert_eq!(text.matches(&tag).count(), expected, "{tag}: {text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rounds_of_deterministic_players_are_refused_and_seeds_change_by_round() {
    // Two fixed-depth searchers once replayed round 1 in every round, counted again.
    let e = common::fails_line("tournament --openings none --rounds 3 -p alphabeta:depth=1 -p alphabeta:depth=2 --record /nonexistent/dir/games.txt");
    common::assert_has(
        &e,
        "--rounds 3: 'alphabeta:depth=1' and 'alphabeta:depth=2' play the same moves",
    );
    // The random mover draws from another seed each round: round 2's games differ.
    let dir = scratch("rounds-seeds");
    let record = dir.join("games.txt");
    json(&[
        "tournament",
        "--openings",
        "none",
        "--rounds",
        "2",
        "--max-plies",
        "30",
        "--concurrency",
        "1",
        "-p",
        "alphabeta:depth=1",
        "-p",
        "random",
        "--record",
        record.to_str().unwrap(),
        "--json",
    ]);
    let text = std::fs::read_to_string(&record).unwrap();
    let moves: Vec<&str> = text
        .split("\n\n")
        .filter(|b| b.starts_with("1. "))
        .collect();
    assert_eq!(moves.len(), 4, "{text}");
    assert_ne!(moves[0], moves[2], "{text}");
    assert_ne!(moves[1], moves[3], "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_course_agent_that_leaves_a_fifo_forfeits_and_the_tournament_goes_on() {
    let dir = scratch("course-fifo");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fifo-agent.sh");
    let agent = format!("course:\"{}\",name=fifo", script.display());
    let out = halma_within(
        &dir,
        &[
            "tournament",
            "--rules",
            "halma16-vacate",
            "--tc",
            "2s",
            "--openings",
            "none",
            "--max-plies",
            "10",
            "--record",
            "games.txt",
            "--player",
            &agent,
            "--player",
            "alphabeta:depth=1",
            "--json",
        ],
        std::time::Duration::from_secs(60),
    );
    assert!(out.status.success(), "{out:?}");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        totals(&report)[0],
        ("fifo".to_string(), 2, 0.0, 2),
        "{report}"
    );
    let text = std::fs::read_to_string(dir.join("games.txt")).unwrap();
    assert_eq!(
        text.matches("left an output.txt that is not a regular file")
            .count(),
        2,
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Whether process `pid` is gone (or a zombie waiting for init to reap it).
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

#[test]
fn a_hung_engine_is_killed_with_the_children_it_started() {
    // They once lived on, re-parented to init.
    let dir = scratch("engine-children");
    let pids = dir.join("pids");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/broken-ugi.sh");
    let engine = format!(
        "ugi:\"{} spawn {}\",name=spawn",
        script.display(),
        pids.display()
    );
    let report = json(&[
        "tournament",
        "--openings",
        "none",
        "--tc",
        "500ms",
        "--record",
        dir.join("games.txt").to_str().unwrap(),
        "--player",
        "alphabeta:depth=1,name=ab1",
        "--player",
        &engine,
        "--json",
    ]);
    assert_eq!(
        totals(&report)[1],
        ("spawn".to_string(), 2, 0.0, 2),
        "{report}"
    );
    let text = std::fs::read_to_string(&pids).unwrap();
    let started: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(started.len(), 2, "{text}");
    let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while !started.iter().all(|p| gone(p)) && std::time::Instant::now() < until {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    for pid in started {
        assert!(gone(pid), "the engine's child {pid} outlived it");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_of_empty_lines_is_read_in_bounded_memory() {
    // The parser once indexed every line first (24 bytes a line): 64 MiB of line ends took
    // 1.5 GB before the first block was looked at.
    let dir = scratch("blank-lines");
    let file = dir.join("blank.games");
    std::fs::write(&file, vec![b'\n'; 64 << 20]).unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 786432 && exec '{HALMA}' replay '{}'",
            file.display()
        ))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("holds no complete game record"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
