//! Writes race-ending start positions for engine matches: from seeded weak-human self-play
//! (`halma_suite::playout`), the first position of each game that is a pure race (the armies
//! have passed each other) with at most `MAX_OUTSIDE` pieces of each side still outside its
//! goal. Deterministic.
//!
//! ```text
//! cargo run --release -p halma-suite --example race_positions -- RULES COUNT > positions/openings/race-RULES.txt
//! ```
//!
//! The files are tournament openings (`halma tournament --openings FILE`), used to measure the
//! exact race term of the evaluation (docs/search.md).

use halma_engine::games::halma::eval::{Evaluator, HalmaWeights};
use halma_engine::{with_geometry, BitBoard, Geometry, Position, Rules, Setup};
use halma_suite::playout::WeakPlayer;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::Arc;

/// Most pieces of either side outside its goal in a written position.
const MAX_OUTSIDE: u32 = 4;
/// Fewest pieces of either side outside its goal (fewer is decided too soon to matter).
const MIN_OUTSIDE: u32 = 2;
/// Game length cap in plies.
const MAX_PLIES: usize = 1000;
/// Games tried before giving up on finding `COUNT` positions.
const MAX_GAMES: u64 = 10_000;

/// Pieces of `side` outside its goal camp.
fn outside<G: Geometry>(pos: &Position<G>, side: usize) -> u32 {
    pos.pieces(side).without(pos.setup().goal(side)).count()
}

/// The first race position of one seeded game, as position text.
fn race_of_game<G: Geometry>(
    setup: &Arc<Setup<G>>,
    eval: &Evaluator<G>,
    seed: u64,
) -> Option<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Position::start(setup.clone());
    let mut found = None;
    WeakPlayer::default().play(&mut pos, &mut rng, MAX_PLIES, |p| {
        if found.is_none() && !p.status().is_over() && eval.is_pure_race(p) {
            let counts = [outside(p, 0), outside(p, 1)];
            if counts.iter().all(|&n| n <= MAX_OUTSIDE) {
                found = Some(
                    counts
                        .iter()
                        .all(|&n| n >= MIN_OUTSIDE)
                        .then(|| p.to_text()),
                );
            }
        }
    });
    found.flatten()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(count)) = (args.first(), args.get(1).and_then(|c| c.parse().ok())) else {
        eprintln!("usage: race_positions RULES COUNT");
        std::process::exit(2)
    };
    let count: usize = count;
    let rules = Rules::named(name).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2)
    });
    if rules.players != 2 {
        eprintln!("error: races are measured in two-player games only");
        std::process::exit(2)
    }
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).expect("named rules are valid"));
        let eval = Evaluator::new(&setup, HalmaWeights::default());
        println!(
            "# {name} race positions: the first pure race with {MIN_OUTSIDE}..{MAX_OUTSIDE} pieces \
             a side outside the goal\n# in seeded weak-human self-play; written by \
             `cargo run --release -p halma-suite --example race_positions -- {name} {count}`"
        );
        let mut written = 0;
        for seed in 0..MAX_GAMES {
            if written == count {
                break;
            }
            if let Some(text) = race_of_game(&setup, &eval, seed) {
                println!("{text}");
                written += 1;
            }
        }
        if written < count {
            eprintln!("only {written} race positions in {MAX_GAMES} games");
        }
    });
}
