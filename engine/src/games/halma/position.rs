//! A game position: pieces, side to move, move counts, Zobrist key, history and status.
//!
//! Moves are applied with [`Position::make`] and taken back with [`Position::unmake`]
//! (make/unmake rather than copy-make: a Halma move touches two bits, and the history needed
//! for repetition would make every copy expensive).

use crate::bitboard::BitBoard;
use crate::error::Error;
use crate::game::side_letter;
use crate::game::MAX_SIDES;
use crate::games::record::too_many_passes;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::rules::{WinCheck, WinCondition};
use crate::setup::{Setup, MAX_PIECES};
use std::sync::Arc;

pub use crate::game::Status;

/// What [`Position::unmake`] needs to restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    key: u64,
    status: Status,
    passes_in_row: u8,
}

/// A position of one game.
#[derive(Clone, Debug)]
pub struct Position<G: Geometry> {
    setup: Arc<Setup<G>>,
    pieces: [G::BB; MAX_SIDES],
    occupied: G::BB,
    /// Each side's sum of [`Setup::to_go`] over its pieces, kept by make and unmake.
    to_go: [i32; MAX_SIDES],
    to_move: usize,
    move_counts: [u64; MAX_SIDES],
    passes_in_row: u8,
    key: u64,
    status: Status,
    history: Vec<Undo>,
}

impl<G: Geometry> Position<G> {
    /// The start position: every side on its home camp, the first side to move.
    pub fn start(setup: Arc<Setup<G>>) -> Self {
        let mut pieces = [G::BB::EMPTY; MAX_SIDES];
        for (side, p) in pieces.iter_mut().enumerate().take(setup.sides()) {
            *p = setup.home(side);
        }
        Self::from_parts(setup, pieces, 0, [0; MAX_SIDES], 0).expect("the start is valid")
    }

    /// A position from its parts, checked: pieces on the board, no cell taken twice, every
    /// side with a camp's worth of pieces (never more than [`MAX_PIECES`]), a side to move
    /// that exists. The status is that
    /// after the previous side's move (as if it had just moved here).
    pub fn from_parts(
        setup: Arc<Setup<G>>,
        pieces: [G::BB; MAX_SIDES],
        to_move: usize,
        move_counts: [u64; MAX_SIDES],
        passes_in_row: u8,
    ) -> Result<Self, Error> {
        let mut pos = Position {
            setup,
            pieces: [G::BB::EMPTY; MAX_SIDES],
            occupied: G::BB::EMPTY,
            to_go: [0; MAX_SIDES],
            to_move: 0,
            move_counts: [0; MAX_SIDES],
            passes_in_row: 0,
            key: 0,
            status: Status::Ongoing,
            history: Vec::with_capacity(256),
        };
        pos.set_parts(pieces, to_move, move_counts, passes_in_row)?;
        Ok(pos)
    }

    /// Makes this the position of the same game with these parts, checked as
    /// [`Position::from_parts`] checks them, with an empty history (its memory kept, so that
    /// a search turning stored states into positions one after the other allocates nothing).
    /// On an error the position is left as it was.
    pub fn set_parts(
        &mut self,
        pieces: [G::BB; MAX_SIDES],
        to_move: usize,
        move_counts: [u64; MAX_SIDES],
        passes_in_row: u8,
    ) -> Result<(), Error> {
        let setup = &self.setup;
        let sides = setup.sides();
        let bad = |t: String| Err(Error::Position(t));
        if to_move >= sides {
            return bad(format!(
                "side {} to move, but there are {sides} sides",
                side_letter(to_move)
            ));
        }
        if passes_in_row as usize > sides {
            return bad(too_many_passes(passes_in_row, sides));
        }
        let mut occupied = G::BB::EMPTY;
        for (side, &p) in pieces.iter().enumerate() {
            if side >= sides {
                if !p.is_empty() {
                    return bad(format!(
                        "pieces for side {}, which is not playing",
                        side_letter(side)
                    ));
                }
                continue;
            }
            if !p.without(G::CELLS).is_empty() {
                return bad(format!(
                    "side {} has pieces off the board",
                    side_letter(side)
                ));
            }
            if occupied.intersects(p) {
                return bad("two pieces on one cell".into());
            }
            if p.count() as usize > MAX_PIECES {
                return bad(format!(
                    "side {} has {} pieces; the engine handles at most {MAX_PIECES} a side",
                    side_letter(side),
                    p.count()
                ));
            }
            let want = setup.pieces_per_side();
            if p.count() as usize != want {
                return bad(format!(
                    "side {} has {} pieces, the rules give each side {want}",
                    side_letter(side),
                    p.count()
                ));
            }
            occupied |= p;
        }
        self.pieces = pieces;
        self.occupied = occupied;
        self.to_go = [0; MAX_SIDES];
        for (side, sum) in self.to_go.iter_mut().enumerate().take(sides) {
            let row = self.setup.to_go_row(side);
            *sum = pieces[side].iter().map(|c| i32::from(row[c])).sum();
        }
        self.to_move = to_move;
        self.move_counts = move_counts;
        self.passes_in_row = passes_in_row;
        self.history.clear();
        self.key = self.compute_key();
        self.status = self.status_after_move_of((to_move + sides - 1) % sides);
        Ok(())
    }

    /// The game's fixed data.
    #[inline(always)]
    pub fn setup(&self) -> &Arc<Setup<G>> {
        &self.setup
    }
    /// Number of sides.
    #[inline(always)]
    pub fn sides(&self) -> usize {
        self.setup.sides()
    }
    /// The pieces of `side`.
    #[inline(always)]
    pub fn pieces(&self, side: usize) -> G::BB {
        self.pieces[side]
    }
    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> G::BB {
        self.occupied
    }
    /// The sum of [`Setup::to_go`] over `side`'s pieces (kept as moves are made, not
    /// counted piece by piece).
    #[inline(always)]
    pub fn to_go_sum(&self, side: usize) -> i32 {
        self.to_go[side]
    }
    /// The side to move's lead in the race: the cells to go of the nearest other side less
    /// its own (the goal camps are alike, so the sums compare as they are).
    pub fn race_lead(&self) -> i32 {
        let us = self.to_move;
        let nearest = (0..self.setup.sides())
            .filter(|&side| side != us)
            .map(|side| self.to_go[side])
            .min()
            .unwrap_or(self.to_go[us]);
        nearest - self.to_go[us]
    }
    /// The side to move (0-based; side 0 moves first).
    #[inline(always)]
    pub fn to_move(&self) -> usize {
        self.to_move
    }
    /// Moves completed by `side` (a pass counts); the count wraps at 2^64, which no game
    /// reaches, so that every count a position text gives stays playable.
    #[inline(always)]
    pub fn move_count(&self, side: usize) -> u64 {
        self.move_counts[side]
    }
    /// Passes played in a row up to now.
    #[inline(always)]
    pub fn passes_in_row(&self) -> u8 {
        self.passes_in_row
    }
    /// The Zobrist key, maintained incrementally.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }
    /// The game status after the last move.
    #[inline(always)]
    pub fn status(&self) -> Status {
        self.status
    }
    /// The moves made on this position object, oldest first.
    pub fn history(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// The side that owns the piece on `cell`, if any.
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        (0..self.sides()).find(|&s| self.pieces[s].has(cell))
    }

    /// The Zobrist key computed from scratch (the incremental key must always equal it).
    pub fn compute_key(&self) -> u64 {
        let keys = self.setup.keys();
        (0..self.sides()).fold(keys.turn(self.to_move), |key, side| {
            key ^ keys.pieces(side, self.pieces[side])
        })
    }

    /// Plays `mv`, which must be legal here (see [`Position::parse_move`] for a checked way to get one).
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let side = self.to_move;
        self.history.push(Undo {
            mv,
            key: self.key,
            status: self.status,
            passes_in_row: self.passes_in_row,
        });
        let keys = self.setup.keys();
        if mv.is_pass() {
            self.passes_in_row += 1;
        } else {
            let change = G::BB::single(mv.from()) | G::BB::single(mv.to());
            self.pieces[side] ^= change;
            self.occupied ^= change;
            self.to_go[side] += self.to_go_change(side, mv);
            self.key ^= keys.piece(side, mv.from()) ^ keys.piece(side, mv.to());
            self.passes_in_row = 0;
        }
        let next = if side + 1 == self.sides() {
            0
        } else {
            side + 1
        };
        self.key ^= keys.turn(side) ^ keys.turn(next);
        self.to_move = next;
        self.move_counts[side] = self.move_counts[side].wrapping_add(1);
        self.status = self.status_after_move_of(side);
    }

    /// Takes back the last [`Position::make`]. Panics if there is none.
    #[inline]
    pub fn unmake(&mut self) {
        let undo = self.history.pop().expect("unmake without a move");
        let side = if self.to_move == 0 {
            self.sides() - 1
        } else {
            self.to_move - 1
        };
        if !undo.mv.is_pass() {
            let change = G::BB::single(undo.mv.from()) | G::BB::single(undo.mv.to());
            self.pieces[side] ^= change;
            self.occupied ^= change;
            self.to_go[side] -= self.to_go_change(side, undo.mv);
        }
        self.to_move = side;
        self.move_counts[side] = self.move_counts[side].wrapping_sub(1);
        self.key = undo.key;
        self.status = undo.status;
        self.passes_in_row = undo.passes_in_row;
    }

    /// How much `side`'s [`Position::to_go_sum`] changes when it plays `mv` (not a pass).
    #[inline(always)]
    fn to_go_change(&self, side: usize, mv: Move) -> i32 {
        i32::from(self.setup.to_go(side, mv.to())) - i32::from(self.setup.to_go(side, mv.from()))
    }

    /// The status after `mover` has moved into this position, tested in the order RULES.md
    /// fixes: win (the mover's, or every side's under `win-check=both`), deadline loss,
    /// every side passed, third repetition, then the ply cap.
    fn status_after_move_of(&self, mover: usize) -> Status {
        let setup = &*self.setup;
        let rules = setup.rules();
        let result = match rules.win_check {
            WinCheck::Mover => self.wins(mover).then_some(mover),
            WinCheck::Both => self.first_winner(),
        };
        if let Some(side) = result {
            return if side == 0 && self.equal_turns_draw() {
                Status::DrawByEqualTurns
            } else {
                Status::Won(side)
            };
        }
        let own = self.pieces[mover];
        if let Some(deadline) = rules.deadline {
            if self.move_counts[mover] >= u64::from(deadline) && own.intersects(setup.home(mover)) {
                return Status::LostByDeadline(mover);
            }
        }
        if self.passes_in_row as usize >= self.sides() {
            return Status::DrawByPasses;
        }
        if rules.repetition && self.occurrences() >= 3 {
            return Status::DrawByRepetition;
        }
        if let Some(cap) = rules.ply_cap {
            if self.plies() >= u64::from(cap) {
                return Status::DrawByPlyCap;
            }
        }
        Status::Ongoing
    }

    /// Plies played: every side's move count added up (saturating).
    pub fn plies(&self) -> u64 {
        self.move_counts[..self.sides()]
            .iter()
            .fold(0u64, |sum, &n| sum.saturating_add(n))
    }

    /// Whether all of `side`'s pieces stand in its goal.
    fn finished(&self, side: usize) -> bool {
        self.pieces[side].without(self.setup.goal(side)).is_empty()
    }

    /// Whether the side to move might win with its next move, under any win condition: one
    /// move fills at most one goal cell and brings at most one piece home, so it cannot
    /// unless its goal has at most one empty cell or it has at most one piece outside.
    pub fn may_win_next(&self) -> bool {
        let side = self.to_move;
        let goal = self.setup.goal(side);
        goal.without(self.occupied).count() <= 1 || self.pieces[side].without(goal).count() <= 1
    }

    /// Whether `side` meets the rule set's win condition.
    fn wins(&self, side: usize) -> bool {
        let goal = self.setup.goal(side);
        match self.setup.rules().win {
            WinCondition::AllInGoal => self.finished(side),
            WinCondition::GoalFilled => {
                goal.without(self.occupied).is_empty() && self.pieces[side].intersects(goal)
            }
        }
    }

    /// Under `win-check=both`, the side that wins here: the first side (in side order) with
    /// all its pieces in its goal, else the first whose win condition holds (CCERL's
    /// order: completed goals before blocked ones).
    fn first_winner(&self) -> Option<usize> {
        let sides = 0..self.sides();
        sides
            .clone()
            .find(|&s| self.finished(s))
            .or_else(|| sides.into_iter().find(|&s| self.wins(s)))
    }

    /// Equal turns (`equal-turns=on`, two sides): the first side has completed its goal, and
    /// the second has too, or is to move and can complete its own with one move.
    fn equal_turns_draw(&self) -> bool {
        self.setup.rules().equal_turns
            && self.finished(0)
            && (self.finished(1) || (self.to_move == 1 && self.completes_in_one(1)))
    }

    /// Whether `side`, with a single piece outside its goal, can bring it in with one move.
    /// Any move whose chain lands in the goal can stop at its first such landing, which is
    /// legal under every camp rule `equal-turns` allows (the goal lock only binds landings
    /// after it), so this asks whether a step or a chain of adjacent jumps, over any pieces
    /// and landing anywhere, reaches the goal: a per-cell search, rarely run.
    fn completes_in_one(&self, side: usize) -> bool {
        let goal = self.setup.goal(side);
        let outside = self.pieces[side].without(goal);
        let Some(from) = outside.iter().next() else {
            return false;
        };
        if outside.count() != 1 {
            return false;
        }
        let board = G::BOARD;
        let free = |cell: usize| !self.occupied.has(cell);
        let steps = board.directions().iter();
        if steps
            .filter_map(|&d| board.step_from(from, d, 1))
            .any(|to| free(to) && goal.has(to))
        {
            return true;
        }
        let mut reached = G::BB::single(from);
        let mut frontier = reached;
        while !frontier.is_empty() {
            let mut next = G::BB::EMPTY;
            for at in frontier.iter() {
                for &d in board.directions() {
                    if let (Some(over), Some(land)) =
                        (board.step_from(at, d, 1), board.step_from(at, d, 2))
                    {
                        if !free(over) && free(land) {
                            next.set(land);
                        }
                    }
                }
            }
            if next.intersects(goal) {
                return true;
            }
            frontier = next.without(reached);
            reached |= frontier;
        }
        false
    }

    /// How often the current placement with the same side to move has occurred in the
    /// history of this position object, counting the present.
    fn occurrences(&self) -> usize {
        // The side to move is part of the key, so only every `sides`-th earlier entry can
        // match; the history holds the key before each move.
        let sides = self.sides();
        let n = self.history.len();
        1 + (sides..=n)
            .step_by(sides)
            .filter(|&back| self.history[n - back].key == self.key)
            .count()
    }
}
