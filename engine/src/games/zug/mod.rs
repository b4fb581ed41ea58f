//! Le Zug (D. J. Springgay, 1971; *Games & Puzzles* 1974; RULES-relatives.md §5;
//! `docs/games/zug.md`): the 145 dark squares of a 17×17 board, twelve pieces a side (nine
//! on the back rank, three placed on the second rank in six alternate plies), diagonal
//! steps and jump chains forward over any piece with one bonus step after them, the camp
//! rule, all four diagonals once a side's twelve pieces are in the opponent's camp; the
//! first side to fill the opponent's back rank and three squares of its second rank wins.
//!
//! * [`board`]: the two-half `u128` layout, the diagonals as shifts, cell names, keys;
//! * [`movegen`]: the per-piece jump flood fill and the set-wide steps;
//! * [`position`]: [`ZugPosition`], placement, make/unmake and the status;
//! * [`text`]: the position text (one field a rank of dark squares), moves, the diagram;
//! * [`eval`]: the evaluation ([`ZugEval`]): progress to go, the camp rule's stragglers.
//!
//! [`ZugPosition`] implements the [`Game`](crate::game::Game) traits with `Setup = ()`.

pub mod board;
pub mod eval;
pub mod movegen;
pub mod position;
pub mod text;

pub use eval::ZugEval;
pub use position::ZugPosition;

use crate::game::{Evaluation, GameRules, SearchHints};
use crate::games::catalog::{relative_info, GameInfo};
use crate::picture::{CellSpec, Lattice, Mark, Picture, Shape};

/// The rule set's name, in `--rules` and the position text.
pub const NAME: &str = INFO.name;

/// Le Zug's entry in the registry of games.
pub const INFO: GameInfo = relative_info!(
    "zug",
    "17x17 dark squares, twelve a side (three placed), forward diagonal jump chains"
);

impl GameRules for ZugPosition {
    type Setup = ();

    /// The 145 dark squares with the camps tinted, and the light squares drawn between
    /// them (no cells of the game).
    fn picture(&self) -> Picture {
        let dark = crate::game::cell_specs(self).map(|mut spec| {
            spec.shape = Shape::Dark;
            if let Some(side) =
                (0..2).find(|&s| spec.cell.is_some_and(|c| board::has(board::CAMP[s], c)))
            {
                spec.mark = Mark::Camp(side);
            }
            spec
        });
        let w = board::WIDTH as i32;
        let light = (0..w * w)
            .map(|i| (i % w, i / w))
            .filter(|(x, y)| (x + y) % 2 == 1)
            .map(|(file, rank)| CellSpec {
                cell: None,
                file,
                rank,
                shape: Shape::Light,
                mark: Mark::None,
                piece: None,
            });
        Picture::new(Lattice::Square, 2, dark.chain(light))
    }

    crate::games::record::two_side_game_items!(ZugPosition);

    crate::games::record::two_side_game_board_items!();
}

impl Evaluation for ZugPosition {
    type Eval = ZugEval;

    crate::games::record::two_side_eval_items!(ZugEval);

    /// The steps still lacking, ranks and sideways, in centimoves (the camp terms left
    /// out).
    fn distance_to_go(&self, eval: &ZugEval, side: usize) -> i32 {
        eval::UNIT * (eval.to_go(self, side) + eval.sideways(self, side))
    }

    fn tempo(&self, eval: &ZugEval) -> i32 {
        eval.tempo()
    }
}

impl SearchHints for ZugPosition {}
