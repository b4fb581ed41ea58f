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

/// The state of the game after the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NaiveStatus {
    /// The game goes on.
    Ongoing,
    /// The side won with its last move.
    Won(usize),
    /// Two passes in a row.
    DrawByPasses,
    /// Third occurrence of the board with the same side to move.
    DrawByRepetition,
}

/// A position of the reference, with the boards of the game so far.
#[derive(Clone, Debug)]
pub struct NaiveLeGrec {
    board: Board,
    to_move: usize,
    passes: usize,
    /// Every (board, side to move) of the game so far, the present included.
    seen: Vec<(Board, usize)>,
    status: NaiveStatus,
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
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 4 || fields.len() > 5 || fields[0] != "legrec" {
            return None;
        }
        let rows: Vec<&str> = fields[1].split('/').collect();
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
        let to_move = match fields[2] {
            "A" => 0,
            "B" => 1,
            _ => return None,
        };
        let passes = match fields.get(4) {
            Some(p) => p.parse().ok()?,
            None => 0,
        };
        let mut pos = NaiveLeGrec {
            board,
            to_move,
            passes,
            seen: vec![(board, to_move)],
            status: NaiveStatus::Ongoing,
        };
        pos.status = pos.status_after(1 - to_move);
        Some(pos)
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// The status after the last move.
    pub fn status(&self) -> NaiveStatus {
        self.status
    }

    /// The legal moves: the pass alone when there is no other, none when the game is over.
    pub fn moves(&self) -> Vec<NaiveMove> {
        if self.status != NaiveStatus::Ongoing {
            return Vec::new();
        }
        let side = self.to_move;
        let ahead: isize = if side == 0 { 1 } else { -1 };
        let dirs = [(0, ahead), (1, ahead), (-1, ahead), (1, 0), (-1, 0)];
        let at = |f: isize, r: isize| -> Option<Option<usize>> {
            if (0..4).contains(&f) && (0..4).contains(&r) {
                Some(self.board[r as usize][f as usize])
            } else {
                None
            }
        };
        let mut out = Vec::new();
        for rank in 0..4 {
            for file in 0..4 {
                if self.board[rank][file] != Some(side) {
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

    /// The position after `mv` (a legal move).
    pub fn play(&self, mv: NaiveMove) -> NaiveLeGrec {
        let mut next = self.clone();
        let side = self.to_move;
        match mv {
            Some(((ff, fr), (tf, tr))) => {
                next.board[fr][ff] = None;
                next.board[tr][tf] = Some(side);
                next.passes = 0;
            }
            None => next.passes += 1,
        }
        next.to_move = 1 - side;
        next.seen.push((next.board, next.to_move));
        next.status = next.status_after(side);
        next
    }

    /// The status after `mover` moved here: win, two passes, third repetition.
    fn status_after(&self, mover: usize) -> NaiveStatus {
        let goal = |rank: usize| if mover == 0 { rank >= 2 } else { rank <= 1 };
        let mut all_in = true;
        for rank in 0..4 {
            for file in 0..4 {
                if self.board[rank][file] == Some(mover) && !goal(rank) {
                    all_in = false;
                }
            }
        }
        if all_in {
            return NaiveStatus::Won(mover);
        }
        if self.passes >= 2 {
            return NaiveStatus::DrawByPasses;
        }
        let now = (self.board, self.to_move);
        if self.seen.iter().filter(|&&s| s == now).count() >= 3 {
            return NaiveStatus::DrawByRepetition;
        }
        NaiveStatus::Ongoing
    }

    /// The perft count at `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        crate::reference::perft_by_copy(self, depth, Self::moves, |p, mv| *p = p.play(mv))
    }
}
