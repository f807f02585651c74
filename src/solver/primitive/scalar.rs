//! [`PrimitiveScalar`]: the number types the primitive queries run in, and
//! the ring their polynomials are computed over.
//!
//! A query's coordinates are the coefficients of linear polynomials in `t`.
//! Collision is invariant under a common positive scaling of all of them, so
//! the exact scalars clear every denominator once per query (multiply by the
//! lcm of the denominators, divide by the gcd of the numerators) and compute
//! every polynomial over [`BigInt`]: no rational arithmetic, no gcd per
//! operation. The `f64` scalar keeps its values as they are.
#![deny(clippy::float_arithmetic)]

use crate::poly::{
    isolate_integer_roots, IsolationError, IsolationLimits, Isolator, Poly, RealAlgebraic,
    RealRoots,
};
#[cfg(feature = "gmp")]
use crate::scalar::Scalar;
use crate::scalar::{BigInt, BigRational, Ring, Sign};
use num_integer::Integer;

/// A scalar the primitive queries run in: exact rationals (polynomials over
/// [`BigInt`], times as [`RealAlgebraic`]) or `f64` (polynomials over `f64`,
/// approximate times).
pub trait PrimitiveScalar: RealRoots {
    /// The ring the query's polynomials are computed over.
    type Coord: Ring;

    /// The values multiplied by one common positive factor, in
    /// [`Self::Coord`]: exact for the exact scalars (integers after clearing
    /// denominators), the values themselves for `f64`.
    fn scaled_coords(values: &[Self]) -> Vec<Self::Coord>;

    /// Every distinct real root of `p` (not zero) in the closed interval
    /// `[lo, hi]`, increasing.
    fn roots_between(
        p: &Poly<Self::Coord>,
        lo: &Self,
        hi: &Self,
    ) -> Result<Vec<Self::Root>, IsolationError>;

    /// The sign of `p` at a root (exact for exact scalars; within the
    /// rounding error counts as zero for `f64`).
    fn sign_at_time(p: &Poly<Self::Coord>, t: &Self::Root) -> Sign;
}

/// The integers `values * L / G` for `L` the lcm of the denominators and `G`
/// the gcd of the scaled numerators (all zero stays all zero).
fn clear_denominators(values: &[BigRational]) -> Vec<BigInt> {
    let mut lcm = <BigInt as Ring>::one();
    for v in values {
        if *v.denom() != <BigInt as Ring>::one() {
            lcm = lcm.lcm(v.denom());
        }
    }
    let scaled: Vec<BigInt> = values
        .iter()
        .map(|v| v.numer() * (&lcm / v.denom()))
        .collect();
    let mut g = <BigInt as Ring>::zero();
    for v in &scaled {
        g = g.gcd(v);
        if g == <BigInt as Ring>::one() {
            return scaled;
        }
    }
    if Ring::is_zero(&g) {
        return scaled;
    }
    scaled.into_iter().map(|v| v / &g).collect()
}

fn exact_roots(
    p: &Poly<BigInt>,
    lo: &BigRational,
    hi: &BigRational,
) -> Result<Vec<RealAlgebraic>, IsolationError> {
    isolate_integer_roots(p, lo, hi, Isolator::Descartes, &IsolationLimits::default())
}

impl PrimitiveScalar for BigRational {
    type Coord = BigInt;

    fn scaled_coords(values: &[Self]) -> Vec<BigInt> {
        clear_denominators(values)
    }

    fn roots_between(
        p: &Poly<BigInt>,
        lo: &Self,
        hi: &Self,
    ) -> Result<Vec<RealAlgebraic>, IsolationError> {
        exact_roots(p, lo, hi)
    }

    fn sign_at_time(p: &Poly<BigInt>, t: &RealAlgebraic) -> Sign {
        t.sign_of_integer(p)
    }
}

#[cfg(feature = "gmp")]
impl PrimitiveScalar for rug::Rational {
    type Coord = BigInt;

    fn scaled_coords(values: &[Self]) -> Vec<BigInt> {
        let exact: Vec<BigRational> = values
            .iter()
            .map(|v| v.to_rational().expect("exact scalars are finite rationals"))
            .collect();
        clear_denominators(&exact)
    }

    fn roots_between(
        p: &Poly<BigInt>,
        lo: &Self,
        hi: &Self,
    ) -> Result<Vec<RealAlgebraic>, IsolationError> {
        let lo = lo.to_rational().expect("finite");
        let hi = hi.to_rational().expect("finite");
        exact_roots(p, &lo, &hi)
    }

    fn sign_at_time(p: &Poly<BigInt>, t: &RealAlgebraic) -> Sign {
        t.sign_of_integer(p)
    }
}

impl PrimitiveScalar for f64 {
    type Coord = f64;

    fn scaled_coords(values: &[Self]) -> Vec<f64> {
        values.to_vec()
    }

    fn roots_between(
        p: &Poly<f64>,
        lo: &Self,
        hi: &Self,
    ) -> Result<Vec<Self::Root>, IsolationError> {
        <f64 as RealRoots>::real_roots(p, lo, hi)
    }

    fn sign_at_time(p: &Poly<f64>, t: &Self::Root) -> Sign {
        <f64 as RealRoots>::sign_at_root(p, t)
    }
}

/// The sign of a polynomial over the coordinate ring at a scalar value (the
/// value as a root of `t - v`).
pub(crate) fn sign_at_value<S: PrimitiveScalar>(p: &Poly<S::Coord>, v: &S) -> Sign {
    S::sign_at_time(p, &S::root_of_value(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn clearing_denominators_scales_by_one_positive_factor() {
        // (1/2, -3/4, 5/6) * 12 = (6, -9, 10): gcd 1
        let got = clear_denominators(&[q(1, 2), q(-3, 4), q(5, 6)]);
        assert_eq!(
            got,
            vec![BigInt::from(6), BigInt::from(-9), BigInt::from(10)]
        );
        // (4, -6, 0) -> gcd 2 -> (2, -3, 0)
        let got = clear_denominators(&[q(4, 1), q(-6, 1), q(0, 1)]);
        assert_eq!(
            got,
            vec![BigInt::from(2), BigInt::from(-3), BigInt::from(0)]
        );
        // all zero
        let got = clear_denominators(&[q(0, 1), q(0, 3)]);
        assert_eq!(got, vec![BigInt::from(0), BigInt::from(0)]);
    }

    #[test]
    fn exact_roots_and_signs() {
        // (2t - 1)(t - 3): root 1/2 in [0, 1]
        let p = Poly::from_coeffs(vec![BigInt::from(3), BigInt::from(-7), BigInt::from(2)]);
        let roots = BigRational::roots_between(&p, &q(0, 1), &q(1, 1)).unwrap();
        assert_eq!(roots.len(), 1);
        assert_eq!(roots[0].as_rational(), Some(&q(1, 2)));
        let lin = Poly::from_coeffs(vec![BigInt::from(-1), BigInt::from(4)]);
        assert_eq!(BigRational::sign_at_time(&lin, &roots[0]), Sign::Positive);
        assert_eq!(sign_at_value::<BigRational>(&lin, &q(1, 4)), Sign::Zero);
    }
}
