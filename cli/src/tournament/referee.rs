//! The referee: plays one game between engines, checking every move's legality and time,
//! and decides the result by the rules ([`Position::status`]), by forfeit, or by
//! adjudication at the ply limit.
//!
//! Scoring, for any number of sides: a win scores 1 for the winner and 0 for the rest; a
//! draw splits the point evenly; a side that loses alone (the yard deadline, a forfeit)
//! scores 0 and the others split the point.

use super::clock::{Clocks, TimeControl};
use crate::player_spec::PlayerSpec;
use halma_engine::game::{side_letter, status_text};
use halma_engine::player::Engine;
use halma_engine::weights::Weights;
use halma_engine::{Game, Status};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use crate::record::MAX_PLIES;

/// What the referee does with a game that reaches the ply limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Adjudication {
    /// A draw.
    Draw,
    /// The side with the fewest cells to go (the evaluator's distance sum) wins; a tie for
    /// the fewest is a draw.
    Race,
}

/// How games are refereed.
#[derive(Clone, Debug)]
pub struct Referee {
    /// The time control (none: the players' own limits only).
    pub control: Option<TimeControl>,
    /// Time past the allowance tolerated before a move loses on time.
    pub margin: Duration,
    /// Plies after which the game is adjudicated.
    pub max_plies: usize,
    /// How it is adjudicated.
    pub adjudication: Adjudication,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Each side's score.
    pub scores: Vec<f64>,
    /// Why, in words.
    pub reason: String,
    /// The moves played, as text.
    pub moves: Vec<String>,
}

/// Scores when `side` wins (as the rules score a win: [`Status::scores`]).
fn win(sides: usize, side: usize) -> Vec<f64> {
    Status::Won(side).scores(sides)
}

/// Scores when `side` loses alone (a forfeit: scored as a loss by the deadline).
fn loss(sides: usize, side: usize) -> Vec<f64> {
    Status::LostByDeadline(side).scores(sides)
}

/// Scores of a draw.
fn draw(sides: usize) -> Vec<f64> {
    Status::DrawByPasses.scores(sides)
}

impl Referee {
    /// Plays a game from `start` between `engines` (one per side, in side order, or the
    /// error that kept a side's engine from starting). `None` if `abort` was raised.
    pub fn play<P: Game>(
        &self,
        start: &P,
        specs: &[&PlayerSpec],
        mut engines: Vec<Result<Box<dyn Engine<P>>, String>>,
        abort: &Arc<AtomicBool>,
    ) -> Option<Verdict> {
        let sides = start.sides();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        let mut clocks = Clocks::new(self.control, sides, self.margin);
        let forfeit = |side: usize, why: &str, moves: Vec<String>| Verdict {
            scores: loss(sides, side),
            reason: format!(
                "{} ({}) forfeits: {why}",
                side_letter(side),
                specs[side].name
            ),
            moves,
        };
        for (side, engine) in engines.iter_mut().enumerate() {
            match engine {
                Ok(e) => e.new_game(),
                Err(why) => return Some(forfeit(side, &format!("failed to start: {why}"), moves)),
            }
        }
        loop {
            let status = pos.status();
            if status.is_over() {
                return Some(Verdict {
                    scores: status.scores(sides),
                    reason: status_text(status),
                    moves,
                });
            }
            if moves.len() >= self.max_plies {
                let (scores, reason) = self.adjudicate(&pos);
                return Some(Verdict {
                    scores,
                    reason,
                    moves,
                });
            }
            if abort.load(Ordering::Relaxed) {
                return None;
            }
            let side = pos.to_move();
            let mut limits = specs[side].limits(clocks.limits(side));
            limits.stop = abort.clone();
            let engine = engines[side].as_mut().expect("checked at the start");
            let started = Instant::now();
            let answer = engine.search(&pos, &limits, &mut |_| ());
            let used = started.elapsed();
            if abort.load(Ordering::Relaxed) {
                return None;
            }
            let best = match answer {
                Ok(outcome) => outcome.best,
                Err(e) => return Some(forfeit(side, e.message(), moves)),
            };
            if let Err(why) = clocks.charge(side, used) {
                return Some(forfeit(side, &why, moves));
            }
            if !pos.is_legal(best) {
                let why = format!("illegal move {}", pos.move_text(best));
                return Some(forfeit(side, &why, moves));
            }
            moves.push(pos.move_text(best));
            pos.make(best);
            for e in engines.iter_mut().flatten() {
                e.played(best);
            }
        }
    }

    /// The result of a game stopped at the ply limit.
    fn adjudicate<P: Game>(&self, pos: &P) -> (Vec<f64>, String) {
        let sides = pos.sides();
        let head = format!("adjudicated after {} plies", self.max_plies);
        if self.adjudication == Adjudication::Draw {
            return (draw(sides), format!("{head}: draw"));
        }
        let eval = pos.evaluator(&Weights::default());
        let to_go: Vec<i32> = (0..sides).map(|s| pos.distance_to_go(&eval, s)).collect();
        let counts: Vec<String> = to_go
            .iter()
            .enumerate()
            .map(|(s, d)| format!("{} {d}", side_letter(s)))
            .collect();
        let best = *to_go.iter().min().expect("two sides at least");
        let leaders: Vec<usize> = (0..sides).filter(|&s| to_go[s] == best).collect();
        let counts = counts.join(", ");
        match leaders[..] {
            [s] => (
                win(sides, s),
                format!(
                    "{head}: {} wins the race (cells to go: {counts})",
                    side_letter(s)
                ),
            ),
            _ => (
                draw(sides),
                format!("{head}: draw, the race is level (cells to go: {counts})"),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_sum_to_one() {
        for sides in [2, 3, 4, 6] {
            for scores in [win(sides, 1), loss(sides, 0), draw(sides)] {
                let total: f64 = scores.iter().sum();
                assert!((total - 1.0).abs() < 1e-12);
            }
        }
        assert_eq!(loss(2, 0), [0.0, 1.0]);
        assert_eq!(draw(2), [0.5, 0.5]);
    }
}
