//! A deliberately simple reference for Embargo, written straight from RULES-relatives.md
//! (section 1 and its Fine points) and independent of the engine's bitboard code
//! (`engine/src/games/embargo/`): a 9×9 grid of `Option<side>`, walls found by walking left,
//! right, down and up from each empty cell, slides by walking each ray cell by cell, moves as
//! sorted (from, to) pairs, its own make (a copy), status and perft.
//!
//! It takes from the engine only the content of a position, read cell by cell through
//! `Game::side_at` with the cells named `a1`..`i9` and parsed by `Game::parse_cell`.

use halma_engine::game::{Game, Status};
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

/// A position of the reference.
#[derive(Clone, Debug)]
pub struct NaiveEmbargo {
    grid: Grid,
    to_move: usize,
    counts: [u64; 2],
    passes: usize,
    status: Status,
    /// Every (grid, side to move) that occurred, the present one last.
    seen: Vec<(Grid, usize)>,
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

impl NaiveEmbargo {
    /// The reference copy of an engine position, read cell by cell (its history is not
    /// copied: repetitions count from here). The status is evaluated here.
    pub fn from_engine(pos: &EmbargoPosition) -> NaiveEmbargo {
        let mut grid = [[None; N]; N];
        for (x, column) in grid.iter_mut().enumerate() {
            for (y, slot) in column.iter_mut().enumerate() {
                let cell = pos.parse_cell(&cell_name((x, y))).expect("a cell");
                *slot = Game::side_at(pos, cell);
            }
        }
        let to_move = Game::to_move(pos);
        let mut naive = NaiveEmbargo {
            grid,
            to_move,
            counts: [Game::move_count(pos, 0), Game::move_count(pos, 1)],
            passes: pos.passes_in_row() as usize,
            status: Status::Ongoing,
            seen: vec![(grid, to_move)],
        };
        naive.status = naive.evaluate(1 - to_move);
        naive
    }

    /// The status after the last move, as evaluated here.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.to_move
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

    /// The legal moves, sorted: the pass alone when nothing else is legal, nothing when the
    /// game is over.
    pub fn legal_moves(&self) -> Vec<NaiveMove> {
        if self.status.is_over() {
            return Vec::new();
        }
        let side = self.to_move;
        let mut moves = Vec::new();
        for x in 0..N {
            for y in 0..N {
                let from = (x, y);
                if self.at(from) != Some(side) {
                    continue;
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
                            moves.push((from, to));
                        }
                    }
                }
            }
        }
        moves.sort();
        if moves.is_empty() {
            return vec![None];
        }
        moves.into_iter().map(Some).collect()
    }

    /// Plays `mv` (legal) and evaluates the status after it.
    pub fn play(&mut self, mv: NaiveMove) {
        let side = self.to_move;
        match mv {
            None => self.passes += 1,
            Some((f, t)) => {
                self.grid[t.0][t.1] = self.grid[f.0][f.1].take();
                self.passes = 0;
            }
        }
        self.counts[side] += 1;
        self.to_move = 1 - side;
        self.seen.push((self.grid, self.to_move));
        self.status = self.evaluate(side);
    }

    /// The status after `mover`'s move, tested in the conventions' order.
    fn evaluate(&self, mover: usize) -> Status {
        let mut stones = 0;
        let mut in_goal = 0;
        let mut at_home = 0;
        for x in 0..N {
            for y in 0..N {
                if self.grid[x][y] == Some(mover) {
                    stones += 1;
                    in_goal += usize::from(in_yard(1 - mover, (x, y)));
                    at_home += usize::from(in_yard(mover, (x, y)));
                }
            }
        }
        if in_goal == stones {
            return Status::Won(mover);
        }
        if self.counts[mover] >= DEADLINE && at_home > 0 {
            return Status::LostByDeadline(mover);
        }
        if self.passes >= 2 {
            return Status::DrawByPasses;
        }
        let present = self.seen.last().expect("the present is recorded");
        if self.seen.iter().filter(|&s| s == present).count() >= 3 {
            return Status::DrawByRepetition;
        }
        Status::Ongoing
    }

    /// The perft count at `depth` (a finished game has no moves, a forced pass counts).
    pub fn perft(&self, depth: u32) -> u64 {
        crate::reference::perft_by_copy(self, depth, Self::legal_moves, Self::play)
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
