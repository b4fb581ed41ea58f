//! Text forms: squares (`a1`, `b2`, `q17`: the dark squares of the 17×17 board), moves
//! (`from-to`, `@cell` for a placement, `pass`), the position text and the diagram.
//!
//! The position text is `zug <placement> <side> <countA>,<countB> [passes]`, as the other
//! relatives' (`docs/position-format.md`), except that each rank of the placement lists only
//! its dark squares from the left: 9 on the odd-numbered ranks (`a1 c1 … q1`), 8 on the
//! even-numbered ones (`b2 d2 … p2`). The phase is in the pieces: a side with fewer than
//! twelve is still placing. The start (before any placement) is
//! `zug BBBBBBBBB/8/9/8/9/8/9/8/9/8/9/8/9/8/9/8/AAAAAAAAA A 0,0`.

use super::board::{cell_name, count, half_bit, has, rank, Squares, CAMP, PIECES, SECOND, WIDTH};
use super::position::ZugPosition;
use super::NAME;
use crate::error::Error;
use crate::game::{side_letter, status_text, GameRules};
use crate::games::text::{
    fields_after, generated, read_from_to, read_ranks, write_ranks, PositionText,
};
use crate::moves::Move;

/// The dark squares of rank `y` (0-based): 9 on even `y`, 8 on odd.
fn rank_cells(y: usize) -> usize {
    9 - y % 2
}

/// The cell index of the `k`-th dark square of rank `y`.
fn rank_cell(y: usize, k: usize) -> usize {
    2 * k + y % 2 + WIDTH * y
}

/// A move's text: `from-to`, `@cell` or `pass`.
pub fn move_text(mv: Move) -> String {
    if mv.is_pass() {
        "pass".into()
    } else if mv.is_drop() {
        format!("@{}", cell_name(mv.to()))
    } else {
        format!("{}-{}", cell_name(mv.from()), cell_name(mv.to()))
    }
}

impl ZugPosition {
    /// Reads a whole position text, `zug` first (see [`ZugPosition::from_text_fields`]).
    pub fn from_text(text: &str) -> Result<Self, Error> {
        ZugPosition::from_text_fields(fields_after(text, NAME)?)
    }

    /// Reads the fields after `zug`: placement (ranks from the top, `/` between them, each
    /// rank only its dark squares, `A` and `B` for pieces, digits for runs of empty
    /// squares), side to move, move counts `a,b`, optional passes in a row (0 or 1).
    pub fn from_text_fields(fields: &str) -> Result<Self, Error> {
        let t = PositionText::parse_with(fields, |placement| {
            let mut pieces: [Squares; 2] = [[0; 2]; 2];
            read_ranks(
                placement,
                WIDTH,
                rank_cells,
                "17x17 Le Zug",
                |side, y, k| {
                    let (h, b) = half_bit(rank_cell(y, k));
                    pieces[side][h] |= 1 << b;
                },
            )?;
            Ok(pieces)
        })?;
        ZugPosition::from_parts(t.stones, t.to_move, t.counts, t.passes)
    }

    /// The position text, `zug <placement> <side> <a>,<b> [passes]`; reading it back gives
    /// this position (less its history).
    pub fn to_text(&self) -> String {
        let placement = write_ranks(WIDTH, rank_cells, |y, k| self.side_at(rank_cell(y, k)));
        PositionText {
            stones: (),
            to_move: self.to_move(),
            counts: [self.move_count(0), self.move_count(1)],
            passes: self.passes_in_row(),
        }
        .write_with(NAME, &placement)
    }

    /// The board as RULES-relatives.md draws it: rank 17 on top, every file a column, `A`
    /// and `b` for the sides' pieces, `.` for an empty dark square, a blank for a light
    /// one; the files below.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for y in (0..WIDTH).rev() {
            let cells: Vec<&str> = (0..WIDTH)
                .map(|x| match ((x + y) % 2, self.side_at(x + WIDTH * y)) {
                    (1, _) => " ",
                    (_, Some(0)) => "A",
                    (_, Some(_)) => "b",
                    (_, None) => ".",
                })
                .collect();
            out += format!("{:>2} {}", y + 1, cells.join(" ")).trim_end();
            out.push('\n');
        }
        out += "   a b c d e f g h i j k l m n o p q\n";
        out
    }

    /// Parses a legal move: `@cell` (a placement), `from-to` or `pass`; the error says why a
    /// move is not legal (the placement not done or done, not the own second rank, no such
    /// square, no own piece, occupied target, backward, the camp rule, out of reach).
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let trimmed = text.trim();
        let err = |why: String| Err(Error::Move(format!("'{trimmed}': {why}")));
        let mover = self.to_move();
        let second = if mover == 0 {
            "b2 d2 ... p2"
        } else {
            "b16 d16 ... p16"
        };
        if let Some(name) = trimmed.strip_prefix('@') {
            if self.status().is_over() {
                return err(format!("the game is over ({})", status_text(self.status())));
            }
            let cell = match self.parse_cell(name) {
                Ok(c) => c,
                Err(e) => return err(e.message().to_string()),
            };
            if !self.placing(mover) {
                return err(format!(
                    "{} has placed its twelve pieces: it moves them now (from-to)",
                    side_letter(mover)
                ));
            }
            if !has(SECOND[mover], cell) {
                return err(format!(
                    "{} places only on its own second rank ({second})",
                    side_letter(mover)
                ));
            }
            if self.side_at(cell).is_some() {
                return err(format!("{} is taken", cell_name(cell)));
            }
            return Ok(Move::drop(cell));
        }
        if self.placing(mover) && !self.status().is_over() {
            return err(format!(
                "{} still places its pieces: @cell on its second rank ({second}), {} placed \
                 of 3",
                side_letter(mover),
                count(self.pieces(mover)) + 3 - PIECES
            ));
        }
        let Some((from, to)) = read_from_to(self, text, "Le Zug", "piece", "one move")? else {
            return Ok(Move::PASS);
        };
        let own = self.pieces(mover);
        let backward_phase = count(own) == PIECES
            && own[0] & !CAMP[1 - mover][0] == 0
            && own[1] & !CAMP[1 - mover][1] == 0;
        let rise = rank(to) as i32 - rank(from) as i32;
        let forward = if mover == 0 { rise > 0 } else { rise < 0 };
        if !forward && !backward_phase {
            return err(
                "not forward (pieces move only forward until all twelve stand in the \
                 opponent's camp)"
                    .into(),
            );
        }
        if has(CAMP[1 - mover], to) {
            let home = [own[0] & CAMP[mover][0], own[1] & CAMP[mover][1]];
            if count(home) > u32::from(has(home, from)) {
                return err(format!(
                    "ends in the opponent's camp while another piece of {} stands in its own \
                     camp (the camp rule)",
                    side_letter(mover)
                ));
            }
        }
        let mut legal = false;
        let want = Move::new(from, to);
        self.for_each_move(|m| legal |= m == want);
        if !legal {
            return err(
                "out of reach (a move is a diagonal step, or jumps over adjacent pieces with \
                 at most one step after them)"
                    .into(),
            );
        }
        generated(self, text, from, to)
    }
}
