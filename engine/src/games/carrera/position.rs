//! The position: [`CarreraPosition`], the shared stone-race position
//! ([`crate::games::stones`]: make/unmake, status, repetition, texts) with Carrera's key
//! table.

use super::Carrera;
use crate::games::stones::{Keys, StonePosition};

/// A Carrera de Caballos position (rules: `docs/games/carrera.md`): side 0 is A (home at
/// `a1`), side 1 is B (home at `j10`).
pub type CarreraPosition = StonePosition<Carrera>;

/// The key tables, drawn at compile time from a fixed seed ("CARRERA!").
pub static KEYS: Keys = Keys::new(0x4341_5252_4552_4121);

impl CarreraPosition {
    /// The number of moves of the side to move, the pass excluded (0 when the game is over).
    #[inline]
    pub fn count_moves(&self) -> u64 {
        if self.status().is_over() {
            return 0;
        }
        super::movegen::count(self.stones(self.to_move()), self.empty())
    }
}
