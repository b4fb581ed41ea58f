//! The evaluation, in centimoves (100 = one rank of progress, a diagonal step).
//!
//! A side's *progress* on a square is its distance in ranks from its own back rank (A: the
//! rank − 1; B: 17 − the rank). Its goal, the opponent's back rank full and three more on
//! the opponent's second rank, is the one arrangement of twelve pieces with the greatest
//! total progress, 9·16 + 3·15 = 189. A side's standing has three parts:
//! * **to go**: minus [`UNIT`] per rank of progress its pieces still lack (a piece not yet
//!   placed counts as on its second rank, where it will be placed); 0 exactly at the goal;
//! * **sideways**: minus [`UNIT`] per diagonal step a piece must make beyond its ranks to
//!   reach an empty square of the goal's back rank: a piece `dy` ranks and `dx` files from
//!   it needs `max(dx, dy)` steps, `max(0, dx − dy)` more than its ranks; the empty goal
//!   squares are matched with pieces off the goal's back rank in file order, the cheapest
//!   such matching (a small dynamic programme); 0 while the pieces are far, it guides the
//!   last phase, where the ranks are all but made and the pieces must spread along the
//!   goal;
//! * **at home**: minus [`HOME`] per own piece still in its own camp: by the camp rule the
//!   last pieces at home keep every other piece out of the opponent's camp, so they must
//!   come out early;
//! * **held up**: minus [`HELD`] per own piece standing on the last rank before the
//!   opponent's camp while some own piece is still at home: the camp rule stops it there,
//!   it congests the lane, and its progress is worth less than it looks.
//!
//! [`ZugEval::evaluate`] is the side to move's standing minus the other's, plus the tempo
//! weight, clamped to ±[`MAX_EVAL`](crate::search::score::MAX_EVAL). A move's gain ([`ZugEval::gain`]) is [`UNIT`] per rank
//! it advances (negative for a backward move of the last phase; 0 for a placement).

use super::board::{bits_of, cell_of, cells_of, count, rank, Squares, BACK, CAMP, PIECES, WIDTH};
use super::position::ZugPosition;
use crate::game::Team;
use crate::moves::Move;
use crate::search::score::team_score;

/// Centimoves per rank of progress.
pub const UNIT: i32 = 100;
/// Centimoves per own piece still in its own camp.
pub const HOME: i32 = 40;
/// Centimoves per own piece held before the opponent's camp while another is at home.
pub const HELD: i32 = 60;
/// The goal's total progress: nine pieces on the far back rank, three on the rank before.
pub const GOAL_PROGRESS: i32 = 9 * 16 + 3 * 15;

/// A cell's progress for `side`: ranks from its own back rank.
#[inline(always)]
pub fn progress(side: usize, cell: usize) -> i32 {
    let y = rank(cell) as i32;
    if side == 0 {
        y
    } else {
        (WIDTH as i32 - 1) - y
    }
}

/// The evaluation's constants: the tempo.
#[derive(Clone, Debug)]
pub struct ZugEval {
    /// Bonus for having the move.
    tempo: i32,
}

impl ZugEval {
    /// The evaluation with `tempo` centimoves for the side to move.
    pub fn new(tempo: i32) -> ZugEval {
        ZugEval { tempo }
    }

    /// The bonus for having the move.
    pub fn tempo(&self) -> i32 {
        self.tempo
    }

    /// The ranks of progress `side`'s pieces still lack (0 exactly at its goal).
    pub fn to_go(&self, pos: &ZugPosition, side: usize) -> i32 {
        let pieces = pos.pieces(side);
        let unplaced = (PIECES - count(pieces)) as i32;
        let have: i32 = cells_of(pieces).map(|c| progress(side, c)).sum();
        GOAL_PROGRESS - have - unplaced
    }

    /// The diagonal steps `side`'s pieces need beyond their ranks to fill the empty squares
    /// of the goal's back rank (see the module doc).
    pub fn sideways(&self, pos: &ZugPosition, side: usize) -> i32 {
        let pieces = pos.pieces(side);
        let goal = BACK[1 - side];
        let goal_rank = if side == 0 { WIDTH - 1 } else { 0 };
        // The pieces off the goal's back rank: (file, ranks from it).
        let mut free = [(0i32, 0i32); PIECES as usize];
        let mut n = 0;
        for c in cells_of(pieces).filter(|&c| rank(c) != goal_rank) {
            free[n] = ((c % WIDTH) as i32, rank(c).abs_diff(goal_rank) as i32);
            n += 1;
        }
        let free = &mut free[..n];
        free.sort_unstable();
        // The empty goal squares' files: the goal's back rank is all in half 0, lowest file
        // first.
        let mut goals = [0i32; 9];
        let mut m = 0;
        for b in bits_of(goal[0] & !pieces[0]) {
            goals[m] = (cell_of(0, b) % WIDTH) as i32;
            m += 1;
        }
        // best[j]: the least cost of matching the first j empty goal squares with the pieces
        // seen so far, both in file order.
        const NONE: i32 = i32::MAX / 2;
        let mut best = [NONE; 10];
        best[0] = 0;
        for (i, &(x, dy)) in free.iter().enumerate() {
            for j in (1..=m.min(i + 1)).rev() {
                let cost = ((x - goals[j - 1]).abs() - dy).max(0);
                best[j] = best[j].min(best[j - 1] + cost);
            }
        }
        // Fewer pieces off the goal than empty goal squares cannot happen with twelve.
        if best[m] == NONE {
            0
        } else {
            best[m]
        }
    }

    /// `side`'s own standing in centimoves (see the module doc); higher is better for it.
    pub fn side_score(&self, pos: &ZugPosition, side: usize) -> i32 {
        let pieces = pos.pieces(side);
        let home = count(and(pieces, CAMP[side])) as i32;
        let held = if home > 0 {
            // The rank before the opponent's camp: progress 12.
            cells_of(pieces)
                .filter(|&c| progress(side, c) == 12)
                .count() as i32
        } else {
            0
        };
        -UNIT * (self.to_go(pos, side) + self.sideways(pos, side)) - HOME * home - HELD * held
    }

    /// The score for the side to move: its standing minus the other's, plus the tempo,
    /// clamped to ±[`MAX_EVAL`](crate::search::score::MAX_EVAL).
    pub fn evaluate(&self, pos: &ZugPosition, team: Team) -> i32 {
        team_score(pos.to_move(), team, self.tempo, |side| {
            self.side_score(pos, side)
        })
    }

    /// The progress `mv` adds for `mover`, in centimoves (0 for the pass and a placement).
    #[inline(always)]
    pub fn gain(&self, mover: usize, mv: Move) -> i32 {
        if mv.is_pass() || mv.is_drop() {
            0
        } else {
            UNIT * (progress(mover, mv.to()) - progress(mover, mv.from()))
        }
    }
}

/// The squares in both sets.
#[inline(always)]
fn and(a: Squares, b: Squares) -> Squares {
    [a[0] & b[0], a[1] & b[1]]
}
