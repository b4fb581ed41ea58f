//! A deliberately simple reference for Embargo, written straight from RULES-relatives.md
//! (section 1 and its Fine points) and independent of the engine's bitboard code
//! (`engine/src/games/embargo/`): a 9×9 grid of `Option<side>`, walls found by walking left,
//! right, down and up from each empty cell, slides by walking each ray cell by cell, moves as
//! sorted (from, to) pairs, its own make; the game's win and deadline loss, the rest of the
//! status and perft by the shared [`crate::reference`].
//!
//! It takes from the engine only the content of a position, read cell by cell through
//! `GameRules::side_at` with the cells named `a1`..`i9` and parsed by `GameRules::parse_cell`.

use crate::conformance::Bench;
use crate::reference::{moves_by_cell, Reference, Turns};
use halma_engine::game::{GameRules, Status};
use halma_engine::games::embargo::EmbargoPosition;

/// Files and ranks.
const N: usize = 9;
/// The deadline: 25 or more moves completed with a stone in the own yard loses.
const DEADLINE: u64 = 25;

/// A cell as 0-based (file, rank).
pub type Cell = (usize, usize);
/// A move of the reference: `Some((from, to))`, or `None` for the pass.
pub type NaiveMove = Option<(Cell, Cell)>;
/// `grid[x][y]`: the side of the stone on (x, y).
type Grid = [[Option<usize>; N]; N];

/// Where the benchmarks' positions come from (`benches/embargo.rs`, checked by the conformance
/// suite).
pub const BENCH: Bench = Bench::Table;

/// A position of the reference.
#[derive(Clone, Debug)]
pub struct NaiveEmbargo {
    grid: Grid,
    turns: Turns<Grid>,
}

/// The name of a cell, `a1`..`i9`.
pub fn cell_name((x, y): Cell) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// The text of a reference move: `a1-a5` or `pass`.
pub fn move_text(mv: NaiveMove) -> String {
    match mv {
        None => "pass".into(),
        Some((f, t)) => format!("{}-{}", cell_name(f), cell_name(t)),
    }
}

/// Whether `c` lies in `side`'s yard (A: the triangle at a1, B: the one at i9).
fn in_yard(side: usize, (x, y): Cell) -> bool {
    if side == 0 {
        x + y <= 2
    } else {
        x + y >= 2 * (N - 1) - 2
    }
}

/// The status after `mover`'s move (its `moves`-th), the game's own part in the
/// conventions' order: all stones in the opponent's yard win; a stone still in the own
/// yard after the deadline loses.
fn decide(grid: &Grid, mover: usize, moves: u64) -> Option<Status> {
    let mut stones = 0;
    let mut in_goal = 0;
    let mut at_home = 0;
    for (x, column) in grid.iter().enumerate() {
        for (y, &cell) in column.iter().enumerate() {
            if cell == Some(mover) {
                stones += 1;
                in_goal += usize::from(in_yard(1 - mover, (x, y)));
                at_home += usize::from(in_yard(mover, (x, y)));
            }
        }
    }
    if in_goal == stones {
        Some(Status::Won(mover))
    } else if moves >= DEADLINE && at_home > 0 {
        Some(Status::LostByDeadline(mover))
    } else {
        None
    }
}

impl NaiveEmbargo {
    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.turns.to_move()
    }

    fn at(&self, (x, y): Cell) -> Option<usize> {
        self.grid[x][y]
    }

    /// The cell `k` steps from `c` along `(dx, dy)`, if on the board.
    fn offset(c: Cell, (dx, dy): (isize, isize), k: isize) -> Option<Cell> {
        let x = c.0 as isize + k * dx;
        let y = c.1 as isize + k * dy;
        (0..N as isize)
            .contains(&x)
            .then_some(())
            .filter(|_| (0..N as isize).contains(&y))
            .map(|_| (x as usize, y as usize))
    }

    /// The first stone's side looking from `c` along `d` (`None` at the edge).
    fn first_stone(&self, c: Cell, d: (isize, isize)) -> Option<usize> {
        let mut k = 1;
        while let Some(next) = Self::offset(c, d, k) {
            if let Some(side) = self.at(next) {
                return Some(side);
            }
            k += 1;
        }
        None
    }

    /// Whether the empty cell `c` lies in a wall (of either colour): the first stones on
    /// both sides of it along a row, or along a column, are of one colour.
    fn is_wall(&self, c: Cell) -> bool {
        if self.at(c).is_some() {
            return false;
        }
        let pair = |a: (isize, isize), b: (isize, isize)| matches!((self.first_stone(c, a), self.first_stone(c, b)), (Some(s), Some(t)) if s == t);
        pair((-1, 0), (1, 0)) || pair((0, -1), (0, 1))
    }

    /// The reference move written `text` (`a1-a5` or `pass`), if it is well formed.
    pub fn parse_move(text: &str) -> Option<NaiveMove> {
        if text == "pass" {
            return Some(None);
        }
        let (f, t) = text.split_once('-')?;
        let cell = |s: &str| {
            let mut chars = s.chars();
            let x = (chars.next()? as usize).checked_sub('a' as usize)?;
            let y = chars.as_str().parse::<usize>().ok()?.checked_sub(1)?;
            (x < N && y < N).then_some((x, y))
        };
        Some(Some((cell(f)?, cell(t)?)))
    }
}

impl Reference<EmbargoPosition> for NaiveEmbargo {
    type Move = NaiveMove;

    fn start() -> NaiveEmbargo {
        NaiveEmbargo::from_engine(&EmbargoPosition::start())
    }

    /// The reference copy of an engine position, read cell by cell (its history is not
    /// copied: repetitions count from here).
    fn from_engine(pos: &EmbargoPosition) -> NaiveEmbargo {
        let mut grid = [[None; N]; N];
        for (x, column) in grid.iter_mut().enumerate() {
            for (y, slot) in column.iter_mut().enumerate() {
                let cell = pos.parse_cell(&cell_name((x, y))).expect("a cell");
                *slot = GameRules::side_at(pos, cell);
            }
        }
        let passes = pos.passes_in_row();
        NaiveEmbargo {
            grid,
            turns: Turns::of(pos, &grid, passes, decide),
        }
    }

    /// The legal moves, sorted: the pass alone when nothing else is legal, nothing when the
    /// game is over.
    fn legal_moves(&self) -> Vec<NaiveMove> {
        let side = self.to_move();
        moves_by_cell(N, self.turns.is_over(), None, |(x, y), moves| {
            let from = (x, y);
            if self.at(from) != Some(side) {
                return;
            }
            for d in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                // The empty cells ahead, up to the nearest stone or the edge.
                let mut path = Vec::new();
                let mut k = 1;
                let mut ahead = None;
                while let Some(c) = Self::offset(from, d, k) {
                    if let Some(s) = self.at(c) {
                        ahead = Some(s);
                        break;
                    }
                    path.push(c);
                    k += 1;
                }
                let shortening = ahead == Some(side) && !path.is_empty();
                for &to in &path {
                    if !shortening && self.is_wall(to) {
                        break;
                    }
                    if !in_yard(side, to) {
                        moves.push(Some((from, to)));
                    }
                }
            }
        })
    }

    fn play(&mut self, mv: NaiveMove) {
        if let Some((f, t)) = mv {
            self.grid[t.0][t.1] = self.grid[f.0][f.1].take();
        }
        self.turns.record(&self.grid, mv.is_none());
    }

    crate::grid_reference_items!(turns, N);
}
