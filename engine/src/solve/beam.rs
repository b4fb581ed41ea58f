//! Beam search for a short line: depth by depth, only the `width` most promising distinct
//! states are kept (the smallest lower bound first, the puzzle's guide breaking ties). It
//! proves nothing, but the line it finds is an upper bound: once iterative deepening has
//! searched every shorter bound without a line, the beam's line is a shortest one, and the
//! deepest (most expensive) iteration need not be searched.

use super::bound::IMPOSSIBLE;
use super::ida::Puzzle;
use crate::moves::Move;
use rayon::prelude::*;
use std::time::Instant;

/// The longest line the solver's beam search looks for (the table of proven failures
/// counts moves in a byte too); independent of `--max`, so that a run which gives up
/// still reports an upper bound.
pub const MAX_DEPTH: u32 = 255;

/// What a beam search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Beam {
    /// States kept per depth.
    pub width: usize,
    /// The line found, if any (its length is the upper bound).
    pub line: Option<Vec<Move>>,
    /// Nodes expanded.
    pub nodes: u64,
    /// Wall time in milliseconds.
    pub millis: f64,
}

impl Beam {
    /// The length of the line found, if any.
    pub fn length(&self) -> Option<u32> {
        self.line.as_ref().map(|l| l.len() as u32)
    }
}

/// One successor of the current layer: its ordering key, its state's hash (to drop
/// duplicates), its parent's index in the layer and the move from there.
#[derive(Clone, Copy)]
struct Child {
    key: (u32, i64),
    hash: u64,
    parent: u32,
    mv: Move,
}

/// What one share of a layer produced: its successors and a move that finishes, if any.
#[derive(Default)]
struct Harvest {
    children: Vec<Child>,
    finish: Option<(u32, Move)>,
    nodes: u64,
}

impl Harvest {
    fn merge(mut self, other: Harvest) -> Harvest {
        self.children.extend(other.children);
        self.finish = self.finish.or(other.finish);
        self.nodes += other.nodes;
        self
    }
}

/// Beam search from `root` keeping `width` states per depth (at least 1), for lines of at
/// most `max` moves, each layer expanded in parallel on rayon's current pool.
pub fn search<P: Puzzle>(puzzle: &P, root: &P::Node, width: usize, max: u32) -> Beam {
    let started = Instant::now();
    let width = width.max(1);
    let mut beam = Beam {
        width,
        line: None,
        nodes: 0,
        millis: 0.0,
    };
    if puzzle.is_done(root) {
        beam.line = Some(Vec::new());
        return beam;
    }
    // `links[d][i]`: the parent (in layer d) and the move of state i of layer d + 1.
    let mut links: Vec<Vec<(u32, Move)>> = Vec::new();
    let mut layer = vec![root.clone()];
    let mut finish = None;
    while !layer.is_empty() && (links.len() as u32) < max {
        let harvest = expand(puzzle, &layer);
        beam.nodes += harvest.nodes;
        if harvest.finish.is_some() {
            finish = harvest.finish;
            break;
        }
        let mut children = harvest.children;
        let order = |c: &Child| (c.key, c.hash);
        // Twice the width before the sort leaves room for duplicates (a state has one key,
        // so its copies end up side by side).
        if children.len() > 2 * width {
            children.select_nth_unstable_by_key(2 * width, order);
            children.truncate(2 * width);
        }
        children.par_sort_unstable_by_key(order);
        children.dedup_by_key(|c| c.hash);
        children.truncate(width);
        layer = children
            .par_iter()
            .map(|c| {
                let mut node = layer[c.parent as usize].clone();
                puzzle.make(&mut node, c.mv);
                node
            })
            .collect();
        links.push(children.iter().map(|c| (c.parent, c.mv)).collect());
    }
    // Walk back from the finishing move through the parents to the root.
    beam.line = finish.map(|(mut at, mv)| {
        let mut line = vec![mv];
        for depth in links.iter().rev() {
            let (parent, mv) = depth[at as usize];
            line.push(mv);
            at = parent;
        }
        line.reverse();
        line
    });
    beam.millis = started.elapsed().as_secs_f64() * 1e3;
    beam
}

/// Every successor of every state of `layer`, with a finishing move if one exists.
fn expand<P: Puzzle>(puzzle: &P, layer: &[P::Node]) -> Harvest {
    layer
        .par_iter()
        .enumerate()
        .fold(
            || (Harvest::default(), Vec::new()),
            |(mut harvest, mut moves), (i, node)| {
                harvest.nodes += 1;
                let mut node = node.clone();
                puzzle.moves(&node, &mut moves);
                for &mv in &moves {
                    puzzle.make(&mut node, mv);
                    if puzzle.is_done(&node) {
                        harvest.finish.get_or_insert((i as u32, mv));
                    } else {
                        let bound = puzzle.bound(&node);
                        if bound < IMPOSSIBLE {
                            harvest.children.push(Child {
                                key: (bound, puzzle.guide(&node)),
                                hash: puzzle.state(&node).0,
                                parent: i as u32,
                                mv,
                            });
                        }
                    }
                    puzzle.unmake(&mut node, mv);
                }
                (harvest, moves)
            },
        )
        .map(|(harvest, _)| harvest)
        .reduce(Harvest::default, Harvest::merge)
}
