//! The move type: a piece's origin and destination cells, or a pass.

/// A move, identified by origin and destination only (RULES.md: two jump paths to the same
/// cell are the same move). Cells are bit indices of the board's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: u16,
    to: u16,
}

impl Move {
    /// The pass, played when the side to move has no other legal move.
    pub const PASS: Move = Move {
        from: u16::MAX,
        to: u16::MAX,
    };

    /// The move of the piece on `from` to `to` (two different cells).
    #[inline(always)]
    pub fn new(from: usize, to: usize) -> Move {
        debug_assert!(from != to && from < u16::MAX as usize && to < u16::MAX as usize);
        Move {
            from: from as u16,
            to: to as u16,
        }
    }

    /// Whether this is the pass.
    #[inline(always)]
    pub fn is_pass(self) -> bool {
        self == Move::PASS
    }

    /// Origin cell (meaningless for the pass).
    #[inline(always)]
    pub fn from(self) -> usize {
        self.from as usize
    }

    /// Destination cell (meaningless for the pass).
    #[inline(always)]
    pub fn to(self) -> usize {
        self.to as usize
    }
}
