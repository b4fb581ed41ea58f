//! The strong solution of Le Grec: the value under perfect play of every position, by
//! retrograde analysis over every legal arrangement.
//!
//! # The game as a graph
//!
//! A *state* is an arrangement (seven A stones and seven B stones on the 16 cells:
//! C(16,7)·C(9,7) = 11,440 · 36 = 411,840 arrangements) and a side to move: 823,680 states.
//! Every legal arrangement is included, reachable from the start or not. The edges are the
//! legal moves. The value of a state for the side to move is `Win(n)` (it can force a win,
//! at the latest after `n` plies, and no faster), `Loss(n)` (it cannot avoid losing, and
//! can delay the loss by `n` plies, no longer) or `Draw` (neither side can force a win:
//! with perfect play the game never ends with a win).
//!
//! # How the rules map onto the graph
//!
//! * **Win.** A state whose side *not* to move has all its stones on its goal ranks is
//!   finished: the side that just moved won (the conventions test the mover only). Its
//!   value is `Loss(0)`; it has no moves.
//! * **Pass.** A side with no move passes, and the pass is a move (one ply). The number of
//!   passes in a row (0 or 1; two end the game drawn) is part of a position but left out
//!   of the state, because it only matters when the side to move has no move: from
//!   (arrangement, X, 1 pass) every move of X leads where it leads from (arrangement, X,
//!   0 passes), with 0 passes. The table holds the 0-pass values, the 1-pass values follow:
//!   when X is blocked, its pass is the second in a row and ends the game drawn, unless all
//!   X's stones stand on its goal ranks, when the pass wins (the win test comes first):
//!   `Draw`, resp. `Win(1)`. In the graph a blocked side's one edge is its pass to the same
//!   arrangement with the other side to move; when both sides are blocked the two states
//!   form a 2-cycle, never resolved, so both are `Draw`, which is exactly the value of the
//!   real positions (after one pass the other side must pass too).
//! * **Repetition.** The third occurrence of an arrangement with the same side to move is a
//!   draw. In the graph any cycle is a draw: a state that retrograde analysis never resolves
//!   is `Draw`. This agrees with the real game played from a position met for the first
//!   time: a side with a `Win(n)` plays to a state of `Loss(n - 1)`, the other side to a
//!   state of `Win(n - 2)` at best, so along a won line the distance falls every ply and no
//!   state recurs (an arrangement and side to move occur at most twice, once with each
//!   pass count), so the repetition rule never saves the loser; a side with a `Draw` keeps
//!   to `Draw` states, never loses, and the game ends by repetition or passes. (Positions
//!   with a history of earlier occurrences can differ: the values here are those of the
//!   position met for the first time, as perft counts repetitions from its root; a finished
//!   game's status is respected.)
//!
//! # The method
//!
//! Arrangements are ranked combinatorially: A's stones by their colex rank among the
//! 7-subsets of 16 cells (a 65,536-entry table), B's by the rank of their 7-subset among the
//! 9 cells A leaves free (compressed to 9 bits, a 512-entry table); state = (rank_A · 36 +
//! rank_B) · 2 + side. Retrograde analysis, breadth first: every finished state is a
//! `Loss(0)`; each other state counts its moves (a blocked one has one, the pass). A queue
//! takes resolved states in order of distance; for each predecessor (the moves taken back by
//! the word-parallel generator run backward, plus the pass when the predecessor's side is
//! blocked), a loss in `n` makes it a win in `n + 1` (the first is the fastest, as the queue
//! is ordered), a win in `n` takes one off its count of moves, and the last one makes it a
//! loss in `n + 1` (the slowest). The table keeps one byte per state (0 = draw, else the
//! plies + 1; odd plies are wins, even losses): 823,680 bytes.
//!
//! # Use
//!
//! ```
//! use halma_engine::games::legrec::{LeGrecPosition, Solution, Value};
//! let solution = Solution::build();
//! let start = LeGrecPosition::start();
//! let value: Value = solution.value(&start);
//! let line = solution.principal_line(&start); // a perfect game
//! assert!(matches!(value, Value::Win(n) | Value::Loss(n) if n as usize == line.len())
//!     || value == Value::Draw);
//! ```

use super::board::{goal, CELLS, STONES};
use super::movegen::{count_moves, for_each_target, has_move};
use super::position::LeGrecPosition;
use crate::game::Status;
use crate::moves::Move;
use std::fmt;
use std::time::{Duration, Instant};

/// The value of a position under perfect play, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies (its own last move included), no faster.
    Win(u32),
    /// The side to move loses after this many plies at the latest (0: the game is lost).
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The plies to the end of a won or lost game; `None` for a draw.
    pub fn plies(self) -> Option<u32> {
        match self {
            Value::Win(n) | Value::Loss(n) => Some(n),
            Value::Draw => None,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(n) => write!(f, "win in {n} plies"),
            Value::Loss(0) => write!(f, "lost"),
            Value::Loss(n) => write!(f, "loss in {n} plies"),
            Value::Draw => write!(f, "draw"),
        }
    }
}

/// The number of 7-subsets of the 9 cells A leaves free.
const B_RANKS: usize = 36;
/// The number of 7-subsets of 16 cells.
const A_RANKS: usize = 11_440;
/// The number of arrangements.
pub const ARRANGEMENTS: usize = A_RANKS * B_RANKS;
/// The number of states (arrangement and side to move).
pub const STATES: usize = 2 * ARRANGEMENTS;

/// The combinatorial ranking of arrangements.
struct Ranking {
    /// Colex rank of each 16-bit mask with seven bits (others unused).
    rank16: Vec<u16>,
    /// The masks of seven of 16 cells, by rank.
    masks16: Vec<u16>,
    /// Colex rank of each 9-bit mask with seven bits.
    rank9: [u8; 512],
    /// The masks of seven of 9 cells, by rank.
    masks9: [u16; B_RANKS],
}

/// The bits of `x` at the set bits of `mask`, packed low (software PEXT).
#[inline(always)]
fn compress(x: u16, mut mask: u16) -> u16 {
    let mut out = 0;
    let mut bit = 1;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if x & low != 0 {
            out |= bit;
        }
        bit <<= 1;
        mask ^= low;
    }
    out
}

/// The low bits of `x` spread onto the set bits of `mask` (software PDEP).
#[inline(always)]
fn expand(mut x: u16, mut mask: u16) -> u16 {
    let mut out = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if x & 1 != 0 {
            out |= low;
        }
        x >>= 1;
        mask ^= low;
    }
    out
}

impl Ranking {
    fn new() -> Ranking {
        let mut rank16 = vec![0u16; 1 << CELLS];
        let mut masks16 = Vec::with_capacity(A_RANKS);
        // In increasing order of the mask as a number, which is colex order.
        for m in 0..=u16::MAX {
            if m.count_ones() == STONES {
                rank16[m as usize] = masks16.len() as u16;
                masks16.push(m);
            }
        }
        let mut rank9 = [0u8; 512];
        let mut masks9 = [0u16; B_RANKS];
        let mut n = 0;
        for m in 0..512u16 {
            if m.count_ones() == STONES {
                rank9[m as usize] = n as u8;
                masks9[n] = m;
                n += 1;
            }
        }
        assert_eq!((masks16.len(), n), (A_RANKS, B_RANKS));
        Ranking {
            rank16,
            masks16,
            rank9,
            masks9,
        }
    }

    /// The state index of stones `[a, b]` with `side` to move.
    #[inline(always)]
    fn index(&self, stones: [u16; 2], side: usize) -> usize {
        let [a, b] = stones;
        let ra = self.rank16[a as usize] as usize;
        let rb = self.rank9[compress(b, !a) as usize] as usize;
        (ra * B_RANKS + rb) * 2 + side
    }

    /// The stones and side to move of a state index.
    #[inline(always)]
    fn state(&self, index: usize) -> ([u16; 2], usize) {
        let arrangement = index / 2;
        let a = self.masks16[arrangement / B_RANKS];
        let b = expand(self.masks9[arrangement % B_RANKS], !a);
        ([a, b], index % 2)
    }
}

/// The value of a table entry: 0 a draw, else the plies + 1, odd plies a win (the side
/// to move makes the last move), even plies a loss.
#[inline(always)]
fn decode(entry: u8) -> Value {
    match entry.checked_sub(1) {
        None => Value::Draw,
        Some(plies) if plies % 2 == 1 => Value::Win(u32::from(plies)),
        Some(plies) => Value::Loss(u32::from(plies)),
    }
}

/// Whether the side that is *not* to move has won: all its stones on its goal ranks.
#[inline(always)]
fn finished(stones: [u16; 2], side: usize) -> bool {
    let other = 1 - side;
    stones[other] & !goal(other) == 0
}

/// Counts of states by value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    /// States won by the side to move.
    pub wins: usize,
    /// States lost by the side to move (finished ones included).
    pub losses: usize,
    /// Drawn states.
    pub draws: usize,
    /// The longest distance to the end of a won or lost state, in plies.
    pub longest: u32,
}

impl Census {
    fn add(&mut self, value: Value) {
        match value {
            Value::Win(_) => self.wins += 1,
            Value::Loss(_) => self.losses += 1,
            Value::Draw => self.draws += 1,
        }
        self.longest = self.longest.max(value.plies().unwrap_or(0));
    }

    /// All states counted.
    pub fn total(&self) -> usize {
        self.wins + self.losses + self.draws
    }
}

/// The value of every Le Grec position: build once with [`Solution::build`] (a fraction of
/// a second in release), then ask [`Solution::value`], [`Solution::best_move`] and
/// [`Solution::principal_line`]. See the module doc for the method and what the values mean.
pub struct Solution {
    ranking: Ranking,
    /// Per state: 0 for a draw, else the plies to the end + 1 (odd plies: a win).
    table: Vec<u8>,
    build_time: Duration,
}

impl Solution {
    /// Solves the game: retrograde analysis over all 823,680 states.
    pub fn build() -> Solution {
        let started = Instant::now();
        let ranking = Ranking::new();
        let mut table = vec![0u8; STATES];
        // Moves not yet known to lose (a blocked side has one, the pass).
        let mut open = vec![0u8; STATES];
        let mut queue: Vec<u32> = Vec::with_capacity(STATES);
        for (index, left) in open.iter_mut().enumerate() {
            let (stones, side) = ranking.state(index);
            if finished(stones, side) {
                table[index] = 1;
                queue.push(index as u32);
            } else {
                *left = count_moves(side, stones[side], stones[1 - side]).max(1) as u8;
            }
        }
        let mut next = 0;
        while next < queue.len() {
            let index = queue[next] as usize;
            next += 1;
            let entry = table[index];
            // A loss here wins for every predecessor.
            let loss_here = matches!(decode(entry), Value::Loss(_));
            assert!(entry < u8::MAX, "a distance beyond the table's byte");
            let (stones, side) = ranking.state(index);
            let mover = 1 - side;
            let mut reach = |pred: usize| {
                if table[pred] != 0 {
                    return;
                }
                if loss_here {
                    table[pred] = entry + 1;
                    queue.push(pred as u32);
                } else {
                    open[pred] -= 1;
                    if open[pred] == 0 {
                        table[pred] = entry + 1;
                        queue.push(pred as u32);
                    }
                }
            };
            // The mover's moves taken back: from an empty cell to one of its stones.
            let (own, enemy) = (stones[mover], stones[side]);
            let empty = !(own | enemy);
            for_each_target(mover, empty, enemy, own, |delta, mut targets| {
                while targets != 0 {
                    let to = targets.trailing_zeros() as i32;
                    targets &= targets - 1;
                    let from = to - delta as i32;
                    let mut before = stones;
                    before[mover] ^= (1 << to) | (1 << from);
                    reach(ranking.index(before, mover));
                }
            });
            // The mover's pass, if it had no move here.
            if !has_move(mover, own, enemy) {
                reach(ranking.index(stones, mover));
            }
        }
        Solution {
            ranking,
            table,
            build_time: started.elapsed(),
        }
    }

    /// How long [`Solution::build`] took.
    pub fn build_time(&self) -> Duration {
        self.build_time
    }

    /// The value of the state: stones, side to move, passes in a row just before.
    pub fn state_value(&self, stones: [u16; 2], side: usize, passes: u8) -> Value {
        if finished(stones, side) {
            return Value::Loss(0);
        }
        if passes >= 2 {
            return Value::Draw;
        }
        if passes == 1 && !has_move(side, stones[side], stones[1 - side]) {
            // The pass is the second in a row: a draw, unless it completes the side's goal.
            return if stones[side] & !goal(side) == 0 {
                Value::Win(1)
            } else {
                Value::Draw
            };
        }
        decode(self.table[self.ranking.index(stones, side)])
    }

    /// The value of `pos` for its side to move under perfect play from here (a finished
    /// game: its result; otherwise as if met for the first time, see the module doc).
    pub fn value(&self, pos: &LeGrecPosition) -> Value {
        let side = pos.to_move();
        match pos.status() {
            Status::Won(s) if s == side => Value::Win(0),
            Status::Won(_) | Status::LostByDeadline(_) => Value::Loss(0),
            Status::DrawByPasses
            | Status::DrawByRepetition
            | Status::DrawByEqualTurns
            | Status::DrawByPlyCap => Value::Draw,
            Status::Ongoing => {
                self.state_value([pos.stones(0), pos.stones(1)], side, pos.passes_in_row())
            }
        }
    }

    /// The value, for the side then to move, of the state `mv` leads to from `pos`.
    pub fn value_after(&self, pos: &LeGrecPosition, mv: Move) -> Value {
        let side = pos.to_move();
        let mut stones = [pos.stones(0), pos.stones(1)];
        let passes = if mv.is_pass() {
            pos.passes_in_row() + 1
        } else {
            stones[side] ^= (1 << mv.from()) | (1 << mv.to());
            0
        };
        // The win test comes before the pass count.
        if stones[side] & !goal(side) == 0 {
            return Value::Loss(0);
        }
        self.state_value(stones, 1 - side, passes)
    }

    /// A perfect move in `pos` (an ongoing game): the fastest win, else a drawing move (of
    /// greatest progress toward the goal, then the first generated), else the slowest
    /// loss; `None` when the game is over.
    pub fn best_move(&self, pos: &LeGrecPosition) -> Option<Move> {
        if pos.status().is_over() {
            return None;
        }
        let side = pos.to_move();
        let climb = |mv: Move| {
            if mv.is_pass() {
                0
            } else {
                let rank = |c: usize| (c / 4) as i32;
                let d = rank(mv.to()) - rank(mv.from());
                if side == 0 {
                    d
                } else {
                    -d
                }
            }
        };
        // Higher is better for the mover: wins by fewer plies, draws by more climb, losses
        // by more plies.
        let score = |mv: Move| match self.value_after(pos, mv) {
            Value::Loss(n) => (2, -(n as i64)),
            Value::Draw => (1, i64::from(climb(mv))),
            Value::Win(n) => (0, i64::from(n)),
        };
        let mut best: Option<(Move, (i32, i64))> = None;
        let mut moves = Vec::with_capacity(32);
        let mut any = false;
        pos.generate(|mv| {
            any = true;
            moves.push(mv);
        });
        if !any {
            moves.push(Move::PASS);
        }
        for mv in moves {
            let s = score(mv);
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((mv, s));
            }
        }
        best.map(|(mv, _)| mv)
    }

    /// A perfect game from `start`: [`Solution::best_move`] played until the game ends
    /// (played on a copy through the normal make and status code, so a drawn line ends by
    /// repetition or passes).
    pub fn principal_line(&self, start: &LeGrecPosition) -> Vec<Move> {
        let mut pos = start.clone();
        let mut line = Vec::new();
        // Each state is played into at most three times before a repetition ends the game.
        while let Some(mv) = self.best_move(&pos) {
            pos.make(mv);
            line.push(mv);
            assert!(line.len() <= 6 * STATES, "the line does not end");
        }
        line
    }

    /// Counts of all states (every arrangement and side to move, 0 passes) by value.
    pub fn census(&self) -> Census {
        let mut census = Census::default();
        for &entry in &self.table {
            census.add(decode(entry));
        }
        census
    }

    /// Counts of the states reachable from the start by legal play (forward search over
    /// arrangements and sides to move, finished states not expanded) by value.
    pub fn reachable_census(&self) -> Census {
        let mut seen = vec![false; STATES];
        let start = LeGrecPosition::start();
        let first = self.ranking.index([start.stones(0), start.stones(1)], 0);
        seen[first] = true;
        let mut stack = vec![first as u32];
        let mut census = Census::default();
        while let Some(index) = stack.pop() {
            let (stones, side) = self.ranking.state(index as usize);
            census.add(self.state_value(stones, side, 0));
            if finished(stones, side) {
                continue;
            }
            let mut visit = |next: [u16; 2]| {
                let i = self.ranking.index(next, 1 - side);
                if !seen[i] {
                    seen[i] = true;
                    stack.push(i as u32);
                }
            };
            let (own, enemy) = (stones[side], stones[1 - side]);
            if has_move(side, own, enemy) {
                super::movegen::for_each_move(side, own, enemy, |from, to| {
                    let mut next = stones;
                    next[side] ^= (1 << from) | (1 << to);
                    visit(next);
                });
            } else {
                visit(stones);
            }
        }
        census
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_round_trips() {
        let r = Ranking::new();
        for index in (0..STATES).step_by(97) {
            let (stones, side) = r.state(index);
            assert_eq!(stones[0].count_ones(), 7);
            assert_eq!(stones[1].count_ones(), 7);
            assert_eq!(stones[0] & stones[1], 0);
            assert_eq!(r.index(stones, side), index);
        }
    }

    #[test]
    fn compress_and_expand_are_inverse() {
        let mask = 0b1011_0110_1100_1010u16;
        for x in 0..(1u16 << mask.count_ones()) {
            assert_eq!(compress(expand(x, mask), mask), x);
        }
    }
}
