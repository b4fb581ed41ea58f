//! Renpaarden (Fred Horn, 1981): knights racing across a 9×9 board
//! (`/work/shared/RULES-relatives.md` §4; `docs/games/renpaarden.md`).
//!
//! Each side has 18 stones, A on ranks 1–2 and B on ranks 8–9. A stone makes knight leaps,
//! never onto an own stone; landing on an empty cell ends the move, landing on an enemy stone
//! obliges another leap. The mover wins with all 18 stones on the opponent's start cells.
//!
//! * [`board`]: the `u128` board, knight shifts, cell names;
//! * [`movegen`]: the leap closure over the enemy stones, on the whole board at once;
//! * [`position`]: [`RenpaardenPosition`], make/unmake, Zobrist keys, status;
//! * [`text`]: position text, diagram, move parsing and paths;
//! * [`eval`]: the knight-distance evaluation.

pub mod board;
pub mod eval;
pub mod movegen;
pub mod position;
pub mod text;

pub use eval::Eval;
pub use position::RenpaardenPosition;

use crate::error::Error;
use crate::eval::Weights;
use crate::game::{Game, Status, Team};
use crate::moves::Move;

/// The rule set's name, in `--rules` and the position text.
pub const NAME: &str = "renpaarden";

impl RenpaardenPosition {
    /// The perft count at `depth` ([`crate::perft::perft`]).
    pub fn perft(&mut self, depth: u32) -> u64 {
        crate::perft::perft(self, depth)
    }
}

impl Game for RenpaardenPosition {
    type Setup = ();
    type Eval = Eval;

    fn start(_: &()) -> Self {
        RenpaardenPosition::start_position()
    }

    fn from_text_fields(_: &(), fields: &str) -> Result<Self, Error> {
        RenpaardenPosition::parse_fields(fields)
    }

    fn setup(&self) -> &() {
        &()
    }

    fn rules_text(&self) -> String {
        NAME.into()
    }

    fn to_text(&self) -> String {
        self.text()
    }

    fn diagram(&self) -> String {
        self.board_diagram()
    }

    fn parse_cell(&self, name: &str) -> Result<usize, Error> {
        board::parse_cell(name)
    }

    fn cell_name(&self, cell: usize) -> String {
        board::cell_name(cell)
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        self.read_move(text)
    }

    fn move_text(&self, mv: Move) -> String {
        text::move_text(mv)
    }

    /// The move with one shortest leap path through the enemy stones, like `b1-c3-d5`.
    fn path_text(&self, mv: Move) -> String {
        self.leap_path_text(mv)
    }

    fn sides(&self) -> usize {
        2
    }

    #[inline(always)]
    fn to_move(&self) -> usize {
        RenpaardenPosition::to_move(self)
    }

    #[inline(always)]
    fn status(&self) -> Status {
        RenpaardenPosition::status(self)
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        RenpaardenPosition::key(self)
    }

    #[inline(always)]
    fn move_count(&self, side: usize) -> u64 {
        RenpaardenPosition::move_count(self, side)
    }

    fn history(&self) -> impl Iterator<Item = Move> + '_ {
        RenpaardenPosition::history(self)
    }

    #[inline(always)]
    fn make(&mut self, mv: Move) {
        RenpaardenPosition::make(self, mv)
    }

    #[inline(always)]
    fn unmake(&mut self) {
        RenpaardenPosition::unmake(self)
    }

    fn cells(&self) -> usize {
        board::CELLS
    }

    #[inline(always)]
    fn side_at(&self, cell: usize) -> Option<usize> {
        RenpaardenPosition::side_at(self, cell)
    }

    #[inline(always)]
    fn for_each_move(&self, mut emit: impl FnMut(Move)) {
        self.generate(|from, targets| {
            for to in board::cells_of(targets) {
                emit(Move::new(from, to));
            }
        });
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        if self.status().is_over() {
            0
        } else {
            self.count_moves().max(1)
        }
    }

    /// Checks the one stone's destinations, not the whole move list.
    fn is_legal(&self, mv: Move) -> bool {
        if self.status().is_over() {
            false
        } else if mv.is_pass() {
            self.count_moves() == 0
        } else {
            mv.from() < board::CELLS
                && mv.to() < board::CELLS
                && self.stones(self.to_move()) >> mv.from() & 1 != 0
                && self.closure().targets(mv.from()) >> mv.to() & 1 != 0
        }
    }

    /// Only the tempo weight is used; the rest is the game's own (see [`eval`]).
    fn evaluator(&self, weights: &Weights) -> Eval {
        Eval::new(weights.tempo)
    }

    #[inline]
    fn evaluate(&self, eval: &Eval, team: Team) -> i32 {
        eval.evaluate(self, team)
    }

    fn side_score(&self, eval: &Eval, side: usize) -> i32 {
        eval.side_score(self, side)
    }

    /// 100 per knight leap of distance to the goal the move saves.
    #[inline(always)]
    fn move_gain(&self, eval: &Eval, mover: usize, mv: Move) -> i32 {
        eval.gain(mover, mv)
    }
}
