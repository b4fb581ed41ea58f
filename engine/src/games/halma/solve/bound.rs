//! Admissible lower bounds on the moves one side still needs to put every piece in its goal
//! camp: a parity bound for any position, and an exact table of a relaxed "level" problem
//! for solitaire searches on boards where it fits in memory. See `docs/solver.md`.

use crate::bitboard::BitBoard;
use crate::board::geometry::{step, Geometry};
use crate::games::halma::rules::JumpKind;
use crate::games::halma::setup::Setup;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// The bound of a position that can never be finished (search prunes it at once).
pub const IMPOSSIBLE: u32 = u32::MAX / 4;

/// Parity bound of one side.
///
/// A jump moves a piece two cells along a line, so it keeps the parities of the piece's file
/// and rank (its *class*, one of four); a step always changes the class. When a side has as
/// many pieces as its goal camp has cells, the finished placement is the goal camp itself, so
/// the number of pieces per class at the end is fixed. The bound: one move for every piece
/// outside the goal, plus one for every piece that must change class and cannot do it with
/// that single move (a piece already in the goal, or one that no step can bring into it).
#[derive(Clone, Copy, Debug)]
pub struct ParityBound<B> {
    goal: B,
    /// Cells outside the goal one step from a goal cell.
    next_to_goal: B,
    /// The cells of each class.
    class: [B; 4],
    /// Goal cells per class.
    goal_count: [u32; 4],
    /// The cells whose class has bit 0 set, and bit 1 (a cell's class from two bit tests).
    class_bits: [B; 2],
}

/// What [`ParityBound::bound`] counts of one army with no obstacles, so that its bound after
/// one piece moves costs a few lookups ([`ParityBound::after_move`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct ParityCounts {
    pieces: u32,
    outside: u32,
    /// Pieces per class.
    per_class: [u32; 4],
    /// Pieces outside the goal one step from it, per class.
    quick: [u32; 4],
}

impl<B: BitBoard> ParityBound<B> {
    /// The bound for `side` of `setup`.
    pub fn new<G: Geometry<BB = B>>(setup: &Setup<G>, side: usize) -> Self {
        let board = G::BOARD;
        let mut class = [B::EMPTY; 4];
        for cell in board.cells() {
            let (x, y) = board.coords(cell);
            class[(x & 1) | (y & 1) << 1].set(cell);
        }
        let goal = setup.goal(side);
        let mut around = B::EMPTY;
        for i in 0..G::OFFSETS.len() {
            around |= step::<G>(goal, i);
        }
        ParityBound {
            goal,
            next_to_goal: around & G::CELLS.without(goal),
            class,
            goal_count: class.map(|c| (c & goal).count()),
            class_bits: [class[1] | class[3], class[2] | class[3]],
        }
    }

    /// The class of `cell`.
    #[inline]
    fn class_of(&self, cell: usize) -> usize {
        usize::from(self.class_bits[0].has(cell)) | usize::from(self.class_bits[1].has(cell)) << 1
    }

    /// What [`Self::bound`] counts of `pieces` with no obstacles.
    pub fn counts(&self, pieces: B) -> ParityCounts {
        let quick = pieces.without(self.goal) & self.next_to_goal;
        ParityCounts {
            pieces: pieces.count(),
            outside: pieces.without(self.goal).count(),
            per_class: self.class.map(|c| (pieces & c).count()),
            quick: self.class.map(|c| (quick & c).count()),
        }
    }

    /// [`Self::bound`] with no obstacles of the army `counts` were taken of
    /// ([`Self::counts`]), after its piece on `from` moves to the empty cell `to`.
    #[inline]
    pub fn after_move(&self, counts: &ParityCounts, from: usize, to: usize) -> u32 {
        let goal_cells = self.goal.count();
        if counts.pieces > goal_cells {
            return IMPOSSIBLE;
        }
        let (cf, ct) = (self.class_of(from), self.class_of(to));
        // Whether each end of the move is a piece outside the goal one step from it.
        let quick = |cell: usize| !self.goal.has(cell) && self.next_to_goal.has(cell);
        let (qf, qt) = (quick(from), quick(to));
        let mut moves =
            counts.outside + u32::from(!self.goal.has(to)) - u32::from(!self.goal.has(from));
        if counts.pieces == goal_cells {
            // Scalar arithmetic on the counts (no store into them that a vector load would
            // have to wait for).
            for class in 0..4 {
                let n = counts.per_class[class] + u32::from(class == ct) - u32::from(class == cf);
                let q = counts.quick[class] + u32::from(qt && class == ct)
                    - u32::from(qf && class == cf);
                moves += n.saturating_sub(self.goal_count[class]).saturating_sub(q);
            }
        }
        moves
    }

    /// A lower bound on the moves `pieces` need to stand in the goal, other pieces standing
    /// on `obstacles` (never moving); [`IMPOSSIBLE`] when an obstacle takes a goal cell the
    /// pieces need.
    #[inline]
    pub fn bound(&self, pieces: B, obstacles: B) -> u32 {
        let outside = pieces.without(self.goal);
        let free_goal = self.goal.without(obstacles).count();
        let n = pieces.count();
        if n > free_goal {
            return IMPOSSIBLE;
        }
        let mut moves = outside.count();
        if n == self.goal.count() {
            let quick = outside & self.next_to_goal;
            for (c, &want) in self.class.iter().zip(&self.goal_count) {
                let surplus = (pieces & *c).count().saturating_sub(want);
                moves += surplus.saturating_sub((quick & *c).count());
            }
        }
        moves
    }
}

/// The approach bound of one side in a cooperative game (`docs/solver.md`, *Approach
/// bound*): moves the side must spend before any of its pieces outside the goal can enter
/// it, while those pieces are all far from the goal and far from every other piece.
///
/// With adjacent jumps a jump's pivot is a step neighbour of both its ends, so while every
/// piece of the side outside its goal (the set `B`) is at least 3 steps from the goal and
/// every other piece (the other side's, and the side's own pieces in its goal) at least 3
/// steps from `B`, no move brings a piece of `B` into the goal, a move of the side brings
/// `B`'s nearest distance to the goal down by at most 1, and any move brings the distance
/// between `B` and the other pieces down by at most 1. The moves the side makes meanwhile
/// are moves beyond the one each piece of `B` needs to enter.
#[derive(Clone, Debug)]
pub struct ApproachBound<B> {
    /// Steps from each cell (bit index) to the nearest goal cell; `u8::MAX` off the board.
    to_goal: Vec<u8>,
    /// `within[d]`: the cells at most `d` steps from the goal.
    within: Vec<B>,
    goal: B,
    /// Whether the bound applies (adjacent jumps only).
    enabled: bool,
}

impl<B: BitBoard> ApproachBound<B> {
    /// The bound for `side` of `setup`.
    pub fn new<G: Geometry<BB = B>>(setup: &Setup<G>, side: usize) -> Self {
        let board = G::BOARD;
        let goal = setup.goal(side);
        let mut to_goal = vec![u8::MAX; B::CAPACITY];
        let mut wave: Vec<usize> = goal.iter().collect();
        for &c in &wave {
            to_goal[c] = 0;
        }
        let mut d = 0u8;
        while !wave.is_empty() && d < u8::MAX - 1 {
            d += 1;
            let mut next = Vec::new();
            for &c in &wave {
                for &dir in board.directions() {
                    if let Some(n) = board.step_from(c, dir, 1) {
                        if to_goal[n] == u8::MAX {
                            to_goal[n] = d;
                            next.push(n);
                        }
                    }
                }
            }
            wave = next;
        }
        let mut within = Vec::new();
        let mut ring = B::EMPTY;
        for d in 0..=d {
            for cell in board.cells() {
                if to_goal[cell] == d {
                    ring.set(cell);
                }
            }
            within.push(ring);
        }
        ApproachBound {
            to_goal,
            within,
            goal,
            enabled: setup.rules().jumps == JumpKind::Adjacent,
        }
    }

    /// Steps from `cell` (a bit index of the board) to the nearest goal cell; `u32::MAX`
    /// off the board.
    pub fn steps_to_goal(&self, cell: usize) -> u32 {
        match self.to_goal.get(cell) {
            Some(&d) if d != u8::MAX => u32::from(d),
            _ => u32::MAX,
        }
    }

    /// Moves beyond one per piece outside the goal that the side with `pieces` needs, the
    /// other side's pieces standing on `others`, `to_move` when the side moves next:
    /// `min(a, (e + to_move) / 2)`, where `a + 2` is the fewest steps from a piece outside
    /// the goal to the goal and `e + 2` the fewest steps between such a piece and any other
    /// piece (0 when either is at most 2). `floor` is what the caller already has from its
    /// other terms: when the term cannot exceed it (`a <= floor`) the result is 0 without
    /// the cost of measuring `e`; otherwise it is the whole term (not the part above
    /// `floor`), so the caller takes the larger of the two.
    #[inline]
    pub fn extra<G: Geometry<BB = B>>(
        &self,
        pieces: B,
        others: B,
        to_move: bool,
        floor: u32,
    ) -> u32 {
        self.extra_with::<G>(pieces, others, to_move, floor, None, None)
    }

    /// The fewest steps from a cell of `outside` (cells outside the goal, not none) to the
    /// goal.
    #[inline]
    pub fn near(&self, outside: B) -> u32 {
        self.within
            .iter()
            .position(|w| w.intersects(outside))
            .unwrap_or(0) as u32
    }

    /// [`Self::extra`], taking the distance `a + 2` as `known_near` when given (it must be
    /// [`Self::near`] of the side's pieces outside the goal), and reading the distance
    /// `e + 2` off `known` (the rings of a set worked out once for many positions) when that
    /// set is one of the two it measures between: the side's pieces outside the goal, or
    /// the pieces they are measured to. Otherwise (or without `known`) the distance is
    /// measured by dilations, as in [`Self::extra`]; the result is the same either way.
    #[inline]
    pub fn extra_with<G: Geometry<BB = B>>(
        &self,
        pieces: B,
        others: B,
        to_move: bool,
        floor: u32,
        known_near: Option<u32>,
        known: Option<&Rings<B>>,
    ) -> u32 {
        let outside = pieces.without(self.goal);
        if !self.enabled || outside.is_empty() {
            return 0;
        }
        let near = known_near.unwrap_or_else(|| self.near(outside));
        self.extra_from(near, to_move, floor, |limit| {
            let targets = others | (pieces & self.goal);
            let known = known.and_then(|rings| match rings.set {
                set if set == outside => rings.steps_to(targets, limit),
                set if set == targets => rings.steps_to(outside, limit),
                _ => None,
            });
            known.unwrap_or_else(|| {
                let mut reach = outside;
                let mut dist = 0;
                while dist < limit {
                    dist += 1;
                    reach = dilate::<G>(reach);
                    if reach.intersects(targets) {
                        break;
                    }
                }
                dist
            })
        })
    }

    /// [`Self::extra`] of a side with pieces outside its goal, from `near`, the fewest steps
    /// from them to the goal, and `dist(limit)`, the fewest steps between them and the
    /// pieces they are measured to, or `limit` if that is more (asked only when the term can
    /// exceed `floor`).
    #[inline]
    pub fn extra_from(
        &self,
        near: u32,
        to_move: bool,
        floor: u32,
        dist: impl FnOnce(u32) -> u32,
    ) -> u32 {
        if !self.enabled {
            return 0;
        }
        let a = near.saturating_sub(2);
        if a <= floor {
            return 0;
        }
        let t = u32::from(to_move);
        // The distance e + 2 matters up to the e at which (e + t) / 2 reaches a.
        let cap = 2 * a + 2 - t;
        let e = dist(cap + 2).saturating_sub(2);
        a.min((e + t) / 2)
    }

    /// The nearest and second-nearest cells of `set` to the goal ([`Self::near`] of the set,
    /// and of the set without one cell).
    pub fn nearest_to_goal(&self, set: B) -> Nearest<B> {
        let mut nearest = Nearest::default();
        for cell in set.iter() {
            nearest.add(cell, self.steps_to_goal(cell));
        }
        nearest
    }
}

/// The nearest distance from something to the cells of a set, and the nearest once one cell
/// has left the set, for a bound after one piece moves.
#[derive(Clone, Copy, Debug)]
pub struct Nearest<B> {
    first: u32,
    second: u32,
    /// The cells at distance `first`.
    at_first: B,
}

impl<B: BitBoard> Default for Nearest<B> {
    fn default() -> Self {
        Nearest {
            first: u32::MAX,
            second: u32::MAX,
            at_first: B::EMPTY,
        }
    }
}

impl<B: BitBoard> Nearest<B> {
    /// Counts in `cell` at distance `d`.
    #[inline]
    fn add(&mut self, cell: usize, d: u32) {
        if d < self.first {
            self.second = self.first;
            self.first = d;
            self.at_first = B::single(cell);
        } else {
            if d == self.first {
                self.at_first.set(cell);
            }
            self.second = self.second.min(d);
        }
    }

    /// The nearest distance once the cell `cell` (a member) has left the set; `u32::MAX`
    /// when none is left.
    #[inline]
    pub fn without(&self, cell: usize) -> u32 {
        if self.at_first == B::single(cell) {
            self.second
        } else {
            self.first
        }
    }
}

/// `set` and every cell one step from it.
#[inline(always)]
fn dilate<G: Geometry>(set: G::BB) -> G::BB {
    let mut grown = set;
    for &d in G::OFFSETS {
        grown |= set.shift(d);
    }
    grown & G::CELLS
}

/// Most rings a [`Rings`] keeps (more than any board's diameter in steps).
const MAX_RINGS: usize = 40;

/// The cells within each number of steps of one set of cells, worked out once so that the
/// distance from the set to many others is read off ring by ring
/// ([`ApproachBound::extra_with`]).
#[derive(Clone, Copy, Debug)]
pub struct Rings<B> {
    /// The set the rings grow from.
    set: B,
    /// `within[k - 1]`: the cells at most `k` steps from `set`.
    within: [B; MAX_RINGS],
    /// Rings kept; when the last one still grew, the rings stop short of the board.
    len: usize,
    /// Whether the last ring covers every cell the set can reach.
    complete: bool,
}

impl<B: BitBoard> Default for Rings<B> {
    fn default() -> Self {
        Rings {
            set: B::EMPTY,
            within: [B::EMPTY; MAX_RINGS],
            len: 0,
            complete: false,
        }
    }
}

impl<B: BitBoard> Rings<B> {
    /// Rings around `set`, grown until they stop growing or `MAX_RINGS` are kept.
    pub fn around<G: Geometry<BB = B>>(&mut self, set: B) {
        self.set = set;
        self.len = 0;
        self.complete = false;
        let mut reach = set;
        while self.len < MAX_RINGS {
            let grown = dilate::<G>(reach);
            if grown == reach {
                self.complete = true;
                return;
            }
            reach = grown;
            self.within[self.len] = reach;
            self.len += 1;
        }
    }

    /// The set the rings grow from.
    pub fn set(&self) -> B {
        self.set
    }

    /// The steps from the set to each cell of `other` (disjoint from it), the nearest two,
    /// `u32::MAX` out of reach; `None` when the rings stop short of the board.
    pub fn nearest(&self, other: B) -> Option<Nearest<B>> {
        if !self.complete {
            return None;
        }
        let mut nearest = Nearest::default();
        let mut inner = B::EMPTY;
        for (k, &ring) in self.within[..self.len].iter().enumerate() {
            for cell in (ring.without(inner) & other).iter() {
                nearest.add(cell, k as u32 + 1);
            }
            if nearest.second != u32::MAX {
                break;
            }
            inner = ring;
        }
        Some(nearest)
    }

    /// The steps from the set to `cell` (not in it) when fewer than `below`, else `below`;
    /// the rings must be complete ([`Self::nearest`] is `Some`).
    #[inline]
    pub fn steps_to_cell(&self, cell: usize, below: u32) -> u32 {
        let rings = &self.within[..self.len.min(below.saturating_sub(1) as usize)];
        match rings.iter().position(|ring| ring.has(cell)) {
            Some(k) => k as u32 + 1,
            None => below,
        }
    }

    /// The fewest steps (1 or more) from the set to a cell of `other` (disjoint from it),
    /// or `cap` when that is more than `cap` steps or `other` is out of reach: the count of
    /// dilations that [`ApproachBound::extra`] makes. `None` when the rings stop short of
    /// telling.
    #[inline]
    fn steps_to(&self, other: B, cap: u32) -> Option<u32> {
        let rings = &self.within[..self.len.min(cap as usize)];
        match rings.iter().position(|ring| ring.intersects(other)) {
            Some(k) => Some(k as u32 + 1),
            None if rings.len() == cap as usize || self.complete => Some(cap),
            None => None,
        }
    }
}

/// Default largest relaxed state space the solver tabulates (one byte per state).
pub const MAX_LEVEL_STATES: u64 = 64 << 20;

/// Most buckets a relaxation has (bit masks of buckets are `u64`).
const MAX_LEVELS: usize = 64;

/// Exact distances of the *level relaxation* of one side's solitaire.
///
/// A cell's level is its distance from the goal corner along the camp's axis, `u + v` in the
/// goal's frame. The relaxation groups the cells into buckets — levels, merged levels, or
/// levels split by the cells' parity class (which a jump keeps and a step changes) — and
/// forgets everything but the number of pieces in each bucket (at most its cell count). A
/// piece may step to any bucket a step from one of its bucket's cells reaches, and jump from
/// a bucket over a bucket holding another piece to any bucket some real jump between cells
/// of those buckets lands in, as often as it likes. Every real move is a move of the
/// relaxation, so its exact distance (a breadth-first search backwards from the goal's
/// buckets) is a lower bound.
pub struct LevelTable {
    grouping: Grouping,
    /// Bucket of each cell (by bit index).
    level: Vec<u8>,
    levels: usize,
    pieces: usize,
    /// `binom[n][k]`, for unranking multisets.
    binom: Vec<Vec<u64>>,
    /// `runs[(l * (pieces + 1) + i) * (pieces + 1) + c]`: what `c` pieces in bucket `l` add
    /// to a multiset's rank when `i` pieces lie in lower buckets (the sums of binomials the
    /// rank is made of, precomputed so that a rank costs one lookup per bucket).
    runs: Vec<u64>,
    /// Distance per ranked multiset; `u8::MAX` when the goal cannot be reached.
    dist: Vec<u8>,
}

/// How a level relaxation groups the cells, strongest first in [`Grouping::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grouping {
    /// Each level split by parity class (the cells' file parity in the goal's frame; with
    /// the level's parity that is the whole class): a jump chain keeps a piece in its class.
    LevelsAndClasses,
    /// `n` consecutive levels merged into one bucket (1, or 0: exact levels).
    Levels(usize),
}

impl std::fmt::Display for Grouping {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Grouping::LevelsAndClasses => write!(f, "levels and parity classes"),
            Grouping::Levels(0 | 1) => write!(f, "levels"),
            Grouping::Levels(n) => write!(f, "levels merged {n} by {n}"),
        }
    }
}

impl Grouping {
    /// Every grouping the solver tries, strongest (and largest) first.
    pub const ALL: [Grouping; 5] = [
        Grouping::LevelsAndClasses,
        Grouping::Levels(1),
        Grouping::Levels(2),
        Grouping::Levels(3),
        Grouping::Levels(4),
    ];

    /// The grouping's short name, as a checkpoint stores it: `classes`, `levels`, `levels2`,
    /// `levels3` or `levels4`.
    pub fn name(self) -> String {
        match self {
            Grouping::LevelsAndClasses => "classes".into(),
            Grouping::Levels(0 | 1) => "levels".into(),
            Grouping::Levels(n) => format!("levels{n}"),
        }
    }

    /// The grouping of [`Grouping::ALL`] named `name` ([`Grouping::name`]).
    pub fn parse(name: &str) -> Option<Grouping> {
        Grouping::ALL.into_iter().find(|g| g.name() == name)
    }
}

/// The moves of a relaxation, as bit masks of buckets.
struct LevelMoves {
    /// `step[z]`: the buckets one step from bucket `z` reaches.
    step: Vec<u64>,
    /// `hop[z * levels + p]`: the buckets a jump from bucket `z` over a piece in bucket `p`
    /// reaches (empty when no such jump exists).
    hop: Vec<u64>,
}

/// How a grouping cuts the board into buckets, and the size of its state space.
struct Layout {
    /// Bucket per cell.
    level: Vec<u8>,
    /// Buckets in all.
    levels: usize,
    /// Cells per bucket.
    cap: [u8; MAX_LEVELS],
    /// Binomial coefficients up to buckets plus pieces.
    binom: Vec<Vec<u64>>,
    /// Multisets of the side's pieces over the buckets: the table's states.
    total: u64,
}

impl Layout {
    /// The layout of `side`'s table with `grouping`; `None` beyond [`MAX_LEVELS`] buckets.
    fn of<G: Geometry>(setup: &Setup<G>, side: usize, grouping: Grouping) -> Option<Layout> {
        let board = G::BOARD;
        let sum = |c: usize| {
            let (u, v) = setup.corner_offset(side, c);
            u + v
        };
        let top = board.cells().map(sum).max()?;
        let key = |c: usize| {
            let fine = (top - sum(c)) as usize;
            match grouping {
                Grouping::LevelsAndClasses => {
                    2 * fine + setup.corner_offset(side, c).0.rem_euclid(2) as usize
                }
                Grouping::Levels(n) => fine / n.max(1),
            }
        };
        // Buckets numbered in key order, empty keys left out.
        let mut keys: Vec<usize> = board.cells().map(key).collect();
        keys.sort_unstable();
        keys.dedup();
        let levels = keys.len();
        if levels > MAX_LEVELS {
            return None;
        }
        let mut level = vec![0u8; G::BB::CAPACITY];
        let mut cap = [0u8; MAX_LEVELS];
        for c in board.cells() {
            let b = keys.binary_search(&key(c)).ok()?;
            level[c] = b as u8;
            cap[b] += 1;
        }
        let pieces = setup.pieces_per_side();
        let n = levels + pieces;
        let mut binom = vec![vec![0u64; pieces + 2]; n + 1];
        for i in 0..=n {
            binom[i][0] = 1;
            if i > 0 {
                for k in 1..=pieces + 1 {
                    binom[i][k] = binom[i - 1][k - 1].saturating_add(binom[i - 1][k]);
                }
            }
        }
        let total = binom[levels + pieces - 1][pieces];
        Some(Layout {
            level,
            levels,
            cap,
            binom,
            total,
        })
    }
}

impl LevelTable {
    /// The table of `side`'s solitaire (no other pieces on the board) with the strongest
    /// grouping of [`Grouping::ALL`] whose state space has at most `max_states` states, or
    /// `None` when none fits, or when `stop` is raised while it is built (Ctrl-C: a table
    /// filled in part would overstate the bounds, so none is kept).
    pub fn new<G: Geometry>(
        setup: &Setup<G>,
        side: usize,
        max_states: u64,
        stop: Option<&AtomicBool>,
    ) -> Option<LevelTable> {
        let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
        Grouping::ALL
            .iter()
            .take_while(|_| !stopped())
            .find_map(|&g| Self::with_grouping(setup, side, g, max_states, stop))
    }

    /// The states of `side`'s table with `grouping` (one byte each), without building it;
    /// `None` when the grouping has more buckets than a table holds.
    pub fn size<G: Geometry>(setup: &Setup<G>, side: usize, grouping: Grouping) -> Option<u64> {
        Layout::of(setup, side, grouping).map(|l| l.total)
    }

    /// The buckets `side`'s table with `grouping` has (levels, or levels and classes).
    pub fn buckets_of<G: Geometry>(
        setup: &Setup<G>,
        side: usize,
        grouping: Grouping,
    ) -> Option<usize> {
        Layout::of(setup, side, grouping).map(|l| l.levels)
    }

    /// The table of one grouping, or `None` when its state space exceeds `max_states` or
    /// `stop` is raised before it is complete. The breadth-first search runs on rayon's
    /// current pool.
    pub fn with_grouping<G: Geometry>(
        setup: &Setup<G>,
        side: usize,
        grouping: Grouping,
        max_states: u64,
        stop: Option<&AtomicBool>,
    ) -> Option<LevelTable> {
        let (mut table, cap, total) = Self::unfilled(setup, side, grouping, max_states)?;
        let moves = table.moves::<G>(setup.rules().jumps);
        let goal = table.goal_counts(setup, side);
        let cap = &cap[..table.levels];
        table.dist = table.fill(total as usize, goal, cap, &moves, stop)?;
        Some(table)
    }

    /// The table of `grouping` with the distances of one built before (a saved table's
    /// [`LevelTable::distances`]), or `None` when they are not as many as its states or the
    /// goal's own distance is not 0. Only a checksum of the saved bytes can tell that the
    /// rest is what the search found: its bounds are trusted.
    pub fn from_distances<G: Geometry>(
        setup: &Setup<G>,
        side: usize,
        grouping: Grouping,
        distances: Vec<u8>,
    ) -> Option<LevelTable> {
        let (mut table, _, total) = Self::unfilled(setup, side, grouping, u64::MAX)?;
        let goal = table.goal_counts(setup, side);
        let at_goal = distances.get(table.rank(&goal[..table.levels])).copied();
        if distances.len() as u64 != total || at_goal != Some(0) {
            return None;
        }
        table.dist = distances;
        Some(table)
    }

    /// The distance of every state, by rank (what [`LevelTable::from_distances`] takes).
    pub fn distances(&self) -> &[u8] {
        &self.dist
    }

    /// The table of `grouping` with its ranking and no distances yet, the cells each
    /// bucket holds and its states; `None` when they exceed `max_states` (or a `u32`).
    fn unfilled<G: Geometry>(
        setup: &Setup<G>,
        side: usize,
        grouping: Grouping,
        max_states: u64,
    ) -> Option<(LevelTable, [u8; MAX_LEVELS], u64)> {
        let Layout {
            level,
            levels,
            cap,
            binom,
            total,
        } = Layout::of(setup, side, grouping)?;
        if total > max_states.min(u32::MAX as u64) {
            return None;
        }
        let pieces = setup.pieces_per_side();
        let p1 = pieces + 1;
        let mut runs = vec![0u64; levels * p1 * p1];
        for l in 0..levels {
            for i in 0..=pieces {
                for c in 1..=pieces - i {
                    let at = (l * p1 + i) * p1 + c;
                    runs[at] = runs[at - 1] + binom[l + i + c - 1][i + c];
                }
            }
        }
        let table = LevelTable {
            grouping,
            level,
            levels,
            pieces,
            binom,
            runs,
            dist: Vec::new(),
        };
        Some((table, cap, total))
    }

    /// The pieces per bucket of `side`'s goal.
    fn goal_counts<G: Geometry>(&self, setup: &Setup<G>, side: usize) -> [u8; MAX_LEVELS] {
        let mut goal = [0u8; MAX_LEVELS];
        for c in setup.goal(side).iter() {
            goal[self.level[c] as usize] += 1;
        }
        goal
    }

    /// The relaxed moves: the buckets of every real step and jump between cells (for long
    /// jumps, the pivot anywhere on the line and the landing as far beyond it).
    fn moves<G: Geometry>(&self, jumps: JumpKind) -> LevelMoves {
        let board = G::BOARD;
        let k = self.levels;
        let mut moves = LevelMoves {
            step: vec![0; k],
            hop: vec![0; k * k],
        };
        let bucket = |c: usize| self.level[c] as usize;
        let reach = match jumps {
            JumpKind::Adjacent => 1,
            JumpKind::Long => board.width() as isize,
        };
        for c in board.cells() {
            let z = bucket(c);
            for &d in board.directions() {
                if let Some(n) = board.step_from(c, d, 1) {
                    moves.step[z] |= 1 << bucket(n);
                }
                for r in 1..=reach {
                    if let (Some(p), Some(l)) =
                        (board.step_from(c, d, r), board.step_from(c, d, 2 * r))
                    {
                        moves.hop[z * k + bucket(p)] |= 1 << bucket(l);
                    }
                }
            }
        }
        moves
    }

    /// The rank of a multiset given as counts per level.
    #[inline]
    fn rank(&self, counts: &[u8]) -> usize {
        let p1 = self.pieces + 1;
        let mut rank = 0;
        let mut below = 0;
        for (l, &n) in counts.iter().enumerate() {
            rank += self.runs[(l * p1 + below) * p1 + n as usize];
            below += n as usize;
        }
        rank as usize
    }

    /// The counts per level of the multiset of rank `rank`.
    fn unrank(&self, mut rank: u64, counts: &mut [u8; MAX_LEVELS]) {
        counts.fill(0);
        let mut top = self.levels + self.pieces - 1;
        for i in (0..self.pieces).rev() {
            while self.binom[top][i + 1] > rank {
                top -= 1;
            }
            rank -= self.binom[top][i + 1];
            counts[top - i] += 1;
        }
    }

    /// Breadth-first search of the relaxation over `total` ranked states from the goal's
    /// counts (its moves are reversible: the same pivots serve the way back), each level of
    /// the search shared out on rayon's current pool; `None` if `stop` is raised first.
    fn fill(
        &self,
        total: usize,
        goal: [u8; MAX_LEVELS],
        cap: &[u8],
        moves: &LevelMoves,
        stop: Option<&AtomicBool>,
    ) -> Option<Vec<u8>> {
        use rayon::prelude::*;
        let k = self.levels;
        let dist: Vec<AtomicU8> = (0..total).map(|_| AtomicU8::new(u8::MAX)).collect();
        let start = self.rank(&goal[..k]);
        dist[start].store(0, Ordering::Relaxed);
        let mut frontier = vec![start as u32];
        let mut depth = 0u8;
        while !frontier.is_empty() && depth < u8::MAX - 1 {
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return None;
            }
            depth += 1;
            let found: Vec<Vec<u32>> = frontier
                .par_chunks(1 << 12)
                .map(|chunk| {
                    let mut next = Vec::new();
                    let mut counts = [0u8; MAX_LEVELS];
                    for &r in chunk {
                        self.unrank(r as u64, &mut counts);
                        for x in 0..k {
                            if counts[x] == 0 {
                                continue;
                            }
                            counts[x] -= 1;
                            for y in bits(relaxed_targets(&counts[..k], x, moves)) {
                                if counts[y] >= cap[y] {
                                    continue;
                                }
                                counts[y] += 1;
                                let s = self.rank(&counts[..k]);
                                counts[y] -= 1;
                                // A plain load first: most states are already reached, and
                                // loads (unlike a locked exchange) overlap their cache misses.
                                let new = dist[s].load(Ordering::Relaxed) == u8::MAX
                                    && dist[s]
                                        .compare_exchange(
                                            u8::MAX,
                                            depth,
                                            Ordering::Relaxed,
                                            Ordering::Relaxed,
                                        )
                                        .is_ok();
                                if new {
                                    next.push(s as u32);
                                }
                            }
                            counts[x] += 1;
                        }
                    }
                    next
                })
                .collect();
            frontier = found.concat();
        }
        Some(dist.into_iter().map(AtomicU8::into_inner).collect())
    }

    /// The relaxed distance of `pieces` (all of one side, no other piece on the board).
    #[inline]
    pub fn bound<B: BitBoard>(&self, pieces: B) -> u32 {
        let mut counts = [0u8; MAX_LEVELS];
        for c in pieces.iter() {
            counts[self.level[c] as usize] += 1;
        }
        match self.dist[self.rank(&counts[..self.levels])] {
            u8::MAX => IMPOSSIBLE,
            d => d as u32,
        }
    }

    /// Number of relaxed states (bytes of the table).
    pub fn states(&self) -> usize {
        self.dist.len()
    }

    /// Number of buckets (levels, merged levels, or levels times classes).
    pub fn levels(&self) -> usize {
        self.levels
    }

    /// The grouping of the cells.
    pub fn grouping(&self) -> Grouping {
        self.grouping
    }
}

/// The buckets a piece in bucket `x` reaches in one relaxed move, the other pieces standing
/// in `counts` (the mover taken out): every chain of jumps over occupied buckets, and a step.
fn relaxed_targets(counts: &[u8], x: usize, moves: &LevelMoves) -> u64 {
    let k = counts.len();
    let pivots = (0..k)
        .filter(|&t| counts[t] > 0)
        .fold(0u64, |m, t| m | 1 << t);
    let mut reach = 1u64 << x;
    let mut wave = reach;
    while wave != 0 {
        let mut land = 0u64;
        for z in bits(wave) {
            for p in bits(pivots) {
                land |= moves.hop[z * k + p];
            }
        }
        wave = land & !reach;
        reach |= land;
    }
    (reach | moves.step[x]) & !(1 << x)
}

/// The members of a 64-bit mask, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Square;
    use crate::games::halma::rules::Rules;

    /// The parity bound after one piece moves, from the army's counts, equals the bound
    /// counted anew, on random armies (inside and outside the goal, every class) of three
    /// boards, for random moves to empty cells.
    #[test]
    fn parity_after_a_move_matches_the_bound() {
        use crate::board::geometry::Diamond;
        use rand::rngs::StdRng;
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        fn check<G: Geometry>(rules: &str, seed: u64) {
            let setup = Setup::<G>::new(Rules::parse(rules).unwrap()).unwrap();
            let cells: Vec<usize> = G::BOARD.cells().collect();
            let goal: Vec<usize> = setup.goal(0).iter().collect();
            let n = setup.pieces_per_side();
            let mut rng = StdRng::seed_from_u64(seed);
            for side in 0..2 {
                let parity = ParityBound::new(&setup, side);
                for _ in 0..2000 {
                    // Some armies mostly in the goal, where the class terms count.
                    let mut pool = if rng.gen_bool(0.5) {
                        goal.clone()
                    } else {
                        cells.clone()
                    };
                    pool.shuffle(&mut rng);
                    let mut army = G::BB::EMPTY;
                    for &c in pool.iter().take(n - 1) {
                        army.set(c);
                    }
                    while army.count() < n as u32 {
                        army.set(*cells.choose(&mut rng).unwrap());
                    }
                    let from = army.iter().nth(rng.gen_range(0..n)).unwrap();
                    let empty: Vec<usize> =
                        cells.iter().copied().filter(|&c| !army.has(c)).collect();
                    let to = *empty.choose(&mut rng).unwrap();
                    let moved = army ^ G::BB::single(from) ^ G::BB::single(to);
                    let counts = parity.counts(army);
                    assert_eq!(counts.pieces, n as u32);
                    assert_eq!(
                        parity.after_move(&counts, from, to),
                        parity.bound(moved, G::BB::EMPTY),
                        "{rules}: {from} to {to}"
                    );
                }
            }
        }
        check::<Square<6>>("square6", 1);
        check::<Square<8>>("halma8", 2);
        check::<Diamond>("diamond", 3);
    }

    /// `rank` (one lookup per bucket) inverts `unrank` (a walk down the binomials) over every
    /// multiset of a table, for each grouping.
    #[test]
    fn rank_inverts_unrank() {
        let rules = Rules::parse("square6").unwrap();
        let setup = Setup::<Square<6>>::new(rules).unwrap();
        for grouping in Grouping::ALL {
            let table = LevelTable::with_grouping(&setup, 0, grouping, u64::MAX, None).unwrap();
            let k = table.levels;
            let mut counts = [0u8; MAX_LEVELS];
            for r in 0..table.states() as u64 {
                table.unrank(r, &mut counts);
                assert_eq!(
                    counts[..k].iter().map(|&n| n as usize).sum::<usize>(),
                    table.pieces
                );
                assert_eq!(table.rank(&counts[..k]) as u64, r, "{grouping}");
            }
        }
    }
}
