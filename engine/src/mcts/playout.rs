//! The playout policy: fast, allocation-free, cut off after a set number of plies.
//!
//! Each ply is epsilon-greedy on distance gained: with probability `epsilon` a uniformly
//! random legal move, otherwise a move with the largest gain of `u + v` from the mover's home
//! corner (a long jump forward beats a short one; ties are broken at random). Both choices
//! take one pass of the move generator and reservoir sampling, so no move list is built.
//! The playout ends when the game does (scored exactly) or after the cut-off (scored by the
//! evaluation as win probabilities, [`super::value`]); every ply is then taken back.

use super::exact::{draw_rewards, Exact};
use super::value::win_probabilities;
use super::value::Rewards;
use crate::game::{Game, Status};
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

/// Plays the policy from `pos` for at most `policy.plies` plies and returns every side's
/// reward; `pos` is restored before returning.
pub fn playout<P: Game>(
    pos: &mut P,
    eval: &P::Eval,
    policy: &PlayoutPolicy,
    rng: &mut Rng,
) -> Rewards {
    let mut made = 0;
    while made < policy.plies && !pos.status().is_over() {
        let mv = pos.policy_move(eval, policy.epsilon, rng);
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
