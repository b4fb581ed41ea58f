//! Support for the fuzz tests: random reachable positions, and text mutations — proptest
//! strategies that damage a valid text the ways real input goes wrong (cut short, a
//! character changed, junk inserted, a number changed to a huge or odd one, a piece
//! repeated or dropped), so that the parsers are driven deep past their first checks
//! instead of failing on the first byte of random noise.
//!
//! Shared by `engine/tests/fuzz.rs` and the cli's `fuzz_tests.rs` (which includes this file
//! by path), so both fuzz with the same positions and mutations.

use halma_engine::{Geometry, Move, Position, Setup};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::FileFailurePersistence;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;
use std::sync::Arc;

/// A position reached from the start by `plies` random moves (half of them the move that
/// gains most towards the goal, so that games get past the opening) or fewer if the game
/// ends first.
pub fn reachable<G: Geometry>(
    setup: &Arc<Setup<G>>,
    plies: usize,
    rng: &mut StdRng,
) -> Position<G> {
    let mut pos = Position::start(setup.clone());
    for _ in 0..plies {
        let moves = pos.legal_moves();
        let Some(&any) = moves.choose(rng) else { break };
        let side = pos.to_move();
        let gain = |mv: &Move| {
            let (u, v) = setup.corner_offset(side, mv.from());
            let (u2, v2) = setup.corner_offset(side, mv.to());
            (u2 + v2) - (u + v)
        };
        let mv = if any.is_pass() || rng.gen_bool(0.5) {
            any
        } else {
            *moves.iter().max_by_key(|m| gain(m)).unwrap_or(&any)
        };
        pos.make(mv);
    }
    pos
}

/// How many test cases a fuzz test runs: `PROPTEST_CASES` when set (for long runs), else
/// `default`, chosen so that the whole fuzz set stays under about a minute in CI.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// The proptest configuration of a fuzz test with `default` cases (see [`cases`]). A
/// failing case is saved beside the test's source (`*.proptest-regressions`) and replayed
/// first by every later run; commit the file with the fix.
pub fn config(default: u32) -> ProptestConfig {
    ProptestConfig {
        cases: cases(default),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// One change to a text. Positions are [`Index`]es, scaled to the text's length when applied.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Cut the text here.
    Truncate(Index),
    /// Replace one character.
    Substitute(Index, char),
    /// Insert a string.
    Insert(Index, String),
    /// Delete up to this many characters.
    Delete(Index, usize),
    /// Replace the run of digits at or after the position by this number text.
    Number(Index, String),
    /// Repeat a slice of up to this many characters right after itself.
    Duplicate(Index, usize),
    /// Swap two characters.
    Swap(Index, Index),
}

/// Characters that mean something to one of the text formats, or are known trouble.
const SPECIAL: &[char] = &[
    'A', 'B', 'C', 'D', 'E', 'F', 'G', 'Z', 'a', 'h', 'i', 'p', 'q', 'z', '0', '1', '9', '/', ' ',
    ',', '-', ':', '=', '.', '+', '[', ']', '"', '\\', '\t', '\n', '\r', '\0', 'é', '€', '🙂',
];

/// Number texts at the edges of the integer types and beyond, and things that look like
/// numbers to a lenient parser.
const NUMBERS: &[&str] = &[
    "0",
    "00",
    "1",
    "2",
    "9",
    "10",
    "17",
    "-1",
    "+1",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999999999999",
    "1e9",
    "1e308",
    "1e309",
    "NaN",
    "inf",
    "1.5",
    "0x10",
];

/// A character: mostly one of [`SPECIAL`], sometimes any character at all.
fn character() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => proptest::sample::select(SPECIAL),
        1 => any::<char>(),
    ]
}

/// A junk string to insert: a few special characters, or any printable text.
fn junk() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::collection::vec(character(), 1..6).prop_map(|c| c.into_iter().collect()),
        "\\PC{1,12}",
        proptest::sample::select(NUMBERS).prop_map(String::from),
    ]
}

/// One mutation.
pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        1 => any::<Index>().prop_map(Mutation::Truncate),
        3 => (any::<Index>(), character()).prop_map(|(i, c)| Mutation::Substitute(i, c)),
        2 => (any::<Index>(), junk()).prop_map(|(i, s)| Mutation::Insert(i, s)),
        2 => (any::<Index>(), 1..8usize).prop_map(|(i, n)| Mutation::Delete(i, n)),
        3 => (any::<Index>(), proptest::sample::select(NUMBERS))
            .prop_map(|(i, n)| Mutation::Number(i, n.into())),
        1 => (any::<Index>(), 1..12usize).prop_map(|(i, n)| Mutation::Duplicate(i, n)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Mutation::Swap(i, j)),
    ]
}

/// One to four mutations.
pub fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    proptest::collection::vec(mutation(), 1..=4)
}

/// `text` with every mutation applied in turn.
pub fn apply(text: &str, mutations: &[Mutation]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for m in mutations {
        // A position in 0..=len (the end included, so that an empty text can grow).
        let at = |i: &Index, len: usize| i.index(len + 1);
        let len = chars.len();
        match m {
            Mutation::Truncate(i) => chars.truncate(at(i, len)),
            Mutation::Substitute(i, c) if len > 0 => chars[i.index(len)] = *c,
            Mutation::Substitute(i, c) => chars.insert(at(i, len), *c),
            Mutation::Insert(i, s) => {
                let p = at(i, len);
                chars.splice(p..p, s.chars());
            }
            Mutation::Delete(i, n) => {
                let p = at(i, len);
                chars.drain(p..(p + n).min(len));
            }
            Mutation::Number(i, n) => {
                let p = at(i, len);
                let start = (p..len).find(|&k| chars[k].is_ascii_digit()).unwrap_or(p);
                let end = (start..len)
                    .find(|&k| !chars[k].is_ascii_digit())
                    .unwrap_or(len);
                chars.splice(start..end, n.chars());
            }
            Mutation::Duplicate(i, n) => {
                let p = at(i, len);
                let slice: Vec<char> = chars[p..(p + n).min(len)].to_vec();
                let q = p + slice.len();
                chars.splice(q..q, slice);
            }
            Mutation::Swap(i, j) if len > 0 => chars.swap(i.index(len), j.index(len)),
            Mutation::Swap(..) => {}
        }
    }
    chars.into_iter().collect()
}
