//! The documented examples, run as written: every `halma …` command in the code blocks of
//! `README.md` and `docs/**/*.md` runs against the binary under test, file by file in the
//! order written, and the output shown must be what it prints.
//!
//! What is run:
//!
//! * In a ```` ```console ```` block, every line starting `$ ` is a command (a line ending in
//!   `\` continues on the next); the lines up to the next `$ ` are its output (standard
//!   output and standard error together). Its exit status is not checked: a documented error
//!   shows its message.
//! * In a ```` ```sh ```` block, the commands that start `halma `, `target/release/halma ` or
//!   `cargo run --release -- ` run; no output is shown, and each must exit with status 0.
//! * Other blocks (`text`, syntax summaries) are not run.
//!
//! How: one `bash` per file, from a scratch copy of the repository root (its entries linked,
//! `docs/` copied so that a command writing into it leaves the repository alone), with
//! `halma` and `target/release/halma` the binary under test, `cargo run --release -- …`
//! running it too and `cargo build --release` doing nothing. Standard input is
//! `/dev/null`; each command has [`TIMEOUT`]. A file that starts `halma serve --port 8022`
//! gets a free port instead of 8022 (in its commands and output alike); the server runs in
//! the background until the file's last command. After every file, each file the commands
//! wrote into the copy of `docs/` (the pictures) must equal the repository's.
//!
//! What cannot match byte for byte (docs/reliability.md, "Documented examples"):
//!
//! * Timings and rates are masked on both sides: the numbers in the columns `time_ms`,
//!   `nps`, `leaves/s`, `playouts/s` of a table, after the words `time`, `time_ms`, `nps`,
//!   `threads`, `leaves/s`, `playouts/s`, before the units `s` and `ms`, and in the JSON
//!   fields `time_ms`, `nps`; a masked line compares with runs of spaces as one. Game ids
//!   are masked too: 12 hexadecimal digits in the output shown, the value of `$ID` in what
//!   is printed.
//! * `…` alone on a line of output stands for any lines (an excerpt); `…` inside a line for
//!   any text.
//! * A marker comment on the line before a block, `<!-- doc-test: output varies (why) -->`,
//!   runs its commands without comparing their output (a timed search, threads, a timed
//!   tournament); `<!-- doc-test: skip (why) -->` does not run them (hours of games, other
//!   machines, a cluster). The reason is required.
//!
//! Everything else compares exactly: counts, moves, positions, scores at a fixed depth
//! with one thread. `HALMA_DOC_TEST=docs/cli.md` runs only the files whose path holds that
//! text.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// The longest one documented command may run.
const TIMEOUT: Duration = Duration::from_secs(60);
/// The most output kept of one command (the rest is read and dropped).
const MAX_OUTPUT: usize = 1 << 20;
/// Ends each command's output on the session's standard output.
const SENTINEL: &str = "\u{1e}doc-test-end";

/// What a marker comment says of the block after it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Compare,
    Varies,
    Skip,
}

/// One documented command and the output shown after it.
#[derive(Debug)]
struct Example {
    /// 1-based line of the command in its file.
    line: usize,
    command: String,
    expected: Vec<String>,
    mode: Mode,
    /// A ```` ```sh ```` command: no output shown, exit status 0 required.
    must_succeed: bool,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// README.md, then docs/**/*.md sorted by path.
fn documented_files(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut files = vec![root.join("README.md")];
    walk(&root.join("docs"), &mut files);
    files
}

/// The marker of a comment line `<!-- doc-test: … -->`, or an error for a malformed one.
fn marker(line: &str) -> Option<Result<Mode, String>> {
    let body = line
        .trim()
        .strip_prefix("<!--")?
        .strip_suffix("-->")?
        .trim()
        .strip_prefix("doc-test:")?
        .trim();
    let (mode, reason) = if let Some(r) = body.strip_prefix("output varies") {
        (Mode::Varies, r)
    } else if let Some(r) = body.strip_prefix("skip") {
        (Mode::Skip, r)
    } else {
        return Some(Err(format!("unknown doc-test marker '{body}'")));
    };
    let reason = reason.trim();
    if reason.len() < 4 || !reason.starts_with('(') || !reason.ends_with(')') {
        return Some(Err(format!("doc-test marker '{body}' gives no (reason)")));
    }
    Some(Ok(mode))
}

/// The commands a sh block runs.
fn runs_in_sh(command: &str) -> bool {
    ["halma ", "target/release/halma ", "cargo run --release -- "]
        .iter()
        .any(|p| command.starts_with(p))
}

/// The examples of one markdown text, in order; errors name a malformed marker by line.
fn examples(text: &str) -> Result<Vec<Example>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut pending = Mode::Compare;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(m) = marker(line) {
            pending = m.map_err(|e| format!("line {}: {e}", i + 1))?;
            i += 1;
            continue;
        }
        let trimmed = line.trim_start();
        let Some(lang) = trimmed.strip_prefix("```") else {
            if !line.trim().is_empty() {
                pending = Mode::Compare;
            }
            i += 1;
            continue;
        };
        let indent = line.len() - trimmed.len();
        let lang = lang.trim().to_string();
        let mode = std::mem::replace(&mut pending, Mode::Compare);
        let mut body = Vec::new();
        i += 1;
        while i < lines.len() && lines[i].trim_start() != "```" {
            let l = lines[i];
            let cut = l.len() - l.trim_start().len();
            body.push((i + 1, &l[cut.min(indent)..]));
            i += 1;
        }
        i += 1;
        if lang != "console" && lang != "sh" {
            continue;
        }
        let mut j = 0;
        while j < body.len() {
            let (n, l) = body[j];
            let command_start = if lang == "console" {
                l.strip_prefix("$ ")
            } else {
                Some(l)
            };
            let Some(first) = command_start else {
                j += 1;
                continue;
            };
            let mut command = first.to_string();
            j += 1;
            while command.ends_with('\\') && j < body.len() {
                command.push('\n');
                command.push_str(body[j].1);
                j += 1;
            }
            let mut expected = Vec::new();
            if lang == "console" {
                while j < body.len() && !body[j].1.starts_with("$ ") {
                    expected.push(body[j].1.to_string());
                    j += 1;
                }
            } else if !runs_in_sh(&command) {
                continue;
            }
            out.push(Example {
                line: n,
                command,
                expected,
                mode,
                must_succeed: lang == "sh",
            });
        }
    }
    Ok(out)
}

/// Whether `token` is a number as the binary prints one (`12`, `0.033`, `-4`).
fn is_number(token: &str) -> bool {
    let t = token.trim_end_matches([',', ')']);
    !t.is_empty() && t.parse::<f64>().is_ok()
}

/// Masks a JSON field `"key":number` (with or without a space) in `line`.
fn mask_json_field(line: &mut String, key: &str) -> bool {
    let pattern = format!("\"{key}\":");
    let mut masked = false;
    let mut from = 0;
    while let Some(at) = line[from..].find(&pattern) {
        let start = from + at + pattern.len();
        let rest = &line[start..];
        let skip = rest.len() - rest.trim_start().len();
        let digits = rest[skip..]
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
            .unwrap_or(rest.len() - skip);
        if digits > 0 {
            line.replace_range(start + skip..start + skip + digits, "#");
            masked = true;
        }
        from = start;
    }
    masked
}

/// Whether `token` is a game id of the web server: 12 hexadecimal digits.
fn is_id(token: &str) -> bool {
    token.len() == 12 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Masks the ids in `line` (runs of 12 hexadecimal digits between other characters).
fn mask_ids(line: &mut String) -> bool {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut masked = false;
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_alphanumeric() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if is_id(&word) && word.bytes().any(|b| b.is_ascii_alphabetic()) {
                out.push_str("<id>");
                masked = true;
            } else {
                out.push_str(&word);
            }
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    *line = out;
    masked
}

/// The column names whose numbers are timings or rates.
const TIMED_COLUMNS: [&str; 4] = ["time_ms", "nps", "leaves/s", "playouts/s"];
/// The words after which a number is a timing, a rate or a thread count.
const TIMED_WORDS: [&str; 6] = [
    "time",
    "time_ms",
    "nps",
    "threads",
    "playouts/s",
    "leaves/s",
];
/// The units after which a number is a timing.
const TIME_UNITS: [&str; 6] = ["s", "s,", "s)", "ms", "ms,", "ms)"];

/// The lines of one output with timings, rates and ids masked and trailing space and
/// blank lines dropped (see the module comment).
fn normalise(lines: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut table: Option<(usize, Vec<usize>)> = None;
    for raw in lines {
        let mut line = raw.trim_end().to_string();
        let mut masked = mask_json_field(&mut line, "time_ms") | mask_json_field(&mut line, "nps");
        masked |= mask_ids(&mut line);
        let mut tokens: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let columns: Vec<usize> = (0..tokens.len())
            .filter(|&k| TIMED_COLUMNS.contains(&tokens[k].as_str()))
            .collect();
        if !columns.is_empty() && !tokens.iter().any(|t| is_number(t)) {
            table = Some((tokens.len(), columns));
        } else if let Some((width, columns)) = &table {
            if tokens.len() == *width {
                for &k in columns {
                    if is_number(&tokens[k]) {
                        tokens[k] = "#".into();
                        masked = true;
                    }
                }
            } else {
                table = None;
            }
        }
        for k in 1..tokens.len() {
            if TIMED_WORDS.contains(&tokens[k - 1].as_str()) && is_number(&tokens[k]) {
                tokens[k] = "#".into();
                masked = true;
            }
            if TIME_UNITS.contains(&tokens[k].as_str()) && is_number(&tokens[k - 1]) {
                tokens[k - 1] = "#".into();
                masked = true;
            }
        }
        out.push(if masked { tokens.join(" ") } else { line });
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}

/// Whether `actual` matches `pattern`, in which `…` stands for any text.
fn line_matches(pattern: &str, actual: &str) -> bool {
    let parts: Vec<&str> = pattern.split('…').collect();
    if parts.len() == 1 {
        return pattern == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Whether the lines `actual` match the lines `expected`, in which a line `…` stands for
/// any lines.
fn lines_match(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "…" => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            !actual.is_empty() && line_matches(first, &actual[0]) && lines_match(rest, &actual[1..])
        }
    }
}

/// One file's bash, fed commands one at a time.
struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Session {
    fn start(dir: &Path, path: &str) -> Session {
        use std::os::unix::process::CommandExt;
        let mut child = Command::new("bash")
            .arg("--noprofile")
            .arg("--norc")
            .current_dir(dir)
            .env("PATH", path)
            .env("LC_ALL", "C.UTF-8")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("bash starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader
                    .by_ref()
                    .take(MAX_OUTPUT as u64)
                    .read_until(b'\n', &mut buf)
                {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut session = Session {
            child,
            stdin,
            lines,
        };
        session.send(
            "cargo() { if [ \"$1 $2 $3\" = 'run --release --' ]; then shift 3; halma \"$@\"; \
             elif [ \"$1 $2\" = 'build --release' ]; then :; \
             else echo \"doc-test: 'cargo $*' is not run\"; return 127; fi; }\n",
        );
        session
    }

    fn send(&mut self, text: &str) {
        self.stdin.write_all(text.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Runs `command`; its output and exit status, or None when it outlived [`TIMEOUT`].
    fn run(&mut self, command: &str) -> Option<(Vec<String>, i32)> {
        self.send(&format!(
            "{{ {command}\n}} </dev/null 2>&1; printf '\\n{SENTINEL} %d\\n' $?\n"
        ));
        let deadline = Instant::now() + TIMEOUT;
        let mut text = String::new();
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let line = self.lines.recv_timeout(left).ok()?;
            if let Some(status) = line.strip_prefix(SENTINEL) {
                text.pop(); // the newline printed before the sentinel
                let lines = text.lines().map(str::to_string).collect();
                return Some((lines, status.trim().parse().unwrap_or(-1)));
            }
            if text.len() < MAX_OUTPUT {
                text.push_str(&line);
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .status();
        let _ = self.child.wait();
    }
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A scratch copy of the repository root for one file: its entries linked, `docs/`
/// copied, `target/release/halma` the binary under test.
fn scratch_root(root: &Path, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("halma-doc-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("target/release")).unwrap();
    for entry in std::fs::read_dir(root).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "target" || name == "docs" || name == ".git" {
            continue;
        }
        std::os::unix::fs::symlink(entry.path(), dir.join(&name)).unwrap();
    }
    let status = Command::new("cp")
        .args([
            "-a",
            &root.join("docs").to_string_lossy(),
            &dir.to_string_lossy(),
        ])
        .status()
        .unwrap();
    assert!(status.success(), "copy docs/");
    std::os::unix::fs::symlink(
        env!("CARGO_BIN_EXE_halma"),
        dir.join("target/release/halma"),
    )
    .unwrap();
    dir
}

/// The files under `dir` whose bytes differ from the same path under `original`.
fn changed_files(dir: &Path, original: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let twin = original.join(path.file_name().unwrap());
        if path.is_dir() {
            changed_files(&path, &twin, out);
        } else if twin.exists() && std::fs::read(&path).ok() != std::fs::read(&twin).ok() {
            out.push(twin.to_string_lossy().into_owned());
        }
    }
}

/// Runs the examples of one file; the failures, each a paragraph.
fn run_file(root: &Path, file: &Path, tally: &mut [usize; 3]) -> Vec<String> {
    let rel = file
        .strip_prefix(root)
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let text = std::fs::read_to_string(file).unwrap();
    let mut examples = match examples(&text) {
        Ok(e) => e,
        Err(e) => return vec![format!("{rel}: {e}")],
    };
    if examples.iter().all(|e| e.mode == Mode::Skip) {
        tally[2] += examples.len();
        return Vec::new();
    }
    let serving = examples
        .iter()
        .any(|e| e.command.starts_with("halma serve"));
    if serving {
        let port = free_port().to_string();
        for e in &mut examples {
            e.command = e.command.replace("8022", &port);
            for l in &mut e.expected {
                *l = l.replace("8022", &port);
            }
        }
    }
    let dir = scratch_root(root, &rel.replace('/', "-"));
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_halma"), bin.join("halma")).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut session = Session::start(&dir, &path);
    let mut failures = Vec::new();
    let mut hung = false;
    for e in &examples {
        if e.mode == Mode::Skip {
            tally[2] += 1;
            continue;
        }
        let command = if e.command.starts_with("halma serve") {
            // In the background, until the file's end; its first line is the output shown.
            format!(
                "{} > .serve.log 2>&1 & for _ in $(seq 100); do [ -s .serve.log ] && break; \
                 sleep 0.05; done; head -1 .serve.log",
                e.command
            )
        } else {
            e.command.clone()
        };
        let Some((actual, status)) = session.run(&command) else {
            failures.push(format!(
                "{rel}:{}: `{}` did not end within {} s (the file's later commands were not run)",
                e.line,
                e.command,
                TIMEOUT.as_secs()
            ));
            hung = true;
            break;
        };
        if e.mode == Mode::Varies {
            tally[1] += 1;
        } else {
            tally[0] += 1;
        }
        if e.must_succeed && status != 0 {
            failures.push(format!(
                "{rel}:{}: `{}` exited with status {status}:\n{}",
                e.line,
                e.command,
                actual.join("\n")
            ));
        } else if e.mode == Mode::Compare && !e.must_succeed {
            let mut actual = actual;
            if serving {
                // The game id the examples keep in $ID, of up to 12 hexadecimal digits.
                let id = session
                    .run("printf '%s\\n' \"${ID-}\"")
                    .map(|(l, _)| l.concat());
                if let Some(id) = id.filter(|id| !id.is_empty()) {
                    for l in &mut actual {
                        *l = l.replace(&id, "<id>");
                    }
                }
            }
            let (want, got) = (normalise(&e.expected), normalise(&actual));
            if !lines_match(&want, &got) {
                failures.push(format!(
                    "{rel}:{}: `{}` printed what the doc does not show.\n--- shown\n{}\n--- printed\n{}",
                    e.line,
                    e.command,
                    e.expected.join("\n"),
                    actual.join("\n")
                ));
            }
        }
    }
    if !hung {
        let _ = session.run("kill $(jobs -p) 2>/dev/null; wait");
    }
    drop(session); // kills what is left of its process group
    let mut changed = Vec::new();
    changed_files(&dir.join("docs"), &root.join("docs"), &mut changed);
    for c in changed {
        let c = Path::new(&c)
            .strip_prefix(root)
            .unwrap()
            .display()
            .to_string();
        failures.push(format!(
            "{rel}: its commands wrote {c}, which differs from the repository's"
        ));
    }
    let _ = std::fs::remove_dir_all(&dir);
    failures
}

/// Every documented example runs as written and prints the output shown.
#[test]
fn every_documented_example_runs_as_written() {
    let root = repo_root();
    let only = std::env::var("HALMA_DOC_TEST").unwrap_or_default();
    let mut failures = Vec::new();
    let mut tally = [0; 3];
    for file in documented_files(&root) {
        if file.to_string_lossy().contains(&only) {
            failures.extend(run_file(&root, &file, &mut tally));
        }
    }
    eprintln!(
        "doc test: {} commands compared, {} run with output that varies, {} skipped",
        tally[0], tally[1], tally[2]
    );
    assert!(
        failures.is_empty(),
        "{} documented examples disagree with the binary:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The parser and the comparison rules the documented examples rely on.
#[test]
fn the_doc_test_reads_blocks_markers_and_excerpts() {
    let text = "x\n<!-- doc-test: skip (an hour) -->\n```sh\nhalma a \\\n  b\nls\n```\n\
                ```console\n$ halma c\none\n…\n$ echo d\n```\n```text\nhalma e\n```\n";
    let e = examples(text).unwrap();
    assert_eq!(e.len(), 3);
    assert_eq!(
        (e[0].command.as_str(), e[0].mode),
        ("halma a \\\n  b", Mode::Skip)
    );
    assert_eq!(
        (e[1].command.as_str(), e[1].mode, e[1].line),
        ("halma c", Mode::Compare, 9)
    );
    assert_eq!(e[1].expected, ["one", "…"]);
    assert!(examples("<!-- doc-test: skip -->\n").is_err());
    let lines = |s: &str| s.lines().map(str::to_string).collect::<Vec<_>>();
    assert!(lines_match(&lines("a\n…\nd"), &lines("a\nb\nc\nd")));
    assert!(!lines_match(&lines("a\n…\nd"), &lines("a\nb\nc")));
    assert!(line_matches("[{x},…]}", "[{x},{y},{z}]}"));
    let table = normalise(&lines(
        "depth   nodes  time_ms  leaves/s\n    1      24    0.033    717274\nthreads  2",
    ));
    assert_eq!(
        table,
        ["depth   nodes  time_ms  leaves/s", "1 24 # #", "threads #"]
    );
    assert_eq!(
        normalise(&lines(
            "{\"nodes\":9,\"time_ms\":0.5,\"nps\": 7} f410d60fc89f"
        )),
        ["{\"nodes\":9,\"time_ms\":#,\"nps\": #} <id>"]
    );
}
