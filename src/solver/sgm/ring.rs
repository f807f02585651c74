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
    /// `p / w^k` for the largest `k` with `w^k` dividing `p` exactly, where
    /// `w > 0` on the whole interval (the motion's denominator): the same
    /// roots and the same signs there, at a lower degree. Rings without
    /// exact division keep `p`.
    fn without_positive_factor(p: Poly<Self>, _w: &Poly<Self>) -> Poly<Self> {
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

    /// Trial division by the primitive part of `w` (its content is
    /// positive, so the part keeps `w`'s sign; by Gauss's lemma a factor
    /// `w` of `p` in `Q[t]` leaves an integer quotient). For rigid relative
    /// motion (`L = w R`) the VF planes carry `w^2` and the EE planes `w`
    /// (`N_j = w U_j`, `U_j x U_k = w U_l`), and the sphere polynomial
    /// carries the square of a factor of `w`: stripping them halves the
    /// degree of the planes of a rotation.
    fn without_positive_factor(mut p: Poly<BigInt>, w: &Poly<BigInt>) -> Poly<BigInt> {
        if p.is_zero() || w.degree().unwrap_or(0) == 0 {
            return p;
        }
        let wp = w.primitive_part();
        while p.degree() >= wp.degree() {
            match p.exact_div_int(&wp) {
                Some(q) => p = q,
                None => break,
            }
        }
        p
    }
}
