//! Property-based fuzzing of the engine's three text formats: position text, rules text and
//! move text (docs/reliability.md, "Fuzzing").
//!
//! Each parser gets arbitrary strings and, far more effective, mutations of valid texts
//! (`fuzz_support`): it must return `Ok` or `Err`, never panic, and whatever it accepts must be a
//! consistent value that prints back to a text it accepts again. The printers are checked
//! the other way round: print → parse → print is the identity on random reachable positions
//! of many boards, on random rule sets and on every legal move.
//!
//! Case counts keep the whole set near half a minute in release mode on two cores; set
//! `PROPTEST_CASES` for a long run (`PROPTEST_CASES=100000 cargo test --release -p
//! halma-engine --test engine fuzz::`).

use crate::{checks, fuzz_support};

use checks::{check_move, check_rules, parse_position, MOVE_RULES};
use fuzz_support::{apply, config, mutations, reachable};
use halma_engine::games::halma::notation::move_text;
use halma_engine::games::halma::rules::NAMED_RULE_SETS;
use halma_engine::{with_geometry, Geometry, Position, Rules, Setup};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::Arc;

/// Rule sets whose positions are printed and parsed besides the named ones: option mixes
/// on the generic square boards (long jumps, the four-player layouts, every rule flag).
const OPTION_MIXES: &[&str] = &[
    "square6-4:jumps=long,deadline=10",
    "square7:follow-out=on,camp-exit=free",
    "square9:jumps=long,win=all-in-goal",
    "square12-4:vacate=on,repetition=off",
    "halma10:jumps=long,follow-out=on",
];

/// How many rule sets [`position_rules`] gives.
const POSITION_RULE_COUNT: usize = NAMED_RULE_SETS.len() + OPTION_MIXES.len();

/// Every named rule set, then the [`OPTION_MIXES`].
fn position_rules() -> Vec<&'static str> {
    NAMED_RULE_SETS
        .iter()
        .chain(OPTION_MIXES)
        .copied()
        .collect()
}

/// The most plies of random play before a position is used.
const MAX_PLIES: usize = 160;

/// A random reachable position of rule set `set` (an index into `sets`) as text.
fn reachable_text(sets: &[&str], set: usize, seed: u64, plies: usize) -> String {
    let rules = Rules::parse(sets[set]).expect("a valid rule set");
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).expect("a valid setup"));
        reachable(&setup, plies, &mut StdRng::seed_from_u64(seed)).to_text()
    })
}

/// A valid rules text: a name (named set or generic square board) and random options.
fn rules_text() -> impl Strategy<Value = String> {
    let name = prop_oneof![
        proptest::sample::select(NAMED_RULE_SETS.to_vec()).prop_map(String::from),
        (6..=16usize, any::<bool>())
            .prop_map(|(n, four)| { format!("square{n}{}", if four { "-4" } else { "" }) }),
    ];
    let option = prop_oneof![
        proptest::sample::select(vec!["free", "locked"]).prop_map(|v| format!("camp-exit={v}")),
        proptest::sample::select(vec!["all-in-goal", "goal-filled"])
            .prop_map(|v| format!("win={v}")),
        prop_oneof![
            Just("none".to_string()),
            (1..=u16::MAX).prop_map(|n| n.to_string())
        ]
        .prop_map(|v| format!("deadline={v}")),
        proptest::sample::select(vec!["adjacent", "long"]).prop_map(|v| format!("jumps={v}")),
        (
            proptest::sample::select(vec!["follow-out", "vacate", "repetition"]),
            proptest::sample::select(vec!["on", "off", "true", "false", "yes", "no"])
        )
            .prop_map(|(k, v)| format!("{k}={v}")),
    ];
    (name, proptest::collection::vec(option, 0..5)).prop_map(|(name, options)| {
        if options.is_empty() {
            name
        } else {
            format!("{name}:{}", options.join(","))
        }
    })
}

/// Runs `f` on a random reachable position of `MOVE_RULES[set]`.
fn with_move_position(set: usize, seed: u64, plies: usize, f: impl FnOnce(&dyn MoveTexts)) {
    let rules = Rules::parse(MOVE_RULES[set]).expect("a valid rule set");
    with_geometry!(rules.board, G => {
        let setup = Arc::new(Setup::<G>::new(rules).expect("a valid setup"));
        f(&reachable(&setup, plies, &mut StdRng::seed_from_u64(seed)));
    })
}

/// The move-text operations of a position, without its geometry type, so that one test body
/// serves every board.
trait MoveTexts {
    /// Every legal move's from-to text and full-path text.
    fn texts(&self) -> Vec<String>;
    /// Checks the round trips of every legal move's texts.
    fn round_trip(&self);
    /// Parses a (possibly bad) move text; see [`check_move`].
    fn check(&self, text: &str);
}

impl<G: Geometry> MoveTexts for Position<G> {
    fn texts(&self) -> Vec<String> {
        self.legal_moves()
            .into_iter()
            .flat_map(|mv| [move_text(G::BOARD, mv), self.path_text(mv)])
            .collect()
    }

    fn round_trip(&self) {
        for mv in self.legal_moves() {
            let short = move_text(G::BOARD, mv);
            assert_eq!(
                self.parse_move(&short),
                Ok(mv),
                "{short} in {}",
                self.to_text()
            );
            let path = self.path_text(mv);
            assert_eq!(
                self.parse_move(&path),
                Ok(mv),
                "{path} in {}",
                self.to_text()
            );
        }
    }

    fn check(&self, text: &str) {
        check_move(self, text);
    }
}

proptest! {
    #![proptest_config(config(4000))]

    /// Print → parse → print is the identity on random reachable positions.
    #[test]
    fn position_text_round_trips(
        set in 0..POSITION_RULE_COUNT,
        seed in any::<u64>(),
        plies in 0..MAX_PLIES,
    ) {
        let text = reachable_text(&position_rules(), set, seed, plies);
        prop_assert_eq!(parse_position(&text), Ok(text));
    }

    /// Mutated position texts give an error or a consistent position, never a panic.
    #[test]
    fn mutated_position_text_never_panics(
        set in 0..POSITION_RULE_COUNT,
        seed in any::<u64>(),
        plies in 0..MAX_PLIES,
        mutations in mutations(),
    ) {
        let text = reachable_text(&position_rules(), set, seed, plies);
        let _ = parse_position(&apply(&text, &mutations));
    }

    /// Random strings, alone and after a valid rule-set name, never make the parser panic.
    #[test]
    fn arbitrary_position_text_never_panics(
        name in proptest::sample::select(NAMED_RULE_SETS.to_vec()),
        fields in "[A-G0-9/ ,]{0,120}",
        noise in "\\PC{0,80}",
    ) {
        let _ = parse_position(&format!("{name} {fields}"));
        let _ = parse_position(&noise);
        let _ = parse_position(&format!("{name} {noise}"));
    }

    /// Rules texts round-trip: parse → print → parse gives the same rules.
    #[test]
    fn rules_text_round_trips(text in rules_text()) {
        let rules = check_rules(&text);
        prop_assert!(rules.is_some(), "valid rules text refused: {}", text);
    }

    /// Mutated and random rules texts give an error or rules that round-trip.
    #[test]
    fn mutated_rules_text_never_panics(
        text in rules_text(),
        mutations in mutations(),
        noise in "\\PC{0,40}",
    ) {
        check_rules(&apply(&text, &mutations));
        check_rules(&noise);
    }

    /// Every legal move's from-to text and full jump path parse back to the move.
    #[test]
    fn move_text_round_trips(
        set in 0..MOVE_RULES.len(),
        seed in any::<u64>(),
        plies in 0..MAX_PLIES,
    ) {
        with_move_position(set, seed, plies, |pos| pos.round_trip());
    }

    /// Mutations of legal move texts, and random ones, are refused or legal, never a panic.
    #[test]
    fn mutated_move_text_never_panics(
        set in 0..MOVE_RULES.len(),
        seed in any::<u64>(),
        plies in 0..MAX_PLIES,
        pick in any::<proptest::sample::Index>(),
        mutations in proptest::collection::vec(mutations(), 8),
        cells in "([a-q][0-9]{1,2}-){0,5}[a-q][0-9]{1,3}",
        noise in "\\PC{0,24}",
    ) {
        with_move_position(set, seed, plies, |pos| {
            let texts = pos.texts();
            for m in &mutations {
                let text = texts.get(pick.index(texts.len().max(1))).map_or("pass", |t| t);
                pos.check(&apply(text, m));
            }
            pos.check(&cells);
            pos.check(&noise);
        });
    }
}

/// Inputs the fuzzers found bugs with, kept as fixed cases.
#[test]
fn fuzz_regressions() {
    // A rank number beyond isize::MAX made `parse_cell` overflow (`rank as isize - 1`: a
    // panic where overflow checks are on, as in `cargo test` without --release).
    let setup = Arc::new(Setup::new(Rules::named("halma8").unwrap()).unwrap());
    let pos = Position::<halma_engine::board::geometry::Square<8>>::start(setup);
    for text in [
        "b3-a9223372036854775808",
        "a18446744073709551615-c4",
        "b3-b9223372036854775809-b4",
    ] {
        assert!(pos.parse_move(text).is_err(), "{text}");
    }
}
