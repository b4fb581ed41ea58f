//! Everything fixed for one game: the rules, the camps as bitboards, the rule masks and the
//! Zobrist keys. Built once per game and shared (`Arc`) by every position of it.
//!
//! Camps on square boards (0-based (u, v) counted from the camp's own corner):
//!
//! | board | 2 players | 4 players |
//! |---|---|---|
//! | 6×6, 7×7 | u + v ≤ 2 (6 pieces) | u + v ≤ 2 (6) |
//! | 8×8, 9×9 | u + v ≤ 3 (10) | u + v ≤ 2 (6) |
//! | 10×10 .. 12×12 | u + v ≤ 4 (15) | u + v ≤ 3 (10) (13×13 too) |
//! | 13×13 .. 16×16 | u + v ≤ 5 without (5,0), (0,5) (19) | 14..16: u + v ≤ 4 without (4,0), (0,4) (13) |
//!
//! The rows for 8×8, 10×10 and 16×16 are the ones `RULES.md` fixes; the others are this
//! project's choice (documented in `docs/rules.md`).

use crate::bitboard::BitBoard;
use crate::error::Error;
use crate::geometry::{Board, Geometry};
use crate::rules::Rules;
use crate::zobrist;
use std::marker::PhantomData;

/// Most sides any rule set has (the six-player star).
pub const MAX_SIDES: usize = 6;

/// The shape of a camp in corner-relative coordinates: `u + v <= reach`, without the two
/// cells `(reach, 0)` and `(0, reach)` when `trimmed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CampShape {
    reach: usize,
    trimmed: bool,
}

impl CampShape {
    fn for_square(n: usize, players: usize) -> CampShape {
        let (reach, trimmed) = match (players, n) {
            (2, 6..=7) => (2, false),
            (2, 8..=9) => (3, false),
            (2, 10..=12) => (4, false),
            (2, _) => (5, true),
            (_, 6..=9) => (2, false),
            (_, 10..=13) => (3, false),
            (_, _) => (4, true),
        };
        CampShape { reach, trimmed }
    }

    fn contains(self, u: usize, v: usize) -> bool {
        u + v <= self.reach && !(self.trimmed && (u == self.reach || v == self.reach))
    }
}

/// The fixed data of one game.
#[derive(Clone, Debug)]
pub struct Setup<G: Geometry> {
    rules: Rules,
    /// Each side's home corner as (file, rank).
    corners: [(usize, usize); MAX_SIDES],
    home: [G::BB; MAX_SIDES],
    goal: [G::BB; MAX_SIDES],
    /// Per side and home cell: the cells farther from the home corner by `u + v`
    /// (follow-out). Indexed `side * CAPACITY + bit`; empty outside the home camp.
    farther_sum: Vec<G::BB>,
    /// Per side and home cell: the cells farther along one axis and not nearer along the
    /// other (vacate). Same indexing.
    farther_axis: Vec<G::BB>,
    keys: zobrist::Keys,
    _geometry: PhantomData<G>,
}

impl<G: Geometry> Setup<G> {
    /// Builds the tables for `rules`, which must describe this geometry's board.
    pub fn new(rules: Rules) -> Result<Self, Error> {
        if rules.board != G::BOARD {
            return Err(Error::Rules(format!(
                "rules for {} used with a {} geometry",
                rules.board.describe(),
                G::BOARD.describe()
            )));
        }
        let board = G::BOARD;
        let n = board.width();
        let corners_all = match rules.players {
            2 => vec![(0, 0), (n - 1, n - 1)],
            4 => vec![(0, 0), (0, n - 1), (n - 1, n - 1), (n - 1, 0)],
            p => {
                return Err(Error::Rules(format!(
                    "{p} players are not possible on a square board (2 or 4)"
                )))
            }
        };
        let shape = CampShape::for_square(n, rules.players);
        let mut corners = [(0, 0); MAX_SIDES];
        corners[..rules.players].copy_from_slice(&corners_all);
        let mut setup: Setup<G> = Setup {
            rules,
            corners,
            home: [G::BB::EMPTY; MAX_SIDES],
            goal: [G::BB::EMPTY; MAX_SIDES],
            farther_sum: vec![G::BB::EMPTY; rules.players * G::BB::CAPACITY],
            farther_axis: vec![G::BB::EMPTY; rules.players * G::BB::CAPACITY],
            keys: zobrist::Keys::new(rules.players, G::BB::CAPACITY),
            _geometry: PhantomData,
        };
        for side in 0..rules.players {
            for cell in board.cells() {
                let (u, v) = setup.corner_offset(side, cell);
                if shape.contains(u, v) {
                    setup.home[side].set(cell);
                }
            }
        }
        for side in 0..rules.players {
            let opposite = setup.opposite(side);
            setup.goal[side] = setup.home[opposite];
            for from in setup.home[side].iter() {
                let (u, v) = setup.corner_offset(side, from);
                let i = side * G::BB::CAPACITY + from;
                for to in board.cells() {
                    let (u2, v2) = setup.corner_offset(side, to);
                    if u2 + v2 > u + v {
                        setup.farther_sum[i].set(to);
                    }
                    if (u2 > u && v2 >= v) || (v2 > v && u2 >= u) {
                        setup.farther_axis[i].set(to);
                    }
                }
            }
        }
        Ok(setup)
    }

    /// The index of the side whose home corner is diagonally opposite `side`'s.
    fn opposite(&self, side: usize) -> usize {
        (side + self.rules.players / 2) % self.rules.players
    }

    /// (u, v): the cell's 0-based distances from `side`'s home corner along each axis.
    pub fn corner_offset(&self, side: usize, cell: usize) -> (usize, usize) {
        let (x, y) = G::BOARD.coords(cell);
        let (cx, cy) = self.corners[side];
        (x.abs_diff(cx), y.abs_diff(cy))
    }

    /// The rules of this game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The board.
    pub fn board(&self) -> Board {
        G::BOARD
    }
    /// Number of sides.
    pub fn sides(&self) -> usize {
        self.rules.players
    }
    /// Pieces per side (the size of a camp).
    pub fn pieces_per_side(&self) -> usize {
        self.home[0].count() as usize
    }
    /// The home camp (start cells) of `side`.
    #[inline(always)]
    pub fn home(&self, side: usize) -> G::BB {
        self.home[side]
    }
    /// The goal camp of `side`.
    #[inline(always)]
    pub fn goal(&self, side: usize) -> G::BB {
        self.goal[side]
    }
    /// Cells farther than `from` from `side`'s home corner by `u + v` (follow-out); defined
    /// for cells of the home camp.
    #[inline(always)]
    pub fn farther_sum(&self, side: usize, from: usize) -> G::BB {
        self.farther_sum[side * G::BB::CAPACITY + from]
    }
    /// Cells farther along one axis and not nearer along the other (vacate); defined for
    /// cells of the home camp.
    #[inline(always)]
    pub fn farther_axis(&self, side: usize, from: usize) -> G::BB {
        self.farther_axis[side * G::BB::CAPACITY + from]
    }
    /// The Zobrist keys.
    #[inline(always)]
    pub fn keys(&self) -> &zobrist::Keys {
        &self.keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Square;

    fn names<G: Geometry>(bb: G::BB) -> Vec<String> {
        bb.iter().map(|b| G::BOARD.cell_name(b)).collect()
    }

    #[test]
    fn camp_sizes_match_the_rules_page() {
        let s8 = Setup::<Square<8>>::new(Rules::named("halma8").unwrap()).unwrap();
        assert_eq!(s8.pieces_per_side(), 10);
        assert_eq!(
            names::<Square<8>>(s8.home(0)),
            ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "a3", "b3", "a4"]
        );
        assert_eq!(s8.goal(0), s8.home(1));
        assert!(s8.home(1).has(G8::BOARD.bit(7, 7)) && s8.home(1).has(G8::BOARD.bit(4, 7)));
        let s10 = Setup::<Square<10>>::new(Rules::named("halma10").unwrap()).unwrap();
        assert_eq!(s10.pieces_per_side(), 15);
        let s16 = Setup::<Square<16>>::new(Rules::named("halma16").unwrap()).unwrap();
        assert_eq!(s16.pieces_per_side(), 19);
        assert!(!s16.home(0).has(Square::<16>::BOARD.bit(5, 0)));
        assert!(s16.home(0).has(Square::<16>::BOARD.bit(4, 1)));
        let s4 = Setup::<Square<16>>::new(Rules::named("halma16-4").unwrap()).unwrap();
        assert_eq!(s4.pieces_per_side(), 13);
        // Clockwise from a1: a16, p16, p1; each heads for the opposite corner.
        assert!(s4.home(1).has(Square::<16>::BOARD.bit(0, 15)));
        assert!(s4.home(3).has(Square::<16>::BOARD.bit(15, 0)));
        assert_eq!(s4.goal(1), s4.home(3));
        assert_eq!(s4.goal(2), s4.home(0));
    }

    type G8 = Square<8>;

    #[test]
    fn camps_never_overlap_on_any_board() {
        for n in 6..=16 {
            for players in [2, 4] {
                let name = format!("square{n}{}", if players == 4 { "-4" } else { "" });
                let rules = Rules::named(&name).unwrap();
                crate::with_geometry!(rules.board, G => {
                    let s = Setup::<G>::new(rules).unwrap();
                    let mut all = <G as Geometry>::BB::EMPTY;
                    for side in 0..players {
                        assert!(!all.intersects(s.home(side)), "{name}");
                        all |= s.home(side);
                        assert_eq!(s.home(side).count() as usize, s.pieces_per_side());
                    }
                });
            }
        }
    }

    #[test]
    fn farther_masks_follow_the_corner_distances() {
        let s = Setup::<G8>::new(Rules::named("halma8").unwrap()).unwrap();
        let b = G8::BOARD;
        // Side 1's corner is h8: from g7 (u = v = 1), h1 is farther by sum (u=0,v=7 → 7 > 2)
        // but not along the axes (u is nearer).
        let g7 = b.bit(6, 6);
        assert!(s.farther_sum(1, g7).has(b.bit(7, 0)));
        assert!(!s.farther_axis(1, g7).has(b.bit(7, 0)));
        assert!(s.farther_axis(1, g7).has(b.bit(5, 6)));
        assert!(!s.farther_sum(1, g7).has(b.bit(7, 5)));
    }
}
