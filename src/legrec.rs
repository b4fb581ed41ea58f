//! A deliberately simple reference for Le Grec (RULES-relatives.md §3), written from the
//! rules and independent of the engine: a 4×4 array of `Option<side>`, the five directions
//! as (file, rank) offsets looped over per stone, copy-make, the repetition history as a
//! list of earlier boards, its own position-text reader and its own perft. Nothing from
//! the engine is used.

pub use crate::reference::{cell_name, naive_move_text, Cell, NaiveMove};

/// The board: `board[rank][file]`, the side of the stone there.
type Board = Grid<4>;

pub use crate::reference::NaiveStatus;
use crate::reference::{grid_after, grid_moves, text_fields, Grid, Reference, Turns};

/// A position of the reference, with the boards of the game so far.
#[derive(Clone, Debug)]
pub struct NaiveLeGrec {
    turns: Turns<Board>,
}

impl NaiveLeGrec {
    /// The start position.
    pub fn start() -> NaiveLeGrec {
        NaiveLeGrec::from_text("legrec BBBB/1BBB/AAA1/AAAA A 0,0").expect("the start")
    }

    /// Reads a full position text `legrec <placement> <side> <a>,<b> [passes]`; `None` if it
    /// is not one.
    pub fn from_text(text: &str) -> Option<NaiveLeGrec> {
        let (placement, to_move, passes) = text_fields(text, "legrec")?;
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
        Some(NaiveLeGrec {
            turns: Turns::new(board, to_move, passes, won),
        })
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.turns.to_move
    }
}

impl Reference for NaiveLeGrec {
    type Move = NaiveMove;

    fn moves(&self) -> Vec<NaiveMove> {
        if self.turns.is_over() {
            return Vec::new();
        }
        let side = self.turns.to_move;
        let ahead: isize = if side == 0 { 1 } else { -1 };
        let dirs = [(0, ahead), (1, ahead), (-1, ahead), (1, 0), (-1, 0)];
        grid_moves(&self.turns.board, side, &dirs, |f, r| {
            (0..4).contains(&f) && (0..4).contains(&r)
        })
    }

    fn play(&self, mv: NaiveMove) -> NaiveLeGrec {
        NaiveLeGrec {
            turns: self.turns.next(grid_after(&self.turns.board, mv), won),
        }
    }

    fn move_text(mv: NaiveMove) -> String {
        naive_move_text(mv)
    }

    fn status(&self) -> NaiveStatus {
        self.turns.status
    }
}

/// Whether every stone of `side` stands on its goal ranks (3–4 for A, 1–2 for B).
fn won(board: &Board, side: usize) -> bool {
    (0..4).all(|rank| {
        (0..4).all(|file| {
            board[rank][file] != Some(side) || if side == 0 { rank >= 2 } else { rank <= 1 }
        })
    })
}
