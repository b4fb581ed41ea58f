//! Regenerates the benchmark position suites `positions/bench/<rules>.txt`: Halma's from
//! seeded weak-human self-play (`halma_suite::playout`), each relative's from seeded games
//! of its playout policy (`halma_suite::reference::policy_game`). Deterministic: the same
//! build writes the same files.
//!
//! ```text
//! cargo run --release --example bench_positions [-- <output dir>]
//! ```
//!
//! Per rule set it plays a number of games and picks a handful of positions per phase:
//! * opening: each side has made a few moves (a different number in each game);
//! * midgame: from the middle of a game, the position with the most jump moves for the side
//!   to move (clustered armies, long ladders), one per game, best games first;
//! * endgame: the first position where the side to move has most of its pieces in its goal.
//!
//! A relative's phases are by game length alone: the openings after 2 to 5 moves a side,
//! the midgames from the middle of a game, the endgames from its last eighth.

use halma_engine::board::jumps::step_targets;
use halma_engine::game::GameRules;
use halma_engine::games::{Relative, Variant};
use halma_engine::{
    with_game, with_geometry, BitBoard, Error, Game, Geometry, Position, Rules, Setup,
};
use halma_suite::playout::WeakPlayer;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::fmt::Write as _;
use std::sync::Arc;

/// Games played per rule set.
const GAMES: u64 = 24;
/// Positions kept per phase.
const PER_PHASE: usize = 4;
/// Game length cap in plies.
const MAX_PLIES: usize = 1000;

/// One position of a played game, with what the phase selection looks at.
struct Sample {
    text: String,
    game: u64,
    ply: usize,
    moves: u64,
    jump_moves: u64,
    in_goal: f64,
}

fn sample<G: Geometry>(pos: &Position<G>, game: u64, ply: usize) -> Sample {
    let empty = G::CELLS.without(pos.occupied());
    let (mut moves, mut jump_moves) = (0, 0);
    pos.generate(|from, targets| {
        moves += targets.count() as u64;
        jump_moves += targets.without(step_targets::<G>(from, empty)).count() as u64;
    });
    let side = pos.to_move();
    let own = pos.pieces(side);
    Sample {
        text: pos.to_text(),
        game,
        ply,
        moves,
        jump_moves,
        in_goal: (own & pos.setup().goal(side)).count() as f64 / own.count() as f64,
    }
}

/// Plays the games of one rule set: every ongoing position of each game, in order.
fn play_games(rules: Rules) -> Vec<Vec<Sample>> {
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).expect("named rules are valid"));
        (0..GAMES)
            .map(|game| {
                let mut rng = StdRng::seed_from_u64(game);
                let mut pos = Position::start(setup.clone());
                let mut samples = Vec::new();
                WeakPlayer::default().play(&mut pos, &mut rng, MAX_PLIES, |p| {
                    if !p.status().is_over() {
                        samples.push(sample(p, game, samples.len()));
                    }
                });
                samples
            })
            .collect()
    })
}

/// Picks the suite's positions: `(label, sample)` in file order.
fn pick(games: &[Vec<Sample>], sides: usize) -> Vec<(String, &Sample)> {
    let mut out = Vec::new();
    // Opening: after 2, 3, 4, … moves of every side, each from a different game.
    for (i, game) in games.iter().take(PER_PHASE).enumerate() {
        if let Some(s) = game.get(sides * (2 + i)) {
            out.push((format!("opening-{}", i + 1), s));
        }
    }
    // Midgame: per game, the middle half's position with the most jump moves; the games
    // whose best is largest.
    let mut mids: Vec<&Sample> = games
        .iter()
        .filter_map(|g| {
            let (lo, hi) = (g.len() / 4, g.len() * 3 / 4);
            g[lo..hi].iter().max_by_key(|s| (s.jump_moves, s.moves))
        })
        .collect();
    mids.sort_by_key(|s| std::cmp::Reverse((s.jump_moves, s.moves)));
    for (i, s) in mids.into_iter().take(PER_PHASE).enumerate() {
        out.push((format!("midgame-{}", i + 1), s));
    }
    // Endgame: the first position where the mover has at least 70% of its pieces home.
    let ends = games
        .iter()
        .skip(PER_PHASE)
        .filter_map(|g| g.iter().find(|s| s.in_goal >= 0.7));
    for (i, s) in ends.take(PER_PHASE).enumerate() {
        out.push((format!("endgame-{}", i + 1), s));
    }
    out
}

/// A relative's suite file: [`PER_PHASE`] positions a phase from [`GAMES`] seeded games of
/// its playout policy (epsilon 0.3), by game length.
fn relative_suite<P: Game>(start: P, name: &str) -> String {
    let per = PER_PHASE as u64;
    let games: Vec<Vec<P>> = (0..GAMES)
        .map(|seed| {
            let mut game = halma_suite::reference::policy_game(start.clone(), seed, 0.3, MAX_PLIES);
            game.retain(|p| !p.status().is_over());
            game
        })
        .collect();
    let mut text = format!(
        "# {name} benchmark positions: seeded games of its playout policy (epsilon 0.3,\n\
         # halma_suite::reference::policy_game), regenerated by\n\
         # `cargo run --release --example bench_positions`.\n\
         # label ; position text  (game, ply of its ongoing plies)\n"
    );
    let mut put = |label: String, game: u64, ply: usize| {
        let Some(p) = games[game as usize].get(ply) else {
            return;
        };
        writeln!(
            text,
            "# {label}: game {game} ply {ply} of {}\n{label} ; {}",
            games[game as usize].len(),
            p.to_text()
        )
        .expect("writing to a String");
    };
    for i in 0..per {
        put(format!("opening-{}", i + 1), i, 2 * (2 + i as usize));
    }
    for i in 0..per {
        let game = per + i;
        put(
            format!("midgame-{}", i + 1),
            game,
            games[game as usize].len() / 2,
        );
    }
    for i in 0..per {
        let game = 2 * per + i;
        let len = games[game as usize].len();
        put(format!("endgame-{}", i + 1), game, len - 1 - len / 8);
    }
    text
}

/// The suite file of the relative `r`.
fn relative_file(r: Relative) -> Result<String, Error> {
    with_game!(Variant::Relative(r), P, setup => Ok(relative_suite(<P as GameRules>::start(&setup), r.name())))
}

/// Writes `text` to `path`, or ends the program with the error.
fn write(path: &str, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| {
        eprintln!("error: cannot write {path}: {e}");
        std::process::exit(1)
    });
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "positions/bench".into());
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| {
        eprintln!("error: cannot create {dir}: {e}");
        std::process::exit(1)
    });
    for name in halma_suite::BENCH_RULE_SETS {
        let rules = Rules::named(name).expect("a named rule set");
        let games = play_games(rules);
        let lengths: Vec<usize> = games.iter().map(Vec::len).collect();
        let mut text = format!(
            "# {name} benchmark positions: weak-human self-play (halma_suite::playout),\n\
             # regenerated by `cargo run --release --example bench_positions`.\n\
             # label ; position text  (jump moves / legal moves, game, ply)\n"
        );
        for (label, s) in pick(&games, rules.players) {
            writeln!(
                text,
                "# {label}: {} jump moves of {}, game {} ply {}\n{label} ; {}",
                s.jump_moves, s.moves, s.game, s.ply, s.text
            )
            .expect("writing to a String");
        }
        let path = format!("{dir}/{name}.txt");
        write(&path, &text);
        eprintln!("{path}: game lengths {lengths:?}");
    }
    for &r in Relative::ALL {
        let path = format!("{dir}/{}.txt", r.name());
        write(
            &path,
            &relative_file(r).expect("a relative has no setup to fail"),
        );
        eprintln!("{path}");
    }
}
