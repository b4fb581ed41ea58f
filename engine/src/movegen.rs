//! The bitboard move generator.
//!
//! Moves come out one piece at a time as a destination bitboard (`from`, `targets`), like
//! cozy-chess's piece callbacks. A piece's targets are its steps (one shift per direction)
//! and its jump closure: a flood fill that, from the piece's cell, repeatedly moves the
//! frontier over an occupied neighbour onto the empty cell beyond, in every direction at
//! once, until nothing new is reached.
//!
//! Work shared by all pieces of one position: for each direction `d` the set of cells from
//! which a jump in that direction is possible (`c + d` occupied, `c + 2d` empty) is computed
//! once. A piece's fill then costs one AND, one shift and one OR per direction and wave. The
//! exact correction for the moving piece is small: its own cell counts as occupied in the
//! shared masks, so the cell `from - d` is removed from direction `d`'s mask (nobody may jump
//! over the piece that is moving), and landing back on `from` needs no care because `from`
//! is where the fill starts.
//!
//! Rule filters are bitboard masks applied afterwards: camp exit, vacate and follow-out.

use crate::bitboard::BitBoard;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{CampExit, JumpKind};

/// Most directions of any geometry (square boards).
pub const MAX_DIRS: usize = 8;
/// Most pieces a side can have (the 19 of two-player 16×16).
pub const MAX_PIECES: usize = 19;

/// Per-direction masks of the cells a jump can start from, shared by the pieces of one
/// position.
#[derive(Clone, Copy, Debug)]
pub struct JumpMasks<B> {
    from: [B; MAX_DIRS],
}

impl<B: BitBoard> JumpMasks<B> {
    /// The masks for a position with these occupied and empty cells.
    #[inline(always)]
    pub fn new<G: Geometry<BB = B>>(occupied: B, empty: B) -> Self {
        let mut from = [B::EMPTY; MAX_DIRS];
        for (mask, &d) in from.iter_mut().zip(G::OFFSETS) {
            *mask = occupied.shift(-d) & empty.shift(-2 * d);
        }
        JumpMasks { from }
    }
}

/// The cells one step from `from` that are empty.
#[inline(always)]
pub fn step_targets<G: Geometry>(from: usize, empty: G::BB) -> G::BB {
    let origin = G::BB::single(from);
    let mut out = G::BB::EMPTY;
    for &d in G::OFFSETS {
        out |= origin.shift(d);
    }
    out & empty
}

/// Every cell the piece on `from` can reach by one or more adjacent jumps (never `from`).
#[inline(always)]
pub fn jump_closure<G: Geometry>(from: usize, masks: &JumpMasks<G::BB>) -> G::BB {
    let mut from_masks = masks.from;
    for (mask, &d) in from_masks.iter_mut().zip(G::OFFSETS) {
        let over = from as isize - d;
        if over >= 0 && (over as usize) < G::BB::CAPACITY {
            mask.clear(over as usize);
        }
    }
    let origin = G::BB::single(from);
    let mut reached = origin;
    let mut frontier = origin;
    loop {
        let mut next = G::BB::EMPTY;
        for (mask, &d) in from_masks.iter().zip(G::OFFSETS) {
            next |= (frontier & *mask).shift(2 * d);
        }
        frontier = next.without(reached);
        if frontier.is_empty() {
            return reached.without(origin);
        }
        reached |= frontier;
    }
}

/// Every cell the piece on `from` can reach by one or more long (Super Halma) jumps: along a
/// line over exactly one piece standing midway, every other cell between empty. `occupied`
/// and `empty` describe the board with the piece still on `from`.
pub fn long_jump_closure<G: Geometry>(from: usize, occupied: G::BB, empty: G::BB) -> G::BB {
    let origin = G::BB::single(from);
    let occupied = occupied.without(origin);
    let empty = empty | origin;
    let max_reach = G::BOARD.width() / 2;
    let mut reached = origin;
    let mut frontier = origin;
    loop {
        let mut next = G::BB::EMPTY;
        for &d in G::OFFSETS {
            // `run`: cells reached from the frontier over k - 1 empty cells.
            let mut run = frontier;
            for k in 1..=max_reach {
                let mut landing = run.shift(d) & occupied;
                for _ in 0..k {
                    landing = landing.shift(d) & empty;
                }
                next |= landing;
                run = run.shift(d) & empty;
                if run.is_empty() {
                    break;
                }
            }
        }
        frontier = next.without(reached);
        if frontier.is_empty() {
            return reached.without(origin);
        }
        reached |= frontier;
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
        let occupied = self.occupied();
        let empty = G::CELLS.without(occupied);
        let masks = JumpMasks::new::<G>(occupied, empty);
        let long = rules.jumps == JumpKind::Long;
        let locked = rules.camp_exit == CampExit::Locked;
        let targets_of = |from: usize| {
            let jumps = if long {
                long_jump_closure::<G>(from, occupied, empty)
            } else {
                jump_closure::<G>(from, &masks)
            };
            let mut targets = step_targets::<G>(from, empty) | jumps;
            if locked && goal.has(from) {
                targets &= goal;
            }
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

    /// The number of legal moves (a forced pass counts as one), without listing them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut n = 0u64;
        self.generate(|_, targets| n += targets.count() as u64);
        if n == 0 && !self.status().is_over() {
            1
        } else {
            n
        }
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
