//! The ring the plane polynomials are built and signed in (module docs of
//! `sgm`, "Arithmetic"): the integers for exact scalars, `f64` for `f64`.
//!
//! Every polynomial of the solver is a positive multiple of the paper's
//! (section IV-C): multiplying `L`, `T` and `w` by one positive constant
//! leaves the motion `(L y + T) / w` unchanged, and multiplying the half
//! extents by one positive constant scales every `D_n` by it, so neither
//! roots nor signs change. Exact rational motions are therefore carried as
//! integer polynomials, whose arithmetic needs no gcd (rational arithmetic
//! reduces every coefficient after every operation).
#![deny(clippy::float_arithmetic)]

use crate::poly::{sign_if_rootless_integer, Poly, RealRoots};
use crate::scalar::{BigInt, BigRational, Ring, Sign};
use num_integer::Integer;
use num_traits::One;

/// A ring for the plane polynomials of a solve over the scalar `S`.
pub(crate) trait PlaneRing<S: RealRoots>: Ring {
    /// The polynomials, all multiplied by one positive constant, over this
    /// ring.
    fn polys_from(ps: &[&Poly<S>]) -> Vec<Poly<Self>>;
    /// The values, all multiplied by one positive constant.
    fn values_from(xs: &[&S]) -> Vec<Self>;
    /// The polynomial over the scalar (for root isolation and signs at
    /// roots).
    fn to_scalar(p: &Poly<Self>) -> Poly<S>;
    /// The sign of `p` at the scalar `x`.
    fn sign_at(p: &Poly<Self>, x: &S) -> Sign;
    /// [`RealRoots::sign_if_rootless`] for this ring's polynomials.
    fn sign_if_rootless(p: &Poly<Self>, lo: &S, hi: &S) -> Option<Sign>;
    /// The divisor for [`PlaneRing::without_positive_factor`] made from the
    /// motion's denominator `w > 0` (computed once per solve).
    fn positive_divisor(w: &Poly<Self>) -> Poly<Self> {
        w.clone()
    }
    /// `p / v` when `v = positive_divisor(w)` divides `p` exactly (`v` is
    /// positive on the whole interval, so the quotient has the same roots
    /// and signs there, at a lower degree); `None` otherwise, and always
    /// for rings without exact division.
    fn divide_by_positive(_p: &Poly<Self>, _v: &Poly<Self>) -> Option<Poly<Self>> {
        None
    }
    /// `p / v^k` for the largest `k` with `v^k` dividing `p` exactly
    /// ([`PlaneRing::divide_by_positive`]).
    fn without_positive_factor(mut p: Poly<Self>, v: &Poly<Self>) -> Poly<Self> {
        if p.is_zero() {
            return p;
        }
        while let Some(q) = Self::divide_by_positive(&p, v) {
            p = q;
        }
        p
    }
}

fn rational<S: RealRoots>(x: &S) -> BigRational {
    x.to_rational()
        .expect("an exact scalar is a finite rational")
}

impl<S: RealRoots> PlaneRing<S> for BigInt {
    fn polys_from(ps: &[&Poly<S>]) -> Vec<Poly<BigInt>> {
        let qs: Vec<Vec<BigRational>> = ps
            .iter()
            .map(|p| p.coeffs().iter().map(rational).collect())
            .collect();
        let mut lcm = <BigInt as One>::one();
        for c in qs.iter().flatten() {
            if !c.denom().is_one() {
                lcm = lcm.lcm(c.denom());
            }
        }
        qs.iter()
            .map(|cs| {
                Poly::from_coeffs(cs.iter().map(|c| c.numer() * (&lcm / c.denom())).collect())
            })
            .collect()
    }

    fn values_from(xs: &[&S]) -> Vec<BigInt> {
        let p = Poly::from_coeffs(xs.iter().map(|x| (*x).clone()).collect());
        let mut out = <BigInt as PlaneRing<S>>::polys_from(&[&p])
            .pop()
            .map(Poly::into_coeffs)
            .unwrap_or_default();
        out.resize(xs.len(), <BigInt as Ring>::zero());
        out
    }

    fn to_scalar(p: &Poly<BigInt>) -> Poly<S> {
        p.map(|c| S::from_rational(&BigRational::from_integer(c.clone())))
    }

    fn sign_at(p: &Poly<BigInt>, x: &S) -> Sign {
        p.sign_at_rational(&rational(x))
    }

    fn sign_if_rootless(p: &Poly<BigInt>, lo: &S, hi: &S) -> Option<Sign> {
        if p.is_zero() {
            return None;
        }
        sign_if_rootless_integer(p, &rational(lo), &rational(hi))
    }

    /// The primitive part of `w`: its content is positive, so the part
    /// keeps `w`'s sign, and by Gauss's lemma a factor `w` of an integer
    /// polynomial in `Q[t]` leaves an integer quotient.
    fn positive_divisor(w: &Poly<BigInt>) -> Poly<BigInt> {
        w.primitive_part()
    }

    /// Trial division. For rigid relative motion (`L = w R`) the VF
    /// directions carry `w^2` and the EE directions `w` (`N_j = w U_j`,
    /// `U_j x U_k = w U_l`, and `U_j . T` a multiple of `w` for the relative
    /// motion of two rational rigid motions), and the sphere polynomial the
    /// square of a factor of `w`. A quotient in `Z[t]` needs `v(1) | p(1)`:
    /// checked first, on the sums of the coefficients, so most non-multiples
    /// cost no division.
    fn divide_by_positive(p: &Poly<BigInt>, v: &Poly<BigInt>) -> Option<Poly<BigInt>> {
        if p.is_zero() || v.degree().unwrap_or(0) == 0 || p.degree() < v.degree() {
            return None;
        }
        let v1: BigInt = v.coeffs().iter().sum();
        if !v1.is_zero() {
            let p1: BigInt = p.coeffs().iter().sum();
            if !p1.is_multiple_of(&v1) {
                return None;
            }
        }
        p.exact_div_int(v)
    }
}
