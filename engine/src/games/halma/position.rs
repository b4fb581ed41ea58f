//! A game position: pieces, and the turn kernel ([`Turns`]: side to move, move counts,
//! passes in a row, Zobrist key, status, the undo and repetition history).
//!
//! Moves are applied with [`Position::make`] and taken back with [`Position::unmake`]
//! (make/unmake rather than copy-make: a Halma move touches two bits, and the history needed
//! for repetition would make every copy expensive).

use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;
use crate::error::Error;
use crate::game::side_letter;
use crate::game::MAX_SIDES;
use crate::games::halma::rules::{WinCheck, WinCondition};
use crate::games::halma::setup::{Setup, MAX_PIECES};
use crate::moves::Move;
use crate::turns::Turns;
use std::sync::Arc;

pub use crate::game::Status;

/// A position of one game.
#[derive(Clone, Debug)]
pub struct Position<G: Geometry> {
    setup: Arc<Setup<G>>,
    pieces: [G::BB; MAX_SIDES],
    occupied: G::BB,
    /// Each side's sum of [`Setup::to_go`] over its pieces, kept by make and unmake.
    to_go: [i32; MAX_SIDES],
    turns: Turns<MAX_SIDES>,
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
        let sides = setup.sides();
        let mut pos = Position {
            setup,
            pieces: [G::BB::EMPTY; MAX_SIDES],
            occupied: G::BB::EMPTY,
            to_go: [0; MAX_SIDES],
            turns: Turns::new(sides, 0, [0; MAX_SIDES], 0, 0)?,
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
        Turns::<MAX_SIDES>::check(sides, to_move, passes_in_row)?;
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
        let key = self.key_of(to_move);
        self.turns.reset(to_move, move_counts, passes_in_row, key)?;
        self.settle();
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
        let us = self.to_move();
        let nearest = (0..self.setup.sides())
            .filter(|&side| side != us)
            .map(|side| self.to_go[side])
            .min()
            .unwrap_or(self.to_go[us]);
        nearest - self.to_go[us]
    }
    crate::turns::turn_accessors!(turns);

    /// The side that owns the piece on `cell`, if any.
    pub fn side_at(&self, cell: usize) -> Option<usize> {
        (0..self.sides()).find(|&s| self.pieces[s].has(cell))
    }

    /// The Zobrist key computed from scratch (the incremental key must always equal it).
    pub fn compute_key(&self) -> u64 {
        self.key_of(self.to_move())
    }

    /// The key of these pieces with `to_move` (a side that plays) to move, from scratch.
    fn key_of(&self, to_move: usize) -> u64 {
        let keys = self.setup.keys();
        (0..self.sides()).fold(keys.turn(to_move), |key, side| {
            key ^ keys.pieces(side, self.pieces[side])
        })
    }

    /// Plays `mv`, which must be legal here (see [`Position::parse_move`] for a checked way to get one).
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let side = self.to_move();
        let keys = self.setup.keys();
        let mut change = keys.turn(side) ^ keys.turn(self.turns.next_side());
        if !mv.is_pass() {
            let moved = G::BB::single(mv.from()) | G::BB::single(mv.to());
            self.pieces[side] ^= moved;
            self.occupied ^= moved;
            self.to_go[side] += self.to_go_change(side, mv);
            change ^= keys.piece(side, mv.from()) ^ keys.piece(side, mv.to());
        }
        self.turns.play(mv, change);
        self.settle();
    }

    /// Takes back the last [`Position::make`]; nothing if no move was made.
    #[inline]
    pub fn unmake(&mut self) {
        let Some(mv) = self.turns.take_back() else {
            return;
        };
        if !mv.is_pass() {
            let side = self.to_move();
            let moved = G::BB::single(mv.from()) | G::BB::single(mv.to());
            self.pieces[side] ^= moved;
            self.occupied ^= moved;
            self.to_go[side] -= self.to_go_change(side, mv);
        }
    }

    /// How much `side`'s [`Position::to_go_sum`] changes when it plays `mv` (not a pass).
    #[inline(always)]
    fn to_go_change(&self, side: usize, mv: Move) -> i32 {
        i32::from(self.setup.to_go(side, mv.to())) - i32::from(self.setup.to_go(side, mv.from()))
    }

    /// Sets the status after the last mover's move into this position, tested in the order
    /// RULES.md fixes: win (the mover's, or every side's under `win-check=both`), deadline
    /// loss, then the kernel's draws (every side passed, third repetition), then the ply cap.
    #[inline(always)]
    fn settle(&mut self) {
        let decided = self.verdict(self.turns.last_mover());
        let rules = self.setup.rules();
        self.turns.settle(decided, rules.repetition);
        if let Some(cap) = rules.ply_cap {
            if self.turns.status() == Status::Ongoing && self.plies() >= u64::from(cap) {
                self.turns.set_status(Status::DrawByPlyCap);
            }
        }
    }

    /// The game's own verdict after `mover` has moved into this position, before the draws:
    /// a win (or the equal-turns draw that stands in for the first side's win), or the
    /// mover's loss by the deadline.
    #[inline(always)]
    fn verdict(&self, mover: usize) -> Option<Status> {
        let setup = &*self.setup;
        let rules = setup.rules();
        let result = match rules.win_check {
            WinCheck::Mover => self.wins(mover).then_some(mover),
            WinCheck::Both => self.first_winner(),
        };
        if let Some(side) = result {
            return Some(if side == 0 && self.equal_turns_draw() {
                Status::DrawByEqualTurns
            } else {
                Status::Won(side)
            });
        }
        let own = self.pieces[mover];
        match rules.deadline {
            Some(deadline)
                if self.move_count(mover) >= u64::from(deadline)
                    && own.intersects(setup.home(mover)) =>
            {
                Some(Status::LostByDeadline(mover))
            }
            _ => None,
        }
    }

    /// Plies played: every side's move count added up (saturating).
    pub fn plies(&self) -> u64 {
        self.turns.plies()
    }

    /// Whether all of `side`'s pieces stand in its goal.
    fn finished(&self, side: usize) -> bool {
        self.pieces[side].without(self.setup.goal(side)).is_empty()
    }

    /// Whether the side to move might win with its next move, under any win condition: one
    /// move fills at most one goal cell and brings at most one piece home, so it cannot
    /// unless its goal has at most one empty cell or it has at most one piece outside.
    pub fn may_win_next(&self) -> bool {
        let side = self.to_move();
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
            && (self.finished(1) || (self.to_move() == 1 && self.completes_in_one(1)))
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
}
