//! The slide generator: per stone, per direction, the empty ray up to the nearest stone
//! (one ray-table lookup and one bit scan), then the Embargo filters as masks: a shortening
//! slide (nearest stone an own one, at least one empty cell between) may stop anywhere on
//! the ray; a normal slide stops before the nearest wall cell of either colour; no slide
//! stops in the mover's own yard. Allocation-free.

use super::board::{before, bit, nearest, Cells, BOARD, RAYS, YARDS};
use super::walls::walls;

/// What the slides of one side need, computed once per position.
#[derive(Clone, Copy, Debug)]
pub struct Slides {
    own: u128,
    occupied: u128,
    walls: u128,
    allowed: u128,
}

impl Slides {
    /// The slides of `side` with the stones `stones` (walls computed now, every stone on
    /// its cell).
    #[inline(always)]
    pub fn new(stones: [u128; 2], side: usize) -> Slides {
        Slides {
            own: stones[side],
            occupied: stones[0] | stones[1],
            walls: walls(stones),
            allowed: BOARD & !YARDS[side],
        }
    }

    /// The stones that slide.
    #[inline(always)]
    pub fn stones(&self) -> u128 {
        self.own
    }

    /// The cells the stone on `from` can slide to.
    #[inline(always)]
    pub fn targets(&self, from: usize) -> u128 {
        let mut targets = 0;
        for (d, rays) in RAYS.iter().enumerate() {
            let ray = rays[from];
            let blockers = ray & self.occupied;
            let (open, shortening) = if blockers == 0 {
                (ray, false)
            } else {
                let stop = nearest(d, blockers);
                let open = before(d, ray, stop);
                (open, open != 0 && self.own & bit(stop) != 0)
            };
            targets |= if shortening {
                open
            } else {
                let walled = open & self.walls;
                if walled == 0 {
                    open
                } else {
                    before(d, open, nearest(d, walled))
                }
            };
        }
        targets & self.allowed
    }

    /// Calls `emit(from, targets)` for every stone with at least one target.
    #[inline(always)]
    pub fn for_each(&self, mut emit: impl FnMut(usize, u128)) {
        for from in Cells(self.own) {
            let targets = self.targets(from);
            if targets != 0 {
                emit(from, targets);
            }
        }
    }

    /// The number of slides.
    #[inline(always)]
    pub fn count(&self) -> u64 {
        Cells(self.own)
            .map(|from| u64::from(self.targets(from).count_ones()))
            .sum()
    }
}
