//! The states the cooperative search's table stores: a position seen through the game's
//! symmetries ([`Image`]), the image with the smallest hash kept move by move, the aim it
//! carries, and the key a state packs into when its armies are ranked.

use super::{Cooperative, Node, MAX_IMAGES};
use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;
use crate::game::MAX_SIDES;
#[cfg(doc)]
use crate::games::halma::solve::layered::Layered;
use crate::games::halma::solve::symmetry::{ImageKeys, Symmetry};
use crate::moves::Move;

/// A symmetry of the game, whether it trades the sides, and the keys of positions seen
/// through it.
pub(super) struct Image {
    pub(super) symmetry: Symmetry,
    pub(super) trades: bool,
    pub(super) keys: ImageKeys,
}

impl Image {
    /// The image of a state with side A's pieces `a`, side B's `b` and `side` to move.
    pub(super) fn state<B: BitBoard>(&self, a: B, b: B, side: usize) -> (B, B, usize) {
        let (a, b) = (self.symmetry.apply(a), self.symmetry.apply(b));
        if self.trades {
            (b, a, 1 - side)
        } else {
            (a, b, side)
        }
    }
}

/// Hash keys of the aim a table state carries: none, the side to move finishes, the other
/// side finishes (what the table proves of a state holds for its aim only).
pub(super) const AIM_KEYS: [u64; 3] = [0, 0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b];

impl<G: Geometry> Cooperative<G> {
    /// Computes the hashes of `node`'s images from its position.
    pub(super) fn set_images(&self, node: &mut Node<G>) {
        let pos = &node.pos;
        for (hash, image) in node.images.iter_mut().zip(&self.images) {
            *hash = image
                .keys
                .position([pos.pieces(0), pos.pieces(1)], pos.to_move());
        }
    }

    /// The parts of a stored state's position, with the move counts of a game `depth` plies
    /// old (the rules' options that count moves see the same game): the pieces, the side to
    /// move, the move counts and the finisher its aim names.
    #[allow(clippy::type_complexity)]
    pub(super) fn parts(
        (a, b, bits): (G::BB, G::BB, u8),
        depth: u32,
    ) -> ([G::BB; MAX_SIDES], usize, [u64; MAX_SIDES], Option<usize>) {
        let side = usize::from(bits & 1);
        let mut pieces = [G::BB::EMPTY; MAX_SIDES];
        pieces[0] = a;
        pieces[1] = b;
        let mut counts = [0; MAX_SIDES];
        counts[side] = u64::from(depth / 2);
        counts[1 - side] = u64::from(depth - depth / 2);
        let finisher = match bits >> 1 {
            0 => None,
            1 => Some(side),
            _ => Some(1 - side),
        };
        (pieces, side, counts, finisher)
    }

    /// The key ([`Layered::pack`]) of a state whose armies have the ranks `[a, b]`, with
    /// the side to move and aim `bits`.
    #[inline]
    pub(super) fn key_of([a, b]: [u64; 2], bits: u8) -> u128 {
        let (first, second) = if Self::finisher_is_b(bits) {
            (b, a)
        } else {
            (a, b)
        };
        u128::from(first * 6 + u64::from(bits)) << 64 | u128::from(second)
    }

    /// The state of a key's two armies (the finisher's first) and its high 64 bits.
    #[inline]
    pub(super) fn from_armies(first: G::BB, second: G::BB, high: u64) -> (G::BB, G::BB, u8) {
        let bits = (high % 6) as u8;
        if Self::finisher_is_b(bits) {
            (second, first, bits)
        } else {
            (first, second, bits)
        }
    }

    /// Whether a stored state's side to move and aim (`bits`: side to move plus twice the
    /// aim) name side B as the finisher.
    #[inline]
    pub(super) fn finisher_is_b(bits: u8) -> bool {
        matches!(bits, 3 | 4)
    }

    /// The aim of `node` as its state carries it: 0 none, 1 the side to move finishes, 2
    /// the other side does.
    pub(super) fn aim_of(node: &Node<G>) -> usize {
        match node.finisher {
            None => 0,
            Some(side) if side == node.pos.to_move() => 1,
            Some(_) => 2,
        }
    }

    /// The smallest of the hashes of `node`'s position and its images, and the image that
    /// has it (`None`: the position itself, which wins ties; see [`crate::games::halma::solve::symmetry`]).
    #[inline]
    pub(super) fn smallest_image(&self, node: &Node<G>) -> (u64, Option<usize>) {
        self.smallest_of(node.pos.key(), &node.images)
    }

    /// The smallest of a position's hash `key` and its images' `images`, and the image that
    /// has it (`None`: the position itself).
    #[inline]
    pub(super) fn smallest_of(&self, key: u64, images: &[u64; MAX_IMAGES]) -> (u64, Option<usize>) {
        let mut best = (key, None);
        for (i, &hash) in images[..self.images.len()].iter().enumerate() {
            if hash < best.0 {
                best = (hash, Some(i));
            }
        }
        best
    }

    /// Brings the images' hashes up to date for a move `mv` of `side` (made or taken back:
    /// the change is its own inverse).
    #[inline]
    pub(super) fn update_images(&self, node: &mut Node<G>, side: usize, mv: Move) {
        self.move_images(&mut node.images, side, mv);
    }

    /// [`Self::update_images`] on the hashes alone.
    #[inline]
    pub(super) fn move_images(&self, images: &mut [u64; MAX_IMAGES], side: usize, mv: Move) {
        for (hash, image) in images.iter_mut().zip(&self.images) {
            let keys = &image.keys;
            *hash ^= keys.turn(side) ^ keys.turn(1 - side);
            if !mv.is_pass() {
                *hash ^= keys.piece(side, mv.from()) ^ keys.piece(side, mv.to());
            }
        }
    }

    /// The stored state of the position with `pieces` and `side` to move, seen through
    /// `image` (`None`: itself), with `aim` ([`Self::aim_of`]), and its hash `hash`.
    #[inline]
    pub(super) fn canonical(
        &self,
        (hash, image): (u64, Option<usize>),
        [a, b]: [G::BB; 2],
        side: usize,
        aim: usize,
    ) -> (u64, (G::BB, G::BB, u8)) {
        let imaged = match image {
            Some(i) => self.images[i].state(a, b, side),
            None => (a, b, side),
        };
        Self::aimed(hash, imaged, aim)
    }

    /// The stored state of the canonical image `(a, b, side)` (side to move) with `aim`, and
    /// its hash from the image's hash `hash`.
    #[inline]
    pub(super) fn aimed(
        hash: u64,
        (a, b, side): (G::BB, G::BB, usize),
        aim: usize,
    ) -> (u64, (G::BB, G::BB, u8)) {
        (hash ^ AIM_KEYS[aim], (a, b, (side | aim << 1) as u8))
    }
}
