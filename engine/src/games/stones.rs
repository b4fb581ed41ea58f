//! The two-side stone races on a square `u128` board, the knight games (Renpaarden, Carrera
//! de Caballos): their position is the shared [`TwoSidePosition`] (stones, turns, key,
//! status, make/unmake); this module adds what they share beyond it, the position text, the
//! diagram, the checks every move text shares, and the one [`Game`](crate::game::Game)
//! implementation over them.
//!
//! A game supplies a [`StoneRules`] on top of its [`TwoSideRules`]: its name, its square,
//! the rest of its move parsing and its evaluation. The rules common to these games
//! (`RULES-relatives.md`, common conventions and fine points): the mover wins when its
//! stones stand on the opponent's start cells (each game's `has_won`); two passes in a row
//! draw; the third occurrence of the arrangement with the same side to move draws (both
//! from the turn kernel, [`crate::turns`]).

use super::record::Census;
use super::text::{cell_name, parse_cell, PositionText};
use super::two_side::{TwoSidePosition, TwoSideRules};
use crate::error::Error;
use crate::game::{side_letter, status_text, Evaluation, GameRules, SearchHints, Team};
use crate::games::catalog::GameInfo;
use crate::keys::StoneKeys;
use crate::moves::Move;
use crate::search::score::team_score;
use crate::weights::Weights;

/// Bit positions of a `u128` board.
const BITS: usize = 128;

/// The key table of a stone race: one key per (side, bit of the `u128` board) and per side
/// to move.
pub type Keys = StoneKeys<BITS>;

/// One game of stone races: its board, start, move generator, move texts and evaluation, on
/// top of the [`TwoSideRules`] of its position (board, start, keys, generator, goal).
pub trait StoneRules: TwoSideRules<Set = u128, Keys = Keys> {
    /// The game's entry in the registry (its name: `--rules`, the position text's first
    /// field).
    const INFO: GameInfo;
    /// Files (and ranks) of the enclosing square; cell `x + WIDTH·y`.
    const WIDTH: usize;
    /// The board as messages name it (`9x9`).
    const BOARD_NAME: &'static str;
    /// Why a cell of the square is not on the board (for boards with missing cells).
    const MISSING: &'static str;
    /// The move forms for a message, like `from-to like b1-c3, or pass`.
    const MOVE_FORMS: &'static str;
    /// The evaluation's tables.
    type Eval: StoneEval<Self>;

    /// The destinations of the side to move's stone on `from` (the game is ongoing).
    fn targets(pos: &StonePosition<Self>, from: usize) -> u128;
    /// The move `text` names, checked legal, after the checks
    /// [`StonePosition::read_cells`] makes; the error says why it is illegal.
    fn read_move(pos: &StonePosition<Self>, text: &str) -> Result<Move, Error>;
    /// A move's text with its whole path, where moves have paths.
    fn path_text(pos: &StonePosition<Self>, mv: Move) -> String {
        pos.move_text(mv)
    }
}

/// The census of a stone race whose sides start with `each` stones: the words its errors
/// use ([`check_stones`] is its check).
pub const fn census(game: &'static str, each: u32) -> Census {
    Census {
        game,
        piece: "stone",
        pieces: "stones",
        cell: "cell",
        board: "the board",
        each,
    }
}

/// The check of a stone race's position from its parts ([`TwoSideRules::check_pieces`]):
/// no cell holds two stones, every stone on a cell of the board (the error names the first
/// one off it, and why it is missing), and the census's stones a side.
pub fn check_stones<R: StoneRules>(stones: [u128; 2]) -> Result<(), Error> {
    let bad = |t: String| Err(Error::Position(t));
    let c = R::CENSUS;
    if stones[0] & stones[1] != 0 {
        return bad(format!("two {} on one {}", c.pieces, c.cell));
    }
    for (side, &set) in stones.iter().enumerate() {
        let off = set & !R::BOARD;
        if off != 0 {
            return bad(format!(
                "side {} has a {} on {}, which is not a {} of the board ({})",
                side_letter(side),
                c.piece,
                cell_name(off.trailing_zeros() as usize, R::WIDTH),
                c.cell,
                R::MISSING
            ));
        }
        if set.count_ones() != c.each {
            return bad(format!(
                "side {} has {} {}, the rules give each side {}",
                side_letter(side),
                set.count_ones(),
                c.pieces,
                c.each
            ));
        }
    }
    Ok(())
}

/// The evaluation of a stone race `R`, in centimoves: each side's own standing, the
/// tempo, and a knight-distance table for the gain of a move.
pub trait StoneEval<R: StoneRules>: Send + Sync + Sized {
    /// The tables, with `tempo` centimoves for the side to move.
    fn new(tempo: i32) -> Self;
    /// The bonus of having the move.
    fn tempo(&self) -> i32;
    /// `side`'s own standing; higher is better for it.
    fn side_score(&self, pos: &StonePosition<R>, side: usize) -> i32;
    /// Knight leaps from `cell` to `side`'s nearest goal cell.
    fn distance(&self, side: usize, cell: usize) -> i32;

    /// The leaps of distance to the nearest goal cell `mv` saves `mover`, 100 centimoves
    /// each (0 for the pass): the gain the move ordering and the playout policy use.
    #[inline(always)]
    fn gain(&self, mover: usize, mv: Move) -> i32 {
        if mv.is_pass() {
            0
        } else {
            100 * (self.distance(mover, mv.from()) - self.distance(mover, mv.to()))
        }
    }
}

/// A position of the stone race `R`: the shared two-side position, side 0 is A, side 1 is B.
pub type StonePosition<R> = TwoSidePosition<R>;

impl<R: StoneRules> TwoSidePosition<R> {
    /// The stones of `side`.
    #[inline(always)]
    pub fn stones(&self, side: usize) -> u128 {
        self.pieces(side)
    }

    /// The cells of the board with no stone.
    #[inline(always)]
    pub fn empty(&self) -> u128 {
        R::BOARD & !self.occupied()
    }

    /// The position of a whole position text (its first field must be the rule set).
    pub fn from_text(text: &str) -> Result<Self, Error> {
        let text = text.trim();
        let (name, rest) = text
            .split_once(char::is_whitespace)
            .ok_or_else(|| Error::Position(format!("'{text}' has no placement after the rules")))?;
        if name != R::INFO.name {
            return Err(Error::Position(format!(
                "'{name}' is not the rule set of this game ({})",
                R::INFO.name
            )));
        }
        Self::from_text_fields(rest)
    }

    /// The position of the fields after the rule set: placement (every cell of the
    /// enclosing square, missing ones empty), side to move, move counts, optional passes in
    /// a row; each checked, the error names what is wrong.
    pub fn from_text_fields(fields: &str) -> Result<Self, Error> {
        let t = PositionText::parse(fields, R::WIDTH, R::BOARD_NAME)?;
        Self::from_parts(t.stones, t.to_move, t.counts, t.passes)
    }

    /// The position text; reading it back gives this position, less its history.
    pub fn to_text(&self) -> String {
        PositionText {
            stones: [self.pieces(0), self.pieces(1)],
            to_move: self.to_move(),
            counts: [self.move_count(0), self.move_count(1)],
            passes: self.passes_in_row(),
        }
        .write(R::INFO.name, R::WIDTH)
    }

    /// The board as RULES-relatives.md draws it: the top rank first, rank numbers on the
    /// left, files below, `A` and `b` for the sides' stones, `.` for an empty cell and a
    /// blank for a missing one (no blanks at the ends of lines).
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for y in (0..R::WIDTH).rev() {
            let mut line = format!("{:>2}", y + 1);
            for x in 0..R::WIDTH {
                let cell = x + R::WIDTH * y;
                line.push(' ');
                line.push(match self.side_at(cell) {
                    Some(0) => 'A',
                    Some(_) => 'b',
                    None if R::BOARD >> cell & 1 != 0 => '.',
                    None => ' ',
                });
            }
            out += line.trim_end();
            out.push('\n');
        }
        out += "  ";
        for x in 0..R::WIDTH {
            out.push(' ');
            out.push((b'a' + x as u8) as char);
        }
        out.push('\n');
        out
    }

    /// The cell called `name`: a cell of the square that is on the board.
    pub fn board_cell(name: &str) -> Result<usize, Error> {
        let cell = parse_cell(name, R::WIDTH)?;
        if R::BOARD >> cell & 1 == 0 {
            return Err(Error::Cell(format!(
                "'{name}' is not a cell of the board ({})",
                R::MISSING
            )));
        }
        Ok(cell)
    }

    /// A move's text: `from-to`, or `pass`.
    pub fn move_text(&self, mv: Move) -> String {
        if mv.is_pass() {
            "pass".into()
        } else {
            format!(
                "{}-{}",
                cell_name(mv.from(), R::WIDTH),
                cell_name(mv.to(), R::WIDTH)
            )
        }
    }

    /// The move `text` names, checked legal; the error says why it is not
    /// ([`StoneRules::read_move`], after [`TwoSidePosition::read_cells`]).
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        R::read_move(self, text)
    }

    /// The checks every move text of these games shares: the game goes on; `pass` only
    /// without another move (then `None`); otherwise cells of the board joined by `-`, at
    /// least two, the first holding a stone of the side to move (then those cells). The
    /// error says what is wrong.
    pub fn read_cells(&self, text: &str) -> Result<Option<Vec<usize>>, Error> {
        let text = text.trim();
        let bad = |why: String| Err(Error::Move(format!("{text}: {why}")));
        if self.status().is_over() {
            return bad(format!("the game is over ({})", status_text(self.status())));
        }
        if text == "pass" {
            return if self.count_moves() == 0 {
                Ok(None)
            } else {
                bad("a pass is only legal when no other move exists".into())
            };
        }
        let cells = text
            .split('-')
            .map(Self::board_cell)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| Error::Move(format!("{text}: {}", e.message())))?;
        if cells.len() < 2 {
            return bad(format!("not a move (expected {})", R::MOVE_FORMS));
        }
        let (from, me) = (cells[0], self.to_move());
        match self.side_at(from) {
            Some(s) if s == me => Ok(Some(cells)),
            Some(s) => bad(format!(
                "{} holds a stone of {}, but {} is to move",
                cell_name(from, R::WIDTH),
                side_letter(s),
                side_letter(me)
            )),
            None => bad(format!("no stone on {}", cell_name(from, R::WIDTH))),
        }
    }
}

impl<R: StoneRules> GameRules for TwoSidePosition<R> {
    type Setup = ();

    crate::games::record::two_side_game_items!(TwoSidePosition<R>, R::CELLS);

    fn info(&self) -> &'static GameInfo {
        &R::INFO
    }

    fn parse_cell(&self, name: &str) -> Result<usize, Error> {
        Self::board_cell(name)
    }

    fn cell_name(&self, cell: usize) -> String {
        cell_name(cell, R::WIDTH)
    }

    fn move_text(&self, mv: Move) -> String {
        TwoSidePosition::move_text(self, mv)
    }

    fn path_text(&self, mv: Move) -> String {
        R::path_text(self, mv)
    }

    /// Checks the one stone's destinations, not the whole move list.
    fn is_legal(&self, mv: Move) -> bool {
        if self.status().is_over() {
            false
        } else if mv.is_pass() {
            self.count_moves() == 0
        } else {
            mv.from() < R::CELLS
                && mv.to() < R::CELLS
                && self.stones(self.to_move()) >> mv.from() & 1 != 0
                && R::targets(self, mv.from()) >> mv.to() & 1 != 0
        }
    }
}

impl<R: StoneRules> Evaluation for TwoSidePosition<R> {
    type Eval = R::Eval;

    /// Only the tempo weight is read; the rest is the game's own.
    fn evaluator(&self, weights: &Weights) -> R::Eval {
        R::Eval::new(weights.relative_tempo())
    }

    /// The side to move's standing minus the other's, plus the tempo.
    #[inline]
    fn evaluate(&self, eval: &R::Eval, team: Team) -> i32 {
        team_score(self.to_move(), team, eval.tempo(), |side| {
            eval.side_score(self, side)
        })
    }

    fn side_score(&self, eval: &R::Eval, side: usize) -> i32 {
        eval.side_score(self, side)
    }

    #[inline(always)]
    fn move_gain(&self, eval: &R::Eval, mover: usize, mv: Move) -> i32 {
        eval.gain(mover, mv)
    }
}

impl<R: StoneRules> SearchHints for TwoSidePosition<R> {}
