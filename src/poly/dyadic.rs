//! Dyadic rationals `m / 2^k`: the end points of isolating intervals.
//!
//! Bisection at dyadic points keeps bit sizes growing by one bit a step; the
//! midpoint of two arbitrary rationals would double them.
#![deny(clippy::float_arithmetic)]

use crate::scalar::{BigInt, BigRational, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;

/// The exact number `num / 2^exp`, kept normalised (`num` odd, or `exp == 0`).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: BigInt,
    exp: u64,
}

impl Dyadic {
    /// `num / 2^exp`, normalised.
    pub fn new(num: BigInt, exp: u64) -> Self {
        let mut d = Dyadic { num, exp };
        d.normalise();
        d
    }

    /// The integer `n`.
    pub fn from_int(n: impl Into<BigInt>) -> Self {
        Dyadic {
            num: n.into(),
            exp: 0,
        }
    }

    fn normalise(&mut self) {
        if self.num.is_zero() {
            self.exp = 0;
            return;
        }
        let tz = self.num.trailing_zeros().unwrap_or(0).min(self.exp);
        if tz > 0 {
            self.num >>= tz;
            self.exp -= tz;
        }
    }

    /// The numerator (odd unless the value is an integer).
    pub fn num(&self) -> &BigInt {
        &self.num
    }

    /// The exponent `k` of the denominator `2^k`.
    pub fn exp(&self) -> u64 {
        self.exp
    }

    /// The numerator over the denominator `2^k` for a `k >= self.exp()`.
    pub fn num_at(&self, k: u64) -> BigInt {
        debug_assert!(k >= self.exp);
        &self.num << (k - self.exp)
    }

    /// The exact midpoint `(a + b) / 2`.
    pub fn midpoint(a: &Dyadic, b: &Dyadic) -> Dyadic {
        let k = a.exp.max(b.exp);
        Dyadic::new(a.num_at(k) + b.num_at(k), k + 1)
    }

    /// The exact value as a rational.
    pub fn to_rational(&self) -> BigRational {
        BigRational::new(self.num.clone(), BigInt::one() << self.exp)
    }

    /// The largest `m / 2^k` that is `<= q` (for the given `k`).
    pub fn floor_of(q: &BigRational, k: u64) -> Dyadic {
        let scaled = q.numer() << k;
        Dyadic::new(scaled.div_floor(q.denom()), k)
    }

    /// The smallest `m / 2^k` that is `>= q` (for the given `k`).
    pub fn ceil_of(q: &BigRational, k: u64) -> Dyadic {
        let scaled = q.numer() << k;
        Dyadic::new(scaled.div_ceil(q.denom()), k)
    }

    /// The sign of the value.
    pub fn sign(&self) -> Sign {
        Sign::from_ordering(self.num.sign().cmp(&num_bigint::Sign::NoSign))
    }

    /// Compares with a rational exactly.
    pub fn cmp_rational(&self, q: &BigRational) -> Ordering {
        // num / 2^exp  vs  p / d   <=>  num * d  vs  p * 2^exp   (d > 0)
        (&self.num * q.denom()).cmp(&(q.numer() << self.exp))
    }

    /// `|b - a| * 2^k` as an integer, for `k` at least both exponents: the
    /// width of `[a, b]` in units of `2^-k`.
    pub fn width_at(a: &Dyadic, b: &Dyadic, k: u64) -> BigInt {
        (b.num_at(k) - a.num_at(k)).abs()
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        let k = self.exp.max(other.exp);
        self.num_at(k).cmp(&other.num_at(k))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    /// `num/2^exp` as a `p/q` string (`"3/8"`), or the integer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, BigInt::one() << self.exp)
        }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/2^{}", self.num, self.exp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn normalises_and_orders() {
        let a = Dyadic::new(BigInt::from(6), 3); // 3/4
        assert_eq!(a.num(), &BigInt::from(3));
        assert_eq!(a.exp(), 2);
        assert_eq!(a.to_rational(), q(3, 4));
        let b = Dyadic::new(BigInt::from(1), 1);
        assert!(b < a);
        assert_eq!(Dyadic::midpoint(&b, &a).to_rational(), q(5, 8));
        assert_eq!(Dyadic::new(BigInt::from(0), 9).exp(), 0);
    }

    #[test]
    fn floor_and_ceil_of_rationals() {
        assert_eq!(Dyadic::floor_of(&q(1, 3), 2).to_rational(), q(1, 4));
        assert_eq!(Dyadic::ceil_of(&q(1, 3), 2).to_rational(), q(1, 2));
        assert_eq!(Dyadic::floor_of(&q(-1, 3), 2).to_rational(), q(-1, 2));
        assert_eq!(Dyadic::ceil_of(&q(-1, 3), 2).to_rational(), q(-1, 4));
        assert_eq!(Dyadic::floor_of(&q(3, 4), 2).to_rational(), q(3, 4));
        assert_eq!(Dyadic::from_int(2).cmp_rational(&q(7, 3)), Ordering::Less);
        assert_eq!(
            Dyadic::new(BigInt::from(7), 2).cmp_rational(&q(7, 4)),
            Ordering::Equal
        );
    }
}
