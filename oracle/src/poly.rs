//! The referee's own polynomials over the rationals: deliberately plain.
//!
//! Nothing here is shared with the solver crate. Speed is secondary; every
//! function is short enough to check by reading. Root counting uses Sturm's
//! theorem with exact rational remainders on the square-free part; a
//! Descartes test on the interval serves only as a quick *sufficient* check
//! that a polynomial has no root there, never as the final word when it
//! cannot certify.
//!
//! Arithmetic on coefficients goes through the crate's `arith` module (fractions
//! reduced by Euclid's algorithm: the binary gcd behind `Ratio`'s operators
//! made the referee several times slower); values are evaluated and signs
//! taken over the integers, with one division at most.

use crate::arith;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;

/// An exact rational number.
pub type Q = BigRational;

/// `n / d` as an exact rational (`d != 0`).
pub fn q(n: i64, d: i64) -> Q {
    Q::new(BigInt::from(n), BigInt::from(d))
}

/// A polynomial `c0 + c1 t + ...` over the rationals; no trailing zero
/// coefficient is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Poly {
    c: Vec<Q>,
}

impl Poly {
    /// The polynomial with these coefficients, degree 0 first.
    pub fn new(mut c: Vec<Q>) -> Poly {
        while c.last().is_some_and(Zero::is_zero) {
            c.pop();
        }
        Poly { c }
    }

    /// The zero polynomial.
    pub fn zero() -> Poly {
        Poly { c: Vec::new() }
    }

    /// The constant `v`.
    pub fn constant(v: Q) -> Poly {
        Poly::new(vec![v])
    }

    /// The polynomial `t`.
    pub fn t() -> Poly {
        Poly::new(vec![Q::zero(), Q::one()])
    }

    /// The coefficients, degree 0 first.
    pub fn coeffs(&self) -> &[Q] {
        &self.c
    }

    /// True for the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.c.is_empty()
    }

    /// The degree; `None` for zero.
    pub fn degree(&self) -> Option<usize> {
        self.c.len().checked_sub(1)
    }

    /// The integer numerators over the common denominator `D > 0`:
    /// `self = (sum n_i t^i) / D`.
    fn over_common_denominator(&self) -> (Vec<BigInt>, BigInt) {
        let mut d = BigInt::one();
        for c in &self.c {
            if !c.denom().is_one() {
                let g = arith::gcd(&d, c.denom());
                d = &d / g * c.denom();
            }
        }
        let n = self
            .c
            .iter()
            .map(|c| {
                if c.denom() == &d {
                    c.numer().clone()
                } else {
                    c.numer() * (&d / c.denom())
                }
            })
            .collect();
        (n, d)
    }

    /// `D d^n self(x)` for `x = m / d` (lowest terms, `d > 0`) and the
    /// common denominator `D > 0` of the coefficients: an integer with the
    /// sign of `self(x)`, by Horner's rule on the homogenised polynomial.
    fn scaled_value(&self, x: &Q) -> (BigInt, BigInt) {
        let (n, big_d) = self.over_common_denominator();
        let (m, d) = (x.numer(), x.denom());
        let mut acc = BigInt::zero();
        let mut d_pow = BigInt::one();
        for a in n.iter().rev() {
            acc = acc * m + a * &d_pow;
            if !d.is_one() {
                d_pow *= d;
            }
        }
        // acc = sum n_i m^i d^(deg - i); the factor is D d^deg
        let factor = if d.is_one() {
            big_d
        } else {
            big_d * num_traits::pow(d.clone(), self.c.len().saturating_sub(1))
        };
        (acc, factor)
    }

    /// The value at `x`.
    pub fn eval(&self, x: &Q) -> Q {
        let (v, factor) = self.scaled_value(x);
        arith::ratio(v, factor)
    }

    /// The sign of the value at `x`: -1, 0 or 1.
    pub fn sign_at(&self, x: &Q) -> i32 {
        let (v, _) = self.scaled_value(x);
        if v.is_positive() {
            1
        } else if v.is_negative() {
            -1
        } else {
            0
        }
    }

    /// The coefficients of `self` and `other` of each degree up to the
    /// larger one, by reference (a missing one is `zero`).
    fn paired<'a>(&'a self, other: &'a Poly, zero: &'a Q) -> impl Iterator<Item = (&'a Q, &'a Q)> {
        let n = self.c.len().max(other.c.len());
        (0..n).map(move |i| {
            (
                self.c.get(i).unwrap_or(zero),
                other.c.get(i).unwrap_or(zero),
            )
        })
    }

    /// `self + other`.
    pub fn add(&self, other: &Poly) -> Poly {
        let zero = Q::zero();
        Poly::new(
            self.paired(other, &zero)
                .map(|(a, b)| arith::add(a, b))
                .collect(),
        )
    }

    /// `self - other`.
    pub fn sub(&self, other: &Poly) -> Poly {
        let zero = Q::zero();
        Poly::new(
            self.paired(other, &zero)
                .map(|(a, b)| arith::sub(a, b))
                .collect(),
        )
    }

    /// `self * other`: the product of the integer numerators, divided once
    /// by the product of the common denominators.
    pub fn mul(&self, other: &Poly) -> Poly {
        if self.is_zero() || other.is_zero() {
            return Poly::zero();
        }
        // a constant factor: each coefficient times it
        if let [k] = self.c.as_slice() {
            return other.scale(k);
        }
        if let [k] = other.c.as_slice() {
            return self.scale(k);
        }
        let (a, da) = self.over_common_denominator();
        let (b, db) = other.over_common_denominator();
        let mut c = vec![BigInt::zero(); a.len() + b.len() - 1];
        for (i, x) in a.iter().enumerate() {
            if x.is_zero() {
                continue;
            }
            for (j, y) in b.iter().enumerate() {
                c[i + j] += x * y;
            }
        }
        let d = da * db;
        Poly::new(c.into_iter().map(|n| arith::ratio(n, d.clone())).collect())
    }

    /// `v * self`.
    pub fn scale(&self, v: &Q) -> Poly {
        Poly::new(self.c.iter().map(|a| arith::mul(a, v)).collect())
    }

    /// The coefficient of `t^i`.
    pub fn coeff(&self, i: usize) -> Q {
        self.c.get(i).cloned().unwrap_or_else(Q::zero)
    }

    /// The derivative.
    pub fn derivative(&self) -> Poly {
        Poly::new(
            self.c
                .iter()
                .enumerate()
                .skip(1)
                .map(|(i, a)| arith::mul(a, &Q::from_integer(BigInt::from(i))))
                .collect(),
        )
    }

    /// Quotient and remainder by a non-zero divisor.
    pub fn div_rem(&self, d: &Poly) -> (Poly, Poly) {
        let dd = d.degree().expect("division by zero polynomial");
        let lead = d.c[dd].clone();
        let mut r = self.c.clone();
        let mut quo = vec![Q::zero(); self.c.len().saturating_sub(dd)];
        while r.len() > dd {
            let k = r.len() - 1 - dd;
            let f = arith::div(r.last().expect("non-empty"), &lead);
            for (j, b) in d.c.iter().enumerate() {
                r[k + j] = arith::sub(&r[k + j], &arith::mul(&f, b));
            }
            quo[k] = f;
            r.pop();
            while r.last().is_some_and(Zero::is_zero) {
                r.pop();
            }
        }
        (Poly::new(quo), Poly::new(r))
    }

    /// The same polynomial scaled by a positive rational so that its
    /// coefficients are coprime integers: same roots, same signs everywhere.
    pub fn primitive(&self) -> Poly {
        if self.is_zero() {
            return Poly::zero();
        }
        let (ints, _) = self.over_common_denominator();
        Poly::new(
            primitive_ints(ints)
                .into_iter()
                .map(Q::from_integer)
                .collect(),
        )
    }

    /// The monic greatest common divisor, by Euclid's algorithm on integer
    /// polynomials: pseudo-remainders made primitive at each step (the gcd
    /// in `Q[t]` is the same up to a constant factor).
    pub fn gcd(&self, other: &Poly) -> Poly {
        let (mut a, mut b) = (integer_coeffs(self), integer_coeffs(other));
        while !b.is_empty() {
            let r = primitive_ints(pseudo_remainder(&a, &b).0);
            a = b;
            b = r;
        }
        match a.last() {
            None => Poly::zero(),
            Some(l) => {
                let l = l.clone();
                Poly::new(a.into_iter().map(|c| arith::ratio(c, l.clone())).collect())
            }
        }
    }

    /// The square-free part (same distinct roots, each simple).
    pub fn square_free(&self) -> Poly {
        if self.degree().unwrap_or(0) == 0 {
            return self.clone();
        }
        let g = self.gcd(&self.derivative());
        self.div_rem(&g).0
    }

    /// `self(a + w s)` as a polynomial in `s`.
    /// The integer coefficients (in `s`) of a positive multiple of
    /// `p(a + w s)`: with `D = den(a) den(w)`, `A = a D`, `W = w D` and the
    /// primitive integer coefficients `c_i` of `p` (degree `n`), Horner's
    /// rule `acc <- acc (A + W s) + c_i D^(n-i)` gives `D^n p(a + w s)` up to
    /// a positive factor, with integer arithmetic only.
    fn rescaled_integer(&self, a: &Q, w: &Q) -> Vec<BigInt> {
        let c = integer_coeffs(self);
        let d = a.denom() * w.denom();
        let big_a = a.numer() * w.denom();
        let big_w = w.numer() * a.denom();
        let mut acc: Vec<BigInt> = Vec::new();
        let mut d_pow = BigInt::one();
        for ci in c.iter().rev() {
            // acc * (A + W s)
            let mut next = vec![BigInt::zero(); acc.len() + 1];
            for (k, x) in acc.iter().enumerate() {
                next[k] += x * &big_a;
                next[k + 1] += x * &big_w;
            }
            next[0] += ci * &d_pow;
            acc = next;
            d_pow *= &d;
        }
        while acc.len() > 1 && acc.last().is_some_and(|x| x.is_zero()) {
            acc.pop();
        }
        acc
    }
}

/// The sign of a rational: -1, 0 or 1.
pub fn sign(v: &Q) -> i32 {
    if v.is_positive() {
        1
    } else if v.is_negative() {
        -1
    } else {
        0
    }
}

/// The number of distinct real roots of `p` (non-zero) in the closed
/// interval `[a, b]`, `a <= b`, by Sturm's theorem on the square-free part:
/// `V(a) - V(b)` counts the roots in `(a, b]`, plus one when `a` is a root.
pub fn count_roots_closed(p: &Poly, a: &Q, b: &Q) -> usize {
    assert!(!p.is_zero(), "the zero polynomial has no isolated roots");
    let s = p.square_free();
    if s.degree().unwrap_or(0) == 0 {
        return 0;
    }
    // S(i+1) = -rem(S(i-1), S(i)), each scaled by a positive rational to a
    // primitive integer polynomial (signs, hence sign changes, unchanged).
    // Over the integers: prem(f, g) = lc(g)^k rem(f, g) (k steps),
    // so -rem is a positive multiple of -prem, or of prem when that power
    // of lc(g) is negative.
    let mut seq = vec![integer_coeffs(&s), integer_coeffs(&s.derivative())];
    loop {
        let n = seq.len();
        let (f, g) = (&seq[n - 2], &seq[n - 1]);
        let (r, power) = pseudo_remainder(f, g);
        let lead_power_negative = g.last().expect("non-zero").is_negative() && power % 2 == 1;
        if r.is_empty() {
            break;
        }
        let next = if lead_power_negative {
            r
        } else {
            r.into_iter().map(|c| -c).collect()
        };
        seq.push(primitive_ints(next));
    }
    let seq: Vec<Poly> = seq
        .into_iter()
        .map(|c| Poly::new(c.into_iter().map(Q::from_integer).collect()))
        .collect();
    let variations = |x: &Q| -> usize {
        let signs: Vec<i32> = seq
            .iter()
            .map(|f| f.sign_at(x))
            .filter(|&v| v != 0)
            .collect();
        signs.windows(2).filter(|w| w[0] != w[1]).count()
    };
    let interior = variations(a).saturating_sub(variations(b));
    interior + usize::from(s.sign_at(a) == 0)
}

/// True when `p` has no root in the closed interval `[a, b]`.
///
/// Quick sufficient test first: Descartes' rule of signs on `[a, b]` and on
/// halves of it, down to a fixed depth (if `q(s) = p(a + (b - a) s)`
/// rewritten as `(1 + u)^n q(1/(1 + u))` has coefficients of one strict
/// sign, `q` has no root in `(0, 1)`), with exact integer coefficients.
/// Whatever part it cannot clear is decided by Sturm's theorem.
pub fn no_root_in(p: &Poly, a: &Q, b: &Q) -> bool {
    let sign_a = p.sign_at(a);
    if sign_a == 0 || p.sign_at(b) != sign_a {
        return false; // a root at an end, or a sign change between them
    }
    if a >= b {
        return true;
    }
    // pieces [a + (b - a) lo, a + (b - a) hi] still to clear, as integer
    // polynomials in s on [0, 1]; a piece next to a root just outside the
    // interval needs depth ~ log2(1 / distance), hence the generous cap
    let w = b - a;
    let mut stack: Vec<(Vec<BigInt>, Q, Q, u32)> =
        vec![(p.rescaled_integer(a, &w), Q::zero(), Q::one(), 0)];
    while let Some((qs, lo, hi, depth)) = stack.pop() {
        if variations_on_unit(&qs) == 0 {
            continue;
        }
        if depth >= 200 {
            if count_roots_closed(p, &(a + &w * &lo), &(a + &w * &hi)) > 0 {
                return false;
            }
            continue;
        }
        let mid = arith::midpoint(&lo, &hi);
        if p.sign_at(&arith::add(a, &arith::mul(&w, &mid))) != sign_a {
            return false; // a root at or before the midpoint
        }
        // left: 2^n q(s/2); right: the left one shifted by one
        let n = qs.len() - 1;
        let left: Vec<BigInt> = qs.iter().enumerate().map(|(i, c)| c << (n - i)).collect();
        let right = taylor_shift_one(&left);
        stack.push((left, lo, mid.clone(), depth + 1));
        stack.push((right, mid, hi, depth + 1));
    }
    true
}

fn integer_coeffs(p: &Poly) -> Vec<BigInt> {
    p.primitive().c.iter().map(|c| c.numer().clone()).collect()
}

/// `lc(b)^k a mod b` over the integers (`b` non-zero), with the `k` used
/// (at most `deg a - deg b + 1`: one factor per elimination step).
fn pseudo_remainder(a: &[BigInt], b: &[BigInt]) -> (Vec<BigInt>, usize) {
    let db = b.len() - 1;
    let mut r = a.to_vec();
    let mut k = 0;
    while r.len() > db && !r.is_empty() {
        let top = r.len() - 1;
        let lr = r.pop().expect("non-empty");
        for c in r.iter_mut() {
            *c *= &b[db];
        }
        k += 1;
        for (j, bj) in b[..db].iter().enumerate() {
            r[top - db + j] -= &lr * bj;
        }
        while r.last().is_some_and(Zero::is_zero) {
            r.pop();
        }
    }
    (r, k)
}

/// Divides out the content (a positive integer), leaving coprime integers.
fn primitive_ints(v: Vec<BigInt>) -> Vec<BigInt> {
    let mut g = BigInt::zero();
    for c in &v {
        g = arith::gcd(&g, c);
        if g.is_one() {
            return v;
        }
    }
    if g.is_zero() {
        return v;
    }
    v.into_iter().map(|c| c / &g).collect()
}

fn taylor_shift_one(c: &[BigInt]) -> Vec<BigInt> {
    let mut c = c.to_vec();
    let n = c.len();
    for i in 0..n {
        for j in (i..n.saturating_sub(1)).rev() {
            let next = c[j + 1].clone();
            c[j] += next;
        }
    }
    c
}

/// Sign variations of `(1 + u)^n q(1/(1 + u))`: an upper bound on the
/// roots of `q` in `(0, 1)`, zero only when there are none.
fn variations_on_unit(qs: &[BigInt]) -> usize {
    let reversed: Vec<BigInt> = qs.iter().rev().cloned().collect();
    let shifted = taylor_shift_one(&reversed);
    let signs: Vec<i32> = shifted
        .iter()
        .filter(|c| !c.is_zero())
        .map(|c| if c.is_positive() { 1 } else { -1 })
        .collect();
    signs.windows(2).filter(|w| w[0] != w[1]).count()
}

/// True when `p(t) > 0` for every `t` in the closed interval `[a, b]`.
pub fn positive_on(p: &Poly, a: &Q, b: &Q) -> bool {
    p.sign_at(a) > 0 && no_root_in(p, a, b)
}

/// Compares rationals (a readable alias).
pub fn cmp(a: &Q, b: &Q) -> Ordering {
    a.cmp(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(c: &[i64]) -> Poly {
        Poly::new(c.iter().map(|&v| q(v, 1)).collect())
    }

    #[test]
    fn rescales_over_the_integers_by_a_positive_factor() {
        // t^2 - 2 at t = 1/2 + 3/4 s is 9/16 s^2 + 3/4 s - 7/4; D = 8, times
        // D^2 = 64: 36 s^2 + 48 s - 112
        let f = p(&[-2, 0, 1]);
        let ints = |v: &[i64]| v.iter().map(|&x| BigInt::from(x)).collect::<Vec<_>>();
        assert_eq!(
            f.rescaled_integer(&q(1, 2), &q(3, 4)),
            ints(&[-112, 48, 36])
        );
        // a constant becomes a positive multiple of itself: its sign stays
        assert_eq!(p(&[5]).rescaled_integer(&q(1, 3), &q(2, 7)), ints(&[1]));
        assert_eq!(p(&[-5]).rescaled_integer(&q(1, 3), &q(2, 7)), ints(&[-1]));
    }

    #[test]
    fn counts_roots_on_closed_intervals() {
        // (t - 1)(t - 2)(t - 3)
        let f = p(&[-6, 11, -6, 1]);
        assert_eq!(count_roots_closed(&f, &q(0, 1), &q(4, 1)), 3);
        assert_eq!(count_roots_closed(&f, &q(1, 1), &q(2, 1)), 2);
        assert_eq!(count_roots_closed(&f, &q(3, 2), &q(5, 2)), 1);
        assert_eq!(count_roots_closed(&f, &q(5, 4), &q(7, 4)), 0);
        // repeated root counted once
        let g = p(&[1, -2, 1]).mul(&p(&[-2, 0, 1]));
        assert_eq!(count_roots_closed(&g, &q(0, 1), &q(2, 1)), 2);
        assert_eq!(count_roots_closed(&g, &q(1, 1), &q(1, 1)), 1);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

        /// Sturm counts (integer pseudo-remainders with the sign correction)
        /// equal the number of distinct known roots in the interval: the
        /// polynomial is a scaled product of linear factors with random
        /// rational roots (repeats allowed) and a factor `t^2 + c` (`c > 0`)
        /// without real roots; evaluation at a rational agrees with `Ratio`.
        #[test]
        fn sturm_counts_known_roots(
            roots in proptest::collection::vec((-20i64..20, 1i64..6), 1..7),
            c in 1i64..9,
            scale in proptest::prop_oneof![-7i64..-1, 1i64..7],
            ends in (-25i64..25, -25i64..25, 1i64..5),
        ) {
            let mut f = Poly::constant(q(scale, 3)).mul(&p(&[c, 0, 1]));
            for &(n, d) in &roots {
                f = f.mul(&Poly::new(vec![q(-n, d), q(1, 1)]));
            }
            let (lo, hi) = (q(ends.0.min(ends.1), ends.2), q(ends.0.max(ends.1), ends.2));
            let mut distinct: Vec<Q> = roots.iter().map(|&(n, d)| q(n, d)).collect();
            distinct.sort();
            distinct.dedup();
            let expected = distinct.iter().filter(|r| **r >= lo && **r <= hi).count();
            proptest::prop_assert_eq!(count_roots_closed(&f, &lo, &hi), expected);
            let mut naive = Q::zero();
            for a in f.coeffs().iter().rev() {
                naive = naive * &lo + a;
            }
            proptest::prop_assert_eq!(f.eval(&lo), naive);
        }
    }

    #[test]
    fn positivity_on_intervals() {
        let f = p(&[1, 0, -1]); // 1 - t^2
        assert!(positive_on(&f, &q(-1, 2), &q(1, 2)));
        assert!(!positive_on(&f, &q(0, 1), &q(1, 1)));
        assert!(!positive_on(&f, &q(2, 1), &q(3, 1)));
        // (t - 1/2)^2 + 2^-40: positive, but Descartes cannot tell on [0, 1]
        let eps = Q::new(BigInt::one(), BigInt::one() << 40u32);
        let g = p(&[1, -4, 4]).scale(&q(1, 4)).add(&Poly::constant(eps));
        assert!(positive_on(&g, &q(0, 1), &q(1, 1)));
        // and (t - 1/2)^2 is not
        let h = p(&[1, -4, 4]);
        assert!(!positive_on(&h, &q(0, 1), &q(1, 1)));
    }
}
