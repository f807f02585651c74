//! Number types: the `Ring` / `Scalar` / `FieldScalar` traits every algorithm
//! of the crate is written against, and exact parsing of the contract's
//! number syntax.
//!
//! The hierarchy follows CGAL's split of ring and field types:
//!
//! * [`Ring`]: `+ - *`, exact [`Sign`], `zero()` / `one()` as functions.
//!   Implemented by [`BigInt`] (integer polynomials, the root isolators'
//!   kernel) and by every scalar below.
//! * [`Scalar`]: an ordered ring that can stand for a real coordinate:
//!   [`Scalar::IS_EXACT`], conversion from and to exact rationals and `f64`.
//! * [`FieldScalar`]: a scalar with division, for the few methods that divide
//!   (polynomial remainders over a field, solving a linear equation).
//!
//! Implementations: `f64` (the fast, inexact path), [`BigRational`] (the
//! default exact type) and, with the `gmp` feature, `rug::Rational`.
//!
//! Values are `Clone`, never `Copy` (bignums). By-value and by-reference
//! arithmetic both work: `a + &b`, `a += &b`; the `*_ref` methods compute
//! `&a op &b` without cloning where the type allows it.
#![deny(clippy::float_arithmetic)]

mod compact;
mod float;
#[cfg(feature = "gmp")]
mod gmp;
mod ieee;
pub mod interval;
mod parse;
mod rational;

pub use compact::CompactRational;
pub use num_bigint::BigInt;
pub use num_rational::BigRational;
pub use parse::{parse_number, NumberError};
pub use rational::euclid;

use std::fmt::Debug;
use std::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// The sign of an exact quantity, as Shewchuk's predicates return it:
/// `Negative < Zero < Positive`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sign {
    /// Strictly below zero.
    Negative,
    /// Exactly zero.
    Zero,
    /// Strictly above zero.
    Positive,
}

impl Sign {
    /// The sign of an `Ordering` against zero (`Less` is `Negative`).
    pub(crate) fn from_ordering(o: std::cmp::Ordering) -> Sign {
        match o {
            std::cmp::Ordering::Less => Sign::Negative,
            std::cmp::Ordering::Equal => Sign::Zero,
            std::cmp::Ordering::Greater => Sign::Positive,
        }
    }

    /// `-1`, `0` or `1`.
    pub fn as_i32(self) -> i32 {
        match self {
            Sign::Negative => -1,
            Sign::Zero => 0,
            Sign::Positive => 1,
        }
    }

    /// The sign of a product: `Negative * Negative == Positive`.
    #[must_use]
    pub fn product(self, other: Sign) -> Sign {
        Sign::from_ordering((self.as_i32() * other.as_i32()).cmp(&0))
    }

    /// The opposite sign.
    #[must_use]
    pub fn flip(self) -> Sign {
        match self {
            Sign::Negative => Sign::Positive,
            Sign::Zero => Sign::Zero,
            Sign::Positive => Sign::Negative,
        }
    }

    /// True for `Zero`.
    pub fn is_zero(self) -> bool {
        self == Sign::Zero
    }
}

/// A commutative ring with exact sign: the coefficients of a polynomial.
///
/// Laws relied on (property-tested for every implementation in
/// `tests/scalar_laws.rs`): associativity and commutativity of `+` and `*`,
/// distributivity, `zero()` and `one()` neutral, `a - a == zero()`, and
/// `sign()` consistent with the order where the type is ordered. For `f64` the
/// laws hold only up to rounding; it is the one inexact implementation.
pub trait Ring:
    Clone
    + Debug
    + PartialEq
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + for<'a> Add<&'a Self, Output = Self>
    + for<'a> Sub<&'a Self, Output = Self>
    + for<'a> Mul<&'a Self, Output = Self>
    + AddAssign
    + SubAssign
    + MulAssign
    + for<'a> AddAssign<&'a Self>
    + for<'a> SubAssign<&'a Self>
    + for<'a> MulAssign<&'a Self>
{
    /// The additive identity.
    fn zero() -> Self;
    /// The multiplicative identity.
    fn one() -> Self;
    /// The exact value of a small integer.
    fn from_i64(v: i64) -> Self;
    /// The sign; exact for exact types.
    fn sign(&self) -> Sign;
    /// `self == 0`.
    fn is_zero(&self) -> bool {
        self.sign() == Sign::Zero
    }
    /// `&self + rhs` without consuming `self`.
    fn add_ref(&self, rhs: &Self) -> Self {
        self.clone() + rhs
    }
    /// `&self - rhs` without consuming `self`.
    fn sub_ref(&self, rhs: &Self) -> Self {
        self.clone() - rhs
    }
    /// `&self * rhs` without consuming `self`.
    fn mul_ref(&self, rhs: &Self) -> Self {
        self.clone() * rhs
    }
    /// `self += a * b`, the inner step of products and Horner evaluation.
    fn add_mul(&mut self, a: &Self, b: &Self) {
        *self += a.mul_ref(b);
    }
    /// `self -= a * b`.
    fn sub_mul(&mut self, a: &Self, b: &Self) {
        *self -= a.mul_ref(b);
    }
    /// The coefficients of the product of two polynomials (lowest degree
    /// first, both non-empty) when the ring has a faster exact way for
    /// these operands than the schoolbook loop of `add_mul`; `None` (the
    /// default) sends the caller to that loop.
    fn product_fast(a: &[Self], b: &[Self]) -> Option<Vec<Self>> {
        let _ = (a, b);
        None
    }
}

/// An ordered ring that stands for real coordinates: exact rationals, or `f64`.
pub trait Scalar: Ring + PartialOrd {
    /// True when arithmetic and comparisons are exact.
    const IS_EXACT: bool;
    /// The name printed in results (`"exact"`, `"f64"`, `"gmp"`).
    const NAME: &'static str;
    /// The value of an exact rational: exact for exact types, the nearest
    /// `f64` (rounded once) for `f64`.
    fn from_rational(q: &BigRational) -> Self;
    /// The exact value of `self` as a rational (an `f64` is a dyadic
    /// rational), or `None` for a non-finite `f64`.
    fn to_rational(&self) -> Option<BigRational>;
    /// The nearest `f64` (exact types round to nearest, ties to even).
    fn to_f64(&self) -> f64;
    /// `|self|`.
    fn abs(&self) -> Self {
        if self.sign() == Sign::Negative {
            -self.clone()
        } else {
            self.clone()
        }
    }
    /// The smaller of two values (the first on ties).
    fn min_of(self, other: Self) -> Self {
        if other < self {
            other
        } else {
            self
        }
    }
    /// The larger of two values (the first on ties).
    fn max_of(self, other: Self) -> Self {
        if other > self {
            other
        } else {
            self
        }
    }
}

/// A scalar with exact division (by a non-zero value).
pub trait FieldScalar:
    Scalar
    + std::ops::Div<Output = Self>
    + for<'a> std::ops::Div<&'a Self, Output = Self>
    + std::ops::DivAssign
    + for<'a> std::ops::DivAssign<&'a Self>
{
    /// `1 / self`; `self` must not be zero.
    fn recip(&self) -> Self;
    /// `&self / rhs` without consuming `self`; `rhs` must not be zero.
    fn div_ref(&self, rhs: &Self) -> Self {
        self.clone() / rhs
    }
}

/// The exact value of an `f64` as a rational, `None` for NaN and infinities.
pub fn rational_from_f64(x: f64) -> Option<BigRational> {
    BigRational::from_float(x)
}

/// `a` against `b` by cross-multiplication of the (positive, reduced)
/// denominators: far faster on close numbers, such as the ends of a
/// narrow time cell, than `Ratio`'s own order, which expands both as
/// continued fractions, one division per step.
pub fn cmp_rationals(a: &BigRational, b: &BigRational) -> std::cmp::Ordering {
    if a.denom() == b.denom() {
        return a.numer().cmp(b.numer());
    }
    (a.numer() * b.denom()).cmp(&(b.numer() * a.denom()))
}

/// `q 2^k` for any integer `k`, reduced without a gcd: the factors of two
/// move between the (reduced) numerator and denominator, which share no
/// other factor.
pub fn scale_pow2(q: &BigRational, k: i64) -> BigRational {
    let (n, d) = (q.numer(), q.denom());
    if num_traits::Zero::is_zero(n) {
        return q.clone();
    }
    let out = if k >= 0 {
        let cancel = u64::min(k as u64, d.trailing_zeros().unwrap_or(0));
        (n << (k as u64 - cancel), d >> cancel)
    } else {
        let k = k.unsigned_abs();
        let cancel = u64::min(k, n.trailing_zeros().unwrap_or(0));
        (n >> cancel, d << (k - cancel))
    };
    BigRational::new_raw(out.0, out.1)
}

/// `a + b`, or `a - b` with `subtract`, without a gcd when both
/// denominators are powers of two (the time cells' ends): the sum over the
/// larger denominator, reduced by the factors of two it shares with it.
/// Otherwise `Ratio`'s own sum.
pub fn dyadic_sum(a: &BigRational, b: &BigRational, subtract: bool) -> BigRational {
    let power = |d: &BigInt| d.trailing_zeros().filter(|&k| k + 1 == d.bits());
    let (Some(ka), Some(kb)) = (power(a.denom()), power(b.denom())) else {
        return if subtract { a - b } else { a + b };
    };
    let k = ka.max(kb);
    let (x, y) = (a.numer() << (k - ka), b.numer() << (k - kb));
    let n = if subtract { x - y } else { x + y };
    let cancel = n.trailing_zeros().map_or(k, |z| z.min(k));
    BigRational::new_raw(n >> cancel, BigInt::from(1) << (k - cancel))
}

/// The nearest `f64` to an exact rational (ties to even), saturating to
/// `±inf` beyond the `f64` range.
pub fn rational_to_f64(q: &BigRational) -> f64 {
    rational::nearest_f64(q)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Rationals with small and power-of-two denominators, and times on a
    /// fine dyadic grid close to one another (the cells' ends).
    fn rational() -> impl Strategy<Value = BigRational> {
        prop_oneof![
            (-1_000_000i64..1_000_000, 1i64..1000)
                .prop_map(|(n, d)| BigRational::new(n.into(), d.into())),
            (-1_000_000i64..1_000_000, 0u32..90).prop_map(|(n, k)| BigRational::new(
                BigInt::from(n) * (BigInt::from(1) << 40) + 7,
                BigInt::from(1) << (k + 40)
            )),
        ]
    }

    proptest! {
        #[test]
        fn the_fast_order_sums_and_scalings_equal_ratios_own(a in rational(), b in rational(), k in -80i64..80) {
            prop_assert_eq!(cmp_rationals(&a, &b), a.cmp(&b));
            prop_assert_eq!(cmp_rationals(&a, &a), std::cmp::Ordering::Equal);
            // reduced: equal to Ratio's own result field by field
            let sum = dyadic_sum(&a, &b, false);
            let difference = dyadic_sum(&a, &b, true);
            let exact = &a + &b;
            prop_assert_eq!((sum.numer(), sum.denom()), (exact.numer(), exact.denom()));
            let exact = &a - &b;
            prop_assert_eq!((difference.numer(), difference.denom()), (exact.numer(), exact.denom()));
            let power = BigRational::from_integer(BigInt::from(1) << k.unsigned_abs());
            let scaled = if k >= 0 { &a * &power } else { &a / &power };
            let fast = scale_pow2(&a, k);
            prop_assert_eq!((fast.numer(), fast.denom()), (scaled.numer(), scaled.denom()));
        }
    }
}
