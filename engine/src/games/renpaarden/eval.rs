//! The evaluation, in centimoves (100 = one move of progress).
//!
//! A side's score measures how far its stones are from home-coming, in knight leaps:
//! * **distance**: minus 100 per knight leap each stone still needs to reach the nearest
//!   of the opponent's start cells, on an empty board (a lower bound on the leaps to go,
//!   since one plain move is one leap);
//! * **jumpers**: plus [`JUMPER`] per stone that can leap through the enemy now to a cell at
//!   least two leaps nearer its goal (a chain move that gains more than any plain move).
//!
//! The position's `evaluate` is the side to move's score minus the opponent's, plus the
//! tempo weight; a move's gain ([`StoneEval::gain`]) is 100 per leap of distance it saves.

use super::board::{Cells, BOARD, CELLS, GOAL, KNIGHTS};
use super::movegen::Closure;
use super::position::RenpaardenPosition;
use super::Renpaarden;
use crate::games::stones::StoneEval;

/// Centimoves per knight leap of distance.
pub const LEAP: i32 = 100;
/// Centimoves per stone that can gain two or more leaps by a chain through the enemy.
pub const JUMPER: i32 = 25;
/// Distance layers kept (the farthest cell of the 9×9 board is 5 leaps from a goal).
const LAYERS: usize = 8;

/// The evaluation's tables: knight distances to each side's goal.
#[derive(Clone, Debug)]
pub struct Eval {
    /// `dist[side][cell]`: knight leaps from `cell` to the nearest goal cell of `side`.
    dist: [[u8; CELLS]; 2],
    /// `within[side][d]`: the cells at most `d` leaps from `side`'s goal.
    within: [[Cells; LAYERS]; 2],
    /// Bonus for having the move.
    tempo: i32,
}

impl Eval {
    /// The sum of the distances of `side`'s stones, by layers (popcounts).
    fn total_distance(&self, side: usize, stones: Cells) -> i32 {
        let mut outside = stones;
        let mut total = 0;
        for d in 0..LAYERS {
            outside &= !self.within[side][d];
            total += outside.count_ones() as i32;
        }
        total
    }
}

impl StoneEval<Renpaarden> for Eval {
    /// The tables, with `tempo` centimoves for the side to move.
    fn new(tempo: i32) -> Eval {
        let mut dist = [[u8::MAX; CELLS]; 2];
        let mut within = [[BOARD; LAYERS]; 2];
        for side in 0..2 {
            // Breadth-first by whole layers of leap shifts.
            dist[side] = KNIGHTS.distances(GOAL[side]);
            let mut reached = 0;
            for (d, layer) in KNIGHTS.distance_layers(GOAL[side]).into_iter().enumerate() {
                reached |= layer;
                if d < LAYERS {
                    within[side][d] = reached;
                }
            }
        }
        Eval {
            dist,
            within,
            tempo,
        }
    }

    fn tempo(&self) -> i32 {
        self.tempo
    }

    /// Knight leaps from `cell` to `side`'s nearest goal cell.
    #[inline(always)]
    fn distance(&self, side: usize, cell: usize) -> i32 {
        i32::from(self.dist[side][cell])
    }

    /// `side`'s own standing in centimoves (see the module doc); higher is better for it.
    fn side_score(&self, pos: &RenpaardenPosition, side: usize) -> i32 {
        let own = pos.stones(side);
        let closure = Closure::new(own, pos.stones(1 - side));
        let mut jumpers = 0;
        for from in super::board::cells_of(own) {
            let d = self.dist[side][from] as usize;
            if d >= 2 && closure.chain_targets(from) & self.within[side][d - 2] != 0 {
                jumpers += 1;
            }
        }
        -LEAP * self.total_distance(side, own) + JUMPER * jumpers
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{parse_cell, START};
    use super::*;

    #[test]
    fn distances_by_layers_agree_with_the_table() {
        let eval = Eval::new(0);
        let c = |n| parse_cell(n).unwrap();
        assert_eq!(eval.distance(0, c("a8")), 0);
        assert_eq!(eval.distance(0, c("a7")), 1);
        assert_eq!(eval.distance(1, c("a7")), 3);
        assert!((0..CELLS).all(|cell| eval.distance(0, cell) < LAYERS as i32));
        for (side, &start) in START.iter().enumerate() {
            let by_cells: i32 = super::super::board::cells_of(start)
                .map(|cell| eval.distance(side, cell))
                .sum();
            assert_eq!(eval.total_distance(side, start), by_cells);
            assert!(by_cells > 18 * 3);
        }
    }
}
