//! What the simple references of the relatives share, written once: the one reference
//! trait ([`Reference`], a deliberately simple per-cell move generator of the engine's game
//! `P` with moves converted both ways), the one naive turn bookkeeping ([`Turns`]: side to
//! move, move counts, passes, every position so far for the repetition draw, the status
//! by the conventions of RULES-relatives.md), perft by copying positions, the grid
//! helpers of the stone games, and seeded random play in the engine's playout policy
//! ([`policy_game`]). Nothing from the engine's rules is used.

use halma_engine::rng::Rng;
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

/// The fields of a position text `<rules> <placement> <side> <a>,<b> [passes]` of the game
/// `rules`: the placement, the side to move, the move counts and the passes in a row;
/// `None` if it is not one.
pub fn text_fields<'a>(text: &'a str, rules: &str) -> Option<(&'a str, usize, [u64; 2], usize)> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 4 || fields.len() > 5 || fields[0] != rules {
        return None;
    }
    let to_move = match fields[2] {
        "A" => 0,
        "B" => 1,
        _ => return None,
    };
    let (a, b) = fields[3].split_once(',')?;
    let counts = [a.parse().ok()?, b.parse().ok()?];
    let passes = match fields.get(4) {
        Some(p) => p.parse().ok()?,
        None => 0,
    };
    Some((fields[1], to_move, counts, passes))
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

/// How a game is decided by a move: `decide(board, mover, moves)` is the status after
/// `mover`'s move to `board` (its `moves`-th, passes included) when that move wins or
/// loses the game (a win, a deadline loss), `None` when the game goes on or only the
/// common draws apply.
pub type Decide<B> = fn(&B, usize, u64) -> Option<Status>;

/// The one naive turn bookkeeping of the references, besides the board `B` (everything
/// the rules look at: stones, stones in hand): side to move, move counts, passes in a row,
/// every (board, side to move) so far and the status after the last move, evaluated in the
/// conventions' order: the game's own decision ([`Decide`]), two passes in a row, the third
/// occurrence of the board with the same side to move.
#[derive(Clone, Debug)]
pub struct Turns<B> {
    to_move: usize,
    move_counts: [u64; 2],
    passes: usize,
    status: Status,
    seen: Vec<(B, usize)>,
    decide: Decide<B>,
}

impl<B: Clone + PartialEq> Turns<B> {
    /// The bookkeeping of a position `board` with `to_move` to move after `move_counts`
    /// moves and `passes` passes in a row; its status is evaluated for the previous mover
    /// (no history: repetitions count from here).
    pub fn new(
        board: &B,
        to_move: usize,
        move_counts: [u64; 2],
        passes: usize,
        decide: Decide<B>,
    ) -> Turns<B> {
        let mut turns = Turns {
            to_move,
            move_counts,
            passes,
            status: Status::Ongoing,
            seen: vec![(board.clone(), to_move)],
            decide,
        };
        turns.status = turns.status_after(board, 1 - to_move);
        turns
    }

    /// The bookkeeping of an engine position whose board reads as `board`.
    pub fn of<P: Game>(pos: &P, board: &B, passes: u8, decide: Decide<B>) -> Self {
        let counts = [pos.move_count(0), pos.move_count(1)];
        Turns::new(board, pos.to_move(), counts, passes.into(), decide)
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
        let present = self.seen.last().expect("the present is recorded");
        if let Some(decided) = (self.decide)(board, mover, self.move_counts[mover]) {
            decided
        } else if self.passes >= 2 {
            Status::DrawByPasses
        } else if self.seen.iter().filter(|&s| s == present).count() >= 3 {
            Status::DrawByRepetition
        } else {
            Status::Ongoing
        }
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Moves `side` has made, passes included.
    pub fn move_count(&self, side: usize) -> u64 {
        self.move_counts[side]
    }

    /// Passes in a row just before.
    pub fn passes(&self) -> usize {
        self.passes
    }

    /// The status after the last move.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.status.is_over()
    }
}

/// A reference of the engine's game `P`: built from the start or an engine position, its
/// own legal moves, play and status, and moves converted both ways.
pub trait Reference<P: Game>: Clone {
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

/// The one random-play generator: the positions of a seeded game from `start`, each move
/// chosen by `pick(position, rng)` with `rng` seeded by `seed`, until it ends or after
/// `cap` plies; the start first. The same seed gives the same game.
pub fn seeded_game<P: Game>(
    start: P,
    seed: u64,
    cap: usize,
    mut pick: impl FnMut(&P, &mut Rng) -> Move,
) -> Vec<P> {
    let mut p = start;
    let mut rng = Rng::new(seed);
    let mut out = vec![p.clone()];
    while !p.status().is_over() && out.len() <= cap {
        let mv = pick(&p, &mut rng);
        p.make(mv);
        out.push(p.clone());
    }
    out
}

/// A [`seeded_game`] in the playout policy ([`Evaluation::policy_move`]: with chance `epsilon` a
/// random move, else one of largest gain).
pub fn policy_game<P: Game>(start: P, seed: u64, epsilon: f32, cap: usize) -> Vec<P> {
    let eval = start.evaluator(&halma_engine::weights::Weights::default());
    seeded_game(start, seed, cap, |p, rng| {
        p.policy_move(&eval, epsilon, rng)
    })
}

/// A move that shuffles, so that positions repeat: with chance 0.8 the mover takes back its
/// own previous move (`to-from`, or the pass again) where that is legal, else a uniformly
/// random move (`eval` is `p`'s evaluator, for the playout policy's random move).
pub fn shuffle_move<P: Game>(p: &P, eval: &P::Eval, rng: &mut Rng) -> Move {
    let history: Vec<Move> = p.history().collect();
    if let [.., own, _] = history[..] {
        let back = if own.is_pass() {
            own
        } else {
            Move::new(own.to(), own.from())
        };
        if !rng.chance(0.2) && p.is_legal(back) {
            return back;
        }
    }
    p.policy_move(eval, 1.0, rng)
}

/// A [`seeded_game`] that shuffles after an opening: its first `12 · (seed % 6)` plies in
/// the playout policy (epsilon 0.3), the rest [`shuffle_move`]s, so that its repetitions
/// come from positions of every stage. Where the rules have the repetition draw, its games
/// mostly end in one.
pub fn shuffle_game<P: Game>(start: P, seed: u64, cap: usize) -> Vec<P> {
    let eval = start.evaluator(&halma_engine::weights::Weights::default());
    let opening = 12 * (seed % 6) as usize;
    let mut ply = 0;
    seeded_game(start, seed, cap, |p, rng| {
        ply += 1;
        if ply <= opening {
            p.policy_move(&eval, 0.3, rng)
        } else {
            shuffle_move(p, &eval, rng)
        }
    })
}

/// `count` ongoing positions from seeded play from `start` (the seed 2024; each game of
/// 2 to `max_plies` + 1 plies in the playout policy with epsilon 0.5), each read back from
/// its text (no history): the benchmarks' positions of the stone games.
pub fn played_positions<P: Game>(start: &P, count: usize, max_plies: u32) -> Vec<P> {
    let mut rng = Rng::new(2024);
    let eval = start.evaluator(&halma_engine::weights::Weights::default());
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = start.clone();
        let plies = 2 + rng.below(max_plies) as usize;
        for _ in 0..plies {
            if pos.status().is_over() {
                break;
            }
            let mv = pos.policy_move(&eval, 0.5, &mut rng);
            pos.make(mv);
        }
        if !pos.status().is_over() {
            let text = pos.to_text();
            let fields = text.split_once(' ').expect("a rule set and fields").1;
            out.push(P::from_text_fields(pos.setup(), fields).expect("a valid text"));
        }
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

/// The items of a [`Reference`] impl that every reference on a square grid writes alike:
/// `status`, read from its [`Turns`] field `$turns`, and both move conversions
/// ([`grid_move`], [`index_move`]) on a board `$width` files wide. One line in the impl:
/// `crate::grid_reference_items!(turns, 8);`.
#[macro_export]
macro_rules! grid_reference_items {
    ($turns:ident, $width:expr) => {
        fn status(&self) -> ::halma_engine::Status {
            self.$turns.status()
        }

        fn naive_move(mv: ::halma_engine::Move) -> $crate::reference::GridMove {
            $crate::reference::grid_move(mv, $width)
        }

        fn engine_move(mv: $crate::reference::GridMove) -> ::halma_engine::Move {
            $crate::reference::index_move(mv, $width)
        }
    };
    ($turns:ident, $width:expr, CellMove) => {
        fn status(&self) -> ::halma_engine::Status {
            self.$turns.status()
        }

        fn naive_move(mv: ::halma_engine::Move) -> $crate::reference::CellMove {
            $crate::reference::CellMove::of(mv, $width)
        }

        fn engine_move(mv: $crate::reference::CellMove) -> ::halma_engine::Move {
            mv.to_engine($width)
        }
    };
}

/// A move of a reference whose game also drops stones or bears them off (Le Zug, Top
/// Secret), cells as 0-based (file, rank); sorted in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum CellMove {
    /// A stone dropped (placed) on the cell.
    Drop(Cell),
    /// The stone on the first cell to the second.
    Go(Cell, Cell),
    /// The stone on the cell borne off.
    Off(Cell),
    /// The pass.
    Pass,
}

impl CellMove {
    /// The reference form of an engine move on a board `width` files wide (the engine's
    /// cell `x + width·y`).
    pub fn of(mv: Move, width: usize) -> CellMove {
        let cell = |c: usize| (c % width, c / width);
        if mv.is_pass() {
            CellMove::Pass
        } else if mv.is_drop() {
            CellMove::Drop(cell(mv.to()))
        } else if mv.is_off() {
            CellMove::Off(cell(mv.from()))
        } else {
            CellMove::Go(cell(mv.from()), cell(mv.to()))
        }
    }

    /// The engine form on a board `width` files wide.
    pub fn to_engine(self, width: usize) -> Move {
        let index = |(x, y): Cell| x + width * y;
        match self {
            CellMove::Drop(c) => Move::drop(index(c)),
            CellMove::Go(f, t) => Move::new(index(f), index(t)),
            CellMove::Off(c) => Move::off(index(c)),
            CellMove::Pass => Move::PASS,
        }
    }
}

/// The board of a placement `rank/rank/…` (the top rank first) of `N` ranks of stones `A`
/// and `B` and digits counting empty cells, each rank listing only its cells `files(rank)`
/// (0-based files, left to right); `None` if it is not one.
pub fn read_ranks<const N: usize>(
    placement: &str,
    files: impl Fn(usize) -> Vec<usize>,
) -> Option<Grid<N>> {
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != N {
        return None;
    }
    let mut board: Grid<N> = [[None; N]; N];
    for (i, row) in rows.iter().enumerate() {
        let rank = N - 1 - i;
        let cells = files(rank);
        let mut k = 0;
        for c in row.chars() {
            match c {
                '1'..='9' => k += c as usize - '0' as usize,
                'A' | 'B' => {
                    let file = *cells.get(k)?;
                    board[rank][file] = Some(usize::from(c == 'B'));
                    k += 1;
                }
                _ => return None,
            }
        }
        if k != cells.len() {
            return None;
        }
    }
    Some(board)
}

/// Whether every stone of `side` on `board` (`board[rank][file]`) stands where
/// `home(file, rank)` says it is home.
pub fn all_home<const N: usize>(
    board: &Grid<N>,
    side: usize,
    home: impl Fn(usize, usize) -> bool,
) -> bool {
    (0..N).all(|rank| (0..N).all(|file| board[rank][file] != Some(side) || home(file, rank)))
}

/// An N×N array `grid[x][y]` (`x` the file) of what `at(x, y)` says stands there.
pub fn grid_of<T, const N: usize>(at: impl Fn(usize, usize) -> T) -> [[T; N]; N] {
    std::array::from_fn(|x| std::array::from_fn(|y| at(x, y)))
}

/// The legal moves of a reference on an N×N grid, sorted, each once: none when the game is
/// `over`, else the moves `from((x, y), out)` adds from each cell, or the pass `pass` alone
/// when there are none.
pub fn moves_by_cell<M: Ord>(
    n: usize,
    over: bool,
    pass: M,
    mut from: impl FnMut((usize, usize), &mut Vec<M>),
) -> Vec<M> {
    if over {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for x in 0..n {
        for y in 0..n {
            from((x, y), &mut moves);
        }
    }
    moves.sort();
    moves.dedup();
    if moves.is_empty() {
        moves.push(pass);
    }
    moves
}

/// A reference position of a two-side game whose stones step or jump on an N×N grid
/// `board[rank][file]` (Le Grec, Caeser): the board and the naive turn bookkeeping.
#[derive(Clone, Debug)]
pub struct GridGame<const N: usize> {
    /// The board.
    pub board: Grid<N>,
    /// The side to move, counts, passes and the boards so far.
    pub turns: Turns<Grid<N>>,
}

impl<const N: usize> GridGame<N> {
    /// Reads a full position text `<rules> <placement> <side> <a>,<b> [passes]`, each rank
    /// of the placement listing only its cells `files(rank)` ([`read_ranks`]), the game
    /// decided by `decide`; `None` if it is not one.
    pub fn read(
        text: &str,
        rules: &str,
        files: impl Fn(usize) -> Vec<usize>,
        decide: Decide<Grid<N>>,
    ) -> Option<GridGame<N>> {
        let (placement, to_move, counts, passes) = text_fields(text, rules)?;
        let board = read_ranks(placement, files)?;
        let turns = Turns::new(&board, to_move, counts, passes, decide);
        Some(GridGame { board, turns })
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.turns.to_move()
    }

    /// The legal moves, sorted: the [`grid_moves`] of the side to move in its directions
    /// `dirs` on the cells `on` says are on the board; none when the game is over.
    pub fn moves(
        &self,
        dirs: &[(isize, isize)],
        on: impl Fn(isize, isize) -> bool,
    ) -> Vec<NaiveMove> {
        if self.turns.is_over() {
            return Vec::new();
        }
        let mut moves = grid_moves(&self.board, self.to_move(), dirs, on);
        moves.sort();
        moves
    }

    /// Plays `mv` (legal here).
    pub fn play(&mut self, mv: NaiveMove) {
        if let Some(((ff, fr), (tf, tr))) = mv {
            self.board[tr][tf] = self.board[fr][ff].take();
        }
        self.turns.record(&self.board, mv.is_none());
    }
}
