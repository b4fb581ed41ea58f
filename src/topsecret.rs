//! A deliberately simple reference for Top Secret, written from `RULES-relatives.md` §8 and
//! its fine points, independent of the engine's bitboard generator
//! (`engine/src/games/topsecret/`): a 16×16 array of `Option<side>`, the stones each side
//! has in hand, the eight directions written out, a loop over every cell and direction, a
//! depth-first search over single jumps per stone (its origin empty during the chain), its
//! own play and win test; turns, status and perft by the shared [`crate::reference`].
//!
//! Only the stones, stones in hand, side to move, counts and passes are read from an engine
//! position ([`NaiveTopSecret::from_engine`]); cells convert to engine indices as
//! `x + 16·y` (the engine's layout of 16×16, no guard column).

use crate::conformance::Bench;
use crate::reference::{moves_by_cell, Reference, Turns};
use halma_engine::games::topsecret::TopSecretPosition;
use halma_engine::Status;

/// Board width.
const N: usize = 16;

/// Bits per rank in the engine's layout (no guard column on 16×16).
const STRIDE: usize = N;

/// Stones of each side.
const STONES: u8 = 18;

/// A cell as 0-based (file, rank).
pub type Cell = (usize, usize);

/// A move of the reference.
pub use crate::reference::CellMove as NaiveMove;

/// The 16×16 grid: `grid[x][y]` is the side of the stone on file `x`, rank `y`.
pub type Grid = [[Option<usize>; N]; N];

/// The eight directions.
const DIRS: [(isize, isize); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Whether (x, y) is on the board.
fn on(x: isize, y: isize) -> bool {
    (0..N as isize).contains(&x) && (0..N as isize).contains(&y)
}

/// Whether (x, y) is in the drop zone f6–k11.
fn in_zone((x, y): Cell) -> bool {
    (5..=10).contains(&x) && (5..=10).contains(&y)
}

/// The board of the reference: the stones on the grid and in each hand.
type Board = (Grid, [u8; 2]);

/// Where the benchmarks' positions come from (`benches/topsecret.rs`, checked by the conformance
/// suite).
pub const BENCH: Bench = Bench::Policy(400, 36, 5);

/// A position of the reference.
#[derive(Clone, Debug)]
pub struct NaiveTopSecret {
    grid: Grid,
    hand: [u8; 2],
    turns: Turns<Board>,
}

/// The mover wins with no stone left (on the board or in hand).
fn decide((grid, hand): &Board, mover: usize, _moves: u64) -> Option<Status> {
    let left = hand[mover] > 0 || grid.iter().flatten().any(|&c| c == Some(mover));
    (!left).then_some(Status::Won(mover))
}

impl NaiveTopSecret {
    /// A position met for the first time; its status is that after the other side's move.
    fn new(grid: Grid, hand: [u8; 2], to_move: usize, counts: [u64; 2], passes: usize) -> Self {
        let turns = Turns::new(&(grid, hand), to_move, counts, passes, decide);
        NaiveTopSecret { grid, hand, turns }
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.turns.to_move()
    }

    /// What stands on `c`.
    pub fn at(&self, c: Cell) -> Option<usize> {
        self.grid[c.0][c.1]
    }

    /// The cells the stone on `from` reaches by one or more jumps, the origin empty during
    /// the chain (never the origin itself), and whether some chain (or none) ends with a
    /// jump off the board over an edge stone.
    fn jumps(&self, from: Cell) -> (Vec<Cell>, bool) {
        let full = |x: isize, y: isize| {
            (x, y) != (from.0 as isize, from.1 as isize)
                && self.grid[x as usize][y as usize].is_some()
        };
        let mut seen = vec![from];
        let mut stack = vec![from];
        let mut off = false;
        while let Some((x, y)) = stack.pop() {
            for (dx, dy) in DIRS {
                let (ox, oy) = (x as isize + dx, y as isize + dy);
                let (lx, ly) = (ox + dx, oy + dy);
                if !on(ox, oy) || !full(ox, oy) {
                    continue;
                }
                if !on(lx, ly) {
                    off = true;
                } else if !full(lx, ly) && !seen.contains(&(lx as usize, ly as usize)) {
                    seen.push((lx as usize, ly as usize));
                    stack.push((lx as usize, ly as usize));
                }
            }
        }
        seen.retain(|&c| c != from);
        (seen, off)
    }
}

impl Reference<TopSecretPosition> for NaiveTopSecret {
    type Move = NaiveMove;

    /// The empty board, 18 stones in each hand, A to move.
    fn start() -> NaiveTopSecret {
        NaiveTopSecret::new([[None; N]; N], [STONES; 2], 0, [0, 0], 0)
    }

    fn from_engine(pos: &TopSecretPosition) -> NaiveTopSecret {
        let mut grid = [[None; N]; N];
        for (x, column) in grid.iter_mut().enumerate() {
            for (y, square) in column.iter_mut().enumerate() {
                *square = pos.side_at(x + STRIDE * y);
            }
        }
        let hand = [pos.in_hand(0) as u8, pos.in_hand(1) as u8];
        let counts = [pos.move_count(0), pos.move_count(1)];
        let passes = pos.passes_in_row().into();
        NaiveTopSecret::new(grid, hand, pos.to_move(), counts, passes)
    }

    /// Drops on the empty cells of the drop zone while the side to move has stones in
    /// hand; else, for each of its stones, its steps to empty neighbours, its jump chains'
    /// landings and its bear-off (from an edge cell, or a jump off from the origin or any
    /// landing); sorted. The pass alone when there is none; nothing when the game is over.
    fn legal_moves(&self) -> Vec<NaiveMove> {
        let me = self.to_move();
        moves_by_cell(N, self.turns.is_over(), NaiveMove::Pass, |(x, y), moves| {
            if self.hand[me] > 0 {
                if in_zone((x, y)) && self.grid[x][y].is_none() {
                    moves.push(NaiveMove::Drop((x, y)));
                }
                return;
            }
            if self.grid[x][y] != Some(me) {
                return;
            }
            let mut targets = Vec::new();
            let mut off = false;
            for (dx, dy) in DIRS {
                let (tx, ty) = (x as isize + dx, y as isize + dy);
                if !on(tx, ty) {
                    // A step off the board from an edge cell.
                    off = true;
                } else if self.grid[tx as usize][ty as usize].is_none() {
                    targets.push((tx as usize, ty as usize));
                }
            }
            let (landings, jump_off) = self.jumps((x, y));
            off |= jump_off;
            for c in landings {
                if !targets.contains(&c) {
                    targets.push(c);
                }
            }
            moves.extend(targets.into_iter().map(|t| NaiveMove::Go((x, y), t)));
            if off {
                moves.push(NaiveMove::Off((x, y)));
            }
        })
    }

    fn play(&mut self, mv: NaiveMove) {
        let mover = self.to_move();
        match mv {
            NaiveMove::Drop((x, y)) => {
                self.grid[x][y] = Some(mover);
                self.hand[mover] -= 1;
            }
            NaiveMove::Go((fx, fy), (tx, ty)) => {
                self.grid[tx][ty] = self.grid[fx][fy].take();
            }
            NaiveMove::Off((x, y)) => self.grid[x][y] = None,
            NaiveMove::Pass => {}
        }
        self.turns
            .record(&(self.grid, self.hand), mv == NaiveMove::Pass);
    }

    crate::grid_reference_items!(turns, STRIDE, CellMove);
}

impl NaiveTopSecret {
    /// Moves `side` has made, passes included.
    pub fn move_count(&self, side: usize) -> u64 {
        self.turns.move_count(side)
    }

    /// The stones `side` has in hand.
    pub fn in_hand(&self, side: usize) -> u8 {
        self.hand[side]
    }
}
