//! The bookkeeping of a two-sided game of the family, apart from its pieces: the side to
//! move, the move counts, the passes in a row, the Zobrist key, the status and the undo
//! history whose keys give the third-repetition draw.
//!
//! A game's position keeps its pieces and a [`Record`]; its `make` changes the pieces and
//! calls [`Record::play`] with the key change, then [`Record::settle`] with whether the mover
//! won; its `unmake` calls [`Record::take_back`] and restores the pieces of the move
//! returned. The tests after a move run in the conventions' order (RULES-relatives.md): the
//! mover wins; two passes in a row; third occurrence of the arrangement and side to move.

use crate::error::Error;
use crate::game::{side_letter, Status};
use crate::moves::Move;

/// Why a position text's `passes` in a row cannot be, in a game of `sides` sides: the game
/// ends once every side has passed in a row, so a finished game's text says `sides` and
/// never more.
pub fn too_many_passes(passes: u8, sides: usize) -> String {
    format!(
        "{passes} passes in a row cannot be: the game ends in a draw once all {sides} sides \
         have passed in a row (a finished game's text says {sides})"
    )
}

/// What [`Record::take_back`] restores.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    key: u64,
    status: Status,
    passes: u8,
}

/// Side to move, move counts, passes in a row, key, status and history of a two-sided game.
#[derive(Clone, Debug)]
pub struct Record {
    to_move: usize,
    move_counts: [u64; 2],
    passes: u8,
    key: u64,
    status: Status,
    history: Vec<Undo>,
}

impl Record {
    /// The record of a position built from its parts in `game` (named in errors): `to_move`
    /// must be 0 or 1 and `passes` at most 2 (2: both sides passed, the game ended drawn, as
    /// a finished game's text says); `key` is the position's full key. The status is
    /// [`Status::Ongoing`] until [`Record::settle`] sets it.
    pub fn new(
        game: &str,
        to_move: usize,
        move_counts: [u64; 2],
        passes: u8,
        key: u64,
    ) -> Result<Record, Error> {
        if to_move > 1 {
            return Err(Error::Position(format!(
                "side {} to move, but {game} has two sides",
                side_letter(to_move)
            )));
        }
        if passes > 2 {
            return Err(Error::Position(too_many_passes(passes, 2)));
        }
        Ok(Record {
            to_move,
            move_counts,
            passes,
            key,
            status: Status::Ongoing,
            history: Vec::with_capacity(128),
        })
    }

    /// The side to move (0 = A).
    #[inline(always)]
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Moves `side` has made (passes included).
    #[inline(always)]
    pub fn move_count(&self, side: usize) -> u64 {
        self.move_counts[side]
    }

    /// Passes played in a row just before this position (0 or 1 while the game goes on, 2
    /// once it ended by both sides passing).
    #[inline(always)]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The Zobrist key of the arrangement and the side to move.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The game's state after the last move.
    #[inline(always)]
    pub fn status(&self) -> Status {
        self.status
    }

    /// The moves made since the position was built, oldest first.
    pub fn history(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// Records `mv` (the pieces already moved, or the pass): `key_change` is the pieces'
    /// part of the key change and `turn` the two sides' turn keys XORed; the side to move
    /// flips and the mover's count grows. Call [`Record::settle`] next.
    #[inline(always)]
    pub fn play(&mut self, mv: Move, key_change: u64, turn: u64) {
        self.history.push(Undo {
            mv,
            key: self.key,
            status: self.status,
            passes: self.passes,
        });
        self.passes = if mv.is_pass() { self.passes + 1 } else { 0 };
        self.key ^= key_change ^ turn;
        let side = self.to_move;
        self.move_counts[side] = self.move_counts[side].wrapping_add(1);
        self.to_move = 1 - side;
    }

    /// Sets the status after a move of the side not to move, which `won` says completed its
    /// goal: its win, else the draw by two passes, else the third-repetition draw.
    #[inline(always)]
    pub fn settle(&mut self, won: bool) {
        self.status = if won {
            Status::Won(1 - self.to_move)
        } else if self.passes >= 2 {
            Status::DrawByPasses
        } else if self.occurrences() >= 3 {
            Status::DrawByRepetition
        } else {
            Status::Ongoing
        };
    }

    /// Takes back the last [`Record::play`] and returns its move, whose pieces the caller
    /// moves back (the mover is then the side to move). `None` when nothing was played.
    #[inline(always)]
    pub fn take_back(&mut self) -> Option<Move> {
        let undo = self.history.pop()?;
        let side = 1 - self.to_move;
        self.to_move = side;
        self.move_counts[side] = self.move_counts[side].wrapping_sub(1);
        self.key = undo.key;
        self.status = undo.status;
        self.passes = undo.passes;
        Some(undo.mv)
    }

    /// How often the present arrangement with this side to move occurred in the history,
    /// the present included (only every second entry has the same side to move).
    fn occurrences(&self) -> usize {
        let n = self.history.len();
        1 + (2..=n)
            .step_by(2)
            .filter(|&back| self.history[n - back].key == self.key)
            .count()
    }
}

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

/// The accessors of a position struct with a `record: Record` field, as inherent methods:
/// `to_move`, `move_count`, `passes_in_row`, `key`, `status`, `history`.
macro_rules! record_accessors {
    () => {
        /// The side to move (0 = A).
        #[inline(always)]
        pub fn to_move(&self) -> usize {
            self.record.to_move()
        }

        /// Moves `side` has made (passes included).
        #[inline(always)]
        pub fn move_count(&self, side: usize) -> u64 {
            self.record.move_count(side)
        }

        /// Passes played in a row just before this position (0 or 1; 2 once both sides
        /// passed and the game ended).
        #[inline(always)]
        pub fn passes_in_row(&self) -> u8 {
            self.record.passes()
        }

        /// The Zobrist key of the arrangement and the side to move.
        #[inline(always)]
        pub fn key(&self) -> u64 {
            self.record.key()
        }

        /// The game's state after the last move.
        #[inline(always)]
        pub fn status(&self) -> $crate::game::Status {
            self.record.status()
        }

        /// The moves made on this position object, oldest first.
        pub fn history(&self) -> impl Iterator<Item = $crate::moves::Move> + '_ {
            self.record.history()
        }
    };
}

/// The items of a [`Game`](crate::game::Game) implementation, for a two-side game without
/// options (`Setup = ()`), that only hand over to the position type `$P`'s inherent methods
/// of the same names (`start`, `from_text_fields`, `to_text`, `diagram`, `parse_move`,
/// [`record_accessors!`]'s, `make`, `unmake`, `side_at`, `generate`, `count_moves`), to the
/// calling module's `board::CELLS`, and to its evaluator's `evaluate` and `side_score`.
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

        #[inline]
        fn evaluate(&self, eval: &Self::Eval, team: $crate::game::Team) -> i32 {
            eval.evaluate(self, team)
        }

        fn side_score(&self, eval: &Self::Eval, side: usize) -> i32 {
            eval.side_score(self, side)
        }
    };
}

/// The items of a [`Game`](crate::game::Game) implementation that hand over to the calling
/// module's `NAME`, `board::parse_cell`, `board::cell_name` and `text::move_text`, build
/// the evaluation `$Eval::new(tempo)` (the Halma weights but the tempo ignored) and take a
/// move's gain from its `gain`.
macro_rules! two_side_game_board_items {
    ($Eval:ty) => {
        fn rules_text(&self) -> String {
            NAME.into()
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

        /// Only the tempo weight is used; the rest is the game's own (see its `eval`).
        fn evaluator(&self, weights: &$crate::eval::Weights) -> $Eval {
            <$Eval>::new(weights.tempo)
        }

        /// The move's progress by the game's measure (its evaluation's `gain`).
        #[inline(always)]
        fn move_gain(&self, eval: &$Eval, mover: usize, mv: $crate::moves::Move) -> i32 {
            eval.gain(mover, mv)
        }
    };
}

pub(crate) use {record_accessors, two_side_game_board_items, two_side_game_items};
