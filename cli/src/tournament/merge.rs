//! `halma tournament merge FILE…`: the record files of a tournament's shards read as one
//! tournament: the table, Elo with its interval, the pentanomial pairs and the SPRT verdict
//! over all their games, as the single-machine run reports them. Every file must be
//! complete and of the same schedule, and every game of it once (docs/distributed.md).

use super::report::{report, sprt_of, Summary};
use super::stats::Sprt;
use crate::record::{parse_file, GameRecord, Header, LIMITS};
use crate::shard::Shard;
use clap::Args;
use halma_engine::Error;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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
fn read(path: &Path) -> Result<(Header, Vec<GameRecord>), Error> {
    let name = path.display();
    let text = crate::text_file::read(path, LIMITS)?;
    if text.trim().is_empty() {
        return Err(Error::Argument(format!(
            "{name} is empty: not a game record (a shard that has not started?)"
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
    let mut shards: BTreeMap<Shard, &PathBuf> = BTreeMap::new();
    let mut lines = Vec::new();
    for path in &args.files {
        let (header, read) = read(path)?;
        let name = path.display();
        if let Some((first_path, h)) = &first {
            if let Some(why) = h.differs(&header) {
                return Err(Error::Argument(format!(
                    "{name} is a record of {why}, not of the tournament of {}",
                    first_path.display()
                )));
            }
        }
        if let Some(other) = shards.insert(header.shard, path) {
            return Err(Error::Argument(format!(
                "{} and {name} are both records of shard {}: a shard given twice, or run \
                 twice?",
                other.display(),
                header.shard
            )));
        }
        lines.push(format!(
            "{name}: shard {}, {} games",
            header.shard,
            read.len()
        ));
        for g in read {
            if let Some(why) = header.misfit(&g) {
                return Err(Error::Argument(format!("{name}: {why}")));
            }
            crate::record::check(&g)
                .map_err(|e| Error::Argument(format!("{name}: {}", e.message())))?;
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
    let (path, header) = first.expect("clap requires a file");
    let finished: Vec<GameRecord> = games.into_values().map(|(g, _)| g).collect();
    let sprt = header
        .sprt
        .as_ref()
        .map(|text| Sprt::parse(std::slice::from_ref(text)))
        .transpose()
        .map_err(|e| Error::Argument(format!("{}: Sprt tag: {}", path.display(), e.message())))?;
    if !args.json {
        crate::output::out(format_args!("{}\n", lines.join("\n")));
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
