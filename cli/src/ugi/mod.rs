//! `halma ugi`: the engine over UGI, the UCI-derived protocol of game-agnostic front ends
//! (docs/protocol.md has the command set, a transcript and how each fault is answered);
//! and `halma ccp`, the same loop in CCP's dialect (the Chinese Checkers Protocol of the
//! CCERL ladder: its handshake, `position cells …`, `analyze`, moves in hole ids; the words
//! themselves are in `crate::ccp`).
//!
//! A thread reads the input, one bounded line at a time, and hands the lines to the command
//! loop; a search runs on a thread of its own with the game session moved into it. So
//! `stop`, `quit`, `isready` and the end of the input are seen while the engine thinks.
//! Every bad command gets `info string error …`, and every `go` exactly one `bestmove`.

mod engine_choice;
mod go;
mod options;
mod output;
mod session;

pub use crate::dialect::Dialect;
use crate::lines::{self, read_line};
use crate::settings::EngineSettings;
use engine_choice::EngineChoice;
use go::go_limits;
use halma_engine::games::{split_game_text, Variant};
use halma_engine::search::DEFAULT_MOVE_OVERHEAD;
use halma_engine::{Error, Status};
pub use output::Output;
use session::Session;
use std::collections::VecDeque;
use std::io::{BufReader, Read};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The game until `setoption name Rules` or a `position fen` says otherwise.
const DEFAULT_RULES: &str = halma_engine::games::DEFAULT_GAME;

/// The engine settings until `setoption` changes them: the searchers' own, on every core
/// (at most [`crate::numbers::MAX_DEFAULT_SEARCH_THREADS`]).
fn default_settings() -> EngineSettings {
    EngineSettings {
        threads: crate::numbers::default_search_threads(),
        ..EngineSettings::default()
    }
}
/// Longest command line read, in bytes (a position with tens of thousands of moves fits);
/// a longer line is reported and skipped.
pub const MAX_LINE: usize = 1 << 20;
/// Most commands that may wait for a running search; one more is refused (a refused `go`
/// is answered `bestmove none` at once).
pub const MAX_WAITING: usize = 4096;
/// Most bytes of command text that may wait for a running search (the lines of at most
/// [`MAX_WAITING`] commands); a command that would pass it is refused as one more would be.
pub const MAX_WAITING_BYTES: usize = 64 << 20;
/// Most lines read but not yet taken by the command loop. The reader stops reading while
/// this many wait (the pipe then fills and the front end's writes block), so memory stays
/// bounded, at most this many [`MAX_LINE`]s, whatever the front end writes and whether or
/// not it reads the answers.
pub const MAX_UNREAD_LINES: usize = 16;

/// How the engine is configured (what `setoption` changes).
#[derive(Clone, Debug, PartialEq)]
struct Config {
    dialect: Dialect,
    variant: Variant,
    /// The `Engine` option.
    engine: EngineChoice,
    /// The engine settings ([`crate::settings`]: `Hash`, `Threads`, `MultiPV`, …).
    settings: EngineSettings,
}

/// A search in progress.
struct Running {
    /// The number of the `go` line that asked for it.
    id: u64,
    stop: Arc<AtomicBool>,
    thread: JoinHandle<Box<dyn Session>>,
}

/// What the command loop waits for.
enum Event {
    /// A command line, its number in the input (from 1) and when it was read (a `go`'s
    /// clock runs from then).
    Line(String, u64, Instant),
    /// A line that is no command (not UTF-8, or too long): why.
    Unreadable(String),
    /// The end of the input.
    End,
    /// The search asked for by the `go` line with this number has written its best move.
    Done(u64),
}

/// A command line waiting its turn, with its number in the order of arrival.
struct Waiting {
    line: String,
    number: u64,
    /// When the line was read.
    at: Instant,
}

/// What the reader thread and the command loop share so that a `stop` or `quit` reaches
/// the running search as soon as it is read, even while the lines before it still wait
/// for the command loop.
#[derive(Default)]
struct Stops {
    /// A search asked for by a line numbered below this is to stop: the number of the last
    /// `stop` or `quit` read (`u64::MAX` once the input has ended).
    before: AtomicU64,
    /// The running search: the number of its `go` line and its stop flag.
    running: Mutex<Option<(u64, Arc<AtomicBool>)>>,
}

impl Stops {
    /// A `stop` or `quit` numbered `number` was read: the running search stops if it was
    /// asked for before it.
    fn stop_before(&self, number: u64) {
        self.before.fetch_max(number, Ordering::SeqCst);
        let running = self.running.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((id, stop)) = running.as_ref() {
            if *id < number {
                stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// The search of `go` line `id` runs with flag `stop`: raised at once if a `stop` after
    /// that line has been read already.
    fn start(&self, id: u64, stop: &Arc<AtomicBool>) {
        *self.running.lock().unwrap_or_else(|p| p.into_inner()) = Some((id, stop.clone()));
        // Read after the search is registered: a `stop` read in between is seen here or
        // sees the search.
        if id < self.before.load(Ordering::SeqCst) {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// No search runs.
    fn clear(&self) {
        *self.running.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }
}

/// The protocol state.
struct Ugi {
    config: Config,
    /// The `Move Overhead` option: kept back from every allowance of a `go`.
    overhead: Duration,
    session: Option<Box<dyn Session>>,
    /// Why there is no position to search: the last `position` was refused.
    no_position: Option<String>,
    running: Option<Running>,
    waiting: VecDeque<Waiting>,
    /// Bytes of the waiting command lines.
    waiting_bytes: usize,
    /// A search asked for by a line numbered below this is stopped as it starts: a `stop`
    /// (or `quit`, or the end of the input) came after it.
    stopped_before: u64,
    /// `quit` or the end of the input has come: the waiting commands run, every search
    /// stopped at once, and then the engine exits.
    quitting: bool,
    events: SyncSender<Event>,
    stops: Arc<Stops>,
    out: Output,
}

/// Runs `halma ugi` on stdin and stdout until `quit` or the end of the input.
pub fn run() -> Result<(), Error> {
    serve(
        std::io::stdin(),
        Output::new(std::io::stdout()),
        Dialect::Ugi,
    )
}

/// `halma ccp`'s arguments.
#[derive(clap::Args, Debug)]
pub struct CcpArgs {
    /// Set an option before the first command, as `setoption name NAME value VALUE` does
    /// (repeatable), e.g. `--option Engine=mcts`: for referees that send no options
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

/// Runs `halma ccp` on stdin and stdout until `quit` or the end of the input.
pub fn run_ccp(args: &CcpArgs) -> Result<(), Error> {
    let out = Output::new(std::io::stdout());
    serve_with(std::io::stdin(), out, Dialect::Ccp, &args.options)
}

/// Speaks `dialect` on `input` and `out` until `quit`, the end of the input, or a closed
/// output. A search still running then is stopped and answered first, and so is every
/// `go` that came before the end.
fn serve(input: impl Read + Send + 'static, out: Output, dialect: Dialect) -> Result<(), Error> {
    serve_with(input, out, dialect, &[])
}

/// [`serve`], the options `NAME=VALUE` set first (an error ends it before any command).
fn serve_with(
    input: impl Read + Send + 'static,
    out: Output,
    dialect: Dialect,
    preset: &[String],
) -> Result<(), Error> {
    let (events, inbox) = mpsc::sync_channel(MAX_UNREAD_LINES);
    let stops = Arc::new(Stops::default());
    let (reader, reader_stops) = (events.clone(), stops.clone());
    std::thread::spawn(move || read_commands(input, &reader, &reader_stops));
    let mut ugi = Ugi {
        config: Config {
            dialect,
            variant: Variant::parse(match dialect {
                Dialect::Ugi => DEFAULT_RULES,
                Dialect::Ccp => crate::ccp::RULES,
            })?,
            engine: EngineChoice::default(),
            settings: default_settings(),
        },
        overhead: DEFAULT_MOVE_OVERHEAD,
        session: None,
        no_position: None,
        running: None,
        waiting: VecDeque::new(),
        waiting_bytes: 0,
        stopped_before: 0,
        quitting: false,
        events,
        stops,
        out,
    };
    for option in preset {
        let (name, value) = option
            .split_once('=')
            .ok_or_else(|| Error::Argument(format!("--option '{option}' is not NAME=VALUE")))?;
        options::set(dialect, &mut ugi.config, &mut ugi.overhead, name, value)?;
    }
    while let Ok(event) = inbox.recv() {
        match event {
            Event::Line(line, number, at) => ugi.arrive(&line, number, at),
            Event::Unreadable(why) => ugi.error(&Error::Argument(why)),
            Event::End => ugi.quit(u64::MAX),
            Event::Done(id) => {
                if ugi.running.as_ref().is_some_and(|r| r.id == id) {
                    ugi.finish_search();
                }
            }
        }
        if ugi.out.is_closed() {
            // Nobody reads the answers any more: stop and go.
            ugi.waiting.clear();
            ugi.waiting_bytes = 0;
            ugi.quit(u64::MAX);
        }
        ugi.work();
        if ugi.quitting && ugi.waiting.is_empty() && ugi.running.is_none() {
            break;
        }
    }
    ugi.finish_search();
    match ugi.out.failure() {
        // The front end cannot have the answers: not a success, whoever asked.
        Some(e) => Err(Error::Argument(format!("cannot write the answers: {e}"))),
        None => Ok(()),
    }
}

/// Reads `input` line by line into `events` until its end (or a read error, taken as its
/// end) or a `quit`, reporting lines that are too long or not UTF-8 instead of passing them
/// on. A `stop` or `quit` stops the running search through `stops` as soon as it is read.
/// `events` holds at most [`MAX_UNREAD_LINES`]: while it is full the reader waits, and so
/// does a front end that writes on.
fn read_commands(input: impl Read, events: &SyncSender<Event>, stops: &Stops) {
    let mut reader = BufReader::new(input);
    let mut line = Vec::new();
    let mut number = 0u64;
    loop {
        number += 1;
        let read = read_line(&mut reader, &mut line, MAX_LINE);
        // A byte-order mark before the first line is no part of it.
        let bom = crate::text_file::BOM.as_bytes();
        if number == 1 && line.starts_with(bom) {
            line.drain(..bom.len());
        }
        let mut quit = false;
        let event = match read {
            Ok(lines::Read::End) | Err(_) => break,
            Ok(lines::Read::TooLong) => match lines::skip_line(&mut reader) {
                Ok(()) => Event::Unreadable(format!(
                    "input line {number} is longer than {MAX_LINE} bytes; ignored"
                )),
                Err(_) => break,
            },
            Ok(lines::Read::Line) => match std::str::from_utf8(&line) {
                Ok(text) => {
                    let word = first_word(text);
                    if word == "stop" || word == "quit" {
                        stops.stop_before(number);
                        quit = word == "quit";
                    }
                    Event::Line(text.to_string(), number, Instant::now())
                }
                Err(e) => Event::Unreadable(format!(
                    "input line {number} is not UTF-8 (byte {}); ignored",
                    e.valid_up_to() + 1
                )),
            },
        };
        if events.send(event).is_err() || quit {
            // Lines after `quit` are not read.
            return;
        }
    }
    stops.stop_before(u64::MAX);
    let _ = events.send(Event::End);
}

/// Commands answered while a search runs, unless a later `go` waits.
fn is_realtime(word: &str) -> bool {
    matches!(word, "isready" | "ugi" | "ccp" | "protocol")
}

/// The first word of a command line.
fn first_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// Longest error message written, in characters; the rest is cut (`…`).
pub const MAX_ERROR_CHARS: usize = 400;

/// `text` (an error message, which quotes what the front end sent) as one short printable
/// line: control characters (NUL, a lone `\r` that a front end may take for a line end)
/// escaped, and at most [`MAX_ERROR_CHARS`] characters, so that a line of NULs or a 1 MiB
/// word is not echoed back whole.
fn one_line(text: &str) -> String {
    let mut out = String::new();
    let mut written = 0;
    for c in text.chars() {
        // An escape (`\u{0}`) counts as the characters it is written with.
        let width = if c.is_control() {
            c.escape_default().count()
        } else {
            1
        };
        if written + width > MAX_ERROR_CHARS {
            out.push('…');
            break;
        }
        written += width;
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Parses the value of option `name`, a whole number within `min..=max`.
fn bounded(name: &str, value: &str, min: usize, max: usize) -> Result<usize, Error> {
    value
        .parse::<usize>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| {
            Error::Argument(format!(
                "{name} '{value}' is not a whole number in {min}..={max}"
            ))
        })
}

impl Ugi {
    /// Takes a command line as it arrives. `stop` and `quit` act at once on every search
    /// asked for before them, running or waiting. Other commands run in the order they
    /// came, one exception aside: `isready` and `ugi` are answered at once while a search
    /// runs, as long as no later `go` waits (they then refer to that `go`'s search).
    /// Lines after `quit` are ignored. `number` is the line's in the input.
    fn arrive(&mut self, line: &str, number: u64, at: Instant) {
        let line = line.trim();
        if line.is_empty() || self.quitting {
            return;
        }
        let word = first_word(line);
        match word {
            "stop" => {
                self.stopped_before = self.stopped_before.max(number);
                self.stop_search();
                return;
            }
            "quit" => {
                self.quit(number);
                return;
            }
            _ => {}
        }
        if self.waiting.len() >= MAX_WAITING {
            let e = Error::Argument(format!(
                "{MAX_WAITING} commands already wait for the search to end; '{word}' ignored"
            ));
            self.refuse(word, &e);
            return;
        }
        if self.waiting_bytes + line.len() > MAX_WAITING_BYTES {
            let e = Error::Argument(format!(
                "{MAX_WAITING_BYTES} bytes of commands already wait for the search to end; \
                 '{word}' ignored"
            ));
            self.refuse(word, &e);
            return;
        }
        self.waiting_bytes += line.len();
        let go_waits = self.waiting.iter().any(|w| first_word(&w.line) == "go");
        let waiting = Waiting {
            line: line.to_string(),
            number,
            at,
        };
        if is_realtime(word) && !go_waits {
            self.waiting.push_front(waiting);
        } else {
            self.waiting.push_back(waiting);
        }
    }

    /// `quit` (line `number`) or the end of the input: every search asked for before it
    /// stops now; what waits still runs.
    fn quit(&mut self, number: u64) {
        self.quitting = true;
        self.stopped_before = self.stopped_before.max(number);
        self.stop_search();
    }

    /// Raises the running search's stop flag, if a search runs.
    fn stop_search(&self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Writes the error line of `e`, made safe to echo: see [`one_line`].
    fn error(&self, e: &Error) {
        self.out.line(format_args!(
            "info string error {}",
            one_line(&e.to_string())
        ));
    }

    /// Answers a command `word` that failed with `e`: its error line, and for a `go` the
    /// `bestmove none` (CCP: `bestmove 0000`) every `go` is owed.
    fn refuse(&self, word: &str, e: &Error) {
        self.error(e);
        if word == "go" {
            let none = session::no_move(self.config.dialect);
            self.out.line(format_args!("bestmove {none}"));
        }
    }

    /// Runs the waiting commands that can run now: any while no search runs, realtime ones
    /// at the head of the queue while one does.
    fn work(&mut self) {
        while let Some(next) = self.waiting.front() {
            if self.running.is_some() && !is_realtime(first_word(&next.line)) {
                break;
            }
            let Waiting { line, number, at } = self.waiting.pop_front().expect("checked");
            self.waiting_bytes -= line.len();
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Err(e) = self.handle(number, at, words[0], &words[1..]) {
                self.refuse(words[0], &e);
            }
        }
    }

    /// Stops the running search, if any, waits for its best move and takes the session
    /// back.
    fn finish_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            let joined = r.thread.join();
            self.stops.clear();
            match joined {
                Ok(session) => self.session = Some(session),
                Err(_) => {
                    let e = Error::Argument("the search failed; the game is reset".into());
                    self.refuse("go", &e);
                }
            }
        }
    }

    fn identify(&self) {
        let out = &self.out;
        out.line(format_args!("id name halma {}", env!("CARGO_PKG_VERSION")));
        out.line("id author the halma engine authors");
        for option in options::registry(self.config.dialect) {
            out.line(option.line());
        }
        out.line(self.config.dialect.handshake().1);
    }

    /// The session, made for the current configuration if there is none.
    fn session(&mut self) -> Result<&mut Box<dyn Session>, Error> {
        if self.session.is_none() {
            self.session = Some(session::new(&self.config)?);
        }
        Ok(self.session.as_mut().expect("set above"))
    }

    /// Runs command line `number`, read at `at` (anything but `stop` and `quit`).
    fn handle(
        &mut self,
        number: u64,
        at: Instant,
        first: &str,
        args: &[&str],
    ) -> Result<(), Error> {
        let dialect = self.config.dialect;
        match (dialect, first) {
            (_, "isready") => {
                self.out.line("readyok");
            }
            (_, word) if word == dialect.handshake().0 => self.identify(),
            (Dialect::Ccp, "protocol") => {
                self.out.line("protocol ccp 1");
            }
            (_, "setoption") => self.set_option(args)?,
            (Dialect::Ugi, "uginewgame") => {
                self.session()?.new_game();
                self.no_position = None;
            }
            (_, "position") => {
                let result = match dialect {
                    Dialect::Ugi => self.position(args),
                    Dialect::Ccp => self.ccp_position(args),
                };
                self.no_position = result.as_ref().err().map(|e| e.to_string());
                result?
            }
            (_, "go") => self.go(number, at, args)?,
            (Dialect::Ugi, "query") => self.query(args)?,
            (Dialect::Ccp, "analyze") => self.analyze(args)?,
            _ => return Err(Error::Argument(format!("unknown command '{first}'"))),
        }
        Ok(())
    }

    /// An error if the last `position` was refused.
    fn check_position(&self) -> Result<(), Error> {
        match &self.no_position {
            Some(why) => Err(Error::Position(format!(
                "no position: the last 'position' was refused ({why}); send a good \
                 'position'{}",
                match self.config.dialect {
                    Dialect::Ugi => " or 'uginewgame'",
                    Dialect::Ccp => "",
                }
            ))),
            None => Ok(()),
        }
    }

    fn set_option(&mut self, args: &[&str]) -> Result<(), Error> {
        let text = args.join(" ");
        let bad = || Error::Argument(format!("expected 'setoption name X value Y', got '{text}'"));
        let rest = text.strip_prefix("name ").ok_or_else(bad)?;
        let (name, value) = rest.split_once(" value ").ok_or_else(bad)?;
        let (name, value) = (name.trim(), value.trim());
        let mut config = self.config.clone();
        options::set(
            self.config.dialect,
            &mut config,
            &mut self.overhead,
            name,
            value,
        )?;
        if config != self.config {
            // A new game at the start position.
            self.config = config;
            self.session = None;
            self.no_position = None;
        }
        Ok(())
    }

    fn position(&mut self, args: &[&str]) -> Result<(), Error> {
        let split = args
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(args.len());
        let (head, moves) = (&args[..split], args.get(split + 1..).unwrap_or(&[]));
        let fields = match head {
            ["startpos"] => None,
            ["fen", text @ ..] => {
                let text = text.join(" ");
                let (variant, fields) = split_game_text(&text)?;
                if variant != self.config.variant {
                    // The position text brings its rules: a new session for them, kept
                    // only if the position is good.
                    let config = Config {
                        variant,
                        ..self.config.clone()
                    };
                    let mut fresh = session::new(&config)?;
                    fresh.set_position(Some(fields), moves)?;
                    self.config = config;
                    self.session = Some(fresh);
                    return Ok(());
                }
                return self.session()?.set_position(Some(fields), moves);
            }
            _ => {
                return Err(Error::Argument(
                    "expected 'position startpos|fen <position text> [moves …]'".into(),
                ))
            }
        };
        self.session()?.set_position(fields, moves)
    }

    /// CCP's `position startpos` or `position cells <121 chars> player <0|1> ply <N>`.
    fn ccp_position(&mut self, args: &[&str]) -> Result<(), Error> {
        let fields = match args {
            ["startpos"] => None,
            _ => Some(crate::ccp::position_fields(args)?),
        };
        self.session()?.set_position(fields.as_deref(), &[])
    }

    /// CCP's `analyze topk K` (K = 1..=[`crate::ccp::MAX_TOPK`]).
    fn analyze(&mut self, args: &[&str]) -> Result<(), Error> {
        let top = match args {
            ["topk", k] => bounded("topk", k, 1, crate::ccp::MAX_TOPK)?,
            _ => return Err(Error::Argument("expected 'analyze topk <K>'".into())),
        };
        self.check_position()?;
        let out = self.out.clone();
        self.session()?.analyze(top, &out)
    }

    /// Starts the search of `go` line `number` on its own thread, or, if a `stop` or `quit`
    /// came after it, runs it stopped at once.
    fn go(&mut self, number: u64, at: Instant, args: &[&str]) -> Result<(), Error> {
        self.check_position()?;
        let (_, to_move) = self.session()?.state();
        let mut limits = go_limits(args, to_move)?;
        limits.overhead = self.overhead;
        limits.start = Some(at);
        if number < self.stopped_before {
            // Stopped before it starts: answered here and now, so that its `bestmove`
            // comes before the answers to the commands after it.
            limits.stop.store(true, Ordering::Relaxed);
            let out = self.out.clone();
            self.session()?.go(&limits, &out);
            return Ok(());
        }
        let stop = limits.stop.clone();
        let mut session = self.session.take().expect("made above");
        let (done, out) = (self.events.clone(), self.out.clone());
        // The go line's number names its search.
        let id = number;
        self.stops.start(id, &stop);
        let thread = std::thread::spawn(move || {
            session.go(&limits, &out);
            let _ = done.send(Event::Done(id));
            session
        });
        self.running = Some(Running { id, stop, thread });
        Ok(())
    }

    fn query(&mut self, args: &[&str]) -> Result<(), Error> {
        self.check_position()?;
        let (status, to_move) = self.session()?.state();
        let answer = match args {
            ["gameover"] => status.is_over().to_string(),
            ["p1turn"] => (to_move == 0).to_string(),
            ["result"] => match status {
                Status::Ongoing => "none".into(),
                Status::Won(s) => format!("p{}win", s + 1),
                Status::LostByDeadline(s) if self.session()?.sides() == 2 => {
                    format!("p{}win", 2 - s)
                }
                Status::LostByDeadline(s) => format!("p{}loss", s + 1),
                Status::DrawByPasses
                | Status::DrawByRepetition
                | Status::DrawByEqualTurns
                | Status::DrawByPlyCap => "draw".into(),
            },
            _ => {
                return Err(Error::Argument(
                    "expected 'query gameover|p1turn|result'".into(),
                ))
            }
        };
        self.out.line(format_args!("response {answer}"));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::io::Write;
    use std::sync::Mutex;

    /// An output sink the test can read back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// The output of a whole session on `input`.
    fn transcript(input: Vec<u8>) -> String {
        transcript_in(input, Dialect::Ugi)
    }

    /// The output of a whole session on `input` in `dialect`.
    fn transcript_in(input: Vec<u8>, dialect: Dialect) -> String {
        let sink = Shared::default();
        serve(
            std::io::Cursor::new(input),
            Output::new(sink.clone()),
            dialect,
        )
        .unwrap();
        let bytes = sink.0.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    /// Command lines, well-formed and not: the words of the protocol in random order with
    /// random numbers and junk.
    fn command() -> impl Strategy<Value = String> {
        let word = prop_oneof![
            Just("go"),
            Just("stop"),
            Just("isready"),
            Just("ugi"),
            Just("uginewgame"),
            Just("position"),
            Just("startpos"),
            Just("fen"),
            Just("moves"),
            Just("b3-c4"),
            Just("g6-f5"),
            Just("halma8"),
            Just("star-2"),
            Just("setoption"),
            Just("name"),
            Just("value"),
            Just("Rules"),
            Just("Threads"),
            Just("Hash"),
            Just("Engine"),
            Just("mcts"),
            Just("Weight"),
            Just("distance"),
            Just("depth"),
            Just("nodes"),
            Just("movetime"),
            Just("p1time"),
            Just("p2inc"),
            Just("movestogo"),
            Just("infinite"),
            Just("query"),
            Just("result"),
            Just("1"),
            Just("3"),
            Just("0"),
            Just("-5"),
            Just("18446744073709551615"),
            Just("1e308"),
            Just("NaN"),
        ];
        prop_oneof![
            9 => prop::collection::vec(word, 0..8).prop_map(|w| w.join(" ")),
            1 => "[ -~]{0,40}",
        ]
    }

    /// CCP command lines, well-formed and not.
    fn ccp_command() -> impl Strategy<Value = String> {
        let start = format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10));
        let word = prop_oneof![
            Just("go".to_string()),
            Just("stop".to_string()),
            Just("isready".to_string()),
            Just("ccp".to_string()),
            Just("protocol".to_string()),
            Just("position".to_string()),
            Just("startpos".to_string()),
            Just("cells".to_string()),
            Just(start),
            Just("player".to_string()),
            Just("ply".to_string()),
            Just("analyze".to_string()),
            Just("topk".to_string()),
            Just("setoption name Engine value mcts".to_string()),
            Just("setoption name Rules value halma8".to_string()),
            Just("movetime".to_string()),
            Just("nodes".to_string()),
            Just("depth".to_string()),
            Just("wtime".to_string()),
            Just("binc".to_string()),
            Just("infinite".to_string()),
            Just("0".to_string()),
            Just("1".to_string()),
            Just("3".to_string()),
            Just("-2".to_string()),
            Just("18446744073709551616".to_string()),
        ];
        prop_oneof![
            9 => prop::collection::vec(word, 0..8).prop_map(|w| w.join(" ")),
            1 => "[ -~]{0,40}",
        ]
    }

    #[test]
    fn ccp_answers_in_hole_ids() {
        let start = format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10));
        let input = format!(
            "ccp\nprotocol\nisready\nposition cells {start} player 0 ply 0\n\
             analyze topk 3\ngo depth 2\nposition fen halma8\ngo depth 1\nquit\n"
        );
        let out = transcript_in(input.into_bytes(), Dialect::Ccp);
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines.contains(&"ccpok") && lines.contains(&"protocol ccp 1"),
            "{out}"
        );
        assert!(!out.contains("option name Rules"), "{out}");
        let best: Vec<&str> = lines
            .iter()
            .filter(|l| l.starts_with("bestmove"))
            .copied()
            .collect();
        // The first move from the start: a piece of ids 0..10 to a hole of the next rows.
        let first: Vec<usize> = best[0]["bestmove ".len()..]
            .split('-')
            .map(|id| id.parse().unwrap())
            .collect();
        assert!(first[0] < 10 && first[first.len() - 1] >= 10, "{out}");
        // The refused position leaves none to search: CCP's null move.
        assert_eq!(best[1], "bestmove 0000", "{out}");
        assert!(
            lines.iter().any(|l| l.starts_with("analysis {\"value\":")),
            "{out}"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: crate::fuzz_tests::fuzz_support::cases(256),
            ..ProptestConfig::default()
        })]

        /// No command sequence panics or hangs, and each `go` before `quit` gets exactly one
        /// `bestmove` (the end of the input stops every search at once).
        #[test]
        fn any_command_lines_answer_every_go(lines in prop::collection::vec(command(), 0..24)) {
            let upto_quit: Vec<&String> =
                lines.iter().take_while(|l| first_word(l) != "quit").collect();
            let gos = upto_quit.iter().filter(|l| first_word(l) == "go").count();
            let out = transcript(lines.join("\n").into_bytes());
            let bestmoves = out.lines().filter(|l| l.starts_with("bestmove")).count();
            prop_assert_eq!(bestmoves, gos, "{:?} -> {}", lines, out);
        }

        /// The same in CCP.
        #[test]
        fn any_ccp_lines_answer_every_go(lines in prop::collection::vec(ccp_command(), 0..16)) {
            let upto_quit: Vec<&String> =
                lines.iter().take_while(|l| first_word(l) != "quit").collect();
            let gos = upto_quit.iter().filter(|l| first_word(l) == "go").count();
            let out = transcript_in(lines.join("\n").into_bytes(), Dialect::Ccp);
            let bestmoves = out.lines().filter(|l| l.starts_with("bestmove")).count();
            prop_assert_eq!(bestmoves, gos, "{:?} -> {}", lines, out);
        }

        /// Arbitrary bytes are read without a panic.
        #[test]
        fn any_bytes_are_read(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
            transcript(bytes);
        }
    }
}
