//! Helpers shared by the CLI integration tests: run the real `halma` binary and read what
//! it printed. (Each test file uses a subset of them.)
#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// A fresh scratch directory for one test, named after it and this process.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("halma-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `halma` with `args`.
pub fn halma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_halma"))
        .args(args)
        .output()
        .expect("the halma binary runs")
}

/// Starts `halma ugi` with its standard input and output piped to the test; its standard
/// error goes to `stderr`.
pub fn spawn_ugi(stderr: Stdio) -> Child {
    spawn_protocol(&["ugi"], stderr)
}

/// Starts `halma <args>` (`ugi` or `ccp …`) with its standard input and output piped to
/// the test; its standard error goes to `stderr`.
pub fn spawn_protocol(args: &[&str], stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_halma"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("halma starts")
}

/// Runs `halma` with `args`, which must succeed; returns stdout.
pub fn ok(args: &[&str]) -> String {
    let out = halma(args);
    assert!(
        out.status.success(),
        "halma {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs `halma` with `args`, which must fail with exit status 2, print nothing on stdout
/// and one line `halma: …` on stderr; returns stderr.
pub fn fails(args: &[&str]) -> String {
    let out = halma(args);
    assert_eq!(out.status.code(), Some(2), "halma {args:?} should fail");
    assert!(out.stdout.is_empty(), "halma {args:?} printed to stdout");
    let err = String::from_utf8(out.stderr).expect("utf-8 output");
    assert!(
        err.starts_with("halma: ") && err.lines().count() == 1,
        "halma {args:?}: not one error line: {err:?}"
    );
    err
}

/// Runs `halma perft --shard` (one thread) and writes its JSON part to a file in `dir`,
/// named after its arguments.
pub fn perft_part(
    dir: &std::path::Path,
    rules: &str,
    depth: &str,
    split: &str,
    shard: &str,
) -> std::path::PathBuf {
    let file = dir.join(format!(
        "part-{rules}-{depth}-{split}-{}.json",
        shard.replace('/', "-")
    ));
    let text = ok(&[
        "perft",
        "--rules",
        rules,
        "--depth",
        depth,
        "--split-depth",
        split,
        "--shard",
        shard,
        "--threads",
        "1",
    ]);
    std::fs::write(&file, text).unwrap();
    file
}

/// Parses each output line as JSON.
pub fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// A running `halma ugi`.
pub struct UgiSession {
    /// The engine process.
    pub child: Child,
    /// Its standard input.
    pub stdin: ChildStdin,
    /// Its output lines, read on a thread.
    pub lines: Receiver<String>,
}

/// Generous: the machine is shared, and a debug build is slow.
pub const WAIT: Duration = Duration::from_secs(20);

impl UgiSession {
    /// Starts `halma ugi`; its lines are read on a thread.
    pub fn start() -> UgiSession {
        UgiSession::start_protocol(&["ugi"])
    }

    /// Starts `halma <args>` (`ugi` or `ccp …`).
    pub fn start_protocol(args: &[&str]) -> UgiSession {
        let mut child = spawn_protocol(args, Stdio::inherit());
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        UgiSession {
            child,
            stdin,
            lines,
        }
    }

    /// Writes one line.
    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        let deadline = Instant::now() + WAIT;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(wait)
                .unwrap_or_else(|_| panic!("no '{prefix}' line; saw {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// The next line, which must start with `prefix`.
    pub fn next(&mut self, prefix: &str) -> String {
        let line = self.lines.recv_timeout(WAIT).expect("a line");
        assert!(
            line.starts_with(prefix),
            "expected '{prefix}…', got '{line}'"
        );
        line
    }

    /// Nothing more arrives for a moment.
    pub fn quiet(&mut self) {
        if let Ok(line) = self.lines.recv_timeout(Duration::from_millis(200)) {
            panic!("unexpected line '{line}'");
        }
    }
}

/// The arguments of a command line as a shell reads it: words split at white space, a
/// single-quoted run (a position text) one word without its quotes.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in line.split('\'').enumerate() {
        if i % 2 == 1 {
            out.push(part.to_string());
        } else {
            out.extend(part.split_whitespace().map(String::from));
        }
    }
    out
}

/// [`fails`] for a command line read by [`words`].
pub fn fails_line(line: &str) -> String {
    let args = words(line);
    fails(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// [`ok`] for a command line read by [`words`].
pub fn ok_line(line: &str) -> String {
    let args = words(line);
    ok(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// The strings of a JSON array (a move list, a line of play).
pub fn strings(v: &Value) -> Vec<&str> {
    let array = v.as_array().unwrap_or_else(|| panic!("not an array: {v}"));
    array
        .iter()
        .map(|m| m.as_str().unwrap_or_else(|| panic!("not a string: {m}")))
        .collect()
}

/// Asserts that `text` holds `part`, showing the whole text when it does not.
#[track_caller]
pub fn assert_has(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} not in:\n{text}");
}

/// `args` followed by the paths `files` (the arguments of a merge of shard files).
pub fn with_paths<'a>(args: &[&'a str], files: &'a [impl AsRef<std::path::Path>]) -> Vec<&'a str> {
    let paths = files
        .iter()
        .map(|f| f.as_ref().to_str().expect("a UTF-8 path"));
    args.iter().copied().chain(paths).collect()
}

/// Runs `halma` with `args`, which must succeed and print one JSON value; returns it.
pub fn ok_value(args: &[&str]) -> Value {
    let out = ok(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("halma {args:?}: {e}: {out}"))
}
