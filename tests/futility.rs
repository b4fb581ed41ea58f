//! Futility pruning's bound against the evaluation itself: wherever Halma's
//! `Game::futility_slack` allows pruning, no legal move raises the mover's static score by
//! more than its `Game::move_bound` plus that slack (the child's score, from the mover's
//! view, is what a frontier node would have found by playing the move). Random playouts and
//! random placements on several boards and rule sets, with the default weights and with
//! weights drawn at random.

use halma_engine::weights::Weights;
use halma_engine::{with_geometry, Game, Geometry, Position, Rules, Setup, Status, Team};
use halma_suite::random::{playout, random_placement};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Positions checked per rule set.
const POSITIONS: usize = 3_000;

/// Checks every move of `pos` against its bound; returns whether pruning was allowed.
fn check<G: Geometry>(pos: &Position<G>, weights: &Weights) -> bool {
    if pos.status().is_over() {
        return false;
    }
    let eval = Game::evaluator(pos, weights);
    let Some(slack) = Game::futility_slack(pos, &eval) else {
        return false;
    };
    let team = Team::new(pos.to_move(), pos.sides());
    let stand = Game::evaluate(pos, &eval, team);
    let mut child = pos.clone();
    for mv in Game::legal_moves(pos) {
        let bound = Game::move_bound(pos, &eval, mv);
        child.make(mv);
        let status = child.status();
        assert!(
            !matches!(status, Status::Won(s) if s == pos.to_move()),
            "{}: {} wins, yet pruning was allowed",
            pos.to_text(),
            pos.move_text(mv)
        );
        if !status.is_over() {
            let score = -Game::evaluate(&child, &eval, Team::new(child.to_move(), child.sides()));
            assert!(
                score - stand <= bound + slack,
                "{}: {} raises the score by {} > bound {} + slack {} (weights {:?})",
                pos.to_text(),
                pos.move_text(mv),
                score - stand,
                bound,
                slack,
                weights.entries()
            );
        }
        child.unmake();
    }
    true
}

/// Default weights half the time, else every weight the bound is made for drawn at random.
fn weights(rng: &mut StdRng) -> Weights {
    let mut w = Weights::default();
    if rng.gen_bool(0.5) {
        for name in ["distance", "race", "straggler", "ladder", "home", "tempo"] {
            let value = match name {
                "ladder" | "tempo" => rng.gen_range(-200..=200),
                _ => rng.gen_range(0..=200),
            };
            w.apply(&format!("{name}={value}")).unwrap();
        }
    }
    w
}

fn run<G: Geometry>(rules: Rules, seed: u64) -> usize {
    let setup = Arc::new(Setup::<G>::new(rules).unwrap());
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pick = StdRng::seed_from_u64(seed ^ 0xf0f0);
    let (mut seen, mut pruned) = (0, 0);
    while seen < POSITIONS / 2 {
        playout(&setup, 300, &mut rng, |pos| {
            let w = weights(&mut pick);
            pruned += usize::from(check(pos, &w));
            seen += 1;
        });
    }
    let max_count = rules.deadline.map_or(60, |d| u64::from(d) + 3);
    for _ in seen..POSITIONS {
        let pos = random_placement(&setup, max_count, &mut rng);
        let w = weights(&mut pick);
        pruned += usize::from(check(&pos, &w));
    }
    pruned
}

fn named(name: &str, seed: u64) {
    let rules = Rules::named(name).unwrap();
    let pruned = with_geometry!(rules.board, G => run::<G>(rules, seed));
    assert!(
        pruned > POSITIONS / 10,
        "{name}: pruning allowed in only {pruned} positions"
    );
}

#[test]
fn halma8_bound_holds() {
    named("halma8", 81);
}

#[test]
fn halma16_bound_holds() {
    named("halma16", 161);
}

#[test]
fn halma16_vacate_bound_holds() {
    named("halma16-vacate", 162);
}

#[test]
fn halma10_deadline_bound_holds() {
    named("halma10", 101);
}

#[test]
fn star_bound_holds() {
    named("star-2", 21);
}

#[test]
fn more_sides_never_prune() {
    let rules = Rules::named("halma16-4").unwrap();
    let pruned = with_geometry!(rules.board, G => run::<G>(rules, 164));
    assert_eq!(pruned, 0);
}
