//! The move generator: Halma's bitboard jump closure on the 16×16 board, plus bearing off.
//!
//! Work shared by every stone of one position ([`Targets::new`]): Halma's jump masks and
//! shared jump components ([`JumpComponents`], one flood fill per component of the empty
//! cells), and the *launch* set: the cells from which a jump over an adjacent edge stone
//! lands off the board, `⋃_d EXIT_d ∩ shift(occupied, −d)`, one AND and one shift per
//! direction. A stone on `from` then has
//! * its steps and its jump chains' landings as one destination set ([`step_targets`] ∪ the
//!   closure), as in Halma: a chain back to the origin is no move, two paths to one cell are
//!   one move;
//! * one bear-off if `from` is an edge cell (a step off the board) or if `from` or any
//!   landing of its closure is a launch cell (a last jump off the board).
//!
//! The moving stone's origin needs no correction in the shared sets: jumps keep the
//! parities of file and rank, so no chain of the stone lands next to its origin, and the
//! origin is neither jumped over nor the edge stone of a launch (see Halma's
//! [`jump_closure`](crate::board::jumps::jump_closure)).
//!
//! In the drop phase the moves are the empty cells of the drop zone.

use super::board::{BB, CELLS_BB, DROP_ZONE, EDGE, EXIT, G};
use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;
use crate::board::jumps::{step_targets, JumpComponents, JumpMasks};

/// The destinations of each stone of one position, built once per position.
pub struct Targets {
    empty: BB,
    components: JumpComponents<BB>,
    launch: BB,
}

impl Targets {
    /// The shared sets for a board whose stones (of both sides) are `occupied`.
    #[inline(always)]
    pub fn new(occupied: BB) -> Targets {
        let empty = CELLS_BB.without(occupied);
        let mut launch = BB::EMPTY;
        for (exit, &d) in EXIT.iter().zip(<G as Geometry>::OFFSETS) {
            launch |= *exit & occupied.shift(-d);
        }
        Targets {
            empty,
            components: JumpComponents::new(JumpMasks::new::<G>(occupied, empty)),
            launch,
        }
    }

    /// The cells the stone on `from` reaches by a step or a jump chain, and whether it can
    /// bear off.
    #[inline(always)]
    pub fn of(&mut self, from: usize) -> (BB, bool) {
        let jumps = self.components.closure::<G>(from);
        let off = EDGE.has(from) || self.launch.has(from) || jumps.intersects(self.launch);
        (step_targets::<G>(from, self.empty) | jumps, off)
    }

    /// Whether the stone on `from` can bear off (its closure is filled only if needed).
    #[inline(always)]
    pub fn can_bear_off(&mut self, from: usize) -> bool {
        EDGE.has(from)
            || self.launch.has(from)
            || self.components.closure::<G>(from).intersects(self.launch)
    }
}

/// The empty cells of the drop zone: where the side to move may drop in the drop phase.
#[inline(always)]
pub fn drop_cells(occupied: BB) -> BB {
    DROP_ZONE.without(occupied)
}

/// Calls `emit(from, targets, off)` for every stone of `own` (the side to move) on a board
/// whose stones are `occupied`: its destinations and whether it can bear off.
#[inline(always)]
pub fn for_each_stone(own: BB, occupied: BB, mut emit: impl FnMut(usize, BB, bool)) {
    let mut targets = Targets::new(occupied);
    for from in own.iter() {
        let (to, off) = targets.of(from);
        emit(from, to, off);
    }
}

/// The number of moves of the stones `own` on a board whose stones are `occupied` (the
/// pass not counted; the move phase).
#[inline(always)]
pub fn count_moves(own: BB, occupied: BB) -> u32 {
    let mut n = 0;
    for_each_stone(own, occupied, |_, to, off| n += to.count() + u32::from(off));
    n
}
