//! Texts: the position text, the diagram, moves (`from-to`, a full leap path
//! `b1-c3-d5-e3`, `pass`) and the checks that say why a move is illegal.
//!
//! Position text: `renpaarden <placement> <side> <countA>,<countB> [passes]`, the placement
//! rank by rank from rank 9 down, `/` between ranks, `A`/`B` for stones and a number for a
//! run of empty cells (as Halma's, `docs/position-format.md`).

use super::board::{cell_name, is_leap, parse_cell, CELLS, KNIGHT, WIDTH};
use super::position::RenpaardenPosition;
use super::NAME;
use crate::error::Error;
use crate::game::{side_letter, status_text};
use crate::games::text::PositionText;
use crate::moves::Move;
use std::collections::VecDeque;

impl RenpaardenPosition {
    /// The position of a whole position text (its first field must be `renpaarden`).
    pub fn from_text(text: &str) -> Result<Self, Error> {
        let text = text.trim();
        let (name, rest) = text
            .split_once(char::is_whitespace)
            .ok_or_else(|| Error::Position(format!("'{text}' has no placement after the rules")))?;
        if name != NAME {
            return Err(Error::Position(format!(
                "'{name}' is not the rule set of this game ({NAME})"
            )));
        }
        Self::parse_fields(rest)
    }

    /// The position of the fields after the rule set: placement, side to move, move
    /// counts, optional passes in a row; each checked, the error names what is wrong.
    pub fn parse_fields(fields: &str) -> Result<Self, Error> {
        let t = PositionText::parse(fields, WIDTH, "9x9")?;
        Self::from_parts(t.stones, t.to_move, t.counts, t.passes)
    }

    /// The position text; reading it back gives this position, less its history.
    pub fn text(&self) -> String {
        PositionText {
            stones: [self.stones(0), self.stones(1)],
            to_move: self.to_move(),
            counts: [self.move_count(0), self.move_count(1)],
            passes: self.passes_in_row(),
        }
        .write(NAME, WIDTH)
    }

    /// The board as RULES-relatives.md draws it: rank 9 at the top, rank numbers on the
    /// left, files below, `A` and `b` for the sides' stones, `.` for an empty cell.
    pub fn board_diagram(&self) -> String {
        let mut out = String::new();
        for y in (0..WIDTH).rev() {
            out += &format!("{:>2}", y + 1);
            for x in 0..WIDTH {
                out.push(' ');
                out.push(match self.side_at(x + WIDTH * y) {
                    Some(0) => 'A',
                    Some(_) => 'b',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out += "  ";
        for x in 0..WIDTH {
            out.push(' ');
            out.push((b'a' + x as u8) as char);
        }
        out.push('\n');
        out
    }

    /// One shortest leap path of `mv` (cells, origin first, the enemy stones leapt onto in
    /// between); empty for the pass or a move the stone cannot make.
    pub fn path(&self, mv: Move) -> Vec<usize> {
        if mv.is_pass() || mv.from() >= CELLS || mv.to() >= CELLS {
            return Vec::new();
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(side) = self.side_at(from) else {
            return Vec::new();
        };
        let (enemy, empty) = (self.stones(1 - side), !(self.stones(0) | self.stones(1)));
        if empty >> to & 1 == 0 {
            return Vec::new();
        }
        // Breadth-first over enemy stones from the origin; the destination is one leap from
        // the origin or from a reached enemy stone.
        let mut parent = [usize::MAX; CELLS];
        parent[from] = from;
        let mut queue = VecDeque::from([from]);
        while let Some(at) = queue.pop_front() {
            if is_leap(at, to) {
                let mut path = vec![to, at];
                while path[path.len() - 1] != from {
                    path.push(parent[path[path.len() - 1]]);
                }
                path.reverse();
                return path;
            }
            for next in super::board::cells_of(KNIGHT[at] & enemy) {
                if parent[next] == usize::MAX {
                    parent[next] = at;
                    queue.push_back(next);
                }
            }
        }
        Vec::new()
    }

    /// A move's text with its whole leap path, like `b1-c3-d5`.
    pub fn leap_path_text(&self, mv: Move) -> String {
        if mv.is_pass() {
            return "pass".into();
        }
        let path = self.path(mv);
        if path.is_empty() {
            return move_text(mv);
        }
        let names: Vec<String> = path.into_iter().map(cell_name).collect();
        names.join("-")
    }

    /// Parses a move of the side to move: `from-to`, a full leap path (every leap checked),
    /// or `pass`; the move must be legal, and the error says why not.
    pub fn read_move(&self, text: &str) -> Result<Move, Error> {
        let text = text.trim();
        let bad = |why: String| Err(Error::Move(format!("{text}: {why}")));
        if self.status().is_over() {
            return bad(format!("the game is over ({})", status_text(self.status())));
        }
        if text == "pass" {
            return if self.count_moves() == 0 {
                Ok(Move::PASS)
            } else {
                bad("a pass is only legal when no other move exists".into())
            };
        }
        let cells = text
            .split('-')
            .map(parse_cell)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| Error::Move(format!("{text}: {}", e.message())))?;
        if cells.len() < 2 {
            return bad("not a move (expected from-to, a leap path like b1-c3-d5, or pass)".into());
        }
        let (from, to) = (cells[0], cells[cells.len() - 1]);
        let me = self.to_move();
        let owner = |c: usize| self.side_at(c);
        match owner(from) {
            Some(s) if s == me => {}
            Some(s) => {
                return bad(format!(
                    "{} holds a stone of {}, but {} is to move",
                    cell_name(from),
                    side_letter(s),
                    side_letter(me)
                ))
            }
            None => return bad(format!("no stone on {}", cell_name(from))),
        }
        if cells.len() == 2 {
            return self.check_from_to(from, to).or_else(bad);
        }
        // Every leap of a whole path: a knight leap, onto enemy stones until the last,
        // which lands on an empty cell.
        for (i, pair) in cells.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            let last = i + 2 == cells.len();
            if !is_leap(a, b) {
                return bad(format!(
                    "{}-{} is not a knight leap",
                    cell_name(a),
                    cell_name(b)
                ));
            }
            if b == from {
                return bad(format!(
                    "the leap {}-{} comes back to the origin, which ends the move where it \
                     started: no move",
                    cell_name(a),
                    cell_name(b)
                ));
            }
            match owner(b) {
                Some(s) if s == me => {
                    return bad(format!("lands on an own stone on {}", cell_name(b)));
                }
                Some(_) if last => {
                    return bad(format!(
                        "stops on an enemy stone on {}: a leap onto an enemy stone must go on",
                        cell_name(b)
                    ));
                }
                None if !last => {
                    return bad(format!(
                        "the leap {}-{} lands on an empty cell, which ends the move",
                        cell_name(a),
                        cell_name(b)
                    ));
                }
                _ => {}
            }
        }
        let mv = Move::new(from, to);
        Ok(mv)
    }
}

impl RenpaardenPosition {
    /// The move `from-to` of the side to move's stone on `from`, or why it is illegal.
    fn check_from_to(&self, from: usize, to: usize) -> Result<Move, String> {
        if from == to {
            return Err("ends where it starts, which is no move".into());
        }
        match self.side_at(to) {
            Some(s) if s == self.to_move() => {
                return Err(format!("lands on an own stone on {}", cell_name(to)))
            }
            Some(_) => {
                return Err(format!(
                    "stops on an enemy stone on {}: a leap onto an enemy stone must go on",
                    cell_name(to)
                ))
            }
            None => {}
        }
        let mv = Move::new(from, to);
        if !self.path(mv).is_empty() {
            Ok(mv)
        } else {
            // (A knight leap onto an empty cell always has a path: this is not one.)
            Err(format!(
                "not a knight leap, and no chain of leaps through enemy stones reaches {}",
                cell_name(to)
            ))
        }
    }
}

/// A move's text: `from-to`, or `pass`.
pub fn move_text(mv: Move) -> String {
    if mv.is_pass() {
        "pass".into()
    } else {
        format!("{}-{}", cell_name(mv.from()), cell_name(mv.to()))
    }
}
