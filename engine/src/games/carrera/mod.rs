//! Carrera de Caballos (Héctor Canteros, 1988): eight knights a side race across a 10×10
//! board with two corners cut (`../shared/RULES-relatives.md` §6;
//! `docs/games/carrera.md`).
//!
//! The board is the 70 cells with |file − rank| ≤ 4. A starts on a1 b1 c1 a2 b2 c2 a3 b3, B
//! on j10 i10 h10 j9 i9 h9 j8 i8. A move is one chess-knight leap onto an empty cell of the
//! board, over anything (missing cells included); no captures, no chains. The mover wins
//! when its eight knights stand on the opponent's eight start cells.
//!
//! * [`board`]: the `u128` board with its 70-cell mask, start cells, knight shifts;
//! * [`movegen`]: the generator, eight guarded shifts of the whole board;
//! * [`position`]: [`CarreraPosition`] (the shared [`crate::games::stones`] position:
//!   make/unmake, status, repetition, position text, diagram) with its Zobrist keys;
//! * [`text`]: move parsing with the reasons a move is illegal;
//! * [`eval`]: the knight-distance assignment evaluation.

pub mod board;
pub mod eval;
pub mod movegen;
pub mod position;
pub mod text;

pub use eval::Eval;
pub use position::CarreraPosition;

use crate::error::Error;
use crate::games::catalog::{relative_info, GameInfo};
use crate::games::stones::{Keys, StoneRules};
use crate::moves::Move;

/// The rule set's name, in `--rules` and the position text.
pub const NAME: &str = INFO.name;

/// Carrera de Caballos's entry in the registry of games.
pub const INFO: GameInfo = relative_info!(
    "carrera",
    "10x10 less two corners (70 cells), eight knights a side, plain leaps"
);

/// Carrera de Caballos' rules for the shared stone-race position.
#[derive(Clone, Copy, Debug)]
pub struct Carrera;

impl StoneRules for Carrera {
    const INFO: GameInfo = INFO;
    const WIDTH: usize = board::WIDTH;
    const BOARD: u128 = board::BOARD;
    const START: [u128; 2] = board::START;
    const BOARD_NAME: &'static str = "10x10 carrera";
    const MISSING: &'static str =
        "the carrera board is the 70 cells of the 10x10 square with |file - rank| <= 4";
    const MOVE_FORMS: &'static str = "from-to like b1-c3, or pass";
    type Eval = Eval;

    fn keys() -> &'static Keys {
        &position::KEYS
    }

    #[inline(always)]
    fn for_each_move(pos: &CarreraPosition, emit: impl FnMut(Move)) {
        movegen::for_each_move(pos.stones(pos.to_move()), pos.empty(), emit);
    }

    #[inline]
    fn count_moves(pos: &CarreraPosition) -> u64 {
        pos.count_moves()
    }

    fn targets(pos: &CarreraPosition, from: usize) -> u128 {
        movegen::targets(from, pos.empty())
    }

    fn read_move(pos: &CarreraPosition, text: &str) -> Result<Move, Error> {
        pos.read_move(text)
    }
}
