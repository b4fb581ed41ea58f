//! Hostile sessions against the real `halma ugi`: commands in every order, bad bytes, huge
//! lines, closed pipes. Each must end within a second, with exactly one `bestmove` for
//! every `go` sent before `quit` or the end of the input, and never a panic.

use crate::common;
use halma_cli::ugi::{MAX_UNREAD_LINES, MAX_WAITING};

use std::io::{Read, Write};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The bound on a session: `stop`, `quit` and the end of the input are honoured within
/// 50 ms on an idle machine; the rest is start-up and a loaded CI machine.
const LIMIT: Duration = Duration::from_secs(1);

/// Runs `halma ugi` on `input` (sent at once; stdin is then closed unless `keep_open`),
/// and returns its output lines, its exit status and how long it took after the input
/// was written.
fn session(input: &[u8], keep_open: bool) -> (Vec<String>, bool, Duration) {
    let mut child = common::spawn_ugi(Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    stdin.flush().unwrap();
    let written = Instant::now();
    let _open = if keep_open {
        Some(stdin)
    } else {
        drop(stdin);
        None
    };
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).unwrap();
        text
    });
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let took = written.elapsed();
            let mut err = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            assert!(!err.contains("panicked"), "a panic: {err}");
            let lines = reader.join().unwrap().lines().map(String::from).collect();
            return (lines, status.success(), took);
        }
        if written.elapsed() > 10 * LIMIT {
            let _ = child.kill();
            panic!("hung: {:?}", String::from_utf8_lossy(input));
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Lines starting with `prefix`.
fn count(lines: &[String], prefix: &str) -> usize {
    lines.iter().filter(|l| l.starts_with(prefix)).count()
}

/// Runs a script, checks the time and the bestmoves, and returns the output.
fn script(text: &str, keep_open: bool, gos: usize) -> Vec<String> {
    let (lines, ok, took) = session(text.as_bytes(), keep_open);
    assert!(ok, "exit status for {text:?}: {lines:?}");
    assert!(took < LIMIT, "{text:?} took {took:?}");
    assert_eq!(count(&lines, "bestmove"), gos, "{text:?}: {lines:?}");
    lines
}

#[test]
fn stop_quit_and_the_end_of_input_end_any_search() {
    // A line that only starts like `go` is no go; the stop still reaches the search.
    let out = script("go infinite\ngoofy\nstop\nquit\n", true, 1);
    assert_eq!(count(&out, "info string error"), 1);
    // quit while commands wait behind an infinite search.
    script("go infinite\nposition startpos\nquit\n", true, 1);
    script(
        "go infinite\nposition startpos\ngo infinite\nquit\n",
        true,
        2,
    );
    // The end of the input, the same.
    script("go infinite\nposition startpos moves b3-c4\n", false, 1);
    script(
        "setoption name Rules value halma16\nposition startpos\ngo depth 60\n",
        false,
        1,
    );
    script("go movetime 100000000\ngo nodes 99999999999\n", false, 2);
    // A stop applies to every go before it, running or waiting.
    script(
        "go infinite\nisready\ngo infinite\nstop\nisready\nquit\n",
        true,
        2,
    );
    // Lines after quit are not read.
    script("quit\ngo infinite\n", true, 0);
    // Many searches waiting, then the end.
    script(&"position startpos\ngo depth 30\n".repeat(200), false, 200);
}

#[test]
fn unreadable_lines_are_reported_and_skipped() {
    let mut input = b"isready\n\xff\xfe junk\nisready\n".to_vec();
    input.extend(vec![b'x'; 3 << 20]);
    input.extend(b"\nisready\nposition startpos moves b3-c4\nquery p1turn\n");
    let (lines, ok, _) = session(&input, false);
    assert!(ok);
    assert_eq!(count(&lines, "readyok"), 3, "{lines:?}");
    let errors: Vec<_> = lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    assert!(errors[0].contains("line 2 is not UTF-8"), "{errors:?}");
    assert!(errors[1].contains("line 4 is longer than"), "{errors:?}");
    assert_eq!(lines.last().unwrap(), "response false");
}

#[test]
fn a_closed_output_ends_the_engine() {
    let mut child = common::spawn_ugi(Stdio::inherit());
    let mut stdin = child.stdin.take().unwrap();
    drop(child.stdout.take());
    writeln!(stdin, "go infinite").unwrap();
    let sent = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(sent.elapsed() < LIMIT, "the engine searched on for nobody");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A small deterministic generator (xorshift), so that a failure names its seed.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn random_interleavings_finish_and_answer_every_go() {
    const COMMANDS: [&str; 20] = [
        "go infinite",
        "go depth 40",
        "go movetime 30",
        "go nodes 5000",
        "go p1time 40 p2time 40 p1inc 5 p2inc 5",
        "go depth",
        "go",
        "stop",
        "stop",
        "isready",
        "ugi",
        "position startpos",
        "position startpos moves b3-c4",
        "position fen halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0",
        "position startpos moves z1-z2",
        "uginewgame",
        "setoption name Engine value mcts",
        "setoption name Engine value alphabeta",
        "query result",
        "gobble",
    ];
    for seed in 1..=30u64 {
        let mut rng = Xorshift(seed * 0x9E37_79B9_7F4A_7C15);
        let mut text = String::new();
        let mut gos = 0;
        let mut quit = false;
        for _ in 0..(5 + rng.below(25)) {
            if rng.below(40) == 0 {
                text.push_str("quit\n");
                quit = true;
                break;
            }
            let command = COMMANDS[rng.below(COMMANDS.len())];
            gos += usize::from(command.split_whitespace().next() == Some("go"));
            text.push_str(command);
            text.push('\n');
        }
        // An infinite search with neither quit nor the end of the input would rightly run on.
        let keep_open = quit;
        let (lines, ok, took) = session(text.as_bytes(), keep_open);
        assert!(ok, "seed {seed}");
        assert!(took < 2 * LIMIT, "seed {seed}: {took:?} for {text:?}");
        assert_eq!(
            count(&lines, "bestmove"),
            gos,
            "seed {seed}: {text:?} -> {lines:?}"
        );
    }
}

#[test]
fn infinite_beside_a_clock_runs_until_stop() {
    let mut s = common::UgiSession::start();
    s.send("position startpos");
    // A manager that adds `infinite` to its clock (as UCI's analysis mode does): the clock
    // used to win and the move came at once; only `stop` may end this search.
    s.send("go p1time 50 p2time 50 movetime 5 depth 1 infinite");
    if let Ok(line) = s.lines.recv_timeout(Duration::from_millis(300)) {
        assert!(!line.starts_with("bestmove"), "ended before stop: {line}");
    }
    s.send("stop");
    let best = s.until("bestmove").pop().unwrap();
    assert_ne!(best, "bestmove none");
    s.send("quit");
    assert!(s.child.wait().unwrap().success());
}

#[test]
fn more_threads_than_cores_still_answer_a_tiny_clock_in_time() {
    // 256 alpha-beta threads on however few cores, 100 ms on the clock: the main thread
    // used to wait for its first iteration behind the helpers (2.4–4.4 s to the bestmove on
    // 2 loaded cores). The move must come well within the test's bound.
    let mut s = common::UgiSession::start();
    s.send("setoption name Rules value halma16");
    s.send("setoption name Threads value 256");
    s.send("position startpos");
    s.send("isready");
    s.next("readyok");
    for go in ["go p1time 100 p2time 100", "go movetime 50"] {
        let sent = Instant::now();
        s.send(go);
        let best = s.until("bestmove").pop().unwrap();
        let took = sent.elapsed();
        assert_ne!(best, "bestmove none", "{go}");
        assert!(took < LIMIT, "{go}: {took:?}");
    }
    s.send("quit");
    assert!(s.child.wait().unwrap().success());
}

/// The peak resident memory of process `pid` in MiB (`VmHWM` of /proc/PID/status).
fn peak_mib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().strip_suffix("kB"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no VmHWM in {status}"));
    kib / 1024
}

/// The bound on the engine's memory under a flood of commands. Before the input queue was
/// bounded, 2 M `isready` lines written without reading the answers held some 160 MB
/// (79 bytes a line, 1.58 GB for 20 M); the bounded engine stays near its idle size.
const FLOOD_MIB: u64 = 48;

#[test]
fn a_front_end_that_writes_without_reading_holds_the_engine_to_bounded_memory() {
    const LINES: usize = 2_000_000;
    let mut child = common::spawn_ugi(Stdio::inherit());
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let flood = "isready\n".repeat(LINES) + "quit\n";
        // Blocks once the pipe is full: the engine reads no further ahead than it can hold.
        stdin.write_all(flood.as_bytes()).unwrap();
    });
    // Nobody reads the answers yet: the engine's writes block, and so does its reader.
    std::thread::sleep(Duration::from_millis(1500));
    let peak = peak_mib(pid);
    assert!(
        peak <= FLOOD_MIB,
        "{peak} MiB resident with its output unread"
    );
    // Then read: every line is still answered, in order, and the engine quits.
    let stdout = child.stdout.take().unwrap();
    let lines = std::io::BufRead::lines(std::io::BufReader::new(stdout))
        .map(Result::unwrap)
        .filter(|l| l == "readyok")
        .count();
    writer.join().unwrap();
    assert_eq!(lines, LINES);
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_flood_of_commands_during_a_search_is_bounded_and_stop_still_ends_it() {
    const LINES: usize = 2_000_000;
    let mut child = common::spawn_ugi(Stdio::inherit());
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    // The answers are read as they come, counted, and the bestmove timed.
    let (tx, rx) = std::sync::mpsc::channel();
    // The errors are counted up to the bestmove. The reader raises the stop flag as soon as
    // it reads `stop`, while up to MAX_UNREAD_LINES flood lines may still wait for the
    // command loop (and one be in its hands): their errors can follow the bestmove (and, the search over, the queue
    // drains and takes some of them), so the count before it may fall short of the refused
    // lines by that many. The `isready` sent after the bestmove may still find the queue
    // full if it comes before the queued commands are drained, and be refused too.
    let reader = std::thread::spawn(move || {
        let (mut errors, mut before_bestmove) = (0usize, None);
        for line in std::io::BufRead::lines(std::io::BufReader::new(stdout)) {
            let line = line.unwrap();
            if line.starts_with("info string error") {
                errors += 1;
            } else if line.starts_with("bestmove") {
                before_bestmove.get_or_insert(errors);
                tx.send(Instant::now()).unwrap();
            }
        }
        before_bestmove.expect("a bestmove")
    });
    // Alpha-beta with a 1 MiB table: the search itself holds little (MCTS would grow its
    // tree to its 256 MiB budget).
    let setup = "setoption name Engine value alphabeta\nsetoption name Hash value 1\n\
                 setoption name Threads value 1\nposition startpos\ngo infinite\n";
    stdin.write_all(setup.as_bytes()).unwrap();
    let flood = "position startpos\n".repeat(LINES);
    stdin.write_all(flood.as_bytes()).unwrap();
    let peak = peak_mib(pid);
    assert!(peak <= FLOOD_MIB, "{peak} MiB resident after {LINES} lines");
    // The stop is not stuck behind the refused commands.
    stdin.write_all(b"stop\n").unwrap();
    stdin.flush().unwrap();
    let sent = Instant::now();
    let answered = rx.recv_timeout(10 * LIMIT).expect("a bestmove after stop");
    assert!(
        answered.saturating_duration_since(sent) < LIMIT,
        "bestmove {:?} after stop",
        answered.saturating_duration_since(sent)
    );
    stdin.write_all(b"isready\nquit\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    // All but the 4096 that could wait were refused, each with its error line (all but the
    // few the command loop had not yet taken when the stop acted, see above).
    let errors = reader.join().unwrap();
    let refused = LINES - MAX_WAITING;
    assert!(
        (refused - MAX_UNREAD_LINES - 1..=refused).contains(&errors),
        "{errors} errors before the bestmove, {refused} lines refused"
    );
}

#[test]
fn the_bytes_of_commands_waiting_for_a_search_are_bounded() {
    // Fewer than MAX_WAITING (4,096) commands, but long ones: 80 lines of 1,000,000 bytes
    // (a `position startpos` padded with spaces inside, under the 1 MiB line bound). The
    // 64 MiB bound (MAX_WAITING_BYTES, 67,108,864) lets 67 of them wait and refuses the
    // other 13, each with the bytes named; without it all 80 would wait.
    const LINES: usize = 80;
    const LINE: usize = 1_000_000;
    let mut child = common::spawn_ugi(Stdio::inherit());
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut refused = 0usize;
        let mut other_errors = Vec::new();
        for line in std::io::BufRead::lines(std::io::BufReader::new(stdout)) {
            let line = line.unwrap();
            if line
                .starts_with("info string error argument: 67108864 bytes of commands already wait")
            {
                refused += 1;
            } else if line.starts_with("info string error") {
                other_errors.push(line);
            }
        }
        (refused, other_errors)
    });
    let setup = "setoption name Engine value alphabeta\nsetoption name Hash value 1\n\
                 setoption name Threads value 1\nposition startpos\ngo infinite\n";
    stdin.write_all(setup.as_bytes()).unwrap();
    let head = "position startpos";
    let tail = "moves";
    let line = format!(
        "{head}{}{tail}\n",
        " ".repeat(LINE - head.len() - tail.len())
    );
    assert_eq!(line.len(), LINE + 1);
    for _ in 0..LINES {
        stdin.write_all(line.as_bytes()).unwrap();
    }
    stdin.write_all(b"stop\nquit\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    let (refused, other_errors) = reader.join().unwrap();
    assert_eq!(refused, LINES - 67, "other errors: {other_errors:?}");
    assert!(other_errors.is_empty(), "{other_errors:?}");
}

#[test]
fn a_byte_order_mark_before_the_first_line_is_skipped() {
    let (lines, ok, _) = session(b"\xEF\xBB\xBFisready\nquery p1turn\n", false);
    assert!(ok);
    assert_eq!(lines, ["readyok", "response true"]);
    // Only before the first line: elsewhere it is part of a command.
    let (lines, _, _) = session(b"isready\n\xEF\xBB\xBFisready\n", false);
    assert_eq!(lines[0], "readyok");
    assert!(lines[1].starts_with("info string error"), "{lines:?}");
}

#[test]
fn output_that_cannot_be_written_is_a_failure_not_a_success() {
    // /dev/full: every write fails with ENOSPC. The engine used to exit 0; now it stops,
    // exits 2 and says why on stderr.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_halma"))
        .arg("ugi")
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = out;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"isready\ngo infinite\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("halma: ") && err.contains("cannot write"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn output_closed_from_the_start_is_an_error_not_a_success() {
    // `halma ugi >&-`: descriptor 1 closed before the process starts. Rust's runtime opens
    // /dev/null in its place before main, so the answers used to vanish with status 0.
    for command in ["ugi", "moves", "show"] {
        let out = std::process::Command::new("sh")
            .args([
                "-c",
                "exec \"$0\" \"$1\" >&-",
                env!("CARGO_BIN_EXE_halma"),
                command,
            ])
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert_eq!(err, "halma: standard output is closed\n", "{command}");
    }
    // Open (here, /dev/null) is fine.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_halma"))
        .arg("moves")
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(out.success());
}

#[test]
fn junk_is_not_echoed_back_whole_or_raw() {
    // A line of NULs, a 500 KB word, a terminal escape (`ESC [2J` clears a screen): each
    // one short, printable error line (the error used to quote the whole word, raw).
    let mut input = vec![0u8; 100_000];
    input.push(b'\n');
    input.extend(vec![b'z'; 500_000]);
    input.extend(b"\nfoo\x1b[2Jbar\ngo depth\x00 1\nisready\n");
    let (lines, ok, _) = session(&input, false);
    assert!(ok);
    assert_eq!(
        lines.len(),
        6,
        "{:?}",
        lines.iter().map(|l| l.len()).collect::<Vec<_>>()
    );
    for l in &lines[..4] {
        assert!(l.starts_with("info string error"), "{l}");
        assert!(l.chars().count() < 500, "{} chars", l.len());
        assert!(!l.chars().any(char::is_control), "{l:?}");
    }
    assert!(lines[0].contains("\\u{0}"), "{}", lines[0]);
    assert!(lines[2].contains("foo\\u{1b}[2Jbar"), "{}", lines[2]);
    assert_eq!(lines[4], "bestmove none");
    assert_eq!(lines[5], "readyok");
}
