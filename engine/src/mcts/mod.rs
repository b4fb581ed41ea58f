//! The Monte Carlo tree searcher: [`Mcts::search`] finds a move for any number of sides,
//! called like the alpha-beta [`Searcher`](crate::search::Searcher) (same [`Limits`], same
//! [`Outcome`], reports carrying the same [`Iteration`]).
//!
//! * Selection is PUCT with priors from the evaluation and a progressive bias toward moves
//!   that gain distance ([`select`]); statistics are kept per side, so every side maximises
//!   its own reward and 2, 3, 4 and 6 sides work alike.
//! * A new node is expanded at once ([`expand`]); the position is played out by a fast
//!   epsilon-greedy policy for a few plies and scored by the evaluation as win
//!   probabilities ([`playout`], [`value`]).
//! * Proven wins climb the tree (MCTS-Solver, [`solver`], whose doc says what is exact with
//!   more than two sides); a proven win is played as one.
//! * The tree is an arena with transpositions merged by key ([`tree`]) and is kept from one
//!   search to the next: a search of a position that continues the previous root's game
//!   (the same position object's history, one or more moves on) starts from the subtree.
//! * Threads: tree parallelism with virtual loss or root parallelism ([`search`]).
//!
//! Limits: `nodes` counts playouts; `move_time`, `clock` and `stop` as for alpha-beta; a
//! search with none of these runs until `stop`. A depth limit means nothing to MCTS and is
//! refused with an error.

pub mod exact;
pub mod expand;
pub mod playout;
pub mod report;
pub mod search;
pub mod select;
pub mod solver;
pub mod tree;
pub mod value;

pub use exact::Exact;
pub use playout::PlayoutPolicy;
pub use report::{Report, RootMove};
pub use select::SelectParams;

use crate::error::Error;
use crate::game::{ensure_ongoing, Game};
use crate::moves::Move;
use crate::search::limits::Limits;
use crate::search::timeman::TimeManager;
use crate::search::{Iteration, Outcome};
use crate::weights::Weights;
use search::{Shared, Thread};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tree::Tree;

/// How several threads share the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parallelism {
    /// One tree, shared behind a lock, with virtual loss.
    Tree,
    /// One tree per thread, root statistics summed at the end.
    Root,
}

/// How the searcher is set up (what stays the same from one search to the next).
#[derive(Clone, Debug)]
pub struct Options {
    /// Search threads.
    pub threads: usize,
    /// How the threads share the work.
    pub parallelism: Parallelism,
    /// Root moves reported as lines.
    pub multipv: usize,
    /// The evaluation weights set, over the game's own defaults ([`Evaluation::default_weights`](crate::game::Evaluation::default_weights)).
    pub weights: Weights,
    /// The selection formula's constants.
    pub select: SelectParams,
    /// Softmax temperature of the priors, in centimoves of the mover's standing.
    pub prior_temperature: f32,
    /// The playout policy.
    pub playout: PlayoutPolicy,
    /// Whether to merge transpositions.
    pub transpositions: bool,
    /// Memory budget of each tree, in MiB (a full tree stops growing; playouts go on).
    pub tree_mib: usize,
    /// Seed of the playouts' random moves.
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            parallelism: Parallelism::Tree,
            multipv: 1,
            weights: Weights::default(),
            select: SelectParams {
                c_puct: 1.0,
                bias: 0.5,
                fpu_reduction: 0.1,
            },
            prior_temperature: 100.0,
            playout: PlayoutPolicy {
                plies: 8,
                epsilon: 0.1,
                temperature: 300.0,
            },
            transpositions: true,
            tree_mib: 256,
            seed: 0x4d43_5453,
        }
    }
}

/// The tree kept from the last search and the game it belongs to.
struct Kept {
    tree: Tree,
    rules: String,
    history: Vec<Move>,
    key: u64,
}

/// An MCTS searcher: options and the tree, kept from one search to the next.
pub struct Mcts {
    options: Options,
    kept: Option<Kept>,
}

/// Playouts between two reports at least double; a report also comes at least this often.
const REPORT_INTERVAL: Duration = Duration::from_secs(1);
/// Playouts of the first report.
const FIRST_REPORT: u64 = 1024;

impl Mcts {
    /// A searcher with these options.
    pub fn new(options: Options) -> Mcts {
        Mcts {
            options,
            kept: None,
        }
    }

    /// The options in use.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Forgets the tree (a new game).
    pub fn clear(&mut self) {
        self.kept = None;
    }

    /// The kept tree if `pos` continues its game (its root, then the moves since), moved
    /// to the subtree of `pos`; else a new tree.
    fn tree_for<P: Game>(&mut self, pos: &P) -> Tree {
        let history: Vec<Move> = pos.history().collect();
        if let Some(mut kept) = self.kept.take() {
            let continues = kept.rules == pos.rules_text()
                && history.len() >= kept.history.len()
                && history[..kept.history.len()] == kept.history[..];
            if continues {
                let mut root = pos.clone();
                for _ in kept.history.len()..history.len() {
                    root.unmake();
                }
                let mut reused = root.key() == kept.key;
                for &mv in &history[kept.history.len()..] {
                    reused = reused && kept.tree.reroot(mv);
                }
                if reused {
                    return kept.tree;
                }
            }
        }
        let budget = self.options.tree_mib << 20;
        Tree::new(pos, self.options.transpositions, budget)
    }

    /// Searches `pos` within `limits`, calling `report` now and then and once at the end
    /// (from the calling thread). An error if the game is over or a depth limit is given.
    pub fn search<P: Game>(
        &mut self,
        pos: &P,
        limits: &Limits,
        mut report: impl FnMut(&Report),
    ) -> Result<Outcome, Error> {
        ensure_ongoing(pos)?;
        if limits.depth.is_some() {
            return Err(Error::Argument(
                "the MCTS searcher takes no depth limit: give playouts (nodes) or time".into(),
            ));
        }
        let options = &self.options;
        let threads = options.threads.max(1);
        let eval = pos.evaluator(&options.weights);
        let main_tree = self.tree_for(pos);
        let options = &self.options;
        let mut trees = vec![Mutex::new(main_tree)];
        if options.parallelism == Parallelism::Root {
            let budget = options.tree_mib << 20;
            for _ in 1..threads {
                trees.push(Mutex::new(Tree::new(pos, options.transpositions, budget)));
            }
        }
        let shared = Shared {
            trees,
            eval: &eval,
            options,
            limits,
            time: TimeManager::for_position(limits, pos, &eval),
            started: AtomicU64::new(0),
            done: AtomicU64::new(0),
            seldepth: AtomicUsize::new(0),
            halt: AtomicBool::new(false),
            sides: pos.sides(),
        };
        let seed = options.seed ^ pos.key();
        let mut workers: Vec<Thread<P>> = (0..threads)
            .map(|id| {
                let tree = id % shared.trees.len();
                Thread::new(pos.clone(), tree, seed.wrapping_add(id as u64))
            })
            .collect();
        for w in workers.iter_mut().take(shared.trees.len()) {
            w.prepare_root(&shared);
        }
        let (main, helpers) = workers.split_first_mut().expect("one thread at least");
        let mut next_report = FIRST_REPORT;
        let mut last_report = Instant::now();
        rayon::in_place_scope(|scope| {
            for helper in helpers {
                let shared = &shared;
                scope.spawn(move |_| helper.run(shared, |_| ()));
            }
            main.run(&shared, |done| {
                if done >= next_report || last_report.elapsed() >= REPORT_INTERVAL {
                    next_report = (done * 2).max(next_report);
                    last_report = Instant::now();
                    report(&progress(&shared));
                }
            });
        });
        let last = progress(&shared);
        report(&last);
        let tree = shared.trees.into_iter().next().expect("the main tree");
        let tree = tree.into_inner().expect("a search thread panicked");
        self.kept = Some(Kept {
            tree,
            rules: pos.rules_text(),
            history: pos.history().collect(),
            key: pos.key(),
        });
        let line = &last.iteration.lines[0];
        Ok(Outcome {
            best: line.pv[0],
            score: line.score,
            depth: last.iteration.depth,
            pv: line.pv.clone(),
            nodes: last.iteration.nodes,
            time: last.iteration.time,
        })
    }
}

/// The report of the search now.
fn progress<P: Game>(shared: &Shared<P>) -> Report {
    let guards: Vec<_> = (0..shared.trees.len()).map(|i| shared.tree(i)).collect();
    let trees: Vec<&Tree> = guards.iter().map(|g| &**g).collect();
    let sides = shared.sides;
    let root_moves = report::root_moves(&trees, sides);
    let temperature = shared.options.playout.temperature;
    let lines = report::lines(
        trees[0],
        &root_moves,
        shared.options.multipv,
        sides,
        temperature,
    );
    Report {
        iteration: Iteration {
            depth: lines[0].pv.len() as u32,
            seldepth: shared.seldepth.load(Relaxed) as u32,
            lines,
            nodes: shared.done.load(Relaxed),
            time: shared.time.elapsed(),
            hashfull: trees[0].permille_full(),
        },
        win_rate: root_moves[0].win_rate,
        root_moves,
        tree_nodes: trees[0].node_count(),
    }
}

#[cfg(test)]
mod tests;
