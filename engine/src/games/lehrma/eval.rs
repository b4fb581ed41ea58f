//! The evaluation, in centimoves, kind-aware.
//!
//! A side wins when each of its pieces stands on a goal square of its own kind (the
//! opponent's start squares, kind by kind), so a side's *distance to go* is measured kind by
//! kind, in orthogonal squares (Manhattan distance: a pawn step is one, a hop two):
//! * the rook: to the one rook goal square;
//! * the two bishops, the two knights: the better of the two ways to pair them with their
//!   two goal squares (so both never count the same square);
//! * the pawns: each to its nearest pawn goal square.
//!
//! [`UNIT`] centimoves a square (a hop, two squares, is about one move). A side's score is
//! minus its distance to go, less [`CAMP_RISK`] for each of its pieces still in its own camp
//! (where an enemy piece may swap with it, sending it back to where the swapper stood), less
//! [`BLOCKER`] for each enemy piece on one of its goal squares, scaled by the share of its
//! pieces already in the goal: near the end an enemy piece sitting at home is what stands
//! between a side and its win, and only a swap from outside the goal moves it out. [`LehrmaEval::evaluate`] is the side to move's score
//! minus the other's, plus the tempo, clamped to ±[`MAX_EVAL`](crate::search::score::MAX_EVAL).
//!
//! A move's gain ([`LehrmaEval::gain`]) is the mover's distance saved by its piece, plus,
//! for a swap, the distance the swapped enemy piece loses (often negative: a swap helps the
//! enemy piece on its way; it pays when it unblocks the mover's goal).

use super::board::{cells_of, Squares, BISHOP, CELLS, KINDS, KNIGHT, PAWN, PIECES, ROOK, WIDTH};
use super::position::{LehrmaPosition, LehrmaRules};
use crate::game::Team;
use crate::moves::Move;
use crate::search::score::team_score;

/// Centimoves per square of distance.
pub const UNIT: i32 = 50;
/// Centimoves less for each own piece still standing in its own camp.
pub const CAMP_RISK: i32 = 10;
/// Centimoves less for each enemy piece on one of a side's goal squares, at full weight
/// when the side's pieces all stand in its goal, scaled by how many do.
pub const BLOCKER: i32 = 200;

/// The evaluation's tables: each side's goal sets and the distance from every square to
/// its nearest goal square of each kind.
#[derive(Clone, Debug)]
pub struct LehrmaEval {
    /// `goal[side][kind]`: the opponent's start squares of `kind`.
    goal: [[Squares; KINDS]; 2],
    /// Each side's own camp (the other side's goal).
    camp: [Squares; 2],
    /// `nearest[side][kind][cell]`: squares from `cell` to the nearest goal square of
    /// `kind` (0 for kinds the setup does not have).
    nearest: [[[i32; CELLS]; KINDS]; 2],
    /// Bonus for having the move.
    tempo: i32,
}

/// The orthogonal (Manhattan) distance between two squares.
#[inline(always)]
pub fn manhattan(a: usize, b: usize) -> i32 {
    let (ax, ay) = ((a % WIDTH) as i32, (a / WIDTH) as i32);
    let (bx, by) = ((b % WIDTH) as i32, (b / WIDTH) as i32);
    (ax - bx).abs() + (ay - by).abs()
}

impl LehrmaEval {
    /// The tables of the setup `R`, with `tempo` centimoves for the side to move.
    pub fn new<R: LehrmaRules>(tempo: i32) -> LehrmaEval {
        let goal = [R::START[1], R::START[0]];
        let mut nearest = [[[0; CELLS]; KINDS]; 2];
        for side in 0..2 {
            for kind in 0..KINDS {
                for (cell, d) in nearest[side][kind].iter_mut().enumerate() {
                    *d = cells_of(goal[side][kind])
                        .map(|g| manhattan(cell, g))
                        .min()
                        .unwrap_or(0);
                }
            }
        }
        LehrmaEval {
            goal,
            camp: R::CAMP,
            nearest,
            tempo,
        }
    }

    /// The squares `side`'s pieces still have to cover (0 exactly when it has won).
    pub fn to_go<R: LehrmaRules>(&self, pos: &LehrmaPosition<R>, side: usize) -> i32 {
        let mut total = 0;
        for kind in [ROOK, PAWN] {
            total += cells_of(pos.pieces_of(side, kind))
                .map(|c| self.nearest[side][kind][c])
                .sum::<i32>();
        }
        for kind in [BISHOP, KNIGHT] {
            let pieces = pos.pieces_of(side, kind);
            let goals = self.goal[side][kind];
            if pieces.count_ones() == 2 && goals.count_ones() == 2 {
                let (p, q) = (
                    pieces.trailing_zeros() as usize,
                    63 - pieces.leading_zeros() as usize,
                );
                let (g, h) = (
                    goals.trailing_zeros() as usize,
                    63 - goals.leading_zeros() as usize,
                );
                total += (manhattan(p, g) + manhattan(q, h)).min(manhattan(p, h) + manhattan(q, g));
            } else {
                total += cells_of(pieces)
                    .map(|c| self.nearest[side][kind][c])
                    .sum::<i32>();
            }
        }
        total
    }

    /// `side`'s own standing in centimoves (see the module doc); higher is better for it.
    pub fn side_score<R: LehrmaRules>(&self, pos: &LehrmaPosition<R>, side: usize) -> i32 {
        let (own, goal) = (pos.pieces(side), self.camp[1 - side]);
        let exposed = (own & self.camp[side]).count_ones() as i32;
        let arrived = (own & goal).count_ones() as i32;
        let blockers = (pos.pieces(1 - side) & goal).count_ones() as i32;
        -UNIT * self.to_go(pos, side)
            - CAMP_RISK * exposed
            - BLOCKER * blockers * arrived / PIECES as i32
    }

    /// The score for the side to move: its score minus the other's, plus the tempo,
    /// clamped to ±[`MAX_EVAL`](crate::search::score::MAX_EVAL).
    pub fn evaluate<R: LehrmaRules>(&self, pos: &LehrmaPosition<R>, team: Team) -> i32 {
        team_score(pos.to_move(), team, self.tempo, |side| {
            self.side_score(pos, side)
        })
    }

    /// What `mv` gains `mover` by the nearest-goal distances, in centimoves (0 for the
    /// pass): its piece's distance saved, plus for a swap the enemy piece's distance lost.
    #[inline(always)]
    pub fn gain<R: LehrmaRules>(&self, pos: &LehrmaPosition<R>, mover: usize, mv: Move) -> i32 {
        if mv.is_pass() {
            return 0;
        }
        let (from, to) = (mv.from(), mv.to());
        let board = pos.board();
        let kind = board.kind_at(from);
        let near = &self.nearest[mover];
        let mut gain = near[kind][from] - near[kind][to];
        let other = 1 - mover;
        if pos.pieces(other) >> to & 1 != 0 {
            let theirs = board.kind_at(to);
            let far = &self.nearest[other][theirs];
            gain += far[from] - far[to];
        }
        UNIT * gain
    }

    /// The bonus for having the move.
    pub fn tempo(&self) -> i32 {
        self.tempo
    }
}
