//! Admissible lower bounds on the moves one side still needs to put every piece in its goal
//! camp: a parity bound for any position, and an exact table of a relaxed "level" problem
//! for solitaire searches on boards where it fits in memory. See `docs/solver.md`.

use crate::bitboard::BitBoard;
use crate::geometry::Geometry;
use crate::rules::JumpKind;
use crate::setup::Setup;

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
        for &d in G::OFFSETS {
            around |= goal.shift(d);
        }
        ParityBound {
            goal,
            next_to_goal: around & G::CELLS.without(goal),
            class,
            goal_count: class.map(|c| (c & goal).count()),
        }
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

/// Largest relaxed state space the solver tabulates (one byte per state).
pub const MAX_LEVEL_STATES: u64 = 64 << 20;

/// Most levels a board has along a camp-to-camp axis (bit masks of levels are `u64`).
const MAX_LEVELS: usize = 64;

/// Exact distances of the *level relaxation* of one side's solitaire.
///
/// A cell's level is its distance from the goal corner along the camp's axis, `u + v` in the
/// goal's frame: a linear function of the cell, so a jump over a piece on level `p` from
/// level `z` lands on level `2p - z`, and a step changes the level by at most `dmax` (1 on
/// the hexagonal boards, 2 on square ones). The relaxation forgets everything but the number
/// of pieces on each level (at most the level's cell count): a piece may step to any level
/// within `dmax`, or jump over any level holding another piece within `dmax` of it (with long
/// jumps: over any level holding another piece), as often as it likes, landing anywhere.
/// Every real move is a move of the relaxation, so its exact distance (a breadth-first
/// search backwards from the goal's levels) is a lower bound.
pub struct LevelTable {
    /// Level of each cell (by bit index).
    level: Vec<u8>,
    levels: usize,
    pieces: usize,
    /// `binom[n][k]`, for ranking multisets.
    binom: Vec<Vec<u64>>,
    /// Distance per ranked multiset; `u8::MAX` when the goal cannot be reached.
    dist: Vec<u8>,
}

/// Coarsest grouping of levels tried before giving up on a table.
pub const MAX_COARSENESS: usize = 4;

/// The moves of the (possibly coarsened) level relaxation, as bit masks of levels.
struct LevelMoves {
    /// `step[z]`: the levels one step from level `z` reaches.
    step: Vec<u64>,
    /// `hop[z * levels + p]`: the levels a jump from level `z` over a piece on level `p`
    /// reaches (empty when the piece is out of reach).
    hop: Vec<u64>,
}

impl LevelTable {
    /// The table of `side`'s solitaire (no other pieces on the board) at the finest grouping
    /// of levels whose state space fits in [`MAX_LEVEL_STATES`], or `None` when even
    /// grouping [`MAX_COARSENESS`] levels together does not fit.
    pub fn new<G: Geometry>(setup: &Setup<G>, side: usize) -> Option<LevelTable> {
        (1..=MAX_COARSENESS).find_map(|c| Self::with_coarseness(setup, side, c))
    }

    /// The table with every `coarse` consecutive levels merged into one (1: exact levels),
    /// or `None` when its state space exceeds [`MAX_LEVEL_STATES`]. A merged level holds
    /// the cells of its members, and a move of the merged relaxation is any move of a
    /// member level, so it is still a relaxation: weaker, but much smaller.
    pub fn with_coarseness<G: Geometry>(
        setup: &Setup<G>,
        side: usize,
        coarse: usize,
    ) -> Option<LevelTable> {
        let board = G::BOARD;
        let sum = |c: usize| {
            let (u, v) = setup.corner_offset(side, c);
            u + v
        };
        let top = board.cells().map(sum).max()?;
        let fine_of = |c: usize| (top - sum(c)) as usize;
        let fine_levels = board.cells().map(fine_of).max()? + 1;
        let levels = fine_levels.div_ceil(coarse);
        if levels > MAX_LEVELS {
            return None;
        }
        let mut level = vec![0u8; G::BB::CAPACITY];
        let mut cap = [0u8; MAX_LEVELS];
        for c in board.cells() {
            let l = fine_of(c) / coarse;
            level[c] = l as u8;
            cap[l] += 1;
        }
        let mut dmax = 0;
        for c in board.cells() {
            for &dir in board.directions() {
                if let Some(n) = board.step_from(c, dir, 1) {
                    dmax = dmax.max(fine_of(c).abs_diff(fine_of(n)));
                }
            }
        }
        // The merged moves: every fine move between members of the merged levels.
        let mut moves = LevelMoves {
            step: vec![0; levels],
            hop: vec![0; levels * levels],
        };
        for z in 0..fine_levels {
            for y in z.saturating_sub(dmax)..=(z + dmax).min(fine_levels - 1) {
                moves.step[z / coarse] |= 1 << (y / coarse);
            }
            // An adjacent jump's pivot is one step away; a long jump's may stand anywhere
            // along the line (every level, as some direction changes the level by one).
            let pivots = match setup.rules().jumps {
                JumpKind::Adjacent => z.saturating_sub(dmax)..=(z + dmax).min(fine_levels - 1),
                JumpKind::Long => 0..=fine_levels - 1,
            };
            for p in pivots {
                if 2 * p >= z && 2 * p - z < fine_levels {
                    moves.hop[z / coarse * levels + p / coarse] |= 1 << ((2 * p - z) / coarse);
                }
            }
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
        if total > MAX_LEVEL_STATES {
            return None;
        }
        let mut table = LevelTable {
            level,
            levels,
            pieces,
            binom,
            dist: vec![u8::MAX; total as usize],
        };
        let mut goal = [0u8; MAX_LEVELS];
        for c in setup.goal(side).iter() {
            goal[table.level[c] as usize] += 1;
        }
        table.fill(goal, &cap[..levels], &moves);
        Some(table)
    }

    /// The rank of a multiset given as counts per level.
    #[inline]
    fn rank(&self, counts: &[u8]) -> usize {
        let mut rank = 0;
        let mut i = 0;
        for (l, &n) in counts.iter().enumerate() {
            for _ in 0..n {
                rank += self.binom[l + i][i + 1];
                i += 1;
            }
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

    /// Breadth-first search of the relaxation from the goal's counts (its moves are
    /// reversible: the same pivots serve the way back).
    fn fill(&mut self, goal: [u8; MAX_LEVELS], cap: &[u8], moves: &LevelMoves) {
        let k = self.levels;
        let start = self.rank(&goal[..k]);
        self.dist[start] = 0;
        let mut frontier = vec![start as u32];
        let mut next = Vec::new();
        let mut counts = [0u8; MAX_LEVELS];
        let mut depth = 0u8;
        while !frontier.is_empty() && depth < u8::MAX - 1 {
            depth += 1;
            for &r in &frontier {
                self.unrank(r as u64, &mut counts);
                for x in 0..k {
                    if counts[x] == 0 {
                        continue;
                    }
                    counts[x] -= 1;
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
                    reach |= moves.step[x];
                    for y in bits(reach & !(1 << x)) {
                        if counts[y] >= cap[y] {
                            continue;
                        }
                        counts[y] += 1;
                        let s = self.rank(&counts[..k]);
                        counts[y] -= 1;
                        if self.dist[s] == u8::MAX {
                            self.dist[s] = depth;
                            next.push(s as u32);
                        }
                    }
                    counts[x] += 1;
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            next.clear();
        }
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

    /// Number of levels of the board along the side's axis.
    pub fn levels(&self) -> usize {
        self.levels
    }
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
