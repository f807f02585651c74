//! The dedicated `f64` path of the SGM solver: the same method as the
//! generic solve (module docs of `sgm`; the SGM paper, sections IV-A to IV-E,
//! with the pair extraction of the SGM authors' web page), written for `f64` with all
//! polynomials in one coefficient pool per query and no rational
//! arithmetic after reading the scenario.
//!
//! # What is the same
//!
//! `b` is moved into the frame of `a` (section IV-A); the real roots in
//! `[t0, t1]` of the nine entries of `L` (rigid motion: the normals'
//! entries are `w` times them) cut the homogeneous intervals; at the
//! midpoint of each, the signs of the inner values fix the 30 plane
//! polynomials `D_n(t)` (section IV-C, eqs. 3-5 and 7, written as in
//! `planes.rs`); the bounding-sphere polynomial `|T|^2 - R^2 w^2` (section
//! IV-E) drops the intervals where it stays positive; each plane is a
//! *track* (its roots in the interval and its sign between them) and the
//! cells between the roots are decided from the tracks (section IV-D). The
//! result holds every contact interval, the first contact time and the
//! touching features there.
//!
//! # What is different (ours)
//!
//! * **Scope.** Two boxes whose motions are `static`, `linear` or
//!   `rational` (rigid by construction), with plane polynomials of degree
//!   below [`MAX_COEFFS`] and no overflow to infinity. Anything else
//!   returns `None` and the caller runs the generic solve
//!   ([`solve_sgm`](super::solve_sgm)`::<f64>`).
//! * **Relative motion in `f64`.** With `x = rot(t) y / s(t) + C(t) / d(t)`
//!   for each body (`rot` the homogeneous rotation, `rot^T rot = s^2 I`),
//!   `b` in `a`'s frame is `L = rot_a^T rot_b d_a d_b`, `T = s_b rot_a^T
//!   (C_b d_a - C_a d_b)`, `w = s_a s_b d_a d_b`: `M2 M1^-1` of section IV-A
//!   without the exact path's general cancellation of common factors
//!   (they are positive on the interval, so no root or sign in it
//!   changes); the one factor the planes are known to share is removed
//!   below ("Common factors").
//! * **Shared products.** For rigid motions `b`'s face normals are `N_j =
//!   w U_j` and `det L = w^3` (no cross product is computed), so every
//!   inner value of every direction is, up to sign, one of 21 base
//!   polynomials (`w`, `w' w`, the nine `L[k][j]` and the nine `w' L[k][j]`,
//!   see `geometry`); their signs at an interval's midpoint are evaluated
//!   once and give every direction's pattern.
//! * **Common factors.** `T = s_b T'` and `w = s_b w'` with `s_b > 0` (the
//!   squared norm of `b`'s quaternion, `1` for other motions), so every
//!   term of an `EE` plane has the factor `s_b`, of a `VF` plane the factor
//!   `w s_b`, and the sphere polynomial the factor `s_b^2`: they are built
//!   divided by it (same roots and signs, lower degree: all planes of
//!   degree 4 for a degree-1 quaternion against a body at rest, as in the
//!   exact path, where `VF` planes had degree 8 and `EE` planes 6).
//! * **Exact zeros survive rounding.** Every coefficient carries a bound of
//!   the absolute values it was summed from; a coefficient within
//!   `64 eps` of that bound is set to zero. Cancellations that are exact in
//!   the rationals (an entry of `L` that vanishes for axis-aligned or
//!   parallel edges, a plane that vanishes identically for flush faces)
//!   therefore stay exact zeros, as the generic path's rounding of exact
//!   polynomials keeps them.
//! * **Polynomials** live in one coefficient pool per query
//!   (`Pool`, handles `P`), so no polynomial is copied or allocated on
//!   its own; a direction's two planes are rebuilt only when its sign
//!   pattern differs from the previous homogeneous interval's, and only
//!   when the interval needs them (below). Each operation accumulates on
//!   the stack and appends its result once, with its bounds and rounding
//!   allowance; sums of products (the rotation from the quaternion, dot
//!   and cross products, the sphere polynomial) are one operation, cleaned
//!   once as a whole.
//! * **Separated intervals.** Before any root is computed on a
//!   homogeneous interval, the planes are put through the root-free test
//!   (trying first the plane that separated the previous interval); a plane
//!   proven negative on the whole closed interval puts its bit in every
//!   cell, so the interval holds no contact and is recorded as a sphere
//!   prune records it, without the other planes' roots (the decision, the
//!   intervals and the first contact are those of the full sweep; only the
//!   work counters `cells`, `planes`, `plane_degrees` and
//!   `root_isolations` are smaller). The planes of an interval are built
//!   as this test reaches them.
//! * **Roots.** A plane is first tested root-free on the interval (a bound
//!   by the absolute coefficients, then the centred form `|p(m)| > sum_k
//!   |p^(k)(m)/k!| r^k` plus the rounding allowance, by a Taylor shift);
//!   a monotone one (the same test on the derivative) has at most one
//!   root, refined by safeguarded Newton-bisection; otherwise the interval
//!   is halved (at most 6 times) and then cut at the critical points (the
//!   roots of the derivative, recursively). A value within the rounding
//!   allowance at an end or critical point counts as a root (touching
//!   contacts), as in `poly::roots_f64`, and a run of such roots with the
//!   value within the allowance between them is one root.
//! * **Instants.** Roots of different tracks closer than `1e-12 max(1,
//!   |t|)` are one instant (exactly equal algebraic numbers in the exact
//!   path round apart in `f64`), and the homogeneous intervals' ends are
//!   merged likewise.
//!
//! # What is not guaranteed
//!
//! It is `f64`: a touching or grazing contact (a root of even
//! multiplicity, a gap of the order of the rounding allowance) may be
//! reported or missed, and times are approximations (agreement with the
//! exact path is measured in `tests/sgm_f64_fast.rs`). It never panics, never
//! loops without bound (at most 200 Newton-bisection steps per root) and
//! returns no NaN times for finite input.
#![allow(clippy::float_arithmetic)]

use super::planes::{contact_pair, BoxFeature, PlaneAxis, PlaneId, PLANE_COUNT};
use super::{unit_f64, SgmError, SgmStats};
use crate::geom::Shape;
use crate::motion::{Body, Motion};
use crate::poly::Poly;
use crate::scalar::{BigRational, Scalar, Sign};
use num_traits::ToPrimitive;

/// Coefficient capacity of the fixed-size polynomials: plane polynomials
/// (and every intermediate product) must have degree below this, else the
/// fast path declines and the generic solve runs. For `a` at rest and `b`
/// with a quaternion of degree `k` and a translation of degree `m`
/// (denominator 1), every polynomial has degree at most `max(2k + m, 2m)`
/// (module docs, "Common factors").
pub const MAX_COEFFS: usize = 32;

const EPS: f64 = f64::EPSILON;
/// A built coefficient within `GAMMA` times its absolute bound is a zero.
const GAMMA: f64 = 64.0 * EPS;
/// Relative distance below which two instants are one.
const SAME_INSTANT: f64 = 1e-12;
/// Bit of a cell mask meaning "the bounding spheres are apart".
const SPHERE_BIT: usize = PLANE_COUNT;

/// A polynomial stored in a [`Pool`]: coefficients `off..off + n` (of
/// `t^0..t^(n-1)`), the last non-zero; `n = 0` is the zero polynomial.
/// Copying a handle copies no coefficient.
#[derive(Clone, Copy, Debug, Default)]
struct P {
    off: usize,
    n: usize,
}

impl P {
    const ZERO: P = P { off: 0, n: 0 };

    fn is_zero(self) -> bool {
        self.n == 0
    }

    fn degree(self) -> usize {
        self.n.saturating_sub(1)
    }
}

/// A product would exceed [`MAX_COEFFS`] coefficients (or an input is not
/// finite): the fast path declines.
#[derive(Debug)]
struct Decline;

/// The coefficients of one query's polynomials, appended as they are
/// built, each with a bound `a >= |c|` of the absolute values it was
/// computed from (module docs, "Exact zeros survive rounding") and its
/// rounding allowance `tol` (see [`Pool::allowance`]). One set of vectors
/// per query; every operation writes its result's coefficients once, in
/// the order the sums were always taken (so results do not depend on how
/// the pool is laid out).
struct Pool {
    c: Vec<f64>,
    a: Vec<f64>,
    tol: Vec<f64>,
}

/// Sets `c` to zero when it is within `GAMMA` of its bound `a` (an
/// overflowed bound cleans nothing: the infinity stays and the query is
/// declined).
fn clean(c: f64, a: f64) -> f64 {
    if c.abs() <= GAMMA * a && a.is_finite() {
        0.0
    } else {
        c
    }
}

impl Pool {
    fn with_capacity(k: usize) -> Pool {
        Pool {
            c: Vec::with_capacity(k),
            a: Vec::with_capacity(k),
            tol: Vec::with_capacity(k),
        }
    }

    fn len(&self) -> usize {
        self.c.len()
    }

    fn truncate(&mut self, len: usize) {
        self.c.truncate(len);
        self.a.truncate(len);
        self.tol.truncate(len);
    }

    fn coeffs(&self, p: P) -> &[f64] {
        &self.c[p.off..p.off + p.n]
    }

    /// Appends one coefficient (already cleaned) and its bound.
    fn push_clean(&mut self, c: f64, a: f64) {
        self.c.push(clean(c, a));
        self.a.push(a);
    }

    /// The coefficients appended (cleaned) from `start` as one polynomial:
    /// trailing zeros dropped, the allowance computed.
    fn seal(&mut self, start: usize) -> P {
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
    fn push_all(&mut self, c: &mut [f64], a: &[f64]) -> P {
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

    fn constant(&mut self, x: f64) -> P {
        let start = self.len();
        self.push_clean(x, x.abs());
        self.seal(start)
    }

    fn constants(&mut self, v: [f64; 3]) -> [P; 3] {
        v.map(|x| self.constant(x))
    }

    fn push_rational(&mut self, p: &Poly<BigRational>) -> Result<P, Decline> {
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
    fn is_one(&self, p: P) -> bool {
        p.n == 1 && self.c[p.off] == 1.0 && self.a[p.off] == 1.0
    }

    /// `sum_i k_i p_i`.
    fn lin(&mut self, terms: &[(f64, P)]) -> P {
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
    fn accumulate(
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
    fn plane_pair(&mut self, terms: &[(f64, P)], center: P) -> [P; 2] {
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
    fn sub(&mut self, x: P, y: P) -> P {
        self.lin(&[(1.0, x), (-1.0, y)])
    }

    fn neg(&mut self, x: P) -> P {
        self.lin(&[(-1.0, x)])
    }

    fn mul(&mut self, x: P, y: P) -> Result<P, Decline> {
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
    fn products(&mut self, terms: &[(f64, P, P)]) -> Result<P, Decline> {
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

    fn eval(&self, p: P, x: f64) -> f64 {
        horner(self.coeffs(p), x)
    }

    /// The sign of the computed value (as the generic path signs an `f64`
    /// polynomial at a sample).
    fn sign_at(&self, p: P, x: f64) -> Sign {
        sign_of(self.eval(p, x))
    }

    /// Per-coefficient rounding allowance of `p`: the building error
    /// `GAMMA a_i` plus Horner's `4 n eps |c_i|` (computed when `p` was
    /// sealed).
    fn allowance(&self, p: P) -> &[f64] {
        &self.tol[p.off..p.off + p.n]
    }

    /// The sign at `x`, zero when the value is within the rounding
    /// allowance.
    fn sign_tolerant(&self, p: P, x: f64) -> Sign {
        let v = self.eval(p, x);
        if v.abs() <= horner(self.allowance(p), x.abs()) {
            Sign::Zero
        } else {
            sign_of(v)
        }
    }
}

fn sign_of(v: f64) -> Sign {
    if v > 0.0 {
        Sign::Positive
    } else if v < 0.0 {
        Sign::Negative
    } else {
        Sign::Zero
    }
}

fn horner(c: &[f64], x: f64) -> f64 {
    c.iter().rev().fold(0.0, |v, a| v * x + a)
}

/// `p(x)` and `p'(x)` by Horner's scheme (the value exactly as
/// [`horner`] computes it).
fn horner_with_derivative(c: &[f64], x: f64) -> (f64, f64) {
    let (mut v, mut d) = (0.0, 0.0);
    for &a in c.iter().rev() {
        d = d * x + v;
        v = v * x + a;
    }
    (v, d)
}

fn is_numerically_zero(c: &[f64], tol: &[f64], x: f64) -> bool {
    horner(c, x).abs() <= horner(tol, x.abs())
}

/// The `f64` nearest to `q` (correctly rounded both ways: numerator and
/// denominator below `2^53` are exact doubles and IEEE division rounds
/// once).
fn to_f64(q: &BigRational) -> f64 {
    const EXACT: i64 = 1 << 53;
    match (q.numer().to_i64(), q.denom().to_i64()) {
        (Some(n), Some(d)) if n.abs() <= EXACT && d.abs() <= EXACT => n as f64 / d as f64,
        _ => Scalar::to_f64(q),
    }
}

/// A value strictly between `a < b`, `None` when none exists in `f64`.
fn midpoint(a: f64, b: f64) -> Option<f64> {
    let m = a + (b - a) / 2.0;
    (m > a && m < b).then_some(m)
}

fn same_instant(x: f64, y: f64) -> bool {
    (x - y).abs() <= SAME_INSTANT * x.abs().max(y.abs()).max(1.0)
}

/// Up to [`MAX_COEFFS`] increasing values (the distinct roots of one
/// polynomial, which has fewer).
#[derive(Clone, Copy)]
struct Roots {
    x: [f64; MAX_COEFFS],
    n: usize,
}

impl Roots {
    const EMPTY: Roots = Roots {
        x: [0.0; MAX_COEFFS],
        n: 0,
    };

    fn push(&mut self, v: f64) {
        if self.n < MAX_COEFFS && (self.n == 0 || v > self.x[self.n - 1]) {
            self.x[self.n] = v;
            self.n += 1;
        }
    }

    fn as_slice(&self) -> &[f64] {
        &self.x[..self.n]
    }
}

/// What the centred form says of `p` on an interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    /// No root; the sign throughout.
    Rootless(Sign),
    /// The derivative has no root: at most one root.
    Monotone,
    /// Neither could be shown.
    Unknown,
}

/// The centred form on `[lo, hi]` (module docs, "Roots"). With `m` the
/// midpoint, `r` the radius and `q` the Taylor shift `q(x) = p(m + x)`
/// (`q_k = p^(k)(m) / k!`), `p` has no root when `|q_0| > sum_{k >= 1}
/// |q_k| r^k` and is monotone when `|q_1| > sum_{k >= 2} k |q_k|
/// r^(k-1)`, each plus the rounding allowance of the coefficients (`tol`)
/// and of the shift. A cheaper bound is tried first, without the shift:
/// `|p(m)|` above `sum_k |c_k| ((|m| + r)^k - |m|^k)` (plus the
/// allowance) also proves no root.
fn shape(c: &[f64], tol: &[f64], lo: f64, hi: f64) -> Bound {
    let n = c.len();
    let r = (hi - lo) / 2.0;
    let m = lo + r;
    let reach = m.abs() + r;
    let shift_err = 4.0 * n as f64 * EPS;
    // First the cheaper bound without the shift: `|p(x) - p(m)| <= sum_k
    // |c_k| ((|m| + r)^k - |m|^k)` for `|x - m| <= r`.
    let (mut value, mut abs_m, mut abs_reach, mut tol_reach) = (0.0, 0.0, 0.0, 0.0);
    for k in (0..n).rev() {
        value = value * m + c[k];
        abs_m = abs_m * m.abs() + c[k].abs();
        abs_reach = abs_reach * reach + c[k].abs();
        tol_reach = tol_reach * reach + tol[k];
    }
    if value.abs() > (abs_reach - abs_m) + tol_reach + shift_err * abs_reach {
        return Bound::Rootless(sign_of(value));
    }
    let mut q = [0.0; MAX_COEFFS];
    q[..n].copy_from_slice(c);
    for i in 0..n.saturating_sub(1) {
        for j in (i..n - 1).rev() {
            q[j] += m * q[j + 1];
        }
    }
    let mut spread0 = 0.0;
    let mut abs0 = 0.0;
    let mut tol0 = 0.0;
    for k in (0..n).rev() {
        abs0 = abs0 * reach + c[k].abs();
        tol0 = tol0 * reach + tol[k];
        if k >= 1 {
            spread0 = (spread0 + q[k].abs()) * r;
        }
    }
    if q[0].abs() > spread0 + tol0 + shift_err * abs0 {
        return Bound::Rootless(sign_of(q[0]));
    }
    let mut spread1 = 0.0;
    let mut abs1 = 0.0;
    let mut tol1 = 0.0;
    for k in (1..n).rev() {
        let kf = k as f64;
        abs1 = abs1 * reach + kf * c[k].abs();
        tol1 = tol1 * reach + kf * tol[k];
        if k >= 2 {
            spread1 = (spread1 + kf * q[k].abs()) * r;
        }
    }
    if n >= 2 && q[1].abs() > spread1 + tol1 + shift_err * abs1 {
        return Bound::Monotone;
    }
    Bound::Unknown
}

/// The derivative and its allowance.
fn derivative(c: &[f64], tol: &[f64]) -> ([f64; MAX_COEFFS], [f64; MAX_COEFFS]) {
    let mut d = [0.0; MAX_COEFFS];
    let mut dt = [0.0; MAX_COEFFS];
    for i in 1..c.len() {
        d[i - 1] = c[i] * i as f64;
        dt[i - 1] = tol[i] * i as f64;
    }
    (d, dt)
}

/// Halvings of an interval before the critical points are computed.
const SPLITS: usize = 6;

/// The distinct roots of `c` (last coefficient non-zero) in `[lo, hi]`,
/// increasing, appended to `out` (module docs, "Roots"); `tol` is the
/// per-coefficient rounding allowance. Returns the sign when the centred
/// form proves the whole interval root-free.
///
/// An interval is dropped when root-free, solved on its own when monotone,
/// halved up to [`SPLITS`] times otherwise, and then cut at the critical
/// points (the roots of the derivative, recursively).
fn roots_in(
    c: &[f64],
    tol: &[f64],
    lo: f64,
    hi: f64,
    known: Option<Bound>,
    depth: usize,
    out: &mut Roots,
) -> Option<Sign> {
    let n = c.len();
    if n <= 1 || lo > hi {
        return None;
    }
    match known.unwrap_or_else(|| shape(c, tol, lo, hi)) {
        Bound::Rootless(s) => return Some(s),
        Bound::Monotone => {
            piece_root(c, tol, lo, hi, out);
            return None;
        }
        Bound::Unknown => {}
    }
    if depth < SPLITS {
        if let Some(m) = midpoint(lo, hi) {
            roots_in(c, tol, lo, m, None, depth + 1, out);
            roots_in(c, tol, m, hi, None, depth + 1, out);
            return None;
        }
    }
    let (d, dt) = derivative(c, tol);
    let d = &d[..n - 1];
    // The cut points: the ends and the critical points inside.
    let mut crit = Roots::EMPTY;
    if n >= 3 {
        roots_in(d, &dt[..n - 1], lo, hi, None, 0, &mut crit);
    }
    let mut from = lo;
    for &x in crit.as_slice().iter().chain([hi].iter()) {
        if x > from && x <= hi {
            piece_root(c, tol, from, x, out);
            from = x;
        }
    }
    if from == lo {
        piece_root(c, tol, lo, hi, out);
    }
    None
}

/// The root of `c` on a piece `[a, b]` where it is monotone: an end within
/// the rounding allowance of zero is a root (touching roots sit at
/// critical points), else a sign change is refined.
fn piece_root(c: &[f64], tol: &[f64], a: f64, b: f64, out: &mut Roots) {
    let za = is_numerically_zero(c, tol, a);
    let zb = is_numerically_zero(c, tol, b);
    if za {
        out.push(a);
    }
    if za || zb {
        if zb {
            out.push(b);
        }
        return;
    }
    let fa = horner(c, a);
    let fb = horner(c, b);
    if (fa < 0.0) != (fb < 0.0) {
        out.push(refine(c, a, b, fa));
    }
}

/// The root of the monotone piece `[a, b]` where `c` changes sign, by
/// Newton steps kept inside the shrinking bracket (bisection when Newton
/// leaves it); at most 200 steps. The derivative is evaluated with the
/// value, in one Horner pass.
fn refine(c: &[f64], mut a: f64, mut b: f64, fa: f64) -> f64 {
    let neg_at_a = fa < 0.0;
    let mut x = a + (b - a) / 2.0;
    for _ in 0..200 {
        let (fx, dx) = horner_with_derivative(c, x);
        if fx == 0.0 {
            return x;
        }
        if (fx < 0.0) == neg_at_a {
            a = x;
        } else {
            b = x;
        }
        let newton = x - fx / dx;
        let next = if dx != 0.0 && newton > a && newton < b {
            newton
        } else {
            a + (b - a) / 2.0
        };
        if next == x || b - a <= EPS * a.abs().max(b.abs()) {
            return next;
        }
        x = next;
    }
    x
}

/// One body as `x = rot(t) y / s(t) + C(t) / d(t)` with `rot^T rot = s^2
/// I` (module docs, "Relative motion in `f64`").
struct RigidF64 {
    /// Rows of the homogeneous rotation.
    rot: [[P; 3]; 3],
    s: P,
    centre: [P; 3],
    d: P,
}

fn finite<const N: usize>(v: [f64; N]) -> Result<[f64; N], Decline> {
    if v.iter().all(|x| x.is_finite()) {
        Ok(v)
    } else {
        Err(Decline)
    }
}

impl RigidF64 {
    fn from_body(body: &Body, pool: &mut Pool) -> Result<RigidF64, Decline> {
        let pose = &body.pose;
        let rows = |pool: &mut Pool| -> Result<[[P; 3]; 3], Decline> {
            let r: [[f64; 3]; 3] =
                std::array::from_fn(|i| std::array::from_fn(|j| to_f64(&pose.rotation.rows[i][j])));
            let r = r.map(finite).into_iter().collect::<Result<Vec<_>, _>>()?;
            Ok(std::array::from_fn(|i| pool.constants(r[i])))
        };
        let position: Result<[f64; 3], Decline> =
            finite(std::array::from_fn(|k| to_f64(&pose.translation[k])));
        match &body.motion {
            Motion::Static => {
                let rot = rows(pool)?;
                Ok(RigidF64 {
                    rot,
                    s: pool.constant(1.0),
                    centre: pool.constants(position?),
                    d: pool.constant(1.0),
                })
            }
            Motion::Linear { velocity } => {
                let p = position?;
                let v: [f64; 3] = finite(std::array::from_fn(|k| to_f64(&velocity[k])))?;
                let rot = rows(pool)?;
                let centre = std::array::from_fn(|k| {
                    let start = pool.len();
                    pool.push_clean(p[k], p[k].abs());
                    pool.push_clean(v[k], v[k].abs());
                    pool.seal(start)
                });
                Ok(RigidF64 {
                    rot,
                    s: pool.constant(1.0),
                    centre,
                    d: pool.constant(1.0),
                })
            }
            Motion::Rational {
                quaternion,
                translation,
                denominator,
            } => {
                let mut q = [P::ZERO; 4];
                for (qi, p) in q.iter_mut().zip(quaternion) {
                    *qi = pool.push_rational(p)?;
                }
                let mut centre = [P::ZERO; 3];
                for (k, c) in centre.iter_mut().enumerate() {
                    *c = pool.push_rational(&translation[k])?;
                }
                let (rot, s) = quaternion_rotation(pool, &q)?;
                Ok(RigidF64 {
                    rot,
                    s,
                    centre,
                    d: pool.push_rational(denominator)?,
                })
            }
            _ => Err(Decline),
        }
    }
}

/// `rot(q)` and `|q|^2` for `q = (w, x, y, z)`: the project's
/// [`quaternion_rotation_homogeneous`](crate::geom::quaternion_rotation_homogeneous),
/// on pool polynomials.
fn quaternion_rotation(pool: &mut Pool, q: &[P; 4]) -> Result<([[P; 3]; 3], P), Decline> {
    let [w, x, y, z] = *q;
    let mut sq =
        |s: [f64; 4]| pool.products(&[(s[0], w, w), (s[1], x, x), (s[2], y, y), (s[3], z, z)]);
    let diagonal = [
        sq([1.0, 1.0, -1.0, -1.0])?,
        sq([1.0, -1.0, 1.0, -1.0])?,
        sq([1.0, -1.0, -1.0, 1.0])?,
    ];
    let s = sq([1.0; 4])?;
    let mut twice = |u: P, v: P, k: f64, p: P, q: P| pool.products(&[(2.0, u, v), (k, p, q)]);
    let rot = [
        [
            diagonal[0],
            twice(x, y, -2.0, w, z)?,
            twice(x, z, 2.0, w, y)?,
        ],
        [
            twice(x, y, 2.0, w, z)?,
            diagonal[1],
            twice(y, z, -2.0, w, x)?,
        ],
        [
            twice(x, z, -2.0, w, y)?,
            twice(y, z, 2.0, w, x)?,
            diagonal[2],
        ],
    ];
    Ok((rot, s))
}

/// `b` in the frame of `a`: `(L, T, w)` with `w > 0` at `t0` (module
/// docs), and `T` and `w` divided by `s_b > 0` (module docs, "Common
/// factors").
struct Relative {
    /// `l[k][j]`: component `k` of `b`'s axis `U_j`.
    l: [[P; 3]; 3],
    t: [P; 3],
    w: P,
    /// `T / s_b = rot_a^T (C_b d_a - C_a d_b)`.
    t_per_sb: [P; 3],
    /// `w / s_b = s_a d_a d_b`.
    w_per_sb: P,
}

/// `sum_k x_k y_k`.
fn dot(pool: &mut Pool, x: &[P; 3], y: &[P; 3]) -> Result<P, Decline> {
    pool.products(&[(1.0, x[0], y[0]), (1.0, x[1], y[1]), (1.0, x[2], y[2])])
}

fn relative(
    pool: &mut Pool,
    a: &RigidF64,
    b: &RigidF64,
    t0: f64,
    t1: f64,
) -> Result<Relative, Decline> {
    let dd = pool.mul(a.d, b.d)?;
    let col = |m: &[[P; 3]; 3], j: usize| [m[0][j], m[1][j], m[2][j]];
    let mut l = [[P::ZERO; 3]; 3];
    for (i, row) in l.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            let acc = dot(pool, &col(&a.rot, i), &col(&b.rot, j))?;
            *x = pool.mul(acc, dd)?;
        }
    }
    let mut diff = [P::ZERO; 3];
    for (k, x) in diff.iter_mut().enumerate() {
        *x = pool.products(&[(1.0, b.centre[k], a.d), (-1.0, a.centre[k], b.d)])?;
    }
    let mut t_per_sb = [P::ZERO; 3];
    let mut t = [P::ZERO; 3];
    for (i, (x, y)) in t.iter_mut().zip(&mut t_per_sb).enumerate() {
        *y = dot(pool, &col(&a.rot, i), &diff)?;
        *x = pool.mul(*y, b.s)?;
    }
    let w_per_sb = pool.mul(a.s, dd)?;
    let w = pool.mul(w_per_sb, b.s)?;
    // Orient: `w > 0` on the interval (the contract's denominators do not
    // vanish there; `s_a s_b > 0`).
    let mut sign = pool.sign_at(w, t0);
    if sign == Sign::Zero {
        sign = pool.sign_at(w, t0 + (t1 - t0) / 2.0);
    }
    match sign {
        Sign::Positive => Ok(Relative {
            l,
            t,
            w,
            t_per_sb,
            w_per_sb,
        }),
        Sign::Negative => Ok(Relative {
            l: l.map(|row| row.map(|p| pool.neg(p))),
            t: t.map(|p| pool.neg(p)),
            w: pool.neg(w),
            t_per_sb: t_per_sb.map(|p| pool.neg(p)),
            w_per_sb: pool.neg(w_per_sb),
        }),
        Sign::Zero => Err(Decline),
    }
}

/// Indices of the distinct polynomials the inner values are made of
/// ([`Geometry::bases`]): every inner value of a direction is `+-` one of
/// them (module docs, "Shared products"). `w'` is `w / s_b`.
const BASE_ZERO: usize = 0;
/// `w`.
const BASE_W: usize = 1;
/// `w' w`.
const BASE_WW: usize = 2;
/// `L[k][j]` at `BASE_L + 3 k + j`.
const BASE_L: usize = 3;
/// `w' L[k][j]` at `BASE_WL + 3 k + j`.
const BASE_WL: usize = 12;
/// The number of base polynomials.
const BASES: usize = 21;

/// The data of one plane direction, as [`AxisData`]: `D_{+-n} = sum_k
/// coef_k sigma_k inner_k -+ center`, where inner value `k` is
/// `bases[base[k]]`, negated when `negated[k]`. For `VF` directions all of
/// `inner` and `center` are divided by `w > 0` (module docs).
#[derive(Clone, Copy)]
struct Axis {
    /// `n` vanishes identically (parallel edges for the whole motion).
    vanishes: bool,
    coef: [f64; 6],
    base: [usize; 6],
    negated: [bool; 6],
    center: P,
}

/// The geometry of one query: the relative motion, `b`'s axes, the
/// shared base polynomials and the 15 plane directions (`planes.rs`,
/// `axis_data`).
struct Geometry {
    rel: Relative,
    /// `u[j]`: `b`'s axis `U_j` (column `j` of `L`).
    u: [[P; 3]; 3],
    /// The distinct inner values, up to sign (`BASE_*`).
    bases: [P; BASES],
    axes: [Axis; 15],
}

/// The 15 directions from `L`, `T` and `w` (module docs, "Shared
/// products" and "Common factors"). With `rot^T rot = s^2 I` for both
/// bodies, `b`'s face normals are `N_j = U_{j+1} x U_{j+2} = w U_j` and
/// `det L = w^3`; `T = s_b T'` and `w = s_b w'` with `s_b > 0`. So
///
/// * `FV` (`n = e_i`): inner `(w e_i, L[i][0..3])`, centre `T_i`;
/// * `VF` (`n = N_j`, divided by `w s_b`): inner `(w' U_j, w' w
///   delta_jm)`, centre `U_j . T'`;
/// * `EE` (`n = e_i x U_j`, divided by `s_b`): inner `w' n = +-w' L[.][j]`,
///   `n . U_m / s_b = e_i . (U_j x U_m) / s_b` (`0`, `w' L[i][j+2]`, `-w'
///   L[i][j+1]` for `m = j, j+1, j+2`), centre `(U_j x T')_i`.
fn geometry(
    pool: &mut Pool,
    rel: Relative,
    e: [f64; 3],
    f: [f64; 3],
) -> Result<Geometry, SolveStop> {
    let u: [[P; 3]; 3] = std::array::from_fn(|j| std::array::from_fn(|k| rel.l[k][j]));
    let (w, wr) = (rel.w, rel.w_per_sb);
    let ww = pool.mul(wr, w)?;
    // `det L = w^3` vanishes only with `w`, which `relative` declines;
    // kept as the generic solve's refusal.
    if ww.is_zero() {
        return Err(SolveStop::Error(SgmError::NotApplicable(
            "sgm: the relative motion is singular (a box is flattened)".to_string(),
        )));
    }
    let mut bases = [P::ZERO; BASES];
    bases[BASE_W] = w;
    bases[BASE_WW] = ww;
    for k in 0..3 {
        for j in 0..3 {
            bases[BASE_L + 3 * k + j] = rel.l[k][j];
            bases[BASE_WL + 3 * k + j] = pool.mul(wr, rel.l[k][j])?;
        }
    }
    let l_at = |k: usize, j: usize| BASE_L + 3 * k + j;
    let wl_at = |k: usize, j: usize| BASE_WL + 3 * k + j;
    let coef = [e[0], e[1], e[2], f[0], f[1], f[2]];
    let mut axes = [Axis {
        vanishes: true,
        coef,
        base: [BASE_ZERO; 6],
        negated: [false; 6],
        center: P::ZERO,
    }; 15];
    for (k, slot) in axes.iter_mut().enumerate() {
        let axis = PlaneAxis::from_index(k);
        let mut base = [BASE_ZERO; 6];
        let mut negated = [false; 6];
        let center = match axis {
            PlaneAxis::FaceA(i) => {
                base[i] = BASE_W;
                for m in 0..3 {
                    base[3 + m] = l_at(i, m);
                }
                rel.t[i]
            }
            PlaneAxis::FaceB(j) => {
                for (m, slot) in base.iter_mut().take(3).enumerate() {
                    *slot = wl_at(m, j);
                }
                base[3 + j] = BASE_WW;
                dot(pool, &u[j], &rel.t_per_sb)?
            }
            PlaneAxis::EdgeEdge(i, j) => {
                let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
                // w' (e_i x U_j): component i1 is -w' U_j[i2], i2 is w' U_j[i1]
                base[i1] = wl_at(i2, j);
                negated[i1] = true;
                base[i2] = wl_at(i1, j);
                // n . U_m = e_i . (U_j x U_m) (planes.rs, `axis_data`)
                let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
                base[3 + j1] = wl_at(i, j2);
                base[3 + j2] = wl_at(i, j1);
                negated[3 + j2] = true;
                // (U_j x T')_i
                pool.products(&[
                    (1.0, u[j][i1], rel.t_per_sb[i2]),
                    (-1.0, u[j][i2], rel.t_per_sb[i1]),
                ])?
            }
        };
        *slot = Axis {
            vanishes: base[..3].iter().all(|&b| bases[b].is_zero()),
            coef,
            base,
            negated,
            center,
        };
    }
    Ok(Geometry {
        rel,
        u,
        bases,
        axes,
    })
}

/// Why the solve stopped without an outcome.
enum SolveStop {
    /// Outside the fast path's scope: run the generic solve.
    Decline,
    /// The method's answer is an error (as the generic solve's).
    Error(SgmError),
}

impl From<Decline> for SolveStop {
    fn from(_: Decline) -> Self {
        SolveStop::Decline
    }
}

/// The answer of the fast `f64` path: the generic [`SgmOutcome`](super::SgmOutcome)'s
/// decision fields with plain `f64` times, and the world contact normal.
#[derive(Clone, Debug)]
pub struct FastSgmOutcome {
    /// The boxes touch or overlap somewhere in `[t0, t1]`.
    pub collides: bool,
    /// They touch or overlap at `t0`.
    pub initially_overlapping: bool,
    /// The first contact time.
    pub first_contact: Option<f64>,
    /// The maximal closed contact intervals, in order.
    pub contact_intervals: Vec<(f64, f64)>,
    /// The plane the origin lies on at the first contact and the touching
    /// features (of `a`, then of `b`).
    pub feature: Option<(PlaneId, BoxFeature, BoxFeature)>,
    /// The unit world normal, from `a` to `b`, of that plane at the first
    /// contact.
    pub normal: Option<[f64; 3]>,
    /// Work counters (this path's own work: `root_isolations` counts the
    /// polynomials the root finder ran on after the root-free test;
    /// `planes` and `plane_degrees` count the planes built per interval,
    /// which in an interval decided by a separating plane are those
    /// tried before it, module docs "Separated intervals").
    pub stats: SgmStats,
}

fn box_half(body: &Body) -> Option<[f64; 3]> {
    match &body.shape {
        Shape::Box(b) => finite(std::array::from_fn(|k| to_f64(&b.half_extents[k]))).ok(),
        _ => None,
    }
}

/// Solves the pair with the SGM method in `f64` on the fast path (module
/// docs); `None` when the pair is outside its scope (shapes other than
/// boxes, motions other than `static`, `linear`, `rational`, degrees
/// beyond [`MAX_COEFFS`]): the caller then runs the generic
/// [`solve_sgm`](super::solve_sgm)`::<f64>`.
///
/// # Errors
/// [`SgmError::NotApplicable`] for a singular relative motion, as the
/// generic solve.
pub fn solve_sgm_f64(
    a: &Body,
    b: &Body,
    t0: &BigRational,
    t1: &BigRational,
) -> Option<Result<FastSgmOutcome, SgmError>> {
    solve_fast(a, b, t0, t1, true)
}

/// [`solve_sgm_f64`] with the shortcut of separated intervals on or off
/// (module docs, "Separated intervals"; off, every unpruned interval's
/// planes are all root-found, for the test that the shortcut changes no
/// answer).
fn solve_fast(
    a: &Body,
    b: &Body,
    t0: &BigRational,
    t1: &BigRational,
    skip_separated: bool,
) -> Option<Result<FastSgmOutcome, SgmError>> {
    let e = box_half(a)?;
    let f = box_half(b)?;
    let (s0, s1) = (to_f64(t0), to_f64(t1));
    if !(s0.is_finite() && s1.is_finite() && s0 < s1) || same_instant(s0, s1) {
        return None;
    }
    let mut pool = Pool::with_capacity(4096);
    let mut run = || -> Result<FastSgmOutcome, SolveStop> {
        let ma = RigidF64::from_body(a, &mut pool)?;
        let mb = RigidF64::from_body(b, &mut pool)?;
        let rel = relative(&mut pool, &ma, &mb, s0, s1)?;
        let g = geometry(&mut pool, rel, e, f)?;
        solve_geometry(&mut pool, &g, &ma, (e, f), (s0, s1), skip_separated)
    };
    match run() {
        Ok(out) => Some(Ok(out)),
        Err(SolveStop::Decline) => None,
        Err(SolveStop::Error(err)) => Some(Err(err)),
    }
}

/// A constraint on one homogeneous interval (a plane, or the negated
/// sphere polynomial): its roots there (`roots[at..at + n]` of the
/// [`Tracks`]) and its sign on the open pieces between `lo`, the roots and
/// `hi` (`signs[at + i..]`... one more than roots; `Sign::Zero` for an
/// empty piece), as the generic solve's `Track`.
#[derive(Clone, Copy)]
struct Track {
    bit: usize,
    roots_at: usize,
    n: usize,
    signs_at: usize,
}

/// The tracks of one homogeneous interval, their roots and signs in two
/// vectors reused from interval to interval.
struct Tracks {
    list: Vec<Track>,
    roots: Vec<f64>,
    signs: Vec<Sign>,
}

impl Tracks {
    fn clear(&mut self) {
        self.list.clear();
        self.roots.clear();
        self.signs.clear();
    }

    /// A track with the given roots; the signs sampled from `p` between
    /// them.
    fn push(&mut self, bit: usize, pool: &Pool, p: P, roots: &[f64], lo: f64, hi: f64) {
        let (roots_at, signs_at) = (self.roots.len(), self.signs.len());
        self.roots.extend_from_slice(roots);
        let mut from = lo;
        for &to in roots.iter().chain([hi].iter()) {
            self.signs
                .push(midpoint(from, to).map_or(Sign::Zero, |x| pool.sign_at(p, x)));
            from = to;
        }
        self.list.push(Track {
            bit,
            roots_at,
            n: roots.len(),
            signs_at,
        });
    }

    /// A track without roots, of one sign.
    fn push_constant(&mut self, bit: usize, sign: Sign) {
        self.list.push(Track {
            bit,
            roots_at: self.roots.len(),
            n: 0,
            signs_at: self.signs.len(),
        });
        self.signs.push(sign);
    }

    fn roots_of(&self, t: &Track) -> &[f64] {
        &self.roots[t.roots_at..t.roots_at + t.n]
    }
}

/// What the centred form says of plane `p` (not zero) on `[lo, hi]`: the
/// first test of [`plane_roots`], which takes it as `known`.
fn plane_bound(pool: &Pool, p: P, lo: f64, hi: f64) -> Bound {
    if p.n <= 1 {
        let sign = pool.coeffs(p).first().map_or(Sign::Zero, |&x| sign_of(x));
        return Bound::Rootless(sign);
    }
    shape(pool.coeffs(p), pool.allowance(p), lo, hi)
}

/// The roots of `p` in `[lo, hi]` into `roots` (its old content dropped),
/// and `Some(sign)` when the centred form proved it root-free there (then
/// the root finder did not run). `known` is the centred form's verdict on
/// `[lo, hi]` when the caller has it ([`plane_bound`]).
fn plane_roots(
    pool: &Pool,
    p: P,
    lo: f64,
    hi: f64,
    known: Option<Bound>,
    roots: &mut Roots,
) -> Option<Sign> {
    roots.n = 0;
    if p.n <= 1 {
        return Some(pool.coeffs(p).first().map_or(Sign::Zero, |&x| sign_of(x)));
    }
    let (c, tol) = (pool.coeffs(p), pool.allowance(p));
    if let Some(s) = roots_in(c, tol, lo, hi, known, 0, roots) {
        return Some(s);
    }
    // Roots at the ends' distance of `SAME_INSTANT` are the ends.
    for x in &mut roots.x[..roots.n] {
        if same_instant(*x, lo) {
            *x = lo;
        } else if same_instant(*x, hi) {
            *x = hi;
        }
    }
    // A run of roots with the value within the rounding allowance between
    // each two is one touching root (a root of high multiplicity is found
    // as such a run): the run's middle root, or an end of the interval in
    // it. Done in place: the runs' picks overwrite the runs already read.
    let zero_between =
        |x: f64, y: f64| midpoint(x, y).is_none_or(|m| is_numerically_zero(c, tol, m));
    let (n, mut kept, mut i) = (roots.n, 0, 0);
    while i < n {
        let mut j = i;
        while j + 1 < n && zero_between(roots.x[j], roots.x[j + 1]) {
            j += 1;
        }
        let run = &roots.x[i..=j];
        let pick = if run.contains(&lo) {
            lo
        } else if run.contains(&hi) {
            hi
        } else {
            run[run.len() / 2]
        };
        if kept == 0 || pick > roots.x[kept - 1] {
            roots.x[kept] = pick;
            kept += 1;
        }
        i = j + 1;
    }
    roots.n = kept;
    None
}

/// Streams the cells into contact intervals (generic solve, "Contact
/// intervals") without storing them.
struct Sweep {
    open: Option<f64>,
    prev_hi: f64,
    intervals: Vec<(f64, f64)>,
    cells: usize,
}

impl Sweep {
    /// Adds a cell; true when it starts the first contact interval.
    fn cell(&mut self, lo: f64, hi: f64, mask: u32) -> bool {
        self.cells += 1;
        let mut first = false;
        if mask == 0 {
            if self.open.is_none() {
                first = self.intervals.is_empty();
                self.open = Some(lo);
            }
        } else if let Some(start) = self.open.take() {
            self.intervals.push((start, self.prev_hi));
        }
        self.prev_hi = hi;
        first
    }
}

/// The plane polynomials of one homogeneous interval, by plane index;
/// `present` marks those built (the normal does not vanish identically).
struct PlaneSet {
    d: [P; PLANE_COUNT],
    present: u32,
}

/// The first-contact data: the pair and the plane polynomial's degree.
struct FirstContact {
    time: f64,
    feature: Option<(PlaneId, BoxFeature, BoxFeature)>,
    degree: Option<usize>,
}

/// The first plane (FV, VF, EE order) the origin lies on at `t` with a
/// normal not vanishing there, and the merged support features of all such
/// planes (the generic solve's `active_pair`, signs with the rounding
/// allowance).
fn active_pair(
    pool: &Pool,
    g: &Geometry,
    planes: &PlaneSet,
    zeros: u32,
    t: f64,
) -> Option<(PlaneId, BoxFeature, BoxFeature)> {
    contact_pair(planes.d.iter().enumerate().filter_map(|(k, &d)| {
        if planes.present & (1 << k) == 0 {
            return None;
        }
        let vanishes =
            d.is_zero() || zeros & (1 << k) != 0 || pool.sign_tolerant(d, t) == Sign::Zero;
        if !vanishes {
            return None;
        }
        let id = PlaneId::from_index(k);
        let ax = &g.axes[id.axis.index()];
        let signs: [Sign; 6] = std::array::from_fn(|m| {
            let s = pool.sign_tolerant(g.bases[ax.base[m]], t);
            if ax.negated[m] {
                s.flip()
            } else {
                s
            }
        });
        Some((id, signs))
    }))
}

fn first_contact(pool: &Pool, g: &Geometry, planes: &PlaneSet, zeros: u32, t: f64) -> FirstContact {
    let feature = active_pair(pool, g, planes, zeros, t);
    let degree = feature
        .filter(|(id, _, _)| planes.present & (1 << id.index()) != 0)
        .map(|(id, _, _)| planes.d[id.index()].degree());
    FirstContact {
        time: t,
        feature,
        degree,
    }
}

/// The world normal of plane `id` at `t`: `n` in `a`'s frame turned by
/// `rot_a(t)` (a positive multiple of `a`'s rotation), unit.
fn world_normal(pool: &Pool, g: &Geometry, a: &RigidF64, id: PlaneId, t: f64) -> Option<[f64; 3]> {
    let ev = |p: &P| pool.eval(*p, t);
    let local: [f64; 3] = match id.axis {
        PlaneAxis::FaceA(i) => std::array::from_fn(|k| if k == i { 1.0 } else { 0.0 }),
        // `N_j = w U_j`, `w > 0`
        PlaneAxis::FaceB(j) => g.u[j].each_ref().map(ev),
        PlaneAxis::EdgeEdge(i, j) => {
            let v = g.u[j].each_ref().map(ev);
            match i {
                0 => [0.0, -v[2], v[1]],
                1 => [v[2], 0.0, -v[0]],
                _ => [-v[1], v[0], 0.0],
            }
        }
    };
    let s = if id.positive { 1.0 } else { -1.0 };
    let world: [f64; 3] = std::array::from_fn(|r| {
        (0..3)
            .map(|k| pool.eval(a.rot[r][k], t) * local[k] * s)
            .sum()
    });
    unit_f64(world)
}

/// The planes `D_{+n}`, `D_{-n}` of direction `k_ax` for the base signs of
/// an interval: from `cache` when its pattern is the one cached (a
/// direction's planes depend on the interval only through the pattern),
/// else built and cached.
fn axis_planes(
    pool: &mut Pool,
    g: &Geometry,
    k_ax: usize,
    base_sign: &[Sign; BASES],
    cache: &mut Option<([Sign; 6], [P; 2])>,
) -> [P; 2] {
    let ax = &g.axes[k_ax];
    let pattern: [Sign; 6] = std::array::from_fn(|m| base_sign[ax.base[m]]);
    if let Some((p, built)) = cache {
        if *p == pattern {
            return *built;
        }
    }
    let mut terms = [(0.0, P::ZERO); 6];
    let mut nt = 0;
    for ((sign, &coef), &base) in pattern.iter().zip(&ax.coef).zip(&ax.base) {
        let k = match sign {
            Sign::Positive => coef,
            Sign::Negative => -coef,
            Sign::Zero => continue,
        };
        terms[nt] = (k, g.bases[base]);
        nt += 1;
    }
    let built = pool.plane_pair(&terms[..nt], ax.center);
    *cache = Some((pattern, built));
    built
}

/// Sections IV-A to IV-E on the relative geometry (module docs of `sgm`
/// and of this module).
fn solve_geometry(
    pool: &mut Pool,
    g: &Geometry,
    a: &RigidF64,
    (e, f): ([f64; 3], [f64; 3]),
    (s0, s1): (f64, f64),
    skip_separated: bool,
) -> Result<FastSgmOutcome, SolveStop> {
    let rel = &g.rel;
    let mut stats = SgmStats {
        motion_degree: rel
            .l
            .iter()
            .flatten()
            .chain(rel.t.iter())
            .chain([&rel.w])
            .map(|p| p.degree())
            .max()
            .unwrap_or(0),
        ..SgmStats::default()
    };
    let mut degrees = [0usize; MAX_COEFFS];
    let mut isolations = 0usize;

    // Section IV-A: the homogeneous intervals from the roots of the
    // entries of `L` (rigid: the normals' entries are `w` times them).
    let mut cuts: Vec<f64> = Vec::with_capacity(2 + 9 * MAX_COEFFS);
    cuts.push(s0);
    cuts.push(s1);
    let mut roots = Roots::EMPTY;
    for &p in rel.l.iter().flatten() {
        let rootless = plane_roots(pool, p, s0, s1, None, &mut roots);
        isolations += usize::from(rootless.is_none());
        cuts.extend_from_slice(roots.as_slice());
    }
    cuts.sort_by(f64::total_cmp);
    // Merge instants closer than `SAME_INSTANT`, keeping `t0` and `t1`.
    let mut merged: Vec<f64> = Vec::with_capacity(cuts.len());
    for &x in &cuts {
        match merged.last_mut() {
            Some(last) if same_instant(*last, x) => {
                if x == s1 {
                    *last = s1;
                }
            }
            _ => merged.push(x),
        }
    }
    let cuts = merged;
    let n_int = cuts.len().saturating_sub(1);
    stats.homogeneous_intervals = n_int.max(1);

    // Section IV-E: `|T|^2 - R^2 w^2` with `R >= |e| + |f|` (rounded up as
    // the exact path's `sqrt_upper`).
    let slack = 1.0 / f64::from(1u32 << 20);
    let up = |x: f64| x + x * slack + slack;
    let norm = |h: [f64; 3]| (h[0] * h[0] + h[1] * h[1] + h[2] * h[2]).sqrt();
    let radius = up(norm(e)) + up(norm(f));
    // (divided by `s_b^2 > 0`: `|T'|^2 - R^2 w'^2`)
    let (t, w) = (&rel.t_per_sb, rel.w_per_sb);
    let sphere = pool.products(&[
        (1.0, t[0], t[0]),
        (1.0, t[1], t[1]),
        (1.0, t[2], t[2]),
        (-(radius * radius), w, w),
    ])?;
    let negated_sphere = pool.neg(sphere);
    // Overflow to infinity (huge coordinates; `T` and `|T'|^2` have the
    // highest powers): the generic solve.
    if pool.c.iter().any(|x| !x.is_finite()) {
        return Err(SolveStop::Decline);
    }
    let mut sphere_roots = Roots::EMPTY;
    let rootless = plane_roots(pool, sphere, s0, s1, None, &mut sphere_roots);
    isolations += usize::from(rootless.is_none());

    let mut sweep = Sweep {
        open: None,
        prev_hi: s0,
        intervals: Vec::new(),
        cells: 0,
    };
    let mut first: Option<FirstContact> = None;
    let mut crit: Vec<(f64, usize)> = Vec::with_capacity(64);
    let mut tracks = Tracks {
        list: Vec::with_capacity(PLANE_COUNT + 1),
        roots: Vec::with_capacity(64),
        signs: Vec::with_capacity(128),
    };
    let mut planes = PlaneSet {
        d: [P::ZERO; PLANE_COUNT],
        present: 0,
    };
    // Per direction: the last pattern and its two planes.
    let mut cache: [Option<([Sign; 6], [P; 2])>; 15] = [None; 15];
    // The plane that separated the last separated interval.
    let mut separating = 0usize;
    for k in 0..n_int {
        let (lo, hi) = (cuts[k], cuts[k + 1]);
        let last = k + 1 == n_int;
        let Some(mid) = midpoint(lo, hi) else {
            continue;
        };
        let sphere_crosses = sphere_roots.as_slice().iter().any(|&r| r >= lo && r <= hi);
        if !sphere.is_zero() && !sphere_crosses && pool.sign_at(sphere, mid) == Sign::Positive {
            stats.pruned_by_sphere += 1;
            let mask = 1 << SPHERE_BIT;
            sweep.cell(lo, lo, mask);
            sweep.cell(lo, hi, mask);
            if last {
                sweep.cell(hi, hi, mask);
            }
            continue;
        }
        // Sections IV-B, IV-C: the planes of this interval, from the signs
        // of the base polynomials at the midpoint (`sigma_k inner_k` is
        // `sign(base) base` whatever the inner value's own sign), built on
        // first use.
        let base_sign: [Sign; BASES] = std::array::from_fn(|b| pool.sign_at(g.bases[b], mid));
        planes.present = 0;
        let mut build = |pool: &mut Pool, planes: &mut PlaneSet, k_ax: usize| {
            let ax = &g.axes[k_ax];
            if ax.vanishes || planes.present & (3 << (2 * k_ax)) != 0 {
                return;
            }
            let built = axis_planes(pool, g, k_ax, &base_sign, &mut cache[k_ax]);
            for (index, d) in [(2 * k_ax, built[0]), (2 * k_ax + 1, built[1])] {
                planes.d[index] = d;
                planes.present |= 1 << index;
                if !d.is_zero() {
                    stats.planes += 1;
                    degrees[d.degree()] += 1;
                }
            }
        };
        // A plane proven negative on the whole closed interval separates
        // the boxes there: every cell has its bit, so the interval is
        // decided as the sphere's prune decides it, without the other
        // planes (module docs, "Separated intervals"). The plane that
        // separated the last interval is tried first.
        let mut bounds = [Bound::Unknown; PLANE_COUNT];
        let mut separated = false;
        for step in 0..PLANE_COUNT {
            let index = (separating + step) % PLANE_COUNT;
            build(pool, &mut planes, index / 2);
            let d = planes.d[index];
            if planes.present & (1 << index) == 0 || d.is_zero() {
                continue;
            }
            bounds[index] = plane_bound(pool, d, lo, hi);
            if skip_separated && bounds[index] == Bound::Rootless(Sign::Negative) {
                separating = index;
                separated = true;
                break;
            }
        }
        if separated {
            let mask = 1 << separating;
            sweep.cell(lo, lo, mask);
            sweep.cell(lo, hi, mask);
            if last {
                sweep.cell(hi, hi, mask);
            }
            continue;
        }
        tracks.clear();
        for (index, (&d, &bound)) in planes.d.iter().zip(&bounds).enumerate() {
            if planes.present & (1 << index) == 0 || d.is_zero() {
                continue;
            }
            let rootless = plane_roots(pool, d, lo, hi, Some(bound), &mut roots);
            isolations += usize::from(rootless.is_none());
            match rootless {
                Some(sign) => tracks.push_constant(index, sign),
                None => tracks.push(index, pool, d, roots.as_slice(), lo, hi),
            }
        }
        if !sphere.is_zero() {
            roots.n = 0;
            for &r in sphere_roots.as_slice() {
                if r >= lo && r <= hi {
                    roots.push(r);
                }
            }
            tracks.push(SPHERE_BIT, pool, negated_sphere, roots.as_slice(), lo, hi);
        }
        // Section IV-D: the critical instants (ends and roots, tagged with
        // their track), grouped into instants.
        crit.clear();
        crit.push((lo, usize::MAX));
        crit.push((hi, usize::MAX));
        for (i, t) in tracks.list.iter().enumerate() {
            crit.extend(tracks.roots_of(t).iter().map(|&r| (r, i)));
        }
        crit.sort_by(|x, y| x.0.total_cmp(&y.0));
        let mut piece = [0usize; PLANE_COUNT + 1];
        let negative_mask = |piece: &[usize], skip: u64| -> u32 {
            tracks
                .list
                .iter()
                .enumerate()
                .filter(|(i, t)| {
                    skip & (1 << i) == 0 && tracks.signs[t.signs_at + piece[*i]] == Sign::Negative
                })
                .fold(0, |m, (_, t)| m | (1 << t.bit))
        };
        let mut m = 0;
        while m < crit.len() {
            // One instant: the run of values within `SAME_INSTANT` of its
            // first; an end in it is its value.
            let start = crit[m].0;
            let mut at = start;
            let mut members = 0u64;
            let mut next = m;
            while next < crit.len() && same_instant(start, crit[next].0) {
                let (x, tag) = crit[next];
                if tag == usize::MAX {
                    at = x;
                } else {
                    members |= 1 << tag;
                }
                next += 1;
            }
            let is_end = next == crit.len();
            if is_end && !last {
                break;
            }
            let mask = negative_mask(&piece, members);
            if sweep.cell(at, at, mask) {
                let zero_bits = tracks
                    .list
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| members & (1 << i) != 0)
                    .fold(0u32, |z, (_, t)| z | (1 << t.bit));
                first = Some(first_contact(pool, g, &planes, zero_bits, at));
            }
            for &(_, tag) in &crit[m..next] {
                if tag != usize::MAX {
                    piece[tag] += 1;
                }
            }
            if is_end {
                break;
            }
            let q = crit[next].0;
            m = next;
            if midpoint(at, q).is_none() {
                continue;
            }
            let mask = negative_mask(&piece, 0);
            if sweep.cell(at, q, mask) {
                first = Some(first_contact(pool, g, &planes, 0, at));
            }
        }
    }
    if let Some(start) = sweep.open.take() {
        sweep.intervals.push((start, s1));
    }
    stats.cells = sweep.cells;
    stats.root_isolations = isolations;
    let top = degrees.iter().rposition(|&c| c > 0);
    stats.max_plane_degree = top.unwrap_or(0);
    stats.plane_degrees = top.map_or_else(Vec::new, |d| degrees[..=d].to_vec());
    stats.contact_degree = first.as_ref().and_then(|c| c.degree);
    let time = first.as_ref().map(|c| c.time);
    let feature = first.as_ref().and_then(|c| c.feature);
    let normal = match (feature, time) {
        (Some((id, _, _)), Some(t)) => world_normal(pool, g, a, id, t),
        _ => None,
    };
    Ok(FastSgmOutcome {
        collides: time.is_some(),
        initially_overlapping: time == Some(s0),
        first_contact: time,
        contact_intervals: sweep.intervals,
        feature,
        normal,
        stats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poly(pool: &mut Pool, c: &[f64]) -> P {
        let start = pool.len();
        for &x in c {
            pool.push_clean(x, x.abs());
        }
        pool.seal(start)
    }

    fn roots(c: &[f64], lo: f64, hi: f64) -> Vec<f64> {
        let mut pool = Pool::with_capacity(16);
        let p = poly(&mut pool, c);
        let mut out = Roots::EMPTY;
        plane_roots(&pool, p, lo, hi, None, &mut out);
        out.as_slice().to_vec()
    }

    #[test]
    fn roots_of_hand_polynomials() {
        // (t - 1/4)(t - 1/2)(t - 3/4)
        let r = roots(&[-0.09375, 0.6875, -1.5, 1.0], 0.0, 1.0);
        assert_eq!(r.len(), 3);
        for (x, e) in r.iter().zip([0.25, 0.5, 0.75]) {
            assert!((x - e).abs() < 1e-14, "{x} vs {e}");
        }
        // (t - 1/2)^2: touching, found at the critical point
        assert_eq!(roots(&[0.25, -1.0, 1.0], 0.0, 1.0), vec![0.5]);
        // t^2 + 1: none, proven by the centred form
        assert!(roots(&[1.0, 0.0, 1.0], -3.0, 3.0).is_empty());
        // t (t - 1): both ends
        assert_eq!(roots(&[0.0, -1.0, 1.0], 0.0, 1.0), vec![0.0, 1.0]);
        // 2t - 1 on [0, 1]
        assert_eq!(roots(&[-1.0, 2.0], 0.0, 1.0), vec![0.5]);
        // (t - 0.3)(t - 0.3 - 1e-6)(t + 5): two close roots
        let (a, b) = (0.3, 0.3 + 1e-6);
        let c = [a * b * 5.0, a * b - 5.0 * (a + b), 5.0 - (a + b), 1.0];
        let r = roots(&c, 0.0, 1.0);
        assert_eq!(r.len(), 2, "{r:?}");
        // (the rounded coefficients move roots 1e-6 apart by about 1e-10)
        assert!((r[0] - a).abs() < 1e-9 && (r[1] - b).abs() < 1e-9, "{r:?}");
    }

    #[test]
    fn rootless_test_is_sound_and_useful() {
        let mut pool = Pool::with_capacity(64);
        // t^2 + 1 on [0, 1]: q = 1.25 + x + x^2 at m = 1/2, r = 1/2:
        // 1.25 > 0.5 + 0.25
        let p = poly(&mut pool, &[1.0, 0.0, 1.0]);
        let tol = pool.allowance(p);
        assert_eq!(
            shape(pool.coeffs(p), tol, 0.0, 1.0),
            Bound::Rootless(Sign::Positive)
        );
        let mut scratch = Roots::EMPTY;
        assert_eq!(
            plane_roots(&pool, p, 0.0, 1.0, None, &mut scratch),
            Some(Sign::Positive)
        );
        // (t - 2)^6: the centred form cannot exclude [0, 1] at once (the
        // root is closer than 8.2 radii), the halvings find no root there;
        // on [1.5, 2.5] the six-fold root is found (within the rounding
        // allowance, touching)
        let mut c = [0.0; 7];
        for (k, x) in c.iter_mut().enumerate() {
            // binomial(6, k) (-2)^(6 - k)
            let b = [1.0, 6.0, 15.0, 20.0, 15.0, 6.0, 1.0][k];
            *x = b * (-2.0f64).powi(6 - k as i32);
        }
        let p = poly(&mut pool, &c);
        let tol = pool.allowance(p);
        assert_eq!(shape(pool.coeffs(p), tol, 0.0, 1.0), Bound::Unknown);
        assert!(roots(&c, 0.0, 1.0).is_empty());
        assert_eq!(shape(pool.coeffs(p), tol, 1.5, 2.5), Bound::Unknown);
        // one touching root: the cluster of instants where the value is
        // within the rounding allowance is one root
        let r = roots(&c, 1.5, 2.5);
        assert_eq!(r.len(), 1, "{r:?}");
        assert!((r[0] - 2.0).abs() < 1e-2, "{r:?}");
        // t - 1/3 is monotone on [0, 1]
        let q = poly(&mut pool, &[-1.0 / 3.0, 1.0]);
        let tol = pool.allowance(q);
        assert_eq!(shape(pool.coeffs(q), tol, 0.0, 1.0), Bound::Monotone);
    }

    #[test]
    fn exact_cancellation_cleans_to_zero() {
        let mut pool = Pool::with_capacity(16);
        // 0.1 * 0.3 - 0.3 * 0.1 and (0.1 + 0.2) - 0.3: rounding noise
        let (p1, p3, p2) = (pool.constant(0.1), pool.constant(0.3), pool.constant(0.2));
        let x = pool.mul(p1, p3).unwrap();
        let y = pool.mul(p3, p1).unwrap();
        assert!(pool.sub(x, y).is_zero());
        let s = pool.lin(&[(1.0, p1), (1.0, p2)]);
        assert!(pool.sub(s, p3).is_zero());
        // a real difference survives
        let q = pool.constant(0.3 + 1e-9);
        assert!(!pool.sub(p3, q).is_zero());
    }

    #[test]
    fn huge_coordinates_decline_or_stay_finite() {
        use crate::geom::{BoxShape, Pose, Vec3};
        let q = |x: f64| BigRational::from_float(x).unwrap();
        let body = |c: f64, v: f64| Body {
            shape: Shape::Box(BoxShape::new([q(1.0), q(1.0), q(1.0)])),
            pose: Pose::from_translation(Vec3::new(q(c), q(0.0), q(0.0))),
            motion: Motion::Linear {
                velocity: Vec3::new(q(v), q(0.0), q(0.0)),
            },
        };
        let (t0, t1) = (q(0.0), q(1.0));
        // the squares of 1e200 overflow: declined
        assert!(solve_sgm_f64(&body(0.0, 0.0), &body(1e200, -1e200), &t0, &t1).is_none());
        // 1e100 stays finite: the boxes meet at t = 1 - 2e-100, i.e. 1
        let out = solve_sgm_f64(&body(0.0, 0.0), &body(1e100, -1e100), &t0, &t1)
            .unwrap()
            .unwrap();
        assert!(out.collides);
        assert!(out.first_contact.is_some_and(|t| (t - 1.0).abs() < 1e-12));
    }

    #[test]
    fn products_beyond_the_capacity_decline() {
        let mut pool = Pool::with_capacity(64);
        let mut c = vec![0.0; MAX_COEFFS / 2 + 1];
        c[MAX_COEFFS / 2] = 1.0;
        let p = poly(&mut pool, &c);
        assert_eq!(p.n, MAX_COEFFS / 2 + 1);
        assert!(pool.mul(p, p).is_err());
    }

    /// The separated-interval shortcut (module docs) gives the full
    /// sweep's answer, bit for bit, on every generated class, and is taken
    /// often enough to matter.
    #[test]
    fn separated_intervals_shortcut_changes_no_answer() {
        use crate::generate::{generate, ScenarioClass};
        let (mut compared, mut shortcut) = (0, 0);
        let classes = ScenarioClass::RANDOM
            .iter()
            .chain(&ScenarioClass::DEGENERATE)
            .copied();
        for class in classes {
            for index in 0..60 {
                let sc = generate(7, index, class);
                let (t0, t1) = (&sc.interval.0, &sc.interval.1);
                let quick = solve_fast(&sc.a, &sc.b, t0, t1, true);
                let full = solve_fast(&sc.a, &sc.b, t0, t1, false);
                let (Some(Ok(x)), Some(Ok(y))) = (&quick, &full) else {
                    assert_eq!(
                        quick.map(|r| r.is_ok()),
                        full.map(|r| r.is_ok()),
                        "{class} #{index}"
                    );
                    continue;
                };
                compared += 1;
                let bits = |t: Option<f64>| t.map(f64::to_bits);
                let what = format!("{class} #{index}");
                assert_eq!(x.collides, y.collides, "{what}");
                assert_eq!(x.initially_overlapping, y.initially_overlapping, "{what}");
                assert_eq!(bits(x.first_contact), bits(y.first_contact), "{what}");
                let ends = |o: &FastSgmOutcome| -> Vec<(u64, u64)> {
                    o.contact_intervals
                        .iter()
                        .map(|(p, q)| (p.to_bits(), q.to_bits()))
                        .collect()
                };
                assert_eq!(ends(x), ends(y), "{what}");
                assert_eq!(x.feature, y.feature, "{what}");
                assert_eq!(
                    x.normal.map(|n| n.map(f64::to_bits)),
                    y.normal.map(|n| n.map(f64::to_bits)),
                    "{what}"
                );
                assert!(x.stats.cells <= y.stats.cells, "{what}");
                shortcut += usize::from(x.stats.cells < y.stats.cells);
            }
        }
        assert!(compared >= 600, "{compared}");
        assert!(shortcut >= 100, "{shortcut} of {compared}");
    }

    fn int_poly(c: &[i64]) -> Poly<BigRational> {
        Poly::from_coeffs(
            c.iter()
                .map(|&x| BigRational::from_integer(x.into()))
                .collect(),
        )
    }

    /// A box under a `rational` motion: quaternion `(w, x(t), y(t), z(t))`
    /// with `w != 0` a constant (so `|q|^2 >= w^2 > 0`), translation
    /// polynomials and denominator `d + t^2` (`d != 0`; negative `d` turns
    /// the orientation of the relative motion).
    fn rational_body(w: i64, q: [[i64; 3]; 3], c: [[i64; 3]; 3], d: i64) -> Body {
        use crate::geom::{BoxShape, Pose, Vec3};
        let half = |x: i64| BigRational::new(x.into(), 4.into());
        Body {
            shape: Shape::Box(BoxShape::new([half(3), half(5), half(7)])),
            pose: Pose::identity(),
            motion: Motion::Rational {
                quaternion: [
                    int_poly(&[w]),
                    int_poly(&q[0]),
                    int_poly(&q[1]),
                    int_poly(&q[2]),
                ],
                translation: Vec3::new(int_poly(&c[0]), int_poly(&c[1]), int_poly(&c[2])),
                denominator: int_poly(&[d, 0, if d < 0 { -1 } else { 1 }]),
            },
        }
    }

    /// `x` and `y` agree coefficient by coefficient within `1e-13` of their
    /// bounds (rounding), exact zeros included.
    fn same_poly(pool: &Pool, x: P, y: P) -> bool {
        (0..x.n.max(y.n)).all(|i| {
            let at = |p: P| {
                if i < p.n {
                    (pool.c[p.off + i], pool.a[p.off + i])
                } else {
                    (0.0, 0.0)
                }
            };
            let ((cx, ax), (cy, ay)) = (at(x), at(y));
            (cx - cy).abs() <= 1e-13 * (ax + ay)
        })
    }

    fn nonzero() -> impl proptest::strategy::Strategy<Value = i64> {
        use proptest::strategy::Strategy;
        (1i64..4, proptest::bool::ANY).prop_map(|(x, neg)| if neg { -x } else { x })
    }

    fn coeffs3() -> impl proptest::strategy::Strategy<Value = [[i64; 3]; 3]> {
        proptest::array::uniform3(proptest::array::uniform3(-3i64..=3))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// The identities `geometry` writes the directions with (its
        /// docs): `N_j = U_{j+1} x U_{j+2} = w U_j` and `|U_j|^2 = w^2`
        /// (so `det L = w^3`), and `T = s_b T'`, `w = s_b w'`, for two
        /// bodies under rational motions with either orientation.
        #[test]
        fn rigid_relative_motion_identities(
            wa in nonzero(), qa in coeffs3(), ca in coeffs3(), da in nonzero(),
            wb in nonzero(), qb in coeffs3(), cb in coeffs3(), db in nonzero(),
        ) {
            let mut pool = Pool::with_capacity(1024);
            let a = rational_body(wa, qa, ca, da);
            let b = rational_body(wb, qb, cb, db);
            let ma = RigidF64::from_body(&a, &mut pool).expect("in scope");
            let mb = RigidF64::from_body(&b, &mut pool).expect("in scope");
            let rel = relative(&mut pool, &ma, &mb, 0.0, 1.0).expect("w > 0");
            proptest::prop_assert!(pool.sign_at(rel.w, 0.5) == Sign::Positive);
            let u: [[P; 3]; 3] = std::array::from_fn(|j| std::array::from_fn(|k| rel.l[k][j]));
            let ww = pool.mul(rel.w, rel.w).unwrap();
            for j in 0..3 {
                let (v, x) = (u[(j + 1) % 3], u[(j + 2) % 3]);
                for (k, &ujk) in u[j].iter().enumerate() {
                    let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
                    let p = pool.mul(v[k1], x[k2]).unwrap();
                    let q = pool.mul(v[k2], x[k1]).unwrap();
                    let cross = pool.sub(p, q);
                    let scaled = pool.mul(rel.w, ujk).unwrap();
                    proptest::prop_assert!(same_poly(&pool, cross, scaled), "N_{j}[{k}]");
                }
                let norm = dot(&mut pool, &u[j], &u[j]).unwrap();
                proptest::prop_assert!(same_poly(&pool, norm, ww), "|U_{j}|^2");
            }
            for k in 0..3 {
                let t = pool.mul(mb.s, rel.t_per_sb[k]).unwrap();
                proptest::prop_assert!(same_poly(&pool, t, rel.t[k]));
            }
            let w = pool.mul(mb.s, rel.w_per_sb).unwrap();
            proptest::prop_assert!(same_poly(&pool, w, rel.w));
        }

        /// `plane_pair` builds exactly (coefficients, bounds, allowances)
        /// what `lin` builds from the stored base.
        #[test]
        fn plane_pair_is_lin_of_the_base(
            polys in proptest::collection::vec(proptest::collection::vec(-20i64..=20, 0..6), 1..7),
            ks in proptest::collection::vec((1i64..9, proptest::bool::ANY), 6),
            center in proptest::collection::vec(-20i64..=20, 0..9),
            cancel in proptest::bool::ANY,
        ) {
            let mut pool = Pool::with_capacity(256);
            // thirds and sevenths: rounded inputs, and sums that cancel
            let as_f64 = |c: &[i64], d: f64| c.iter().map(|&x| x as f64 / d).collect::<Vec<_>>();
            let ps: Vec<P> = polys.iter().map(|c| poly(&mut pool, &as_f64(c, 3.0))).collect();
            let center = poly(&mut pool, &as_f64(&center, 7.0));
            let mut terms: Vec<(f64, P)> = ps
                .iter()
                .zip(&ks)
                .map(|(&p, &(k, neg))| (if neg { -(k as f64) / 4.0 } else { k as f64 / 4.0 }, p))
                .collect();
            // the first term cancelled exactly: zeros (trailing ones too)
            // in the base, which `lin` drops with their bounds
            if cancel {
                terms.push((-terms[0].0, terms[0].1));
            }
            let pair = pool.plane_pair(&terms, center);
            let base = pool.lin(&terms);
            let expected = [
                pool.lin(&[(1.0, base), (-1.0, center)]),
                pool.lin(&[(1.0, base), (1.0, center)]),
            ];
            for (x, y) in pair.iter().zip(&expected) {
                proptest::prop_assert_eq!(x.n, y.n);
                let get = |v: &Vec<f64>, p: &P| v[p.off..p.off + p.n].iter().map(|z| z.to_bits()).collect::<Vec<_>>();
                proptest::prop_assert_eq!(get(&pool.c, x), get(&pool.c, y));
                proptest::prop_assert_eq!(get(&pool.a, x), get(&pool.a, y));
                proptest::prop_assert_eq!(get(&pool.tol, x), get(&pool.tol, y));
            }
        }
    }
}
