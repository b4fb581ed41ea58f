//! A deliberately simple reference for Le Zug, written from `RULES-relatives.md` §5 and its
//! fine points, independent of the engine's two-half bitboards
//! (`engine/src/games/zug/`): a 17×17 array of `Option<side>` (only the dark squares are
//! ever used), the four diagonals as (file, rank) offsets, a loop over every square and
//! every direction, a depth-first search of each piece's jump chains over a copy of the
//! board with the piece lifted, copy-make; status and perft by the shared
//! [`crate::reference`].
//!
//! Only the pieces, side to move, counts and passes are read from an engine position
//! ([`NaiveZug::from_engine`]); cells convert to engine indices as `x + 17·y`.

use crate::conformance::Bench;
use crate::reference::{Grid, Reference, Turns};
use halma_engine::games::zug::ZugPosition;

/// Board width.
const N: usize = 17;

/// A square as 0-based (file, rank).
pub type Cell = (usize, usize);

/// A move of the reference.
pub use crate::reference::CellMove as NaiveMove;

/// The board: `board[rank][file]`.
pub type Board = Grid<N>;

/// The four diagonals as (file, rank) offsets; A's forward ones first.
const DIAGONALS: [(isize, isize); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// Where the benchmarks' positions come from (`benches/zug.rs`, checked by the conformance
/// suite).
pub const BENCH: Bench = Bench::Policy(300, 6, 7);

/// A position of the reference.
#[derive(Clone, Debug)]
pub struct NaiveZug {
    board: Board,
    log: Turns<Board>,
}

/// Whether (file, rank) is on the board.
fn on(x: isize, y: isize) -> bool {
    (0..N as isize).contains(&x) && (0..N as isize).contains(&y)
}

/// Whether rank `y` is in `side`'s camp (ranks 1-4 for A, 14-17 for B).
fn in_camp(side: usize, y: usize) -> bool {
    if side == 0 {
        y <= 3
    } else {
        y >= 13
    }
}

/// `side`'s back rank and second rank (0-based).
fn home_ranks(side: usize) -> (usize, usize) {
    if side == 0 {
        (0, 1)
    } else {
        (16, 15)
    }
}

/// The pieces of `side`, each as (file, rank).
fn pieces(board: &Board, side: usize) -> Vec<Cell> {
    let mut out = Vec::new();
    for (y, row) in board.iter().enumerate() {
        for (x, &s) in row.iter().enumerate() {
            if s == Some(side) {
                out.push((x, y));
            }
        }
    }
    out
}

/// Whether `mover` has won: its twelve pieces fill the opponent's back rank's nine dark
/// squares and the other three stand on the opponent's second rank.
fn won(board: &Board, mover: usize) -> bool {
    let (back, second) = home_ranks(1 - mover);
    let mine = pieces(board, mover);
    let on_back = mine.iter().filter(|c| c.1 == back).count();
    let on_second = mine.iter().filter(|c| c.1 == second).count();
    mine.len() == 12 && on_back == 9 && on_second == 3
}

/// The game is won by the mover's move to `board` when [`won`] says so.
fn decide(board: &Board, mover: usize, _moves: u64) -> Option<halma_engine::Status> {
    won(board, mover).then_some(halma_engine::Status::Won(mover))
}

impl NaiveZug {
    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.log.to_move()
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The destinations of the piece on `from` of `side` moving in `dirs`, where `others_home`
    /// says whether another own piece stands in the own camp (the camp rule).
    fn destinations(
        &self,
        side: usize,
        from: Cell,
        dirs: &[(isize, isize)],
        others_home: bool,
    ) -> Vec<Cell> {
        let mut board = self.board;
        // The origin is empty while the piece moves.
        board[from.1][from.0] = None;
        let empty = |x: isize, y: isize| on(x, y) && board[y as usize][x as usize].is_none();
        let full = |x: isize, y: isize| on(x, y) && board[y as usize][x as usize].is_some();
        // Every landing of a jump chain, the origin first (where the chain begins).
        let mut landed = vec![from];
        let mut todo = vec![from];
        while let Some((x, y)) = todo.pop() {
            let (x, y) = (x as isize, y as isize);
            for &(dx, dy) in dirs {
                if full(x + dx, y + dy) && empty(x + 2 * dx, y + 2 * dy) {
                    let land = ((x + 2 * dx) as usize, (y + 2 * dy) as usize);
                    if !landed.contains(&land) {
                        landed.push(land);
                        todo.push(land);
                    }
                }
            }
        }
        let mut out: Vec<Cell> = Vec::new();
        for &(x, y) in &landed {
            // The chain may stop here, or take one step more (from the origin: a step).
            if (x, y) != from && !out.contains(&(x, y)) {
                out.push((x, y));
            }
            for &(dx, dy) in dirs {
                let (tx, ty) = (x as isize + dx, y as isize + dy);
                if empty(tx, ty) && !out.contains(&(tx as usize, ty as usize)) {
                    out.push((tx as usize, ty as usize));
                }
            }
        }
        out.retain(|&(_, y)| !(others_home && in_camp(1 - side, y)));
        out
    }
}

impl Reference<ZugPosition> for NaiveZug {
    type Move = NaiveMove;

    /// Each side's nine pieces on its back rank, nothing placed yet, A to move.
    fn start() -> NaiveZug {
        let mut board: Board = [[None; N]; N];
        for x in (0..N).step_by(2) {
            board[0][x] = Some(0);
            board[16][x] = Some(1);
        }
        let log = Turns::new(&board, 0, [0, 0], 0, decide);
        NaiveZug { board, log }
    }

    fn from_engine(pos: &ZugPosition) -> NaiveZug {
        let mut board: Board = [[None; N]; N];
        for (y, row) in board.iter_mut().enumerate() {
            for (x, square) in row.iter_mut().enumerate() {
                *square = pos.side_at(x + N * y);
            }
        }
        let log = Turns::of(pos, &board, pos.passes_in_row(), decide);
        NaiveZug { board, log }
    }

    /// A side with fewer than twelve pieces places one on an empty dark square of its own
    /// second rank; else every piece's destinations. Sorted; the pass alone when there is no
    /// move; nothing when the game is over.
    fn legal_moves(&self) -> Vec<NaiveMove> {
        if self.log.status().is_over() {
            return Vec::new();
        }
        let side = self.to_move();
        let mine = pieces(&self.board, side);
        let mut moves = Vec::new();
        if mine.len() < 12 {
            let (_, second) = home_ranks(side);
            for x in (1..N).step_by(2) {
                if self.board[second][x].is_none() {
                    moves.push(NaiveMove::Drop((x, second)));
                }
            }
        } else {
            let backward = mine.iter().all(|&(_, y)| in_camp(1 - side, y));
            let dirs: &[(isize, isize)] = match (backward, side) {
                (true, _) => &DIAGONALS,
                (false, 0) => &DIAGONALS[..2],
                (false, _) => &DIAGONALS[2..],
            };
            let home = mine.iter().filter(|&&(_, y)| in_camp(side, y)).count();
            for &from in &mine {
                let others_home = home - usize::from(in_camp(side, from.1)) > 0;
                for to in self.destinations(side, from, dirs, others_home) {
                    moves.push(NaiveMove::Go(from, to));
                }
            }
        }
        if moves.is_empty() {
            moves.push(NaiveMove::Pass);
        }
        moves.sort();
        moves
    }

    fn play(&mut self, mv: NaiveMove) {
        let side = self.to_move();
        match mv {
            NaiveMove::Drop((x, y)) => self.board[y][x] = Some(side),
            NaiveMove::Go((fx, fy), (tx, ty)) => {
                self.board[fy][fx] = None;
                self.board[ty][tx] = Some(side);
            }
            NaiveMove::Pass => {}
            NaiveMove::Off(_) => unreachable!("no piece is borne off in Le Zug"),
        }
        self.log.record(&self.board, mv == NaiveMove::Pass);
    }

    crate::grid_reference_items!(log, N, CellMove);
}
