//! What the simple references of two-sided stone games share (Le Grec, Caeser): the status,
//! the turn bookkeeping around a game's own board (side to move, passes, the boards seen
//! for the repetition draw), a trait with perft over it, and the checks the tests make of
//! the engine against a reference. Written from the rules' conventions, nothing from the
//! engine's rules is used.

use halma_engine::game::{Game, Status};

/// A cell as 0-based (file, rank).
pub type Cell = (usize, usize);

/// A move of a reference: `Some((from, to))`, or `None` for the pass.
pub type NaiveMove = Option<(Cell, Cell)>;

/// An N×N array of cells, `grid[rank][file]`: the side of the stone there (cells off a
/// board of another shape stay `None` and are never used).
pub type Grid<const N: usize> = [[Option<usize>; N]; N];

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

/// The moves of `side` on `grid` where each stone steps to an adjacent empty cell in one of
/// `dirs` (file, rank offsets) or jumps in one of them over an adjacent enemy stone to the
/// empty cell beyond; `on(file, rank)` says whether a cell is on the board. The pass alone
/// when there is no other.
pub fn grid_moves<const N: usize>(
    grid: &Grid<N>,
    side: usize,
    dirs: &[(isize, isize)],
    on: impl Fn(isize, isize) -> bool,
) -> Vec<NaiveMove> {
    let at = |f: isize, r: isize| on(f, r).then(|| grid[r as usize][f as usize]);
    let mut out = Vec::new();
    for (rank, row) in grid.iter().enumerate() {
        for (file, &cell) in row.iter().enumerate() {
            if cell != Some(side) {
                continue;
            }
            let (f, r) = (file as isize, rank as isize);
            for &(df, dr) in dirs {
                let to = match at(f + df, r + dr) {
                    // A step to an empty cell.
                    Some(None) => Some((f + df, r + dr)),
                    // A jump over an enemy stone to the empty cell beyond.
                    Some(Some(s)) if s != side && at(f + 2 * df, r + 2 * dr) == Some(None) => {
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

/// The grid after `mv` (`None` for the pass, which leaves it as it is).
pub fn grid_after<const N: usize>(grid: &Grid<N>, mv: NaiveMove) -> Option<Grid<N>> {
    mv.map(|((ff, fr), (tf, tr))| {
        let mut next = *grid;
        next[tr][tf] = next[fr][ff].take();
        next
    })
}

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

/// A board, the side to move, the passes in a row, every (board, side to move) of the game
/// so far (the present included) and the status.
#[derive(Clone, Debug)]
pub struct Turns<B> {
    /// The board.
    pub board: B,
    /// The side to move.
    pub to_move: usize,
    /// Passes in a row just before.
    pub passes: usize,
    seen: Vec<(B, usize)>,
    /// The status after the last move.
    pub status: NaiveStatus,
}

impl<B> Turns<B> {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.status != NaiveStatus::Ongoing
    }
}

impl<B: Copy + PartialEq> Turns<B> {
    /// A position met for the first time; `won(board, side)` says whether `side` has all its
    /// stones in its goal (tested for the side that just moved).
    pub fn new(board: B, to_move: usize, passes: usize, won: impl Fn(&B, usize) -> bool) -> Self {
        let mut turns = Turns {
            board,
            to_move,
            passes,
            seen: vec![(board, to_move)],
            status: NaiveStatus::Ongoing,
        };
        turns.settle(won(&board, 1 - to_move));
        turns
    }

    /// The position after the side to move's move to `board` (`None`: the pass), the
    /// status by the conventions: the mover wins; two passes; third repetition.
    pub fn next(&self, board: Option<B>, won: impl Fn(&B, usize) -> bool) -> Self {
        let mut next = self.clone();
        let mover = self.to_move;
        match board {
            Some(b) => {
                next.board = b;
                next.passes = 0;
            }
            None => next.passes += 1,
        }
        next.to_move = 1 - mover;
        next.seen.push((next.board, next.to_move));
        next.settle(won(&next.board, mover));
        next
    }

    fn settle(&mut self, won: bool) {
        let now = (self.board, self.to_move);
        self.status = if won {
            NaiveStatus::Won(1 - self.to_move)
        } else if self.passes >= 2 {
            NaiveStatus::DrawByPasses
        } else if self.seen.iter().filter(|&&s| s == now).count() >= 3 {
            NaiveStatus::DrawByRepetition
        } else {
            NaiveStatus::Ongoing
        };
    }
}

/// A simple reference position: its legal moves, copy-make and perft.
pub trait Reference: Clone {
    /// A move (the pass included).
    type Move: Copy;
    /// The legal moves: the pass alone when there is no other, none when the game is over.
    fn moves(&self) -> Vec<Self::Move>;
    /// The position after `mv` (a legal move).
    fn play(&self, mv: Self::Move) -> Self;
    /// A move's text, as the engine writes it.
    fn move_text(mv: Self::Move) -> String;
    /// The status after the last move.
    fn status(&self) -> NaiveStatus;

    /// The perft count at `depth`.
    fn perft(&self, depth: u32) -> u64 {
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

    /// The position after the move whose text is `text`, if it is legal.
    fn play_text(&self, text: &str) -> Option<Self> {
        let mv = self
            .moves()
            .into_iter()
            .find(|&m| Self::move_text(m) == text)?;
        Some(self.play(mv))
    }
}

/// The reference position `start` after the moves of `pos`'s history (the same history);
/// panics if the reference has no such move.
pub fn replay<P: Game, R: Reference>(start: R, pos: &P) -> R {
    pos.history().fold(start, |naive, mv| {
        let text = pos.move_text(mv);
        naive
            .play_text(&text)
            .unwrap_or_else(|| panic!("the reference has no move {text}"))
    })
}

/// The engine's legal moves and the reference's, as sorted texts.
pub fn move_lists<P: Game, R: Reference>(pos: &P, naive: &R) -> (Vec<String>, Vec<String>) {
    let mut a: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.move_text(m))
        .collect();
    let mut b: Vec<String> = naive.moves().into_iter().map(R::move_text).collect();
    a.sort();
    b.sort();
    (a, b)
}

/// Whether the engine's status is the reference's.
pub fn same_status(a: Status, b: NaiveStatus) -> bool {
    matches!(
        (a, b),
        (Status::Ongoing, NaiveStatus::Ongoing)
            | (Status::DrawByPasses, NaiveStatus::DrawByPasses)
            | (Status::DrawByRepetition, NaiveStatus::DrawByRepetition)
    ) || matches!((a, b), (Status::Won(x), NaiveStatus::Won(y)) if x == y)
}

/// The fields of a position text `<rules> <placement> <side> <a>,<b> [passes]` of the game
/// `rules`: the placement, the side to move and the passes in a row; `None` if it is not
/// one (the move counts are not read).
pub fn text_fields<'a>(text: &'a str, rules: &str) -> Option<(&'a str, usize, usize)> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 4 || fields.len() > 5 || fields[0] != rules {
        return None;
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
    Some((fields[1], to_move, passes))
}

/// Plays a game from `pos` and `naive` (the same position) up to `max_plies` moves, each
/// chosen by `pick` from the engine's position, checking before every move and at the end
/// that both have the same legal moves and the same status; returns the engine's position.
pub fn agree_along_game<P: Game, R: Reference>(
    mut pos: P,
    mut naive: R,
    max_plies: usize,
    mut pick: impl FnMut(&P) -> halma_engine::Move,
) -> P {
    for ply in 0..=max_plies {
        let (a, b) = move_lists(&pos, &naive);
        assert_eq!(a, b, "{}", pos.to_text());
        assert!(
            same_status(pos.status(), naive.status()),
            "{}: {:?}",
            pos.to_text(),
            naive.status()
        );
        if pos.status().is_over() || ply == max_plies {
            break;
        }
        let mv = pick(&pos);
        let text = pos.move_text(mv);
        naive = naive
            .play_text(&text)
            .unwrap_or_else(|| panic!("the reference has no move {text}"));
        pos.make(mv);
    }
    pos
}
