//! Bitboards: the [`BitBoard`] operations, implemented by the fixed-width [`Bits`] made of
//! `L` 64-bit limbs and by the primitive integers `u16` … `u128` (the relatives' boards).
//!
//! Every board geometry picks the narrowest width that holds its padded layout (see
//! [`crate::board::geometry`]); all code is generic over the width and monomorphised per board, so
//! the shift amounts and limb counts are compile-time constants in the hot loops.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of bit indices `0 .. 64 * L`, stored little-endian in `L` limbs.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const L: usize>(pub [u64; L]);

/// The operations the move generator needs from a bitboard; implemented by every [`Bits`]
/// and by the primitive integers.
pub trait BitBoard:
    Copy
    + Eq
    + std::hash::Hash
    + Default
    + fmt::Debug
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + 'static
{
    /// Total number of bits (`64 * L`).
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;
    /// The set holding only `bit`.
    fn single(bit: usize) -> Self;
    /// Whether `bit` is in the set.
    fn has(self, bit: usize) -> bool;
    /// Adds `bit` to the set.
    fn set(&mut self, bit: usize);
    /// Removes `bit` from the set.
    fn clear(&mut self, bit: usize);
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// Number of members.
    fn count(self) -> u32;
    /// Lowest member, if any.
    fn first(self) -> Option<usize>;
    /// Shifts every member by `by` bits (towards higher indices when positive); bits shifted
    /// past either end are dropped. Meant to be called with a constant `by`.
    fn shift(self, by: isize) -> Self;
    /// Members of `self` that are not in `other`.
    #[inline(always)]
    fn without(self, other: Self) -> Self {
        self & !other
    }
    /// Whether the two sets share a member.
    #[inline(always)]
    fn intersects(self, other: Self) -> bool {
        !(self & other).is_empty()
    }
    /// Iterator over the members, lowest first.
    type Iter: Iterator<Item = usize>;
    /// Iterates over the members in increasing order.
    fn iter(self) -> Self::Iter;
}

impl<const L: usize> Default for Bits<L> {
    fn default() -> Self {
        Bits([0; L])
    }
}

impl<const L: usize> Bits<L> {
    /// Shifts towards higher bit indices by `n` bits.
    #[inline(always)]
    fn shl(self, n: usize) -> Self {
        let (words, bits) = (n / 64, n % 64);
        let mut out = [0u64; L];
        let mut i = L;
        while i > words {
            i -= 1;
            let src = i - words;
            out[i] = self.0[src] << bits;
            if bits != 0 && src > 0 {
                out[i] |= self.0[src - 1] >> (64 - bits);
            }
        }
        Bits(out)
    }

    /// Shifts towards lower bit indices by `n` bits.
    #[inline(always)]
    fn shr(self, n: usize) -> Self {
        let (words, bits) = (n / 64, n % 64);
        let mut out = [0u64; L];
        let mut i = 0;
        while i + words < L {
            let src = i + words;
            out[i] = self.0[src] >> bits;
            if bits != 0 && src + 1 < L {
                out[i] |= self.0[src + 1] << (64 - bits);
            }
            i += 1;
        }
        Bits(out)
    }

    /// `const` constructor of a set from a list of bits, for tables built at compile time.
    pub const fn with_bit(mut self, bit: usize) -> Self {
        self.0[bit / 64] |= 1 << (bit % 64);
        self
    }
}

impl<const L: usize> BitBoard for Bits<L> {
    const CAPACITY: usize = 64 * L;
    const EMPTY: Self = Bits([0; L]);
    type Iter = BitIter<Self>;

    #[inline(always)]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }

    /// Up to two limbs, built limb by limb with a select rather than by a store into one
    /// limb: such a set, written to memory one limb wide and read back whole as one vector,
    /// stalls the load (no store forwarding), which took a third of the generator's time on
    /// the diamond. From three limbs up the store measured faster (`docs/movegen.md`).
    #[inline(always)]
    fn single(bit: usize) -> Self {
        if L <= 2 {
            let (word, one) = (bit / 64, 1u64 << (bit % 64));
            Bits(std::array::from_fn(|i| if i == word { one } else { 0 }))
        } else {
            Self::EMPTY.with_bit(bit)
        }
    }
    #[inline(always)]
    fn has(self, bit: usize) -> bool {
        self.0[bit / 64] >> (bit % 64) & 1 != 0
    }
    #[inline(always)]
    fn set(&mut self, bit: usize) {
        if L <= 2 {
            *self |= Self::single(bit);
        } else {
            self.0[bit / 64] |= 1 << (bit % 64);
        }
    }
    #[inline(always)]
    fn clear(&mut self, bit: usize) {
        self.0[bit / 64] &= !(1 << (bit % 64));
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().fold(0, |acc, &w| acc | w) == 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn first(self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|i| i * 64 + self.0[i].trailing_zeros() as usize)
    }
    #[inline(always)]
    fn shift(self, by: isize) -> Self {
        if by >= 0 {
            self.shl(by as usize)
        } else {
            self.shr(by.unsigned_abs())
        }
    }
}

macro_rules! limbwise {
    ($($tr:ident $f:ident $tra:ident $fa:ident $op:tt;)*) => {$(
        impl<const L: usize> $tr for Bits<L> {
            type Output = Self;
            #[inline(always)]
            fn $f(mut self, rhs: Self) -> Self {
                self.$fa(rhs);
                self
            }
        }
        impl<const L: usize> $tra for Bits<L> {
            #[inline(always)]
            fn $fa(&mut self, rhs: Self) {
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a $op b;
                }
            }
        }
    )*};
}
limbwise! {
    BitAnd bitand BitAndAssign bitand_assign &=;
    BitOr bitor BitOrAssign bitor_assign |=;
    BitXor bitxor BitXorAssign bitxor_assign ^=;
}

impl<const L: usize> Not for Bits<L> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Bits(self.0.map(|w| !w))
    }
}

impl<const L: usize> fmt::Debug for Bits<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over the members of a bitboard, lowest first.
pub struct BitIter<B>(B);

impl<const L: usize> Iterator for BitIter<Bits<L>> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        for i in 0..L {
            let w = self.0 .0[i];
            if w != 0 {
                self.0 .0[i] = w & (w - 1);
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_limbs_and_drop_at_the_ends() {
        let b = Bits::<3>::single(63) | Bits::single(130);
        assert_eq!(b.shift(1).iter().collect::<Vec<_>>(), vec![64, 131]);
        assert_eq!(b.shift(-64).iter().collect::<Vec<_>>(), vec![66]);
        assert_eq!(b.shift(70).iter().collect::<Vec<_>>(), vec![133]);
        assert_eq!(b.shift(-130).iter().collect::<Vec<_>>(), vec![0]);
        assert!(Bits::<1>::single(5).shift(-6).is_empty());
        assert!(Bits::<2>::single(120).shift(8).is_empty());
    }

    #[test]
    fn set_operations() {
        let a = Bits::<2>::single(3) | Bits::single(100);
        let b = Bits::<2>::single(100);
        assert_eq!(a.count(), 2);
        assert_eq!(a.without(b).iter().collect::<Vec<_>>(), vec![3]);
        assert!(a.intersects(b));
        assert_eq!(a.first(), Some(3));
        assert!(a.has(100) && !a.has(99));
        assert_eq!((!Bits::<2>::EMPTY).count(), 128);
    }
}

/// The members of a primitive bitboard (`u16` … `u128`), lowest first.
#[derive(Clone, Copy, Debug)]
pub struct SetBits<T>(T);

/// [`BitBoard`] for primitive unsigned integers: bit `i` is member `i`.
macro_rules! primitive_bitboard {
    ($($t:ty),*) => {$(
        impl BitBoard for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;
            #[inline(always)]
            fn single(bit: usize) -> Self {
                1 << bit
            }
            #[inline(always)]
            fn has(self, bit: usize) -> bool {
                self >> bit & 1 != 0
            }
            #[inline(always)]
            fn set(&mut self, bit: usize) {
                *self |= 1 << bit;
            }
            #[inline(always)]
            fn clear(&mut self, bit: usize) {
                *self &= !(1 << bit);
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn first(self) -> Option<usize> {
                (self != 0).then(|| self.trailing_zeros() as usize)
            }
            #[inline(always)]
            fn shift(self, by: isize) -> Self {
                let n = by.unsigned_abs() as u32;
                if by >= 0 {
                    self.checked_shl(n).unwrap_or(0)
                } else {
                    self.checked_shr(n).unwrap_or(0)
                }
            }
            type Iter = SetBits<$t>;
            #[inline(always)]
            fn iter(self) -> SetBits<$t> {
                SetBits(self)
            }
        }

        impl Iterator for SetBits<$t> {
            type Item = usize;

            #[inline(always)]
            fn next(&mut self) -> Option<usize> {
                if self.0 == 0 {
                    return None;
                }
                let bit = self.0.trailing_zeros() as usize;
                self.0 &= self.0 - 1;
                Some(bit)
            }

            #[inline(always)]
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count_ones() as usize;
                (n, Some(n))
            }
        }
    )*};
}

primitive_bitboard!(u16, u32, u64, u128);

/// The members of `set`, lowest first ([`BitBoard::iter`] as a function, for the boards'
/// cell sets).
#[inline(always)]
pub fn cells_of<B: BitBoard>(set: B) -> B::Iter {
    set.iter()
}
