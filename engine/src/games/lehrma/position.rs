//! The position: each side's pieces and each kind's pieces as `u64` sets, and the shared
//! bookkeeping ([`Record`]: side to move, move counts, passes, key, status, history).
//!
//! One type serves both setups: [`LehrmaPosition<R>`] over a zero-sized rules type
//! ([`Plain`], [`WithKnights`]) whose constants are its start sets, so neither rule set
//! branches at run time.

use super::board::{self, key_cell, Squares, KEYS, KINDS, KIND_NAMES, PIECES};
use super::movegen::Board;
use crate::error::Error;
use crate::game::side_letter;
use crate::games::catalog::GameInfo;
use crate::games::record::Record;
use crate::moves::Move;
use std::marker::PhantomData;

/// One of Lehrma's two setups.
pub trait LehrmaRules: Copy + Clone + std::fmt::Debug + Send + Sync + 'static {
    /// The setup's entry in the registry (its name: `--rules`, the position text's first
    /// field).
    const INFO: GameInfo;
    /// The start sets `[side][kind]`.
    const START: [[Squares; KINDS]; 2];
    /// Each side's camp: its start squares.
    const CAMP: [Squares; 2] = [board::union(Self::START[0]), board::union(Self::START[1])];
}

/// `lehrma`: rook, two bishops and seven pawns, A's rook on `h1`, bishops on dark squares.
#[derive(Clone, Copy, Debug)]
pub struct Plain;

impl LehrmaRules for Plain {
    const INFO: GameInfo = super::INFO;
    const START: [[Squares; KINDS]; 2] = board::start_sets(false);
}

/// `lehrma-knights`: rook, two bishops, two knights and five pawns, A's rook on `a1`,
/// bishops on light squares.
#[derive(Clone, Copy, Debug)]
pub struct WithKnights;

impl LehrmaRules for WithKnights {
    const INFO: GameInfo = super::KNIGHTS_INFO;
    const START: [[Squares; KINDS]; 2] = board::start_sets(true);
}

/// A position of Lehrma under the setup `R` (RULES-relatives.md §2): A (side 0) moves
/// first, from the corner at rank 1.
#[derive(Clone, Debug)]
pub struct LehrmaPosition<R: LehrmaRules> {
    board: Board,
    record: Record,
    rules: PhantomData<R>,
}

/// The key of an arrangement and side to move, from scratch.
pub fn key_of(board: &Board, to_move: usize) -> u64 {
    let pieces = |side: usize| {
        (0..KINDS).flat_map(move |kind| {
            board::cells_of(board.sides[side] & board.kinds[kind]).map(move |c| key_cell(kind, c))
        })
    };
    KEYS.arrangement([pieces(0), pieces(1)], to_move)
}

impl<R: LehrmaRules> LehrmaPosition<R> {
    /// The start: each side's ten pieces in its corner, A to move.
    pub fn start() -> Self {
        let pieces = R::START.map(|sets| sets.map(board::cells_of).map(Iterator::collect));
        Self::from_parts(pieces, 0, [0, 0], 0).expect("the start is valid")
    }

    /// A position from its parts, checked: `pieces[side][kind]` the squares of each side's
    /// pieces of each kind, each side with the setup's pieces (kind by kind), no square
    /// taken twice, a side to move that exists, at most two passes
    /// in a row (two: the game ended by both sides passing). Its status
    /// is that after the other side's move (as if it had just moved here); its history is
    /// empty (this arrangement's first occurrence).
    pub fn from_parts(
        pieces: [[Vec<usize>; KINDS]; 2],
        to_move: usize,
        move_counts: [u64; 2],
        passes: u8,
    ) -> Result<Self, Error> {
        let bad = |t: String| Err(Error::Position(t));
        let mut b = Board {
            sides: [0; 2],
            kinds: [0; KINDS],
        };
        for (side, kinds) in pieces.iter().enumerate() {
            for (kind, cells) in kinds.iter().enumerate() {
                for &c in cells {
                    if c >= board::CELLS || (b.sides[0] | b.sides[1]) >> c & 1 != 0 {
                        return bad("two pieces on one square".into());
                    }
                    b.sides[side] |= 1 << c;
                    b.kinds[kind] |= 1 << c;
                }
                let want = R::START[side][kind].count_ones() as usize;
                if cells.len() != want {
                    let plural = if cells.len() == 1 { "" } else { "s" };
                    return bad(format!(
                        "side {} has {} {}{plural}, {} gives each side {want}",
                        side_letter(side),
                        cells.len(),
                        KIND_NAMES[kind],
                        R::INFO.name
                    ));
                }
            }
        }
        debug_assert_eq!(b.sides[0].count_ones(), PIECES);
        let key = key_of(&b, to_move.min(1));
        let record = Record::new(2, to_move, move_counts, passes, key)?;
        let mut pos = LehrmaPosition {
            board: b,
            record,
            rules: PhantomData,
        };
        pos.record.settle_won(pos.has_won(1 - to_move));
        Ok(pos)
    }

    /// Whether every piece of `side` stands on a start square of the opponent where the
    /// opponent started with a piece of the same kind.
    #[inline(always)]
    pub fn has_won(&self, side: usize) -> bool {
        let own = self.board.sides[side];
        (0..KINDS).all(|k| own & self.board.kinds[k] & !R::START[1 - side][k] == 0)
    }

    /// The pieces, as the generator reads them.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces of `side`.
    #[inline(always)]
    pub fn pieces(&self, side: usize) -> Squares {
        self.board.sides[side]
    }

    /// The pieces of `side` of `kind`.
    #[inline(always)]
    pub fn pieces_of(&self, side: usize, kind: usize) -> Squares {
        self.board.sides[side] & self.board.kinds[kind]
    }

    crate::turns::turn_accessors!(record);

    /// The side whose piece stands on `cell`.
    #[inline(always)]
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        if cell >= board::CELLS {
            return None;
        }
        (0..2).find(|&s| self.board.sides[s] >> cell & 1 != 0)
    }

    /// The side and kind of the piece on `cell`.
    pub fn piece_at(&self, cell: usize) -> Option<(usize, usize)> {
        self.side_at(cell).map(|s| (s, self.board.kind_at(cell)))
    }

    /// The key computed from scratch (the incremental key always equals it).
    pub fn compute_key(&self) -> u64 {
        key_of(&self.board, self.to_move())
    }

    /// The target set of the side to move's piece on `from` (one of its pieces).
    pub fn targets(&self, from: usize) -> Squares {
        let s = self.to_move();
        self.board
            .targets(s, self.board.kind_at(from), from, R::CAMP[1 - s])
    }

    /// Calls `emit` with every move of the side to move, the pass excluded, whatever the
    /// status.
    #[inline(always)]
    pub fn generate(&self, mut emit: impl FnMut(Move)) {
        let s = self.to_move();
        self.board
            .for_each_piece(s, R::CAMP[1 - s], |_, from, targets| {
                for to in board::cells_of(targets) {
                    emit(Move::new(from, to));
                }
            });
    }

    /// The number of moves of the side to move, the pass not counted.
    #[inline(always)]
    pub fn count_moves(&self) -> u32 {
        let s = self.to_move();
        self.board.count_moves(s, R::CAMP[1 - s])
    }

    /// Moves the piece on `from` to `to` and, for a swap, the enemy piece on `to` to
    /// `from`; returns the key change. Its own inverse.
    #[inline(always)]
    fn exchange(&mut self, side: usize, from: usize, to: usize) -> u64 {
        let both = (1 << from) | (1 << to);
        let kind = self.board.kind_at(from);
        let mut change =
            KEYS.piece(side, key_cell(kind, from)) ^ KEYS.piece(side, key_cell(kind, to));
        let other = 1 - side;
        if self.board.sides[other] >> to & 1 != 0 {
            let theirs = self.board.kind_at(to);
            self.board.sides[other] ^= both;
            if theirs != kind {
                self.board.kinds[theirs] ^= both;
                self.board.kinds[kind] ^= both;
            }
            change ^=
                KEYS.piece(other, key_cell(theirs, to)) ^ KEYS.piece(other, key_cell(theirs, from));
        } else {
            self.board.kinds[kind] ^= both;
        }
        self.board.sides[side] ^= both;
        change
    }

    /// Plays `mv`, a legal move or the pass.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let side = self.to_move();
        let change = if mv.is_pass() {
            0
        } else {
            self.exchange(side, mv.from(), mv.to())
        };
        self.record.play(mv, change ^ KEYS.turn(0) ^ KEYS.turn(1));
        self.record.settle_won(self.has_won(side));
    }

    /// Takes back the last [`LehrmaPosition::make`]; nothing if no move was made.
    #[inline]
    pub fn unmake(&mut self) {
        if let Some(mv) = self.record.take_back() {
            if !mv.is_pass() {
                // The mover's piece is on `to`, a swapped enemy piece on `from`.
                self.exchange(self.to_move(), mv.to(), mv.from());
            }
        }
    }
}
