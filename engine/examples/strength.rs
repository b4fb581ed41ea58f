//! Strength check of the alpha-beta searcher: games against a random player and a 1-ply
//! greedy player (the move with the largest gain toward the goal corner, `u + v`), sides
//! swapped every game, on each two-player square board.
//!
//! `cargo run --release -p halma-engine --example strength -- [GAMES] [NODES]`: GAMES per
//! board and opponent (default 100), NODES per searcher move (default 4000). A game still
//! going after 600 plies is a draw. `EVAL=name=value,...` overrides evaluation weights.

use halma_engine::games::halma::eval::Evaluator;
use halma_engine::search::{Limits, Options, Searcher};
use halma_engine::{with_geometry, Geometry, Move, Position, Rules, Setup, Status};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::sync::Arc;

/// Longest game before it is called a draw.
const MAX_PLIES: usize = 600;

#[derive(Clone, Copy, PartialEq)]
enum Opponent {
    Random,
    Greedy,
}

/// The opponent's move.
fn opponent_move<G: Geometry>(
    pos: &Position<G>,
    kind: Opponent,
    eval: &Evaluator<G>,
    rng: &mut StdRng,
) -> Move {
    let moves = pos.legal_moves();
    if kind == Opponent::Random || moves[0].is_pass() {
        return *moves.choose(rng).expect("an ongoing game has a move");
    }
    let side = pos.to_move();
    let gain = |m: &Move| eval.progress(side, m.to()) - eval.progress(side, m.from());
    let best = moves.iter().map(gain).max().expect("non-empty");
    let top: Vec<Move> = moves.into_iter().filter(|m| gain(m) == best).collect();
    *top.choose(rng).expect("non-empty")
}

/// Plays one game; returns 1, ½ or 0 for the searcher.
fn game<G: Geometry>(
    rules: Rules,
    kind: Opponent,
    searcher_side: usize,
    seed: u64,
    nodes: u64,
) -> f64 {
    let setup = Arc::new(Setup::<G>::new(rules).unwrap());
    let eval = Evaluator::new(&setup, Default::default());
    let mut pos = Position::start(setup);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut searcher = Searcher::new(Options {
        hash_mib: 8,
        ..Options::default()
    });
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    for _ in 0..MAX_PLIES {
        let mv = if pos.to_move() == searcher_side {
            searcher.search(&pos, &limits, |_| {}).unwrap().best
        } else {
            opponent_move(&pos, kind, &eval, &mut rng)
        };
        pos.make(mv);
        match pos.status() {
            Status::Ongoing => {}
            Status::Won(s) => return if s == searcher_side { 1.0 } else { 0.0 },
            Status::LostByDeadline(s) => return if s == searcher_side { 0.0 } else { 1.0 },
            _ => return 0.5,
        }
    }
    0.5
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args
        .next()
        .map_or(100, |a| a.parse().expect("GAMES is a number"));
    let nodes: u64 = args
        .next()
        .map_or(4000, |a| a.parse().expect("NODES is a number"));
    for name in ["halma8", "halma10", "halma16"] {
        let rules = Rules::named(name).unwrap();
        for (kind, label) in [(Opponent::Random, "random"), (Opponent::Greedy, "greedy")] {
            let start = std::time::Instant::now();
            let score: f64 = (0..games)
                .map(|g| with_geometry!(rules.board, G => game::<G>(rules, kind, (g % 2) as usize, g, nodes)))
                .sum();
            println!(
                "{name} vs {label}: {score}/{games} ({:.1}%), {:.0} s",
                100.0 * score / games as f64,
                start.elapsed().as_secs_f64()
            );
        }
    }
}
