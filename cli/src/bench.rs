//! `halma bench`: a fixed-size, one-thread search of every position of the bench suite
//! (each game's [`GameInfo::bench`] from the registry, built into the binary from
//! `positions/bench/<game>.txt`; or the `*.txt` files of `--dir`; lines `label ; position
//! text`): alpha-beta to a fixed depth, or MCTS for a fixed number of playouts. The total node count is deterministic: it is the
//! search's signature, and changes whenever the search does.

use crate::engine_kind::EngineKind;
use crate::settings::{EngineSettings, SettingArgs};
use crate::text_file::Limits as FileLimits;
use clap::Args;
use halma_engine::game::{ensure_ongoing, GameRules};
use halma_engine::games::all_games;
use halma_engine::games::split_game_text;
use halma_engine::mcts::Mcts;
use halma_engine::player::Engine;
use halma_engine::position_files::{bench_lines, BenchLine};
use halma_engine::search::{nps, Limits, Searcher};
use halma_engine::{with_game, Error};
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `halma bench`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  halma bench\n  halma bench --depth 5\n  halma bench --engine mcts --playouts 2000"
)]
pub struct BenchArgs {
    /// The searcher
    #[arg(long, value_name = "ENGINE", value_enum, default_value_t = EngineKind::Alphabeta)]
    engine: EngineKind,

    /// Search every position to this depth (plies; alphabeta only) [default: 4]
    #[arg(long, value_name = "D", value_parser = crate::numbers::positive)]
    depth: Option<u32>,

    /// Search every position for this many playouts (mcts only) [default: 1000]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    playouts: Option<u64>,

    /// The engine settings (docs/cli.md, "Engine settings"); without them, the searcher's
    /// defaults on one thread, whose node count is the bench signature
    #[command(flatten)]
    settings: SettingArgs,

    /// A directory of bench files to search instead of the built-in suite (every *.txt
    /// file in it, in name order) [default: the built-in suite, positions/bench/ of the
    /// source tree]
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Alpha-beta's default depth.
const DEFAULT_DEPTH: u32 = 4;
/// MCTS's default playouts per position.
const DEFAULT_PLAYOUTS: u64 = 1000;

/// The limit of every position's search; an error for a limit the engine does not take.
fn limits(args: &BenchArgs) -> Result<Limits, Error> {
    match (args.engine, args.depth, args.playouts) {
        (EngineKind::Alphabeta, _, Some(_)) => Err(Error::Argument(
            "--playouts is for --engine mcts: give alphabeta a --depth".into(),
        )),
        (EngineKind::Mcts, Some(_), _) => Err(Error::Argument(
            "--depth is for --engine alphabeta: give mcts a number of --playouts".into(),
        )),
        (EngineKind::Alphabeta, depth, None) => Ok(Limits::depth(depth.unwrap_or(DEFAULT_DEPTH))),
        (EngineKind::Mcts, None, playouts) => Ok(Limits {
            nodes: Some(playouts.unwrap_or(DEFAULT_PLAYOUTS)),
            ..Limits::default()
        }),
    }
}

/// Runs `halma bench`.
pub fn run(args: &BenchArgs) -> Result<(), Error> {
    let limits = limits(args)?;
    if let (EngineKind::Mcts, Some(flag)) = (args.engine, args.settings.alphabeta_only()) {
        return Err(Error::Argument(format!(
            "--{flag} is for --engine alphabeta (MCTS has no such setting)"
        )));
    }
    let settings = args.settings.apply(EngineSettings::default())?;
    let (unit, rate) = match args.engine {
        EngineKind::Alphabeta => ("nodes", "nps"),
        EngineKind::Mcts => ("playouts", "playouts/s"),
    };
    let suites = match &args.dir {
        Some(dir) => read_suites(dir)?,
        None => built_in_suites(),
    };
    check(&suites)?;
    let (mut nodes, mut time, mut count) = (0u64, Duration::ZERO, 0usize);
    println!(
        "{:<15} {:>9} {unit:>12} {:>9} {rate:>10}",
        "suite", "positions", "time_ms"
    );
    for suite in &suites {
        let (mut n, mut t, mut c) = (0u64, Duration::ZERO, 0usize);
        for line in suite.lines() {
            let line = line?;
            let (nodes, time) = bench_position(line.text, args.engine, &settings, &limits)
                .map_err(|e| suite.at(&line, e))?;
            n += nodes;
            t += time;
            c += 1;
        }
        let name = &suite.name;
        println!(
            "{name:<15} {c:>9} {n:>12} {:>9} {:>10}",
            t.as_millis(),
            nps(n, t)
        );
        (nodes, time, count) = (nodes + n, time + t, count + c);
    }
    println!(
        "{:<15} {count:>9} {nodes:>12} {:>9} {:>10}",
        "total",
        time.as_millis(),
        nps(nodes, time)
    );
    println!("{unit} {nodes} {rate} {}", nps(nodes, time));
    Ok(())
}

/// One file of the bench suite: its name (a row of the report), where it comes from (for
/// errors) and its lines.
struct Suite {
    name: String,
    source: String,
    text: Cow<'static, str>,
}

impl Suite {
    /// The positions of the file, a line not `label ; position text` an error naming the
    /// file and the line.
    fn lines(&self) -> impl Iterator<Item = Result<BenchLine<'_>, Error>> {
        bench_lines(&self.text).map(|line| {
            line.map_err(|e| Error::Position(format!("{} {}", self.source, e.message())))
        })
    }

    /// `e`, the error of `line`'s position, with the file and the line before it.
    fn at(&self, line: &BenchLine, e: Error) -> Error {
        Error::Position(format!("{} line {}: {e}", self.source, line.number))
    }
}

/// Reads every line of every suite and its position (an ongoing game) before any search,
/// so that a bad line is refused at once, with nothing printed.
fn check(suites: &[Suite]) -> Result<(), Error> {
    for suite in suites {
        for line in suite.lines() {
            let line = line?;
            let ongoing = || {
                let (variant, fields) = split_game_text(line.text)?;
                with_game!(variant, P, setup => {
                    ensure_ongoing(&<P as GameRules>::from_text_fields(&setup, fields)?)
                })
            };
            ongoing().map_err(|e| suite.at(&line, e))?;
        }
    }
    Ok(())
}

/// The built-in suite: the bench positions of every game of the registry that has some, in
/// the registry's order.
fn built_in_suites() -> Vec<Suite> {
    all_games()
        .filter(|info| !info.bench.is_empty())
        .map(|info| Suite {
            name: info.name.to_string(),
            source: format!("positions/bench/{}.txt", info.name),
            text: Cow::Borrowed(info.bench),
        })
        .collect()
}

/// The bench files of `dir`: every `*.txt` in name order, each read within
/// [`LIMITS`].
fn read_suites(dir: &Path) -> Result<Vec<Suite>, Error> {
    let bad_dir = |e: std::io::Error| {
        Error::Argument(format!(
            "cannot read the bench suite {}: {e}",
            dir.display()
        ))
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(bad_dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(Error::Argument(format!(
            "no *.txt files in {}",
            dir.display()
        )));
    }
    files
        .iter()
        .map(|file| {
            let text = crate::text_file::read(file, LIMITS)
                .map_err(|e| Error::Argument(format!("--dir {}", e.message())))?;
            Ok(Suite {
                name: file
                    .file_stem()
                    .map_or_else(String::new, |s| s.to_string_lossy().into()),
                source: file.display().to_string(),
                text: Cow::Owned(text),
            })
        })
        .collect()
}

/// The bounds of reading a bench file: a few thousand position texts fit many times over.
const LIMITS: FileLimits = FileLimits {
    max_bytes: 16 << 20,
    max_line: 64 << 10,
    what: "a bench file",
};

/// Searches one position text within `limits` with a fresh searcher of `kind` set up by
/// `settings`: the nodes (playouts) searched and the time taken.
fn bench_position(
    text: &str,
    kind: EngineKind,
    settings: &EngineSettings,
    limits: &Limits,
) -> Result<(u64, Duration), Error> {
    let (variant, fields) = split_game_text(text)?;
    with_game!(variant, P, setup => {
        let pos = <P as GameRules>::from_text_fields(&setup, fields)?;
        let mut engine: Box<dyn Engine<P>> = match kind {
            EngineKind::Alphabeta => Box::new(Searcher::new(settings.alphabeta())),
            EngineKind::Mcts => Box::new(Mcts::new(settings.mcts())),
        };
        let out = engine.search(&pos, limits, &mut |_| {})?;
        Ok((out.nodes, out.time))
    })
}
