//! `halma serve` over real HTTP on an ephemeral port: games made from rule sets, positions
//! and records; moves, undo, engine moves and analysis on their own threads; the limits;
//! every bad request a JSON error.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `halma serve --port 0`, killed when dropped.
struct Served {
    child: Child,
    /// The server's standard output, kept open (a closed pipe would end the server).
    _out: BufReader<std::process::ChildStdout>,
    address: String,
}

impl Served {
    fn start(extra: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_halma"))
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("halma serve starts");
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert!(line.contains("listening on 127.0.0.1:"), "{line}");
        let address = line
            .split_whitespace()
            .find(|w| w.starts_with("127.0.0.1:"))
            .unwrap()
            .to_string();
        Served {
            child,
            _out: out,
            address,
        }
    }

    /// One request; the status and the body.
    fn call(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let mut s = TcpStream::connect(&self.address).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(
            s,
            "{method} {path} HTTP/1.0\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        let status = text[9..12].parse().unwrap();
        let body = text.split_once("\r\n\r\n").map_or("", |p| p.1).to_string();
        (status, body)
    }

    /// A request that must succeed; its JSON.
    fn ok(&self, method: &str, path: &str, body: Value) -> Value {
        let (status, text) = self.call(method, path, &body.to_string());
        assert_eq!(status, 200, "{method} {path} {body}: {text}");
        serde_json::from_str(&text).unwrap()
    }

    /// A request that must fail with `status`; its error text.
    fn fails(&self, method: &str, path: &str, body: &str, status: u16) -> String {
        let (got, text) = self.call(method, path, body);
        assert_eq!(got, status, "{method} {path} {body}: {text}");
        let v: Value = serde_json::from_str(&text).unwrap();
        v["error"].as_str().unwrap().to_string()
    }

    /// Polls game `id` until no search runs.
    fn settle(&self, id: &str) -> Value {
        let started = Instant::now();
        loop {
            let v = self.ok("GET", &format!("/api/games/{id}"), json!({}));
            if !v["thinking"].as_bool().unwrap() {
                return v;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "still thinking"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_game_is_made_played_undone_and_recorded() {
    let s = Served::start(&[]);
    let (status, page) = s.call("GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("<html") || page.contains("<!doctype"));
    let g = s.ok("POST", "/api/games", json!({ "rules": "halma8" }));
    let id = g["id"].as_str().unwrap().to_string();
    assert_eq!(g["status"], "ongoing");
    assert_eq!(g["legal"].as_array().unwrap().len(), 24);
    let g = s.ok(
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": "b3-c4" }),
    );
    assert_eq!(g["moves"][0]["move"], "b3-c4");
    assert_eq!(g["to_move"], "B");
    let g = s.ok(
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": "g6-f5" }),
    );
    let g2 = s.ok(
        "GET",
        &format!("/api/games/{id}?ply=1&svg=1&flip=1"),
        json!({}),
    );
    assert_eq!(g2["ply"], 1);
    assert_eq!(g2["to_move"], "B");
    assert!(g2["svg"].as_str().unwrap().starts_with("<svg"));
    assert!(g["record"].as_str().unwrap().contains("1. b3-c4 g6-f5"));
    // A jump chain's path.
    let jump = g["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "b1-d5")
        .unwrap()
        .clone();
    assert_eq!(jump["path"], "b1-b3-d5");
    let g = s.ok(
        "POST",
        &format!("/api/games/{id}/undo"),
        json!({ "plies": 2 }),
    );
    assert_eq!(g["plies"], 0);
    // From the record just written, and from a position text.
    let record = g2["record"].as_str().unwrap();
    let r = s.ok("POST", "/api/games", json!({ "record": record }));
    assert_eq!(r["plies"], 2);
    let p = s.ok(
        "POST",
        "/api/games",
        json!({ "position": "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0", "moves": "a4-b5" }),
    );
    assert_eq!(p["plies"], 1);
    s.ok("DELETE", &format!("/api/games/{id}"), json!({}));
    s.fails("GET", &format!("/api/games/{id}"), "", 404);
}

#[test]
fn every_game_the_engine_plays_has_its_page() {
    let s = Served::start(&[]);
    let rules = s.ok("GET", "/api/rules", json!({}));
    for name in rules["rules"].as_array().unwrap() {
        let g = s.ok("POST", "/api/games", json!({ "rules": name }));
        let id = g["id"].as_str().unwrap();
        let v = s.ok("GET", &format!("/api/games/{id}?svg=1"), json!({}));
        assert!(v["svg"].as_str().unwrap().contains("data-cell"), "{name}");
        let first = v["legal"][0]["move"].as_str().unwrap();
        let v = s.ok(
            "POST",
            &format!("/api/games/{id}/move?svg=1"),
            json!({ "move": first }),
        );
        assert_eq!(v["plies"], 1, "{name}");
        assert!(
            v["svg"].as_str().unwrap().contains("class=\"hop\"") || first.starts_with('@'),
            "{name}"
        );
        s.ok("DELETE", &format!("/api/games/{id}"), json!({}));
    }
}

#[test]
fn the_engine_answers_on_its_own_thread_and_analysis_reports_lines() {
    let s = Served::start(&[]);
    let g = s.ok(
        "POST",
        "/api/games",
        json!({ "rules": "halma8", "players": [{ "kind": "human" }, { "kind": "alphabeta", "time_ms": 100 }] }),
    );
    let id = g["id"].as_str().unwrap().to_string();
    s.ok(
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": "b3-c4" }),
    );
    let v = s.settle(&id);
    assert_eq!(v["plies"], 2, "the engine replied: {v}");
    assert_eq!(v["moves"][1]["side"], "B");
    // An analysis of 3 lines; the state answers at once while it runs.
    s.ok(
        "POST",
        &format!("/api/games/{id}/analysis"),
        json!({ "multipv": 3, "time_ms": 3000 }),
    );
    std::thread::sleep(Duration::from_millis(400));
    let started = Instant::now();
    let v = s.ok("GET", &format!("/api/games/{id}?pv=1&svg=1"), json!({}));
    assert!(
        started.elapsed() < Duration::from_millis(2000),
        "a search blocked a request"
    );
    assert!(v["thinking"].as_bool().unwrap());
    let info = &v["search"]["info"];
    assert_eq!(info["lines"].as_array().unwrap().len(), 3, "{info}");
    assert!(info["depth"].as_u64().unwrap() >= 1);
    assert!(v["svg"].as_str().unwrap().contains("class=\"arrow\""));
    s.ok("POST", &format!("/api/games/{id}/stop"), json!({}));
    let v = s.settle(&id);
    assert_eq!(v["search"]["purpose"], "analysis");
    assert_eq!(v["plies"], 2, "analysis plays no move");
    // MCTS as an engine move.
    // A move during an analysis stops it, and the engine still answers.
    s.ok(
        "POST",
        &format!("/api/games/{id}/analysis"),
        json!({ "time_ms": 5000 }),
    );
    let v = s.ok("GET", &format!("/api/games/{id}"), json!({}));
    let first = v["legal"][0]["move"].as_str().unwrap().to_string();
    s.ok(
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": first }),
    );
    let v = s.settle(&id);
    assert_eq!(v["plies"], 4, "the engine replied after the analysis: {v}");
    s.ok(
        "POST",
        &format!("/api/games/{id}/undo"),
        json!({ "plies": 2 }),
    );
    // MCTS as A's engine move; B's engine answers it.
    s.ok(
        "POST",
        &format!("/api/games/{id}/engine"),
        json!({ "engine": "mcts", "time_ms": 100 }),
    );
    let v = s.settle(&id);
    assert_eq!(v["moves"][2]["side"], "A");
    assert_eq!(v["plies"], 4, "{v}");
}

#[test]
fn searches_and_games_are_bounded() {
    let s = Served::start(&["--max-searches", "1", "--max-games", "2"]);
    let a = s.ok("POST", "/api/games", json!({}))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let b = s.ok("POST", "/api/games", json!({}))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let full = s.fails("POST", "/api/games", "{}", 429);
    assert!(full.contains("at most 2 games"), "{full}");
    s.ok(
        "POST",
        &format!("/api/games/{a}/analysis"),
        json!({ "time_ms": 5000 }),
    );
    let busy = s.fails("POST", &format!("/api/games/{b}/analysis"), "{}", 429);
    assert!(busy.contains("slot"), "{busy}");
    s.ok("POST", &format!("/api/games/{a}/stop"), json!({}));
    s.settle(&a);
    s.ok(
        "POST",
        &format!("/api/games/{b}/analysis"),
        json!({ "time_ms": 100 }),
    );
    s.settle(&b);
}

#[test]
fn bad_requests_get_a_json_error_naming_what_was_wrong() {
    let s = Served::start(&[]);
    let id = s.ok("POST", "/api/games", json!({}))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let game = format!("/api/games/{id}");
    let cases: Vec<(&str, String, &str, u16, &str)> = vec![
        ("POST", "/api/games".into(), "{not json", 400, "not JSON"),
        ("POST", "/api/games".into(), "[1]", 400, "JSON object"),
        (
            "POST",
            "/api/games".into(),
            r#"{"rules":"halma99"}"#,
            400,
            "halma99",
        ),
        (
            "POST",
            "/api/games".into(),
            r#"{"rules":7}"#,
            400,
            "'rules' must be a string",
        ),
        (
            "POST",
            "/api/games".into(),
            r#"{"position":"halma8 zzz A 0,0"}"#,
            400,
            "placement",
        ),
        (
            "POST",
            "/api/games".into(),
            r#"{"record":"[Game \"1\"]"}"#,
            400,
            "record",
        ),
        (
            "POST",
            "/api/games".into(),
            r#"{"moves":"a1-h8"}"#,
            400,
            "a1-h8",
        ),
        (
            "POST",
            "/api/games".into(),
            r#"{"players":[{"kind":"human"}]}"#,
            400,
            "1 players for 2 sides",
        ),
        (
            "POST",
            "/api/games".into(),
            r#"{"players":[{"kind":"human"},{"kind":"deep"}]}"#,
            400,
            "player 2",
        ),
        (
            "POST",
            "/api/games".into(),
            r#"{"players":[{"kind":"human"},{"kind":"mcts","time_ms":-5}]}"#,
            400,
            "time_ms",
        ),
        ("POST", format!("{game}/move"), "{}", 400, "'move'"),
        (
            "POST",
            format!("{game}/move"),
            r#"{"move":"a1-a1"}"#,
            400,
            "a1",
        ),
        ("POST", format!("{game}/undo"), "{}", 400, "cannot undo"),
        (
            "POST",
            format!("{game}/undo"),
            r#"{"plies":0}"#,
            400,
            "plies",
        ),
        (
            "POST",
            format!("{game}/engine"),
            r#"{"time_ms":99999999}"#,
            400,
            "time_ms",
        ),
        (
            "POST",
            format!("{game}/engine"),
            r#"{"engine":"gnu"}"#,
            400,
            "engine",
        ),
        (
            "POST",
            format!("{game}/analysis"),
            r#"{"multipv":50}"#,
            400,
            "multipv",
        ),
        ("POST", format!("{game}/dance"), "{}", 404, "dance"),
        ("GET", format!("{game}?ply=9"), "", 400, "ply 9"),
        ("GET", format!("{game}?ply=x"), "", 400, "ply"),
        ("GET", format!("{game}?svg=maybe"), "", 400, "svg"),
        ("GET", "/api/games/nope".into(), "", 404, "nope"),
        ("GET", "/api/nothing".into(), "", 404, "no API route"),
    ];
    for (method, path, body, status, says) in cases {
        let err = s.fails(method, &path, body, status);
        assert!(err.contains(says), "{method} {path} {body}: {err}");
    }
    let big = format!("{{\"moves\":\"{}\"}}", "a".repeat(300_000));
    let err = s.fails("POST", "/api/games", &big, 413);
    assert!(err.contains("bytes"), "{err}");
    // The server still answers.
    s.ok("GET", &game, json!({}));
}

#[test]
fn bad_flags_are_refused_in_one_line() {
    for (args, says) in [
        (vec!["serve", "--port", "70000"], "70000"),
        (vec!["serve", "--max-games", "0"], "--max-games"),
        (vec!["serve", "--max-searches", "65"], "--max-searches"),
        (
            vec!["serve", "--host", "999.1.1.1", "--port", "0"],
            "cannot listen on 999.1.1.1:0",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_halma"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("halma: ") && err.lines().count() == 1,
            "{err}"
        );
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
