//! Embargo (Daniel Solis, 2006), two players: RULES-relatives.md, section 1, with its Fine
//! points. Six stones a side slide like rooks on a 9×9 board from their yard (a corner
//! triangle) to the opponent's; the empty cells between two stones of one colour in a row
//! or column are *walls*, which normal slides may not enter, while a *shortening* slide,
//! towards an own stone, may stop anywhere on its way and tunnel through crossing walls. No
//! stone stops in its own yard; a side with a stone in its yard after its 25th move loses.
//! The four-player option of the rules is not implemented.
//!
//! Modules: [`board`] (the board as one `u128`, rays, occluded fills, cell names), [`walls`]
//! (walls by fills), [`movegen`] (slides), [`keys`] (Zobrist keys), [`position`] (make,
//! unmake, status), [`text`] (position text, moves, diagram), [`eval`] (evaluation).

pub mod board;
pub mod eval;
pub mod keys;
pub mod movegen;
pub mod position;
pub mod text;
pub mod walls;

pub use eval::EmbargoEval;
pub use position::{EmbargoPosition, DEADLINE, STONES};
pub use text::RULES_NAME;

use crate::error::Error;
use crate::game::{Evaluation, GameRules, SearchHints, Status, Team};
use crate::games::catalog::{relative_info, GameInfo};
use crate::moves::Move;
use crate::picture::{Lattice, Mark, Picture};
use crate::weights::Weights;

/// Embargo's entry in the registry of games.
pub const INFO: GameInfo = relative_info!(
    "embargo",
    "9x9, six stones a side, rook slides that may not cross walls"
);

impl GameRules for EmbargoPosition {
    type Setup = ();

    /// The 9×9 squares with each side's yard (its start cells, the opponent's goal) and
    /// walls tinted.
    fn picture(&self) -> Picture {
        let stones = self.all_stones();
        let empty = board::BOARD & !(stones[0] | stones[1]);
        let walls = [0, 1].map(|s| walls::side_walls(stones[s], empty));
        let specs = crate::game::camp_specs(self).map(|mut spec| {
            if let Some(side) =
                (0..2).find(|&s| spec.cell.is_some_and(|c| walls[s] & (1 << c) != 0))
            {
                spec.mark = Mark::Wall(side);
            }
            spec
        });
        Picture::new(Lattice::Square, 2, specs)
    }

    fn start(_: &()) -> Self {
        EmbargoPosition::start()
    }

    fn from_text_fields(_: &(), fields: &str) -> Result<Self, Error> {
        EmbargoPosition::from_text_fields(fields)
    }

    fn setup(&self) -> &() {
        &()
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn to_text(&self) -> String {
        EmbargoPosition::to_text(self)
    }

    fn diagram(&self) -> String {
        EmbargoPosition::diagram(self)
    }

    fn parse_cell(&self, name: &str) -> Result<usize, Error> {
        board::parse_cell(name)
    }

    fn cell_name(&self, cell: usize) -> String {
        board::cell_name(cell)
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        EmbargoPosition::parse_move(self, text)
    }

    fn move_text(&self, mv: Move) -> String {
        text::move_text(mv)
    }

    fn sides(&self) -> usize {
        2
    }

    #[inline(always)]
    fn to_move(&self) -> usize {
        EmbargoPosition::to_move(self)
    }

    #[inline(always)]
    fn status(&self) -> Status {
        EmbargoPosition::status(self)
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        EmbargoPosition::key(self)
    }

    /// The key plus the move counts of the sides that still have a stone in their yard
    /// (the deadline) and the passes in a row.
    #[inline(always)]
    fn search_key(&self) -> u64 {
        EmbargoPosition::search_key(self)
    }

    #[inline(always)]
    fn move_count(&self, side: usize) -> u64 {
        EmbargoPosition::move_count(self, side)
    }

    fn history(&self) -> impl Iterator<Item = Move> + '_ {
        EmbargoPosition::history(self)
    }

    #[inline(always)]
    fn make(&mut self, mv: Move) {
        EmbargoPosition::make(self, mv)
    }

    #[inline(always)]
    fn unmake(&mut self) {
        EmbargoPosition::unmake(self)
    }

    fn cells(&self) -> usize {
        board::CELLS
    }

    #[inline(always)]
    fn side_at(&self, cell: usize) -> Option<usize> {
        EmbargoPosition::side_at(self, cell)
    }

    #[inline(always)]
    fn for_each_move(&self, emit: impl FnMut(Move)) {
        EmbargoPosition::for_each_move(self, emit)
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        EmbargoPosition::count_legal_moves(self)
    }

    fn is_legal(&self, mv: Move) -> bool {
        EmbargoPosition::is_legal(self, mv)
    }
}

impl Evaluation for EmbargoPosition {
    type Eval = EmbargoEval;

    fn evaluator(&self, weights: &Weights) -> EmbargoEval {
        EmbargoEval::new(weights)
    }

    #[inline]
    fn evaluate(&self, eval: &EmbargoEval, team: Team) -> i32 {
        eval.evaluate(self, team)
    }

    fn side_score(&self, eval: &EmbargoEval, side: usize) -> i32 {
        eval.side_score(self, side)
    }

    /// The drop of the evaluation's distance table.
    #[inline(always)]
    fn move_gain(&self, eval: &EmbargoEval, mover: usize, mv: Move) -> i32 {
        eval.move_gain(mover, mv)
    }
}

impl SearchHints for EmbargoPosition {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::perft;

    #[test]
    fn start_counts() {
        let mut pos = EmbargoPosition::start();
        assert_eq!(perft(&mut pos, 1), 42);
        assert_eq!(perft(&mut pos, 2), 1710);
    }

    #[test]
    fn start_text_and_diagram() {
        let pos = EmbargoPosition::start();
        assert_eq!(pos.to_text(), "embargo 6BBB/7BB/8B/9/9/9/A8/AA7/AAA6 A 0,0");
        assert!(pos.diagram().starts_with(" 9 . . . . . . b b b\n"));
        assert!(pos
            .diagram()
            .ends_with(" 1 A A A . . . . . .\n   a b c d e f g h i\n"));
    }
}
