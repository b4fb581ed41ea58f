//! The playout policy: fast, allocation-free, cut off after a set number of plies.
//!
//! Each ply is epsilon-greedy on distance gained: with probability `epsilon` a uniformly
//! random legal move, otherwise a move with the largest gain of `u + v` from the mover's home
//! corner (a long jump forward beats a short one; ties are broken at random). Both choices
//! take one pass of the move generator and reservoir sampling, so no move list is built.
//! The playout ends when the game does (scored exactly) or after the cut-off (scored by the
//! evaluation as win probabilities, [`super::value`]); every ply is then taken back.

use super::solver::{draw_rewards, Exact};
use super::tree::Rewards;
use super::value::win_probabilities;
use crate::bitboard::BitBoard;
use crate::eval::Evaluator;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::position::{Position, Status};
pub use crate::rng::Rng;

/// Parameters of the playout policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutPolicy {
    /// Plies played before the evaluation scores the position.
    pub plies: u32,
    /// Chance of a uniformly random move instead of the greedy one.
    pub epsilon: f32,
    /// Softmax temperature turning evaluation scores into win probabilities (centimoves).
    pub temperature: f32,
}

/// The rewards of a finished game with `status`.
pub fn terminal_rewards(status: Status, sides: usize) -> Rewards {
    Exact::of_status(status, sides)
        .rewards(sides)
        .unwrap_or_else(|| draw_rewards(sides))
}

/// The policy's move in `pos` (an ongoing game): the pass if there is no other.
#[inline]
pub fn choose<G: Geometry>(
    pos: &Position<G>,
    eval: &Evaluator<G>,
    epsilon: f32,
    rng: &mut Rng,
) -> Move {
    let side = pos.to_move();
    let greedy = !rng.chance(epsilon);
    let mut best = Move::PASS;
    let mut best_gain = i32::MIN;
    // Candidates seen with the best gain so far (greedy) or in all (random).
    let mut seen = 0u32;
    pos.generate(|from, targets| {
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

/// Plays the policy from `pos` for at most `policy.plies` plies and returns every side's
/// reward; `pos` is restored before returning.
pub fn playout<G: Geometry>(
    pos: &mut Position<G>,
    eval: &Evaluator<G>,
    policy: &PlayoutPolicy,
    rng: &mut Rng,
) -> Rewards {
    let mut made = 0;
    while made < policy.plies && !pos.status().is_over() {
        let mv = choose(pos, eval, policy.epsilon, rng);
        pos.make(mv);
        made += 1;
    }
    let status = pos.status();
    let rewards = if status.is_over() {
        terminal_rewards(status, pos.sides())
    } else {
        win_probabilities(eval, pos, policy.temperature)
    };
    for _ in 0..made {
        pos.unmake();
    }
    rewards
}
