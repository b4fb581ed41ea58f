//! The arguments of `go`: the limits of one search.

use halma_engine::search::{Clock, Limits};
use halma_engine::Error;
use std::time::Duration;

/// The limits of `go` arguments, side `to_move` (0-based) to move. `infinite` wins over
/// every other limit (they are still checked): only `stop` ends that search, as in UCI.
/// `movestogo 0` is no count of moves (a sudden-death control, as xboard's `level 0`). A
/// clock given for other sides but not the side to move is an empty clock for it (a move at
/// once, as Stockfish plays), not a search without end.
pub fn go_limits(args: &[&str], to_move: usize) -> Result<Limits, Error> {
    let mut limits = Limits::default();
    let mut clock = Clock {
        time_left: Duration::ZERO,
        increment: Duration::ZERO,
        moves_to_go: None,
    };
    let mut any_clock = false;
    let mut infinite = false;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        if key == "infinite" {
            infinite = true;
            i += 1;
            continue;
        }
        if let Some(why) = unsupported(key) {
            return Err(Error::Argument(format!(
                "go: '{key}' is not supported: {why}"
            )));
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| Error::Argument(format!("go: '{key}' needs a value")))?;
        let number: u64 = value
            .parse()
            .map_err(|_| Error::Argument(format!("go: {key} '{value}' is not a whole number")))?;
        let ms = Duration::from_millis(number);
        // `pNtime`/`pNinc`, and UCI's (and CCP's) names of the two sides' clocks.
        let side_field = |suffix: &str| -> Option<usize> {
            match (key, suffix) {
                ("wtime", "time") | ("winc", "inc") => return Some(0),
                ("btime", "time") | ("binc", "inc") => return Some(1),
                _ => {}
            }
            let n = key.strip_prefix('p')?.strip_suffix(suffix)?;
            n.parse::<usize>().ok().filter(|&n| n >= 1).map(|n| n - 1)
        };
        match key {
            "movetime" => limits.move_time = Some(ms),
            "depth" => limits.depth = Some(number.clamp(1, u32::MAX as u64) as u32),
            "nodes" => limits.nodes = Some(number),
            "movestogo" => {
                clock.moves_to_go = (number > 0).then_some(number.min(u32::MAX as u64) as u32)
            }
            _ => match (side_field("time"), side_field("inc")) {
                (Some(side), _) => {
                    any_clock = true;
                    if side == to_move {
                        clock.time_left = ms;
                    }
                }
                (_, Some(side)) => {
                    if side == to_move {
                        clock.increment = ms;
                    }
                }
                _ => return Err(Error::Argument(format!("go: unknown parameter '{key}'"))),
            },
        }
        i += 2;
    }
    if infinite {
        return Ok(Limits::default());
    }
    if any_clock {
        limits.clock = Some(clock);
    }
    Ok(limits)
}

/// Why a UCI `go` parameter this engine does not offer is refused, for a message that
/// names the real reason rather than a value that is "not a whole number".
fn unsupported(key: &str) -> Option<&'static str> {
    Some(match key {
        "searchmoves" => "the engine searches every legal move",
        "ponder" => "the engine does not ponder (send 'go' when it is to move)",
        "mate" => "there is no mate search (use depth, nodes or a time)",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_the_movers_clock_and_the_limits() {
        let limits = go_limits(&["p1time", "1000", "p2time", "2000", "p2inc", "50"], 1).unwrap();
        let clock = limits.clock.unwrap();
        assert_eq!(clock.time_left, Duration::from_millis(2000));
        assert_eq!(clock.increment, Duration::from_millis(50));
        let limits = go_limits(&["depth", "3", "nodes", "900"], 0).unwrap();
        assert_eq!((limits.depth, limits.nodes), (Some(3), Some(900)));
        assert!(go_limits(&["infinite"], 0).unwrap().is_infinite());
        assert!(go_limits(&["depth"], 0).is_err());
        assert!(go_limits(&["depth", "x"], 0).is_err());
        assert!(go_limits(&["warp", "9"], 0).is_err());
        // UCI parameters the engine does not offer say so, not "not a whole number".
        for args in [&["searchmoves", "a1-c3"][..], &["ponder"], &["mate", "3"]] {
            let e = go_limits(args, 0).unwrap_err().to_string();
            assert!(e.contains("is not supported"), "{args:?}: {e}");
        }
        // UCI's clock names, as CCP sends them.
        let limits = go_limits(
            &["wtime", "900", "btime", "800", "winc", "5", "binc", "7"],
            1,
        );
        let clock = limits.unwrap().clock.unwrap();
        assert_eq!(clock.time_left, Duration::from_millis(800));
        assert_eq!(clock.increment, Duration::from_millis(7));
    }

    #[test]
    fn infinite_wins_and_movestogo_0_is_sudden_death() {
        // `infinite` beside a clock, a move time, a depth: only `stop` ends the search.
        let args = ["p1time", "100", "movetime", "5", "depth", "2", "infinite"];
        assert!(go_limits(&args, 0).unwrap().is_infinite());
        assert!(go_limits(&["infinite", "nodes", "10"], 0)
            .unwrap()
            .is_infinite());
        // The other limits are still checked.
        assert!(go_limits(&["infinite", "depth", "x"], 0).is_err());
        // `movestogo 0` is no count: the clock is spread over the game's own estimate.
        let limits = go_limits(&["p1time", "1000", "movestogo", "0"], 0).unwrap();
        assert_eq!(limits.clock.unwrap().moves_to_go, None);
        let limits = go_limits(&["p1time", "1000", "movestogo", "99999999999"], 0).unwrap();
        assert_eq!(limits.clock.unwrap().moves_to_go, Some(u32::MAX));
        // Only the other sides' clocks (p3 in a game of two, or p2 with p1 to move): an
        // empty clock, not an endless search.
        for args in [&["p3time", "100"][..], &["p2time", "100", "p1inc", "50"]] {
            let clock = go_limits(args, 0).unwrap().clock.unwrap();
            assert_eq!(clock.time_left, Duration::ZERO, "{args:?}");
        }
    }
}
