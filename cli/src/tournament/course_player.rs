//! An external course-protocol agent as an [`Engine`]: for each move the runner writes
//! `input.txt` into the game's own fresh directory, runs the program there, and reads
//! `output.txt`. Only two-player 16×16 games.

use super::process::Group;
use crate::course_files::{input_text, parse_output, CourseBoard};
use halma_engine::games::split_game_text;
use halma_engine::player::{Engine, Report};
use halma_engine::search::{Limits, Outcome, Score};
use halma_engine::{Error, Game, Geometry, Position, Setup};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Seconds written into `input.txt` when the game has no clock and the player no time.
const UNTIMED_SECONDS: f64 = 10.0;

/// Most bytes of `output.txt` read (a move takes a few dozen); a longer file forfeits.
const MAX_OUTPUT: u64 = super::process::MAX_LINE as u64;

/// Numbers the working directories of this process.
static NEXT_DIR: AtomicU64 = AtomicU64::new(0);

/// A course agent with its working directory (removed when dropped).
pub struct CoursePlayer {
    command: Vec<String>,
    dir: PathBuf,
    margin: Duration,
}

impl CoursePlayer {
    /// An agent run by `command`, in a fresh temporary directory.
    pub fn new(command: &[String], margin: Duration) -> Result<CoursePlayer, Error> {
        let n = NEXT_DIR.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("halma-course-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .map_err(|e| Error::Argument(format!("cannot create {}: {e}", dir.display())))?;
        Ok(CoursePlayer {
            command: command.to_vec(),
            dir,
            margin,
        })
    }

    /// Runs the agent once on `input`, waiting at most `cap`; returns `output.txt`. The
    /// agent and whatever it started are killed when it exits or its time is up; its files
    /// are opened without blocking, and must be regular files (a FIFO nobody writes, a
    /// device or a directory left as `output.txt` forfeits instead of hanging the referee).
    fn run_once(&self, input: &str, cap: Duration) -> Result<String, Error> {
        let io = |e: std::io::Error| Error::Argument(format!("in {}: {e}", self.dir.display()));
        let output = self.dir.join("output.txt");
        let input_path = self.dir.join("input.txt");
        // Whatever the agent left under these names (a FIFO, a symbolic link) goes, so
        // that the input is written to a fresh regular file and no stale output is read.
        for path in [&output, &input_path] {
            remove_any(path).map_err(io)?;
        }
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&input_path)
            .and_then(|mut f| std::io::Write::write_all(&mut f, input.as_bytes()))
            .map_err(io)?;
        let name = self.command.join(" ");
        let mut agent = Group::spawn(
            Command::new(&self.command[0])
                .args(&self.command[1..])
                .current_dir(&self.dir)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null()),
        )
        .map_err(|e| Error::Argument(format!("cannot start '{name}': {e}")))?;
        let deadline = Instant::now() + cap;
        let status = loop {
            if let Some(status) = agent.child.try_wait().map_err(io)? {
                break status;
            }
            if Instant::now() >= deadline {
                agent.kill();
                return Err(Error::Argument(format!(
                    "hung: '{name}' did not finish in time"
                )));
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        // What the agent left running dies with it.
        agent.kill();
        if !status.success() {
            return Err(Error::Argument(format!(
                "crashed: '{name}' exited ({status})"
            )));
        }
        read_output(&output, &name)
    }
}

/// Removes `path` whatever it is (a file, a FIFO, a link, a directory tree); nothing there
/// is no error.
fn remove_any(path: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
        Ok(m) if m.is_dir() => std::fs::remove_dir_all(path),
        Ok(_) => std::fs::remove_file(path),
    }
}

/// The agent's `output.txt` at `path`, opened without blocking (a FIFO's open would wait
/// for a writer), which must be a regular file of at most [`MAX_OUTPUT`] bytes; `name`
/// names the agent in the messages.
fn read_output(path: &Path, name: &str) -> Result<String, Error> {
    let file = crate::text_file::open_regular(path)
        .map_err(|_| Error::Move(format!("'{name}' wrote no output.txt")))?
        .ok_or_else(|| {
            Error::Move(format!(
                "'{name}' left an output.txt that is not a regular file (a FIFO, a device or \
                 a directory)"
            ))
        })?;
    let mut text = String::new();
    file.take(MAX_OUTPUT + 1)
        .read_to_string(&mut text)
        .map_err(|e| Error::Move(format!("'{name}' wrote an unreadable output.txt: {e}")))?;
    if text.len() as u64 > MAX_OUTPUT {
        return Err(Error::Move(format!(
            "'{name}' wrote more than {MAX_OUTPUT} bytes to output.txt"
        )));
    }
    Ok(text)
}

impl Drop for CoursePlayer {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl<P: Game> Engine<P> for CoursePlayer {
    fn search(
        &mut self,
        pos: &P,
        limits: &Limits,
        _report: &mut dyn FnMut(&Report),
    ) -> Result<Outcome, Error> {
        let text = pos.to_text();
        let (variant, fields) = split_game_text(&text)?;
        let rules = variant
            .halma()
            .filter(|r| r.board == CourseBoard::BOARD && r.players == 2)
            .ok_or_else(|| {
                Error::Rules(format!(
                    "course agents play two-player 16x16 Halma games, not {variant}"
                ))
            })?;
        // The same board, so cells (and moves) mean the same on both positions.
        let course =
            Position::<CourseBoard>::from_text_fields(Arc::new(Setup::new(rules)?), fields)?;
        let (game, seconds) = match (limits.clock, limits.move_time) {
            (Some(clock), _) => (true, clock.time_left.as_secs_f64()),
            (None, Some(t)) => (false, t.as_secs_f64()),
            (None, None) => (false, UNTIMED_SECONDS),
        };
        let cap = Duration::from_secs_f64(seconds) + self.margin;
        let started = Instant::now();
        let output = self.run_once(&input_text(&course, game, seconds), cap)?;
        let mv = parse_output(&output, &course)?;
        Ok(Outcome {
            best: mv,
            score: Score::Centimoves(0),
            depth: 0,
            pv: vec![mv],
            nodes: 0,
            time: started.elapsed(),
        })
    }

    fn new_game(&mut self) {}
}
