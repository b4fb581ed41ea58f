//! `halma solve --checkpoint` and `--resume`: the file that keeps what a solve has proved
//! (the engine's [`Checkpoint`]: the bounds refuted, the next bound, the beam and its line,
//! the level table's grouping, the bound the deepening took over from), as one JSON object
//! written after every bound without a line, and read back bounded and checked.
//! `docs/solver.md` (*Checkpoints*) gives the fields.

use super::MAX_LENGTH;
use crate::text_file::{self, Limits};
use halma_engine::board::geometry::Board;
use halma_engine::games::halma::notation::move_text;
use halma_engine::games::halma::solve::beam::Aim;
use halma_engine::games::halma::solve::bound::Grouping;
use halma_engine::games::halma::solve::{self, Beam, Checkpoint, Iteration, Mode};
use halma_engine::moves::Move;
use halma_engine::Error;
use halma_engine::Rules;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What the file's `format` field says.
const FORMAT: &str = "halma-solve-checkpoint";
/// The version of the fields below.
const VERSION: u32 = 1;
/// Most bytes of a checkpoint file read back (a few hundred bounds and one line are some
/// kilobytes).
const MAX_BYTES: u64 = 4 << 20;

/// The file's JSON object.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    format: String,
    version: u32,
    /// The rules as solved (`halma solve`'s `rules` line).
    rules: String,
    mode: String,
    start_bound: u32,
    refuted: Vec<Bound>,
    next: u32,
    beam: Option<BeamFile>,
    level_grouping: Option<String>,
    deepening_from: Option<u32>,
    /// Runs that wrote this file, and their wall time in all.
    runs: u32,
    time_ms: f64,
}

/// One refuted bound.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Bound {
    bound: u32,
    nodes: u64,
    time_ms: f64,
    next: u32,
}

/// The beam whose line is the upper bound.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BeamFile {
    width: usize,
    line: Option<Vec<String>>,
    nodes: u64,
    time_ms: f64,
    aimed_at: Option<u32>,
    completed_from: Option<u32>,
    node_budget: Option<u64>,
    gave_up: bool,
}

/// A checkpoint read back, with what the file says of the runs before.
pub struct Resumed {
    /// What is proved.
    pub checkpoint: Checkpoint,
    /// Runs that wrote the file.
    pub runs: u32,
    /// Their wall time in all, in milliseconds.
    pub millis: f64,
}

/// Reads the checkpoint at `path`, which must be one of `rules` (as solved) in `mode`;
/// every number bounded, every move parsed, the bounds' order checked and the line
/// replayed ([`solve::check_checkpoint`]).
pub fn read(path: &Path, rules: Rules, mode: Mode) -> Result<Resumed, Error> {
    let resumed = read_unchecked(path, &rules.to_string(), mode, rules.board)?;
    solve::check_checkpoint(rules, mode, &resumed.checkpoint)
        .map_err(|e| Error::Argument(format!("{}: {}", path.display(), e.message())))?;
    Ok(resumed)
}

/// [`read`] up to the checks that need the rules' geometry.
fn read_unchecked(path: &Path, rules: &str, mode: Mode, board: Board) -> Result<Resumed, Error> {
    let name = path.display().to_string();
    let fail = |why: String| Error::Argument(format!("{name}: {why}"));
    let file = text_file::open_regular(path)
        .map_err(|e| fail(e.to_string()))?
        .ok_or_else(|| fail("not a regular file".into()))?;
    let limits = Limits {
        max_bytes: MAX_BYTES,
        max_line: 64 << 10,
        what: "a solve checkpoint",
    };
    let text = text_file::read_from(file, &name, limits)?;
    let file: File = serde_json::from_str(text_file::without_bom(&text))
        .map_err(|e| fail(format!("not a solve checkpoint: {e}")))?;
    if file.format != FORMAT || file.version != VERSION {
        return Err(fail(format!(
            "not a solve checkpoint of version {VERSION} (format '{}', version {})",
            file.format, file.version
        )));
    }
    if file.rules != rules || file.mode != mode.name() {
        return Err(fail(format!(
            "a checkpoint of {} {}, not of {rules} {}",
            file.rules,
            file.mode,
            mode.name()
        )));
    }
    let length = |n: u32, what: &str| {
        if u64::from(n) > MAX_LENGTH {
            Err(fail(format!("{what} {n} is above {MAX_LENGTH}")))
        } else {
            Ok(n)
        }
    };
    length(file.next, "next bound")?;
    length(file.start_bound, "start bound")?;
    let mut refuted = Vec::with_capacity(file.refuted.len());
    for b in &file.refuted {
        refuted.push(Iteration {
            bound: length(b.bound, "bound")?,
            solved: false,
            nodes: b.nodes,
            millis: time(b.time_ms).ok_or_else(|| fail(format!("bound {}'s time", b.bound)))?,
            next: Some(length(b.next, "next bound")?),
        });
    }
    let beam = match file.beam {
        None => None,
        Some(b) => Some(beam(b, board).map_err(fail)?),
    };
    let level_grouping = match file.level_grouping {
        None => None,
        Some(g) => Some(Grouping::parse(&g).ok_or_else(|| {
            fail(format!(
                "unknown level grouping '{g}' (known: classes, levels, levels2, levels3, levels4)"
            ))
        })?),
    };
    Ok(Resumed {
        checkpoint: Checkpoint {
            start_bound: file.start_bound,
            refuted,
            next: file.next,
            beam,
            level_grouping,
            deepening_from: file
                .deepening_from
                .map(|b| length(b, "bound"))
                .transpose()?,
        },
        runs: file.runs.min(u32::MAX - 1),
        millis: time(file.time_ms).ok_or_else(|| fail("its time in all".into()))?,
    })
}

/// A time in milliseconds from a file: finite and not negative.
fn time(ms: f64) -> Option<f64> {
    (ms.is_finite() && ms >= 0.0).then_some(ms)
}

/// The beam of a file, its moves parsed on `board`.
fn beam(b: BeamFile, board: Board) -> Result<Beam, String> {
    if b.width as u64 > super::MAX_BEAM {
        return Err(format!(
            "beam width {} is above {}",
            b.width,
            super::MAX_BEAM
        ));
    }
    let line = match b.line {
        None => None,
        Some(texts) if texts.len() as u64 > MAX_LENGTH => {
            return Err(format!("the beam's line is longer than {MAX_LENGTH} moves"))
        }
        Some(texts) => Some(
            texts
                .iter()
                .map(|t| parse_move(board, t))
                .collect::<Result<_, _>>()?,
        ),
    };
    let aim = match (b.aimed_at, b.completed_from, b.node_budget) {
        (Some(length), Some(complete_at), Some(node_budget)) => Some(Aim {
            length,
            complete_at,
            node_budget,
        }),
        (None, None, None) => None,
        _ => return Err("the beam's aim needs aimed_at, completed_from and node_budget".into()),
    };
    Ok(Beam {
        width: b.width,
        line,
        nodes: b.nodes,
        millis: time(b.time_ms).ok_or("the beam's time")?,
        aim,
        gave_up: b.gave_up,
    })
}

/// A move `c3-e5` of a line: two cells of `board` (the engine replays the line).
fn parse_move(board: Board, text: &str) -> Result<Move, String> {
    let bad = |why: String| format!("the beam's move '{text}': {why}");
    let (from, to) = text
        .split_once('-')
        .ok_or_else(|| bad("not two cells joined by '-'".into()))?;
    let cell = |name: &str| {
        board
            .parse_cell(name)
            .map_err(|e| bad(e.message().to_string()))
    };
    Ok(Move::new(cell(from)?, cell(to)?))
}

/// Writes the checkpoints of one run to a file: each replaces the last (written beside it
/// and renamed over it, so an interruption leaves the old or the new one whole).
pub struct Saver {
    path: PathBuf,
    rules: String,
    mode: Mode,
    board: Board,
    /// The runs before this one and their time.
    runs: u32,
    earlier_millis: f64,
    started: Instant,
    /// Set after a write failed (said once).
    failed: AtomicBool,
}

impl Saver {
    /// A saver to `path` for `rules` (as solved) in `mode` on `board`, after `earlier` runs;
    /// an error now if the file cannot be written beside (a missing folder, no right).
    pub fn new(
        path: &Path,
        (rules, mode, board): (&str, Mode, Board),
        earlier: Option<&Resumed>,
    ) -> Result<Saver, Error> {
        let saver = Saver {
            path: path.to_path_buf(),
            rules: rules.to_string(),
            mode,
            board,
            runs: earlier.map_or(0, |r| r.runs),
            earlier_millis: earlier.map_or(0.0, |r| r.millis),
            started: Instant::now(),
            failed: AtomicBool::new(false),
        };
        let temporary = saver.temporary();
        std::fs::write(&temporary, b"")
            .and_then(|()| std::fs::remove_file(&temporary))
            .map_err(|e| {
                Error::Argument(format!(
                    "--checkpoint {}: cannot write beside it: {e}",
                    path.display()
                ))
            })?;
        Ok(saver)
    }

    /// The file written first and renamed over the checkpoint.
    fn temporary(&self) -> PathBuf {
        partial(&self.path)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `checkpoint`; a failure is said once on standard error (returned as the
    /// message to say) and the solve goes on.
    pub fn save(&self, checkpoint: &Checkpoint) -> Option<String> {
        let file = File {
            format: FORMAT.into(),
            version: VERSION,
            rules: self.rules.clone(),
            mode: self.mode.name().into(),
            start_bound: checkpoint.start_bound,
            refuted: checkpoint
                .refuted
                .iter()
                .map(|i| Bound {
                    bound: i.bound,
                    nodes: i.nodes,
                    time_ms: i.millis,
                    next: i.next.unwrap_or(i.bound + 1),
                })
                .collect(),
            next: checkpoint.next,
            beam: checkpoint.beam.as_ref().map(|b| BeamFile {
                width: b.width,
                line: b
                    .line
                    .as_ref()
                    .map(|l| l.iter().map(|&mv| move_text(self.board, mv)).collect()),
                nodes: b.nodes,
                time_ms: b.millis,
                aimed_at: b.aim.map(|a| a.length),
                completed_from: b.aim.map(|a| a.complete_at),
                node_budget: b.aim.map(|a| a.node_budget),
                gave_up: b.gave_up,
            }),
            level_grouping: checkpoint.level_grouping.map(Grouping::name),
            deepening_from: checkpoint.deepening_from,
            runs: self.runs + 1,
            time_ms: self.earlier_millis + self.started.elapsed().as_secs_f64() * 1e3,
        };
        let written = serde_json::to_vec_pretty(&file)
            .map_err(std::io::Error::other)
            .and_then(|bytes| write_whole(&self.path, &[&bytes, b"\n"]));
        match written {
            Ok(()) => None,
            Err(e) if !self.failed.swap(true, Ordering::Relaxed) => Some(format!(
                "halma: warning: the checkpoint {} was not written ({e}); the solve goes on",
                self.path.display()
            )),
            Err(_) => None,
        }
    }
}

/// The file beside `path` that [`write_whole`] writes first.
fn partial(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".part");
    PathBuf::from(name)
}

/// Writes `parts` to `path` whole: to the file beside it first, synced, then renamed over
/// it, so that an interruption (or a lost machine) leaves the old file or the new one.
pub fn write_whole(path: &Path, parts: &[&[u8]]) -> std::io::Result<()> {
    use std::io::Write;
    let beside = partial(path);
    let mut out = std::io::BufWriter::new(std::fs::File::create(&beside)?);
    for part in parts {
        out.write_all(part)?;
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    std::fs::rename(&beside, path)
}
