//! The referee's own polynomials over the rationals: deliberately plain.
//!
//! Nothing here is shared with the solver crate. Speed is secondary; every
//! function is short enough to check by reading. Root counting uses Sturm's
//! theorem with exact rational remainders on the square-free part; a
//! Descartes test on the interval serves only as a quick *sufficient* check
//! that a polynomial has no root there, never as the final word when it
//! cannot certify.

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

    /// The value at `x` (Horner).
    pub fn eval(&self, x: &Q) -> Q {
        let mut acc = Q::zero();
        for a in self.c.iter().rev() {
            acc = acc * x + a;
        }
        acc
    }

    /// The sign of the value at `x`: -1, 0 or 1.
    pub fn sign_at(&self, x: &Q) -> i32 {
        sign(&self.eval(x))
    }

    /// `self + other`.
    pub fn add(&self, other: &Poly) -> Poly {
        let n = self.c.len().max(other.c.len());
        Poly::new((0..n).map(|i| self.coeff(i) + other.coeff(i)).collect())
    }

    /// `self - other`.
    pub fn sub(&self, other: &Poly) -> Poly {
        let n = self.c.len().max(other.c.len());
        Poly::new((0..n).map(|i| self.coeff(i) - other.coeff(i)).collect())
    }

    /// `self * other`.
    pub fn mul(&self, other: &Poly) -> Poly {
        if self.is_zero() || other.is_zero() {
            return Poly::zero();
        }
        let mut c = vec![Q::zero(); self.c.len() + other.c.len() - 1];
        for (i, a) in self.c.iter().enumerate() {
            for (j, b) in other.c.iter().enumerate() {
                c[i + j] += a * b;
            }
        }
        Poly::new(c)
    }

    /// `v * self`.
    pub fn scale(&self, v: &Q) -> Poly {
        Poly::new(self.c.iter().map(|a| a * v).collect())
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
                .map(|(i, a)| a * Q::from_integer(BigInt::from(i)))
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
            let f = r.last().expect("non-empty") / &lead;
            for (j, b) in d.c.iter().enumerate() {
                r[k + j] -= &f * b;
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
        let mut lcm = BigInt::one();
        for c in &self.c {
            lcm = num_integer::Integer::lcm(&lcm, c.denom());
        }
        let ints: Vec<BigInt> = self
            .c
            .iter()
            .map(|c| c.numer() * (&lcm / c.denom()))
            .collect();
        let mut g = BigInt::zero();
        for i in &ints {
            g = num_integer::Integer::gcd(&g, i);
        }
        if g.is_zero() {
            return Poly::zero();
        }
        Poly::new(ints.into_iter().map(|i| Q::from_integer(i / &g)).collect())
    }

    /// The monic greatest common divisor, by Euclid's algorithm on integer
    /// polynomials: pseudo-remainders made primitive at each step (the gcd
    /// in `Q[t]` is the same up to a constant factor).
    pub fn gcd(&self, other: &Poly) -> Poly {
        let (mut a, mut b) = (integer_coeffs(self), integer_coeffs(other));
        while !b.is_empty() {
            let r = primitive_ints(pseudo_remainder(&a, &b));
            a = b;
            b = r;
        }
        match a.last() {
            None => Poly::zero(),
            Some(l) => {
                let l = Q::from_integer(l.clone());
                Poly::new(a.into_iter().map(|c| Q::from_integer(c) / &l).collect())
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
    // primitive integer polynomial (signs, hence sign changes, unchanged)
    let mut seq = vec![s.primitive(), s.derivative().primitive()];
    loop {
        let n = seq.len();
        let r = seq[n - 2].div_rem(&seq[n - 1]).1;
        if r.is_zero() {
            break;
        }
        seq.push(Poly::new(r.c.iter().map(|c| -c).collect()).primitive());
    }
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
        let mid = (&lo + &hi) / q(2, 1);
        if p.sign_at(&(a + &w * &mid)) != sign_a {
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

/// `lc(b)^(deg a - deg b + 1) a mod b` over the integers (`b` non-zero).
fn pseudo_remainder(a: &[BigInt], b: &[BigInt]) -> Vec<BigInt> {
    let db = b.len() - 1;
    let mut r = a.to_vec();
    while r.len() > db && !r.is_empty() {
        let top = r.len() - 1;
        let lr = r.pop().expect("non-empty");
        for c in r.iter_mut() {
            *c *= &b[db];
        }
        for (j, bj) in b[..db].iter().enumerate() {
            r[top - db + j] -= &lr * bj;
        }
        while r.last().is_some_and(Zero::is_zero) {
            r.pop();
        }
    }
    r
}

/// Divides out the content (a positive integer), leaving coprime integers.
fn primitive_ints(v: Vec<BigInt>) -> Vec<BigInt> {
    let mut g = BigInt::zero();
    for c in &v {
        g = num_integer::Integer::gcd(&g, c);
    }
    if g.is_zero() || g.is_one() {
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
