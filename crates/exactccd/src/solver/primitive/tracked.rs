//! [`TrackedF64`]: the coordinate ring of the `f64` primitive path, an
//! `f64` value carried with the magnitude of its computation, so that a
//! sign is read against a rounding bound at the scale of the input.
//!
//! For a value computed from inputs by `+`, `-` and `*`, the *magnitude*
//! is the same computation on the absolute values with every `-` replaced
//! by `+` (the "permanent" of the expression). The rounding error of the
//! value is at most `((1 + u)^k - 1)` times the magnitude, `u = 2^-53`, for
//! `k` the number of rounded operations on the longest path of the
//! expression, the rounding of the inputs to `f64` included (N. J. Higham,
//! "Accuracy and Stability of Numerical Algorithms", 2nd ed., section 3.1;
//! the same bound as the static filters of J. R. Shewchuk, "Adaptive
//! Precision Floating-Point Arithmetic and Fast Robust Geometric
//! Predicates", section 4). The primitive polynomials have `k <= 24`
//! (input 1, the point polynomials 4, a difference 1, a cross product 3, a
//! dot product 5, Horner's rule on a cubic 6), so a value within
//! [`ROUNDING_STEPS`]` * EPSILON` times its magnitude is taken for zero.
//!
//! This is what makes the `f64` tolerances scale-aware: a coefficient that
//! is rounding noise (a normal component `1e-17` where the exact one is
//! zero or nearly so) has a magnitude of the order of the inputs, not of its
//! own size, and reads as zero. Horner's bound on the computed coefficients
//! alone does not see that noise.
#![allow(clippy::float_arithmetic)] // the f64 path's arithmetic and its error bound

use crate::scalar::{Ring, Sign};
use std::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// A value within this many `f64::EPSILON` (`2 u`) times its magnitude is
/// zero: twice the longest path of the primitive polynomials, counted in
/// `u`, with a margin of 1.3 for the magnitudes' own rounding.
pub const ROUNDING_STEPS: f64 = 32.0;

/// An `f64` value and the magnitude of its computation (see the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrackedF64 {
    /// The computed value.
    pub value: f64,
    /// The magnitude: the same computation on absolute values, without
    /// cancellation.
    pub magnitude: f64,
}

impl TrackedF64 {
    /// An input: its own magnitude.
    pub fn input(value: f64) -> Self {
        TrackedF64 {
            value,
            magnitude: value.abs(),
        }
    }

    /// An input of a computation whose inputs are at most `scale` in
    /// magnitude: its magnitude is `scale` (at least `|value|`).
    pub fn at_scale(value: f64, scale: f64) -> Self {
        TrackedF64 {
            value,
            magnitude: scale.max(value.abs()),
        }
    }

    /// The rounding bound of the value: [`ROUNDING_STEPS`]` * EPSILON *
    /// magnitude`.
    pub fn rounding_bound(&self) -> f64 {
        ROUNDING_STEPS * f64::EPSILON * self.magnitude
    }

    /// The sign of the value, `Zero` when it is within its rounding bound.
    pub fn sign_within_rounding(&self) -> Sign {
        if self.value.abs() <= self.rounding_bound() {
            Sign::Zero
        } else if self.value > 0.0 {
            Sign::Positive
        } else {
            Sign::Negative
        }
    }
}

impl Add<&TrackedF64> for TrackedF64 {
    type Output = TrackedF64;
    fn add(self, rhs: &TrackedF64) -> TrackedF64 {
        TrackedF64 {
            value: self.value + rhs.value,
            magnitude: self.magnitude + rhs.magnitude,
        }
    }
}

impl Sub<&TrackedF64> for TrackedF64 {
    type Output = TrackedF64;
    fn sub(self, rhs: &TrackedF64) -> TrackedF64 {
        TrackedF64 {
            value: self.value - rhs.value,
            magnitude: self.magnitude + rhs.magnitude,
        }
    }
}

impl Mul<&TrackedF64> for TrackedF64 {
    type Output = TrackedF64;
    fn mul(self, rhs: &TrackedF64) -> TrackedF64 {
        TrackedF64 {
            value: self.value * rhs.value,
            magnitude: self.magnitude * rhs.magnitude,
        }
    }
}

impl Neg for TrackedF64 {
    type Output = TrackedF64;
    fn neg(self) -> TrackedF64 {
        TrackedF64 {
            value: -self.value,
            magnitude: self.magnitude,
        }
    }
}

/// The by-value operators and the assignments, through the by-reference
/// ones above.
macro_rules! by_value_and_assign {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident) => {
        impl $tr<TrackedF64> for TrackedF64 {
            type Output = TrackedF64;
            fn $f(self, rhs: TrackedF64) -> TrackedF64 {
                $tr::$f(self, &rhs)
            }
        }
        impl $tra<TrackedF64> for TrackedF64 {
            fn $fa(&mut self, rhs: TrackedF64) {
                *self = $tr::$f(*self, &rhs);
            }
        }
        impl $tra<&TrackedF64> for TrackedF64 {
            fn $fa(&mut self, rhs: &TrackedF64) {
                *self = $tr::$f(*self, rhs);
            }
        }
    };
}

by_value_and_assign!(Add, add, AddAssign, add_assign);
by_value_and_assign!(Sub, sub, SubAssign, sub_assign);
by_value_and_assign!(Mul, mul, MulAssign, mul_assign);

impl Ring for TrackedF64 {
    fn zero() -> Self {
        TrackedF64::input(0.0)
    }
    fn one() -> Self {
        TrackedF64::input(1.0)
    }
    fn from_i64(v: i64) -> Self {
        TrackedF64::input(v as f64)
    }
    /// The sign of the value as computed (`Zero` only for `0.0`); the sign
    /// within the rounding bound is [`TrackedF64::sign_within_rounding`].
    fn sign(&self) -> Sign {
        Ring::sign(&self.value)
    }
    /// Zero only when both the value and the magnitude are: a coefficient
    /// that rounded to `0.0` keeps its magnitude in a polynomial.
    fn is_zero(&self) -> bool {
        self.value == 0.0 && self.magnitude == 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cancellation_keeps_the_magnitude() {
        // 0.1 * 0.3 - 0.3 * 0.1 style cancellation: value about 0, magnitude 0.06
        let (a, b) = (TrackedF64::input(0.1), TrackedF64::input(0.3));
        let d = a * b - b * a;
        assert_eq!(d.value, 0.0);
        assert!((d.magnitude - 0.06).abs() < 1e-15);
        assert_eq!(d.sign_within_rounding(), Sign::Zero);
        assert!(!d.is_zero());
        // 1e-17 against a magnitude of 1 is noise; 1e-12 is not
        let noise = TrackedF64::input(1.0) - TrackedF64::input(1.0) + TrackedF64::input(1e-17);
        assert_eq!(noise.sign_within_rounding(), Sign::Zero);
        let real = TrackedF64::input(1.0) - TrackedF64::input(1.0) + TrackedF64::input(1e-12);
        assert_eq!(real.sign_within_rounding(), Sign::Positive);
        // a lone small input is its own scale: 1e-300 is positive
        assert_eq!(
            TrackedF64::input(1e-300).sign_within_rounding(),
            Sign::Positive
        );
    }
}
