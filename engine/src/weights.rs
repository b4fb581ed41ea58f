//! The evaluation weights a front end sets by name (`--eval-weight NAME=VALUE`, the UGI
//! `Weight` options, `weight.NAME=` of a tournament player), each bounded
//! ([`Weights::range`]): a [`Weights`] holds the ones set, and each game's evaluation reads
//! those it has over its own defaults ([`crate::game::Evaluation::default_weights`]). Halma reads
//! them all ([`crate::games::halma::weights::HalmaWeights`]); the relatives read `tempo`
//! (Hexma also `distance`, its switch between the connection distance and the plain one);
//! a weight a game does not have is taken and ignored.

use crate::error::Error;
use std::fmt;
use std::ops::RangeInclusive;

macro_rules! weight_names {
    ($($(#[$doc:meta])* $variant:ident : $text:literal [$low:expr, $high:expr],)*) => {
        /// One evaluation weight, by what it weighs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Weight {
            $($(#[$doc])* $variant,)*
        }

        impl Weight {
            /// Every weight, in declaration order.
            pub const ALL: &'static [Weight] = &[$(Weight::$variant,)*];

            /// Its text name (`--eval-weight NAME=VALUE`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Weight::$variant => $text,)*
                }
            }

            /// The values it may take.
            pub const fn bounds(self) -> (i32, i32) {
                match self {
                    $(Weight::$variant => ($low, $high),)*
                }
            }
        }

        impl Weights {
            /// The text names of the weights, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($text,)*];
        }
    };
}

weight_names! {
    /// Value of one cell of distance to the goal (Halma's race backbone; Hexma: 0 turns its
    /// connection distance off).
    Distance: "distance" [-Weights::MAX, Weights::MAX],
    /// Value of one cell of distance once the armies have passed each other.
    Race: "race" [-Weights::MAX, Weights::MAX],
    /// Penalty per cell that the rearmost piece lags behind the side's mean distance.
    Straggler: "straggler" [-Weights::MAX, Weights::MAX],
    /// Bonus per forward single hop available (a ladder rung toward the goal).
    Ladder: "ladder" [-Weights::MAX, Weights::MAX],
    /// Penalty per piece left at home under a yard deadline or the vacate rule.
    Home: "home" [-Weights::MAX, Weights::MAX],
    /// Bonus for having the move (every game).
    Tempo: "tempo" [-Weights::MAX, Weights::MAX],
    /// Halma's bonus for having the move in MCTS's leaf values (the relatives' MCTS reads
    /// `tempo`).
    MctsTempo: "mcts_tempo" [-Weights::MAX, Weights::MAX],
    /// Most pieces a side may have outside its goal for the exact race (0 turns it off).
    RacePieces: "race_pieces" [-Weights::MAX, Weights::MAX],
    /// Score of a race the exact race search shows won, plus 100 a move of margin.
    RaceWon: "race_won" [-Weights::MAX, Weights::MAX],
    /// The share, in percent (`0..=100`), of the other sides' progress counted against the
    /// searching side's standing (100: the plain difference); above 100 futility pruning's
    /// bounds would not hold.
    Opponent: "opponent" [0, 100],
    /// The root side's lead in cells to go from which the opponent share applies.
    OpponentLead: "opponent_lead" [-Weights::MAX, Weights::MAX],
}

/// The number of weights.
const COUNT: usize = Weight::ALL.len();

/// The tempo of the relatives' evaluations unless `tempo` is set (Halma has its own).
pub const RELATIVE_TEMPO: i32 = 30;

impl Weight {
    /// The weight called `name`, if there is one.
    pub fn from_name(name: &str) -> Option<Weight> {
        Weight::ALL.iter().copied().find(|w| w.name() == name)
    }

    /// The values it may take, as a range.
    pub fn range(self) -> RangeInclusive<i32> {
        let (low, high) = self.bounds();
        low..=high
    }
}

/// The weights set, by weight: a front end's choices (none by default), which a game's
/// evaluation reads over its own defaults.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weights {
    values: [Option<i32>; COUNT],
}

impl Weights {
    /// The largest weight either way, in centimoves: every weight lies in `-MAX..=MAX`
    /// (`--eval-weight`, the UGI `Weight` options, `weight.NAME=` of a player spec).
    pub const MAX: i32 = 100_000;

    /// The values the weight `name` may take (an unknown name: `-MAX..=MAX`).
    pub fn range(name: &str) -> RangeInclusive<i32> {
        Weight::from_name(name).map_or(-Self::MAX..=Self::MAX, Weight::range)
    }

    /// The value set for `weight`, if any.
    #[inline]
    pub fn get(&self, weight: Weight) -> Option<i32> {
        self.values[weight as usize]
    }

    /// The value set for `weight`, else `default`.
    #[inline]
    pub fn or(&self, weight: Weight, default: i32) -> i32 {
        self.get(weight).unwrap_or(default)
    }

    /// The defaults of the relatives' evaluations: [`RELATIVE_TEMPO`], nothing else.
    pub fn relative_defaults() -> Weights {
        Weights::default().with(Weight::Tempo, RELATIVE_TEMPO)
    }

    /// The tempo set, else the relatives' [`RELATIVE_TEMPO`].
    #[inline]
    pub fn relative_tempo(&self) -> i32 {
        self.or(Weight::Tempo, RELATIVE_TEMPO)
    }

    /// These weights with `weight` set to `value`, clamped into its range.
    pub fn with(mut self, weight: Weight, value: i32) -> Weights {
        let (low, high) = weight.bounds();
        self.values[weight as usize] = Some(value.clamp(low, high));
        self
    }

    /// These weights, and `defaults`' where these set none.
    pub fn over(&self, defaults: &Weights) -> Weights {
        Weights {
            values: std::array::from_fn(|i| self.values[i].or(defaults.values[i])),
        }
    }

    /// Sets the weight `name` to `value` (within [`Weights::range`]); the error names the
    /// known weights, or the bounds.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), Error> {
        let weight = Weight::from_name(name).ok_or_else(|| {
            Error::Argument(format!(
                "unknown eval weight '{name}' (known: {})",
                Self::NAMES.join(", ")
            ))
        })?;
        let range = weight.range();
        if !range.contains(&value) {
            return Err(Error::Argument(format!(
                "eval weight '{name}': {value} is outside {}..={}",
                range.start(),
                range.end()
            )));
        }
        self.values[weight as usize] = Some(value);
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

    /// (name, value) pairs of the weights set, in declaration order.
    pub fn entries(&self) -> Vec<(&'static str, i32)> {
        Weight::ALL
            .iter()
            .filter_map(|&w| self.get(w).map(|v| (w.name(), v)))
            .collect()
    }
}

impl fmt::Display for Weights {
    /// The weights set, `name=value` joined by commas (empty when none is set).
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
        assert_eq!(Weights::NAMES.len(), Weight::ALL.len());
    }

    #[test]
    fn only_the_weights_set_are_set_and_they_win_over_the_defaults() {
        let mut w = Weights::default();
        assert_eq!((w.get(Weight::Tempo), w.entries().len()), (None, 0));
        w.apply(" tempo = 150").unwrap();
        assert_eq!(w.or(Weight::Tempo, 30), 150);
        assert_eq!(w.or(Weight::Race, 45), 45);
        let defaults = Weights::default()
            .with(Weight::Tempo, 30)
            .with(Weight::Race, 45);
        let both = w.over(&defaults);
        assert_eq!(
            (both.get(Weight::Tempo), both.get(Weight::Race)),
            (Some(150), Some(45))
        );
        assert_eq!(both.to_string(), "race=45,tempo=150");
        assert_eq!(
            Weights::default()
                .with(Weight::Opponent, 500)
                .get(Weight::Opponent),
            Some(100)
        );
        let e = w.apply("speed=3").unwrap_err();
        assert!(e
            .message()
            .starts_with("unknown eval weight 'speed' (known: distance, race"));
        assert!(w.apply("tempo").is_err() && w.apply("tempo=x").is_err());
        assert_eq!(
            w.get(Weight::Tempo),
            Some(150),
            "a refused value changes nothing"
        );
    }
}
