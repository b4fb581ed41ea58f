//! Property-based fuzzing of the command's own file formats (docs/reliability.md,
//! "Fuzzing"): game records (`tournament::record`) and the course protocol's `input.txt`
//! and `output.txt` (`course`).
//!
//! As in the engine's `tests/fuzz.rs` (whose support module this includes): random records
//! and positions round-trip through their text; mutated and random texts give an error or
//! a value that round-trips, never a panic. `PROPTEST_CASES` overrides the case counts.

#[path = "../../engine/tests/fuzz_support/mod.rs"]
pub(crate) mod fuzz_support;

use crate::course_files::{
    input_text, limits, output_text, parse_input, parse_output, CourseBoard,
};
use crate::record::{parse_records, GameRecord};
use fuzz_support::{apply, config, mutations, reachable};
use halma_engine::{Position, Rules, Setup};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::Arc;

/// The two-player 16×16 rule sets the course protocol is played under.
const COURSE_RULE_SETS: [&str; 3] = ["halma16-vacate", "halma16", "square16:jumps=long"];

/// The most plies of random play before a position is used.
const MAX_PLIES: usize = 200;

/// Scores that sum to 1 over `sides` seats, in the forms a tournament writes: one winner,
/// or a draw shared by every seat.
fn scores(sides: usize) -> impl Strategy<Value = Vec<f64>> {
    (0..=sides).prop_map(move |winner| {
        (0..sides)
            .map(|seat| match winner == sides {
                true => 1.0 / sides as f64,
                false => f64::from(u8::from(seat == winner)),
            })
            .collect()
    })
}

/// A move text as records hold them.
fn move_token() -> impl Strategy<Value = String> {
    prop_oneof![
        9 => "[a-p](1[0-6]|[1-9])(-[a-p](1[0-6]|[1-9])){1,4}",
        1 => Just("pass".to_string()),
    ]
}

/// A random record: any numbers, any printable names, reason and time control (quotes and
/// backslashes included: the writer escapes them), two to six seats.
fn record() -> impl Strategy<Value = GameRecord> {
    let names = (2..=6usize).prop_flat_map(|sides| {
        (
            proptest::collection::vec("\\PC{0,16}", sides),
            scores(sides),
        )
    });
    (
        (any::<usize>(), any::<usize>(), any::<usize>()),
        ("[a-z0-9:=,-]{1,30}", "\\PC{0,20}", "\\PC{0,60}"),
        names,
        "\\PC{0,30}",
        proptest::collection::vec(move_token(), 0..120),
    )
        .prop_map(
            |(
                (game, pair, opening),
                (rules, time_control, start),
                (players, scores),
                reason,
                moves,
            )| {
                GameRecord {
                    game,
                    pair,
                    rules,
                    players,
                    time_control,
                    opening,
                    start,
                    scores,
                    reason,
                    moves,
                }
            },
        )
}

/// The text of a record file holding `games`.
fn file_text(games: &[GameRecord]) -> String {
    games.iter().map(GameRecord::to_text).collect()
}

/// A random reachable two-player 16×16 position of `COURSE_RULE_SETS[set]` and its rules.
fn course_position(set: usize, seed: u64, plies: usize) -> (Rules, Position<CourseBoard>) {
    let rules = Rules::parse(COURSE_RULE_SETS[set]).expect("a valid rule set");
    let setup = Arc::new(Setup::<CourseBoard>::new(rules).expect("a valid setup"));
    let pos = reachable(&setup, plies, &mut StdRng::seed_from_u64(seed));
    (rules, pos)
}

/// Parses an `input.txt`; if accepted, the time becomes search limits and the position
/// prints back to the same file text.
fn check_input(text: &str, rules: Rules) {
    if let Ok((input, pos)) = parse_input(text, rules) {
        let _ = limits(&input);
        let again = input_text(&pos, input.game, input.seconds);
        let (back, _) = parse_input(&again, rules).expect("a printed input.txt parses");
        assert_eq!(input_text(&pos, back.game, back.seconds), again);
    }
}

proptest! {
    #![proptest_config(config(600))]

    /// Records print → parse to the same records, and a file cut anywhere gives exactly the
    /// records before the cut (the torn last block is dropped).
    #[test]
    fn records_round_trip(games in proptest::collection::vec(record(), 1..4), cut in any::<proptest::sample::Index>()) {
        let text = file_text(&games);
        prop_assert_eq!(parse_records(&text).unwrap(), games.clone());
        let mut at = cut.index(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let ends = games.iter().scan(0, |end, game| {
            *end += game.to_text().len();
            Some(*end)
        });
        let whole = ends.filter(|&end| end <= at).count();
        prop_assert_eq!(parse_records(&text[..at]).unwrap(), games[..whole].to_vec());
    }

    /// Mutated and random record files give an error or games with scores in 0..=1 that
    /// print and parse back to themselves, never a panic.
    #[test]
    fn mutated_records_never_panic(
        games in proptest::collection::vec(record(), 1..3),
        mutations in mutations(),
        noise in "(\\PC|\n){0,200}",
    ) {
        for text in [apply(&file_text(&games), &mutations), noise] {
            if let Ok(parsed) = parse_records(&text) {
                for game in &parsed {
                    prop_assert!(game.scores.iter().all(|s| (0.0..=1.0).contains(s)), "{:?}", game.scores);
                }
                let again = file_text(&parsed);
                prop_assert_eq!(file_text(&parse_records(&again).unwrap()), again);
            }
        }
    }

    /// `input.txt` of random reachable positions parses back to the same position, mode and
    /// time (to the millisecond the file holds).
    #[test]
    fn course_input_round_trips(
        set in 0..COURSE_RULE_SETS.len(),
        seed in any::<u64>(),
        plies in 0..MAX_PLIES,
        game in any::<bool>(),
        millis in 0..1_000_000_000u64,
    ) {
        let (rules, pos) = course_position(set, seed, plies);
        let seconds = millis as f64 / 1000.0;
        let text = input_text(&pos, game, seconds);
        let (input, back) = parse_input(&text, rules).unwrap();
        prop_assert_eq!((input.game, input.seconds), (game, seconds));
        prop_assert_eq!(input_text(&back, game, seconds), text);
        let _ = limits(&input);
    }

    /// Mutated and random `input.txt` files give an error or an input that works, never a
    /// panic.
    #[test]
    fn mutated_course_input_never_panics(
        set in 0..COURSE_RULE_SETS.len(),
        seed in any::<u64>(),
        plies in 0..MAX_PLIES,
        game in any::<bool>(),
        millis in 0..1_000_000_000u64,
        mutations in mutations(),
        noise in "([BW.]{0,20}\n){0,20}",
    ) {
        let (rules, pos) = course_position(set, seed, plies);
        let text = input_text(&pos, game, millis as f64 / 1000.0);
        check_input(&apply(&text, &mutations), rules);
        check_input(&format!("SINGLE\nBLACK\n1\n{noise}"), rules);
    }

    /// Every legal move's `output.txt` parses back to it; mutated ones are refused or legal.
    #[test]
    fn course_output_round_trips_and_mutations_never_panic(
        set in 0..COURSE_RULE_SETS.len(),
        seed in any::<u64>(),
        plies in 0..MAX_PLIES,
        pick in any::<proptest::sample::Index>(),
        mutations in mutations(),
    ) {
        let (_, pos) = course_position(set, seed, plies);
        let moves = pos.legal_moves();
        for &mv in moves.iter().filter(|m| !m.is_pass()) {
            prop_assert_eq!(parse_output(&output_text(&pos, mv), &pos), Ok(mv));
        }
        if let Some(&mv) = moves.get(pick.index(moves.len().max(1))).filter(|m| !m.is_pass()) {
            if let Ok(back) = parse_output(&apply(&output_text(&pos, mv), &mutations), &pos) {
                prop_assert!(moves.contains(&back));
            }
        }
    }
}

/// Inputs the fuzzers found bugs with, kept as fixed cases.
#[test]
fn fuzz_regressions() {
    // A record's result was read with any float for a score: NaN, inf and 1e300 were
    // accepted (and 1e300 printed back as 4294967295).
    let mut game = GameRecord {
        game: 1,
        pair: 1,
        rules: "halma8".into(),
        players: vec!["x".into(), "y".into()],
        time_control: "none".into(),
        opening: 0,
        start: String::new(),
        scores: vec![1.0, 0.0],
        reason: "A wins".into(),
        moves: vec!["b3-c4".into()],
    };
    assert_eq!(parse_records(&game.to_text()).unwrap(), vec![game.clone()]);
    for result in ["NaN-NaN", "inf-0", "1e300-0", "2-0", "1/0.5-0"] {
        game.scores = vec![0.0, 0.0];
        let text = game.to_text().replace("0-0", result);
        assert!(parse_records(&text).is_err(), "result {result} accepted");
    }
}
