//! Move texts: `from-to` (one knight leap onto an empty cell) or `pass`, with the checks
//! that say why a move is illegal. The position text and the diagram are the shared stone
//! race's ([`crate::games::stones`]): `carrera <placement> <side> <countA>,<countB>
//! [passes]`, the placement over the whole 10×10 square (missing cells count in the runs of
//! empty cells and must stay empty).

use super::board::{cell_name, is_leap};
use super::position::CarreraPosition;
use crate::error::Error;
use crate::moves::Move;

impl CarreraPosition {
    /// Parses a move of the side to move: `from-to` or `pass`; the move must be legal, and
    /// the error says why not (a missing cell, a leap onto a stone, not a knight leap, a
    /// chain of leaps, …).
    pub fn read_move(&self, text: &str) -> Result<Move, Error> {
        let text = text.trim();
        let Some(cells) = self.read_cells(text)? else {
            return Ok(Move::PASS);
        };
        let why = match cells[..] {
            [from, to] if from == to => "ends where it starts, which is no move".to_string(),
            [from, to] => match self.side_at(to) {
                Some(s) if s == self.to_move() => {
                    format!("lands on an own knight on {}", cell_name(to))
                }
                Some(_) => format!(
                    "lands on an enemy knight on {}: there are no captures",
                    cell_name(to)
                ),
                None if !is_leap(from, to) => {
                    format!("{}-{} is not a knight leap", cell_name(from), cell_name(to))
                }
                None => return Ok(Move::new(from, to)),
            },
            _ => "a move is one knight leap, from-to: Carrera has no chains".to_string(),
        };
        Err(Error::Move(format!("{text}: {why}")))
    }
}
