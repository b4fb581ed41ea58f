//! Search scores: centimoves from the side to move's view, and exact wins and losses.
//!
//! A win found `n` plies from the root scores `WIN - n`, a loss `-(WIN - n)`, so shorter
//! wins and longer losses are preferred. The transposition table stores them relative to the
//! node's ply ([`to_table`], [`from_table`]) so that they stay right wherever they are read.

use crate::game::Team;
use std::fmt;

/// Score of a win at the root (a win `n` plies away scores `WIN - n`).
pub const WIN: i32 = 30_000;
/// Deepest ply the search can reach.
pub const MAX_PLY: usize = 128;
/// Scores at or beyond this are exact wins (or, negated, losses).
pub const WIN_BOUND: i32 = WIN - MAX_PLY as i32;
/// Greater than any score: the initial window bound.
pub const INFINITE: i32 = WIN + 1;

/// The largest static score an evaluation returns: below every exact win, so that no
/// evaluation reads as one.
pub const MAX_EVAL: i32 = WIN_BOUND - 1;

/// The static score for `to_move` from each side's standing (`side_score`): the sides of
/// its team count for it, the others against it; plus `tempo`; clamped to
/// ±[`MAX_EVAL`].
#[inline]
pub fn team_score(
    to_move: usize,
    team: Team,
    tempo: i32,
    side_score: impl Fn(usize) -> i32,
) -> i32 {
    let score: i32 = (0..2)
        .map(|side| {
            let s = side_score(side);
            if team.same(side, to_move) {
                s
            } else {
                -s
            }
        })
        .sum();
    (score + tempo).clamp(-MAX_EVAL, MAX_EVAL)
}

/// The score of a win `ply` plies from the root, for the side that wins.
#[inline(always)]
pub fn win_in(ply: usize) -> i32 {
    WIN - ply as i32
}

/// The score as stored in the table for a node `ply` plies from the root.
#[inline(always)]
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
#[inline(always)]
pub fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A score reported to the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A heuristic score in centimoves (100 = one move of the race), side to move's view.
    Centimoves(i32),
    /// The side to move wins in this many plies (its own last move included).
    WinIn(u32),
    /// The side to move loses in this many plies.
    LossIn(u32),
}

impl Score {
    /// Interprets a raw root score.
    pub fn from_raw(raw: i32) -> Score {
        if raw >= WIN_BOUND {
            Score::WinIn((WIN - raw) as u32)
        } else if raw <= -WIN_BOUND {
            Score::LossIn((WIN + raw) as u32)
        } else {
            Score::Centimoves(raw)
        }
    }
}

impl fmt::Display for Score {
    /// `+123`, `win 3` or `loss 4` (plies).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centimoves(c) => write!(f, "{c:+}"),
            Score::WinIn(n) => write!(f, "win {n}"),
            Score::LossIn(n) => write!(f, "loss {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_scores_round_trip_and_raw_scores_read_as_wins() {
        for ply in [0, 3, 40] {
            for s in [0, 57, -57, win_in(9), -win_in(9)] {
                assert_eq!(from_table(to_table(s, ply), ply), s);
            }
        }
        assert_eq!(Score::from_raw(win_in(3)), Score::WinIn(3));
        assert_eq!(Score::from_raw(-win_in(4)), Score::LossIn(4));
        assert_eq!(Score::from_raw(-120).to_string(), "-120");
        assert_eq!(Score::WinIn(1).to_string(), "win 1");
    }
}
