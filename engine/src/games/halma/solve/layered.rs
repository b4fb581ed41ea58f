//! Layered breadth-first search for one limit: the states reachable in exactly `d` moves,
//! for `d` = 0, 1, … up to the limit, each layer a deduplicated set of canonical states
//! (the symmetric image the table would store), with every state whose lower bound exceeds
//! the moves left dropped before it is stored. The threads split each layer's expansion;
//! the layers are kept (within a memory budget) so that a line can be traced back from the
//! first finished state; the trace re-expands one layer per move of the line.
//!
//! Unlike the depth-first deepening ([`super::ida`]), the work is bounded by the layers'
//! sizes rather than by the number of paths, so its cost grows more slowly with the limit
//! where transpositions abound (the cooperative game), but every layer must fit in memory.

use super::ida::Puzzle;
use crate::moves::Move;
use rayon::prelude::*;
use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// A puzzle whose stored states can be turned back into searchable nodes.
pub trait Layered: Puzzle {
    /// What a worker keeps from one expanded node to the next ([`Layered::expand`]).
    type Scratch: Default + Send;

    /// Judges every child of `node`, a state of layer `depth` of a search to `limit` moves,
    /// telling `each` what became of it; `node` comes back as it was. By default each move
    /// is made, judged by [`Puzzle::is_done`], [`Puzzle::bound`] and [`Layered::dead_end`],
    /// and taken back ([`expand_by_moves`]); a puzzle may do the same work its own quicker
    /// way, with the same verdicts.
    fn expand(
        &self,
        node: &mut Self::Node,
        scratch: &mut Self::Scratch,
        moves: &mut Vec<Move>,
        (depth, limit): (u32, u32),
        each: &mut impl FnMut(Child<Self::State>),
    ) {
        let _ = scratch;
        expand_by_moves(self, node, moves, (depth, limit), each);
    }

    /// The node of a state stored by the search, reached in `depth` moves from `root`
    /// (the root supplies what the state does not hold, such as the rules).
    fn node_of(&self, root: &Self::Node, state: Self::State, depth: u32) -> Self::Node;

    /// Turns `node` into the node of `state` as [`Layered::node_of`] makes it, reusing what
    /// `node` holds (a worker loads every state of its share into one node).
    fn load(&self, root: &Self::Node, state: Self::State, depth: u32, node: &mut Self::Node) {
        *node = self.node_of(root, state, depth);
    }

    /// `state` as one 128-bit key, one to one, or `None` when this puzzle's states do not
    /// fit (then for every state): the layers then store keys instead of states.
    fn pack(&self, state: Self::State) -> Option<u128> {
        let _ = state;
        None
    }

    /// The state of a key made by [`Layered::pack`].
    fn unpack(&self, key: u128) -> Option<Self::State> {
        let _ = key;
        None
    }

    /// [`Layered::unpack`] of `key`, where `last` is the key unpacked before it and its
    /// state: a puzzle may take from that state what the two keys share.
    fn unpack_after(&self, key: u128, last: (u128, Self::State)) -> Option<Self::State> {
        let _ = last;
        self.unpack(key)
    }

    /// Whether `node`, `left` moves from the limit and kept by its bound, has no line
    /// within those moves for a reason its bound does not see (a cheap look one move
    /// ahead, so that the layer never stores it). Never, unless the puzzle says otherwise.
    fn dead_end(&self, node: &Self::Node, left: u32) -> bool {
        let _ = (node, left);
        false
    }
}

/// What became of one child of an expanded state.
pub enum Child<S> {
    /// It is finished: a line ends there.
    Finished,
    /// Dropped: a line through it needs at least this many moves from the root.
    Dropped(u32),
    /// Kept for the next layer: its hash and its state.
    Kept(u64, S),
    /// Kept for the next layer, with its key as [`Layered::pack`] makes it (which the
    /// puzzle worked out more cheaply than packing the state anew).
    Packed(u64, S, u128),
}

/// [`Layered::expand`] by making each move of `node` and judging the position it leads to.
pub fn expand_by_moves<P: Layered + ?Sized>(
    puzzle: &P,
    node: &mut P::Node,
    moves: &mut Vec<Move>,
    (depth, limit): (u32, u32),
    each: &mut impl FnMut(Child<P::State>),
) {
    let left = limit - depth - 1;
    puzzle.moves(node, moves);
    for &mv in moves.iter() {
        puzzle.make(node, mv);
        each(if puzzle.is_done(node) {
            Child::Finished
        } else {
            let bound = puzzle.bound(node);
            if bound > left {
                Child::Dropped(depth + 1 + bound.min(u32::MAX / 2))
            } else if puzzle.dead_end(node, left) {
                // Every line through it needs more than the limit.
                Child::Dropped(limit + 1)
            } else {
                let (hash, child) = puzzle.state(node);
                Child::Kept(hash, child)
            }
        });
        puzzle.unmake(node, mv);
    }
}

/// How a layer holds its states: as they are, or packed into keys.
trait Codec<S>: Sync {
    /// What a layer stores per state.
    type Key: Copy + Eq + std::hash::Hash + Send + Sync;
    /// The stored form of `state`.
    fn key(&self, state: S) -> Self::Key;
    /// The stored form of `state`, whose packed key is `packed`.
    fn key_packed(&self, state: S, packed: u128) -> Self::Key {
        let _ = packed;
        self.key(state)
    }
    /// The state of a stored key.
    fn state(&self, key: Self::Key) -> S;
    /// The state of `key`, where `last` is the key before it and its state, if any.
    fn state_after(&self, key: Self::Key, last: Option<(Self::Key, S)>) -> S {
        let _ = last;
        self.state(key)
    }
    /// Puts a completed layer in the order it is expanded in (as it comes, by default).
    fn arrange(&self, layer: &mut [Self::Key]) {
        let _ = layer;
    }
}

/// States stored as they are.
struct Plain;

impl<S: Copy + Eq + std::hash::Hash + Send + Sync> Codec<S> for Plain {
    type Key = S;
    #[inline]
    fn key(&self, state: S) -> S {
        state
    }
    #[inline]
    fn state(&self, key: S) -> S {
        key
    }
}

/// States stored as the puzzle's 128-bit keys.
struct Packed<'a, P>(&'a P);

impl<P: Layered + Sync> Codec<P::State> for Packed<'_, P> {
    type Key = u128;
    #[inline]
    fn key(&self, state: P::State) -> u128 {
        self.0
            .pack(state)
            .expect("a puzzle that packs its root packs every state")
    }
    #[inline]
    fn key_packed(&self, state: P::State, packed: u128) -> u128 {
        debug_assert_eq!(self.0.pack(state), Some(packed));
        packed
    }
    #[inline]
    fn state(&self, key: u128) -> P::State {
        self.0.unpack(key).expect("a key made by pack")
    }
    #[inline]
    fn state_after(&self, key: u128, last: Option<(u128, P::State)>) -> P::State {
        match last {
            Some(last) => self.0.unpack_after(key, last),
            None => self.0.unpack(key),
        }
        .expect("a key made by pack")
    }
    /// Sorted: the keys that share their high bits (for the cooperative puzzle, the
    /// finisher's army, the side to move and the aim) follow each other, so that a worker
    /// expanding them works out what depends on those alone once for all of them.
    fn arrange(&self, layer: &mut [u128]) {
        layer.par_sort_unstable();
    }
}

/// Independently locked shards of a layer under construction.
const SHARDS: usize = 64;
/// Parents expanded by one task before its children are merged into the layer.
const CHUNK: usize = 512;
/// Bytes a stored state costs in a hash set (the state, its control byte and the set's
/// spare room at its largest load).
fn set_bytes<S>() -> u64 {
    (std::mem::size_of::<S>() as u64 + 1) * 2
}

/// The result of one limit's layered search.
pub enum Layers {
    /// A line of exactly this many moves (the first finished state found).
    Found(Vec<Move>),
    /// No line within the limit; `next`: the smallest total (depth plus bound) that was
    /// dropped, the least limit that could find one.
    Failed {
        /// The smallest dropped total.
        next: u32,
    },
    /// Stopped before the limit was searched: the reason.
    Stopped(String),
}

/// What one limit's search did besides its result.
#[derive(Clone, Copy, Debug, Default)]
pub struct LayerStats {
    /// States expanded, in every layer.
    pub nodes: u64,
    /// States in the largest layer.
    pub widest: u64,
    /// Most bytes the stored layers and the layer under construction held at once.
    pub peak_bytes: u64,
}

/// FxHash over the bytes of a state (the states are well mixed bitboards already).
#[derive(Default)]
pub struct Fx(u64);

impl std::hash::Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

type Set<S> = HashSet<S, BuildHasherDefault<Fx>>;

/// Searches every line of at most `limit` moves from `root` (aimed, if the caller aimed it)
/// layer by layer, within `budget` bytes of stored states; `stop` ends it early (checked
/// between chunks of work). `layer_done(depth, states)` hears each layer as it completes.
/// The layers hold 128-bit keys when the puzzle packs its states ([`Layered::pack`]), else
/// the states themselves.
pub fn search<P: Layered>(
    puzzle: &P,
    root: &P::Node,
    limit: u32,
    budget: u64,
    stop: &AtomicBool,
    layer_done: &(dyn Fn(u32, u64) + Sync),
) -> (Layers, LayerStats) {
    if puzzle.is_done(root) {
        return (Layers::Found(Vec::new()), LayerStats::default());
    }
    let run = Run {
        puzzle,
        root,
        limit,
        budget,
        stop,
        layer_done,
    };
    if puzzle.pack(puzzle.state(root).1).is_some() {
        run.layers(&Packed(puzzle))
    } else {
        run.layers(&Plain)
    }
}

/// One limit's search, before the choice of how its layers hold their states.
struct Run<'a, P: Layered> {
    puzzle: &'a P,
    root: &'a P::Node,
    limit: u32,
    budget: u64,
    stop: &'a AtomicBool,
    layer_done: &'a (dyn Fn(u32, u64) + Sync),
}

impl<P: Layered> Run<'_, P> {
    fn layers<C: Codec<P::State>>(&self, codec: &C) -> (Layers, LayerStats) {
        let Run {
            puzzle,
            root,
            limit,
            budget,
            stop,
            layer_done,
        } = *self;
        let mut stats = LayerStats::default();
        let per_state = std::mem::size_of::<C::Key>() as u64;
        let mut layers: Vec<Vec<C::Key>> = vec![vec![codec.key(puzzle.state(root).1)]];
        let mut stored = per_state;
        let next = AtomicU32::new(u32::MAX);
        for depth in 0..limit {
            let parents = &layers[depth as usize];
            let shards: Vec<Mutex<Set<C::Key>>> =
                (0..SHARDS).map(|_| Mutex::new(Set::default())).collect();
            let building = AtomicU64::new(0);
            let finished: Mutex<Option<P::State>> = Mutex::new(None);
            let overflow = AtomicBool::new(false);
            let expanded = AtomicUsize::new(0);
            parents.par_chunks(CHUNK).for_each(|chunk| {
                if stop.load(Ordering::Relaxed)
                    || overflow.load(Ordering::Relaxed)
                    || lock(&finished).is_some()
                {
                    return;
                }
                let mut moves = Vec::new();
                let mut local: Vec<Vec<C::Key>> = vec![Vec::new(); SHARDS];
                let mut cut = u32::MAX;
                let mut scratch = P::Scratch::default();
                let mut node = root.clone();
                let mut last = None;
                for &key in chunk {
                    let state = codec.state_after(key, last);
                    last = Some((key, state));
                    puzzle.load(root, state, depth, &mut node);
                    puzzle.expand(
                        &mut node,
                        &mut scratch,
                        &mut moves,
                        (depth, limit),
                        &mut |child| match child {
                            Child::Finished => {
                                lock(&finished).get_or_insert(state);
                            }
                            Child::Dropped(total) => cut = cut.min(total),
                            Child::Kept(hash, child) => {
                                local[(hash >> 58) as usize % SHARDS].push(codec.key(child));
                            }
                            Child::Packed(hash, child, packed) => {
                                local[(hash >> 58) as usize % SHARDS]
                                    .push(codec.key_packed(child, packed));
                            }
                        },
                    );
                }
                next.fetch_min(cut, Ordering::Relaxed);
                expanded.fetch_add(chunk.len(), Ordering::Relaxed);
                let mut added = 0u64;
                for (shard, children) in shards.iter().zip(local) {
                    if children.is_empty() {
                        continue;
                    }
                    let mut set = lock(shard);
                    let before = set.len();
                    set.extend(children);
                    added += (set.len() - before) as u64;
                }
                let now = building.fetch_add(added, Ordering::Relaxed) + added;
                if stored + now * set_bytes::<C::Key>() > budget {
                    overflow.store(true, Ordering::Relaxed);
                }
            });
            stats.nodes += expanded.load(Ordering::Relaxed) as u64;
            let width = building.load(Ordering::Relaxed);
            stats.peak_bytes = stats.peak_bytes.max(stored + width * set_bytes::<C::Key>());
            if let Some(parent) = lock(&finished).take() {
                return (
                    Layers::Found(trace(puzzle, codec, root, &layers, depth, parent)),
                    stats,
                );
            }
            if stop.load(Ordering::Relaxed) {
                return (Layers::Stopped("interrupted".into()), stats);
            }
            if overflow.load(Ordering::Relaxed) {
                return (
                    Layers::Stopped(format!(
                        "layer {} would exceed the memory budget of {} MB",
                        depth + 1,
                        budget >> 20
                    )),
                    stats,
                );
            }
            let mut layer: Vec<C::Key> = shards
                .into_iter()
                .flat_map(|s| s.into_inner().unwrap_or_else(|e| e.into_inner()))
                .collect();
            codec.arrange(&mut layer);
            stored += layer.len() as u64 * per_state;
            stats.widest = stats.widest.max(layer.len() as u64);
            layer_done(depth + 1, layer.len() as u64);
            if layer.is_empty() {
                break;
            }
            layers.push(layer);
        }
        (
            Layers::Failed {
                next: next.load(Ordering::Relaxed),
            },
            stats,
        )
    }
}

/// The line to a finished state whose parent, `last`, lies in layer `depth`: the chain of
/// stored states back to the root (for each, a state of the layer before with a move to
/// it), then replayed forwards from the root, choosing at each step a move to a node with
/// the next state of the chain (states are canonical images, so the moves are the root's
/// own, not the stored states').
fn trace<P: Layered, C: Codec<P::State>>(
    puzzle: &P,
    codec: &C,
    root: &P::Node,
    layers: &[Vec<C::Key>],
    depth: u32,
    last: P::State,
) -> Vec<Move> {
    let leads_to = |state: P::State, d: u32, target: P::State| {
        let mut node = puzzle.node_of(root, state, d);
        let mut moves = Vec::new();
        puzzle.moves(&node, &mut moves);
        moves.iter().any(|&mv| {
            puzzle.make(&mut node, mv);
            let hit = !puzzle.is_done(&node) && puzzle.state(&node).1 == target;
            puzzle.unmake(&mut node, mv);
            hit
        })
    };
    let mut chain = vec![last];
    for d in (0..depth).rev() {
        let target = *chain.last().expect("the chain starts with the last parent");
        let parent = layers[d as usize]
            .par_iter()
            .map(|&key| codec.state(key))
            .find_any(|&s| leads_to(s, d, target))
            .expect("every stored state has a parent in the layer before");
        chain.push(parent);
    }
    chain.reverse();
    let mut node = root.clone();
    let mut line = Vec::with_capacity(depth as usize + 1);
    let mut moves = Vec::new();
    for target in chain.iter().skip(1).map(Some).chain([None]) {
        puzzle.moves(&node, &mut moves);
        let mv = moves
            .iter()
            .copied()
            .find(|&mv| {
                puzzle.make(&mut node, mv);
                let hit = match target {
                    Some(&t) => !puzzle.is_done(&node) && puzzle.state(&node).1 == t,
                    None => puzzle.is_done(&node),
                };
                puzzle.unmake(&mut node, mv);
                hit
            })
            .expect("a symmetric image has the mapped moves");
        puzzle.make(&mut node, mv);
        line.push(mv);
    }
    line
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
