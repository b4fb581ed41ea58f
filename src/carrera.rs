//! A deliberately simple reference for Carrera de Caballos, written from
//! `RULES-relatives.md` §6 and its fine points, independent of the engine's bitboard
//! generator (`engine/src/games/carrera/`): a 10×10 array of cells (`Missing`, `Empty`,
//! `Knight(side)`), the eight knight offsets written out, a loop over every cell and every
//! offset, its own play; status and perft by the shared [`crate::reference`].
//!
//! Only the knights, side to move, counts and passes are read from an engine position
//! ([`NaiveCarrera::from_engine`]); cells convert to engine indices as `x + 10·y`.

use crate::conformance::Bench;
use crate::reference::{grid_of, moves_by_cell, GridMove, Reference, Turns};
use halma_engine::games::carrera::CarreraPosition;

/// Board width.
const N: usize = 10;

/// A cell as 0-based (file, rank).
pub type Cell = (usize, usize);

/// A move of the reference: `Some((from, to))`, or `None` for the pass.
pub type NaiveMove = GridMove;

/// What stands on a square of the 10×10 grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// Not a cell of the board (a cut corner).
    Missing,
    /// An empty cell.
    Empty,
    /// A knight of the side.
    Knight(usize),
}

/// The chess knight's leaps.
const KNIGHT: [(isize, isize); 8] = [
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
    (1, -2),
    (2, -1),
];

/// The start cells by name: A's, then B's.
const HOMES: [[&str; 8]; 2] = [
    ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3"],
    ["j10", "i10", "h10", "j9", "i9", "h9", "j8", "i8"],
];

/// The cell a name like `j10` stands for.
fn named(name: &str) -> Cell {
    let file = name.as_bytes()[0] - b'a';
    let rank: usize = name[1..].parse().expect("a rank");
    (file as usize, rank - 1)
}

/// The 10×10 grid: `grid[x][y]` is the square on file `x`, rank `y`.
pub type Grid = [[Square; N]; N];

/// Where the benchmarks' positions come from (`benches/carrera.rs`, checked by the conformance
/// suite).
pub const BENCH: Bench = Bench::Policy(200, 0, 5);

/// A position of the reference.
#[derive(Clone, Debug)]
pub struct NaiveCarrera {
    grid: Grid,
    log: Turns<Grid>,
}

/// What an empty board has on (x, y): every cell with |file − rank| ≤ 4 is a cell, the
/// rest are missing.
fn cell_square(x: usize, y: usize) -> Square {
    if x.abs_diff(y) <= 4 {
        Square::Empty
    } else {
        Square::Missing
    }
}

/// The empty board.
fn empty_grid() -> Grid {
    grid_of(cell_square)
}

/// Whether every cell of the opponent's home holds a knight of `mover`.
fn home_coming(grid: &Grid, mover: usize) -> bool {
    HOMES[1 - mover].iter().all(|name| {
        let (x, y) = named(name);
        grid[x][y] == Square::Knight(mover)
    })
}

/// The game is won by the mover's move to `board` when [`home_coming`] says so.
fn decide(board: &Grid, mover: usize, _moves: u64) -> Option<halma_engine::Status> {
    home_coming(board, mover).then_some(halma_engine::Status::Won(mover))
}

impl NaiveCarrera {
    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.log.to_move()
    }

    /// Moves `side` has made, passes included.
    pub fn move_count(&self, side: usize) -> u64 {
        self.log.move_count(side)
    }

    /// What stands on `c`.
    pub fn at(&self, c: Cell) -> Square {
        self.grid[c.0][c.1]
    }
}

impl Reference<CarreraPosition> for NaiveCarrera {
    type Move = NaiveMove;

    /// The knights on their home cells, A to move.
    fn start() -> NaiveCarrera {
        let mut grid = empty_grid();
        for (side, home) in HOMES.iter().enumerate() {
            for name in home {
                let (x, y) = named(name);
                grid[x][y] = Square::Knight(side);
            }
        }
        let log = Turns::new(&grid, 0, [0, 0], 0, decide);
        NaiveCarrera { grid, log }
    }

    fn from_engine(pos: &CarreraPosition) -> NaiveCarrera {
        let grid = grid_of(|x, y| match pos.side_at(x + N * y) {
            Some(side) => Square::Knight(side),
            None => cell_square(x, y),
        });
        let log = Turns::of(pos, &grid, pos.passes_in_row(), decide);
        NaiveCarrera { grid, log }
    }

    /// Every knight of the side to move, every leap onto an empty cell; sorted. The pass
    /// alone when there is none; nothing when the game is over.
    fn legal_moves(&self) -> Vec<NaiveMove> {
        let me = Square::Knight(self.to_move());
        moves_by_cell(N, self.log.is_over(), None, |(x, y), moves| {
            if self.grid[x][y] != me {
                return;
            }
            for (dx, dy) in KNIGHT {
                let (tx, ty) = (x as isize + dx, y as isize + dy);
                if tx < 0 || ty < 0 || tx >= N as isize || ty >= N as isize {
                    continue;
                }
                let to = (tx as usize, ty as usize);
                if self.at(to) == Square::Empty {
                    moves.push(Some(((x, y), to)));
                }
            }
        })
    }

    fn play(&mut self, mv: NaiveMove) {
        if let Some((from, to)) = mv {
            self.grid[to.0][to.1] = self.grid[from.0][from.1];
            self.grid[from.0][from.1] = Square::Empty;
        }
        self.log.record(&self.grid, mv.is_none());
    }

    crate::grid_reference_items!(log, N);
}
