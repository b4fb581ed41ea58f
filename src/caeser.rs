//! A deliberately simple reference for Caeser (RULES-relatives.md §7), written from the
//! rules and independent of the engine: a 7×7 array of `Option<side>` over the axial
//! rhombus, a hole being a cell with 3 <= file + rank <= 9, each side's three directions as
//! (file, rank) offsets looped over per man, copy-make, the repetition history as a list of
//! earlier boards (the shared [`crate::reference::Turns`]), its own position-text reader
//! and perft by copy. From the engine it takes only a position's text (read by its own
//! reader) and the cell numbering `file + 8·rank` of moves.

use crate::reference::{grid_move, grid_moves, index_move, text_fields, Grid, Reference, Turns};
pub use crate::reference::{Cell, NaiveMove};
use halma_engine::games::caeser::CaeserPosition;
use halma_engine::{Move, Status};

/// The board: `board[rank][file]`, the side of the stone there.
type Board = Grid<7>;

/// The engine's cells: `file + 8·rank`.
const STRIDE: usize = 8;

/// A position of the reference, with the boards of the game so far.
#[derive(Clone, Debug)]
pub struct NaiveCaeser {
    board: Board,
    turns: Turns<Board>,
}

/// Whether (file, rank) is one of the 37 holes.
pub fn is_hole(file: isize, rank: isize) -> bool {
    (0..7).contains(&file) && (0..7).contains(&rank) && (3..=9).contains(&(file + rank))
}

impl NaiveCaeser {
    /// Reads a full position text `caeser <placement> <side> <a>,<b> [passes]`, each rank of
    /// the placement listing only its holes; `None` if it is not one.
    pub fn from_text(text: &str) -> Option<NaiveCaeser> {
        let (placement, to_move, counts, passes) = text_fields(text, "caeser")?;
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 7 {
            return None;
        }
        let mut board: Board = [[None; 7]; 7];
        for (i, row) in rows.iter().enumerate() {
            let rank = 6 - i;
            // The rank's holes, left to right.
            let holes: Vec<usize> = (0..7)
                .filter(|&f| is_hole(f as isize, rank as isize))
                .collect();
            let mut k = 0;
            for c in row.chars() {
                match c {
                    '1'..='7' => k += c as usize - '0' as usize,
                    'A' | 'B' => {
                        let file = *holes.get(k)?;
                        board[rank][file] = Some(if c == 'A' { 0 } else { 1 });
                        k += 1;
                    }
                    _ => return None,
                }
            }
            if k != holes.len() {
                return None;
            }
        }
        let turns = Turns::new(&board, to_move, counts, passes, decide);
        Some(NaiveCaeser { board, turns })
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.turns.to_move()
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
        if self.turns.is_over() {
            return Vec::new();
        }
        let side = self.to_move();
        let dirs: [(isize, isize); 3] = if side == 0 {
            [(0, 1), (-1, 0), (-1, 1)]
        } else {
            [(0, -1), (1, 0), (1, -1)]
        };
        let mut moves = grid_moves(&self.board, side, &dirs, is_hole);
        moves.sort();
        moves
    }

    fn play(&mut self, mv: NaiveMove) {
        if let Some(((ff, fr), (tf, tr))) = mv {
            self.board[tr][tf] = self.board[fr][ff].take();
        }
        self.turns.record(&self.board, mv.is_none());
    }

    fn status(&self) -> Status {
        self.turns.status()
    }

    fn naive_move(mv: Move) -> NaiveMove {
        grid_move(mv, STRIDE)
    }

    fn engine_move(mv: NaiveMove) -> Move {
        index_move(mv, STRIDE)
    }
}

/// The mover wins with every man on the other half.
fn decide(board: &Board, mover: usize, _moves: u64) -> Option<Status> {
    won(board, mover).then_some(Status::Won(mover))
}

/// Whether every man of `side` stands on the other half: rank > file for A, rank < file
/// for B.
fn won(board: &Board, side: usize) -> bool {
    (0..7).all(|rank| {
        (0..7).all(|file| {
            board[rank][file] != Some(side) || if side == 0 { rank > file } else { rank < file }
        })
    })
}
