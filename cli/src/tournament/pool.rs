//! The other shards' games, for an SPRT pooled across shards without a coordinator: the
//! shards share a directory (`--shard-dir`), each writes its record there as
//! `shard-K-of-N.games`, and between its games each reads what the others have appended
//! since it last looked (only complete blocks: a block another shard is still writing is
//! read the next time), so that every shard stops once the pooled test has decided
//! (docs/distributed.md).

use crate::record::{parse_file_from, GameRecord, Header};
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
    /// Its header, once read (and matched).
    header: Option<Header>,
    /// Its complete games so far.
    games: Vec<GameRecord>,
}

/// The other shards' records in a shared directory, read incrementally.
pub struct Pool {
    dir: PathBuf,
    own: PathBuf,
    header: Header,
    files: BTreeMap<PathBuf, Seen>,
}

impl Pool {
    /// The pool of the shards in `dir` of the schedule in `header` (this shard's); `own`
    /// is this shard's record, which it does not read.
    pub fn new(dir: &Path, own: &Path, header: &Header) -> Pool {
        Pool {
            dir: dir.to_path_buf(),
            own: own.to_path_buf(),
            header: header.clone(),
            files: BTreeMap::new(),
        }
    }

    /// Reads what the other shards have completed since the last look and returns all
    /// their games so far. A file that shrank since (a shard resumed, which rewrites its
    /// record) is read again from its start. A record of another schedule or split, two
    /// records of one shard, a game not of its file's shard, or a game that is also among
    /// `own` or recorded twice is an error.
    pub fn refresh(&mut self, own: &[GameRecord]) -> Result<Vec<GameRecord>, Error> {
        let entries = std::fs::read_dir(&self.dir)
            .map_err(|e| Error::Argument(format!("--shard-dir {}: {e}", self.dir.display())))?;
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "games") && *p != self.own)
            .collect();
        paths.sort();
        for path in paths {
            let seen = self.files.entry(path.clone()).or_default();
            look(&path, seen, &self.header)?;
        }
        let mut shards: BTreeMap<Shard, &Path> = BTreeMap::new();
        shards.insert(self.header.shard, &self.own);
        for (path, seen) in &self.files {
            let Some(h) = &seen.header else { continue };
            if let Some(other) = shards.insert(h.shard, path) {
                return Err(Error::Argument(format!(
                    "{} and {} in --shard-dir are both records of shard {}: a copy, or a \
                     shard run twice?",
                    other.display(),
                    path.display(),
                    h.shard
                )));
            }
        }
        let mut numbers: BTreeSet<usize> = own.iter().map(|g| g.game).collect();
        let games: Vec<GameRecord> = self
            .files
            .values()
            .flat_map(|seen| seen.games.iter().cloned())
            .collect();
        for g in &games {
            if !numbers.insert(g.game) {
                return Err(Error::Argument(format!(
                    "game {} is recorded by two shards in {}: is a shard running twice?",
                    g.game,
                    self.dir.display()
                )));
            }
        }
        Ok(games)
    }
}

/// Reads the complete blocks appended to the record at `path` since `seen`, checking its
/// header against `mine` (this shard's) and its games against its header.
fn look(path: &Path, seen: &mut Seen, mine: &Header) -> Result<(), Error> {
    let name = path.display();
    let io = |e: std::io::Error| Error::Argument(format!("{name}: {e}"));
    // Opened without blocking: a FIFO in the directory once hung the shard for ever.
    let mut file = crate::text_file::open_regular(path)
        .map_err(io)?
        .ok_or_else(|| {
            Error::Argument(format!(
                "{name} in --shard-dir is not a regular file (a FIFO, a device?): not a game \
                 record"
            ))
        })?;
    if file.metadata().map_err(io)?.len() < seen.offset {
        *seen = Seen::default();
    }
    file.seek(SeekFrom::Start(seen.offset)).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(MAX_READ).read_to_end(&mut bytes).map_err(io)?;
    // A block being written may end in the middle of a character; bytes that can never
    // be UTF-8 are not a record.
    let text = match std::str::from_utf8(&bytes) {
        Ok(text) => text,
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(&bytes[..e.valid_up_to()]).expect("valid prefix")
        }
        Err(_) => {
            return Err(Error::Argument(format!(
                "{name} in --shard-dir is not UTF-8 text: not a game record"
            )))
        }
    };
    let read = parse_file_from(text, 1)
        .map_err(|e| Error::Argument(format!("{name}: {}", e.message())))?;
    if seen.header.is_none() {
        match read.header {
            Some(h) => match mine.differs(&h) {
                Some(why) => {
                    return Err(Error::Argument(format!(
                        "{name} in --shard-dir is the record of {why}: give each tournament \
                         and split its own directory"
                    )))
                }
                None => seen.header = Some(h),
            },
            // Not written yet, or cut in the middle: read again next time.
            None if read.games.is_empty() => return Ok(()),
            None => {
                return Err(Error::Argument(format!(
                    "{name} in --shard-dir has no schedule header"
                )))
            }
        }
    }
    let header = seen.header.as_ref().expect("read above");
    if let Some(why) = read.games.iter().find_map(|g| header.misfit(g)) {
        return Err(Error::Argument(format!("{name}: {why}")));
    }
    seen.offset += read.complete as u64;
    seen.games.extend(read.games);
    Ok(())
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

    #[test]
    fn other_splits_copies_bytes_and_rewrites_are_caught() {
        let dir = std::env::temp_dir().join(format!("halma-pool-hostile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mine = header("00000000000000aa", 0);
        let own = dir.join(file_name(mine.shard));
        let other = dir.join(file_name(Shard { index: 1, count: 2 }));
        let full =
            header("00000000000000aa", 1).to_text() + &game(3).to_text() + &game(4).to_text();
        std::fs::write(&other, &full).unwrap();
        let mut pool = Pool::new(&dir, &own, &mine);
        assert_eq!(pool.refresh(&[]).unwrap(), [game(3), game(4)]);
        // Rewritten shorter (a resume dropping a block), then grown again: read afresh,
        // each game once.
        let short = header("00000000000000aa", 1).to_text() + &game(3).to_text();
        std::fs::write(&other, &short).unwrap();
        assert_eq!(pool.refresh(&[]).unwrap(), [game(3)]);
        std::fs::write(&other, &full).unwrap();
        assert_eq!(pool.refresh(&[]).unwrap(), [game(3), game(4)]);
        let refused = |name: &str, text: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            let e = Pool::new(&dir, &own, &mine).refresh(&[]).unwrap_err();
            std::fs::remove_file(&path).unwrap();
            e.message().to_string()
        };
        // A copy of a shard's record, of this shard's or another's.
        let e = refused("copy.games", full.as_bytes());
        assert!(e.contains("both records of shard 1/2"), "{e}");
        let copy = mine.to_text() + &game(1).to_text();
        let e = refused("backup.games", copy.as_bytes());
        assert!(e.contains("both records of shard 0/2"), "{e}");
        // A shard of the same schedule split otherwise (a stale run with another N).
        let mut four = header("00000000000000aa", 3);
        four.shard = Shard { index: 3, count: 4 };
        let e = refused("shard-3-of-4.games", four.to_text().as_bytes());
        assert!(e.contains("another split"), "{e}");
        // A game its file's shard does not own, and one of a player not in the header.
        let mut stray = header("00000000000000aa", 1);
        stray.shard = Shard { index: 1, count: 2 };
        std::fs::remove_file(&other).unwrap();
        let e = refused("y.games", (stray.to_text() + &game(1).to_text()).as_bytes());
        assert!(e.contains("is not one of shard 1/2's"), "{e}");
        let mut g = game(3);
        g.players[1] = "z".into();
        let e = refused("y.games", (stray.to_text() + &g.to_text()).as_bytes());
        assert!(e.contains("player 'z' is not in the header"), "{e}");
        // Binary garbage, not merely a character cut by a write in progress.
        let e = refused("junk.games", b"[Game \xff\xfe\x00\n\n");
        assert!(e.contains("not UTF-8"), "{e}");
        let cut = "[Schedule \"\u{e9}".as_bytes();
        std::fs::write(dir.join("cut.games"), &cut[..cut.len() - 1]).unwrap();
        assert!(Pool::new(&dir, &own, &mine)
            .refresh(&[])
            .unwrap()
            .is_empty());
        // A FIFO nobody writes: once its open blocked the shard for ever.
        let fifo = dir.join("fifo.games");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success());
        let e = Pool::new(&dir, &own, &mine).refresh(&[]).unwrap_err();
        assert!(e.message().contains("not a regular file"), "{e}");
        std::fs::remove_file(&fifo).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
