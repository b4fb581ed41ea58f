//! Futility pruning's bounds by cells to go: how much a move may raise the mover's static
//! score ([`Evaluator::move_bound`]), and, at a frontier node, which of a piece's targets
//! pass the node's floor, found with a few mask operations per piece instead of one bound
//! per move ([`FrontierFilter`]).
//!
//! A move's bound is a function of the cells to go it saves (`saved`, the distance table
//! at its origin less at its target), plus the home weight when it leaves the home camp
//! and a constant for the ladder rungs it may make or break. Where that function never
//! falls as `saved` grows (the default weights, and any with `min(distance, race)` at
//! least the straggler weight over the pieces; checked over every `saved` once per
//! evaluator), the moves of a piece that pass a floor are exactly its targets within some
//! cells to go of the goal, and the best bound left out is the one of the nearest target
//! left out: masks of the cells within `k` cells to go give both. Elsewhere there is no
//! filter, and the search asks every move's bound ([`crate::game::moves_above_each`]).
//!
//! [`Evaluator::move_bound`]: crate::games::halma::eval::Evaluator::move_bound

use super::weights::HalmaWeights;
use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;

/// The ladder rungs, both sides' together, one move is assumed to make or break at most in
/// [`crate::games::halma::eval::Evaluator::move_bound`]: a moved piece is the jumper, the jumped piece or
/// the landing of a handful of forward hops before and after.
pub const LADDER_RUNGS: i32 = 16;

/// The bound of a move by the cells it saves, and the masks of the cells within each
/// number of cells to go, of every side.
#[derive(Clone, Debug)]
pub struct SavedBounds<G: Geometry> {
    /// `by_saved[saved + most]`: the bound of a move saving `saved` cells, before the home
    /// and ladder terms.
    by_saved: Vec<i32>,
    /// The most cells to go of any cell (so `saved` lies in `-most..=most`).
    most: i32,
    /// The home weight a move out of the home camp adds (never below 0).
    home: i32,
    /// The ladder term every move adds.
    ladder: i32,
    /// Whether `by_saved` never falls as `saved` grows: the filter is exact only then.
    monotone: bool,
    /// `within[side * (most + 1) + k]`: the cells with at most `k` cells to go for `side`.
    within: Vec<G::BB>,
}

/// One frontier node's filter: the fewest cells saved a move needs to pass the floor,
/// without and with the home weight (`most + 1` when none passes), and the highest bound a
/// move it drops can have (`i32::MIN` when it drops none).
#[derive(Clone, Copy, Debug)]
pub struct FrontierFilter {
    least_saved: [i32; 2],
    ceiling: [i32; 2],
}

impl<G: Geometry> SavedBounds<G> {
    /// The bounds for `weights`, with `pieces` pieces a side and the distance table
    /// `to_go[side * CAPACITY + cell]` of `sides` sides.
    pub fn new(weights: &HalmaWeights, pieces: usize, to_go: &[u8], sides: usize) -> Self {
        let cap = G::BB::CAPACITY;
        let cells: Vec<usize> = G::BOARD.cells().collect();
        let most = (0..sides)
            .flat_map(|side| cells.iter().map(move |&c| to_go[side * cap + c] as i32))
            .max()
            .unwrap_or(0);
        let w = weights;
        let pieces = pieces.max(1) as i32;
        let by_saved: Vec<i32> = (-most..=most)
            .map(|saved| {
                if saved > 0 {
                    saved * (w.distance.max(w.race) + w.straggler)
                } else {
                    // A mover off the root team counts its own standing at the opponent
                    // share: a loss it must take is that much smaller (rounded toward 0).
                    let loss = saved * w.distance.min(w.race) - saved * w.straggler / pieces;
                    if loss < 0 {
                        (i64::from(loss) * i64::from(w.opponent) / 100) as i32
                    } else {
                        loss
                    }
                }
            })
            .collect();
        let monotone = by_saved.windows(2).all(|p| p[0] <= p[1]);
        let mut within = Vec::with_capacity(sides * (most as usize + 1));
        for side in 0..sides {
            for k in 0..=most {
                let mut mask = G::BB::EMPTY;
                for &c in cells.iter().filter(|&&c| to_go[side * cap + c] as i32 <= k) {
                    mask.set(c);
                }
                within.push(mask);
            }
        }
        SavedBounds {
            by_saved,
            most,
            home: w.home.max(0),
            ladder: LADDER_RUNGS * w.ladder.abs(),
            monotone,
            within,
        }
    }

    /// The bound of a move saving `saved` cells (within `-most..=most`) that leaves the
    /// home camp or not: [`crate::games::halma::eval::Evaluator::move_bound`].
    #[inline(always)]
    pub fn bound(&self, saved: i32, leaves_home: bool) -> i32 {
        let mut bound = self.by_saved[(saved + self.most) as usize];
        if leaves_home {
            bound += self.home;
        }
        bound + self.ladder
    }

    /// The filter of a node whose moves pass with a bound above `floor`; `None` where the
    /// bound is not monotone in the cells saved.
    #[inline]
    pub fn filter(&self, floor: i64) -> Option<FrontierFilter> {
        if !self.monotone {
            return None;
        }
        // The least `saved` whose bound passes, by bisection over the monotone bounds.
        let least = |leaves_home: bool| {
            let (mut lo, mut hi) = (-self.most, self.most + 1);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if i64::from(self.bound(mid, leaves_home)) > floor {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            lo
        };
        let least_saved = [least(false), least(true)];
        // A dropped move saves at most one cell less than the least, and the bounds grow
        // with the cells saved.
        let ceiling = |leaves_home: bool| {
            let saved = least_saved[leaves_home as usize] - 1;
            if saved < -self.most {
                i32::MIN
            } else {
                self.bound(saved, leaves_home)
            }
        };
        Some(FrontierFilter {
            least_saved,
            ceiling: [ceiling(false), ceiling(true)],
        })
    }

    /// `side`'s masks of the cells within each number of cells to go, `0..=most`.
    #[inline(always)]
    fn within(&self, side: usize) -> &[G::BB] {
        &self.within[side * (self.most as usize + 1)..][..self.most as usize + 1]
    }

    /// The most cells to go of any of `pieces` (`side`'s; 0 if there are none): the least
    /// `k` whose mask holds them all, found by bisection. The evaluation's rearmost piece
    /// ([`crate::games::halma::eval::Evaluator::rear`]) reads the masks this way.
    #[inline(always)]
    pub fn farthest(&self, side: usize, pieces: G::BB) -> i32 {
        let within = self.within(side);
        let (mut lo, mut hi) = (0, self.most);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if pieces.without(within[mid as usize]).is_empty() {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    }

    /// Of the `targets` of `side`'s piece on `from` (`to_go_from` cells to go; `home` its
    /// home camp), the ones that pass `filter` and `keep` (the table's target from here,
    /// whatever its bound, if it is a target), and the highest bound of the rest and of
    /// `dropped` (the highest left out of the node's other pieces; `None` if none is).
    #[inline(always)]
    pub fn split(
        &self,
        filter: &FrontierFilter,
        (side, home): (usize, G::BB),
        (from, to_go_from): (usize, i32),
        targets: G::BB,
        keep: Option<usize>,
        mut dropped: Option<i32>,
    ) -> (G::BB, Option<i32>) {
        // Moves out of the home camp from inside it carry the home weight, the rest not.
        let (plain, leaving) = if home.has(from) {
            (targets & home, targets.without(home))
        } else {
            (targets, G::BB::EMPTY)
        };
        let within = self.within(side);
        let mut kept = G::BB::EMPTY;
        for (cells, leaves_home) in [(plain, false), (leaving, true)] {
            if cells.is_empty() {
                continue;
            }
            // A target passes when it saves at least the least: at most this many to go.
            let limit = to_go_from - filter.least_saved[leaves_home as usize];
            let passing = if limit < 0 {
                G::BB::EMPTY
            } else if limit >= self.most {
                cells
            } else {
                cells & within[limit as usize]
            };
            kept |= passing;
            let mut rest = cells.without(passing);
            if let Some(k) = keep {
                rest.clear(k);
            }
            // No target left out can beat the filter's ceiling: once a bound that high is
            // dropped, no bisection.
            if !rest.is_empty() && dropped < Some(filter.ceiling[leaves_home as usize]) {
                // The nearest target left out, by bisection over the masks: every one has
                // more than `limit` to go.
                let (mut lo, mut hi) = (limit.max(-1) + 1, self.most);
                while lo < hi {
                    let mid = lo + (hi - lo) / 2;
                    if rest.intersects(within[mid as usize]) {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                dropped = dropped.max(Some(self.bound(to_go_from - lo, leaves_home)));
            }
        }
        if let Some(k) = keep.filter(|&k| targets.has(k)) {
            kept.set(k);
        }
        (kept, dropped)
    }
}
