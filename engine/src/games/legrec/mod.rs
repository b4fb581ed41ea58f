//! Le Grec (Dominique Huguenin & Yves Chédel; RULES-relatives.md §3): a 4×4 board, seven
//! stones a side, steps and single jumps over enemy stones, forward or sideways only; the
//! first side with all its stones on the opponent's two home ranks wins.
//!
//! * [`board`]: the `u16` layout, the directions as shifts and masks, the Zobrist keys;
//! * [`movegen`]: the word-parallel move generator (and its inverse, for the solver);
//! * [`position`]: [`LeGrecPosition`], make/unmake and the status;
//! * [`text`]: the position text, moves and the diagram;
//! * [`eval`]: the evaluation ([`LeGrecEval`]);
//! * [`solve`]: the strong solution ([`Solution`]): every position's value under perfect
//!   play, by retrograde analysis.
//!
//! [`LeGrecPosition`] implements the [`Game`](crate::game::Game) traits with `Setup = ()`.

pub mod board;
pub mod eval;
pub mod movegen;
pub mod position;
pub mod solve;
pub mod text;

pub use eval::LeGrecEval;
pub use position::LeGrecPosition;
pub use solve::{Solution, Value};

use crate::error::Error;
use crate::game::{Evaluation, GameRules, SearchHints};
use crate::games::catalog::{relative_info, GameInfo};
use crate::moves::Move;
use crate::picture::{CellSpec, Lattice, Mark, Picture};
use crate::weights::Weights;

/// Le Grec's entry in the registry of games.
pub const INFO: GameInfo = relative_info!(
    "legrec",
    "4x4, seven stones a side, steps and single jumps over enemies"
);

impl GameRules for LeGrecPosition {
    type Setup = ();

    crate::games::record::two_side_game_items!(LeGrecPosition);

    /// The 4×4 squares, each side's two home ranks (the opponent's goal) tinted.
    fn picture(&self) -> Picture {
        let specs = crate::game::cell_specs(self).map(|spec| CellSpec {
            mark: Mark::Camp(usize::from(spec.rank >= 2)),
            ..spec
        });
        Picture::new(Lattice::Square, 2, specs)
    }

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn parse_cell(&self, name: &str) -> Result<usize, Error> {
        text::parse_cell(name)
    }

    fn cell_name(&self, cell: usize) -> String {
        board::cell_name(cell)
    }

    fn move_text(&self, mv: Move) -> String {
        text::move_text(mv)
    }
}

impl Evaluation for LeGrecPosition {
    type Eval = LeGrecEval;

    crate::games::record::two_side_scores!();

    /// Only the tempo weight is read; the rest is the game's own (see [`eval`]).
    fn evaluator(&self, weights: &Weights) -> LeGrecEval {
        LeGrecEval::new(weights.relative_tempo())
    }

    /// The ranks the move climbs, 100 a rank (sideways 0, a forward jump 200).
    #[inline(always)]
    fn move_gain(&self, eval: &LeGrecEval, mover: usize, mv: Move) -> i32 {
        if mv.is_pass() {
            0
        } else {
            eval.progress(mover, mv.to()) - eval.progress(mover, mv.from())
        }
    }
}

impl SearchHints for LeGrecPosition {}
