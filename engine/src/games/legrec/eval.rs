//! The evaluation: how far each side's stones still have to go.
//!
//! A side's score is minus the ranks its stones still have to climb to stand on the goal
//! ranks (the opponent's two home ranks), 100 centimoves a rank: a stone on its own back
//! rank is two moves from the goal, one on the second rank one move, one in the goal none.
//! A step forward gains 100 and a forward jump 200, so this is the number of single-step
//! moves still needed (jumps can only shorten it). The evaluation for the side to move is
//! its score minus the opponent's, plus the `tempo` weight for having the move.
//! [`LeGrecEval::progress`] (the rank counted from the own back rank, uncapped) orders moves:
//! a move's gain is the ranks it climbs, so a step from the goal's near rank to its far rank
//! (which makes room) still counts.

use super::board::{coords, CELLS};
use super::position::LeGrecPosition;
use crate::game::Team;

/// The evaluation's tables.
#[derive(Clone, Debug)]
pub struct LeGrecEval {
    /// `progress[side][cell]`: the cell's rank counted from `side`'s back rank, in
    /// centimoves (0, 100, 200, 300).
    progress: [[i32; CELLS]; 2],
    /// `to_go[side][cell]`: the moves a stone of `side` on `cell` still needs to reach the
    /// goal ranks, in centimoves (200, 100, 0, 0).
    to_go: [[i32; CELLS]; 2],
    /// The bonus for having the move.
    tempo: i32,
}

impl LeGrecEval {
    /// The tables, with `tempo` centimoves for the side to move.
    pub fn new(tempo: i32) -> LeGrecEval {
        let mut progress = [[0; CELLS]; 2];
        let mut to_go = [[0; CELLS]; 2];
        for c in 0..CELLS {
            let rank = coords(c).1 as i32;
            for (side, climbed) in [(0, rank), (1, 3 - rank)] {
                progress[side][c] = 100 * climbed;
                to_go[side][c] = 100 * (2 - climbed).max(0);
            }
        }
        LeGrecEval {
            progress,
            to_go,
            tempo,
        }
    }

    /// A cell's rank from `side`'s back rank, in centimoves.
    #[inline(always)]
    pub fn progress(&self, side: usize, cell: usize) -> i32 {
        self.progress[side][cell]
    }

    /// `side`'s score: minus the moves its stones still need, in centimoves.
    pub fn side_score(&self, pos: &LeGrecPosition, side: usize) -> i32 {
        let mut set = pos.stones(side);
        let mut sum = 0;
        while set != 0 {
            sum += self.to_go[side][set.trailing_zeros() as usize];
            set &= set - 1;
        }
        -sum
    }

    /// The score of the side to move against the other, with the tempo bonus.
    pub fn evaluate(&self, pos: &LeGrecPosition, _team: Team) -> i32 {
        let me = pos.to_move();
        self.side_score(pos, me) - self.side_score(pos, 1 - me) + self.tempo
    }
}
