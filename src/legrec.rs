//! A deliberately simple reference for Le Grec (RULES-relatives.md §3), written from the
//! rules and independent of the engine: a 4×4 array of `Option<side>`, the five directions
//! as (file, rank) offsets looped over per stone, copy-make, the repetition history as a
//! list of earlier boards, its own position-text reader and its own perft. Nothing from
//! the engine is used.

/// A cell as 0-based (file, rank).
pub type Cell = (usize, usize);

/// A move of the reference: `Some((from, to))`, or `None` for the pass.
pub type NaiveMove = Option<(Cell, Cell)>;

/// The board: `board[rank][file]`, the side of the stone there.
type Board = [[Option<usize>; 4]; 4];

pub use crate::reference::NaiveStatus;
use crate::reference::{text_fields, Reference, Turns};

/// A position of the reference, with the boards of the game so far.
#[derive(Clone, Debug)]
pub struct NaiveLeGrec {
    turns: Turns<Board>,
}

/// The name of a cell, like `b3`.
pub fn cell_name((file, rank): Cell) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// A move's text, `from-to` or `pass`.
pub fn naive_move_text(mv: NaiveMove) -> String {
    match mv {
        Some((f, t)) => format!("{}-{}", cell_name(f), cell_name(t)),
        None => "pass".into(),
    }
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
        if self.turns.status != NaiveStatus::Ongoing {
            return Vec::new();
        }
        let side = self.turns.to_move;
        let ahead: isize = if side == 0 { 1 } else { -1 };
        let dirs = [(0, ahead), (1, ahead), (-1, ahead), (1, 0), (-1, 0)];
        let at = |f: isize, r: isize| -> Option<Option<usize>> {
            if (0..4).contains(&f) && (0..4).contains(&r) {
                Some(self.turns.board[r as usize][f as usize])
            } else {
                None
            }
        };
        let mut out = Vec::new();
        for rank in 0..4 {
            for file in 0..4 {
                if self.turns.board[rank][file] != Some(side) {
                    continue;
                }
                let (f, r) = (file as isize, rank as isize);
                for (df, dr) in dirs {
                    match at(f + df, r + dr) {
                        // A step to an empty cell.
                        Some(None) => {
                            out.push(Some(((file, rank), ((f + df) as usize, (r + dr) as usize))))
                        }
                        // A jump over an enemy stone to the empty cell beyond.
                        Some(Some(s)) if s != side && at(f + 2 * df, r + 2 * dr) == Some(None) => {
                            out.push(Some((
                                (file, rank),
                                ((f + 2 * df) as usize, (r + 2 * dr) as usize),
                            )))
                        }
                        _ => {}
                    }
                }
            }
        }
        if out.is_empty() {
            out.push(None);
        }
        out
    }

    fn play(&self, mv: NaiveMove) -> NaiveLeGrec {
        let board = mv.map(|((ff, fr), (tf, tr))| {
            let mut board = self.turns.board;
            board[tr][tf] = board[fr][ff].take();
            board
        });
        NaiveLeGrec {
            turns: self.turns.next(board, won),
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
