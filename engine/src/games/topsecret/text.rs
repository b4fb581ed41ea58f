//! Text forms: cells (`a1`..`p16`), moves (`from-to`, `@g7` for a drop, `c1-off` for a
//! bear-off, `pass`), the position text and the diagram.
//!
//! The position text is `topsecret <placement> <side> <countA>,<countB> <handA>,<handB>
//! [passes]`: the placement of the 16 ranks from the top as the other relatives write it
//! (`A`, `B`, a number for a run of empty cells, `/` between ranks), the side to move, the
//! moves each side has made, the stones each side still has to drop, and the passes in a
//! row if any. The stones-in-hand field tells the drop phase (a side to move with stones in
//! hand drops) from a later position with stones borne off (18 less those on the board and
//! in hand). The start is `topsecret 16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 A 0,0
//! 18,18`.

use super::board::{self, cell, cell_name, BB, DROP_ZONE, WIDTH};
use super::movegen::Targets;
use super::position::TopSecretPosition;
use super::NAME;
use crate::bitboard::BitBoard;
use crate::error::Error;
use crate::game::side_letter;
use crate::games::text::{
    fields_after, move_counts, own_piece, read_from_to, read_ranks, side_to_move, write_ranks,
};
use crate::moves::Move;

/// A move's text: `from-to`, `@to` (a drop), `from-off` (a bear-off) or `pass`.
pub fn move_text(mv: Move) -> String {
    if mv.is_pass() {
        "pass".into()
    } else if mv.is_drop() {
        format!("@{}", cell_name(mv.to()))
    } else if mv.is_off() {
        format!("{}-off", cell_name(mv.from()))
    } else {
        format!("{}-{}", cell_name(mv.from()), cell_name(mv.to()))
    }
}

/// A list of two counts `a,b` each at most `max`, or why not.
fn two_counts(field: &str, what: &str, max: u64) -> Result<[u64; 2], Error> {
    let bad = |t: String| Err(Error::Position(t));
    let Some(counts) = move_counts(field) else {
        return bad(format!(
            "'{field}' is not a list of {what} (whole numbers, like 3,2)"
        ));
    };
    let [a, b] = counts[..] else {
        return bad(format!(
            "{} {what} for 2 sides (expected A's,B's)",
            counts.len()
        ));
    };
    if a > max || b > max {
        return bad(format!("'{field}': at most {max} {what} a side"));
    }
    Ok([a, b])
}

impl TopSecretPosition {
    /// Reads a whole position text, `topsecret` first (see
    /// [`TopSecretPosition::from_text_fields`]).
    pub fn from_text(text: &str) -> Result<Self, Error> {
        Self::from_text_fields(fields_after(text, NAME)?)
    }

    /// Reads the fields after `topsecret`: placement (16 ranks from the top, `/` between
    /// them, `A` and `B` for stones, numbers for runs of empty cells), side to move, move
    /// counts `a,b`, stones in hand `a,b`, optional passes in a row (0 or 1).
    pub fn from_text_fields(fields: &str) -> Result<Self, Error> {
        let bad = |t: String| Err(Error::Position(t));
        let parts: Vec<&str> = fields.split_whitespace().collect();
        if !(4..=5).contains(&parts.len()) {
            return bad(format!(
                "expected placement, side to move, move counts, stones in hand [, passes]; got \
                 {} fields",
                parts.len()
            ));
        }
        let mut stones = [BB::EMPTY; 2];
        let every_file = |_| WIDTH;
        read_ranks(
            parts[0],
            WIDTH,
            every_file,
            "16x16 Top Secret",
            |side, y, x| stones[side].set(cell(x, y)),
        )?;
        let Some(to_move) = side_to_move(parts[1], 2) else {
            return bad(format!("'{}' is not a side to move (A or B)", parts[1]));
        };
        let counts = two_counts(parts[2], "move counts", u64::MAX)?;
        let hand = two_counts(parts[3], "stones in hand", u64::from(board::STONES))?;
        let passes = match parts.get(4) {
            Some(p) => p
                .parse::<u8>()
                .map_err(|_| Error::Position(format!("'{p}' is not a number of passes")))?,
            None => 0,
        };
        let hand = hand.map(|h| h as u8);
        TopSecretPosition::from_parts(stones, hand, to_move, counts, passes)
    }

    /// The position text, `topsecret <placement> <side> <a>,<b> <handA>,<handB>
    /// [passes]`; reading it back gives this position (less its history).
    pub fn to_text(&self) -> String {
        let placement = write_ranks(WIDTH, |_| WIDTH, |y, x| self.side_at(cell(x, y)));
        let mut text = format!(
            "{NAME} {placement} {} {},{} {},{}",
            side_letter(self.to_move()),
            self.move_count(0),
            self.move_count(1),
            self.in_hand(0),
            self.in_hand(1)
        );
        if self.passes_in_row() > 0 {
            text += &format!(" {}", self.passes_in_row());
        }
        text
    }

    /// The board, rank 16 on top: `A` and `b` for the sides' stones, `+` for an empty cell
    /// of the drop zone, `.` for another empty cell; then each side's stones in hand and
    /// borne off.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for y in (0..WIDTH).rev() {
            let cells: Vec<&str> = (0..WIDTH)
                .map(|x| match self.side_at(cell(x, y)) {
                    Some(0) => "A",
                    Some(_) => "b",
                    None if DROP_ZONE.has(cell(x, y)) => "+",
                    None => ".",
                })
                .collect();
            out += &format!("{:>2} {}\n", y + 1, cells.join(" "));
        }
        out += "   a b c d e f g h i j k l m n o p\n";
        for side in 0..2 {
            out += &format!(
                "{}: {} on the board, {} in hand, {} borne off\n",
                side_letter(side),
                self.stones(side).count(),
                self.in_hand(side),
                self.borne_off(side)
            );
        }
        out
    }

    /// Parses a legal move: `@to` (a drop), `from-off` (a bear-off), `from-to` or `pass`;
    /// the error says why a move is not legal (the drop phase or not, no such cell, no own
    /// stone, an occupied target, a cell outside the drop zone, no step or jump chain to the
    /// target, no way off the board).
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let t = text.trim();
        let err = |why: String| Err(Error::Move(format!("'{t}': {why}")));
        if self.status().is_over() || t == "pass" {
            // The game-over and pass checks every game shares.
            return read_from_to(self, t, "Top Secret", "stone", "one move").map(|_| Move::PASS);
        }
        if let Some(name) = t.strip_prefix('@') {
            let to = match board::parse_cell(name) {
                Ok(c) => c,
                Err(e) => return err(e.message().to_string()),
            };
            if !self.dropping() {
                return err("the drop phase is over (every stone has been dropped)".into());
            }
            if !DROP_ZONE.has(to) {
                return err(format!("{} is outside the drop zone f6-k11", cell_name(to)));
            }
            if let Some(s) = self.side_at(to) {
                return err(format!(
                    "{} already holds a stone of {}",
                    cell_name(to),
                    side_letter(s)
                ));
            }
            return Ok(Move::drop(to));
        }
        if self.dropping() {
            return err(format!(
                "{} still has {} stones to drop: in the drop phase a move is a drop like @g7",
                side_letter(self.to_move()),
                self.in_hand(self.to_move())
            ));
        }
        if let Some(name) = t.strip_suffix("-off") {
            let from = match board::parse_cell(name) {
                Ok(c) => c,
                Err(e) => return err(e.message().to_string()),
            };
            if let Err(why) = own_piece(self, from, "stone") {
                return err(why);
            }
            if !Targets::new(self.occupied()).can_bear_off(from) {
                return err(format!(
                    "the stone on {} cannot leave the board: it is not on an edge and no jump \
                     chain from it ends over an edge stone",
                    cell_name(from)
                ));
            }
            return Ok(Move::off(from));
        }
        let Some((from, to)) = read_from_to(self, t, "Top Secret", "stone", "one move")? else {
            return Ok(Move::PASS);
        };
        let (targets, _) = Targets::new(self.occupied()).of(from);
        if !targets.has(to) {
            return err(format!(
                "no step or jump chain takes the stone on {} to {} (a step goes to an \
                 adjacent cell, a jump over an adjacent stone to the empty cell beyond)",
                cell_name(from),
                cell_name(to)
            ));
        }
        Ok(Move::new(from, to))
    }
}
