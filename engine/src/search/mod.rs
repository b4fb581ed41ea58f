//! The alpha-beta searcher: [`Searcher::search`] finds the best move of a position within
//! [`Limits`], reporting each completed iteration.
//!
//! One concept per module: [`score`] (win/loss scores), [`limits`] (what bounds a search),
//! [`timeman`] (time for one move), [`tt`] (the shared transposition table),
//! `table_memory` (its memory), [`ordering`] (move ordering), [`multi`] (paranoid or
//! best-reply search with more than two sides), `worker` (one thread's negamax). Threads:
//! lazy SMP — every thread runs its own iterative deepening over the shared table, helpers
//! skipping some depths; the main thread's result is the answer. The helpers start once the
//! main thread has completed its first iteration and stop at the deadline regardless, so
//! that more threads than cores cannot hold a move back past a short clock
//! (docs/protocol.md, "Threads beyond the cores").

pub mod limits;
pub mod multi;
pub mod ordering;
pub mod score;
mod table_memory;
pub mod timeman;
pub mod tt;
mod worker;

pub use limits::{Clock, Limits, DEFAULT_MOVE_OVERHEAD, MAX_MOVE_OVERHEAD, MAX_SECONDS};
pub use multi::MultiPlayer;
pub use score::Score;

use crate::error::Error;
use crate::game::{ensure_ongoing, Game, ProofBudget, Team};
use crate::moves::Move;
use crate::weights::Weights;
use score::{MAX_PLY, WIN, WIN_BOUND};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};
use timeman::TimeManager;
use tt::TranspositionTable;
use worker::Worker;

/// How the searcher is set up (what stays the same from one search to the next).
#[derive(Clone, Debug)]
pub struct Options {
    /// Search threads (lazy SMP).
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Number of best lines to find and report.
    pub multipv: usize,
    /// Late-move reductions and aspiration windows (off: plain alpha-beta, for tests).
    pub pruning: bool,
    /// Whether to use the transposition table at all.
    pub use_table: bool,
    /// The search with more than two sides: paranoid or best-reply.
    pub multi: MultiPlayer,
    /// The evaluation weights set, over the game's own defaults ([`Evaluation::default_weights`](crate::game::Evaluation::default_weights)).
    pub weights: Weights,
    /// Play a proved-shortest race finish ([`SearchHints::race_finish`](crate::game::SearchHints::race_finish)) instead of searching,
    /// when the search is bounded (not infinite, no fixed depth), finds one line and prunes.
    pub race_finish: bool,
    /// Late-move pruning (with `pruning`): at a non-PV node up to three plies from the
    /// frontier, the moves that gain little ([`Evaluation::move_gain`](crate::game::Evaluation::move_gain) at most 2: in Halma
    /// sideways, backward, a single step, or a jump chain netting two cells) are not searched
    /// once the first few have been, where the game allows pruning
    /// ([`SearchHints::futility_slack`](crate::game::SearchHints::futility_slack)).
    pub late_pruning: bool,
    /// Null-move pruning (with `pruning`): at a non-PV node at least three plies from the
    /// frontier whose static score reaches beta, a pass searched two plies shallower that
    /// still fails high ends the node, where the game allows pruning
    /// ([`SearchHints::futility_slack`](crate::game::SearchHints::futility_slack)).
    pub null_move: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            hash_mib: 16,
            multipv: 1,
            pruning: true,
            use_table: true,
            multi: MultiPlayer::default(),
            weights: Weights::default(),
            race_finish: true,
            late_pruning: true,
            null_move: true,
        }
    }
}

/// Solver nodes a root race finish may take at most ([`SearchHints::race_finish`](crate::game::SearchHints::race_finish)).
pub const RACE_FINISH_NODES: u64 = 200_000;
/// The share of a timed search's optimum time a root race finish may take: one part in
/// this many.
const RACE_FINISH_SHARE: u32 = 4;

/// One line of a report: a root move's score and principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The score from the view of the side to move at the root.
    pub score: Score,
    /// The principal variation, the root move first.
    pub pv: Vec<Move>,
}

/// What a completed iteration reports.
#[derive(Clone, Debug)]
pub struct Iteration {
    /// Depth in plies.
    pub depth: u32,
    /// Deepest ply reached by the main thread.
    pub seldepth: u32,
    /// The best lines, best first (one unless multi-PV).
    pub lines: Vec<Line>,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the table filled by this search.
    pub hashfull: u32,
}

impl Iteration {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.time)
    }
}

/// Nodes per second for `nodes` in `time`.
pub fn nps(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The move to play.
    pub best: Move,
    /// Its score (side to move's view).
    pub score: Score,
    /// Deepest completed iteration (0 if stopped before the first one completed).
    pub depth: u32,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// Time used.
    pub time: Duration,
}

/// What every thread of one search shares.
pub(crate) struct Shared<'a> {
    tt: &'a TranspositionTable,
    user_stop: &'a AtomicBool,
    abort: AtomicBool,
    completed: AtomicBool,
    nodes: AtomicU64,
    time: TimeManager,
    node_limit: Option<u64>,
    node_limited: bool,
    pruning: bool,
    late_pruning: bool,
    null_move: bool,
    use_table: bool,
    multi: MultiPlayer,
    /// The opponent share when a score depends on the root side's view (more than two
    /// sides, or a share below 100): the table keys then carry the root side and the share,
    /// so that no search reads a score made from another view or share.
    root_view: Option<i32>,
}

impl Shared<'_> {
    /// Whether a thread must stop, with `total` nodes searched. Time and node limits only
    /// stop the main thread once an iteration has completed, so a search always has a move
    /// to return; a `helper` stops at the deadline regardless, leaving the cores to the main
    /// thread (with more threads than cores it could otherwise starve the main thread's first
    /// iteration long past a short clock).
    fn should_stop(&self, total: u64, helper: bool) -> bool {
        self.user_stop.load(Relaxed)
            || self.abort.load(Relaxed)
            || ((helper || self.completed.load(Relaxed))
                && (self.time.out_of_time() || self.node_limit.is_some_and(|n| total >= n)))
    }
}

/// A searcher: options and the transposition table, kept from one search to the next.
pub struct Searcher {
    options: Options,
    tt: TranspositionTable,
}

impl Searcher {
    /// A searcher with these options.
    pub fn new(options: Options) -> Searcher {
        let tt = TranspositionTable::new(options.hash_mib);
        Searcher { options, tt }
    }

    /// The options in use.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt = TranspositionTable::new(self.options.hash_mib);
    }

    /// Searches `pos` within `limits`, calling `report` after every completed iteration
    /// (from the calling thread). An error if the game is already over.
    pub fn search<P: Game>(
        &mut self,
        pos: &P,
        limits: &Limits,
        mut report: impl FnMut(&Iteration),
    ) -> Result<Outcome, Error> {
        ensure_ongoing(pos)?;
        let options = &self.options;
        // The opponent share applies at roots where the side leads the race by enough.
        let eval = pos.root_evaluator(&options.weights);
        let share = pos.opponent_share(&eval);
        self.tt.new_search();
        let shared = Shared {
            tt: &self.tt,
            user_stop: &limits.stop,
            abort: AtomicBool::new(false),
            completed: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            time: TimeManager::for_position(limits, pos, &eval),
            node_limit: limits.nodes,
            node_limited: limits.nodes.is_some(),
            pruning: options.pruning,
            late_pruning: options.pruning && options.late_pruning,
            null_move: options.pruning && options.null_move,
            use_table: options.use_table,
            multi: options.multi,
            root_view: (pos.sides() > 2 || share != 100).then_some(share),
        };
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32).max(1);
        let multipv = options.multipv.max(1);
        let infinite = limits.is_infinite();
        if options.race_finish
            && options.pruning
            && multipv == 1
            && !infinite
            && limits.depth.is_none()
        {
            if let Some(outcome) = race_finish(pos, &eval, limits, &shared, &mut report) {
                return Ok(outcome);
            }
        }
        let timed = limits.move_time.is_some() || limits.clock.is_some();
        let mut last: Option<(u32, Line)> = None;

        std::thread::scope(|scope| {
            // The helpers start once the main thread has completed its first iteration, so
            // that a move is ready at once however many threads share the cores.
            let mut helpers_started = false;
            let mut start_helpers = || {
                if std::mem::replace(&mut helpers_started, true) {
                    return;
                }
                for id in 1..options.threads.max(1) {
                    let (shared, eval) = (&shared, &eval);
                    let pos = pos.clone();
                    scope.spawn(move || {
                        let mut helper = Worker::new(pos, eval, shared);
                        helper.iterate(id, max_depth, 1, |_, _| true);
                        helper.flush_nodes();
                    });
                }
            };
            let mut main = Worker::new(pos.clone(), &eval, &shared);
            main.iterate(0, max_depth, multipv, |w, depth| {
                let lines: Vec<Line> = w
                    .root_moves
                    .iter()
                    .take(multipv)
                    .map(|rm| Line {
                        score: Score::from_raw(rm.score),
                        pv: rm.pv.clone(),
                    })
                    .collect();
                let it = Iteration {
                    depth,
                    seldepth: w.seldepth as u32,
                    lines,
                    nodes: shared.nodes.load(Relaxed) + w.nodes_unflushed(),
                    time: shared.time.elapsed(),
                    hashfull: shared.tt.hashfull(),
                };
                report(&it);
                last = Some((depth, it.lines[0].clone()));
                shared.completed.store(true, Relaxed);
                let raw = w.best().score;
                let proven = raw.abs() >= WIN_BOUND && depth >= (WIN - raw.abs()) as u32;
                let forced = timed && w.root_moves.len() == 1;
                let out_of_budget = !shared.time.may_start_iteration()
                    || limits.nodes.is_some_and(|n| it.nodes >= n);
                let go_on = !(!infinite && (proven || forced || out_of_budget));
                if go_on && depth < max_depth {
                    start_helpers();
                }
                go_on
            });
            main.flush_nodes();
            shared.abort.store(true, Relaxed);
            if last.is_none() {
                // Stopped before the first iteration completed: the first root move, at
                // the static score.
                let team = Team::new(pos.to_move(), pos.sides());
                last = Some((
                    0,
                    Line {
                        score: Score::Centimoves(pos.evaluate(&eval, team)),
                        pv: vec![main.best().mv],
                    },
                ));
            }
        });
        let (depth, line) = last.expect("set above");
        Ok(Outcome {
            best: line.pv[0],
            score: line.score,
            depth,
            pv: line.pv,
            nodes: shared.nodes.load(Relaxed),
            time: shared.time.elapsed(),
        })
    }
}

/// The search's answer when the position is a race whose shortest finish the game proves
/// within the budget ([`SearchHints::race_finish`](crate::game::SearchHints::race_finish)): its first move, reported as a one-move
/// iteration with the static score (the solver says nothing of the other side). The budget
/// is [`RACE_FINISH_NODES`] (or the node limit, if less) and, when the search is timed, a
/// [`RACE_FINISH_SHARE`]th of its optimum time.
fn race_finish<P: Game>(
    pos: &P,
    eval: &P::Eval,
    limits: &Limits,
    shared: &Shared<'_>,
    report: &mut impl FnMut(&Iteration),
) -> Option<Outcome> {
    let mut nodes = RACE_FINISH_NODES;
    if let Some(limit) = limits.nodes {
        nodes = nodes.min(limit);
    }
    // A share too far off to be an Instant leaves the nodes alone to bound the proof.
    let deadline = shared.time.budget().0.and_then(|optimum| {
        let share = (optimum / RACE_FINISH_SHARE).saturating_sub(shared.time.elapsed());
        Instant::now().checked_add(share)
    });
    let budget = ProofBudget {
        nodes,
        deadline,
        stop: &limits.stop,
    };
    let (best, moves) = pos.race_finish(eval, &budget)?;
    let score = Score::Centimoves(pos.evaluate(eval, Team::new(pos.to_move(), pos.sides())));
    let line = Line {
        score,
        pv: vec![best],
    };
    let time = shared.time.elapsed();
    report(&Iteration {
        depth: 1,
        seldepth: (2 * moves).saturating_sub(1),
        lines: vec![line.clone()],
        nodes: 0,
        time,
        hashfull: shared.tt.hashfull(),
    });
    Some(Outcome {
        best,
        score,
        depth: 1,
        pv: line.pv,
        nodes: 0,
        time,
    })
}
