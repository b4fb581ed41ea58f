//! The root finish of a pure race: at the root of a search, once a two-player game has
//! become a race no other side can touch, the solver's solitaire
//! ([`crate::games::halma::solve`]) proves the side to move's own shortest finish
//! ([`root_finish`]), which the searcher plays instead of searching
//! ([`SearchHints::race_finish`](crate::game::SearchHints::race_finish)). The evaluation's
//! exact race term is [`crate::games::halma::race`]'s.

use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;
use crate::game::ProofBudget;
use crate::games::halma::eval::Evaluator;
use crate::games::halma::position::Position;
use crate::games::halma::rules::WinCondition;
use crate::games::halma::solve::{Finish, Race};
use crate::moves::Move;

/// Most of its own moves the side to move's finish is looked for at the root
/// ([`root_finish`]).
pub const MAX_FINISH_MOVES: u32 = 12;

/// A proved-shortest finish for the side to move of a two-player pure race (every piece of
/// the other side behind its rearmost piece): the first move of one shortest line of its
/// own moves to its goal, and that line's length, the other army standing still where it
/// is (an obstacle that can be jumped over). `None` when the position is not such a race,
/// when the finish needs more than [`MAX_FINISH_MOVES`] moves or more than the `budget` to
/// prove, or when the rules could make the line other than a plain win: a piece
/// of the side still in its home camp (deadline, vacate and follow-out look at those), a
/// piece of the other side in its goal, or a goal-filled win with more goal cells than
/// pieces. The first move is checked legal here by the rules core, and not to end in the
/// home camp.
///
/// In a pure race the other side can no longer block or help, so the fewest own moves is
/// the best the side can do whatever the other side plays; the search's distance
/// evaluation only approximates it.
pub fn root_finish<G: Geometry>(
    pos: &Position<G>,
    eval: &Evaluator<G>,
    budget: &ProofBudget,
) -> Option<(Move, u32)> {
    let setup = pos.setup();
    let us = pos.to_move();
    if pos.sides() != 2 || !eval.is_pure_race(pos) {
        return None;
    }
    let (ours, theirs) = (pos.pieces(us), pos.pieces(1 - us));
    let goal = setup.goal(us);
    let plain_win = match setup.rules().win {
        WinCondition::AllInGoal => true,
        WinCondition::GoalFilled => goal.count() as usize == setup.pieces_per_side(),
    };
    if !plain_win || ours.intersects(setup.home(us)) || theirs.intersects(goal) {
        return None;
    }
    let race = Race::new(setup);
    let (finish, line) = race.finish_line(setup, us, ours, theirs, MAX_FINISH_MOVES, budget);
    let (Finish::In(moves), Some(&first)) = (finish, line.first()) else {
        return None;
    };
    // Legal by the rules core, and not back into the home camp (a deadline loss).
    let plain = pos.is_legal(first) && !setup.home(us).has(first.to());
    plain.then_some((first, moves))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Square;
    use crate::games::halma::notation::split_position_text;
    use crate::games::halma::position::Status;
    use crate::games::halma::setup::Setup;
    use crate::games::halma::solve;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    fn position(text: &str) -> Position<Square<8>> {
        let (rules, fields) = split_position_text(text).unwrap();
        Position::from_text_fields(Arc::new(Setup::new(rules).unwrap()), fields).unwrap()
    }

    /// A halma8 pure race, A to move with three pieces outside its goal (f4, g4, g3).
    const THREE_OUT: &str = "halma8 4AAAA/5AAA/B7/8/5AA1/BB4A1/BBB5/BBBB4 A 40,40";

    fn unbounded(stop: &AtomicBool) -> ProofBudget<'_> {
        ProofBudget {
            nodes: u64::MAX,
            deadline: None,
            stop,
        }
    }

    #[test]
    fn playing_the_root_finish_finishes_in_exactly_the_moves_it_promised() {
        let stop = AtomicBool::new(false);
        let mut pos = position(THREE_OUT);
        let eval = Evaluator::new(
            pos.setup(),
            crate::games::halma::eval::HalmaWeights::default(),
        );
        let (_, promised) = root_finish(&pos, &eval, &unbounded(&stop)).expect("a short pure race");
        assert_eq!(promised, solve::solitaire_moves(&pos, 0, 20).unwrap());
        for left in (1..=promised).rev() {
            let (mv, moves) =
                root_finish(&pos, &eval, &unbounded(&stop)).expect("still a pure race");
            assert_eq!(moves, left, "each move brings the finish one move nearer");
            assert!(pos.is_legal(mv));
            pos.make(mv);
            if left > 1 {
                // B makes its first legal move; nothing it does reaches A's race.
                let reply = pos.legal_moves()[0];
                pos.make(reply);
            }
        }
        assert_eq!(pos.status(), Status::Won(0));
    }

    #[test]
    fn no_root_finish_outside_a_pure_race_or_over_its_budget() {
        let stop = AtomicBool::new(false);
        let pos = position(THREE_OUT);
        let eval = Evaluator::new(
            pos.setup(),
            crate::games::halma::eval::HalmaWeights::default(),
        );
        // Not a race: the start.
        let start = Position::start(pos.setup().clone());
        assert_eq!(root_finish(&start, &eval, &unbounded(&stop)), None);
        // A piece of A left at home, behind B's pieces (A's g3 on a1, B's a1 on h1).
        let home = position("halma8 4AAAA/5AAA/B7/8/5AA1/BB6/BBB5/ABBB3B A 40,40");
        assert_eq!(root_finish(&home, &eval, &unbounded(&stop)), None);
        // One solver node proves nothing, nor a deadline already past, nor a raised stop.
        let one_node = ProofBudget {
            nodes: 1,
            ..unbounded(&stop)
        };
        assert_eq!(root_finish(&pos, &eval, &one_node), None);
        let past = ProofBudget {
            deadline: Some(std::time::Instant::now()),
            ..unbounded(&stop)
        };
        assert_eq!(root_finish(&pos, &eval, &past), None);
        let stopped = AtomicBool::new(true);
        assert_eq!(root_finish(&pos, &eval, &unbounded(&stopped)), None);
    }
}
