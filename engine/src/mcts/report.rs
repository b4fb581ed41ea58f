//! What a search reports: the root moves' visits and win rates, merged over the trees, the
//! move to play and its principal variation.
//!
//! The move to play is the robust child: a proven win for the side to move if there is one
//! (the fastest), else the most visited move not proven lost, else the slowest proven loss.

use super::exact::Exact;
use super::tree::{Tree, NONE};
use super::value::centimoves;
use crate::moves::Move;
use crate::search::{Iteration, Line, Score};
use std::cmp::Ordering;

/// Longest principal variation reported, in plies.
const MAX_PV: usize = 64;

/// One root move's statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Playouts through it (summed over trees).
    pub visits: u64,
    /// The root side's mean reward through it (its chance of winning, 0..=1).
    pub win_rate: f32,
    /// Its prior.
    pub prior: f32,
    /// What the solver knows about it.
    pub exact: Exact,
}

impl RootMove {
    /// Whether the search has anything to say of this move: a playout went through it or
    /// the solver knows its value. A move of a search stopped before its first playout has
    /// neither, and its win rate (0) and score mean nothing.
    pub fn is_searched(&self) -> bool {
        self.visits > 0 || self.exact.is_known()
    }
}

/// A progress report (periodic, and one at the end), parallel to the alpha-beta
/// searcher's [`Iteration`].
#[derive(Clone, Debug)]
pub struct Report {
    /// The fields both searchers share: `depth` is the length of the principal variation,
    /// `seldepth` the deepest descent, `nodes` the playouts, `hashfull` the permille of the
    /// tree's memory budget in use; each line is a root move (best first) with its score and
    /// line.
    pub iteration: Iteration,
    /// Every root move, best first.
    pub root_moves: Vec<RootMove>,
    /// The best move's win rate for the side to move.
    pub win_rate: f32,
    /// Nodes in the (first) tree.
    pub tree_nodes: usize,
}

impl Report {
    /// Playouts per second.
    pub fn playouts_per_second(&self) -> u64 {
        self.iteration.nps()
    }
}

/// How good a child is for `mover` when choosing the move to play: proven wins first
/// (fastest first), then unproven moves by visits (then win rate), proven losses last
/// (slowest first).
fn rank(exact: Exact, visits: u64, win_rate: f32, mover: usize) -> (u8, i64, f32) {
    match exact {
        Exact::Win { side, plies } if side as usize == mover => (0, plies as i64, 0.0),
        Exact::Win { plies, .. } => (2, -(plies as i64), -win_rate),
        Exact::Lost { side } if side as usize == mover => (2, 0, -win_rate),
        _ => (1, -(visits as i64), -win_rate),
    }
}

fn compare(a: (u8, i64, f32), b: (u8, i64, f32)) -> Ordering {
    (a.0, a.1)
        .cmp(&(b.0, b.1))
        .then(a.2.partial_cmp(&b.2).unwrap_or(Ordering::Equal))
}

/// The root moves of `trees` (all with the same root), merged by move, best first.
pub fn root_moves(trees: &[&Tree], sides: usize) -> Vec<RootMove> {
    let first = trees[0];
    let root = first.root();
    let mover = first.node(root).mover as usize;
    let mut out: Vec<RootMove> = first
        .edges(root)
        .iter()
        .map(|e| RootMove {
            mv: e.mv,
            visits: 0,
            win_rate: 0.0,
            prior: e.prior,
            exact: Exact::Unknown,
        })
        .collect();
    let mut sums = vec![0.0f64; out.len()];
    for tree in trees {
        for e in tree.edges(tree.root()) {
            let Some(k) = out.iter().position(|rm| rm.mv == e.mv) else {
                continue;
            };
            if e.child == NONE {
                continue;
            }
            let child = tree.node(e.child);
            out[k].visits += child.visits as u64;
            sums[k] += child.value[mover] as f64;
            if child.exact.is_known() {
                out[k].exact = child.exact;
            }
        }
    }
    for (rm, sum) in out.iter_mut().zip(sums) {
        rm.win_rate = match rm.exact.rewards(sides) {
            Some(r) => r[mover],
            None if rm.visits > 0 => (sum / rm.visits as f64) as f32,
            None => 0.0,
        };
    }
    out.sort_by(|a, b| {
        compare(
            rank(a.exact, a.visits, a.win_rate, mover),
            rank(b.exact, b.visits, b.win_rate, mover),
        )
    });
    out
}

/// The line the tree expects after the root move `first`: at each node the child that
/// [`root_moves`] would rank first, until a node with no visited child (or a repeat).
pub fn principal_variation(tree: &Tree, first: Move) -> Vec<Move> {
    let mut pv = vec![first];
    let mut node = tree.root();
    let mut mv = first;
    while let Some(child) = tree
        .edges(node)
        .iter()
        .find(|e| e.mv == mv)
        .map(|e| e.child)
    {
        if child == NONE || pv.len() >= MAX_PV {
            break;
        }
        node = child;
        let mover = tree.node(node).mover as usize;
        let best = tree
            .edges(node)
            .iter()
            .filter(|e| e.child != NONE && tree.node(e.child).visits > 0)
            .min_by(|a, b| {
                let key = |c: u32| {
                    let n = tree.node(c);
                    let visits = n.visits as u64;
                    rank(n.exact, visits, n.value[mover] / visits as f32, mover)
                };
                compare(key(a.child), key(b.child))
            });
        let Some(e) = best else { break };
        mv = e.mv;
        pv.push(mv);
    }
    pv
}

/// The score of a root move for the side to move: an exact win or loss in plies, else the
/// win rate read as centimoves.
pub fn score(rm: &RootMove, mover: usize, sides: usize, temperature: f32) -> Score {
    match rm.exact {
        Exact::Win { side, plies } if side as usize == mover => Score::WinIn(plies as u32 + 1),
        Exact::Win { plies, .. } => Score::LossIn(plies as u32 + 1),
        _ => Score::Centimoves(centimoves(rm.win_rate, sides, temperature)),
    }
}

/// The lines of the first `lines` root moves, best first.
pub fn lines(
    tree: &Tree,
    moves: &[RootMove],
    lines: usize,
    sides: usize,
    temperature: f32,
) -> Vec<Line> {
    let mover = tree.node(tree.root()).mover as usize;
    moves
        .iter()
        .take(lines.max(1))
        .map(|rm| Line {
            score: score(rm, mover, sides, temperature),
            pv: principal_variation(tree, rm.mv),
        })
        .collect()
}
