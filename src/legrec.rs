//! A deliberately simple reference for Le Grec (RULES-relatives.md §3), written from the
//! rules and independent of the engine: a 4×4 array of `Option<side>`, the five directions
//! as (file, rank) offsets looped over per stone, copy-make, the repetition history as a
//! list of earlier boards (the shared [`crate::reference::Turns`]), its own position-text
//! reader and perft by copy. From the engine it takes only a position's text (read by its
//! own reader) and the cell numbering `file + 4·rank` of moves.

use crate::reference::{grid_move, grid_moves, index_move, text_fields, Grid, Reference, Turns};
pub use crate::reference::{Cell, NaiveMove};
use halma_engine::games::legrec::LeGrecPosition;
use halma_engine::{Move, Status};

/// The board: `board[rank][file]`, the side of the stone there.
type Board = Grid<4>;

/// A position of the reference, with the boards of the game so far.
#[derive(Clone, Debug)]
pub struct NaiveLeGrec {
    board: Board,
    turns: Turns<Board>,
}

impl NaiveLeGrec {
    /// Reads a full position text `legrec <placement> <side> <a>,<b> [passes]`; `None` if it
    /// is not one.
    pub fn from_text(text: &str) -> Option<NaiveLeGrec> {
        let (placement, to_move, counts, passes) = text_fields(text, "legrec")?;
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 4 {
            return None;
        }
        let mut board: Board = [[None; 4]; 4];
        for (i, row) in rows.iter().enumerate() {
            let rank = 3 - i;
            let mut file = 0;
            for c in row.chars() {
                match c {
                    '1'..='4' => file += c as usize - '0' as usize,
                    'A' | 'B' => {
                        if file > 3 {
                            return None;
                        }
                        board[rank][file] = Some(if c == 'A' { 0 } else { 1 });
                        file += 1;
                    }
                    _ => return None,
                }
            }
            if file != 4 {
                return None;
            }
        }
        let turns = Turns::new(&board, to_move, counts, passes, decide);
        Some(NaiveLeGrec { board, turns })
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.turns.to_move()
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
        if self.turns.is_over() {
            return Vec::new();
        }
        let side = self.to_move();
        let ahead: isize = if side == 0 { 1 } else { -1 };
        let dirs = [(0, ahead), (1, ahead), (-1, ahead), (1, 0), (-1, 0)];
        let mut moves = grid_moves(&self.board, side, &dirs, |f, r| {
            (0..4).contains(&f) && (0..4).contains(&r)
        });
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
        grid_move(mv, 4)
    }

    fn engine_move(mv: NaiveMove) -> Move {
        index_move(mv, 4)
    }
}

/// The mover wins with every stone on its goal ranks.
fn decide(board: &Board, mover: usize, _moves: u64) -> Option<Status> {
    won(board, mover).then_some(Status::Won(mover))
}

/// Whether every stone of `side` stands on its goal ranks (3–4 for A, 1–2 for B).
fn won(board: &Board, side: usize) -> bool {
    (0..4).all(|rank| {
        (0..4).all(|file| {
            board[rank][file] != Some(side) || if side == 0 { rank >= 2 } else { rank <= 1 }
        })
    })
}
