//! Top Secret (RULES-relatives.md §8; `docs/games/topsecret.md`): 16×16, eight directions,
//! eighteen stones a side. A, B, A, … drop their stones one at a time on the empty cells of
//! the central square `f6`–`k11` until it is full; then each move is a Halma move (a step,
//! or a chain of jumps over adjacent stones of either colour) or a *bear-off* (`c1-off`): a
//! step off the board from an edge cell, or a chain whose last jump, over an edge stone,
//! lands off the board. The side that has borne off all its stones wins.
//!
//! * [`board`]: Halma's padded 16×16 layout, the drop zone, edge and exit masks, cell
//!   names, keys;
//! * [`movegen`]: Halma's jump closure plus the bear-off test, per position and per stone;
//! * [`position`]: [`TopSecretPosition`], make/unmake and the status;
//! * [`text`]: the position text (with the stones in hand), moves, the diagram;
//! * [`eval`]: the evaluation ([`TopSecretEval`]): moves to go and stones ready to leave.
//!
//! [`TopSecretPosition`] implements the [`Game`](crate::game::Game) traits with `Setup = ()`.

pub mod board;
pub mod eval;
pub mod movegen;
pub mod position;
pub mod text;

pub use eval::TopSecretEval;
pub use position::TopSecretPosition;

use crate::game::{Evaluation, GameRules, SearchHints};
use crate::games::catalog::{relative_info, GameInfo};
use crate::picture::{Lattice, Mark, Picture};

/// The rule set's name, in `--rules` and the position text.
pub const NAME: &str = INFO.name;

/// Top Secret's entry in the registry of games.
pub const INFO: GameInfo = relative_info!(
    "topsecret",
    "16x16, eighteen stones a side dropped in the centre, then off the board"
);

impl GameRules for TopSecretPosition {
    type Setup = ();

    const WIN_TEXT: &'static str = "every stone borne off";

    /// The 16×16 squares with the drop zone tinted, and each side's stones in hand and
    /// borne off said under the board.
    fn picture(&self) -> Picture {
        let specs = crate::game::cell_specs(self).map(|mut spec| {
            if spec
                .cell
                .is_some_and(|c| crate::bitboard::BitBoard::has(board::DROP_ZONE, c))
            {
                spec.mark = Mark::Zone;
            }
            spec
        });
        let mut picture = Picture::new(Lattice::Square, 2, specs);
        picture.notes = (0..2)
            .map(|s| {
                format!(
                    "{}: {} in hand, {} borne off",
                    crate::game::side_letter(s),
                    self.in_hand(s),
                    self.borne_off(s)
                )
            })
            .collect();
        picture
    }

    crate::games::record::two_side_game_items!(TopSecretPosition);

    crate::games::record::two_side_game_board_items!();
}

impl Evaluation for TopSecretPosition {
    type Eval = TopSecretEval;

    crate::games::record::two_side_eval_items!(TopSecretEval);

    /// The moves to go without jumps, in centimoves (the ready stones left out).
    fn distance_to_go(&self, eval: &TopSecretEval, side: usize) -> i32 {
        eval::UNIT * eval.to_go(self, side)
    }
}

impl SearchHints for TopSecretPosition {
    /// The drops and half the moves to go without jumps ([`TopSecretEval::moves_left`]).
    fn moves_left(&self, eval: &TopSecretEval) -> Option<u32> {
        Some(eval.moves_left(self, self.to_move()))
    }
}
