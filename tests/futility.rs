//! Futility pruning's bound against the evaluation itself: wherever Halma's
//! `SearchHints::futility_slack` allows pruning, no legal move raises the mover's static score by
//! more than its `SearchHints::move_bound` plus that slack (the child's score, from the mover's
//! view, is what a frontier node would have found by playing the move). Random playouts and
//! random placements on several boards and rule sets, with the default weights, with an
//! opponent share drawn at random, and with weights drawn at random; the score's view (the
//! root side, which the opponent share depends on) is either side.
//!
//! On the same positions, the frontier's filter (`SearchHints::for_each_move_gain_above`, Halma's
//! by masks of cells to go) against the plain one that asks every move's bound
//! (`moves_above_each`): the same moves in the same order with the same gains, and the
//! same best bound left out.

use halma_engine::game::{moves_above_each, Evaluation, GameRules, SearchHints};
use halma_engine::weights::Weights;
use halma_engine::{with_geometry, Geometry, Move, Position, Rules, Setup, Status, Team};
use halma_suite::random::{playout, random_placement};
use rand::rngs::StdRng;
use rand::seq::{IteratorRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Positions checked per rule set.
const POSITIONS: usize = 3_000;

/// Checks every move of `pos` against its bound; returns whether pruning was allowed.
fn check<G: Geometry>(pos: &Position<G>, weights: &Weights, rng: &mut StdRng) -> bool {
    if pos.status().is_over() {
        return false;
    }
    let eval = Evaluation::evaluator(pos, weights);
    let Some(slack) = SearchHints::futility_slack(pos, &eval) else {
        return false;
    };
    // The score's view is the root side's, which may be either side (the opponent share).
    let team = Team::new(rng.gen_range(0..pos.sides()), pos.sides());
    let stand = Evaluation::evaluate(pos, &eval, team);
    let mut child = pos.clone();
    for mv in GameRules::legal_moves(pos) {
        let bound = SearchHints::move_bound(pos, &eval, mv);
        child.make(mv);
        let status = child.status();
        assert!(
            !matches!(status, Status::Won(s) if s == pos.to_move()),
            "{}: {} wins, yet pruning was allowed",
            pos.to_text(),
            pos.move_text(mv)
        );
        if !status.is_over() {
            let score = -Evaluation::evaluate(&child, &eval, team);
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

/// Compares the frontier filter of `pos` with the plain one for a few floors (around the
/// moves' own bounds, or anywhere) and table moves (none, a legal one, any two cells);
/// returns whether the game's own filter was in use (the weights allowed it).
fn check_filter<G: Geometry>(pos: &Position<G>, weights: &Weights, rng: &mut StdRng) -> bool {
    if pos.status().is_over() {
        return false;
    }
    let eval = Evaluation::evaluator(pos, weights);
    if SearchHints::futility_slack(pos, &eval).is_none() {
        return false;
    }
    let moves = GameRules::legal_moves(pos);
    let bounds: Vec<i32> = moves
        .iter()
        .map(|&mv| SearchHints::move_bound(pos, &eval, mv))
        .collect();
    let cells: Vec<usize> = G::BOARD.cells().collect();
    for _ in 0..6 {
        let floor = match (rng.gen_range(0..4), bounds.choose(rng)) {
            (0 | 1, Some(&b)) => i64::from(b) + rng.gen_range(-1..=1),
            (2, _) => rng.gen_range(-5_000..5_000),
            _ => [i64::MIN, -1, 0, i64::MAX][rng.gen_range(0..4)],
        };
        let keep = match rng.gen_range(0..3) {
            0 => None,
            1 => moves.choose(rng).copied(),
            _ => {
                // Any two different cells (a move's cells always differ).
                let from = *cells.choose(rng).unwrap();
                let to = *cells.iter().filter(|&&c| c != from).choose(rng).unwrap();
                Some(Move::new(from, to))
            }
        };
        let mut fast = Vec::new();
        let fast_dropped =
            SearchHints::for_each_move_gain_above(pos, &eval, floor, keep, |mv, gain| {
                fast.push((mv, gain))
            });
        let mut plain = Vec::new();
        let plain_dropped =
            moves_above_each(pos, &eval, floor, keep, |mv, gain| plain.push((mv, gain)));
        assert_eq!(
            (&fast, fast_dropped),
            (&plain, plain_dropped),
            "{}: floor {floor}, keep {keep:?}, weights {:?}",
            pos.to_text(),
            weights.entries()
        );
    }
    eval.frontier_filter(0).is_some()
}

/// Default weights a quarter of the time, the default but for an opponent share drawn at
/// random a quarter, else every weight the bound is made for drawn at random.
fn weights(rng: &mut StdRng) -> Weights {
    let mut w = Weights::default();
    let share = Weights::range("opponent");
    if rng.gen_bool(0.5) {
        if rng.gen_bool(0.5) {
            w.set("opponent", rng.gen_range(share)).unwrap();
        }
    } else {
        for name in [
            "distance",
            "race",
            "straggler",
            "ladder",
            "home",
            "tempo",
            "opponent",
        ] {
            let value = match name {
                "ladder" | "tempo" => rng.gen_range(-200..=200),
                "opponent" => rng.gen_range(share.clone()),
                _ => rng.gen_range(0..=200),
            };
            w.apply(&format!("{name}={value}")).unwrap();
        }
    }
    w
}

/// Checks `POSITIONS` positions of `rules`; returns in how many pruning was allowed and in
/// how many of those the game's own frontier filter was in use.
fn run<G: Geometry>(rules: Rules, seed: u64) -> (usize, usize) {
    let setup = Arc::new(Setup::<G>::new(rules).unwrap());
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pick = StdRng::seed_from_u64(seed ^ 0xf0f0);
    let (mut seen, mut pruned, mut filtered) = (0, 0, 0);
    let mut both = |pos: &Position<G>, pick: &mut StdRng| {
        let w = weights(pick);
        pruned += usize::from(check(pos, &w, pick));
        filtered += usize::from(check_filter(pos, &w, pick));
    };
    while seen < POSITIONS / 2 {
        playout(&setup, 300, &mut rng, |pos| {
            both(pos, &mut pick);
            seen += 1;
        });
    }
    let max_count = rules.deadline.map_or(60, |d| u64::from(d) + 3);
    for _ in seen..POSITIONS {
        let pos = random_placement(&setup, max_count, &mut rng);
        both(&pos, &mut pick);
    }
    (pruned, filtered)
}

fn named(name: &str, seed: u64) {
    let rules = Rules::named(name).unwrap();
    let (pruned, filtered) = with_geometry!(rules.board, G => run::<G>(rules, seed));
    assert!(
        pruned > POSITIONS / 10,
        "{name}: pruning allowed in only {pruned} positions"
    );
    // The default weights (half the positions) always allow the filter, random ones often
    // not: both paths are compared.
    assert!(
        filtered > pruned / 3 && filtered < pruned,
        "{name}: the frontier filter in use in {filtered} of {pruned} positions"
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
    let (pruned, _) = with_geometry!(rules.board, G => run::<G>(rules, 164));
    assert_eq!(pruned, 0);
}
