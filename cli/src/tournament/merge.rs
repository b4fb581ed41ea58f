//! `halma tournament merge FILE…`: the record files of a tournament's shards read as one
//! tournament: the table, Elo with its interval, the pentanomial pairs and the SPRT verdict
//! over all their games, as the single-machine run reports them. Every file must be
//! complete and of the same schedule, and every game of it once (docs/distributed.md).

use super::record::{parse_file, GameRecord, Header};
use super::stats::Sprt;
use super::{report, sprt_of, Summary};
use clap::Args;
use halma_engine::Error;
use std::collections::BTreeMap;
use std::io::Read;
use std::path::PathBuf;

/// Largest record file the merge reads, in bytes (a million games of a few hundred plies).
const MAX_RECORD_BYTES: u64 = 4 << 30;

/// Arguments of `halma tournament merge`.
#[derive(Args, Debug)]
#[command(
    after_help = "Example:\n  halma tournament merge shard-0.games shard-1.games \
    shard-2.games shard-3.games\nDocs: docs/distributed.md"
)]
pub struct MergeArgs {
    /// The shards' record files
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,

    /// Print the standings as one JSON object
    #[arg(long)]
    json: bool,
}

/// One record file, read whole: its header and games.
fn read(path: &PathBuf) -> Result<(Header, Vec<GameRecord>), Error> {
    let name = path.display();
    let io = |e: std::io::Error| Error::Argument(format!("{name}: {e}"));
    let mut text = String::new();
    std::fs::File::open(path)
        .map_err(io)?
        .take(MAX_RECORD_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(io)?;
    if text.len() as u64 > MAX_RECORD_BYTES {
        return Err(Error::Argument(format!(
            "{name}: larger than any record file ({MAX_RECORD_BYTES} bytes at most)"
        )));
    }
    let file = parse_file(&text).map_err(|e| Error::Argument(format!("{name}: {e}")))?;
    if let Some(line) = file.torn {
        return Err(Error::Argument(format!(
            "{name} is truncated: the block at line {line} is cut short (a shard still \
             running, or a copy cut off): let the shard finish, or resume it, then merge"
        )));
    }
    let header = file.header.ok_or_else(|| {
        Error::Argument(format!(
            "{name} has no schedule header (a record written before shards): resume it once \
             with its tournament's arguments to add one"
        ))
    })?;
    Ok((header, file.games))
}

/// Runs `halma tournament merge`.
pub fn run(args: &MergeArgs) -> Result<(), Error> {
    let mut first: Option<(&PathBuf, Header)> = None;
    let mut games: BTreeMap<usize, (GameRecord, &PathBuf)> = BTreeMap::new();
    let mut lines = Vec::new();
    for path in &args.files {
        let (header, read) = read(path)?;
        let name = path.display();
        if let Some((first_path, h)) = &first {
            if h.schedule != header.schedule {
                return Err(Error::Argument(format!(
                    "{name} is a record of another schedule than {} (fingerprints {} and {}): \
                     other rules, openings, players, rounds, clock or SPRT",
                    first_path.display(),
                    header.schedule,
                    h.schedule
                )));
            }
        }
        lines.push(format!(
            "{name}: shard {}, {} games",
            header.shard,
            read.len()
        ));
        for g in read {
            if g.game == 0 || g.game > header.games {
                return Err(Error::Argument(format!(
                    "{name}: game {} is outside the schedule (games 1 to {})",
                    g.game, header.games
                )));
            }
            // A group (pair) holds one game per seat order: as many games as seats.
            let group = g.players.len().max(1);
            if g.pair != (g.game - 1) / group + 1 || !header.shard.owns(g.pair - 1) {
                return Err(Error::Argument(format!(
                    "{name}: game {} (pair {}) is not one of shard {}'s",
                    g.game, g.pair, header.shard
                )));
            }
            if let Some((_, other)) = games.get(&g.game) {
                return Err(Error::Argument(format!(
                    "game {} is in {} and in {name}: a shard given twice?",
                    g.game,
                    other.display()
                )));
            }
            games.insert(g.game, (g, path));
        }
        first.get_or_insert((path, header));
    }
    let (_, header) = first.expect("clap requires a file");
    let finished: Vec<GameRecord> = games.into_values().map(|(g, _)| g).collect();
    let sprt = header
        .sprt
        .as_ref()
        .map(|text| Sprt::parse(std::slice::from_ref(text)))
        .transpose()?;
    if !args.json {
        crate::out(format_args!("{}\n", lines.join("\n")));
    }
    let summary = Summary {
        rules: header.rules.clone(),
        scheduled: header.games,
        shard: None,
        line: format!(
            "{} of {} games, rules {}",
            finished.len(),
            header.games,
            header.rules
        ),
        sprt: sprt.map(|s| (s, sprt_of(s, &header.players, &finished))),
        pooled: false,
    };
    report(args.json, &summary, &header.players, &finished)
}
