//! The coefficient pool of one query (module docs, "Polynomials" and
//! "Exact zeros survive rounding"): polynomials as handles into one set of
//! vectors, built with the bounds their exact zeros are cleaned against and
//! the rounding allowance their signs are read with.
#![allow(clippy::float_arithmetic)]

use super::{to_f64, EPS, GAMMA, MAX_COEFFS};
use crate::poly::Poly;
use crate::scalar::{BigRational, Sign};

/// A polynomial stored in a [`Pool`]: coefficients `off..off + n` (of
/// `t^0..t^(n-1)`), the last non-zero; `n = 0` is the zero polynomial.
/// Copying a handle copies no coefficient.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct P {
    pub(super) off: usize,
    pub(super) n: usize,
}

impl P {
    pub(super) const ZERO: P = P { off: 0, n: 0 };

    pub(super) fn is_zero(self) -> bool {
        self.n == 0
    }

    pub(super) fn degree(self) -> usize {
        self.n.saturating_sub(1)
    }
}

/// A product would exceed [`MAX_COEFFS`] coefficients (or an input is not
/// finite): the fast path declines.
#[derive(Debug)]
pub(super) struct Decline;

/// The coefficients of one query's polynomials, appended as they are
/// built, each with a bound `a >= |c|` of the absolute values it was
/// computed from (module docs, "Exact zeros survive rounding") and its
/// rounding allowance `tol` (see [`Pool::allowance`]). One set of vectors
/// per query; every operation writes its result's coefficients once, in
/// the order the sums were always taken (so results do not depend on how
/// the pool is laid out).
pub(super) struct Pool {
    pub(super) c: Vec<f64>,
    pub(super) a: Vec<f64>,
    pub(super) tol: Vec<f64>,
}

/// Sets `c` to zero when it is within `GAMMA` of its bound `a` (an
/// overflowed bound cleans nothing: the infinity stays and the query is
/// declined).
pub(super) fn clean(c: f64, a: f64) -> f64 {
    if c.abs() <= GAMMA * a && a.is_finite() {
        0.0
    } else {
        c
    }
}

impl Pool {
    pub(super) fn with_capacity(k: usize) -> Pool {
        Pool {
            c: Vec::with_capacity(k),
            a: Vec::with_capacity(k),
            tol: Vec::with_capacity(k),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.c.len()
    }

    pub(super) fn truncate(&mut self, len: usize) {
        self.c.truncate(len);
        self.a.truncate(len);
        self.tol.truncate(len);
    }

    /// True when a coefficient overflowed to infinity.
    pub(super) fn has_overflow(&self) -> bool {
        self.c.iter().any(|x| !x.is_finite())
    }

    pub(super) fn coeffs(&self, p: P) -> &[f64] {
        &self.c[p.off..p.off + p.n]
    }

    /// Appends one coefficient (already cleaned) and its bound.
    pub(super) fn push_clean(&mut self, c: f64, a: f64) {
        self.c.push(clean(c, a));
        self.a.push(a);
    }

    /// The coefficients appended (cleaned) from `start` as one polynomial:
    /// trailing zeros dropped, the allowance computed.
    pub(super) fn seal(&mut self, start: usize) -> P {
        let mut n = self.c.len() - start;
        while n > 0 && self.c[start + n - 1] == 0.0 {
            n -= 1;
        }
        self.truncate(start + n);
        if n == 0 {
            return P::ZERO;
        }
        // Per-coefficient rounding allowance: the building error `GAMMA
        // a_i` plus Horner's `4 n eps |c_i|`.
        let k = 4.0 * n as f64 * EPS;
        let Pool { c, a, tol } = self;
        debug_assert_eq!(tol.len(), start);
        tol.extend(
            c[start..]
                .iter()
                .zip(&a[start..])
                .map(|(c, a)| GAMMA * a + k * c.abs()),
        );
        P { off: start, n }
    }

    /// A polynomial from accumulated coefficients and bounds: cleaned here
    /// (in place), trailing zeros dropped, appended with its allowance (as
    /// [`Pool::seal`]) in one pass.
    pub(super) fn push_all(&mut self, c: &mut [f64], a: &[f64]) -> P {
        let mut n = 0;
        for (i, (c, &a)) in c.iter_mut().zip(a).enumerate() {
            *c = clean(*c, a);
            if *c != 0.0 {
                n = i + 1;
            }
        }
        if n == 0 {
            return P::ZERO;
        }
        let start = self.len();
        let k = 4.0 * n as f64 * EPS;
        self.c.extend_from_slice(&c[..n]);
        self.a.extend_from_slice(&a[..n]);
        self.tol.extend(
            c[..n]
                .iter()
                .zip(&a[..n])
                .map(|(c, a)| GAMMA * a + k * c.abs()),
        );
        P { off: start, n }
    }

    pub(super) fn constant(&mut self, x: f64) -> P {
        let start = self.len();
        self.push_clean(x, x.abs());
        self.seal(start)
    }

    pub(super) fn constants(&mut self, v: [f64; 3]) -> [P; 3] {
        v.map(|x| self.constant(x))
    }

    pub(super) fn push_rational(&mut self, p: &Poly<BigRational>) -> Result<P, Decline> {
        let cs = p.coeffs();
        if cs.len() > MAX_COEFFS {
            return Err(Decline);
        }
        let start = self.len();
        for q in cs {
            let x = to_f64(q);
            if !x.is_finite() {
                self.truncate(start);
                return Err(Decline);
            }
            self.push_clean(x, x.abs());
        }
        Ok(self.seal(start))
    }

    /// True when `p` is the constant `1` with bound `1` (an exact one).
    pub(super) fn is_one(&self, p: P) -> bool {
        p.n == 1 && self.c[p.off] == 1.0 && self.a[p.off] == 1.0
    }

    /// `sum_i k_i p_i`.
    pub(super) fn lin(&mut self, terms: &[(f64, P)]) -> P {
        if let [(k, p)] = terms {
            if *k == 1.0 {
                return *p;
            }
        }
        let (mut c, mut a) = ([0.0; MAX_COEFFS], [0.0; MAX_COEFFS]);
        let n = self.accumulate(terms, &mut c, &mut a);
        self.push_all(&mut c[..n], &a[..n])
    }

    /// Adds the coefficients and bounds of `sum_i k_i p_i` (not cleaned)
    /// to `c` and `a` (each coefficient summed over the terms in order);
    /// returns their number.
    pub(super) fn accumulate(
        &self,
        terms: &[(f64, P)],
        c: &mut [f64; MAX_COEFFS],
        a: &mut [f64; MAX_COEFFS],
    ) -> usize {
        let mut n = 0;
        for &(k, p) in terms {
            let ak = k.abs();
            n = n.max(p.n);
            for (d, x) in c.iter_mut().zip(self.coeffs(p)) {
                *d += k * x;
            }
            for (d, x) in a.iter_mut().zip(&self.a[p.off..p.off + p.n]) {
                *d += ak * x;
            }
        }
        n
    }

    /// The two planes `base - center` and `base + center` with `base =
    /// sum_i k_i p_i`, exactly as `lin(base, -+center)` after `base =
    /// lin(terms)` would build them, without storing `base`.
    pub(super) fn plane_pair(&mut self, terms: &[(f64, P)], center: P) -> [P; 2] {
        let (mut bc, mut ba) = ([0.0; MAX_COEFFS], [0.0; MAX_COEFFS]);
        let mut nb = self.accumulate(terms, &mut bc, &mut ba);
        for (c, a) in bc.iter_mut().zip(&ba).take(nb) {
            *c = clean(*c, *a);
        }
        // (`lin` drops the base's trailing zeros with their bounds)
        while nb > 0 && bc[nb - 1] == 0.0 {
            nb -= 1;
        }
        for x in &mut ba[nb..] {
            *x = 0.0;
        }
        // `D_{-+}` = `0 + base -+ center` term by term as `lin` sums them,
        // both with the bound `0 + |base| + |center|`, in one pass.
        let n = nb.max(center.n);
        let (mut minus, mut plus, mut a) =
            ([0.0; MAX_COEFFS], [0.0; MAX_COEFFS], [0.0; MAX_COEFFS]);
        for i in 0..n {
            minus[i] = 0.0 + bc[i];
            plus[i] = minus[i];
            a[i] = 0.0 + ba[i];
        }
        let range = center.off..center.off + center.n;
        for (i, (&x, &y)) in self.c[range.clone()].iter().zip(&self.a[range]).enumerate() {
            minus[i] -= x;
            plus[i] += x;
            a[i] += y;
        }
        [
            self.push_all(&mut minus[..n], &a[..n]),
            self.push_all(&mut plus[..n], &a[..n]),
        ]
    }

    #[cfg(test)]
    pub(super) fn sub(&mut self, x: P, y: P) -> P {
        self.lin(&[(1.0, x), (-1.0, y)])
    }

    pub(super) fn neg(&mut self, x: P) -> P {
        self.lin(&[(-1.0, x)])
    }

    pub(super) fn mul(&mut self, x: P, y: P) -> Result<P, Decline> {
        if x.is_zero() || y.is_zero() {
            return Ok(P::ZERO);
        }
        // Products with an exact one (static poses, constant denominators)
        // are the other factor.
        if self.is_one(x) {
            return Ok(y);
        }
        if self.is_one(y) {
            return Ok(x);
        }
        let n = x.n + y.n - 1;
        if n > MAX_COEFFS {
            return Err(Decline);
        }
        let (mut c, mut a) = ([0.0; MAX_COEFFS], [0.0; MAX_COEFFS]);
        let (yc, ya) = (self.coeffs(y), &self.a[y.off..y.off + y.n]);
        for (i, (&xc, &xa)) in self.coeffs(x).iter().zip(&self.a[x.off..]).enumerate() {
            for (d, v) in c[i..].iter_mut().zip(yc) {
                *d += xc * v;
            }
            for (d, v) in a[i..].iter_mut().zip(ya) {
                *d += xa * v;
            }
        }
        Ok(self.push_all(&mut c[..n], &a[..n]))
    }

    /// `sum_i k_i x_i y_i` in one accumulator: the products are not
    /// cleaned on their own, their sum is, against the sum of their
    /// bounds (each coefficient summed term by term, each product as
    /// [`Pool::mul`] sums it).
    pub(super) fn products(&mut self, terms: &[(f64, P, P)]) -> Result<P, Decline> {
        if let [(k, x, y)] = terms {
            if *k == 1.0 {
                return self.mul(*x, *y);
            }
        }
        let live = |&&(_, x, y): &&(f64, P, P)| !x.is_zero() && !y.is_zero();
        let n = terms
            .iter()
            .filter(live)
            .map(|(_, x, y)| x.n + y.n - 1)
            .max()
            .unwrap_or(0);
        if n > MAX_COEFFS {
            return Err(Decline);
        }
        let (mut c, mut a) = ([0.0; MAX_COEFFS], [0.0; MAX_COEFFS]);
        for &(k, x, y) in terms.iter().filter(live) {
            let ak = k.abs();
            let (yc, ya) = (self.coeffs(y), &self.a[y.off..y.off + y.n]);
            for (i, (&xc, &xa)) in self.coeffs(x).iter().zip(&self.a[x.off..]).enumerate() {
                let (kc, ka) = (k * xc, ak * xa);
                for (d, v) in c[i..].iter_mut().zip(yc) {
                    *d += kc * v;
                }
                for (d, v) in a[i..].iter_mut().zip(ya) {
                    *d += ka * v;
                }
            }
        }
        Ok(self.push_all(&mut c[..n], &a[..n]))
    }

    pub(super) fn eval(&self, p: P, x: f64) -> f64 {
        horner(self.coeffs(p), x)
    }

    /// The sign of the computed value (as the generic path signs an `f64`
    /// polynomial at a sample).
    pub(super) fn sign_at(&self, p: P, x: f64) -> Sign {
        sign_of(self.eval(p, x))
    }

    /// Per-coefficient rounding allowance of `p`: the building error
    /// `GAMMA a_i` plus Horner's `4 n eps |c_i|` (computed when `p` was
    /// sealed).
    pub(super) fn allowance(&self, p: P) -> &[f64] {
        &self.tol[p.off..p.off + p.n]
    }

    /// The sign at `x`, zero when the value is within the rounding
    /// allowance.
    pub(super) fn sign_tolerant(&self, p: P, x: f64) -> Sign {
        let v = self.eval(p, x);
        if v.abs() <= horner(self.allowance(p), x.abs()) {
            Sign::Zero
        } else {
            sign_of(v)
        }
    }
}

pub(super) fn sign_of(v: f64) -> Sign {
    if v > 0.0 {
        Sign::Positive
    } else if v < 0.0 {
        Sign::Negative
    } else {
        Sign::Zero
    }
}

pub(super) fn horner(c: &[f64], x: f64) -> f64 {
    c.iter().rev().fold(0.0, |v, a| v * x + a)
}

/// `p(x)` and `p'(x)` by Horner's scheme (the value exactly as
/// [`horner`] computes it).
pub(super) fn horner_with_derivative(c: &[f64], x: f64) -> (f64, f64) {
    let (mut v, mut d) = (0.0, 0.0);
    for &a in c.iter().rev() {
        d = d * x + v;
        v = v * x + a;
    }
    (v, d)
}

pub(super) fn is_numerically_zero(c: &[f64], tol: &[f64], x: f64) -> bool {
    horner(c, x).abs() <= horner(tol, x.abs())
}
