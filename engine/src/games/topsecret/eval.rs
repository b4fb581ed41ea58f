//! The evaluation, in centimoves.
//!
//! Top Secret is a race off the board: a stone `r` cells from the nearest edge (its
//! [`ring`]) needs `r` steps to reach the edge and one more move to
//! leave, so `r + 1` moves without jumps. A side's score has two parts:
//! * **to go**: minus [`UNIT`] per move its stones need without jumps, `Σ (ring + 1)` over
//!   its stones on the board, plus [`HAND_TO_GO`] for each stone still in hand (the drop
//!   zone's outer ring is 5 cells from the edge); so each stone left costs at least one move;
//! * **ready**: plus [`READY`] for each of its stones that could bear off now, by a step off
//!   the edge or by a jump chain ending over an edge stone (of either colour): the jump
//!   opportunities the race turns on.
//!
//! [`TopSecretEval::evaluate`] is the side to move's score minus the other's, plus the tempo
//! weight, clamped to ±[`MAX_EVAL`](crate::search::score::MAX_EVAL). A move's gain ([`TopSecretEval::gain`]) is the moves to
//! go it saves, 100 each: a step toward the edge 100, a jump up to 200 a jump, a bear-off
//! `100·(ring + 1)`; a drop costs what the dropped stone will need (`−100·(ring + 1)`, so
//! the outer cells of the drop zone come first).

use super::board::ring;
use super::movegen::Targets;
use super::position::TopSecretPosition;
use crate::bitboard::BitBoard;
use crate::game::Team;
use crate::moves::Move;
use crate::search::score::team_score;

/// Centimoves per move to go (a step toward the edge).
pub const UNIT: i32 = 100;

/// Moves to go of a stone in hand: dropped on the zone's outer ring (5 from the edge), 5
/// steps and the move off.
pub const HAND_TO_GO: i32 = 6;

/// Centimoves per stone that can bear off now.
pub const READY: i32 = 40;

/// Moves to go without jumps that one move saves on average in the race, for the time
/// manager's estimate ([`TopSecretEval::moves_left`]): in eight games between fixed depths 1
/// to 4 the winner made 62–81 moves, 18 of them drops, against 118 moves to go without
/// jumps after the drops (docs/games/topsecret.md).
pub const RACE_PACE: u32 = 2;

/// The evaluation's constants.
#[derive(Clone, Debug)]
pub struct TopSecretEval {
    /// Bonus for having the move.
    tempo: i32,
}

impl TopSecretEval {
    /// The constants, with `tempo` centimoves for the side to move.
    pub fn new(tempo: i32) -> TopSecretEval {
        TopSecretEval { tempo }
    }

    /// The moves `side`'s stones need without jumps (0 exactly when it has none left).
    pub fn to_go(&self, pos: &TopSecretPosition, side: usize) -> i32 {
        let on_board: i32 = pos.stones(side).iter().map(|c| ring(c) + 1).sum();
        on_board + HAND_TO_GO * pos.in_hand(side) as i32
    }

    /// The stones of `side` that could bear off if it were to move (none in the drop
    /// phase).
    pub fn ready(&self, pos: &TopSecretPosition, side: usize) -> i32 {
        if pos.in_hand(side) > 0 {
            return 0;
        }
        let mut targets = Targets::new(pos.occupied());
        pos.stones(side)
            .iter()
            .filter(|&c| targets.can_bear_off(c))
            .count() as i32
    }

    /// An estimate of the moves `side` still makes (for the time manager,
    /// `SearchHints::moves_left`): one drop for each stone in hand, and its moves to go without
    /// jumps ([`TopSecretEval::to_go`]) over [`RACE_PACE`], rounded up; at least 1.
    pub fn moves_left(&self, pos: &TopSecretPosition, side: usize) -> u32 {
        let race = self.to_go(pos, side).max(0) as u32;
        (pos.in_hand(side) + race.div_ceil(RACE_PACE)).max(1)
    }

    /// `side`'s own standing in centimoves (see the module doc); higher is better for it.
    pub fn side_score(&self, pos: &TopSecretPosition, side: usize) -> i32 {
        -UNIT * self.to_go(pos, side) + READY * self.ready(pos, side)
    }

    /// The score for the side to move: the side to move's score minus the other's, plus
    /// the tempo, clamped to ±[`MAX_EVAL`](crate::search::score::MAX_EVAL).
    pub fn evaluate(&self, pos: &TopSecretPosition, team: Team) -> i32 {
        team_score(pos.to_move(), team, self.tempo, |side| {
            self.side_score(pos, side)
        })
    }

    /// The moves to go `mv` saves its mover, in centimoves (0 for the pass; negative for a
    /// drop or a step away from the edge; a bear-off from ring `r`: `100·(r + 1)`). The
    /// mover is not needed: the edge is every side's goal.
    #[inline(always)]
    pub fn gain(&self, _mover: usize, mv: Move) -> i32 {
        match (mv.origin(), mv.destination()) {
            (Some(from), Some(to)) => UNIT * (ring(from) - ring(to)),
            (Some(from), None) => UNIT * (ring(from) + 1),
            (None, Some(to)) => -UNIT * (ring(to) + 1),
            (None, None) => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves_left(text: &str, side: usize) -> u32 {
        let pos = TopSecretPosition::from_text(text).unwrap();
        TopSecretEval::new(0).moves_left(&pos, side)
    }

    #[test]
    fn the_moves_left_count_the_drops_and_half_the_race() {
        // At the start: 18 drops, then 18 stones of 6 moves each, at two a move: 72.
        let start = "topsecret 16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 A 0,0 18,18";
        assert_eq!(moves_left(start, 0), 18 + 54);
        assert_eq!(moves_left(start, 1), 18 + 54);
        // B's stones on a8, p8 (edge: 1 move each) and j3 (ring 2: 3 moves): 5 without
        // jumps, 3 estimated; A's one edge stone on p10: 1.
        let few = "topsecret 16/16/16/16/16/16/15A/16/B14B/16/16/16/16/9B6/16/16 A 74,74 0,0";
        assert_eq!(moves_left(few, 1), 3);
        assert_eq!(moves_left(few, 0), 1);
        // One stone on the edge (a1): its last move.
        let last = "topsecret 16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/A14B A 40,40 0,0 1";
        assert_eq!(moves_left(last, 0), 1);
    }
}
