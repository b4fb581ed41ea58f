//! Symmetries of a solve. The *mirror* reflects the board across the axis through side A's
//! home corner, which (on every board with corner camps) maps each camp on that axis onto
//! itself; the *side swap* turns the board so that the two sides of a two-player game trade
//! places. A position and its images need the same number of moves, so the search stores and
//! looks up one of them, the one whose hash is smallest (the position itself on a tie: it
//! is then symmetric, or a collision that only costs a missed merge), and searches only one
//! root move of each symmetric set: about half the nodes per symmetry.

use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;
use crate::games::halma::setup::Setup;
use crate::games::halma::zobrist::Keys;
use std::collections::HashMap;

/// A permutation of the board's cells that maps every line onto a line, so every step and
/// every jump (adjacent or long) onto a step or jump; a map of bit indices.
#[derive(Clone, Debug)]
pub struct Symmetry {
    /// `image[bit]`: the image of `bit` (unused bits map to themselves).
    image: Vec<u16>,
}

impl Symmetry {
    /// The reflection `(u, v) -> (v, u)` in side A's home frame, if it preserves the lines
    /// and maps each of `sides`' home and goal camps onto itself.
    pub fn mirror<G: Geometry>(setup: &Setup<G>, sides: &[usize]) -> Option<Symmetry> {
        let mirror = Self::between_frames(setup, 0, |(u, v)| (v, u))?;
        let fixed = sides.iter().all(|&s| {
            mirror.apply(setup.home(s)) == setup.home(s)
                && mirror.apply(setup.goal(s)) == setup.goal(s)
        });
        fixed.then_some(mirror)
    }

    /// The map taking each cell to the cell with the same coordinates in side B's home frame
    /// as it has in side A's, if it preserves the lines and trades the two sides' home camps
    /// and their goal camps.
    pub fn side_swap<G: Geometry>(setup: &Setup<G>) -> Option<Symmetry> {
        if setup.sides() != 2 {
            return None;
        }
        let swap = Self::between_frames(setup, 1, |p| p)?;
        let traded = |camp: fn(&Setup<G>, usize) -> G::BB| {
            swap.apply(camp(setup, 0)) == camp(setup, 1)
                && swap.apply(camp(setup, 1)) == camp(setup, 0)
        };
        (traded(Setup::home) && traded(Setup::goal)).then_some(swap)
    }

    /// The map taking the cell at `(u, v)` in side A's home frame to the cell at `to(u, v)` in
    /// side `frame`'s, if that is a permutation of the cells that maps every line onto a line.
    fn between_frames<G: Geometry>(
        setup: &Setup<G>,
        frame: usize,
        to: impl Fn((isize, isize)) -> (isize, isize),
    ) -> Option<Symmetry> {
        let board = G::BOARD;
        let by_offset: HashMap<(isize, isize), usize> = board
            .cells()
            .map(|c| (setup.corner_offset(frame, c), c))
            .collect();
        let mut image: Vec<u16> = (0..G::BB::CAPACITY as u16).collect();
        for c in board.cells() {
            image[c] = *by_offset.get(&to(setup.corner_offset(0, c)))? as u16;
        }
        let symmetry = Symmetry { image };
        let map = |c: usize| symmetry.cell(c);
        let neighbours = |cell: usize| {
            board
                .directions()
                .iter()
                .filter(|&&d| board.step_from(cell, d, 1).is_some())
                .count()
        };
        for a in board.cells() {
            if neighbours(a) != neighbours(map(a)) {
                return None;
            }
            for &d in board.directions() {
                let Some(b) = board.step_from(a, d, 1) else {
                    continue;
                };
                let &image_dir = board
                    .directions()
                    .iter()
                    .find(|&&e| board.step_from(map(a), e, 1) == Some(map(b)))?;
                for k in 2.. {
                    let there = board.step_from(a, d, k);
                    if there.map(map) != board.step_from(map(a), image_dir, k) {
                        return None;
                    }
                    if there.is_none() {
                        break;
                    }
                }
            }
        }
        Some(symmetry)
    }

    /// This symmetry followed by `then`.
    pub fn then(&self, then: &Symmetry) -> Symmetry {
        Symmetry {
            image: self.image.iter().map(|&c| then.image[c as usize]).collect(),
        }
    }

    /// The image of a set of cells.
    #[inline]
    pub fn apply<B: BitBoard>(&self, cells: B) -> B {
        let mut out = B::EMPTY;
        for c in cells.iter() {
            out.set(self.image[c] as usize);
        }
        out
    }

    /// The image of `cell`.
    #[inline]
    pub fn cell(&self, cell: usize) -> usize {
        self.image[cell] as usize
    }
}

/// Zobrist keys of positions seen through a symmetry, so that the hash of a position's
/// image can be kept up to date move by move: the key of a piece of `side` on `cell` is the
/// key of its image (a piece of the other side when the symmetry trades the sides). A
/// [`Keys`] table like any other, read through its [`Keys::piece`], [`Keys::pieces`],
/// [`Keys::turn`] and [`Keys::position`].
#[derive(Clone, Debug)]
pub struct ImageKeys(Keys);

impl ImageKeys {
    /// The keys of positions through `symmetry`, which trades the sides of a two-player
    /// game if `trades` (else it keeps every side of `keys`).
    pub fn new(keys: &Keys, symmetry: &Symmetry, trades: bool) -> Self {
        let cells = symmetry.image.len();
        let image_side = |side: usize| if trades { 1 - side } else { side };
        let sides = if trades { 2 } else { keys.sides() };
        let piece = (0..sides)
            .flat_map(|side| (0..cells).map(move |cell| (side, cell)))
            .map(|(side, cell)| keys.piece(image_side(side), symmetry.cell(cell)))
            .collect();
        let turn = std::array::from_fn(|side| {
            if side < sides {
                keys.turn(image_side(side))
            } else {
                0
            }
        });
        ImageKeys(Keys::from_tables(cells, piece, turn))
    }
}

impl std::ops::Deref for ImageKeys {
    type Target = Keys;

    fn deref(&self) -> &Keys {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::{Diamond, Square, Star};
    use crate::games::halma::position::{Position, Status};
    use crate::games::halma::rules::Rules;
    use crate::games::halma::setup::MAX_SIDES;
    use crate::games::halma::solve::bound::ParityBound;
    use crate::games::halma::solve::ida::Puzzle;
    use crate::games::halma::solve::solitaire::Solitaire;
    use crate::games::halma::solve::{solver_rules, Mode};
    use crate::moves::Move;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::sync::Arc;

    fn setup<G: Geometry>(rules: &str) -> Setup<G> {
        Setup::new(Rules::parse(rules).expect("rules")).expect("setup")
    }

    /// The mirror is an involution fixing the camps on its axis; a camp off the axis (the
    /// four-player board's B and D) has none.
    #[test]
    fn mirrors_fix_the_camps_on_the_axis() {
        fn check<G: Geometry>(rules: &str, sides: &[usize]) {
            let setup = setup::<G>(rules);
            let mirror = Symmetry::mirror(&setup, sides).expect("a mirror");
            let mut moved = 0;
            for c in G::BOARD.cells() {
                assert_eq!(mirror.cell(mirror.cell(c)), c, "{rules}: not an involution");
                moved += usize::from(mirror.cell(c) != c);
            }
            assert!(moved > 0, "{rules}: the identity");
            for &s in sides {
                assert_eq!(mirror.apply(setup.goal(s)), setup.goal(s));
            }
        }
        check::<Square<8>>("halma8", &[0, 1]);
        check::<Square<16>>("halma16", &[0, 1]);
        check::<Square<16>>("halma16-4", &[0]);
        check::<Diamond>("diamond", &[0, 1]);
        check::<Star>("star-2", &[0, 1]);
        let four = setup::<Square<16>>("halma16-4");
        assert!(Symmetry::mirror(&four, &[0, 1, 2, 3]).is_none());
        assert!(Symmetry::side_swap(&four).is_none());
    }

    /// Along random cooperative games, each image of a position under the mirror, the side
    /// swap and both (the side swap trading the two sides' pieces and the side to move) has
    /// the mapped moves and the same status, with every rule option that filters moves.
    #[test]
    fn cooperative_images_have_the_mapped_moves() {
        fn check<G: Geometry>(rules: &str) {
            let rules = solver_rules(Rules::parse(rules).expect("rules"), Mode::Cooperative);
            let setup = Arc::new(Setup::<G>::new(rules.expect("cooperative")).expect("setup"));
            let mirror = Symmetry::mirror(&setup, &[0, 1]).expect("a mirror");
            let swap = Symmetry::side_swap(&setup).expect("a side swap");
            let images = [(mirror.then(&swap), true), (swap, true), (mirror, false)];
            let mut rng = StdRng::seed_from_u64(11);
            let sorted = |mut moves: Vec<Move>| {
                moves.sort_unstable_by_key(|m| (m.from(), m.to()));
                moves
            };
            for _ in 0..20 {
                let mut pos = Position::start(setup.clone());
                for _ in 0..40 {
                    let moves = pos.legal_moves();
                    for (symmetry, trades) in &images {
                        let (a, b) = (symmetry.apply(pos.pieces(0)), symmetry.apply(pos.pieces(1)));
                        let mut pieces = [G::BB::EMPTY; MAX_SIDES];
                        let mut side = pos.to_move();
                        (pieces[0], pieces[1]) = if *trades { (b, a) } else { (a, b) };
                        if *trades {
                            side = 1 - side;
                        }
                        let image =
                            Position::from_parts(setup.clone(), pieces, side, [0; MAX_SIDES], 0)
                                .expect("a position");
                        let mapped = moves
                            .iter()
                            .map(|m| Move::new(symmetry.cell(m.from()), symmetry.cell(m.to())))
                            .collect();
                        assert_eq!(
                            sorted(mapped),
                            sorted(image.legal_moves()),
                            "{}",
                            pos.to_text()
                        );
                        let won = |p: &Position<G>| matches!(p.status(), Status::Won(_));
                        assert_eq!(won(&pos), won(&image));
                    }
                    if moves.is_empty() || pos.status().is_over() {
                        break;
                    }
                    pos.make(moves[rng.gen_range(0..moves.len())]);
                }
            }
        }
        check::<Square<8>>("halma8");
        check::<Square<16>>("halma16-vacate:follow-out=on");
        check::<Diamond>("diamond:jumps=long");
        check::<Star>("star-2:follow-out=on");
    }

    /// The moves of a mirrored position are the mirrored moves, on random positions with
    /// adjacent and long jumps (the board's lines map onto lines).
    #[test]
    fn mirrored_positions_have_mirrored_moves() {
        fn check<G: Geometry>(rules: &str) {
            let setup = setup::<G>(rules);
            let mirror = Symmetry::mirror(&setup, &[0]).expect("a mirror");
            let puzzle = Solitaire::new(&setup, 0, G::BB::EMPTY, ParityBound::new(&setup, 0), None)
                .with_mirror();
            let cells: Vec<usize> = G::BOARD.cells().collect();
            let mut rng = StdRng::seed_from_u64(7);
            let (mut moves, mut mirrored) = (Vec::new(), Vec::new());
            for _ in 0..200 {
                let mut pieces = G::BB::EMPTY;
                while pieces.count() < 12 {
                    pieces.set(cells[rng.gen_range(0..cells.len())]);
                }
                puzzle.moves(&puzzle.node(pieces), &mut moves);
                puzzle.moves(&puzzle.node(mirror.apply(pieces)), &mut mirrored);
                let mut expected: Vec<Move> = moves
                    .iter()
                    .map(|m| Move::new(mirror.cell(m.from()), mirror.cell(m.to())))
                    .collect();
                expected.sort_unstable_by_key(|m| (m.from(), m.to()));
                mirrored.sort_unstable_by_key(|m| (m.from(), m.to()));
                assert_eq!(expected, mirrored, "{rules}");
                assert_eq!(
                    puzzle.state(&puzzle.node(pieces)),
                    puzzle.state(&puzzle.node(mirror.apply(pieces)))
                );
            }
        }
        check::<Square<8>>("halma8");
        check::<Square<10>>("halma10:jumps=long");
        check::<Diamond>("diamond");
        check::<Star>("star-2:jumps=long");
    }
}
