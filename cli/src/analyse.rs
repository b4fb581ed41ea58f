//! `halma analyse`: search a position with the alpha-beta searcher, one line per completed
//! iteration, then the best move. Ctrl-C stops the search and prints the best move so far.

use crate::game_args::GameArgs;
use clap::Args;
use halma_engine::eval::Weights;
use halma_engine::notation::move_text;
use halma_engine::search::{Iteration, Limits, Options, Score, Searcher};
use halma_engine::{with_geometry, Board, Error, Geometry, Move, Position};
use serde::Serialize;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

/// Arguments of `halma analyse`.
#[derive(Args, Debug)]
#[command(
    after_help = "Without --depth, --time or --nodes the search runs until Ctrl-C.\n\
    Examples:\n  halma analyse --rules halma8 --depth 7\n  halma analyse --rules halma16 --time 2 --threads 2 --json\n  halma analyse --moves \"d1-e2 e8-d7\" --multipv 3 --depth 5"
)]
pub struct AnalyseArgs {
    /// Search to this depth (plies)
    #[arg(long, value_name = "D", value_parser = crate::positive)]
    depth: Option<u32>,

    /// Search for this many seconds (a decimal number)
    #[arg(long, value_name = "T", value_parser = seconds)]
    time: Option<Duration>,

    /// Search this many nodes
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,

    /// Search threads (lazy SMP)
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = crate::positive)]
    threads: u32,

    /// Transposition table size in MiB
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = crate::positive)]
    hash: u32,

    /// Report the K best root moves
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = crate::positive)]
    multipv: u32,

    /// Set an evaluation weight, NAME=VALUE (repeatable; names: see docs/cli.md)
    #[arg(long = "eval-weight", value_name = "NAME=VALUE")]
    eval_weight: Vec<String>,

    /// JSON lines: one object per iteration and line, then {"bestmove": ...}
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    game: GameArgs,
}

/// Parses a positive number of seconds.
fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("'{text}' is not a positive number of seconds")),
    }
}

/// One iteration line, as printed with `--json`.
#[derive(Serialize)]
struct IterationReport {
    depth: u32,
    seldepth: u32,
    multipv: usize,
    /// Centimoves from the side to move's view; ±(30000 − plies) for an exact win/loss.
    score: i32,
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
}

/// The last line with `--json`.
#[derive(Serialize)]
struct BestMove {
    bestmove: String,
}

/// Runs `halma analyse`.
pub fn run(args: &AnalyseArgs) -> Result<(), Error> {
    let game = args.game.resolve()?;
    let mut weights = Weights::default();
    for w in &args.eval_weight {
        weights.apply(w)?;
    }
    let options = Options {
        threads: args.threads as usize,
        hash_mib: args.hash as usize,
        multipv: args.multipv as usize,
        weights,
        ..Options::default()
    };
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        move_time: args.time,
        ..Limits::default()
    };
    let stop = limits.stop.clone();
    ctrlc::set_handler(move || stop.store(true, Relaxed))
        .map_err(|e| Error::Argument(format!("cannot catch Ctrl-C: {e}")))?;
    with_geometry!(game.rules.board, G => {
        let pos = game.position::<G>()?;
        analyse(&pos, &limits, options, args.json)
    })
}

/// Searches `pos` and prints the report.
fn analyse<G: Geometry>(
    pos: &Position<G>,
    limits: &Limits,
    options: Options,
    json: bool,
) -> Result<(), Error> {
    let mut searcher = Searcher::new(options);
    let mut failed = None;
    let outcome = searcher.search(pos, limits, |it| {
        if let Err(e) = print_iteration(G::BOARD, it, json) {
            failed.get_or_insert(e);
        }
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    let best = move_text(G::BOARD, outcome.best);
    if json {
        crate::print_json(&BestMove { bestmove: best })
    } else {
        println!("bestmove {best}");
        Ok(())
    }
}

/// Prints every line of one iteration.
fn print_iteration(board: Board, it: &Iteration, json: bool) -> Result<(), Error> {
    for (i, line) in it.lines.iter().enumerate() {
        let pv: Vec<String> = line
            .pv
            .iter()
            .map(|&m: &Move| move_text(board, m))
            .collect();
        if json {
            let (score, win_in, loss_in) = match line.score {
                Score::Centimoves(c) => (c, None, None),
                Score::WinIn(n) => (30_000 - n as i32, Some(n), None),
                Score::LossIn(n) => (n as i32 - 30_000, None, Some(n)),
            };
            crate::print_json(&IterationReport {
                depth: it.depth,
                seldepth: it.seldepth,
                multipv: i + 1,
                score,
                win_in,
                loss_in,
                nodes: it.nodes,
                nps: it.nps(),
                time_ms: it.time.as_millis() as u64,
                hashfull: it.hashfull,
                pv,
            })?;
        } else {
            let multipv = if it.lines.len() > 1 {
                format!(" multipv {}", i + 1)
            } else {
                String::new()
            };
            println!(
                "depth {} seldepth {}{multipv} score {} nodes {} nps {} time {} pv {}",
                it.depth,
                it.seldepth,
                line.score,
                it.nodes,
                it.nps(),
                it.time.as_millis(),
                pv.join(" ")
            );
        }
    }
    Ok(())
}
