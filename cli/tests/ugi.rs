//! Drives `halma ugi` through a child process, as a GUI or tournament manager would, and
//! checks every answer against the engine called directly.

use crate::common;

use common::UgiSession as Session;

use halma_engine::games::halma::notation::split_position_text;
use halma_engine::{with_geometry, Position, Setup};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Whether `mv` is legal after `moves` in the position `text`.
fn legal(text: &str, moves: &[&str], mv: &str) -> bool {
    let (rules, fields) = split_position_text(text).unwrap();
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let mut pos = Position::<G>::from_text_fields(setup, fields).unwrap();
        for m in moves {
            let m = pos.parse_move(m).unwrap();
            pos.make(m);
        }
        pos.parse_move(mv).is_ok()
    })
}

const HALMA8: &str = "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0";
const HALMA10: &str = "halma10 5BBBBB/6BBBB/7BBB/8BB/9B/A9/AA8/AAA7/AAAA6/AAAAA5 A 0,0";

#[test]
fn handshake_search_queries_and_quit() {
    let mut s = Session::start();
    s.send("ugi");
    let hello = s.until("ugiok");
    assert!(hello[0].starts_with("id name halma"));
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option name Rules type string")));
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option name Weight distance type spin")));
    s.send("isready");
    s.next("readyok");
    // Alpha-beta, whose iterations are checked (halma8's default is MCTS).
    s.send("setoption name Engine value alphabeta");
    s.send("uginewgame");
    s.send("position startpos moves b3-c4 g6-f5");
    s.send("query p1turn");
    assert_eq!(s.next("response"), "response true");
    s.send("go depth 3");
    let out = s.until("bestmove");
    assert!(
        out.iter().any(|l| l.starts_with("info depth 3 ")),
        "{out:?}"
    );
    let best = out
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(legal(HALMA8, &["b3-c4", "g6-f5"], &best), "{best}");
    // The same position as a position text, with the clock: p1 is to move.
    s.send(&format!("position fen {HALMA8} moves b3-c4"));
    s.send("go p1time 5000 p2time 5000 p1inc 50 p2inc 50");
    let best = s.until("bestmove").pop().unwrap();
    let best = best.split_whitespace().nth(1).unwrap();
    assert!(legal(HALMA8, &["b3-c4"], best), "{best}");
    s.send("query gameover");
    assert_eq!(s.next("response"), "response false");
    s.send("query result");
    assert_eq!(s.next("response"), "response none");
    // Other rules, and MCTS.
    s.send("setoption name Rules value halma10");
    s.send("setoption name Engine value mcts");
    s.send("position startpos");
    s.send("go nodes 300");
    let best = s.until("bestmove").pop().unwrap();
    assert!(
        legal(HALMA10, &[], best.split_whitespace().nth(1).unwrap()),
        "{best}"
    );
    s.send("quit");
    let started = Instant::now();
    let status = s.child.wait().unwrap();
    assert!(status.success());
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn stop_and_isready_are_answered_while_searching() {
    let mut s = Session::start();
    s.send("setoption name Rules value halma16");
    // Alpha-beta whatever the default: its iterations and time manager are tested.
    s.send("setoption name Engine value alphabeta");
    s.send("position startpos");
    s.send("go infinite");
    s.next("info depth 1 ");
    std::thread::sleep(Duration::from_millis(300));
    s.send("isready");
    let before = s.until("readyok");
    let infos = &before[..before.len() - 1];
    assert!(infos.iter().all(|l| l.starts_with("info ")), "{before:?}");
    // A command that needs the position waits for the search to end.
    s.send("query p1turn");
    let sent = Instant::now();
    s.send("stop");
    s.until("bestmove");
    let latency = sent.elapsed();
    // Measured at about 10 ms on an idle machine; the bound leaves room for a loaded CI
    // machine running many test binaries at once, and still catches an ignored stop (the
    // search is infinite, so it would never answer).
    assert!(latency < Duration::from_secs(2), "stop took {latency:?}");
    assert_eq!(s.next("response"), "response true");
    // A timed search ends by itself, and not before it has used 60% of its time (when the
    // time manager stops starting new iterations: engine/src/search/timeman.rs). Its time
    // is the movetime less the default Move Overhead of 10 ms, counted from the moment the
    // engine reads `go`, which is after it is sent here: at least 60% of 140 ms = 84 ms.
    s.send("go movetime 150");
    let sent = Instant::now();
    s.until("bestmove");
    let took = sent.elapsed();
    assert!(
        took >= Duration::from_millis(84) && took < Duration::from_secs(3),
        "{took:?}"
    );
    s.send("quit");
    assert!(s.child.wait().unwrap().success());
}

#[test]
fn bad_input_gets_an_error_line_and_every_go_a_bestmove() {
    let mut s = Session::start();
    // Alpha-beta, which reads a depth without an info line (halma8's default is MCTS).
    s.send("setoption name Engine value alphabeta");
    s.send("position startpos moves b3-c4");
    for bad in [
        "banana split",
        "goofy",
        "setoption name Hash value 0",
        "setoption name Hash value 99999999999999999999",
        "setoption name Threads value 4294967295",
        "setoption name Engine value minimax",
        "setoption name Rules value halma9",
        "setoption name Weight colour value 3",
        "setoption name MultiPlayer value maxn",
        "setoption name RaceFinish value maybe",
        "setoption Hash 5",
        "query everything",
    ] {
        s.send(bad);
        let line = s.next("info string error ");
        assert!(line.len() > "info string error ".len(), "{bad}: {line}");
    }
    // A malformed go still gets its bestmove.
    for bad in [
        "go depth",
        "go warp 9",
        "go depth -1",
        "go p1time NaN",
        "go movetime 1e308",
    ] {
        s.send(bad);
        s.next("info string error ");
        assert_eq!(s.next("bestmove"), "bestmove none", "{bad}");
    }
    // Still B to move after b3-c4: the bad commands changed nothing.
    s.send("query p1turn");
    assert_eq!(s.next("response"), "response false");
    s.send("go depth 1");
    let best = s.until("bestmove").pop().unwrap();
    assert!(legal(
        HALMA8,
        &["b3-c4"],
        best.split_whitespace().nth(1).unwrap()
    ));
    // A refused position leaves no position: a go then gets the error and `bestmove none`,
    // never a move for the previous position, until a good position or a new game.
    for bad in [
        "position",
        "position fen",
        "position sideways",
        "position startpos moves g6-f5 a1-h8",
        "position startpos moves z9-z10",
        "position fen halma8 4BBBB A 0,0",
    ] {
        s.send(bad);
        s.next("info string error ");
        s.send("go depth 1");
        let line = s.next("info string error ");
        assert!(line.contains("no position"), "{bad}: {line}");
        assert_eq!(s.next("bestmove"), "bestmove none", "{bad}");
        s.send("query p1turn");
        s.next("info string error ");
    }
    s.send("uginewgame");
    s.send("query p1turn");
    assert_eq!(s.next("response"), "response true");
    s.send("position startpos moves z9-z10");
    s.next("info string error ");
    s.send("position startpos moves b3-c4");
    s.send("query p1turn");
    assert_eq!(s.next("response"), "response false");
    // A finished game: A has filled its goal.
    s.send("position fen halma8 4AAAA/5AAA/6AA/7A/B7/BB6/BBB5/BBBB4 B 20,20");
    s.send("query gameover");
    assert_eq!(s.next("response"), "response true");
    s.send("query result");
    assert_eq!(s.next("response"), "response p1win");
    s.send("go depth 2");
    s.next("info string error ");
    assert_eq!(s.next("bestmove"), "bestmove none");
    s.quiet();
    // The end of the input ends the engine.
    drop(s.stdin);
    assert!(s.child.wait().unwrap().success());
}

#[test]
fn a_short_pure_race_is_finished_by_the_solver_unless_race_finish_is_off() {
    // halma8, A to move: every B piece behind A's rearmost, three A pieces outside the goal.
    let race = "halma8 4AAAA/5AAA/B7/8/5AA1/BB4A1/BBB5/BBBB4 A 40,40";
    let mut s = Session::start();
    let mut depths = |finish: &str| {
        s.send("setoption name Engine value alphabeta");
        s.send(&format!("setoption name RaceFinish value {finish}"));
        s.send(&format!("position fen {race}"));
        s.send("go movetime 300");
        let lines = s.until("bestmove");
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        assert!(legal(race, &[], best), "{lines:?}");
        lines
            .iter()
            .filter_map(|l| l.strip_prefix("info depth "))
            .map(|l| l.split_whitespace().next().unwrap().parse::<u32>().unwrap())
            .collect::<Vec<_>>()
    };
    // The solver's finish: one iteration of depth 1 at once.
    assert_eq!(depths("true"), vec![1]);
    // Off: a search, deeper than one ply within 300 ms.
    assert!(depths("false").iter().any(|&d| d > 1));
}

#[test]
fn commands_piped_at_once_run_in_order() {
    let mut s = Session::start();
    // Sent in one go: the second position waits for the first search, the stop applies to
    // both searches before it, and quit comes last.
    s.send(
        "position startpos\ngo depth 2\nquery p1turn\nposition startpos moves b3-c4\n\
         go infinite\nisready\nstop\nquery p1turn\nquit",
    );
    let first = s.until("bestmove").pop().unwrap();
    assert!(legal(HALMA8, &[], first.split_whitespace().nth(1).unwrap()));
    assert_eq!(s.next("response"), "response true");
    // readyok and the second bestmove come in either order: the stop may reach the
    // infinite search before it starts (it then answers at once, before isready's turn)
    // or while it runs (isready is then answered first).
    let mut seen = s.until("bestmove");
    if !seen.iter().any(|l| l == "readyok") {
        s.next("readyok");
    }
    let second = seen.pop().unwrap();
    assert!(legal(
        HALMA8,
        &["b3-c4"],
        second.split_whitespace().nth(1).unwrap()
    ));
    assert_eq!(s.next("response"), "response false");
    assert!(s.child.wait().unwrap().success());
}

#[test]
fn move_overhead_is_bounded_and_keeps_the_game() {
    let mut s = Session::start();
    s.send("ugi");
    let hello = s.until("ugiok");
    assert!(hello
        .iter()
        .any(|l| l == "option name Move Overhead type spin default 10 min 0 max 5000"));
    s.send("position startpos moves b3-c4");
    for bad in ["5001", "-1", "ten", "18446744073709551616"] {
        s.send(&format!("setoption name Move Overhead value {bad}"));
        let line = s.next("info string error");
        assert!(line.contains("Move Overhead"), "{bad}: {line}");
    }
    s.send("setoption name move overhead value 5000");
    s.quiet();
    // The position stays: B is to move after b3-c4.
    s.send("query p1turn");
    assert_eq!(s.next("response"), "response false");
    // 5 s of overhead leave nothing of a 1 s clock: the search still answers a legal move.
    s.send("go p1time 1000 p2time 1000");
    let best = s.until("bestmove").pop().unwrap();
    let mv = best.split_whitespace().nth(1).unwrap();
    assert!(legal(HALMA8, &["b3-c4"], mv), "{best}");
    s.send("quit");
    assert!(s.child.wait().unwrap().success());
}

#[test]
fn mcts_reads_a_depth_as_playouts_and_always_moves() {
    let mut s = Session::start();
    s.send("setoption name Engine value mcts");
    s.send("position startpos");
    s.send("go depth 2");
    let lines = s.until("bestmove");
    assert!(
        lines.contains(&"info string MCTS reads the depth as 2000 playouts".to_string()),
        "{lines:?}"
    );
    let mv = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(legal(HALMA8, &[], mv), "{lines:?}");
    s.send("quit");
    assert!(s.child.wait().unwrap().success());
}

/// Sends `go depth 1` on `rules` (after `engine`, if any) and says whether MCTS answered:
/// it alone reads a depth as a playout budget, and says so.
fn mcts_answers(rules: &str, engine: Option<&str>) -> bool {
    let mut s = Session::start();
    s.send(&format!("setoption name Rules value {rules}"));
    if let Some(engine) = engine {
        s.send(&format!("setoption name Engine value {engine}"));
    }
    s.send("position startpos");
    s.send("go depth 1");
    let out = s.until("bestmove");
    assert_ne!(out.last().unwrap(), "bestmove none", "{rules}: {out:?}");
    out.iter()
        .any(|l| l.starts_with("info string MCTS reads the depth"))
}

#[test]
fn the_default_engine_is_the_one_measured_stronger_on_the_game() {
    let mut s = Session::start();
    s.send("ugi");
    let hello = s.until("ugiok");
    assert!(
        hello
            .iter()
            .any(|l| l
                == "option name Engine type combo default auto var auto var alphabeta var mcts"),
        "{hello:?}"
    );
    // docs/search.md's tables: MCTS on halma8, star-2 and the diamond, alpha-beta on halma16
    // (even) and on halma10 (not measured).
    for (rules, mcts) in [
        ("halma8", true),
        ("halma10", false),
        ("halma16", false),
        ("star-2", true),
        ("diamond", true),
    ] {
        assert_eq!(mcts_answers(rules, None), mcts, "{rules}");
        assert_eq!(mcts_answers(rules, Some("auto")), mcts, "{rules}");
        assert!(!mcts_answers(rules, Some("alphabeta")), "{rules}");
        assert!(mcts_answers(rules, Some("mcts")), "{rules}");
    }
}

#[test]
fn mcts_stopped_before_its_first_playout_reports_no_score() {
    // `go nodes 0`: no playout, so no move has a score; the info line leaves `score` out
    // (it used to say `score cp -4145`, the value of a win rate of 0) and a move still
    // comes. A searched move keeps its score.
    let mut s = Session::start();
    s.send("setoption name Engine value mcts");
    s.send("position startpos");
    s.send("go nodes 0");
    let lines = s.until("bestmove");
    let info: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!info.is_empty(), "{lines:?}");
    for l in &info {
        assert!(!l.contains(" score "), "{l}");
        assert!(l.contains(" nodes 0 "), "{l}");
    }
    let mv = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(legal(HALMA8, &[], mv), "{lines:?}");
    s.send("go nodes 300");
    let lines = s.until("bestmove");
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert!(last.contains(" score cp "), "{lines:?}");
    s.send("quit");
    assert!(s.child.wait().unwrap().success());
}

#[test]
fn analyse_mcts_stopped_at_once_prints_no_score() {
    for json in [false, true] {
        let mut args = vec!["analyse", "--engine", "mcts", "--time", "0.000001"];
        if json {
            args.push("--json");
        }
        let out = common::ok(&args);
        let first = out.lines().next().unwrap();
        if json {
            let v: serde_json::Value = serde_json::from_str(first).unwrap();
            if v["nodes"] == 0 {
                assert!(
                    v["score"].is_null() && v.get("win_rate").is_none(),
                    "{first}"
                );
            }
        } else if first.contains(" nodes 0 ") {
            assert!(
                !first.contains("score") && !first.contains("winrate"),
                "{first}"
            );
            assert!(first.contains(" visits 0 "), "{first}");
        }
    }
}

#[test]
fn combo_and_check_values_are_case_insensitive() {
    let mut s = Session::start();
    for (option, value) in [
        ("Engine", "MCTS"),
        ("Engine", "AlphaBeta"),
        ("MultiPlayer", "Paranoid"),
        ("RaceFinish", "TRUE"),
        ("RaceFinish", "False"),
    ] {
        s.send(&format!("setoption name {option} value {value}"));
        s.send("isready");
        // Any error line would come before the readyok.
        assert_eq!(s.next(""), "readyok", "{option} {value}");
    }
    // The last Engine set was alpha-beta: no playout budget line for a depth.
    s.send("go depth 1");
    let out = s.until("bestmove");
    assert!(!out.iter().any(|l| l.contains("MCTS")), "{out:?}");
    s.send("setoption name Engine value Monte");
    let e = s.next("info string error");
    assert!(e.contains("'Monte'"), "{e}");
    s.send("quit");
    assert!(s.child.wait().unwrap().success());
}

#[test]
fn go_before_any_position_searches_the_start() {
    // As UCI engines do: the position is the start of the current rules until a
    // `position` says otherwise (docs/protocol.md); only a refused `position` leaves none.
    for (setup, start) in [
        ("", HALMA8),
        ("setoption name Rules value halma10", HALMA10),
    ] {
        let mut s = Session::start();
        if !setup.is_empty() {
            s.send(setup);
        }
        s.send("setoption name Engine value alphabeta");
        s.send("go depth 1");
        let out = s.until("bestmove");
        assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
        let mv = out.last().unwrap().split_whitespace().nth(1).unwrap();
        assert!(legal(start, &[], mv), "{out:?}");
        s.send("quit");
        assert!(s.child.wait().unwrap().success());
    }
}

#[test]
fn go_names_the_uci_parameters_it_does_not_offer() {
    let mut s = Session::start();
    for go in ["go searchmoves a1-c3", "go ponder", "go mate 3 depth 2"] {
        s.send(go);
        let e = s.next("info string error");
        assert!(e.contains("is not supported"), "{go}: {e}");
        assert!(!e.contains("whole number"), "{go}: {e}");
        assert_eq!(s.next("bestmove"), "bestmove none", "{go}");
    }
    s.send("quit");
    assert!(s.child.wait().unwrap().success());
}
