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

/// A small, fast random generator (SplitMix64) owned by each search thread.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer below `n` (> 0).
    #[inline(always)]
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }

    /// True with probability `p`.
    #[inline(always)]
    pub fn chance(&mut self, p: f32) -> bool {
        ((self.next_u64() >> 40) as f32) < p * (1u64 << 24) as f32
    }
}

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
