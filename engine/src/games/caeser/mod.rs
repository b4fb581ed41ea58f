//! Caeser, the "Caesar Game" (F. Ad. Richter, "Meteor" box No. 9, c. 1900;
//! RULES-relatives.md §7; `docs/games/caeser.md`): 37 holes in a hexagon of side 4, 17 men a
//! side, each man stepping or jumping over one enemy man in its side's three forward
//! directions; the first side to fill the opponent's half wins.
//!
//! * [`board`]: the padded `u64` layout, the directions as shifts, cell names, keys;
//! * [`movegen`]: the word-parallel move generator;
//! * [`position`]: [`CaeserPosition`], make/unmake and the status;
//! * [`text`]: the position text (one field a rank of holes), moves, the hexagon diagram;
//! * [`eval`]: the evaluation ([`CaeserEval`]): lean to go and mobility;
//! * [`solve`]: a memoised win/draw/loss search with a budget ([`Solver`]).
//!
//! [`CaeserPosition`] implements the [`Game`](crate::game::Game) traits with `Setup = ()`.

pub mod board;
pub mod eval;
pub mod movegen;
pub mod position;
pub mod solve;
pub mod text;

pub use eval::CaeserEval;
pub use position::CaeserPosition;
pub use solve::{Outcome, Solver};

use crate::game::{Evaluation, GameRules, SearchHints};
use crate::games::catalog::{relative_info, GameInfo};
use crate::picture::{CellSpec, Lattice, Picture};

/// The rule set's name, in `--rules` and the position text.
pub const NAME: &str = INFO.name;

/// Caeser's entry in the registry of games.
pub const INFO: GameInfo = relative_info!(
    "caeser",
    "37-hole hexagon, seventeen men a side, forward steps and single jumps"
);

impl GameRules for CaeserPosition {
    type Setup = ();

    /// Round holes on the hexagonal lattice (the 37-hole hexagon).
    fn picture(&self) -> Picture {
        let specs = crate::game::camp_specs(self);
        Picture::new(Lattice::Hex, 2, specs.map(CellSpec::hole))
    }

    crate::games::record::two_side_game_items!(CaeserPosition);

    crate::games::record::two_side_game_board_items!();
}

impl Evaluation for CaeserPosition {
    type Eval = CaeserEval;

    crate::games::record::two_side_eval_items!(CaeserEval);

    /// The lean still to gain, in centimoves (mobility left out).
    fn distance_to_go(&self, eval: &CaeserEval, side: usize) -> i32 {
        eval::UNIT * eval.to_go(self, side)
    }
}

impl SearchHints for CaeserPosition {}
