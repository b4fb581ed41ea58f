//! `halma perft`: leaf counts of the legal move tree for each depth 1..D, timed, in
//! parallel over the root moves.

use crate::game_args::GameArgs;
use clap::Args;
use halma_engine::perft::perft_divide;
use halma_engine::{with_game, Error, Game};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::time::{Duration, Instant};

/// A depth whose predecessor took longer than this gets a progress bar.
const PROGRESS_AFTER: Duration = Duration::from_millis(50);

/// Arguments of `halma perft`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  halma perft --rules halma8 --depth 4\n  halma perft --rules halma10 --jumps long --depth 3 --divide\n  halma perft --depth 5 --threads 2 --json\n  halma perft --rules embargo --moves \"a3-a8\" --depth 3 --json"
)]
pub struct PerftArgs {
    /// Count to this depth (plies), printing every depth from 1
    #[arg(long, value_name = "D", value_parser = crate::positive)]
    depth: u32,

    /// Also print the count below each root move at the last depth, then the total
    #[arg(long)]
    divide: bool,

    /// Worker threads [default: the number of cores]
    #[arg(long, value_name = "N", value_parser = crate::numbers::threads)]
    threads: Option<u32>,

    /// One JSON object per depth, one per line
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    game: GameArgs,
}

/// One depth's result, as printed with `--json`.
#[derive(Serialize)]
struct DepthReport {
    depth: u32,
    nodes: u64,
    time_ms: f64,
    nps: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideEntry>>,
}

/// The count below one root move.
#[derive(Serialize)]
struct DivideEntry {
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

/// Runs `halma perft`.
pub fn run(args: &PerftArgs) -> Result<(), Error> {
    let game = args.game.resolve()?;
    let (threads, pool) = crate::thread_pool(args.threads)?;
    with_game!(game.variant, P, setup => {
        let pos = game.position::<P>(&setup)?;
        if !args.json {
            println!("position {}", pos.to_text());
            println!("threads  {threads}");
            println!("{:>5} {:>16} {:>12} {:>14}", "depth", "nodes", "time_ms", "leaves/s");
        }
        pool.install(|| count_depths(&pos, args))
    })
}

/// Counts and prints every depth 1..=D; the last one with its divide when asked.
fn count_depths<P: Game>(pos: &P, args: &PerftArgs) -> Result<(), Error> {
    let mut previous = Duration::ZERO;
    for depth in 1..=args.depth {
        let bar = progress_bar(pos, depth, previous >= PROGRESS_AFTER);
        let start = Instant::now();
        let per_move = perft_divide(pos, depth, || bar.inc(1));
        let elapsed = start.elapsed();
        bar.finish_and_clear();
        previous = elapsed;
        let nodes: u64 = per_move.iter().map(|&(_, n)| n).sum();
        let secs = elapsed.as_secs_f64();
        let nps = (nodes as f64 / secs.max(1e-9)) as u64;
        let time_ms = (secs * 1e6).round() / 1e3;
        let divide = (args.divide && depth == args.depth).then(|| {
            let mut entries: Vec<DivideEntry> = per_move
                .iter()
                .map(|&(mv, nodes)| DivideEntry {
                    mv: pos.move_text(mv),
                    nodes,
                })
                .collect();
            entries.sort_by(|a, b| a.mv.cmp(&b.mv));
            entries
        });
        if args.json {
            let report = DepthReport {
                depth,
                nodes,
                time_ms,
                nps,
                divide,
            };
            crate::print_json(&report)?;
        } else {
            println!("{depth:>5} {nodes:>16} {time_ms:>12.3} {nps:>14}");
            if let Some(entries) = divide {
                println!();
                for entry in &entries {
                    println!("{} {}", entry.mv, entry.nodes);
                }
                println!("total {nodes}");
            }
        }
    }
    Ok(())
}

/// A bar over the root moves of one depth on stderr; hidden unless `visible` and stderr is
/// a terminal (indicatif hides it otherwise).
fn progress_bar<P: Game>(pos: &P, depth: u32, visible: bool) -> ProgressBar {
    if !visible {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(pos.count_legal_moves());
    let style = ProgressStyle::with_template(
        "depth {msg} {bar:40} {pos}/{len} root moves, {elapsed_precise}",
    );
    if let Ok(style) = style {
        bar.set_style(style);
    }
    bar.set_message(depth.to_string());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
