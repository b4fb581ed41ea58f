//! A deliberately simple reference for Le Grec (RULES-relatives.md §3), written from the
//! rules and independent of the engine: a 4×4 array of `Option<side>`, the five directions
//! as (file, rank) offsets looped over per stone, copy-make, the repetition history as a
//! list of earlier boards (the shared [`crate::reference::Turns`]), its own position-text
//! reader and perft by copy (the shared [`GridGame`]). From the engine it takes only a
//! position's text (read by its own reader) and the cell numbering `file + 4·rank` of
//! moves.

use crate::conformance::Bench;
use crate::reference::{all_home, Grid, GridGame, Reference};
pub use crate::reference::{Cell, NaiveMove};
use halma_engine::games::legrec::LeGrecPosition;
use halma_engine::Status;

/// Where the benchmarks' positions come from (`benches/legrec.rs`, checked by the
/// conformance suite).
pub const BENCH: Bench = Bench::Played(200, 40);

/// The board: `board[rank][file]`, the side of the stone there.
type Board = Grid<4>;

/// A position of the reference, with the boards of the game so far.
pub type NaiveLeGrec = GridGame<4>;

impl GridGame<4> {
    /// Reads a full position text `legrec <placement> <side> <a>,<b> [passes]`; `None` if it
    /// is not one.
    pub fn from_text(text: &str) -> Option<NaiveLeGrec> {
        GridGame::read(text, "legrec", |_| (0..4).collect(), decide)
    }
}

impl Reference<LeGrecPosition> for NaiveLeGrec {
    type Move = NaiveMove;

    fn start() -> NaiveLeGrec {
        NaiveLeGrec::from_text("legrec BBBB/1BBB/AAA1/AAAA A 0,0").expect("the start")
    }

    /// Read from the engine's position text by the reference's own reader.
    fn from_engine(pos: &LeGrecPosition) -> NaiveLeGrec {
        NaiveLeGrec::from_text(&pos.to_text()).expect("the reference reads the engine's text")
    }

    fn legal_moves(&self) -> Vec<NaiveMove> {
        let ahead: isize = if self.to_move() == 0 { 1 } else { -1 };
        let dirs = [(0, ahead), (1, ahead), (-1, ahead), (1, 0), (-1, 0)];
        self.moves(&dirs, |f, r| (0..4).contains(&f) && (0..4).contains(&r))
    }

    fn play(&mut self, mv: NaiveMove) {
        GridGame::play(self, mv);
    }

    crate::grid_reference_items!(turns, 4);
}

/// The mover wins with every stone on its goal ranks.
fn decide(board: &Board, mover: usize, _moves: u64) -> Option<Status> {
    won(board, mover).then_some(Status::Won(mover))
}

/// Whether every stone of `side` stands on its goal ranks (3–4 for A, 1–2 for B).
fn won(board: &Board, side: usize) -> bool {
    all_home(
        board,
        side,
        |_, rank| {
            if side == 0 {
                rank >= 2
            } else {
                rank <= 1
            }
        },
    )
}
