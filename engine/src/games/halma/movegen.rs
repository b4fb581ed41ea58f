//! The bitboard move generator.
//!
//! Moves come out one piece at a time as a destination bitboard (`from`, `targets`), like
//! cozy-chess's piece callbacks. A piece's targets are its steps and its jump closure: a
//! flood fill that repeatedly moves the frontier over an occupied neighbour onto the empty
//! cell beyond, in every direction at once, until nothing new is reached.
//!
//! Work shared by all pieces of one position:
//! * [`JumpMasks`]: for each direction `d` the cells from which a jump in that direction is
//!   possible (`c + d` occupied, `c + 2d` empty), computed once. A wave of the fill then costs
//!   one AND, one (constant) shift and one OR per direction. A piece's first landings and its
//!   steps are read off per cell, which is cheaper than a wave for a single cell. Their union
//!   (the cells some jump leaves) ends a chain at a dead-end landing with no fill at all.
//! * [`JumpComponents`] (boards of width [`SHARE_FROM_WIDTH`](crate::board::jumps::SHARE_FROM_WIDTH) and more): the jump-connected
//!   components of the empty cells, flood-filled once each and shared by every piece that
//!   lands in them. The moving piece's own cell needs no correction: jumps keep the parities
//!   of file and rank, so no path of a piece can jump over its own origin.
//!
//! Rule filters are bitboard masks applied afterwards: camp exit, vacate and follow-out.
//!
//! Counting (`count_legal_moves`, perft's last ply) lists no piece's targets where it need
//! not ([`PieceTargets::count`]): steps are counted for every piece at once, one shift per
//! direction, and so are the jumps of the pieces whose first landings are all dead ends;
//! only the others get a closure of their own.
//!
//! Measured on `positions/bench/` (`benches/movegen.rs`; 16×16 midgames: 2.3 µs → 1.3 µs per
//! position): reading first landings and steps per cell instead of shifting a single bit
//! saved about 30% on 16×16; dropping the per-piece mask correction (not needed, see
//! [`jump_closure`](crate::board::jumps::jump_closure)) 10–25% everywhere; sharing components another 30% on 16×16 midgames and
//! 20% on 10×10 midgames, but it costs 20–25% in 8×8 and 10×10 openings (pieces there rarely
//! share a component) and gains under 5% on 8×8 midgames, hence the width threshold.

use crate::bitboard::BitBoard;
use crate::board::geometry::{step, Geometry};
use crate::board::jumps::{long_jump_closure, step_targets, JumpComponents, JumpMasks};
use crate::games::halma::position::Position;
use crate::games::halma::rules::{CampExit, JumpKind, Rules};
use crate::games::halma::setup::MAX_PIECES;
use crate::moves::Move;

pub mod goal_lock;

/// Where each piece of one arrangement can go by a step or a chain of jumps (long or
/// adjacent, as the rules say), the camp-exit rule applied: the part of a piece's targets
/// that the full generator ([`Position::generate`], which adds vacate and the priority
/// rules) and the solver's one-side search share. Built once per position.
pub struct PieceTargets<G: Geometry> {
    occupied: G::BB,
    empty: G::BB,
    components: JumpComponents<G::BB>,
    long: bool,
    /// Whether a piece in its goal must stay there (camp exit locked).
    locked: bool,
    /// Whether the goal lock holds inside the move too ([`goal_lock`]).
    goal_lock: bool,
    goal: G::BB,
}

impl<G: Geometry> PieceTargets<G> {
    /// The targets on a board whose pieces (of every side) are `occupied`, under `rules`,
    /// for a side whose goal is `goal`.
    #[inline(always)]
    pub fn new(rules: &Rules, occupied: G::BB, goal: G::BB) -> Self {
        let empty = G::CELLS.without(occupied);
        Self::with_masks(rules, occupied, goal, JumpMasks::new::<G>(occupied, empty))
    }

    /// [`Self::new`] with the position's jump masks already built.
    #[inline(always)]
    fn with_masks(rules: &Rules, occupied: G::BB, goal: G::BB, masks: JumpMasks<G::BB>) -> Self {
        PieceTargets {
            occupied,
            empty: G::CELLS.without(occupied),
            components: JumpComponents::new(masks),
            long: rules.jumps == JumpKind::Long,
            locked: rules.camp_exit == CampExit::Locked,
            goal_lock: rules.goal_lock,
            goal,
        }
    }

    /// The cells the piece on `from` reaches by a step or a jump chain, kept inside the goal
    /// if it stands there and the camp exit is locked (under the goal lock, every landing
    /// from the first one in the goal on).
    #[inline(always)]
    pub fn of(&mut self, from: usize) -> G::BB {
        let jumps = if self.long {
            long_jump_closure::<G>(from, self.occupied, self.empty)
        } else {
            self.components.closure::<G>(from)
        };
        // The goal lock binds only a piece in its goal or a chain that reaches it.
        if self.goal_lock && (self.goal.has(from) || jumps.intersects(self.goal)) {
            return goal_lock::targets::<G>(from, self.occupied, self.empty, self.goal);
        }
        let targets = step_targets::<G>(from, self.empty) | jumps;
        if self.locked && self.goal.has(from) {
            targets & self.goal
        } else {
            targets
        }
    }
}

impl<G: Geometry> PieceTargets<G> {
    /// The number of targets of the pieces on `own` together (the sum of [`Self::of`]'s
    /// counts, with the arguments of [`Self::new`]), counted in bulk where it can be: every
    /// piece's steps by one shift per direction, and the jumps of the pieces whose first
    /// landings are all dead ends (most of an opening's) as their landings, by one AND per
    /// direction. The other pieces (a landing some jump leaves, a piece held in its goal, long
    /// jumps, the goal lock) are counted one by one, and only then is a [`PieceTargets`]
    /// built (its component list is half a kilobyte to clear). A step and a jump never reach
    /// the same cell (jumps keep the parities of file and rank, a step changes one), so their
    /// counts add up.
    #[inline(always)]
    pub fn count(rules: &Rules, occupied: G::BB, goal: G::BB, own: G::BB) -> u64 {
        if rules.jumps == JumpKind::Long || rules.goal_lock {
            let mut targets = Self::new(rules, occupied, goal);
            return own
                .iter()
                .map(|from| u64::from(targets.of(from).count()))
                .sum();
        }
        let empty = G::CELLS.without(occupied);
        let masks = JumpMasks::new::<G>(occupied, empty);
        let held = if rules.camp_exit == CampExit::Locked {
            own & goal
        } else {
            G::BB::EMPTY
        };
        let free = own.without(held);
        let mut chained = G::BB::EMPTY;
        for (i, &d) in G::OFFSETS.iter().enumerate() {
            chained |= masks.from[i] & masks.onward.shift(-2 * d);
        }
        let chained = chained & free;
        let single = free.without(chained);
        let mut n = 0;
        for i in 0..G::OFFSETS.len() {
            n += (step::<G>(free, i) & empty).count() + (single & masks.from[i]).count();
        }
        let mut n = u64::from(n);
        if !(chained | held).is_empty() {
            let mut targets = Self::with_masks(rules, occupied, goal, masks);
            for from in chained.iter() {
                n += u64::from(targets.components.closure::<G>(from).count());
            }
            for from in held.iter() {
                n += u64::from(targets.of(from).count());
            }
        }
        n
    }
}

impl<G: Geometry> Position<G> {
    /// Calls `emit(from, targets)` for every piece of the side to move that has a legal move,
    /// with the bitboard of its legal destinations (rule filters applied). Emits nothing when
    /// the game is over or the side must pass.
    #[inline]
    pub fn generate(&self, mut emit: impl FnMut(usize, G::BB)) {
        if self.status().is_over() {
            return;
        }
        let setup = &**self.setup();
        let rules = setup.rules();
        let side = self.to_move();
        let own = self.pieces(side);
        let home = setup.home(side);
        let goal = setup.goal(side);
        let mut piece_targets = PieceTargets::<G>::new(rules, self.occupied(), goal);
        let mut targets_of = |from: usize| {
            let mut targets = piece_targets.of(from);
            if rules.vacate && !home.has(from) {
                targets = targets.without(home);
            }
            targets
        };

        let at_home = own & home;
        let vacate = rules.vacate && !at_home.is_empty();
        let follow_out = rules.follow_out
            && !at_home.is_empty()
            && (0..self.sides()).any(|s| s != side && !self.pieces(s).intersects(setup.home(s)));
        if !vacate && !follow_out {
            for from in own.iter() {
                let targets = targets_of(from);
                if !targets.is_empty() {
                    emit(from, targets);
                }
            }
            return;
        }

        // Priority rules: gather every piece's targets, then keep the first preferred tier
        // that has a move.
        let mut list = [(0usize, G::BB::EMPTY); MAX_PIECES];
        let mut len = 0;
        for from in own.iter() {
            list[len] = (from, targets_of(from));
            len += 1;
        }
        let list = &mut list[..len];
        if vacate {
            let out_of_camp = |_: usize| !home;
            let farther = |from: usize| setup.farther_axis(side, from);
            if !restrict_to(list, at_home, out_of_camp) {
                restrict_to(list, at_home, farther);
            }
        }
        if follow_out {
            let leave_or_advance = |from: usize| !home | setup.farther_sum(side, from);
            restrict_to(list, at_home, leave_or_advance);
        }
        for &(from, targets) in list.iter() {
            if !targets.is_empty() {
                emit(from, targets);
            }
        }
    }

    /// The legal moves, written into `out` (cleared first; reuse it to stay allocation-free):
    /// the pass alone when the side to move has no move, nothing when the game is over.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        self.generate(|from, targets| out.extend(targets.iter().map(|to| Move::new(from, to))));
        if out.is_empty() && !self.status().is_over() {
            out.push(Move::PASS);
        }
    }

    /// The legal moves (see [`Position::legal_moves_into`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// The number of legal moves (a forced pass counts as one), without listing them: in
    /// bulk ([`PieceTargets::count`]) unless a priority rule (vacate, follow-out) applies.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        if self.status().is_over() {
            return 0;
        }
        let setup = &**self.setup();
        let rules = setup.rules();
        let n = if rules.vacate || rules.follow_out {
            let mut n = 0u64;
            self.generate(|_, targets| n += targets.count() as u64);
            n
        } else {
            let side = self.to_move();
            PieceTargets::<G>::count(rules, self.occupied(), setup.goal(side), self.pieces(side))
        };
        // A side with no move passes.
        n.max(1)
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        if mv.is_pass() {
            return self.legal_moves() == [Move::PASS];
        }
        let mut legal = false;
        self.generate(|from, targets| legal |= from == mv.from() && targets.has(mv.to()));
        legal
    }
}

/// If some piece on `movers` keeps a move when its targets are narrowed to `tier(from)`,
/// narrows every piece that way (pieces off `movers` lose all their moves) and returns true;
/// otherwise leaves the list alone and returns false.
fn restrict_to<B: BitBoard>(list: &mut [(usize, B)], movers: B, tier: impl Fn(usize) -> B) -> bool {
    let narrowed = |from: usize, targets: B| {
        if movers.has(from) {
            targets & tier(from)
        } else {
            B::EMPTY
        }
    };
    if list.iter().all(|&(from, t)| narrowed(from, t).is_empty()) {
        return false;
    }
    for (from, targets) in list.iter_mut() {
        *targets = narrowed(*from, *targets);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::{Board, Diamond, Square, Star};
    use crate::board::jumps::jump_closure;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Per-cell depth-first search over single jumps from `from`, its cell empty during the
    /// move; `over_own` also lets the piece jump over its own origin (against the rules).
    fn dfs(board: Board, occupied: &[bool], from: usize, over_own: bool) -> Vec<usize> {
        let full = |c: usize| occupied[c] && (c != from || over_own);
        let free = |c: usize| !occupied[c] || c == from;
        let mut seen = vec![false; occupied.len()];
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(at) = stack.pop() {
            for &dir in board.directions() {
                let cell = |k: isize| board.step_from(at, dir, k);
                if let (Some(over), Some(land)) = (cell(1), cell(2)) {
                    if full(over) && free(land) && !seen[land] {
                        seen[land] = true;
                        stack.push(land);
                    }
                }
            }
        }
        (0..occupied.len())
            .filter(|&c| seen[c] && c != from)
            .collect()
    }

    fn closures_match<G: Geometry>(seed: u64) {
        let board = G::BOARD;
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..300 {
            let density = rng.gen_range(0.2..0.7);
            let mut occupied = G::BB::EMPTY;
            for cell in board.cells() {
                if rng.gen_bool(density) {
                    occupied.set(cell);
                }
            }
            let mut flags = vec![false; G::BB::CAPACITY];
            occupied.iter().for_each(|c| flags[c] = true);
            let masks = JumpMasks::new::<G>(occupied, G::CELLS.without(occupied));
            let mut shared = JumpComponents::new(masks);
            for from in occupied.iter() {
                let want = dfs(board, &flags, from, false);
                // Why the shared masks need no correction for the moving piece.
                assert_eq!(want, dfs(board, &flags, from, true));
                let flood: Vec<usize> = jump_closure::<G>(from, &masks).iter().collect();
                let comps: Vec<usize> = shared.closure::<G>(from).iter().collect();
                assert_eq!(flood, want, "flood fill from {}", board.cell_name(from));
                assert_eq!(comps, want, "components from {}", board.cell_name(from));
            }
        }
    }

    #[test]
    fn both_closures_equal_a_per_cell_search_on_random_boards() {
        closures_match::<Square<8>>(1);
        closures_match::<Square<10>>(2);
        closures_match::<Square<13>>(3);
        closures_match::<Square<16>>(4);
        closures_match::<Diamond>(5);
        closures_match::<Star>(6);
    }

    /// [`PieceTargets::count`] against the sum of [`PieceTargets::of`] on random boards, half
    /// the pieces one side's, under a free and a locked camp exit with a random goal.
    fn bulk_count_matches<G: Geometry>(rules: &str, seed: u64) {
        let mut rng = StdRng::seed_from_u64(seed);
        for camp_exit in ["free", "locked"] {
            let rules = Rules::parse(&format!("{rules}:camp-exit={camp_exit}")).unwrap();
            for _ in 0..200 {
                let density = rng.gen_range(0.2..0.7);
                let (mut occupied, mut own, mut goal) = (G::BB::EMPTY, G::BB::EMPTY, G::BB::EMPTY);
                for cell in G::BOARD.cells() {
                    if rng.gen_bool(density) {
                        occupied.set(cell);
                        if rng.gen_bool(0.5) {
                            own.set(cell);
                        }
                    }
                    if rng.gen_bool(0.3) {
                        goal.set(cell);
                    }
                }
                let mut targets = PieceTargets::<G>::new(&rules, occupied, goal);
                let want: u64 = own
                    .iter()
                    .map(|from| u64::from(targets.of(from).count()))
                    .sum();
                let got = PieceTargets::<G>::count(&rules, occupied, goal, own);
                assert_eq!(got, want, "{own:?} of {occupied:?}");
            }
        }
    }

    #[test]
    fn bulk_count_equals_every_piece_counted_alone() {
        bulk_count_matches::<Square<8>>("halma8", 7);
        bulk_count_matches::<Square<10>>("halma10", 8);
        bulk_count_matches::<Square<16>>("halma16", 9);
        bulk_count_matches::<Diamond>("diamond", 10);
        bulk_count_matches::<Star>("star-2", 11);
    }

    #[test]
    fn steps_stay_on_the_board() {
        type G = Square<16>;
        let board = G::BOARD;
        let corner = board.bit(15, 15);
        let steps: Vec<String> = step_targets::<G>(corner, G::CELLS)
            .iter()
            .map(|c| board.cell_name(c))
            .collect();
        assert_eq!(steps, ["o15", "p15", "o16"]);
    }
}
