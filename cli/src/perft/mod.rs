//! `halma perft`: leaf counts of the legal move tree for each depth 1..D, timed, in
//! parallel over the root moves; with `--shard K/N` one part of a split count, and `halma
//! perft merge` to add the parts ([`parts`]).

mod parts;

use crate::game_args::GameArgs;
use crate::shard::Shard;
use clap::{Args, Subcommand};
use halma_engine::game::GameRules;
use halma_engine::perft::perft_divide;
use halma_engine::{with_game, Error, Game};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Deepest `--depth`: far beyond any count that ends (or fits in 64 bits), and small
/// enough that the move lists of one line (one a ply) and its recursion stay small.
pub const MAX_DEPTH: u32 = 1000;

/// Parses `--depth`: 1 to [`MAX_DEPTH`].
fn depth(text: &str) -> Result<u32, String> {
    crate::numbers::whole(text, MAX_DEPTH.into()).map(|n| n as u32)
}

/// A depth whose predecessor took longer than this gets a progress bar.
const PROGRESS_AFTER: Duration = Duration::from_millis(50);

/// Arguments of `halma perft`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  halma perft --rules halma8 --depth 4\n  halma perft --rules halma10 --jumps long --depth 3 --divide\n  halma perft --depth 5 --threads 2 --json\n  halma perft --rules embargo --moves \"a3-a8\" --depth 3 --json\n  halma perft --rules halma8 --depth 5 --shard 1/4 > part-1.json\n  halma perft merge part-*.json\nDocs: docs/distributed.md (split counts)",
    subcommand_negates_reqs = true,
    args_conflicts_with_subcommands = true
)]
pub struct PerftArgs {
    #[command(subcommand)]
    action: Option<PerftAction>,

    /// Count to this depth (plies, at most 1000), printing every depth from 1
    #[arg(long, value_name = "D", value_parser = depth, required = true)]
    depth: Option<u32>,

    /// Count only shard K (from 0) of N of the last depth: the move sequences of
    /// --split-depth plies, sorted, the i-th to shard i mod N; prints one JSON part for
    /// `halma perft merge`
    #[arg(long, value_name = "K/N", value_parser = crate::shard::parse, conflicts_with = "divide")]
    shard: Option<Shard>,

    /// The plies of the move sequences a --shard split deals out (1: the root moves), at
    /// most 4
    #[arg(long, value_name = "D", default_value_t = 1, requires = "shard",
          value_parser = parts::split_depth)]
    split_depth: u32,

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

/// What `halma perft` does besides counting.
#[derive(Subcommand, Debug)]
enum PerftAction {
    /// Add the parts of a count split with --shard: all N shards, each exactly once
    Merge(MergeArgs),
}

/// Arguments of `halma perft merge`.
#[derive(Args, Debug)]
#[command(
    after_help = "Example:\n  halma perft merge part-0.json part-1.json part-2.json part-3.json\n\
    Docs: docs/distributed.md"
)]
struct MergeArgs {
    /// The part files (each one line of JSON written by `halma perft --shard K/N`)
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,

    /// Print the merged count as one JSON object
    #[arg(long)]
    json: bool,
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
    if let Some(PerftAction::Merge(merge)) = &args.action {
        return run_merge(merge);
    }
    // clap requires --depth without a subcommand.
    let depth = args.depth.unwrap_or(1);
    let game = args.game.resolve()?;
    let (threads, pool) = crate::threads::thread_pool(args.threads)?;
    with_game!(game.variant, P, setup => {
        let pos = game.position::<P>(&setup)?;
        if let Some(shard) = args.shard {
            let part = pool.install(|| {
                parts::count_part(&pos, depth, args.split_depth, shard)
            })?;
            return crate::output::print_json(&part);
        }
        if !args.json {
            println!("position {}", pos.to_text());
            println!("threads  {threads}");
            println!("{:>5} {:>16} {:>12} {:>14}", "depth", "nodes", "time_ms", "leaves/s");
        }
        pool.install(|| count_depths(&pos, depth, args))
    })
}

/// Runs `halma perft merge`.
fn run_merge(args: &MergeArgs) -> Result<(), Error> {
    let merged = parts::merge(&args.files)?;
    if args.json {
        return crate::output::print_json(&merged);
    }
    crate::output::out(format_args!(
        "position {}\ndepth    {}\nshards   {} (split at {} plies: {} move sequences)\n\
         nodes    {}\ntime_ms  {:.3} (the shards' times added)\n",
        merged.position,
        merged.depth,
        merged.shards,
        merged.split_depth,
        merged.prefixes,
        merged.nodes,
        merged.time_ms
    ));
    Ok(())
}

/// Counts and prints every depth 1..=D; the last one with its divide when asked.
fn count_depths<P: Game>(pos: &P, last: u32, args: &PerftArgs) -> Result<(), Error> {
    let mut previous = Duration::ZERO;
    for depth in 1..=last {
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
        let divide = (args.divide && depth == last).then(|| {
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
            crate::output::print_json(&report)?;
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
