//! Text forms: holes (`d1`..`d7`, the axial names), moves (`from-to`, `pass`), the position
//! text and the diagram.
//!
//! The position text is `caeser <placement> <side> <countA>,<countB> [passes]`, as the
//! other relatives' (`docs/position-format.md`), except that each rank of the placement
//! lists only its own holes, from its first: rank 7 (`a7..d7`) has 4, rank 4 (`a4..g4`) 7,
//! rank 1 (`d1..g1`) 4. The start is `caeser BBBB/BBBBB/BBBB1A/BBB1AAA/B1AAAA/AAAAA/AAAA A 0,0`.

use super::board::{cell_name, coords, is_hole_at, lean, Holes, RANKS, STRIDE};
use super::position::CaeserPosition;
use super::NAME;
use crate::error::Error;
use crate::games::text::{fields_of, generated, read_from_to, Layout, PositionText};
use crate::moves::Move;

/// The shape of the placement: each rank's holes.
const LAYOUT: Layout<'static> = Layout::ranks(&RANKS, STRIDE);

/// A move's text: `from-to` or `pass`.
pub fn move_text(mv: Move) -> String {
    if mv.is_pass() {
        "pass".into()
    } else {
        format!("{}-{}", cell_name(mv.from()), cell_name(mv.to()))
    }
}

impl CaeserPosition {
    /// Reads a whole position text, `caeser` first (see [`CaeserPosition::from_text_fields`]).
    pub fn from_text(text: &str) -> Result<Self, Error> {
        CaeserPosition::from_text_fields(fields_of(text, NAME)?)
    }

    /// Reads the fields after `caeser`: placement (ranks from the top, `/` between them, each
    /// rank only its holes, `A` and `B` for men, digits for runs of empty holes), side to
    /// move, move counts `a,b`, optional passes in a row (0 or 1).
    pub fn from_text_fields(fields: &str) -> Result<Self, Error> {
        let t = PositionText::parse_in(fields, LAYOUT, "Caeser")?;
        // The layout's bits are below 56.
        let men = t.stones.map(|s| s as Holes);
        CaeserPosition::from_parts(men, t.to_move, t.counts, t.passes)
    }

    /// The position text, `caeser <placement> <side> <a>,<b> [passes]`; reading it back
    /// gives this position (less its history).
    pub fn to_text(&self) -> String {
        PositionText {
            stones: [self.men(0).into(), self.men(1).into()],
            to_move: self.to_move(),
            counts: [self.move_count(0), self.move_count(1)],
            passes: self.passes_in_row(),
        }
        .write_in(NAME, LAYOUT)
    }

    /// The hexagon as RULES-relatives.md draws it: rank 7 on top, each rank half a cell
    /// right of the one below (so the files run up to the right), the rank number on the
    /// left and the rank's first hole on the right; `A` and `b` for the sides' men, `.` for
    /// an empty hole.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for (y, &(first, holes)) in RANKS.iter().enumerate().rev() {
            // Column of a hole: 2x + y half-cells, less that of a4, the leftmost.
            let indent = 2 * first + y - 3;
            out += &format!("{:>2} {}", y + 1, " ".repeat(indent));
            let cells: Vec<&str> = (first..first + holes)
                .map(|x| match self.side_at(x + STRIDE * y) {
                    Some(0) => "A",
                    Some(_) => "b",
                    None => ".",
                })
                .collect();
            out += &cells.join(" ");
            out += &format!("   ({}..)\n", cell_name(first + STRIDE * y));
        }
        out
    }

    /// Parses a legal move: `from-to` or `pass`; the error says why a move is not legal
    /// (no such hole, no own man, occupied target, not one of the mover's three forward
    /// directions, a jump over an empty hole or an own man, farther than a jump).
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let Some((from, to)) = read_from_to(self, text, "Caeser", "man", "one step or one jump")?
        else {
            return Ok(Move::PASS);
        };
        let err = |why: String| Err(Error::Move(format!("'{}': {why}", text.trim())));
        let mover = self.to_move();
        let ((fx, fy), (tx, ty)) = (coords(from), coords(to));
        let (dx, dy) = (tx as i32 - fx as i32, ty as i32 - fy as i32);
        // The six lines of the board: (±1, 0), (0, ±1), ±(1, −1); a jump covers two.
        let straight = dx == 0 || dy == 0 || dx == -dy;
        let reach = dx.abs().max(dy.abs());
        if !straight {
            return err(
                "not on a line of the board (the lines run along a rank, a file, or \
                        up-left / down-right)"
                    .into(),
            );
        }
        if reach > 2 {
            return err(format!(
                "{reach} holes away: a man steps one hole or jumps over one"
            ));
        }
        let rise = lean(to) - lean(from);
        let forward = if mover == 0 { rise > 0 } else { rise < 0 };
        if !forward {
            return err(if mover == 0 {
                "not forward (A moves up a rank, left along a rank or up-left: rank - file \
                 rises)"
                    .into()
            } else {
                "not forward (B moves down a rank, right along a rank or down-right: rank - \
                 file falls)"
                    .into()
            });
        }
        if reach == 2 {
            let (mx, my) = ((fx as i32 + dx / 2) as usize, (fy as i32 + dy / 2) as usize);
            debug_assert!(is_hole_at(mx, my), "between two holes on a line is a hole");
            let mid = mx + STRIDE * my;
            match self.side_at(mid) {
                None => return err(format!("jumps over the empty hole {}", cell_name(mid))),
                Some(s) if s == mover => {
                    return err(format!(
                        "jumps over an own man on {} (only an enemy man can be jumped)",
                        cell_name(mid)
                    ))
                }
                Some(_) => {}
            }
        }
        generated(self, text, from, to)
    }
}
