//! A deliberately simple reference implementation of the rules, written straight from
//! `RULES.md` and independent of the engine's bitboard generator (`engine/src/games/halma/movegen.rs`):
//! plain (file, rank) coordinates, a `Vec` board of `Option<side>`, steps by looping over the
//! direction list, jumps by recursive depth-first search, moves as (from, to) pairs kept in a
//! sorted set, then the rule filters, the pass, and its own game-status evaluation.
//!
//! Only the camps (the home cells of each side) and the board's outline are taken from the
//! engine (`Setup`, `Board::contains`); the goal of a side is found here as the mirror
//! image of its home camp through the board's centre (the camp in the diagonally opposite
//! corner, or the opposite triangle of the star). The hexagonal boards (diamond, star) use
//! axial coordinates with six directions, written out below.
//!
//! Interpretations shared with the engine (documented in `docs/rules.md`): the first clause
//! of vacate (a move never starts outside its home camp and ends inside it) holds even when
//! the "any move" fallback applies; follow-out is active when any *other* side has no piece in
//! its own home camp; when both vacate and follow-out apply, vacate's tiers narrow the moves
//! first, then follow-out's.

use halma_engine::games::halma::rules::{CampExit, JumpKind, WinCheck, WinCondition};
use halma_engine::{BitBoard, Board, Geometry, Move, Position, Rules, Setup, Status};
use std::collections::BTreeSet;
use std::sync::Arc;

/// A cell as 0-based (file, rank).
pub type Cell = (usize, usize);

/// A move of the reference: `Some((from, to))`, or `None` for the pass.
pub type NaiveMove = Option<(Cell, Cell)>;

/// The fixed data of one game, in plain per-cell form.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    board: Board,
    n: usize,
    /// Each side's home corner.
    corners: Vec<Cell>,
    /// Each side's two camp axes: the directions along the camp's edges from its corner.
    axes: Vec<[(i8, i8); 2]>,
    /// `home[side][y * n + x]`: whether the cell belongs to the side's home camp.
    home: Vec<Vec<bool>>,
    /// `goal[side][y * n + x]`: the mirror image of the side's home camp.
    goal: Vec<Vec<bool>>,
}

impl Game {
    /// The plain form of `setup`'s game: its rules and home camps.
    pub fn new<G: Geometry>(setup: &Setup<G>) -> Game {
        let rules = *setup.rules();
        let board = G::BOARD;
        let n = board.width();
        let sides = rules.players;
        let home: Vec<Vec<bool>> = (0..sides)
            .map(|side| {
                let mut camp = vec![false; n * n];
                for y in 0..n {
                    for x in 0..n {
                        // Off the board a file and rank may name a cell's bit (the star's
                        // files run past its stride): only cells are read.
                        camp[y * n + x] = board.contains(x as isize, y as isize)
                            && setup.home(side).has(board.bit(x, y));
                    }
                }
                camp
            })
            .collect();
        // The home corner is the camp cell farthest from the centre; the axes are the two
        // directions along the camp's edges (square boards: the orthogonal ones).
        let centre = (n as isize - 1, n as isize - 1); // doubled coordinates
        let far = |&(x, y): &Cell| {
            let (dx, dy) = (2 * x as isize - centre.0, 2 * y as isize - centre.1);
            if board.is_hex() {
                dx.abs().max(dy.abs()).max((dx + dy).abs())
            } else {
                dx.abs() + dy.abs()
            }
        };
        let cells: Vec<Cell> = (0..n * n).map(|i| (i % n, i / n)).collect();
        let mut corners = Vec::new();
        let mut axes = Vec::new();
        for camp in &home {
            let corner = *cells
                .iter()
                .filter(|&&(x, y)| camp[y * n + x])
                .max_by_key(|c| far(c))
                .expect("every camp has cells");
            let along: Vec<(i8, i8)> = directions(board)
                .iter()
                .copied()
                .filter(|&(dx, dy)| board.is_hex() || dx == 0 || dy == 0)
                .filter(|&(dx, dy)| {
                    let (x, y) = (
                        corner.0 as isize + dx as isize,
                        corner.1 as isize + dy as isize,
                    );
                    board.contains(x, y) && camp[y as usize * n + x as usize]
                })
                .collect();
            assert_eq!(along.len(), 2, "a camp's corner has two edges");
            corners.push(corner);
            axes.push([along[0], along[1]]);
        }
        let goal = home
            .iter()
            .map(|camp| (0..n * n).map(|i| camp[n * n - 1 - i]).collect())
            .collect();
        Game {
            rules,
            board,
            n,
            corners,
            axes,
            home,
            goal,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether `c` is in `side`'s home camp.
    pub fn in_home(&self, side: usize, c: Cell) -> bool {
        self.home[side][c.1 * self.n + c.0]
    }

    /// Whether `c` is in `side`'s goal camp.
    pub fn in_goal(&self, side: usize, c: Cell) -> bool {
        self.goal[side][c.1 * self.n + c.0]
    }

    /// (u, v): `c`'s coordinates along `side`'s two camp axes from its home corner, found
    /// by trying every pair.
    fn corner_distance(&self, side: usize, c: Cell) -> (isize, isize) {
        let (cx, cy) = self.corners[side];
        let [a, b] = self.axes[side];
        let w = self.n as isize;
        for u in -w..=w {
            for v in -w..=w {
                let x = cx as isize + u * a.0 as isize + v * b.0 as isize;
                let y = cy as isize + u * a.1 as isize + v * b.1 as isize;
                if (x, y) == (c.0 as isize, c.1 as isize) {
                    return (u, v);
                }
            }
        }
        unreachable!("the two axes span the board")
    }
}

/// A position of the reference implementation.
#[derive(Clone, Debug)]
pub struct NaivePosition {
    game: Arc<Game>,
    /// `cells[y * n + x]`: the side of the piece there.
    cells: Vec<Option<usize>>,
    to_move: usize,
    move_counts: Vec<u64>,
    passes_in_row: usize,
    status: Status,
    /// Every (placement, side to move) that occurred, the present one last.
    seen: Vec<(Vec<Option<usize>>, usize)>,
}

impl NaivePosition {
    /// The reference copy of an engine position (its history is not copied: repetitions
    /// count from here). The status is evaluated here, independently of the engine's.
    pub fn from_engine<G: Geometry>(pos: &Position<G>) -> NaivePosition {
        let game = Arc::new(Game::new(pos.setup()));
        let board = G::BOARD;
        let n = game.n;
        let sides = game.rules.players;
        let mut cells = vec![None; n * n];
        for y in 0..n {
            for x in 0..n {
                if board.contains(x as isize, y as isize) {
                    cells[y * n + x] = pos.side_at(board.bit(x, y));
                }
            }
        }
        let mut naive = NaivePosition {
            game,
            cells,
            to_move: pos.to_move(),
            move_counts: (0..sides).map(|s| pos.move_count(s)).collect(),
            passes_in_row: pos.passes_in_row() as usize,
            status: Status::Ongoing,
            seen: Vec::new(),
        };
        naive.seen.push((naive.cells.clone(), naive.to_move));
        naive.status = naive.evaluate((naive.to_move + sides - 1) % sides);
        naive
    }

    /// The game's fixed data.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// The status after the last move, as evaluated here.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The side of the piece on `c`, if any.
    pub fn at(&self, c: Cell) -> Option<usize> {
        self.cells[c.1 * self.game.n + c.0]
    }

    /// The cell `k` steps from `c` in direction `d`, if it is on the board.
    fn offset(&self, c: Cell, d: (i8, i8), k: isize) -> Option<Cell> {
        let x = c.0 as isize + k * d.0 as isize;
        let y = c.1 as isize + k * d.1 as isize;
        self.game
            .board
            .contains(x, y)
            .then_some((x as usize, y as usize))
    }

    /// The cells one jump from `at` can land on, for a piece that started on `origin`
    /// (which is empty during its own move).
    fn hops(&self, origin: Cell, at: Cell) -> Vec<Cell> {
        let empty = |c: Cell| c == origin || self.at(c).is_none();
        let mut out = Vec::new();
        for &d in directions(self.game.board) {
            match self.game.rules.jumps {
                JumpKind::Adjacent => {
                    if let (Some(over), Some(land)) = (self.offset(at, d, 1), self.offset(at, d, 2))
                    {
                        if !empty(over) && empty(land) {
                            out.push(land);
                        }
                    }
                }
                JumpKind::Long => {
                    // Over exactly one piece standing midway, at distance k, onto the cell at
                    // 2k, every other cell between empty: the first piece along the line is
                    // the only candidate (any farther one would have it in between).
                    let mut k = 1;
                    while let Some(c) = self.offset(at, d, k) {
                        if !empty(c) {
                            let beyond_empty =
                                (k + 1..=2 * k).all(|j| self.offset(at, d, j).is_some_and(&empty));
                            if beyond_empty {
                                out.push(self.offset(at, d, 2 * k).expect("checked above"));
                            }
                            break;
                        }
                        k += 1;
                    }
                }
            }
        }
        out
    }

    /// Depth-first search over jumps: marks every cell reachable from `at`, with whether the
    /// goal lock binds there (`goal-lock`: once the origin or a landing is in the mover's
    /// goal, every later landing must be too).
    fn jump_dfs(&self, origin: Cell, at: Cell, locked: bool, reached: &mut BTreeSet<(Cell, bool)>) {
        let game = &*self.game;
        let in_goal = |c: Cell| game.rules.goal_lock && game.in_goal(self.to_move, c);
        for next in self.hops(origin, at) {
            if locked && !in_goal(next) {
                continue;
            }
            let lock = locked || in_goal(next);
            if reached.insert((next, lock)) {
                self.jump_dfs(origin, next, lock, reached);
            }
        }
    }

    /// Every step and jump of the side to move, before any rule filter but the goal lock.
    fn raw_moves(&self) -> BTreeSet<(Cell, Cell)> {
        let game = &*self.game;
        let n = game.n;
        let mut moves = BTreeSet::new();
        for y in 0..n {
            for x in 0..n {
                let from = (x, y);
                if self.at(from) != Some(self.to_move) {
                    continue;
                }
                let locked = game.rules.goal_lock && game.in_goal(self.to_move, from);
                for &d in directions(game.board) {
                    if let Some(to) = self.offset(from, d, 1) {
                        if self.at(to).is_none() && (!locked || game.in_goal(self.to_move, to)) {
                            moves.insert((from, to));
                        }
                    }
                }
                let mut reached = BTreeSet::new();
                self.jump_dfs(from, from, locked, &mut reached);
                moves.extend(
                    reached
                        .into_iter()
                        .filter(|&(to, _)| to != from)
                        .map(|(to, _)| (from, to)),
                );
            }
        }
        moves
    }

    /// Whether `side` has a piece in its own home camp.
    fn has_piece_at_home(&self, side: usize) -> bool {
        let n = self.game.n;
        (0..n * n).any(|i| self.cells[i] == Some(side) && self.game.home[side][i])
    }

    /// The legal moves, sorted: the pass alone when nothing else is legal, nothing when the
    /// game is over.
    pub fn legal_moves(&self) -> Vec<NaiveMove> {
        if self.status.is_over() {
            return Vec::new();
        }
        self.moves_of_side_to_move()
    }

    /// The moves of the side to move by the move rules alone (the status not consulted).
    fn moves_of_side_to_move(&self) -> Vec<NaiveMove> {
        let game = &*self.game;
        let rules = game.rules;
        let side = self.to_move;
        let home = |c: Cell| game.in_home(side, c);
        let mut moves: Vec<(Cell, Cell)> = self
            .raw_moves()
            .into_iter()
            // Camp exit locked: a piece in its goal camp may not end outside it.
            .filter(|&(from, to)| {
                rules.camp_exit == CampExit::Free
                    || !game.in_goal(side, from)
                    || game.in_goal(side, to)
            })
            // Vacate, first clause: never from outside the home camp to inside it.
            .filter(|&(from, to)| !rules.vacate || home(from) || !home(to))
            .collect();
        // The moves that satisfy `keep`, if there is any.
        let narrow = |moves: &[(Cell, Cell)], keep: &dyn Fn(Cell, Cell) -> bool| {
            let kept: Vec<_> = moves.iter().copied().filter(|&(f, t)| keep(f, t)).collect();
            (!kept.is_empty()).then_some(kept)
        };
        let farther_along_axes = |f: Cell, t: Cell| {
            let (u, v) = game.corner_distance(side, f);
            let (u2, v2) = game.corner_distance(side, t);
            (u2 > u && v2 >= v) || (v2 > v && u2 >= u)
        };
        let at_home = self.has_piece_at_home(side);
        if rules.vacate && at_home {
            if let Some(kept) = narrow(&moves, &|f, t| home(f) && !home(t))
                .or_else(|| narrow(&moves, &|f, t| home(f) && farther_along_axes(f, t)))
            {
                moves = kept;
            }
        }
        let other_left_home = (0..rules.players).any(|s| s != side && !self.has_piece_at_home(s));
        if rules.follow_out && at_home && other_left_home {
            let leave_or_advance = |f: Cell, t: Cell| {
                let (u, v) = game.corner_distance(side, f);
                let (u2, v2) = game.corner_distance(side, t);
                home(f) && (!home(t) || u2 + v2 > u + v)
            };
            if let Some(kept) = narrow(&moves, &leave_or_advance) {
                moves = kept;
            }
        }
        if moves.is_empty() {
            return vec![None];
        }
        moves.into_iter().map(Some).collect()
    }

    /// Plays `mv` (which must be legal) and evaluates the status after it.
    pub fn play(&mut self, mv: NaiveMove) {
        let n = self.game.n;
        let side = self.to_move;
        match mv {
            None => self.passes_in_row += 1,
            Some((from, to)) => {
                self.cells[to.1 * n + to.0] = self.cells[from.1 * n + from.0].take();
                self.passes_in_row = 0;
            }
        }
        self.move_counts[side] = self.move_counts[side].wrapping_add(1);
        self.to_move = (side + 1) % self.game.rules.players;
        self.seen.push((self.cells.clone(), self.to_move));
        self.status = self.evaluate(side);
    }

    /// The status after `mover`'s move into this position, tested in RULES.md's order (with
    /// `win-check=both`, CCERL's order: every completed goal in side order, then every
    /// filled one; equal turns and the ply cap as CCERL's referee reads them).
    fn evaluate(&self, mover: usize) -> Status {
        let game = &*self.game;
        let rules = game.rules;
        let winner = match rules.win_check {
            WinCheck::Mover => self.wins(mover).then_some(mover),
            WinCheck::Both => (0..rules.players)
                .find(|&s| self.completed(s))
                .or_else(|| (0..rules.players).find(|&s| self.wins(s))),
        };
        if let Some(side) = winner {
            // Equal turns: the first side completed, and the second has too, or is to move
            // and one of its legal moves completes its goal.
            let second_completes = || {
                self.completed(1)
                    || (self.to_move == 1
                        && self
                            .moves_of_side_to_move()
                            .into_iter()
                            .flatten()
                            .any(|(f, t)| {
                                let mut after = self.clone();
                                after.play(Some((f, t)));
                                after.completed(1)
                            }))
            };
            if rules.equal_turns && side == 0 && self.completed(0) && second_completes() {
                return Status::DrawByEqualTurns;
            }
            return Status::Won(side);
        }
        if let Some(deadline) = rules.deadline {
            if self.move_counts[mover] >= u64::from(deadline) && self.has_piece_at_home(mover) {
                return Status::LostByDeadline(mover);
            }
        }
        if self.passes_in_row >= rules.players {
            return Status::DrawByPasses;
        }
        let present = self.seen.last().expect("the present is always recorded");
        if rules.repetition && self.seen.iter().filter(|&s| s == present).count() >= 3 {
            return Status::DrawByRepetition;
        }
        let plies: u64 = self.move_counts.iter().sum();
        if rules.ply_cap.is_some_and(|cap| plies >= u64::from(cap)) {
            return Status::DrawByPlyCap;
        }
        Status::Ongoing
    }

    /// Whether every piece of `side` stands in its goal.
    fn completed(&self, side: usize) -> bool {
        let game = &*self.game;
        let n = game.n;
        (0..n * n).all(|i| self.cells[i] != Some(side) || game.goal[side][i])
    }

    /// Whether `side` meets the win condition of the rules.
    fn wins(&self, side: usize) -> bool {
        let game = &*self.game;
        let n = game.n;
        let goal: Vec<usize> = (0..n * n).filter(|&i| game.goal[side][i]).collect();
        match game.rules.win {
            WinCondition::AllInGoal => self.completed(side),
            WinCondition::GoalFilled => {
                goal.iter().all(|&i| self.cells[i].is_some())
                    && goal.iter().any(|&i| self.cells[i] == Some(side))
            }
        }
    }

    /// The perft count at `depth` (RULES.md: a finished game has no moves, a pass counts).
    pub fn perft(&self, depth: u32) -> u64 {
        crate::reference::perft_by_copy(self, depth, Self::legal_moves, Self::play)
    }
}

/// The directions of the board, written out here rather than taken from the engine: eight
/// on square boards, six (axial coordinates) on the hexagonal ones.
fn directions(board: Board) -> &'static [(i8, i8)] {
    if board.is_hex() {
        &[(-1, 0), (1, 0), (0, -1), (0, 1), (1, -1), (-1, 1)]
    } else {
        &[
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ]
    }
}

/// The reference form of an engine move.
pub fn naive_move(board: Board, mv: Move) -> NaiveMove {
    (!mv.is_pass()).then(|| (board.coords(mv.from()), board.coords(mv.to())))
}

/// The engine form of a reference move.
pub fn engine_move(board: Board, mv: NaiveMove) -> Move {
    match mv {
        None => Move::PASS,
        Some((f, t)) => Move::new(board.bit(f.0, f.1), board.bit(t.0, t.1)),
    }
}
