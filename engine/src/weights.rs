//! The evaluation weights a front end can set (`--eval-weight NAME=VALUE`, the UGI `Weight`
//! options, `weight.NAME=` of a tournament player), each bounded ([`Weights::range`]). They
//! are Halma's ([`crate::eval`]); a game with an evaluation of its own ignores them.

use crate::error::Error;
use std::fmt;
use std::ops::RangeInclusive;

macro_rules! weights {
    ($($(#[$doc:meta])* $name:ident : $text:literal [$low:expr, $high:expr] = $default:expr,)*) => {
        /// Every evaluation weight, in centimoves (the opponent share in percent), by name.
        /// Defaults are [`Weights::default`]; [`Weights::set`] changes one by its text name
        /// (`--eval-weight NAME=VALUE`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Weights {
            $($(#[$doc])* pub $name: i32,)*
        }

        impl Default for Weights {
            fn default() -> Self {
                Weights { $($name: $default,)* }
            }
        }

        impl Weights {
            /// The text names of the weights, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($text,)*];

            /// The weight called `name`, if there is one.
            fn slot(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $($text => Some(&mut self.$name),)*
                    _ => None,
                }
            }

            /// The values the weight `name` may take: most lie in `-MAX..=MAX` (so does an
            /// unknown name); `opponent` is a percentage, `0..=100`, since above 100 futility
            /// pruning's bounds would not hold.
            pub fn range(name: &str) -> RangeInclusive<i32> {
                match name {
                    $($text => $low..=$high,)*
                    _ => -Self::MAX..=Self::MAX,
                }
            }

            /// (name, value) pairs of every weight, in declaration order.
            pub fn entries(&self) -> Vec<(&'static str, i32)> {
                vec![$(($text, self.$name),)*]
            }
        }
    };
}

weights! {
    /// Value of one cell of distance to the goal (the race backbone).
    distance: "distance" [-Weights::MAX, Weights::MAX] = 40,
    /// Value of one cell of distance once the armies have passed each other.
    race: "race" [-Weights::MAX, Weights::MAX] = 45,
    /// Penalty per cell that the rearmost piece lags behind the side's mean distance.
    straggler: "straggler" [-Weights::MAX, Weights::MAX] = 12,
    /// Bonus per forward single hop available (a ladder rung toward the goal).
    ladder: "ladder" [-Weights::MAX, Weights::MAX] = 6,
    /// Penalty per piece left at home: under a yard deadline it grows with the square of the
    /// share of the deadline used up; under vacate it applies in full.
    home: "home" [-Weights::MAX, Weights::MAX] = 150,
    /// Bonus for having the move.
    tempo: "tempo" [-Weights::MAX, Weights::MAX] = 30,
    /// Most pieces a side may have outside its goal for the exact race (0 turns it off).
    race_pieces: "race_pieces" [-Weights::MAX, Weights::MAX] = 0,
    /// Score of a race the exact race search shows won (lost: its negative), plus 100 a
    /// move of margin.
    race_won: "race_won" [-Weights::MAX, Weights::MAX] = 3000,
    /// The share, in percent (`0..=100`), of the other sides' progress counted against the
    /// searching side's standing in a score: the search's root side weighs its own standing
    /// fully and the opponents' progress from their standing at the start at this share
    /// (100: the plain difference).
    opponent: "opponent" [0, 100] = 100,
    /// The root side's lead in cells to go (the nearest other side's less its own) from
    /// which the opponent share applies: at a root where it leads by less, the search
    /// counts the other sides' standing in full. At `-MAX` (the default) the share always
    /// applies.
    opponent_lead: "opponent_lead" [-Weights::MAX, Weights::MAX] = -Weights::MAX,
}

impl Weights {
    /// The largest weight either way, in centimoves: every weight lies in `-MAX..=MAX`
    /// (`--eval-weight`, the UGI `Weight` options, `weight.NAME=` of a player spec).
    pub const MAX: i32 = 100_000;

    /// These weights for a search whose root side leads the race by `lead` cells to go:
    /// the opponent share at 100 (the plain difference) when the lead is below
    /// `opponent_lead`, else unchanged.
    pub fn at_lead(&self, lead: i32) -> Weights {
        let mut w = *self;
        if lead < w.opponent_lead {
            w.opponent = 100;
        }
        w
    }

    /// Sets the weight `name` to `value` (within [`Weights::range`]); the error names the
    /// known weights, or the bounds.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), Error> {
        let known = Self::NAMES.join(", ");
        let slot = self.slot(name).ok_or_else(|| {
            Error::Argument(format!("unknown eval weight '{name}' (known: {known})"))
        })?;
        let range = Self::range(name);
        if !range.contains(&value) {
            return Err(Error::Argument(format!(
                "eval weight '{name}': {value} is outside {}..={}",
                range.start(),
                range.end()
            )));
        }
        *slot = value;
        Ok(())
    }

    /// Applies one `NAME=VALUE` assignment (the `--eval-weight` text form).
    pub fn apply(&mut self, assignment: &str) -> Result<(), Error> {
        let (name, value) = assignment.split_once('=').ok_or_else(|| {
            Error::Argument(format!(
                "eval weight '{assignment}' is not of the form NAME=VALUE"
            ))
        })?;
        let value: i32 = value.trim().parse().map_err(|_| {
            Error::Argument(format!("eval weight '{name}': '{value}' is not an integer"))
        })?;
        self.set(name.trim(), value)
    }
}

impl fmt::Display for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .entries()
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        f.write_str(&parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opponent_share_applies_from_the_opponent_lead_on() {
        let mut w = Weights {
            opponent: 75,
            ..Weights::default()
        };
        // By default it always applies.
        assert_eq!(w.at_lead(-Weights::MAX).opponent, 75);
        w.opponent_lead = 20;
        assert_eq!(w.at_lead(19), Weights { opponent: 100, ..w });
        assert_eq!(w.at_lead(20), w);
        assert_eq!(w.at_lead(500), w);
    }

    #[test]
    fn every_weight_is_bounded_and_the_share_is_a_percentage() {
        for &name in Weights::NAMES {
            let range = Weights::range(name);
            let expected = if name == "opponent" {
                0..=100
            } else {
                -Weights::MAX..=Weights::MAX
            };
            assert_eq!(range, expected, "{name}");
            let mut w = Weights::default();
            assert!(w.set(name, *range.end()).is_ok() && w.set(name, *range.start()).is_ok());
            assert!(
                w.set(name, range.end() + 1).is_err() && w.set(name, range.start() - 1).is_err()
            );
        }
    }
}
