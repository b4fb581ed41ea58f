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
use crate::games::record::Census;
use crate::games::stones::{self, Keys, StoneRules};
use crate::games::two_side::TwoSideRules;
use crate::moves::Move;
use board::Cells;

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

impl TwoSideRules for Carrera {
    type Set = Cells;
    const CELLS: usize = board::CELLS;
    const BOARD: Cells = board::BOARD;
    const START: [Cells; 2] = board::START;
    const CENSUS: Census = stones::census("Carrera de Caballos", board::STONES as u32);
    type Keys = Keys;

    fn keys() -> &'static Keys {
        &position::KEYS
    }

    /// Every knight on the opponent's start cells.
    #[inline(always)]
    fn has_won(side: usize, knights: Cells) -> bool {
        knights == board::GOAL[side]
    }

    fn check_pieces(knights: [Cells; 2]) -> Result<(), Error> {
        stones::check_stones::<Self>(knights)
    }

    #[inline(always)]
    fn for_each_move(_side: usize, own: Cells, other: Cells, emit: impl FnMut(Move)) {
        movegen::for_each_move(own, board::BOARD & !(own | other), emit);
    }

    #[inline]
    fn count_moves(_side: usize, own: Cells, other: Cells) -> u32 {
        movegen::count(own, board::BOARD & !(own | other)) as u32
    }
}

impl StoneRules for Carrera {
    const INFO: GameInfo = INFO;
    const WIDTH: usize = board::WIDTH;
    const BOARD_NAME: &'static str = "10x10 carrera";
    const MISSING: &'static str =
        "the carrera board is the 70 cells of the 10x10 square with |file - rank| <= 4";
    const MOVE_FORMS: &'static str = "from-to like b1-c3, or pass";
    type Eval = Eval;

    fn targets(pos: &CarreraPosition, from: usize) -> Cells {
        movegen::targets(from, pos.empty())
    }

    fn read_move(pos: &CarreraPosition, text: &str) -> Result<Move, Error> {
        pos.read_move(text)
    }
}
