//! Text forms: cells (`a1`..`d4`), moves (`from-to`, `pass`), the position text
//! `legrec <placement> <side> <countA>,<countB> [passes]` and the diagram.

use super::board::{cell, cell_name, coords, WIDTH};
use super::position::LeGrecPosition;
use crate::error::Error;
use crate::game::side_letter;
use crate::games::text::{fields_after, from_to_text, generated, read_from_to, PositionText};
use crate::moves::Move;

/// The rule-set name, the first field of the position text.
pub const RULES_NAME: &str = super::INFO.name;

/// The cell called `name`, like `c3`.
pub fn parse_cell(name: &str) -> Result<usize, Error> {
    let mut chars = name.chars();
    let (file, rank) = (chars.next(), chars.as_str());
    let file = file
        .filter(|f| ('a'..='d').contains(f))
        .map(|f| f as usize - 'a' as usize);
    let rank = rank
        .parse::<usize>()
        .ok()
        .filter(|r| (1..=WIDTH).contains(r));
    match (file, rank) {
        (Some(f), Some(r)) => Ok(cell(f, r - 1)),
        _ => Err(Error::Cell(format!(
            "'{name}' is not a cell of the 4x4 board (a1..d4)"
        ))),
    }
}

/// A move's text: `from-to` or `pass`.
pub fn move_text(mv: Move) -> String {
    from_to_text(mv, cell_name)
}

impl LeGrecPosition {
    /// Reads a whole position text, `legrec` first (see [`LeGrecPosition::from_text_fields`]).
    pub fn from_text(text: &str) -> Result<Self, Error> {
        LeGrecPosition::from_text_fields(fields_after(text, RULES_NAME)?)
    }

    /// Reads the fields after `legrec`: placement (ranks from the top, `/` between them, `A`
    /// and `B` for stones, digits for runs of empty cells), side to move, move counts
    /// `a,b`, optional passes in a row (0 or 1).
    pub fn from_text_fields(fields: &str) -> Result<Self, Error> {
        let t = PositionText::parse(fields, WIDTH, "Le Grec")?;
        // A 4x4 placement has only the low 16 bits.
        let stones = t.stones.map(|s| s as u16);
        LeGrecPosition::from_parts(stones, t.to_move, t.counts, t.passes)
    }

    /// The position text, `legrec <placement> <side> <a>,<b> [passes]`; reading it back
    /// gives this position (less its history).
    pub fn to_text(&self) -> String {
        PositionText {
            stones: [self.stones(0).into(), self.stones(1).into()],
            to_move: self.to_move(),
            counts: [self.move_count(0), self.move_count(1)],
            passes: self.passes_in_row(),
        }
        .write(RULES_NAME, WIDTH)
    }

    /// The board as drawn in the rules: rank 4 on top, rank numbers on the left, files
    /// under it, `A`/`B` for stones, `.` for empty cells.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for rank in (0..WIDTH).rev() {
            out += &format!("{:>2}", rank + 1);
            for file in 0..WIDTH {
                out.push(' ');
                out.push(self.side_at(cell(file, rank)).map_or('.', side_letter));
            }
            out.push('\n');
        }
        out += "   a b c d\n";
        out
    }

    /// Parses a legal move: `from-to` or `pass`; the error says why a move is not legal.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let Some((from, to)) =
            read_from_to(self, text, "Le Grec", "stone", "one step or one jump")?
        else {
            return Ok(Move::PASS);
        };
        let text = text.trim();
        let err = |why: String| Err(Error::Move(format!("'{text}': {why}")));
        let mover = self.to_move();
        let ((ff, fr), (tf, tr)) = (coords(from), coords(to));
        let df = tf as isize - ff as isize;
        // Ranks gained toward the opponent.
        let forward = if mover == 0 {
            tr as isize - fr as isize
        } else {
            fr as isize - tr as isize
        };
        let reach = df.abs().max(forward.abs());
        let straight = df == 0 || forward == 0 || df.abs() == forward.abs();
        if reach > 2 || !straight {
            return err("not a step or a single jump in a straight line".into());
        }
        if forward < 0 {
            return err("goes backward (stones move forward or sideways only)".into());
        }
        if reach == 2 {
            let mid = cell(
                (ff as isize + df / 2) as usize,
                (fr as isize + (tr as isize - fr as isize) / 2) as usize,
            );
            match self.side_at(mid) {
                None => return err(format!("jumps over the empty cell {}", cell_name(mid))),
                Some(s) if s == mover => {
                    return err(format!(
                        "jumps over an own stone on {} (only enemy stones can be jumped)",
                        cell_name(mid)
                    ))
                }
                Some(_) => {}
            }
        }
        generated(self, text, from, to)
    }
}
