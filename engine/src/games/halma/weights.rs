//! Halma's evaluation weights: every weight of [`crate::weights`], with Halma's defaults,
//! as the plain numbers its evaluator reads on the hot path. Built from the weights a front
//! end set ([`HalmaWeights::from_set`]); the meanings are in [`crate::games::halma::eval`]'s module doc.

use crate::weights::{Weight, Weights};

macro_rules! halma_weights {
    ($($(#[$doc:meta])* $field:ident : $weight:ident = $default:expr,)*) => {
        /// Halma's weights, in centimoves (the opponent share in percent).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct HalmaWeights {
            $($(#[$doc])* pub $field: i32,)*
        }

        impl Default for HalmaWeights {
            /// Halma's defaults.
            fn default() -> Self {
                HalmaWeights { $($field: $default,)* }
            }
        }

        impl HalmaWeights {
            /// Halma's defaults, with the weights `set` names.
            pub fn from_set(set: &Weights) -> Self {
                HalmaWeights { $($field: set.or(Weight::$weight, $default),)* }
            }

            /// Every weight, set to these values.
            pub fn to_set(&self) -> Weights {
                Weights::default()$(.with(Weight::$weight, self.$field))*
            }
        }
    };
}

halma_weights! {
    /// Value of one cell of distance to the goal (the race backbone).
    distance: Distance = 40,
    /// Value of one cell of distance once the armies have passed each other.
    race: Race = 45,
    /// Penalty per cell that the rearmost piece lags behind the side's mean distance.
    straggler: Straggler = 12,
    /// Bonus per forward single hop available (a ladder rung toward the goal).
    ladder: Ladder = 6,
    /// Penalty per piece left at home: under a yard deadline it grows with the square of the
    /// share of the deadline used up; under vacate it applies in full.
    home: Home = 150,
    /// Bonus for having the move, in the alpha-beta searcher's evaluation.
    tempo: Tempo = 150,
    /// Bonus for having the move in MCTS's leaf values.
    mcts_tempo: MctsTempo = 30,
    /// Most pieces a side may have outside its goal for the exact race (0 turns it off).
    race_pieces: RacePieces = 0,
    /// Score of a race the exact race search shows won (lost: its negative), plus 100 a
    /// move of margin.
    race_won: RaceWon = 3000,
    /// The share, in percent (`0..=100`), of the other sides' progress counted against the
    /// searching side's standing in a score: the search's root side weighs its own standing
    /// fully and the opponents' progress from their standing at the start at this share
    /// (100: the plain difference).
    opponent: Opponent = 100,
    /// The root side's lead in cells to go (the nearest other side's less its own) from
    /// which the opponent share applies: at a root where it leads by less, the search
    /// counts the other sides' standing in full. At `-MAX` (the default) the share always
    /// applies.
    opponent_lead: OpponentLead = -Weights::MAX,
}

impl HalmaWeights {
    /// These weights for a search whose root side leads the race by `lead` cells to go:
    /// the opponent share at 100 (the plain difference) when the lead is below
    /// `opponent_lead`, else unchanged.
    pub fn at_lead(&self, lead: i32) -> HalmaWeights {
        let mut w = *self;
        if lead < w.opponent_lead {
            w.opponent = 100;
        }
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opponent_share_applies_from_the_opponent_lead_on() {
        let mut w = HalmaWeights {
            opponent: 75,
            ..HalmaWeights::default()
        };
        // By default it always applies.
        assert_eq!(w.at_lead(-Weights::MAX).opponent, 75);
        w.opponent_lead = 20;
        assert_eq!(w.at_lead(19), HalmaWeights { opponent: 100, ..w });
        assert_eq!(w.at_lead(20), w);
        assert_eq!(w.at_lead(500), w);
    }

    #[test]
    fn a_weight_set_replaces_its_default_and_only_it() {
        let mut set = Weights::default();
        set.set("race", 60).unwrap();
        let w = HalmaWeights::from_set(&set);
        assert_eq!(
            w,
            HalmaWeights {
                race: 60,
                ..HalmaWeights::default()
            }
        );
        assert_eq!(HalmaWeights::from_set(&w.to_set()), w);
        assert_eq!(w.to_set().entries().len(), Weights::NAMES.len());
    }
}
