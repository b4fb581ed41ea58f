//! A deliberately simple reference for Hexma, written from `RULES-relatives.md` §9 and its
//! fine points, independent of the engine's bitboards (`engine/src/games/hexma/`): a 17×17
//! array of `Option<side>` over the axial rhombus, the star being the cells with at most
//! one of the cube coordinates q, r, s (around `i9`) outside −4..=4; the six directions
//! written out; per stone a depth-first search over single hops with its origin emptied;
//! the win as a breadth-first search over the mover's stones from the bottom edge's 17
//! named cells to the top edge's; status and perft by the shared [`crate::reference`].
//!
//! Only the stones, side to move, counts and passes are read from an engine position
//! ([`NaiveHexma::from_engine`]); cells convert to engine indices by the star's
//! [`Board::bit`] and [`Board::coords`] (Halma's star layout).

use crate::conformance::Bench;
use crate::reference::{grid_of, moves_by_cell, GridMove, Reference, Turns};
use halma_engine::board::geometry::Board;
use halma_engine::games::hexma::HexmaPosition;
use halma_engine::{Move, Status};

/// Files and ranks of the rhombus.
const N: usize = 17;
/// The engine's board, whose layout converts (file, rank) pairs to cell indices.
const ENGINE_BOARD: Board = Board::Star;

/// A move of the reference: `Some((from, to))` as (file, rank) pairs, or `None` for the
/// pass.
pub type NaiveMove = GridMove;

/// The board: `grid[x][y]` is the side of the stone on file `x`, rank `y`.
pub type Grid = [[Option<usize>; N]; N];

/// The six neighbours in axial coordinates.
const DIRS: [(isize, isize); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// A's start, then B's.
const START: [&str; 2] = [
    "m1 l2 m2 k3 l3 m3 j4 k4 l4 m4 j5 k5 l5",
    "e17 e16 f16 e15 f15 g15 e14 f14 g14 h14 f13 g13 h13",
];
/// The bottom edge, then the top edge.
const EDGES: [&str; 2] = [
    "m1 l2 m2 k3 m3 j4 m4 e5 f5 g5 h5 i5 m5 n5 o5 p5 q5",
    "e17 e16 f16 e15 g15 e14 h14 a13 b13 c13 d13 e13 i13 j13 k13 l13 m13",
];

/// Whether (x, y) is a cell of the star.
pub fn on_star(x: isize, y: isize) -> bool {
    if !(0..N as isize).contains(&x) || !(0..N as isize).contains(&y) {
        return false;
    }
    let (q, r) = (x - 8, y - 8);
    let s = -q - r;
    [q, r, s].iter().filter(|c| c.abs() > 4).count() <= 1
}

/// The cells of a list of names like `m1 l2`.
fn cells(names: &str) -> Vec<(usize, usize)> {
    names
        .split(' ')
        .map(|n| {
            let x = (n.as_bytes()[0] - b'a') as usize;
            let y: usize = n[1..].parse().expect("a rank");
            assert!(on_star(x as isize, y as isize - 1), "{n}");
            (x, y - 1)
        })
        .collect()
}

/// Whether one group of `side`'s stones (six-connected) holds a bottom-edge cell and a
/// top-edge cell.
pub fn joins_edges(grid: &Grid, side: usize) -> bool {
    let mut seen = [[false; N]; N];
    let mut queue: Vec<(usize, usize)> = cells(EDGES[0])
        .into_iter()
        .filter(|&(x, y)| grid[x][y] == Some(side))
        .collect();
    for &(x, y) in &queue {
        seen[x][y] = true;
    }
    let top = cells(EDGES[1]);
    while let Some((x, y)) = queue.pop() {
        if top.contains(&(x, y)) {
            return true;
        }
        for (dx, dy) in DIRS {
            let (nx, ny) = (x as isize + dx, y as isize + dy);
            if on_star(nx, ny) {
                let (nx, ny) = (nx as usize, ny as usize);
                if grid[nx][ny] == Some(side) && !seen[nx][ny] {
                    seen[nx][ny] = true;
                    queue.push((nx, ny));
                }
            }
        }
    }
    false
}

/// The game is won by the mover's move to `board` when [`joins_edges`] says so.
fn decide(board: &Grid, mover: usize, _moves: u64) -> Option<halma_engine::Status> {
    joins_edges(board, mover).then_some(halma_engine::Status::Won(mover))
}

/// Where the benchmarks' positions come from (`benches/hexma.rs`, checked by the conformance
/// suite).
pub const BENCH: Bench = Bench::Policy(200, 0, 5);

/// A position of the reference.
#[derive(Clone, Debug)]
pub struct NaiveHexma {
    grid: Grid,
    log: Turns<Grid>,
}

impl NaiveHexma {
    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.log.to_move()
    }

    /// What stands on file `x`, rank `y`.
    pub fn at(&self, x: usize, y: usize) -> Option<usize> {
        self.grid[x][y]
    }

    /// The cells the stone on `from` reaches by one or more hops (its origin empty during
    /// the move; never the origin itself).
    fn hops(&self, from: (usize, usize)) -> Vec<(usize, usize)> {
        let empty = |x: isize, y: isize| {
            on_star(x, y) && (self.grid[x as usize][y as usize].is_none() || (x, y) == sz(from))
        };
        let full = |x: isize, y: isize| on_star(x, y) && !empty(x, y);
        let mut seen = [[false; N]; N];
        seen[from.0][from.1] = true;
        let mut stack = vec![from];
        let mut out = Vec::new();
        while let Some((x, y)) = stack.pop() {
            for (dx, dy) in DIRS {
                let (ox, oy) = (x as isize + dx, y as isize + dy);
                let (lx, ly) = (ox + dx, oy + dy);
                if full(ox, oy) && empty(lx, ly) && !seen[lx as usize][ly as usize] {
                    seen[lx as usize][ly as usize] = true;
                    stack.push((lx as usize, ly as usize));
                    out.push((lx as usize, ly as usize));
                }
            }
        }
        out
    }
}

/// A cell as signed coordinates.
fn sz((x, y): (usize, usize)) -> (isize, isize) {
    (x as isize, y as isize)
}

impl Reference<HexmaPosition> for NaiveHexma {
    type Move = NaiveMove;

    /// Both sides on their start cells, A to move.
    fn start() -> NaiveHexma {
        let mut grid = [[None; N]; N];
        for (side, names) in START.iter().enumerate() {
            for (x, y) in cells(names) {
                grid[x][y] = Some(side);
            }
        }
        let log = Turns::new(&grid, 0, [0, 0], 0, decide);
        NaiveHexma { grid, log }
    }

    fn from_engine(pos: &HexmaPosition) -> NaiveHexma {
        let grid = grid_of(|x, y| {
            let on = ENGINE_BOARD.contains(x as isize, y as isize);
            on.then(|| pos.side_at(ENGINE_BOARD.bit(x, y))).flatten()
        });
        let log = Turns::of(pos, &grid, pos.passes_in_row(), decide);
        NaiveHexma { grid, log }
    }

    /// Every stone of the side to move: each step to an empty neighbour and each cell its
    /// hop chains reach, once; sorted. The pass alone when there is none; nothing when the
    /// game is over.
    fn legal_moves(&self) -> Vec<NaiveMove> {
        let me = Some(self.to_move());
        moves_by_cell(N, self.log.is_over(), None, |(x, y), moves| {
            if self.grid[x][y] != me {
                return;
            }
            for (dx, dy) in DIRS {
                let (tx, ty) = (x as isize + dx, y as isize + dy);
                if on_star(tx, ty) && self.grid[tx as usize][ty as usize].is_none() {
                    moves.push(Some(((x, y), (tx as usize, ty as usize))));
                }
            }
            for to in self.hops((x, y)) {
                moves.push(Some(((x, y), to)));
            }
        })
    }

    fn play(&mut self, mv: NaiveMove) {
        if let Some((from, to)) = mv {
            self.grid[to.0][to.1] = self.grid[from.0][from.1].take();
        }
        self.log.record(&self.grid, mv.is_none());
    }

    fn status(&self) -> Status {
        self.log.status()
    }

    fn naive_move(mv: Move) -> NaiveMove {
        let cell = |c: usize| ENGINE_BOARD.coords(c);
        (!mv.is_pass()).then(|| (cell(mv.from()), cell(mv.to())))
    }

    fn engine_move(mv: NaiveMove) -> Move {
        let cell = |(x, y): (usize, usize)| ENGINE_BOARD.bit(x, y);
        mv.map_or(Move::PASS, |(f, t)| Move::new(cell(f), cell(t)))
    }
}
