//! Embargo's evaluation, in centimoves (100 = one move of progress). Per side:
//!
//! * **distance**: each stone's remaining way to the enemy yard, from a table: 100 per rook
//!   move still needed on an empty board (0 in the yard, 1 on a rank or file through it, 2
//!   elsewhere), plus 10 per cell of Manhattan distance to the yard and 4 per cell to its
//!   far corner (so that stones pack deep and leave room for the others);
//! * **walls**: each empty cell of the side's own walls, worth 2 far from its own yard up
//!   to 10 next to it: walls stop the opponent's normal slides on the way in;
//! * **deadline**: each stone still in its own yard costs `150 · (moves made / 25)²`, and a
//!   side with more stones in its yard than moves left before the 25th is as good as lost
//!   (3,000 more).
//!
//! The score of the side to move is its standing minus the opponent's, plus the tempo
//! weight. The move gain (ordering, playouts) is the drop of the distance table.

use super::board::{cells_of, coords, BOARD, CELLS, N, YARDS};
use super::position::{EmbargoPosition, DEADLINE};
use super::walls::side_walls;
use crate::game::Team;
use crate::moves::Move;
use crate::search::score::MAX_EVAL;
use crate::weights::Weights;

/// Centimoves per rook move still needed.
const PER_MOVE: i32 = 100;
/// Centimoves per cell of Manhattan distance to the enemy yard.
const PER_CELL: i32 = 10;
/// Centimoves per cell of distance to the enemy yard's far corner.
const PER_CORNER_CELL: i32 = 4;
/// Largest deadline penalty per stone in its yard (at the deadline).
const HOME: i64 = 150;
/// Penalty of a side that can no longer empty its yard in time.
const DOOMED: i32 = 3000;

/// The evaluation's tables.
#[derive(Clone, Debug)]
pub struct EmbargoEval {
    /// `cost[side][cell]`: centimoves a stone of `side` on `cell` is from home and dry.
    cost: [[i32; CELLS]; 2],
    /// `wall[side][cell]`: what an empty wall cell of `side` on `cell` is worth to it.
    wall: [[i32; CELLS]; 2],
    tempo: i32,
}

impl EmbargoEval {
    /// The tables, with the tempo set (of the weights, only it is read).
    pub fn new(weights: &Weights) -> EmbargoEval {
        let mut cost = [[0; CELLS]; 2];
        let mut wall = [[0; CELLS]; 2];
        for c in 0..CELLS {
            // Side A's view; B's is the point reflection (cell 80 - c).
            let (x, y) = coords(c);
            let corner = (2 * (N - 1) - x - y) as i32;
            let moves = if corner <= 2 {
                0
            } else if x >= N - 3 || y >= N - 3 {
                1
            } else {
                2
            };
            let a_cost =
                PER_MOVE * moves + PER_CELL * (corner - 2).max(0) + PER_CORNER_CELL * corner;
            let a_wall = 2 + corner / 2;
            cost[0][c] = a_cost;
            cost[1][CELLS - 1 - c] = a_cost;
            wall[0][c] = a_wall;
            wall[1][CELLS - 1 - c] = a_wall;
        }
        EmbargoEval {
            cost,
            wall,
            tempo: weights.relative_tempo(),
        }
    }

    /// The distance-table cost of a stone of `side` on `cell`.
    #[inline(always)]
    pub fn cost(&self, side: usize, cell: usize) -> i32 {
        self.cost[side][cell]
    }

    /// `side`'s standing in `pos` (higher is better for it), unclamped.
    pub fn standing(&self, pos: &EmbargoPosition, side: usize) -> i64 {
        let stones = pos.all_stones();
        let own = stones[side];
        let distance: i32 = cells_of(own).map(|c| self.cost[side][c]).sum();
        let empty = BOARD & !(stones[0] | stones[1]);
        let walls: i32 = cells_of(side_walls(own, empty))
            .map(|c| self.wall[side][c])
            .sum();
        let at_home = i64::from((own & YARDS[side]).count_ones());
        let mut deadline = 0;
        if at_home > 0 {
            let made = pos.move_count(side).min(DEADLINE) as i64;
            deadline = at_home * HOME * made * made / (DEADLINE * DEADLINE) as i64;
            if at_home > DEADLINE as i64 - made {
                deadline += i64::from(DOOMED);
            }
        }
        i64::from(walls) - i64::from(distance) - deadline
    }

    /// The score for the side to move of `pos`, clamped to ±`MAX_EVAL`.
    pub fn evaluate(&self, pos: &EmbargoPosition, team: Team) -> i32 {
        let me = pos.to_move();
        let score: i64 = (0..2)
            .map(|side| {
                let s = self.standing(pos, side);
                if team.same(side, me) {
                    s
                } else {
                    -s
                }
            })
            .sum::<i64>()
            + i64::from(self.tempo);
        clamp(score)
    }

    /// `side`'s standing, clamped to ±`MAX_EVAL`.
    pub fn side_score(&self, pos: &EmbargoPosition, side: usize) -> i32 {
        clamp(self.standing(pos, side))
    }

    /// The drop of the distance table that `mv` brings `mover`.
    #[inline(always)]
    pub fn move_gain(&self, mover: usize, mv: Move) -> i32 {
        if mv.is_pass() {
            0
        } else {
            self.cost[mover][mv.from()] - self.cost[mover][mv.to()]
        }
    }
}

/// `score` clamped to ±`MAX_EVAL`.
fn clamp(score: i64) -> i32 {
    score.clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL)) as i32
}
