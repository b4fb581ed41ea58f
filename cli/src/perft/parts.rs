//! A perft count split into shards (`halma perft --shard K/N`) and the merge of their parts
//! (`halma perft merge`): the move sequences of `--split-depth` plies (the prefixes), sorted
//! by their text, are dealt out, the i-th to shard i mod N; each shard counts the leaves
//! below its prefixes and writes one JSON part; the merge checks that every shard of the
//! same count is present exactly once and adds them (docs/distributed.md).

use crate::shard::{Shard, MAX_SHARDS};
use crate::text_file::Limits;
use halma_engine::game::GameRules;
use halma_engine::perft::perft;
use halma_engine::{Error, Game, Move};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Deepest `--split-depth`.
pub const MAX_SPLIT_DEPTH: u32 = 4;
/// Most prefixes a split may make (every shard enumerates all of them).
pub const MAX_PREFIXES: usize = 1_000_000;
/// The bounds of a part file: one line of at most 256 MiB.
const PART_LIMITS: Limits = Limits {
    max_bytes: 256 << 20,
    max_line: 256 << 20,
    what: "a perft part",
};
/// Most missing shards the merge's error names.
const MAX_NAMED: usize = 8;
/// The `format` field of every part, checked by the merge.
const PART_FORMAT: &str = "halma-perft-part/1";

/// The leaves below one prefix.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct PrefixCount {
    /// The prefix's moves, space-separated.
    pub moves: String,
    /// Its leaf count.
    pub nodes: u64,
}

/// One shard's part of a split perft count, as written (one JSON line).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Part {
    /// Always [`PART_FORMAT`].
    pub format: String,
    /// The position text (rules first).
    pub position: String,
    /// The depth counted.
    pub depth: u32,
    /// The plies of each prefix.
    pub split_depth: u32,
    /// This shard, K from 0.
    pub shard: u32,
    /// The number of shards N.
    pub shards: u32,
    /// The prefixes of the whole split (every shard's).
    pub prefixes: u64,
    /// The leaves below this shard's prefixes.
    pub nodes: u64,
    /// Wall time of this shard's count.
    pub time_ms: f64,
    /// The count below each of this shard's prefixes, in prefix order.
    pub divide: Vec<PrefixCount>,
}

/// Parses `--split-depth`: 1 to [`MAX_SPLIT_DEPTH`].
pub fn split_depth(text: &str) -> Result<u32, String> {
    crate::numbers::whole(text, MAX_SPLIT_DEPTH.into()).map(|n| n as u32)
}

/// Every move sequence of `plies` plies from `pos` (a finished game ends a sequence early:
/// it has no leaves below), children in the order of their move text; more than
/// [`MAX_PREFIXES`] is an error.
fn prefixes<P: Game>(pos: &mut P, plies: u32) -> Result<Vec<Vec<Move>>, Error> {
    fn walk<P: Game>(
        pos: &mut P,
        plies: u32,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> Result<(), Error> {
        if plies == 0 {
            if out.len() == MAX_PREFIXES {
                return Err(Error::Argument(format!(
                    "the split makes more than {MAX_PREFIXES} prefixes: lower --split-depth"
                )));
            }
            out.push(line.clone());
            return Ok(());
        }
        let mut moves: Vec<(String, Move)> = pos
            .legal_moves()
            .into_iter()
            .map(|m| (pos.move_text(m), m))
            .collect();
        moves.sort();
        for (_, mv) in moves {
            pos.make(mv);
            line.push(mv);
            let done = walk(pos, plies - 1, line, out);
            line.pop();
            pos.unmake();
            done?;
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(pos, plies, &mut Vec::new(), &mut out)?;
    Ok(out)
}

/// The text of a prefix played from `pos`.
fn prefix_text<P: Game>(pos: &P, line: &[Move]) -> String {
    let mut p = pos.clone();
    let mut words = Vec::with_capacity(line.len());
    for &mv in line {
        words.push(p.move_text(mv));
        p.make(mv);
    }
    words.join(" ")
}

/// Counts `shard`'s part of the perft count of `pos` at `depth`, split at `split_depth`
/// plies (at most `depth`), in parallel over its prefixes on the current rayon pool.
pub fn count_part<P: Game>(
    pos: &P,
    depth: u32,
    split_depth: u32,
    shard: Shard,
) -> Result<Part, Error> {
    if split_depth > depth {
        return Err(Error::Argument(format!(
            "--split-depth {split_depth} is deeper than --depth {depth}"
        )));
    }
    let start = Instant::now();
    let all = prefixes(&mut pos.clone(), split_depth)?;
    let mine: Vec<&Vec<Move>> = all
        .iter()
        .enumerate()
        .filter(|&(i, _)| shard.owns(i))
        .map(|(_, line)| line)
        .collect();
    let divide: Vec<PrefixCount> = mine
        .par_iter()
        .map(|line| {
            let mut child = pos.clone();
            for &mv in line.iter() {
                child.make(mv);
            }
            PrefixCount {
                moves: prefix_text(pos, line),
                nodes: perft(&mut child, depth - split_depth),
            }
        })
        .collect();
    Ok(Part {
        format: PART_FORMAT.into(),
        position: pos.to_text(),
        depth,
        split_depth,
        shard: shard.index,
        shards: shard.count,
        prefixes: all.len() as u64,
        nodes: divide.iter().map(|c| c.nodes).sum(),
        time_ms: (start.elapsed().as_secs_f64() * 1e6).round() / 1e3,
        divide,
    })
}

/// The prefix texts of the split of the position text `position` at `plies` plies, in the
/// order the shards deal them out.
fn split_texts(position: &str, plies: u32) -> Result<Vec<String>, Error> {
    fn texts<P: Game>(mut pos: P, plies: u32) -> Result<Vec<String>, Error> {
        let all = prefixes(&mut pos, plies)?;
        Ok(all.iter().map(|line| prefix_text(&pos, line)).collect())
    }
    let (variant, fields) = halma_engine::games::split_game_text(position)?;
    halma_engine::with_game!(variant, P, setup => texts(<P as GameRules>::from_text_fields(&setup, fields)?, plies))
}

/// Checks every part's divide against the split worked out again from the position: each
/// shard counts exactly its own prefixes, in order (a prefix that is no sequence of the
/// split, `z9-z9` or one of another split depth, is refused).
fn check_prefixes(parts: &[(&PathBuf, Part)], first: &Part) -> Result<(), Error> {
    let expected = split_texts(&first.position, first.split_depth).map_err(|e| {
        Error::Argument(format!(
            "the parts' position {}: {}",
            first.position,
            e.message()
        ))
    })?;
    if expected.len() as u64 != first.prefixes {
        return Err(Error::Argument(format!(
            "the parts say the split has {} prefixes; {} at {} plies has {}",
            first.prefixes,
            first.position,
            first.split_depth,
            expected.len()
        )));
    }
    for (path, part) in parts {
        let shard = Shard {
            index: part.shard,
            count: part.shards,
        };
        let mine: Vec<&str> = expected
            .iter()
            .enumerate()
            .filter(|&(i, _)| shard.owns(i))
            .map(|(_, t)| t.as_str())
            .collect();
        let wrong = part
            .divide
            .iter()
            .map(|c| c.moves.as_str())
            .zip(&mine)
            .find(|(got, want)| got != *want);
        if let Some((got, want)) = wrong {
            return Err(Error::Argument(format!(
                "{}: prefix '{got}' is not the next of shard {shard}'s prefixes ('{want}'): \
                 a part of another split, or edited",
                path.display()
            )));
        }
        if part.divide.len() != mine.len() {
            return Err(Error::Argument(format!(
                "{}: shard {shard} counts {} prefixes, the split gives it {}",
                path.display(),
                part.divide.len(),
                mine.len()
            )));
        }
    }
    Ok(())
}

/// The merged count, as `halma perft merge --json` prints it.
#[derive(Debug, Serialize, PartialEq)]
pub struct Merged {
    /// The position text.
    pub position: String,
    /// The depth counted.
    pub depth: u32,
    /// The plies of each prefix.
    pub split_depth: u32,
    /// The number of shards.
    pub shards: u32,
    /// The prefixes of the split.
    pub prefixes: u64,
    /// The perft count.
    pub nodes: u64,
    /// The shards' wall times added (the work done).
    pub time_ms: f64,
}

/// Reads one part file.
fn read_part(path: &Path) -> Result<Part, Error> {
    let name = path.display();
    let text = crate::text_file::read(path, PART_LIMITS)?;
    let part: Part = serde_json::from_str(text.trim()).map_err(|e| {
        Error::Argument(format!(
            "{name} is not a perft part (halma perft --shard K/N --json writes one): {e}"
        ))
    })?;
    if part.format != PART_FORMAT {
        return Err(Error::Argument(format!(
            "{name}: format '{}', expected '{PART_FORMAT}'",
            part.format
        )));
    }
    let bad = |why: String| Err(Error::Argument(format!("{name}: inconsistent part: {why}")));
    if part.shards == 0 || part.shards > MAX_SHARDS || part.shard >= part.shards {
        return bad(format!(
            "shard {}/{} (K from 0 to N-1, N from 1 to {MAX_SHARDS})",
            part.shard, part.shards
        ));
    }
    if part.split_depth == 0 || part.split_depth > MAX_SPLIT_DEPTH.min(part.depth) {
        return bad(format!(
            "split depth {} at depth {} (1 to {MAX_SPLIT_DEPTH}, at most the depth)",
            part.split_depth, part.depth
        ));
    }
    if part.prefixes > MAX_PREFIXES as u64 || part.divide.len() as u64 > part.prefixes {
        return bad(format!(
            "{} of {} prefixes (at most {MAX_PREFIXES})",
            part.divide.len(),
            part.prefixes
        ));
    }
    if !(part.time_ms.is_finite() && part.time_ms >= 0.0) {
        return bad(format!("time_ms {}", part.time_ms));
    }
    let sum = part
        .divide
        .iter()
        .try_fold(0u64, |sum, c| sum.checked_add(c.nodes));
    if sum != Some(part.nodes) {
        return bad(format!(
            "{} nodes, but its prefixes add up to {}",
            part.nodes,
            sum.map_or("more than 2^64".into(), |s| s.to_string())
        ));
    }
    Ok(part)
}

/// Merges the parts in `paths`: all of the same count (position, depth, split, shards),
/// each shard exactly once, every prefix once.
pub fn merge(paths: &[PathBuf]) -> Result<Merged, Error> {
    let parts = paths
        .iter()
        .map(|p| read_part(p).map(|part| (p, part)))
        .collect::<Result<Vec<_>, _>>()?;
    let Some((first_path, first)) = parts.first() else {
        return Err(Error::Argument("perft merge needs part files".into()));
    };
    let key = |p: &Part| {
        (
            p.position.clone(),
            p.depth,
            p.split_depth,
            p.shards,
            p.prefixes,
        )
    };
    let mut seen: Vec<Option<&PathBuf>> = vec![None; first.shards as usize];
    let mut prefixes = BTreeSet::new();
    for (path, part) in &parts {
        if key(part) != key(first) {
            return Err(Error::Argument(format!(
                "{} and {} are parts of different counts ({} depth {} split {} into {} \
                 shards, against {} depth {} split {} into {})",
                first_path.display(),
                path.display(),
                first.position,
                first.depth,
                first.split_depth,
                first.shards,
                part.position,
                part.depth,
                part.split_depth,
                part.shards
            )));
        }
        if let Some(other) = seen[part.shard as usize].replace(path) {
            return Err(Error::Argument(format!(
                "shard {}/{} is given twice: {} and {}",
                part.shard,
                part.shards,
                other.display(),
                path.display()
            )));
        }
        for c in &part.divide {
            if !prefixes.insert(c.moves.as_str()) {
                return Err(Error::Argument(format!(
                    "{}: prefix '{}' is counted by two shards",
                    path.display(),
                    c.moves
                )));
            }
        }
    }
    let missing: Vec<u32> = (0..first.shards)
        .filter(|&k| seen[k as usize].is_none())
        .collect();
    if !missing.is_empty() {
        let mut named: Vec<String> = missing
            .iter()
            .take(MAX_NAMED)
            .map(|k| format!("{k}/{}", first.shards))
            .collect();
        if missing.len() > MAX_NAMED {
            named.push(format!("… ({} in all)", missing.len()));
        }
        return Err(Error::Argument(format!(
            "missing shards: {} (a count needs all {})",
            named.join(", "),
            first.shards
        )));
    }
    if prefixes.len() as u64 != first.prefixes {
        return Err(Error::Argument(format!(
            "the parts count {} prefixes, the split has {}",
            prefixes.len(),
            first.prefixes
        )));
    }
    check_prefixes(&parts, first)?;
    Ok(Merged {
        position: first.position.clone(),
        depth: first.depth,
        split_depth: first.split_depth,
        shards: first.shards,
        prefixes: first.prefixes,
        nodes: parts
            .iter()
            .try_fold(0u64, |sum, (_, p)| sum.checked_add(p.nodes))
            .ok_or_else(|| Error::Argument("the parts' counts add up to more than 2^64".into()))?,
        time_ms: (parts.iter().map(|(_, p)| p.time_ms).sum::<f64>() * 1e3).round() / 1e3,
    })
}
