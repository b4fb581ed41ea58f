//! `halma ugi`: the engine over UGI, the UCI-derived protocol of game-agnostic front ends
//! (docs/protocol.md has the command set and a transcript).
//!
//! The main thread reads commands; a search runs on its own thread with the game session
//! moved into it, so `stop`, `isready` and `quit` are answered while it thinks. Every bad
//! command gets `info string error …` and changes nothing.

use crate::tournament::referee::error_text;
use halma_engine::eval::Weights;
use halma_engine::notation::{move_text, split_position_text};
use halma_engine::player::{Engine, Report};
use halma_engine::search::{Clock, Limits, MultiPlayer, Score};
use halma_engine::{mcts, search, with_geometry, Error, Geometry, Position, Rules, Setup, Status};
use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// The rules until `setoption name Rules` or a `position fen` says otherwise.
const DEFAULT_RULES: &str = "halma8";
/// Largest hash size accepted, in MiB (the command line's bound).
const MAX_HASH: usize = crate::numbers::MAX_MIB;
/// Most threads accepted (the command line's bound).
const MAX_THREADS: usize = crate::numbers::MAX_THREADS;

/// How the engine is configured (what `setoption` changes).
#[derive(Clone, Debug, PartialEq)]
struct Config {
    rules: Rules,
    mcts: bool,
    /// Hash size in MiB (alpha-beta table, MCTS tree budget); `None`: each engine's own.
    hash: Option<usize>,
    threads: usize,
    multi: MultiPlayer,
    weights: Weights,
}

/// A game in progress on one geometry: the engine and the position.
trait Session: Send {
    /// Sets the position: `fields` of a position text (after its rules) or the start, then
    /// `moves`; on error the position is unchanged.
    fn set_position(&mut self, fields: Option<&str>, moves: &[&str]) -> Result<(), Error>;
    /// Searches, printing `info` lines and the `bestmove` line.
    fn go(&mut self, limits: &Limits);
    /// The status and side to move of the current position.
    fn state(&self) -> (Status, usize);
    /// A new game starts.
    fn new_game(&mut self);
}

/// The [`Session`] of geometry `G`.
struct Game<G: Geometry> {
    engine: Box<dyn Engine<G>>,
    setup: Arc<Setup<G>>,
    pos: Position<G>,
    /// Plies of the engine's scores per move of the side to move: the number of sides, or 2
    /// for best-reply search (one layer of the root side, one of the best reply).
    plies_per_move: u32,
}

/// A session for `config` (start position).
fn session(config: &Config) -> Result<Box<dyn Session>, Error> {
    with_geometry!(config.rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(config.rules)?);
        let engine: Box<dyn Engine<G>> = if config.mcts {
            Box::new(mcts::Mcts::new(mcts::Options {
                threads: config.threads,
                tree_mib: config.hash.unwrap_or(mcts::Options::default().tree_mib),
                weights: config.weights,
                ..mcts::Options::default()
            }))
        } else {
            Box::new(search::Searcher::new(search::Options {
                threads: config.threads,
                hash_mib: config.hash.unwrap_or(search::Options::default().hash_mib),
                multi: config.multi,
                weights: config.weights,
                ..search::Options::default()
            }))
        };
        let pos = Position::start(setup.clone());
        let sides = setup.sides() as u32;
        let best_reply = !config.mcts && config.multi == MultiPlayer::BestReply;
        let plies_per_move = if best_reply { 2 } else { sides };
        Ok(Box::new(Game { engine, setup, pos, plies_per_move }) as Box<dyn Session>)
    })
}

/// The score as UCI writes it: `cp N`, or `mate N` in own moves (negative: being mated),
/// counting `plies_per_move` of the score's plies to a move of the side to move.
fn score_text(score: Score, plies_per_move: u32) -> String {
    match score {
        Score::Centimoves(c) => format!("cp {c}"),
        Score::WinIn(plies) => format!("mate {}", plies.div_ceil(plies_per_move)),
        Score::LossIn(plies) => format!("mate -{}", plies.div_ceil(plies_per_move)),
    }
}

/// One `info` line.
fn info_line<G: Geometry>(r: &Report, plies_per_move: u32) -> String {
    let pv: Vec<String> = r.pv.iter().map(|&m| move_text(G::BOARD, m)).collect();
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        r.depth,
        r.seldepth,
        score_text(r.score, plies_per_move),
        r.nodes,
        r.nps(),
        r.time.as_millis(),
        r.hashfull,
        pv.join(" ")
    )
}

impl<G: Geometry> Session for Game<G> {
    fn set_position(&mut self, fields: Option<&str>, moves: &[&str]) -> Result<(), Error> {
        let mut pos = match fields {
            Some(f) => Position::from_text_fields(self.setup.clone(), f)?,
            None => Position::start(self.setup.clone()),
        };
        for (i, text) in moves.iter().enumerate() {
            let mv = pos.parse_move(text).map_err(|e| {
                let why = error_text(&e);
                Error::Move(format!("move {} of {}: {why}", i + 1, moves.len()))
            })?;
            pos.make(mv);
        }
        self.pos = pos;
        Ok(())
    }

    fn go(&mut self, limits: &Limits) {
        let plies_per_move = self.plies_per_move;
        let result = self.engine.search(&self.pos, limits, &mut |r| {
            println!("{}", info_line::<G>(r, plies_per_move))
        });
        match result {
            Ok(outcome) => println!("bestmove {}", move_text(G::BOARD, outcome.best)),
            Err(e) => {
                println!("info string error {e}");
                println!("bestmove none");
            }
        }
    }

    fn state(&self) -> (Status, usize) {
        (self.pos.status(), self.pos.to_move())
    }

    fn new_game(&mut self) {
        self.engine.new_game();
        self.pos = Position::start(self.setup.clone());
    }
}

/// A search in progress.
struct Running {
    id: u64,
    stop: Arc<AtomicBool>,
    infinite: bool,
    thread: JoinHandle<Box<dyn Session>>,
}

/// What the main loop waits for.
enum Event {
    /// A command line.
    Line(String),
    /// The end of the input.
    Eof,
    /// The search with this number has printed its best move.
    Done(u64),
}

/// The protocol state.
struct Ugi {
    config: Config,
    session: Option<Box<dyn Session>>,
    running: Option<Running>,
    /// Commands waiting their turn (see [`Ugi::arrive`]).
    pending: VecDeque<String>,
    /// Searches started so far.
    searches: u64,
    events: Sender<Event>,
}

/// Runs `halma ugi` on stdin and stdout until `quit`, or the end of the input once the
/// commands before it are done (an infinite search is stopped then).
pub fn run() -> Result<(), Error> {
    let (events, inbox) = mpsc::channel();
    let reader = events.clone();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if reader.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Eof);
    });
    let mut ugi = Ugi {
        config: Config {
            rules: Rules::named(DEFAULT_RULES)?,
            mcts: false,
            hash: None,
            threads: 1,
            multi: MultiPlayer::default(),
            weights: Weights::default(),
        },
        session: None,
        running: None,
        pending: VecDeque::new(),
        searches: 0,
        events,
    };
    let mut eof = false;
    while let Ok(event) = inbox.recv() {
        match event {
            Event::Line(line) => ugi.arrive(line.trim()),
            Event::Eof => eof = true,
            Event::Done(id) => {
                if ugi.running.as_ref().is_some_and(|r| r.id == id) {
                    ugi.finish_search();
                }
            }
        }
        if eof && ugi.pending.is_empty() && ugi.running.as_ref().is_some_and(|r| r.infinite) {
            ugi.finish_search();
        }
        if !ugi.work() {
            break;
        }
        if eof && ugi.running.is_none() && ugi.pending.is_empty() {
            break;
        }
    }
    ugi.finish_search();
    Ok(())
}

/// Commands answered while a search runs.
fn is_realtime(line: &str) -> bool {
    matches!(
        line.split_whitespace().next(),
        Some("isready" | "stop" | "quit" | "ugi")
    )
}

/// Parses a whole number option value within `1..=max`.
fn bounded(value: &str, max: usize) -> Result<usize, Error> {
    value
        .parse::<usize>()
        .ok()
        .filter(|v| (1..=max).contains(v))
        .ok_or_else(|| Error::Argument(format!("'{value}' is not a whole number in 1..={max}")))
}

impl Ugi {
    /// Takes a command line as it arrives. Commands run in the order they came, with one
    /// exception: `isready`, `stop` and `ugi` are answered at once while a search runs, as
    /// long as no later `go` waits in the queue (they refer to the running search);
    /// `quit` too when nothing waits at all.
    fn arrive(&mut self, line: &str) {
        if line.is_empty() {
            return;
        }
        let go_waits = self.pending.iter().any(|l| l.starts_with("go"));
        let jump = is_realtime(line)
            && !go_waits
            && (!line.starts_with("quit") || self.pending.is_empty());
        if jump {
            self.pending.push_front(line.to_string());
        } else {
            self.pending.push_back(line.to_string());
        }
    }

    /// Runs the waiting commands that can run now: any while no search runs, realtime ones
    /// at the head of the queue while one does. False once `quit` has run.
    fn work(&mut self) -> bool {
        while let Some(line) = self.pending.front() {
            if self.running.is_some() && !is_realtime(line) {
                break;
            }
            let line = self.pending.pop_front().expect("checked");
            let words: Vec<&str> = line.split_whitespace().collect();
            if words[0] == "quit" {
                return false;
            }
            if let Err(e) = self.handle(words[0], &words[1..]) {
                println!("info string error {e}");
            }
        }
        true
    }

    /// Stops the running search, if any, and takes the session back.
    fn finish_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            match r.thread.join() {
                Ok(session) => self.session = Some(session),
                Err(_) => println!("info string error the search failed; the game is reset"),
            }
        }
    }

    fn identify(&self) {
        println!("id name halma {}", env!("CARGO_PKG_VERSION"));
        println!("id author the halma engine authors");
        println!("option name Rules type string default {DEFAULT_RULES}");
        println!("option name Engine type combo default alphabeta var alphabeta var mcts");
        println!(
            "option name Hash type spin default {} min 1 max {MAX_HASH}",
            search::Options::default().hash_mib
        );
        println!("option name Threads type spin default 1 min 1 max {MAX_THREADS}");
        println!(
            "option name MultiPlayer type combo default {} var {}",
            MultiPlayer::default(),
            MultiPlayer::NAMES.join(" var ")
        );
        for (name, value) in Weights::default().entries() {
            println!("option name Weight {name} type spin default {value} min -100000 max 100000");
        }
        println!("ugiok");
    }

    /// The session, made for the current configuration if there is none.
    fn session(&mut self) -> Result<&mut Box<dyn Session>, Error> {
        if self.session.is_none() {
            self.session = Some(session(&self.config)?);
        }
        Ok(self.session.as_mut().expect("set above"))
    }

    /// Runs one command (anything but `quit`).
    fn handle(&mut self, first: &str, args: &[&str]) -> Result<(), Error> {
        match first {
            "isready" => println!("readyok"),
            "stop" => self.finish_search(),
            "ugi" => self.identify(),
            "setoption" => self.set_option(args)?,
            "uginewgame" => self.session()?.new_game(),
            "position" => self.position(args)?,
            "go" => self.go(args)?,
            "query" => self.query(args)?,
            _ => return Err(Error::Argument(format!("unknown command '{first}'"))),
        }
        Ok(())
    }

    fn set_option(&mut self, args: &[&str]) -> Result<(), Error> {
        let text = args.join(" ");
        let bad = || Error::Argument(format!("expected 'setoption name X value Y', got '{text}'"));
        let rest = text.strip_prefix("name ").ok_or_else(bad)?;
        let (name, value) = rest.split_once(" value ").ok_or_else(bad)?;
        let (name, value) = (name.trim(), value.trim());
        let mut config = self.config.clone();
        match name.to_ascii_lowercase().as_str() {
            "rules" => config.rules = Rules::parse(value)?,
            "engine" => {
                config.mcts = match value {
                    "alphabeta" => false,
                    "mcts" => true,
                    _ => {
                        return Err(Error::Argument(format!(
                            "Engine '{value}': alphabeta or mcts"
                        )))
                    }
                }
            }
            "hash" => {
                let mb = bounded(value, MAX_HASH)?;
                crate::allocatable(mb).map_err(Error::Argument)?;
                config.hash = Some(mb);
            }
            "threads" => config.threads = bounded(value, MAX_THREADS)?,
            "multiplayer" => config.multi = value.parse()?,
            lower => {
                let weight = lower
                    .strip_prefix("weight ")
                    .ok_or_else(|| Error::Argument(format!("unknown option '{name}'")))?;
                let v: i32 = value
                    .parse()
                    .map_err(|_| Error::Argument(format!("'{value}' is not an integer")))?;
                config.weights.set(weight.trim(), v)?;
            }
        }
        if config != self.config {
            self.config = config;
            self.session = None;
        }
        Ok(())
    }

    fn position(&mut self, args: &[&str]) -> Result<(), Error> {
        let split = args
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(args.len());
        let (head, moves) = (&args[..split], args.get(split + 1..).unwrap_or(&[]));
        let text = head[1..].join(" ");
        let fields = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") => {
                let (rules, fields) = split_position_text(&text)?;
                if rules != self.config.rules {
                    // The position text brings its rules: a new session for them, kept
                    // only if the position is good.
                    let config = Config {
                        rules,
                        ..self.config.clone()
                    };
                    let mut fresh = session(&config)?;
                    fresh.set_position(Some(fields), moves)?;
                    self.config = config;
                    self.session = Some(fresh);
                    return Ok(());
                }
                Some(fields)
            }
            _ => {
                return Err(Error::Argument(
                    "expected 'position startpos|fen <position text> [moves …]'".into(),
                ))
            }
        };
        self.session()?.set_position(fields, moves)
    }

    fn go(&mut self, args: &[&str]) -> Result<(), Error> {
        let (_, to_move) = self.session()?.state();
        let limits = go_limits(args, to_move)?;
        let (stop, infinite) = (limits.stop.clone(), limits.is_infinite());
        let mut session = self.session.take().expect("made above");
        let done = self.events.clone();
        self.searches += 1;
        let id = self.searches;
        let thread = std::thread::spawn(move || {
            session.go(&limits);
            let _ = done.send(Event::Done(id));
            session
        });
        self.running = Some(Running {
            id,
            stop,
            infinite,
            thread,
        });
        Ok(())
    }

    fn query(&mut self, args: &[&str]) -> Result<(), Error> {
        let (status, to_move) = self.session()?.state();
        let answer = match args {
            ["gameover"] => status.is_over().to_string(),
            ["p1turn"] => (to_move == 0).to_string(),
            ["result"] => match status {
                Status::Ongoing => "none".into(),
                Status::Won(s) => format!("p{}win", s + 1),
                Status::LostByDeadline(s) if self.config.rules.players == 2 => {
                    format!("p{}win", 2 - s)
                }
                Status::LostByDeadline(s) => format!("p{}loss", s + 1),
                Status::DrawByPasses | Status::DrawByRepetition => "draw".into(),
            },
            _ => {
                return Err(Error::Argument(
                    "expected 'query gameover|p1turn|result'".into(),
                ))
            }
        };
        println!("response {answer}");
        Ok(())
    }
}

/// The limits of `go` arguments, side `to_move` (0-based) to move.
fn go_limits(args: &[&str], to_move: usize) -> Result<Limits, Error> {
    let mut limits = Limits::default();
    let mut clock = Clock {
        time_left: Duration::ZERO,
        increment: Duration::ZERO,
        moves_to_go: None,
    };
    let mut timed = false;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        if key == "infinite" {
            i += 1;
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| Error::Argument(format!("go: '{key}' needs a value")))?;
        let number: u64 = value
            .parse()
            .map_err(|_| Error::Argument(format!("go: {key} '{value}' is not a whole number")))?;
        let ms = Duration::from_millis(number);
        let side_field = |suffix: &str| -> Option<usize> {
            let n = key.strip_prefix('p')?.strip_suffix(suffix)?;
            n.parse::<usize>().ok().filter(|&n| n >= 1).map(|n| n - 1)
        };
        match key {
            "movetime" => limits.move_time = Some(ms),
            "depth" => limits.depth = Some(number.clamp(1, u32::MAX as u64) as u32),
            "nodes" => limits.nodes = Some(number),
            "movestogo" => clock.moves_to_go = Some(number.clamp(1, u32::MAX as u64) as u32),
            _ => match (side_field("time"), side_field("inc")) {
                (Some(side), _) => {
                    if side == to_move {
                        clock.time_left = ms;
                        timed = true;
                    }
                }
                (_, Some(side)) => {
                    if side == to_move {
                        clock.increment = ms;
                    }
                }
                _ => return Err(Error::Argument(format!("go: unknown parameter '{key}'"))),
            },
        }
        i += 2;
    }
    if timed {
        limits.clock = Some(clock);
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_the_movers_clock_and_the_limits() {
        let limits = go_limits(&["p1time", "1000", "p2time", "2000", "p2inc", "50"], 1).unwrap();
        let clock = limits.clock.unwrap();
        assert_eq!(clock.time_left, Duration::from_millis(2000));
        assert_eq!(clock.increment, Duration::from_millis(50));
        let limits = go_limits(&["depth", "3", "nodes", "900"], 0).unwrap();
        assert_eq!((limits.depth, limits.nodes), (Some(3), Some(900)));
        assert!(go_limits(&["infinite"], 0).unwrap().is_infinite());
        assert!(go_limits(&["depth"], 0).is_err());
        assert!(go_limits(&["depth", "x"], 0).is_err());
        assert!(go_limits(&["warp", "9"], 0).is_err());
    }

    #[test]
    fn mate_scores_count_own_moves() {
        assert_eq!(score_text(Score::WinIn(1), 2), "mate 1");
        assert_eq!(score_text(Score::WinIn(3), 2), "mate 2");
        assert_eq!(score_text(Score::LossIn(2), 2), "mate -1");
        assert_eq!(score_text(Score::Centimoves(-40), 2), "cp -40");
        // Paranoid search with four sides: a win on the 5th ply is the side's 2nd move, a
        // loss on the 2nd ply comes after its 1st.
        assert_eq!(score_text(Score::WinIn(5), 4), "mate 2");
        assert_eq!(score_text(Score::LossIn(2), 4), "mate -1");
    }
}
