//! Hexma (Cameron Browne, 2003; RULES-relatives.md §9; `docs/games/hexma.md`): Chinese
//! Checkers moves on the 121-cell star, 13 stones a side, and a connection goal: the mover
//! wins when one six-connected group of its stones touches both the bottom edge and the top
//! edge (the same two edges for both sides).
//!
//! * [`board`]: Halma's star layout, the start, the edges, the connection flood fill, keys;
//! * [`movegen`]: Halma's star generator (steps and the shared hop components), unfiltered;
//! * [`position`]: [`HexmaPosition`], make/unmake and the status;
//! * [`text`]: the position text (Halma's star ranks), moves, the star diagram;
//! * [`eval`]: the evaluation ([`HexmaEval`]): the connection distance.
//!
//! [`HexmaPosition`] implements the [`Game`](crate::game::Game) traits with `Setup = ()`.

pub mod board;
pub mod eval;
pub mod movegen;
pub mod position;
pub mod text;

pub use eval::HexmaEval;
pub use position::HexmaPosition;

use crate::bitboard::BitBoard;
use crate::game::{Evaluation, GameRules, SearchHints};
use crate::games::catalog::{relative_info, GameInfo};
use crate::moves::Move;
use crate::picture::{CellSpec, Lattice, Mark, Picture};
use crate::weights::{Weight, Weights};

/// The rule set's name, in `--rules` and the position text.
pub const NAME: &str = INFO.name;

/// Hexma's entry in the registry of games.
pub const INFO: GameInfo = relative_info!(
    "hexma",
    "121-cell star, thirteen stones a side, Chinese Checkers moves, join two edges"
);

impl GameRules for HexmaPosition {
    type Setup = ();

    const WIN_TEXT: &'static str = "edges joined";

    /// Round holes on the hexagonal lattice (Halma's star), the two edges both sides must
    /// join (the goal) ringed in both sides' colours.
    fn picture(&self) -> Picture {
        let specs = crate::game::cell_specs(self).map(|spec| {
            let edge = board::BOTTOM | board::TOP;
            CellSpec {
                mark: if spec.cell.is_some_and(|c| edge.has(c)) {
                    Mark::Edge
                } else {
                    Mark::None
                },
                ..spec.hole()
            }
        });
        Picture::new(Lattice::Hex, 2, specs)
    }

    crate::games::record::two_side_game_items!(HexmaPosition);

    crate::games::record::two_side_game_board_items!();
}

impl Evaluation for HexmaPosition {
    type Eval = HexmaEval;

    crate::games::record::two_side_scores!();

    /// Reads the tempo weight, and `distance` as a switch: 0 selects the plain evaluation
    /// (see [`eval`]).
    fn default_weights() -> Weights {
        Weights::relative_defaults().with(Weight::Distance, eval::CONNECTION)
    }

    fn evaluator(&self, weights: &Weights) -> HexmaEval {
        HexmaEval::new(weights)
    }

    /// The cells still to fill, in centimoves.
    fn distance_to_go(&self, eval: &HexmaEval, side: usize) -> i32 {
        eval::CELL * eval.to_go(self, side)
    }

    #[inline(always)]
    fn move_gain(&self, eval: &HexmaEval, mover: usize, mv: Move) -> i32 {
        eval.gain(self, mover, mv)
    }
}

impl SearchHints for HexmaPosition {}
