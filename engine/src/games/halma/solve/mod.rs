//! Shortest-game solver: the fewest moves for one side alone to cross the board
//! (*solitaire*), and the fewest plies of a game in which both sides help one of them finish
//! (*cooperative*), proved by iterative-deepening A* with admissible bounds.
//!
//! Both modes use the all-in-goal win and ignore deadlines and repetition; camp exit and the
//! other rule options of the rule set stay. The search ([`ida`]) keeps a shared table of
//! proven failures and searches the root moves of each iteration in parallel; the bounds
//! ([`bound`]) are a parity bound and, for solitaire on boards where it fits, the exact
//! distance of a relaxation that only keeps the number of pieces per row. Every line found
//! is replayed before it is returned. `docs/solver.md` gives the method and the results.
//!
//! For the evaluation's race term, [`solitaire_moves`] (or a reusable [`Race`]) answers the
//! fewest moves for one side of any position to finish, other pieces standing still.

pub mod beam;
pub mod bound;
mod cooperative;
pub mod ida;
pub mod layered;
mod pack;
pub mod report;
mod solitaire;
mod symmetry;

use crate::bitboard::BitBoard;
use crate::board::geometry::{Board, Geometry};
use crate::error::Error;
use crate::game::ProofBudget;
use crate::games::halma::notation::{is_step, jump_landings, move_text};
use crate::games::halma::position::{Position, Status};
use crate::games::halma::rules::{CampExit, JumpKind, Rules, WinCondition};
use crate::games::halma::setup::Setup;
use crate::moves::Move;
pub use beam::Beam;
use bound::{Grouping, LevelTable, ParityBound};
use cooperative::Cooperative;
use ida::{Puzzle, Step, Table, Worker};
use layered::{LayerStats, Layered, Layers};
pub use report::{Checkpoint, Iteration, Kept, LevelStore, Progress};
use solitaire::Solitaire;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// What is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Side A alone (the other sides' pieces removed) moves every piece into its goal.
    Solitaire,
    /// Two sides alternate, both helping, until one has every piece in its goal.
    Cooperative,
}

impl Mode {
    /// The mode named `solitaire` or `cooperative`.
    pub fn parse(text: &str) -> Result<Mode, Error> {
        match text {
            "solitaire" => Ok(Mode::Solitaire),
            "cooperative" => Ok(Mode::Cooperative),
            _ => Err(Error::Argument(format!(
                "unknown solve mode '{text}' (known: solitaire, cooperative)"
            ))),
        }
    }

    /// The mode's name.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Solitaire => "solitaire",
            Mode::Cooperative => "cooperative",
        }
    }
}

/// How each bound is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Depth-first iterative deepening with the table of proven failures ([`ida`]).
    Deepening,
    /// Breadth-first layers of deduplicated states ([`layered`]), within the memory budget.
    Layered,
    /// The one measured faster (`docs/solver.md`, *Which method `auto` picks*): layered
    /// for the cooperative game on the diamond and the star, deepening elsewhere.
    Auto,
}

impl Method {
    /// The method named `deepening`, `layered` or `auto`.
    pub fn parse(text: &str) -> Result<Method, Error> {
        match text {
            "deepening" => Ok(Method::Deepening),
            "layered" => Ok(Method::Layered),
            "auto" => Ok(Method::Auto),
            _ => Err(Error::Argument(format!(
                "unknown solve method '{text}' (known: layered, deepening, auto)"
            ))),
        }
    }

    /// The method's name.
    pub fn name(self) -> &'static str {
        match self {
            Method::Deepening => "deepening",
            Method::Layered => "layered",
            Method::Auto => "auto",
        }
    }

    /// The method `Auto` stands for in `mode` on `board`; the others stand for themselves.
    /// Layered where it was measured faster: the cooperative game on the diamond and the
    /// star, whose cost lies in the bounds without a line (diamond bounds 27-28: a sixth of
    /// the deepening's CPU). Deepening elsewhere: in solitaire the layers of the bound with
    /// the line cost more (`halma8`: 7 times), and on the square boards the cooperative
    /// start bound is close to the minimum, so the deepening finds the line at once where
    /// the layers must all be built (`halma8` cooperative: 0.1 s against over 192 MB).
    pub fn resolve(self, mode: Mode, board: Board) -> Method {
        match self {
            Method::Auto
                if mode == Mode::Cooperative && matches!(board, Board::Diamond | Board::Star) =>
            {
                Method::Layered
            }
            Method::Auto => Method::Deepening,
            method => method,
        }
    }
}

/// Limits of a solve.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// How each bound is searched.
    pub method: Method,
    /// Set from outside (Ctrl-C) to stop the search; what was proved so far is returned.
    pub stop: Option<&'static AtomicBool>,
    /// Bytes for the table of proven failures (deepening), or for the stored layers
    /// (layered: the search stops with what it proved when the next layer would exceed it).
    pub table_bytes: usize,
    /// The longest line looked for, a hard bound on every phase: the beams search no deeper
    /// and the deepening gives up rather than search an iteration whose limit exceeds it.
    pub max_bound: u32,
    /// Most states (bytes) of the level table built first: the strongest grouping that fits.
    pub level_states: u64,
    /// Most states (bytes) of a stronger level table (solitaire): when the next bound is
    /// expected ([`ida::expected_millis`]) to take longer than building the strongest
    /// grouping that fits here (its states at the first table's rate), the search pauses,
    /// builds it and goes on with it. At most `level_states`: never.
    pub level_states_most: u64,
    /// Pause for the stronger level table when the next bound is expected to take longer
    /// than this many milliseconds instead (tests force the upgrade with 0).
    pub level_upgrade_millis: Option<f64>,
    /// States per depth of the beam search for an upper bound; 0 for none.
    pub beam_width: usize,
    /// The depth from which aimed beams ([`beam::aimed`]), run after the first beam for
    /// each length from the start's bound up, search their states to the end; `None`: a
    /// third of the length aimed at; `Some(0)`: no aimed beams.
    pub complete_at: Option<u32>,
    /// The layered method's widest aimed beam: at a bound whose layers are expected to be
    /// costly, or do not fit, aimed beams of `beam_width`, ten times that and so on up to
    /// this look for its line (every shorter bound refuted, a line found is shortest).
    pub widest_beam: usize,
    /// When a bound's layers do not fit and no aimed beam finds its line, the layered
    /// method hands that bound and the ones after to the deepening (which never stops for
    /// memory) instead of stopping.
    pub fallback: bool,
}

impl Options {
    /// The longest line a beam may look for: `max_bound`, at most [`beam::MAX_DEPTH`].
    fn longest_beam(&self) -> u32 {
        self.max_bound.min(beam::MAX_DEPTH)
    }
}

/// Nodes an aimed beam's completion may expand per state of the beam's width.
pub const COMPLETION_NODES_PER_STATE: u64 = 10_000;

/// The result of [`solve`].
#[derive(Clone, Debug)]
pub struct Solution {
    /// The rules as solved (all-in-goal, no deadline, no repetition).
    pub rules: Rules,
    /// The mode.
    pub mode: Mode,
    /// The lower bound of the start position.
    pub start_bound: u32,
    /// The fewest moves (solitaire) or plies (cooperative), if found within the limit.
    pub minimum: Option<u32>,
    /// Whether the search proved that the goal cannot be reached at all.
    pub impossible: bool,
    /// One shortest line, in move text, replayed and checked; empty without a minimum.
    pub line: Vec<String>,
    /// The beam search for an upper bound, if one ran; when its line is as short as the
    /// minimum, the deepening stopped one bound early and that line is the one given.
    pub beam: Option<Beam>,
    /// Every iteration: its limit, whether it found a line, nodes and time.
    pub iterations: Vec<Iteration>,
    /// Bytes of the table of proven failures.
    pub table_bytes: usize,
    /// Slots of that table in use at the end.
    pub table_used: usize,
    /// States (bytes) of the level table, 0 when none was built.
    pub level_states: usize,
    /// The level table's grouping of cells, if one was built.
    pub level_grouping: Option<Grouping>,
    /// Wall time spent building (or loading) the level tables, in milliseconds.
    pub level_millis: f64,
    /// Wall time in milliseconds, tables included.
    pub millis: f64,
    /// The method each bound was searched with (never `Auto`).
    pub method: Method,
    /// The bound from which the deepening searched in place of the layers
    /// ([`Options::fallback`]), if it did.
    pub deepening_from: Option<u32>,
    /// Why the search stopped before a minimum was proved (memory, interruption), if it did.
    pub stopped: Option<String>,
    /// States in the largest layer of the layered method (0 for deepening).
    pub widest_layer: u64,
    /// Most bytes of stored layers at once (layered), the table's size (deepening).
    pub peak_bytes: u64,
}

impl Solution {
    /// Total nodes of every iteration.
    pub fn nodes(&self) -> u64 {
        self.iterations.iter().map(|i| i.nodes).sum()
    }
}

/// The rules a mode solves: `rules` with the all-in-goal win, no deadline and no repetition;
/// an error for what the solver does not support (vacate in solitaire; more than two players
/// in cooperative).
pub fn solver_rules(mut rules: Rules, mode: Mode) -> Result<Rules, Error> {
    match mode {
        Mode::Solitaire if rules.vacate => {
            return Err(Error::Rules(
                "solitaire mode does not support the vacate rule".into(),
            ))
        }
        Mode::Cooperative if rules.players != 2 => {
            return Err(Error::Rules(format!(
                "cooperative mode needs a two-player rule set, {} has {}",
                rules.base, rules.players
            )))
        }
        _ => {}
    }
    rules.win = WinCondition::AllInGoal;
    rules.deadline = None;
    rules.repetition = false;
    Ok(rules)
}

/// Solves `mode` for `rules` from the start position (side A alone in solitaire), on
/// rayon's current thread pool, reporting each iteration to `progress`.
pub fn solve(
    rules: Rules,
    mode: Mode,
    options: &Options,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<Solution, Error> {
    solve_from(rules, mode, options, Kept::default(), progress)
}

/// [`solve`], going on from `kept.checkpoint` when given: what an earlier solve of the
/// same rules and mode reported ([`Progress::Checkpoint`]). Its bounds are taken as
/// refuted; its beam's line is replayed first (an error if it fails), and the search goes
/// on at its next bound, with the level table it had (when it fits `options`). Level
/// tables are loaded from `kept.levels` when it holds them, and given to it when built.
pub fn solve_from(
    rules: Rules,
    mode: Mode,
    options: &Options,
    kept: Kept,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<Solution, Error> {
    let rules = solver_rules(rules, mode)?;
    crate::with_geometry!(rules.board, G => solve_on::<G>(rules, mode, options, kept, progress))
}

/// [`solve_from`] for one geometry.
fn solve_on<G: Geometry>(
    rules: Rules,
    mode: Mode,
    options: &Options,
    kept: Kept,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<Solution, Error> {
    let started = Instant::now();
    let checkpoint = kept.checkpoint.cloned();
    let method = options.method.resolve(mode, G::BOARD);
    let setup = Arc::new(Setup::<G>::new(rules)?);
    if let Some(checkpoint) = &checkpoint {
        check_checkpoint_on(&setup, mode, checkpoint)?;
    }
    let (proof, level) = match mode {
        Mode::Solitaire => {
            let kept = (checkpoint, kept.levels);
            solitaire_proof(&setup, method, options, kept, progress)
        }
        Mode::Cooperative => {
            let puzzle = Cooperative::new(&setup).with_symmetries(&setup);
            let root = puzzle.node(Position::start(setup.clone()));
            let table = proof_table(method, options);
            let course = Course {
                start: checkpoint.map_or(Start::Fresh, Start::Resumed),
                pause_over: None,
                levels: None,
            };
            let proof = prove(&puzzle, &root, (method, &table), options, course, progress);
            (Proved::new(proof, &table), None)
        }
    };
    let (table_bytes, table_used) = (proof.table_bytes, proof.table_used);
    let proof = proof.proof;
    let (outcome, layers) = (proof.outcome, proof.layers);
    // A beam's line is never longer than the limit, so the deepening always reaches it:
    // without a minimum there is no line at all.
    let moves = outcome.minimum.map(|_| &outcome.line[..]);
    let line = match (moves, mode) {
        (None, _) => Vec::new(),
        (Some(moves), Mode::Solitaire) => replay_solitaire(&setup, 0, moves)?,
        (Some(moves), Mode::Cooperative) => replay_cooperative(&setup, moves)?,
    };
    Ok(Solution {
        rules,
        mode,
        start_bound: proof.start_bound,
        minimum: outcome.minimum,
        impossible: outcome.impossible,
        line,
        beam: proof.beam,
        iterations: outcome.iterations,
        table_bytes,
        table_used,
        level_states: level.map_or(0, |(states, _, _)| states),
        level_grouping: level.map(|(_, grouping, _)| grouping),
        level_millis: level.map_or(0.0, |(_, _, millis)| millis),
        millis: started.elapsed().as_secs_f64() * 1e3,
        method,
        deepening_from: proof.deepening_from,
        stopped: outcome.stopped,
        widest_layer: layers.widest,
        peak_bytes: if method == Method::Layered {
            layers.peak_bytes
        } else {
            table_bytes as u64
        },
    })
}

/// An error unless `checkpoint` is one a solve of `rules` in `mode` could have made: its
/// bounds increasing and below its next bound, and its beam's line, which is not shorter
/// than that, replayed through the rules. [`solve_from`] checks this first too.
pub fn check_checkpoint(rules: Rules, mode: Mode, checkpoint: &Checkpoint) -> Result<(), Error> {
    let rules = solver_rules(rules, mode)?;
    crate::with_geometry!(rules.board, G => {
        check_checkpoint_on(&Arc::new(Setup::<G>::new(rules)?), mode, checkpoint)
    })
}

/// [`check_checkpoint`] for one geometry.
fn check_checkpoint_on<G: Geometry>(
    setup: &Arc<Setup<G>>,
    mode: Mode,
    checkpoint: &Checkpoint,
) -> Result<(), Error> {
    let bad = |why: String| Err(Error::Argument(format!("the checkpoint {why}")));
    let bounds: Vec<u32> = checkpoint.refuted.iter().map(|i| i.bound).collect();
    if bounds.windows(2).any(|w| w[0] >= w[1]) {
        return bad(format!("lists its refuted bounds out of order: {bounds:?}"));
    }
    if checkpoint.start_bound > checkpoint.next || bounds.iter().any(|&b| b >= checkpoint.next) {
        return bad(format!(
            "goes on at bound {}, below its start bound {} or a bound it refuted",
            checkpoint.next, checkpoint.start_bound
        ));
    }
    if checkpoint.refuted.iter().any(|i| i.solved) {
        return bad("lists a bound with a line among the refuted ones".into());
    }
    let Some(line) = checkpoint.beam.as_ref().and_then(|b| b.line.as_deref()) else {
        return Ok(());
    };
    if (line.len() as u32) < checkpoint.next {
        return bad(format!(
            "has a beam line of {} moves, shorter than its next bound {}",
            line.len(),
            checkpoint.next
        ));
    }
    let replayed = match mode {
        Mode::Solitaire => replay_solitaire(setup, 0, line),
        Mode::Cooperative => replay_cooperative(setup, line),
    };
    match replayed {
        Ok(_) => Ok(()),
        Err(e) => bad(format!(
            "has a beam line that does not replay: {}",
            e.message()
        )),
    }
}

/// A proof with the table of proven failures it filled.
struct Proved {
    proof: Proof,
    table_bytes: usize,
    table_used: usize,
}

impl Proved {
    fn new<S: Copy + Eq + Default>(proof: Proof, table: &Table<S>) -> Self {
        Proved {
            proof,
            table_bytes: table.bytes(),
            table_used: table.used(),
        }
    }
}

/// The level table built and its states, grouping and build time, as [`Solution`] reports.
type LevelReport = (usize, Grouping, f64);

/// The solitaire proof of side A: the level table of `options.level_states` first (or the
/// checkpoint's, when it is stronger and fits `options.level_states_most`); when the next
/// bound is expected to take longer than building the strongest table within
/// `options.level_states_most`, that table is built and the proof goes on with it from
/// where it paused, the table of proven failures kept (what it holds is true of the game,
/// whatever the bound).
fn solitaire_proof<G: Geometry>(
    setup: &Setup<G>,
    method: Method,
    options: &Options,
    (checkpoint, store): (Option<Checkpoint>, Option<&dyn LevelStore>),
    progress: &(dyn Fn(&Progress) + Sync),
) -> (Proved, Option<LevelReport>) {
    let building = Instant::now();
    let resumed_levels = checkpoint
        .as_ref()
        .and_then(|c| c.level_grouping)
        .and_then(|g| Some((g, LevelTable::size(setup, 0, g)?)))
        .filter(|&(_, states)| {
            states > options.level_states && states <= options.level_states_most
        });
    let first = resumed_levels.or_else(|| strongest_levels(setup, options.level_states));
    let levels = first.and_then(|(g, states)| level_table(setup, (g, states), store, options.stop));
    let took = building.elapsed().as_secs_f64() * 1e3;
    // What its build took (a loaded table's own), for the estimate of a stronger one's.
    let built = levels.as_ref().map_or(took, |(_, millis)| *millis);
    let levels = levels.map(|(table, _)| table);
    let table = proof_table(method, options);
    let prove_with = |levels: Option<&LevelTable>, start, pause_over| {
        let parity = ParityBound::new(setup, 0);
        let puzzle = Solitaire::new(setup, 0, G::BB::EMPTY, parity, levels).with_mirror();
        let root = puzzle.node(setup.home(0));
        let course = Course {
            start,
            pause_over,
            levels: levels.map(LevelTable::grouping),
        };
        prove(&puzzle, &root, (method, &table), options, course, progress)
    };
    // Its expected build time: the first table's time a state, times the square of the
    // ratio of buckets (a state's relaxed moves grow with the pairs of buckets). On the
    // diamond, levels (64 MB) to levels and classes: 5 min at the first table's time a
    // state, 20 min with the square of the ratio (2), 34 min measured (issue 24's build).
    let stronger = levels.as_ref().and_then(|first| {
        let (grouping, states) = strongest_levels(setup, options.level_states_most)?;
        let buckets = |g| LevelTable::buckets_of(setup, 0, g).unwrap_or(1).max(1) as f64;
        let ratio = buckets(grouping) / buckets(first.grouping());
        let per_state = built.max(1.0) / first.states().max(1) as f64;
        let expected = per_state * ratio * ratio * states as f64;
        (grouping != first.grouping()).then_some((grouping, states, expected))
    });
    let mut level = levels.as_ref().map(|t| (t.states(), t.grouping(), took));
    let pause_over = stronger.map(|s| options.level_upgrade_millis.unwrap_or(s.2));
    let start = checkpoint.map_or(Start::Fresh, Start::Resumed);
    let mut proof = prove_with(levels.as_ref(), start, pause_over);
    if let (Some(from), Some((grouping, states, expected))) = (proof.outcome.paused, stronger) {
        drop(levels);
        progress(&Progress::LevelsStarted {
            grouping,
            states,
            expected_millis: expected,
        });
        let building = Instant::now();
        let strong = level_table(setup, (grouping, states), store, options.stop);
        let millis = building.elapsed().as_secs_f64() * 1e3;
        match strong {
            Some((strong, _)) => {
                level = Some((strong.states(), grouping, took + millis));
                let paused = Checkpoint {
                    start_bound: proof.start_bound,
                    refuted: std::mem::take(&mut proof.outcome.iterations),
                    next: from,
                    beam: proof.beam.take(),
                    level_grouping: Some(grouping),
                    deepening_from: proof.deepening_from,
                };
                proof = prove_with(Some(&strong), Start::Resumed(paused), None);
            }
            None => proof.outcome.stopped = Some("interrupted".into()),
        }
    }
    (Proved::new(proof, &table), level)
}

/// Side A's level table of `grouping` (with `states` states): loaded from `store` when it
/// keeps one, else built and given to it; with the milliseconds its build took. `None`
/// when interrupted while it is built.
fn level_table<G: Geometry>(
    setup: &Setup<G>,
    (grouping, states): (Grouping, u64),
    store: Option<&dyn LevelStore>,
    stop: Option<&AtomicBool>,
) -> Option<(LevelTable, f64)> {
    let loaded = store.and_then(|s| s.load(grouping, states));
    if let Some((distances, millis)) = loaded {
        if let Some(table) = LevelTable::from_distances(setup, 0, grouping, distances) {
            return Some((table, millis));
        }
    }
    let building = Instant::now();
    let table = LevelTable::with_grouping(setup, 0, grouping, states, stop)?;
    let millis = building.elapsed().as_secs_f64() * 1e3;
    if let Some(store) = store {
        store.save(grouping, table.distances(), millis);
    }
    Some((table, millis))
}

/// The strongest grouping of [`Grouping::ALL`] whose table of side A has at most `most`
/// states, and its states.
fn strongest_levels<G: Geometry>(setup: &Setup<G>, most: u64) -> Option<(Grouping, u64)> {
    let most = most.min(u32::MAX as u64);
    Grouping::ALL.iter().find_map(|&g| {
        let states = LevelTable::size(setup, 0, g)?;
        (states <= most).then_some((g, states))
    })
}

/// What [`prove`] returns: the search's outcome and what it used.
struct Proof {
    outcome: ida::Outcome,
    beam: Option<Beam>,
    start_bound: u32,
    layers: LayerStats,
    /// The bound from which the deepening took over from the layers, if it did.
    deepening_from: Option<u32>,
}

/// Most bytes of the table the beams share when the bounds are searched in layers (at most
/// a quarter of the memory budget; the rest goes to the layers).
const LAYERED_TABLE_BYTES: usize = 64 << 20;

/// The table of proven failures a proof by `method` uses within `options`' budget: all of
/// it for the deepening, a small one for the beams beside the layers.
fn proof_table<S: Copy + Eq + Default>(method: Method, options: &Options) -> Table<S> {
    Table::new(if method == Method::Layered {
        (options.table_bytes / 4).min(LAYERED_TABLE_BYTES)
    } else {
        options.table_bytes
    })
}

/// Where [`prove`] starts.
enum Start {
    /// From the root's bound, after a beam search for an upper bound.
    Fresh,
    /// Where an earlier proof of the same root paused or was checkpointed: at its next
    /// limit ([`ida::Span::from`]), with its beam and its refuted bounds.
    Resumed(Checkpoint),
}

/// Where [`prove`] starts, when it pauses, and what its checkpoints name.
struct Course {
    start: Start,
    /// Pause before a bound expected to take longer, in milliseconds ([`ida::Span`]).
    pause_over: Option<f64>,
    /// The level table's grouping, for the checkpoints.
    levels: Option<Grouping>,
}

/// The beam search for an upper bound (unless its width is 0 or the proof is resumed), then
/// the bounds from the start's lower bound up, each searched by `method`, until a line is
/// found, every bound below the beam's line is searched, or the next bound is expected to
/// take longer than the course's pause. No phase looks for a line longer than
/// `options.max_bound`. `table` holds the proven failures (kept across a pause). After
/// every bound without a line, a [`Progress::Checkpoint`] says what is proved.
fn prove<P: Layered>(
    puzzle: &P,
    root: &P::Node,
    (method, table): (Method, &Table<P::State>),
    options: &Options,
    course: Course,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Proof {
    let layered = method == Method::Layered;
    let root_bound = puzzle.bound(root);
    let (beam, from, earlier, mut deepening_from, start_bound) = match course.start {
        // A stronger table may raise the root's bound; the first one stays the start's.
        // An explicit layered method keeps to the layers, whatever the checkpoint did.
        Start::Resumed(c) => (
            c.beam,
            c.next,
            c.refuted,
            c.deepening_from.filter(|_| options.fallback),
            c.start_bound.min(root_bound),
        ),
        Start::Fresh => {
            let beam = (options.beam_width > 0).then(|| {
                progress(&Progress::BeamStarted(options.beam_width));
                let (width, longest) = (options.beam_width, options.longest_beam());
                let beam = beam::search(puzzle, root, width, longest, options.stop);
                progress(&Progress::BeamFinished(beam.clone()));
                if layered {
                    // The layers refute the short lengths sooner than aimed beams search
                    // them; beams are aimed at a costly bound only (below).
                    beam
                } else {
                    shorten(puzzle, root, beam, root_bound, options, table, progress)
                }
            });
            (beam, 0, Vec::new(), None, root_bound)
        }
    };
    let proved = Mutex::new(Checkpoint {
        start_bound,
        refuted: earlier.clone(),
        next: from.max(root_bound),
        beam: beam.clone(),
        level_grouping: course.levels,
        deepening_from,
    });
    let checkpointing = |p: &Progress| {
        progress(p);
        let mut proved = proved.lock().unwrap_or_else(|e| e.into_inner());
        match p {
            Progress::Switched { bound, .. } => proved.deepening_from = Some(*bound),
            Progress::Finished(i) => {
                if let Some(next) = i.next {
                    proved.refuted.push(i.clone());
                    proved.next = next;
                    progress(&Progress::Checkpoint(proved.clone()));
                }
            }
            _ => {}
        }
    };
    let progress: &(dyn Fn(&Progress) + Sync) = &checkpointing;
    let span = ida::Span {
        upper: beam.as_ref().and_then(|b| b.line.as_deref()),
        max: options.max_bound,
        from,
        pause_over: course.pause_over,
        earlier: &earlier,
    };
    let mut layers = LayerStats::default();
    let outcome = if layered {
        let budget = (options.table_bytes - table.bytes()) as u64;
        let own = AtomicBool::new(false);
        let stop = options.stop.unwrap_or(&own);
        // The table of the beams after layers that did not fit and of the deepening, should
        // it take over: it grows as it fills, once the layers are gone.
        let whole = Table::new(options.table_bytes);
        // Made when it takes over, not before (it sizes its buffers for the puzzle).
        let new_deepening = || ida::Deepening::new(puzzle, root, &whole, stop);
        let mut deepening = None;
        let mut beams = Widening::new(options, beam.as_ref());
        // The layers' own bounds (not the aimed beams' time), whose growth says what the
        // next bound's layers are expected to cost.
        let mut searched = earlier.clone();
        ida::deepen_by(puzzle, root, span, progress, |aimed, limit| {
            if deepening_from.is_some() {
                let deepening = deepening.get_or_insert_with(&new_deepening);
                return deepening.search(aimed, limit, progress);
            }
            // Every shorter bound is refuted here, so a line of this length is shortest.
            let expected = ida::expected_millis(&searched);
            // Beside the layers, the beams keep to the small table; after them, the whole.
            if let Some(line) = beams.before_layers(puzzle, root, limit, expected, table, progress)
            {
                return Step::found(line, 0);
            }
            let started = Instant::now();
            let layer_done = |depth, states| {
                progress(&Progress::Layer {
                    bound: limit,
                    depth,
                    states,
                })
            };
            let (result, stats) = layered::search(puzzle, aimed, limit, budget, stop, &layer_done);
            layers.nodes += stats.nodes;
            layers.widest = layers.widest.max(stats.widest);
            layers.peak_bytes = layers.peak_bytes.max(stats.peak_bytes);
            searched.push(Iteration {
                bound: limit,
                solved: false,
                nodes: stats.nodes,
                millis: started.elapsed().as_secs_f64() * 1e3,
                next: None,
            });
            match result {
                Layers::Found(line) => Step::found(line, stats.nodes),
                Layers::Failed { next } => Step {
                    line: None,
                    nodes: stats.nodes,
                    next,
                    stopped: None,
                },
                Layers::Stopped(reason) if stop.load(Ordering::Relaxed) => {
                    Step::stopped(stats.nodes, reason)
                }
                Layers::Stopped(reason) => {
                    if let Some(line) = beams.after_layers(puzzle, root, limit, &whole, progress) {
                        return Step::found(line, 0);
                    }
                    if !options.fallback {
                        return Step::stopped(stats.nodes, reason);
                    }
                    progress(&Progress::Switched {
                        bound: limit,
                        reason,
                    });
                    deepening_from = Some(limit);
                    let deepening = deepening.get_or_insert_with(&new_deepening);
                    deepening.search(aimed, limit, progress)
                }
            }
        })
    } else {
        let own = AtomicBool::new(false);
        let mut deepening = ida::Deepening::new(puzzle, root, table, options.stop.unwrap_or(&own));
        ida::deepen_by(puzzle, root, span, progress, |aimed, limit| {
            deepening.search(aimed, limit, progress)
        })
    };
    Proof {
        outcome,
        beam,
        start_bound,
        layers,
        deepening_from,
    }
}

/// The aimed beams the layered method runs at a bound, widest last: the widths of
/// `options` from `beam_width` up by tens to `widest_beam`, each tried at most once a
/// bound. Before the layers, a width is tried only while its node budget is expected to
/// cost less than the layers' expected time (at the node rate the beams so far have
/// shown: a beam that finds a line usually does so long before its budget); after layers
/// that did not fit, every width not yet tried.
struct Widening<'o> {
    options: &'o Options,
    /// Nodes a millisecond, from the beams run so far.
    rate: Option<f64>,
    /// The next width to try at the current bound, and that bound.
    next: (usize, u32),
}

impl<'o> Widening<'o> {
    fn new(options: &'o Options, first: Option<&Beam>) -> Self {
        Widening {
            options,
            rate: first.and_then(|b| (b.millis > 0.0).then(|| b.nodes as f64 / b.millis)),
            next: (options.beam_width, 0),
        }
    }

    /// The next width to try at `limit`, if one is left.
    fn width(&mut self, limit: u32) -> Option<usize> {
        if self.next.1 != limit {
            self.next = (self.options.beam_width, limit);
        }
        let width = self.next.0;
        (width > 0 && width <= self.options.widest_beam.max(self.options.beam_width))
            .then_some(width)
    }

    /// One aimed beam at `limit` of the next width; its line, if it finds one.
    fn run<P: Puzzle>(
        &mut self,
        (puzzle, root): (&P, &P::Node),
        (limit, width): (u32, usize),
        table: &Table<P::State>,
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Option<Option<Vec<Move>>> {
        self.next.0 = width.saturating_mul(10);
        let options = Options {
            beam_width: width,
            ..*self.options
        };
        let beam = aim_at(puzzle, root, limit, &options, table, progress)?;
        if beam.millis > 0.0 {
            self.rate = Some(beam.nodes as f64 / beam.millis);
        }
        Some(beam.line)
    }

    /// Beams at `limit` before its layers, while they are expected to be cheap beside the
    /// layers' `expected` milliseconds.
    fn before_layers<P: Puzzle>(
        &mut self,
        puzzle: &P,
        root: &P::Node,
        limit: u32,
        expected: Option<f64>,
        table: &Table<P::State>,
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Option<Vec<Move>> {
        let expected = expected?;
        while let Some(width) = self.width(limit) {
            let budget = width as f64 * COMPLETION_NODES_PER_STATE as f64;
            if budget / self.rate? > expected {
                return None;
            }
            if let Some(line) = self.run((puzzle, root), (limit, width), table, progress)? {
                return Some(line);
            }
        }
        None
    }

    /// Every width not yet tried at `limit`, after its layers did not fit.
    fn after_layers<P: Puzzle>(
        &mut self,
        puzzle: &P,
        root: &P::Node,
        limit: u32,
        table: &Table<P::State>,
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Option<Vec<Move>> {
        while let Some(width) = self.width(limit) {
            if let Some(line) = self.run((puzzle, root), (limit, width), table, progress)? {
                return Some(line);
            }
        }
        None
    }
}

/// Aimed beams ([`beam::aimed`]) for lines of each length from the start's lower bound up
/// to one less than `beam`'s line (without one, up to the longest a beam may look for),
/// until one finds a line or gives up at its node budget: the beam with the shortest line.
/// They share `table` with the deepening that follows (what they prove holds for good).
fn shorten<P: Puzzle>(
    puzzle: &P,
    root: &P::Node,
    beam: Beam,
    start_bound: u32,
    options: &Options,
    table: &Table<P::State>,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Beam {
    let upper = beam.length().unwrap_or(options.longest_beam() + 1);
    for length in start_bound..upper {
        let complete_at = options.complete_at.unwrap_or(length / 3);
        // Interrupted (Ctrl-C): no further beam, the deepening then stops at once.
        if complete_at == 0 || options.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            break;
        }
        let aimed = aimed_beam(
            puzzle,
            root,
            (length, complete_at),
            options,
            table,
            progress,
        );
        if aimed.line.is_some() {
            return aimed;
        }
        // Longer lines leave the completion more slack and cost more.
        if aimed.gave_up {
            break;
        }
    }
    beam
}

/// An aimed beam ([`beam::aimed`]) for lines of exactly `limit` moves at the width and
/// completion depth of `options` (`None` without a beam or with `--complete 0`, or when
/// interrupted), sharing `table`. Its line, if any, is a shortest one when every shorter
/// bound has been refuted.
fn aim_at<P: Puzzle>(
    puzzle: &P,
    root: &P::Node,
    limit: u32,
    options: &Options,
    table: &Table<P::State>,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Option<Beam> {
    let complete_at = options.complete_at.unwrap_or(limit / 3);
    let stopped = options.stop.is_some_and(|s| s.load(Ordering::Relaxed));
    if options.beam_width == 0 || complete_at == 0 || stopped {
        return None;
    }
    Some(aimed_beam(
        puzzle,
        root,
        (limit, complete_at),
        options,
        table,
        progress,
    ))
}

/// One aimed beam ([`beam::aimed`]) for lines of exactly `length` moves, completed from
/// `complete_at`, at the width and node budget of `options`, sharing `table`; its start
/// and its result go to `progress`.
fn aimed_beam<P: Puzzle>(
    puzzle: &P,
    root: &P::Node,
    (length, complete_at): (u32, u32),
    options: &Options,
    table: &Table<P::State>,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Beam {
    let aim = beam::Aim {
        length,
        complete_at,
        node_budget: options.beam_width as u64 * COMPLETION_NODES_PER_STATE,
    };
    progress(&Progress::AimedBeamStarted(aim));
    let aimed = beam::aimed(puzzle, root, options.beam_width, aim, table, options.stop);
    progress(&Progress::BeamFinished(aimed.clone()));
    aimed
}

/// Replays a cooperative line through the rules core from the start: every move parsed (and
/// so checked) by [`Position::parse_move`], no side finished before the last move, and the
/// last move wins. Returns the move texts.
fn replay_cooperative<G: Geometry>(
    setup: &Arc<Setup<G>>,
    line: &[Move],
) -> Result<Vec<String>, Error> {
    let mut pos = Position::start(setup.clone());
    let mut texts = Vec::with_capacity(line.len());
    for &mv in line {
        let text = move_text(G::BOARD, mv);
        let parsed = pos.parse_move(&text).map_err(|e| {
            Error::Move(format!(
                "the solver's line fails to replay: {}",
                e.message()
            ))
        })?;
        pos.make(parsed);
        texts.push(text);
    }
    if !matches!(pos.status(), Status::Won(_)) {
        return Err(Error::Move(
            "the solver's line does not end in a win".into(),
        ));
    }
    Ok(texts)
}

/// Replays a solitaire line of `side` with a per-cell check independent of the bitboard
/// generator (the rules core's [`Position`] always holds every side, so it cannot play a
/// side alone): each move a step to an empty neighbour or a chain of jumps over adjacent
/// pieces, camp exit respected, and every piece in the goal at the end.
fn replay_solitaire<G: Geometry>(
    setup: &Setup<G>,
    side: usize,
    line: &[Move],
) -> Result<Vec<String>, Error> {
    let board = G::BOARD;
    let goal = setup.goal(side);
    let mut pieces = setup.home(side);
    let mut texts = Vec::with_capacity(line.len());
    for &mv in line {
        let text = move_text(board, mv);
        let (from, to) = (mv.from(), mv.to());
        let legal = !mv.is_pass()
            && pieces.has(from)
            && !pieces.has(to)
            && G::CELLS.has(to)
            && !(setup.rules().camp_exit == CampExit::Locked && goal.has(from) && !goal.has(to))
            && reaches(board, setup.rules().jumps, pieces, from, to);
        if !legal {
            return Err(Error::Move(format!(
                "the solver's line fails to replay at {text}"
            )));
        }
        pieces ^= G::BB::single(from) | G::BB::single(to);
        texts.push(text);
    }
    if !pieces.without(goal).is_empty() {
        return Err(Error::Move(
            "the solver's line does not end in the goal".into(),
        ));
    }
    Ok(texts)
}

/// Whether the piece on `from` reaches `to` by one step or by a chain of jumps of `kind`
/// (`from` empty during the move), searched cell by cell.
fn reaches<B: BitBoard>(board: Board, kind: JumpKind, occupied: B, from: usize, to: usize) -> bool {
    if is_step(board, from, to) {
        return true;
    }
    let blocked = |cell: usize| cell != from && occupied.has(cell);
    let mut seen = B::single(from);
    let mut stack = vec![from];
    while let Some(at) = stack.pop() {
        for land in jump_landings(board, kind, blocked, at) {
            if !seen.has(land) {
                seen.set(land);
                stack.push(land);
            }
        }
    }
    seen.has(to)
}

/// What a bounded race search says about one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// It finishes in exactly this many moves at best.
    In(u32),
    /// It needs more than the moves allowed (or can never finish).
    Beyond,
    /// The search ran out of nodes first.
    Unknown,
}

/// Reusable solver of one side's race to its goal, for an evaluation that asks often: the
/// bounds of every side are built once per game, the move lists are reused.
pub struct Race<G: Geometry> {
    parity: Vec<ParityBound<G::BB>>,
}

impl<G: Geometry> Race<G> {
    /// The race solver of a game.
    pub fn new(setup: &Setup<G>) -> Self {
        Race {
            parity: (0..setup.sides())
                .map(|s| ParityBound::new(setup, s))
                .collect(),
        }
    }

    /// The fewest moves for `side` of `pos` to have all its pieces in its goal camp, moving
    /// alone while every other piece stands still (an obstacle that can be jumped over), or
    /// `None` if it needs more than `max_moves` or can never finish (another side's piece
    /// sits in its goal). Camp exit and the jump kind of the rules apply; vacate and
    /// follow-out do not (with pieces still at home the answer is then a lower bound).
    ///
    /// Cost: iterative deepening with the parity bound and no table; with `max_moves` up to
    /// about 6 and a few pieces outside the goal it is fast and allocates only its move lists.
    pub fn moves(&self, pos: &Position<G>, side: usize, max_moves: u32) -> Option<u32> {
        let obstacles = pos.occupied().without(pos.pieces(side));
        match self.finish(
            pos.setup(),
            side,
            pos.pieces(side),
            obstacles,
            max_moves,
            u64::MAX,
        ) {
            Finish::In(moves) => Some(moves),
            Finish::Beyond | Finish::Unknown => None,
        }
    }

    /// The same search for `side`'s `pieces` with other pieces on `obstacles`, giving up
    /// after `node_limit` nodes.
    pub fn finish(
        &self,
        setup: &Setup<G>,
        side: usize,
        pieces: G::BB,
        obstacles: G::BB,
        max_moves: u32,
        node_limit: u64,
    ) -> Finish {
        let stop = AtomicBool::new(false);
        let budget = ProofBudget {
            nodes: node_limit,
            deadline: None,
            stop: &stop,
        };
        self.finish_line(setup, side, pieces, obstacles, max_moves, &budget)
            .0
    }

    /// [`Race::finish`] with one shortest line of `side`'s moves when it finishes (empty
    /// otherwise, and when it has already finished), within `budget`.
    pub fn finish_line(
        &self,
        setup: &Setup<G>,
        side: usize,
        pieces: G::BB,
        obstacles: G::BB,
        max_moves: u32,
        budget: &ProofBudget,
    ) -> (Finish, Vec<Move>) {
        let puzzle = Solitaire::new(setup, side, obstacles, self.parity[side], None);
        let mut node = puzzle.node(pieces);
        let mut worker = Worker::new(&puzzle, None, budget.stop)
            .with_node_limit(budget.nodes)
            .with_deadline(budget.deadline);
        let finish = match worker.shortest(&mut node, max_moves) {
            Some(moves) => Finish::In(moves),
            None if worker.out_of_budget() => Finish::Unknown,
            None => Finish::Beyond,
        };
        (finish, std::mem::take(&mut worker.line))
    }
}

/// The fewest moves for `side` of `pos` to put all its pieces in its goal camp, other
/// pieces standing still, or `None` beyond `max_moves`; see [`Race::moves`] (build a
/// [`Race`] once to ask many times).
///
/// ```
/// use halma_engine::games::halma::solve::solitaire_moves;
/// use halma_engine::{Position, Rules, Setup, Square};
/// use std::sync::Arc;
/// let setup = Arc::new(Setup::<Square<8>>::new(Rules::named("halma8").unwrap()).unwrap());
/// let start = Position::start(setup);
/// // Ten pieces, each outside its goal, need at least ten moves.
/// assert_eq!(solitaire_moves(&start, 0, 6), None);
/// ```
pub fn solitaire_moves<G: Geometry>(pos: &Position<G>, side: usize, max_moves: u32) -> Option<u32> {
    Race::new(pos.setup()).moves(pos, side, max_moves)
}

/// The fewest plies from `pos` until one of its two sides has every piece in its goal camp,
/// both sides helping, or `None` beyond `max_plies`. The position's own rules decide the
/// moves and the end of the game; they must be a two-player set with the all-in-goal win
/// (the bound assumes it: use [`solver_rules`]). Single-threaded, no table: meant for
/// positions close to the end.
pub fn cooperative_plies<G: Geometry>(pos: &Position<G>, max_plies: u32) -> Option<u32> {
    let puzzle = Cooperative::new(pos.setup());
    let mut node = puzzle.node(pos.clone());
    let stop = AtomicBool::new(false);
    Worker::new(&puzzle, None, &stop).shortest(&mut node, max_plies)
}

/// The cooperative search's lower bound on the plies from `pos` to a finish (parity,
/// blockers and the approach bound; `docs/solver.md`): of `finisher` alone, or of either
/// side with `None`. Same rules requirement as [`cooperative_plies`]; for tests of
/// admissibility against an exact search.
pub fn cooperative_bound<G: Geometry>(pos: &Position<G>, finisher: Option<usize>) -> u32 {
    let puzzle = Cooperative::new(pos.setup());
    let mut node = puzzle.node(pos.clone());
    if let Some(side) = finisher {
        // A line of odd length is finished by the side to move.
        let odd = side == pos.to_move();
        puzzle.aim(&mut node, u32::from(odd));
    }
    puzzle.bound(&node)
}

/// Whether the layered search drops `pos` as a dead end of a tight finish: `finisher` to
/// move with `left` plies left, twice its pieces outside its goal less one, and no legal
/// move bringing one of them in (`docs/solver.md`, *Tight finish*). For tests, like
/// [`cooperative_bound`].
pub fn cooperative_dead_end<G: Geometry>(pos: &Position<G>, finisher: usize, left: u32) -> bool {
    let puzzle = Cooperative::new(pos.setup());
    let mut node = puzzle.node(pos.clone());
    puzzle.aim(&mut node, u32::from(finisher == pos.to_move()));
    puzzle.dead_end(&node, left)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Square;

    type B = <Square<8> as Geometry>::BB;

    fn cells(board: Board, names: &[&str]) -> B {
        names.iter().fold(B::EMPTY, |b, n| {
            b | B::single(board.parse_cell(n).expect("a cell"))
        })
    }

    /// `auto` stands for layered in the cooperative game on the diamond and the star
    /// only; the named methods stand for themselves.
    #[test]
    fn auto_picks_layered_for_the_cooperative_diamond_and_star() {
        for name in [
            "diamond", "star-2", "square6", "square7", "halma8", "halma16",
        ] {
            let board = Rules::named(name).expect("a rule set").board;
            for mode in [Mode::Solitaire, Mode::Cooperative] {
                let layered = mode == Mode::Cooperative && ["diamond", "star-2"].contains(&name);
                let want = if layered {
                    Method::Layered
                } else {
                    Method::Deepening
                };
                assert_eq!(Method::Auto.resolve(mode, board), want, "{name} {mode:?}");
                for named in [Method::Layered, Method::Deepening] {
                    assert_eq!(named.resolve(mode, board), named);
                }
            }
        }
    }

    /// The replay's own jump test: a long jump needs the first piece on the line exactly
    /// midway and the far half empty; an adjacent jump only the neighbour.
    #[test]
    fn replay_reaches_follow_the_jump_kind() {
        let board = Square::<8>::BOARD;
        let at = |n: &str| board.parse_cell(n).expect("a cell");
        let occupied = cells(board, &["a1", "c3", "e7"]);
        let (long, adjacent) = (JumpKind::Long, JumpKind::Adjacent);
        // a1 over c3 (two away) onto e5; from e5, e7 is two away but e9 is off the board.
        assert!(reaches(board, long, occupied, at("a1"), at("e5")));
        assert!(!reaches(board, adjacent, occupied, at("a1"), at("e5")));
        assert!(!reaches(board, long, occupied, at("a1"), at("d4")));
        // A piece on the far half blocks the landing.
        let blocked = cells(board, &["a1", "c3", "d4"]);
        assert!(!reaches(board, long, blocked, at("a1"), at("e5")));
        // Steps and adjacent chains: a1 over b2 onto c3, over d4 onto e5.
        let ladder = cells(board, &["a1", "b2", "d4"]);
        assert!(reaches(board, adjacent, ladder, at("a1"), at("e5")));
        assert!(reaches(board, adjacent, ladder, at("a1"), at("a2")));
        assert!(!reaches(board, adjacent, ladder, at("a1"), at("a3")));
    }
}
