//! One search: the threads, their descents, playouts and backups, and when to stop.
//!
//! Parallelism (see [`super::Parallelism`]): every thread works on one of the `trees`. With
//! tree parallelism all threads share one tree behind a mutex: a thread holds the lock to
//! descend (adding a virtual loss to every node it passes, so that the others spread out)
//! and again to back up, but expands its leaf and plays out with the lock released. With
//! root parallelism every thread grows its own tree and the root statistics are summed.

use super::exact::{draw_rewards, Exact};
use super::expand::children;
use super::playout::{playout, terminal_rewards, Rng};
use super::select::select;
use super::solver::try_prove;
use super::tree::{Edge, Tree};
use super::value::Rewards;
use super::Options;
use crate::game::Game;
use crate::moves::Move;
use crate::search::limits::Limits;
use crate::search::timeman::TimeManager;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard};

/// Longest descent from the root, in plies (a guard: repetitions end cycles long before).
const MAX_DESCENT: usize = 400;

/// What every thread of one search shares.
pub struct Shared<'a, P: Game> {
    /// The trees (one for tree parallelism, one per thread for root parallelism).
    pub trees: Vec<Mutex<Tree>>,
    /// The evaluation.
    pub eval: &'a P::Eval,
    /// The searcher's options.
    pub options: &'a Options,
    /// The limits of this search.
    pub limits: &'a Limits,
    /// The time budget.
    pub time: TimeManager,
    /// Playouts started (the node limit counts these).
    pub started: AtomicU64,
    /// Playouts finished.
    pub done: AtomicU64,
    /// Deepest descent so far, in plies.
    pub seldepth: AtomicUsize,
    /// Raised when any thread decides the search is over.
    pub halt: AtomicBool,
    /// Number of sides of the game.
    pub sides: usize,
}

impl<P: Game> Shared<'_, P> {
    /// Tree `i`, locked.
    pub fn tree(&self, i: usize) -> MutexGuard<'_, Tree> {
        self.trees[i].lock().expect("a search thread panicked")
    }

    /// Whether the search must end now: stopped, out of time (under a clock, at the point
    /// where alpha-beta would start no new iteration), or halted by a thread.
    fn should_stop(&self) -> bool {
        self.halt.load(Relaxed)
            || self.limits.stop.load(Relaxed)
            || self.time.out_of_time()
            || (self.limits.clock.is_some() && !self.time.may_start_iteration())
    }
}

/// Where a descent ended.
enum Leaf {
    /// A node whose result is known (or a draw on this path): these rewards.
    Known(Rewards),
    /// A node reached for the first time: expand it and play out.
    Expand(u32),
    /// The tree is full (or the descent too long): play out without adding a node.
    Open,
}

/// One search thread: its own copy of the position and every buffer it reuses.
pub struct Thread<P: Game> {
    pos: P,
    tree: usize,
    rng: Rng,
    path: Vec<u32>,
    made: usize,
    moves: Vec<Move>,
    edges: Vec<Edge>,
}

impl<P: Game> Thread<P> {
    /// A thread searching `pos` in tree `tree`, its random moves seeded by `seed`.
    pub fn new(pos: P, tree: usize, seed: u64) -> Self {
        Thread {
            pos,
            tree,
            rng: Rng::new(seed),
            path: Vec::with_capacity(MAX_DESCENT + 2),
            made: 0,
            moves: Vec::with_capacity(512),
            edges: Vec::with_capacity(512),
        }
    }

    /// Expands the root of this thread's tree if it is not yet.
    pub fn prepare_root(&mut self, shared: &Shared<P>) {
        let root = shared.tree(self.tree).root();
        if !shared.tree(self.tree).node(root).expanded {
            self.expand_here(shared);
            shared.tree(self.tree).expand(root, &self.edges);
        }
    }

    fn expand_here(&mut self, shared: &Shared<P>) {
        let t = shared.options.prior_temperature;
        children(
            &mut self.pos,
            shared.eval,
            t,
            &mut self.moves,
            &mut self.edges,
        );
    }

    /// Runs playouts until the search ends, calling `after(done)` after each with the number
    /// of playouts finished by all threads.
    pub fn run(&mut self, shared: &Shared<P>, mut after: impl FnMut(u64)) {
        while !shared.should_stop() {
            if let Some(n) = shared.limits.nodes {
                if shared.started.fetch_add(1, Relaxed) >= n {
                    break;
                }
            }
            self.playout(shared);
            after(shared.done.fetch_add(1, Relaxed) + 1);
        }
        shared.halt.store(true, Relaxed);
    }

    /// One descent, expansion, playout and backup.
    fn playout(&mut self, shared: &Shared<P>) {
        let sides = self.pos.sides();
        let leaf = self.descend(&mut shared.tree(self.tree), shared);
        shared.seldepth.fetch_max(self.made, Relaxed);
        let rewards = match leaf {
            Leaf::Known(r) => r,
            Leaf::Expand(_) | Leaf::Open => {
                if let Leaf::Expand(_) = leaf {
                    self.expand_here(shared);
                }
                let policy = &shared.options.playout;
                playout(&mut self.pos, shared.eval, policy, &mut self.rng)
            }
        };
        {
            let mut tree = shared.tree(self.tree);
            if let Leaf::Expand(i) = leaf {
                tree.expand(i, &self.edges);
            }
            backup(&mut tree, &self.path, &rewards, sides);
            if tree.node(tree.root()).exact.is_known() {
                shared.halt.store(true, Relaxed);
            }
        }
        for _ in 0..self.made {
            self.pos.unmake();
        }
    }

    /// Walks from the root to a leaf, making the moves on the thread's position and adding
    /// a virtual loss to every node on the path.
    fn descend(&mut self, tree: &mut Tree, shared: &Shared<P>) -> Leaf {
        let sides = self.pos.sides();
        self.path.clear();
        self.made = 0;
        let mut node = tree.root();
        loop {
            tree.node_mut(node).virtual_loss += 1;
            self.path.push(node);
            let n = tree.node(node);
            if let Some(r) = n.exact.rewards(sides) {
                return Leaf::Known(r);
            }
            if !n.expanded {
                return Leaf::Expand(node);
            }
            if self.made >= MAX_DESCENT {
                return Leaf::Open;
            }
            let e = select(tree, node, sides, &shared.options.select);
            self.pos.make(tree.edge(e).mv);
            self.made += 1;
            let status = self.pos.status();
            let exact = Exact::of_status(status, sides);
            match tree.child(e, &self.pos, exact) {
                None if status.is_over() => return Leaf::Known(terminal_rewards(status, sides)),
                None => return Leaf::Open,
                Some(child) if status.is_over() && !exact.is_known() => {
                    // A draw on this path only: scored here, never stored (see the solver).
                    tree.node_mut(child).virtual_loss += 1;
                    self.path.push(child);
                    return Leaf::Known(draw_rewards(sides));
                }
                Some(child) => node = child,
            }
        }
    }
}

/// Adds `rewards` to every node of `path` (removing the virtual loss of the descent), then
/// lets proofs climb from the leaf as far as they go.
fn backup(tree: &mut Tree, path: &[u32], rewards: &Rewards, sides: usize) {
    for &i in path {
        let n = tree.node_mut(i);
        n.visits += 1;
        n.virtual_loss -= 1;
        for (v, r) in n.value.iter_mut().zip(&rewards[..sides]) {
            *v += r;
        }
    }
    for pair in path.windows(2).rev() {
        if !tree.node(pair[1]).exact.is_known() || !try_prove(tree, pair[0]) {
            break;
        }
    }
}
