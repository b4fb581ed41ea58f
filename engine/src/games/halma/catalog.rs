//! Halma's entries in the registry of games ([`GameInfo`]): one per named rule set of
//! `RULES.md` and one per square family, with the built-in openings and bench positions
//! of `positions/`.

use crate::games::catalog::{GameInfo, PreferredSearcher};

/// A named rule set's entry: its facts with rule options.
const fn rule_set(name: &'static str, summary: &'static str, sides: usize) -> GameInfo {
    GameInfo {
        has_options: true,
        ..GameInfo::plain(name, summary, sides)
    }
}

/// The named rule sets of `RULES.md`, in its order.
pub const NAMED: [GameInfo; 11] = [
    GameInfo {
        searcher: PreferredSearcher::Mcts,
        openings: include_str!("../../../../positions/openings/halma8.txt"),
        bench: include_str!("../../../../positions/bench/halma8.txt"),
        ..rule_set(
            "halma8",
            "8x8, ten pieces a side in corner camps, all in the goal wins, 30-move yard deadline",
            2,
        )
    },
    GameInfo {
        openings: include_str!("../../../../positions/openings/halma10.txt"),
        bench: include_str!("../../../../positions/bench/halma10.txt"),
        ..rule_set(
            "halma10",
            "10x10, fifteen pieces a side, all in the goal wins, 50-move yard deadline",
            2,
        )
    },
    GameInfo {
        openings: include_str!("../../../../positions/openings/halma16.txt"),
        bench: include_str!("../../../../positions/bench/halma16.txt"),
        ..rule_set(
            "halma16",
            "16x16, nineteen pieces a side, camps locked, a filled goal wins",
            2,
        )
    },
    GameInfo {
        openings: include_str!("../../../../positions/openings/halma16-vacate.txt"),
        ..rule_set(
            "halma16-vacate",
            "halma16 with the course agents' vacate rule",
            2,
        )
    },
    GameInfo {
        openings: include_str!("../../../../positions/openings/halma16-4.txt"),
        bench: include_str!("../../../../positions/bench/halma16-4.txt"),
        ..rule_set(
            "halma16-4",
            "16x16 for four, thirteen pieces each, camps locked, a filled goal wins",
            4,
        )
    },
    GameInfo {
        searcher: PreferredSearcher::Mcts,
        openings: include_str!("../../../../positions/openings/star-2.txt"),
        bench: include_str!("../../../../positions/bench/star-2.txt"),
        ..rule_set(
            "star-2",
            "Chinese Checkers: the 121-cell star, ten pieces each in opposite points",
            2,
        )
    },
    GameInfo {
        openings: include_str!("../../../../positions/openings/star-3.txt"),
        ..rule_set(
            "star-3",
            "Chinese Checkers for three, in alternate points",
            3,
        )
    },
    rule_set(
        "star-4",
        "Chinese Checkers for four, in two opposite pairs of points",
        4,
    ),
    GameInfo {
        bench: include_str!("../../../../positions/bench/star-6.txt"),
        ..rule_set("star-6", "Chinese Checkers for six, every point", 6)
    },
    GameInfo {
        searcher: PreferredSearcher::Mcts,
        openings: include_str!("../../../../positions/openings/diamond.txt"),
        bench: include_str!("../../../../positions/bench/diamond.txt"),
        ..rule_set(
            "diamond",
            "Chinese Checkers on the 81-cell diamond, ten pieces a side",
            2,
        )
    },
    rule_set(
        "ccerl",
        "star-2 under the CCERL ladder's referee: goal lock, equal turns, 240-ply cap",
        2,
    ),
];

/// The square families: `squareN` for two and `squareN-4` for four (N = 6..16), with the
/// options of `halma16`.
pub const SQUARES: [GameInfo; 2] = [
    rule_set(
        "squareN",
        "NxN (N = 6..16) for two, camps locked, a filled goal wins",
        2,
    ),
    rule_set(
        "squareN-4",
        "NxN (N = 6..16) for four, camps locked, a filled goal wins",
        4,
    ),
];

/// The names of [`NAMED`], in its order.
pub const NAMED_RULE_SETS: [&str; NAMED.len()] = {
    let mut names = [""; NAMED.len()];
    let mut i = 0;
    while i < NAMED.len() {
        names[i] = NAMED[i].name;
        i += 1;
    }
    names
};
