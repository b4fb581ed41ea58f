//! The cooperative puzzle: two sides move alternately, both helping, until one of them has
//! every piece in its goal camp. Positions and moves are the rules core's own
//! ([`Position::make`], [`Position::legal_moves_into`]), so every rule option of the rule
//! set applies (the caller turns the win into all-in-goal and drops deadline and repetition).

use super::bound::ParityBound;
use super::ida::Puzzle;
use super::solitaire::progress;
use super::symmetry::{canonical, Symmetry};
use crate::bitboard::BitBoard;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::position::{Position, Status};
use crate::setup::Setup;

/// Both sides of a two-player game cooperating towards the quickest finish of either.
pub struct Cooperative<G: Geometry> {
    parity: [ParityBound<G::BB>; 2],
    /// Each side's goal camp, when a side has as many pieces as it has cells (so the other
    /// side must leave it before the side can finish); empty otherwise.
    full_goal: [G::BB; 2],
    /// The game's symmetries other than the identity, each with whether it trades the
    /// sides: the mirror (if both camps lie on its axis), the side swap, and the two
    /// together.
    symmetries: Vec<(Symmetry, bool)>,
}

impl<G: Geometry> Cooperative<G> {
    /// The puzzle of a two-player `setup`.
    pub fn new(setup: &Setup<G>) -> Self {
        Cooperative {
            parity: [ParityBound::new(setup, 0), ParityBound::new(setup, 1)],
            full_goal: [0, 1].map(|side| {
                let goal = setup.goal(side);
                let full = goal.count() as usize == setup.pieces_per_side();
                if full {
                    goal
                } else {
                    G::BB::EMPTY
                }
            }),
            symmetries: Vec::new(),
        }
    }

    /// The same puzzle keying its states by the game's symmetries: worth their set-up only
    /// for a search with a table.
    pub fn with_symmetries(mut self, setup: &Setup<G>) -> Self {
        let mirror = Symmetry::mirror(setup, &[0, 1]);
        let swap = Symmetry::side_swap(setup);
        let both = mirror.as_ref().zip(swap.as_ref()).map(|(m, s)| m.then(s));
        self.symmetries = [(mirror, false), (swap, true), (both, true)]
            .into_iter()
            .filter_map(|(symmetry, trades)| symmetry.map(|s| (s, trades)))
            .collect();
        self
    }
}

impl<G: Geometry> Puzzle for Cooperative<G> {
    type Node = Position<G>;
    type State = (G::BB, G::BB, u8);

    #[inline]
    fn state(&self, pos: &Position<G>) -> (u64, Self::State) {
        let keys = pos.setup().keys();
        let (a, b, side) = (pos.pieces(0), pos.pieces(1), pos.to_move());
        let mut best = (pos.key(), (a, b, side as u8));
        for (symmetry, trades) in &self.symmetries {
            let (a, b) = (symmetry.apply(a), symmetry.apply(b));
            let (a, b, side) = if *trades {
                (b, a, 1 - side)
            } else {
                (a, b, side)
            };
            let hash = keys.turn(side) ^ keys.pieces(0, a) ^ keys.pieces(1, b);
            best = canonical(best, (hash, (a, b, side as u8)));
        }
        best
    }

    /// A side needing `m` more moves of its own finishes `2m - 1` plies from now at the
    /// earliest if it is to move, else `2m`; the game ends with the first side to finish.
    /// The side needs the parity bound's moves, and (when its pieces fill its goal) as many
    /// moves as the other side must make first to take its `k` pieces out of that goal, one
    /// piece a move: `m >= k + 1` if the side is to move (the other side moves `m - 1` times
    /// before the side's last move), else `m >= k`.
    #[inline]
    fn bound(&self, pos: &Position<G>) -> u32 {
        (0..2)
            .map(|side| {
                let to_move = u32::from(pos.to_move() == side);
                let blockers = (pos.pieces(1 - side) & self.full_goal[side]).count();
                let m = self.parity[side]
                    .bound(pos.pieces(side), G::BB::EMPTY)
                    .max(blockers + to_move);
                2 * m - to_move
            })
            .min()
            .unwrap_or(0)
    }

    /// Both sides' progress from their home corners, summed and negated.
    fn guide(&self, pos: &Position<G>) -> i64 {
        -(0..2)
            .map(|side| progress(pos.setup(), side, pos.pieces(side)))
            .sum::<i64>()
    }

    #[inline]
    fn is_done(&self, pos: &Position<G>) -> bool {
        matches!(pos.status(), Status::Won(_))
    }

    #[inline]
    fn moves(&self, pos: &Position<G>, out: &mut Vec<Move>) {
        pos.legal_moves_into(out);
    }

    #[inline]
    fn make(&self, pos: &mut Position<G>, mv: Move) {
        pos.make(mv);
    }

    #[inline]
    fn unmake(&self, pos: &mut Position<G>, _mv: Move) {
        pos.unmake();
    }
}
