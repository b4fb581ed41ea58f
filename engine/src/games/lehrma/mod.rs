//! Lehrma, chess-piece Halma (Jim Aikin's blog "Halma, Tell Us!", 2020;
//! `../shared/RULES-relatives.md` §2; `docs/games/lehrma.md`), in its two setups:
//! `lehrma` (rook, two bishops, seven pawns a side, A's rook on `h1`) and `lehrma-knights`
//! (rook, two bishops, two knights, five pawns, A's rook on `a1`).
//!
//! A move is either a non-hopping move of the piece's kind (rook and bishop slides, a
//! knight's leap, a pawn's orthogonal step), onto an empty square or, as a *swap*, onto an
//! enemy piece standing in its own camp (the two exchange squares; never an enemy bishop
//! onto the other colour), or a chain of orthogonal hops over single pieces of either
//! colour, any kind. The mover wins when each of its pieces stands on an opponent's start
//! square of its own kind.
//!
//! * [`board`]: the `u64` chessboard, kinds, start sets, colours, rays, leaps, keys;
//! * [`movegen`]: the generator (ray slides, leap table, word-parallel hop closure);
//! * [`position`]: [`LehrmaPosition`] over the setup ([`Plain`], [`WithKnights`]),
//!   make/unmake (swaps included) and the status;
//! * [`text`]: the FEN-like position text, moves with the reasons a move is illegal, the
//!   diagram;
//! * [`eval`]: the kind-aware distance evaluation ([`LehrmaEval`]).

pub mod board;
pub mod eval;
pub mod movegen;
pub mod position;
pub mod text;

pub use eval::LehrmaEval;
pub use position::{LehrmaPosition, LehrmaRules, Plain, WithKnights};

use crate::error::Error;
use crate::game::{Evaluation, GameRules, SearchHints};
use crate::games::catalog::{relative_info, GameInfo, PreferredSearcher};
use crate::moves::Move;
use crate::picture::{Kind, Lattice, Mark, Picture, Piece, Shape};
use crate::weights::Weights;

/// The rule set `lehrma`'s name.
pub const NAME: &str = INFO.name;
/// The rule set `lehrma-knights`' name.
pub const KNIGHTS_NAME: &str = KNIGHTS_INFO.name;

/// Lehrma's entry in the registry of games: MCTS beat alpha-beta here (docs/games/README.md).
pub const INFO: GameInfo = GameInfo {
    searcher: PreferredSearcher::Mcts,
    ..relative_info!(
        "lehrma",
        "8x8, rook, two bishops, seven pawns a side, hops and swaps"
    )
};

/// Lehrma with knights' entry in the registry of games.
pub const KNIGHTS_INFO: GameInfo = relative_info!(
    "lehrma-knights",
    "8x8, rook, two bishops, two knights, five pawns a side, hops and swaps"
);

/// Lehrma with its first setup (`lehrma`).
pub type LehrmaPlain = LehrmaPosition<Plain>;
/// Lehrma with knights (`lehrma-knights`).
pub type LehrmaKnights = LehrmaPosition<WithKnights>;

impl<R: LehrmaRules> GameRules for LehrmaPosition<R> {
    type Setup = ();

    /// The chessboard's dark and light squares, each side's camp tinted, the pieces by
    /// kind.
    fn picture(&self) -> Picture {
        let specs = crate::game::cell_specs(self).map(|mut spec| {
            let Some(c) = spec.cell else { return spec };
            if board::DARK & (1 << c) != 0 {
                spec.shape = Shape::Dark;
            }
            if let Some(side) = (0..2).find(|&s| R::CAMP[s] & (1 << c) != 0) {
                spec.mark = Mark::Camp(side);
            }
            spec.piece = self.piece_at(c).map(|(side, kind)| Piece {
                side,
                kind: [Kind::Rook, Kind::Bishop, Kind::Knight, Kind::Pawn][kind],
            });
            spec
        });
        Picture::new(Lattice::Square, 2, specs)
    }

    crate::games::record::two_side_game_items!(LehrmaPosition<R>);

    fn info(&self) -> &'static GameInfo {
        &R::INFO
    }

    fn parse_cell(&self, name: &str) -> Result<usize, Error> {
        board::parse_cell(name)
    }

    fn cell_name(&self, cell: usize) -> String {
        board::cell_name(cell)
    }

    fn move_text(&self, mv: Move) -> String {
        text::move_text(mv)
    }
}

impl<R: LehrmaRules> Evaluation for LehrmaPosition<R> {
    type Eval = LehrmaEval;

    crate::games::record::two_side_scores!();

    /// Only the tempo weight is read; the rest is the game's own (see [`eval`]).
    fn evaluator(&self, weights: &Weights) -> LehrmaEval {
        LehrmaEval::new::<R>(weights.relative_tempo())
    }

    /// The squares still to cover, in centimoves.
    fn distance_to_go(&self, eval: &LehrmaEval, side: usize) -> i32 {
        eval::UNIT * eval.to_go(self, side)
    }

    fn tempo(&self, eval: &LehrmaEval) -> i32 {
        eval.tempo()
    }

    /// The nearest-goal distance the move saves, plus a swapped enemy piece's loss.
    #[inline(always)]
    fn move_gain(&self, eval: &LehrmaEval, mover: usize, mv: Move) -> i32 {
        eval.gain(self, mover, mv)
    }
}

impl<R: LehrmaRules> SearchHints for LehrmaPosition<R> {}
