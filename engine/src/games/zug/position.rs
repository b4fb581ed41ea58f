//! The position: both sides' pieces as two-half sets of dark squares, and the shared
//! bookkeeping ([`Record`]: side to move, move counts, passes, key, status, history).
//!
//! The phase is in the pieces: while a side has fewer than twelve, it places (a drop on an
//! empty square of its own second rank); once both have twelve, pieces move. The repetition
//! key is the arrangement and the side to move only.

use super::board::{
    self, cells_of, count, half_bit, has, single, Squares, BACK, BACK_PIECES, KEYS, MASK, PIECES,
    SECOND,
};
use super::movegen::{self, Mover};
use crate::error::Error;
use crate::game::side_letter;
use crate::games::record::Record;
use crate::moves::Move;

/// A position of Le Zug (RULES-relatives.md §5): A (side 0) starts on rank 1 and moves up,
/// B on rank 17 and moves down.
#[derive(Clone, Debug)]
pub struct ZugPosition {
    pieces: [Squares; 2],
    record: Record,
}

/// The key of an arrangement and side to move, from scratch.
pub fn key_of(pieces: [Squares; 2], to_move: usize) -> u64 {
    KEYS.arrangement(pieces.map(cells_of), to_move)
}

/// `a` with the squares of `b` toggled.
#[inline(always)]
fn toggled(a: Squares, b: Squares) -> Squares {
    [a[0] ^ b[0], a[1] ^ b[1]]
}

impl ZugPosition {
    /// The start: each side's nine pieces on its back rank, the second ranks empty (the
    /// placement comes first), A to move.
    pub fn start() -> Self {
        Self::from_parts(BACK, 0, [0, 0], 0).expect("the start is valid")
    }

    /// A position from its parts, checked: the squares dark, none taken twice; twelve
    /// pieces a side, or a placement under way (back ranks full, each side's extra pieces
    /// on its own second rank, A to move when both have placed as many, B when A has placed
    /// one more); a side to move that exists, at most two passes
    /// in a row (two: the game ended by both sides passing). Its status is
    /// that after the other side's move; its history is empty.
    pub fn from_parts(
        pieces: [Squares; 2],
        to_move: usize,
        move_counts: [u64; 2],
        passes: u8,
    ) -> Result<Self, Error> {
        let bad = |t: String| Err(Error::Position(t));
        for (side, s) in pieces.iter().enumerate() {
            if s[0] & !MASK[0] != 0 || s[1] & !MASK[1] != 0 {
                return bad(format!(
                    "side {} has a piece off the dark squares",
                    side_letter(side)
                ));
            }
            if count(*s) > PIECES {
                return bad(format!(
                    "side {} has {} pieces, Le Zug gives each side {PIECES}",
                    side_letter(side),
                    count(*s)
                ));
            }
        }
        if pieces[0][0] & pieces[1][0] != 0 || pieces[0][1] & pieces[1][1] != 0 {
            return bad("two pieces on one square".into());
        }
        let n = pieces.map(count);
        if n != [PIECES; 2] {
            for side in 0..2 {
                let s = pieces[side];
                let extra = toggled(s, BACK[side]);
                if n[side] < BACK_PIECES
                    || s[0] & BACK[side][0] != BACK[side][0]
                    || extra[0] != 0
                    || extra[1] & !SECOND[side][1] != 0
                {
                    return bad(format!(
                        "side {} has {} pieces: during the placement each side has its nine \
                         on its back rank and up to three on its own second rank",
                        side_letter(side),
                        n[side]
                    ));
                }
            }
            let placer = if n[0] == n[1] { 0 } else { 1 };
            if n[0] < n[1] || n[0] > n[1] + 1 || to_move != placer {
                return bad(format!(
                    "A has placed {} and B {}: the placement alternates A, B, so {} is to \
                     place",
                    n[0] - BACK_PIECES,
                    n[1] - BACK_PIECES,
                    if n[0] < n[1] || n[0] > n[1] + 1 {
                        "neither side".to_string()
                    } else {
                        side_letter(placer).to_string()
                    }
                ));
            }
        }
        let key = key_of(pieces, to_move.min(1));
        let record = Record::new(2, to_move, move_counts, passes, key)?;
        let mut pos = ZugPosition { pieces, record };
        pos.record.settle_won(pos.has_won(1 - to_move.min(1)));
        Ok(pos)
    }

    /// Whether `side`'s twelve pieces fill the opponent's back rank and stand with the
    /// other three on the opponent's second rank.
    #[inline(always)]
    pub fn has_won(&self, side: usize) -> bool {
        let s = self.pieces[side];
        let (back, second) = (BACK[1 - side], SECOND[1 - side]);
        s[0] == back[0] && s[1] & !second[1] == 0 && count(s) == PIECES
    }

    /// The pieces of `side`.
    #[inline(always)]
    pub fn pieces(&self, side: usize) -> Squares {
        self.pieces[side]
    }

    /// Whether `side` is still placing (has fewer than twelve pieces).
    #[inline(always)]
    pub fn placing(&self, side: usize) -> bool {
        count(self.pieces[side]) < PIECES
    }

    crate::turns::turn_accessors!(record);

    /// The side whose piece stands on `cell` (`None` for an empty or light square, or no
    /// cell).
    #[inline(always)]
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        if !board::is_dark(cell) {
            return None;
        }
        (0..2).find(|&s| has(self.pieces[s], cell))
    }

    /// The key computed from scratch (the incremental key always equals it).
    pub fn compute_key(&self) -> u64 {
        key_of(self.pieces, self.to_move())
    }

    /// The empty squares where the side to move may place (its second rank's).
    #[inline(always)]
    fn drops(&self) -> board::Half {
        let s = self.to_move();
        SECOND[s][1] & !(self.pieces[0][1] | self.pieces[1][1])
    }

    /// Calls `emit` with every move of the side to move, the pass excluded, whatever the
    /// status.
    #[inline(always)]
    pub fn generate(&self, mut emit: impl FnMut(Move)) {
        let s = self.to_move();
        if self.placing(s) {
            for b in board::bits_of(self.drops()) {
                emit(Move::drop(board::cell_of(1, b)));
            }
            return;
        }
        let own = self.pieces[s];
        let mover = Mover::new(s, own, self.pieces[1 - s]);
        mover.for_each_piece(own, |h, bit, dest| {
            let from = board::cell_of(h, bit);
            for to in cells_of(dest) {
                emit(Move::new(from, to));
            }
        });
    }

    /// The number of moves of the side to move, the pass not counted.
    #[inline(always)]
    pub fn count_moves(&self) -> u32 {
        let s = self.to_move();
        if self.placing(s) {
            return self.drops().count_ones();
        }
        movegen::count_moves(s, self.pieces[s], self.pieces[1 - s])
    }

    /// Plays `mv`, a legal move, placement or the pass.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let side = self.to_move();
        let mut change = 0;
        if mv.is_drop() {
            self.pieces[side] = toggled(self.pieces[side], single(mv.to()));
            change = KEYS.piece(side, mv.to());
        } else if !mv.is_pass() {
            self.move_piece(side, mv);
            change = KEYS.piece(side, mv.from()) ^ KEYS.piece(side, mv.to());
        }
        self.record.play(mv, change ^ KEYS.turn(0) ^ KEYS.turn(1));
        let won = self.has_won(side);
        self.record.settle_won(won);
    }

    /// Moves `side`'s piece from `mv`'s origin to its destination, or back.
    #[inline(always)]
    fn move_piece(&mut self, side: usize, mv: Move) {
        let ((fh, fb), (th, tb)) = (half_bit(mv.from()), half_bit(mv.to()));
        self.pieces[side][fh] ^= 1 << fb;
        self.pieces[side][th] ^= 1 << tb;
    }

    /// Takes back the last [`ZugPosition::make`]; nothing if no move was made.
    #[inline]
    pub fn unmake(&mut self) {
        if let Some(mv) = self.record.take_back() {
            let side = self.to_move();
            if mv.is_drop() {
                self.pieces[side] = toggled(self.pieces[side], single(mv.to()));
            } else if !mv.is_pass() {
                self.move_piece(side, mv);
            }
        }
    }
}
