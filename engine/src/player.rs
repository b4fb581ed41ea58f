//! The one interface every searcher offers to front ends (the UGI loop, the course adapter,
//! the tournament runner): [`Engine`], object-safe per geometry, and the [`Report`] it
//! sends while thinking. Generic over the game, so one engine type serves every game.
//!
//! The alpha-beta [`Searcher`] and the MCTS [`Mcts`] implement it here; an external program
//! driven over a protocol can implement it too, so that whoever plays a game sees only
//! `Box<dyn Engine<G>>`.

use crate::error::Error;
use crate::game::{ensure_ongoing, Game};
use crate::mcts::Mcts;
use crate::moves::Move;
use crate::rng::Rng;
use crate::search::{nps, Iteration, Limits, Outcome, Score, Searcher};
use std::time::Duration;

/// What a searcher reports while it thinks (after each alpha-beta iteration, now and then
/// for MCTS): the fields both searchers share.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Depth in plies (alpha-beta: the completed iteration; MCTS: the principal variation's
    /// length).
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// The best move's score, side to move's view; `None` when the search has none: MCTS
    /// stopped before the move's first playout (`go nodes 0`, a `stop` at once).
    pub score: Option<Score>,
    /// The best move's chance of winning for the side to move, when the searcher estimates
    /// it (MCTS, once the move has had a playout).
    pub win_rate: Option<f32>,
    /// Nodes searched (playouts for MCTS).
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the table (or tree budget) in use.
    pub hashfull: u32,
    /// The principal variation, the best move first.
    pub pv: Vec<Move>,
}

impl Report {
    /// The report of one alpha-beta iteration or MCTS progress report (its best line).
    pub fn from_iteration(it: &Iteration, win_rate: Option<f32>) -> Report {
        let best = &it.lines[0];
        Report {
            depth: it.depth,
            seldepth: it.seldepth,
            score: Some(best.score),
            win_rate,
            nodes: it.nodes,
            time: it.time,
            hashfull: it.hashfull,
            pv: best.pv.clone(),
        }
    }

    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.time)
    }
}

/// A game-playing engine for the game (position type) `P`: searches positions within limits, and may keep
/// what it learnt from one move of a game to the next.
pub trait Engine<P: Game>: Send {
    /// Finds a move for `pos` within `limits`, calling `report` while it thinks. An error if
    /// there is nothing to search (the game is over) or the engine failed.
    fn search(
        &mut self,
        pos: &P,
        limits: &Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Result<Outcome, Error>;

    /// Forgets everything learnt: a new game starts.
    fn new_game(&mut self);

    /// `mv` was played in the current game (by anyone); engines that keep state between
    /// moves may follow the game with it.
    fn played(&mut self, _mv: Move) {}
}

impl<P: Game> Engine<P> for Searcher {
    fn search(
        &mut self,
        pos: &P,
        limits: &Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Result<Outcome, Error> {
        Searcher::search(self, pos, limits, |it| {
            report(&Report::from_iteration(it, None))
        })
    }

    fn new_game(&mut self) {
        self.clear();
    }
}

impl<P: Game> Engine<P> for Mcts {
    fn search(
        &mut self,
        pos: &P,
        limits: &Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Result<Outcome, Error> {
        Mcts::search(self, pos, limits, |r| {
            let searched = r.root_moves.first().is_some_and(|m| m.is_searched());
            let mut out = Report::from_iteration(&r.iteration, searched.then_some(r.win_rate));
            if !searched {
                out.score = None;
            }
            report(&out)
        })
    }

    fn new_game(&mut self) {
        self.clear();
    }
}

/// The weakest player: a uniformly random legal move, the baseline every engine must beat.
/// Its generator runs on from game to game, so successive games differ; `seed` makes a
/// tournament reproducible.
#[derive(Clone, Debug)]
pub struct RandomMover {
    rng: Rng,
}

impl RandomMover {
    /// A random mover started from `seed`.
    pub fn new(seed: u64) -> RandomMover {
        RandomMover {
            rng: Rng::new(seed),
        }
    }
}

impl<P: Game> Engine<P> for RandomMover {
    fn search(
        &mut self,
        pos: &P,
        _limits: &Limits,
        _report: &mut dyn FnMut(&Report),
    ) -> Result<Outcome, Error> {
        let started = std::time::Instant::now();
        ensure_ongoing(pos)?;
        let moves = pos.legal_moves();
        let best = moves[self.rng.below(moves.len() as u32) as usize];
        Ok(Outcome {
            best,
            score: Score::Centimoves(0),
            depth: 0,
            pv: vec![best],
            nodes: 1,
            time: started.elapsed(),
        })
    }

    fn new_game(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Square;
    use crate::games::halma::position::Position;
    use crate::{mcts, search, Rules, Setup};
    use std::sync::Arc;

    type Halma8 = Position<Square<8>>;

    /// Both searchers answer a legal move through the trait object and report at least once.
    #[test]
    fn both_searchers_play_through_the_trait() {
        let setup = Arc::new(Setup::<Square<8>>::new(Rules::named("halma8").unwrap()).unwrap());
        let pos = Position::start(setup);
        let engines: Vec<(Box<dyn Engine<Halma8>>, Limits)> = vec![
            (
                Box::new(Searcher::new(search::Options::default())),
                Limits::depth(2),
            ),
            (
                Box::new(Mcts::new(mcts::Options::default())),
                Limits {
                    nodes: Some(200),
                    ..Limits::default()
                },
            ),
        ];
        let engines = engines.into_iter().chain([(
            Box::new(RandomMover::new(7)) as Box<dyn Engine<Halma8>>,
            Limits::default(),
        )]);
        for (mut engine, limits) in engines {
            let mut reports = 0;
            let out = engine
                .search(&pos, &limits, &mut |r| {
                    reports += 1;
                    assert!(!r.pv.is_empty());
                })
                .unwrap();
            assert!(reports > 0 || out.depth == 0);
            assert!(pos.is_legal(out.best));
            engine.new_game();
        }
    }
}
