//! [`RealRoots`]: real roots of a polynomial over a scalar, so that a solver
//! is written once and runs exactly (roots are [`RealAlgebraic`], compared
//! and signed exactly) or in `f64` (roots are [`F64Root`], approximations).
#![deny(clippy::float_arithmetic)]

use super::descartes::sign_if_rootless_integer;
use super::{isolate_roots, IsolationError, Poly, RealAlgebraic};
#[cfg(feature = "gmp")]
use crate::scalar::Scalar;
use crate::scalar::{BigInt, Ring};
use crate::scalar::{BigRational, FieldScalar, Sign};
use num_integer::Integer;
use num_traits::One;
use std::fmt::Debug;

/// A field scalar whose polynomials have computable real roots.
///
/// For exact scalars every method is exact: roots are isolated with the
/// root isolator and represented as [`RealAlgebraic`]. For `f64` roots are
/// approximations (see [`F64Root`]) and signs at roots are those of the
/// rounded value.
pub trait RealRoots: FieldScalar {
    /// A real root of a polynomial with coefficients in `Self`.
    type Root: Clone + Debug + Ord + Send + Sync;

    /// Every distinct real root of `p` in the closed interval `[lo, hi]`, in
    /// increasing order; an error for the zero polynomial or beyond the
    /// exact-arithmetic limits.
    fn real_roots(p: &Poly<Self>, lo: &Self, hi: &Self) -> Result<Vec<Self::Root>, IsolationError>;

    /// The scalar `v` as a root (of `t - v`).
    fn root_of_value(v: &Self) -> Self::Root;

    /// The sign of `p` at the root.
    fn sign_at_root(p: &Poly<Self>, r: &Self::Root) -> Sign;

    /// A scalar strictly between two distinct roots (in either order);
    /// `None` when they are equal.
    fn value_between(a: &Self::Root, b: &Self::Root) -> Option<Self>;

    /// The nearest `f64` to the root.
    fn root_to_f64(r: &Self::Root) -> f64;

    /// Scalars `lower <= r <= upper` at most `2^-bits` apart, when the
    /// scalar can bound its roots; `None` (the default) when it cannot.
    /// Used to hand a cheap exclusion test ([`RealRoots::sign_if_rootless`])
    /// an interval with scalar ends that contains one between roots.
    fn root_bounds(r: &Self::Root, bits: u64) -> Option<(Self, Self)> {
        let _ = (r, bits);
        None
    }

    /// A rational at most the root, when the scalar can bound its roots
    /// (what a solver reports as established when its work budget runs
    /// out, `crate::budget`); `None` for `f64`.
    fn rational_at_most(r: &Self::Root) -> Option<BigRational> {
        Self::root_bounds(r, 0).and_then(|(lower, _)| lower.to_rational())
    }

    /// `Some(s)` when `p` provably has no root in the closed interval
    /// `[lo, hi]` (`lo <= hi`), `s` being its constant non-zero sign there;
    /// `None` when that is not proven (there may be roots). A cheap test
    /// that lets a solver skip a root isolation; the default proves nothing.
    fn sign_if_rootless(p: &Poly<Self>, lo: &Self, hi: &Self) -> Option<Sign> {
        let _ = (p, lo, hi);
        None
    }
}

/// The positive integer multiple `lcm(denominators) p` of a rational
/// polynomial (same roots, same signs; no content division).
fn cleared_denominators(p: &Poly<BigRational>) -> Poly<BigInt> {
    let mut lcm = <BigInt as Ring>::one();
    for c in p.coeffs() {
        if !c.denom().is_one() {
            lcm = lcm.lcm(c.denom());
        }
    }
    Poly::from_coeffs(
        p.coeffs()
            .iter()
            .map(|c| {
                if c.denom().is_one() {
                    c.numer() * &lcm
                } else {
                    c.numer() * (&lcm / c.denom())
                }
            })
            .collect(),
    )
}

#[cfg(feature = "gmp")]
fn to_rational_poly<S: Scalar>(p: &Poly<S>) -> Poly<BigRational> {
    p.map(|c| c.to_rational().expect("exact scalars are finite rationals"))
}

impl RealRoots for BigRational {
    type Root = RealAlgebraic;

    fn real_roots(
        p: &Poly<Self>,
        lo: &Self,
        hi: &Self,
    ) -> Result<Vec<RealAlgebraic>, IsolationError> {
        isolate_roots(p, lo, hi)
    }

    fn root_of_value(v: &Self) -> RealAlgebraic {
        RealAlgebraic::from_rational(v.clone())
    }

    fn sign_at_root(p: &Poly<Self>, r: &RealAlgebraic) -> Sign {
        r.sign_of(p)
    }

    fn value_between(a: &RealAlgebraic, b: &RealAlgebraic) -> Option<Self> {
        RealAlgebraic::rational_between(a, b)
    }

    fn root_to_f64(r: &RealAlgebraic) -> f64 {
        r.to_f64()
    }

    fn root_bounds(r: &RealAlgebraic, bits: u64) -> Option<(Self, Self)> {
        let mut r = r.clone();
        r.refine_to_width(bits);
        Some(r.interval())
    }

    fn sign_if_rootless(p: &Poly<Self>, lo: &Self, hi: &Self) -> Option<Sign> {
        if p.is_zero() {
            return None;
        }
        sign_if_rootless_integer(&cleared_denominators(p), lo, hi)
    }
}

#[cfg(feature = "gmp")]
impl RealRoots for rug::Rational {
    type Root = RealAlgebraic;

    fn real_roots(
        p: &Poly<Self>,
        lo: &Self,
        hi: &Self,
    ) -> Result<Vec<RealAlgebraic>, IsolationError> {
        let lo = lo.to_rational().expect("finite");
        let hi = hi.to_rational().expect("finite");
        isolate_roots(&to_rational_poly(p), &lo, &hi)
    }

    fn root_of_value(v: &Self) -> RealAlgebraic {
        RealAlgebraic::from_rational(v.to_rational().expect("finite"))
    }

    fn sign_at_root(p: &Poly<Self>, r: &RealAlgebraic) -> Sign {
        r.sign_of(&to_rational_poly(p))
    }

    fn value_between(a: &RealAlgebraic, b: &RealAlgebraic) -> Option<Self> {
        RealAlgebraic::rational_between(a, b).map(|q| Self::from_rational(&q))
    }

    fn root_to_f64(r: &RealAlgebraic) -> f64 {
        r.to_f64()
    }
}

/// An approximate real root computed in `f64`, totally ordered (by
/// `f64::total_cmp`; roots are never NaN).
#[derive(Clone, Copy, Debug)]
pub struct F64Root(pub f64);

impl PartialEq for F64Root {
    fn eq(&self, other: &Self) -> bool {
        self.0.total_cmp(&other.0).is_eq()
    }
}

impl Eq for F64Root {}

impl PartialOrd for F64Root {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for F64Root {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl RealRoots for f64 {
    type Root = F64Root;

    fn real_roots(p: &Poly<Self>, lo: &Self, hi: &Self) -> Result<Vec<F64Root>, IsolationError> {
        if p.is_zero() {
            return Err(IsolationError::ZeroPolynomial);
        }
        if lo > hi {
            return Err(IsolationError::EmptyInterval);
        }
        Ok(super::roots_f64::roots_in(p.coeffs(), *lo, *hi)
            .into_iter()
            .map(F64Root)
            .collect())
    }

    fn root_of_value(v: &Self) -> F64Root {
        F64Root(*v)
    }

    fn sign_at_root(p: &Poly<Self>, r: &F64Root) -> Sign {
        super::roots_f64::sign_with_tolerance(p.coeffs(), r.0)
    }

    fn value_between(a: &F64Root, b: &F64Root) -> Option<Self> {
        super::roots_f64::midpoint(a.0, b.0)
    }

    fn root_to_f64(r: &F64Root) -> f64 {
        r.0
    }

    fn root_bounds(r: &F64Root, _bits: u64) -> Option<(Self, Self)> {
        Some((r.0, r.0))
    }
}
