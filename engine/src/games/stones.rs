//! The position of a two-side stone race on a square `u128` board, shared by the knight
//! games (Renpaarden, Carrera de Caballos): both sides' stones, the side to move, move
//! counts, passes in a row, the Zobrist key, the undo stack (with the keys for the
//! repetition draw), the status, the position text, the diagram and the checks every move
//! text shares; and the one [`Game`](crate::game::Game) implementation over them.
//!
//! A game supplies a [`StoneRules`]: its name, board, start cells, key table, move
//! generator, the rest of its move parsing and its evaluation. The rules common to these
//! games (`RULES-relatives.md`, common conventions and fine points) live here: the mover
//! wins when its stones stand on the opponent's start cells; two passes in a row draw; the
//! third occurrence of the arrangement with the same side to move draws.

use super::text::{cell_name, parse_cell, PositionText};
use crate::error::Error;
use crate::game::{side_letter, status_text, Evaluation, GameRules, SearchHints, Status, Team};
use crate::games::catalog::GameInfo;
use crate::keys::StoneKeys;
use crate::moves::Move;
use crate::search::score::team_score;
use crate::turns::Turns;
use crate::weights::Weights;
use std::fmt;
use std::marker::PhantomData;

/// Bit positions of a `u128` board.
const BITS: usize = 128;

/// The key table of a stone race: one key per (side, bit of the `u128` board) and per side
/// to move.
pub type Keys = StoneKeys<BITS>;

/// One game of stone races: its board, start, move generator, move texts and evaluation.
pub trait StoneRules: Copy + fmt::Debug + Send + Sync + 'static {
    /// The game's entry in the registry (its name: `--rules`, the position text's first
    /// field).
    const INFO: GameInfo;
    /// Files (and ranks) of the enclosing square; cell `x + WIDTH·y`.
    const WIDTH: usize;
    /// The cells of the board (a subset of the square).
    const BOARD: u128;
    /// Each side's start cells (the other side's goal).
    const START: [u128; 2];
    /// The board as messages name it (`9x9`).
    const BOARD_NAME: &'static str;
    /// Why a cell of the square is not on the board (for boards with missing cells).
    const MISSING: &'static str;
    /// The move forms for a message, like `from-to like b1-c3, or pass`.
    const MOVE_FORMS: &'static str;
    /// The evaluation's tables.
    type Eval: StoneEval<Self>;

    /// The game's Zobrist keys.
    fn keys() -> &'static Keys;
    /// Calls `emit` with every move of the side to move, the pass excluded (the game is
    /// ongoing).
    fn for_each_move(pos: &StonePosition<Self>, emit: impl FnMut(Move));
    /// The number of moves of the side to move, the pass excluded (the game is ongoing).
    fn count_moves(pos: &StonePosition<Self>) -> u64;
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

/// A position of the stone race `R`: side 0 is A, side 1 is B.
#[derive(Clone, Debug)]
pub struct StonePosition<R: StoneRules> {
    stones: [u128; 2],
    turns: Turns<2>,
    rules: PhantomData<R>,
}

impl<R: StoneRules> StonePosition<R> {
    /// The start position: each side on its start cells, A to move.
    pub fn start_position() -> Self {
        Self::from_parts(R::START, 0, [0; 2], 0).expect("the start is valid")
    }

    /// A position from its parts, checked: as many stones a side as at the start, on
    /// distinct cells of the board, at most two passes
    /// in a row (two: the game ended by both sides passing). Its status is that after
    /// the previous side's move into it.
    pub fn from_parts(
        stones: [u128; 2],
        to_move: usize,
        move_counts: [u64; 2],
        passes: u8,
    ) -> Result<Self, Error> {
        let bad = |t: String| Err(Error::Position(t));
        if stones[0] & stones[1] != 0 {
            return bad("two stones on one cell".into());
        }
        for (side, &set) in stones.iter().enumerate() {
            let off = set & !R::BOARD;
            if off != 0 {
                return bad(format!(
                    "side {} has a stone on {}, which is not a cell of the board ({})",
                    side_letter(side),
                    cell_name(off.trailing_zeros() as usize, R::WIDTH),
                    R::MISSING
                ));
            }
            let want = R::START[side].count_ones();
            if set.count_ones() != want {
                return bad(format!(
                    "side {} has {} stones, the rules give each side {want}",
                    side_letter(side),
                    set.count_ones()
                ));
            }
        }
        let key = Self::key_of(stones, to_move.min(1));
        let mut pos = StonePosition {
            stones,
            turns: Turns::new(2, to_move, move_counts, passes, key)?,
            rules: PhantomData,
        };
        pos.turns.settle_won(pos.has_won(1 - to_move));
        Ok(pos)
    }

    /// The stones of `side`.
    #[inline(always)]
    pub fn stones(&self, side: usize) -> u128 {
        self.stones[side]
    }

    /// The cells of the board with no stone.
    #[inline(always)]
    pub fn empty(&self) -> u128 {
        R::BOARD & !(self.stones[0] | self.stones[1])
    }

    crate::turns::turn_accessors!(turns);

    /// The side whose stone stands on `cell`.
    #[inline(always)]
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        (0..2).find(|&s| cell < BITS && self.stones[s] >> cell & 1 != 0)
    }

    /// The Zobrist key computed from scratch (the incremental one always equals it).
    pub fn compute_key(&self) -> u64 {
        Self::key_of(self.stones, self.to_move())
    }

    /// The key of `stones` (by side) with `to_move` to move, from scratch.
    fn key_of(stones: [u128; 2], to_move: usize) -> u64 {
        R::keys().arrangement(stones.map(super::knight::cells_of), to_move)
    }

    /// The perft count at `depth` ([`crate::perft::perft`]).
    pub fn perft(&mut self, depth: u32) -> u64 {
        crate::perft::perft(self, depth)
    }

    /// Plays `mv`: a legal move of the side to move, or the pass.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let side = self.to_move();
        let keys = R::keys();
        let mut change = keys.turn(0) ^ keys.turn(1);
        if !mv.is_pass() {
            self.stones[side] ^= 1 << mv.from() | 1 << mv.to();
            change ^= keys.piece(side, mv.from()) ^ keys.piece(side, mv.to());
        }
        self.turns.play(mv, change);
        self.turns.settle_won(self.has_won(side));
    }

    /// Takes back the last move played; nothing if no move was made.
    #[inline]
    pub fn unmake(&mut self) {
        if let Some(mv) = self.turns.take_back() {
            if !mv.is_pass() {
                self.stones[self.to_move()] ^= 1 << mv.from() | 1 << mv.to();
            }
        }
    }

    /// Whether all of `side`'s stones stand on the opponent's start cells (its win; these
    /// games have no deadline, and the draws by passes and repetition follow in the
    /// conventions' order, [`Turns::settle`]).
    #[inline(always)]
    fn has_won(&self, side: usize) -> bool {
        self.stones[side] == R::START[1 - side]
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
        Self::parse_fields(rest)
    }

    /// The position of the fields after the rule set: placement (every cell of the
    /// enclosing square, missing ones empty), side to move, move counts, optional passes in
    /// a row; each checked, the error names what is wrong.
    pub fn parse_fields(fields: &str) -> Result<Self, Error> {
        let t = PositionText::parse(fields, R::WIDTH, R::BOARD_NAME)?;
        Self::from_parts(t.stones, t.to_move, t.counts, t.passes)
    }

    /// The position text; reading it back gives this position, less its history.
    pub fn text(&self) -> String {
        PositionText {
            stones: self.stones,
            to_move: self.to_move(),
            counts: self.turns.move_counts(),
            passes: self.turns.passes(),
        }
        .write(R::INFO.name, R::WIDTH)
    }

    /// The board as RULES-relatives.md draws it: the top rank first, rank numbers on the
    /// left, files below, `A` and `b` for the sides' stones, `.` for an empty cell and a
    /// blank for a missing one (no blanks at the ends of lines).
    pub fn board_diagram(&self) -> String {
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
            return if R::count_moves(self) == 0 {
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

impl<R: StoneRules> GameRules for StonePosition<R> {
    type Setup = ();

    fn start(_: &()) -> Self {
        Self::start_position()
    }

    fn from_text_fields(_: &(), fields: &str) -> Result<Self, Error> {
        Self::parse_fields(fields)
    }

    fn setup(&self) -> &() {
        &()
    }

    fn info(&self) -> &'static GameInfo {
        &R::INFO
    }

    fn to_text(&self) -> String {
        self.text()
    }

    fn diagram(&self) -> String {
        self.board_diagram()
    }

    fn parse_cell(&self, name: &str) -> Result<usize, Error> {
        Self::board_cell(name)
    }

    fn cell_name(&self, cell: usize) -> String {
        cell_name(cell, R::WIDTH)
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        R::read_move(self, text)
    }

    fn move_text(&self, mv: Move) -> String {
        StonePosition::move_text(self, mv)
    }

    fn path_text(&self, mv: Move) -> String {
        R::path_text(self, mv)
    }

    fn sides(&self) -> usize {
        2
    }

    #[inline(always)]
    fn to_move(&self) -> usize {
        self.to_move()
    }

    #[inline(always)]
    fn status(&self) -> Status {
        self.status()
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        self.key()
    }

    #[inline(always)]
    fn move_count(&self, side: usize) -> u64 {
        self.move_count(side)
    }

    fn history(&self) -> impl Iterator<Item = Move> + '_ {
        StonePosition::history(self)
    }

    #[inline(always)]
    fn make(&mut self, mv: Move) {
        StonePosition::make(self, mv)
    }

    #[inline(always)]
    fn unmake(&mut self) {
        StonePosition::unmake(self)
    }

    fn cells(&self) -> usize {
        R::WIDTH * R::WIDTH
    }

    #[inline(always)]
    fn side_at(&self, cell: usize) -> Option<usize> {
        StonePosition::side_at(self, cell)
    }

    #[inline(always)]
    fn for_each_move(&self, emit: impl FnMut(Move)) {
        if !self.status().is_over() {
            R::for_each_move(self, emit);
        }
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        if self.status().is_over() {
            0
        } else {
            R::count_moves(self).max(1)
        }
    }

    /// Checks the one stone's destinations, not the whole move list.
    fn is_legal(&self, mv: Move) -> bool {
        if self.status().is_over() {
            false
        } else if mv.is_pass() {
            R::count_moves(self) == 0
        } else {
            let cells = R::WIDTH * R::WIDTH;
            mv.from() < cells
                && mv.to() < cells
                && self.stones[self.to_move()] >> mv.from() & 1 != 0
                && R::targets(self, mv.from()) >> mv.to() & 1 != 0
        }
    }
}

impl<R: StoneRules> Evaluation for StonePosition<R> {
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

impl<R: StoneRules> SearchHints for StonePosition<R> {}
