//! Armies as numbers: the set of one side's pieces ranked among all sets of as many cells
//! (the combinatorial number system over the board's cells), so that a cooperative state —
//! two armies, the side to move and the aim — fits in one `u128` where the board allows,
//! for the layered search's compact layers (`docs/solver.md`, *Compact layers*).

use crate::bitboard::BitBoard;
use crate::board::geometry::Geometry;

/// Ranks and unranks the armies of `pieces` pieces on one board.
#[derive(Clone, Debug)]
pub struct ArmyRank {
    /// The bit of each dense index (0, 1, … in bit order).
    bit: Vec<u16>,
    pieces: usize,
    /// `column[k * (cells + 1) + n]` = C(n, k) for n up to the cell count, k up to `pieces`
    /// (one column per k, so that unranking walks down contiguous memory).
    column: Vec<u64>,
    /// `by_bit[k * capacity + bit]` = C(dense index of `bit`, k + 1): what the `k`-th
    /// lowest piece (from 0) on `bit` adds to a rank, one lookup a piece.
    by_bit: Vec<u64>,
    capacity: usize,
    /// C(cells, pieces): the number of armies.
    armies: u64,
}

impl ArmyRank {
    /// The ranking of armies of `pieces` pieces on `G`'s board, or `None` when the board has
    /// more than 256 cells or the number of armies overflows a `u64`.
    pub fn new<G: Geometry>(pieces: usize) -> Option<Self> {
        let bits: Vec<u16> = G::BOARD.cells().map(|c| c as u16).collect();
        let cells = bits.len();
        if cells > 256 || pieces == 0 || pieces > cells {
            return None;
        }
        let n1 = cells + 1;
        let mut column = vec![0u64; (pieces + 1) * n1];
        for n in 0..=cells {
            column[n] = 1;
            for k in 1..=pieces.min(n) {
                column[k * n1 + n] =
                    column[(k - 1) * n1 + n - 1].checked_add(column[k * n1 + n - 1])?;
            }
        }
        let capacity = G::BB::CAPACITY;
        let mut by_bit = vec![0u64; pieces * capacity];
        for (dense, &b) in bits.iter().enumerate() {
            for k in 0..pieces {
                by_bit[k * capacity + b as usize] = column[(k + 1) * n1 + dense];
            }
        }
        let armies = column[pieces * n1 + cells];
        Some(ArmyRank {
            bit: bits,
            pieces,
            column,
            by_bit,
            capacity,
            armies,
        })
    }

    /// How many armies there are (ranks run from 0 to this, exclusive).
    pub fn armies(&self) -> u64 {
        self.armies
    }

    /// The rank of `army` (exactly `pieces` cells of the board): the sum over its cells,
    /// lowest first, of C(the cell's dense index, its place among them + 1).
    #[inline]
    pub fn rank<B: BitBoard>(&self, army: B) -> u64 {
        let mut rank = 0;
        for (k, cell) in army.iter().enumerate() {
            rank += self.by_bit[k * self.capacity + cell];
        }
        rank
    }

    /// The army of rank `rank`.
    #[inline]
    pub fn unrank<B: BitBoard>(&self, mut rank: u64) -> B {
        let mut army = B::EMPTY;
        let n1 = self.bit.len() + 1;
        let mut n = self.bit.len();
        for k in (1..=self.pieces).rev() {
            // The largest n with C(n, k) <= rank: the k-th cell's dense index.
            let column = &self.column[k * n1..k * n1 + n];
            n = column.partition_point(|&c| c <= rank) - 1;
            rank -= column[n];
            army.set(self.bit[n] as usize);
        }
        army
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::{Diamond, Square, Star};
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    /// Random armies come back from their rank, every rank is below the number of armies,
    /// and on a small case every rank is reached exactly once.
    #[test]
    fn rank_and_unrank_are_inverse() {
        fn check<G: Geometry>(pieces: usize) {
            let ranks = ArmyRank::new::<G>(pieces).expect("fits");
            let cells: Vec<usize> = G::BOARD.cells().collect();
            let mut rng = StdRng::seed_from_u64(pieces as u64);
            for _ in 0..2000 {
                let mut shuffled = cells.clone();
                shuffled.shuffle(&mut rng);
                let mut army = G::BB::EMPTY;
                shuffled[..pieces].iter().for_each(|&c| army.set(c));
                let r = ranks.rank(army);
                assert!(r < ranks.armies());
                assert_eq!(ranks.unrank::<G::BB>(r), army);
            }
        }
        check::<Square<6>>(6);
        check::<Square<8>>(10);
        check::<Diamond>(10);
        check::<Star>(10);
        check::<Square<10>>(15);
        assert!(
            ArmyRank::new::<Square<16>>(19).is_none(),
            "C(256, 19) > 2^64"
        );
        let ranks = ArmyRank::new::<Square<6>>(2).expect("fits");
        assert_eq!(ranks.armies(), 630);
        let mut seen = vec![false; 630];
        for r in 0..630u64 {
            let army = ranks.unrank::<<Square<6> as Geometry>::BB>(r);
            assert_eq!(army.count(), 2);
            assert_eq!(ranks.rank(army), r);
            seen[r as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
