//! Renpaarden (Fred Horn, 1981): knights racing across a 9×9 board
//! (`../shared/RULES-relatives.md` §4; `docs/games/renpaarden.md`).
//!
//! Each side has 18 stones, A on ranks 1–2 and B on ranks 8–9. A stone makes knight leaps,
//! never onto an own stone; landing on an empty cell ends the move, landing on an enemy stone
//! obliges another leap. The mover wins with all 18 stones on the opponent's start cells.
//!
//! * [`board`]: the `u128` board, knight shifts, cell names;
//! * [`movegen`]: the leap closure over the enemy stones, on the whole board at once;
//! * [`position`]: [`RenpaardenPosition`] (the shared [`crate::games::stones`] position) with
//!   its Zobrist keys and generator entry points;
//! * [`text`]: move parsing and leap paths;
//! * [`eval`]: the knight-distance evaluation.

pub mod board;
pub mod eval;
pub mod movegen;
pub mod position;
pub mod text;

pub use eval::Eval;
pub use position::RenpaardenPosition;

use crate::error::Error;
use crate::games::catalog::{relative_info, GameInfo};
use crate::games::stones::{Keys, StoneRules};
use crate::moves::Move;

/// The rule set's name, in `--rules` and the position text.
pub const NAME: &str = INFO.name;

/// Renpaarden's entry in the registry of games.
pub const INFO: GameInfo = relative_info!(
    "renpaarden",
    "9x9, eighteen stones a side, knight leaps through enemies"
);

/// Renpaarden's rules for the shared stone-race position.
#[derive(Clone, Copy, Debug)]
pub struct Renpaarden;

impl StoneRules for Renpaarden {
    const INFO: GameInfo = INFO;
    const WIDTH: usize = board::WIDTH;
    const BOARD: u128 = board::BOARD;
    const START: [u128; 2] = board::START;
    const BOARD_NAME: &'static str = "9x9";
    const MISSING: &'static str = "files a-i, ranks 1-9";
    const MOVE_FORMS: &'static str = "from-to, a leap path like b1-c3-d5, or pass";
    type Eval = Eval;

    fn keys() -> &'static Keys {
        &position::KEYS
    }

    #[inline(always)]
    fn for_each_move(pos: &RenpaardenPosition, mut emit: impl FnMut(Move)) {
        pos.generate(|from, targets| {
            for to in board::cells_of(targets) {
                emit(Move::new(from, to));
            }
        });
    }

    #[inline]
    fn count_moves(pos: &RenpaardenPosition) -> u64 {
        pos.count_moves()
    }

    fn targets(pos: &RenpaardenPosition, from: usize) -> u128 {
        pos.closure().targets(from)
    }

    fn read_move(pos: &RenpaardenPosition, text: &str) -> Result<Move, Error> {
        pos.read_move(text)
    }

    /// The move with one shortest leap path through the enemy stones, like `b1-c3-d5`.
    fn path_text(pos: &RenpaardenPosition, mv: Move) -> String {
        pos.leap_path_text(mv)
    }
}
