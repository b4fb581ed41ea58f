//! Selection: PUCT with priors from the evaluation and a progressive bias toward moves that
//! gain distance.
//!
//! A child `c` of a node whose mover is `m` scores
//! `Q_m(c) + c_puct · P(c) · √N / (1 + n_c) + bias · gain(c) / (1 + n_c)`,
//! where `Q_m` is `m`'s mean reward below `c` (virtual losses count as visits worth 0), `N`
//! and `n_c` the visits of the node and the child, `P` the prior and `gain` the distance the
//! move gains, scaled to 0..=1 within the node. A child never visited takes the parent's
//! mean less `fpu_reduction` as its `Q` (first-play urgency). Both exploration terms fade as
//! the child is visited, the bias faster than the prior's.
//!
//! Solver: a child proven to win for `m` is taken at once (the fastest win); children proven
//! to be won by another side (or lost by `m`) score their exact value and are left alone
//! while any other child remains.

use super::exact::Exact;
use super::tree::{Tree, NONE};

/// The constants of the selection formula.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SelectParams {
    /// Weight of the prior term.
    pub c_puct: f32,
    /// Weight of the progressive distance bias.
    pub bias: f32,
    /// How much less than its parent's mean an unvisited child is worth.
    pub fpu_reduction: f32,
}

/// The edge (arena index) to follow from the expanded node `i` of a `sides`-side game.
pub fn select(tree: &Tree, i: u32, sides: usize, params: &SelectParams) -> u32 {
    let node = tree.node(i);
    let m = node.mover as usize;
    let sqrt_n = (node.effective_visits().max(1) as f32).sqrt();
    let fpu = node.mean(m).unwrap_or(0.5) - params.fpu_reduction;
    let mut best = (f32::MIN, NONE);
    let mut best_settled = (f32::MIN, NONE);
    let mut fastest_win = (u16::MAX, NONE);
    for (k, e) in tree.edges(i).iter().enumerate() {
        let index = node.first_edge + k as u32;
        let (q, n, settled) = if e.child == NONE {
            (fpu, 0, false)
        } else {
            let c = tree.node(e.child);
            match c.exact {
                Exact::Win { side, plies } if side as usize == m => {
                    if plies < fastest_win.0 {
                        fastest_win = (plies, index);
                    }
                    continue;
                }
                Exact::Unknown => (c.mean(m).unwrap_or(fpu), c.effective_visits(), false),
                exact => {
                    let r = exact.rewards(sides).expect("known")[m];
                    (r, c.effective_visits(), true)
                }
            }
        };
        let explore = (params.c_puct * e.prior * sqrt_n + params.bias * e.gain) / (1 + n) as f32;
        let score = q + explore;
        let slot = if settled {
            &mut best_settled
        } else {
            &mut best
        };
        if score > slot.0 {
            *slot = (score, index);
        }
    }
    if fastest_win.1 != NONE {
        fastest_win.1
    } else if best.1 != NONE {
        best.1
    } else {
        best_settled.1
    }
}
