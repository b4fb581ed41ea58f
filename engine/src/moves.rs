//! The move type every game shares: a piece's origin and destination cells, a drop or
//! placement onto a cell (`@c5`), a piece borne off the board (`c1-off`), or the pass.

/// A move, identified by origin and destination only (RULES.md: two jump paths to the same
/// cell are the same move). Cells are bit indices of the board's layout. Games that need
/// more than a piece going from one cell to another use the two other kinds: a drop
/// ([`Move::drop`], a piece from outside the board onto a cell) and a bear-off
/// ([`Move::off`], a piece leaving the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: u16,
    to: u16,
}

/// The origin of a drop and the destination of a bear-off: no cell.
const OUTSIDE: u16 = u16::MAX - 1;

impl Move {
    /// The pass, played when the side to move has no other legal move.
    pub const PASS: Move = Move {
        from: u16::MAX,
        to: u16::MAX,
    };

    /// The largest cell index a move can name.
    pub const MAX_CELL: usize = OUTSIDE as usize - 1;

    /// The move of the piece on `from` to `to` (two different cells).
    #[inline(always)]
    pub fn new(from: usize, to: usize) -> Move {
        debug_assert!(from != to && from <= Move::MAX_CELL && to <= Move::MAX_CELL);
        Move {
            from: from as u16,
            to: to as u16,
        }
    }

    /// A piece dropped (placed) from outside the board onto `cell`.
    #[inline(always)]
    pub fn drop(cell: usize) -> Move {
        debug_assert!(cell <= Move::MAX_CELL);
        Move {
            from: OUTSIDE,
            to: cell as u16,
        }
    }

    /// The piece on `from` borne off the board.
    #[inline(always)]
    pub fn off(from: usize) -> Move {
        debug_assert!(from <= Move::MAX_CELL);
        Move {
            from: from as u16,
            to: OUTSIDE,
        }
    }

    /// Whether this is the pass.
    #[inline(always)]
    pub fn is_pass(self) -> bool {
        self == Move::PASS
    }

    /// Whether this is a drop ([`Move::drop`]).
    #[inline(always)]
    pub fn is_drop(self) -> bool {
        self.from == OUTSIDE
    }

    /// Whether this is a bear-off ([`Move::off`]).
    #[inline(always)]
    pub fn is_off(self) -> bool {
        self.to == OUTSIDE
    }

    /// Origin cell (meaningless for the pass and a drop: see [`Move::origin`]).
    #[inline(always)]
    pub fn from(self) -> usize {
        self.from as usize
    }

    /// Destination cell (meaningless for the pass and a bear-off: see
    /// [`Move::destination`]).
    #[inline(always)]
    pub fn to(self) -> usize {
        self.to as usize
    }

    /// The cell the moving piece leaves, if it stood on the board (not for the pass or a
    /// drop).
    #[inline(always)]
    pub fn origin(self) -> Option<usize> {
        (self.from < OUTSIDE).then_some(self.from as usize)
    }

    /// The cell the piece arrives on, if it stays on the board (not for the pass or a
    /// bear-off).
    #[inline(always)]
    pub fn destination(self) -> Option<usize> {
        (self.to < OUTSIDE).then_some(self.to as usize)
    }

    /// The move as 32 bits, never 0 ([`Move::from_bits`] reads it back): what a
    /// transposition table stores.
    #[inline(always)]
    pub fn to_bits(self) -> u32 {
        self.from as u32 | (self.to as u32) << 16
    }

    /// The move [`Move::to_bits`] wrote, or `None` for 0 (no move) and for bits no move
    /// writes.
    #[inline(always)]
    pub fn from_bits(bits: u32) -> Option<Move> {
        let mv = Move {
            from: bits as u16,
            to: (bits >> 16) as u16,
        };
        let valid = mv.is_pass()
            || match (mv.origin(), mv.destination()) {
                (Some(a), Some(b)) => a != b,
                (Some(_), None) => mv.is_off(),
                (None, Some(_)) => mv.is_drop(),
                (None, None) => false,
            };
        valid.then_some(mv)
    }

    /// A dense index of the move's origin and destination among `(cells + 1)²` (the pass
    /// excluded): cells `0..cells` stand for themselves and `cells` for outside the board
    /// (a drop's origin, a bear-off's destination). Used by history tables.
    #[inline(always)]
    pub fn slot(self, cells: usize) -> Option<usize> {
        if self.is_pass() {
            return None;
        }
        let from = self.origin().unwrap_or(cells);
        let to = self.destination().unwrap_or(cells);
        Some(from * (cells + 1) + to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_told_apart_and_round_trip_through_bits() {
        let moves = [
            Move::new(0, 1),
            Move::new(300, 2),
            Move::drop(0),
            Move::drop(120),
            Move::off(0),
            Move::off(255),
            Move::PASS,
        ];
        for mv in moves {
            assert_ne!(mv.to_bits(), 0, "{mv:?}");
            assert_eq!(Move::from_bits(mv.to_bits()), Some(mv));
        }
        assert_eq!(Move::from_bits(0), None);
        assert!(Move::drop(5).is_drop() && !Move::drop(5).is_off());
        assert!(Move::off(5).is_off() && !Move::off(5).is_drop());
        assert!(!Move::PASS.is_drop() && !Move::PASS.is_off());
        assert_eq!(Move::drop(5).origin(), None);
        assert_eq!(Move::drop(5).destination(), Some(5));
        assert_eq!(Move::off(5).origin(), Some(5));
        assert_eq!(Move::off(5).destination(), None);
        assert_eq!(Move::PASS.origin(), None);
        // Slots of distinct moves on a 10-cell board are distinct and below 11².
        let all: Vec<Move> = (0..10)
            .flat_map(|a| {
                (0..10)
                    .filter(move |&b| b != a)
                    .map(move |b| Move::new(a, b))
            })
            .chain((0..10).map(Move::drop))
            .chain((0..10).map(Move::off))
            .collect();
        let mut slots: Vec<usize> = all.iter().map(|m| m.slot(10).unwrap()).collect();
        assert!(slots.iter().all(|&s| s < 121));
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots.len(), all.len());
        assert_eq!(Move::PASS.slot(10), None);
    }
}
