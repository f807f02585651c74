//! `f64` as the fast, inexact [`Scalar`]: the one implementation whose laws
//! hold only up to rounding.
#![allow(clippy::float_arithmetic)]

use super::{BigRational, FieldScalar, Ring, Scalar, Sign};

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
