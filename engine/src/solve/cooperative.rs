//! The cooperative puzzle: two sides move alternately, both helping, until one of them has
//! every piece in its goal camp. Positions and moves are the rules core's own
//! ([`Position::make`], [`Position::legal_moves_into`]), so every rule option of the rule
//! set applies (the caller turns the win into all-in-goal and drops deadline and repetition).

use super::bound::ParityBound;
use super::ida::Puzzle;
use super::symmetry::{canonical, Symmetry};
use crate::bitboard::BitBoard;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::position::{Position, Status};
use crate::setup::Setup;

/// Both sides of a two-player game cooperating towards the quickest finish of either.
pub struct Cooperative<G: Geometry> {
    parity: [ParityBound<G::BB>; 2],
    /// The game's symmetries other than the identity, each with whether it trades the
    /// sides: the mirror (if both camps lie on its axis), the side swap, and the two
    /// together.
    symmetries: Vec<(Symmetry, bool)>,
}

impl<G: Geometry> Cooperative<G> {
    /// The puzzle of a two-player `setup`.
    pub fn new(setup: &Setup<G>) -> Self {
        let mirror = Symmetry::mirror(setup, &[0, 1]);
        let swap = Symmetry::side_swap(setup);
        let both = mirror.as_ref().zip(swap.as_ref()).map(|(m, s)| m.then(s));
        let symmetries = [(mirror, false), (swap, true), (both, true)]
            .into_iter()
            .filter_map(|(symmetry, trades)| symmetry.map(|s| (s, trades)))
            .collect();
        Cooperative {
            parity: [ParityBound::new(setup, 0), ParityBound::new(setup, 1)],
            symmetries,
        }
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
    #[inline]
    fn bound(&self, pos: &Position<G>) -> u32 {
        (0..2)
            .map(|side| {
                let m = self.parity[side].bound(pos.pieces(side), G::BB::EMPTY);
                2 * m - u32::from(pos.to_move() == side)
            })
            .min()
            .unwrap_or(0)
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
