//! `halma analyse`: search a position with the alpha-beta or the MCTS searcher, one line per
//! report (alpha-beta: each completed iteration; MCTS: at 1024 playouts, each time they
//! double, and at the end), then the best move. Ctrl-C stops the search and prints the best
//! move so far.

use crate::engine_kind::EngineKind;
use crate::game_args::GameArgs;
use crate::settings::{EngineSettings, SettingArgs};
use clap::Args;
use halma_engine::mcts::{Mcts, RootMove};
use halma_engine::search::{self, Iteration, Limits, Outcome, Score, Searcher};
use halma_engine::{with_game, Error, Game, Move};
use serde::Serialize;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

/// Arguments of `halma analyse`.
#[derive(Args, Debug)]
#[command(
    after_help = "Without --depth, --time or --nodes the search runs until Ctrl-C.\n\
    Examples:\n  halma analyse --rules halma8 --depth 7\n  halma analyse --rules halma16 --time 2 --threads 2 --json\n  halma analyse --moves \"d1-e2 e8-d7\" --multipv 3 --depth 5\n  halma analyse --rules halma16-4 --engine mcts --nodes 20000"
)]
pub struct AnalyseArgs {
    /// The searcher
    #[arg(long, value_name = "ENGINE", value_enum, default_value_t = EngineKind::Alphabeta)]
    engine: EngineKind,

    /// Search to this depth (plies; alphabeta only)
    #[arg(long, value_name = "D", value_parser = crate::numbers::positive)]
    depth: Option<u32>,

    /// Search for this many seconds (a decimal number)
    #[arg(long, value_name = "T", value_parser = seconds)]
    time: Option<Duration>,

    /// Search this many nodes (mcts: playouts)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,

    /// The engine settings (docs/cli.md, "Engine settings")
    #[command(flatten)]
    settings: SettingArgs,

    /// JSON lines: one object per iteration and line, then {"bestmove": ...}
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    game: GameArgs,
}

/// Alpha-beta's default table size for `analyse`, MiB.
const DEFAULT_HASH_MIB: usize = 64;

/// Parses a positive number of seconds, at most [`search::MAX_SECONDS`] (NaN, infinities,
/// zero and negative numbers are refused).
fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|&s| s > 0.0)
        .and_then(crate::numbers::checked_seconds)
        .ok_or_else(|| {
            format!(
                "'{text}' is not a positive number of seconds up to {}",
                search::MAX_SECONDS
            )
        })
}

/// One iteration line, as printed with `--json`.
#[derive(Serialize)]
struct IterationReport {
    depth: u32,
    seldepth: u32,
    multipv: usize,
    /// Centimoves from the side to move's view; ±(30000 − plies) for an exact win/loss;
    /// `null` for an MCTS move that has had no playout (a search stopped at once).
    score: Option<i32>,
    /// Plies to a forced win of the side to move, if proven.
    #[serde(skip_serializing_if = "Option::is_none")]
    win_in: Option<u32>,
    /// Plies to a forced loss of the side to move, if proven.
    #[serde(skip_serializing_if = "Option::is_none")]
    loss_in: Option<u32>,
    nodes: u64,
    nps: u64,
    time_ms: u64,
    hashfull: u32,
    pv: Vec<String>,
    /// MCTS: the line's first move's chance of winning for the side to move (0..=1).
    #[serde(skip_serializing_if = "Option::is_none")]
    win_rate: Option<f32>,
    /// MCTS: playouts through the line's first move.
    #[serde(skip_serializing_if = "Option::is_none")]
    visits: Option<u64>,
}

/// The last line with `--json`.
#[derive(Serialize)]
struct BestMove {
    bestmove: String,
}

/// The searcher `analyse` runs.
enum Analyser {
    /// `--engine alphabeta`.
    AlphaBeta(Searcher),
    /// `--engine mcts`.
    Mcts(Mcts),
}

impl Analyser {
    /// The searcher `args` ask for; an error for an option that means nothing to it.
    fn new(args: &AnalyseArgs) -> Result<Analyser, Error> {
        if let (EngineKind::Mcts, Some(flag)) = (args.engine, args.settings.alphabeta_only()) {
            return Err(Error::Argument(format!(
                "--{flag} is for --engine alphabeta (MCTS has no such setting)"
            )));
        }
        if args.engine == EngineKind::Mcts && args.depth.is_some() {
            return Err(Error::Argument(
                "--depth is for --engine alphabeta: limit the MCTS searcher with --nodes \
                 (playouts) or --time"
                    .into(),
            ));
        }
        let mut defaults = EngineSettings::default();
        if args.engine == EngineKind::Alphabeta {
            defaults.hash = Some(DEFAULT_HASH_MIB);
        }
        let settings = args.settings.apply(defaults)?;
        Ok(match args.engine {
            EngineKind::Alphabeta => Analyser::AlphaBeta(Searcher::new(settings.alphabeta())),
            EngineKind::Mcts => Analyser::Mcts(Mcts::new(settings.mcts())),
        })
    }

    /// Searches `pos`, calling `report` with each report's iteration and, for MCTS, its
    /// root moves (best first, so the i-th line starts with the i-th root move).
    fn search<P: Game>(
        &mut self,
        pos: &P,
        limits: &Limits,
        mut report: impl FnMut(&Iteration, &[RootMove]),
    ) -> Result<Outcome, Error> {
        match self {
            Analyser::AlphaBeta(s) => s.search(pos, limits, |it| report(it, &[])),
            Analyser::Mcts(m) => m.search(pos, limits, |r| report(&r.iteration, &r.root_moves)),
        }
    }
}

/// Runs `halma analyse`.
pub fn run(args: &AnalyseArgs) -> Result<(), Error> {
    let game = args.game.resolve()?;
    let mut analyser = Analyser::new(args)?;
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        move_time: args.time,
        ..Limits::default()
    };
    let stop = limits.stop.clone();
    ctrlc::set_handler(move || stop.store(true, Relaxed))
        .map_err(|e| Error::Argument(format!("cannot catch Ctrl-C: {e}")))?;
    with_game!(game.variant, P, setup => {
        let pos = game.position::<P>(&setup)?;
        analyse(&pos, &limits, &mut analyser, args.json)
    })
}

/// Searches `pos` and prints the report.
fn analyse<P: Game>(
    pos: &P,
    limits: &Limits,
    analyser: &mut Analyser,
    json: bool,
) -> Result<(), Error> {
    let mut failed = None;
    let outcome = analyser.search(pos, limits, |it, root_moves| {
        if let Err(e) = print_iteration(pos, it, root_moves, json) {
            failed.get_or_insert(e);
        }
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    let best = pos.move_text(outcome.best);
    if json {
        crate::output::print_json(&BestMove { bestmove: best })
    } else {
        println!("bestmove {best}");
        Ok(())
    }
}

/// Prints every line of one iteration; `root_moves` (MCTS) give each line's win rate and
/// visits.
fn print_iteration<P: Game>(
    pos: &P,
    it: &Iteration,
    root_moves: &[RootMove],
    json: bool,
) -> Result<(), Error> {
    for (i, line) in it.lines.iter().enumerate() {
        let root_move = root_moves.get(i);
        // An MCTS move no playout went through has no score or win rate, only its 0 visits.
        let unsearched = root_move.is_some_and(|rm| !rm.is_searched());
        let win_rate = root_move.map(|rm| rm.win_rate).filter(|_| !unsearched);
        let visits = root_move.map(|rm| rm.visits);
        let pv: Vec<String> = line.pv.iter().map(|&m: &Move| pos.move_text(m)).collect();
        if json {
            let (score, win_in, loss_in) = match line.score {
                Score::Centimoves(c) => (c, None, None),
                Score::WinIn(n) => (30_000 - n as i32, Some(n), None),
                Score::LossIn(n) => (n as i32 - 30_000, None, Some(n)),
            };
            crate::output::print_json(&IterationReport {
                depth: it.depth,
                seldepth: it.seldepth,
                multipv: i + 1,
                score: (!unsearched).then_some(score),
                win_in,
                loss_in,
                nodes: it.nodes,
                nps: it.nps(),
                time_ms: it.time.as_millis() as u64,
                hashfull: it.hashfull,
                pv,
                win_rate,
                visits,
            })?;
        } else {
            let multipv = if it.lines.len() > 1 {
                format!(" multipv {}", i + 1)
            } else {
                String::new()
            };
            let mcts = match (win_rate, visits) {
                (Some(w), Some(v)) => format!(" winrate {w:.3} visits {v}"),
                (None, Some(v)) => format!(" visits {v}"),
                _ => String::new(),
            };
            let score = if unsearched {
                String::new()
            } else {
                format!(" score {}", line.score)
            };
            println!(
                "depth {} seldepth {}{multipv}{score}{mcts} nodes {} nps {} time {} pv {}",
                it.depth,
                it.seldepth,
                it.nodes,
                it.nps(),
                it.time.as_millis(),
                pv.join(" ")
            );
        }
    }
    Ok(())
}
