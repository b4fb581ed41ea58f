//! Forced wins: the searcher finds the only winning move of the positions in
//! `positions/tactics/tactics.txt`, at the right distance.
//!
//! The positions come from self-play and were kept when a brute-force AND-OR search (below,
//! nothing of the searcher) proved that the side to move wins in exactly N of its moves
//! (the plies up to the end of the game) with exactly one first move. Regenerate with
//! `cargo test --release -p halma-engine --test engine tactics:: -- --ignored --nocapture`.

use halma_engine::games::halma::eval::Evaluator;
use halma_engine::games::halma::notation::{move_text, split_position_text};
use halma_engine::search::{Limits, Options, Score, Searcher};
use halma_engine::{with_geometry, Geometry, Move, Position, Rules, Setup, Status};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::fmt::Write;
use std::sync::Arc;

const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../positions/tactics/tactics.txt"
);

/// Whether the side to move (two players) can force a win within `plies` plies (a win on
/// the opponent's ply is its loss by the deadline).
fn wins_within<G: Geometry>(pos: &mut Position<G>, plies: u32) -> bool {
    pos.legal_moves()
        .into_iter()
        .any(|mv| move_wins_within(pos, mv, plies))
}

/// Whether `mv` forces a win for the side to move within `plies` plies.
fn move_wins_within<G: Geometry>(pos: &mut Position<G>, mv: Move, plies: u32) -> bool {
    let us = pos.to_move();
    pos.make(mv);
    let wins = match pos.status() {
        Status::Won(s) => s == us,
        Status::LostByDeadline(s) => s != us,
        Status::Ongoing if plies >= 2 => pos.legal_moves().into_iter().all(|reply| {
            pos.make(reply);
            let ok = match pos.status() {
                Status::LostByDeadline(s) => s != us,
                Status::Ongoing => plies >= 3 && wins_within(pos, plies - 2),
                _ => false,
            };
            pos.unmake();
            ok
        }),
        _ => false,
    };
    pos.unmake();
    wins
}

/// If the side to move wins in exactly `plies` plies (and not sooner) with exactly one
/// first move, that move.
fn unique_win<G: Geometry>(pos: &mut Position<G>, plies: u32) -> Option<Move> {
    if plies > 1 && wins_within(pos, plies - 1) {
        return None;
    }
    let winners: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&mv| move_wins_within(pos, mv, plies))
        .collect();
    (winners.len() == 1).then(|| winners[0])
}

#[test]
fn the_searcher_finds_every_forced_win() {
    let text = std::fs::read_to_string(FILE).unwrap();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [label, position, best, score] = fields[..] else {
            panic!("bad line: {line}")
        };
        let plies: u32 = score.strip_prefix("win ").unwrap().parse().unwrap();
        let (rules, rest) = split_position_text(position).unwrap();
        with_geometry!(rules.board, G => {
            let setup = Arc::new(Setup::<G>::new(rules).unwrap());
            let pos = Position::<G>::from_text_fields(setup, rest).unwrap();
            let expected = pos.parse_move(best).unwrap();
            let out = Searcher::new(Options::default())
                .search(&pos, &Limits::depth(plies), |_| {})
                .unwrap();
            assert_eq!(out.best, expected, "{label}");
            assert_eq!(out.score, Score::WinIn(plies), "{label}");
            // And a deeper search still plays it.
            let deeper = Searcher::new(Options::default())
                .search(&pos, &Limits::depth(plies + 2), |_| {})
                .unwrap();
            assert_eq!((deeper.best, deeper.score), (expected, Score::WinIn(plies)), "{label}");
        });
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} positions");
}

/// Plays seeded self-play games (random openings, then depth-2 searches) and keeps the
/// positions with a unique forced win in 1, 2 or 3 moves.
fn harvest<G: Geometry>(rules: Rules, seed: u64, want: usize, out: &mut String) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut found = [0usize; 4];
    let mut races = 0;
    let mut seen = Vec::new();
    for game in 0..25 {
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let eval = Evaluator::new(&setup, Default::default());
        let mut pos = Position::start(setup);
        let mut searcher = Searcher::new(Options {
            hash_mib: 4,
            ..Options::default()
        });
        for ply in 0..400 {
            if pos.status().is_over() {
                break;
            }
            let race = eval.is_pure_race(&pos);
            // Solve the position as its text gives it: without the game's history, which
            // could make some lines repetitions.
            let text = pos.to_text();
            let placement = text.split_whitespace().nth(1).unwrap().to_string();
            let (_, fields) = split_position_text(&text).unwrap();
            let mut fresh = Position::from_text_fields(pos.setup().clone(), fields).unwrap();
            for plies in 1..=5u32 {
                let moves = plies.div_ceil(2);
                let need = if race && moves > 1 { want + 1 } else { want };
                if found[moves as usize] >= need || seen.contains(&placement) {
                    continue;
                }
                if let Some(mv) = unique_win(&mut fresh, plies) {
                    seen.push(placement.clone());
                    found[moves as usize] += 1;
                    let kind = if race && moves > 1 {
                        races += 1;
                        "race"
                    } else {
                        "win"
                    };
                    writeln!(
                        out,
                        "{}-{kind}-in-{moves}-{} ; {} ; {} ; win {}",
                        rules.base,
                        found[moves as usize],
                        text,
                        move_text(G::BOARD, mv),
                        plies
                    )
                    .unwrap();
                    break;
                }
            }
            let mv = if ply < 8 {
                *pos.legal_moves().choose(&mut rng).unwrap()
            } else {
                searcher
                    .search(&pos, &Limits::depth(2), |_| {})
                    .unwrap()
                    .best
            };
            pos.make(mv);
        }
        if found[1..].iter().all(|&n| n >= want) && races > 0 {
            break;
        }
        eprintln!(
            "{} game {game}: found {:?}, races {races}",
            rules.base,
            &found[1..]
        );
    }
}

#[test]
#[ignore = "writes positions/tactics/tactics.txt (run with --release)"]
fn generate() {
    let mut out = String::from(
        "# Forced wins: label ; position text ; the only winning move ; score (plies).\n\
         # Proved by the brute-force AND-OR search of engine/tests/tactics.rs; labels say\n\
         # win-in-N (moves of the side to move) or race-in-N (the armies have passed).\n",
    );
    for (i, name) in ["square6", "halma8", "diamond"].iter().enumerate() {
        let rules = Rules::named(name).unwrap();
        with_geometry!(rules.board, G => harvest::<G>(rules, i as u64 + 1, 2, &mut out));
    }
    std::fs::write(FILE, out).unwrap();
}
