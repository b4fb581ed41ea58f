//! Expansion: a new node's children, with priors from the evaluation and distance gains.
//!
//! The prior of a move is a softmax, at `temperature` centimoves, of how much it changes the
//! mover's own standing ([`Evaluation::side_score`](crate::game::Evaluation::side_score)); a move that wins at once gets a prior as
//! if it gained a hundred moves. The gain (for the progressive bias) is the move's progress
//! ([`Evaluation::move_gain`](crate::game::Evaluation::move_gain): in Halma `u + v` away from the mover's home corner), negative gains counted as 0, scaled so that the
//! node's best gain is 1.

use super::tree::{Edge, NONE};
use crate::game::{Game, Status};
use crate::moves::Move;

/// Standing change credited to a move that wins at once, in centimoves.
const WINNING_MOVE: f32 = 10_000.0;

/// Writes the children of `pos` (an ongoing game) into `out`; `moves` is scratch space.
/// `pos` is restored before returning.
pub fn children<P: Game>(
    pos: &mut P,
    eval: &P::Eval,
    temperature: f32,
    moves: &mut Vec<Move>,
    out: &mut Vec<Edge>,
) {
    pos.legal_moves_into(moves);
    out.clear();
    let mover = pos.to_move();
    let base = pos.side_score(eval, mover);
    let mut top_logit = f32::MIN;
    let mut top_gain = 1;
    for &mv in moves.iter() {
        let gain = pos.move_gain(eval, mover, mv);
        pos.make(mv);
        let mut logit = (pos.side_score(eval, mover) - base) as f32;
        if pos.status() == Status::Won(mover) {
            logit += WINNING_MOVE;
        }
        pos.unmake();
        let logit = logit / temperature;
        top_logit = top_logit.max(logit);
        top_gain = top_gain.max(gain);
        out.push(Edge {
            mv,
            prior: logit,
            gain: gain.max(0) as f32,
            child: NONE,
        });
    }
    let mut total = 0.0;
    for e in out.iter_mut() {
        e.prior = (e.prior - top_logit).exp();
        total += e.prior;
        e.gain /= top_gain as f32;
    }
    for e in out.iter_mut() {
        e.prior /= total;
    }
}
