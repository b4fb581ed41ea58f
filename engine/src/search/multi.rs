//! Search with more than two sides: which model of the opponents the searcher uses.
//!
//! * **Paranoid**: the root side against the coalition of all the others; every side moves
//!   in its turn, two opponents moving in a row share one score and one window.
//! * **Best-reply** (Schadd & Winands 2011): the root side's turns alternate with one layer
//!   in which the moves of all opponents are pooled; only the single best reply among them
//!   is played, the other opponents pass. The root side sees more of its own turns at the
//!   same depth. [`make_reply`] plays such a reply as real plies (passes and the move), so
//!   the Zobrist key, move counts and repetition history stay those of a game.
//!
//! With two sides both are plain alpha-beta. In best-reply search a "win (loss) in N"
//! counts search plies, one per reply layer, and assumes the opponents who do not reply
//! pass: it is the model's result, not a proof about the game.

use crate::error::Error;
use crate::game::Game;
use crate::moves::Move;
use std::fmt;
use std::str::FromStr;

/// How the search treats the opponents when more than two sides play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MultiPlayer {
    /// The root side against the coalition of all others, every side in its turn.
    Paranoid,
    /// Best-reply search: one layer of the best reply of any opponent, the others passing.
    /// The default: it beat paranoid search in self-play on halma16-4 (docs/search.md).
    #[default]
    BestReply,
}

impl MultiPlayer {
    /// The text names, as `FromStr` reads them.
    pub const NAMES: &'static [&'static str] = &["paranoid", "brs"];
}

impl FromStr for MultiPlayer {
    type Err = Error;
    fn from_str(text: &str) -> Result<Self, Error> {
        match text {
            "paranoid" => Ok(MultiPlayer::Paranoid),
            "brs" => Ok(MultiPlayer::BestReply),
            _ => Err(Error::Argument(format!(
                "multi-player search '{text}': paranoid or brs"
            ))),
        }
    }
}

impl fmt::Display for MultiPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MultiPlayer::Paranoid => "paranoid",
            MultiPlayer::BestReply => "brs",
        })
    }
}

/// Plays one best-reply layer of a position where an opponent of `root` is to move: `mv`
/// for the opponent whose piece stands on its origin (every opponent passes for
/// [`Move::PASS`]), every other opponent passing, until `root` is to move again or the game
/// is over. Returns the number of plies made (each taken back with [`GameRules::unmake`](crate::game::GameRules::unmake)).
pub fn make_reply<P: Game>(pos: &mut P, root: usize, mv: Move) -> usize {
    let mover = mv.origin().and_then(|c| pos.side_at(c));
    let mut plies = 0;
    loop {
        pos.make(if Some(pos.to_move()) == mover {
            mv
        } else {
            Move::PASS
        });
        plies += 1;
        if pos.status().is_over() || pos.to_move() == root {
            return plies;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::BitBoard;
    use crate::board::geometry::Square;
    use crate::games::halma::position::Position;
    use crate::games::halma::rules::Rules;
    use crate::games::halma::setup::Setup;
    use std::sync::Arc;

    #[test]
    fn names_round_trip_and_unknown_ones_are_refused() {
        for name in MultiPlayer::NAMES {
            assert_eq!(name.parse::<MultiPlayer>().unwrap().to_string(), *name);
        }
        let e = "maxn".parse::<MultiPlayer>().unwrap_err().to_string();
        assert!(e.contains("'maxn'") && e.contains("paranoid or brs"), "{e}");
    }

    #[test]
    fn a_reply_passes_for_the_others_and_unmakes_exactly() {
        let setup = Arc::new(Setup::<Square<16>>::new(Rules::named("halma16-4").unwrap()).unwrap());
        let mut pos = Position::start(setup);
        let first = pos.legal_moves()[0];
        pos.make(first);
        let before = (pos.key(), pos.to_move(), pos.history().count());
        // A reply by side C (the third side): B passes, C moves, D passes.
        let mut c = pos.clone();
        c.make(Move::PASS);
        let c_move = c.legal_moves()[0];
        let plies = make_reply(&mut pos, 0, c_move);
        assert_eq!(plies, 3);
        assert_eq!(pos.to_move(), 0);
        let made: Vec<Move> = pos.history().skip(1).collect();
        assert_eq!(made, vec![Move::PASS, c_move, Move::PASS]);
        assert_eq!(pos.key(), pos.compute_key());
        assert_eq!(pos.pieces(2).count(), 13);
        assert!(pos.pieces(2).has(c_move.to()));
        for _ in 0..plies {
            pos.unmake();
        }
        assert_eq!((pos.key(), pos.to_move(), pos.history().count()), before);
        // Every opponent passing.
        assert_eq!(make_reply(&mut pos, 0, Move::PASS), 3);
        assert_eq!(pos.passes_in_row(), 3);
        assert!(!pos.status().is_over());
    }
}
