//! Text forms: sides, moves (with jump paths) and the position text.
//!
//! Position text (documented in `docs/position-format.md`): five space-separated fields,
//!
//! ```text
//! halma8 AAAA4/AAA5/... A 0,0 0
//! ```
//!
//! 1. the rules (`Rules` text form: a rule-set name plus option overrides);
//! 2. the placement, rank by rank from the top rank down, ranks separated by `/`, each rank
//!    from file `a` rightwards: a side letter (`A` moves first, then `B`, `C`, …) for a piece,
//!    a decimal number for a run of empty cells;
//! 3. the side to move (a letter);
//! 4. the number of moves each side has completed, comma-separated, in side order;
//! 5. optional: passes played in a row just before this position (default 0).

use crate::bitboard::BitBoard;
use crate::board::geometry::{Board, Geometry};
use crate::error::Error;
use crate::games::halma::position::Position;
use crate::games::halma::rules::{JumpKind, Rules};
use crate::games::halma::setup::{Setup, MAX_SIDES};
use crate::games::text::{move_counts, rank_text, side_to_move};
use crate::moves::Move;
use std::collections::VecDeque;
use std::sync::Arc;

pub use crate::game::{parse_side, side_letter, status_text};

/// The text of a move, `c3-e5`, or `pass`.
pub fn move_text(board: Board, mv: Move) -> String {
    if mv.is_pass() {
        "pass".into()
    } else {
        format!(
            "{}-{}",
            board.cell_name(mv.from()),
            board.cell_name(mv.to())
        )
    }
}

/// Splits a position text into its rules and the rest (placement and counters), so that the
/// caller can override rule options and choose the geometry before parsing the rest with
/// [`Position::from_text_fields`].
pub fn split_position_text(text: &str) -> Result<(Rules, &str), Error> {
    let text = text.trim();
    let (rules, rest) = text
        .split_once(char::is_whitespace)
        .ok_or_else(|| Error::Position(format!("'{text}' has no placement after the rules")))?;
    Ok((Rules::parse(rules)?, rest.trim_start()))
}

/// Whether `to` is a neighbour of `from` (one step away) on `board`. On the hexagonal boards
/// only (x±1, y), (x, y±1), (x+1, y−1) and (x−1, y+1) are (docs/boards.md): the diagonal
/// (x±1, y±1) is two steps away.
pub(crate) fn is_step(board: Board, from: usize, to: usize) -> bool {
    board
        .directions()
        .iter()
        .any(|&d| board.step_from(from, d, 1) == Some(to))
}

/// Where single jumps of `kind` from `at` land, one per direction at most: over the first
/// cell that `blocked` says is occupied, `k` steps away (`k` = 1 for adjacent jumps), onto
/// the cell `2k` steps away, every other cell between empty. Plain per-cell code: jump paths
/// for move texts and the solver's replay check use it; the generator uses bitboards.
pub(crate) fn jump_landings(
    board: Board,
    kind: JumpKind,
    blocked: impl Fn(usize) -> bool,
    at: usize,
) -> impl Iterator<Item = usize> {
    board.directions().iter().filter_map(move |&d| {
        let k = (1..)
            .map_while(|k| board.step_from(at, d, k).map(|c| (k, c)))
            .find(|&(_, c)| blocked(c))
            .map(|(k, _)| k)?;
        if kind == JumpKind::Adjacent && k > 1 {
            return None;
        }
        let clear = (k + 1..=2 * k).all(|j| board.step_from(at, d, j).is_some_and(|c| !blocked(c)));
        clear.then(|| board.step_from(at, d, 2 * k)).flatten()
    })
}

/// The cells a single hop of a jump can reach from `at`, for a piece that started on
/// `origin` (which is empty during its own move).
fn hop_targets<G: Geometry>(pos: &Position<G>, origin: usize, at: usize) -> Vec<usize> {
    let blocked = |c: usize| c != origin && pos.occupied().has(c);
    jump_landings(G::BOARD, pos.setup().rules().jumps, blocked, at).collect()
}

impl<G: Geometry> Position<G> {
    /// One shortest jump path (cells, origin first) realising `mv`, or `[from, to]` for a
    /// step; empty for the pass or when the piece cannot reach the destination.
    pub fn path(&self, mv: Move) -> Vec<usize> {
        if mv.is_pass() {
            return Vec::new();
        }
        self.find_path(mv.from(), mv.to()).unwrap_or_default()
    }

    /// Breadth-first search over single hops from `from` (rule filters not applied, but
    /// under the goal lock (`goal-lock=on`) no hop leaves the goal once a landing, or the
    /// origin, is in it).
    fn find_path(&self, from: usize, to: usize) -> Option<Vec<usize>> {
        if is_step(G::BOARD, from, to) {
            return (!self.occupied().has(to)).then(|| vec![from, to]);
        }
        // A search state is a cell and whether the goal lock binds there: `cell + n` if so.
        let n = G::BB::CAPACITY;
        let lock = self.goal_lock_of(from);
        let state = |cell: usize| cell + if lock.has(cell) { n } else { 0 };
        let mut parent = vec![usize::MAX; 2 * n];
        parent[state(from)] = state(from);
        let mut queue = VecDeque::from([state(from)]);
        while let Some(at) = queue.pop_front() {
            let locked = at >= n;
            for next in hop_targets(self, from, at % n) {
                if locked && !lock.has(next) {
                    continue;
                }
                let next = if locked { next + n } else { state(next) };
                if parent[next] == usize::MAX {
                    parent[next] = at;
                    queue.push_back(next);
                }
            }
        }
        let end = [to, to + n]
            .into_iter()
            .find(|&s| parent[s] != usize::MAX)?;
        let mut path = vec![end];
        while path[path.len() - 1] != state(from) {
            path.push(parent[path[path.len() - 1]]);
        }
        path.reverse();
        Some(path.into_iter().map(|s| s % n).collect())
    }

    /// The cells where the goal lock binds a chain of the piece on `from` (its side's goal
    /// under `goal-lock=on`, else none).
    fn goal_lock_of(&self, from: usize) -> G::BB {
        let setup = self.setup();
        match self.side_at(from) {
            Some(side) if setup.rules().goal_lock => setup.goal(side),
            _ => G::BB::EMPTY,
        }
    }

    /// The text of a move with its full jump path, like `c3-e5-g5`.
    pub fn path_text(&self, mv: Move) -> String {
        if mv.is_pass() {
            return "pass".into();
        }
        let names: Vec<String> = self
            .path(mv)
            .into_iter()
            .map(|c| G::BOARD.cell_name(c))
            .collect();
        names.join("-")
    }

    /// Parses a move in this position: `from-to`, a full jump path `c3-e5-g5` (every hop is
    /// checked), or `pass`. The move must be legal; the error says why not.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let board = G::BOARD;
        let text = text.trim();
        if self.status().is_over() {
            return Err(Error::Move(format!(
                "'{text}': the game is over ({})",
                status_text(self.status())
            )));
        }
        if text == "pass" {
            return if self.is_legal(Move::PASS) {
                Ok(Move::PASS)
            } else {
                Err(Error::Move(
                    "pass is only legal when no other move exists".into(),
                ))
            };
        }
        let cells = text
            .split('-')
            .map(|c| board.parse_cell(c))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| Error::Move(format!("'{text}': {e}")))?;
        if cells.len() < 2 {
            return Err(Error::Move(format!(
                "'{text}' is not a move (expected from-to, a jump path, or pass)"
            )));
        }
        let (from, to) = (cells[0], cells[cells.len() - 1]);
        let mover = self.to_move();
        match self.side_at(from) {
            Some(s) if s == mover => {}
            Some(s) => {
                return Err(Error::Move(format!(
                    "'{text}': {} holds a piece of {}, but {} is to move",
                    board.cell_name(from),
                    side_letter(s),
                    side_letter(mover)
                )))
            }
            None => {
                return Err(Error::Move(format!(
                    "'{text}': no piece on {}",
                    board.cell_name(from)
                )))
            }
        }
        if from == to {
            return Err(Error::Move(format!(
                "'{text}' ends where it starts, which is no move"
            )));
        }
        if cells.len() > 2 {
            let lock = self.goal_lock_of(from);
            let mut locked = lock.has(from);
            for pair in cells.windows(2) {
                let hop = || format!("{}-{}", board.cell_name(pair[0]), board.cell_name(pair[1]));
                if !hop_targets(self, from, pair[0]).contains(&pair[1]) {
                    return Err(Error::Move(format!(
                        "'{text}': the hop {} is not a jump",
                        hop()
                    )));
                }
                if locked && !lock.has(pair[1]) {
                    return Err(Error::Move(format!(
                        "'{text}': the hop {} leaves the goal, which the goal lock forbids",
                        hop()
                    )));
                }
                locked |= lock.has(pair[1]);
            }
        }
        let mv = Move::new(from, to);
        if !self.is_legal(mv) {
            let ((fx, fy), (tx, ty)) = (board.coords(from), board.coords(to));
            let why = if let Some(s) = self.side_at(to) {
                let whose = if s == mover {
                    "an own piece".to_string()
                } else {
                    format!("a piece of {}", side_letter(s))
                };
                format!(
                    "{} holds {whose}, and a move ends on an empty cell",
                    board.cell_name(to)
                )
            } else if self.find_path(from, to).is_some() {
                format!("the rules forbid it ({})", self.setup().rules())
            } else if board.is_hex()
                && fx.abs_diff(tx) <= 1
                && fy.abs_diff(ty) <= 1
                && !is_step(board, from, to)
            {
                // Next to each other in the names, but not on the hexagonal lattice.
                format!(
                    "{} and {} are not neighbours on the {} (docs/boards.md), so no step \
                     joins them",
                    board.cell_name(from),
                    board.cell_name(to),
                    board.describe()
                )
            } else {
                format!(
                    "the piece on {} cannot reach {} by a step or jumps",
                    board.cell_name(from),
                    board.cell_name(to)
                )
            };
            return Err(Error::Move(format!("'{text}' is not legal here: {why}")));
        }
        Ok(mv)
    }

    /// Parses the fields after the rules of a position text (see the module doc).
    pub fn from_text_fields(setup: Arc<Setup<G>>, fields: &str) -> Result<Self, Error> {
        let bad = |t: String| Error::Position(t);
        let board = G::BOARD;
        let sides = setup.sides();
        let parts: Vec<&str> = fields.split_whitespace().collect();
        if !(3..=4).contains(&parts.len()) {
            return Err(bad(format!(
                "expected placement, side to move, move counts [, passes]; got {} fields",
                parts.len()
            )));
        }
        let ranks: Vec<&str> = parts[0].split('/').collect();
        let w = board.width();
        if ranks.len() != w {
            return Err(bad(format!(
                "placement has {} ranks, the {} board has {w}",
                ranks.len(),
                board.describe()
            )));
        }
        let mut pieces = [G::BB::EMPTY; MAX_SIDES];
        for (i, rank_text) in ranks.iter().enumerate() {
            let y = w - 1 - i;
            let files: Vec<usize> = board.rank_files(y).collect();
            let mut x = 0;
            let mut chars = rank_text.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(mut run) = c.to_digit(10) {
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        run = run.saturating_mul(10).saturating_add(d);
                        chars.next();
                    }
                    x += run as usize;
                } else if let Some(side) = parse_side(c, sides) {
                    if let Some(&file) = files.get(x) {
                        pieces[side].set(board.bit(file, y));
                    }
                    x += 1;
                } else {
                    return Err(bad(format!(
                        "'{c}' in rank {} is neither a side letter (A..{}) nor a count",
                        y + 1,
                        side_letter(sides - 1)
                    )));
                }
            }
            if x != files.len() {
                return Err(bad(format!(
                    "rank {} has {x} cells, not {}",
                    y + 1,
                    files.len()
                )));
            }
        }
        let to_move = side_to_move(parts[1], sides)
            .ok_or_else(|| bad(format!("'{}' is not a side to move", parts[1])))?;
        let counts = move_counts(parts[2]).ok_or_else(|| {
            bad(format!(
                "'{}' is not a list of move counts (whole numbers below 2^64)",
                parts[2]
            ))
        })?;
        if counts.len() != sides {
            return Err(bad(format!(
                "{} move counts for {sides} sides",
                counts.len()
            )));
        }
        let mut move_counts = [0; MAX_SIDES];
        move_counts[..sides].copy_from_slice(&counts);
        let passes = match parts.get(3) {
            Some(p) => p
                .parse::<u8>()
                .map_err(|_| bad(format!("'{p}' is not a number of passes")))?,
            None => 0,
        };
        Position::from_parts(setup, pieces, to_move, move_counts, passes)
    }

    /// The position text (see the module doc); parsing it gives this position back, less
    /// the history of earlier positions.
    pub fn to_text(&self) -> String {
        let board = G::BOARD;
        let w = board.width();
        let ranks: Vec<String> = (0..w)
            .rev()
            .map(|y| rank_text(board.rank_files(y).map(|x| self.side_at(board.bit(x, y)))))
            .collect();
        let counts: Vec<String> = (0..self.sides())
            .map(|s| self.move_count(s).to_string())
            .collect();
        let mut text = format!(
            "{} {} {} {}",
            self.setup().rules(),
            ranks.join("/"),
            side_letter(self.to_move()),
            counts.join(",")
        );
        if self.passes_in_row() > 0 {
            text += &format!(" {}", self.passes_in_row());
        }
        text
    }

    /// The board as text for a terminal: ranks top down, pieces by side letter, `.` for an
    /// empty cell, rank numbers on the left. Square boards get file letters below; on the
    /// hexagonal boards each rank is shifted half a cell so that the six neighbours of a
    /// cell stand around it, and every cell is named in the margin by its first file.
    pub fn diagram(&self) -> String {
        let board = G::BOARD;
        let w = board.width();
        let cell = |x: usize, y: usize| self.side_at(board.bit(x, y)).map_or('.', side_letter);
        let mut out = String::new();
        if board.is_hex() {
            // Screen column of (x, y): 2x + y, so (x+1, y-1) and (x-1, y+1) sit diagonally.
            let left = board.cells().map(|c| {
                let (x, y) = board.coords(c);
                2 * x + y
            });
            let left = left.min().unwrap_or(0);
            for y in (0..w).rev() {
                let mut files = board.rank_files(y);
                let Some(first) = files.next() else { continue };
                let mut line = format!("{:>2} ", y + 1);
                line += &" ".repeat(2 * first + y - left);
                line.push(cell(first, y));
                for x in files {
                    line.push(' ');
                    line.push(cell(x, y));
                }
                let first_name = board.cell_name(board.bit(first, y));
                out += &format!("{line}   ({first_name}..)\n");
            }
            return out;
        }
        let files: String = (0..w)
            .map(|x| format!(" {}", (b'a' + x as u8) as char))
            .collect();
        out += &format!("   {files}\n");
        for y in (0..w).rev() {
            out += &format!("{:>2} ", y + 1);
            for x in 0..w {
                out += &format!(" {}", cell(x, y));
            }
            out += &format!("  {}\n", y + 1);
        }
        out += &format!("   {files}\n");
        out
    }
}
