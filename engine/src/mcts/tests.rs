//! Tests of the MCTS searcher: tactics, legality on every rule set, errors, whole games.

use super::*;
use crate::board::geometry::{Geometry, Square};
use crate::games::halma::position::Position;
use crate::games::halma::position::Status;
use crate::games::halma::rules::NAMED_RULE_SETS;
use crate::games::halma::setup::Setup;
use crate::search::Score;
use crate::{with_geometry, Rules};
use playout::Rng;
use std::sync::Arc;

type G8 = Square<8>;

fn position(text: &str) -> Position<G8> {
    let (rules, rest) = crate::games::halma::notation::split_position_text(text).unwrap();
    let setup = Arc::new(Setup::<G8>::new(rules).unwrap());
    Position::from_text_fields(setup, rest).unwrap()
}

fn playouts(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

/// A: nine pieces on the goal camp, the tenth on g4; g4-h5 wins (and nothing else does).
const WIN_IN_1: &str = "halma8 4AAAA/5AAA/6AA/3B4/6A1/BB6/BBB5/BBBB4 A 20,20";
/// As above with the tenth piece on g3: two moves of A from the win, B too far to matter.
const WIN_IN_2: &str = "halma8 4AAAA/5AAA/6AA/3B4/8/BB4A1/BBB5/BBBB4 A 20,20";

fn search(pos: &Position<G8>, options: Options, n: u64) -> Outcome {
    Mcts::new(options)
        .search(pos, &playouts(n), |_| ())
        .unwrap()
}

#[test]
fn finds_the_win_in_one() {
    let pos = position(WIN_IN_1);
    for parallelism in [Parallelism::Tree, Parallelism::Root] {
        for threads in [1, 2] {
            let options = Options {
                threads,
                parallelism,
                ..Options::default()
            };
            let out = search(&pos, options, 2_000);
            assert_eq!(
                crate::games::halma::notation::move_text(G8::BOARD, out.best),
                "g4-h5"
            );
            assert_eq!(out.score, Score::WinIn(1));
        }
    }
}

#[test]
fn proves_the_win_in_two_and_plays_toward_it() {
    let pos = position(WIN_IN_2);
    let out = search(&pos, Options::default(), 50_000);
    assert_eq!(out.score, Score::WinIn(3), "{:?}", out);
    let mut after = pos.clone();
    after.make(out.best);
    let mut line = after.clone();
    // Whatever B answers, A then wins at once.
    for mv in after.legal_moves() {
        line.make(mv);
        let win = line.legal_moves().into_iter().any(|m| {
            line.make(m);
            let won = line.status() == Status::Won(0);
            line.unmake();
            won
        });
        assert!(
            win,
            "no win after {}",
            crate::games::halma::notation::move_text(G8::BOARD, mv)
        );
        line.unmake();
    }
    // A proven win ends the search early.
    assert!(out.nodes < 50_000);
}

#[test]
fn a_finished_game_is_an_error_not_a_panic() {
    let mut pos = position(WIN_IN_1);
    let mv = pos.parse_move("g4-h5").unwrap();
    pos.make(mv);
    let err = Mcts::new(Options::default())
        .search(&pos, &playouts(10), |_| ())
        .unwrap_err();
    assert!(err.to_string().contains("over"), "{err}");
    let err = Mcts::new(Options::default())
        .search(&position(WIN_IN_1), &Limits::depth(3), |_| ())
        .unwrap_err();
    assert!(err.to_string().contains("depth"), "{err}");
}

/// Plays `plies` random moves from the start of `rules` and searches every tenth position.
fn check_legal_on_random_positions(rules: Rules, games: u64) {
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let options = Options {
            playout: PlayoutPolicy { plies: 4, ..Options::default().playout },
            ..Options::default()
        };
        let mut mcts = Mcts::new(options);
        for game in 0..games {
            let mut rng = Rng::new(game + 1);
            let mut pos = Position::start(setup.clone());
            for ply in 0..120 {
                if pos.status().is_over() {
                    break;
                }
                if ply % 10 == 3 {
                    let out = mcts.search(&pos, &playouts(150), |_| ()).unwrap();
                    assert!(pos.is_legal(out.best), "{}: {:?} in {}", rules, out.best, pos.to_text());
                    assert!(!out.pv.is_empty() && out.pv[0] == out.best);
                }
                let moves = pos.legal_moves();
                pos.make(moves[rng.below(moves.len() as u32) as usize]);
            }
        }
    })
}

#[test]
fn never_returns_an_illegal_move_on_any_rule_set() {
    for name in NAMED_RULE_SETS {
        check_legal_on_random_positions(Rules::named(name).unwrap(), 2);
    }
    let long = Rules::parse("halma10:jumps=long").unwrap();
    check_legal_on_random_positions(long, 1);
}

#[test]
fn the_tree_is_kept_across_moves_of_one_game() {
    let setup = Arc::new(Setup::<G8>::new(Rules::named("halma8").unwrap()).unwrap());
    let mut pos = Position::start(setup);
    let mut mcts = Mcts::new(Options::default());
    let first = mcts.search(&pos, &playouts(3_000), |_| ()).unwrap();
    pos.make(first.best);
    let reply = first.pv.get(1).copied().unwrap_or(pos.legal_moves()[0]);
    pos.make(reply);
    let tree = mcts.tree_for(&pos);
    assert!(tree.node(tree.root()).visits > 0 && tree.node_count() > 1);
    // Another game (not a continuation) starts afresh.
    let other = position(WIN_IN_1);
    mcts.kept = Some(Kept {
        tree,
        rules: pos.setup().rules().to_string(),
        history: pos.history().collect(),
        key: pos.key(),
    });
    let fresh = mcts.tree_for(&other);
    assert_eq!(fresh.node_count(), 1);
}

#[test]
fn reports_come_with_a_principal_variation_and_visits() {
    let setup = Arc::new(Setup::<G8>::new(Rules::named("halma8").unwrap()).unwrap());
    let pos = Position::start(setup);
    let mut reports = Vec::new();
    let out = Mcts::new(Options::default())
        .search(&pos, &playouts(5_000), |r| reports.push(r.clone()))
        .unwrap();
    let last = reports.last().unwrap();
    assert!(
        reports.len() >= 3,
        "reports at 1024, 2048, 4096 playouts and at the end"
    );
    assert_eq!(last.iteration.nodes, 5_000);
    let visits: u64 = last.root_moves.iter().map(|rm| rm.visits).sum();
    assert_eq!(visits, 5_000);
    assert_eq!(last.root_moves[0].mv, out.best);
    assert!(out.pv.len() >= 2 && last.win_rate > 0.0 && last.win_rate < 1.0);
    let mut line = pos.clone();
    for &mv in &out.pv {
        assert!(line.is_legal(mv));
        line.make(mv);
    }
}

/// Plays a whole game of `rules` with `n` playouts a move; returns the final status and
/// the number of plies.
fn self_play(rules: &str, n: u64) -> (Status, usize) {
    let rules = Rules::named(rules).unwrap();
    with_geometry!(rules.board, G => {
        let mut pos = Position::<G>::start(Arc::new(Setup::new(rules).unwrap()));
        let mut mcts = Mcts::new(Options::default());
        let mut plies = 0;
        while !pos.status().is_over() && plies < 4_000 {
            let out = mcts.search(&pos, &playouts(n), |_| ()).unwrap();
            assert!(pos.is_legal(out.best));
            pos.make(out.best);
            plies += 1;
        }
        (pos.status(), plies)
    })
}

#[test]
fn a_four_player_game_is_played_to_the_end() {
    let (status, plies) = self_play("halma16-4", 60);
    assert!(status.is_over(), "not over after {plies} plies");
}

#[test]
fn a_six_player_star_game_is_played_to_the_end() {
    let (status, plies) = self_play("star-6", 60);
    assert!(status.is_over(), "not over after {plies} plies");
}

#[test]
fn an_infinite_search_ends_when_stopped_and_a_clock_search_in_time() {
    use crate::search::Clock;
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};
    let pos = Position::start(Arc::new(
        Setup::<G8>::new(Rules::named("halma8").unwrap()).unwrap(),
    ));
    let limits = Limits::default();
    assert!(limits.is_infinite());
    let stop = limits.stop.clone();
    let start = Instant::now();
    let out = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(150));
            stop.store(true, Ordering::Relaxed);
        });
        Mcts::new(Options::default())
            .search(&pos, &limits, |_| ())
            .unwrap()
    });
    assert!(start.elapsed() >= Duration::from_millis(150) && out.nodes > 0);
    assert!(pos.is_legal(out.best));
    let clock = Limits {
        clock: Some(Clock {
            time_left: Duration::from_millis(300),
            increment: Duration::ZERO,
            moves_to_go: None,
        }),
        ..Limits::default()
    };
    let out = Mcts::new(Options::default())
        .search(&pos, &clock, |_| ())
        .unwrap();
    assert!(out.time < Duration::from_millis(300) && out.nodes > 0);
}
