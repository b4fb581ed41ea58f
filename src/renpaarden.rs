//! A deliberately simple reference for Renpaarden, written from `RULES-relatives.md` §4 and
//! its fine points, independent of the engine's bitboard generator
//! (`engine/src/games/renpaarden/movegen.rs`): a 9×9 array of `Option<side>`, the eight
//! knight offsets written out, a recursive depth-first search over the leaps for each stone,
//! moves collected in a sorted set, its own make; status and perft by the shared
//! [`crate::reference`].
//!
//! Only the stones, side to move, counts and passes are read from an engine position
//! ([`NaiveRenpaarden::from_engine`]); cells convert to engine indices as `x + 9·y`.

use crate::conformance::Bench;
use crate::reference::{grid_of, moves_by_cell, GridMove, Reference, Turns};
use halma_engine::games::renpaarden::RenpaardenPosition;

use std::collections::BTreeSet;

/// Board width.
const N: usize = 9;

/// A cell as 0-based (file, rank).
pub type Cell = (usize, usize);

/// A move of the reference: `Some((from, to))`, or `None` for the pass.
pub type NaiveMove = GridMove;

/// The knight's leaps (Lehrma's reference uses them too).
pub const KNIGHT: [(isize, isize); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The 9×9 board: `board[x][y]` is the side of the stone on file `x`, rank `y`.
pub type Board = [[Option<usize>; N]; N];

/// Where the benchmarks' positions come from (`benches/renpaarden.rs`, checked by the conformance
/// suite).
pub const BENCH: Bench = Bench::Policy(40, 0, 5);

/// A position of the reference.
#[derive(Clone, Debug)]
pub struct NaiveRenpaarden {
    board: Board,
    log: Turns<Board>,
}

/// Whether `mover`'s stones fill the opponent's start ranks (A: ranks 8-9, B: ranks 1-2).
fn home_coming(board: &Board, mover: usize) -> bool {
    let goal_ranks = if mover == 0 { [7, 8] } else { [0, 1] };
    (0..N).all(|x| goal_ranks.iter().all(|&y| board[x][y] == Some(mover)))
}

/// The game is won by the mover's move to `board` when [`home_coming`] says so.
fn decide(board: &Board, mover: usize, _moves: u64) -> Option<halma_engine::Status> {
    home_coming(board, mover).then_some(halma_engine::Status::Won(mover))
}

impl NaiveRenpaarden {
    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.log.to_move()
    }

    /// The side of the stone on `c`.
    pub fn at(&self, c: Cell) -> Option<usize> {
        self.board[c.0][c.1]
    }

    /// The cell a knight leap `d` from `c` reaches, if on the board.
    fn leap(c: Cell, d: (isize, isize)) -> Option<Cell> {
        let x = c.0 as isize + d.0;
        let y = c.1 as isize + d.1;
        if (0..N as isize).contains(&x) && (0..N as isize).contains(&y) {
            Some((x as usize, y as usize))
        } else {
            None
        }
    }

    /// Follows every leap from `at` for the stone that started on `origin`: never onto an
    /// own stone; the origin counts as empty but ends the path there as no move; an empty
    /// cell is a destination; an enemy stone not yet visited is leapt from again.
    fn search(
        &self,
        origin: Cell,
        at: Cell,
        visited: &mut BTreeSet<Cell>,
        found: &mut BTreeSet<Cell>,
    ) {
        let me = self.to_move();
        for d in KNIGHT {
            let Some(next) = Self::leap(at, d) else {
                continue;
            };
            if next == origin {
                continue;
            }
            match self.at(next) {
                None => {
                    found.insert(next);
                }
                Some(s) if s == me => {}
                Some(_) => {
                    if visited.insert(next) {
                        self.search(origin, next, visited, found);
                    }
                }
            }
        }
    }
}

impl Reference<RenpaardenPosition> for NaiveRenpaarden {
    type Move = NaiveMove;

    /// A (side 0) on ranks 1 and 2, B on ranks 8 and 9, A to move.
    fn start() -> NaiveRenpaarden {
        let mut board = [[None; N]; N];
        for column in board.iter_mut() {
            column[0] = Some(0);
            column[1] = Some(0);
            column[7] = Some(1);
            column[8] = Some(1);
        }
        let log = Turns::new(&board, 0, [0, 0], 0, decide);
        NaiveRenpaarden { board, log }
    }

    fn from_engine(pos: &RenpaardenPosition) -> NaiveRenpaarden {
        let board = grid_of(|x, y| pos.side_at(x + N * y));
        let log = Turns::of(pos, &board, pos.passes_in_row(), decide);
        NaiveRenpaarden { board, log }
    }

    /// The legal moves, sorted: the pass alone when there is no other, none when the game is
    /// over.
    fn legal_moves(&self) -> Vec<NaiveMove> {
        moves_by_cell(N, self.log.is_over(), None, |(x, y), moves| {
            if self.board[x][y] != Some(self.to_move()) {
                return;
            }
            let mut visited = BTreeSet::new();
            let mut found = BTreeSet::new();
            self.search((x, y), (x, y), &mut visited, &mut found);
            moves.extend(found.into_iter().map(|to| Some(((x, y), to))));
        })
    }

    fn play(&mut self, mv: NaiveMove) {
        if let Some((from, to)) = mv {
            self.board[to.0][to.1] = self.board[from.0][from.1].take();
        }
        self.log.record(&self.board, mv.is_none());
    }

    crate::grid_reference_items!(log, N);
}
