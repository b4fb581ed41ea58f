//! Leaf values: the evaluation turned into every side's probability of winning.
//!
//! Each side's standing ([`Evaluation::side_score`](crate::game::Evaluation::side_score), centimoves, the side to move getting the
//! tempo bonus) goes through a softmax with temperature `T` centimoves:
//! `p_s = exp(score_s / T) / Σ exp(score_t / T)`. With two sides this is the logistic curve
//! of the score difference (a lead of `T` centimoves wins 73% of the time); with more, a side
//! level with all the others gets `1/n`. [`centimoves`] inverts it for reports.

use crate::game::{Game, MAX_SIDES};

/// Per-side rewards (or sums of them); only the first `sides` entries are used.
pub type Rewards = [f32; MAX_SIDES];

/// Every side's probability of winning `pos` (an ongoing game) by the evaluation.
pub fn win_probabilities<P: Game>(eval: &P::Eval, pos: &P, temperature: f32) -> Rewards {
    let sides = pos.sides();
    let mut scores = [0.0f32; MAX_SIDES];
    for (side, s) in scores.iter_mut().enumerate().take(sides) {
        *s = pos.side_score(eval, side) as f32;
    }
    scores[pos.to_move()] += pos.tempo(eval) as f32;
    let top = scores[..sides].iter().copied().fold(f32::MIN, f32::max);
    let mut total = 0.0;
    for s in &mut scores[..sides] {
        *s = ((*s - top) / temperature).exp();
        total += *s;
    }
    for s in &mut scores[..sides] {
        *s /= total;
    }
    scores
}

/// The score in centimoves that [`win_probabilities`] maps to win rate `p` for one side
/// against `sides - 1` sides level with each other (clamped to ±100 moves).
pub fn centimoves(p: f32, sides: usize, temperature: f32) -> i32 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    let x = (p * (sides - 1) as f32 / (1.0 - p)).ln() * temperature;
    x.clamp(-10_000.0, 10_000.0).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centimoves_inverts_the_softmax_of_a_lead() {
        for sides in [2, 3, 4, 6] {
            for lead in [-500.0f32, 0.0, 120.0] {
                let t = 300.0;
                let p = (lead / t).exp() / ((lead / t).exp() + (sides - 1) as f32);
                assert!((centimoves(p, sides, t) - lead as i32).abs() <= 1);
            }
        }
    }
}
