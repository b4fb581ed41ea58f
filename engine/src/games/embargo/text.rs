//! Texts: the position text (`embargo <placement> <side> <countA>,<countB> [passes]`, as
//! Halma's in `docs/position-format.md`), the moves (`e1-e5`, `pass`) with a reason for
//! every illegal one, and the diagram.

use super::board::{before, bit, cell, cell_name, coords, nearest, parse_cell, N, RAYS, YARDS};
use super::position::EmbargoPosition;
use super::walls::walls;
use crate::error::Error;
use crate::game::{side_letter, status_text};
use crate::games::text::PositionText;
use crate::moves::Move;

/// The rule set's name, the first field of the position text.
pub const RULES_NAME: &str = super::INFO.name;

/// The text of a move: `e1-e5`, or `pass`.
pub fn move_text(mv: Move) -> String {
    if mv.is_pass() {
        "pass".into()
    } else {
        format!("{}-{}", cell_name(mv.from()), cell_name(mv.to()))
    }
}

impl EmbargoPosition {
    /// The position text; parsing it gives this position back, less the history.
    pub fn to_text(&self) -> String {
        PositionText {
            stones: [self.stones(0), self.stones(1)],
            to_move: self.to_move(),
            counts: [self.move_count(0), self.move_count(1)],
            passes: self.passes_in_row(),
        }
        .write(RULES_NAME, N)
    }

    /// Parses the fields after the rule set: placement, side to move, move counts, optional
    /// passes in a row; every field is checked and an error names what is wrong.
    pub fn from_text_fields(fields: &str) -> Result<EmbargoPosition, Error> {
        let t = PositionText::parse(fields, N, "Embargo")?;
        EmbargoPosition::from_parts(t.stones, t.to_move, t.counts, t.passes)
    }

    /// The board as text, drawn as RULES-relatives.md draws it: ranks from the top with
    /// their numbers, files below, `A` for A's stones, `b` for B's, `.` for an empty cell.
    pub fn diagram(&self) -> String {
        let files: String = (0..N)
            .map(|x| format!(" {}", (b'a' + x as u8) as char))
            .collect();
        let mut out = String::new();
        for y in (0..N).rev() {
            out += &format!("{:>2}", y + 1);
            for x in 0..N {
                out.push(' ');
                out.push(match self.side_at(cell(x, y)) {
                    Some(0) => 'A',
                    Some(_) => 'b',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out += &format!("  {files}\n");
        out
    }

    /// Parses a move of this position, checked legal: `from-to` or `pass`. An illegal move
    /// gets an error saying why.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let text = text.trim();
        let err = |why: String| Err(Error::Move(format!("{text}: {why}")));
        if self.status().is_over() {
            return err(format!("the game is over ({})", status_text(self.status())));
        }
        if text == "pass" {
            return if self.is_legal(Move::PASS) {
                Ok(Move::PASS)
            } else {
                err("a pass is only legal when no other move exists".into())
            };
        }
        let cells = text
            .split('-')
            .map(parse_cell)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| Error::Move(format!("{text}: {}", e.message())))?;
        match cells.len() {
            2 => {}
            0 | 1 => return err("not a move (expected from-to or pass)".into()),
            _ => {
                return err(
                    "a path of several cells is a move of another game: an Embargo stone \
                     makes one slide, written from-to"
                        .into(),
                )
            }
        }
        let (from, to) = (cells[0], cells[1]);
        let mover = self.to_move();
        match self.side_at(from) {
            Some(s) if s == mover => {}
            Some(s) => {
                return err(format!(
                    "{} holds a stone of {}, but {} is to move",
                    cell_name(from),
                    side_letter(s),
                    side_letter(mover)
                ))
            }
            None => return err(format!("no stone on {}", cell_name(from))),
        }
        if from == to {
            return err("ends where it starts, which is no move".into());
        }
        let mv = Move::new(from, to);
        if self.is_legal(mv) {
            return Ok(mv);
        }
        err(self.why_illegal(from, to))
    }

    /// Why the slide of the mover's stone on `from` to `to` (another cell) is not legal.
    fn why_illegal(&self, from: usize, to: usize) -> String {
        let mover = self.to_move();
        let ((fx, fy), (tx, ty)) = (coords(from), coords(to));
        if fx != tx && fy != ty {
            return "not along a rank or file: an Embargo stone slides like a rook, never \
                    diagonally"
                .into();
        }
        match self.side_at(to) {
            Some(s) if s == mover => return format!("lands on an own stone on {}", cell_name(to)),
            Some(_) => return format!("lands on an enemy stone on {}", cell_name(to)),
            None => {}
        }
        let d = RAYS
            .iter()
            .position(|rays| rays[from] & bit(to) != 0)
            .expect("to is on a line through from");
        let ray = RAYS[d][from];
        let occupied = self.stones(0) | self.stones(1);
        let path = before(d, ray, to);
        if path & occupied != 0 {
            return format!(
                "the slide passes over the stone on {}",
                cell_name(nearest(d, path & occupied))
            );
        }
        if YARDS[mover] & bit(to) != 0 {
            return format!(
                "ends on {}, in {}'s own yard (a stone never stops in its own yard)",
                cell_name(to),
                side_letter(mover)
            );
        }
        let walled = (path | bit(to)) & walls(self.all_stones());
        if walled != 0 {
            return format!(
                "the slide enters the wall cell {} (only a shortening slide, towards an own \
                 stone, may cross walls)",
                cell_name(nearest(d, walled))
            );
        }
        "not a legal slide here".into()
    }
}
