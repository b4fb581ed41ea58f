//! Move ordering: the table's move first, then by distance gained toward the goal, with
//! killer moves and the history heuristic breaking ties and lifting quiet refutations.
//!
//! Each move gets one key: `gain * GAIN_UNIT + history (+ KILLER for a killer)`. History is
//! kept within ±`HISTORY_MAX`, below one cell of gain, so it orders moves of equal gain; a
//! killer outranks moves gaining one cell more than it.

use super::score::MAX_PLY;
use crate::moves::Move;

/// Key of the table's move (searched first).
pub const TT_MOVE: i32 = i32::MAX;
/// Key units per cell of gain (`u + v` from the home corner).
const GAIN_UNIT: i32 = 20_000;
/// Bonus of a killer move.
const KILLER: i32 = 30_000;
/// Bound of the history scores.
const HISTORY_MAX: i32 = 16_000;

/// A move and its ordering key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    /// The move.
    pub mv: Move,
    /// Its ordering key (higher first).
    pub key: i32,
}

/// Killers per ply and history per (side, from, to): what one search thread has learnt.
pub struct Heuristics {
    killers: [[Move; 2]; MAX_PLY + 1],
    history: Vec<i32>,
    cells: usize,
}

impl Heuristics {
    /// Empty tables for `sides` sides on a layout of `cells` bit positions.
    pub fn new(sides: usize, cells: usize) -> Heuristics {
        Heuristics {
            killers: [[Move::PASS; 2]; MAX_PLY + 1],
            history: vec![0; sides * (cells + 1) * (cells + 1)],
            cells,
        }
    }

    #[inline(always)]
    fn index(&self, side: usize, mv: Move) -> Option<usize> {
        mv.slot(self.cells)
            .map(|slot| side * (self.cells + 1) * (self.cells + 1) + slot)
    }

    /// The ordering key of `mv` for `side` at `ply`, given its gain in cells.
    #[inline(always)]
    pub fn key(&self, side: usize, ply: usize, mv: Move, gain: i32) -> i32 {
        let history = self.index(side, mv).map_or(0, |i| self.history[i]);
        let killer = if self.killers[ply].contains(&mv) {
            KILLER
        } else {
            0
        };
        gain * GAIN_UNIT + history + killer
    }

    /// Whether `mv` is a killer at `ply`.
    #[inline(always)]
    pub fn is_killer(&self, ply: usize, mv: Move) -> bool {
        self.killers[ply].contains(&mv)
    }

    /// Records that `best` refuted the node at `ply` searched to `depth`, after the moves
    /// `tried` (which failed to) were searched.
    pub fn reward(&mut self, side: usize, ply: usize, depth: u32, best: Move, tried: &[Move]) {
        if self.killers[ply][0] != best {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = best;
        }
        let bonus = (depth * depth).min(400) as i32 * 16;
        let mut update = |mv: Move, delta: i32| {
            if let Some(i) = self.index(side, mv) {
                let h = &mut self.history[i];
                *h += delta - *h * delta.abs() / HISTORY_MAX;
            }
        };
        update(best, bonus);
        for &mv in tried {
            update(mv, -bonus);
        }
    }
}

/// Moves `list[start..]`'s highest key to `start` and returns that move (selection sort, one
/// step at a time: most nodes are cut off after a few moves). Of equal keys the first wins.
#[inline]
pub fn pick_next(list: &mut [ScoredMove], start: usize) -> Move {
    let best = start + first_highest(&list[start..]);
    list.swap(start, best);
    list[start].mv
}

/// The index of the first of `list`'s highest keys (0 when empty).
///
/// One pass without a branch on the data: each move becomes a 64-bit word, its key above
/// and its index inverted below, so the greatest word is the highest key at its lowest
/// index. The loop's maximum then vectorises, where comparing key by key mispredicts.
#[inline]
fn first_highest(list: &[ScoredMove]) -> usize {
    let word = |(i, m): (usize, &ScoredMove)| (i64::from(m.key) << 32) | i64::from(!(i as u32));
    let best = list.iter().enumerate().map(word).max().unwrap_or(!0);
    !(best as u32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gain_ranks_first_then_killers_then_history() {
        let mut h = Heuristics::new(2, 100);
        let (a, b, c) = (Move::new(1, 2), Move::new(3, 4), Move::new(5, 6));
        h.reward(0, 3, 4, a, &[b]);
        assert!(h.key(0, 3, a, 0) > h.key(0, 3, b, 0));
        assert!(h.key(0, 3, a, 0) > h.key(0, 3, c, 1));
        assert!(h.key(0, 3, c, 2) > h.key(0, 3, a, 0));
        assert!(h.key(0, 4, a, 0) < h.key(0, 4, c, 1));
        let mut list = [
            ScoredMove { mv: a, key: 1 },
            ScoredMove { mv: b, key: 9 },
            ScoredMove { mv: c, key: 5 },
        ];
        assert_eq!(pick_next(&mut list, 0), b);
        assert_eq!(pick_next(&mut list, 1), c);
    }

    /// The plain scan `first_highest` replaces: the first of the highest keys.
    fn first_highest_by_scan(list: &[ScoredMove]) -> usize {
        let mut best = 0;
        for i in 1..list.len() {
            if list[i].key > list[best].key {
                best = i;
            }
        }
        best
    }

    #[test]
    fn the_first_of_equal_highest_keys_is_picked_as_a_plain_scan_would() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for len in 1..300 {
            // Few distinct keys, so that ties are common, and the extremes of the range.
            let keys = [i32::MIN, -7, 0, 3, 3, 40_000, TT_MOVE];
            let list: Vec<ScoredMove> = (0..len)
                .map(|i| ScoredMove {
                    mv: Move::new(i, i + 1),
                    key: keys[(next() % keys.len() as u64) as usize],
                })
                .collect();
            assert_eq!(
                first_highest(&list),
                first_highest_by_scan(&list),
                "{list:?}"
            );
            let mut picked = list.clone();
            let mut sorted = list.clone();
            for start in 0..len {
                let mv = pick_next(&mut picked, start);
                let best = start + first_highest_by_scan(&sorted[start..]);
                sorted.swap(start, best);
                assert_eq!(mv, sorted[start].mv);
            }
            assert_eq!(picked, sorted);
        }
    }
}
