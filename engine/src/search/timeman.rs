//! Time management: how long to think about one move.
//!
//! Two budgets: the *optimum* (no new iteration starts once 60% of it is used, since the
//! next one would rarely finish) and the *maximum* (the search is stopped mid-iteration).
//! From a clock ([`clock_budget`]): optimum = (time left − moves to go × Move Overhead) /
//! moves to go + ¾ of the increment, maximum = 4 × optimum, both capped so that a safety
//! margin (half the time left) always stays on the clock. The moves to go are the fewer of
//! the time control's (`movestogo`) and the game's own estimate of the moves the side still
//! makes ([`SearchHints::moves_left`](crate::game::SearchHints::moves_left), Halma's from its race distance), else
//! [`DEFAULT_MOVES_TO_GO`]. The caller's own delays (the pipe, the scheduler, a process
//! start) are its Move Overhead ([`Limits::overhead`]), taken off the time left and the move
//! time before anything else, and kept back for every move to go.
//!
//! Once the clock holds no more than what the moves to go cost outside the search, that
//! rule gives the search nothing (depth 1 only). A floor then keeps a few milliseconds of
//! search a move: [`FLOOR`], and never more than the clock over [`FLOOR_SHARE`] × the moves
//! to go, so that it fades with the clock and an empty clock gets nothing.
//!
//! Any [`Duration`] is accepted, up to `Duration::MAX`: the arithmetic saturates, so a huge
//! time only means "no practical limit", never an overflow.
//!
//! [`SearchHints::moves_left`](crate::game::SearchHints::moves_left): crate::game::SearchHints::moves_left

use super::limits::{Clock, Limits};
use crate::game::Game;
use std::time::{Duration, Instant};

/// Moves to go assumed when neither the time control nor the game says.
pub const DEFAULT_MOVES_TO_GO: u32 = 30;

/// How many optimums the maximum is.
const MAX_OPTIMUMS: u32 = 4;

/// The most search a move gets from the floor of a low clock: enough for depth 3 of an
/// ending (573 nodes, about 1 ms, in the course game that shuffled for 41 moves at depth 1
/// and 2 on a 0.6 s clock, docs/search.md, "The clock floor"), and a small part of what a
/// course move costs outside the search (7–13 ms to start the process, 40 ms kept back).
pub const FLOOR: Duration = Duration::from_millis(5);

/// The floor of every move to go together takes at most this share of the clock: the
/// clock holds at least this many times what the floors still cost, so that the rest pays
/// the moves' own cost outside the search, as without a floor.
pub const FLOOR_SHARE: u32 = 4;

/// The time budget of one search.
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    start: Instant,
    optimum: Option<Duration>,
    maximum: Option<Duration>,
}

/// The moves a clock is spread over: the fewer of the time control's moves to go and the
/// game's estimate `moves_left`, [`DEFAULT_MOVES_TO_GO`] when neither is known; at least 1.
pub fn moves_to_go(clock: &Clock, moves_left: Option<u32>) -> u32 {
    let known = match (clock.moves_to_go, moves_left) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b).unwrap_or(DEFAULT_MOVES_TO_GO),
    };
    known.max(1)
}

/// The (optimum, maximum) of a clock with `time_left` (the Move Overhead already taken
/// off), `increment` and `moves_to_go` moves (0 is read as 1) to spread it over, each of
/// which costs `per_move` outside the search (the Move Overhead: the pipe, a process start);
/// both at least the floor, the lesser of [`FLOOR`] and `time_left` over [`FLOOR_SHARE`] ×
/// `moves_to_go`.
pub fn clock_budget(
    time_left: Duration,
    increment: Duration,
    moves_to_go: u32,
    per_move: Duration,
) -> (Duration, Duration) {
    // Half the clock stays. At a long clock that costs nothing (four times the optimum is
    // far below it); once the clock is down to a few increments it is the room for what
    // the search does not control, a loaded machine's scheduler. It also sets where the
    // clock settles when every move spends its maximum: at two increments, a whole
    // increment of slack (with a fifth, the reserve until 2026-11-26, at 1.25 increments, a
    // quarter of one: 26 ms at 10+0.1, where a build running beside a match once made
    // alpha-beta lose on time).
    let usable = time_left - time_left / 2;
    let moves = moves_to_go.max(1);
    // What the moves to go cost outside the search stays on the clock too: in a game with
    // no increment nothing else pays for them.
    let pool = time_left.saturating_sub(per_move.saturating_mul(moves));
    // ¾ of the increment, as increment − increment / 4 so that it cannot overflow.
    let bonus = increment - increment / 4;
    let optimum = (pool / moves).saturating_add(bonus).min(usable);
    let maximum = optimum.saturating_mul(MAX_OPTIMUMS).min(usable);
    // When the pool is (nearly) spent, a floor: a few milliseconds, and never more than a
    // share of the clock over the moves to go, so it fades with the clock and an empty
    // clock gets nothing. It is below half the clock (the share is at least 4), and it is
    // the maximum too, so the floor alone never overruns.
    let floor = (time_left / moves.saturating_mul(FLOOR_SHARE)).min(FLOOR);
    (optimum.max(floor), maximum.max(floor))
}

impl TimeManager {
    /// The budget for `limits`, starting now, for a game that estimates `moves_left` moves
    /// still to make by the side to move (`None`: no estimate).
    pub fn new(limits: &Limits, moves_left: Option<u32>) -> TimeManager {
        let start = limits.start.unwrap_or_else(Instant::now);
        let (mut optimum, mut maximum) = (None, None);
        let overhead = limits.overhead;
        if let Some(t) = limits.move_time {
            let t = t.saturating_sub(overhead);
            optimum = Some(t);
            maximum = Some(t);
        }
        if let Some(clock) = limits.clock {
            let time_left = clock.time_left.saturating_sub(overhead);
            let mtg = moves_to_go(&clock, moves_left);
            let (opt, max) = clock_budget(time_left, clock.increment, mtg, overhead);
            optimum = Some(optimum.map_or(opt, |o: Duration| o.min(opt)));
            maximum = Some(maximum.map_or(max, |m: Duration| m.min(max)));
        }
        TimeManager {
            start,
            optimum,
            maximum,
        }
    }

    /// The budget for `limits` on `pos`: the game's own estimate of the moves left
    /// ([`SearchHints::moves_left`](crate::game::SearchHints::moves_left), asked only when a clock is given) feeds [`TimeManager::new`].
    pub fn for_position<P: Game>(limits: &Limits, pos: &P, eval: &P::Eval) -> TimeManager {
        let moves_left = limits.clock.and_then(|_| pos.moves_left(eval));
        TimeManager::new(limits, moves_left)
    }

    /// The (optimum, maximum) of this search; `None` where nothing bounds it by time.
    pub fn budget(&self) -> (Option<Duration>, Option<Duration>) {
        (self.optimum, self.maximum)
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether a new iteration should still start (before 60% of the optimum is used).
    pub fn may_start_iteration(&self) -> bool {
        // o / 5 * 3 rather than o * 3 / 5: the same to a few nanoseconds, and no overflow.
        self.optimum.is_none_or(|o| self.elapsed() < o / 5 * 3)
    }

    /// Whether the search must stop now.
    pub fn out_of_time(&self) -> bool {
        self.maximum.is_some_and(|m| self.elapsed() >= m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_is_spread_over_the_moves_left() {
        let s = Duration::from_secs;
        let ms = Duration::from_millis;
        // 60 s for the game, no increment, 60 moves left: 1 s, at most 4 s.
        assert_eq!(clock_budget(s(60), s(0), 60, s(0)), (s(1), s(4)));
        // 20 s left and 10 moves: 2 s and 8 s; the increment adds three quarters of itself.
        assert_eq!(clock_budget(s(20), s(0), 10, s(0)), (s(2), s(8)));
        assert_eq!(clock_budget(s(20), ms(400), 10, s(0)), (ms(2300), ms(9200)));
        // A few moves left: never more than half the clock, however few.
        assert_eq!(clock_budget(s(10), s(0), 3, s(0)), (s(10) / 3, s(5)));
        assert_eq!(clock_budget(s(10), s(0), 1, s(0)), (s(5), s(5)));
        assert_eq!(clock_budget(s(10), s(0), 0, s(0)), (s(5), s(5)));
        // An increment larger than the clock: still half the clock at most.
        assert_eq!(clock_budget(ms(54), ms(50), 30, s(0)), (ms(27), ms(27)));
        assert_eq!(clock_budget(s(0), s(1), 30, s(0)), (s(0), s(0)));
        // Each move to go keeps its cost outside the search: 60 moves of 100 ms leave 54 s
        // to spread; when they cost the whole clock, only the increment is spent.
        assert_eq!(clock_budget(s(60), s(0), 60, ms(100)), (ms(900), ms(3600)));
        assert_eq!(clock_budget(s(6), ms(40), 60, ms(100)), (ms(30), ms(120)));
        // ... and when they cost more than the clock, the floor is all that is left.
        assert_eq!(clock_budget(s(6), s(0), 60, Duration::MAX), (FLOOR, FLOOR));
    }

    #[test]
    fn a_low_clock_still_gives_the_floor() {
        let ms = Duration::from_millis;
        let us = Duration::from_micros;
        // The course game of docs/search.md ("The clock floor"): 0.61 s in the file, less
        // the adapter's 100 ms and one 40 ms Move Overhead, 40 ms kept back for each of 17
        // or 40 moves to go: nothing to spread, so the floor, 5 ms or a 160th of 470 ms.
        assert_eq!(clock_budget(ms(470), ms(0), 17, ms(40)), (FLOOR, FLOOR));
        let share = Duration::from_nanos(2_937_500);
        assert_eq!(clock_budget(ms(470), ms(0), 40, ms(40)), (share, share));
        // Where the pool gives more, the floor changes nothing.
        assert_eq!(clock_budget(ms(6000), ms(0), 60, ms(40)), (ms(60), ms(240)));
        // An empty clock gets nothing, a nearly empty one next to nothing.
        assert_eq!(clock_budget(ms(0), ms(0), 15, ms(40)), (ms(0), ms(0)));
        assert_eq!(clock_budget(ms(6), ms(0), 15, ms(40)), (us(100), us(100)));
    }

    #[test]
    fn the_floors_of_the_moves_to_go_take_at_most_a_share_of_the_clock() {
        let ms = Duration::from_millis;
        for time_left in [0, 1, 7, 60, 470, 600, 2000, 6000, 60_000].map(ms) {
            for moves in [1, 2, 15, 17, 40, 90, 1000, u32::MAX] {
                let (opt, max) = clock_budget(time_left, ms(0), moves, ms(40));
                assert!(opt <= max && max <= time_left / 2, "{time_left:?} {moves}");
                // Where the pool gives nothing, the floor alone: within its share.
                if ms(40).checked_mul(moves).is_none_or(|r| time_left <= r) {
                    assert_eq!(opt, max, "{time_left:?} {moves}");
                    assert!(max <= FLOOR, "{time_left:?} {moves}");
                    let all = max.saturating_mul(moves.saturating_mul(FLOOR_SHARE));
                    assert!(all <= time_left, "{time_left:?} {moves}");
                }
            }
        }
    }

    #[test]
    fn the_moves_to_go_come_from_the_control_and_the_game() {
        let clock = |moves_to_go| Clock {
            time_left: Duration::from_secs(60),
            increment: Duration::ZERO,
            moves_to_go,
        };
        assert_eq!(moves_to_go(&clock(None), None), DEFAULT_MOVES_TO_GO);
        assert_eq!(moves_to_go(&clock(None), Some(70)), 70);
        assert_eq!(moves_to_go(&clock(Some(40)), None), 40);
        assert_eq!(moves_to_go(&clock(Some(40)), Some(70)), 40);
        assert_eq!(moves_to_go(&clock(Some(40)), Some(12)), 12);
        assert_eq!(moves_to_go(&clock(None), Some(0)), 1);
        // The estimate reaches the budget: 60 s over 70 moves, not 30.
        let limits = Limits {
            clock: Some(clock(None)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Some(60));
        assert_eq!(tm.optimum, Some(Duration::from_secs(1)));
        assert_eq!(tm.maximum, Some(Duration::from_secs(4)));
        let old = TimeManager::new(&limits, None);
        assert_eq!(old.optimum, Some(Duration::from_secs(2)));
        // A move time still caps it.
        let both = Limits {
            move_time: Some(Duration::from_millis(500)),
            ..limits
        };
        let tm = TimeManager::new(&both, Some(60));
        assert_eq!(tm.optimum, Some(Duration::from_millis(500)));
        assert_eq!(tm.maximum, Some(Duration::from_millis(500)));
    }

    #[test]
    fn a_clock_budget_leaves_a_margin_on_the_clock() {
        let limits = Limits {
            clock: Some(Clock {
                time_left: Duration::from_millis(100),
                increment: Duration::from_secs(5),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, None);
        assert!(tm.maximum.unwrap() <= Duration::from_millis(50));
        assert!(tm.optimum.unwrap() <= tm.maximum.unwrap());
        assert!(TimeManager::new(&Limits::default(), None).maximum.is_none());
    }

    #[test]
    fn the_move_overhead_comes_off_every_allowance() {
        let ms = Duration::from_millis;
        let clock = |time_left| Clock {
            time_left,
            increment: ms(50),
            moves_to_go: None,
        };
        // 54 ms left, as at 1+0.05 once the base is spent: without the overhead the search
        // may take half of it; with 10 ms of overhead half of 44 ms.
        for (overhead, most) in [(ms(0), ms(27)), (ms(10), ms(22)), (ms(60), ms(0))] {
            let limits = Limits {
                clock: Some(clock(ms(54))),
                overhead,
                ..Limits::default()
            };
            let tm = TimeManager::new(&limits, None);
            assert!(tm.maximum.unwrap() <= most, "{overhead:?}: {tm:?}");
            assert!(tm.optimum.unwrap() <= tm.maximum.unwrap());
        }
        let limits = Limits {
            move_time: Some(ms(100)),
            overhead: ms(10),
            ..Limits::default()
        };
        assert_eq!(TimeManager::new(&limits, None).maximum, Some(ms(90)));
    }

    #[test]
    fn the_largest_durations_saturate_instead_of_overflowing() {
        for moves_to_go in [None, Some(0), Some(1), Some(u32::MAX)] {
            for (time_left, increment) in [
                (Duration::MAX, Duration::MAX),
                (Duration::MAX, Duration::ZERO),
                (Duration::ZERO, Duration::MAX),
                (
                    Duration::from_secs(10_000_000_000_000_000_000),
                    Duration::MAX,
                ),
            ] {
                let limits = Limits {
                    move_time: Some(Duration::MAX),
                    clock: Some(Clock {
                        time_left,
                        increment,
                        moves_to_go,
                    }),
                    ..Limits::default()
                };
                let tm = TimeManager::new(&limits, None);
                let (opt, max) = (tm.optimum.unwrap(), tm.maximum.unwrap());
                assert!(
                    opt <= max && max <= time_left,
                    "{time_left:?} {increment:?}"
                );
                // Nothing but an empty clock leaves no time at all.
                if time_left > Duration::ZERO {
                    assert!(tm.may_start_iteration() && !tm.out_of_time());
                }
            }
        }
        let only_move_time = TimeManager::new(&Limits::move_time(Duration::MAX), None);
        assert_eq!(only_move_time.maximum, Some(Duration::MAX));
        assert!(only_move_time.may_start_iteration() && !only_move_time.out_of_time());
    }
}
