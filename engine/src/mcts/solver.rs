//! MCTS-Solver: game results that are known exactly, and how they climb the tree.
//!
//! What is exact, for any number of sides: a node is a **proven win for side `s`**
//! ([`Exact::Win`]) when `s` wins whatever every other side does —
//! * the position is won: `s` has just moved into a won position (or, with two sides, the
//!   other side has just lost by the yard deadline);
//! * `s` is to move and some child is a proven win for `s` (plies: the shortest such child,
//!   plus one);
//! * another side is to move, every move has been tried and every child is a proven win for
//!   the same `s` (plies: the longest, plus one).
//!
//! With two sides this is the usual solver: a win for one side is a loss for the other. With
//! more, it is the strongest exact statement that needs no model of the other sides: `s` has a
//! strategy that wins against every coalition. A node whose children are all proven but for
//! different winners stays unproven (its mover loses, but who wins depends on how the mover,
//! who no longer cares, picks); selection still scores each proven child exactly.
//!
//! A side that loses by the yard deadline in a game of more than two sides ends the game
//! with a known result that is no one's win: [`Exact::Lost`], scored exactly, never
//! propagated.
//!
//! Draws (all sides passed, third repetition) depend on the path taken, not only on the
//! position (a node may be reached by another path where it is no repetition), so they are
//! never stored: a descent that meets one scores it as a draw there and then. Proofs are
//! built from stored wins and so ignore repetitions inside the proven lines (the usual graph
//! history interaction of transposition tables): a proven line could, in theory, be drawn by
//! a repetition the opponents force; the winning side's moves in such lines make progress, so
//! this does not arise in practice.

use super::exact::Exact;
use super::tree::{Tree, NONE};

/// Tries to prove node `i` from its children (see the module doc); returns whether `i` is
/// proven afterwards.
pub fn try_prove(tree: &mut Tree, i: u32) -> bool {
    let node = tree.node(i);
    if node.exact.is_known() {
        return true;
    }
    if !node.expanded {
        return false;
    }
    let mover = node.mover;
    let mut fastest_own_win: Option<u16> = None;
    let mut common: Option<(u8, u16)> = None;
    let mut all_same = true;
    for e in tree.edges(i) {
        let child = if e.child == NONE {
            Exact::Unknown
        } else {
            tree.node(e.child).exact
        };
        match child {
            Exact::Win { side, plies } if side == mover => {
                fastest_own_win = Some(fastest_own_win.map_or(plies, |p| p.min(plies)));
            }
            Exact::Win { side, plies } => match common {
                None => common = Some((side, plies)),
                Some((s, p)) if s == side => common = Some((s, p.max(plies))),
                Some(_) => all_same = false,
            },
            _ => all_same = false,
        }
    }
    let exact = if let Some(plies) = fastest_own_win {
        Exact::Win {
            side: mover,
            plies: plies + 1,
        }
    } else if let (true, Some((side, plies))) = (all_same, common) {
        Exact::Win {
            side,
            plies: plies + 1,
        }
    } else {
        return false;
    };
    tree.node_mut(i).exact = exact;
    true
}
