//! Text forms: cells (Halma's star names, `m1` .. `e17`), moves (`from-to`, `pass`), the
//! position text and the star diagram.
//!
//! The position text is `hexma <placement> <side> <countA>,<countB> [passes]`, as Halma's
//! star text and the other relatives' (`docs/position-format.md`): the placement lists the
//! 17 ranks from the top, `/` between them, each rank only its own cells from its first
//! (rank 17 `e17` alone, rank 13 `a13..m13`, rank 9 `e9..m9`, rank 5 `e5..q5`, rank 1 `m1`
//! alone). The start is
//! `hexma B/BB/BBB/BBBB/5BBB5/12/11/10/9/10/11/12/5AAA5/AAAA/AAA/AA/A A 0,0`.

use super::board::{cell_name, Stones, BOARD, RANKS, STRIDE};
use super::movegen;
use super::position::HexmaPosition;
use super::NAME;
use crate::bitboard::BitBoard;
use crate::error::Error;
use crate::games::halma::notation::is_step;
use crate::games::text::{
    fields_after, from_to_text, generated, layout_text, parse_layout, read_from_to, Layout,
    PositionText,
};
use crate::moves::Move;

/// The shape of the placement: each rank's cells.
const LAYOUT: Layout<'static> = Layout::ranks(&RANKS, STRIDE);

/// A move's text: `from-to` or `pass`.
pub fn move_text(mv: Move) -> String {
    from_to_text(mv, cell_name)
}

impl HexmaPosition {
    /// Reads a whole position text, `hexma` first (see [`HexmaPosition::from_text_fields`]).
    pub fn from_text(text: &str) -> Result<Self, Error> {
        HexmaPosition::from_text_fields(fields_after(text, NAME)?)
    }

    /// Reads the fields after `hexma`: placement (ranks from the top, `/` between them, each
    /// rank only its cells, `A` and `B` for stones, digits for runs of empty cells), side
    /// to move, move counts `a,b`, optional passes in a row (0 or 1).
    pub fn from_text_fields(fields: &str) -> Result<Self, Error> {
        let t = PositionText::parse_with(fields, |p| parse_layout::<Stones>(p, LAYOUT, "star"))?;
        HexmaPosition::from_parts(t.stones, t.to_move, t.counts, t.passes)
    }

    /// The position text, `hexma <placement> <side> <a>,<b> [passes]`; reading it back
    /// gives this position (less its history).
    pub fn to_text(&self) -> String {
        let stones = [self.stones(0), self.stones(1)];
        PositionText {
            stones,
            to_move: self.to_move(),
            counts: [self.move_count(0), self.move_count(1)],
            passes: self.passes_in_row(),
        }
        .write_with(NAME, &layout_text(stones, LAYOUT))
    }

    /// The star as RULES-relatives.md draws it: rank 17 on top, each rank half a cell right
    /// of the one below, rank numbers on the left and each rank's first cell on the right;
    /// `A` and `b` for the sides' stones, `.` for an empty cell.
    pub fn diagram(&self) -> String {
        LAYOUT.hex_diagram(|cell| self.side_at(cell))
    }

    /// Parses a legal move: `from-to` (a hop chain by its first and last cells) or `pass`;
    /// the error says why a move is not legal (no such cell, no own stone, an occupied
    /// target, cells that are no neighbours, a target no chain of hops reaches).
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let t = text.trim();
        if t.matches('-').count() > 1 {
            let cells: Vec<&str> = t.split('-').collect();
            return Err(Error::Move(format!(
                "'{t}': a move is written by its first and last cells only ({}-{}), even a \
                 chain of hops",
                cells[0],
                cells[cells.len() - 1]
            )));
        }
        let chain = "one step or one chain of hops";
        let Some((from, to)) = read_from_to(self, text, "Hexma", "stone", chain)? else {
            return Ok(Move::PASS);
        };
        if !is_step(BOARD, from, to) {
            let side = self.to_move();
            let mut reach = Stones::EMPTY;
            movegen::for_each_piece(
                Stones::single(from),
                self.occupied().without(Stones::single(from)),
                |_, targets| reach = targets,
            );
            if !reach.has(to) {
                let ((fx, fy), (tx, ty)) = (BOARD.coords(from), BOARD.coords(to));
                let why = if fx.abs_diff(tx) <= 1 && fy.abs_diff(ty) <= 1 {
                    "they are not neighbours on the star (docs/boards.md: (x+1, y+1) and (x-1, y-1) are \
                     two steps away), and no chain of hops joins them"
                } else {
                    "no chain of hops over adjacent stones leads there"
                };
                return Err(Error::Move(format!(
                    "'{t}': the stone of {} on {} cannot reach {}: {why}",
                    crate::game::side_letter(side),
                    cell_name(from),
                    cell_name(to)
                )));
            }
        }
        generated(self, text, from, to)
    }
}
