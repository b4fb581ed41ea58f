//! The game layer: the interface every game of the family offers to the searchers, perft
//! and the front ends, split by concern — the rules ([`GameRules`]), the evaluation
//! ([`Evaluation`]) and the optional search hints ([`SearchHints`]), which together make a
//! [`Game`] — and the types every game shares (the game status, the teams of a search).
//!
//! A game is its position type: the three traits are implemented by Halma's
//! [`Position`](crate::games::halma::position::Position) and by each relative's position under
//! [`crate::games`]. Searchers and commands are written once, generic over `P: Game`, and
//! monomorphised for each game; the runtime choice of game is made once, at the edge, by
//! [`crate::games::Variant`] and [`with_game!`](crate::with_game). All games share one move
//! type, [`Move`](crate::moves::Move) (as shakmaty's variants share one move type): an origin and a destination
//! cell, the pass, and the encodings later games need for drops and bearing off.

mod evaluation;
mod hints;
mod rules;

pub use evaluation::Evaluation;
pub use hints::{moves_above_each, ProofBudget, SearchHints};
pub use rules::GameRules;

use crate::error::Error;
use crate::picture::{specs_from_names, CellSpec, Mark};

/// The most sides any game of the family seats.
pub const MAX_SIDES: usize = 6;

/// The state of the game after the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The side won by its last move.
    Won(usize),
    /// The side lost by the yard deadline with its last move.
    LostByDeadline(usize),
    /// Every side passed in a row.
    DrawByPasses,
    /// The placement and side to move occurred for the third time.
    DrawByRepetition,
    /// Equal turns: the first side completed its goal and the second could complete its own
    /// with its very next move (rule option `equal-turns`).
    DrawByEqualTurns,
    /// The ply cap was reached (rule option `ply-cap`).
    DrawByPlyCap,
}

impl Status {
    /// Whether the game is over.
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }

    /// The side that won, in a game of `sides` sides: the side whose move reached its goal,
    /// or the other side of a two-side game lost by the deadline. `None` while the game goes
    /// on, for a draw, and for a deadline loss among more than two sides (the others share
    /// the win: [`Status::scores`]).
    pub fn winner(self, sides: usize) -> Option<usize> {
        match self {
            Status::Won(s) => Some(s),
            Status::LostByDeadline(s) if sides == 2 => Some(1 - s),
            _ => None,
        }
    }

    /// Why the game ended, in one word: `goal`, `deadline`, `passes`, `repetition`,
    /// `equal-turns` or `ply-cap`; `None` while it goes on.
    pub fn reason(self) -> Option<&'static str> {
        match self {
            Status::Ongoing => None,
            Status::Won(_) => Some("goal"),
            Status::LostByDeadline(_) => Some("deadline"),
            Status::DrawByPasses => Some("passes"),
            Status::DrawByRepetition => Some("repetition"),
            Status::DrawByEqualTurns => Some("equal-turns"),
            Status::DrawByPlyCap => Some("ply-cap"),
        }
    }

    /// Each of the `sides` sides' score in a finished game: 1 the winner and 0 the others;
    /// 0 a side lost by the deadline and the others a share of 1 each; a draw's share of 1
    /// each. A game that goes on scores 0 for every side.
    pub fn scores(self, sides: usize) -> Vec<f64> {
        let share = |n: usize| 1.0 / n.max(1) as f64;
        (0..sides)
            .map(|side| match self {
                Status::Ongoing => 0.0,
                Status::Won(w) => f64::from(u8::from(side == w)),
                Status::LostByDeadline(l) if side == l => 0.0,
                Status::LostByDeadline(_) => share(sides - 1),
                _ => share(sides),
            })
            .collect()
    }
}

/// The letter of a side: `A` for the first to move, then `B`, `C`, ….
pub fn side_letter(side: usize) -> char {
    (b'A' + side as u8) as char
}

/// The side of a letter, if it is one of the first `sides` letters.
pub fn parse_side(letter: char, sides: usize) -> Option<usize> {
    let i = (letter as usize).wrapping_sub('A' as usize);
    (i < sides).then_some(i)
}

/// A human description of a status, naming sides by letter (`A wins`); a game's own
/// [`GameRules::outcome_text`] adds how its winner won.
pub fn status_text(status: Status) -> String {
    match status {
        Status::Ongoing => "ongoing".into(),
        Status::Won(s) => format!("{} wins", side_letter(s)),
        Status::LostByDeadline(s) => format!("{} loses by the deadline", side_letter(s)),
        Status::DrawByPasses => "draw: every side passed".into(),
        Status::DrawByRepetition => "draw by repetition".into(),
        Status::DrawByEqualTurns => "draw by equal turns".into(),
        Status::DrawByPlyCap => "draw by the ply cap".into(),
    }
}

/// An error unless `pos`'s game goes on: the searchers' and players' guard, so that a
/// finished game is refused in one way everywhere.
pub fn ensure_ongoing<P: GameRules>(pos: &P) -> Result<(), Error> {
    if pos.status().is_over() {
        return Err(Error::Position(format!(
            "the game is already over ({}): there is no move to search",
            status_text(pos.status())
        )));
    }
    Ok(())
}

/// Plays `moves` (move texts) from `pos`, each parsed and checked in turn; the error names
/// the bad move's number and why (`move 2 of 3: ...`). Moves before the bad one stay made.
pub fn play_moves<P: GameRules>(pos: &mut P, moves: &[&str]) -> Result<(), Error> {
    for (i, text) in moves.iter().enumerate() {
        let mv = pos.parse_move(text).map_err(|e| {
            Error::Move(format!(
                "move {} of {}: {}",
                i + 1,
                moves.len(),
                e.message()
            ))
        })?;
        pos.make(mv);
    }
    Ok(())
}

/// The cells of `pos` known by their names ([`specs_from_names`]): plain squares with
/// men, for a game's [`GameRules::picture`] to adjust.
pub fn cell_specs<P: GameRules>(pos: &P) -> impl Iterator<Item = CellSpec> + '_ {
    specs_from_names(
        pos.cells(),
        |c| pos.cell_name(c),
        |t| pos.parse_cell(t).ok(),
        |c| pos.side_at(c),
    )
}

/// [`cell_specs`] with each side's start cells tinted as its camp: the goal region of the
/// games whose goal is the opponent's start cells (Renpaarden, Carrera, Caeser's halves,
/// Embargo's yards), so that a player sees where each side must go.
pub fn camp_specs<P: GameRules>(pos: &P) -> impl Iterator<Item = CellSpec> + '_ {
    let start = P::start(pos.setup());
    cell_specs(pos).map(move |mut spec| {
        if let Some(side) = spec.cell.and_then(|c| start.side_at(c)) {
            spec.mark = Mark::Camp(side);
        }
        spec
    })
}

/// Which sides play together in a search: with two sides each side alone; with more, the
/// *paranoid* view, where the root side stands alone against a coalition of all the
/// others (they share one score, the negative of the root side's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Team {
    root: usize,
    sides: usize,
}

impl Team {
    /// The teams of a search run for `root` in a game of `sides` sides.
    pub fn new(root: usize, sides: usize) -> Team {
        Team { root, sides }
    }

    /// Whether `side` plays on the root side's team (the team a score's view is taken
    /// from; [`HalmaWeights::opponent`](crate::games::halma::weights::HalmaWeights::opponent) weighs the other team less).
    #[inline(always)]
    pub fn with_root(self, side: usize) -> bool {
        self.same(side, self.root)
    }

    /// Whether `a` and `b` play on the same team.
    #[inline(always)]
    pub fn same(self, a: usize, b: usize) -> bool {
        if self.sides == 2 {
            a == b
        } else {
            (a == self.root) == (b == self.root)
        }
    }
}

/// A game as the searchers and front ends use it: its rules ([`GameRules`]), its
/// evaluation ([`Evaluation`]) and its search hints ([`SearchHints`]), each its own trait.
/// Every type with all three is a `Game`; searchers and commands are written once over
/// `P: Game`.
pub trait Game: GameRules + Evaluation + SearchHints {}

impl<T: GameRules + Evaluation + SearchHints> Game for T {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_names_its_winner_its_reason_and_the_scores() {
        assert_eq!(Status::Won(1).winner(2), Some(1));
        assert_eq!(Status::Won(2).winner(4), Some(2));
        // A two-side game lost by the deadline is the other side's win; among four sides
        // the three others share it.
        assert_eq!(Status::LostByDeadline(0).winner(2), Some(1));
        assert_eq!(Status::LostByDeadline(0).winner(4), None);
        assert_eq!(Status::DrawByRepetition.winner(2), None);
        assert_eq!(Status::Ongoing.winner(2), None);

        assert_eq!(Status::Ongoing.reason(), None);
        assert_eq!(Status::Won(0).reason(), Some("goal"));
        assert_eq!(Status::LostByDeadline(1).reason(), Some("deadline"));
        assert_eq!(Status::DrawByPlyCap.reason(), Some("ply-cap"));

        assert_eq!(Status::Won(1).scores(2), [0.0, 1.0]);
        assert_eq!(Status::LostByDeadline(1).scores(2), [1.0, 0.0]);
        assert_eq!(
            Status::LostByDeadline(3).scores(4),
            [1.0 / 3.0; 3].into_iter().chain([0.0]).collect::<Vec<_>>()
        );
        assert_eq!(Status::DrawByPasses.scores(3), [1.0 / 3.0; 3]);
        assert_eq!(Status::Ongoing.scores(2), [0.0, 0.0]);
    }
}
