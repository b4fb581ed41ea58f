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
//!
//! The modules: [`reader`] (the input thread and the early stops), [`queue`] (the commands
//! that wait for a search), [`commands`] (what each command does), [`options`] (the
//! configuration and the registry of options), [`engine_choice`] (`Engine`), [`go`] (the
//! `go` limits), [`session`] (the game and engine of one game), [`output`] (the lines
//! written); this module holds the command loop.

mod commands;
mod engine_choice;
mod go;
mod options;
mod output;
mod queue;
mod reader;
mod session;
#[cfg(test)]
mod tests;

pub use crate::dialect::Dialect;
use engine_choice::EngineChoice;
use halma_engine::games::Variant;
use halma_engine::search::DEFAULT_MOVE_OVERHEAD;
use halma_engine::Error;
use options::{default_settings, Config, DEFAULT_RULES};
use output::one_line;
pub use output::{Output, MAX_ERROR_CHARS};
use queue::Waiting;
pub use queue::{MAX_WAITING, MAX_WAITING_BYTES};
use reader::{read_commands, Event, Stops};
pub use reader::{MAX_LINE, MAX_UNREAD_LINES};
use session::Session;
use std::collections::VecDeque;
use std::io::Read;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// A search in progress.
struct Running {
    /// The number of the `go` line that asked for it.
    id: u64,
    stop: Arc<AtomicBool>,
    thread: JoinHandle<Box<dyn Session>>,
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

impl Ugi {
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
}
