//! Iterative-deepening A* over any [`Puzzle`], with a shared table of proven failures and
//! the subtrees of each iteration (every root move with each reply) searched in parallel
//! (rayon).

use crate::moves::Move;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use super::bound::IMPOSSIBLE;
use super::report::{Iteration, Progress};

/// A shortest-path problem the search can solve: states, their moves and an admissible
/// lower bound on the moves still needed.
pub trait Puzzle: Sync {
    /// A searchable state (made and unmade in place).
    type Node: Clone + Send + Sync;
    /// The exact state as stored in the table (a 64-bit hash picks the slot).
    type State: Copy + Eq + std::hash::Hash + Send + Sync + Default;
    /// The hash and the exact state of a node.
    fn state(&self, node: &Self::Node) -> (u64, Self::State);
    /// The hash of [`Puzzle::state`] alone (a puzzle may find it quicker).
    fn hash(&self, node: &Self::Node) -> u64 {
        self.state(node).0
    }
    /// A lower bound on the moves to a finished node ([`IMPOSSIBLE`] if there is none); at
    /// least 1 for an unfinished node.
    fn bound(&self, node: &Self::Node) -> u32;
    /// A tie-break among nodes of equal bound for the beam search (smaller looks closer to
    /// the end); it need not be admissible.
    fn guide(&self, _node: &Self::Node) -> i64 {
        0
    }
    /// The bound the beam search ranks a node by, before [`Puzzle::guide`], given its
    /// `bound`: the bound itself unless the puzzle says otherwise. Only the ranking uses
    /// it (the beam still drops a node by its bound), so it need not be admissible.
    fn rank(&self, _node: &Self::Node, bound: u32) -> u32 {
        bound
    }
    /// Prepares `root` for an iteration looking for lines of exactly `length` moves, when
    /// every shorter line is known to fail. A puzzle whose lines' lengths decide how they
    /// end (a cooperative game's parity decides which side finishes) may then bound, key and
    /// store only the lines that can end at that length, and returns `true`: the facts found
    /// say nothing of the other lengths, so the next iteration is `length + 1`.
    fn aim(&self, _root: &mut Self::Node, _length: u32) -> bool {
        false
    }
    /// Whether the node is finished.
    fn is_done(&self, node: &Self::Node) -> bool;
    /// The moves of the node, written into `out` (cleared first).
    fn moves(&self, node: &Self::Node, out: &mut Vec<Move>);
    /// Plays a move of the node.
    fn make(&self, node: &mut Self::Node, mv: Move);
    /// Takes back the move just made.
    fn unmake(&self, node: &mut Self::Node, mv: Move);
}

/// Slots per bucket of the table (the least valuable of a full bucket is replaced).
const BUCKET: usize = 4;
/// Independently locked shards of the table.
const SHARDS: usize = 256;
/// Buckets a shard starts with, at least (a shard doubles from there as it fills, up to
/// its share of the table's bytes).
const FIRST_BUCKETS: usize = 64;

/// One table slot: a state proven to have no solution within `budget - 1` moves.
#[derive(Clone, Copy, Default)]
struct Slot<S> {
    hash: u64,
    state: S,
    /// Proven failing budget plus one; 0 marks an empty slot.
    budget: u8,
}

/// One shard's slots: `buckets` buckets of [`BUCKET`] slots.
struct Shard<S> {
    slots: Vec<Slot<S>>,
    /// Slots in use.
    used: usize,
}

impl<S: Copy + Default> Shard<S> {
    /// A shard of `buckets` empty buckets.
    fn new(buckets: usize) -> Self {
        Shard {
            slots: vec![Slot::default(); buckets * BUCKET],
            used: 0,
        }
    }

    /// Buckets held now.
    fn buckets(&self) -> usize {
        self.slots.len() / BUCKET
    }

    /// Whether the shard is full enough to double: a quarter of its slots in use. (Doubling
    /// at the first full bucket would leave a large table a few per cent full: of a million
    /// buckets, one holds four entries long before a tenth of the slots are used; waiting
    /// for half loses some 6 % of the entries to replacements meanwhile.)
    fn crowded(&self) -> bool {
        4 * self.used >= self.slots.len()
    }

    /// The same entries in twice the buckets: each bucket's entries split between the two
    /// buckets it becomes ([`bucket_of`]), in their order (the four of a bucket always fit
    /// in the two).
    fn double(&mut self) {
        let buckets = 2 * self.buckets();
        let mut slots = vec![Slot::default(); buckets * BUCKET];
        for e in self.slots.iter().filter(|e| e.budget > 0) {
            let at = bucket_of(e.hash, buckets) * BUCKET;
            if let Some(free) = slots[at..at + BUCKET].iter_mut().find(|s| s.budget == 0) {
                *free = *e;
            }
        }
        self.slots = slots;
    }
}

/// The bucket of `hash` among a shard's `buckets`: the hash's top half scaled to them, so
/// that bucket `b` of `n` becomes buckets `2b` and `2b + 1` of `2n` (a grown shard keeps
/// every entry).
#[inline(always)]
fn bucket_of(hash: u64, buckets: usize) -> usize {
    (((hash >> 32) * buckets as u64) >> 32) as usize
}

/// The table of proven failures ("no solution within r moves from this state"), shared by
/// every thread. Facts stay true, so the table lives across iterations. Its memory follows
/// its use: each shard starts small and doubles when a store finds its bucket full and a
/// quarter of the shard's slots are in use, up to the shard's share of the bytes asked for; otherwise
/// a store into a full bucket replaces its least valuable entry.
pub struct Table<S> {
    shards: Vec<Mutex<Shard<S>>>,
    /// Each shard's slots' address and buckets now, for [`Table::prefetch`] (a hint read
    /// without the lock: a stale pair only prefetches the wrong line).
    addresses: Vec<(AtomicUsize, AtomicUsize)>,
    /// The buckets a shard grows to at most.
    max_buckets: usize,
}

impl<S: Copy + Eq + Default> Table<S> {
    /// A table of at most about `bytes` bytes (at least one bucket per shard); little of it
    /// is allocated before it is used.
    pub fn new(bytes: usize) -> Self {
        let slot = std::mem::size_of::<Slot<S>>();
        let wanted = (bytes / slot / BUCKET / SHARDS).max(1);
        // A shard doubles from `first` to `max_buckets`, a power of two times `first`.
        let mut first = wanted;
        while first >= 2 * FIRST_BUCKETS {
            first /= 2;
        }
        let max_buckets = first << (wanted / first).ilog2();
        let shards: Vec<_> = (0..SHARDS).map(|_| Mutex::new(Shard::new(first))).collect();
        let addresses = shards
            .iter()
            .map(|s| {
                let s = lock(s);
                (
                    AtomicUsize::new(s.slots.as_ptr() as usize),
                    AtomicUsize::new(s.buckets()),
                )
            })
            .collect();
        Table {
            shards,
            addresses,
            max_buckets,
        }
    }

    /// Bytes the slots may grow to.
    pub fn bytes(&self) -> usize {
        SHARDS * self.max_buckets * BUCKET * std::mem::size_of::<Slot<S>>()
    }

    /// Bytes the slots hold now.
    pub fn held_bytes(&self) -> usize {
        let slots: usize = self.shards.iter().map(|s| lock(s).slots.len()).sum();
        slots * std::mem::size_of::<Slot<S>>()
    }

    /// Slots in use.
    pub fn used(&self) -> usize {
        self.shards
            .iter()
            .map(|s| lock(s).slots.iter().filter(|e| e.budget > 0).count())
            .sum()
    }

    /// The shard of `hash`.
    fn shard(&self, hash: u64) -> usize {
        (hash as usize) % SHARDS
    }

    /// Starts loading the bucket of `hash` into the cache, so that a probe soon after does
    /// not wait for memory (a hint only: the table is unchanged).
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let (address, buckets) = &self.addresses[self.shard(hash)];
            let buckets = buckets.load(Ordering::Relaxed);
            let size = std::mem::size_of::<Slot<S>>();
            let bucket = address.load(Ordering::Relaxed) + bucket_of(hash, buckets) * BUCKET * size;
            for line in (0..BUCKET * size).step_by(64) {
                // SAFETY: a prefetch never faults and changes no memory, whatever the
                // address (a stale one, of slots a shard has since replaced, included).
                unsafe { _mm_prefetch::<_MM_HINT_T0>((bucket + line) as *const i8) };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// The largest budget proven to fail from `state`, if stored.
    fn get(&self, hash: u64, state: S) -> Option<u32> {
        let shard = lock(&self.shards[self.shard(hash)]);
        let at = bucket_of(hash, shard.buckets()) * BUCKET;
        shard.slots[at..at + BUCKET]
            .iter()
            .find(|e| e.budget > 0 && e.hash == hash && e.state == state)
            .map(|e| e.budget as u32 - 1)
    }

    /// Records that `state` has no solution within `budget` moves.
    fn store(&self, hash: u64, state: S, budget: u32) {
        let budget = (budget + 1).min(u8::MAX as u32) as u8;
        let index = self.shard(hash);
        let mut shard = lock(&self.shards[index]);
        loop {
            let buckets = shard.buckets();
            let crowded = shard.crowded();
            let at = bucket_of(hash, buckets) * BUCKET;
            let bucket = &mut shard.slots[at..at + BUCKET];
            let found = bucket
                .iter()
                .position(|e| e.budget > 0 && e.hash == hash && e.state == state);
            let free = bucket.iter().position(|e| e.budget == 0);
            let slot = match (found, free) {
                (Some(i), _) | (None, Some(i)) => i,
                (None, None) if buckets < self.max_buckets && crowded => {
                    shard.double();
                    let (address, buckets) = &self.addresses[index];
                    address.store(shard.slots.as_ptr() as usize, Ordering::Relaxed);
                    buckets.store(shard.buckets(), Ordering::Relaxed);
                    continue;
                }
                (None, None) => (0..BUCKET).min_by_key(|&i| bucket[i].budget).unwrap_or(0),
            };
            if bucket[slot].budget == 0 {
                shard.used += 1;
            }
            let bucket = &mut shard.slots[at..at + BUCKET];
            if bucket[slot].hash != hash || bucket[slot].budget < budget {
                bucket[slot] = Slot {
                    hash,
                    state,
                    budget,
                };
            }
            return;
        }
    }
}

/// Locks a shard (a poisoned lock only means another thread panicked; its data is intact).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// How one depth-first search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    Yes,
    No,
    Stopped,
}

/// One thread's depth-first search state: reused move lists, the current line, counters.
pub struct Worker<'a, P: Puzzle> {
    puzzle: &'a P,
    table: Option<&'a Table<P::State>>,
    stop: &'a AtomicBool,
    /// Nodes expanded.
    pub nodes: u64,
    /// Nodes after which the search gives up as if stopped.
    node_limit: u64,
    /// When the search gives up as if stopped (looked at the first node and every 1024th).
    deadline: Option<Instant>,
    /// The smallest total cost seen beyond the iteration's limit.
    next: u32,
    moves: Vec<Move>,
    lists: Vec<Vec<(u32, Move)>>,
    /// The moves from the search root to the current node.
    pub line: Vec<Move>,
}

impl<'a, P: Puzzle> Worker<'a, P> {
    /// A worker; `table` may be left out for small searches.
    pub fn new(puzzle: &'a P, table: Option<&'a Table<P::State>>, stop: &'a AtomicBool) -> Self {
        Worker {
            puzzle,
            table,
            stop,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            next: IMPOSSIBLE,
            moves: Vec::new(),
            lists: Vec::new(),
            line: Vec::new(),
        }
    }

    /// The same worker giving up after `nodes` nodes (a caller on a budget).
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.node_limit = nodes;
        self
    }

    /// The same worker giving up at `deadline`, if any (a caller on a clock).
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    /// Whether the search ran out of its nodes or its time, or was stopped.
    pub fn out_of_budget(&self) -> bool {
        self.nodes >= self.node_limit || self.stopped_or_late()
    }

    /// Whether the stop flag is raised or the deadline passed.
    fn stopped_or_late(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Iterative deepening from `node` up to `max` moves, single-threaded: the fewest moves
    /// to a finished node, the line in [`Worker::line`]; `None` if more than `max` are needed
    /// or the search was stopped (or ran out of nodes) first.
    pub fn shortest(&mut self, node: &mut P::Node, max: u32) -> Option<u32> {
        self.line.clear();
        if self.puzzle.is_done(node) {
            return Some(0);
        }
        let mut limit = self.puzzle.bound(node);
        while limit <= max {
            self.next = IMPOSSIBLE;
            let mut root = node.clone();
            let aimed = self.puzzle.aim(&mut root, limit);
            match self.dfs(&mut root, 0, limit, 0) {
                Found::Yes => return Some(limit),
                Found::Stopped => return None,
                Found::No => limit = next_limit(limit, self.next, aimed),
            }
        }
        None
    }

    /// One iteration from `node` (unfinished) with limit `length`, the node aimed at it
    /// ([`Puzzle::aim`]): whether a line of at most `length` moves was found (in
    /// [`Worker::line`]). A line ending another way is missed if the aim excludes it.
    pub fn exactly(&mut self, node: &mut P::Node, length: u32) -> bool {
        self.line.clear();
        self.next = IMPOSSIBLE;
        self.puzzle.aim(node, length);
        self.puzzle.bound(node) <= length && self.dfs(node, 0, length, 0) == Found::Yes
    }

    /// Searches one task of [`root_tasks`] from `root` within `limit` moves: the line found,
    /// if any.
    fn search_task(
        &mut self,
        root: &P::Node,
        &(first, reply): &(Move, Option<Move>),
        limit: u32,
    ) -> Option<Vec<Move>> {
        let mut node = root.clone();
        let mut line = Vec::new();
        for (g, mv) in [Some(first), reply].into_iter().flatten().enumerate() {
            self.puzzle.make(&mut node, mv);
            line.push(mv);
            if self.puzzle.is_done(&node) {
                return Some(line);
            }
            let total = g as u32 + 1 + self.puzzle.bound(&node);
            if total > limit {
                self.next = self.next.min(total);
                return None;
            }
        }
        // Nothing follows a first move alone: a dead end.
        reply?;
        match self.dfs(&mut node, 2, limit, 0) {
            Found::Yes => {
                line.extend_from_slice(&self.line);
                Some(line)
            }
            Found::No | Found::Stopped => None,
        }
    }

    /// Searches below `node` (at `g` moves from the iteration's root) for a finished node
    /// within `limit` moves in all.
    fn dfs(&mut self, node: &mut P::Node, g: u32, limit: u32, ply: usize) -> Found {
        self.nodes += 1;
        if self.nodes >= self.node_limit || (self.nodes & 0x3ff == 1 && self.stopped_or_late()) {
            return Found::Stopped;
        }
        let remaining = limit - g;
        // The state is only needed to look up and store in the table.
        let key = self.table.map(|t| (t, self.puzzle.state(node)));
        if let Some(proven) = key.and_then(|(t, (hash, state))| t.get(hash, state)) {
            if proven >= remaining {
                self.next = self.next.min(g + proven + 1);
                return Found::No;
            }
        }
        if self.lists.len() <= ply {
            self.lists.push(Vec::new());
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        let mut moves = std::mem::take(&mut self.moves);
        self.puzzle.moves(node, &mut moves);
        let mut done = None;
        for &mv in &moves {
            self.puzzle.make(node, mv);
            if self.puzzle.is_done(node) {
                done = Some(mv);
            } else {
                let h = self.puzzle.bound(node);
                if g + 1 + h > limit {
                    self.next = self.next.min(g + 1 + h);
                } else {
                    list.push((h, mv));
                    if let Some(table) = self.table {
                        table.prefetch(self.puzzle.hash(node));
                    }
                }
            }
            self.puzzle.unmake(node, mv);
            if done.is_some() {
                break;
            }
        }
        self.moves = moves;
        if let Some(mv) = done {
            self.line.push(mv);
            self.lists[ply] = list;
            return Found::Yes;
        }
        list.sort_unstable_by_key(|&(h, _)| h);
        let mut result = Found::No;
        for &(_, mv) in &list {
            self.puzzle.make(node, mv);
            self.line.push(mv);
            result = self.dfs(node, g + 1, limit, ply + 1);
            self.puzzle.unmake(node, mv);
            if result != Found::No {
                break;
            }
            self.line.pop();
        }
        self.lists[ply] = list;
        if result == Found::No {
            if let Some((t, (hash, state))) = key {
                t.store(hash, state, remaining);
            }
        }
        result
    }
}

/// The outcome of [`deepen`].
pub struct Outcome {
    /// The fewest moves, if found within the limit.
    pub minimum: Option<u32>,
    /// Whether the search proved that no line exists at all.
    pub impossible: bool,
    /// One shortest line.
    pub line: Vec<Move>,
    /// Every iteration, in order.
    pub iterations: Vec<Iteration>,
    /// Set when an iteration stopped before its limit was searched (memory, interruption):
    /// the reason; every earlier iteration's bound stays proved.
    pub stopped: Option<String>,
    /// Set when the loop paused before this limit ([`Span::pause_over`]): every smaller
    /// limit was searched without a line.
    pub paused: Option<u32>,
}

/// The limit after a failed iteration with limit `limit` whose pruned lines needed `next`
/// moves at least: `limit + 1` after an aimed iteration ([`Puzzle::aim`]), whose bounds only
/// held for lines of its own length.
fn next_limit(limit: u32, next: u32, aimed: bool) -> u32 {
    if aimed {
        limit + 1
    } else {
        next
    }
}

/// The moves of `root` that lead to different states as the table sees them: of moves whose
/// results are the same up to the puzzle's symmetry, only the first is kept.
fn distinct_root_moves<P: Puzzle>(puzzle: &P, root: &P::Node) -> Vec<Move> {
    let mut moves = Vec::new();
    puzzle.moves(root, &mut moves);
    let mut seen = Vec::new();
    moves.retain(|&mv| {
        let mut child = root.clone();
        puzzle.make(&mut child, mv);
        let state = puzzle.state(&child);
        let new = !seen.contains(&state);
        if new {
            seen.push(state);
        }
        new
    });
    moves
}

/// The subtrees an iteration shares out among the threads: each distinct root move with
/// each reply (or alone, when nothing follows it). Two moves deep, there are enough of them
/// for the threads to stay busy to the end even when the root has only a few moves.
fn root_tasks<P: Puzzle>(puzzle: &P, root: &P::Node) -> Vec<(Move, Option<Move>)> {
    let mut tasks = Vec::new();
    let mut replies = Vec::new();
    for mv in distinct_root_moves(puzzle, root) {
        let mut node = root.clone();
        puzzle.make(&mut node, mv);
        puzzle.moves(&node, &mut replies);
        if puzzle.is_done(&node) || replies.is_empty() {
            tasks.push((mv, None));
        } else {
            tasks.extend(replies.iter().map(|&reply| (mv, Some(reply))));
        }
    }
    tasks
}

/// What one iteration ([`deepen_by`]'s step) found.
pub struct Step {
    /// A line of exactly the iteration's limit, if found.
    pub line: Option<Vec<Move>>,
    /// Nodes expanded.
    pub nodes: u64,
    /// The smallest total (moves so far plus bound) that was cut, [`IMPOSSIBLE`] if none.
    pub next: u32,
    /// Set when the iteration stopped before its limit was searched: the reason.
    pub stopped: Option<String>,
}

/// Where a loop of iterations ([`deepen_by`]) starts and when it ends early.
#[derive(Clone, Copy, Debug, Default)]
pub struct Span<'a> {
    /// A line known from elsewhere (a beam's): the loop ends with it once every shorter
    /// bound is searched.
    pub upper: Option<&'a [Move]>,
    /// The largest limit searched: the loop gives up rather than go beyond.
    pub max: u32,
    /// The first limit, when larger than the root's bound: the limit a paused loop stopped
    /// at, every smaller one having been searched.
    pub from: u32,
    /// Pause before an iteration whose expected wall time ([`expected_millis`]) exceeds this
    /// many milliseconds ([`Outcome::paused`]).
    pub pause_over: Option<f64>,
    /// The iterations an earlier loop searched below `from` (a paused or checkpointed
    /// proof's): the outcome's first iterations, and the basis of the first expectations.
    pub earlier: &'a [Iteration],
}

impl Span<'_> {
    /// From the root's bound to `max`, never pausing.
    pub fn to(max: u32) -> Span<'static> {
        Span {
            max,
            ..Span::default()
        }
    }
}

impl Step {
    /// A line found (at the iteration's limit), after `nodes`.
    pub fn found(line: Vec<Move>, nodes: u64) -> Step {
        Step {
            line: Some(line),
            nodes,
            next: 0,
            stopped: None,
        }
    }

    /// Stopped before the limit was searched, after `nodes`, for `reason`.
    pub fn stopped(nodes: u64, reason: String) -> Step {
        Step {
            line: None,
            nodes,
            next: 0,
            stopped: Some(reason),
        }
    }
}

/// Iterative deepening from `root` with the subtrees of an iteration (each root move with
/// each reply) searched in parallel on rayon's current pool, over `span`.
pub fn deepen<P: Puzzle>(
    puzzle: &P,
    root: &P::Node,
    table: &Table<P::State>,
    span: Span,
    interrupt: Option<&AtomicBool>,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Outcome {
    let own = AtomicBool::new(false);
    // One flag stops the workers: a line found, or an interruption from outside.
    let stop = interrupt.unwrap_or(&own);
    let mut deepening = Deepening::new(puzzle, root, table, stop);
    deepen_by(puzzle, root, span, progress, |aimed_root, limit| {
        deepening.search(aimed_root, limit, progress)
    })
}

/// One iteration after another of the depth-first search, its subtrees shared among
/// rayon's threads: [`deepen`]'s step, and the layered method's fallback for bounds whose
/// layers do not fit.
pub struct Deepening<'a, P: Puzzle> {
    puzzle: &'a P,
    table: &'a Table<P::State>,
    stop: &'a AtomicBool,
    tasks: Vec<(Move, Option<Move>)>,
}

impl<'a, P: Puzzle> Deepening<'a, P> {
    /// The search of `root`'s subtrees with `table`, stopped by `stop` (raised by the search
    /// itself when a line is found).
    pub fn new(
        puzzle: &'a P,
        root: &P::Node,
        table: &'a Table<P::State>,
        stop: &'a AtomicBool,
    ) -> Self {
        Deepening {
            puzzle,
            table,
            stop,
            tasks: root_tasks(puzzle, root),
        }
    }

    /// One iteration with `limit` from `aimed_root` (the root aimed at it).
    pub fn search(
        &mut self,
        aimed_root: &P::Node,
        limit: u32,
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Step {
        use rayon::prelude::*;
        let (puzzle, table, stop, tasks) = (self.puzzle, self.table, self.stop, &self.tasks);
        let found: Mutex<Option<Vec<Move>>> = Mutex::new(None);
        let done = AtomicUsize::new(0);
        let (nodes, next) = tasks
            .par_iter()
            .map(|task| {
                let mut worker = Worker::new(puzzle, Some(table), stop);
                if let Some(line) = worker.search_task(aimed_root, task, limit) {
                    stop.store(true, Ordering::Relaxed);
                    lock(&found).get_or_insert(line);
                }
                let done = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress(&Progress::Searched {
                    bound: limit,
                    done,
                    tasks: tasks.len(),
                });
                (worker.nodes, worker.next)
            })
            .reduce(|| (0, IMPOSSIBLE), |a, b| (a.0 + b.0, a.1.min(b.1)));
        let line = lock(&found).take();
        let interrupted = line.is_none() && stop.load(Ordering::Relaxed);
        Step {
            line,
            nodes: nodes + 1,
            next,
            stopped: interrupted.then(|| "interrupted".to_string()),
        }
    }
}

/// The expected wall time of the next iteration from the ones searched: the last one's
/// times its growth over the one before (at least 1, at most 100), or `None` before two
/// iterations (or when the one before took no measurable time). Each bound costs several times the one before, so
/// this is an estimate for the progress line and the level table's upgrade, not a promise.
pub fn expected_millis(iterations: &[Iteration]) -> Option<f64> {
    let [.., before, last] = iterations else {
        return None;
    };
    (before.millis > 0.0).then(|| last.millis * (last.millis / before.millis).clamp(1.0, 100.0))
}

/// The loop of iterations shared by every method: limits from the root's bound (or
/// `span.from`) up, each searched by `iteration(aimed root, limit)`, until a line is found,
/// `span.upper` is as short as the next limit, the limit would exceed `span.max`, the
/// search proves there is no line, the next iteration is expected to take longer than
/// `span.pause_over` ([`Outcome::paused`]), or an iteration stops early
/// ([`Outcome::stopped`]).
pub fn deepen_by<P: Puzzle>(
    puzzle: &P,
    root: &P::Node,
    span: Span,
    progress: &(dyn Fn(&Progress) + Sync),
    mut iteration: impl FnMut(&P::Node, u32) -> Step,
) -> Outcome {
    let mut out = Outcome {
        minimum: None,
        impossible: false,
        line: Vec::new(),
        iterations: span.earlier.to_vec(),
        stopped: None,
        paused: None,
    };
    if puzzle.is_done(root) {
        out.minimum = Some(0);
        return out;
    }
    let mut limit = puzzle.bound(root).max(span.from);
    let mut hopeless = 0;
    loop {
        // Every bound below `limit` has been searched: a known line that short is shortest.
        if let Some(line) = span.upper.filter(|line| line.len() as u32 <= limit) {
            out.minimum = Some(line.len() as u32);
            out.line = line.to_vec();
            return out;
        }
        if limit > span.max {
            return out;
        }
        let expected = expected_millis(&out.iterations);
        if expected
            .zip(span.pause_over)
            .is_some_and(|(e, most)| e > most)
        {
            out.paused = Some(limit);
            return out;
        }
        progress(&Progress::Started {
            bound: limit,
            expected_millis: expected,
        });
        let started = Instant::now();
        let mut aimed_root = root.clone();
        let aimed = puzzle.aim(&mut aimed_root, limit);
        let step = iteration(&aimed_root, limit);
        if step.stopped.is_some() {
            out.stopped = step.stopped;
            return out;
        }
        let iteration = Iteration {
            bound: limit,
            solved: step.line.is_some(),
            nodes: step.nodes,
            millis: started.elapsed().as_secs_f64() * 1e3,
            // None after a line, and after an iteration that proved there is none.
            next: (step.line.is_none() && (aimed || step.next < IMPOSSIBLE))
                .then(|| next_limit(limit, step.next, aimed)),
        };
        progress(&Progress::Finished(iteration.clone()));
        out.iterations.push(iteration);
        if let Some(line) = step.line {
            out.minimum = Some(limit);
            out.line = line;
            return out;
        }
        // Nothing was cut off with a finite bound: no line at all (after an aimed iteration,
        // none of its kind, so it takes two in a row, one for each parity).
        if step.next >= IMPOSSIBLE {
            hopeless += 1;
            if !aimed || hopeless == 2 {
                out.impossible = true;
                return out;
            }
        } else {
            hopeless = 0;
        }
        limit = next_limit(limit, step.next, aimed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_grows_as_it_fills_a_quarter_and_keeps_within_its_cap() {
        let hash = |i: u64| crate::games::halma::zobrist::splitmix64(i).1;
        // A cap of 16 GiB costs a few MB until it is used.
        let big = Table::<u64>::new(16 << 30);
        assert!(big.bytes() > 15 << 30, "{}", big.bytes());
        assert!(big.held_bytes() < 8 << 20, "{}", big.held_bytes());
        for i in 0..200_000 {
            big.store(hash(i), i, 3);
        }
        // It holds its entries in at most eight times their slots (a doubling waits for a
        // quarter of the slots in use; the few lost meanwhile are the replacements a table
        // of that size makes).
        let used = big.used();
        assert!(used > 196_000 && used <= 200_000, "{used}");
        let slot = std::mem::size_of::<Slot<u64>>();
        assert!(
            big.held_bytes() <= 8 * 200_000 * slot + (8 << 20),
            "{}",
            big.held_bytes()
        );
        let kept = (0..200_000)
            .filter(|&i| big.get(hash(i), i) == Some(3))
            .count();
        assert_eq!(kept, used);
        // A small cap, overfilled: it grows to its cap and no further, then replaces; what
        // it holds is what was stored.
        let small = Table::<u64>::new(3 << 20);
        for i in 0..400_000u64 {
            small.store(hash(i), i, (i % 7) as u32);
        }
        assert!(
            small.held_bytes() <= small.bytes(),
            "{}",
            small.held_bytes()
        );
        assert!(
            small.held_bytes() * 2 > small.bytes(),
            "{}",
            small.held_bytes()
        );
        let held = (0..400_000u64)
            .filter(|&i| small.get(hash(i), i) == Some((i % 7) as u32))
            .count();
        assert_eq!(held, small.used());
        assert!(small.used() * 4 > small.bytes() / slot, "{}", small.used());
    }

    /// A counter to bring down to zero by ones and twos (a two needs at least two left): the
    /// fewest moves from `n` are `n / 2` rounded up.
    struct Countdown;

    impl Puzzle for Countdown {
        type Node = u32;
        type State = u32;
        fn state(&self, n: &u32) -> (u64, u32) {
            (u64::from(*n).wrapping_mul(0x9e37_79b9_7f4a_7c15), *n)
        }
        fn bound(&self, n: &u32) -> u32 {
            n.div_ceil(2)
        }
        fn is_done(&self, n: &u32) -> bool {
            *n == 0
        }
        fn moves(&self, n: &u32, out: &mut Vec<Move>) {
            out.clear();
            let n = *n as usize;
            out.extend((1..=2.min(n)).map(|k| Move::new(n, n - k)));
        }
        fn make(&self, n: &mut u32, mv: Move) {
            *n = mv.to() as u32;
        }
        fn unmake(&self, n: &mut u32, mv: Move) {
            *n = mv.from() as u32;
        }
    }

    /// [`Countdown`] with an aim: a counter at `n` after `depth` moves, lines aimed at
    /// finishing after an even or odd number of moves in all (`Some(parity)`), and no step
    /// of one onto zero (from 1 nothing finishes, though the bound says 1).
    #[derive(Clone, Copy)]
    struct Aimed {
        n: u32,
        depth: u32,
        parity: Option<u32>,
    }

    struct AimedCountdown;

    impl Puzzle for AimedCountdown {
        type Node = Aimed;
        type State = (u32, u32);
        fn state(&self, a: &Aimed) -> (u64, (u32, u32)) {
            // What the table proves holds for the lines of the aim only.
            let aim = a.parity.map_or(2, |p| (p + a.depth) % 2);
            let key = (a.n, aim);
            (
                u64::from(a.n * 3 + aim).wrapping_mul(0x9e37_79b9_7f4a_7c15),
                key,
            )
        }
        /// The fewest moves `k >= n / 2` (rounded up) ending at the aimed parity.
        fn bound(&self, a: &Aimed) -> u32 {
            let k = a.n.div_ceil(2);
            match a.parity {
                Some(p) if (a.depth + k) % 2 != p => k + 1,
                _ => k,
            }
        }
        fn aim(&self, root: &mut Aimed, length: u32) -> bool {
            root.parity = Some((root.depth + length) % 2);
            true
        }
        fn is_done(&self, a: &Aimed) -> bool {
            a.n == 0
        }
        fn moves(&self, a: &Aimed, out: &mut Vec<Move>) {
            out.clear();
            let n = a.n as usize;
            if n != 1 {
                out.extend((1..=2.min(n)).map(|k| Move::new(n, n - k)));
            }
        }
        fn make(&self, a: &mut Aimed, mv: Move) {
            a.n = mv.to() as u32;
            a.depth += 1;
        }
        fn unmake(&self, a: &mut Aimed, mv: Move) {
            a.n = mv.from() as u32;
            a.depth -= 1;
        }
    }

    /// Aimed iterations (each bounding only lines of its own length) still find the
    /// minimum, and a puzzle with no line at all is found impossible after two hopeless
    /// iterations, one per parity.
    #[test]
    fn aimed_deepening_finds_the_minimum_and_impossibility() {
        for start in 1..12u32 {
            let table = Table::new(1 << 16);
            let root = Aimed {
                n: start,
                depth: 0,
                parity: None,
            };
            let outcome = deepen(&AimedCountdown, &root, &table, Span::to(40), None, &|_| {});
            if start == 1 {
                assert_eq!(outcome.minimum, None);
                assert!(outcome.impossible);
                assert_eq!(outcome.iterations.len(), 2);
                continue;
            }
            // Ones and twos onto 2, then a two: still half rounded up.
            let want = start.div_ceil(2);
            assert_eq!(outcome.minimum, Some(want), "from {start}");
            assert_eq!(outcome.line.len() as u32, want);
            let stop = AtomicBool::new(false);
            let mut worker = Worker::new(&AimedCountdown, None, &stop);
            assert_eq!(worker.shortest(&mut root.clone(), 40), Some(want));
        }
    }

    /// The iterations share out the root's moves and replies on any number of threads and
    /// still find the minimum, also when the first move finishes (a task of one move) or
    /// the second does.
    #[test]
    fn deepening_finds_the_minimum_on_any_thread_count() {
        for threads in [1, 2, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            for start in 1..12u32 {
                let table = Table::new(1 << 16);
                let outcome = pool
                    .install(|| deepen(&Countdown, &start, &table, Span::to(20), None, &|_| {}));
                let want = start.div_ceil(2);
                assert_eq!(
                    outcome.minimum,
                    Some(want),
                    "from {start}, {threads} threads"
                );
                assert_eq!(outcome.line.len() as u32, want);
                let mut n = start;
                for &mv in &outcome.line {
                    assert_eq!(mv.from() as u32, n, "the line is connected");
                    Countdown.make(&mut n, mv);
                }
                assert_eq!(n, 0);
            }
        }
    }

    #[test]
    fn a_loop_pauses_before_a_long_iteration_and_resumes_where_it_paused() {
        let mut seen = Vec::new();
        let fail_until = |found_at: u32| {
            move |_: &u32, limit: u32| {
                std::thread::sleep(std::time::Duration::from_millis(1));
                if limit == found_at {
                    Step::found(vec![Move::new(1, 0); limit as usize], 1)
                } else {
                    Step {
                        line: None,
                        nodes: 1,
                        next: limit + 1,
                        stopped: None,
                    }
                }
            }
        };
        // Any expectation is over a budget below zero: the loop pauses once it has one.
        let span = Span {
            pause_over: Some(-1.0),
            ..Span::to(30)
        };
        let first = fail_until(14);
        let out = deepen_by(&Countdown, &20, span, &|_| {}, |n, limit| {
            seen.push(limit);
            first(n, limit)
        });
        assert_eq!((out.paused, out.minimum), (Some(12), None));
        assert_eq!(seen, [10, 11]);
        assert_eq!(out.iterations.len(), 2);
        // Resumed at the pause, without one: the limits go on from there to the line.
        let resumed = Span {
            from: 12,
            ..Span::to(30)
        };
        let second = fail_until(14);
        let out = deepen_by(&Countdown, &20, resumed, &|_| {}, |n, limit| {
            seen.push(limit);
            second(n, limit)
        });
        assert_eq!((out.paused, out.minimum), (None, Some(14)));
        assert_eq!(seen, [10, 11, 12, 13, 14]);
        // The expectation: the last time times its growth, at least once, at most 100 times.
        let it = |millis| Iteration {
            bound: 0,
            solved: false,
            nodes: 0,
            millis,
            next: None,
        };
        assert_eq!(expected_millis(&[it(2.0)]), None);
        assert_eq!(expected_millis(&[it(2.0), it(6.0)]), Some(18.0));
        assert_eq!(expected_millis(&[it(6.0), it(2.0)]), Some(2.0));
        assert_eq!(expected_millis(&[it(0.01), it(10.0)]), Some(1000.0));
    }
}
