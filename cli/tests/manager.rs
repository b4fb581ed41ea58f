//! Plays games through `halma ugi` exactly as a UGI tournament manager (cutegames) drives
//! it: `ugi`, `setoption name … value …`, `uginewgame`, `isready`, then before every move
//! `position startpos moves …` and `go p1time T p2time T p1inc I p2inc I` in whole
//! milliseconds. The clock is strict: the time from writing `go` to reading `bestmove` comes
//! off the mover's clock, and a move that takes more than the clock held loses. Every move
//! is checked against the rules.

use crate::common;

use common::UgiSession;
use halma_engine::{with_geometry, Geometry, Position, Rules, Setup};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The time control: 300 ms plus 50 ms a move, so that most moves are played with about
/// 50 ms on the clock, where an engine that keeps too little back loses.
const BASE: Duration = Duration::from_millis(300);
const INCREMENT: Duration = Duration::from_millis(50);
/// Plies played before a game is cut short (the test is about the clock, not the result).
const MAX_PLIES: usize = 80;

/// A started engine, configured as the manager does before a game.
fn engine(rules: &str, engine: &str) -> UgiSession {
    let mut s = UgiSession::start();
    s.send("ugi");
    s.until("ugiok");
    s.send(&format!("setoption name Engine value {engine}"));
    s.send(&format!("setoption name Rules value {rules}"));
    s.send("uginewgame");
    s.send("isready");
    s.until("readyok");
    s
}

/// Plays `rules` with `engines[0]` as p1 and `engines[1]` as p2 under the strict clock;
/// returns the plies played.
fn play(rules: &str, engines: [&str; 2]) -> usize {
    let parsed = Rules::named(rules).unwrap();
    with_geometry!(parsed.board, G => play_on::<G>(parsed, rules, engines))
}

fn play_on<G: Geometry>(rules: Rules, name: &str, engines: [&str; 2]) -> usize {
    let mut players = engines.map(|e| engine(name, e));
    let mut pos = Position::<G>::start(Arc::new(Setup::new(rules).unwrap()));
    let mut clocks = [BASE; 2];
    let mut moves: Vec<String> = Vec::new();
    while !pos.status().is_over() && moves.len() < MAX_PLIES {
        let side = pos.to_move();
        let player = &mut players[side];
        if moves.is_empty() {
            player.send("position startpos");
        } else {
            player.send(&format!("position startpos moves {}", moves.join(" ")));
        }
        let go = format!(
            "go p1time {} p2time {} p1inc {} p2inc {}",
            clocks[0].as_millis(),
            clocks[1].as_millis(),
            INCREMENT.as_millis(),
            INCREMENT.as_millis()
        );
        let asked = Instant::now();
        player.send(&go);
        let answer = player.until("bestmove").pop().unwrap();
        let used = asked.elapsed();
        let context = format!(
            "{name}, {} as p{}, ply {}",
            engines[side],
            side + 1,
            moves.len() + 1
        );
        assert!(
            used <= clocks[side],
            "{context}: lost on time, {used:?} used with {:?} on the clock",
            clocks[side]
        );
        clocks[side] = clocks[side] - used + INCREMENT;
        let text = answer.split_whitespace().nth(1).unwrap_or("").to_string();
        assert_ne!(text, "none", "{context}: bestmove none in a live game");
        let mv = pos
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("{context}: illegal move '{text}': {e}"));
        pos.make(mv);
        moves.push(text);
    }
    for mut player in players {
        player.send("quit");
        assert!(player.child.wait().unwrap().success());
    }
    moves.len()
}

#[test]
fn both_engines_play_halma8_and_halma16_under_a_strict_clock() {
    assert!(play("halma8", ["alphabeta", "mcts"]) > 0);
    assert!(play("halma16", ["mcts", "alphabeta"]) > 0);
}
