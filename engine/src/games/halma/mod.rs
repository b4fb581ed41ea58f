//! Halma and Chinese Checkers (`RULES.md`): square boards of 6 to 16 cells a side for two or
//! four players, the 81-cell diamond and the 121-cell star for two to six, every rule
//! option. One game of the layer among the others, in its own modules: the board shapes
//! (`geometry`), the rule sets (`rules`), what is fixed for one game (`setup`), the position
//! (`position`, `zobrist`), the jump-closure move generator (`movegen`, with CCERL's
//! goal lock in `movegen::goal_lock`), text forms
//! (`notation`), the distance evaluation (`eval`, with the exact `race` ending) and the
//! shortest-game solver (`solve`). They are reached by their path here
//! (`halma_engine::games::halma::position`, …) like any game's; the engine's root
//! re-exports only the types a Halma front end starts from (`Rules`, `Setup`, `Position`,
//! the `Geometry` types).
//!
//! Below: the [`Game`](crate::game::Game) traits for [`Position`], each method the Halma code's own (the bitboard
//! generator, the distance evaluation), so that generic searchers monomorphised for Halma
//! run exactly the code they ran before.

pub mod catalog;
pub mod eval;
pub mod finish;
pub mod futility;
pub mod length;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod race;
pub mod rules;
pub mod setup;
pub mod solve;
pub mod weights;
pub mod zobrist;

use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;
use crate::error::Error;
use crate::game::{
    moves_above_each, Evaluation, GameRules, ProofBudget, SearchHints, Status, Team,
};
use crate::games::halma::eval::{Evaluator, HalmaWeights};
use crate::games::halma::notation::move_text;
use crate::games::halma::position::Position;
use crate::games::halma::setup::Setup;
use crate::moves::Move;
use crate::picture::{CellSpec, Lattice, Mark, Picture, Shape};
use crate::rng::Rng;
use crate::weights::Weights;
use std::sync::Arc;

impl<G: Geometry> GameRules for Position<G> {
    type Setup = Arc<Setup<G>>;

    fn start(setup: &Self::Setup) -> Self {
        Position::start(setup.clone())
    }

    fn from_text_fields(setup: &Self::Setup, fields: &str) -> Result<Self, Error> {
        Position::from_text_fields(setup.clone(), fields)
    }

    fn setup(&self) -> &Self::Setup {
        Position::setup(self)
    }

    fn info(&self) -> &'static crate::games::catalog::GameInfo {
        crate::games::Variant::Halma(*self.setup().rules()).info()
    }

    fn rules_text(&self) -> String {
        self.setup().rules().to_string()
    }

    fn to_text(&self) -> String {
        Position::to_text(self)
    }

    fn diagram(&self) -> String {
        Position::diagram(self)
    }

    /// Squares on the square boards, round holes on the hexagonal lattice for the diamond
    /// and the star; each side's home camp tinted.
    fn picture(&self) -> Picture {
        let board = G::BOARD;
        let (lattice, shape) = if board.is_hex() {
            (Lattice::Hex, Shape::Hole)
        } else {
            (Lattice::Square, Shape::Square)
        };
        let setup = self.setup();
        let cells = board.cells().map(|c| {
            let (x, y) = board.coords(c);
            let mut spec = CellSpec::man(c, (x as i32, y as i32), shape, self.side_at(c));
            if let Some(side) = (0..self.sides()).find(|&s| setup.home(s).has(c)) {
                spec.mark = Mark::Camp(side);
            }
            spec
        });
        Picture::new(lattice, self.sides(), cells)
    }

    fn parse_cell(&self, name: &str) -> Result<usize, Error> {
        G::BOARD.parse_cell(name)
    }

    fn cell_name(&self, cell: usize) -> String {
        G::BOARD.cell_name(cell)
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        Position::parse_move(self, text)
    }

    fn move_text(&self, mv: Move) -> String {
        move_text(G::BOARD, mv)
    }

    fn path_text(&self, mv: Move) -> String {
        Position::path_text(self, mv)
    }

    #[inline(always)]
    fn sides(&self) -> usize {
        Position::sides(self)
    }

    #[inline(always)]
    fn to_move(&self) -> usize {
        Position::to_move(self)
    }

    #[inline(always)]
    fn status(&self) -> Status {
        Position::status(self)
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        Position::key(self)
    }

    /// With a yard deadline the move counts decide a position's value too: they are mixed
    /// into the key.
    #[inline(always)]
    fn search_key(&self) -> u64 {
        let mut key = Position::key(self);
        if self.setup().rules().deadline.is_some() {
            let mut counts = 0u64;
            for side in 0..Position::sides(self) {
                counts = counts.wrapping_mul(1 << 12) + Position::move_count(self, side);
            }
            key ^= counts.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        }
        key
    }

    #[inline(always)]
    fn move_count(&self, side: usize) -> u64 {
        Position::move_count(self, side)
    }

    fn history(&self) -> impl Iterator<Item = Move> + '_ {
        Position::history(self)
    }

    #[inline(always)]
    fn make(&mut self, mv: Move) {
        Position::make(self, mv)
    }

    #[inline(always)]
    fn unmake(&mut self) {
        Position::unmake(self)
    }

    fn cells(&self) -> usize {
        G::BB::CAPACITY
    }

    #[inline(always)]
    fn side_at(&self, cell: usize) -> Option<usize> {
        Position::side_at(self, cell)
    }

    #[inline(always)]
    fn for_each_move(&self, mut emit: impl FnMut(Move)) {
        self.generate(|from, targets| {
            for to in targets.iter() {
                emit(Move::new(from, to));
            }
        });
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        Position::legal_moves_into(self, out)
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        Position::count_legal_moves(self)
    }

    fn is_legal(&self, mv: Move) -> bool {
        Position::is_legal(self, mv)
    }
}

impl<G: Geometry> Evaluation for Position<G> {
    type Eval = Evaluator<G>;

    fn default_weights() -> Weights {
        HalmaWeights::default().to_set()
    }

    fn evaluator(&self, weights: &Weights) -> Self::Eval {
        Evaluator::new(self.setup(), HalmaWeights::from_set(weights))
    }

    /// The opponent share only from the root side's race lead `opponent_lead` on
    /// ([`HalmaWeights::at_lead`]).
    fn root_evaluator(&self, weights: &Weights) -> Self::Eval {
        let weights = HalmaWeights::from_set(weights).at_lead(Position::race_lead(self));
        Evaluator::new(self.setup(), weights)
    }

    fn opponent_share(&self, eval: &Self::Eval) -> i32 {
        eval.weights().opponent
    }

    #[inline(always)]
    fn evaluate(&self, eval: &Self::Eval, team: Team) -> i32 {
        eval.evaluate(self, team)
    }

    fn side_score(&self, eval: &Self::Eval, side: usize) -> i32 {
        eval.side_score(self, side, eval.is_pure_race(self))
    }

    fn distance_to_go(&self, eval: &Self::Eval, side: usize) -> i32 {
        eval.cells_to_go(self, side)
    }

    fn tempo(&self, eval: &Self::Eval) -> i32 {
        eval.weights().mcts_tempo
    }

    /// The move's progress `u + v` away from the mover's home corner.
    #[inline(always)]
    fn move_gain(&self, eval: &Self::Eval, mover: usize, mv: Move) -> i32 {
        if mv.is_pass() {
            0
        } else {
            eval.progress(mover, mv.to()) - eval.progress(mover, mv.from())
        }
    }

    #[inline(always)]
    fn for_each_move_gain(&self, eval: &Self::Eval, mut emit: impl FnMut(Move, i32)) {
        let side = Position::to_move(self);
        self.generate(|from, targets| {
            let base = eval.progress(side, from);
            for to in targets.iter() {
                emit(Move::new(from, to), eval.progress(side, to) - base);
            }
        });
    }

    /// The same policy as the trait's, sampling a random move per piece from its target
    /// bitboard (one draw per piece, not per move).
    #[inline]
    fn policy_move(&self, eval: &Self::Eval, epsilon: f32, rng: &mut Rng) -> Move {
        let side = Position::to_move(self);
        let greedy = !rng.chance(epsilon);
        let mut best = Move::PASS;
        let mut best_gain = i32::MIN;
        // Candidates seen with the best gain so far (greedy) or in all (random).
        let mut seen = 0u32;
        self.generate(|from, targets| {
            if greedy {
                let base = eval.progress(side, from);
                for to in targets.iter() {
                    let gain = eval.progress(side, to) - base;
                    if gain > best_gain {
                        best_gain = gain;
                        seen = 1;
                        best = Move::new(from, to);
                    } else if gain == best_gain {
                        seen += 1;
                        if rng.below(seen) == 0 {
                            best = Move::new(from, to);
                        }
                    }
                }
            } else {
                let n = targets.count();
                seen += n;
                if rng.below(seen) < n {
                    let k = rng.below(n);
                    let to = targets.iter().nth(k as usize).expect("k < count");
                    best = Move::new(from, to);
                }
            }
        });
        best
    }
}

impl<G: Geometry> SearchHints for Position<G> {
    fn moves_left(&self, eval: &Self::Eval) -> Option<u32> {
        let side = self.to_move();
        let start = eval.pieces_to_go(self.setup().home(side), side).0;
        let to_go = eval.cells_to_go(self, side);
        let (start, to_go) = (start.max(0) as u32, to_go.max(0) as u32);
        Some(length::moves_left(start, to_go, self.move_count(side)))
    }

    fn race_finish(&self, eval: &Self::Eval, budget: &ProofBudget) -> Option<(Move, u32)> {
        finish::root_finish(self, eval, budget)
    }

    #[inline(always)]
    fn futility_slack(&self, eval: &Self::Eval) -> Option<i32> {
        eval.futility_slack(self)
    }

    #[inline(always)]
    fn move_bound(&self, eval: &Self::Eval, mv: Move) -> i32 {
        if mv.is_pass() {
            0
        } else {
            eval.move_bound(self, mv.from(), mv.to())
        }
    }

    /// A piece's targets through the evaluator's frontier filter, a few mask operations a
    /// piece ([`crate::games::halma::futility`]); one bound a move where the weights allow no filter.
    #[inline(always)]
    fn for_each_move_gain_above(
        &self,
        eval: &Self::Eval,
        floor: i64,
        keep: Option<Move>,
        mut emit: impl FnMut(Move, i32),
    ) -> Option<i32> {
        let Some(filter) = eval.frontier_filter(floor) else {
            return moves_above_each(self, eval, floor, keep, emit);
        };
        let side = Position::to_move(self);
        // The table's move, if it is a plain step or jump (one `Move::new` gives back).
        let keep = keep.filter(|k| !k.is_pass() && Move::new(k.from(), k.to()) == *k);
        let mut dropped = None;
        self.generate(|from, targets| {
            let keep_to = keep.filter(|k| k.from() == from).map(|k| k.to());
            let kept;
            (kept, dropped) = eval.split_targets(self, &filter, from, targets, keep_to, dropped);
            let base = eval.progress(side, from);
            for to in kept.iter() {
                emit(Move::new(from, to), eval.progress(side, to) - base);
            }
        });
        dropped
    }
}
