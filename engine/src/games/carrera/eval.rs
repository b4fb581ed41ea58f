//! The evaluation, in centimoves (100 = one knight leap of progress).
//!
//! A side's knights must fill the opponent's eight start cells, one knight a cell. Its
//! standing is minus 100 per leap of the cheapest **assignment** of its knights to those
//! cells: the least total, over every one-to-one matching of knight to goal cell, of the
//! knight distances on the 70-cell board (each distance precomputed per goal cell by a
//! breadth-first search of whole-board leaps; the matching by a dynamic programme over the
//! 256 subsets of goal cells). Unlike a sum of distances to the *nearest* goal cell, it does
//! not let all knights aim at the one nearest cell, and it sees that the far corner cells
//! must be filled too. It is a lower bound on the leaps to go on an empty board.
//!
//! The position's `evaluate` is the side to move's standing minus the opponent's, plus the
//! tempo weight. A move's gain ([`StoneEval::gain`]), for move ordering and the playout
//! policy, is 100 per leap of distance to the nearest goal cell it saves (cheap, per move).

use super::board::{Cells, CELLS, GOAL, KNIGHTS, STONES};
use super::position::CarreraPosition;
use super::Carrera;
use crate::games::knight::cells_of;
use crate::games::stones::StoneEval;

/// Centimoves per knight leap of distance.
pub const LEAP: i32 = 100;

/// Subsets of the goal cells.
const SUBSETS: usize = 1 << STONES;

/// The evaluation's tables: knight distances to each goal cell of each side.
#[derive(Clone, Debug)]
pub struct Eval {
    /// `to_goal[side][cell][g]`: leaps from `cell` to `side`'s `g`-th goal cell (lowest
    /// cell first).
    to_goal: [[[u8; STONES]; CELLS]; 2],
    /// `nearest[side][cell]`: leaps from `cell` to `side`'s nearest goal cell.
    nearest: [[u8; CELLS]; 2],
    /// Bonus for having the move.
    tempo: i32,
}

impl Eval {
    /// The least total knight distance over the one-to-one assignments of the `knights`
    /// of `side` (at most [`STONES`]) to its goal cells.
    pub fn assignment(&self, side: usize, knights: Cells) -> i32 {
        let mut rows = [[0u8; STONES]; STONES];
        let mut n = 0;
        for cell in cells_of(knights).take(STONES) {
            rows[n] = self.to_goal[side][cell];
            n += 1;
        }
        // best[mask]: the least cost of the first popcount(mask) knights on the goal
        // cells of `mask`.
        let mut best = [u16::MAX; SUBSETS];
        best[0] = 0;
        let mut total = u16::MAX;
        for mask in 0..SUBSETS {
            let cost = best[mask];
            if cost == u16::MAX {
                continue;
            }
            let k = mask.count_ones() as usize;
            if k == n {
                total = total.min(cost);
                continue;
            }
            let row = &rows[k];
            for (g, &d) in row.iter().enumerate() {
                if mask >> g & 1 == 0 {
                    let next = &mut best[mask | 1 << g];
                    *next = (*next).min(cost + u16::from(d));
                }
            }
        }
        i32::from(total)
    }
}

impl StoneEval<Carrera> for Eval {
    /// The tables, with `tempo` centimoves for the side to move.
    fn new(tempo: i32) -> Eval {
        let mut to_goal = [[[u8::MAX; STONES]; CELLS]; 2];
        let mut nearest = [[u8::MAX; CELLS]; 2];
        for side in 0..2 {
            nearest[side] = KNIGHTS.distances(GOAL[side]);
            for (g, goal) in cells_of(GOAL[side]).enumerate() {
                let dist: [u8; CELLS] = KNIGHTS.distances(1 << goal);
                for (cell, &d) in dist.iter().enumerate() {
                    to_goal[side][cell][g] = d;
                }
            }
        }
        Eval {
            to_goal,
            nearest,
            tempo,
        }
    }

    fn tempo(&self) -> i32 {
        self.tempo
    }

    /// Knight leaps from `cell` to `side`'s nearest goal cell.
    #[inline(always)]
    fn distance(&self, side: usize, cell: usize) -> i32 {
        i32::from(self.nearest[side][cell])
    }

    /// `side`'s own standing in centimoves (see the module doc); higher is better for it.
    fn side_score(&self, pos: &CarreraPosition, side: usize) -> i32 {
        -LEAP * self.assignment(side, pos.stones(side))
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{BOARD, START};
    use super::*;

    /// The least assignment cost by trying every permutation (8! = 40,320).
    fn brute_force(eval: &Eval, side: usize, knights: Cells) -> i32 {
        fn go(eval: &Eval, side: usize, cells: &[usize], used: u32, k: usize) -> i32 {
            if k == cells.len() {
                return 0;
            }
            (0..STONES)
                .filter(|g| used >> g & 1 == 0)
                .map(|g| {
                    i32::from(eval.to_goal[side][cells[k]][g])
                        + go(eval, side, cells, used | 1 << g, k + 1)
                })
                .min()
                .unwrap()
        }
        let cells: Vec<usize> = cells_of(knights).collect();
        go(eval, side, &cells, 0, 0)
    }

    #[test]
    fn the_assignment_is_the_least_matching_and_zero_at_home() {
        let eval = Eval::new(0);
        assert_eq!(eval.assignment(0, GOAL[0]), 0);
        assert_eq!(eval.assignment(1, GOAL[1]), 0);
        // Every cell of the board is within reach of every goal cell.
        for side in 0..2 {
            for c in cells_of(BOARD) {
                assert!(eval.to_goal[side][c].iter().all(|&d| d < 12));
            }
        }
        let mut rng = crate::rng::Rng::new(11);
        let cells: Vec<usize> = cells_of(BOARD).collect();
        for _ in 0..30 {
            let mut knights: Cells = 0;
            while knights.count_ones() < 8 {
                knights |= 1 << cells[rng.below(cells.len() as u32) as usize];
            }
            for side in 0..2 {
                assert_eq!(
                    eval.assignment(side, knights),
                    brute_force(&eval, side, knights)
                );
            }
        }
        // It is never below the sum of the distances to the nearest goal cells.
        let nearest_sum: i32 = cells_of(START[0]).map(|c| eval.distance(0, c)).sum();
        assert!(eval.assignment(0, START[0]) >= nearest_sum);
    }
}
