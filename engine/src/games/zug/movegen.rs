//! The move generator: per piece, a flood fill of its jump landings over the two halves,
//! then the steps (from the origin, and the bonus step from any landing) as shifts of the
//! whole landing set; no per-cell walk, no allocation.
//!
//! A piece on a square of half `h` lands by jumps only on squares of `h` (a jump is two
//! diagonal steps) and by a step only on squares of the other half, so its destinations
//! are two sets: the landings, and the steps from the origin and the landings. Both are
//! sets, so two paths to one square are one move (moves are from-to). The origin counts as
//! empty while the piece moves: in the backward phase a chain may land on it and go on; it
//! is never a destination.

use super::board::{bits_of, count, step, Half, Squares, ALL_DIRS, CAMP, FORWARD, MASK, PIECES};

/// What is fixed for every piece of the side to move in one position: the occupancy, the
/// directions and the camp rule's restriction.
#[derive(Clone, Copy, Debug)]
pub struct Mover<'a> {
    /// Every occupied square.
    occupied: Squares,
    /// The directions the side's pieces use (forward, or all four in the backward phase).
    dirs: &'a [usize],
    /// The side's pieces in its own camp.
    home: Squares,
    /// How many of them.
    home_count: u32,
    /// The squares outside the opponent's camp (where a piece may end while another own
    /// piece is in its own camp).
    outside_enemy_camp: Squares,
}

impl<'a> Mover<'a> {
    /// The mover `side` with pieces `own` (all twelve placed) against `enemy`.
    #[inline(always)]
    pub fn new(side: usize, own: Squares, enemy: Squares) -> Mover<'static> {
        let enemy_camp = CAMP[1 - side];
        let backward = own[0] & !enemy_camp[0] == 0 && own[1] & !enemy_camp[1] == 0;
        let home = [own[0] & CAMP[side][0], own[1] & CAMP[side][1]];
        Mover {
            occupied: [own[0] | enemy[0], own[1] | enemy[1]],
            dirs: if backward && count(own) == PIECES {
                &ALL_DIRS
            } else {
                &FORWARD[side]
            },
            home,
            home_count: count(home),
            outside_enemy_camp: [MASK[0] & !enemy_camp[0], MASK[1] & !enemy_camp[1]],
        }
    }
}

impl Mover<'_> {
    /// The destinations of the piece on bit `bit` of half `h`: `[h's squares, the other
    /// half's]` as a [`Squares`] indexed by half.
    #[inline(always)]
    pub fn destinations(&self, h: usize, bit: u32) -> Squares {
        let o = 1 - h;
        let origin: Half = 1 << bit;
        let empty_h = (MASK[h] & !self.occupied[h]) | origin;
        let empty_o = MASK[o] & !self.occupied[o];
        let over = self.occupied[o];
        // Jump landings, the origin included (it is where the chain begins).
        let mut reached = origin;
        let mut frontier = origin;
        while frontier != 0 {
            let mut next = 0;
            for &d in self.dirs {
                next |= step(step(frontier, h, d) & over, o, d);
            }
            frontier = next & empty_h & !reached;
            reached |= frontier;
        }
        let mut steps = 0;
        for &d in self.dirs {
            steps |= step(reached, h, d);
        }
        let mut out = [0; 2];
        out[h] = reached & !origin;
        out[o] = steps & empty_o;
        // The camp rule: no move ends in the opponent's camp while another own piece stands
        // in the own camp.
        let others_home = self.home_count - (self.home[h] >> bit & 1) as u32;
        if others_home > 0 {
            out[0] &= self.outside_enemy_camp[0];
            out[1] &= self.outside_enemy_camp[1];
        }
        out
    }

    /// Calls `emit(h, bit, destinations)` for each piece of `own` (the mover's pieces).
    #[inline(always)]
    pub fn for_each_piece(&self, own: Squares, mut emit: impl FnMut(usize, u32, Squares)) {
        for (h, &set) in own.iter().enumerate() {
            for bit in bits_of(set) {
                emit(h, bit, self.destinations(h, bit));
            }
        }
    }
}

/// The number of moves (the pass not counted) of `side` with all twelve pieces `own`
/// against `enemy`.
#[inline]
pub fn count_moves(side: usize, own: Squares, enemy: Squares) -> u32 {
    let mover = Mover::new(side, own, enemy);
    let mut n = 0;
    mover.for_each_piece(own, |_, _, d| n += count(d));
    n
}
