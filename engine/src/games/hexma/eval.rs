//! The evaluation, in centimoves: a connection game's, not a race's.
//!
//! A side's standing is minus [`CELL`] per cell of its *connection distance*
//! ([`path_length`]): the fewest empty cells it must still fill to join the bottom edge to
//! the top edge through one group, its own stones costing nothing and the opponent's
//! stones blocking (a shortest-path resistance over the star, computed as a 0-1
//! breadth-first search on bitboards: each layer adds the empty cells next to what is
//! reached and floods on through own stones). A side walled off entirely counts
//! [`BLOCKED`] cells. The plain evaluation it is compared with
//! (`docs/games/hexma.md`, selected by the weight `distance=0`) counts instead the
//! *gaps*: the ranks 5 to 13 (every path from edge to edge crosses each of them) without a
//! stone of the side, a lower bound of the connection distance that ignores the opponent.
//!
//! [`HexmaEval::evaluate`] is the side to move's standing minus the other's, plus the
//! tempo, clamped to ±[`MAX_EVAL`]. A move's gain ([`HexmaEval::gain`]), for move ordering
//! and the playouts, is cheap and static: [`CELL`] for a stone brought onto a rank of the
//! band 5..13 that held none of the mover's stones, minus as much for emptying one, and
//! [`BAND`] for a stone entering the band (minus for leaving it).

use super::board::{grow, spread, Stones, BOTTOM, STAR, STRIDE, TOP};
use super::position::HexmaPosition;
use crate::bitboard::{BitBoard, Bits};
use crate::eval::MAX_EVAL;
use crate::game::Team;
use crate::moves::Move;
use crate::weights::Weights;

/// Centimoves per cell of connection distance (or per gap of the plain evaluation).
pub const CELL: i32 = 100;
/// The connection distance of a side the opponent walls off from an edge.
pub const BLOCKED: i32 = 20;
/// Centimoves for a stone entering the band of ranks 5..13 (move gain only).
pub const BAND: i32 = 10;

/// The ranks 5 to 13 (0-based 4..=12), one mask each; every path from edge to edge
/// crosses each of them.
const BAND_RANKS: [Stones; 9] = band_ranks();

const fn band_ranks() -> [Stones; 9] {
    let mut out = [Bits([0; 5]); 9];
    let mut i = 0;
    while i < 9 {
        let mut x = 0;
        while x < 17 {
            let cell = x + STRIDE * (i + 4);
            if STAR.0[cell / 64] >> (cell % 64) & 1 != 0 {
                out[i] = out[i].with_bit(cell);
            }
            x += 1;
        }
        i += 1;
    }
    out
}

/// The fewest empty cells `own` must fill to join the edges with one group, `enemy`'s
/// stones blocking; 0 when it has joined them, [`BLOCKED`] when it cannot.
#[inline]
pub fn path_length(own: Stones, enemy: Stones) -> i32 {
    let empty = STAR.without(own | enemy);
    let mut reach = spread(own & BOTTOM, own);
    for cost in 0..BLOCKED {
        if reach.intersects(TOP) {
            return cost;
        }
        let added = (grow(reach) | BOTTOM) & empty;
        let next = spread(reach | added, reach | added | own);
        if next == reach {
            break;
        }
        reach = next;
    }
    BLOCKED
}

/// The ranks 5 to 13 holding no stone of `own`.
#[inline]
pub fn gaps(own: Stones) -> i32 {
    BAND_RANKS.iter().filter(|r| !r.intersects(own)).count() as i32
}

/// The band rank (0..9) of `cell`, if it lies in ranks 5..13.
#[inline(always)]
fn band_rank(cell: usize) -> Option<usize> {
    (cell / STRIDE).checked_sub(4).filter(|&r| r < 9)
}

/// The evaluation's settings: which distance, and the tempo.
#[derive(Clone, Debug)]
pub struct HexmaEval {
    /// The connection distance (true), or the plain gaps (false).
    connection: bool,
    /// Bonus for having the move.
    tempo: i32,
}

impl HexmaEval {
    /// The evaluation `weights` choose: the connection distance unless the weight
    /// `distance` is 0 (then the plain gaps), and the `tempo`.
    pub fn new(weights: &Weights) -> HexmaEval {
        HexmaEval {
            connection: weights.distance != 0,
            tempo: weights.tempo,
        }
    }

    /// Cells (or gaps) `side` still has to fill.
    pub fn to_go(&self, pos: &HexmaPosition, side: usize) -> i32 {
        let own = pos.stones(side);
        if self.connection {
            path_length(own, pos.stones(1 - side))
        } else {
            gaps(own)
        }
    }

    /// `side`'s own standing in centimoves; higher is better for it.
    pub fn side_score(&self, pos: &HexmaPosition, side: usize) -> i32 {
        -CELL * self.to_go(pos, side)
    }

    /// The score for the side to move: its standing minus the other's, plus the tempo,
    /// clamped to ±[`MAX_EVAL`].
    pub fn evaluate(&self, pos: &HexmaPosition, _team: Team) -> i32 {
        let me = pos.to_move();
        let score = self.side_score(pos, me) - self.side_score(pos, 1 - me);
        (score + self.tempo).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// The static gain of `mv` for `mover` (see the module doc); 0 for the pass.
    #[inline(always)]
    pub fn gain(&self, pos: &HexmaPosition, mover: usize, mv: Move) -> i32 {
        if mv.is_pass() {
            return 0;
        }
        let own = pos.stones(mover);
        let (from, to) = (band_rank(mv.from()), band_rank(mv.to()));
        if from == to {
            return 0;
        }
        let mut gain = 0;
        if let Some(r) = from {
            gain -= BAND;
            if (BAND_RANKS[r] & own).count() == 1 {
                gain -= CELL;
            }
        }
        if let Some(r) = to {
            gain += BAND;
            if !BAND_RANKS[r].intersects(own) {
                gain += CELL;
            }
        }
        gain
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_band_is_nine_ranks_of_the_star() {
        let cells: u32 = BAND_RANKS.iter().map(|r| r.count()).sum();
        // Ranks 5..13: 13 12 11 10 9 10 11 12 13.
        assert_eq!(cells, 101);
        assert_eq!(band_rank(4 + STRIDE * 4), Some(0));
        assert_eq!(band_rank(12), None);
    }
}
