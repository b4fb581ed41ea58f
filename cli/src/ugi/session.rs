//! A game in progress: its rules, position and engine, behind one object type so that the
//! command loop dispatches on the game (and Halma's board) once, when the session is made.

use super::output::Output;
use super::{Config, Dialect};
use halma_engine::game::{play_moves, GameRules};
use halma_engine::player::{Engine, Report};
use halma_engine::search::{Limits, MultiPlayer, Score};
use halma_engine::{mcts, search, with_game, Error, Game, Move, Status};
use std::sync::atomic::Ordering;

/// A game in progress: the engine and the position.
pub trait Session: Send {
    /// Sets the position: `fields` of a position text (after its rules) or the start, then
    /// `moves`; on error the position is unchanged.
    fn set_position(&mut self, fields: Option<&str>, moves: &[&str]) -> Result<(), Error>;
    /// Searches, writing `info` lines and exactly one `bestmove` line to `out`. A search
    /// whose output is closed stops.
    fn go(&mut self, limits: &Limits, out: &Output);
    /// The status and side to move of the current position.
    fn state(&self) -> (Status, usize);
    /// The number of sides playing.
    fn sides(&self) -> usize;
    /// A new game starts.
    fn new_game(&mut self);
    /// Writes CCP's `analysis` line for the current position: its value for the side to
    /// move and the `top` moves by the evaluation's priors (MCTS's, without a search).
    fn analyze(&mut self, top: usize, out: &Output) -> Result<(), Error>;
}

/// How a session writes a move of a position (UGI's from-to, CCP's hole-id path).
pub type MoveWriter<P> = fn(&P, Move) -> String;

/// What a refused `go` answers: UGI's `bestmove none`, CCP's `bestmove 0000`.
pub fn no_move(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Ugi => "none",
        Dialect::Ccp => crate::ccp::NO_MOVE,
    }
}

/// The [`Session`] of game `P`.
struct GameSession<P: Game> {
    engine: Box<dyn Engine<P>>,
    setup: P::Setup,
    pos: P,
    /// Plies of the engine's scores per move of the side to move: the number of sides, or 2
    /// for best-reply search (one layer of the root side, one of the best reply).
    plies_per_move: u32,
    /// Whether the engine is MCTS, which reads `go depth N` as a playout budget.
    mcts: bool,
    /// How moves are written.
    write: MoveWriter<P>,
    /// The protocol's null move.
    none: &'static str,
    /// The evaluation weights (for `analyze`).
    weights: halma_engine::weights::Weights,
}

/// Playouts MCTS spends per ply of a `go depth N` (it has no depth of its own): N × this.
pub const MCTS_PLAYOUTS_PER_PLY: u64 = 1000;

/// `limits` as MCTS reads them: a depth becomes a playout budget
/// ([`MCTS_PLAYOUTS_PER_PLY`] a ply), the smaller one if `nodes` is given too.
fn mcts_limits(limits: &Limits) -> Limits {
    let mut limits = limits.clone();
    if let Some(depth) = limits.depth.take() {
        let budget = u64::from(depth).saturating_mul(MCTS_PLAYOUTS_PER_PLY);
        limits.nodes = Some(limits.nodes.map_or(budget, |n| n.min(budget)));
    }
    limits
}

/// A session for `config`, at the start position: UGI's game and moves, or under CCP
/// the `ccerl` star with CCP's moves.
pub fn new(config: &Config) -> Result<Box<dyn Session>, Error> {
    if config.dialect == Dialect::Ccp {
        let session = game_session(config, crate::ccp::setup()?, crate::ccp::move_text);
        return Ok(Box::new(session));
    }
    with_game!(config.variant, P, setup => {
        let write: MoveWriter<P> = |pos, mv| pos.move_text(mv);
        Ok(Box::new(game_session(config, setup, write)) as Box<dyn Session>)
    })
}

/// The session of game `P` for `config`, at its start, writing moves with `write`.
fn game_session<P: Game>(config: &Config, setup: P::Setup, write: MoveWriter<P>) -> GameSession<P> {
    let use_mcts = config.engine.plays_mcts(config.variant);
    let engine: Box<dyn Engine<P>> = if use_mcts {
        Box::new(mcts::Mcts::new(config.settings.mcts()))
    } else {
        Box::new(search::Searcher::new(config.settings.alphabeta()))
    };
    let pos = <P as GameRules>::start(&setup);
    let sides = pos.sides() as u32;
    let best_reply = !use_mcts && config.settings.multi == MultiPlayer::BestReply;
    let plies_per_move = if best_reply { 2 } else { sides };
    GameSession {
        engine,
        setup,
        pos,
        plies_per_move,
        mcts: use_mcts,
        write,
        none: no_move(config.dialect),
        weights: config.settings.weights,
    }
}

/// The score as UCI writes it: `cp N`, or `mate N` in own moves (negative: being mated),
/// counting `plies_per_move` of the score's plies to a move of the side to move.
pub fn score_text(score: Score, plies_per_move: u32) -> String {
    match score {
        Score::Centimoves(c) => format!("cp {c}"),
        Score::WinIn(plies) => format!("mate {}", plies.div_ceil(plies_per_move)),
        Score::LossIn(plies) => format!("mate -{}", plies.div_ceil(plies_per_move)),
    }
}

/// One `info` line, its moves written by `write` (each in the position it is played in).
fn info_line<P: Game>(pos: &P, r: &Report, plies_per_move: u32, write: MoveWriter<P>) -> String {
    let mut line = pos.clone();
    let pv: Vec<String> =
        r.pv.iter()
            .map(|&m| {
                let text = write(&line, m);
                line.make(m);
                text
            })
            .collect();
    // No score for a move the search has not looked at (UCI's `score` is optional).
    let score = r.score.map_or(String::new(), |s| {
        format!(" score {}", score_text(s, plies_per_move))
    });
    format!(
        "info depth {} seldepth {}{score} nodes {} nps {} time {} hashfull {} pv {}",
        r.depth,
        r.seldepth,
        r.nodes,
        r.nps(),
        r.time.as_millis(),
        r.hashfull,
        pv.join(" ")
    )
}

impl<P: Game> Session for GameSession<P> {
    fn set_position(&mut self, fields: Option<&str>, moves: &[&str]) -> Result<(), Error> {
        let mut pos = match fields {
            Some(f) => P::from_text_fields(&self.setup, f)?,
            None => P::start(&self.setup),
        };
        play_moves(&mut pos, moves)?;
        self.pos = pos;
        Ok(())
    }

    fn go(&mut self, limits: &Limits, out: &Output) {
        let plies_per_move = self.plies_per_move;
        let read;
        let limits = if self.mcts && limits.depth.is_some() {
            read = mcts_limits(limits);
            out.line(format_args!(
                "info string MCTS reads the depth as {} playouts",
                read.nodes.unwrap_or_default()
            ));
            &read
        } else {
            limits
        };
        let (pos, write) = (&self.pos, self.write);
        let result = self.engine.search(pos, limits, &mut |r| {
            if !out.line(info_line(pos, r, plies_per_move, write)) {
                limits.stop.store(true, Ordering::Relaxed);
            }
        });
        match result {
            Ok(outcome) => out.line(format_args!("bestmove {}", write(pos, outcome.best))),
            Err(e) => {
                out.line(format_args!("info string error {e}"))
                    && out.line(format_args!("bestmove {}", self.none))
            }
        };
    }

    fn analyze(&mut self, top: usize, out: &Output) -> Result<(), Error> {
        halma_engine::game::ensure_ongoing(&self.pos)?;
        let options = mcts::Options::default();
        let eval = self.pos.evaluator(&self.weights);
        let mover = self.pos.to_move();
        let p = mcts::value::win_probabilities(&eval, &self.pos, options.playout.temperature);
        let (mut moves, mut edges) = (Vec::new(), Vec::new());
        let mut pos = self.pos.clone();
        mcts::expand::children(
            &mut pos,
            &eval,
            options.prior_temperature,
            &mut moves,
            &mut edges,
        );
        edges.sort_by(|a, b| b.prior.total_cmp(&a.prior));
        let best: Vec<(String, f32)> = edges
            .iter()
            .take(top)
            .map(|e| ((self.write)(&self.pos, e.mv), e.prior))
            .collect();
        let json = crate::ccp::analysis_json(2.0 * p[mover] - 1.0, &best);
        out.line(format_args!("analysis {json}"));
        Ok(())
    }

    fn state(&self) -> (Status, usize) {
        (self.pos.status(), self.pos.to_move())
    }

    fn sides(&self) -> usize {
        self.pos.sides()
    }

    fn new_game(&mut self) {
        self.engine.new_game();
        self.pos = P::start(&self.setup);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_own_moves() {
        assert_eq!(score_text(Score::WinIn(1), 2), "mate 1");
        assert_eq!(score_text(Score::WinIn(3), 2), "mate 2");
        assert_eq!(score_text(Score::LossIn(2), 2), "mate -1");
        assert_eq!(score_text(Score::Centimoves(-40), 2), "cp -40");
        // Paranoid search with four sides: a win on the 5th ply is the side's 2nd move, a
        // loss on the 2nd ply comes after its 1st.
        assert_eq!(score_text(Score::WinIn(5), 4), "mate 2");
        assert_eq!(score_text(Score::LossIn(2), 4), "mate -1");
    }
}
