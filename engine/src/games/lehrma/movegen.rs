//! The move generator: per piece, one target set of its non-hopping moves and one of its
//! hop chains, ORed (a slide and a hop chain to the same square are one move).
//!
//! * Slides (rook, bishop) by ray tables: the first occupied square along a ray is found
//!   by a bit scan and the ray beyond it cut off; it stays a target only if it is a
//!   swappable enemy.
//! * Knights by a leap table, pawns by the four guarded orthogonal shifts.
//! * Swaps: the enemy pieces standing in their own camp, less enemy bishops on the other
//!   colour than the mover's square (the bishop would land there).
//! * Hops: a word-parallel breadth-first closure, all four directions a round: the landing
//!   squares of one round are `shift(shift(frontier) & occupied) & empty`, the origin
//!   counted empty (a chain ending there is no move: it is taken out at the end).
//!
//! No allocation; counting is a popcount per piece.

use super::board::{
    cells_of, colour_of, orthogonal_shifts, Squares, BISHOP, KINDS, KNIGHT, KNIGHT_LEAPS, PAWN,
    RAYS, ROOK,
};

/// The pieces of a position, as the generator reads them.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    /// Each side's pieces.
    pub sides: [Squares; 2],
    /// Each kind's pieces, both sides.
    pub kinds: [Squares; KINDS],
}

/// The squares a slider on `from` reaches along the rays `dirs` (indices into
/// [`super::board::DIRECTIONS`]), the first occupied square of each ray included.
#[inline(always)]
fn slide(from: usize, occupied: Squares, dirs: [usize; 4]) -> Squares {
    let mut reach = 0;
    for d in dirs {
        let ray = RAYS[d][from];
        let blockers = ray & occupied;
        reach |= if blockers == 0 {
            ray
        } else {
            // Directions 0, 2, 4, 6 run toward higher bits: the nearest blocker is the
            // lowest; 1, 3, 5, 7 toward lower bits: the highest.
            let first = if d.is_multiple_of(2) {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            } as usize;
            ray & !RAYS[d][first]
        };
    }
    reach
}

/// The squares a piece of `kind` on `from` reaches by a non-hopping move, occupied ones
/// included (the caller keeps the empty ones and the swappable ones).
#[inline(always)]
pub fn reach(kind: usize, from: usize, occupied: Squares) -> Squares {
    match kind {
        ROOK => slide(from, occupied, [0, 1, 2, 3]),
        BISHOP => slide(from, occupied, [4, 5, 6, 7]),
        KNIGHT => KNIGHT_LEAPS[from],
        _ => {
            let [n, s, e, w] = orthogonal_shifts(1 << from);
            n | s | e | w
        }
    }
}

/// The empty squares a piece on `from` reaches by one or more orthogonal hops over single
/// pieces of either colour, the origin counted empty and left out of the result.
#[inline(always)]
pub fn hops(from: usize, occupied: Squares) -> Squares {
    let origin = 1 << from;
    let over = occupied & !origin;
    let free = !over;
    let mut seen = origin;
    let mut frontier = origin;
    while frontier != 0 {
        let next = hop_round(frontier, over, free) & !seen;
        seen |= next;
        frontier = next;
    }
    seen & !origin
}

/// One round of hops: the empty squares (`free`) reached from `frontier` by one hop over a
/// single piece of `over`, in each of the four directions.
#[inline(always)]
fn hop_round(frontier: Squares, over: Squares, free: Squares) -> Squares {
    let near = orthogonal_shifts(frontier);
    let [n, _, _, _] = orthogonal_shifts(near[0] & over);
    let [_, s, _, _] = orthogonal_shifts(near[1] & over);
    let [_, _, e, _] = orthogonal_shifts(near[2] & over);
    let [_, _, _, w] = orthogonal_shifts(near[3] & over);
    (n | s | e | w) & free
}

impl Board {
    /// The enemy pieces `side` may swap with from `from`: those of the other side standing
    /// in their own camp `camp`, less its bishops on the other colour than `from`.
    #[inline(always)]
    fn swappable(&self, side: usize, camp: Squares, from: usize) -> Squares {
        let enemy = self.sides[1 - side];
        enemy & camp & !(enemy & self.kinds[BISHOP] & !colour_of(from))
    }

    /// The target set of `side`'s piece of `kind` on `from`, `enemy_camp` the other side's
    /// camp.
    #[inline(always)]
    pub fn targets(&self, side: usize, kind: usize, from: usize, enemy_camp: Squares) -> Squares {
        let occupied = self.sides[0] | self.sides[1];
        let plain = reach(kind, from, occupied);
        let open = !occupied | self.swappable(side, enemy_camp, from);
        (plain & open) | hops(from, occupied)
    }

    /// Calls `emit(kind, from, targets)` for each piece of `side`.
    #[inline(always)]
    pub fn for_each_piece(
        &self,
        side: usize,
        enemy_camp: Squares,
        mut emit: impl FnMut(usize, usize, Squares),
    ) {
        let own = self.sides[side];
        for kind in [PAWN, ROOK, BISHOP, KNIGHT] {
            for from in cells_of(own & self.kinds[kind]) {
                emit(kind, from, self.targets(side, kind, from, enemy_camp));
            }
        }
    }

    /// The number of moves of `side`, the pass not counted.
    #[inline(always)]
    pub fn count_moves(&self, side: usize, enemy_camp: Squares) -> u32 {
        let mut n = 0;
        self.for_each_piece(side, enemy_camp, |_, _, t| n += t.count_ones());
        n
    }

    /// The kind of the piece on `cell` (which holds one).
    #[inline(always)]
    pub fn kind_at(&self, cell: usize) -> usize {
        let bit = 1 << cell;
        if self.kinds[PAWN] & bit != 0 {
            PAWN
        } else if self.kinds[BISHOP] & bit != 0 {
            BISHOP
        } else if self.kinds[ROOK] & bit != 0 {
            ROOK
        } else {
            KNIGHT
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::lehrma::board::{cell_name, parse_cell, DARK};

    fn set(names: &str) -> Squares {
        names
            .split_whitespace()
            .fold(0, |s, n| s | 1 << parse_cell(n).unwrap())
    }

    fn names(s: Squares) -> String {
        cells_of(s).map(cell_name).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn hops_chain_turn_and_never_end_on_the_origin() {
        let d4 = parse_cell("d4").unwrap();
        // Over d5 to d6, over e6 to f6, over f5 to f4, over e4 back to d4 (the origin,
        // empty meanwhile: no move) and on over c4 to b4.
        let occupied = set("d4 d5 e6 f5 e4 c4");
        assert_eq!(names(hops(d4, occupied)), "b4 f4 d6 f6");
        // Two pieces in a row cannot be hopped; nothing at the edge.
        assert_eq!(hops(d4, set("d4 d5 d6")), 0);
        assert_eq!(hops(0, set("a1 a2 b1")), set("a3 c1"));
    }

    #[test]
    fn slides_stop_at_the_first_piece_and_swap_only_with_enemies_in_camp() {
        let a1 = parse_cell("a1").unwrap();
        let occupied = set("a1 a4 d1 c3");
        assert_eq!(names(reach(ROOK, a1, occupied)), "b1 c1 d1 a2 a3 a4");
        assert_eq!(names(reach(BISHOP, a1, occupied)), "b2 c3");
        // B's rook on d1 and bishop on c3, both in B's camp {c3 d1}; A's rook on a1.
        let board = Board {
            sides: [set("a1"), set("d1 c3 a4")],
            kinds: [set("a1 d1"), set("c3"), 0, set("a4")],
        };
        let camp = set("c3 d1");
        // d1 is swappable, a4 (outside the camp) not; the bishop on c3 (dark) only from a
        // dark square, which a1 is.
        assert_eq!(names(board.targets(0, ROOK, a1, camp)), "b1 c1 d1 a2 a3");
        assert_eq!(board.swappable(0, camp, a1), set("c3 d1"));
        assert_eq!(board.swappable(0, camp, 1), set("d1"));
        assert_ne!(DARK >> a1 & 1, 0);
    }
}
