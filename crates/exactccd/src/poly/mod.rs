//! Univariate polynomials in `t` and everything the exact pipeline needs of
//! them: arithmetic, division, gcd, square-free parts, integer primitive
//! parts, real-root isolation on an interval (Sturm and Descartes), and
//! [`RealAlgebraic`] numbers, the type of an exact contact time.
//!
//! Files, read in this order:
//!
//! * this file: [`Poly`], dense coefficients over any [`Ring`], with ring
//!   arithmetic, Horner evaluation, derivative, Taylor shift and scaling;
//! * `field.rs`: division with remainder, exact division, monic gcd and
//!   square-free part over a [`FieldScalar`](crate::scalar::FieldScalar);
//! * `int.rs`: integer polynomials (`Poly<BigInt>`): content, primitive part,
//!   pseudo-remainders, exact sign evaluation at dyadic and rational points,
//!   root bounds;
//! * `isolated_root.rs`, `sturm.rs`, `descartes.rs`, `isolate.rs`: what an
//!   isolator returns, the two root isolators and the front end that reports
//!   every root in `[a, b]`;
//! * `algebraic.rs`: [`RealAlgebraic`].
//!
//! Invariant of [`Poly`]: the last stored coefficient is non-zero; the zero
//! polynomial stores no coefficient. Every constructor and operation
//! re-establishes it (checked by `debug_assert` and by the property tests).
//!
//! polynomial-ring (the crate) was evaluated and not used: AGPL-3.0 licence,
//! no gcd, no Sturm sequences, no root isolation.
#![deny(clippy::float_arithmetic)]

mod algebraic;
mod descartes;
mod dyadic;
mod field;
mod int;
mod isolate;
mod isolated_root;
mod modular;
mod rational_roots;
mod roots;
pub(crate) mod roots_f64;
mod small;
mod sturm;

pub use algebraic::RealAlgebraic;
pub use descartes::sign_if_rootless_integer;
pub use dyadic::Dyadic;
pub use int::{dyadic_hull, fujiwara_bound_log2};
pub use isolate::{
    has_root_in, isolate_integer_roots, isolate_roots, isolate_roots_with, simplest_between,
    IsolationError, IsolationLimits, Isolator,
};
pub use rational_roots::rational_roots;
pub use roots::{F64Root, RealRoots};
pub(crate) use roots_f64::roots_in_with as roots_f64_within;
pub use sturm::SturmSequence;

use crate::scalar::{Ring, Scalar, Sign};
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

/// A univariate polynomial `c0 + c1 t + ... + cn t^n` with dense coefficients,
/// lowest degree first. The leading stored coefficient is never zero.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Poly<R> {
    coeffs: Vec<R>,
}

impl<R: Ring> Poly<R> {
    /// The zero polynomial.
    pub fn zero() -> Self {
        Poly { coeffs: Vec::new() }
    }

    /// The constant polynomial `c`.
    pub fn constant(c: R) -> Self {
        Self::from_coeffs(vec![c])
    }

    /// The polynomial `t`.
    pub fn t() -> Self {
        Poly {
            coeffs: vec![R::zero(), R::one()],
        }
    }

    /// `c t^k`.
    pub fn monomial(c: R, k: usize) -> Self {
        let mut coeffs = vec![R::zero(); k];
        coeffs.push(c);
        Self::from_coeffs(coeffs)
    }

    /// The polynomial with these coefficients (degree 0 first); trailing
    /// zeros are dropped.
    pub fn from_coeffs(mut coeffs: Vec<R>) -> Self {
        while coeffs.last().is_some_and(Ring::is_zero) {
            coeffs.pop();
        }
        Poly { coeffs }
    }

    /// The polynomial with roots exactly `roots` (and leading coefficient 1):
    /// `prod (t - r)`.
    pub fn from_roots(roots: &[R]) -> Self {
        roots.iter().fold(Self::constant(R::one()), |acc, r| {
            acc * Poly::from_coeffs(vec![-r.clone(), R::one()])
        })
    }

    /// The coefficients, degree 0 first, without trailing zeros.
    pub fn coeffs(&self) -> &[R] {
        &self.coeffs
    }

    /// Consumes the polynomial into its coefficients.
    pub(crate) fn into_coeffs(self) -> Vec<R> {
        self.coeffs
    }

    /// The degree, `None` for the zero polynomial.
    pub fn degree(&self) -> Option<usize> {
        self.coeffs.len().checked_sub(1)
    }

    /// True for the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.coeffs.is_empty()
    }

    /// True for a constant (including zero).
    pub fn is_constant(&self) -> bool {
        self.coeffs.len() <= 1
    }

    /// The coefficient of `t^i` (zero beyond the degree).
    pub fn coeff(&self, i: usize) -> R {
        self.coeffs.get(i).cloned().unwrap_or_else(R::zero)
    }

    /// The leading coefficient, `None` for zero.
    pub fn leading(&self) -> Option<&R> {
        self.coeffs.last()
    }

    /// The value at `x`, by Horner's rule.
    pub fn eval(&self, x: &R) -> R {
        let mut acc = R::zero();
        for c in self.coeffs.iter().rev() {
            // acc <- c + acc x, through the ring's fused step
            let mut next = c.clone();
            next.add_mul(&acc, x);
            acc = next;
        }
        acc
    }

    /// The derivative `d/dt`.
    #[must_use]
    pub fn derivative(&self) -> Self {
        Self::from_coeffs(
            self.coeffs
                .iter()
                .enumerate()
                .skip(1)
                .map(|(i, c)| c.mul_ref(&R::from_i64(i as i64)))
                .collect(),
        )
    }

    /// `c * self`.
    #[must_use]
    pub fn scale(&self, c: &R) -> Self {
        Self::from_coeffs(self.coeffs.iter().map(|a| a.mul_ref(c)).collect())
    }

    /// `t^k * self`.
    #[must_use]
    pub fn shift_up(&self, k: usize) -> Self {
        if self.is_zero() {
            return Self::zero();
        }
        let mut coeffs = vec![R::zero(); k];
        coeffs.extend(self.coeffs.iter().cloned());
        Poly { coeffs }
    }

    /// `self^k` by repeated squaring.
    #[must_use]
    pub fn pow(&self, mut k: u32) -> Self {
        let mut base = self.clone();
        let mut acc = Self::constant(R::one());
        while k > 0 {
            if k & 1 == 1 {
                acc = &acc * &base;
            }
            k >>= 1;
            if k > 0 {
                base = &base * &base;
            }
        }
        acc
    }

    /// The composition `self(q(t))`, by Horner's rule.
    #[must_use]
    pub fn compose(&self, q: &Self) -> Self {
        let mut acc = Self::zero();
        for c in self.coeffs.iter().rev() {
            acc = &acc * q + &Self::constant(c.clone());
        }
        acc
    }

    /// The Taylor shift `self(t + c)`, in place, by the classical `O(n^2)`
    /// additions scheme (no multiplication when `c == 1`).
    #[must_use]
    pub fn taylor_shift(&self, c: &R) -> Self {
        let mut a = self.coeffs.clone();
        let n = a.len();
        let unit = *c == R::one();
        for i in 0..n {
            crate::budget::tick();
            for j in (i..n.saturating_sub(1)).rev() {
                let next = a[j + 1].clone();
                if unit {
                    a[j] += next;
                } else {
                    a[j].add_mul(&next, c);
                }
            }
        }
        Self::from_coeffs(a)
    }

    /// `self(c t)`: the coefficient of `t^i` is multiplied by `c^i`.
    #[must_use]
    pub fn scale_variable(&self, c: &R) -> Self {
        let mut power = R::one();
        let mut out = Vec::with_capacity(self.coeffs.len());
        for a in &self.coeffs {
            out.push(a.mul_ref(&power));
            power *= c;
        }
        Self::from_coeffs(out)
    }

    /// `t^n self(1/t)` for `n = deg self`: the coefficients reversed.
    #[must_use]
    pub fn reversed(&self) -> Self {
        Self::from_coeffs(self.coeffs.iter().rev().cloned().collect())
    }

    /// Maps every coefficient through `f` (for conversions between rings).
    pub fn map<T: Ring>(&self, f: impl FnMut(&R) -> T) -> Poly<T> {
        Poly::from_coeffs(self.coeffs.iter().map(f).collect())
    }

    fn add_impl(&self, other: &Self, negate: bool) -> Self {
        let n = self.coeffs.len().max(other.coeffs.len());
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let a = self.coeffs.get(i);
            let b = other.coeffs.get(i);
            out.push(match (a, b, negate) {
                (Some(a), Some(b), false) => a.add_ref(b),
                (Some(a), Some(b), true) => a.sub_ref(b),
                (Some(a), None, _) => a.clone(),
                (None, Some(b), false) => b.clone(),
                (None, Some(b), true) => -b.clone(),
                (None, None, _) => unreachable!("index below the longer length"),
            });
        }
        Self::from_coeffs(out)
    }

    fn mul_impl(&self, other: &Self) -> Self {
        if self.is_zero() || other.is_zero() {
            return Self::zero();
        }
        if let Some(out) = R::product_fast(&self.coeffs, &other.coeffs) {
            return Self::from_coeffs(out);
        }
        let mut out = vec![R::zero(); self.coeffs.len() + other.coeffs.len() - 1];
        for (i, a) in self.coeffs.iter().enumerate() {
            crate::budget::tick();
            if a.is_zero() {
                continue;
            }
            for (j, b) in other.coeffs.iter().enumerate() {
                out[i + j].add_mul(a, b);
            }
        }
        Self::from_coeffs(out)
    }
}

impl<R: Scalar> Poly<R> {
    /// The sign of the value at `x` (exact for exact scalars).
    pub fn sign_at(&self, x: &R) -> Sign {
        self.eval(x).sign()
    }
}

impl<R: Ring> Default for Poly<R> {
    fn default() -> Self {
        Self::zero()
    }
}

impl<R: Ring> From<R> for Poly<R> {
    fn from(c: R) -> Self {
        Poly::constant(c)
    }
}

macro_rules! forward_binop {
    ($tr:ident, $method:ident, $body:expr) => {
        impl<R: Ring> $tr<&Poly<R>> for &Poly<R> {
            type Output = Poly<R>;
            fn $method(self, rhs: &Poly<R>) -> Poly<R> {
                let f: fn(&Poly<R>, &Poly<R>) -> Poly<R> = $body;
                f(self, rhs)
            }
        }
        impl<R: Ring> $tr<Poly<R>> for Poly<R> {
            type Output = Poly<R>;
            fn $method(self, rhs: Poly<R>) -> Poly<R> {
                (&self).$method(&rhs)
            }
        }
        impl<R: Ring> $tr<&Poly<R>> for Poly<R> {
            type Output = Poly<R>;
            fn $method(self, rhs: &Poly<R>) -> Poly<R> {
                (&self).$method(rhs)
            }
        }
        impl<R: Ring> $tr<Poly<R>> for &Poly<R> {
            type Output = Poly<R>;
            fn $method(self, rhs: Poly<R>) -> Poly<R> {
                self.$method(&rhs)
            }
        }
    };
}

forward_binop!(Add, add, |a, b| a.add_impl(b, false));
forward_binop!(Sub, sub, |a, b| a.add_impl(b, true));
forward_binop!(Mul, mul, |a, b| a.mul_impl(b));

impl<R: Ring> Neg for Poly<R> {
    type Output = Poly<R>;
    fn neg(self) -> Poly<R> {
        Poly {
            coeffs: self.coeffs.into_iter().map(|c| -c).collect(),
        }
    }
}

impl<R: Ring> Neg for &Poly<R> {
    type Output = Poly<R>;
    fn neg(self) -> Poly<R> {
        -self.clone()
    }
}

impl<R: Ring + fmt::Display> fmt::Display for Poly<R> {
    /// Writes `c0 + c1*t + c2*t^2 ...` (zero terms skipped).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        let mut first = true;
        for (i, c) in self.coeffs.iter().enumerate() {
            if c.is_zero() {
                continue;
            }
            if !first {
                f.write_str(" + ")?;
            }
            first = false;
            match i {
                0 => write!(f, "{c}")?,
                1 => write!(f, "({c})*t")?,
                _ => write!(f, "({c})*t^{i}")?,
            }
        }
        Ok(())
    }
}

impl<R: fmt::Debug> fmt::Debug for Poly<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Poly").field(&self.coeffs).finish()
    }
}
