//! Beam search for a short line: depth by depth, only the `width` most promising distinct
//! states are kept (the smallest lower bound first, the puzzle's guide breaking ties). It
//! proves nothing, but the line it finds is an upper bound: once iterative deepening has
//! searched every shorter bound without a line, the beam's line is a shortest one, and the
//! deepest (most expensive) iteration need not be searched.
//!
//! An *aimed* beam looks for a line of a given length: the puzzle is aimed at it
//! ([`Puzzle::aim`]), states whose bound passes it are dropped, and every state kept at one
//! depth is then searched to the end by iterative deepening's depth-first search (a
//! *completion*), so that a line the beam's ordering would lose later is still found.

use super::bound::IMPOSSIBLE;
use super::ida::{Puzzle, Table, Worker};
pub use super::report::{Aim, Beam};
use crate::moves::Move;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

/// The longest line the solver's beam search looks for (the table of proven failures
/// counts moves in a byte too); `--max` bounds it further: no beam searches past it.
pub const MAX_DEPTH: u32 = 255;

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
/// most `max` moves, each layer expanded in parallel on rayon's current pool; it ends
/// without a line once `stop` is raised (Ctrl-C).
pub fn search<P: Puzzle>(
    puzzle: &P,
    root: &P::Node,
    width: usize,
    max: u32,
    stop: Option<&AtomicBool>,
) -> Beam {
    run(puzzle, root, width, max, None, stop)
}

/// Beam search from `root` for a line of `aim.length` moves, keeping `width` states per depth,
/// with the states kept at depth `aim.complete_at` searched to the end (sharing `table`);
/// it ends without a line once `stop` is raised.
pub fn aimed<P: Puzzle>(
    puzzle: &P,
    root: &P::Node,
    width: usize,
    aim: Aim,
    table: &Table<P::State>,
    stop: Option<&AtomicBool>,
) -> Beam {
    run(puzzle, root, width, aim.length, Some((aim, table)), stop)
}

/// The beam search of [`search`] and [`aimed`].
fn run<P: Puzzle>(
    puzzle: &P,
    root: &P::Node,
    width: usize,
    max: u32,
    aim: Option<(Aim, &Table<P::State>)>,
    stop: Option<&AtomicBool>,
) -> Beam {
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let started = Instant::now();
    let width = width.max(1);
    let mut beam = Beam {
        width,
        line: None,
        nodes: 0,
        millis: 0.0,
        aim: aim.map(|(aim, _)| aim),
        gave_up: false,
    };
    if puzzle.is_done(root) {
        beam.line = Some(Vec::new());
        return beam;
    }
    let mut root = root.clone();
    if let Some((aim, _)) = aim {
        puzzle.aim(&mut root, aim.length);
    }
    // `links[d][i]`: the parent (in layer d) and the move of state i of layer d + 1.
    let mut links: Vec<Vec<(u32, Move)>> = Vec::new();
    let mut layer = vec![root];
    let mut finish = None;
    while !layer.is_empty() && (links.len() as u32) < max && !stopped() {
        let depth = links.len() as u32;
        if let Some((aim, table)) = aim.filter(|(aim, _)| aim.complete_at == depth) {
            let (ending, nodes) = complete(puzzle, &layer, aim, table, stop);
            beam.nodes += nodes;
            beam.gave_up = ending.is_none() && nodes >= aim.node_budget;
            finish = ending;
            break;
        }
        // A child with a larger bound cannot finish within `max` (the aimed length): it
        // cannot lie on a line the beam may return.
        let keep = max - depth - 1;
        let harvest = expand(puzzle, &layer, keep);
        beam.nodes += harvest.nodes;
        if let Some((at, mv)) = harvest.finish {
            finish = Some((at, vec![mv]));
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
    // Walk back from the finishing state (in the last layer) through the parents to the
    // root, then add the moves from that state on.
    beam.line = finish.map(|(mut at, tail)| {
        let mut line = Vec::new();
        for layer in links.iter().rev() {
            let (parent, mv) = layer[at as usize];
            line.push(mv);
            at = parent;
        }
        line.reverse();
        line.extend(tail);
        line
    });
    beam.millis = started.elapsed().as_secs_f64() * 1e3;
    beam
}

/// Searches the states of `layer` (at depth `aim.complete_at`, best first) to the end for a
/// line reaching the aimed length: the state's index and the rest of the line, if found,
/// and the nodes expanded. The threads take the states in the layer's order, each the next
/// one not yet taken, so that the budget goes to the best states first whatever the number
/// of threads (a split of the layer would give half of it to the second half's states); no
/// further state is started once the budget is spent or `interrupt` is raised.
fn complete<P: Puzzle>(
    puzzle: &P,
    layer: &[P::Node],
    aim: Aim,
    table: &Table<P::State>,
    interrupt: Option<&AtomicBool>,
) -> (Option<(u32, Vec<Move>)>, u64) {
    let found = AtomicBool::new(false);
    let spent = AtomicU64::new(0);
    let next = AtomicUsize::new(0);
    let length = aim.length - aim.complete_at;
    let threads = rayon::current_num_threads().clamp(1, layer.len().max(1));
    let ending = (0..threads).into_par_iter().find_map_any(|_| loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let left = aim
            .node_budget
            .saturating_sub(spent.load(Ordering::Relaxed));
        let interrupted = interrupt.is_some_and(|s| s.load(Ordering::Relaxed));
        if i >= layer.len() || left == 0 || interrupted || found.load(Ordering::Relaxed) {
            return None;
        }
        let mut worker = Worker::new(puzzle, Some(table), &found).with_node_limit(left);
        let line = worker.exactly(&mut layer[i].clone(), length);
        spent.fetch_add(worker.nodes, Ordering::Relaxed);
        if line {
            found.store(true, Ordering::Relaxed);
            return Some((i as u32, std::mem::take(&mut worker.line)));
        }
    });
    (ending, spent.into_inner())
}

/// Every successor of every state of `layer` whose bound is at most `keep`, with a finishing
/// move if one exists.
fn expand<P: Puzzle>(puzzle: &P, layer: &[P::Node], keep: u32) -> Harvest {
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
                        if bound < IMPOSSIBLE && bound <= keep {
                            harvest.children.push(Child {
                                key: (puzzle.rank(&node, bound), puzzle.guide(&node)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// A root with `fan` moves to dead ends 0, 1, …, ranked in that order (dead end i's
    /// guide is i); each dead end records when a completion starts on it (its aim), and
    /// takes a while.
    struct Fan {
        fan: usize,
        started: Mutex<Vec<usize>>,
    }

    /// The root is `None`; a dead end is `Some(i)`.
    impl Puzzle for Fan {
        type Node = Option<usize>;
        type State = usize;
        fn state(&self, node: &Option<usize>) -> (u64, usize) {
            let id = node.map_or(usize::MAX, |i| i);
            ((id as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15), id)
        }
        fn bound(&self, _node: &Option<usize>) -> u32 {
            1
        }
        fn guide(&self, node: &Option<usize>) -> i64 {
            node.map_or(0, |i| i as i64)
        }
        fn aim(&self, node: &mut Option<usize>, _length: u32) -> bool {
            if let Some(i) = *node {
                self.started.lock().unwrap().push(i);
                // Slow enough for every thread to take part.
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            false
        }
        fn is_done(&self, _node: &Option<usize>) -> bool {
            false
        }
        fn moves(&self, node: &Option<usize>, out: &mut Vec<Move>) {
            out.clear();
            if node.is_none() {
                out.extend((0..self.fan).map(|i| Move::new(i + 1, i)));
            }
        }
        fn make(&self, node: &mut Option<usize>, mv: Move) {
            *node = Some(mv.to());
        }
        fn unmake(&self, node: &mut Option<usize>, _mv: Move) {
            *node = None;
        }
    }

    /// An aimed beam's completion spends its budget on the best states first on any number
    /// of threads: with a budget for a tenth of the layer, the states started are the
    /// best-ranked ones (at most one per thread beyond the budget's count), not a share of
    /// each part of the layer.
    #[test]
    fn the_completion_takes_the_states_in_their_order() {
        for threads in [1, 2, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let puzzle = Fan {
                fan: 200,
                started: Mutex::new(Vec::new()),
            };
            let aim = Aim {
                length: 5,
                complete_at: 1,
                node_budget: 20,
            };
            let table = Table::new(1 << 16);
            let beam = pool.install(|| aimed(&puzzle, &None, 1000, aim, &table, None));
            assert!(beam.line.is_none() && beam.gave_up, "{threads} threads");
            let started = puzzle.started.into_inner().unwrap();
            // Each dead end costs one node: about 20 of them are started, the first ones.
            assert!(started.len() >= 20, "{threads} threads: {started:?}");
            let last = *started.iter().max().unwrap();
            assert!(last < 20 + threads, "{threads} threads: {started:?}");
        }
    }
}
