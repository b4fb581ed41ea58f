//! How long a game of Halma still lasts: an estimate of the moves the side to move needs to
//! finish, for the time manager (`Game::moves_left`, docs/search.md, "Time management").
//!
//! The side's distance to go (the evaluation's cell sum, [`crate::eval`]) over its progress
//! a move. The progress starts from a prior, the side's distance at the start over
//! [`PRIOR_GAME_MOVES`], and is refined by what the side has covered in the moves it has
//! made, the prior counting as [`PRIOR_WEIGHT`] moves; it stays within half and twice the
//! prior, so that a position given without its history (a course file, a position text)
//! cannot make it absurd. The answer never falls below [`MIN_MOVES_LEFT`]: the last pieces'
//! shuffle into the goal takes a few moves whatever the distance.

/// Own moves a side is assumed to need for a whole game before it has moved: the prior
/// progress a move is its start distance over this. The course agents' 16×16 games last
/// 58–81 moves a side (issue 23), ours against a fixed-depth distance player 80–87 under the
/// old time manager (docs/search.md, "Time management").
pub const PRIOR_GAME_MOVES: u32 = 70;

/// How many moves the prior counts for against the moves the side has made.
pub const PRIOR_WEIGHT: u64 = 10;

/// Fewest moves estimated while the game goes on.
pub const MIN_MOVES_LEFT: u32 = 5;

/// The moves left of a side with distance `to_go`, which had `start` at the start of the
/// game and has made `moves_made` moves since (all in the evaluation's cells).
pub fn moves_left(start: u32, to_go: u32, moves_made: u64) -> u32 {
    if start == 0 {
        return MIN_MOVES_LEFT;
    }
    let prior = f64::from(start) / f64::from(PRIOR_GAME_MOVES);
    let covered = f64::from(start.saturating_sub(to_go));
    // Saturating: a move count near u64::MAX only pulls the rate to its lower bound.
    let weight = PRIOR_WEIGHT as f64;
    let rate = ((covered + prior * weight) / (moves_made as f64 + weight))
        .clamp(prior / 2.0, prior * 2.0);
    let moves = (f64::from(to_go) / rate).ceil();
    // `moves` is at most 2 × PRIOR_GAME_MOVES × to_go / start (to_go ≤ 255 × pieces, so far
    // below u32::MAX) and never NaN: rate ≥ prior / 2 > 0.
    (moves as u32).max(MIN_MOVES_LEFT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_the_start_the_prior_game_length_is_left() {
        assert_eq!(moves_left(440, 440, 0), PRIOR_GAME_MOVES);
        assert_eq!(moves_left(1100, 1100, 0), PRIOR_GAME_MOVES);
    }

    #[test]
    fn half_way_at_the_usual_pace_half_the_game_is_left() {
        // 220 of 440 cells covered in 35 moves: the prior's pace (6.3 cells a move).
        assert_eq!(moves_left(440, 220, 35), 35);
    }

    #[test]
    fn the_observed_pace_refines_the_prior() {
        // A start of 880 cells: a prior of 12.6 a move, counting for 10 moves. 630 covered
        // in 20 moves: (630 + 126) / 30 = 25.2 a move, held at 25.1 (twice the prior); in
        // 40: 15.1; in 120: 5.8, held at 6.3 (half the prior).
        let (fast, usual, slow) = (
            moves_left(880, 250, 20),
            moves_left(880, 250, 40),
            moves_left(880, 250, 120),
        );
        assert_eq!((fast, usual, slow), (10, 17, 40));
    }

    #[test]
    fn the_pace_stays_within_half_and_twice_the_prior() {
        // No progress at all in 1000 moves (a position text with big move counts): half
        // the prior's pace, never zero.
        assert_eq!(moves_left(560, 560, 1000), 2 * PRIOR_GAME_MOVES);
        assert_eq!(moves_left(560, 560, u64::MAX), 2 * PRIOR_GAME_MOVES);
        // Half covered in one move: twice the prior (16 a move), so 280 cells take 18.
        assert_eq!(moves_left(560, 280, 1), 18);
        // Farther than at the start (a piece went back): as if nothing were covered.
        assert!(moves_left(550, 600, 0) > PRIOR_GAME_MOVES);
    }

    #[test]
    fn a_few_moves_always_remain() {
        assert_eq!(moves_left(440, 0, 50), MIN_MOVES_LEFT);
        assert_eq!(moves_left(440, 3, 50), MIN_MOVES_LEFT);
        assert_eq!(moves_left(0, 0, 0), MIN_MOVES_LEFT);
        let huge = moves_left(u32::MAX, u32::MAX, u64::MAX);
        assert!((140..=141).contains(&huge), "{huge}");
    }
}
