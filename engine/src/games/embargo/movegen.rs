//! The slide generator, in two steps, allocation-free.
//!
//! 1. Per position, per direction, the set of every cell some stone of the mover can slide
//!    to that way, by whole-board word operations: a *normal* slide's cells are an occluded
//!    fill from the mover's stones through the empty cells outside every wall (it stops
//!    before a wall cell, a stone or the edge; a ray that ends at an own stone starts with a
//!    cell of the mover's own wall, so it gives nothing here); a *shortening* slide's cells
//!    are exactly the mover's own walls along that line (each lies between two own stones:
//!    the one behind it slides there). Cells of the mover's yard are removed. Every cell of
//!    such a set is reached by exactly one stone (the nearest stone behind it), so the move
//!    count is four population counts.
//! 2. Per stone, to emit moves: per direction, its empty ray up to the nearest stone (one
//!    ray-table lookup and one bit scan) intersected with that direction's set.

use super::board::{
    before, cells_of, fill_east, fill_north, fill_south, fill_west, nearest, BOARD, RAYS, YARDS,
};
use super::walls::row_and_column_walls;

/// The slides of one side, computed once per position.
#[derive(Clone, Copy, Debug)]
pub struct Slides {
    own: u128,
    occupied: u128,
    /// Per direction (as [`super::board::DIRECTIONS`]), the cells slid to that way.
    to: [u128; 4],
}

impl Slides {
    /// The slides of `side` with the stones `stones` (walls computed now, every stone on
    /// its cell).
    #[inline(always)]
    pub fn new(stones: [u128; 2], side: usize) -> Slides {
        let own = stones[side];
        let occupied = stones[0] | stones[1];
        let empty = BOARD & !occupied;
        let (own_rows, own_columns) = row_and_column_walls(own, empty);
        let (enemy_rows, enemy_columns) = row_and_column_walls(stones[1 - side], empty);
        let free = empty & !(own_rows | own_columns | enemy_rows | enemy_columns);
        let allowed = BOARD & !YARDS[side] & !own;
        let to = [
            (fill_east(own, free) | own_rows) & allowed,
            (fill_north(own, free) | own_columns) & allowed,
            (fill_west(own, free) | own_rows) & allowed,
            (fill_south(own, free) | own_columns) & allowed,
        ];
        Slides { own, occupied, to }
    }

    /// The stones that slide.
    #[inline(always)]
    pub fn stones(&self) -> u128 {
        self.own
    }

    /// The cells the stone on `from` (a stone of the side) can slide to.
    #[inline(always)]
    pub fn targets(&self, from: usize) -> u128 {
        let mut targets = 0;
        for (d, rays) in RAYS.iter().enumerate() {
            let ray = rays[from] & self.to[d];
            if ray == 0 {
                continue;
            }
            let blockers = rays[from] & self.occupied;
            targets |= if blockers == 0 {
                ray
            } else {
                before(d, ray, nearest(d, blockers))
            };
        }
        targets
    }

    /// Calls `emit(from, targets)` for every stone with at least one target.
    #[inline(always)]
    pub fn for_each(&self, mut emit: impl FnMut(usize, u128)) {
        for from in cells_of(self.own) {
            let targets = self.targets(from);
            if targets != 0 {
                emit(from, targets);
            }
        }
    }

    /// The number of slides.
    #[inline(always)]
    pub fn count(&self) -> u64 {
        self.to.iter().map(|t| u64::from(t.count_ones())).sum()
    }
}
