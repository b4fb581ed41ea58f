//! Measures how far Caeser can be solved (`docs/games/caeser.md`, "Solving"):
//!
//! 1. the distinct states (arrangement and side to move) at each ply from the start, level
//!    by level, until a level holds more than `level_cap` states;
//! 2. the memoised win/draw/loss search ([`Solver`]) from positions `back` plies before the
//!    end of a seeded game, `back` growing until the search runs out of room;
//! 3. the same search from the start, with a table of `max_states` states.
//!
//! `cargo run --release --example caeser_solve -- [max_states [level_cap]]` (defaults
//! 40,000,000 states and 5,000,000 a level: about 2 GB at most).

use fxhash::FxHashSet;
use halma_engine::game::Evaluation;
use halma_engine::games::caeser::board::GOAL;
use halma_engine::games::caeser::movegen::{for_each_move, has_move};
use halma_engine::games::caeser::{CaeserPosition, Outcome, Solver};
use halma_engine::rng::Rng;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a whole number"))
        .collect();
    let max_states = args.first().copied().unwrap_or(40_000_000) as usize;
    let level_cap = args.get(1).copied().unwrap_or(5_000_000) as usize;

    // 1. Distinct states by ply (finished states are counted, not expanded).
    let start = CaeserPosition::start();
    let mut level: FxHashSet<[u64; 2]> = FxHashSet::default();
    level.insert([start.men(0), start.men(1)]);
    let mut total = 1u64;
    let t = Instant::now();
    for ply in 1.. {
        let side = (ply - 1) % 2;
        let mut next: FxHashSet<[u64; 2]> = FxHashSet::default();
        for men in &level {
            // Ends: the last mover won.
            if men[1 - side] & !GOAL[1 - side] == 0 {
                continue;
            }
            if !has_move(side, men[side], men[1 - side]) {
                next.insert(*men);
                continue;
            }
            for_each_move(side, men[side], men[1 - side], |from, to| {
                let mut m = *men;
                m[side] ^= (1 << from) | (1 << to);
                next.insert(m);
            });
        }
        total += next.len() as u64;
        println!(
            "ply {ply:>3}: {:>12} distinct states ({total} so far, {:.1} s)",
            next.len(),
            t.elapsed().as_secs_f64()
        );
        if next.is_empty() || next.len() > level_cap {
            break;
        }
        level = next;
    }

    // 2. Endgames of a seeded game played by the greedy policy with some noise.
    let mut rng = Rng::new(7);
    let mut game = CaeserPosition::start();
    let eval = game.evaluator(&Default::default());
    while !game.status().is_over() {
        let mv = game.policy_move(&eval, 0.3, &mut rng);
        game.make(mv);
    }
    let length = game.history().count();
    println!("seeded game: {length} plies, {:?}", game.status());
    for back in (4..=length).step_by(4) {
        let mut pos = game.clone();
        for _ in 0..back {
            pos.unmake();
        }
        let pos = CaeserPosition::from_text(&pos.to_text()).expect("a valid text");
        let what = format!("{back:>3} plies before the end");
        if solve(&pos, max_states, &what).is_none() {
            break;
        }
    }

    // 3. The start.
    solve(&start, max_states, "start");
}

/// Solves `pos` with a table of `max_states` states and prints the value, the nodes and
/// states and the time it took (`what` names the position); the value, `None` when the
/// table ran out.
fn solve(pos: &CaeserPosition, max_states: usize, what: &str) -> Option<Outcome> {
    let mut solver = Solver::new(max_states);
    let t = Instant::now();
    let value = solver.value(pos);
    println!(
        "{what}: {value:?} ({} nodes, {} states, {:.1} s)  {}",
        solver.nodes(),
        solver.states(),
        t.elapsed().as_secs_f64(),
        pos.to_text()
    );
    value
}
