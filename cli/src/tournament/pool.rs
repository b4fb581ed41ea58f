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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn game(number: usize) -> GameRecord {
        GameRecord {
            game: number,
            pair: number.div_ceil(2),
            rules: "halma8".into(),
            players: vec!["x".into(), "y".into()],
            time_control: "none".into(),
            opening: 0,
            start: "halma8 4BBBB/5BBB/6BB/7B/A7/AA6/AAA5/AAAA4 A 0,0".into(),
            scores: vec![1.0, 0.0],
            reason: "A wins".into(),
            moves: vec!["a1-b2".into(); 7],
        }
    }

    fn header(schedule: &str, index: u32) -> Header {
        Header {
            schedule: schedule.into(),
            shard: Shard { index, count: 2 },
            rules: "halma8".into(),
            games: 8,
            players: vec!["x".into(), "y".into()],
            sprt: None,
        }
    }

    #[test]
    fn a_block_still_being_written_is_read_once_complete_and_other_schedules_stop() {
        let dir = std::env::temp_dir().join(format!("halma-pool-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mine = header("00000000000000aa", 0);
        let own = dir.join(file_name(mine.shard));
        std::fs::write(&own, mine.to_text() + &game(1).to_text()).unwrap();
        let other = dir.join(file_name(Shard { index: 1, count: 2 }));
        let text = header("00000000000000aa", 1).to_text() + &game(3).to_text();
        let second = game(4).to_text();
        let (head, tail) = second.split_at(second.len() / 2);
        // A header cut in the middle is read later, not refused.
        std::fs::write(&other, &text[..10]).unwrap();
        let mut pool = Pool::new(&dir, &own, &mine);
        assert!(pool.refresh(&[game(1)]).unwrap().is_empty());
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(&other)
            .unwrap();
        file.write_all(&text.as_bytes()[10..]).unwrap();
        file.write_all(head.as_bytes()).unwrap();
        assert_eq!(pool.refresh(&[game(1)]).unwrap(), [game(3)]);
        file.write_all(tail.as_bytes()).unwrap();
        assert_eq!(pool.refresh(&[game(1)]).unwrap(), [game(3), game(4)]);
        assert_eq!(pool.refresh(&[game(1)]).unwrap(), [game(3), game(4)]);
        // A game this shard has too (a shard running twice) is an error.
        let e = pool.refresh(&[game(4)]).unwrap_err();
        assert!(e.message().contains("recorded by two shards"), "{e}");
        // A record of another schedule in the directory stops the shard.
        std::fs::write(
            dir.join("old.games"),
            header("00000000000000bb", 0).to_text(),
        )
        .unwrap();
        let e = pool.refresh(&[game(1)]).unwrap_err();
        assert!(e.message().contains("another schedule"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
