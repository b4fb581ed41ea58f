//! How long a game of Halma still lasts: an estimate of the moves the side to move needs to
//! finish, for the time manager (`SearchHints::moves_left`, docs/search.md, "Time management").
//!
//! The side's distance to go (the evaluation's cell sum, [`crate::games::halma::eval`]) over its pace,
//! plus [`TAIL_MOVES`] for the last pieces' shuffle into the goal, which takes moves whatever
//! the distance. The pace starts from a prior, the side's distance at the start over
//! [`PRIOR_GAME_MOVES`] less the tail, and is refined by what the side has covered in the
//! moves it has made, the prior counting as [`PRIOR_WEIGHT`] moves. The refined pace is held
//! between half the prior and the prior: a game's middle runs faster than its average (long
//! jump chains) and its end slower, so a fast pace so far does not promise a short game, and
//! an estimate too low would spend the clock before the end. A position given without its
//! history (a course file, a position text) cannot make it absurd either.

/// Own moves a side is assumed to need for a whole game before it has moved. The course
/// agents' 16×16 games last 58–81 moves a side (issue 23), ours against a fixed-depth
/// distance player 80–87 under the old time manager; fitted to those games' distances
/// (docs/search.md, "Time management").
pub const PRIOR_GAME_MOVES: u32 = 90;

/// Moves added to the distance over the pace for the last pieces' shuffle into the goal:
/// the fewest moves estimated while the game goes on.
pub const TAIL_MOVES: u32 = 15;

/// How many moves the prior counts for against the moves the side has made.
pub const PRIOR_WEIGHT: u64 = 20;

/// The moves left of a side with distance `to_go`, which had `start` at the start of the
/// game and has made `moves_made` moves since (all in the evaluation's cells).
pub fn moves_left(start: u32, to_go: u32, moves_made: u64) -> u32 {
    if start == 0 {
        return TAIL_MOVES;
    }
    let prior = f64::from(start) / f64::from(PRIOR_GAME_MOVES - TAIL_MOVES);
    let covered = f64::from(start.saturating_sub(to_go));
    // A move count near u64::MAX only pulls the pace to its lower bound.
    let weight = PRIOR_WEIGHT as f64;
    let pace =
        ((covered + prior * weight) / (moves_made as f64 + weight)).clamp(prior / 2.0, prior);
    // At most 2 × 75 × to_go / start (to_go ≤ 255 × pieces, far below u32::MAX), never
    // NaN: pace ≥ prior / 2 > 0.
    let run = (f64::from(to_go) / pace).ceil() as u32;
    run.saturating_add(TAIL_MOVES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_the_start_the_prior_game_length_is_left() {
        assert_eq!(moves_left(750, 750, 0), PRIOR_GAME_MOVES);
        assert_eq!(moves_left(1500, 1500, 0), PRIOR_GAME_MOVES);
    }

    #[test]
    fn half_way_at_the_usual_pace_half_the_run_and_the_tail_are_left() {
        // A prior pace of 750 / 75 = 10 cells a move; 375 covered in 37 moves.
        assert_eq!(moves_left(750, 375, 37), 38 + TAIL_MOVES);
    }

    #[test]
    fn a_slow_pace_so_far_lengthens_the_estimate_and_a_fast_one_does_not_shorten_it() {
        // 500 covered in 20 moves (17.5 a move with the prior): held at the prior, 10.
        assert_eq!(moves_left(750, 250, 20), 25 + TAIL_MOVES);
        // In 60 moves: (500 + 200) / 80 = 8.75 a move.
        assert_eq!(moves_left(750, 250, 60), 29 + TAIL_MOVES);
        // In 200 moves: 3.2 a move, held at half the prior, 5.
        assert_eq!(moves_left(750, 250, 200), 50 + TAIL_MOVES);
    }

    #[test]
    fn the_pace_stays_within_half_the_prior_and_the_prior() {
        // No progress at all in 1000 moves (a position text with big move counts): half
        // the prior's pace, never zero.
        assert_eq!(moves_left(750, 750, 1000), 150 + TAIL_MOVES);
        assert_eq!(moves_left(750, 750, u64::MAX), 150 + TAIL_MOVES);
        // Farther than at the start (a piece went back): as if nothing were covered.
        assert_eq!(moves_left(750, 800, 0), 80 + TAIL_MOVES);
    }

    #[test]
    fn the_tail_always_remains() {
        assert_eq!(moves_left(440, 0, 50), TAIL_MOVES);
        assert_eq!(moves_left(440, 3, 50), 1 + TAIL_MOVES);
        assert_eq!(moves_left(0, 0, 0), TAIL_MOVES);
        let huge = moves_left(u32::MAX, u32::MAX, u64::MAX);
        assert!((165..=166).contains(&huge), "{huge}");
    }
}
