//! Unsigned 256-bit integers, just enough for the exact sums and products
//! of two 128-bit mantissas before they are rounded ([`super::Dyad`]'s
//! inline path). No operation here overflows for the operands its callers
//! pass (each states its precondition).
#![deny(clippy::float_arithmetic)]

use crate::scalar::BigInt;

/// `hi 2^128 + lo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct U256 {
    // field order: the derived order compares `hi` first, as the value does
    hi: u128,
    lo: u128,
}

impl U256 {
    pub(super) const ZERO: U256 = U256 { hi: 0, lo: 0 };

    pub(super) fn from_u128(x: u128) -> U256 {
        U256 { hi: 0, lo: x }
    }

    /// The number of significant bits (0 for 0).
    pub(super) fn bits(self) -> u32 {
        if self.hi != 0 {
            256 - self.hi.leading_zeros()
        } else {
            128 - self.lo.leading_zeros()
        }
    }

    pub(super) fn is_zero(self) -> bool {
        self.hi == 0 && self.lo == 0
    }

    /// `x y`, exactly (schoolbook on 64-bit halves).
    pub(super) fn product(x: u128, y: u128) -> U256 {
        const LOW: u128 = (1 << 64) - 1;
        let (x1, x0) = (x >> 64, x & LOW);
        let (y1, y0) = (y >> 64, y & LOW);
        let (p00, p01, p10, p11) = (x0 * y0, x0 * y1, x1 * y0, x1 * y1);
        // the middle sum, with its carry worth 2^192
        let (mid, mid_carry) = p01.overflowing_add(p10);
        let (lo, lo_carry) = p00.overflowing_add(mid << 64);
        let hi = p11 + (mid >> 64) + (u128::from(mid_carry) << 64) + u128::from(lo_carry);
        U256 { hi, lo }
    }

    /// `x 2^k`; the caller ensures `bits + k <= 256`.
    pub(super) fn shl(self, k: u32) -> U256 {
        debug_assert!(self.is_zero() || self.bits() + k <= 256);
        match k {
            0 => self,
            1..=127 => U256 {
                hi: (self.hi << k) | (self.lo >> (128 - k)),
                lo: self.lo << k,
            },
            128..=255 => U256 {
                hi: self.lo << (k - 128),
                lo: 0,
            },
            _ => U256::ZERO,
        }
    }

    /// `floor(x 2^-k)`.
    pub(super) fn shr(self, k: u32) -> U256 {
        match k {
            0 => self,
            1..=127 => U256 {
                hi: self.hi >> k,
                lo: (self.lo >> k) | (self.hi << (128 - k)),
            },
            128..=255 => U256 {
                hi: 0,
                lo: self.hi >> (k - 128),
            },
            _ => U256::ZERO,
        }
    }

    /// True when one of the `k` lowest bits is set (the shift `shr(k)` was
    /// not exact).
    pub(super) fn low_bits_set(self, k: u32) -> bool {
        let below = |x: u128, k: u32| k > 0 && x << (128 - k.min(128)) != 0;
        match k {
            0 => false,
            1..=128 => below(self.lo, k),
            129..=255 => self.lo != 0 || below(self.hi, k - 128),
            _ => !self.is_zero(),
        }
    }

    /// `x + y`; the caller ensures the sum is below `2^256`.
    pub(super) fn add(self, other: U256) -> U256 {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        U256 {
            hi: self.hi + other.hi + u128::from(carry),
            lo,
        }
    }

    /// `x - y` for `x >= y`.
    pub(super) fn sub(self, other: U256) -> U256 {
        debug_assert!(self >= other);
        let (lo, borrow) = self.lo.overflowing_sub(other.lo);
        U256 {
            hi: self.hi - other.hi - u128::from(borrow),
            lo,
        }
    }

    /// `(floor(x / d), x mod d)` for `d > 0`, by long division on 64-bit
    /// limbs.
    pub(super) fn div_rem_u64(self, d: u64) -> (U256, u64) {
        debug_assert!(d > 0);
        let d = u128::from(d);
        let limbs = [
            (self.hi >> 64) as u64,
            self.hi as u64,
            (self.lo >> 64) as u64,
            self.lo as u64,
        ];
        let mut rem: u128 = 0;
        let mut q = [0u64; 4];
        for (qi, limb) in q.iter_mut().zip(limbs) {
            // rem < d <= 2^64, so the partial dividend fits 128 bits
            let cur = (rem << 64) | u128::from(limb);
            *qi = (cur / d) as u64;
            rem = cur % d;
        }
        let quotient = U256 {
            hi: (u128::from(q[0]) << 64) | u128::from(q[1]),
            lo: (u128::from(q[2]) << 64) | u128::from(q[3]),
        };
        (quotient, rem as u64)
    }

    /// The value when below `2^128`.
    pub(super) fn to_u128(self) -> Option<u128> {
        (self.hi == 0).then_some(self.lo)
    }

    pub(super) fn to_big(self) -> BigInt {
        (BigInt::from(self.hi) << 128u32) + BigInt::from(self.lo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big(x: U256) -> BigInt {
        x.to_big()
    }

    proptest! {
        #[test]
        fn product_shifts_and_sums_agree_with_big_integers(
            x in any::<u128>(), y in any::<u128>(), k in 0u32..256, j in 0u32..300,
        ) {
            let p = U256::product(x, y);
            prop_assert_eq!(big(p), BigInt::from(x) * BigInt::from(y));
            prop_assert_eq!(p.bits() as u64, big(p).bits());
            prop_assert_eq!(big(p.shr(j)), big(p) >> j);
            prop_assert_eq!(p.low_bits_set(j), (big(p) >> j) << j != big(p));
            let small = U256::from_u128(x >> 1);
            if small.bits() + k <= 256 {
                prop_assert_eq!(big(small.shl(k)), BigInt::from(x >> 1) << k);
            }
            let divisor = (y as u64).max(1);
            let (q, r) = p.div_rem_u64(divisor);
            prop_assert_eq!(big(q), big(p) / BigInt::from(divisor));
            prop_assert_eq!(BigInt::from(r), big(p) % BigInt::from(divisor));
            let (a, b) = (U256::product(x >> 1, y), U256::from_u128(y));
            prop_assert_eq!(big(a.add(b)), big(a) + big(b));
            let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
            prop_assert_eq!(big(hi) >= big(lo), true);
            prop_assert_eq!(big(hi.sub(lo)), big(hi) - big(lo));
        }
    }
}
