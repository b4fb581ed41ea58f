//! The other shards' games, for an SPRT pooled across shards without a coordinator: the
//! shards share a directory (`--shard-dir`), each writes its record there as
//! `shard-K-of-N.games`, and between its games each reads what the others have appended
//! since it last looked (only complete blocks: a block another shard is still writing is
//! read the next time), so that every shard stops once the pooled test has decided
//! (docs/distributed.md).

use super::record::{parse_file_from, GameRecord, Header};
use crate::shard::Shard;
use halma_engine::Error;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// Most bytes read from one file at one look: a look that finds more reads the rest the
/// next time.
const MAX_READ: u64 = 64 << 20;

/// The name of shard `shard`'s record in the shared directory.
pub fn file_name(shard: Shard) -> String {
    format!("shard-{}-of-{}.games", shard.index, shard.count)
}

/// What has been read of one other shard's record.
#[derive(Default)]
struct Seen {
    /// Bytes read up to the end of the last complete block.
    offset: u64,
    /// Whether its header has been read (and matched).
    header: bool,
}

/// The other shards' records in a shared directory, read incrementally.
pub struct Pool {
    dir: PathBuf,
    own: PathBuf,
    schedule: String,
    files: BTreeMap<PathBuf, Seen>,
    games: Vec<GameRecord>,
}

impl Pool {
    /// The pool of the shards in `dir` of the schedule in `header`; `own` is this shard's
    /// record, which it does not read.
    pub fn new(dir: &Path, own: &Path, header: &Header) -> Pool {
        Pool {
            dir: dir.to_path_buf(),
            own: own.to_path_buf(),
            schedule: header.schedule.clone(),
            files: BTreeMap::new(),
            games: Vec::new(),
        }
    }

    /// Reads what the other shards have completed since the last look and returns all
    /// their games so far. A record of another schedule in the directory, or a game that
    /// is also among `own` or recorded twice, is an error.
    pub fn refresh(&mut self, own: &[GameRecord]) -> Result<&[GameRecord], Error> {
        let name = |p: &Path| p.display().to_string();
        let entries = std::fs::read_dir(&self.dir)
            .map_err(|e| Error::Argument(format!("--shard-dir {}: {e}", self.dir.display())))?;
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "games") && *p != self.own)
            .collect();
        paths.sort();
        for path in paths {
            let seen = self.files.entry(path.clone()).or_default();
            let io = |e: std::io::Error| Error::Argument(format!("{}: {e}", name(&path)));
            let mut file = std::fs::File::open(&path).map_err(io)?;
            file.seek(SeekFrom::Start(seen.offset)).map_err(io)?;
            let mut bytes = Vec::new();
            file.take(MAX_READ).read_to_end(&mut bytes).map_err(io)?;
            // A block being written may end in the middle of a character.
            let text = match std::str::from_utf8(&bytes) {
                Ok(text) => text,
                Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).expect("valid prefix"),
            };
            let read = parse_file_from(text, 1)
                .map_err(|e| Error::Argument(format!("{}: {}", name(&path), e.message())))?;
            if !seen.header {
                match &read.header {
                    Some(h) if h.schedule == self.schedule => seen.header = true,
                    Some(h) => {
                        return Err(Error::Argument(format!(
                            "{} in --shard-dir is the record of another schedule \
                             (fingerprint {}, this tournament's {}): give each tournament \
                             its own directory",
                            name(&path),
                            h.schedule,
                            self.schedule
                        )))
                    }
                    // Not written yet, or cut in the middle: read again next time.
                    None if read.games.is_empty() => continue,
                    None => {
                        return Err(Error::Argument(format!(
                            "{} in --shard-dir has no schedule header",
                            name(&path)
                        )))
                    }
                }
            }
            seen.offset += read.complete as u64;
            self.games.extend(read.games);
        }
        let mut numbers: BTreeSet<usize> = own.iter().map(|g| g.game).collect();
        for g in &self.games {
            if !numbers.insert(g.game) {
                return Err(Error::Argument(format!(
                    "game {} is recorded by two shards in {}: is a shard running twice?",
                    g.game,
                    self.dir.display()
                )));
            }
        }
        Ok(&self.games)
    }
}
