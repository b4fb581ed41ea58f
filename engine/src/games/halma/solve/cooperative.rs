//! The cooperative puzzle: two sides move alternately, both helping, until one of them has
//! every piece in its goal camp. Positions and moves are the rules core's own
//! ([`Position::make`], [`Position::legal_moves_into`]), so every rule option of the rule
//! set applies (the caller turns the win into all-in-goal and drops deadline and repetition).

use super::bound::{ApproachBound, Nearest, ParityBound, ParityCounts, Rings};
use super::ida::Puzzle;
use super::layered::{expand_by_moves, Child, Layered};
use super::pack::ArmyRank;
use super::solitaire::progress;
use super::symmetry::{ImageKeys, Symmetry};
use crate::bitboard::BitBoard;
use crate::game::MAX_SIDES;
use crate::geometry::{step, Geometry};
use crate::movegen::{long_jump_closure, JumpMasks};
use crate::moves::Move;
use crate::position::{Position, Status};
use crate::rules::{JumpKind, WinCheck, WinCondition};
use crate::setup::Setup;
use std::sync::Arc;

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

/// A symmetry of the game, whether it trades the sides, and the keys of positions seen
/// through it.
struct Image {
    symmetry: Symmetry,
    trades: bool,
    keys: ImageKeys,
}

impl Image {
    /// The image of a state with side A's pieces `a`, side B's `b` and `side` to move.
    fn state<B: BitBoard>(&self, a: B, b: B, side: usize) -> (B, B, usize) {
        let (a, b) = (self.symmetry.apply(a), self.symmetry.apply(b));
        if self.trades {
            (b, a, 1 - side)
        } else {
            (a, b, side)
        }
    }
}

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

/// Hash keys of the aim a table state carries: none, the side to move finishes, the other
/// side finishes (what the table proves of a state holds for its aim only).
const AIM_KEYS: [u64; 3] = [0, 0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b];

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

    /// Computes the hashes of `node`'s images from its position.
    fn set_images(&self, node: &mut Node<G>) {
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
    fn parts(
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
    fn key_of([a, b]: [u64; 2], bits: u8) -> u128 {
        let (first, second) = if Self::finisher_is_b(bits) {
            (b, a)
        } else {
            (a, b)
        };
        u128::from(first * 6 + u64::from(bits)) << 64 | u128::from(second)
    }

    /// The state of a key's two armies (the finisher's first) and its high 64 bits.
    #[inline]
    fn from_armies(first: G::BB, second: G::BB, high: u64) -> (G::BB, G::BB, u8) {
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
    fn finisher_is_b(bits: u8) -> bool {
        matches!(bits, 3 | 4)
    }

    /// The aim of `node` as its state carries it: 0 none, 1 the side to move finishes, 2
    /// the other side does.
    fn aim_of(node: &Node<G>) -> usize {
        match node.finisher {
            None => 0,
            Some(side) if side == node.pos.to_move() => 1,
            Some(_) => 2,
        }
    }

    /// The smallest of the hashes of `node`'s position and its images, and the image that
    /// has it (`None`: the position itself, which wins ties; see [`super::symmetry`]).
    #[inline]
    fn smallest_image(&self, node: &Node<G>) -> (u64, Option<usize>) {
        self.smallest_of(node.pos.key(), &node.images)
    }

    /// The smallest of a position's hash `key` and its images' `images`, and the image that
    /// has it (`None`: the position itself).
    #[inline]
    fn smallest_of(&self, key: u64, images: &[u64; MAX_IMAGES]) -> (u64, Option<usize>) {
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
    fn update_images(&self, node: &mut Node<G>, side: usize, mv: Move) {
        self.move_images(&mut node.images, side, mv);
    }

    /// [`Self::update_images`] on the hashes alone.
    #[inline]
    fn move_images(&self, images: &mut [u64; MAX_IMAGES], side: usize, mv: Move) {
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
    fn canonical(
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
    fn aimed(
        hash: u64,
        (a, b, side): (G::BB, G::BB, usize),
        aim: usize,
    ) -> (u64, (G::BB, G::BB, u8)) {
        (hash ^ AIM_KEYS[aim], (a, b, (side | aim << 1) as u8))
    }

    /// [`Puzzle::bound`] of `view`, with what `prepared` knows of the finisher's army (its
    /// parity bound and distance to the goal, when the army is the one it was prepared for)
    /// and the approach term's distance read off its rings where they apply.
    #[inline]
    fn bound_with(&self, view: View<G::BB>, prepared: Option<&Prepared<G::BB>>) -> u32 {
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
    fn base_moves(&self, view: &View<G::BB>, side: usize, parity: u32) -> u32 {
        let blockers = (view.pieces[1 - side] & self.full_goal[side]).count();
        parity.max(blockers + u32::from(view.to_move == side))
    }

    /// The bound of `view` without the approach term, in plies: what the beams rank by
    /// ([`Puzzle::rank`]).
    fn coarse_bound(&self, view: View<G::BB>) -> u32 {
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

/// What the bounds and states of one node's children share ([`Cooperative::prepare`]): the
/// node's armies through each image, the finisher's army at the node, its parity bound and
/// its distance to the goal ([`ApproachBound::near`]), and rings around what the moves leave
/// fixed.
#[derive(Clone, Copy, Default)]
pub struct Prepared<B: BitBoard> {
    /// The node's armies seen through each of the puzzle's images (in the image's slots).
    images: [[B; 2]; MAX_IMAGES],
    /// The finisher's army through each image.
    own_images: [B; MAX_IMAGES],
    army: B,
    parity: u32,
    near: u32,
    rings: Rings<B>,
    /// Whether this was prepared for an aimed node (else it holds nothing).
    valid: bool,
    /// The rank of the army that does not move, seen through the node itself (0) and each
    /// image (1 on); `u64::MAX` until a kept child asks for it.
    fixed_ranks: [u64; MAX_IMAGES + 1],
    /// The finisher and the side to move at the node.
    finisher: usize,
    mover: usize,
    /// The helper's pieces in the finisher's goal when it must leave it, and the
    /// finisher's pieces outside its goal, at the node.
    blockers: u32,
    outside: u32,
    /// What the finisher's parity bound counts of its army.
    counts: ParityCounts,
    /// The finisher's pieces outside its goal nearest to the goal.
    near_goal: Nearest<B>,
    /// The cells one step from the finisher's pieces outside its goal.
    steps: B,
    /// The tight-finish verdict of the helper's moves at the node ([`Cooperative::tight`])
    /// with the moves left it was worked out for.
    tight: Option<(u32, Tight<B>)>,
    /// The cells nearest to the rings' set among those the rings measure it to (the
    /// finisher's pieces outside its goal when the helper moves, else the helper's pieces
    /// and the finisher's in its goal); `None` when the rings stop short of the board.
    nearest: Option<Nearest<B>>,
}

/// The tight-finish verdict shared by a node's helper moves ([`Cooperative::tight`]).
#[derive(Clone, Copy, Debug)]
struct Tight<B> {
    /// Whether the node's own occupancy leaves the finisher no entering move.
    dead: bool,
    /// The cells the verdict depends on.
    halo: B,
}

/// What the bound and the tight-finish check read of a position: both sides' pieces, the
/// side to move and the finisher aimed at.
#[derive(Clone, Copy)]
struct View<B> {
    pieces: [B; 2],
    to_move: usize,
    finisher: Option<usize>,
}

impl<B: BitBoard> View<B> {
    /// The view of `node`.
    #[inline]
    fn of<G: Geometry<BB = B>>(node: &Node<G>) -> Self {
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
    fn prepare(&self, node: &Node<G>, prepared: &mut Prepared<G::BB>) {
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
    fn bound_after(&self, p: &Prepared<G::BB>, pieces: [G::BB; 2], from: usize, to: usize) -> u32 {
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
    fn steps_from(cells: G::BB) -> G::BB {
        (0..G::OFFSETS.len()).fold(G::BB::EMPTY, |s, i| s | step::<G>(cells, i))
    }

    /// [`Layered::dead_end`] of `view`.
    fn dead_end_of(&self, view: View<G::BB>, left: u32) -> bool {
        self.dead_end_with(view, left, None)
    }

    /// [`Self::dead_end_of`] of the child of a prepared node ([`Self::prepare`], aimed)
    /// that leaves `pieces`: only a move of the helper can leave the finisher to move, and
    /// then its pieces outside the goal and the cells one step from them are the node's.
    #[inline]
    fn dead_after(
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
    fn tight(&self, p: &Prepared<G::BB>, pieces: [G::BB; 2], left: u32) -> Option<Tight<G::BB>> {
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
    fn dead_end_with(&self, view: View<G::BB>, left: u32, steps: Option<G::BB>) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Diamond, Square, Star};
    use crate::rules::Rules;
    use crate::solve::{solver_rules, Mode};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::sync::Arc;

    /// Along random cooperative games and back, each image's hash kept move by move equals
    /// the Zobrist key of the image's state computed from scratch, and the state the table
    /// stores carries the smallest of the hashes.
    #[test]
    fn image_hashes_follow_the_moves() {
        fn check<G: Geometry>(rules: &str, images: usize) {
            let rules = solver_rules(Rules::parse(rules).expect("rules"), Mode::Cooperative);
            let setup = Arc::new(Setup::<G>::new(rules.expect("cooperative")).expect("setup"));
            let puzzle = Cooperative::new(&setup).with_symmetries(&setup);
            assert_eq!(puzzle.images.len(), images);
            let keys = setup.keys();
            let mut rng = StdRng::seed_from_u64(7);
            let mut node = puzzle.node(Position::start(setup.clone()));
            let start = node.images;
            let (mut moves, mut line) = (Vec::new(), Vec::new());
            for _ in 0..60 {
                puzzle.moves(&node, &mut moves);
                if moves.is_empty() || puzzle.is_done(&node) {
                    break;
                }
                let mv = moves[rng.gen_range(0..moves.len())];
                puzzle.make(&mut node, mv);
                line.push(mv);
                let pos = &node.pos;
                let (a, b, side) = (pos.pieces(0), pos.pieces(1), pos.to_move());
                for (image, &hash) in puzzle.images.iter().zip(&node.images) {
                    let (a, b, side) = image.state(a, b, side);
                    let key = keys.turn(side) ^ keys.pieces(0, a) ^ keys.pieces(1, b);
                    assert_eq!(hash, key, "image hash after {line:?}");
                }
                let (hash, state) = puzzle.state(&node);
                assert_eq!(hash, puzzle.hash(&node));
                assert_eq!(
                    hash,
                    keys.turn(state.2 as usize) ^ keys.pieces(0, state.0) ^ keys.pieces(1, state.1)
                );
                let smallest = node.images[..images]
                    .iter()
                    .fold(pos.key(), |m, &h| m.min(h));
                assert_eq!(hash, smallest);
            }
            assert!(
                line.len() > 10,
                "{:?}: too short a game",
                setup.rules().board
            );
            while let Some(mv) = line.pop() {
                puzzle.unmake(&mut node, mv);
            }
            assert_eq!(node.images, start);
        }
        check::<Square<8>>("halma8", 3);
        check::<Diamond>("diamond", 3);
        check::<Star>("star-2", 3);
        check::<Square<8>>("halma8:jumps=long", 3);
    }

    /// An aimed beam on the 7x7 cooperative game (minimum 15 plies): a line of exactly 15
    /// that finishes; nothing for 14, after searching every kept state to the end; and a
    /// completion with a budget of one node gives up.
    #[test]
    fn aimed_beams_find_the_minimum_and_give_up_at_their_budget() {
        use crate::solve::beam::{self, Aim};
        use crate::solve::ida::Table;
        let rules = solver_rules(Rules::parse("square7").expect("rules"), Mode::Cooperative);
        let setup = Arc::new(Setup::<Square<7>>::new(rules.expect("cooperative")).expect("setup"));
        let puzzle = Cooperative::new(&setup).with_symmetries(&setup);
        let root = puzzle.node(Position::start(setup.clone()));
        let table = Table::new(1 << 20);
        let aim = |length, node_budget| Aim {
            length,
            complete_at: 5,
            node_budget,
        };
        let found = beam::aimed(&puzzle, &root, 100, aim(15, 1 << 30), &table, None);
        let line = found.line.expect("a line of 15");
        assert_eq!(line.len(), 15);
        let mut node = root.clone();
        for (i, &mv) in line.iter().enumerate() {
            assert!(!puzzle.is_done(&node), "finished before ply {i}");
            let mut legal = Vec::new();
            puzzle.moves(&node, &mut legal);
            assert!(legal.contains(&mv), "ply {i}");
            puzzle.make(&mut node, mv);
        }
        assert!(puzzle.is_done(&node));
        let none = beam::aimed(&puzzle, &root, 100, aim(14, 1 << 30), &table, None);
        assert_eq!((none.length(), none.gave_up), (None, false));
        let table = Table::new(1 << 20);
        let starved = beam::aimed(&puzzle, &root, 100, aim(15, 1), &table, None);
        assert_eq!((starved.length(), starved.gave_up), (None, true));
    }
    /// Along random games on every board that packs, each state (with each aim) comes
    /// back from its key, and distinct states have distinct keys.
    #[test]
    fn states_pack_one_to_one() {
        fn check<G: Geometry>(rules: &str, packs: bool) {
            let rules = solver_rules(Rules::parse(rules).expect("rules"), Mode::Cooperative);
            let setup = Arc::new(Setup::<G>::new(rules.expect("cooperative")).expect("setup"));
            let puzzle = Cooperative::new(&setup);
            let mut rng = StdRng::seed_from_u64(11);
            let mut node = puzzle.node(Position::start(setup.clone()));
            let mut keys = std::collections::HashMap::new();
            let mut moves = Vec::new();
            for _ in 0..80 {
                for finisher in [None, Some(0), Some(1)] {
                    node.finisher = finisher;
                    let state = puzzle.state(&node).1;
                    let key = puzzle.pack(state);
                    assert_eq!(key.is_some(), packs);
                    if let Some(key) = key {
                        assert_eq!(puzzle.unpack(key), Some(state));
                        // After a key with the same high bits (the finisher's army, the
                        // side to move, the aim), and after one without.
                        let same_high = (key ^ 1, state);
                        assert_eq!(puzzle.unpack_after(key, same_high), Some(state));
                        let other = (key ^ 1 << 64, (state.1, state.0, state.2));
                        assert_eq!(puzzle.unpack_after(key, other), Some(state));
                        assert_eq!(*keys.entry(key).or_insert(state), state);
                    }
                }
                node.finisher = None;
                puzzle.moves(&node, &mut moves);
                if moves.is_empty() || puzzle.is_done(&node) {
                    break;
                }
                puzzle.make(&mut node, moves[rng.gen_range(0..moves.len())]);
            }
        }
        check::<Square<6>>("square6", true);
        check::<Square<8>>("halma8", true);
        check::<Square<10>>("halma10", true);
        check::<Diamond>("diamond", true);
        check::<Star>("star-2", true);
        check::<Square<16>>("halma16", false);
    }

    /// A node loaded in place ([`Layered::load`]) over one that has played moves is the
    /// node [`Layered::node_of`] makes of the same state: position, key, status, move
    /// counts, no history, images' hashes and aim.
    #[test]
    fn loading_in_place_makes_the_same_node() {
        let rules = solver_rules(Rules::parse("diamond").expect("rules"), Mode::Cooperative);
        let setup = Arc::new(Setup::<Diamond>::new(rules.expect("cooperative")).expect("setup"));
        let puzzle = Cooperative::new(&setup).with_symmetries(&setup);
        let root = puzzle.node(Position::start(setup.clone()));
        let mut rng = StdRng::seed_from_u64(5);
        let mut reused = root.clone();
        let mut moves = Vec::new();
        for round in 0..40 {
            let Some(mut node) = random_node(&puzzle, &setup, &mut rng) else {
                continue;
            };
            node.finisher = [None, Some(0), Some(1)][round % 3];
            let state = puzzle.state(&node).1;
            let depth = rng.gen_range(0..30);
            let made = puzzle.node_of(&root, state, depth);
            puzzle.load(&root, state, depth, &mut reused);
            assert_eq!(reused.pos.to_text(), made.pos.to_text());
            assert_eq!(reused.pos.key(), made.pos.key());
            assert_eq!(reused.pos.status(), made.pos.status());
            assert_eq!(reused.pos.history().count(), 0);
            assert_eq!(reused.images, made.images);
            assert_eq!(reused.finisher, made.finisher);
            // Play on the reused node, so that the next load starts from a history.
            puzzle.moves(&reused, &mut moves);
            if let Some(&mv) = moves.first() {
                puzzle.make(&mut reused, mv);
            }
        }
    }

    /// The node after up to 90 random moves from the start, unless the game ended.
    fn random_node<G: Geometry>(
        puzzle: &Cooperative<G>,
        setup: &Arc<Setup<G>>,
        rng: &mut StdRng,
    ) -> Option<Node<G>> {
        let mut node = puzzle.node(Position::start(setup.clone()));
        let mut moves = Vec::new();
        for _ in 0..rng.gen_range(0..90) {
            puzzle.moves(&node, &mut moves);
            if puzzle.is_done(&node) {
                return None;
            }
            puzzle.make(&mut node, moves[rng.gen_range(0..moves.len())]);
        }
        (!puzzle.is_done(&node)).then_some(node)
    }

    /// Along random games (adjacent and long jumps, four boards), for each aim: the bound
    /// of every child read off the parent's prepared rings, and (aimed) the bound after the
    /// move from the parent's terms ([`Cooperative::bound_after`]), equal the bound
    /// measured anew,
    /// and the tight-finish check (by jump components, for all pieces at once) drops a
    /// position exactly when no piece outside the goal reaches a free goal cell by a step
    /// or its own jump closure, the per-piece definition.
    #[test]
    fn prepared_bounds_and_bulk_dead_ends_match_their_definitions() {
        use crate::movegen::{jump_closure, step_targets};
        fn dead_by_pieces<G: Geometry>(pos: &Position<G>, side: usize) -> bool {
            let goal = pos.setup().goal(side);
            let occupied = pos.pieces(0) | pos.pieces(1);
            let free_goal = goal.without(occupied);
            let empty = G::CELLS.without(occupied);
            let masks = JumpMasks::new::<G>(occupied, empty);
            let long = pos.setup().rules().jumps == JumpKind::Long;
            !pos.pieces(side).without(goal).iter().any(|from| {
                let jumps = if long {
                    long_jump_closure::<G>(from, occupied, empty)
                } else {
                    jump_closure::<G>(from, &masks)
                };
                (step_targets::<G>(from, empty) | jumps).intersects(free_goal)
            })
        }
        fn check<G: Geometry>(rules: &str, seed: u64) -> (usize, usize) {
            let rules = solver_rules(Rules::parse(rules).expect("rules"), Mode::Cooperative);
            let setup = Arc::new(Setup::<G>::new(rules.expect("cooperative")).expect("setup"));
            let puzzle = Cooperative::new(&setup);
            let long = puzzle.long;
            let mut rng = StdRng::seed_from_u64(seed);
            let mut children = Vec::new();
            let mut prepared = Prepared::default();
            let (mut dead, mut live, mut checked, mut shared) = (0, 0, 0, 0);
            for _ in 0..30 {
                let Some(mut node) = random_node(&puzzle, &setup, &mut rng) else {
                    continue;
                };
                for finisher in [None, Some(0), Some(1)] {
                    node.finisher = finisher;
                    puzzle.prepare(&node, &mut prepared);
                    let parent = [node.pos.pieces(0), node.pos.pieces(1)];
                    let tights: Vec<_> = (0..24)
                        .map(|left| finisher.and_then(|_| puzzle.tight(&prepared, parent, left)))
                        .collect();
                    puzzle.moves(&node, &mut children);
                    for &mv in &children {
                        puzzle.make(&mut node, mv);
                        if !puzzle.is_done(&node) {
                            let bound = puzzle.bound(&node);
                            assert_eq!(puzzle.bound_with(View::of(&node), Some(&prepared)), bound);
                            if finisher.is_some() && !mv.is_pass() {
                                let pieces = [node.pos.pieces(0), node.pos.pieces(1)];
                                let after =
                                    puzzle.bound_after(&prepared, pieces, mv.from(), mv.to());
                                assert_eq!(after, bound, "{mv:?} aimed at {finisher:?}");
                                for left in 1..24 {
                                    prepared.tight = tights[left as usize].map(|t| (left, t));
                                    let ends = (mv.from(), mv.to());
                                    assert_eq!(
                                        puzzle.dead_after(&prepared, pieces, ends, left),
                                        puzzle.dead_end(&node, left),
                                        "{mv:?} with {left} left"
                                    );
                                    shared += usize::from(prepared.tight.is_some_and(|(_, t)| {
                                        !t.halo.has(mv.from()) && !t.halo.has(mv.to())
                                    }));
                                }
                                checked += 1;
                            }
                            let to_move = node.pos.to_move();
                            let outside = node.pos.pieces(to_move).without(puzzle.goal[to_move]);
                            if finisher == Some(to_move) && !outside.is_empty() {
                                let side = to_move;
                                let left = 2 * outside.count() - 1;
                                let by_pieces = dead_by_pieces(&node.pos, side);
                                assert_eq!(puzzle.dead_end(&node, left), by_pieces);
                                if by_pieces {
                                    dead += 1;
                                } else {
                                    live += 1;
                                }
                            }
                        }
                        puzzle.unmake(&mut node, mv);
                    }
                }
            }
            assert!(checked > 100, "{checked} bounds after a move");
            assert!(shared > 0 || long, "no verdict shared by a node's moves");
            (dead, live)
        }
        for (dead, live) in [
            check::<Square<6>>("square6", 1),
            check::<Square<8>>("halma8", 2),
            check::<Diamond>("diamond", 3),
            check::<Star>("star-2", 4),
            check::<Square<8>>("halma8:jumps=long", 5),
        ] {
            assert!(dead > 0 && live > 0, "{dead} dead, {live} live");
        }
    }

    /// Along random games on four boards (adjacent and long jumps), for each aim and a few
    /// limits: the children [`Layered::expand`] judges on bitboards are the children the
    /// general way ([`expand_by_moves`]: make, judge, unmake) judges, with the same
    /// verdicts, hashes and states, and the keys it gives the kept ones are their packed
    /// states.
    #[test]
    fn expand_on_bitboards_matches_making_the_moves() {
        /// Finished children, the dropped ones' totals, the kept ones' hashes and states.
        type Verdicts = (usize, Vec<u32>, Vec<(u64, String)>);
        fn verdicts<S: std::fmt::Debug>(each: impl FnOnce(&mut dyn FnMut(Child<S>))) -> Verdicts {
            let mut out = (0, Vec::new(), Vec::new());
            each(&mut |child| match child {
                Child::Finished => out.0 += 1,
                Child::Dropped(total) => out.1.push(total),
                Child::Kept(hash, state) | Child::Packed(hash, state, _) => {
                    out.2.push((hash, format!("{state:?}")))
                }
            });
            out.1.sort_unstable();
            out.2.sort_unstable();
            out
        }
        fn check<G: Geometry>(rules: &str, seed: u64) -> usize {
            let rules = solver_rules(Rules::parse(rules).expect("rules"), Mode::Cooperative);
            let setup = Arc::new(Setup::<G>::new(rules.expect("cooperative")).expect("setup"));
            let puzzle = Cooperative::new(&setup).with_symmetries(&setup);
            let mut rng = StdRng::seed_from_u64(seed);
            let mut moves = Vec::new();
            let mut prepared = Prepared::default();
            let mut kept = 0;
            for _ in 0..40 {
                let Some(mut node) = random_node(&puzzle, &setup, &mut rng) else {
                    continue;
                };
                let bound = puzzle.bound(&node);
                for finisher in [None, Some(0), Some(1)] {
                    node.finisher = finisher;
                    for limit in [bound + 1, bound + 2, bound + 5] {
                        let at = (2, limit + 2);
                        let mut packed = 0;
                        let fast = verdicts(|each| {
                            puzzle.expand(&mut node, &mut prepared, &mut moves, at, &mut |c| {
                                if let Child::Packed(_, state, key) = c {
                                    assert_eq!(puzzle.pack(state), Some(key));
                                    packed += 1;
                                }
                                each(c)
                            })
                        });
                        assert!(packed == fast.2.len() || finisher.is_none());
                        let slow = verdicts(|each| {
                            expand_by_moves(&puzzle, &mut node, &mut moves, at, &mut |c| each(c))
                        });
                        assert_eq!(fast, slow);
                        kept += fast.2.len();
                    }
                }
            }
            kept
        }
        assert!(check::<Square<6>>("square6", 1) > 0);
        assert!(check::<Square<8>>("halma8", 2) > 0);
        assert!(check::<Diamond>("diamond", 3) > 0);
        assert!(check::<Star>("star-2", 4) > 0);
        assert!(check::<Square<8>>("halma8:jumps=long", 5) > 0);
    }

    /// The bound of `node` for `finisher` alone (the aimed search's bound).
    fn aimed_bound<G: Geometry>(puzzle: &Cooperative<G>, node: &Node<G>, finisher: usize) -> u32 {
        let mut aimed = node.clone();
        aimed.finisher = Some(finisher);
        puzzle.bound(&aimed)
    }

    /// Along optimal lines (proved minima, found with the bounds before the approach bound),
    /// neither the bound nor the finisher's aimed bound ever exceeds the plies left: a
    /// position `i` plies into a shortest line of `n` is exactly `n - i` from its end.
    #[test]
    fn bounds_never_exceed_the_plies_left_on_optimal_lines() {
        fn check<G: Geometry>(rules: &str, line: &str, start_bound: u32) {
            let rules = solver_rules(Rules::parse(rules).expect("rules"), Mode::Cooperative);
            let setup = Arc::new(Setup::<G>::new(rules.expect("cooperative")).expect("setup"));
            let puzzle = Cooperative::new(&setup);
            let moves: Vec<&str> = line.split_whitespace().collect();
            let n = moves.len() as u32;
            let finisher = (n as usize + 1) % 2;
            let mut node = puzzle.node(Position::start(setup.clone()));
            assert_eq!(puzzle.bound(&node), start_bound, "start of {line}");
            for (i, text) in moves.iter().enumerate() {
                let left = n - i as u32;
                assert!(puzzle.bound(&node) <= left, "ply {i} of {line}");
                assert!(
                    aimed_bound(&puzzle, &node, finisher) <= left,
                    "ply {i} of {line}"
                );
                let mv = node.pos.parse_move(text).expect("a legal move");
                puzzle.make(&mut node, mv);
            }
            assert!(puzzle.is_done(&node));
        }
        check::<Square<6>>(
            "square6",
            "c1-d2 f6-d4 a1-e3 e5-c1 a3-e5 e6-c4 a2-e6 f5-b3 b1-f5 d6-c5 b2-f6 f4-b2 d2-d6 \
             c5-a1 e3-f4",
            15,
        );
        check::<Square<7>>(
            "square7",
            "a1-c3 g7-e5 b1-d3 g6-c4 a2-g6 f6-d2 b2-f6 g5-f4 c3-g7 e7-c5 c1-e7 f7-b3 a3-g5 \
             f4-b2 d3-f7",
            13,
        );
        check::<Square<8>>(
            "halma8",
            "a1-c3 h6-g5 b1-d3 f8-e7 d3-e4 h5-b1 d1-d2 f7-d1 b2-d6 h8-b2 a3-b4 e7-a1 b3-f7 \
             h7-b3 c1-e3 g7-c1 c2-d3 g5-a3 a4-b5 g8-c2 e4-f5 g6-a4 a2-a6 e8-a2",
            23,
        );
        check::<Diamond>(
            "diamond",
            "d1-d2 h8-h6 b1-d3 i6-g6 a3-e3 h7-f7 c2-e4 g9-e7 a2-c4 i9-g5 e4-f4 g6-a2 d3-d4 \
             f9-b1 a4-e6 i8-a4 d4-d5 e7-a3 b2-h8 g8-c2 c1-g7 h9-d1 a1-e7 h6-b2 e7-f6 g5-a1 \
             g7-h7 i7-c1 b3-c3 f7-b3",
            27,
        );
    }
}
