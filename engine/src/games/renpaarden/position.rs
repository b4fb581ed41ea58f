//! The position: [`RenpaardenPosition`], the shared stone-race position
//! ([`crate::games::stones`]) with Renpaarden's key table and its leap-closure generator.

use super::board::Cells;
use super::movegen::Closure;
use super::Renpaarden;
use crate::games::stones::{Keys, StonePosition};

/// A Renpaarden position (rules: `docs/games/renpaarden.md`): side 0 is A (ranks 1–2 at the
/// start), side 1 is B (ranks 8–9).
pub type RenpaardenPosition = StonePosition<Renpaarden>;

/// The key tables, drawn at compile time from a fixed seed ("RENPAARD").
pub static KEYS: Keys = Keys::new(0x5245_4e50_4141_5244);

impl RenpaardenPosition {
    /// The leap closure of the side to move (the enemy's components and their exits).
    #[inline(always)]
    pub fn closure(&self) -> Closure {
        let side = self.to_move();
        Closure::new(self.stones(side), self.stones(1 - side))
    }

    /// Calls `emit(from, destinations)` for each stone of the side to move with a move
    /// (nothing when the game is over).
    #[inline(always)]
    pub fn generate(&self, emit: impl FnMut(usize, Cells)) {
        if self.status().is_over() {
            return;
        }
        self.closure().for_each(self.stones(self.to_move()), emit);
    }

    /// The number of moves of the side to move, the pass excluded (0 when the game is over).
    #[inline]
    pub fn count_moves(&self) -> u64 {
        if self.status().is_over() {
            return 0;
        }
        self.closure().count(self.stones(self.to_move()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::renpaarden::board::CELLS;
    use crate::moves::Move;

    #[test]
    fn keys_are_distinct_and_play_keeps_the_key() {
        let mut all: Vec<u64> = (0..2)
            .flat_map(|side| (0..CELLS).map(move |cell| KEYS.piece(side, cell)))
            .collect();
        all.extend([KEYS.turn(0), KEYS.turn(1)]);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 2 * CELLS + 2);
        let mut pos = RenpaardenPosition::start_position();
        let start_key = pos.key();
        pos.make(Move::new(1, 18 + 2));
        assert_eq!(pos.key(), pos.compute_key());
        pos.unmake();
        assert_eq!(pos.key(), start_key);
    }
}
