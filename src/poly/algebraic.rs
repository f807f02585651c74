//! Real algebraic numbers: the type of an exact contact time.
//!
//! A [`RealAlgebraic`] is either an exact rational, or the unique root of a
//! square-free integer polynomial `P` in an open isolating interval
//! `(lo, hi)` with dyadic ends, where `P(lo)` and `P(hi)` are non-zero and of
//! opposite signs. Everything is decided exactly:
//!
//! * **order**: refine both intervals by bisection until they separate; two
//!   roots whose intervals keep overlapping are equal exactly when
//!   `g = gcd(P1, P2)` vanishes at the first (`g` changes sign on its
//!   interval) and the first lies in the second's interval;
//! * **sign of a polynomial `q` at the number**: zero when `gcd(P, q)`
//!   vanishes there, else the sign of `q` on an interval refined until
//!   Descartes' rule certifies that `q` has no root in it;
//! * **brackets** `[lower, upper]` at a requested precision, `to_f64`
//!   correctly rounded.
#![deny(clippy::float_arithmetic)]

use super::descartes::descartes_bound;
use super::{Dyadic, Poly};
use crate::scalar::{BigInt, BigRational, Ring, Sign};
use num_traits::Signed;
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// An exact real algebraic number.
#[derive(Clone, Debug)]
pub struct RealAlgebraic {
    repr: Repr,
}

#[derive(Clone, Debug)]
enum Repr {
    Rational(BigRational),
    Root(Root),
}

#[derive(Clone, Debug)]
struct Root {
    poly: Arc<Poly<BigInt>>,
    lo: Dyadic,
    hi: Dyadic,
    /// `sign P(lo)`; `sign P(hi)` is its opposite.
    sign_lo: Sign,
}

impl Root {
    /// One bisection step; returns the rational value if the midpoint is the
    /// root.
    fn bisect(&mut self) -> Option<BigRational> {
        let m = Dyadic::midpoint(&self.lo, &self.hi);
        match self.poly.sign_at_dyadic(&m) {
            Sign::Zero => Some(m.to_rational()),
            s if s == self.sign_lo => {
                self.lo = m;
                None
            }
            _ => {
                self.hi = m;
                None
            }
        }
    }

    /// One step of quadratic interval refinement (Abbott, ISSAC 2006): cut
    /// the interval into `N = 2^j` equal parts, guess by the secant which
    /// part holds the root and check it with two signs. On success the
    /// interval shrinks `N` times and `N` is squared; on failure `N` is
    /// square-rooted and the interval bisected, so the step always makes
    /// progress. Returns the root when a grid point hits it exactly.
    fn qir_step(&mut self, j: &mut u64) -> Option<BigRational> {
        let k = self.width_exp() + *j;
        let n_parts = BigInt::from(1) << *j;
        let a = self.lo.num_at(k);
        let b = self.hi.num_at(k);
        let w = (&b - &a) >> *j; // exact: the width at scale k is a multiple of 2^j
        let fa = self.poly.eval_scaled_at(&a, k);
        let fb = self.poly.eval_scaled_at(&b, k);
        // secant guess i = round(N fa / (fa - fb)), with fa - fb made positive
        let (num, den) = if fa > fb {
            (fa.clone(), &fa - &fb)
        } else {
            (-fa.clone(), &fb - &fa)
        };
        let two = BigInt::from(2);
        let mut i = (&two * &n_parts * &num + &den) / (&two * &den);
        let zero = BigInt::from(0);
        if i < zero {
            i = zero.clone();
        }
        if i > n_parts {
            i = n_parts.clone();
        }
        let point = |idx: &BigInt| &a + &w * idx;
        let sign_at = |idx: &BigInt| -> Sign {
            if idx == &zero {
                self.sign_lo
            } else if idx == &n_parts {
                self.sign_lo.flip()
            } else {
                Ring::sign(&self.poly.eval_scaled_at(&point(idx), k))
            }
        };
        let s = sign_at(&i);
        if s == Sign::Zero {
            return Some(Dyadic::new(point(&i), k).to_rational());
        }
        let (cand_lo, cand_hi) = if s == self.sign_lo {
            (i.clone(), &i + 1)
        } else {
            (&i - 1, i.clone())
        };
        let in_range = cand_lo >= zero && cand_hi <= n_parts;
        if in_range {
            let other = if s == self.sign_lo {
                &cand_hi
            } else {
                &cand_lo
            };
            let s2 = sign_at(other);
            if s2 == Sign::Zero {
                return Some(Dyadic::new(point(other), k).to_rational());
            }
            let success = (s == self.sign_lo) != (s2 == self.sign_lo);
            if success {
                self.lo = Dyadic::new(point(&cand_lo), k);
                self.hi = Dyadic::new(point(&cand_hi), k);
                *j = (*j * 2).min(1 << 14);
                return None;
            }
        }
        *j = (*j / 2).max(1);
        self.bisect()
    }

    /// Compares the root with a rational.
    fn cmp_rational(&self, q: &BigRational) -> Ordering {
        if self.lo.cmp_rational(q).is_ge() {
            return Ordering::Greater;
        }
        if self.hi.cmp_rational(q).is_le() {
            return Ordering::Less;
        }
        match self.poly.sign_at_rational(q) {
            Sign::Zero => Ordering::Equal,
            s if s == self.sign_lo => Ordering::Greater, // root in (q, hi)
            _ => Ordering::Less,
        }
    }

    fn width_exp(&self) -> u64 {
        self.lo.exp().max(self.hi.exp())
    }
}

impl RealAlgebraic {
    /// The rational `q`.
    pub fn from_rational(q: BigRational) -> Self {
        RealAlgebraic {
            repr: Repr::Rational(q),
        }
    }

    /// The integer `n`.
    pub fn from_integer(n: i64) -> Self {
        Self::from_rational(BigRational::from_integer(BigInt::from(n)))
    }

    /// The root of `poly` in `(lo, hi)`, trusting the caller (the isolators)
    /// that `poly` is square-free with exactly one root there and non-zero
    /// values at both ends.
    pub(crate) fn from_isolating_interval_unchecked(
        poly: Arc<Poly<BigInt>>,
        lo: Dyadic,
        hi: Dyadic,
    ) -> Self {
        let sign_lo = poly.sign_at_dyadic(&lo);
        debug_assert!(sign_lo != Sign::Zero);
        debug_assert_eq!(poly.sign_at_dyadic(&hi), sign_lo.flip());
        RealAlgebraic {
            repr: Repr::Root(Root {
                poly,
                lo,
                hi,
                sign_lo,
            }),
        }
    }

    /// The root of `poly` in the open interval `(lo, hi)`, checked: `poly`
    /// must be square-free, non-zero at both ends with opposite signs, with
    /// exactly one root in between (certified by Descartes' rule); `None`
    /// otherwise. A rational root is returned as a rational when the
    /// polynomial is linear.
    pub fn from_isolating_interval(poly: Poly<BigInt>, lo: Dyadic, hi: Dyadic) -> Option<Self> {
        if lo >= hi || poly.degree().unwrap_or(0) == 0 {
            return None;
        }
        if poly.square_free().degree() != poly.degree() {
            return None;
        }
        let s_lo = poly.sign_at_dyadic(&lo);
        let s_hi = poly.sign_at_dyadic(&hi);
        if s_lo == Sign::Zero || s_hi != s_lo.flip() {
            return None;
        }
        if descartes_bound(&poly, &lo, &hi) != 1 {
            // Descartes may overcount on a wide interval: bisect until it
            // certifies one root in one half and none in the other.
            let mut a = lo.clone();
            let mut b = hi.clone();
            for _ in 0..4096 {
                if descartes_bound(&poly, &a, &b) == 1 {
                    break;
                }
                let m = Dyadic::midpoint(&a, &b);
                if poly.sign_at_dyadic(&m) == Sign::Zero {
                    return None;
                }
                if poly.sign_at_dyadic(&m) == s_lo {
                    if descartes_bound(&poly, &lo, &m) != 0 {
                        return None;
                    }
                    a = m;
                } else {
                    if descartes_bound(&poly, &m, &hi) != 0 {
                        return None;
                    }
                    b = m;
                }
            }
        }
        if poly.degree() == Some(1) {
            let c = poly.coeffs();
            return Some(Self::from_rational(BigRational::new(
                -c[0].clone(),
                c[1].clone(),
            )));
        }
        Some(Self::from_isolating_interval_unchecked(
            Arc::new(poly),
            lo,
            hi,
        ))
    }

    /// The value as a rational, when it is one.
    pub fn as_rational(&self) -> Option<&BigRational> {
        match &self.repr {
            Repr::Rational(q) => Some(q),
            Repr::Root(_) => None,
        }
    }

    /// A square-free integer polynomial of which this number is a root:
    /// `den t - num` for a rational.
    pub fn polynomial(&self) -> Poly<BigInt> {
        match &self.repr {
            Repr::Rational(q) => Poly::from_coeffs(vec![-q.numer().clone(), q.denom().clone()]),
            Repr::Root(r) => (*r.poly).clone(),
        }
    }

    /// The current isolating interval `[lo, hi]` (both ends equal to the value
    /// for a rational).
    pub fn interval(&self) -> (BigRational, BigRational) {
        match &self.repr {
            Repr::Rational(q) => (q.clone(), q.clone()),
            Repr::Root(r) => (r.lo.to_rational(), r.hi.to_rational()),
        }
    }

    /// One bisection of the isolating interval (no-op for a rational).
    pub fn refine(&mut self) {
        if let Repr::Root(r) = &mut self.repr {
            if let Some(q) = r.bisect() {
                self.repr = Repr::Rational(q);
            }
        }
    }

    /// Refines (by quadratic interval refinement) until `done` holds for the
    /// isolating interval or the number becomes an exact rational.
    fn refine_until(&mut self, mut done: impl FnMut(&Dyadic, &Dyadic) -> bool) {
        let mut j = 2;
        loop {
            let Repr::Root(r) = &mut self.repr else {
                return;
            };
            if done(&r.lo, &r.hi) {
                return;
            }
            if let Some(q) = r.qir_step(&mut j) {
                self.repr = Repr::Rational(q);
            }
        }
    }

    /// Refines until the isolating interval is at most `2^-bits` wide.
    pub fn refine_to_width(&mut self, bits: u64) {
        self.refine_until(|lo, hi| {
            let k = lo.exp().max(hi.exp());
            let w = Dyadic::width_at(lo, hi, k);
            // w 2^-k <= 2^-bits  <=  bits(w) <= k - bits
            k >= bits && w.bits() <= k - bits
        });
    }

    /// Exact rational bounds `lower <= self <= upper` with
    /// `upper - lower <= 2^-bits * max(1, |self|)` (the contract's TIME
    /// object, SCENARIO_FORMAT.md 3).
    pub fn bracket(&self, bits: u64) -> (BigRational, BigRational) {
        let mut x = self.clone();
        x.refine_until(|lo, hi| {
            // |self| >= min(|lo|, |hi|) when lo and hi have the same sign.
            let scale_bits = if lo.sign() == hi.sign() && lo.sign() != Sign::Zero {
                let m = if lo.sign() == Sign::Positive { lo } else { hi };
                // |m| >= 2^(bits(num) - 1 - k)
                (m.num().bits() as i64 - 1 - m.exp() as i64).max(0)
            } else {
                0
            };
            let k = lo.exp().max(hi.exp());
            let w = Dyadic::width_at(lo, hi, k);
            // w 2^-k <= 2^(scale_bits - bits)
            (w.bits() as i64) <= k as i64 + scale_bits - bits as i64
        });
        x.interval()
    }

    /// The nearest `f64` (correctly rounded).
    pub fn to_f64(&self) -> f64 {
        // 64 bits relative first (cheap), then until both ends round alike
        let (lo, hi) = self.bracket(64);
        let (a, b) = (
            crate::scalar::rational_to_f64(&lo),
            crate::scalar::rational_to_f64(&hi),
        );
        if a.to_bits() == b.to_bits() {
            return a;
        }
        let mut x = self.clone();
        for bits in [96, 128, 256, 1100, 2200] {
            x.refine_to_width(bits);
            let (lo, hi) = x.interval();
            let (a, b) = (
                crate::scalar::rational_to_f64(&lo),
                crate::scalar::rational_to_f64(&hi),
            );
            if a.to_bits() == b.to_bits() {
                return a;
            }
        }
        // only a value within 2^-2200 of a rounding boundary gets here
        crate::scalar::rational_to_f64(&x.interval().0)
    }

    /// Compares with a rational exactly.
    pub fn cmp_rational(&self, q: &BigRational) -> Ordering {
        match &self.repr {
            Repr::Rational(a) => a.cmp(q),
            Repr::Root(r) => r.cmp_rational(q),
        }
    }

    /// The exact sign of the rational polynomial `q` at this number.
    pub fn sign_of(&self, q: &Poly<BigRational>) -> Sign {
        if q.is_zero() {
            return Sign::Zero;
        }
        self.sign_of_integer(&q.to_primitive_integer())
    }

    /// The exact sign of the integer polynomial `q` at this number.
    pub fn sign_of_integer(&self, q: &Poly<BigInt>) -> Sign {
        let r = match &self.repr {
            Repr::Rational(x) => return q.sign_at_rational(x),
            Repr::Root(r) => r,
        };
        if q.is_constant() {
            return q.leading().map_or(Sign::Zero, Ring::sign);
        }
        let mut r = r.clone();
        if descartes_bound(q, &r.lo, &r.hi) == 0 {
            return q.sign_at_dyadic(&Dyadic::midpoint(&r.lo, &r.hi));
        }
        let g = r.poly.gcd_int(q);
        if !g.is_constant() && g.sign_at_dyadic(&r.lo) != g.sign_at_dyadic(&r.hi) {
            return Sign::Zero;
        }
        loop {
            if let Some(x) = r.bisect() {
                return q.sign_at_rational(&x);
            }
            if descartes_bound(q, &r.lo, &r.hi) == 0 {
                return q.sign_at_dyadic(&Dyadic::midpoint(&r.lo, &r.hi));
            }
        }
    }

    /// A rational strictly between `a` and `b` (in either order), with a
    /// small dyadic denominator where possible; `None` when they are equal.
    pub fn rational_between(a: &RealAlgebraic, b: &RealAlgebraic) -> Option<BigRational> {
        let (lo, hi) = match a.cmp(b) {
            Ordering::Equal => return None,
            Ordering::Less => (a, b),
            Ordering::Greater => (b, a),
        };
        let mut lo = lo.clone();
        let mut hi = hi.clone();
        loop {
            // Dyadic ends (every isolating interval, and dyadic rationals
            // such as the usual 0 and 1): no fraction is built until the
            // answer.
            if let (Some(up), Some(down)) = (lo.upper_dyadic(), hi.lower_dyadic()) {
                if up < down {
                    return Some(Dyadic::simplest_between(&up, &down).to_rational());
                }
            } else {
                let (_, lo_up) = lo.interval();
                let (hi_down, _) = hi.interval();
                if lo_up < hi_down {
                    return Some(simplest_dyadic_between(&lo_up, &hi_down));
                }
            }
            if lo.as_rational().is_none() {
                lo.refine();
            }
            if hi.as_rational().is_none() {
                hi.refine();
            }
        }
    }

    /// The upper end of the isolating interval as a dyadic (the value itself
    /// for a dyadic rational); `None` for a rational that is not dyadic.
    fn upper_dyadic(&self) -> Option<Dyadic> {
        match &self.repr {
            Repr::Rational(q) => Dyadic::of_rational(q),
            Repr::Root(r) => Some(r.hi.clone()),
        }
    }

    /// The lower end, as [`RealAlgebraic::upper_dyadic`].
    fn lower_dyadic(&self) -> Option<Dyadic> {
        match &self.repr {
            Repr::Rational(q) => Dyadic::of_rational(q),
            Repr::Root(r) => Some(r.lo.clone()),
        }
    }

    /// Both numbers as roots (rationals included), refined until they
    /// separate or proven equal.
    fn cmp_roots(a: &Root, b: &Root) -> Ordering {
        if Arc::ptr_eq(&a.poly, &b.poly) && a.lo == b.lo && a.hi == b.hi {
            return Ordering::Equal;
        }
        let mut a = a.clone();
        let mut b = b.clone();
        let mut rounds = 0;
        loop {
            if a.hi <= b.lo {
                return Ordering::Less;
            }
            if b.hi <= a.lo {
                return Ordering::Greater;
            }
            rounds += 1;
            if rounds == 8 {
                // Still overlapping: decide equality exactly once.
                let g = a.poly.gcd_int(&b.poly);
                if !g.is_constant() && g.sign_at_dyadic(&a.lo) != g.sign_at_dyadic(&a.hi) {
                    // a is a root of g, hence of b.poly; it equals b's root
                    // if it lies in b's interval.
                    let a_val = RealAlgebraic {
                        repr: Repr::Root(a.clone()),
                    };
                    if a_val.cmp_rational(&b.lo.to_rational()).is_gt()
                        && a_val.cmp_rational(&b.hi.to_rational()).is_lt()
                    {
                        return Ordering::Equal;
                    }
                }
            }
            // Refine the wider interval (both when equal).
            let wa = Dyadic::width_at(&a.lo, &a.hi, a.width_exp().max(b.width_exp()));
            let wb = Dyadic::width_at(&b.lo, &b.hi, a.width_exp().max(b.width_exp()));
            if wa >= wb {
                if let Some(x) = a.bisect() {
                    return RealAlgebraic::from_rational(x).cmp(&RealAlgebraic {
                        repr: Repr::Root(b),
                    });
                }
            }
            if wb >= wa {
                if let Some(x) = b.bisect() {
                    return RealAlgebraic {
                        repr: Repr::Root(a),
                    }
                    .cmp(&RealAlgebraic::from_rational(x));
                }
            }
        }
    }
}

/// The dyadic with the fewest bits in the open interval `(lo, hi)`.
fn simplest_dyadic_between(lo: &BigRational, hi: &BigRational) -> BigRational {
    debug_assert!(lo < hi);
    let zero = BigRational::from_integer(BigInt::from(0));
    if lo < &zero && &zero < hi {
        return zero;
    }
    let mut k = 0u64;
    loop {
        // the smallest m / 2^k > lo
        let d = Dyadic::floor_of(lo, k);
        let next = Dyadic::new(d.num_at(k) + 1, k);
        if next.cmp_rational(hi).is_lt() {
            return next.to_rational();
        }
        k += 1;
    }
}

impl PartialEq for RealAlgebraic {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for RealAlgebraic {}

impl PartialOrd for RealAlgebraic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for RealAlgebraic {
    /// Exact comparison (see the module documentation).
    fn cmp(&self, other: &Self) -> Ordering {
        match (&self.repr, &other.repr) {
            (Repr::Rational(a), Repr::Rational(b)) => a.cmp(b),
            (Repr::Root(a), Repr::Rational(q)) => a.cmp_rational(q),
            (Repr::Rational(q), Repr::Root(b)) => b.cmp_rational(q).reverse(),
            (Repr::Root(a), Repr::Root(b)) => RealAlgebraic::cmp_roots(a, b),
        }
    }
}

impl fmt::Display for RealAlgebraic {
    /// `p/q` for a rational; `root of <poly> in (lo, hi)` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.repr {
            Repr::Rational(q) => write!(f, "{q}"),
            Repr::Root(r) => write!(f, "root of {} in ({}, {})", r.poly, r.lo, r.hi),
        }
    }
}

impl From<BigRational> for RealAlgebraic {
    fn from(q: BigRational) -> Self {
        Self::from_rational(q)
    }
}

impl RealAlgebraic {
    /// `|self|` is at most this rational (the upper end of the interval in
    /// absolute value); used for scale-aware tolerances.
    pub fn abs_upper_bound(&self) -> BigRational {
        let (lo, hi) = self.interval();
        lo.abs().max(hi.abs())
    }
}
