//! The solitaire's level tables kept beside a checkpoint (`FILE.levels-classes`,
//! `FILE.levels-levels2` …), so that a resumed proof loads a table of half an hour instead
//! of building it again: one header line (`halma-level-table 1`, the rules, the grouping,
//! the states, a checksum, the build's time), then one byte a state. A file that does not
//! match in every field is said and the table built again; a write that fails is said and
//! the solve goes on.

use halma_engine::games::halma::solve::bound::Grouping;
use halma_engine::games::halma::solve::LevelStore;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// The header's first words.
const MAGIC: &str = "halma-level-table 1";
/// Most bytes of the header line.
const MAX_HEADER: u64 = 4096;

/// The level tables of one solve, read from beside the checkpoint it resumes and written
/// beside the one it saves.
pub struct LevelFiles<'a> {
    /// The checkpoint files whose tables are read, first found first.
    load_from: Vec<PathBuf>,
    /// The checkpoint file beside which built tables are written.
    save_to: Option<PathBuf>,
    /// The rules as solved.
    rules: String,
    /// Where the lines about the files go.
    say: &'a (dyn Fn(String) + Sync),
}

impl<'a> LevelFiles<'a> {
    /// The tables beside `resumed` (read) and `saved` (read, then written) for `rules`.
    pub fn new(
        resumed: Option<&Path>,
        saved: Option<&Path>,
        rules: &str,
        say: &'a (dyn Fn(String) + Sync),
    ) -> Self {
        let mut load_from: Vec<PathBuf> = resumed.into_iter().map(Path::to_path_buf).collect();
        load_from.extend(saved.filter(|&s| Some(s) != resumed).map(Path::to_path_buf));
        LevelFiles {
            load_from,
            save_to: saved.map(Path::to_path_buf),
            rules: rules.to_string(),
            say,
        }
    }

    /// The table file of `grouping` beside the checkpoint `checkpoint`.
    fn path(checkpoint: &Path, grouping: Grouping) -> PathBuf {
        let mut name = checkpoint.as_os_str().to_owned();
        name.push(format!(".levels-{}", grouping.name()));
        PathBuf::from(name)
    }

    /// The header line of a table.
    fn header(&self, grouping: Grouping, states: u64, checksum: u64, millis: f64) -> String {
        format!(
            "{MAGIC} rules={} grouping={} states={states} checksum={checksum:016x} build_ms={millis:.0}\n",
            self.rules,
            grouping.name()
        )
    }

    /// The distances and build time in the file at `path`, which must hold the table of
    /// `grouping` with `states` states of these rules; why not, otherwise.
    fn read(&self, path: &Path, grouping: Grouping, states: u64) -> Result<(Vec<u8>, f64), String> {
        let file = crate::text_file::open_regular(path)
            .map_err(|e| e.to_string())?
            .ok_or("not a regular file")?;
        let length = file.metadata().map_err(|e| e.to_string())?.len();
        let mut reader = BufReader::new(file);
        let mut line = Vec::new();
        (&mut reader)
            .take(MAX_HEADER)
            .read_until(b'\n', &mut line)
            .map_err(|e| e.to_string())?;
        let line = std::str::from_utf8(&line).map_err(|_| "its header is not text")?;
        let field = |key: &str| {
            line.split_whitespace()
                .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
        };
        let millis = field("build_ms").and_then(|m| m.parse::<f64>().ok());
        let checksum = field("checksum").and_then(|c| u64::from_str_radix(c, 16).ok());
        let (Some(millis), Some(checksum)) =
            (millis.filter(|m| m.is_finite() && *m >= 0.0), checksum)
        else {
            return Err("not a level table of this version".into());
        };
        if !line.starts_with(MAGIC) || line != self.header(grouping, states, checksum, millis) {
            return Err(format!(
                "not the table of {} with {} ({states} states)",
                self.rules,
                grouping.name()
            ));
        }
        if length != line.len() as u64 + states {
            return Err(format!(
                "{length} bytes, not the {} its header says",
                line.len() as u64 + states
            ));
        }
        let mut distances = vec![0u8; states as usize];
        reader
            .read_exact(&mut distances)
            .map_err(|e| e.to_string())?;
        if checksum_of(&distances) != checksum {
            return Err("its checksum does not match (the file is damaged)".into());
        }
        Ok((distances, millis))
    }

    /// Writes the table to `path` whole ([`super::checkpoint::write_whole`]).
    fn write(
        &self,
        path: &Path,
        grouping: Grouping,
        distances: &[u8],
        millis: f64,
    ) -> std::io::Result<()> {
        let header = self.header(
            grouping,
            distances.len() as u64,
            checksum_of(distances),
            millis,
        );
        super::checkpoint::write_whole(path, &[header.as_bytes(), distances])
    }
}

impl LevelStore for LevelFiles<'_> {
    fn load(&self, grouping: Grouping, states: u64) -> Option<(Vec<u8>, f64)> {
        for checkpoint in &self.load_from {
            let path = Self::path(checkpoint, grouping);
            if !path.exists() {
                continue;
            }
            match self.read(&path, grouping, states) {
                Ok(table) => {
                    (self.say)(format!(
                        "levels   loaded {grouping} ({states} states) from {}",
                        path.display()
                    ));
                    return Some(table);
                }
                Err(why) => (self.say)(format!(
                    "levels   {}: {why}: the table is built again",
                    path.display()
                )),
            }
        }
        None
    }

    fn save(&self, grouping: Grouping, distances: &[u8], millis: f64) {
        let Some(checkpoint) = &self.save_to else {
            return;
        };
        let path = Self::path(checkpoint, grouping);
        match self.write(&path, grouping, distances, millis) {
            Ok(()) => (self.say)(format!(
                "levels   saved {grouping} ({} states) to {}",
                distances.len(),
                path.display()
            )),
            Err(e) => (self.say)(format!(
                "levels   {} was not written ({e}); the solve goes on",
                path.display()
            )),
        }
    }
}

/// A checksum of a table's bytes: eight at a time, each step a multiply and a rotation.
fn checksum_of(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64 ^ bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        hash = (hash ^ w)
            .wrapping_mul(0x0000_0100_0000_01b3)
            .rotate_left(23);
    }
    for &b in words.remainder() {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}
