//! What the solver's phases report: a beam search's result ([`Beam`], [`Aim`]), an
//! iteration of the deepening ([`Iteration`]), what is proved so far ([`Checkpoint`]), and
//! the progress events a caller hears ([`Progress`]); and what a caller keeps between
//! runs ([`Kept`], [`LevelStore`]). Shared by [`super::beam`], [`super::ida`] and the solver's driver, so
//! that neither search module depends on the other's types.

use crate::moves::Move;

/// What a beam search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Beam {
    /// States kept per depth.
    pub width: usize,
    /// The line found, if any (its length is the upper bound).
    pub line: Option<Vec<Move>>,
    /// Nodes expanded (the completion's included).
    pub nodes: u64,
    /// Wall time in milliseconds.
    pub millis: f64,
    /// The aim, for an aimed beam.
    pub aim: Option<Aim>,
    /// Whether the completion gave up at its node budget without a line.
    pub gave_up: bool,
}

/// What an aimed beam looks for and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aim {
    /// The length of the line looked for.
    pub length: u32,
    /// The depth whose kept states are searched to the end.
    pub complete_at: u32,
    /// Most nodes the completion may expand (it gives up beyond).
    pub node_budget: u64,
}

impl Beam {
    /// The length of the line found, if any.
    pub fn length(&self) -> Option<u32> {
        self.line.as_ref().map(|l| l.len() as u32)
    }
}

/// One completed (or final) iteration of the search.
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration {
    /// The limit: every line of at most this many moves was searched.
    pub bound: u32,
    /// Whether a line of exactly this length was found.
    pub solved: bool,
    /// Nodes expanded in this iteration.
    pub nodes: u64,
    /// Wall time of the iteration, in milliseconds.
    pub millis: f64,
    /// After an iteration without a line, the limit searched next (every line shorter than
    /// it is refuted with this one).
    pub next: Option<u32>,
}

/// What a solve has proved so far, enough for a later run to go on from there
/// ([`super::solve_from`]): reported ([`Progress::Checkpoint`]) after every bound searched
/// without a line. The table of proven failures and the level table are not in it (they
/// are rebuilt; only speed depends on them).
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// The start position's lower bound.
    pub start_bound: u32,
    /// The bounds searched without a line, in order.
    pub refuted: Vec<Iteration>,
    /// The next limit to search: no line is shorter.
    pub next: u32,
    /// The beam search whose line is the upper bound, if one ran.
    pub beam: Option<Beam>,
    /// The level table's grouping in use (solitaire).
    pub level_grouping: Option<super::bound::Grouping>,
    /// The bound from which the deepening took over from the layers, if it did.
    pub deepening_from: Option<u32>,
}

/// What the progress callback hears.
#[derive(Clone, Debug)]
pub enum Progress {
    /// An iteration starts.
    Started {
        /// Its limit.
        bound: u32,
        /// Its expected wall time from the growth of the ones before
        /// ([`super::ida::expected_millis`]), when there were two.
        expected_millis: Option<f64>,
    },
    /// An iteration ended.
    Finished(Iteration),
    /// The beam search for an upper bound starts, with this width.
    BeamStarted(usize),
    /// An aimed beam search starts.
    AimedBeamStarted(Aim),
    /// A beam search ended.
    BeamFinished(Beam),
    /// The layered search with limit `bound` has stored layer `depth` (the states reached
    /// in exactly `depth` moves that may still finish within the limit).
    Layer {
        /// The iteration's limit.
        bound: u32,
        /// The layer's depth.
        depth: u32,
        /// Its states.
        states: u64,
    },
    /// A stronger level table is built (the next bound was expected to take longer).
    LevelsStarted {
        /// Its grouping.
        grouping: super::bound::Grouping,
        /// Its states.
        states: u64,
        /// Its expected build time, at the first table's rate.
        expected_millis: f64,
    },
    /// The layers of `bound` did not fit and no aimed beam found its line: the deepening
    /// searches it and every bound after it.
    Switched {
        /// The bound.
        bound: u32,
        /// Why the layers stopped.
        reason: String,
    },
    /// A bound was searched without a line: what is proved so far, to go on from.
    Checkpoint(Checkpoint),
    /// The iteration with limit `bound` has searched `done` of its `tasks` subtrees.
    Searched {
        /// The iteration's limit.
        bound: u32,
        /// Subtrees searched so far.
        done: usize,
        /// Subtrees in all.
        tasks: usize,
    },
}

/// Where a caller keeps the solitaire's level tables between runs: a table of hours is
/// loaded instead of built again when a proof goes on from a checkpoint.
pub trait LevelStore: Sync {
    /// The distances ([`super::bound::LevelTable::distances`]) of a table of `grouping`
    /// with `states` states saved earlier, and the milliseconds its build took; `None`
    /// when none is kept (or what is kept is not whole).
    fn load(&self, grouping: super::bound::Grouping, states: u64) -> Option<(Vec<u8>, f64)>;
    /// Keeps a table just built in `millis` milliseconds.
    fn save(&self, grouping: super::bound::Grouping, distances: &[u8], millis: f64);
}

/// What a solve takes from earlier runs ([`super::solve_from`]): the checkpoint it goes on
/// from, and where its level tables are kept.
#[derive(Clone, Copy, Default)]
pub struct Kept<'a> {
    /// The checkpoint, if any.
    pub checkpoint: Option<&'a Checkpoint>,
    /// The level tables' store, if any.
    pub levels: Option<&'a dyn LevelStore>,
}
