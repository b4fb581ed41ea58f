//! The cooperative puzzle: two sides move alternately, both helping, until one of them has
//! every piece in its goal camp. Positions and moves are the rules core's own
//! ([`Position::make`], [`Position::legal_moves_into`]), so every rule option of the rule
//! set applies (the caller turns the win into all-in-goal and drops deadline and repetition).
//!
//! The puzzle is split by concern: this module holds the puzzle and its search node and
//! implements [`Puzzle`], the search's view of it; [`state`] the states its table stores
//! (the canonical image under the game's symmetries, its hash and packed key), [`table`]
//! the layered search's side ([`Layered`]: children judged on bitboards, states loaded and
//! packed) and [`bounds`] the lower bounds on the plies left and the dead ends.

mod bounds;
mod state;
mod table;
#[cfg(test)]
mod tests;

use super::bound::{ApproachBound, ParityBound};
use super::ida::Puzzle;
#[cfg(doc)]
use super::layered::Layered;
use super::pack::ArmyRank;
use super::solitaire::progress;
use super::symmetry::{ImageKeys, Symmetry};
use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;
use crate::games::halma::position::{Position, Status};
use crate::games::halma::rules::JumpKind;
use crate::games::halma::setup::Setup;
use crate::moves::Move;
use bounds::View;
use state::{Image, AIM_KEYS};

/// Both sides of a two-player game cooperating towards the quickest finish of either.
pub struct Cooperative<G: Geometry> {
    parity: [ParityBound<G::BB>; 2],
    approach: [ApproachBound<G::BB>; 2],
    goal: [G::BB; 2],
    /// Each side's goal camp, when a side has as many pieces as it has cells (so the other
    /// side must leave it before the side can finish); empty otherwise.
    full_goal: [G::BB; 2],
    /// The game's symmetries other than the identity (at most [`MAX_IMAGES`]): the mirror
    /// (if both camps lie on its axis), the side swap, and the two together.
    images: Vec<Image>,
    /// The ranking of armies, when a state (two ranks, the side to move and the aim: six
    /// values) fits in a `u128` as two `u64` halves ([`Layered::pack`]).
    ranks: Option<ArmyRank>,
    /// Whether jumps are long (Super Halma).
    long: bool,
}

/// Most symmetries other than the identity a cooperative game has.
const MAX_IMAGES: usize = 3;

/// A position of the cooperative search with the hash of each of its images (by the
/// puzzle's symmetries), kept up to date move by move so that finding the state the table
/// stores costs no more than a comparison of hashes.
#[derive(Clone)]
pub struct Node<G: Geometry> {
    /// The position.
    pub pos: Position<G>,
    images: [u64; MAX_IMAGES],
    /// The side the search lets finish ([`Puzzle::aim`]); `None`: either.
    finisher: Option<usize>,
}

impl<G: Geometry> Cooperative<G> {
    /// The puzzle of a two-player `setup`.
    pub fn new(setup: &Setup<G>) -> Self {
        Cooperative {
            parity: [ParityBound::new(setup, 0), ParityBound::new(setup, 1)],
            approach: [ApproachBound::new(setup, 0), ApproachBound::new(setup, 1)],
            goal: [setup.goal(0), setup.goal(1)],
            full_goal: [0, 1].map(|side| {
                let goal = setup.goal(side);
                let full = goal.count() as usize == setup.pieces_per_side();
                if full {
                    goal
                } else {
                    G::BB::EMPTY
                }
            }),
            images: Vec::new(),
            long: setup.rules().jumps == JumpKind::Long,
            ranks: ArmyRank::new::<G>(setup.pieces_per_side())
                .filter(|r| r.armies().checked_mul(6).is_some()),
        }
    }

    /// The search node of `pos`.
    pub fn node(&self, pos: Position<G>) -> Node<G> {
        let mut node = Node {
            pos,
            images: [0; MAX_IMAGES],
            finisher: None,
        };
        self.set_images(&mut node);
        node
    }

    /// The same puzzle keying its states by the game's symmetries: worth their set-up only
    /// for a search with a table.
    pub fn with_symmetries(mut self, setup: &Setup<G>) -> Self {
        let mirror = Symmetry::mirror(setup, &[0, 1]);
        let swap = Symmetry::side_swap(setup);
        let both = mirror.as_ref().zip(swap.as_ref()).map(|(m, s)| m.then(s));
        self.images = [(mirror, false), (swap, true), (both, true)]
            .into_iter()
            .filter_map(|(symmetry, trades)| {
                symmetry.map(|symmetry| Image {
                    keys: ImageKeys::new(setup.keys(), &symmetry, trades),
                    symmetry,
                    trades,
                })
            })
            .collect();
        self
    }
}

impl<G: Geometry> Puzzle for Cooperative<G> {
    type Node = Node<G>;
    /// Side A's pieces, side B's, and the side to move plus twice the aim.
    type State = (G::BB, G::BB, u8);

    #[inline]
    fn hash(&self, node: &Node<G>) -> u64 {
        self.smallest_image(node).0 ^ AIM_KEYS[Self::aim_of(node)]
    }

    /// The image with the smallest hash (the position itself on a tie), with the aim.
    #[inline]
    fn state(&self, node: &Node<G>) -> (u64, Self::State) {
        let pos = &node.pos;
        self.canonical(
            self.smallest_image(node),
            [pos.pieces(0), pos.pieces(1)],
            pos.to_move(),
            Self::aim_of(node),
        )
    }

    /// A side needing `m` more moves of its own finishes `2m - 1` plies from now at the
    /// earliest if it is to move, else `2m`; the game ends with the first side to finish.
    /// The side needs the parity bound's moves, and (when its pieces fill its goal) as many
    /// moves as the other side must make first to take its `k` pieces out of that goal, one
    /// piece a move: `m >= k + 1` if the side is to move (the other side moves `m - 1` times
    /// before the side's last move), else `m >= k`.
    /// It also needs one move per piece outside its goal plus the moves of the approach
    /// bound ([`ApproachBound`]) before the first of them can enter.
    /// With a finisher aimed at, only its term counts.
    #[inline]
    fn bound(&self, node: &Node<G>) -> u32 {
        self.bound_with(View::of(node), None)
    }

    /// The bound without the approach term ([`Cooperative::coarse_bound`]): ranked by the
    /// whole bound, the beams keep the states that term favours, whose completions cost far
    /// more (`docs/solver.md`, *Aimed beams*).
    fn rank(&self, node: &Node<G>, _bound: u32) -> u32 {
        self.coarse_bound(View::of(node))
    }

    /// A line of `length` plies ends with the move of the side to move at the root if
    /// `length` is odd, else with the other side's: if no shorter line exists, that side is
    /// the one to finish.
    fn aim(&self, root: &mut Node<G>, length: u32) -> bool {
        let to_move = root.pos.to_move();
        root.finisher = Some(if length % 2 == 1 {
            to_move
        } else {
            1 - to_move
        });
        true
    }

    /// Both sides' progress from their home corners, summed and negated; with a finisher
    /// aimed at, the other side's progress counts twice: the finisher's goal is its home
    /// camp, which it must leave, and its pieces are the ladders the finisher climbs.
    fn guide(&self, node: &Node<G>) -> i64 {
        let pos = &node.pos;
        -(0..2)
            .map(|side| {
                let weight = if node.finisher.is_some_and(|x| x != side) {
                    2
                } else {
                    1
                };
                weight * progress(pos.setup(), side, pos.pieces(side))
            })
            .sum::<i64>()
    }

    #[inline]
    fn is_done(&self, node: &Node<G>) -> bool {
        matches!(node.pos.status(), Status::Won(_))
    }

    #[inline]
    fn moves(&self, node: &Node<G>, out: &mut Vec<Move>) {
        node.pos.legal_moves_into(out);
    }

    #[inline]
    fn make(&self, node: &mut Node<G>, mv: Move) {
        self.update_images(node, node.pos.to_move(), mv);
        node.pos.make(mv);
    }

    #[inline]
    fn unmake(&self, node: &mut Node<G>, mv: Move) {
        node.pos.unmake();
        self.update_images(node, node.pos.to_move(), mv);
    }
}
