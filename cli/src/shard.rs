//! A shard of a split job, `K/N`: the K-th of N independent parts (K from 0, so that
//! `--shard 0/4` … `3/4` match `sbatch --array=0-3` and Kubernetes' `JOB_COMPLETION_INDEX`);
//! docs/distributed.md.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Most shards one job may be split into.
pub const MAX_SHARDS: u32 = 65_536;

/// The K-th (`index`, from 0) of `count` shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// K, from 0 to `count - 1`.
    pub index: u32,
    /// N, from 1 to [`MAX_SHARDS`].
    pub count: u32,
}

impl Shard {
    /// The whole job: shard 0 of 1.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Parses `K/N` (0 ≤ K < N ≤ [`MAX_SHARDS`]); the message says what was wrong.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let form = || format!("'{text}' is not K/N (K from 0 to N-1, e.g. 0/4)");
        let (k, n) = text.trim().split_once('/').ok_or_else(form)?;
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(k) || !all_digits(n) {
            return Err(form());
        }
        let count = crate::numbers::whole(n, MAX_SHARDS.into())
            .map_err(|e| format!("shard count in '{text}': {e}"))? as u32;
        let index = k
            .parse::<u32>()
            .ok()
            .filter(|&k| k < count)
            .ok_or_else(|| {
                format!(
                    "shard index in '{text}' must be from 0 to {} (shards count from 0)",
                    count - 1
                )
            })?;
        Ok(Shard { index, count })
    }

    /// Whether the `i`-th unit (from 0) of the job is this shard's: `i ≡ K (mod N)`.
    pub fn owns(self, i: usize) -> bool {
        i % self.count as usize == self.index as usize
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Parses `--shard K/N`, for clap.
pub fn parse(text: &str) -> Result<Shard, String> {
    Shard::parse(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_from_zero_and_own_every_nth_unit() {
        assert_eq!(Shard::parse("0/4"), Ok(Shard { index: 0, count: 4 }));
        assert_eq!(Shard::parse("3/4").unwrap().to_string(), "3/4");
        for bad in [
            "4/4",
            "1/0",
            "-1/4",
            "a/4",
            "1",
            "1/4/2",
            "",
            "0/65537",
            "0/99999999999999999999",
        ] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        let s = Shard::parse("1/3").unwrap();
        let owned: Vec<usize> = (0..9).filter(|&i| s.owns(i)).collect();
        assert_eq!(owned, [1, 4, 7]);
    }
}
