//! Perft: the number of leaf nodes of the legal move tree, the move generator's test.
//!
//! `perft(p, 0) = 1`; a finished game has no moves; a forced pass counts as one move. The
//! last ply is counted in bulk ([`GameRules::count_legal_moves`](crate::game::GameRules::count_legal_moves): Halma counts steps and
//! dead-end jumps of all pieces at once, and the other pieces' destination bitboards).
//! Generic over the game.

use crate::game::Game;
use crate::moves::Move;
use rayon::prelude::*;

/// The perft count of `pos` at `depth`.
pub fn perft<P: Game>(pos: &mut P, depth: u32) -> u64 {
    // One move list per ply, reused by every node of that ply: the tree walk allocates
    // only here (measured 4% of the time of a star perft when each node had its own).
    let mut lists: Vec<Vec<Move>> = (1..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_with(pos, depth, &mut lists)
}

/// [`perft`] with a move list for each ply above the last (`lists.len() >= depth - 1`).
fn perft_with<P: Game>(pos: &mut P, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let (moves, deeper) = lists
                .split_first_mut()
                .expect("one move list per ply above the last");
            pos.legal_moves_into(moves);
            let mut total = 0;
            for &mv in moves.iter() {
                pos.make(mv);
                total += perft_with(pos, depth - 1, deeper);
                pos.unmake();
            }
            total
        }
    }
}

/// The perft count below each legal root move, computed in parallel over the root moves
/// (in legal-move order). `on_done` is called once per finished root move, from any thread.
pub fn perft_divide<P: Game>(pos: &P, depth: u32, on_done: impl Fn() + Sync) -> Vec<(Move, u64)> {
    assert!(depth >= 1, "divide needs depth 1 or more");
    pos.legal_moves()
        .into_par_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.make(mv);
            let n = perft(&mut child, depth - 1);
            on_done();
            (mv, n)
        })
        .collect()
}
