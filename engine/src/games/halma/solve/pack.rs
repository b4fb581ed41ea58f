//! Armies as numbers: the set of one side's pieces ranked among all sets of as many cells
//! (the combinatorial number system over the board's cells), so that a cooperative state —
//! two armies, the side to move and the aim — fits in one `u128` where the board allows,
//! for the layered search's compact layers (`docs/solver.md`, *Compact layers*).

use crate::bitboard::BitBoard;
use crate::geometry::Geometry;

/// Ranks and unranks the armies of `pieces` pieces on one board.
#[derive(Clone, Debug)]
pub struct ArmyRank {
    /// The dense index (0, 1, … in bit order) of each cell's bit; unused off the board.
    dense: Vec<u8>,
    /// The bit of each dense index.
    bit: Vec<u16>,
    pieces: usize,
    /// `binom[n * (pieces + 1) + k]` = C(n, k) for n up to the cell count, k up to `pieces`.
    binom: Vec<u128>,
    /// C(cells, pieces): the number of armies.
    armies: u128,
}

impl ArmyRank {
    /// The ranking of armies of `pieces` pieces on `G`'s board, or `None` when the board has
    /// more than 256 cells or the number of armies overflows a `u128`.
    pub fn new<G: Geometry>(pieces: usize) -> Option<Self> {
        let bits: Vec<u16> = G::BOARD.cells().map(|c| c as u16).collect();
        let cells = bits.len();
        if cells > 256 || pieces == 0 || pieces > cells {
            return None;
        }
        let mut dense = vec![0u8; G::BB::CAPACITY];
        for (i, &b) in bits.iter().enumerate() {
            dense[b as usize] = i as u8;
        }
        let k1 = pieces + 1;
        let mut binom = vec![0u128; (cells + 1) * k1];
        for n in 0..=cells {
            binom[n * k1] = 1;
            for k in 1..=pieces.min(n) {
                binom[n * k1 + k] =
                    binom[(n - 1) * k1 + k - 1].checked_add(binom[(n - 1) * k1 + k])?;
            }
        }
        let armies = binom[cells * k1 + pieces];
        Some(ArmyRank {
            dense,
            bit: bits,
            pieces,
            binom,
            armies,
        })
    }

    /// How many armies there are (ranks run from 0 to this, exclusive).
    pub fn armies(&self) -> u128 {
        self.armies
    }

    #[inline]
    fn c(&self, n: usize, k: usize) -> u128 {
        self.binom[n * (self.pieces + 1) + k]
    }

    /// The rank of `army` (exactly `pieces` cells of the board).
    #[inline]
    pub fn rank<B: BitBoard>(&self, army: B) -> u128 {
        army.iter()
            .enumerate()
            .map(|(i, cell)| self.c(self.dense[cell] as usize, i + 1))
            .sum()
    }

    /// The army of rank `rank`.
    #[inline]
    pub fn unrank<B: BitBoard>(&self, mut rank: u128) -> B {
        let mut army = B::EMPTY;
        let mut n = self.bit.len();
        for k in (1..=self.pieces).rev() {
            // The largest n with C(n, k) <= rank: the k-th cell's dense index.
            n -= 1;
            while self.c(n, k) > rank {
                n -= 1;
            }
            rank -= self.c(n, k);
            army.set(self.bit[n] as usize);
        }
        army
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Diamond, Square, Star};
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
        check::<Square<16>>(19);
        let ranks = ArmyRank::new::<Square<6>>(2).expect("fits");
        assert_eq!(ranks.armies(), 630);
        let mut seen = vec![false; 630];
        for r in 0..630u128 {
            let army = ranks.unrank::<<Square<6> as Geometry>::BB>(r);
            assert_eq!(army.count(), 2);
            assert_eq!(ranks.rank(army), r);
            seen[r as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
