//! What the per-cell references share: perft by copying positions, the bookkeeping and end
//! tests of a race of two sides (RULES-relatives.md, common conventions), the link between
//! a reference and the engine's game ([`ReferenceOf`]) and seeded play in the engine's
//! playout policy.

use halma_engine::{Game, Move, Status};
use std::fmt::Debug;

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
