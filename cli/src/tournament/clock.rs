//! Time controls and the players' clocks, kept by the referee with real time.
//!
//! `--tc 10+0.1` is a base of 10 s plus 0.1 s added after each move; `--tc 200ms` (one
//! duration) is a fixed time per move. A move that takes longer than its allowance plus the
//! margin loses the game on time.

use crate::numbers::duration;
use halma_engine::search::{Clock, Limits, DEFAULT_MOVE_OVERHEAD};
use halma_engine::Error;
use std::fmt;
use std::time::Duration;

/// The least base time or time per move a time control may give: 1 ms.
pub const MIN_TIME: Duration = Duration::from_millis(1);

/// A time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time for every move.
    PerMove(Duration),
    /// A base time per player, plus an increment after each of its moves.
    Increment {
        /// Time on each clock at the start.
        base: Duration,
        /// Time added after each move.
        increment: Duration,
    },
}

impl TimeControl {
    /// Parses `BASE+INC` (seconds or durations, one `+` between them) or a single
    /// duration per move; each time is bounded as [`duration`] says, and a base or a time
    /// per move must be at least [`MIN_TIME`] (at 0 the first mover loses every game on
    /// time).
    pub fn parse(text: &str) -> Result<TimeControl, Error> {
        let grammar = "BASE+INC (like 10+0.1 or 1m+100ms) or one time per move (like 200ms)";
        let positive = |what: &str, t: &str| -> Result<Duration, Error> {
            let d = duration(t)?;
            if d < MIN_TIME {
                return Err(Error::Argument(format!(
                    "{what} '{}' is less than 1 ms: every game would be lost on time by its \
                     first mover",
                    t.trim()
                )));
            }
            Ok(d)
        };
        if text.matches('+').count() > 1 || text.trim().is_empty() {
            return Err(Error::Argument(format!(
                "'{text}' is not a time control: give {grammar}"
            )));
        }
        match text.split_once('+') {
            Some((base, inc)) => Ok(TimeControl::Increment {
                base: positive("the base time", base)?,
                increment: duration(inc)?,
            }),
            None => Ok(TimeControl::PerMove(positive("the time per move", text)?)),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::PerMove(d) => write!(f, "{}ms/move", d.as_millis()),
            TimeControl::Increment { base, increment } => {
                write!(f, "{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
        }
    }
}

/// The clocks of one game.
#[derive(Clone, Debug)]
pub struct Clocks {
    control: Option<TimeControl>,
    left: Vec<Duration>,
    margin: Duration,
}

impl Clocks {
    /// Clocks for `sides` players under `control` (none: untimed), tolerating `margin`.
    pub fn new(control: Option<TimeControl>, sides: usize, margin: Duration) -> Clocks {
        let base = match control {
            Some(TimeControl::Increment { base, .. }) => base,
            _ => Duration::ZERO,
        };
        Clocks {
            control,
            left: vec![base; sides],
            margin,
        }
    }

    /// The limits the time control gives `side` for its next move, with the default Move
    /// Overhead for an in-process engine (an external one applies its own).
    pub fn limits(&self, side: usize) -> Limits {
        let limits = match self.control {
            None => Limits::default(),
            Some(TimeControl::PerMove(t)) => Limits::move_time(t),
            Some(TimeControl::Increment { increment, .. }) => Limits {
                clock: Some(Clock {
                    time_left: self.left[side],
                    increment,
                    moves_to_go: None,
                }),
                ..Limits::default()
            },
        };
        Limits {
            overhead: DEFAULT_MOVE_OVERHEAD,
            ..limits
        }
    }

    /// The longest `side` may think now before it has lost on time (none when untimed).
    pub fn allowance(&self, side: usize) -> Option<Duration> {
        match self.control? {
            TimeControl::PerMove(t) => Some(t + self.margin),
            TimeControl::Increment { .. } => Some(self.left[side] + self.margin),
        }
    }

    /// Charges `used` to `side`'s clock; an error text if it overran.
    pub fn charge(&mut self, side: usize, used: Duration) -> Result<(), String> {
        let Some(allowance) = self.allowance(side) else {
            return Ok(());
        };
        if used > allowance {
            return Err(format!(
                "lost on time ({} ms used, {} ms allowed with the margin)",
                used.as_millis(),
                allowance.as_millis()
            ));
        }
        if let Some(TimeControl::Increment { increment, .. }) = self.control {
            self.left[side] = self.left[side].saturating_sub(used) + increment;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_time_controls_parse() {
        assert_eq!(
            TimeControl::parse("10+0.1").unwrap(),
            TimeControl::Increment {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            }
        );
        assert_eq!(
            TimeControl::parse("100ms").unwrap(),
            TimeControl::PerMove(Duration::from_millis(100))
        );
        assert_eq!(
            TimeControl::parse("1ms+0").unwrap(),
            TimeControl::Increment {
                base: Duration::from_millis(1),
                increment: Duration::ZERO
            }
        );
        for bad in [
            "nan+1",
            "1+inf",
            "1e300",
            "-5+0",
            "1000001+0",
            "10+1e7",
            "0",
            "0ms",
            "0+1",
            "0.0001",
            "1++1",
            "1+1+1",
            "+1",
            "1+",
            "",
            " ",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_run_down_gain_the_increment_and_flag_an_overrun() {
        let tc = TimeControl::parse("1+0.1").unwrap();
        let mut clocks = Clocks::new(Some(tc), 2, Duration::from_millis(10));
        clocks.charge(0, Duration::from_millis(400)).unwrap();
        assert_eq!(clocks.left[0], Duration::from_millis(700));
        assert_eq!(
            clocks.limits(0).clock.unwrap().time_left,
            Duration::from_millis(700)
        );
        assert!(clocks.charge(1, Duration::from_millis(1005)).is_ok());
        assert!(clocks.charge(0, Duration::from_millis(800)).is_err());
        let mut per_move = Clocks::new(
            Some(TimeControl::PerMove(Duration::from_millis(50))),
            2,
            Duration::ZERO,
        );
        assert!(per_move.charge(0, Duration::from_millis(51)).is_err());
        assert!(Clocks::new(None, 2, Duration::ZERO)
            .charge(0, Duration::from_secs(99))
            .is_ok());
    }
}
