//! What the simple references share, in two sets still to be unified.
//!
//! For the two-sided stone games Le Grec and Caeser: the status, the turn bookkeeping
//! around a game's own board (side to move, passes, the boards seen for the repetition
//! draw), a trait with perft over it ([`Reference`]), and the checks the tests make of the
//! engine against a reference. Written from the rules' conventions, nothing from the
//! engine's rules is used.
//!
//! For the per-cell references of the races (Renpaarden, Carrera): perft by copying
//! positions, the bookkeeping and end tests of a race of two sides (RULES-relatives.md,
//! common conventions), the link between a reference and the engine's game
//! ([`ReferenceOf`]) and seeded play in the engine's playout policy.

use halma_engine::{Game, Move, Status};
use std::fmt::Debug;

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
        perft_by_copy(self, depth, Self::moves, |p, mv| *p = p.play(mv))
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
    mut pick: impl FnMut(&P) -> Move,
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

/// The perft count at `depth` of a reference position, a copy a node: `moves` gives the
/// legal moves (the pass when forced, none when the game is over), `play` plays one.
pub fn perft_by_copy<T: Clone, M>(
    pos: &T,
    depth: u32,
    moves: impl Fn(&T) -> Vec<M> + Copy,
    play: impl Fn(&mut T, M) + Copy,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let list = moves(pos);
    if depth == 1 {
        return list.len() as u64;
    }
    list.into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            play(&mut child, mv);
            perft_by_copy(&child, depth - 1, moves, play)
        })
        .sum()
}

/// The status after `mover` moved, by the conventions' order: it wins if `home_coming`;
/// two passes in a row draw; the present (the last of `seen`, every arrangement with its
/// side to move so far) occurring the third time draws.
pub fn race_status<T: PartialEq>(
    mover: usize,
    home_coming: bool,
    passes: usize,
    seen: &[T],
) -> Status {
    let present = seen.last().expect("the present is recorded");
    if home_coming {
        Status::Won(mover)
    } else if passes >= 2 {
        Status::DrawByPasses
    } else if seen.iter().filter(|&s| s == present).count() >= 3 {
        Status::DrawByRepetition
    } else {
        Status::Ongoing
    }
}

/// Whether a side's pieces all stand on the opponent's start cells, on a board `B`.
pub type HomeComing<B> = fn(&B, usize) -> bool;

/// The bookkeeping of a two-side race reference besides its board `B`: side to move, move
/// counts, passes in a row, status and every (board, side to move) so far.
#[derive(Clone, Debug)]
pub struct RaceLog<B> {
    to_move: usize,
    move_counts: [u64; 2],
    passes: usize,
    status: Status,
    seen: Vec<(B, usize)>,
    home_coming: HomeComing<B>,
}

impl<B: Clone + PartialEq> RaceLog<B> {
    /// The log of a position `board` with `to_move` to move after `move_counts` moves and
    /// `passes` passes in a row; its status is evaluated for the previous mover (no history:
    /// repetitions count from here).
    pub fn new(
        board: &B,
        to_move: usize,
        move_counts: [u64; 2],
        passes: usize,
        home_coming: HomeComing<B>,
    ) -> RaceLog<B> {
        let mut log = RaceLog {
            to_move,
            move_counts,
            passes,
            status: Status::Ongoing,
            seen: vec![(board.clone(), to_move)],
            home_coming,
        };
        log.status = log.status_after(board, 1 - to_move);
        log
    }

    /// The log of an engine position whose board reads as `board`.
    pub fn of<P: Game>(pos: &P, board: &B, passes: u8, home_coming: HomeComing<B>) -> Self {
        let counts = [pos.move_count(0), pos.move_count(1)];
        RaceLog::new(board, pos.to_move(), counts, passes.into(), home_coming)
    }

    /// Records a move (`passed` for the pass) of the side to move, after which the board
    /// is `board`, and evaluates the status.
    pub fn record(&mut self, board: &B, passed: bool) {
        let mover = self.to_move;
        self.passes = if passed { self.passes + 1 } else { 0 };
        self.move_counts[mover] += 1;
        self.to_move = 1 - mover;
        self.seen.push((board.clone(), self.to_move));
        self.status = self.status_after(board, mover);
    }

    fn status_after(&self, board: &B, mover: usize) -> Status {
        let home = (self.home_coming)(board, mover);
        race_status(mover, home, self.passes, &self.seen)
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Moves `side` has made, passes included.
    pub fn move_count(&self, side: usize) -> u64 {
        self.move_counts[side]
    }

    /// The status after the last move.
    pub fn status(&self) -> Status {
        self.status
    }
}

/// A reference of the engine's game `P`: built from the start or an engine position, its
/// own legal moves, play and status, and moves converted both ways.
pub trait ReferenceOf<P: Game>: Clone {
    /// A move of the reference (sorted as the engine's move lists are compared).
    type Move: Ord + Copy + Debug;

    /// The start position.
    fn start() -> Self;
    /// The reference copy of an engine position (its history is not copied: repetitions
    /// count from here).
    fn from_engine(pos: &P) -> Self;
    /// The legal moves, sorted: the pass alone when there is no other, none when the game
    /// is over.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays `mv` (legal here) and evaluates the status after it.
    fn play(&mut self, mv: Self::Move);
    /// The status after the last move.
    fn status(&self) -> Status;
    /// The reference form of an engine move.
    fn naive_move(mv: Move) -> Self::Move;
    /// The engine form of a reference move.
    fn engine_move(mv: Self::Move) -> Move;

    /// The perft count at `depth`.
    fn perft(&self, depth: u32) -> u64 {
        perft_by_copy(self, depth, Self::legal_moves, Self::play)
    }
}

/// The positions of a game from `start` in the playout policy
/// ([`Game::policy_move`]: with chance `epsilon` a random move, else one of largest gain),
/// seeded by `seed`, until it ends or after `cap` plies; the start first.
pub fn policy_game<P: Game>(start: P, seed: u64, epsilon: f32, cap: usize) -> Vec<P> {
    let mut p = start;
    let eval = p.evaluator(&halma_engine::eval::Weights::default());
    let mut rng = halma_engine::rng::Rng::new(seed);
    let mut out = vec![p.clone()];
    while !p.status().is_over() && out.len() <= cap {
        let mv = p.policy_move(&eval, epsilon, &mut rng);
        p.make(mv);
        out.push(p.clone());
    }
    out
}

/// A move on a square grid of `width` files as `Some(((x, y), (x, y)))`, `None` for the
/// pass: the engine's cell `x + width·y` as 0-based (file, rank).
pub type GridMove = Option<((usize, usize), (usize, usize))>;

/// The grid form of an engine move on a board `width` files wide.
pub fn grid_move(mv: Move, width: usize) -> GridMove {
    let cell = |c: usize| (c % width, c / width);
    (!mv.is_pass()).then(|| (cell(mv.from()), cell(mv.to())))
}

/// The engine form of a grid move on a board `width` files wide.
pub fn index_move(mv: GridMove, width: usize) -> Move {
    match mv {
        None => Move::PASS,
        Some((f, t)) => Move::new(f.0 + width * f.1, t.0 + width * t.1),
    }
}
