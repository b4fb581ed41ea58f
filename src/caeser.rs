//! A deliberately simple reference for Caeser (RULES-relatives.md §7), written from the
//! rules and independent of the engine: a 7×7 array of `Option<side>` over the axial
//! rhombus, a hole being a cell with 3 <= file + rank <= 9, each side's three directions as
//! (file, rank) offsets looped over per man, copy-make, the repetition history as a list of
//! earlier boards (the shared [`crate::reference::Turns`]), its own position-text reader
//! and perft by copy (the shared [`GridGame`]). From the engine it takes only a position's text (read by its own
//! reader) and the cell numbering `file + 8·rank` of moves.

use crate::conformance::Bench;
use crate::reference::{all_home, Grid, GridGame, Reference, Turns};
pub use crate::reference::{Cell, NaiveMove};
use halma_engine::games::caeser::CaeserPosition;
use halma_engine::Status;

/// The board: `board[rank][file]`, the side of the stone there.
type Board = Grid<7>;

/// The engine's cells: `file + 8·rank`.
const STRIDE: usize = 8;

/// Where the benchmarks' positions come from (`benches/caeser.rs`, checked by the conformance
/// suite).
pub const BENCH: Bench = Bench::Played(200, 60);

/// A position of the reference, with the boards of the game so far.
pub type NaiveCaeser = GridGame<7>;

/// Whether (file, rank) is one of the 37 holes.
pub fn is_hole(file: isize, rank: isize) -> bool {
    (0..7).contains(&file) && (0..7).contains(&rank) && (3..=9).contains(&(file + rank))
}

impl GridGame<7> {
    /// Reads a full position text `caeser <placement> <side> <a>,<b> [passes]`, each rank of
    /// the placement listing only its holes; `None` if it is not one.
    pub fn from_text(text: &str) -> Option<NaiveCaeser> {
        // Each rank's holes, left to right.
        let holes = |rank: usize| {
            let hole = |f: &usize| is_hole(*f as isize, rank as isize);
            (0..7).filter(hole).collect()
        };
        GridGame::read(text, "caeser", holes, decide)
    }
}

impl Reference<CaeserPosition> for NaiveCaeser {
    type Move = NaiveMove;

    /// A below the middle row (rank < file), B above it, A to move.
    fn start() -> NaiveCaeser {
        let mut board: Board = [[None; 7]; 7];
        for (rank, row) in board.iter_mut().enumerate() {
            for (file, cell) in row.iter_mut().enumerate() {
                if is_hole(file as isize, rank as isize) && rank != file {
                    *cell = Some(if rank < file { 0 } else { 1 });
                }
            }
        }
        let turns = Turns::new(&board, 0, [0, 0], 0, decide);
        NaiveCaeser { board, turns }
    }

    /// Read from the engine's position text by the reference's own reader.
    fn from_engine(pos: &CaeserPosition) -> NaiveCaeser {
        NaiveCaeser::from_text(&pos.to_text()).expect("the reference reads the engine's text")
    }

    fn legal_moves(&self) -> Vec<NaiveMove> {
        let dirs: [(isize, isize); 3] = if self.to_move() == 0 {
            [(0, 1), (-1, 0), (-1, 1)]
        } else {
            [(0, -1), (1, 0), (1, -1)]
        };
        self.moves(&dirs, is_hole)
    }

    fn play(&mut self, mv: NaiveMove) {
        GridGame::play(self, mv);
    }

    crate::grid_reference_items!(turns, STRIDE);
}

/// The mover wins with every man on the other half.
fn decide(board: &Board, mover: usize, _moves: u64) -> Option<Status> {
    won(board, mover).then_some(Status::Won(mover))
}

/// Whether every man of `side` stands on the other half: rank > file for A, rank < file
/// for B.
fn won(board: &Board, side: usize) -> bool {
    all_home(board, side, |file, rank| {
        if side == 0 {
            rank > file
        } else {
            rank < file
        }
    })
}
