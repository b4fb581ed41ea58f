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

/// A human description of a status, naming sides by letter.
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
