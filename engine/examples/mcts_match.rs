//! Measures the MCTS searcher: its speed, and its strength in matches at equal time per move.
//!
//! ```text
//! cargo run --release -p halma-engine --example mcts_match -- speed halma10 1000 [key=value..]
//! cargo run --release -p halma-engine --example mcts_match -- match halma10 100 50 alphabeta [key=value..]
//! ```
//!
//! `match RULES GAMES MS OPPONENT`: MCTS against OPPONENT (`alphabeta`, `greedy` — the
//! 1-ply player maximising the evaluation — or `mcts`, the MCTS searcher with the `o`-prefixed
//! options) at MS milliseconds a move, two-player rule sets. Games come in pairs from one
//! random opening (2 random moves a side), MCTS playing first in one and second in the other;
//! a game still going after 1000 plies (`cap=N`: N) is a draw.
//!
//! Options (MCTS; prefix with `o` for the MCTS opponent): `threads=N`, `par=tree|root`,
//! `plies=N` (playout cut-off), `eps=F`, `cpuct=F`, `bias=F`, `tt=0|1`, `prior=F` (prior
//! temperature), `temp=F` (value temperature).

use halma_engine::game::Team;
use halma_engine::games::halma::eval::{Evaluator, HalmaWeights};
use halma_engine::games::halma::notation;
use halma_engine::mcts::{Mcts, Options, Parallelism};
use halma_engine::search::{self, Limits, Searcher};
use halma_engine::*;
use std::sync::Arc;
use std::time::Duration;

/// A game still going after this many plies is a draw (unless `cap=N` says otherwise).
const MAX_PLIES: usize = 1000;

fn options(args: &[String], prefix: &str) -> Options {
    let mut o = Options::default();
    for arg in args {
        let Some((key, value)) = arg.split_once('=') else {
            panic!("bad option '{arg}' (key=value)")
        };
        let Some(key) = key.strip_prefix(prefix) else {
            continue;
        };
        let f = || value.parse::<f32>().expect("a number");
        match key {
            "threads" => o.threads = value.parse().expect("a number"),
            "par" => {
                o.parallelism = match value {
                    "tree" => Parallelism::Tree,
                    "root" => Parallelism::Root,
                    _ => panic!("par=tree|root"),
                }
            }
            "plies" => o.playout.plies = value.parse().expect("a number"),
            "eps" => o.playout.epsilon = f(),
            "temp" => o.playout.temperature = f(),
            "cpuct" => o.select.c_puct = f(),
            "bias" => o.select.bias = f(),
            "fpu" => o.select.fpu_reduction = f(),
            "prior" => o.prior_temperature = f(),
            "tt" => o.transpositions = value == "1",
            "cap" => {}
            _ if prefix.is_empty() && key.starts_with('o') => {}
            _ => panic!("unknown option '{key}'"),
        }
    }
    o
}

/// One player of a match.
enum Player {
    Mcts(Mcts),
    AlphaBeta(Searcher),
    Greedy,
}

impl Player {
    fn new(kind: &str, args: &[String]) -> Player {
        match kind {
            "mcts" => Player::Mcts(Mcts::new(options(args, "o"))),
            "alphabeta" => Player::AlphaBeta(Searcher::new(search::Options::default())),
            "greedy" => Player::Greedy,
            _ => panic!("opponent: alphabeta, greedy or mcts"),
        }
    }

    fn new_game(&mut self) {
        match self {
            Player::Mcts(m) => m.clear(),
            Player::AlphaBeta(s) => s.clear(),
            Player::Greedy => {}
        }
    }

    fn choose<G: Geometry>(&mut self, pos: &Position<G>, ms: u64) -> Move {
        let limits = Limits::move_time(Duration::from_millis(ms));
        match self {
            Player::Mcts(m) => m.search(pos, &limits, |_| ()).unwrap().best,
            Player::AlphaBeta(s) => s.search(pos, &limits, |_| ()).unwrap().best,
            Player::Greedy => greedy(pos),
        }
    }
}

/// The move after which the evaluation is best for the mover (a win at once first).
fn greedy<G: Geometry>(pos: &Position<G>) -> Move {
    let eval = Evaluator::new(pos.setup(), HalmaWeights::default());
    let mover = pos.to_move();
    let mut p = pos.clone();
    let mut best = (i32::MIN, Move::PASS);
    for mv in pos.legal_moves() {
        p.make(mv);
        let score = match p.status() {
            Status::Won(s) if s == mover => i32::MAX,
            s if s.is_over() => i32::MIN + 1,
            _ => -eval.evaluate(&p, Team::new(p.to_move(), p.sides())),
        };
        p.unmake();
        if score > best.0 {
            best = (score, mv);
        }
    }
    best.1
}

/// Plays one game; returns MCTS's score (1, ½, 0), the plies played and the final status.
fn game<G: Geometry>(
    mut pos: Position<G>,
    players: &mut [Player; 2],
    mcts_side: usize,
    ms: u64,
    cap: usize,
) -> (f64, usize, Status) {
    for p in players.iter_mut() {
        p.new_game();
    }
    let mut plies = 0;
    while !pos.status().is_over() && plies < cap {
        let side = pos.to_move();
        let who = if side == mcts_side { 0 } else { 1 };
        let mv = players[who].choose(&pos, ms);
        assert!(pos.is_legal(mv), "illegal move");
        pos.make(mv);
        plies += 1;
    }
    if !pos.status().is_over() {
        println!("unfinished: {}", pos.to_text());
    }
    let score = match pos.status() {
        Status::Won(s) if s == mcts_side => 1.0,
        Status::LostByDeadline(s) if s != mcts_side => 1.0,
        Status::Won(_) | Status::LostByDeadline(_) => 0.0,
        _ => 0.5,
    };
    (score, plies, pos.status())
}

fn play_match(rules: Rules, games: usize, ms: u64, opponent: &str, args: &[String]) {
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let mut players = [Player::Mcts(Mcts::new(options(args, ""))), Player::new(opponent, args)];
        let cap = args
            .iter()
            .find_map(|a| a.strip_prefix("cap="))
            .map_or(MAX_PLIES, |c| c.parse().expect("a number"));
        let (mut total, mut wins, mut draws, mut plies_sum) = (0.0, 0, 0, 0);
        for g in 0..games {
            // The same opening for both games of a pair.
            let mut rng = halma_engine::mcts::playout::Rng::new(1 + g as u64 / 2);
            let mut pos = Position::start(setup.clone());
            for _ in 0..2 * pos.sides() {
                let moves = pos.legal_moves();
                pos.make(moves[rng.below(moves.len() as u32) as usize]);
            }
            let mcts_side = g % 2;
            let (score, plies, status) = game(pos, &mut players, mcts_side, ms, cap);
            total += score;
            wins += (score == 1.0) as usize;
            draws += (score == 0.5) as usize;
            plies_sum += plies;
            println!(
                "game {:3}: mcts plays {} score {score} plies {plies} ({})  running {total}/{}",
                g + 1,
                notation::side_letter(mcts_side),
                notation::status_text(status),
                g + 1
            );
        }
        let n = games as f64;
        let p = total / n;
        let elo = -400.0 * (1.0 / p.clamp(0.001, 0.999) - 1.0).log10();
        println!(
            "{rules} {ms} ms/move, mcts vs {opponent}: +{wins} ={draws} -{} score {total}/{games} ({:.1}%), elo {elo:+.0}, mean plies {:.0}",
            games - wins - draws,
            100.0 * p,
            plies_sum as f64 / n
        );
    })
}

fn speed(rules: Rules, ms: u64, args: &[String]) {
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let mut pos = Position::start(setup);
        let mut rng = halma_engine::mcts::playout::Rng::new(7);
        for ply in 0..3 {
            let mut mcts = Mcts::new(options(args, ""));
            let limits = Limits::move_time(Duration::from_millis(ms));
            let out = mcts
                .search(&pos, &limits, |r| {
                    let pv: Vec<String> =
                        r.iteration.lines[0].pv.iter().map(|m| notation::move_text(G::BOARD, *m)).collect();
                    println!(
                        "  playouts {:8} playouts/s {:7} nodes {:7} win {:.3} score {} pv {}",
                        r.iteration.nodes,
                        r.playouts_per_second(),
                        r.tree_nodes,
                        r.win_rate,
                        r.iteration.lines[0].score,
                        pv.join(" ")
                    )
                })
                .unwrap();
            println!("{rules} after {} plies: best {}", ply * 30, notation::move_text(G::BOARD, out.best));
            for _ in 0..30 {
                if pos.status().is_over() {
                    return;
                }
                let moves = pos.legal_moves();
                pos.make(moves[rng.below(moves.len() as u32) as usize]);
            }
        }
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rules = Rules::named(&args[1]).expect("a rule set");
    match args[0].as_str() {
        "speed" => speed(rules, args[2].parse().unwrap(), &args[3..]),
        "match" => {
            let games = args[2].parse().unwrap();
            let ms = args[3].parse().unwrap();
            play_match(rules, games, ms, &args[4], &args[5..]);
        }
        _ => panic!("speed or match"),
    }
}
