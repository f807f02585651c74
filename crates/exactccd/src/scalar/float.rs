//! `f64` as the fast, inexact [`Scalar`]: the one implementation whose laws
//! hold only up to rounding.
#![allow(clippy::float_arithmetic)]

use super::{BigRational, FieldScalar, Ring, Scalar, Sign};

/// The `f64` nearest to `n / d` when both are below `2^53` in magnitude
/// (`d > 0`): both convert exactly and IEEE 754 division rounds the
/// quotient correctly (to nearest, ties to even), so this is the nearest
/// `f64` the integer algorithm (`rational::nearest_f64`) computes, at the
/// cost of one division. `None` for larger parts.
pub(crate) fn small_ratio_to_f64(n: i64, d: i64) -> Option<f64> {
    const EXACT: u64 = 1 << 53;
    (n.unsigned_abs() < EXACT && d > 0 && d.unsigned_abs() < EXACT).then(|| n as f64 / d as f64)
}

impl Ring for f64 {
    fn zero() -> Self {
        0.0
    }
    fn one() -> Self {
        1.0
    }
    fn from_i64(v: i64) -> Self {
        v as f64
    }
    /// The sign of the value; NaN reports `Zero` (callers that can meet NaN
    /// check `is_finite` first).
    fn sign(&self) -> Sign {
        if *self > 0.0 {
            Sign::Positive
        } else if *self < 0.0 {
            Sign::Negative
        } else {
            Sign::Zero
        }
    }
    fn add_ref(&self, rhs: &Self) -> Self {
        self + rhs
    }
    fn sub_ref(&self, rhs: &Self) -> Self {
        self - rhs
    }
    fn mul_ref(&self, rhs: &Self) -> Self {
        self * rhs
    }
    fn add_mul(&mut self, a: &Self, b: &Self) {
        *self += a * b;
    }
    fn sub_mul(&mut self, a: &Self, b: &Self) {
        *self -= a * b;
    }
}

impl Scalar for f64 {
    const IS_EXACT: bool = false;
    const NAME: &'static str = "f64";
    fn from_rational(q: &BigRational) -> Self {
        super::rational::nearest_f64(q)
    }
    fn to_rational(&self) -> Option<BigRational> {
        BigRational::from_float(*self)
    }
    fn to_f64(&self) -> f64 {
        *self
    }
    fn abs(&self) -> Self {
        f64::abs(*self)
    }
}

impl FieldScalar for f64 {
    fn recip(&self) -> Self {
        1.0 / self
    }
    fn div_ref(&self, rhs: &Self) -> Self {
        self / rhs
    }
}
