//! A second baseline for the engine's bitboard generator, in the array-and-tables style of
//! the fastest published Chinese Checkers generators: the board as an array of cells, a
//! neighbour table and a hop table per cell, and per piece a depth-first search of its jump
//! chains with a visited set (a stamp per cell, so nothing is cleared between pieces). It is
//! allocation-free once built: the tables, the board, the piece lists, the search stack and
//! the history are fixed arrays.
//!
//! It plays Halma with adjacent jumps under every camp-exit rule, win condition, yard
//! deadline, the pass and the third-repetition draw (by Zobrist keys of its own); long jumps,
//! vacate and follow-out are not implemented, and [`TablePosition::from_engine`] refuses
//! rule sets that use them. Checked against the perft tables (`tests/perft.rs`) and the
//! engine on random positions (`tests/differential.rs`); measured beside the engine in
//! `benches/movegen.rs` (`docs/movegen.md`).

use halma_engine::games::halma::rules::{CampExit, JumpKind, WinCheck, WinCondition};
use halma_engine::games::halma::setup::{MAX_PIECES, MAX_SIDES};
use halma_engine::games::halma::zobrist::splitmix64;
use halma_engine::{BitBoard, Geometry, Position, Rules, Status};

/// Cells of the array: every bit index of the widest layout (16×16: 16 rows of 17 bits).
const SLOTS: usize = 320;
/// Most directions of a board (square boards).
const DIRS: usize = 8;
/// A table entry off the board.
const OFF: u16 = u16::MAX;
/// An empty cell of the board array.
const EMPTY: u8 = u8::MAX;
/// Deepest history kept (plies played from the starting position): perft never goes near.
const MAX_PLIES: usize = 64;
/// The seed of this module's own Zobrist keys.
const SEED: u64 = 0x7461_626c_6573_5f7a; // "tables_z"

/// What one [`TablePosition::make`] needs to be undone.
#[derive(Clone, Copy, Debug)]
struct Undo {
    from: u16,
    to: u16,
    pass: bool,
    key: u64,
    status: Status,
    passes_in_row: u8,
}

/// A Halma position in array form, with its board tables.
#[derive(Clone)]
pub struct TablePosition {
    rules: Rules,
    dirs: usize,
    /// `neighbour[c][d]`: the cell one step from `c` in direction `d`, or [`OFF`].
    neighbour: [[u16; DIRS]; SLOTS],
    /// `hop[c][d]`: the cell two steps from `c` in direction `d`, or [`OFF`].
    hop: [[u16; DIRS]; SLOTS],
    /// Per cell, bit `s` set when it belongs to side `s`'s home camp.
    home: [u8; SLOTS],
    /// Per cell, bit `s` set when it belongs to side `s`'s goal.
    goal: [u8; SLOTS],
    /// Per cell, the side on it or [`EMPTY`].
    board: [u8; SLOTS],
    /// Each side's pieces, as cells, and where each piece sits in its list.
    pieces: [[u16; MAX_PIECES]; MAX_SIDES],
    counts: [usize; MAX_SIDES],
    slot: [u8; SLOTS],
    /// Per side: pieces in its own goal, occupied cells of its goal, goal size, pieces at home.
    in_goal: [u16; MAX_SIDES],
    goal_filled: [u16; MAX_SIDES],
    goal_size: [u16; MAX_SIDES],
    at_home: [u16; MAX_SIDES],
    keys: [[u64; SLOTS]; MAX_SIDES],
    turn_keys: [u64; MAX_SIDES],
    key: u64,
    sides: usize,
    to_move: usize,
    move_counts: [u64; MAX_SIDES],
    passes_in_row: u8,
    status: Status,
    history: [Undo; MAX_PLIES],
    plies: usize,
    /// The depth-first search's visited stamps, stamp counter and stack.
    seen: [u32; SLOTS],
    stamp: u32,
    stack: [u16; SLOTS],
}

impl TablePosition {
    /// The array form of `pos` (its history not included: repetitions count from here), or
    /// `None` when its rules use long jumps, vacate, follow-out or any of CCERL's options
    /// (the goal lock, both-side wins, equal turns, the ply cap).
    pub fn from_engine<G: Geometry>(pos: &Position<G>) -> Option<Box<TablePosition>> {
        let setup = pos.setup();
        let rules = *setup.rules();
        let ccerl = rules.goal_lock
            || rules.win_check != WinCheck::Mover
            || rules.equal_turns
            || rules.ply_cap.is_some();
        if rules.jumps == JumpKind::Long || rules.vacate || rules.follow_out || ccerl {
            return None;
        }
        let board = G::BOARD;
        let sides = pos.sides();
        let mut t = Box::new(TablePosition {
            rules,
            dirs: board.directions().len(),
            neighbour: [[OFF; DIRS]; SLOTS],
            hop: [[OFF; DIRS]; SLOTS],
            home: [0; SLOTS],
            goal: [0; SLOTS],
            board: [EMPTY; SLOTS],
            pieces: [[0; MAX_PIECES]; MAX_SIDES],
            counts: [0; MAX_SIDES],
            slot: [0; SLOTS],
            in_goal: [0; MAX_SIDES],
            goal_filled: [0; MAX_SIDES],
            goal_size: [0; MAX_SIDES],
            at_home: [0; MAX_SIDES],
            keys: [[0; SLOTS]; MAX_SIDES],
            turn_keys: [0; MAX_SIDES],
            key: 0,
            sides,
            to_move: pos.to_move(),
            move_counts: [0; MAX_SIDES],
            passes_in_row: pos.passes_in_row(),
            status: pos.status(),
            history: [Undo {
                from: 0,
                to: 0,
                pass: false,
                key: 0,
                status: Status::Ongoing,
                passes_in_row: 0,
            }; MAX_PLIES],
            plies: 0,
            seen: [0; SLOTS],
            stamp: 0,
            stack: [0; SLOTS],
        });
        let mut state = SEED;
        let mut draw = || {
            let (next, key) = splitmix64(state);
            state = next;
            key
        };
        for side in 0..MAX_SIDES {
            t.turn_keys[side] = draw();
            for slot in 0..SLOTS {
                t.keys[side][slot] = draw();
            }
        }
        for cell in board.cells() {
            for (d, &dir) in board.directions().iter().enumerate() {
                let at = |k| board.step_from(cell, dir, k).map_or(OFF, |c| c as u16);
                t.neighbour[cell][d] = at(1);
                t.hop[cell][d] = at(2);
            }
        }
        for side in 0..sides {
            for cell in setup.home(side).iter() {
                t.home[cell] |= 1 << side;
            }
            for cell in setup.goal(side).iter() {
                t.goal[cell] |= 1 << side;
                t.goal_size[side] += 1;
            }
            t.move_counts[side] = pos.move_count(side);
            for cell in pos.pieces(side).iter() {
                t.put(side, cell);
            }
        }
        t.key ^= t.turn_keys[t.to_move];
        Some(t)
    }

    /// Puts a piece of `side` on the empty `cell`.
    fn put(&mut self, side: usize, cell: usize) {
        self.board[cell] = side as u8;
        self.slot[cell] = self.counts[side] as u8;
        self.pieces[side][self.counts[side]] = cell as u16;
        self.counts[side] += 1;
        self.key ^= self.keys[side][cell];
        self.count_cell(side, cell, 1);
    }

    /// Moves the piece on `from` to the empty `to`.
    fn shift(&mut self, from: usize, to: usize) {
        let side = self.board[from] as usize;
        self.board[from] = EMPTY;
        self.board[to] = side as u8;
        let slot = self.slot[from];
        self.slot[to] = slot;
        self.pieces[side][slot as usize] = to as u16;
        self.key ^= self.keys[side][from] ^ self.keys[side][to];
        self.count_cell(side, from, -1);
        self.count_cell(side, to, 1);
    }

    /// Updates the goal and home counters for a piece of `side` arriving on (`by` = 1) or
    /// leaving (`by` = -1) `cell`.
    fn count_cell(&mut self, side: usize, cell: usize, by: i16) {
        let add = |n: &mut u16| *n = n.wrapping_add_signed(by);
        if self.goal[cell] >> side & 1 != 0 {
            add(&mut self.in_goal[side]);
        }
        if self.home[cell] >> side & 1 != 0 {
            add(&mut self.at_home[side]);
        }
        let mut goals = self.goal[cell];
        while goals != 0 {
            add(&mut self.goal_filled[goals.trailing_zeros() as usize]);
            goals &= goals - 1;
        }
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// The game status after the last move.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Calls `emit(from, to)` for every legal move of the side to move (the pass not
    /// included); nothing when the game is over.
    #[inline]
    pub fn for_each_move(&mut self, mut emit: impl FnMut(usize, usize)) {
        if self.status.is_over() {
            return;
        }
        let side = self.to_move;
        let locked = self.rules.camp_exit == CampExit::Locked;
        for i in 0..self.counts[side] {
            let from = self.pieces[side][i] as usize;
            let stay_in_goal = locked && self.goal[from] >> side & 1 != 0;
            self.piece_moves(from, stay_in_goal, 1 << side, &mut emit);
        }
    }

    /// The steps and jump chains of the piece on `from`.
    #[inline(always)]
    fn piece_moves(
        &mut self,
        from: usize,
        stay_in_goal: bool,
        goal_bit: u8,
        emit: &mut impl FnMut(usize, usize),
    ) {
        let ok = |goal: &[u8; SLOTS], to: usize| !stay_in_goal || goal[to] & goal_bit != 0;
        for d in 0..self.dirs {
            let to = self.neighbour[from][d];
            if to != OFF && self.board[to as usize] == EMPTY && ok(&self.goal, to as usize) {
                emit(from, to as usize);
            }
        }
        // Lift the piece while its chains are searched: its cell is empty during the move.
        let side = self.board[from];
        self.board[from] = EMPTY;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen = [0; SLOTS];
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.seen[from] = stamp;
        self.stack[0] = from as u16;
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let at = self.stack[len] as usize;
            for d in 0..self.dirs {
                let over = self.neighbour[at][d];
                if over == OFF || self.board[over as usize] == EMPTY {
                    continue;
                }
                let to = self.hop[at][d];
                if to == OFF || self.board[to as usize] != EMPTY || self.seen[to as usize] == stamp
                {
                    continue;
                }
                self.seen[to as usize] = stamp;
                self.stack[len] = to;
                len += 1;
                if ok(&self.goal, to as usize) {
                    emit(from, to as usize);
                }
            }
        }
        self.board[from] = side;
    }

    /// The number of legal moves (a forced pass counts as one; none when the game is over).
    #[inline]
    pub fn count_legal_moves(&mut self) -> u64 {
        let mut n = 0u64;
        self.for_each_move(|_, _| n += 1);
        if n == 0 && !self.status.is_over() {
            1
        } else {
            n
        }
    }

    /// The legal moves as `(from, to)` pairs in the engine's cell numbers, the pass as
    /// `None`, written into `out` (cleared first).
    pub fn legal_moves_into(&mut self, out: &mut Vec<Option<(usize, usize)>>) {
        out.clear();
        self.for_each_move(|from, to| out.push(Some((from, to))));
        if out.is_empty() && !self.status.is_over() {
            out.push(None);
        }
    }

    /// Plays a legal move (`None`: the pass).
    pub fn make(&mut self, mv: Option<(usize, usize)>) {
        let mover = self.to_move;
        let undo = &mut self.history[self.plies];
        *undo = Undo {
            from: mv.map_or(0, |m| m.0 as u16),
            to: mv.map_or(0, |m| m.1 as u16),
            pass: mv.is_none(),
            key: self.key,
            status: self.status,
            passes_in_row: self.passes_in_row,
        };
        self.plies += 1;
        match mv {
            Some((from, to)) => {
                self.shift(from, to);
                self.passes_in_row = 0;
            }
            None => self.passes_in_row += 1,
        }
        let next = (mover + 1) % self.sides;
        self.key ^= self.turn_keys[mover] ^ self.turn_keys[next];
        self.to_move = next;
        self.move_counts[mover] += 1;
        self.status = self.status_after(mover);
    }

    /// Takes back the last move.
    pub fn unmake(&mut self) {
        self.plies -= 1;
        let undo = self.history[self.plies];
        let mover = (self.to_move + self.sides - 1) % self.sides;
        if !undo.pass {
            self.shift(undo.to as usize, undo.from as usize);
        }
        self.to_move = mover;
        self.move_counts[mover] -= 1;
        self.key = undo.key;
        self.status = undo.status;
        self.passes_in_row = undo.passes_in_row;
    }

    /// The status once `mover` has moved, in the order of RULES.md: win, deadline, passes,
    /// repetition.
    fn status_after(&self, mover: usize) -> Status {
        let won = match self.rules.win {
            WinCondition::AllInGoal => self.in_goal[mover] as usize == self.counts[mover],
            WinCondition::GoalFilled => {
                self.goal_filled[mover] == self.goal_size[mover] && self.in_goal[mover] > 0
            }
        };
        if won {
            return Status::Won(mover);
        }
        if let Some(deadline) = self.rules.deadline {
            if self.move_counts[mover] >= u64::from(deadline) && self.at_home[mover] > 0 {
                return Status::LostByDeadline(mover);
            }
        }
        if self.passes_in_row as usize >= self.sides {
            return Status::DrawByPasses;
        }
        if self.rules.repetition {
            let earlier = (self.sides..=self.plies)
                .step_by(self.sides)
                .filter(|&back| self.history[self.plies - back].key == self.key)
                .count();
            if earlier >= 2 {
                return Status::DrawByRepetition;
            }
        }
        Status::Ongoing
    }

    /// The perft count at `depth` (at most 63 plies), the last ply counted without playing
    /// it; `lists` holds a move list per ply and is reused.
    pub fn perft(&mut self, depth: u32) -> u64 {
        assert!(
            (depth as usize) < MAX_PLIES - self.plies,
            "perft deeper than the history"
        );
        let mut lists: Vec<Vec<Option<(usize, usize)>>> =
            (1..depth).map(|_| Vec::with_capacity(256)).collect();
        self.perft_with(depth, &mut lists)
    }

    fn perft_with(&mut self, depth: u32, lists: &mut [Vec<Option<(usize, usize)>>]) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => {
                let (moves, deeper) = lists.split_first_mut().expect("a list per ply");
                self.legal_moves_into(moves);
                let mut total = 0;
                for &mv in moves.iter() {
                    self.make(mv);
                    total += self.perft_with(depth - 1, deeper);
                    self.unmake();
                }
                total
            }
        }
    }
}
