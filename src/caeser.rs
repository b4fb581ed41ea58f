//! A deliberately simple reference for Caeser (RULES-relatives.md §7), written from the
//! rules and independent of the engine: a 7×7 array of `Option<side>` over the axial
//! rhombus, a hole being a cell with 3 <= file + rank <= 9, each side's three directions as
//! (file, rank) offsets looped over per man, copy-make, the repetition history as a list of
//! earlier boards, its own position-text reader and its own perft. Nothing from the engine
//! is used.

/// A cell as 0-based (file, rank).
pub type Cell = (usize, usize);

/// A move of the reference: `Some((from, to))`, or `None` for the pass.
pub type NaiveMove = Option<(Cell, Cell)>;

/// The board: `board[rank][file]`, the side of the man there (cells off the hexagon stay
/// `None` and are never used).
type Board = [[Option<usize>; 7]; 7];

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
pub struct NaiveCaeser {
    board: Board,
    to_move: usize,
    passes: usize,
    /// Every (board, side to move) of the game so far, the present included.
    seen: Vec<(Board, usize)>,
    status: NaiveStatus,
}

/// Whether (file, rank) is one of the 37 holes.
pub fn is_hole(file: isize, rank: isize) -> bool {
    (0..7).contains(&file) && (0..7).contains(&rank) && (3..=9).contains(&(file + rank))
}

/// The name of a cell, like `d4`.
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

impl NaiveCaeser {
    /// The start position: A below the middle row (rank < file), B above it.
    pub fn start() -> NaiveCaeser {
        let mut board: Board = [[None; 7]; 7];
        for (rank, row) in board.iter_mut().enumerate() {
            for (file, cell) in row.iter_mut().enumerate() {
                if is_hole(file as isize, rank as isize) && rank != file {
                    *cell = Some(if rank < file { 0 } else { 1 });
                }
            }
        }
        NaiveCaeser {
            board,
            to_move: 0,
            passes: 0,
            seen: vec![(board, 0)],
            status: NaiveStatus::Ongoing,
        }
    }

    /// Reads a full position text `caeser <placement> <side> <a>,<b> [passes]`, each rank of
    /// the placement listing only its holes; `None` if it is not one.
    pub fn from_text(text: &str) -> Option<NaiveCaeser> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 4 || fields.len() > 5 || fields[0] != "caeser" {
            return None;
        }
        let rows: Vec<&str> = fields[1].split('/').collect();
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
        let to_move = match fields[2] {
            "A" => 0,
            "B" => 1,
            _ => return None,
        };
        let passes = match fields.get(4) {
            Some(p) => p.parse().ok()?,
            None => 0,
        };
        let mut pos = NaiveCaeser {
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

    /// The side on (file, rank), if that is a hole with a man.
    fn at(&self, file: isize, rank: isize) -> Option<Option<usize>> {
        is_hole(file, rank).then(|| self.board[rank as usize][file as usize])
    }

    /// The legal moves: the pass alone when there is no other, none when the game is over.
    pub fn moves(&self) -> Vec<NaiveMove> {
        if self.status != NaiveStatus::Ongoing {
            return Vec::new();
        }
        let side = self.to_move;
        let dirs: [(isize, isize); 3] = if side == 0 {
            [(0, 1), (-1, 0), (-1, 1)]
        } else {
            [(0, -1), (1, 0), (1, -1)]
        };
        let mut out = Vec::new();
        for rank in 0..7 {
            for file in 0..7 {
                if self.board[rank][file] != Some(side) {
                    continue;
                }
                let (f, r) = (file as isize, rank as isize);
                for (df, dr) in dirs {
                    let to = match self.at(f + df, r + dr) {
                        // A step to an empty hole.
                        Some(None) => Some((f + df, r + dr)),
                        // A jump over an enemy man to the empty hole beyond.
                        Some(Some(s))
                            if s != side && self.at(f + 2 * df, r + 2 * dr) == Some(None) =>
                        {
                            Some((f + 2 * df, r + 2 * dr))
                        }
                        _ => None,
                    };
                    if let Some((tf, tr)) = to {
                        out.push(Some(((file, rank), (tf as usize, tr as usize))));
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
    pub fn play(&self, mv: NaiveMove) -> NaiveCaeser {
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

    /// The status after `mover` moved here: win (every man of the mover on the other
    /// half: rank > file for A, rank < file for B), two passes, third repetition.
    fn status_after(&self, mover: usize) -> NaiveStatus {
        let in_goal = |file: usize, rank: usize| if mover == 0 { rank > file } else { rank < file };
        let mut all_in = true;
        for rank in 0..7 {
            for file in 0..7 {
                if self.board[rank][file] == Some(mover) && !in_goal(file, rank) {
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
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| self.play(mv).perft(depth - 1))
            .sum()
    }
}
