//! A deliberately simple reference for Lehrma and Lehrma with knights (RULES-relatives.md §2
//! and its fine points), written from the rules and independent of the engine: an 8×8 array
//! of `Option<(side, kind letter)>`, the start copied from the rules' two diagrams, each
//! piece's moves by walking its directions square by square, hop chains by a depth-first
//! search with a visited array, duplicates dropped by a linear search of the list,
//! copy-make, its own position-text reader (an engine position is read from its text);
//! status and perft by the shared [`crate::reference`].

use crate::conformance::Bench;
use crate::reference::{text_fields, Reference, Turns};
pub use crate::reference::{Cell, NaiveMove};
use crate::renpaarden::KNIGHT;
use halma_engine::games::lehrma::{LehrmaPosition, LehrmaRules};
use halma_engine::Status;

/// A square: the side and kind letter (`R B N P`) of the piece there.
pub type Square = Option<(usize, char)>;

/// The board: `board[rank][file]`.
pub type Board = [[Square; 8]; 8];

/// The rules' start diagrams, rank 8 first: `lehrma` (A's rook on h1) and `lehrma-knights`
/// (A's rook on a1); upper case A, lower case B.
const DIAGRAMS: [[&str; 8]; 2] = [
    [
        "rbpp....", "bpp.....", "pp......", "p.......", ".......P", "......PP", ".....PPB",
        "....PPBR",
    ],
    [
        "....pnbr", ".....ppb", "......pn", ".......p", "P.......", "NP......", "BPP.....",
        "RBNP....",
    ],
];

/// The rule set's name of each setup.
const NAMES: [&str; 2] = ["lehrma", "lehrma-knights"];

/// The piece a letter stands for.
fn piece(c: char) -> Square {
    match c {
        'R' | 'B' | 'N' | 'P' => Some((0, c)),
        'r' | 'b' | 'n' | 'p' => Some((1, c.to_ascii_uppercase())),
        _ => None,
    }
}

/// The start board of a setup (`knights` for the second).
pub fn start_board(knights: bool) -> Board {
    let mut board: Board = [[None; 8]; 8];
    for (i, row) in DIAGRAMS[usize::from(knights)].iter().enumerate() {
        for (file, c) in row.chars().enumerate() {
            board[7 - i][file] = piece(c);
        }
    }
    board
}

/// Where the benchmarks' positions come from (`benches/lehrma.rs`, checked by the conformance
/// suite).
pub const BENCH: Bench = Bench::Played(200, 80);

/// A position of the reference: the board, whether it is the setup with knights, and the
/// turns (over the board and the setup).
#[derive(Clone, Debug)]
pub struct NaiveLehrma {
    board: Board,
    knights: bool,
    turns: Turns<(Board, bool)>,
}

/// Whether every piece of `side` stands where the opponent started with a piece of the
/// same kind.
fn won(start: &Board, board: &Board, side: usize) -> bool {
    (0..8).all(|r| {
        (0..8).all(|f| match board[r][f] {
            Some((s, kind)) if s == side => start[r][f] == Some((1 - side, kind)),
            _ => true,
        })
    })
}

/// The mover wins with every piece on the opponent's start squares of its kind.
fn decide((board, knights): &(Board, bool), mover: usize, _moves: u64) -> Option<Status> {
    won(&start_board(*knights), board, mover).then_some(Status::Won(mover))
}

impl NaiveLehrma {
    /// The position `board` of a setup, `to_move` to move after `counts` moves and
    /// `passes` passes in a row.
    fn new(board: Board, knights: bool, to_move: usize, counts: [u64; 2], passes: usize) -> Self {
        let turns = Turns::new(&(board, knights), to_move, counts, passes, decide);
        NaiveLehrma {
            board,
            knights,
            turns,
        }
    }

    /// The start position of a setup, A to move.
    pub fn start_of(knights: bool) -> NaiveLehrma {
        NaiveLehrma::new(start_board(knights), knights, 0, [0, 0], 0)
    }

    /// Reads a full position text `<rules> <placement> <side> <a>,<b> [passes]` of either
    /// setup; `None` if it is not one.
    pub fn from_text(text: &str) -> Option<NaiveLehrma> {
        let name = text.split_whitespace().next()?;
        let knights = NAMES.iter().position(|&n| n == name)? == 1;
        let (placement, to_move, counts, passes) = text_fields(text, name)?;
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 8 {
            return None;
        }
        let mut board: Board = [[None; 8]; 8];
        for (i, row) in rows.iter().enumerate() {
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                } else {
                    *board[7 - i].get_mut(file)? = Some(piece(c)?);
                    file += 1;
                }
            }
            if file != 8 {
                return None;
            }
        }
        Some(NaiveLehrma::new(board, knights, to_move, counts, passes))
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.turns.to_move()
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }
}

/// The square `(file, rank)` plus `(df, dr)`, if on the board.
fn step((f, r): Cell, (df, dr): (isize, isize)) -> Option<Cell> {
    let (nf, nr) = (f as isize + df, r as isize + dr);
    ((0..8).contains(&nf) && (0..8).contains(&nr)).then_some((nf as usize, nr as usize))
}

const ORTHOGONAL: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl NaiveLehrma {
    /// Whether the piece on `from` (of the side to move) may swap with the piece on `to`:
    /// an enemy standing on one of its own side's start squares, and if it is a bishop,
    /// `from` of the colour of `to`.
    fn can_swap(&self, from: Cell, to: Cell) -> bool {
        let board = &self.board;
        let start = start_board(self.knights);
        match board[to.1][to.0] {
            Some((s, kind)) if s != self.to_move() => {
                let in_camp = matches!(start[to.1][to.0], Some((c, _)) if c == s);
                let same_colour = (from.0 + from.1) % 2 == (to.0 + to.1) % 2;
                in_camp && (kind != 'B' || same_colour)
            }
            _ => false,
        }
    }

    /// The non-hopping targets of the piece of `kind` on `from`.
    fn plain_targets(&self, from: Cell, kind: char) -> Vec<Cell> {
        let board = &self.board;
        let mut out = Vec::new();
        let (dirs, slides): (&[(isize, isize)], bool) = match kind {
            'R' => (&ORTHOGONAL, true),
            'B' => (&DIAGONAL, true),
            'N' => (&KNIGHT, false),
            _ => (&ORTHOGONAL, false),
        };
        for &d in dirs {
            let mut at = from;
            while let Some(next) = step(at, d) {
                if board[next.1][next.0].is_some() {
                    if self.can_swap(from, next) {
                        out.push(next);
                    }
                    break;
                }
                out.push(next);
                if !slides {
                    break;
                }
                at = next;
            }
        }
        out
    }

    /// The squares the piece on `from` reaches by one or more hops (the origin empty
    /// meanwhile, and not a target).
    fn hop_targets(&self, from: Cell) -> Vec<Cell> {
        let board = &self.board;
        let occupied = |c: Cell| c != from && board[c.1][c.0].is_some();
        let mut visited = [[false; 8]; 8];
        visited[from.1][from.0] = true;
        let mut stack = vec![from];
        let mut out = Vec::new();
        while let Some(at) = stack.pop() {
            for d in ORTHOGONAL {
                let Some(over) = step(at, d) else { continue };
                let Some(land) = step(over, d) else { continue };
                if occupied(over) && !occupied(land) && !visited[land.1][land.0] {
                    visited[land.1][land.0] = true;
                    stack.push(land);
                    out.push(land);
                }
            }
        }
        out
    }
}

impl<R: LehrmaRules> Reference<LehrmaPosition<R>> for NaiveLehrma {
    type Move = NaiveMove;

    fn start() -> NaiveLehrma {
        NaiveLehrma::start_of(R::INFO.name == NAMES[1])
    }

    /// Read from the engine's position text by the reference's own reader.
    fn from_engine(pos: &LehrmaPosition<R>) -> NaiveLehrma {
        NaiveLehrma::from_text(&pos.to_text()).expect("the reference reads the engine's text")
    }

    fn legal_moves(&self) -> Vec<NaiveMove> {
        if self.turns.is_over() {
            return Vec::new();
        }
        let side = self.to_move();
        let mut out: Vec<NaiveMove> = Vec::new();
        for rank in 0..8 {
            for file in 0..8 {
                let Some((s, kind)) = self.board[rank][file] else {
                    continue;
                };
                if s != side {
                    continue;
                }
                let from = (file, rank);
                let mut targets = self.plain_targets(from, kind);
                targets.extend(self.hop_targets(from));
                for to in targets {
                    if !out.contains(&Some((from, to))) {
                        out.push(Some((from, to)));
                    }
                }
            }
        }
        if out.is_empty() {
            out.push(None);
        }
        out.sort();
        out
    }

    /// A move, or a swap with the enemy piece on the target.
    fn play(&mut self, mv: NaiveMove) {
        if let Some(((ff, fr), (tf, tr))) = mv {
            let (a, target) = (self.board[fr][ff], self.board[tr][tf]);
            self.board[tr][tf] = a;
            self.board[fr][ff] = target;
        }
        self.turns.record(&(self.board, self.knights), mv.is_none());
    }

    crate::grid_reference_items!(turns, 8);
}
