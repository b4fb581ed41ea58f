//! The transposition table, shared by every search thread (lazy SMP).
//!
//! Buckets of two entries: the first is *depth-preferred* (replaced only by a search at least
//! as deep, by the same position, or when it is from an older search), the second is
//! *always-replace*. An entry is two atomic words, the key XOR the data and the data, so a
//! torn write by two threads is read as a miss, never as a wrong entry (Hyatt's lockless
//! hashing). Data: best move (32 bits), score (16), depth (8), bound (2) and the search
//! generation (6). The buckets live in a `ZeroedSlice`: on Linux in transparent huge pages.

use crate::moves::Move;
use crate::search::table_memory::{Zeroable, ZeroedSlice};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// A table hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Best move found, if any.
    pub mv: Option<Move>,
    /// Score, relative to the node's ply (see `score::to_table`).
    pub score: i32,
    /// Depth searched.
    pub depth: u8,
    /// Kind of bound.
    pub bound: Bound,
}

/// One entry: key ^ data, and data. All-zero bytes are an empty slot.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Bucket: a depth-preferred slot and an always-replace slot. All-zero bytes are an empty
/// bucket (what `ZeroedSlice` relies on).
#[derive(Default)]
struct Bucket([Slot; 2]);

// SAFETY: a bucket is four `AtomicU64`s: zero bytes are four zeros (two empty slots, as
// `Default` makes them), and it needs no drop.
unsafe impl Zeroable for Bucket {}

/// Size of a bucket in bytes.
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

/// The shared table.
pub struct TranspositionTable {
    buckets: ZeroedSlice<Bucket>,
    generation: AtomicU64,
}

fn pack_move(mv: Option<Move>) -> u64 {
    mv.map_or(0, |m| m.to_bits() as u64)
}

fn unpack_move(bits: u64) -> Option<Move> {
    Move::from_bits(bits as u32)
}

fn pack(e: Entry, generation: u64) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    pack_move(e.mv)
        | ((e.score as i16 as u16 as u64) << 32)
        | ((e.depth as u64) << 48)
        | (bound << 56)
        | ((generation & 63) << 58)
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        mv: unpack_move(data),
        score: (data >> 32) as u16 as i16 as i32,
        depth: (data >> 48) as u8,
        bound,
    })
}

impl TranspositionTable {
    /// A table of about `mib` MiB (at least one bucket).
    pub fn new(mib: usize) -> TranspositionTable {
        let n = (mib * 1024 * 1024 / BUCKET_BYTES).max(1);
        TranspositionTable {
            buckets: ZeroedSlice::new(n),
            generation: AtomicU64::new(0),
        }
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        for slot in &self.bucket(key).0 {
            let data = slot.data.load(Relaxed);
            if slot.check.load(Relaxed) ^ data == key {
                return unpack(data);
            }
        }
        None
    }

    /// Stores an entry for `key` (keeping the stored move when `entry` has none).
    #[inline]
    pub fn store(&self, key: u64, mut entry: Entry) {
        let generation = self.generation.load(Relaxed);
        let bucket = self.bucket(key);
        let [deep, always] = &bucket.0;
        for slot in [deep, always] {
            let data = slot.data.load(Relaxed);
            if slot.check.load(Relaxed) ^ data == key && entry.mv.is_none() {
                entry.mv = unpack(data).and_then(|e| e.mv);
            }
        }
        let old = deep.data.load(Relaxed);
        let same = deep.check.load(Relaxed) ^ old == key;
        let stale = (old >> 58) != (generation & 63);
        let slot = match unpack(old) {
            Some(e) if !same && !stale && e.depth > entry.depth => always,
            _ => deep,
        };
        let data = pack(entry, generation);
        slot.check.store(key ^ data, Relaxed);
        slot.data.store(data, Relaxed);
    }

    /// Permille of the first thousand depth-preferred slots written by this search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed) & 63;
        let n = self.buckets.len().min(1000);
        let used = self.buckets[..n]
            .iter()
            .filter(|b| {
                let d = b.0[0].data.load(Relaxed);
                unpack(d).is_some() && (d >> 58) == generation
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_deep_entries_survive_shallow_ones() {
        let tt = TranspositionTable::new(1);
        let e = Entry {
            mv: Some(Move::new(3, 250)),
            score: -29_990,
            depth: 7,
            bound: Bound::Lower,
        };
        tt.store(42, e);
        assert_eq!(tt.probe(42), Some(e));
        assert_eq!(tt.probe(43), None);
        let pass = Entry {
            mv: Some(Move::PASS),
            score: 5,
            depth: 1,
            bound: Bound::Exact,
        };
        // Same bucket (keys that differ only in the low bits), shallower: goes to slot 2.
        tt.store(41, pass);
        assert_eq!(tt.probe(42), Some(e));
        assert_eq!(tt.probe(41), Some(pass));
        // A store without a move keeps the stored one.
        tt.store(
            42,
            Entry {
                mv: None,
                depth: 9,
                ..e
            },
        );
        assert_eq!(tt.probe(42).unwrap().mv, Some(Move::new(3, 250)));
    }
}
