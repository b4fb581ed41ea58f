//! Time management: how long to think about one move.
//!
//! Two budgets: the *optimum* (no new iteration starts once 60% of it is used, since the
//! next one would rarely finish) and the *maximum* (the search is stopped mid-iteration).
//! From a clock: optimum = time left / moves to go (30 when unknown) + ¾ of the increment,
//! maximum = 4 × optimum, both capped so that a safety margin (half the time left) always
//! stays on the clock. The caller's own delays (the pipe, the
//! scheduler) are its Move Overhead ([`Limits::overhead`]), taken off the time left and the
//! move time before anything else.
//!
//! Any [`Duration`] is accepted, up to `Duration::MAX`: the arithmetic saturates, so a huge
//! time only means "no practical limit", never an overflow.

use super::limits::Limits;
use std::time::{Duration, Instant};

/// Moves to go assumed when the time control does not say.
const DEFAULT_MOVES_TO_GO: u32 = 30;

/// The time budget of one search.
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    start: Instant,
    optimum: Option<Duration>,
    maximum: Option<Duration>,
}

impl TimeManager {
    /// The budget for `limits`, starting now.
    pub fn new(limits: &Limits) -> TimeManager {
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
            // Half the clock stays. At a long clock that costs nothing (four times the
            // optimum is far below it); once the clock is down to a few increments it is
            // the room for what the search does not control, a loaded machine's scheduler.
            // It also sets where the clock settles when every move spends its maximum: at
            // two increments, a whole increment of slack (with a fifth, the reserve until
            // 2026-11-26, at 1.25 increments, a quarter of one: 26 ms at 10+0.1, where a
            // build running beside a match once made alpha-beta lose on time).
            let margin = time_left / 2;
            let usable = time_left.saturating_sub(margin);
            let mtg = clock.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
            // ¾ of the increment, as increment − increment / 4 so that it cannot overflow.
            let bonus = clock.increment - clock.increment / 4;
            let opt = (time_left / mtg).saturating_add(bonus).min(usable);
            let max = opt.saturating_mul(4).min(usable);
            optimum = Some(optimum.map_or(opt, |o: Duration| o.min(opt)));
            maximum = Some(maximum.map_or(max, |m: Duration| m.min(max)));
        }
        TimeManager {
            start,
            optimum,
            maximum,
        }
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
    use super::super::limits::Clock;
    use super::*;

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
        let tm = TimeManager::new(&limits);
        assert!(tm.maximum.unwrap() <= Duration::from_millis(50));
        assert!(tm.optimum.unwrap() <= tm.maximum.unwrap());
        assert!(TimeManager::new(&Limits::default()).maximum.is_none());
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
            let tm = TimeManager::new(&limits);
            assert!(tm.maximum.unwrap() <= most, "{overhead:?}: {tm:?}");
            assert!(tm.optimum.unwrap() <= tm.maximum.unwrap());
        }
        let limits = Limits {
            move_time: Some(ms(100)),
            overhead: ms(10),
            ..Limits::default()
        };
        assert_eq!(TimeManager::new(&limits).maximum, Some(ms(90)));
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
                let tm = TimeManager::new(&limits);
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
        let only_move_time = TimeManager::new(&Limits::move_time(Duration::MAX));
        assert_eq!(only_move_time.maximum, Some(Duration::MAX));
        assert!(only_move_time.may_start_iteration() && !only_move_time.out_of_time());
    }
}
