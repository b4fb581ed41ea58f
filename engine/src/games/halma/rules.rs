//! Rule sets and rule options, exactly as `RULES.md` names them.
//!
//! A [`Rules`] value is a named rule set plus any option overrides. Its text form (used in
//! position texts and on the command line) is the name followed by the overrides that differ
//! from the named set: `halma10` or `halma10:jumps=long,deadline=none`.

use crate::board::geometry::{Board, MAX_SQUARE, MIN_SQUARE};
use crate::error::Error;
use std::fmt;

/// Whether a piece standing in its goal camp may leave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CampExit {
    /// No restriction.
    Free,
    /// A piece in its goal camp may not end a move outside it.
    Locked,
}

/// How a side wins (checked after each of its moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinCondition {
    /// All of the side's pieces stand in its goal camp.
    AllInGoal,
    /// Every goal cell is occupied (any colour), at least one by the side's own pieces.
    GoalFilled,
}

/// Whose win is tested after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinCheck {
    /// Only the side that moved (RULES.md).
    Mover,
    /// Every side, after every move (CCERL's referee): first the sides with all their
    /// pieces in the goal, then (with `win=goal-filled`) the sides whose goal is filled, each
    /// stage in side order, so a move can complete a block that wins for the opponent.
    Both,
}

/// Which jumps are allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JumpKind {
    /// Over an adjacent piece onto the cell directly beyond it.
    Adjacent,
    /// Super Halma: along a line over exactly one piece standing midway, every other cell
    /// between origin and landing empty.
    Long,
}

/// A complete rule set: board, players and every option of `RULES.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The named rule set this one starts from (printed first in the text form).
    pub base: &'static str,
    /// The board shape.
    pub board: Board,
    /// Number of sides (2 or 4 on square boards, 2 on the diamond, 2, 3, 4 or 6 on the star).
    pub players: usize,
    /// Camp-exit rule.
    pub camp_exit: CampExit,
    /// Win condition.
    pub win: WinCondition,
    /// The yard deadline N (30/50-move rule), if any.
    pub deadline: Option<u16>,
    /// The German follow-out rule.
    pub follow_out: bool,
    /// The course-agent vacate rule.
    pub vacate: bool,
    /// Third repetition is a draw.
    pub repetition: bool,
    /// Adjacent or long (Super Halma) jumps.
    pub jumps: JumpKind,
    /// Goal lock inside the move (CCERL): once a piece stands in its goal, or lands in it
    /// during a jump chain, every later landing of that move stays in the goal.
    pub goal_lock: bool,
    /// Whose win is tested after each move.
    pub win_check: WinCheck,
    /// Equal turns (two sides): when the first side completes its goal and the second could
    /// complete its own with its very next move, the game ends at once, drawn.
    pub equal_turns: bool,
    /// The game is drawn once this many plies (moves of either side, passes included) have
    /// been played, if set.
    pub ply_cap: Option<u16>,
}

pub use super::catalog::NAMED_RULE_SETS;

/// The ply cap of the `ccerl` rule set: the CCERL referee's default `--max-plies`.
pub const CCERL_PLY_CAP: u16 = 240;

impl Rules {
    /// The named rule set `name` with its default options. Besides the sets of `RULES.md`,
    /// `squareN` and `squareN-4` (N = 6..16) name an N×N board for 2 or 4 players with the
    /// options of `halma16` (locked camp exit, goal-filled, no deadline, repetition).
    pub fn named(name: &str) -> Result<Rules, Error> {
        let square = |n| Board::square(n).expect("named boards are supported sizes");
        let original = |base, board, players, camp_exit, win, deadline| Rules {
            base,
            board,
            players,
            camp_exit,
            win,
            deadline,
            follow_out: false,
            vacate: false,
            repetition: true,
            jumps: JumpKind::Adjacent,
            goal_lock: false,
            win_check: WinCheck::Mover,
            equal_turns: false,
            ply_cap: None,
        };
        use CampExit::*;
        use WinCondition::*;
        Ok(match name {
            "halma8" => original("halma8", square(8), 2, Free, AllInGoal, Some(30)),
            "halma10" => original("halma10", square(10), 2, Free, AllInGoal, Some(50)),
            "halma16" => original("halma16", square(16), 2, Locked, GoalFilled, None),
            "halma16-vacate" => Rules {
                vacate: true,
                ..original("halma16-vacate", square(16), 2, Locked, GoalFilled, None)
            },
            "halma16-4" => original("halma16-4", square(16), 4, Locked, GoalFilled, None),
            "star-2" => original("star-2", Board::Star, 2, Locked, GoalFilled, None),
            "star-3" => original("star-3", Board::Star, 3, Locked, GoalFilled, None),
            "star-4" => original("star-4", Board::Star, 4, Locked, GoalFilled, None),
            "star-6" => original("star-6", Board::Star, 6, Locked, GoalFilled, None),
            "diamond" => original("diamond", Board::Diamond, 2, Locked, GoalFilled, None),
            "ccerl" => Rules {
                goal_lock: true,
                win_check: WinCheck::Both,
                equal_turns: true,
                ply_cap: Some(CCERL_PLY_CAP),
                ..original("ccerl", Board::Star, 2, Locked, GoalFilled, None)
            },
            _ => {
                let (base, n, players) = parse_square_name(name).ok_or_else(|| {
                    Error::Rules(format!(
                        "unknown rule set '{name}' (known: {}, squareN, squareN-4 with N = 6..16)",
                        NAMED_RULE_SETS.join(", ")
                    ))
                })?;
                original(base, square(n), players, Locked, GoalFilled, None)
            }
        })
    }

    /// Parses the text form `name[:option=value,...]`.
    pub fn parse(text: &str) -> Result<Rules, Error> {
        let (name, options) = match text.split_once(':') {
            Some((n, o)) => (n, Some(o)),
            None => (text, None),
        };
        let mut rules = Rules::named(name)?;
        for option in options.into_iter().flat_map(|o| o.split(',')) {
            let (key, value) = option.split_once('=').ok_or_else(|| {
                Error::Rules(format!(
                    "rule option '{option}' is not of the form name=value"
                ))
            })?;
            rules.set_option(key, value)?;
        }
        Ok(rules)
    }

    /// Sets one option by its text name and value (the names of the text form).
    pub fn set_option(&mut self, key: &str, value: &str) -> Result<(), Error> {
        let bad = || Error::Rules(format!("bad value '{value}' for rule option '{key}'"));
        // `none`, or a count of moves 1..=65535.
        let count = |v: &str| match v {
            "none" => Ok(None),
            _ => match v.parse::<u16>() {
                Ok(n) if n >= 1 => Ok(Some(n)),
                _ => Err(bad()),
            },
        };
        let flag = |v: &str| match v {
            "on" | "true" | "yes" => Ok(true),
            "off" | "false" | "no" => Ok(false),
            _ => Err(bad()),
        };
        match key {
            "camp-exit" => {
                self.camp_exit = match value {
                    "free" => CampExit::Free,
                    "locked" => CampExit::Locked,
                    _ => return Err(bad()),
                }
            }
            "win" => {
                self.win = match value {
                    "all-in-goal" => WinCondition::AllInGoal,
                    "goal-filled" => WinCondition::GoalFilled,
                    _ => return Err(bad()),
                }
            }
            "deadline" => self.deadline = count(value)?,
            "jumps" => {
                self.jumps = match value {
                    "adjacent" => JumpKind::Adjacent,
                    "long" => JumpKind::Long,
                    _ => return Err(bad()),
                }
            }
            "win-check" => {
                self.win_check = match value {
                    "mover" => WinCheck::Mover,
                    "both" => WinCheck::Both,
                    _ => return Err(bad()),
                }
            }
            "ply-cap" => self.ply_cap = count(value)?,
            "goal-lock" => self.goal_lock = flag(value)?,
            "equal-turns" => self.equal_turns = flag(value)?,
            "follow-out" => self.follow_out = flag(value)?,
            "vacate" => self.vacate = flag(value)?,
            "repetition" => self.repetition = flag(value)?,
            _ => {
                return Err(Error::Rules(format!(
                    "unknown rule option '{key}' (known: camp-exit, win, deadline, jumps, \
                     follow-out, vacate, repetition, goal-lock, win-check, equal-turns, ply-cap)"
                )))
            }
        }
        Ok(())
    }

    /// The options that differ from the named base set, as `name=value` texts.
    fn overrides(&self) -> Vec<String> {
        let base = Rules::named(self.base).expect("base is always a valid name");
        let on_off = |b: bool| if b { "on" } else { "off" };
        let mut out = Vec::new();
        if self.camp_exit != base.camp_exit {
            out.push(format!("camp-exit={}", self.camp_exit.name()));
        }
        if self.win != base.win {
            out.push(format!("win={}", self.win.name()));
        }
        if self.deadline != base.deadline {
            match self.deadline {
                Some(n) => out.push(format!("deadline={n}")),
                None => out.push("deadline=none".into()),
            }
        }
        if self.jumps != base.jumps {
            out.push(format!("jumps={}", self.jumps.name()));
        }
        if self.follow_out != base.follow_out {
            out.push(format!("follow-out={}", on_off(self.follow_out)));
        }
        if self.vacate != base.vacate {
            out.push(format!("vacate={}", on_off(self.vacate)));
        }
        if self.repetition != base.repetition {
            out.push(format!("repetition={}", on_off(self.repetition)));
        }
        if self.goal_lock != base.goal_lock {
            out.push(format!("goal-lock={}", on_off(self.goal_lock)));
        }
        if self.win_check != base.win_check {
            out.push(format!("win-check={}", self.win_check.name()));
        }
        if self.equal_turns != base.equal_turns {
            out.push(format!("equal-turns={}", on_off(self.equal_turns)));
        }
        if self.ply_cap != base.ply_cap {
            match self.ply_cap {
                Some(n) => out.push(format!("ply-cap={n}")),
                None => out.push("ply-cap=none".into()),
            }
        }
        out
    }

    /// An error if the options do not go together: the goal lock is written for adjacent
    /// jumps, and equal turns for two sides with adjacent jumps and without vacate or
    /// follow-out (its test of the second side's reply knows no other move rules).
    pub fn check(&self) -> Result<(), Error> {
        if self.goal_lock && self.jumps == JumpKind::Long {
            return Err(Error::Rules(
                "goal-lock=on works with adjacent jumps only (not jumps=long)".into(),
            ));
        }
        if self.equal_turns
            && (self.players != 2 || self.vacate || self.follow_out || self.jumps == JumpKind::Long)
        {
            return Err(Error::Rules(
                "equal-turns=on needs two sides, adjacent jumps, no vacate and no follow-out"
                    .into(),
            ));
        }
        Ok(())
    }
}

/// Parses `squareN` / `squareN-4` into (base name, N, players).
fn parse_square_name(name: &str) -> Option<(&'static str, usize, usize)> {
    const TWO: [&str; 11] = [
        "square6", "square7", "square8", "square9", "square10", "square11", "square12", "square13",
        "square14", "square15", "square16",
    ];
    const FOUR: [&str; 11] = [
        "square6-4",
        "square7-4",
        "square8-4",
        "square9-4",
        "square10-4",
        "square11-4",
        "square12-4",
        "square13-4",
        "square14-4",
        "square15-4",
        "square16-4",
    ];
    let rest = name.strip_prefix("square")?;
    let (digits, players) = match rest.strip_suffix("-4") {
        Some(d) => (d, 4),
        None => (rest, 2),
    };
    let n: usize = digits.parse().ok()?;
    if !(MIN_SQUARE..=MAX_SQUARE).contains(&n) || digits.starts_with('0') {
        return None;
    }
    let table = if players == 2 { &TWO } else { &FOUR };
    Some((table[n - MIN_SQUARE], n, players))
}

impl CampExit {
    /// The option value's text.
    pub fn name(self) -> &'static str {
        match self {
            CampExit::Free => "free",
            CampExit::Locked => "locked",
        }
    }
}

impl WinCondition {
    /// The option value's text.
    pub fn name(self) -> &'static str {
        match self {
            WinCondition::AllInGoal => "all-in-goal",
            WinCondition::GoalFilled => "goal-filled",
        }
    }
}

impl WinCheck {
    /// The option value's text.
    pub fn name(self) -> &'static str {
        match self {
            WinCheck::Mover => "mover",
            WinCheck::Both => "both",
        }
    }
}

impl JumpKind {
    /// The option value's text.
    pub fn name(self) -> &'static str {
        match self {
            JumpKind::Adjacent => "adjacent",
            JumpKind::Long => "long",
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.base)?;
        let overrides = self.overrides();
        if !overrides.is_empty() {
            write!(f, ":{}", overrides.join(","))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_sets_match_the_rules_page() {
        let h8 = Rules::named("halma8").unwrap();
        assert_eq!(
            (h8.board.width(), h8.players, h8.deadline),
            (8, 2, Some(30))
        );
        assert_eq!(h8.win, WinCondition::AllInGoal);
        let h10 = Rules::named("halma10").unwrap();
        assert_eq!((h10.board.width(), h10.deadline), (10, Some(50)));
        let v = Rules::named("halma16-vacate").unwrap();
        assert!(v.vacate && v.camp_exit == CampExit::Locked);
        assert_eq!(Rules::named("halma16-4").unwrap().players, 4);
        assert_eq!(Rules::named("square12-4").unwrap().board.width(), 12);
        assert_eq!(Rules::named("star-6").unwrap().players, 6);
        assert_eq!(Rules::named("diamond").unwrap().board, Board::Diamond);
        for bad in ["halma9", "square5", "square17", "square08", "", "square"] {
            assert!(Rules::named(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn text_form_round_trips() {
        let mut r = Rules::named("halma10").unwrap();
        assert_eq!(r.to_string(), "halma10");
        r.jumps = JumpKind::Long;
        r.deadline = None;
        r.follow_out = true;
        let text = r.to_string();
        assert_eq!(text, "halma10:deadline=none,jumps=long,follow-out=on");
        assert_eq!(Rules::parse(&text).unwrap(), r);
        for bad in [
            "halma8:deadline=0",
            "halma8:jumps",
            "halma8:colour=red",
            "halma8:vacate=2",
        ] {
            assert!(Rules::parse(bad).is_err(), "{bad}");
        }
    }
}
