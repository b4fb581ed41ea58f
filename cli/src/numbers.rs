//! The bounds on every size, count and time the command line (and a tournament's player
//! specifications) accepts, and the checked parsers that enforce them before anything is
//! allocated or spawned. docs/cli.md lists them under "Bounds".

use halma_engine::Error;
use std::time::Duration;

/// Most search or worker threads one command, one tournament player or UGI's `Threads`
/// option may ask for; also the most games a tournament plays at once.
pub const MAX_THREADS: usize = 256;
/// Most search threads a course move or a UGI session starts when it is not told how many:
/// one per core up to this.
pub const MAX_DEFAULT_SEARCH_THREADS: usize = 64;
/// Largest table (transposition table, MCTS tree, solver table) in MiB: 64 GiB. A smaller
/// size the machine cannot allocate is refused too.
pub const MAX_MIB: usize = 65536;
/// Most root moves `--multipv` reports.
pub const MAX_MULTIPV: usize = 256;
/// Longest time accepted, in seconds (about 11.6 days): the engine's bound.
pub const MAX_SECONDS: f64 = halma_engine::search::MAX_SECONDS as f64;

/// Parses a whole number from 1 to `max`; the message says what was wrong.
pub fn whole(text: &str, max: u64) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) if n <= max => Ok(n),
        Ok(_) => Err(format!("'{text}' is too large (at most {max})")),
        // A number of digits beyond u64 is too large, not malformed.
        Err(_) if !text.is_empty() && text.trim().bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("'{text}' is too large (at most {max})"))
        }
        Err(_) => Err(format!("'{text}' is not a whole number (1, 2, 3, ...)")),
    }
}

/// The number of cores, at least 1 and at most `at_most`.
pub fn cores(at_most: usize) -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, at_most.max(1))
}

/// The search threads of a course move or a UGI session that does not say: every core, at
/// most [`MAX_DEFAULT_SEARCH_THREADS`].
pub fn default_search_threads() -> usize {
    cores(MAX_DEFAULT_SEARCH_THREADS)
}

/// Parses a whole number from 1 to `u32::MAX` (depths), for clap.
pub fn positive(text: &str) -> Result<u32, String> {
    whole(text, u64::from(u32::MAX)).map(|n| n as u32)
}

/// A table size in megabytes, for clap: a whole number from 1 to [`MAX_MIB`] that this
/// machine can allocate.
pub fn megabytes(text: &str) -> Result<u32, String> {
    mebibytes(text).map(|mb| mb as u32)
}

/// A thread count, 1 to [`MAX_THREADS`], for clap.
pub fn threads(text: &str) -> Result<u32, String> {
    whole(text, MAX_THREADS as u64).map(|n| n as u32)
}

/// A number of root moves to report, 1 to [`MAX_MULTIPV`], for clap.
pub fn multipv(text: &str) -> Result<u32, String> {
    whole(text, MAX_MULTIPV as u64).map(|n| n as u32)
}

/// A table size in MiB: 1 to [`MAX_MIB`], and allocatable on this machine.
pub fn mebibytes(text: &str) -> Result<usize, String> {
    let mb = whole(text, MAX_MIB as u64)? as usize;
    allocatable(mb)?;
    Ok(mb)
}

/// Whether `mb` megabytes can be allocated here: no more than the machine's memory (where
/// the system says how much it has), and reserved once (nothing is touched), so that a table
/// too large for the machine is a message before anything is allocated, instead of an abort
/// or a machine driven into swap.
pub fn allocatable(mb: usize) -> Result<(), String> {
    let refused = || format!("cannot allocate {mb} MB on this machine");
    if let Some(total) = physical_mib() {
        if mb > total {
            return Err(format!("{} (it has {total} MB of memory)", refused()));
        }
    }
    let bytes = mb.checked_mul(1 << 20).ok_or_else(refused)?;
    Vec::<u8>::new()
        .try_reserve_exact(bytes)
        .map_err(|_| refused())
}

/// The machine's memory in MiB, where the system says (Linux: `MemTotal` of
/// `/proc/meminfo`).
pub fn physical_mib() -> Option<usize> {
    meminfo_mib("MemTotal:")
}

/// The memory available to a new process without swapping, in MiB, where the system says
/// (Linux: `MemAvailable` of `/proc/meminfo`).
pub fn available_mib() -> Option<usize> {
    meminfo_mib("MemAvailable:")
}

/// One field of `/proc/meminfo` (read to at most 64 KiB), in MiB.
fn meminfo_mib(field: &str) -> Option<usize> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open("/proc/meminfo")
        .ok()?
        .take(64 << 10)
        .read_to_string(&mut text)
        .ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib >> 10)
}

/// A time of `seconds` seconds: finite, not negative, at most [`MAX_SECONDS`].
pub fn checked_seconds(seconds: f64) -> Option<Duration> {
    (seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&seconds))
        .then(|| Duration::from_secs_f64(seconds))
}

/// Parses a number of seconds (a decimal number, `2.5`): finite, not negative, at most
/// [`MAX_SECONDS`].
pub fn seconds(text: &str) -> Result<Duration, Error> {
    text.trim()
        .parse::<f64>()
        .ok()
        .and_then(checked_seconds)
        .ok_or_else(|| {
            Error::Argument(format!(
                "'{text}' is not a number of seconds from 0 to {MAX_SECONDS}"
            ))
        })
}

/// Parses a duration: `250ms`, `2s`, `1.5s`, `1m`, or a bare number of seconds; finite, not
/// negative, at most [`MAX_SECONDS`].
pub fn duration(text: &str) -> Result<Duration, Error> {
    let t = text.trim();
    let Some(i) = t.find(|c: char| c.is_ascii_alphabetic()) else {
        return seconds(t);
    };
    let (number, unit) = t.split_at(i);
    let scale = match unit {
        "ms" => 0.001,
        "s" => 1.0,
        "m" | "min" => 60.0,
        _ => {
            return Err(Error::Argument(format!(
                "'{text}' is not a duration (like 100ms or 2.5s): unknown unit '{unit}'"
            )))
        }
    };
    number
        .trim()
        .parse::<f64>()
        .ok()
        .and_then(|n| checked_seconds(n * scale))
        .ok_or_else(|| {
            Error::Argument(format!(
                "'{text}' is not a duration from 0 to {MAX_SECONDS} s (like 100ms or 2.5s)"
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_bounded() {
        assert_eq!(whole("7", 10), Ok(7));
        assert_eq!(whole("10", 10), Ok(10));
        assert!(whole("11", 10).unwrap_err().contains("at most 10"));
        assert!(whole("0", 10).unwrap_err().contains("at least 1"));
        assert!(whole("99999999999999999999999", 10)
            .unwrap_err()
            .contains("too large"));
        assert!(whole("-1", 10).unwrap_err().contains("not a whole number"));
        assert!(threads("4294967295").is_err());
        assert_eq!(threads("256"), Ok(256));
        assert!(mebibytes("99999999").unwrap_err().contains("at most"));
    }

    #[test]
    fn times_are_finite_non_negative_and_bounded() {
        assert_eq!(seconds("2.5").unwrap(), Duration::from_millis(2500));
        assert_eq!(seconds("0").unwrap(), Duration::ZERO);
        assert_eq!(seconds("1e6").unwrap(), Duration::from_secs(1_000_000));
        for bad in [
            "nan", "inf", "-inf", "-1", "1e6.1", "1000001", "1e308", "x", "",
        ] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(duration("250ms").unwrap(), Duration::from_millis(250));
        assert_eq!(duration("1.5").unwrap(), Duration::from_millis(1500));
        assert_eq!(duration("2s").unwrap(), Duration::from_secs(2));
        assert_eq!(duration("1m").unwrap(), Duration::from_secs(60));
        for bad in [
            "5 parsecs",
            "-1s",
            "nanms",
            "infs",
            "1e300ms",
            "16667m",
            "1e7",
        ] {
            assert!(duration(bad).is_err(), "{bad}");
        }
    }
}
