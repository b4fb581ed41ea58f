//! Steps and jump chains on any board of the family's lattices ([`Geometry`]), as bitboards:
//! the parts of Halma's move generator that other games of like moves (Top Secret, Hexma)
//! share. [`JumpMasks`]: for each direction the cells from which a jump in it is possible,
//! computed once a position; [`jump_closure`] and [`long_jump_closure`]: a piece's jump
//! targets by flood fill; [`JumpComponents`]: the jump-connected components of the empty
//! cells, shared by every piece that lands in them (boards of width [`SHARE_FROM_WIDTH`]
//! and more). The measurements behind these choices are in Halma's generator
//! ([`crate::games::halma::movegen`]).

use crate::bitboard::BitBoard;
use crate::board::geometry::{step, Geometry};

/// Most directions of any geometry (square boards).
pub const MAX_DIRS: usize = 8;

/// Per-direction masks of the cells a jump can start from, shared by the pieces of one
/// position.
#[derive(Clone, Copy, Debug)]
pub struct JumpMasks<B> {
    /// For each direction the cells a jump in it can start from (the neighbour occupied,
    /// the cell beyond empty).
    pub(crate) from: [B; MAX_DIRS],
    /// The union of `from`: the cells from which some jump is possible. A landing outside
    /// it is a dead end, whose chain stops there (no fill needed).
    pub(crate) onward: B,
}

impl<B: BitBoard> JumpMasks<B> {
    /// The masks for a position with these occupied and empty cells.
    #[inline(always)]
    pub fn new<G: Geometry<BB = B>>(occupied: B, empty: B) -> Self {
        let mut from = [B::EMPTY; MAX_DIRS];
        let mut onward = B::EMPTY;
        for (i, mask) in from.iter_mut().enumerate().take(G::OFFSETS.len()) {
            *mask = jump_sources::<G>(occupied, empty, i);
            onward |= *mask;
        }
        JumpMasks { from, onward }
    }

    /// The cells one jump from `from` lands on.
    #[inline(always)]
    pub fn landings<G: Geometry<BB = B>>(&self, from: usize) -> B {
        let mut out = B::EMPTY;
        for (mask, &d) in self.from.iter().zip(G::OFFSETS) {
            if mask.has(from) {
                out.set((from as isize + 2 * d) as usize);
            }
        }
        out
    }

    /// The cells one jump from any cell of `pieces` lands on (every direction at once).
    #[inline(always)]
    pub fn landings_of<G: Geometry<BB = B>>(&self, pieces: B) -> B {
        let mut out = B::EMPTY;
        for (mask, &d) in self.from.iter().zip(G::OFFSETS) {
            out |= (pieces & *mask).shift(2 * d);
        }
        out
    }

    /// `cells` (empty ones) and every empty cell jump-connected to them: the union of their
    /// jump components, so that a piece reaches one of `cells` by a chain of jumps exactly
    /// when one of its first landings ([`Self::landings_of`]) lies in it (see
    /// [`JumpComponents`]).
    #[inline(always)]
    pub fn connected<G: Geometry<BB = B>>(&self, cells: B) -> B {
        fill::<G>(cells, cells, &self.from)
    }
}

/// The cells from which a jump in direction `i` (an index into `G::OFFSETS`) is possible:
/// the next cell that way `occupied`, the one beyond it `empty`.
#[inline(always)]
pub fn jump_sources<G: Geometry>(occupied: G::BB, empty: G::BB, i: usize) -> G::BB {
    let d = G::OFFSETS[i];
    let from = occupied.shift(-d) & empty.shift(-2 * d);
    if G::WRAPS {
        from & G::JUMP_FROM[i]
    } else {
        from
    }
}

/// Calls `f` with each direction index of `G` (`0..G::OFFSETS.len()`) written out as a
/// constant, so that what `f` derives from the index (a shift by `G::OFFSETS[i]`, say)
/// folds to constants once inlined, however large `f`'s body (a `for` loop over the
/// indices is unrolled only when its body is small).
#[inline(always)]
pub fn each_direction<G: Geometry>(mut f: impl FnMut(usize)) {
    let n = G::OFFSETS.len();
    debug_assert!(n <= MAX_DIRS);
    macro_rules! directions {
        ($($i:literal)*) => {$(
            if $i < n {
                f($i);
            }
        )*};
    }
    directions!(0 1 2 3 4 5 6 7);
}

/// The cells one step from `from` that are empty.
#[inline(always)]
pub fn step_targets<G: Geometry>(from: usize, empty: G::BB) -> G::BB {
    let mut out = G::BB::EMPTY;
    for (i, &d) in G::OFFSETS.iter().enumerate() {
        let to = from as isize + d;
        let on = if G::WRAPS {
            G::STEP_FROM[i].has(from)
        } else {
            (0..G::BB::CAPACITY as isize).contains(&to)
        };
        if on {
            out.set(to as usize);
        }
    }
    out & empty
}

/// Every cell the piece on `from` can reach by one or more adjacent jumps (never `from`): a
/// flood fill of its own.
///
/// The shared masks need no correction for the moving piece. Its origin counts as occupied
/// in them, but a jump moves two cells along a line, so the piece only ever reaches cells
/// whose file and rank have the parities of its origin's, while a jump over its origin joins
/// two cells next to it, of other parities: no path of the piece can use it. Landing back on
/// the origin changes nothing, as the fill starts there.
#[inline(always)]
pub fn jump_closure<G: Geometry>(from: usize, masks: &JumpMasks<G::BB>) -> G::BB {
    let landings = masks.landings::<G>(from);
    // No landing jumps on (the short chains of openings): the closure is the landings.
    if !landings.intersects(masks.onward) {
        return landings;
    }
    let origin = G::BB::single(from);
    fill::<G>(origin | landings, landings, &masks.from).without(origin)
}

/// Boards at least this wide share jump components between pieces ([`JumpComponents`]);
/// narrower ones fill each piece's closure alone, which measured faster there.
pub const SHARE_FROM_WIDTH: usize = 10;

/// Most components a [`JumpComponents`] keeps; further ones are filled but not kept.
const MAX_COMPONENTS: usize = 16;

/// The jump-connected components of the empty cells (a jump over any occupied neighbour,
/// every piece standing still), found lazily from the pieces' first landings and shared by
/// the pieces of one position.
///
/// A piece's closure is exactly the union of the components of its first landings: paths
/// through its own (then empty) origin only lead to other first landings, and the jumps over
/// its origin, which it may not make, join cells it can never reach (see [`jump_closure`]).
pub struct JumpComponents<B> {
    masks: JumpMasks<B>,
    found: [B; MAX_COMPONENTS],
    len: usize,
}

impl<B: BitBoard> JumpComponents<B> {
    /// No component found yet, for the position these masks describe.
    #[inline(always)]
    pub fn new(masks: JumpMasks<B>) -> Self {
        JumpComponents {
            masks,
            found: [B::EMPTY; MAX_COMPONENTS],
            len: 0,
        }
    }

    /// The component of the empty cell `cell`.
    #[inline(always)]
    fn component<G: Geometry<BB = B>>(&mut self, cell: usize) -> B {
        // A cell no jump leaves is a component of its own: neither filled nor kept.
        if !self.masks.onward.has(cell) {
            return B::single(cell);
        }
        if let Some(&c) = self.found[..self.len].iter().find(|c| c.has(cell)) {
            return c;
        }
        let c = B::single(cell);
        let c = fill::<G>(c, c, &self.masks.from);
        if self.len < MAX_COMPONENTS {
            self.found[self.len] = c;
            self.len += 1;
        }
        c
    }

    /// Every cell the piece on `from` can reach by one or more adjacent jumps (never `from`);
    /// the same set as [`jump_closure`].
    #[inline(always)]
    pub fn closure<G: Geometry<BB = B>>(&mut self, from: usize) -> B {
        if G::BOARD.width() < SHARE_FROM_WIDTH {
            return jump_closure::<G>(from, &self.masks);
        }
        let mut reach = B::EMPTY;
        for cell in self.masks.landings::<G>(from).iter() {
            if !reach.has(cell) {
                reach |= self.component::<G>(cell);
            }
        }
        reach
    }
}

/// Flood fill: `reached` and every cell reachable from its `frontier` by jumps along `masks`.
#[inline(always)]
fn fill<G: Geometry>(mut reached: G::BB, mut frontier: G::BB, masks: &[G::BB; MAX_DIRS]) -> G::BB {
    loop {
        let mut next = G::BB::EMPTY;
        for (mask, &d) in masks.iter().zip(G::OFFSETS) {
            next |= (frontier & *mask).shift(2 * d);
        }
        frontier = next.without(reached);
        if frontier.is_empty() {
            return reached;
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
        for i in 0..G::OFFSETS.len() {
            // `run`: cells reached from the frontier over k - 1 empty cells.
            let mut run = frontier;
            for k in 1..=max_reach {
                let mut landing = step::<G>(run, i) & occupied;
                for _ in 0..k {
                    landing = step::<G>(landing, i) & empty;
                }
                next |= landing;
                run = step::<G>(run, i) & empty;
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
