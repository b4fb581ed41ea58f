//! The cooperative puzzle's lower bounds on the plies left (the parity, goal-blocker and
//! approach terms of [`crate::games::halma::solve::bound`] combined for the side that finishes) and its
//! dead ends (the tight finish), each for one node and in bulk for a node's children from
//! what the node's [`Prepared`] holds.

use super::{Cooperative, Node, MAX_IMAGES};
use crate::bitboard::BitBoard;
use crate::board::geometry::{step, Geometry};
use crate::board::jumps::{long_jump_closure, JumpMasks};
use crate::games::halma::solve::bound::{Nearest, ParityCounts, Rings};
#[cfg(doc)]
use crate::games::halma::solve::{ida::Puzzle, layered::Layered};

impl<G: Geometry> Cooperative<G> {
    /// [`Puzzle::bound`] of `view`, with what `prepared` knows of the finisher's army (its
    /// parity bound and distance to the goal, when the army is the one it was prepared for)
    /// and the approach term's distance read off its rings where they apply.
    #[inline]
    pub(super) fn bound_with(&self, view: View<G::BB>, prepared: Option<&Prepared<G::BB>>) -> u32 {
        let sides = match view.finisher {
            Some(side) => side..side + 1,
            None => 0..2,
        };
        let mut best = u32::MAX;
        for side in sides {
            let to_move = u32::from(view.to_move == side);
            let (own, other) = (view.pieces[side], view.pieces[1 - side]);
            let known = prepared.filter(|p| p.army == own && view.finisher == Some(side));
            let parity = match known {
                Some(p) => p.parity,
                None => self.parity[side].bound(own, G::BB::EMPTY),
            };
            let base = self.base_moves(&view, side, parity);
            // The approach term counts only above what the others give already.
            let outside = own.without(self.goal[side]).count();
            let floor = base.saturating_sub(outside);
            let approach = outside
                + self.approach[side].extra_with::<G>(
                    own,
                    other,
                    to_move == 1,
                    floor,
                    known.map(|p| p.near),
                    prepared.map(|p| &p.rings),
                );
            let m = base.max(approach);
            best = best.min(2 * m - to_move);
        }
        if best == u32::MAX {
            0
        } else {
            best
        }
    }

    /// The moves `side` of `view` needs by its parity bound `parity` and by the other
    /// side's pieces in its goal: the terms of [`Puzzle::bound`] before the approach term.
    #[inline]
    pub(super) fn base_moves(&self, view: &View<G::BB>, side: usize, parity: u32) -> u32 {
        let blockers = (view.pieces[1 - side] & self.full_goal[side]).count();
        parity.max(blockers + u32::from(view.to_move == side))
    }

    /// The bound of `view` without the approach term, in plies: what the beams rank by
    /// ([`Puzzle::rank`]).
    pub(super) fn coarse_bound(&self, view: View<G::BB>) -> u32 {
        let sides = match view.finisher {
            Some(side) => side..side + 1,
            None => 0..2,
        };
        sides
            .map(|side| {
                let parity = self.parity[side].bound(view.pieces[side], G::BB::EMPTY);
                2 * self.base_moves(&view, side, parity) - u32::from(view.to_move == side)
            })
            .min()
            .unwrap_or(0)
    }
}

/// What the bounds and states of one node's children share ([`Cooperative::prepare`]): the
/// node's armies through each image, the finisher's army at the node, its parity bound and
/// its distance to the goal
/// ([`ApproachBound::near`](crate::games::halma::solve::bound::ApproachBound::near)), and rings around
/// what the moves leave fixed.
#[derive(Clone, Copy, Default)]
pub struct Prepared<B: BitBoard> {
    /// The node's armies seen through each of the puzzle's images (in the image's slots).
    pub(super) images: [[B; 2]; MAX_IMAGES],
    /// The finisher's army through each image.
    pub(super) own_images: [B; MAX_IMAGES],
    pub(super) army: B,
    pub(super) parity: u32,
    pub(super) near: u32,
    pub(super) rings: Rings<B>,
    /// Whether this was prepared for an aimed node (else it holds nothing).
    pub(super) valid: bool,
    /// The rank of the army that does not move, seen through the node itself (0) and each
    /// image (1 on); `u64::MAX` until a kept child asks for it.
    pub(super) fixed_ranks: [u64; MAX_IMAGES + 1],
    /// The finisher and the side to move at the node.
    pub(super) finisher: usize,
    pub(super) mover: usize,
    /// The helper's pieces in the finisher's goal when it must leave it, and the
    /// finisher's pieces outside its goal, at the node.
    pub(super) blockers: u32,
    pub(super) outside: u32,
    /// What the finisher's parity bound counts of its army.
    pub(super) counts: ParityCounts,
    /// The finisher's pieces outside its goal nearest to the goal.
    pub(super) near_goal: Nearest<B>,
    /// The cells one step from the finisher's pieces outside its goal.
    pub(super) steps: B,
    /// The tight-finish verdict of the helper's moves at the node ([`Cooperative::tight`])
    /// with the moves left it was worked out for.
    pub(super) tight: Option<(u32, Tight<B>)>,
    /// The cells nearest to the rings' set among those the rings measure it to (the
    /// finisher's pieces outside its goal when the helper moves, else the helper's pieces
    /// and the finisher's in its goal); `None` when the rings stop short of the board.
    pub(super) nearest: Option<Nearest<B>>,
}

/// The tight-finish verdict shared by a node's helper moves ([`Cooperative::tight`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Tight<B> {
    /// Whether the node's own occupancy leaves the finisher no entering move.
    pub(super) dead: bool,
    /// The cells the verdict depends on.
    pub(super) halo: B,
}

/// What the bound and the tight-finish check read of a position: both sides' pieces, the
/// side to move and the finisher aimed at.
#[derive(Clone, Copy)]
pub(super) struct View<B> {
    pieces: [B; 2],
    to_move: usize,
    finisher: Option<usize>,
}

impl<B: BitBoard> View<B> {
    /// The view of `node`.
    #[inline]
    pub(super) fn of<G: Geometry<BB = B>>(node: &Node<G>) -> Self {
        View {
            pieces: [node.pos.pieces(0), node.pos.pieces(1)],
            to_move: node.pos.to_move(),
            finisher: node.finisher,
        }
    }
}

impl<G: Geometry> Cooperative<G> {
    /// Works out into `prepared` what the finisher's bound keeps fixed while `node`'s side
    /// to move moves: its parity bound and distance to the goal (for the helper's moves),
    /// and the rings around its pieces outside its goal when the helper moves, or around the
    /// helper's pieces and its own in its goal when it moves (fixed unless the move enters
    /// the goal or moves in it, which the bound then measures anew).
    pub(super) fn prepare(&self, node: &Node<G>, prepared: &mut Prepared<G::BB>) {
        let Some(side) = node.finisher else {
            *prepared = Prepared::default();
            return;
        };
        let pos = &node.pos;
        let (own, other) = (pos.pieces(side), pos.pieces(1 - side));
        let goal = self.goal[side];
        // What depends on the finisher's army alone is kept from the node before when that
        // had the same finisher and army (a sorted layer's neighbours often have).
        if !prepared.valid || prepared.finisher != side || prepared.army != own {
            for (image, cached) in self.images.iter().zip(&mut prepared.own_images) {
                *cached = image.symmetry.apply(own);
            }
            prepared.army = own;
            prepared.parity = self.parity[side].bound(own, G::BB::EMPTY);
            prepared.near = self.approach[side].near(own.without(goal));
            prepared.outside = own.without(goal).count();
            prepared.counts = self.parity[side].counts(own);
            prepared.near_goal = self.approach[side].nearest_to_goal(own.without(goal));
            prepared.steps = Self::steps_from(own.without(goal));
        }
        let (fixed, moving) = if pos.to_move() == side {
            (other | (own & goal), own.without(goal))
        } else {
            (own.without(goal), other | (own & goal))
        };
        // Rings are a function of their set alone.
        if !prepared.valid || prepared.rings.set() != fixed {
            prepared.rings.around::<G>(fixed);
        }
        prepared.nearest = prepared.rings.nearest(moving);
        for ((armies, image), &own_image) in prepared
            .images
            .iter_mut()
            .zip(&self.images)
            .zip(&prepared.own_images)
        {
            let slot = side ^ usize::from(image.trades);
            armies[slot] = own_image;
            armies[1 - slot] = image.symmetry.apply(other);
        }
        prepared.finisher = side;
        prepared.mover = pos.to_move();
        prepared.tight = None;
        prepared.fixed_ranks = [u64::MAX; MAX_IMAGES + 1];
        prepared.blockers = (other & self.full_goal[side]).count();
        prepared.valid = true;
    }

    /// [`Self::bound_with`] of the child of a prepared node ([`Self::prepare`], aimed) where
    /// the piece on `from` of the side to move went to `to`, leaving `pieces`: the same
    /// value, from what the node's terms were, by a few lookups for the cells the move
    /// changes (the finisher's parity counts, its nearest pieces to the goal, the nearest
    /// pieces to the rings), wherever the move leaves the sets the rings measure between
    /// in place (not when the finisher moves into or inside its goal).
    #[inline]
    pub(super) fn bound_after(
        &self,
        p: &Prepared<G::BB>,
        pieces: [G::BB; 2],
        from: usize,
        to: usize,
    ) -> u32 {
        let f = p.finisher;
        let goal = self.goal[f];
        let general = || {
            let view = View {
                pieces,
                to_move: 1 - p.mover,
                finisher: Some(f),
            };
            self.bound_with(view, Some(p))
        };
        let Some(nearest) = p.nearest else {
            return general();
        };
        let approach = &self.approach[f];
        // The fewest steps from the rings' set to the cells it is measured to, after the
        // move took `from` out of those cells and put `to` in.
        let dist = |limit: u32| p.rings.steps_to_cell(to, nearest.without(from).min(limit));
        if p.mover != f {
            // The helper moved: the finisher's army, its parity bound and distance to the
            // goal stay; it is to move.
            let full = self.full_goal[f];
            let blockers = p.blockers + u32::from(full.has(to)) - u32::from(full.has(from));
            let base = p.parity.max(blockers + 1);
            let floor = base.saturating_sub(p.outside);
            let extra = if p.outside == 0 {
                0
            } else {
                approach.extra_from(p.near, true, floor, dist)
            };
            2 * base.max(p.outside + extra) - 1
        } else {
            if goal.has(from) || goal.has(to) {
                return general();
            }
            // The finisher moved outside its goal: the helper is to move.
            let parity = self.parity[f].after_move(&p.counts, from, to);
            let base = parity.max(p.blockers);
            let floor = base.saturating_sub(p.outside);
            let near = match p.near_goal.without(from).min(approach.steps_to_goal(to)) {
                u32::MAX => 0,
                d => d,
            };
            2 * base.max(p.outside + approach.extra_from(near, false, floor, dist))
        }
    }

    /// The cells one step from a cell of `cells`.
    #[inline]
    pub(super) fn steps_from(cells: G::BB) -> G::BB {
        (0..G::OFFSETS.len()).fold(G::BB::EMPTY, |s, i| s | step::<G>(cells, i))
    }

    /// [`Layered::dead_end`] of `view`.
    pub(super) fn dead_end_of(&self, view: View<G::BB>, left: u32) -> bool {
        self.dead_end_with(view, left, None)
    }

    /// [`Self::dead_end_of`] of the child of a prepared node ([`Self::prepare`], aimed)
    /// that leaves `pieces`: only a move of the helper can leave the finisher to move, and
    /// then its pieces outside the goal and the cells one step from them are the node's.
    #[inline]
    pub(super) fn dead_after(
        &self,
        p: &Prepared<G::BB>,
        pieces: [G::BB; 2],
        (from, to): (usize, usize),
        left: u32,
    ) -> bool {
        if p.mover == p.finisher || 2 * p.outside != left + 1 {
            return false;
        }
        if let Some((at, tight)) = p.tight {
            if at == left && !tight.halo.has(from) && !tight.halo.has(to) {
                return tight.dead;
            }
        }
        let view = View {
            pieces,
            to_move: p.finisher,
            finisher: Some(p.finisher),
        };
        self.dead_end_with(view, left, Some(p.steps))
    }

    /// The tight-finish verdict at a prepared node ([`Self::prepare`], aimed) where the
    /// helper is to move, `left + 1` plies before the limit, for all its moves at once: the
    /// verdict of the node's own occupancy, and the cells its computation read (`halo`). A
    /// move of the helper whose two cells lie outside them leaves the verdict as it is:
    /// the goal's free cells, the steps from the finisher's pieces outside the goal, their
    /// first landings and the jump components of the free goal cells are read off cells
    /// within two steps of those pieces and components, and of the goal. `None` with long
    /// jumps (a long jump reads a whole line), when the finisher moves, or when the node
    /// is not tight.
    pub(super) fn tight(
        &self,
        p: &Prepared<G::BB>,
        pieces: [G::BB; 2],
        left: u32,
    ) -> Option<Tight<G::BB>> {
        let side = p.finisher;
        if self.long || p.mover == side || 2 * p.outside != left + 1 {
            return None;
        }
        let goal = self.goal[side];
        let outside = pieces[side].without(goal);
        let occupied = pieces[0] | pieces[1];
        let free_goal = goal.without(occupied);
        if free_goal.is_empty() || p.steps.intersects(free_goal) {
            return Some(Tight {
                dead: free_goal.is_empty(),
                halo: goal,
            });
        }
        let masks = JumpMasks::new::<G>(occupied, G::CELLS.without(occupied));
        let reach = masks.connected::<G>(free_goal);
        let dead = !masks.landings_of::<G>(outside).intersects(reach);
        let read = reach | outside;
        let once = read | Self::steps_from(read);
        Some(Tight {
            dead,
            halo: once | Self::steps_from(once) | goal,
        })
    }

    /// [`Self::dead_end_of`], with the cells one step from the finisher's pieces outside its
    /// goal when they are known.
    pub(super) fn dead_end_with(&self, view: View<G::BB>, left: u32, steps: Option<G::BB>) -> bool {
        let Some(side) = view.finisher.filter(|&s| s == view.to_move) else {
            return false;
        };
        let goal = self.goal[side];
        let outside = view.pieces[side].without(goal);
        if 2 * outside.count() != left + 1 {
            return false;
        }
        let occupied = view.pieces[0] | view.pieces[1];
        let free_goal = goal.without(occupied);
        if free_goal.is_empty() {
            return true;
        }
        let steps = steps.unwrap_or_else(|| Self::steps_from(outside));
        if steps.intersects(free_goal) {
            return false;
        }
        let empty = G::CELLS.without(occupied);
        let masks = JumpMasks::new::<G>(occupied, empty);
        if !self.long {
            // A piece's jump closure is the union of its first landings' jump components.
            return !masks
                .landings_of::<G>(outside)
                .intersects(masks.connected::<G>(free_goal));
        }
        !outside
            .iter()
            .any(|from| long_jump_closure::<G>(from, occupied, empty).intersects(free_goal))
    }
}
