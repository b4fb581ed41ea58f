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
    /// Where the server's standard error goes (run with `RUST_BACKTRACE=1`).
    errors: std::path::PathBuf,
}

impl Served {
    fn start(extra: &[&str]) -> Served {
        static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let errors = std::env::temp_dir().join(format!(
            "halma-web-{}-{}.err",
            std::process::id(),
            STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        let mut child = Command::new(env!("CARGO_BIN_EXE_halma"))
            .args(["serve", "--port", "0"])
            .args(extra)
            .env("RUST_BACKTRACE", "1")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&errors).unwrap())
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
            errors,
        }
    }

    /// Sends `bytes` on a new connection, ends its sending half, and reads the answer until
    /// the server closes it (at most 10 s).
    fn raw(&self, bytes: &[u8]) -> String {
        let mut s = TcpStream::connect(&self.address).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        // The server may answer and close before reading all (a head over its limit).
        let _ = s.write_all(bytes);
        let _ = s.shutdown(std::net::Shutdown::Write);
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    /// Asserts that the server is alive and wrote no panic.
    fn healthy(&mut self) {
        assert!(self.child.try_wait().unwrap().is_none(), "the server ended");
        let errors = std::fs::read_to_string(&self.errors).unwrap();
        assert!(!errors.contains("panicked"), "{errors}");
        assert_eq!(self.call("GET", "/api/rules", "").0, 200);
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
        let _ = std::fs::remove_file(&self.errors);
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
    let summaries = rules["summaries"].as_array().unwrap();
    assert_eq!(summaries.len(), rules["rules"].as_array().unwrap().len());
    assert!(summaries.iter().all(|t| !t.as_str().unwrap().is_empty()));
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
        // What a hostile client sends.
        (
            "POST",
            "/api/games".into(),
            r#"{"rules":"halma8","rulez":"x"}"#,
            400,
            "unknown field 'rulez'",
        ),
        (
            "POST",
            "/api/games".into(),
            r#"{"players":[{"kind":"human"},{"kind":"mcts","time":5}]}"#,
            400,
            "player 2: unknown field 'time'",
        ),
        (
            "POST",
            format!("{game}/move"),
            r#"{"move":5}"#,
            400,
            "must be a string",
        ),
        (
            "POST",
            format!("{game}/move"),
            r#"{"move":"b3-c4","promote":true}"#,
            400,
            "unknown field 'promote'",
        ),
        (
            "POST",
            format!("{game}/stop"),
            r#"{"now":1}"#,
            400,
            "takes none",
        ),
        (
            "POST",
            format!("{game}/engine"),
            r#"{"time_ms":1e30}"#,
            400,
            "time_ms",
        ),
        (
            "POST",
            format!("{game}/engine"),
            r#"{"time_ms":-1}"#,
            400,
            "time_ms",
        ),
        (
            "POST",
            format!("{game}/engine"),
            r#"{"time_ms":"NaN"}"#,
            400,
            "time_ms",
        ),
        (
            "POST",
            format!("{game}/engine"),
            r#"{"time_ms":2.5}"#,
            400,
            "time_ms",
        ),
        (
            "POST",
            format!("{game}/engine"),
            r#"{"multipv":2}"#,
            400,
            "multipv",
        ),
        (
            "POST",
            format!("{game}/analysis"),
            r#"{"multipv":0}"#,
            400,
            "multipv",
        ),
        (
            "POST",
            format!("{game}/analysis"),
            r#"{"multipv":1000}"#,
            400,
            "multipv",
        ),
        (
            "POST",
            format!("{game}/analysis"),
            r#"{"time_ms":18446744073709551616}"#,
            400,
            "time_ms",
        ),
        (
            "POST",
            format!("{game}/undo"),
            r#"{"plies":1e3}"#,
            400,
            "plies",
        ),
        (
            "GET",
            format!("{game}?ply=99999999999999999999"),
            "",
            400,
            "ply",
        ),
        ("GET", format!("{game}?ply=-1"), "", 400, "ply"),
        (
            "GET",
            "/api/games/99999999999999999999999999999".into(),
            "",
            404,
            "no game",
        ),
        ("GET", "/api/games/%2e%2e".into(), "", 404, "no game"),
        ("GET", "/../../etc/passwd".into(), "", 404, "nothing at"),
        ("DELETE", "/api/games/..".into(), "", 404, "no game"),
        ("PATCH", "/".into(), "", 404, "PATCH"),
        ("PUT", game.clone(), "{}", 404, "no API route PUT"),
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

#[test]
fn idle_and_slow_clients_do_not_stop_the_server() {
    let mut s = Served::start(&[]);
    let mut held = Vec::new();
    // More idle connections than the server serves at once (32), some having sent part of
    // a head, some a whole head and no body.
    for i in 0..40 {
        let mut c = TcpStream::connect(&s.address).unwrap();
        match i % 3 {
            0 => {}
            1 => c.write_all(b"GET /api/ru").unwrap(),
            _ => c
                .write_all(b"POST /api/games HTTP/1.1\r\nContent-Length: 5000\r\n\r\n{")
                .unwrap(),
        }
        held.push(c);
    }
    // One more sending a byte of its head every 200 ms.
    let address = s.address.clone();
    let dribble = std::thread::spawn(move || {
        let mut c = TcpStream::connect(&address).unwrap();
        let head = b"GET /api/rules HTTP/1.1\r\nHost: x\r\nX-Slow: yes\r\n";
        for b in head.iter().cycle().take(30) {
            if c.write_all(&[*b]).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    });
    let started = Instant::now();
    let (status, _) = s.call("GET", "/api/rules", "");
    assert_eq!(status, 200);
    // The request deadline is 3 s: held connections are answered 408 and closed by then.
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
    // A connection that sent a whole head and part of its body gets 408 (the body's 3 s);
    // one that sent nothing or part of a head is closed unanswered (hyper's header read
    // timeout, 3 s).
    for (i, answer) in [(39, ""), (38, "HTTP/1.1 408"), (37, "")] {
        let mut idle = held.remove(i);
        idle.set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut text = String::new();
        let _ = idle.read_to_string(&mut text);
        assert!(text.starts_with(answer), "{i}: {text}");
        if answer.is_empty() {
            assert_eq!(text, "", "{i}");
        } else {
            assert!(text.contains("within 3 s"), "{text}");
        }
    }
    dribble.join().unwrap();
    s.healthy();
}

/// What a hostile request gets: a JSON error naming what was wrong (`Some(words)`), or
/// hyper's own bare answer for a request it cannot parse (`None`), or no answer at all
/// (status `""`).
type Hostile = (Vec<u8>, &'static str, Option<&'static str>);

/// Sends each case on a connection of its own and checks its answer.
fn check_hostile(s: &Served, cases: Vec<Hostile>) {
    for (bytes, status, says) in cases {
        let shown = String::from_utf8_lossy(&bytes[..bytes.len().min(80)]).into_owned();
        let text = s.raw(&bytes);
        if status.is_empty() {
            assert_eq!(text, "", "{shown}");
            continue;
        }
        assert!(
            text.starts_with(&format!("HTTP/1.1 {status} ")),
            "{shown}: {text}"
        );
        let body = text.split_once("\r\n\r\n").map_or("", |p| p.1);
        match says {
            None => assert_eq!(body, "", "{shown}: {text}"),
            Some(says) => {
                let v: Value =
                    serde_json::from_str(body).unwrap_or_else(|e| panic!("{shown}: {e}: {text}"));
                assert!(
                    v["error"].as_str().unwrap().contains(says),
                    "{shown}: {text}"
                );
            }
        }
    }
}

#[test]
fn hostile_heads_and_bodies_get_json_errors() {
    let mut s = Served::start(&[]);
    let chunked_over = {
        let mut b = b"POST /api/games HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n".to_vec();
        for _ in 0..5 {
            b.extend_from_slice(format!("{:x}\r\n{}\r\n", 65536, " ".repeat(65536)).as_bytes());
        }
        b.extend_from_slice(b"0\r\n\r\n");
        b
    };
    let many_headers = {
        let mut b = b"GET /api/rules HTTP/1.1\r\n".to_vec();
        for i in 0..90 {
            b.extend_from_slice(format!("X-{i}: {}\r\n", "b".repeat(200)).as_bytes());
        }
        b.extend_from_slice(b"\r\n");
        b
    };
    let cases: Vec<Hostile> = vec![
        (chunked_over, "413", Some("over 262144 bytes")),
        (
            b"POST /api/games HTTP/1.1\r\nContent-Length: 99999999999999\r\n\r\n{}".to_vec(),
            "413",
            Some("over 262144 bytes (99999999999999 declared)"),
        ),
        (
            b"POST /api/games HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 300000\r\n\r\n".to_vec(),
            "413",
            Some("over 262144 bytes"),
        ),
        (
            b"POST /api/games HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n".to_vec(),
            "400",
            None,
        ),
        (
            b"POST /api/games HTTP/1.1\r\nContent-Length: -4\r\n\r\n".to_vec(),
            "400",
            None,
        ),
        (
            b"POST /api/games HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}".to_vec(),
            "400",
            None,
        ),
        (
            b"POST /api/games HTTP/1.1\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}".to_vec(),
            "400",
            Some("chunk size"),
        ),
        (
            b"POST /api/games HTTP/1.1\r\nContent-Length: 50\r\n\r\n{}".to_vec(),
            "400",
            Some("of 50 declared bytes did not arrive"),
        ),
        (
            b"POST /api/games HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{}".to_vec(),
            "400",
            Some("did not arrive whole"),
        ),
        (
            b"POST /api/games HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n".to_vec(),
            "400",
            Some("chunk size"),
        ),
        (
            b"POST /api/games HTTP/1.1\r\nExpect: teapot\r\nContent-Length: 2\r\n\r\n{}".to_vec(),
            "417",
            Some("teapot"),
        ),
        (
            format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(20_000)).into_bytes(),
            "431",
            None,
        ),
        (
            format!("GET / HTTP/1.1\r\nX: {}", "a".repeat(20_000)).into_bytes(),
            "431",
            None,
        ),
        (many_headers, "431", None),
        (b"GARBAGE\r\n\r\n".to_vec(), "400", None),
        (b"get / HTTP/1.1\r\n\r\n".to_vec(), "400", Some("capitals")),
        (b"GET / HTTP/2.0\r\n\r\n".to_vec(), "400", None),
        (b"GET / HTTP/1.1\r\nNoColon\r\n\r\n".to_vec(), "400", None),
        (b"GET /\xff HTTP/1.1\r\n\r\n".to_vec(), "400", None),
        (
            b"POST /api/games HTTP/1.1\r\nContent-Length: 2\r\n\r\n\xff\xfe".to_vec(),
            "400",
            Some("UTF-8"),
        ),
        // A head cut short: the connection is closed unanswered.
        (b"GET /api/games/1 HTTP/1.1\r\n".to_vec(), "", None),
    ];
    check_hostile(&s, cases);
    // A body announced with Expect: 100-continue is asked for, then read; HEAD is a GET
    // without the body.
    let mut c = TcpStream::connect(&s.address).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    c.write_all(b"POST /api/games HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 19\r\n\r\n")
        .unwrap();
    let mut go = [0u8; 25];
    c.read_exact(&mut go).unwrap();
    assert_eq!(&go, b"HTTP/1.1 100 Continue\r\n\r\n");
    c.write_all(b"{\"rules\":\"halma10\"}").unwrap();
    c.shutdown(std::net::Shutdown::Write).unwrap();
    let mut text = String::new();
    let _ = c.read_to_string(&mut text);
    assert!(text.starts_with("HTTP/1.1 200 OK"), "{text}");
    assert!(text.contains("\"rules\":\"halma10\""), "{text}");
    let text = s.raw(b"HEAD / HTTP/1.1\r\n\r\n");
    assert!(
        text.starts_with("HTTP/1.1 200 OK") && text.ends_with("\r\n\r\n"),
        "{text}"
    );
    // A chunked body within the limit is read.
    let text = s.raw(
        b"POST /api/games HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n{\"rules\"\r\nb\r\n:\"halma10\"}\r\n0\r\n\r\n",
    );
    assert!(text.starts_with("HTTP/1.1 200 OK"), "{text}");
    assert!(text.contains("\"rules\":\"halma10\""), "{text}");
    s.healthy();
}

#[test]
fn kept_alive_and_pipelined_requests_are_answered_in_turn() {
    let mut s = Served::start(&[]);
    // Two requests sent at once on one connection: two answers, in order.
    let body = r#"{"rules":"halma10"}"#;
    let two = format!(
        "GET /api/rules HTTP/1.1\r\nHost: x\r\n\r\nPOST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let text = s.raw(two.as_bytes());
    assert_eq!(text.matches("HTTP/1.1 200 OK").count(), 2, "{text}");
    let rules = text.find("\"max_sides\"").unwrap();
    let game = text.find("\"rules\":\"halma10\"").unwrap();
    assert!(rules < game, "{text}");
    // A body without a length is no body: its bytes are read as the next request's head,
    // which does not parse (a bare 400).
    let text = s.raw(b"POST /api/games HTTP/1.1\r\n\r\n{\"rules\":\"halma10\"}");
    assert!(text.starts_with("HTTP/1.1 200 OK"), "{text}");
    assert!(text.contains("\"rules\":\"halma8\""), "{text}");
    assert!(text.contains("HTTP/1.1 400 Bad Request"), "{text}");
    // A kept-alive connection answers one request after another, then is closed once it
    // has been idle for the head deadline (3 s).
    let mut c = TcpStream::connect(&s.address).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut reader = BufReader::new(c.try_clone().unwrap());
    for _ in 0..3 {
        c.write_all(b"GET /api/rules HTTP/1.1\r\nHost: x\r\n\r\n")
            .unwrap();
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with("HTTP/1.1 200 OK"), "{line}");
        let mut length = 0;
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
            if let Some(n) = line.to_ascii_lowercase().strip_prefix("content-length: ") {
                length = n.trim().parse().unwrap();
            }
        }
        let mut body = vec![0u8; length];
        reader.read_exact(&mut body).unwrap();
        assert!(String::from_utf8(body).unwrap().contains("max_sides"));
    }
    let idle = Instant::now();
    let mut rest = Vec::new();
    let _ = reader.read_to_end(&mut rest);
    assert!(rest.is_empty(), "{}", String::from_utf8_lossy(&rest));
    let waited = idle.elapsed();
    assert!(
        waited >= Duration::from_secs(2) && waited < Duration::from_secs(8),
        "{waited:?}"
    );
    s.healthy();
}

#[test]
fn searches_and_requests_racing_on_games_stay_consistent() {
    let mut s = Served::start(&["--max-searches", "2", "--max-games", "200"]);
    let ids: Vec<String> = (0..10)
        .map(|_| {
            s.ok("POST", "/api/games", json!({}))["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    // 100 analyses at once over ten games: each is started or refused with 429, none
    // hangs or fails otherwise.
    let served = &s;
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..100)
            .map(|i| {
                let id = &ids[i % 10];
                scope.spawn(move || {
                    served
                        .call(
                            "POST",
                            &format!("/api/games/{id}/analysis"),
                            r#"{"time_ms": 2000, "multipv": 8}"#,
                        )
                        .0
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(
        statuses.iter().all(|&c| c == 200 || c == 429),
        "{statuses:?}"
    );
    assert!(statuses.contains(&200), "{statuses:?}");
    for id in &ids {
        served.ok("POST", &format!("/api/games/{id}/stop"), json!({}));
        served.settle(id);
    }
    // Deleting a game while its engine thinks.
    let id = &ids[0];
    served.ok(
        "POST",
        &format!("/api/games/{id}/engine"),
        json!({ "time_ms": 3000 }),
    );
    served.ok("DELETE", &format!("/api/games/{id}"), json!({}));
    served.fails("GET", &format!("/api/games/{id}"), "", 404);
    served.fails(
        "POST",
        &format!("/api/games/{id}/move"),
        r#"{"move":"b3-c4"}"#,
        404,
    );
    // Eight threads play the same move on one game: one of them makes it.
    let id = &ids[1];
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..8)
            .map(|_| {
                scope.spawn(move || {
                    served
                        .call(
                            "POST",
                            &format!("/api/games/{id}/move"),
                            r#"{"move":"b3-c4"}"#,
                        )
                        .0
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(
        statuses.iter().filter(|&&c| c == 200).count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|&c| c == 200 || c == 400),
        "{statuses:?}"
    );
    let g = served.ok("GET", &format!("/api/games/{id}"), json!({}));
    assert_eq!(g["plies"], 1);
    // Undo racing moves: the game stays a legal game.
    std::thread::scope(|scope| {
        for i in 0..8 {
            scope.spawn(move || {
                if i % 2 == 0 {
                    served.call("POST", &format!("/api/games/{id}/undo"), "{}");
                } else {
                    served.call(
                        "POST",
                        &format!("/api/games/{id}/move"),
                        r#"{"move":"g6-f5"}"#,
                    );
                }
            });
        }
    });
    let g = served.ok("GET", &format!("/api/games/{id}"), json!({}));
    assert!(g["plies"].as_u64().unwrap() <= 2, "{g}");
    // A finished game takes no move and no engine.
    let done = served.ok(
        "POST",
        "/api/games",
        json!({ "position": "halma8 4AAAA/5AAA/B5AA/8/8/BB4A1/BBB5/BBBB4 A 30,30", "moves": "g3-h4 a6-a5 h4-h5" }),
    );
    assert_eq!(done["over"], true);
    assert_eq!(done["status"], "A wins: goal reached");
    // The sentence names each game's own way to win; the one-word reason stays `goal`.
    let borne = served.ok(
        "POST",
        "/api/games",
        json!({ "position": "topsecret 16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/A14B A 40,40 0,0", "moves": "a1-off" }),
    );
    assert_eq!(borne["status"], "A wins: every stone borne off", "{borne}");
    assert_eq!(borne["reason"], "goal");
    let done = done["id"].as_str().unwrap();
    let over = served.fails(
        "POST",
        &format!("/api/games/{done}/move"),
        r#"{"move":"a1-b2"}"#,
        400,
    );
    assert!(over.contains("over"), "{over}");
    served.fails("POST", &format!("/api/games/{done}/engine"), "{}", 400);
    s.healthy();
}

#[test]
fn a_client_that_reads_nothing_is_dropped() {
    let mut s = Served::start(&[]);
    // Many pipelined requests for the page, never read: the server's writes stall once the
    // socket's buffers are full, and after 10 s without progress it drops the connection.
    let mut c = TcpStream::connect(&s.address).unwrap();
    let request = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    c.set_write_timeout(Some(Duration::from_secs(2))).unwrap();
    let mut sent = 0;
    while sent < 3000 && c.write_all(request).is_ok() {
        sent += 1;
    }
    // Meanwhile the server answers others.
    std::thread::sleep(Duration::from_secs(1));
    assert_eq!(s.call("GET", "/api/rules", "").0, 200);
    std::thread::sleep(Duration::from_secs(11));
    // Dropped: what is left to read ends (or the connection was reset) well before every
    // page asked for was sent.
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut buf = vec![0u8; 1 << 16];
    let mut read = 0;
    while let Ok(n) = c.read(&mut buf) {
        if n == 0 {
            break;
        }
        read += n;
    }
    let page = s.call("GET", "/", "").1.len();
    assert!(read < sent * page / 2, "{read} bytes read of {sent} pages");
    s.healthy();
}

/// Keeps a kept-alive connection busy until `stop`: a request, its answer read whole, a
/// pause; a new connection whenever the server closes one. The answers read.
fn keep_busy(address: &str, stop: &std::sync::atomic::AtomicBool) -> usize {
    let mut answers = 0;
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        let Ok(c) = TcpStream::connect(address) else {
            continue;
        };
        let _ = c.set_read_timeout(Some(Duration::from_secs(20)));
        let mut reader = BufReader::new(c);
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            let sent = reader
                .get_mut()
                .write_all(b"GET /api/rules HTTP/1.1\r\nHost: x\r\n\r\n");
            let (mut length, mut close, mut line) = (0, false, String::new());
            while sent.is_ok() && reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                let lower = line.to_ascii_lowercase();
                if let Some(n) = lower.strip_prefix("content-length:") {
                    length = n.trim().parse().unwrap();
                }
                close |= lower.starts_with("connection: close");
                line.clear();
            }
            let mut body = vec![0; length];
            if length == 0 || reader.read_exact(&mut body).is_err() {
                break;
            }
            answers += 1;
            if close {
                break;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
    }
    answers
}

#[test]
fn clients_that_keep_every_connection_busy_do_not_keep_others_out() {
    let mut s = Served::start(&[]);
    // 32 clients (every place) each send a request every 0.3 s on a kept-alive connection,
    // and come back at once when it is closed: when every place is taken, each answer
    // closes its connection, and a newcomer waiting in the queue gets the next place.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let busy: Vec<_> = (0..32)
        .map(|_| {
            let (address, stop) = (s.address.clone(), stop.clone());
            std::thread::spawn(move || keep_busy(&address, &stop))
        })
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    for _ in 0..3 {
        let asked = Instant::now();
        assert_eq!(s.call("GET", "/api/rules", "").0, 200);
        let took = asked.elapsed();
        assert!(took < Duration::from_secs(2), "answered after {took:?}");
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let answers: usize = busy.into_iter().map(|t| t.join().unwrap()).sum();
    assert!(answers > 32, "the busy clients got {answers} answers");
    s.healthy();
}

#[test]
fn engine_games_beyond_the_search_slots_take_turns_and_never_give_up() {
    // Ten engine-against-engine games on one search slot: each waits its turn behind the
    // games that asked before it (first come, first served), so every game moves at about
    // the same pace, and none gives up with an engine to move.
    let s = Served::start(&["--max-searches", "1"]);
    let engine = json!({ "kind": "alphabeta", "time_ms": 20 });
    let ids: Vec<String> = (0..10)
        .map(|_| {
            s.ok(
                "POST",
                "/api/games",
                json!({ "rules": "halma8", "players": [engine, engine] }),
            )["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let mut saw_waiting = false;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(6) {
        for id in &ids {
            let v = s.ok("GET", &format!("/api/games/{id}"), json!({}));
            saw_waiting |= v["search"]["waiting"] == true;
            assert!(v["search"]["error"].is_null(), "{v}");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(saw_waiting, "no game was seen waiting for the slot");
    let plies: Vec<u64> = ids
        .iter()
        .map(|id| {
            let v = s.ok("GET", &format!("/api/games/{id}"), json!({}));
            assert!(
                v["over"] == true || v["thinking"] == true,
                "an engine is to move and nothing thinks: {v}"
            );
            v["plies"].as_u64().unwrap()
        })
        .collect();
    let (least, most) = (*plies.iter().min().unwrap(), *plies.iter().max().unwrap());
    assert!(least >= 3 && most <= least + 4, "{plies:?}");
    for id in &ids {
        s.ok("DELETE", &format!("/api/games/{id}"), json!({}));
    }
    let mut s = s;
    s.healthy();
}

#[test]
fn a_ply_beyond_the_integers_is_beyond_the_game_and_a_finished_game_reads_back() {
    let s = Served::start(&[]);
    // A Caeser game both sides end by passing: its position text is made into a new game.
    let v = s.ok(
        "POST",
        "/api/games",
        json!({
            "rules": "caeser",
            "position": "caeser 1BBB/BBABB/BBBBAB/BBBBAAA/BAAAAA/AAAA1/AAA1 B 9,8",
            "moves": "pass pass",
        }),
    );
    assert_eq!(v["reason"], "passes", "{v}");
    let text = v["position"].as_str().unwrap();
    assert!(text.ends_with(" B 10,9 2"), "{text}");
    let back = s.ok("POST", "/api/games", json!({ "position": text }));
    assert_eq!(back["over"], true, "{back}");
    assert_eq!(back["reason"], "passes", "{back}");
    let id = v["id"].as_str().unwrap();
    let e = s.fails(
        "GET",
        &format!("/api/games/{id}?ply=99999999999999999999999"),
        "",
        400,
    );
    assert_eq!(
        e,
        "ply 99999999999999999999999 is beyond the game's 2 moves"
    );
    let e = s.fails("GET", &format!("/api/games/{id}?ply=-1"), "", 400);
    assert!(e.contains("must be a move number"), "{e}");
}
