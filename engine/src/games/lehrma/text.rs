//! Text forms: squares (`a1`..`h8`), moves (`from-to`, a swap too, `pass`), the position
//! text and the diagram.
//!
//! The position text is `<rules> <placement> <side> <countA>,<countB> [passes]` as the other
//! relatives' (`docs/position-format.md`), with the kinds in the placement as in chess FEN:
//! `R B N P` for A's rook, bishop, knight and pawn, `r b n p` for B's, a number for a run of
//! empty squares, rank 8 first. The starts are
//! `lehrma rbpp4/bpp5/pp6/p7/7P/6PP/5PPB/4PPBR A 0,0` and
//! `lehrma-knights 4pnbr/5ppb/6pn/7p/P7/NP6/BPP5/RBNP4 A 0,0`.

use super::board::{cell_name, colour_of, BISHOP, KINDS, KIND_NAMES, KNIGHT, LETTERS, ROOK, WIDTH};
use super::position::{LehrmaPosition, LehrmaRules};
use crate::error::Error;
use crate::game::side_letter;
use crate::games::text::{fields_after, from_to_text, generated, read_move_cells, PositionText};
use crate::moves::Move;

/// A move's text: `from-to` or `pass`.
pub fn move_text(mv: Move) -> String {
    from_to_text(mv, cell_name)
}

/// The side and kind of a placement letter.
fn piece_of_letter(c: char) -> Option<(usize, usize)> {
    let kind = LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())?;
    Some((usize::from(c.is_ascii_lowercase()), kind))
}

/// The letter of a piece: upper case for A, lower case for B.
pub fn letter(side: usize, kind: usize) -> char {
    if side == 0 {
        LETTERS[kind]
    } else {
        LETTERS[kind].to_ascii_lowercase()
    }
}

impl<R: LehrmaRules> LehrmaPosition<R> {
    /// Reads a whole position text, the rule set's name first (see
    /// [`LehrmaPosition::from_text_fields`]).
    pub fn from_text(text: &str) -> Result<Self, Error> {
        Self::from_text_fields(fields_after(text, R::INFO.name)?)
    }

    /// Reads the fields after the rule set's name: placement (ranks from the top, `/`
    /// between them, `RBNP` for A's pieces, `rbnp` for B's, digits for runs of empty
    /// squares), side to move, move counts `a,b`, optional passes in a row (0 or 1).
    ///
    /// The placement's shape and the other fields are checked by the relatives' shared
    /// reader, on the placement with each piece letter replaced by its side's letter.
    pub fn from_text_fields(fields: &str) -> Result<Self, Error> {
        let fields = fields.trim_start();
        let (placement, rest) = fields
            .split_once(char::is_whitespace)
            .unwrap_or((fields, ""));
        let mut sides = String::with_capacity(placement.len());
        for c in placement.chars() {
            match piece_of_letter(c) {
                Some((side, _)) => sides.push(side_letter(side)),
                None if c.is_ascii_digit() || c == '/' => sides.push(c),
                None => {
                    return Err(Error::Position(format!(
                        "'{c}' in the placement is neither a piece letter (R B N P for A, \
                         r b n p for B) nor a count"
                    )))
                }
            }
        }
        let t = PositionText::parse(&format!("{sides} {rest}"), WIDTH, "8x8 Lehrma")?;
        // The shape is checked: every rank has exactly eight squares.
        let mut pieces: [[Vec<usize>; KINDS]; 2] = Default::default();
        for (i, rank) in placement.split('/').enumerate() {
            let y = WIDTH - 1 - i;
            let mut x = 0;
            let mut run = 0;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                x += run;
                run = 0;
                let (side, kind) = piece_of_letter(c).expect("checked above");
                pieces[side][kind].push(x + WIDTH * y);
                x += 1;
            }
        }
        LehrmaPosition::from_parts(pieces, t.to_move, t.counts, t.passes)
    }

    /// The placement field: rank 8 first, FEN letters, digits for empty runs.
    fn placement(&self) -> String {
        let ranks: Vec<String> = (0..WIDTH)
            .rev()
            .map(|y| {
                let mut rank = String::new();
                let mut empty = 0;
                for x in 0..WIDTH {
                    match self.piece_at(x + WIDTH * y) {
                        None => empty += 1,
                        Some((side, kind)) => {
                            if empty > 0 {
                                rank += &empty.to_string();
                                empty = 0;
                            }
                            rank.push(letter(side, kind));
                        }
                    }
                }
                if empty > 0 {
                    rank += &empty.to_string();
                }
                rank
            })
            .collect();
        ranks.join("/")
    }

    /// The position text, `<rules> <placement> <side> <a>,<b> [passes]`; reading it back
    /// gives this position (less its history).
    pub fn to_text(&self) -> String {
        PositionText {
            stones: (),
            to_move: self.to_move(),
            counts: [self.move_count(0), self.move_count(1)],
            passes: self.passes_in_row(),
        }
        .write_with(R::INFO.name, &self.placement())
    }

    /// The board as RULES-relatives.md draws it: rank 8 on top, `R B N P` for A's pieces,
    /// `r b n p` for B's, `.` for an empty square, the files below.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for y in (0..WIDTH).rev() {
            let cells: Vec<String> = (0..WIDTH)
                .map(|x| match self.piece_at(x + WIDTH * y) {
                    Some((side, kind)) => letter(side, kind).to_string(),
                    None => ".".into(),
                })
                .collect();
            out += &format!("{} {}\n", y + 1, cells.join(" "));
        }
        out += "  a b c d e f g h\n";
        out
    }

    /// Parses a legal move: `from-to` (a swap too) or `pass`; the error says why a move is
    /// not legal (no such square, no own piece, an own piece on the target, an enemy piece
    /// outside its camp, a bishop that would change colour, not a move of that kind).
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let Some((from, to)) = read_move_cells(
            self,
            text,
            "Lehrma",
            "piece",
            "one slide, leap, step or hop chain",
        )?
        else {
            return Ok(Move::PASS);
        };
        let err = |why: String| Err(Error::Move(format!("'{}': {why}", text.trim())));
        let mover = self.to_move();
        let (_, kind) = self
            .piece_at(from)
            .expect("read_move_cells found the piece");
        let name = KIND_NAMES[kind];
        let tname = cell_name(to);
        if self.targets(from) >> to & 1 != 0 {
            return generated(self, text, from, to);
        }
        match self.piece_at(to) {
            Some((s, _)) if s == mover => err(format!(
                "lands on an own piece on {tname} (no swaps with own pieces)"
            )),
            Some((s, theirs)) => {
                if R::CAMP[s] >> to & 1 == 0 {
                    err(format!(
                        "the {} of {} on {tname} stands outside its camp: only a piece in its \
                         own camp can be swapped",
                        KIND_NAMES[theirs],
                        side_letter(s)
                    ))
                } else if theirs == BISHOP && colour_of(from) >> to & 1 == 0 {
                    err(format!(
                        "the swap would put the bishop of {} on {tname} on a square of the \
                         other colour",
                        side_letter(s)
                    ))
                } else {
                    err(format!(
                        "the {name} on {} cannot reach {tname} (a swap is the {name}'s own \
                         move, never a hop; a slide swaps only with the first piece on its line)",
                        cell_name(from)
                    ))
                }
            }
            None => {
                let how = match kind {
                    ROOK => "slides along a rank or file over empty squares",
                    BISHOP => "slides diagonally over empty squares",
                    KNIGHT => "leaps as a chess knight",
                    _ => "steps to an orthogonal neighbour",
                };
                err(format!(
                    "the {name} on {} cannot reach {tname}: a {name} {how}, or hops \
                     orthogonally over single pieces to empty squares",
                    cell_name(from)
                ))
            }
        }
    }
}
