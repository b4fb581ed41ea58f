//! How many moves the winners of recorded games spent on their race endings, against the
//! fewest the solver proves (docs/search.md, "The exact race finish").
//!
//! `cargo run --release -p halma-engine --example race_endings -- FILE [PIECES] [MAX_MOVES] [NODES] [PLAYER]`
//!
//! FILE is a game record of a two-player game on a square board (`halma tournament
//! --record`). For each game won by a side finishing in its goal, the winner's first
//! position (winner to move) that is a pure race with at most PIECES of its pieces outside
//! its goal (default 3) and whose solitaire finish — the other army removed — the solver
//! proves within MAX_MOVES moves (default 10) and NODES nodes (default 5,000,000) is the
//! ending's start. Printed per game: the winner's moves from there to the end, the proved
//! fewest, and the difference; then the sums. With PLAYER, only the games that player (its
//! name in the record) won.

use halma_engine::bitboard::BitBoard;
use halma_engine::games::halma::eval::Evaluator;
use halma_engine::games::halma::eval::HalmaWeights;
use halma_engine::games::halma::solve::{Finish, Race};
use halma_engine::{with_geometry, Geometry, Position, Rules, Setup, Status};
use std::sync::Arc;

/// One recorded game: its start position text and its moves.
struct Game {
    number: String,
    start: String,
    /// The players' names, side A's first.
    players: [String; 2],
    moves: Vec<String>,
}

/// The games of a record file (only the tags and moves this count needs).
fn parse(text: &str) -> Vec<Game> {
    let mut games = Vec::new();
    let mut current: Option<Game> = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("[Game \"") {
            if let Some(g) = current.take() {
                games.push(g);
            }
            current = Some(Game {
                number: rest.trim_end_matches("\"]").to_string(),
                start: String::new(),
                players: Default::default(),
                moves: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix("[Start \"") {
            if let Some(g) = current.as_mut() {
                g.start = rest.trim_end_matches("\"]").to_string();
            }
        } else if let Some(rest) = line.strip_prefix("[A \"") {
            if let Some(g) = current.as_mut() {
                g.players[0] = rest.trim_end_matches("\"]").to_string();
            }
        } else if let Some(rest) = line.strip_prefix("[B \"") {
            if let Some(g) = current.as_mut() {
                g.players[1] = rest.trim_end_matches("\"]").to_string();
            }
        } else if !line.starts_with('[') {
            if let Some(g) = current.as_mut() {
                for word in line.split_whitespace() {
                    let is_number =
                        word.ends_with('.') && word[..word.len() - 1].parse::<u32>().is_ok();
                    let is_result =
                        matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") || word.contains('/');
                    if !is_number && !is_result {
                        g.moves.push(word.to_string());
                    }
                }
            }
        }
    }
    games.extend(current);
    games
}

/// The winner's ending of one game: (moves played, fewest proved), if it has one.
fn ending<G: Geometry>(
    mut pos: Position<G>,
    game: &Game,
    pieces: u32,
    max_moves: u32,
    nodes: u64,
    player: Option<&str>,
) -> Option<(u32, u32)> {
    let setup = pos.setup().clone();
    let race = Race::new(&setup);
    let eval = Evaluator::new(&setup, HalmaWeights::default());
    let mut positions = vec![pos.clone()];
    for text in &game.moves {
        let mv = pos.parse_move(text).ok()?;
        pos.make(mv);
        positions.push(pos.clone());
    }
    let Status::Won(winner) = pos.status() else {
        return None;
    };
    if player.is_some_and(|name| game.players[winner] != name) {
        return None;
    }
    if (pos.pieces(winner) & setup.goal(winner)) != pos.pieces(winner) {
        return None; // won some other way (a deadline, a forfeit)
    }
    for (ply, p) in positions.iter().enumerate() {
        let outside = p.pieces(winner).without(setup.goal(winner)).count();
        if p.to_move() != winner || outside > pieces || !eval.is_pure_race(p) {
            continue;
        }
        let timer = std::time::Instant::now();
        let finish = race.finish(
            &setup,
            winner,
            p.pieces(winner),
            G::BB::EMPTY,
            max_moves,
            nodes,
        );
        if finish == Finish::Unknown {
            eprintln!(
                "unproved: {nodes} nodes in {:.1} ms",
                timer.elapsed().as_secs_f64() * 1e3
            );
        }
        if let Finish::In(fewest) = finish {
            let played = positions[ply..]
                .iter()
                .filter(|q| q.to_move() == winner)
                .count() as u32;
            return Some((played, fewest));
        }
    }
    None
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: race_endings FILE [PIECES] [MAX_MOVES] [NODES] [PLAYER]");
        std::process::exit(2);
    };
    let number = |i: usize, default: u64| {
        args.get(i)
            .map_or(default, |t| t.parse().expect("a whole number"))
    };
    let (pieces, max_moves, nodes) = (
        number(1, 3) as u32,
        number(2, 10) as u32,
        number(3, 5_000_000),
    );
    let player = args.get(4).map(String::as_str);
    let text = std::fs::read_to_string(file).expect("a readable record file");
    let (mut games, mut played_sum, mut fewest_sum, mut exact) = (0, 0, 0, 0);
    for game in parse(&text) {
        let (rules_text, fields) = game.start.split_once(' ').expect("a start position");
        let rules = Rules::parse(rules_text).expect("rules");
        let result = with_geometry!(rules.board, G => {
            let setup = Arc::new(Setup::<G>::new(rules).expect("a setup"));
            let pos = Position::<G>::from_text_fields(setup, fields).expect("a position");
            ending(pos, &game, pieces, max_moves, nodes, player)
        });
        match result {
            Some((played, fewest)) => {
                println!(
                    "game {}: {played} moves played, {fewest} fewest, {} more",
                    game.number,
                    played - fewest
                );
                games += 1;
                played_sum += played;
                fewest_sum += fewest;
                exact += u32::from(played == fewest);
            }
            None => println!("game {}: no solved race ending", game.number),
        }
    }
    println!(
        "{games} endings: {played_sum} moves played, {fewest_sum} fewest, {} more ({exact} endings played in the fewest)",
        played_sum - fewest_sum
    );
}
