//! The evaluation, in centimoves: a connection game's, not a race's.
//!
//! A side's standing has two parts ([`connection`]):
//! * **to fill**: minus [`CELL`] per cell of its *connection distance* ([`path_length`]):
//!   the fewest empty cells it must still fill to join the bottom edge to the top edge
//!   through one group, its own stones costing nothing and the opponent's stones blocking
//!   (a shortest-path resistance over the star, computed as a 0-1 breadth-first search on
//!   bitboards: each layer adds the empty cells next to what is reached and floods on
//!   through own stones). A side walled off entirely counts [`BLOCKED`] cells.
//! * **supply**: minus [`SUPPLY`] per cell its spare stones (those on no shortest path)
//!   must travel to the empty cells of the shortest paths, the nearest stone for each cell
//!   to fill (layers grown from those cells, found by searching from both edges). Without
//!   it the distance alone cannot tell a stone brought up behind the chain from one left at
//!   home, and the searcher shuffles while the opponent builds (`docs/games/hexma.md`).
//!
//! The plain evaluation it is compared with (selected by the weight `distance=0`) counts
//! instead the *gaps*: the ranks 5 to 13 (every path from edge to edge crosses each of
//! them) without a stone of the side, a lower bound of the connection distance that ignores
//! the opponent.
//!
//! [`HexmaEval::evaluate`] is the side to move's standing minus the other's, plus the
//! tempo, clamped to ±[`MAX_EVAL`](crate::search::score::MAX_EVAL). A move's gain ([`HexmaEval::gain`]), for move ordering
//! and the playouts, is cheap and static: [`CELL`] for a stone brought onto a rank of the
//! band 5..13 that held none of the mover's stones, minus as much for emptying one, and
//! [`BAND`] for a stone entering the band (minus for leaving it). The race adjudication
//! ([`HexmaEval::to_go`]) compares the cells to fill.

use super::board::{grow, spread, Stones, BOARD, BOTTOM, CELLS, STAR, STRIDE, TOP};
use super::position::HexmaPosition;
use crate::bitboard::{BitBoard, Bits};
use crate::game::Team;
use crate::moves::Move;
use crate::search::score::team_score;
use crate::weights::{Weight, Weights};

/// Centimoves per cell of connection distance (or per gap of the plain evaluation).
pub const CELL: i32 = 100;
/// The connection distance of a side the opponent walls off from an edge.
pub const BLOCKED: i32 = 20;
/// Centimoves for a stone entering the band of ranks 5..13 (move gain only).
pub const BAND: i32 = 10;
/// Centimoves per cell of supply travel ([`Connection::supply`]).
pub const SUPPLY: i32 = 10;

/// The ranks 5 to 13 (0-based 4..=12), one mask each; every path from edge to edge
/// crosses each of them.
const BAND_RANKS: [Stones; 9] = band_ranks();

const fn band_ranks() -> [Stones; 9] {
    let mut out = [Bits([0; 4]); 9];
    let mut i = 0;
    while i < 9 {
        let mut x = 0;
        while x < 17 {
            let cell = x + STRIDE * (i + 4);
            if BOARD.contains(x as isize, (i + 4) as isize) {
                out[i] = out[i].with_bit(cell);
            }
            x += 1;
        }
        i += 1;
    }
    out
}

/// Most layers a search from one edge computes (a cost of [`BLOCKED`] or more is walled off).
const LAYERS: usize = BLOCKED as usize;

/// The 0-1 breadth-first search of `own`'s connection from the edge `from` to the edge
/// `to`: `layers[k]` is set to the cells reached at a cost of at most `k` (each empty cell
/// costs 1, own stones nothing, enemy stones are walls), until `to` is reached; returns
/// that cost, or `None` when the search stops growing or runs out of layers first.
#[inline]
fn layers(
    own: Stones,
    empty: Stones,
    from: Stones,
    to: Stones,
    layers: &mut [Stones; LAYERS],
) -> Option<usize> {
    let mut reach = spread(own & from, own);
    for (cost, layer) in layers.iter_mut().enumerate() {
        *layer = reach;
        if reach.intersects(to) {
            return Some(cost);
        }
        let added = (grow(reach) | from) & empty;
        let next = spread(reach | added, reach | added | own);
        if next == reach {
            return None;
        }
        reach = next;
    }
    None
}

/// The fewest empty cells `own` must fill to join the edges with one group, `enemy`'s
/// stones blocking; 0 when it has joined them, [`BLOCKED`] when it cannot.
#[inline]
pub fn path_length(own: Stones, enemy: Stones) -> i32 {
    let mut f = [Stones::EMPTY; LAYERS];
    let empty = STAR.without(own | enemy);
    layers(own, empty, BOTTOM, TOP, &mut f).map_or(BLOCKED, |d| d as i32)
}

/// A side's connection: its [`path_length`], and the *supply*: the cells its nearest spare
/// stones (those on no shortest path) must travel to the empty cells of the shortest paths,
/// one stone per cell still to fill, each at most [`SUPPLY_CAP`] (more stones missing
/// count [`SUPPLY_CAP`] + 1 each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connection {
    /// Empty cells to fill.
    pub length: i32,
    /// Cells of travel to bring the stones there.
    pub supply: i32,
}

/// Farthest travel [`Connection::supply`] measures, in cells.
pub const SUPPLY_CAP: usize = 8;

/// The connection of `own` against `enemy` (see [`Connection`]).
pub fn connection(own: Stones, enemy: Stones) -> Connection {
    let empty = STAR.without(own | enemy);
    let mut f = [Stones::EMPTY; LAYERS];
    let Some(d) = layers(own, empty, BOTTOM, TOP, &mut f) else {
        return Connection {
            length: BLOCKED,
            supply: 0,
        };
    };
    if d == 0 {
        return Connection {
            length: 0,
            supply: 0,
        };
    }
    let mut g = [Stones::EMPTY; LAYERS];
    layers(own, empty, TOP, BOTTOM, &mut g);
    let exact = |l: &[Stones; LAYERS], k: usize| match k {
        0 => l[0],
        _ => l[k].without(l[k - 1]),
    };
    // A cell lies on a shortest path when its costs from both edges (each counting the
    // cell itself) add up to d, plus its own cost counted twice.
    let mut needed = Stones::EMPTY;
    let mut on_path = Stones::EMPTY;
    for k in 0..=d {
        if k >= 1 {
            needed |= exact(&f, k) & exact(&g, d + 1 - k) & empty;
        }
        on_path |= exact(&f, k) & exact(&g, d - k) & own;
    }
    let spare = own.without(on_path);
    let passable = STAR.without(enemy);
    let mut left = d;
    let mut supply = 0;
    let mut reached = needed;
    for travel in 1..=SUPPLY_CAP {
        let next = grow(reached) & passable;
        let arriving = ((next.without(reached) & spare).count() as usize).min(left);
        supply += travel * arriving;
        left -= arriving;
        reached = next;
        if left == 0 {
            break;
        }
    }
    supply += left * (SUPPLY_CAP + 1);
    Connection {
        length: d as i32,
        supply: supply as i32,
    }
}

/// The ranks 5 to 13 holding no stone of `own`.
#[inline]
pub fn gaps(own: Stones) -> i32 {
    BAND_RANKS.iter().filter(|r| !r.intersects(own)).count() as i32
}

/// The band rank (0..9) of each cell index, 9 off the band and off the star: read from the
/// layout's file and rank ([`Board::coords`](crate::board::geometry::Board::coords)), as a rank
/// of the star is no plain division of its bit.
const BAND_OF: [u8; CELLS] = {
    let mut out = [9u8; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (x, y) = BOARD.coords(cell);
        if BOARD.contains(x as isize, y as isize) && y >= 4 && y < 13 {
            out[cell] = (y - 4) as u8;
        }
        cell += 1;
    }
    out
};

/// The band rank (0..9) of `cell`, if it lies in ranks 5..13.
#[inline(always)]
fn band_rank(cell: usize) -> Option<usize> {
    BAND_OF
        .get(cell)
        .and_then(|&r| (r < 9).then_some(r as usize))
}

/// The evaluation's settings: which distance, and the tempo.
#[derive(Clone, Debug)]
pub struct HexmaEval {
    /// The connection distance (true), or the plain gaps (false).
    connection: bool,
    /// Bonus for having the move.
    tempo: i32,
}

/// Hexma's default of the weight `distance`, its switch: not 0, the connection distance.
pub const CONNECTION: i32 = 1;

impl HexmaEval {
    /// The evaluation `weights` choose: the connection distance unless the weight
    /// `distance` is 0 (then the plain gaps), and the `tempo`.
    pub fn new(weights: &Weights) -> HexmaEval {
        HexmaEval {
            connection: weights.or(Weight::Distance, CONNECTION) != 0,
            tempo: weights.relative_tempo(),
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

    /// `side`'s own standing in centimoves; higher is better for it: minus [`CELL`] a
    /// cell to fill and [`SUPPLY`] a cell of supply travel (the plain evaluation: [`CELL`]
    /// a gap).
    pub fn side_score(&self, pos: &HexmaPosition, side: usize) -> i32 {
        let own = pos.stones(side);
        if self.connection {
            let c = connection(own, pos.stones(1 - side));
            -CELL * c.length - SUPPLY * c.supply
        } else {
            -CELL * gaps(own)
        }
    }

    /// The score for the side to move: its standing minus the other's, plus the tempo,
    /// clamped to ±[`MAX_EVAL`](crate::search::score::MAX_EVAL).
    pub fn evaluate(&self, pos: &HexmaPosition, team: Team) -> i32 {
        team_score(pos.to_move(), team, self.tempo, |side| {
            self.side_score(pos, side)
        })
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
