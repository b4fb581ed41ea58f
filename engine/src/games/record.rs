//! What the two-side games of the family share around the turn kernel
//! ([`crate::turns::Turns`]): the census of a position built from its parts, and the items
//! of their [`Game`](crate::game::Game) implementations written once as macros.
//!
//! A game's position keeps its pieces and a `record: Record` (two sides' [`Turns`]); its
//! `make` changes the pieces, calls [`Turns::play`] with the key change, then
//! [`Turns::settle_won`] with whether the mover won; its `unmake` calls
//! [`Turns::take_back`] and restores the pieces of the move returned.

use crate::error::Error;
use crate::game::side_letter;
use crate::turns::Turns;

/// The turns of a two-side game.
pub type Record = Turns<2>;

/// What a two-side position's pieces must be, for the checks of a position built from its
/// parts ([`Census::check`]); the words name them in the errors.
#[derive(Clone, Copy, Debug)]
pub struct Census {
    /// The game, as the errors name it (`Caeser`).
    pub game: &'static str,
    /// One piece (`man`), and more than one (`men`).
    pub piece: &'static str,
    /// More than one piece.
    pub pieces: &'static str,
    /// One cell of the board (`hole`).
    pub cell: &'static str,
    /// The board's cells (`the 37 holes of the hexagon`).
    pub board: &'static str,
    /// Pieces each side has.
    pub each: u32,
}

impl Census {
    /// An error unless each side has [`Census::each`] pieces (`counts`), none off the board
    /// (`off_board`, a side's), and no cell holds two (`overlap`).
    pub fn check(
        &self,
        counts: [u32; 2],
        off_board: [bool; 2],
        overlap: bool,
    ) -> Result<(), Error> {
        let bad = |t: String| Err(Error::Position(t));
        for side in 0..2 {
            if off_board[side] {
                return bad(format!(
                    "side {} has a {} off {}",
                    side_letter(side),
                    self.piece,
                    self.board
                ));
            }
            if counts[side] != self.each {
                return bad(format!(
                    "side {} has {} {}, {} gives each side {}",
                    side_letter(side),
                    counts[side],
                    self.pieces,
                    self.game,
                    self.each
                ));
            }
        }
        if overlap {
            return bad(format!("two {} on one {}", self.pieces, self.cell));
        }
        Ok(())
    }
}

/// The items of a [`GameRules`](crate::game::GameRules) implementation, for a two-side game
/// without options (`Setup = ()`), that only hand over to the position type `$P`'s inherent
/// methods of the same names (`start`, `from_text_fields`, `to_text`, `diagram`,
/// `parse_move`, [`turn_accessors!`](crate::turns::turn_accessors)'s, `make`, `unmake`,
/// `side_at`, `generate`, `count_moves`) and to the calling module's `board::CELLS`.
macro_rules! two_side_game_items {
    ($P:ty) => {
        fn start(_setup: &()) -> Self {
            <$P>::start()
        }

        fn from_text_fields(_setup: &(), fields: &str) -> Result<Self, $crate::error::Error> {
            <$P>::from_text_fields(fields)
        }

        fn setup(&self) -> &() {
            &()
        }

        fn to_text(&self) -> String {
            <$P>::to_text(self)
        }

        fn diagram(&self) -> String {
            <$P>::diagram(self)
        }

        fn parse_move(&self, text: &str) -> Result<$crate::moves::Move, $crate::error::Error> {
            <$P>::parse_move(self, text)
        }

        fn sides(&self) -> usize {
            2
        }

        #[inline(always)]
        fn to_move(&self) -> usize {
            <$P>::to_move(self)
        }

        #[inline(always)]
        fn status(&self) -> $crate::game::Status {
            <$P>::status(self)
        }

        #[inline(always)]
        fn key(&self) -> u64 {
            <$P>::key(self)
        }

        #[inline(always)]
        fn move_count(&self, side: usize) -> u64 {
            <$P>::move_count(self, side)
        }

        fn history(&self) -> impl Iterator<Item = $crate::moves::Move> + '_ {
            <$P>::history(self)
        }

        #[inline(always)]
        fn make(&mut self, mv: $crate::moves::Move) {
            <$P>::make(self, mv)
        }

        #[inline(always)]
        fn unmake(&mut self) {
            <$P>::unmake(self)
        }

        #[inline(always)]
        fn side_at(&self, cell: usize) -> Option<usize> {
            <$P>::side_at(self, cell)
        }

        fn cells(&self) -> usize {
            board::CELLS
        }

        #[inline(always)]
        fn for_each_move(&self, emit: impl FnMut($crate::moves::Move)) {
            if !self.status().is_over() {
                self.generate(emit);
            }
        }

        #[inline]
        fn count_legal_moves(&self) -> u64 {
            if self.status().is_over() {
                0
            } else {
                u64::from(self.count_moves().max(1))
            }
        }
    };
}

/// The items of an [`Evaluation`](crate::game::Evaluation) implementation that hand over to
/// the evaluator's `evaluate` and `side_score`.
macro_rules! two_side_scores {
    () => {
        #[inline]
        fn evaluate(&self, eval: &Self::Eval, team: $crate::game::Team) -> i32 {
            eval.evaluate(self, team)
        }

        fn side_score(&self, eval: &Self::Eval, side: usize) -> i32 {
            eval.side_score(self, side)
        }
    };
}

/// The items of a [`GameRules`](crate::game::GameRules) implementation that hand over to
/// the calling module's `INFO`, `board::parse_cell`, `board::cell_name` and
/// `text::move_text`.
macro_rules! two_side_game_board_items {
    () => {
        fn info(&self) -> &'static $crate::games::catalog::GameInfo {
            &INFO
        }

        fn parse_cell(&self, name: &str) -> Result<usize, $crate::error::Error> {
            board::parse_cell(name)
        }

        fn cell_name(&self, cell: usize) -> String {
            board::cell_name(cell)
        }

        fn move_text(&self, mv: $crate::moves::Move) -> String {
            text::move_text(mv)
        }
    };
}

/// The items of an [`Evaluation`](crate::game::Evaluation) implementation that build the
/// evaluation `$Eval::new(tempo)` (of the weights set, only the tempo read), take a move's
/// gain from its `gain`, and its scores from [`two_side_scores!`].
macro_rules! two_side_eval_items {
    ($Eval:ty) => {
        $crate::games::record::two_side_scores!();

        /// Only the tempo weight is read; the rest is the game's own (see its `eval`).
        fn evaluator(&self, weights: &$crate::weights::Weights) -> $Eval {
            <$Eval>::new(weights.relative_tempo())
        }

        /// The move's progress by the game's measure (its evaluation's `gain`).
        #[inline(always)]
        fn move_gain(&self, eval: &$Eval, mover: usize, mv: $crate::moves::Move) -> i32 {
            eval.gain(mover, mv)
        }
    };
}

pub(crate) use {
    two_side_eval_items, two_side_game_board_items, two_side_game_items, two_side_scores,
};
