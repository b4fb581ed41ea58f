//! What the per-cell references of the relatives share: perft over a move list, and the
//! end tests of the common conventions (RULES-relatives.md) for a race of two sides.

use halma_engine::Status;

/// A reference position: its legal moves (the pass included when forced, none when the
/// game is over) and playing one.
pub trait Reference: Clone {
    /// A move of the reference.
    type Move;

    /// The legal moves.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays `mv` (legal here) and sets the status after it.
    fn play(&mut self, mv: Self::Move);

    /// The perft count at `depth`: the leaves of the tree of legal moves, a copy a node.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| {
                let mut child = self.clone();
                child.play(mv);
                child.perft(depth - 1)
            })
            .sum()
    }
}

/// The status after `mover` moved, by the conventions' order: it wins if `home_coming`;
/// two passes in a row draw; the present (the last of `seen`, every arrangement with its
/// side to move so far) occurring the third time draws.
pub fn race_status<T: PartialEq>(
    mover: usize,
    home_coming: bool,
    passes: usize,
    seen: &[T],
) -> Status {
    let present = seen.last().expect("the present is recorded");
    if home_coming {
        Status::Won(mover)
    } else if passes >= 2 {
        Status::DrawByPasses
    } else if seen.iter().filter(|&s| s == present).count() >= 3 {
        Status::DrawByRepetition
    } else {
        Status::Ongoing
    }
}

/// The positions of a game from `start` in the playout policy
/// ([`Game::policy_move`](halma_engine::Game::policy_move): with chance `epsilon` a random
/// move, else one of largest gain), seeded by `seed`, until it ends or after `cap` plies;
/// the start first.
pub fn policy_game<P: halma_engine::Game>(start: P, seed: u64, epsilon: f32, cap: usize) -> Vec<P> {
    let mut p = start;
    let eval = p.evaluator(&halma_engine::eval::Weights::default());
    let mut rng = halma_engine::rng::Rng::new(seed);
    let mut out = vec![p.clone()];
    while !p.status().is_over() && out.len() <= cap {
        let mv = p.policy_move(&eval, epsilon, &mut rng);
        p.make(mv);
        out.push(p.clone());
    }
    out
}
