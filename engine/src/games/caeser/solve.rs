//! An attempt at solving Caeser: a memoised negamax over win / draw / loss with a budget.
//!
//! The game graph is acyclic: every move raises its mover's total lean (rank − file for A),
//! so no arrangement recurs except through passes, and two passes in a row end the game.
//! A state is the two sets of men (37-bit sets on the padded layout), the side to move and
//! the passes in a row (0 or 1); the repetition rule never applies. [`Solver::value`]
//! searches with alpha-beta on the three values −1, 0, 1 (a win ends the search of a node
//! at once), moves ordered by the lean they gain, and keeps each state's proven bounds in a
//! hash map. It stops with `None` when the map holds `max_states` states.

use super::board::{Holes, GOAL};
use super::eval::side_lean;
use super::movegen::{for_each_move, has_move};
use super::position::CaeserPosition;
use crate::game::Status;
use fxhash::FxHashMap;

/// The value of a state for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The side to move cannot avoid losing.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move can force a win.
    Win,
}

impl Outcome {
    fn of(v: i8) -> Outcome {
        match v {
            1.. => Outcome::Win,
            0 => Outcome::Draw,
            _ => Outcome::Loss,
        }
    }
}

/// Bounds proven for a state: its value lies in `lo..=hi` (each −1, 0 or 1).
#[derive(Clone, Copy, Debug)]
struct Bounds {
    lo: i8,
    hi: i8,
}

/// The memoised search and what it has counted.
pub struct Solver {
    table: FxHashMap<u128, Bounds>,
    max_states: usize,
    nodes: u64,
    out_of_room: bool,
}

/// The state's key: both sets (bits below 52), the side to move and the passes.
fn state_key(men: [Holes; 2], side: usize, passes: u8) -> u128 {
    u128::from(men[0])
        | u128::from(men[1]) << 52
        | (side as u128) << 104
        | u128::from(passes) << 105
}

impl Solver {
    /// A solver whose table may grow to `max_states` states (about 40 bytes each).
    pub fn new(max_states: usize) -> Solver {
        Solver {
            table: FxHashMap::default(),
            max_states,
            nodes: 0,
            out_of_room: false,
        }
    }

    /// States searched so far (each visit of a state not answered by the table).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// States whose bounds the table holds.
    pub fn states(&self) -> usize {
        self.table.len()
    }

    /// The value of `pos` for its side to move under perfect play (its history ignored: the
    /// repetition rule cannot apply), or `None` if the table filled up first.
    pub fn value(&mut self, pos: &CaeserPosition) -> Option<Outcome> {
        let side = pos.to_move();
        match pos.status() {
            Status::Won(s) => {
                return Some(if s == side {
                    Outcome::Win
                } else {
                    Outcome::Loss
                })
            }
            Status::Ongoing => {}
            _ => return Some(Outcome::Draw),
        }
        self.out_of_room = false;
        let men = [pos.men(0), pos.men(1)];
        let v = self.search(men, side, pos.passes_in_row(), -1, 1);
        (!self.out_of_room).then(|| Outcome::of(v))
    }

    /// The negamax value (−1, 0, 1) of the state, searched within `alpha..=beta`: exact if
    /// strictly inside, else a bound on the side it fell.
    fn search(&mut self, men: [Holes; 2], side: usize, passes: u8, mut alpha: i8, beta: i8) -> i8 {
        let key = state_key(men, side, passes);
        if let Some(b) = self.table.get(&key) {
            if b.lo == b.hi || b.lo >= beta {
                return b.lo;
            }
            if b.hi <= alpha {
                return b.hi;
            }
            alpha = alpha.max(b.lo);
        }
        if self.out_of_room || self.table.len() >= self.max_states {
            self.out_of_room = true;
            return 0;
        }
        self.nodes += 1;
        let (own, enemy) = (men[side], men[1 - side]);
        let alpha0 = alpha;
        let mut best = -1;
        if !has_move(side, own, enemy) {
            // A pass: the second in a row draws.
            best = if passes >= 1 {
                0
            } else {
                -self.search(men, 1 - side, 1, -beta, -alpha)
            };
        } else {
            let mut moves: Vec<(i32, usize, usize)> = Vec::with_capacity(24);
            for_each_move(side, own, enemy, |from, to| {
                moves.push((side_lean(side, to) - side_lean(side, from), from, to));
            });
            moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
            for (_, from, to) in moves {
                let mut next = men;
                next[side] ^= (1 << from) | (1 << to);
                let v = if next[side] & !GOAL[side] == 0 {
                    1
                } else {
                    -self.search(next, 1 - side, 0, -beta, -alpha)
                };
                if self.out_of_room {
                    return 0;
                }
                best = best.max(v);
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        if self.out_of_room {
            return 0;
        }
        let entry = self.table.entry(key).or_insert(Bounds { lo: -1, hi: 1 });
        if best <= alpha0 {
            entry.hi = entry.hi.min(best);
        } else if best >= beta {
            entry.lo = entry.lo.max(best);
        } else {
            *entry = Bounds { lo: best, hi: best };
        }
        best
    }
}
