//! The cooperative puzzle as the layered search sees it ([`Layered`]): an aimed node's
//! children judged on bitboards without making their moves, stored states turned back into
//! nodes, and states packed into and out of their ranked keys.

use super::bounds::{Prepared, View};
use super::state::Image;
use super::{Cooperative, Node};
use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;
use crate::games::halma::position::Position;
use crate::games::halma::rules::{WinCheck, WinCondition};
#[cfg(doc)]
use crate::games::halma::solve::ida::Puzzle;
use crate::games::halma::solve::layered::{expand_by_moves, Child, Layered};
use crate::moves::Move;
use std::sync::Arc;

impl<G: Geometry> Layered for Cooperative<G> {
    /// What [`Cooperative::prepare`] works out.
    type Scratch = Prepared<G::BB>;

    /// Without a move-counting rule beyond all-in-goal (the solver drops deadline and
    /// repetition; no ply cap, the mover's win alone), an aimed node's children are judged
    /// on bitboards: each move of the rules core's generator (vacate and follow-out
    /// included) changes one army, the child is finished when the mover's pieces all stand
    /// in its goal, its bound follows from the node's terms and the two cells the move
    /// changes ([`Cooperative::bound_after`]), its images' hashes follow the move as
    /// [`Puzzle::make`] would update them, and its canonical image is the node's image with
    /// the move's image made. A node with no move (a pass) goes the general way.
    fn expand(
        &self,
        node: &mut Node<G>,
        prepared: &mut Prepared<G::BB>,
        moves: &mut Vec<Move>,
        (depth, limit): (u32, u32),
        each: &mut impl FnMut(Child<Self::State>),
    ) {
        let rules = node.pos.setup().rules();
        let plain = rules.win_check == WinCheck::Mover
            && rules.ply_cap.is_none()
            && rules.deadline.is_none()
            && !rules.repetition
            && !rules.equal_turns
            && rules.win == WinCondition::AllInGoal;
        let Some(finisher) = node.finisher.filter(|_| plain) else {
            return expand_by_moves(self, node, moves, (depth, limit), each);
        };
        self.prepare(node, prepared);
        let left = limit - depth - 1;
        let pos = &node.pos;
        prepared.tight = self
            .tight(prepared, [pos.pieces(0), pos.pieces(1)], left)
            .map(|t| (left, t));
        let side = pos.to_move();
        let next = 1 - side;
        let aim = if finisher == next { 1 } else { 2 };
        let goal = self.goal[side];
        let keys = pos.setup().keys();
        let turn = keys.turn(side) ^ keys.turn(next);
        let mut any = false;
        pos.generate(|from, targets| {
            for to in targets.iter() {
                any = true;
                let mut pieces = [pos.pieces(0), pos.pieces(1)];
                pieces[side] ^= G::BB::single(from) | G::BB::single(to);
                if pieces[side].without(goal).is_empty() {
                    each(Child::Finished);
                    continue;
                }
                let bound = self.bound_after(prepared, pieces, from, to);
                if bound > left {
                    each(Child::Dropped(depth + 1 + bound.min(u32::MAX / 2)));
                } else if self.dead_after(prepared, pieces, (from, to), left) {
                    each(Child::Dropped(limit + 1));
                } else {
                    let key = pos.key() ^ turn ^ keys.piece(side, from) ^ keys.piece(side, to);
                    let mut images = node.images;
                    self.move_images(&mut images, side, Move::new(from, to));
                    let (hash, image) = self.smallest_of(key, &images);
                    // The image's armies: the parent's image with the move's image made;
                    // the moved army's slot in it.
                    let (imaged, slot) = match image {
                        None => ((pieces[0], pieces[1], next), side),
                        Some(i) => {
                            let Image {
                                symmetry, trades, ..
                            } = &self.images[i];
                            let mut armies = prepared.images[i];
                            let slot = side ^ usize::from(*trades);
                            armies[slot] ^= G::BB::single(symmetry.cell(from))
                                | G::BB::single(symmetry.cell(to));
                            ((armies[0], armies[1], next ^ usize::from(*trades)), slot)
                        }
                    };
                    let (hash, state) = Self::aimed(hash, imaged, aim);
                    let Some(ranks) = &self.ranks else {
                        each(Child::Kept(hash, state));
                        continue;
                    };
                    // The key: the army that did not move has the same rank in every
                    // child seen through the same image (ranked once a node and image).
                    let view = image.map_or(0, |i| i + 1);
                    let armies = [state.0, state.1];
                    if prepared.fixed_ranks[view] == u64::MAX {
                        prepared.fixed_ranks[view] = ranks.rank(armies[1 - slot]);
                    }
                    let mut rank = [0; 2];
                    rank[1 - slot] = prepared.fixed_ranks[view];
                    rank[slot] = ranks.rank(armies[slot]);
                    each(Child::Packed(hash, state, Self::key_of(rank, state.2)));
                }
            }
        });
        if !any {
            expand_by_moves(self, node, moves, (depth, limit), each);
        }
    }

    /// The position of the stored pieces and side to move, with the move counts of a game
    /// `depth` plies old (the rules' options that count moves see the same game), and the
    /// stored aim.
    fn node_of(&self, root: &Node<G>, state: Self::State, depth: u32) -> Node<G> {
        let (pieces, side, counts, finisher) = Self::parts(state, depth);
        let pos = Position::from_parts(root.pos.setup().clone(), pieces, side, counts, 0)
            .expect("a stored state is a valid position");
        let mut node = self.node(pos);
        node.finisher = finisher;
        node
    }

    /// [`Layered::node_of`] in place: the position's parts set anew (its history's memory
    /// kept), the images' hashes and the aim recomputed.
    fn load(&self, root: &Node<G>, state: Self::State, depth: u32, node: &mut Node<G>) {
        let (pieces, side, counts, finisher) = Self::parts(state, depth);
        if !Arc::ptr_eq(node.pos.setup(), root.pos.setup()) {
            node.pos = root.pos.clone();
        }
        node.pos
            .set_parts(pieces, side, counts, 0)
            .expect("a stored state is a valid position");
        self.set_images(node);
        node.finisher = finisher;
    }

    /// The finisher's army rank (side A's when no side is aimed at) times six plus the side
    /// to move and aim (six values) in the high 64 bits, the other army's rank in the low
    /// 64 bits: packed and unpacked without a 128-bit product or division, and a sorted
    /// layer holds the states of one finisher's army together (what its bound needs of
    /// that army alone is then worked out once for them: [`Cooperative::prepare`]).
    #[inline]
    fn pack(&self, (a, b, bits): Self::State) -> Option<u128> {
        let ranks = self.ranks.as_ref()?;
        Some(Self::key_of([ranks.rank(a), ranks.rank(b)], bits))
    }

    #[inline]
    fn unpack(&self, key: u128) -> Option<Self::State> {
        let ranks = self.ranks.as_ref()?;
        let high = (key >> 64) as u64;
        Some(Self::from_armies(
            ranks.unrank(high / 6),
            ranks.unrank(key as u64),
            high,
        ))
    }

    /// The army of the high bits is unranked only when `last` has other high bits.
    #[inline]
    fn unpack_after(&self, key: u128, (last, state): (u128, Self::State)) -> Option<Self::State> {
        let ranks = self.ranks.as_ref()?;
        let high = (key >> 64) as u64;
        if high != (last >> 64) as u64 {
            return self.unpack(key);
        }
        let first = if Self::finisher_is_b(state.2) {
            state.1
        } else {
            state.0
        };
        Some(Self::from_armies(first, ranks.unrank(key as u64), high))
    }

    /// The finisher to move with `2k - 1` plies left, `k` its pieces outside its goal: its
    /// `k` moves in those plies must each bring one of them in (each needs a move of its
    /// own), so when no step or jump chain of a piece outside the goal reaches a free goal
    /// cell there is no line (`docs/solver.md`, *Tight finish*). The steps and jump
    /// closures are those of an unrestricted piece, so the rules' restrictions (camp exit,
    /// follow-out, vacate) can only make more positions dead ends than this finds.
    fn dead_end(&self, node: &Node<G>, left: u32) -> bool {
        self.dead_end_of(View::of(node), left)
    }
}
