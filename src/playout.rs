//! A fast, deterministic self-play player that plays like a weak human: no search, mostly
//! the move that brings a piece nearest its goal corner (long jumps forward first), now and
//! then something else. Used to produce positions "from real play" for benchmarks and tests.
//!
//! Progress of a cell for a side is `u + v`, its distance from the side's home corner along
//! both axes; the goal corner is diagonally opposite, so more progress is nearer the goal.

use halma_engine::{Geometry, Move, Position};
use rand::Rng;

/// How a [`WeakPlayer`] picks its moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WeakPlayer {
    /// Chance of playing a uniformly random legal move instead of a greedy one.
    pub blunder: f64,
    /// Chance of playing the second-best gain instead of the best (when it exists).
    pub sloppy: f64,
}

impl Default for WeakPlayer {
    fn default() -> Self {
        WeakPlayer {
            blunder: 0.05,
            sloppy: 0.2,
        }
    }
}

impl WeakPlayer {
    /// The move to play from `pos` (the pass when there is no other), or `None` when the game
    /// is over. `moves` is scratch space, reused to stay allocation-free.
    ///
    /// Greedy choice: the largest gain in progress; among equal gains the piece that lags
    /// furthest behind (a human brings up stragglers); remaining ties at random.
    pub fn choose<G: Geometry>(
        &self,
        pos: &Position<G>,
        rng: &mut impl Rng,
        moves: &mut Vec<Move>,
    ) -> Option<Move> {
        pos.legal_moves_into(moves);
        if moves.is_empty() {
            return None;
        }
        if moves[0].is_pass() {
            return Some(Move::PASS);
        }
        if rng.gen_bool(self.blunder) {
            return Some(moves[rng.gen_range(0..moves.len())]);
        }
        let side = pos.to_move();
        let setup = pos.setup();
        let progress = |cell: usize| {
            let (u, v) = setup.corner_offset(side, cell);
            (u + v) as i32
        };
        // Score: gain first, then lag (lower progress of the origin is better).
        let score = |mv: Move| {
            let gain = progress(mv.to()) - progress(mv.from());
            gain * 64 - progress(mv.from())
        };
        let best_gain = moves
            .iter()
            .map(|&mv| progress(mv.to()) - progress(mv.from()))
            .max()
            .expect("moves is not empty");
        let wanted_gain = if rng.gen_bool(self.sloppy) {
            moves
                .iter()
                .map(|&mv| progress(mv.to()) - progress(mv.from()))
                .filter(|&g| g < best_gain)
                .max()
                .unwrap_or(best_gain)
        } else {
            best_gain
        };
        let candidates = moves
            .iter()
            .filter(|&&mv| progress(mv.to()) - progress(mv.from()) == wanted_gain);
        let top = candidates.clone().map(|&mv| score(mv)).max().unwrap_or(0);
        let ties = candidates.filter(|&&mv| score(mv) == top);
        let n = ties.clone().count();
        ties.copied().nth(rng.gen_range(0..n))
    }

    /// Plays a game from `pos` until it is over or `max_plies` moves have been made, calling
    /// `visit` on every position reached (the starting one included). `pos` is left at the
    /// last position.
    pub fn play<G: Geometry>(
        &self,
        pos: &mut Position<G>,
        rng: &mut impl Rng,
        max_plies: usize,
        mut visit: impl FnMut(&Position<G>),
    ) {
        let mut moves = Vec::new();
        visit(pos);
        for _ in 0..max_plies {
            match self.choose(pos, rng, &mut moves) {
                Some(mv) => pos.make(mv),
                None => return,
            }
            visit(pos);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma_engine::{with_geometry, Rules, Setup, Status};
    use rand::rngs::StdRng;
    use rand::SeedableRng;
    use std::sync::Arc;

    fn game_record(rules: &str, seed: u64) -> (Vec<String>, Status) {
        let rules = Rules::named(rules).unwrap();
        with_geometry!(rules.board, G => {
            let mut pos = Position::<G>::start(Arc::new(Setup::new(rules).unwrap()));
            let mut rng = StdRng::seed_from_u64(seed);
            let mut texts = Vec::new();
            WeakPlayer::default().play(&mut pos, &mut rng, 600, |p| texts.push(p.to_text()));
            (texts, pos.status())
        })
    }

    #[test]
    fn same_seed_same_game_and_games_get_somewhere() {
        for rules in ["halma8", "halma10", "halma16", "halma16-4"] {
            let (a, status) = game_record(rules, 7);
            assert_eq!(a, game_record(rules, 7).0, "{rules}");
            assert_ne!(a, game_record(rules, 8).0, "{rules}");
            // A greedy player finishes two-player games well before the cap.
            if !rules.ends_with("-4") {
                assert!(status.is_over() && a.len() < 600, "{rules}: {status:?}");
            }
        }
    }

    #[test]
    fn greedy_choice_takes_the_longest_forward_move() {
        let rules = Rules::named("halma8").unwrap();
        let pos = Position::<halma_engine::Square<8>>::start(Arc::new(Setup::new(rules).unwrap()));
        let player = WeakPlayer {
            blunder: 0.0,
            sloppy: 0.0,
        };
        let mut rng = StdRng::seed_from_u64(1);
        let mut moves = Vec::new();
        let mv = player.choose(&pos, &mut rng, &mut moves).unwrap();
        let gain = |mv: Move| {
            let (u0, v0) = pos.setup().corner_offset(0, mv.from());
            let (u1, v1) = pos.setup().corner_offset(0, mv.to());
            (u1 + v1) as i32 - (u0 + v0) as i32
        };
        assert!(gain(mv) > 1, "a jump forward exists at the start");
        assert!(moves.iter().all(|&m| gain(m) <= gain(mv)));
    }
}
