//! The solitaire puzzle: one side moves alone (every other piece a fixed obstacle) until all
//! its pieces stand in its goal camp.

use super::bound::{LevelTable, ParityBound};
use super::ida::Puzzle;
use super::layered::Layered;
use super::symmetry::{ImageKeys, Symmetry};
use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;
use crate::games::halma::movegen::PieceTargets;
use crate::games::halma::setup::Setup;
use crate::moves::Move;

/// The progress `u + v` of `pieces` from `side`'s home corner, summed.
pub(super) fn progress<G: Geometry>(setup: &Setup<G>, side: usize, pieces: G::BB) -> i64 {
    pieces
        .iter()
        .map(|cell| {
            let (u, v) = setup.corner_offset(side, cell);
            (u + v) as i64
        })
        .sum()
}

/// A solitaire state: the side's pieces, their Zobrist hash, and the hash of their mirror
/// image (kept move by move when the puzzle keys states by the mirror, else 0).
#[derive(Clone, Copy, Debug)]
pub struct Node<B> {
    /// The moving side's pieces.
    pub pieces: B,
    hash: u64,
    image: u64,
}

/// One side's solitaire on a fixed board of obstacles.
pub struct Solitaire<'a, G: Geometry> {
    setup: &'a Setup<G>,
    side: usize,
    obstacles: G::BB,
    parity: ParityBound<G::BB>,
    levels: Option<&'a LevelTable>,
    /// The board's mirror symmetry, if the game has it, with the keys of pieces seen
    /// through it.
    mirror: Option<(Symmetry, ImageKeys)>,
}

impl<'a, G: Geometry> Solitaire<'a, G> {
    /// The puzzle of `side` with pieces of other sides on `obstacles`; `levels` (built for an
    /// empty board) may only be given when there are no obstacles.
    pub fn new(
        setup: &'a Setup<G>,
        side: usize,
        obstacles: G::BB,
        parity: ParityBound<G::BB>,
        levels: Option<&'a LevelTable>,
    ) -> Self {
        debug_assert!(levels.is_none() || obstacles.is_empty());
        Solitaire {
            setup,
            side,
            obstacles,
            parity,
            levels,
            mirror: None,
        }
    }

    /// The same puzzle keying its states by the board's mirror symmetry, if the game (with
    /// its obstacles) has it: worth its set-up only for a search with a table.
    pub fn with_mirror(mut self) -> Self {
        self.mirror = Symmetry::mirror(self.setup, &[self.side])
            .filter(|m| m.apply(self.obstacles) == self.obstacles)
            .map(|m| {
                let keys = ImageKeys::new(self.setup.keys(), &m, false);
                (m, keys)
            });
        self
    }

    /// The node of these pieces.
    pub fn node(&self, pieces: G::BB) -> Node<G::BB> {
        let hash = self.setup.keys().pieces(self.side, pieces);
        let image = self
            .mirror
            .as_ref()
            .map_or(0, |(_, keys)| keys.pieces(self.side, pieces));
        Node {
            pieces,
            hash,
            image,
        }
    }
}

impl<G: Geometry> Layered for Solitaire<'_, G> {
    type Scratch = ();

    fn node_of(&self, _root: &Node<G::BB>, state: G::BB, _depth: u32) -> Node<G::BB> {
        self.node(state)
    }
}

impl<G: Geometry> Puzzle for Solitaire<'_, G> {
    type Node = Node<G::BB>;
    type State = G::BB;

    /// The smaller of the pieces' hash and their image's (the pieces themselves on a tie).
    #[inline]
    fn hash(&self, node: &Node<G::BB>) -> u64 {
        match self.mirror {
            Some(_) if node.image < node.hash => node.image,
            _ => node.hash,
        }
    }

    /// The pieces or their mirror image, whichever has the smaller hash (the pieces on a
    /// tie, see [`super::symmetry`]).
    #[inline]
    fn state(&self, node: &Node<G::BB>) -> (u64, G::BB) {
        let state = (node.hash, node.pieces);
        match &self.mirror {
            Some((mirror, _)) if node.image < node.hash => (node.image, mirror.apply(node.pieces)),
            _ => state,
        }
    }

    #[inline]
    fn bound(&self, node: &Node<G::BB>) -> u32 {
        let parity = self.parity.bound(node.pieces, self.obstacles);
        match self.levels {
            Some(t) => parity.max(t.bound(node.pieces)),
            None => parity,
        }
    }

    /// The pieces' distance still to go from the home corner along the board's diagonal
    /// (the progress `u + v` they have made, negated).
    fn guide(&self, node: &Node<G::BB>) -> i64 {
        -progress(self.setup, self.side, node.pieces)
    }

    #[inline]
    fn is_done(&self, node: &Node<G::BB>) -> bool {
        node.pieces.without(self.setup.goal(self.side)).is_empty()
    }

    #[inline]
    fn moves(&self, node: &Node<G::BB>, out: &mut Vec<Move>) {
        out.clear();
        let goal = self.setup.goal(self.side);
        let mut targets =
            PieceTargets::<G>::new(self.setup.rules(), node.pieces | self.obstacles, goal);
        for from in node.pieces.iter() {
            let targets = targets.of(from);
            out.extend(targets.iter().map(|to| Move::new(from, to)));
        }
    }

    #[inline]
    fn make(&self, node: &mut Node<G::BB>, mv: Move) {
        let change = G::BB::single(mv.from()) | G::BB::single(mv.to());
        node.pieces ^= change;
        let keys = self.setup.keys();
        node.hash ^= keys.piece(self.side, mv.from()) ^ keys.piece(self.side, mv.to());
        if let Some((_, image)) = &self.mirror {
            node.image ^= image.piece(self.side, mv.from()) ^ image.piece(self.side, mv.to());
        }
    }

    #[inline]
    fn unmake(&self, node: &mut Node<G::BB>, mv: Move) {
        self.make(node, Move::new(mv.to(), mv.from()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::{Diamond, Square, Star};
    use crate::games::halma::rules::Rules;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Along random solitaire games and back, the hashes kept move by move equal those of a
    /// node built from scratch, and the table's state is the pieces or their mirror image,
    /// whichever has the smaller hash.
    #[test]
    fn mirror_hash_follows_the_moves() {
        fn check<G: Geometry>(rules: &str) {
            let setup = Setup::<G>::new(Rules::parse(rules).expect("rules")).expect("setup");
            let mirror = Symmetry::mirror(&setup, &[0]).expect("a mirror");
            let puzzle = Solitaire::new(&setup, 0, G::BB::EMPTY, ParityBound::new(&setup, 0), None)
                .with_mirror();
            let keys = setup.keys();
            let mut rng = StdRng::seed_from_u64(11);
            let mut node = puzzle.node(setup.home(0));
            let (mut moves, mut line) = (Vec::new(), Vec::new());
            for _ in 0..80 {
                puzzle.moves(&node, &mut moves);
                let mv = moves[rng.gen_range(0..moves.len())];
                puzzle.make(&mut node, mv);
                line.push(mv);
                let fresh = puzzle.node(node.pieces);
                assert_eq!((node.hash, node.image), (fresh.hash, fresh.image));
                let image = mirror.apply(node.pieces);
                assert_eq!(node.image, keys.pieces(0, image), "{rules} after {line:?}");
                let (hash, state) = puzzle.state(&node);
                assert_eq!(hash, puzzle.hash(&node));
                assert_eq!(hash, node.hash.min(node.image));
                assert!(state == node.pieces || state == image);
                assert_eq!(hash, keys.pieces(0, state));
            }
            let start = puzzle.node(setup.home(0));
            while let Some(mv) = line.pop() {
                puzzle.unmake(&mut node, mv);
            }
            assert_eq!((node.hash, node.image), (start.hash, start.image));
        }
        check::<Square<8>>("halma8");
        check::<Square<10>>("halma10:jumps=long");
        check::<Diamond>("diamond");
        check::<Star>("star-2");
    }
}
