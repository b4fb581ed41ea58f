//! Move texts (`from-to`, a full leap path `b1-c3-d5-e3`, `pass`), leap paths and the checks
//! that say why a move is illegal. The position text and the diagram are the shared stone
//! race's ([`crate::games::stones`]): `renpaarden <placement> <side> <countA>,<countB>
//! [passes]`, the placement rank by rank from rank 9 down, `/` between ranks, `A`/`B` for
//! stones and a number for a run of empty cells (as Halma's, `docs/position-format.md`).

use super::board::{cell_name, is_leap, CELLS, KNIGHT};
use super::position::RenpaardenPosition;
use crate::error::Error;
use crate::moves::Move;
use std::collections::VecDeque;

impl RenpaardenPosition {
    /// One shortest leap path of `mv` (cells, origin first, the enemy stones leapt onto in
    /// between); empty for the pass or a move the stone cannot make.
    pub fn path(&self, mv: Move) -> Vec<usize> {
        if mv.is_pass() || mv.from() >= CELLS || mv.to() >= CELLS {
            return Vec::new();
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(side) = self.side_at(from) else {
            return Vec::new();
        };
        let (enemy, empty) = (self.stones(1 - side), !(self.stones(0) | self.stones(1)));
        if empty >> to & 1 == 0 {
            return Vec::new();
        }
        // Breadth-first over enemy stones from the origin; the destination is one leap from
        // the origin or from a reached enemy stone.
        let mut parent = [usize::MAX; CELLS];
        parent[from] = from;
        let mut queue = VecDeque::from([from]);
        while let Some(at) = queue.pop_front() {
            if is_leap(at, to) {
                let mut path = vec![to, at];
                while path[path.len() - 1] != from {
                    path.push(parent[path[path.len() - 1]]);
                }
                path.reverse();
                return path;
            }
            for next in super::board::cells_of(KNIGHT[at] & enemy) {
                if parent[next] == usize::MAX {
                    parent[next] = at;
                    queue.push_back(next);
                }
            }
        }
        Vec::new()
    }

    /// A move's text with its whole leap path, like `b1-c3-d5`.
    pub fn leap_path_text(&self, mv: Move) -> String {
        if mv.is_pass() {
            return "pass".into();
        }
        let path = self.path(mv);
        if path.is_empty() {
            return self.move_text(mv);
        }
        let names: Vec<String> = path.into_iter().map(cell_name).collect();
        names.join("-")
    }

    /// Parses a move of the side to move: `from-to`, a full leap path (every leap checked),
    /// or `pass`; the move must be legal, and the error says why not.
    pub fn read_move(&self, text: &str) -> Result<Move, Error> {
        let text = text.trim();
        let bad = |why: String| Err(Error::Move(format!("{text}: {why}")));
        let Some(cells) = self.read_cells(text)? else {
            return Ok(Move::PASS);
        };
        let (from, to) = (cells[0], cells[cells.len() - 1]);
        let me = self.to_move();
        let owner = |c: usize| self.side_at(c);
        if cells.len() == 2 {
            return self.check_from_to(from, to).or_else(bad);
        }
        // Every leap of a whole path: a knight leap, onto enemy stones until the last,
        // which lands on an empty cell.
        for (i, pair) in cells.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            let last = i + 2 == cells.len();
            if !is_leap(a, b) {
                return bad(format!(
                    "{}-{} is not a knight leap",
                    cell_name(a),
                    cell_name(b)
                ));
            }
            if b == from {
                return bad(format!(
                    "the leap {}-{} comes back to the origin, which ends the move where it \
                     started: no move",
                    cell_name(a),
                    cell_name(b)
                ));
            }
            match owner(b) {
                Some(s) if s == me => {
                    return bad(format!("lands on an own stone on {}", cell_name(b)));
                }
                Some(_) if last => {
                    return bad(format!(
                        "stops on an enemy stone on {}: a leap onto an enemy stone must go on",
                        cell_name(b)
                    ));
                }
                None if !last => {
                    return bad(format!(
                        "the leap {}-{} lands on an empty cell, which ends the move",
                        cell_name(a),
                        cell_name(b)
                    ));
                }
                _ => {}
            }
        }
        let mv = Move::new(from, to);
        Ok(mv)
    }
}

impl RenpaardenPosition {
    /// The move `from-to` of the side to move's stone on `from`, or why it is illegal.
    fn check_from_to(&self, from: usize, to: usize) -> Result<Move, String> {
        if from == to {
            return Err("ends where it starts, which is no move".into());
        }
        match self.side_at(to) {
            Some(s) if s == self.to_move() => {
                return Err(format!("lands on an own stone on {}", cell_name(to)))
            }
            Some(_) => {
                return Err(format!(
                    "stops on an enemy stone on {}: a leap onto an enemy stone must go on",
                    cell_name(to)
                ))
            }
            None => {}
        }
        let mv = Move::new(from, to);
        if !self.path(mv).is_empty() {
            Ok(mv)
        } else {
            // (A knight leap onto an empty cell always has a path: this is not one.)
            Err(format!(
                "not a knight leap, and no chain of leaps through enemy stones reaches {}",
                cell_name(to)
            ))
        }
    }
}
