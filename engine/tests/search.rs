//! The searcher against plain minimax, and its answers on random positions of every rule set.

use halma_engine::eval::{Evaluator, Team, Weights};
use halma_engine::search::score::win_in;
use halma_engine::search::{Limits, Options, Score, Searcher};
use halma_engine::{with_geometry, Geometry, Position, Rules, Setup, Status};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Every rule set, with a few option variants.
const RULE_SETS: &[&str] = &[
    "halma8",
    "halma10",
    "halma16",
    "halma16-vacate",
    "halma16-4",
    "diamond",
    "star-2",
    "star-3",
    "star-4",
    "star-6",
    "square6",
    "square8-4",
    "halma10:jumps=long",
    "halma8:follow-out=on",
];

/// A position after `plies` random legal moves from the start (fewer if the game ends).
fn random_position<G: Geometry>(rules: Rules, plies: usize, rng: &mut StdRng) -> Position<G> {
    let setup = Arc::new(Setup::<G>::new(rules).unwrap());
    let mut pos = Position::start(setup);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        let Some(&mv) = moves.choose(rng) else { break };
        pos.make(mv);
    }
    pos
}

/// Plain minimax (no pruning, no table) with the searcher's teams and terminal scores.
fn minimax<G: Geometry>(
    pos: &mut Position<G>,
    eval: &Evaluator<G>,
    team: Team,
    depth: u32,
    ply: usize,
) -> i32 {
    let us = pos.to_move();
    match pos.status() {
        Status::Won(s) => {
            return if team.same(s, us) {
                win_in(ply)
            } else {
                -win_in(ply)
            }
        }
        Status::LostByDeadline(s) => {
            return if team.same(s, us) {
                -win_in(ply)
            } else {
                win_in(ply)
            }
        }
        Status::DrawByPasses | Status::DrawByRepetition => return 0,
        Status::Ongoing => {}
    }
    if depth == 0 {
        return eval.evaluate(pos, team);
    }
    let mut best = i32::MIN;
    for mv in pos.legal_moves() {
        pos.make(mv);
        let v = minimax(pos, eval, team, depth - 1, ply + 1);
        let v = if team.same(us, pos.to_move()) { v } else { -v };
        pos.unmake();
        best = best.max(v);
    }
    best
}

fn agrees_with_minimax<G: Geometry>(rules: Rules, rng: &mut StdRng) {
    let plies = rng.gen_range(0..40);
    let pos = random_position::<G>(rules, plies, rng);
    if pos.status().is_over() {
        return;
    }
    let eval = Evaluator::new(pos.setup(), Weights::default());
    let team = Team::new(pos.to_move(), pos.sides());
    // Depth 4 only without the table: from 4 plies on, a position can recur at two plies of
    // the same parity, and a table entry from the shallower one (searched deeper) is used
    // at the deeper one, which is right for the game but not what fixed-depth minimax does.
    // (Depth 4 on the 6×6 board only, to keep plain minimax quick.)
    let deepest = if G::BOARD.cell_count() <= 36 { 4 } else { 3 };
    for depth in 1..=deepest {
        let expected = Score::from_raw(minimax(&mut pos.clone(), &eval, team, depth, 0));
        for use_table in [false, true].into_iter().filter(|&t| depth < 4 || !t) {
            let mut searcher = Searcher::new(Options {
                pruning: false,
                use_table,
                hash_mib: 1,
                ..Options::default()
            });
            let out = searcher
                .search(&pos, &Limits::depth(depth), |_| {})
                .unwrap();
            assert_eq!(
                out.score,
                expected,
                "{} depth {depth} table {use_table}",
                pos.to_text()
            );
            assert!(pos.is_legal(out.best));
        }
    }
}

#[test]
fn alpha_beta_agrees_with_minimax_with_and_without_the_table() {
    let mut rng = StdRng::seed_from_u64(7);
    for name in [
        "square6",
        "halma8",
        "square6-4",
        "diamond",
        "halma8:jumps=long",
    ] {
        let rules = Rules::parse(name).unwrap();
        for _ in 0..5 {
            with_geometry!(rules.board, G => agrees_with_minimax::<G>(rules, &mut rng));
        }
    }
}

#[test]
fn always_a_legal_move_on_random_positions_and_an_error_when_the_game_is_over() {
    let mut rng = StdRng::seed_from_u64(11);
    for name in RULE_SETS {
        let rules = Rules::parse(name).unwrap();
        for _ in 0..6 {
            let plies = rng.gen_range(0..120);
            with_geometry!(rules.board, G => {
                let pos = random_position::<G>(rules, plies, &mut rng);
                let limits = Limits { nodes: Some(3000), ..Limits::default() };
                let result = Searcher::new(Options { hash_mib: 1, ..Options::default() })
                    .search(&pos, &limits, |_| {});
                if pos.status().is_over() {
                    let e = result.unwrap_err().to_string();
                    assert!(e.contains("already over"), "{e}");
                } else {
                    let out = result.unwrap();
                    assert!(pos.is_legal(out.best), "{name}: {}", pos.to_text());
                    assert!(out.depth >= 1);
                }
            });
        }
    }
}

#[test]
fn a_finished_game_is_a_clear_error() {
    // A has filled its goal (B's home) on 8×8: A has won.
    let text = "halma8 4AAAA/5AAA/6AA/7A/B7/BB6/BBB5/BBBB4 B 20,19";
    let (rules, rest) = halma_engine::notation::split_position_text(text).unwrap();
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).unwrap());
        let pos = Position::<G>::from_text_fields(setup, rest).unwrap();
        let e = Searcher::new(Options::default())
            .search(&pos, &Limits::depth(3), |_| {})
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "position: the game is already over (A wins): there is no move to search"
        );
    });
}

#[test]
fn threads_and_a_stop_flag_still_give_a_legal_move() {
    let rules = Rules::named("halma10").unwrap();
    let mut rng = StdRng::seed_from_u64(3);
    with_geometry!(rules.board, G => {
        let pos = random_position::<G>(rules, 20, &mut rng);
        let limits = Limits::move_time(std::time::Duration::from_millis(200));
        let mut searcher = Searcher::new(Options { threads: 2, ..Options::default() });
        let out = searcher.search(&pos, &limits, |_| {}).unwrap();
        assert!(pos.is_legal(out.best) && out.depth >= 2);
        let stopped = Limits::default();
        stopped.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let out = searcher.search(&pos, &stopped, |_| {}).unwrap();
        assert!(pos.is_legal(out.best));
    });
}
