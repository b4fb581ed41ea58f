//! Everything fixed for one game: the rules, the camps as bitboards, the rule masks, each
//! side's distance to go from every cell and the Zobrist keys. Built once per game and
//! shared (`Arc`) by every position of it.
//!
//! A camp is described by its *frame*: the corner cell ("tip") it grows from and two unit
//! axes pointing into the board along its edges; (u, v) are a cell's coordinates in that
//! frame, so `u + v` is its distance from the corner measured as RULES.md measures it.
//! A side's goal is the camp of the frame diagonally opposite its home frame.
//!
//! Square boards have four frames, clockwise from a1: a1, a(N), (N)(N), (N)1 — two players
//! use the first and third, four players all four in that order. The hexagonal boards have
//! six triangle frames, counter-clockwise from the one at the diamond's `a1` corner: the
//! diamond uses 0 and 3; the star uses 0 and 3 for two players, 0, 2, 4 for three, 0, 1,
//! 3, 4 for four and all six for six. Every hexagonal camp is `u + v ≤ 3` (10 pieces).
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
use crate::board::geometry::{Board, Geometry};
use crate::error::Error;
use crate::games::halma::rules::Rules;
use crate::games::halma::zobrist;
use std::marker::PhantomData;

/// Most pieces a side can have (the 19 of two-player 16×16): the move generator's per-piece
/// list holds this many. [`Setup::new`] refuses a rule set with larger camps and
/// [`Position::from_parts`](crate::games::halma::position::Position::from_parts) (every position read) a
/// side with more pieces.
pub const MAX_PIECES: usize = 19;

/// (x, y) as signed coordinates.
fn signed((x, y): (usize, usize)) -> (isize, isize) {
    (x as isize, y as isize)
}

/// Most sides any rule set has (the six-player star).
pub use crate::game::MAX_SIDES;

/// The shape of a camp in corner-relative coordinates: `u + v <= reach`, without the two
/// cells `(reach, 0)` and `(0, reach)` when `trimmed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CampShape {
    reach: isize,
    trimmed: bool,
}

impl CampShape {
    fn new(board: Board, players: usize) -> CampShape {
        let (reach, trimmed) = match (board, players) {
            (Board::Square(n), 2) => match n.get() {
                6..=7 => (2, false),
                8..=9 => (3, false),
                10..=12 => (4, false),
                _ => (5, true),
            },
            (Board::Square(n), _) => match n.get() {
                6..=9 => (2, false),
                10..=13 => (3, false),
                _ => (4, true),
            },
            (Board::Diamond | Board::Star, _) => (3, false),
        };
        CampShape { reach, trimmed }
    }

    fn contains(self, (u, v): (isize, isize)) -> bool {
        u >= 0
            && v >= 0
            && u + v <= self.reach
            && !(self.trimmed && (u == self.reach || v == self.reach))
    }
}

/// A camp's frame: its corner cell and the two axes along its edges, in (file, rank) steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    tip: (isize, isize),
    axes: [(isize, isize); 2],
}

impl Frame {
    /// The frame's (u, v) coordinates of the cell at (x, y).
    fn local(self, (x, y): (isize, isize)) -> (isize, isize) {
        let (dx, dy) = (x - self.tip.0, y - self.tip.1);
        let [(ax, ay), (bx, by)] = self.axes;
        let det = ax * by - ay * bx;
        ((dx * by - dy * bx) / det, (ax * dy - ay * dx) / det)
    }
}

/// Every camp frame of a board, in the order the module doc gives, and the frames the
/// sides of a `players`-side game use, or an error if that player count is impossible.
fn frames(board: Board, players: usize) -> Result<(Vec<Frame>, Vec<usize>), Error> {
    let w = board.width() as isize;
    let (all, used): (Vec<Frame>, &[usize]) = if board.is_hex() {
        // Rotating the axial vector (q, r) by 60 degrees gives (-r, q + r).
        let rot = |(q, r): (isize, isize)| (-r, q + r);
        let centre = w / 2;
        let mut f = ((-4, -4), [(1, 0), (0, 1)]);
        let mut all = Vec::new();
        for _ in 0..6 {
            let (tip, axes) = f;
            all.push(Frame {
                tip: (centre + tip.0, centre + tip.1),
                axes,
            });
            f = (rot(tip), [rot(axes[0]), rot(axes[1])]);
        }
        let used: &[usize] = match (board, players) {
            (Board::Diamond, 2) | (Board::Star, 2) => &[0, 3],
            (Board::Star, 3) => &[0, 2, 4],
            (Board::Star, 4) => &[0, 1, 3, 4],
            (Board::Star, 6) => &[0, 1, 2, 3, 4, 5],
            _ => &[],
        };
        (all, used)
    } else {
        let corner = |tip, ax, ay| Frame {
            tip,
            axes: [(ax, 0), (0, ay)],
        };
        let all = vec![
            corner((0, 0), 1, 1),
            corner((0, w - 1), 1, -1),
            corner((w - 1, w - 1), -1, -1),
            corner((w - 1, 0), -1, 1),
        ];
        let used: &[usize] = match players {
            2 => &[0, 2],
            4 => &[0, 1, 2, 3],
            _ => &[],
        };
        (all, used)
    };
    if used.is_empty() {
        let possible = match board {
            Board::Square(_) => "2 or 4",
            Board::Diamond => "2",
            Board::Star => "2, 3, 4 or 6",
        };
        return Err(Error::Rules(format!(
            "{players} players are not possible on the {} board ({possible})",
            board.describe()
        )));
    }
    Ok((all, used.to_vec()))
}

/// The fixed data of one game.
#[derive(Clone, Debug)]
pub struct Setup<G: Geometry> {
    rules: Rules,
    /// Each side's home frame.
    frames: [Frame; MAX_SIDES],
    home: [G::BB; MAX_SIDES],
    goal: [G::BB; MAX_SIDES],
    /// Per side and home cell: the cells farther from the home corner by `u + v`
    /// (follow-out). Indexed `side * CAPACITY + bit`; empty outside the home camp.
    farther_sum: Vec<G::BB>,
    /// Per side and home cell: the cells farther along one axis and not nearer along the
    /// other (vacate). Same indexing.
    farther_axis: Vec<G::BB>,
    /// Per side and cell: the distance to go of a piece of the side standing there
    /// ([`Setup::to_go`]). Same indexing.
    to_go: Vec<u8>,
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
        rules.check()?;
        let board = G::BOARD;
        let (all_frames, used) = frames(board, rules.players)?;
        let shape = CampShape::new(board, rules.players);
        let camp = |frame: Frame| {
            let mut cells = G::BB::EMPTY;
            for cell in board.cells() {
                if shape.contains(frame.local(signed(board.coords(cell)))) {
                    cells.set(cell);
                }
            }
            cells
        };
        let mut setup: Setup<G> = Setup {
            rules,
            frames: [all_frames[0]; MAX_SIDES],
            home: [G::BB::EMPTY; MAX_SIDES],
            goal: [G::BB::EMPTY; MAX_SIDES],
            farther_sum: vec![G::BB::EMPTY; rules.players * G::BB::CAPACITY],
            farther_axis: vec![G::BB::EMPTY; rules.players * G::BB::CAPACITY],
            to_go: vec![0; rules.players * G::BB::CAPACITY],
            keys: zobrist::Keys::new(rules.players, board, G::BB::CAPACITY),
            _geometry: PhantomData,
        };
        let opposite = all_frames.len() / 2;
        for (side, &f) in used.iter().enumerate() {
            setup.frames[side] = all_frames[f];
            setup.home[side] = camp(all_frames[f]);
            setup.goal[side] = camp(all_frames[(f + opposite) % all_frames.len()]);
        }
        if setup.pieces_per_side() > MAX_PIECES {
            return Err(Error::Rules(format!(
                "{rules} gives each side {} pieces; the engine handles at most {MAX_PIECES}",
                setup.pieces_per_side()
            )));
        }
        for side in 0..rules.players {
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
        for side in 0..rules.players {
            setup.fill_to_go(side);
        }
        Ok(setup)
    }

    /// Fills `side`'s row of [`Setup::to_go`]: how far the cell still is from the goal
    /// corner along the main axis (`u + v` of the corner less the cell's, in the side's home
    /// frame) plus, outside the goal camp, its step distance to the nearest goal cell.
    fn fill_to_go(&mut self, side: usize) {
        let board = G::BOARD;
        let goal = self.goal[side];
        let advance = |cell: usize| {
            let (u, v) = self.corner_offset(side, cell);
            u + v
        };
        // The goal corner is the goal cell farthest along the axis from home.
        let far = goal
            .iter()
            .map(advance)
            .max()
            .expect("every goal has cells");
        let row: Vec<u8> = board
            .cells()
            .map(|cell| {
                let outside = goal
                    .iter()
                    .map(|g| step_distance::<G>(board.coords(cell), board.coords(g)))
                    .min()
                    .unwrap_or(0);
                (far - advance(cell) + outside) as u8
            })
            .collect();
        for (cell, d) in board.cells().zip(row) {
            self.to_go[side * G::BB::CAPACITY + cell] = d;
        }
    }

    /// (u, v): the cell's coordinates in `side`'s home frame (0-based distances from its
    /// home corner along the camp's two edges; negative beyond the corner's lines).
    pub fn corner_offset(&self, side: usize, cell: usize) -> (isize, isize) {
        self.frames[side].local(signed(G::BOARD.coords(cell)))
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
    /// The distance to go of a piece of `side` on `cell`, the evaluation's measure of how
    /// far it still is from its goal (see [`crate::games::halma::eval`]; 0 on the goal corner).
    /// Positions keep each side's sum of it as moves are made
    /// ([`crate::games::halma::position::Position::to_go_sum`]).
    #[inline(always)]
    pub fn to_go(&self, side: usize, cell: usize) -> u8 {
        self.to_go[side * G::BB::CAPACITY + cell]
    }
    /// `side`'s row of [`Setup::to_go`], indexed by cell.
    #[inline(always)]
    pub fn to_go_row(&self, side: usize) -> &[u8] {
        &self.to_go[side * G::BB::CAPACITY..(side + 1) * G::BB::CAPACITY]
    }
    /// The Zobrist keys.
    #[inline(always)]
    pub fn keys(&self) -> &zobrist::Keys {
        &self.keys
    }
}

/// Steps between two cells (as (file, rank)) on an empty board: the king-move distance on
/// square boards, the hexagonal distance (axial coordinates) on the six-direction boards.
fn step_distance<G: Geometry>((ax, ay): (usize, usize), (bx, by): (usize, usize)) -> isize {
    let (dx, dy) = (ax as isize - bx as isize, ay as isize - by as isize);
    if G::BOARD.is_hex() {
        dx.abs().max(dy.abs()).max((dx + dy).abs())
    } else {
        dx.abs().max(dy.abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Square;

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
                    assert!(s.pieces_per_side() <= MAX_PIECES, "{name}");
                });
            }
        }
    }

    #[test]
    fn hexagonal_camps_are_triangles_of_ten_and_goals_are_opposite() {
        for (name, players) in [
            ("diamond", 2),
            ("star-2", 2),
            ("star-3", 3),
            ("star-4", 4),
            ("star-6", 6),
        ] {
            let rules = Rules::named(name).unwrap();
            crate::with_geometry!(rules.board, G => {
                let s = Setup::<G>::new(rules).unwrap();
                let mut homes = <G as Geometry>::BB::EMPTY;
                for side in 0..players {
                    assert_eq!(s.home(side).count(), 10, "{name}");
                    assert_eq!(s.goal(side).count(), 10, "{name}");
                    assert!(!s.home(side).intersects(s.goal(side)), "{name}");
                    assert!(!homes.intersects(s.home(side)), "{name}");
                    homes |= s.home(side);
                }
            });
        }
        let d = Setup::<crate::board::geometry::Diamond>::new(Rules::named("diamond").unwrap())
            .unwrap();
        let b = Board::Diamond;
        assert!(d.home(0).has(b.bit(0, 0)) && d.home(0).has(b.bit(3, 0)));
        assert!(d.home(1).has(b.bit(8, 8)) && d.goal(0) == d.home(1));
        assert!(Rules::named("diamond").is_ok_and(|mut r| {
            r.players = 3;
            Setup::<crate::board::geometry::Diamond>::new(r).is_err()
        }));
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
