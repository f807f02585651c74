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
    pub(crate) fn num_at(&self, k: u64) -> BigInt {
        debug_assert!(k >= self.exp);
        &self.num << (k - self.exp)
    }

    /// The exact midpoint `(a + b) / 2`.
    pub fn midpoint(a: &Dyadic, b: &Dyadic) -> Dyadic {
        let k = a.exp.max(b.exp);
        Dyadic::new(a.num_at(k) + b.num_at(k), k + 1)
    }

    /// The exact value as a rational. Normalised, `num` is odd or the
    /// denominator is 1, so the fraction is already in lowest terms and is
    /// built without a gcd.
    pub fn to_rational(&self) -> BigRational {
        BigRational::new_raw(self.num.clone(), BigInt::one() << self.exp)
    }

    /// The rational `q` as a dyadic, when its denominator is a power of two.
    pub(crate) fn of_rational(q: &BigRational) -> Option<Dyadic> {
        let d = q.denom();
        let tz = d.trailing_zeros().unwrap_or(0);
        (d == &(BigInt::one() << tz)).then(|| Dyadic::new(q.numer().clone(), tz))
    }

    /// The dyadic with the fewest bits strictly between `lo < hi`: `0` when
    /// it lies between them, else the smallest `m / 2^k` above `lo` for the
    /// least `k` that has one below `hi` (at that `k` it is unique, or
    /// `k = 0` and it is the least integer above `lo`).
    pub fn simplest_between(lo: &Dyadic, hi: &Dyadic) -> Dyadic {
        debug_assert!(lo < hi);
        if lo.sign() == Sign::Negative && hi.sign() == Sign::Positive {
            return Dyadic::from_int(0);
        }
        // On the grid of 2^-(big + 1) the ends are at least two apart, so
        // k = big + 1 always has a point strictly inside.
        let big = lo.exp.max(hi.exp) + 1;
        let (a, b) = (lo.num_at(big), hi.num_at(big));
        for k in 0..=big {
            let j = big - k;
            // floor(a / 2^j) + 1: the grid point of level k just above lo
            // (the shift of a BigInt rounds toward minus infinity).
            let m = (&a >> j) + 1;
            if (&m << j) < b {
                return Dyadic::new(m, k);
            }
        }
        unreachable!("a point of the finest grid lies strictly between")
    }

    /// The largest `m / 2^k` that is `<= q` (for the given `k`).
    pub(crate) fn floor_of(q: &BigRational, k: u64) -> Dyadic {
        let scaled = q.numer() << k;
        Dyadic::new(scaled.div_floor(q.denom()), k)
    }

    /// The smallest `m / 2^k` that is `>= q` (for the given `k`).
    pub(crate) fn ceil_of(q: &BigRational, k: u64) -> Dyadic {
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
    pub(crate) fn width_at(a: &Dyadic, b: &Dyadic, k: u64) -> BigInt {
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

    #[test]
    fn simplest_between_hand_cases() {
        let d = |n: i64, k: u64| Dyadic::new(BigInt::from(n), k);
        // (0.4, 0.6) -> 1/2; (-0.6, -0.4) -> -1/2 (0.4 ~ 13/32)
        assert_eq!(Dyadic::simplest_between(&d(13, 5), &d(19, 5)), d(1, 1));
        assert_eq!(Dyadic::simplest_between(&d(-19, 5), &d(-13, 5)), d(-1, 1));
        // straddling zero -> 0; (0, 1) -> 1/2; (1/2, 3) -> 1 (least integer above)
        assert_eq!(Dyadic::simplest_between(&d(-1, 3), &d(5, 0)), d(0, 0));
        assert_eq!(Dyadic::simplest_between(&d(0, 0), &d(1, 0)), d(1, 1));
        assert_eq!(Dyadic::simplest_between(&d(1, 1), &d(3, 0)), d(1, 0));
        assert_eq!(Dyadic::simplest_between(&d(-3, 0), &d(-1, 1)), d(-2, 0));
        // adjacent points of a fine grid: the midpoint one level finer
        assert_eq!(Dyadic::simplest_between(&d(5, 7), &d(3, 6)), d(11, 8));
        assert_eq!(Dyadic::simplest_between(&d(-3, 6), &d(-5, 7)), d(-11, 8));
    }

    #[test]
    fn of_rational_and_raw_fractions() {
        assert_eq!(
            Dyadic::of_rational(&q(3, 8)),
            Some(Dyadic::new(BigInt::from(3), 3))
        );
        assert_eq!(Dyadic::of_rational(&q(-5, 1)), Some(Dyadic::from_int(-5)));
        assert_eq!(Dyadic::of_rational(&q(1, 3)), None);
        assert_eq!(Dyadic::of_rational(&q(1, 12)), None);
        // to_rational builds lowest terms without reducing
        for (n, k) in [(6, 3), (-10, 2), (0, 5), (7, 0), (-1, 9)] {
            let x = Dyadic::new(BigInt::from(n), k);
            assert_eq!(x.to_rational(), q(n, 1 << k));
        }
    }

    /// The reference: grid levels k = 0, 1, ... and the least grid point
    /// above `lo`, in rational arithmetic.
    fn simplest_reference(lo: &BigRational, hi: &BigRational) -> BigRational {
        let zero = q(0, 1);
        if lo < &zero && &zero < hi {
            return zero;
        }
        let mut k = 0;
        loop {
            let scaled: BigInt = lo.numer() << k;
            let m = scaled.div_floor(lo.denom()) + 1;
            let x = BigRational::new(m, BigInt::one() << k);
            if &x < hi {
                return x;
            }
            k += 1;
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        #[test]
        fn simplest_between_matches_the_reference(
            a in -5000i64..5000, ka in 0u64..12, b in -5000i64..5000, kb in 0u64..12,
        ) {
            let (x, y) = (Dyadic::new(BigInt::from(a), ka), Dyadic::new(BigInt::from(b), kb));
            proptest::prop_assume!(x != y);
            let (lo, hi) = if x < y { (x, y) } else { (y, x) };
            let s = Dyadic::simplest_between(&lo, &hi);
            proptest::prop_assert!(lo < s && s < hi);
            proptest::prop_assert_eq!(
                s.to_rational(),
                simplest_reference(&lo.to_rational(), &hi.to_rational())
            );
        }
    }
}
