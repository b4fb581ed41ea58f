//! The evaluation layer of a game ([`Evaluation`]): its own parameter type (the tables a
//! search builds once from the weights a front end set), its static scores, its measure of
//! a move's progress, and the playout policy written once from them.
//!
//! Scores are in *centimoves* (100: one move of the race, in every game). A move's gain
//! ([`Evaluation::move_gain`]) is each game's own measure of progress; the search orders
//! moves by it and corrects reductions by its sign. Its unit is not yet one: Halma counts
//! cells of progress (`u + v`), the relatives their evaluations' centimoves, while the search's
//! ordering and reduction constants assume Halma's cells; making it one changes every
//! relative's search, so it waits for their SPRTs (issues 58 and 59).

use super::rules::GameRules;
use super::Team;
use crate::moves::Move;
use crate::rng::Rng;
use crate::weights::Weights;

/// How a game scores its positions: the evaluation's tables (`Eval`, built once a search
/// from the weights set), the static score and each side's standing, and a move's gain.
pub trait Evaluation: GameRules {
    /// The evaluation's precomputed tables, built once per search.
    type Eval: Send + Sync;

    /// The weights this game's evaluation reads, at the game's own defaults (the others
    /// unset): what a front end shows as their defaults ([`crate::weights`]). By default
    /// the relatives' (the tempo alone).
    fn default_weights() -> Weights {
        Weights::relative_defaults()
    }

    /// The evaluation's tables for this game with the weights `weights` sets over the
    /// game's own defaults (a weight the game does not read is ignored).
    fn evaluator(&self, weights: &Weights) -> Self::Eval;

    /// The evaluation for a search with this position as its root. By default
    /// [`Evaluation::evaluator`]'s; Halma's applies the opponent share only where the root side
    /// leads the race by `opponent_lead` or more. Asked once a search.
    fn root_evaluator(&self, weights: &Weights) -> Self::Eval {
        self.evaluator(weights)
    }

    /// The share, in percent, of the other sides' progress that a score from the root side's
    /// view counts against its own standing (100, the default: the plain difference;
    /// Halma's `opponent` weight). Asked once a search.
    fn opponent_share(&self, _eval: &Self::Eval) -> i32 {
        100
    }

    /// The static score for the side to move, in centimoves, with the sides in `team`.
    fn evaluate(&self, eval: &Self::Eval, team: Team) -> i32;

    /// One side's own standing, in centimoves (higher is better for it): what MCTS turns
    /// into win probabilities and move priors.
    fn side_score(&self, eval: &Self::Eval, side: usize) -> i32;

    /// The side's distance to go, lower is nearer its goal: what a tournament's race
    /// adjudication compares at the ply limit (Halma: the cells to go). By default minus
    /// its standing.
    fn distance_to_go(&self, eval: &Self::Eval, side: usize) -> i32 {
        -self.side_score(eval, side)
    }

    /// The bonus of having the move, in centimoves (added to the side to move's
    /// [`Evaluation::side_score`] when MCTS turns standings into win probabilities).
    fn tempo(&self, _eval: &Self::Eval) -> i32 {
        0
    }

    /// How much `mv` advances `mover` by the game's measure of progress (for move
    /// ordering, late-move reductions and pruning, and the playout policy); 0 if the game
    /// has none. Halma: cells of `u + v`; the relatives: their evaluations' centimoves (see
    /// the module doc).
    #[inline(always)]
    fn move_gain(&self, _eval: &Self::Eval, _mover: usize, _mv: Move) -> i32 {
        0
    }

    /// Calls `emit` with every move of [`GameRules::for_each_move`] and its
    /// [`Evaluation::move_gain`] for the side to move.
    #[inline(always)]
    fn for_each_move_gain(&self, eval: &Self::Eval, mut emit: impl FnMut(Move, i32)) {
        let side = self.to_move();
        self.for_each_move(|mv| emit(mv, self.move_gain(eval, side, mv)));
    }

    /// The playout policy's move (an ongoing game): with chance `epsilon` a uniformly
    /// random legal move, else one of largest gain, ties broken at random; the pass if
    /// there is no other move.
    fn policy_move(&self, eval: &Self::Eval, epsilon: f32, rng: &mut Rng) -> Move {
        let greedy = !rng.chance(epsilon);
        let mut best = Move::PASS;
        let mut best_gain = i32::MIN;
        let mut seen = 0u32;
        self.for_each_move_gain(eval, |mv, gain| {
            let gain = if greedy { gain } else { 0 };
            if gain > best_gain {
                best_gain = gain;
                seen = 1;
                best = mv;
            } else if gain == best_gain {
                seen += 1;
                if rng.below(seen) == 0 {
                    best = mv;
                }
            }
        });
        best
    }
}
