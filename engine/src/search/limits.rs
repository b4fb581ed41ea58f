//! What bounds a search: depth, nodes, time, a clock, or nothing but the stop flag.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The longest time, in seconds, that the command line (`halma analyse --time`) and a course
/// file (`input.txt`) may give one search: 10⁶ s, about 11.6 days. Longer times are refused
/// by the flag and clamped to this in a course file (docs/cli.md, docs/protocol.md); far
/// below what [`Duration`] arithmetic can hold, and the time manager saturates beyond.
pub const MAX_SECONDS: u64 = 1_000_000;

/// The Move Overhead a front end gets unless it says otherwise (UGI option `Move
/// Overhead`, in-process tournament players): time kept back from every allowance for what
/// the search does not see (reading the command, writing the move, the pipe, the
/// scheduler on a loaded machine). Measured: docs/protocol.md.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(10);

/// The largest Move Overhead accepted: 5 s.
pub const MAX_MOVE_OVERHEAD: Duration = Duration::from_secs(5);

/// A side's clock: time left and the increment added after each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock of the side to move.
    pub time_left: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves to play before the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// Limits of one search. Unset limits do not bound it; with none set the search runs until
/// the stop flag is raised (or the maximum depth is reached).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Nodes to search (summed over threads).
    pub nodes: Option<u64>,
    /// Time for this move.
    pub move_time: Option<Duration>,
    /// The clock of the side to move; time management picks the time for this move.
    pub clock: Option<Clock>,
    /// Raised by anyone to stop the search; the best move so far is returned.
    pub stop: Arc<AtomicBool>,
    /// Time kept back from the move time and the clock for the caller's own delays (see
    /// [`DEFAULT_MOVE_OVERHEAD`]); zero by default, for a caller that measures the search
    /// alone.
    pub overhead: Duration,
    /// When the clock started for this search: when the command asking for it came in, so
    /// that the time before the search begins counts too; `None` for the search's start.
    pub start: Option<Instant>,
}

impl Limits {
    /// A search to exactly `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
    /// A search of `time` for this move.
    pub fn move_time(time: Duration) -> Limits {
        Limits {
            move_time: Some(time),
            ..Limits::default()
        }
    }
    /// Whether only the stop flag (or the maximum depth) ends the search.
    pub fn is_infinite(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.move_time.is_none()
            && self.clock.is_none()
    }
}
