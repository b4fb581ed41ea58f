//! The evaluation, in centimoves.
//!
//! Every move raises its mover's total *lean* (rank − file for A, file − rank for B) by 1
//! (a step along a rank or a file), 2 (a diagonal step or a straight jump) or 4 (a diagonal
//! jump), and a side has won exactly when its total reaches that of its goal half (the 17
//! holes of greatest lean for it). A side's score has two parts:
//! * **to go**: minus [`UNIT`] per unit of lean its men still have to gain, the goal's total
//!   less theirs (0 exactly when they fill the goal);
//! * **mobility**: plus [`MOBILITY`] per legal move it would have if it were to move: a
//!   blocked side passes, and when both are blocked the game is drawn, so a side wants room.
//!
//! [`CaeserEval::evaluate`] is the side to move's score minus the other's, plus the tempo
//! weight, clamped to ±[`MAX_EVAL`](crate::search::score::MAX_EVAL). A move's gain ([`CaeserEval::gain`]) is [`UNIT`] per
//! unit of lean it adds; the race adjudication compares the *to go* part alone.

use super::board::{cells_of, lean, GOAL};
use super::movegen::count_moves;
use super::position::CaeserPosition;
use crate::game::Team;
use crate::moves::Move;
use crate::search::score::team_score;

/// Centimoves per unit of lean (one step along a rank or file).
pub const UNIT: i32 = 100;
/// Centimoves per legal move of a side.
pub const MOBILITY: i32 = 8;

/// The evaluation's constants: the goal's lean for each side, and the tempo.
#[derive(Clone, Debug)]
pub struct CaeserEval {
    /// The total lean of each side's goal half, for that side.
    goal_lean: [i32; 2],
    /// Bonus for having the move.
    tempo: i32,
}

/// A cell's lean for `side`: rank − file for A, file − rank for B.
#[inline(always)]
pub fn side_lean(side: usize, cell: usize) -> i32 {
    if side == 0 {
        lean(cell)
    } else {
        -lean(cell)
    }
}

impl CaeserEval {
    /// The constants, with `tempo` centimoves for the side to move.
    pub fn new(tempo: i32) -> CaeserEval {
        let goal_lean = [0, 1].map(|side| cells_of(GOAL[side]).map(|c| side_lean(side, c)).sum());
        CaeserEval { goal_lean, tempo }
    }

    /// The units of lean `side`'s men still have to gain (0 when they fill its goal).
    pub fn to_go(&self, pos: &CaeserPosition, side: usize) -> i32 {
        let have: i32 = cells_of(pos.men(side)).map(|c| side_lean(side, c)).sum();
        self.goal_lean[side] - have
    }

    /// `side`'s own standing in centimoves (see the module doc); higher is better for it.
    pub fn side_score(&self, pos: &CaeserPosition, side: usize) -> i32 {
        let moves = count_moves(side, pos.men(side), pos.men(1 - side)) as i32;
        -UNIT * self.to_go(pos, side) + MOBILITY * moves
    }

    /// The score for the side to move: the side to move's score minus the other's, plus
    /// the tempo, clamped to ±[`MAX_EVAL`](crate::search::score::MAX_EVAL).
    pub fn evaluate(&self, pos: &CaeserPosition, team: Team) -> i32 {
        team_score(pos.to_move(), team, self.tempo, |side| {
            self.side_score(pos, side)
        })
    }

    /// The lean `mv` adds for `mover`, in centimoves (0 for the pass).
    #[inline(always)]
    pub fn gain(&self, mover: usize, mv: Move) -> i32 {
        if mv.is_pass() {
            0
        } else {
            UNIT * (side_lean(mover, mv.to()) - side_lean(mover, mv.from()))
        }
    }
}
