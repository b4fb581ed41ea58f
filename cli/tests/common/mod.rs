//! Helpers shared by the CLI integration tests: run the real `halma` binary and read what
//! it printed. (Each test file uses a subset of them.)
#![allow(dead_code)]

use serde_json::Value;
use std::process::{Child, Command, Output, Stdio};

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
    Command::new(env!("CARGO_BIN_EXE_halma"))
        .arg("ugi")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("halma ugi starts")
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

/// Parses each output line as JSON.
pub fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}
