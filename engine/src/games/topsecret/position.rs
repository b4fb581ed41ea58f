//! The position: both sides' stones as 16×16 bitboards, the stones each side still has to
//! drop, and the shared bookkeeping ([`Record`]: side to move, move counts, passes, key,
//! status, history).

use super::board::{self, BB, CELLS_BB, DROP_ZONE, KEYS, STONES};
use super::movegen;
use crate::bitboard::BitBoard;
use crate::error::Error;
use crate::game::side_letter;
use crate::games::record::Record;
use crate::moves::Move;

/// A position of Top Secret (RULES-relatives.md §8): the drop phase while a side still has
/// stones in hand, then Halma moves and bearing off; the mover wins when it has no stone
/// left.
#[derive(Clone, Debug)]
pub struct TopSecretPosition {
    stones: [BB; 2],
    hand: [u8; 2],
    record: Record,
}

/// The key of an arrangement and side to move, from scratch (the stones in hand are not
/// part of it: the repetition key is the arrangement and the side to move alone).
pub fn key_of(stones: [BB; 2], to_move: usize) -> u64 {
    KEYS.arrangement(stones.map(|s| s.iter()), to_move)
}

impl TopSecretPosition {
    /// The start: the empty board, 18 stones in each side's hand, A to drop first.
    pub fn start() -> Self {
        let hand = STONES as u8;
        Self::from_parts([BB::EMPTY; 2], [hand; 2], 0, [0, 0], 0).expect("the start is valid")
    }

    /// A position from its parts, checked: stones on cells, no cell taken twice, at most
    /// 18 stones a side on the board and in hand together; while stones are in hand (the
    /// drop phase) none has been borne off, every stone stands in the drop zone, the hands
    /// fit the side to move (A to drop: equal hands; B: one more than A's) and no pass was
    /// played; after it the side to move has a stone left. Its status is that after the
    /// other side's move; its history is empty (this arrangement's first occurrence).
    pub fn from_parts(
        stones: [BB; 2],
        hand: [u8; 2],
        to_move: usize,
        move_counts: [u64; 2],
        passes: u8,
    ) -> Result<Self, Error> {
        let bad = |t: String| Err(Error::Position(t));
        for (side, s) in stones.iter().enumerate() {
            if s.without(CELLS_BB) != BB::EMPTY {
                return bad(format!(
                    "side {} has a stone off the 16x16 board",
                    side_letter(side)
                ));
            }
        }
        // The side to move and the passes are checked here.
        let key = key_of(stones, to_move.min(1));
        let record = Record::new(2, to_move, move_counts, passes, key)?;
        for side in 0..2 {
            let (on, held) = (stones[side].count(), u32::from(hand[side]));
            if on + held > STONES {
                return bad(format!(
                    "side {} has {on} stones on the board and {held} in hand, more than the \
                     {STONES} Top Secret gives each side",
                    side_letter(side)
                ));
            }
        }
        if stones[0].intersects(stones[1]) {
            return bad("two stones on one cell".into());
        }
        if hand != [0, 0] {
            for side in 0..2 {
                let letter = side_letter(side);
                if stones[side].count() + u32::from(hand[side]) != STONES {
                    return bad(format!(
                        "side {letter} has {} stones in hand and {} on the board: in the drop \
                         phase no stone has been borne off ({STONES} in all)",
                        hand[side],
                        stones[side].count()
                    ));
                }
                if stones[side].without(DROP_ZONE) != BB::EMPTY {
                    return bad(format!(
                        "side {letter} has a stone outside the drop zone f6-k11 in the drop \
                         phase"
                    ));
                }
            }
            let fits = if to_move == 0 {
                hand[0] == hand[1]
            } else {
                hand[1] == hand[0] + 1
            };
            if !fits {
                return bad(format!(
                    "stones in hand {},{} do not fit {} to move (A drops first, then B, in \
                     turn: A to move with equal hands, B with one more than A)",
                    hand[0],
                    hand[1],
                    side_letter(to_move)
                ));
            }
            if passes > 0 {
                return bad("no pass is possible in the drop phase".into());
            }
        } else if stones[to_move].is_empty() {
            return bad(format!(
                "side {} is to move with no stone left: it won when its last stone left",
                side_letter(to_move)
            ));
        }
        let mut pos = TopSecretPosition {
            stones,
            hand,
            record,
        };
        pos.record.settle_won(pos.has_won(1 - to_move));
        Ok(pos)
    }

    /// Whether `side` has no stone left, on the board or in hand.
    #[inline(always)]
    fn has_won(&self, side: usize) -> bool {
        self.stones[side].is_empty() && self.hand[side] == 0
    }

    /// The stones of `side` on the board.
    #[inline(always)]
    pub fn stones(&self, side: usize) -> BB {
        self.stones[side]
    }

    /// The stones `side` still has to drop.
    #[inline(always)]
    pub fn in_hand(&self, side: usize) -> u32 {
        u32::from(self.hand[side])
    }

    /// The stones `side` has borne off.
    #[inline(always)]
    pub fn borne_off(&self, side: usize) -> u32 {
        STONES - self.stones[side].count() - self.in_hand(side)
    }

    /// Whether the side to move drops a stone (the drop phase).
    #[inline(always)]
    pub fn dropping(&self) -> bool {
        self.hand[self.to_move()] > 0
    }

    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> BB {
        self.stones[0] | self.stones[1]
    }

    crate::turns::turn_accessors!(record);

    /// The side whose stone stands on `cell` (`None` for an empty cell or no cell).
    #[inline(always)]
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        if cell >= board::CELLS {
            return None;
        }
        (0..2).find(|&s| self.stones[s].has(cell))
    }

    /// The key computed from scratch (the incremental key always equals it).
    pub fn compute_key(&self) -> u64 {
        key_of(self.stones, self.to_move())
    }

    /// Calls `emit` with every move of the side to move, the pass excluded, whatever the
    /// status: drops in the drop phase, else each stone's bear-off (if it has one) and its
    /// steps and jump chains.
    #[inline(always)]
    pub fn generate(&self, mut emit: impl FnMut(Move)) {
        let occupied = self.occupied();
        if self.dropping() {
            movegen::drop_cells(occupied)
                .iter()
                .for_each(|c| emit(Move::drop(c)));
            return;
        }
        let own = self.stones[self.to_move()];
        movegen::for_each_stone(own, occupied, |from, targets, off| {
            if off {
                emit(Move::off(from));
            }
            targets.iter().for_each(|to| emit(Move::new(from, to)));
        });
    }

    /// The number of moves of the side to move, the pass not counted.
    #[inline(always)]
    pub fn count_moves(&self) -> u32 {
        let occupied = self.occupied();
        if self.dropping() {
            return movegen::drop_cells(occupied).count();
        }
        movegen::count_moves(self.stones[self.to_move()], occupied)
    }

    /// Plays `mv`, a legal move or the pass.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let side = self.to_move();
        let change = self.toggle(side, mv);
        self.record.play(mv, change ^ KEYS.turn(0) ^ KEYS.turn(1));
        self.record.settle_won(self.has_won(side));
    }

    /// Takes back the last [`TopSecretPosition::make`]; nothing if no move was made.
    #[inline]
    pub fn unmake(&mut self) {
        if let Some(mv) = self.record.take_back() {
            self.toggle(self.to_move(), mv);
        }
    }

    /// Moves `side`'s stones by `mv` or back (each kind is its own inverse on the stones;
    /// the hand goes down for a drop, up for its take-back) and returns the key change.
    #[inline(always)]
    fn toggle(&mut self, side: usize, mv: Move) -> u64 {
        let mut change = 0;
        if let Some(from) = mv.origin() {
            self.stones[side] ^= BB::single(from);
            change ^= KEYS.piece(side, from);
        }
        if let Some(to) = mv.destination() {
            self.stones[side] ^= BB::single(to);
            change ^= KEYS.piece(side, to);
            if mv.is_drop() {
                // Dropped now (the cell was empty) or taken back (it was occupied).
                if self.stones[side].has(to) {
                    self.hand[side] -= 1;
                } else {
                    self.hand[side] += 1;
                }
            }
        }
        change
    }
}
