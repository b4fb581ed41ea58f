//! `halma bench`: a fixed-depth, one-thread search of every position of the bench suite
//! (`positions/bench/*.txt`, lines `label ; position text`). The total node count is
//! deterministic: it is the search's signature, and changes whenever the search does.

use clap::Args;
use halma_engine::notation::split_position_text;
use halma_engine::search::{nps, Limits, Options, Searcher};
use halma_engine::{with_geometry, Error, Position, Setup};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `halma bench`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  halma bench\n  halma bench --depth 5")]
pub struct BenchArgs {
    /// Search every position to this depth (plies)
    #[arg(long, value_name = "D", default_value_t = 4, value_parser = crate::positive)]
    depth: u32,

    /// The directory of the suite (every *.txt file in it, in name order)
    #[arg(long, value_name = "DIR", default_value = "positions/bench")]
    dir: PathBuf,
}

/// Runs `halma bench`.
pub fn run(args: &BenchArgs) -> Result<(), Error> {
    let bad_dir = |e: std::io::Error| {
        Error::Argument(format!(
            "cannot read the bench suite {}: {e}",
            args.dir.display()
        ))
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&args.dir)
        .map_err(bad_dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(Error::Argument(format!(
            "no *.txt files in {}",
            args.dir.display()
        )));
    }
    let (mut nodes, mut time, mut count) = (0u64, Duration::ZERO, 0usize);
    println!(
        "{:<12} {:>9} {:>12} {:>9} {:>10}",
        "suite", "positions", "nodes", "time_ms", "nps"
    );
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(bad_dir)?;
        let name = file
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into());
        let (mut n, mut t, mut c) = (0u64, Duration::ZERO, 0usize);
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let where_ = || format!("{}:{}", file.display(), i + 1);
            let (_, position) = line.split_once(';').ok_or_else(|| {
                Error::Position(format!("{}: expected 'label ; position text'", where_()))
            })?;
            let (nodes, time) = bench_position(position, args.depth)
                .map_err(|e| Error::Position(format!("{}: {e}", where_())))?;
            n += nodes;
            t += time;
            c += 1;
        }
        println!(
            "{name:<12} {c:>9} {n:>12} {:>9} {:>10}",
            t.as_millis(),
            nps(n, t)
        );
        (nodes, time, count) = (nodes + n, time + t, count + c);
    }
    println!(
        "{:<12} {count:>9} {nodes:>12} {:>9} {:>10}",
        "total",
        time.as_millis(),
        nps(nodes, time)
    );
    println!("nodes {nodes} nps {}", nps(nodes, time));
    Ok(())
}

/// Searches one position text to `depth` with a fresh one-thread searcher.
fn bench_position(text: &str, depth: u32) -> Result<(u64, Duration), Error> {
    let (rules, fields) = split_position_text(text)?;
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules)?);
        let pos = Position::<G>::from_text_fields(setup, fields)?;
        let mut searcher = Searcher::new(Options::default());
        let out = searcher.search(&pos, &Limits::depth(depth), |_| {})?;
        Ok((out.nodes, out.time))
    })
}
