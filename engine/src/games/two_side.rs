//! The position of a two-side game of like pieces on one bitboard per side, shared by Le
//! Grec, Caeser and Hexma: both sides' pieces, and the bookkeeping of [`Record`] (side to
//! move, move counts, passes in a row, the Zobrist key, the status, the undo history whose
//! keys give the third-repetition draw).
//!
//! A game supplies a [`TwoSideRules`]: its bitboard, its cells, its start, its census, its
//! keys, its move generator and when a side has won. Its position type is
//! `TwoSidePosition<ItsRules>` under the game's own name, with the game's texts and any
//! accessors named in its own words as inherent methods in the game's modules.

use super::record::{Census, Record};
use crate::bitboard::{cells_of, BitBoard};
use crate::error::Error;
use crate::keys::TwoSideKeys;
use crate::moves::Move;
use std::fmt;
use std::marker::PhantomData;

/// One game of two sides with like pieces: its board, start, keys, moves and goal.
pub trait TwoSideRules: Copy + fmt::Debug + Send + Sync + 'static {
    /// One side's pieces.
    type Set: BitBoard;
    /// Cells of the (padded) layout: a cell is below this.
    const CELLS: usize;
    /// The cells of the board, within the layout.
    const BOARD: Self::Set;
    /// Each side's pieces at the start.
    const START: [Self::Set; 2];
    /// What the pieces must be, and the words the errors name them by.
    const CENSUS: Census;

    /// The game's key table.
    type Keys: TwoSideKeys;
    /// The game's Zobrist keys.
    fn keys() -> &'static Self::Keys;
    /// Whether `side`, with `pieces`, has reached its goal.
    fn has_won(side: usize, pieces: Self::Set) -> bool;
    /// Calls `emit` with every move of `side` (`own` its pieces, `other` the opponent's),
    /// the pass excluded.
    fn for_each_move(side: usize, own: Self::Set, other: Self::Set, emit: impl FnMut(Move));
    /// The number of moves of `side`, the pass excluded.
    fn count_moves(side: usize, own: Self::Set, other: Self::Set) -> u32;
}

/// A position of the game `R`: side 0 is A, side 1 is B.
#[derive(Clone, Debug)]
pub struct TwoSidePosition<R: TwoSideRules> {
    pieces: [R::Set; 2],
    record: Record,
    rules: PhantomData<R>,
}

impl<R: TwoSideRules> TwoSidePosition<R> {
    /// The start: each side on its start cells, A to move.
    pub fn start() -> Self {
        Self::from_parts(R::START, 0, [0, 0], 0).expect("the start is valid")
    }

    /// A position from its parts, checked: the census's pieces a side, all on the board, no
    /// cell taken twice, a side to move that exists, at most two passes in a row (two: the
    /// game ended by both sides passing). Its status is that after the other side's move
    /// (as if it had just moved here); its history is empty (this arrangement's first
    /// occurrence).
    pub fn from_parts(
        pieces: [R::Set; 2],
        to_move: usize,
        move_counts: [u64; 2],
        passes: u8,
    ) -> Result<Self, Error> {
        R::CENSUS.check(
            pieces.map(|s| s.count()),
            pieces.map(|s| !s.without(R::BOARD).is_empty()),
            pieces[0].intersects(pieces[1]),
        )?;
        let key = Self::key_of(pieces, to_move.min(1));
        let record = Record::new(2, to_move, move_counts, passes, key)?;
        let mut pos = TwoSidePosition {
            pieces,
            record,
            rules: PhantomData,
        };
        pos.record.settle_won(pos.has_won(1 - to_move));
        Ok(pos)
    }

    /// The key of an arrangement and side to move, from scratch.
    pub fn key_of(pieces: [R::Set; 2], to_move: usize) -> u64 {
        R::keys().arrangement(pieces.map(cells_of), to_move)
    }

    /// Whether `side` has reached its goal.
    #[inline(always)]
    pub fn has_won(&self, side: usize) -> bool {
        R::has_won(side, self.pieces[side])
    }

    /// The pieces of `side`.
    #[inline(always)]
    pub fn pieces(&self, side: usize) -> R::Set {
        self.pieces[side]
    }

    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> R::Set {
        self.pieces[0] | self.pieces[1]
    }

    crate::turns::turn_accessors!(record);

    /// The side whose piece stands on `cell` (`None` for an empty cell or no cell).
    #[inline(always)]
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        if cell >= R::CELLS {
            return None;
        }
        (0..2).find(|&s| self.pieces[s].has(cell))
    }

    /// The key computed from scratch (the incremental key always equals it).
    pub fn compute_key(&self) -> u64 {
        Self::key_of(self.pieces, self.to_move())
    }

    /// Calls `emit` with every move of the side to move, the pass excluded, whatever the
    /// status.
    #[inline(always)]
    pub fn generate(&self, emit: impl FnMut(Move)) {
        let s = self.to_move();
        R::for_each_move(s, self.pieces[s], self.pieces[1 - s], emit);
    }

    /// The number of moves of the side to move, the pass not counted.
    #[inline(always)]
    pub fn count_moves(&self) -> u32 {
        let s = self.to_move();
        R::count_moves(s, self.pieces[s], self.pieces[1 - s])
    }

    /// Plays `mv`, a legal move or the pass; the mover wins if it then stands on its goal
    /// (tested after a pass too: RULES-relatives.md, fine points: a pass is a move).
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let side = self.to_move();
        let mut change = 0;
        if !mv.is_pass() {
            self.pieces[side] ^= R::Set::single(mv.from()) | R::Set::single(mv.to());
            change = R::keys().piece(side, mv.from()) ^ R::keys().piece(side, mv.to());
        }
        let turn = R::keys().turn(0) ^ R::keys().turn(1);
        self.record.play(mv, change ^ turn);
        self.record.settle_won(self.has_won(side));
    }

    /// Takes back the last [`TwoSidePosition::make`]; nothing if no move was made.
    #[inline]
    pub fn unmake(&mut self) {
        if let Some(mv) = self.record.take_back() {
            if !mv.is_pass() {
                let side = self.to_move();
                self.pieces[side] ^= R::Set::single(mv.from()) | R::Set::single(mv.to());
            }
        }
    }
}
