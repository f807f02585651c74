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
use crate::budget::{self, Activity};
use crate::scalar::{BigInt, BigRational, Ring, Sign};
use std::cmp::Ordering;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

/// An exact real algebraic number.
#[derive(Clone, Debug)]
pub struct RealAlgebraic {
    repr: Repr,
}

#[derive(Clone, Debug)]
enum Repr {
    Rational(BigRational),
    Root(SharedRoot),
}

/// What is known of a root: an isolating interval, or (when a bisection
/// point hit it) its exact rational value.
#[derive(Clone, Debug)]
enum Known {
    Interval(Root),
    Exact(BigRational),
}

/// A root's best known isolating interval, shared by every clone of the
/// number. Comparisons and signs refine a working copy and publish it back
/// (the intersection with what is known: both isolate the same root of the
/// same polynomial), so the next comparison, by any clone, starts from the
/// narrower interval instead of refining again. The value never changes;
/// only how precisely it is known. No two locks are ever held at once.
#[derive(Clone, Debug)]
struct SharedRoot {
    /// The defining polynomial (also in the interval, for the working
    /// copies).
    poly: Arc<Poly<BigInt>>,
    known: Arc<Mutex<Known>>,
}

impl SharedRoot {
    fn new(root: Root) -> Self {
        SharedRoot {
            poly: Arc::clone(&root.poly),
            known: Arc::new(Mutex::new(Known::Interval(root))),
        }
    }

    /// A working copy of what is known.
    fn get(&self) -> Known {
        self.known
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Publishes a refined working copy (or its exact value).
    fn publish(&self, found: &Known) {
        let mut known = self.known.lock().unwrap_or_else(PoisonError::into_inner);
        match (&mut *known, found) {
            (Known::Exact(_), _) => {}
            (slot @ Known::Interval(_), Known::Exact(q)) => *slot = Known::Exact(q.clone()),
            (Known::Interval(old), Known::Interval(new)) => {
                if new.lo > old.lo {
                    old.lo = new.lo.clone();
                }
                if new.hi < old.hi {
                    old.hi = new.hi.clone();
                }
            }
        }
    }

    fn same(&self, other: &SharedRoot) -> bool {
        Arc::ptr_eq(&self.known, &other.known)
    }
}

impl Known {
    /// Compares with a rational exactly.
    fn cmp_rational(&self, q: &BigRational) -> Ordering {
        match self {
            Known::Exact(x) => x.cmp(q),
            Known::Interval(r) => r.cmp_rational(q),
        }
    }

    /// The lower and upper ends as dyadics (`None` for a non-dyadic exact
    /// value).
    fn dyadic_ends(&self) -> Option<(Dyadic, Dyadic)> {
        match self {
            Known::Exact(q) => Dyadic::of_rational(q).map(|d| (d.clone(), d)),
            Known::Interval(r) => Some((r.lo.clone(), r.hi.clone())),
        }
    }

    fn interval(&self) -> (BigRational, BigRational) {
        match self {
            Known::Exact(q) => (q.clone(), q.clone()),
            Known::Interval(r) => (r.lo.to_rational(), r.hi.to_rational()),
        }
    }

    /// One bisection (a no-op for an exact value).
    fn refine(&mut self) {
        if let Known::Interval(r) = self {
            if let Some(q) = r.bisect() {
                *self = Known::Exact(q);
            }
        }
    }
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
        budget::tick();
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
        budget::tick();
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
            repr: Repr::Root(SharedRoot::new(Root {
                poly,
                lo,
                hi,
                sign_lo,
            })),
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
            Repr::Root(shared) => (*shared.poly).clone(),
        }
    }

    /// The current isolating interval `[lo, hi]` (both ends equal to the value
    /// for a rational).
    pub fn interval(&self) -> (BigRational, BigRational) {
        match &self.repr {
            Repr::Rational(q) => (q.clone(), q.clone()),
            Repr::Root(shared) => shared.get().interval(),
        }
    }

    /// One bisection of the isolating interval (no-op for a rational).
    pub fn refine(&mut self) {
        if let Repr::Root(shared) = &self.repr {
            let mut known = shared.get();
            known.refine();
            shared.publish(&known);
            if let Known::Exact(q) = known {
                self.repr = Repr::Rational(q);
            }
        }
    }

    /// Refines (by quadratic interval refinement) until `done` holds for the
    /// isolating interval or the number becomes an exact rational.
    fn refine_until(&mut self, mut done: impl FnMut(&Dyadic, &Dyadic) -> bool) {
        let Repr::Root(shared) = &self.repr else {
            return;
        };
        let mut known = shared.get();
        let _doing = match &known {
            Known::Interval(r) => Some(budget::doing(Activity::RefiningRoot(
                r.poly.degree().unwrap_or(0),
            ))),
            Known::Exact(_) => None,
        };
        let mut j = 2;
        while let Known::Interval(r) = &mut known {
            if done(&r.lo, &r.hi) {
                break;
            }
            if let Some(q) = r.qir_step(&mut j) {
                known = Known::Exact(q);
            }
        }
        shared.publish(&known);
        if let Known::Exact(q) = known {
            self.repr = Repr::Rational(q);
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
    /// object, docs/FORMAT.md 3).
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
            Repr::Root(shared) => shared.get().cmp_rational(q),
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
    pub(crate) fn sign_of_integer(&self, q: &Poly<BigInt>) -> Sign {
        let shared = match &self.repr {
            Repr::Rational(x) => return q.sign_at_rational(x),
            Repr::Root(shared) => shared,
        };
        if q.is_constant() {
            return q.leading().map_or(Sign::Zero, Ring::sign);
        }
        let mut r = match shared.get() {
            Known::Exact(x) => return q.sign_at_rational(&x),
            Known::Interval(r) => r,
        };
        if descartes_bound(q, &r.lo, &r.hi) == 0 {
            return q.sign_at_dyadic(&Dyadic::midpoint(&r.lo, &r.hi));
        }
        let g = r.poly.gcd_int(q);
        if !g.is_constant() && g.sign_at_dyadic(&r.lo) != g.sign_at_dyadic(&r.hi) {
            return Sign::Zero;
        }
        loop {
            if let Some(x) = r.bisect() {
                shared.publish(&Known::Exact(x.clone()));
                return q.sign_at_rational(&x);
            }
            if descartes_bound(q, &r.lo, &r.hi) == 0 {
                shared.publish(&Known::Interval(r.clone()));
                return q.sign_at_dyadic(&Dyadic::midpoint(&r.lo, &r.hi));
            }
        }
    }

    /// A rational strictly between `a` and `b` (in either order), with a
    /// small dyadic denominator where possible; `None` when they are equal.
    pub fn rational_between(a: &RealAlgebraic, b: &RealAlgebraic) -> Option<BigRational> {
        if let (Repr::Root(x), Repr::Root(y)) = (&a.repr, &b.repr) {
            if x.same(y) {
                return None;
            }
        }
        // Refine both until one lies wholly below the other, without
        // deciding the order first (that would refine them twice).
        let (mut x, mut y) = (a.known(), b.known());
        let mut rounds = 0;
        let between = loop {
            if let Some(q) = Known::gap(&x, &y).or_else(|| Known::gap(&y, &x)) {
                break Some(q);
            }
            rounds += 1;
            if rounds == 8 {
                // Still overlapping: perhaps equal; decide it exactly.
                a.publish(&x);
                b.publish(&y);
                if a.cmp(b) == Ordering::Equal {
                    return None;
                }
                (x, y) = (a.known(), b.known());
                continue;
            }
            x.refine();
            y.refine();
        };
        a.publish(&x);
        b.publish(&y);
        between
    }

    /// A copy that shares no refinement with `self` from now on (the same
    /// number): refining it leaves the intervals other clones start from
    /// as they are.
    #[must_use]
    pub fn detached(&self) -> Self {
        match self.known() {
            Known::Exact(q) => Self::from_rational(q),
            Known::Interval(r) => RealAlgebraic {
                repr: Repr::Root(SharedRoot::new(r)),
            },
        }
    }

    /// A working copy of what is known of the number.
    fn known(&self) -> Known {
        match &self.repr {
            Repr::Rational(q) => Known::Exact(q.clone()),
            Repr::Root(shared) => shared.get(),
        }
    }

    /// Publishes a refined working copy to every clone.
    fn publish(&self, known: &Known) {
        if let Repr::Root(shared) = &self.repr {
            shared.publish(known);
        }
    }

    /// Two roots compared from their best known intervals, refined until
    /// they separate or proven equal; the refinement is kept.
    fn cmp_roots(a: &SharedRoot, b: &SharedRoot) -> Ordering {
        if a.same(b) {
            return Ordering::Equal;
        }
        let (mut x, mut y) = (a.get(), b.get());
        let order = Known::cmp_refining(&mut x, &mut y);
        a.publish(&x);
        b.publish(&y);
        order
    }
}

impl Known {
    /// A rational strictly between, when `x` lies wholly below `y`: the
    /// simplest dyadic (no fraction is built until the answer when the ends
    /// are dyadic, as isolating intervals and the usual 0 and 1 are).
    fn gap(x: &Known, y: &Known) -> Option<BigRational> {
        match (x.dyadic_ends(), y.dyadic_ends()) {
            (Some((_, up)), Some((down, _))) => {
                (up < down).then(|| Dyadic::simplest_between(&up, &down).to_rational())
            }
            _ => {
                let (_, up) = x.interval();
                let (down, _) = y.interval();
                (up < down).then(|| simplest_dyadic_between(&up, &down))
            }
        }
    }

    /// The exact order of two working copies, refining them (by bisection
    /// of the wider) until they separate, or proving them equal.
    fn cmp_refining(x: &mut Known, y: &mut Known) -> Ordering {
        let mut rounds = 0;
        let degree = |k: &Known| match k {
            Known::Interval(r) => r.poly.degree().unwrap_or(0),
            Known::Exact(_) => 1,
        };
        let _doing = budget::doing(Activity::ComparingRoots(degree(x).max(degree(y))));
        loop {
            let (a, b) = match (&*x, &*y) {
                (Known::Exact(p), Known::Exact(q)) => return p.cmp(q),
                (Known::Interval(a), Known::Exact(q)) => return a.cmp_rational(q),
                (Known::Exact(q), Known::Interval(b)) => return b.cmp_rational(q).reverse(),
                (Known::Interval(a), Known::Interval(b)) => (a, b),
            };
            if Arc::ptr_eq(&a.poly, &b.poly) && a.lo == b.lo && a.hi == b.hi {
                // one root of the polynomial in the interval
                return Ordering::Equal;
            }
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
                if !g.is_constant()
                    && g.sign_at_dyadic(&a.lo) != g.sign_at_dyadic(&a.hi)
                    // a is a root of g, hence of b's polynomial; it equals
                    // b's root if it lies in b's interval.
                    && a.cmp_rational(&b.lo.to_rational()).is_gt()
                    && a.cmp_rational(&b.hi.to_rational()).is_lt()
                {
                    return Ordering::Equal;
                }
            }
            // Refine the wider interval (both when equal).
            let k = a.width_exp().max(b.width_exp());
            let wa = Dyadic::width_at(&a.lo, &a.hi, k);
            let wb = Dyadic::width_at(&b.lo, &b.hi, k);
            if wa >= wb {
                x.refine();
            }
            if wb >= wa {
                y.refine();
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
            (Repr::Root(a), Repr::Rational(q)) => a.get().cmp_rational(q),
            (Repr::Rational(q), Repr::Root(b)) => b.get().cmp_rational(q).reverse(),
            (Repr::Root(a), Repr::Root(b)) => RealAlgebraic::cmp_roots(a, b),
        }
    }
}

impl fmt::Display for RealAlgebraic {
    /// `p/q` for a rational; `root of <poly> in (lo, hi)` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.repr {
            Repr::Rational(q) => write!(f, "{q}"),
            Repr::Root(shared) => match shared.get() {
                Known::Interval(r) => write!(f, "root of {} in ({}, {})", r.poly, r.lo, r.hi),
                Known::Exact(q) => write!(f, "{q}"),
            },
        }
    }
}

impl From<BigRational> for RealAlgebraic {
    fn from(q: BigRational) -> Self {
        Self::from_rational(q)
    }
}
