//! The dedicated `f64` path of the SGM solver: the same method as the
//! generic solve (module docs of `sgm`; seed 000, sections IV-A to IV-E,
//! with the pair extraction of seed 001), written for `f64` with
//! fixed-size coefficient arrays and no rational arithmetic after reading
//! the scenario.
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
//!   below [`MAX_COEFFS`]. Anything else returns `None` and the caller
//!   runs the generic solve ([`solve_sgm`](super::solve_sgm)`::<f64>`).
//! * **Relative motion in `f64`.** With `x = rot(t) y / s(t) + C(t) / d(t)`
//!   for each body (`rot` the homogeneous rotation, `rot^T rot = s^2 I`),
//!   `b` in `a`'s frame is `L = rot_a^T rot_b d_a d_b`, `T = s_b rot_a^T
//!   (C_b d_a - C_a d_b)`, `w = s_a s_b d_a d_b`: `M2 M1^-1` of section IV-A
//!   without the exact path's cancellation of common factors (they are
//!   positive on the interval, so no root or sign in it changes; for a
//!   `static` or `linear` `a` the polynomials are the exact path's).
//! * **Exact zeros survive rounding.** Every coefficient carries a bound of
//!   the absolute values it was summed from; a coefficient within
//!   `64 eps` of that bound is set to zero. Cancellations that are exact in
//!   the rationals (an entry of `L` that vanishes for axis-aligned or
//!   parallel edges, a plane that vanishes identically for flush faces)
//!   therefore stay exact zeros, as the generic path's rounding of exact
//!   polynomials keeps them.
//! * **Roots.** A plane is first tested root-free on the interval by the
//!   centred form `|p(m)| > sum_k |p^(k)(m)/k!| r^k` plus the rounding
//!   allowance (a Taylor shift, no allocation); only the others are
//!   solved, by the critical points (roots of the derivative, recursively,
//!   each level tested the same way) and safeguarded Newton-bisection on
//!   the monotone pieces. A value within the rounding allowance at an end
//!   or critical point counts as a root (touching contacts), as in
//!   `poly::roots_f64`.
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

use super::planes::{AxisData, BoxFeature, FeatureSigns, PlaneAxis, PlaneId, PLANE_COUNT};
use super::{unit_f64, SgmError, SgmStats};
use crate::geom::Shape;
use crate::motion::{Body, Motion};
use crate::poly::Poly;
use crate::scalar::{BigRational, Scalar, Sign};
use num_traits::ToPrimitive;

/// Coefficient capacity of the fixed-size polynomials: plane polynomials
/// (and every intermediate product) must have degree below this, else the
/// fast path declines and the generic solve runs. Degree-`k` quaternions
/// of `b` with `a` at rest give planes of degree `4k + 2`, so `k <= 6`.
pub const MAX_COEFFS: usize = 28;

const EPS: f64 = f64::EPSILON;
/// A built coefficient within `GAMMA` times its absolute bound is a zero.
const GAMMA: f64 = 64.0 * EPS;
/// Relative distance below which two instants are one.
const SAME_INSTANT: f64 = 1e-12;
/// Bit of a cell mask meaning "the bounding spheres are apart".
const SPHERE_BIT: usize = PLANE_COUNT;

/// A polynomial with at most [`MAX_COEFFS`] coefficients (`c[i]` of
/// `t^i`), each with a bound `a[i] >= |c[i]|` of the absolute values it
/// was computed from. Invariants: `c[n - 1] != 0` when `n > 0`; `c[i] =
/// a[i] = 0` for `i >= n`.
#[derive(Clone, Copy)]
struct FPoly {
    c: [f64; MAX_COEFFS],
    a: [f64; MAX_COEFFS],
    n: usize,
}

/// A product would exceed [`MAX_COEFFS`] coefficients (or an input is not
/// finite): the fast path declines.
#[derive(Debug)]
struct Decline;

impl FPoly {
    const ZERO: FPoly = FPoly {
        c: [0.0; MAX_COEFFS],
        a: [0.0; MAX_COEFFS],
        n: 0,
    };

    fn constant(x: f64) -> FPoly {
        let mut p = Self::ZERO;
        if x != 0.0 {
            p.c[0] = x;
            p.a[0] = x.abs();
            p.n = 1;
        }
        p
    }

    fn from_rational(p: &Poly<BigRational>) -> Result<FPoly, Decline> {
        let cs = p.coeffs();
        if cs.len() > MAX_COEFFS {
            return Err(Decline);
        }
        let mut out = Self::ZERO;
        for (i, q) in cs.iter().enumerate() {
            let x = to_f64(q);
            if !x.is_finite() {
                return Err(Decline);
            }
            out.c[i] = x;
            out.a[i] = x.abs();
        }
        out.n = cs.len();
        out.trim();
        Ok(out)
    }

    fn is_zero(&self) -> bool {
        self.n == 0
    }

    fn degree(&self) -> usize {
        self.n.saturating_sub(1)
    }

    fn coeffs(&self) -> &[f64] {
        &self.c[..self.n]
    }

    fn trim(&mut self) {
        while self.n > 0 && self.c[self.n - 1] == 0.0 {
            self.n -= 1;
            self.a[self.n] = 0.0;
        }
    }

    /// Sets coefficients within the rounding allowance of their bound to
    /// zero (module docs, "Exact zeros survive rounding").
    fn clean(mut self) -> FPoly {
        for i in 0..self.n {
            if self.c[i].abs() <= GAMMA * self.a[i] {
                self.c[i] = 0.0;
            }
        }
        self.trim();
        self
    }

    fn add(&self, o: &FPoly) -> FPoly {
        let mut r = Self::ZERO;
        r.n = self.n.max(o.n);
        for i in 0..r.n {
            r.c[i] = self.c[i] + o.c[i];
            r.a[i] = self.a[i] + o.a[i];
        }
        r.clean()
    }

    fn sub(&self, o: &FPoly) -> FPoly {
        let mut r = Self::ZERO;
        r.n = self.n.max(o.n);
        for i in 0..r.n {
            r.c[i] = self.c[i] - o.c[i];
            r.a[i] = self.a[i] + o.a[i];
        }
        r.clean()
    }

    fn neg(&self) -> FPoly {
        let mut r = *self;
        for x in &mut r.c[..r.n] {
            *x = -*x;
        }
        r
    }

    fn scale(&self, k: f64) -> FPoly {
        let mut r = *self;
        for i in 0..r.n {
            r.c[i] *= k;
            r.a[i] *= k.abs();
        }
        r.trim();
        r
    }

    fn mul(&self, o: &FPoly) -> Result<FPoly, Decline> {
        if self.is_zero() || o.is_zero() {
            return Ok(Self::ZERO);
        }
        let n = self.n + o.n - 1;
        if n > MAX_COEFFS {
            return Err(Decline);
        }
        let mut r = Self::ZERO;
        r.n = n;
        for i in 0..self.n {
            for j in 0..o.n {
                r.c[i + j] += self.c[i] * o.c[j];
                r.a[i + j] += self.a[i] * o.a[j];
            }
        }
        Ok(r.clean())
    }

    fn eval(&self, x: f64) -> f64 {
        horner(self.coeffs(), x)
    }

    /// The sign of the computed value (as the generic path signs an `f64`
    /// polynomial at a sample).
    fn sign_at(&self, x: f64) -> Sign {
        sign_of(self.eval(x))
    }

    /// Per-coefficient rounding allowance: the building error `GAMMA a_i`
    /// plus Horner's `4 n eps |c_i|`.
    fn allowance(&self) -> [f64; MAX_COEFFS] {
        let mut t = [0.0; MAX_COEFFS];
        let k = 4.0 * self.n as f64 * EPS;
        for (i, ti) in t.iter_mut().enumerate().take(self.n) {
            *ti = GAMMA * self.a[i] + k * self.c[i].abs();
        }
        t
    }

    /// The sign at `x`, zero when the value is within the rounding
    /// allowance.
    fn sign_tolerant(&self, x: f64) -> Sign {
        let tol = self.allowance();
        if is_numerically_zero(self.coeffs(), &tol[..self.n], x) {
            Sign::Zero
        } else {
            self.sign_at(x)
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

/// `Some(sign)` when the centred form proves `p` free of roots on `[lo,
/// hi]`: with `m` the midpoint, `r` the radius and `q` the Taylor shift
/// `q(x) = p(m + x)`, `|q_0| > sum_{k >= 1} |q_k| r^k` plus the rounding
/// allowance (of the coefficients, `tol`, and of the shift itself).
fn sign_if_rootless(c: &[f64], tol: &[f64], lo: f64, hi: f64) -> Option<Sign> {
    let n = c.len();
    let r = (hi - lo) / 2.0;
    let m = lo + r;
    let mut q = [0.0; MAX_COEFFS];
    q[..n].copy_from_slice(c);
    for i in 0..n.saturating_sub(1) {
        for j in (i..n - 1).rev() {
            q[j] += m * q[j + 1];
        }
    }
    let spread = q[1..n].iter().rev().fold(0.0, |s, x| (s + x.abs()) * r);
    let reach = m.abs() + r;
    let abs_c = c.iter().rev().fold(0.0, |s, x| s * reach + x.abs());
    let slack = horner(tol, reach) + 4.0 * n as f64 * EPS * abs_c;
    (q[0].abs() > spread + slack).then(|| sign_of(q[0]))
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

/// The distinct roots of `c` (last coefficient non-zero) in `[lo, hi]`,
/// increasing (module docs, "Roots"). `tol` is the per-coefficient
/// rounding allowance.
fn roots_in(c: &[f64], tol: &[f64], lo: f64, hi: f64, out: &mut Roots) {
    let n = c.len();
    if n <= 1 || lo > hi || sign_if_rootless(c, tol, lo, hi).is_some() {
        return;
    }
    let (d, dt) = derivative(c, tol);
    let d = &d[..n - 1];
    // The cut points: the ends and the critical points inside.
    let mut crit = Roots::EMPTY;
    if n >= 3 {
        roots_in(d, &dt[..n - 1], lo, hi, &mut crit);
    }
    let mut cuts = [0.0; MAX_COEFFS + 2];
    let mut k = 0;
    cuts[k] = lo;
    k += 1;
    for &x in crit.as_slice() {
        if x > lo && x < hi {
            cuts[k] = x;
            k += 1;
        }
    }
    cuts[k] = hi;
    k += 1;
    for w in cuts[..k].windows(2) {
        let (a, b) = (w[0], w[1]);
        let za = is_numerically_zero(c, tol, a);
        let zb = is_numerically_zero(c, tol, b);
        if za {
            out.push(a);
        }
        if za || zb {
            if zb {
                out.push(b);
            }
            continue;
        }
        let fa = horner(c, a);
        let fb = horner(c, b);
        if (fa < 0.0) != (fb < 0.0) {
            out.push(refine(c, d, a, b, fa));
        }
    }
}

/// The root of the monotone piece `[a, b]` where `c` changes sign, by
/// Newton steps kept inside the shrinking bracket (bisection when Newton
/// leaves it); at most 200 steps.
fn refine(c: &[f64], d: &[f64], mut a: f64, mut b: f64, fa: f64) -> f64 {
    let neg_at_a = fa < 0.0;
    let mut x = a + (b - a) / 2.0;
    for _ in 0..200 {
        let fx = horner(c, x);
        if fx == 0.0 {
            return x;
        }
        if (fx < 0.0) == neg_at_a {
            a = x;
        } else {
            b = x;
        }
        let dx = horner(d, x);
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
    rot: [[FPoly; 3]; 3],
    s: FPoly,
    centre: [FPoly; 3],
    d: FPoly,
}

/// The polynomial `t`.
fn t_poly() -> FPoly {
    let mut p = FPoly::ZERO;
    p.c[1] = 1.0;
    p.a[1] = 1.0;
    p.n = 2;
    p
}

fn consts(v: [f64; 3]) -> [FPoly; 3] {
    v.map(FPoly::constant)
}

impl RigidF64 {
    fn from_body(body: &Body) -> Result<RigidF64, Decline> {
        let pose = &body.pose;
        let rows = || -> Result<[[FPoly; 3]; 3], Decline> {
            let mut r = [[FPoly::ZERO; 3]; 3];
            for (i, row) in r.iter_mut().enumerate() {
                for (j, x) in row.iter_mut().enumerate() {
                    let v = to_f64(&pose.rotation.rows[i][j]);
                    if !v.is_finite() {
                        return Err(Decline);
                    }
                    *x = FPoly::constant(v);
                }
            }
            Ok(r)
        };
        let position = || -> Result<[f64; 3], Decline> {
            let c = std::array::from_fn(|k| to_f64(&pose.translation[k]));
            if c.iter().all(|x| x.is_finite()) {
                Ok(c)
            } else {
                Err(Decline)
            }
        };
        match &body.motion {
            Motion::Static => Ok(RigidF64 {
                rot: rows()?,
                s: FPoly::constant(1.0),
                centre: consts(position()?),
                d: FPoly::constant(1.0),
            }),
            Motion::Linear { velocity } => {
                let p = position()?;
                let mut centre = [FPoly::ZERO; 3];
                for (k, c) in centre.iter_mut().enumerate() {
                    let v = to_f64(&velocity[k]);
                    if !v.is_finite() {
                        return Err(Decline);
                    }
                    *c = FPoly::constant(p[k]).add(&FPoly::constant(v).mul(&t_poly())?);
                }
                Ok(RigidF64 {
                    rot: rows()?,
                    s: FPoly::constant(1.0),
                    centre,
                    d: FPoly::constant(1.0),
                })
            }
            Motion::Rational {
                quaternion,
                translation,
                denominator,
            } => {
                let mut q = [FPoly::ZERO; 4];
                for (qi, p) in q.iter_mut().zip(quaternion) {
                    *qi = FPoly::from_rational(p)?;
                }
                let mut centre = [FPoly::ZERO; 3];
                for (k, c) in centre.iter_mut().enumerate() {
                    *c = FPoly::from_rational(&translation[k])?;
                }
                let (rot, s) = quaternion_rotation(&q)?;
                Ok(RigidF64 {
                    rot,
                    s,
                    centre,
                    d: FPoly::from_rational(denominator)?,
                })
            }
            _ => Err(Decline),
        }
    }
}

/// `rot(q)` and `|q|^2` for `q = (w, x, y, z)`: the project's
/// [`quaternion_rotation_homogeneous`](crate::geom::quaternion_rotation_homogeneous),
/// on fixed-size polynomials.
fn quaternion_rotation(q: &[FPoly; 4]) -> Result<([[FPoly; 3]; 3], FPoly), Decline> {
    let [w, x, y, z] = q;
    let (ww, xx, yy, zz) = (w.mul(w)?, x.mul(x)?, y.mul(y)?, z.mul(z)?);
    let (xy, xz, yz) = (x.mul(y)?, x.mul(z)?, y.mul(z)?);
    let (wx, wy, wz) = (w.mul(x)?, w.mul(y)?, w.mul(z)?);
    let two = |p: FPoly| p.scale(2.0);
    let rot = [
        [
            ww.add(&xx).sub(&yy).sub(&zz),
            two(xy.sub(&wz)),
            two(xz.add(&wy)),
        ],
        [
            two(xy.add(&wz)),
            ww.sub(&xx).add(&yy).sub(&zz),
            two(yz.sub(&wx)),
        ],
        [
            two(xz.sub(&wy)),
            two(yz.add(&wx)),
            ww.sub(&xx).sub(&yy).add(&zz),
        ],
    ];
    let s = ww.add(&xx).add(&yy).add(&zz);
    Ok((rot, s))
}

/// `b` in the frame of `a`: `(L, T, w)` with `w > 0` at `t0` (module docs).
struct Relative {
    /// `l[k][j]`: component `k` of `b`'s axis `U_j`.
    l: [[FPoly; 3]; 3],
    t: [FPoly; 3],
    w: FPoly,
}

fn relative(a: &RigidF64, b: &RigidF64, t0: f64, t1: f64) -> Result<Relative, Decline> {
    let dd = a.d.mul(&b.d)?;
    let mut l = [[FPoly::ZERO; 3]; 3];
    for (i, row) in l.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            let mut acc = FPoly::ZERO;
            for k in 0..3 {
                acc = acc.add(&a.rot[k][i].mul(&b.rot[k][j])?);
            }
            *x = acc.mul(&dd)?;
        }
    }
    let mut diff = [FPoly::ZERO; 3];
    for (k, x) in diff.iter_mut().enumerate() {
        *x = b.centre[k].mul(&a.d)?.sub(&a.centre[k].mul(&b.d)?);
    }
    let mut t = [FPoly::ZERO; 3];
    for (i, x) in t.iter_mut().enumerate() {
        let mut acc = FPoly::ZERO;
        for (k, dk) in diff.iter().enumerate() {
            acc = acc.add(&a.rot[k][i].mul(dk)?);
        }
        *x = acc.mul(&b.s)?;
    }
    let w = a.s.mul(&b.s)?.mul(&dd)?;
    // Orient: `w > 0` on the interval (the contract's denominators do not
    // vanish there; `s_a s_b > 0`).
    let mut sign = w.sign_at(t0);
    if sign == Sign::Zero {
        sign = w.sign_at(t0 + (t1 - t0) / 2.0);
    }
    match sign {
        Sign::Positive => Ok(Relative { l, t, w }),
        Sign::Negative => Ok(Relative {
            l: l.map(|row| row.map(|p| p.neg())),
            t: t.map(|p| p.neg()),
            w: w.neg(),
        }),
        Sign::Zero => Err(Decline),
    }
}

/// The data of one plane direction, as [`AxisData`]: `D_{+-n} = sum_k
/// coef_k sigma_k inner_k -+ center`.
struct Axis {
    axis: PlaneAxis,
    /// `n` vanishes identically (parallel edges for the whole motion).
    vanishes: bool,
    coef: [f64; 6],
    inner: [FPoly; 6],
    center: FPoly,
}

fn cross_unit(i: usize, v: &[FPoly; 3]) -> [FPoly; 3] {
    let z = FPoly::ZERO;
    match i {
        0 => [z, v[2].neg(), v[1]],
        1 => [v[2], z, v[0].neg()],
        _ => [v[1].neg(), v[0], z],
    }
}

fn dot(u: &[FPoly; 3], v: &[FPoly; 3]) -> Result<FPoly, Decline> {
    Ok(u[0]
        .mul(&v[0])?
        .add(&u[1].mul(&v[1])?)
        .add(&u[2].mul(&v[2])?))
}

fn cross(u: &[FPoly; 3], v: &[FPoly; 3]) -> Result<[FPoly; 3], Decline> {
    Ok([
        u[1].mul(&v[2])?.sub(&u[2].mul(&v[1])?),
        u[2].mul(&v[0])?.sub(&u[0].mul(&v[2])?),
        u[0].mul(&v[1])?.sub(&u[1].mul(&v[0])?),
    ])
}

/// The geometry of one query: the relative motion, `b`'s axes and face
/// normals, and the 15 plane directions (`planes.rs`, `axis_data`).
struct Geometry {
    rel: Relative,
    /// `u[j]`: `b`'s axis `U_j`.
    u: [[FPoly; 3]; 3],
    /// `normals[j] = U_{j+1} x U_{j+2}`.
    normals: [[FPoly; 3]; 3],
    axes: [Axis; 15],
}

fn geometry(rel: Relative, e: [f64; 3], f: [f64; 3]) -> Result<Geometry, SolveStop> {
    let u: [[FPoly; 3]; 3] = std::array::from_fn(|j| std::array::from_fn(|k| rel.l[k][j]));
    let mut normals = [[FPoly::ZERO; 3]; 3];
    for (j, n) in normals.iter_mut().enumerate() {
        *n = cross(&u[(j + 1) % 3], &u[(j + 2) % 3])?;
    }
    let det = dot(&normals[0], &u[0])?;
    if det.is_zero() {
        return Err(SolveStop::Error(SgmError::NotApplicable(
            "sgm: the relative motion is singular (a box is flattened)".to_string(),
        )));
    }
    let w = rel.w;
    let coef = [e[0], e[1], e[2], f[0], f[1], f[2]];
    let mk = |axis: PlaneAxis,
              normal: &[FPoly; 3],
              dots: [FPoly; 3],
              center: FPoly|
     -> Result<Axis, Decline> {
        Ok(Axis {
            axis,
            vanishes: normal.iter().all(FPoly::is_zero),
            coef,
            inner: [
                w.mul(&normal[0])?,
                w.mul(&normal[1])?,
                w.mul(&normal[2])?,
                dots[0],
                dots[1],
                dots[2],
            ],
            center,
        })
    };
    let mut axes: Vec<Axis> = Vec::with_capacity(15);
    for i in 0..3 {
        let normal = consts(std::array::from_fn(|k| if k == i { 1.0 } else { 0.0 }));
        let dots = std::array::from_fn(|k| u[k][i]);
        axes.push(mk(PlaneAxis::FaceA(i), &normal, dots, rel.t[i])?);
    }
    for j in 0..3 {
        let n = &normals[j];
        let dots = std::array::from_fn(|k| if k == j { det } else { FPoly::ZERO });
        axes.push(mk(PlaneAxis::FaceB(j), n, dots, dot(n, &rel.t)?)?);
    }
    for i in 0..3 {
        for j in 0..3 {
            let n = cross_unit(i, &u[j]);
            // n . U_k = e_i . (U_j x U_k) (planes.rs, `axis_data`)
            let dots = std::array::from_fn(|k| {
                if k == j {
                    FPoly::ZERO
                } else if k == (j + 1) % 3 {
                    normals[(j + 2) % 3][i]
                } else {
                    normals[(j + 1) % 3][i].neg()
                }
            });
            axes.push(mk(PlaneAxis::EdgeEdge(i, j), &n, dots, dot(&n, &rel.t)?)?);
        }
    }
    let axes: [Axis; 15] = axes.try_into().map_err(|_| Decline)?;
    Ok(Geometry {
        rel,
        u,
        normals,
        axes,
    })
}

/// Why [`solve_geometry`] stopped without an outcome.
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
    /// polynomials the root finder ran on after the root-free test).
    pub stats: SgmStats,
}

fn box_half(body: &Body) -> Option<[f64; 3]> {
    match &body.shape {
        Shape::Box(b) => {
            let h = std::array::from_fn(|k| to_f64(&b.half_extents[k]));
            h.iter().all(|x: &f64| x.is_finite()).then_some(h)
        }
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
    let e = box_half(a)?;
    let f = box_half(b)?;
    let (s0, s1) = (to_f64(t0), to_f64(t1));
    if !(s0.is_finite() && s1.is_finite() && s0 < s1) || same_instant(s0, s1) {
        return None;
    }
    let ma = RigidF64::from_body(a).ok()?;
    let mb = RigidF64::from_body(b).ok()?;
    let run = || -> Result<FastSgmOutcome, SolveStop> {
        let rel = relative(&ma, &mb, s0, s1)?;
        let g = geometry(rel, e, f)?;
        solve_geometry(&g, &ma, e, f, s0, s1)
    };
    match run() {
        Ok(out) => Some(Ok(out)),
        Err(SolveStop::Decline) => None,
        Err(SolveStop::Error(err)) => Some(Err(err)),
    }
}

/// A constraint on one homogeneous interval (a plane, or the negated
/// sphere polynomial): its roots there and its sign on the open pieces
/// between `lo`, the roots and `hi` (`Sign::Zero` for an empty piece), as
/// the generic solve's `Track`.
#[derive(Clone, Copy)]
struct Track {
    bit: usize,
    roots: Roots,
    signs: [Sign; MAX_COEFFS + 1],
}

impl Track {
    fn new(bit: usize, p: &FPoly, roots: Roots, lo: f64, hi: f64) -> Track {
        let mut signs = [Sign::Zero; MAX_COEFFS + 1];
        let mut from = lo;
        for (k, &to) in roots.as_slice().iter().chain([hi].iter()).enumerate() {
            signs[k] = midpoint(from, to).map_or(Sign::Zero, |x| p.sign_at(x));
            from = to;
        }
        Track { bit, roots, signs }
    }

    fn constant(bit: usize, sign: Sign) -> Track {
        let mut signs = [Sign::Zero; MAX_COEFFS + 1];
        signs[0] = sign;
        Track {
            bit,
            roots: Roots::EMPTY,
            signs,
        }
    }
}

/// The roots of `p` in `[lo, hi]` and whether the root finder ran (not
/// proven root-free).
fn plane_roots(p: &FPoly, lo: f64, hi: f64) -> (Roots, bool) {
    let mut roots = Roots::EMPTY;
    if p.n <= 1 {
        return (roots, false);
    }
    let tol = p.allowance();
    if sign_if_rootless(p.coeffs(), &tol[..p.n], lo, hi).is_some() {
        return (roots, false);
    }
    roots_in(p.coeffs(), &tol[..p.n], lo, hi, &mut roots);
    // Roots at the ends' distance of `SAME_INSTANT` are the ends.
    for x in &mut roots.x[..roots.n] {
        if same_instant(*x, lo) {
            *x = lo;
        } else if same_instant(*x, hi) {
            *x = hi;
        }
    }
    let mut dedup = Roots::EMPTY;
    for &x in roots.as_slice() {
        dedup.push(x);
    }
    (dedup, true)
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
    g: &Geometry,
    planes: &[Option<FPoly>; PLANE_COUNT],
    zeros: u32,
    t: f64,
) -> Option<(PlaneId, BoxFeature, BoxFeature)> {
    let mut first: Option<PlaneId> = None;
    let mut sa = [Sign::Zero; 3];
    let mut sb = [Sign::Zero; 3];
    for (k, d) in planes.iter().enumerate() {
        let Some(d) = d else { continue };
        let vanishes = d.is_zero() || zeros & (1 << k) != 0 || d.sign_tolerant(t) == Sign::Zero;
        if !vanishes {
            continue;
        }
        let id = PlaneId::from_index(k);
        let ax = &g.axes[id.axis.index()];
        let signs: [Sign; 6] = std::array::from_fn(|m| ax.inner[m].sign_tolerant(t));
        if signs[..3].iter().all(|s| *s == Sign::Zero) {
            continue;
        }
        let (fa, fb) = AxisData::<f64>::features(id.positive, &signs);
        for m in 0..3 {
            if sa[m] == Sign::Zero {
                sa[m] = fa.0[m];
            }
            if sb[m] == Sign::Zero {
                sb[m] = fb.0[m];
            }
        }
        first.get_or_insert(id);
    }
    let fa = FeatureSigns(sa).feature()?;
    let fb = FeatureSigns(sb).feature()?;
    Some((first?, fa, fb))
}

/// The world normal of plane `id` at `t`: `n` in `a`'s frame turned by
/// `rot_a(t)` (a positive multiple of `a`'s rotation), unit.
fn world_normal(g: &Geometry, a: &RigidF64, id: PlaneId, t: f64) -> Option<[f64; 3]> {
    let ev = |p: &FPoly| p.eval(t);
    let local: [f64; 3] = match id.axis {
        PlaneAxis::FaceA(i) => std::array::from_fn(|k| if k == i { 1.0 } else { 0.0 }),
        PlaneAxis::FaceB(j) => g.normals[j].each_ref().map(ev),
        PlaneAxis::EdgeEdge(i, j) => cross_unit(i, &g.u[j]).each_ref().map(ev),
    };
    let s = if id.positive { 1.0 } else { -1.0 };
    let world: [f64; 3] =
        std::array::from_fn(|r| (0..3).map(|k| a.rot[r][k].eval(t) * local[k] * s).sum());
    unit_f64(world)
}

/// Sections IV-A to IV-E on the relative geometry (module docs of `sgm`
/// and of this module).
fn solve_geometry(
    g: &Geometry,
    a: &RigidF64,
    e: [f64; 3],
    f: [f64; 3],
    s0: f64,
    s1: f64,
) -> Result<FastSgmOutcome, SolveStop> {
    let rel = &g.rel;
    let mut stats = SgmStats {
        motion_degree: rel
            .l
            .iter()
            .flatten()
            .chain(rel.t.iter())
            .chain([&rel.w])
            .map(FPoly::degree)
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
    for p in rel.l.iter().flatten() {
        let (roots, ran) = plane_roots(p, s0, s1);
        isolations += usize::from(ran);
        cuts.extend_from_slice(roots.as_slice());
    }
    cuts.sort_by(f64::total_cmp);
    // Merge instants closer than `SAME_INSTANT`, keeping `t0` and `t1`.
    let mut merged: Vec<f64> = Vec::with_capacity(cuts.len());
    for &x in &cuts {
        match merged.last() {
            Some(&last) if same_instant(last, x) => {
                if x == s1 {
                    if let Some(l) = merged.last_mut() {
                        *l = s1;
                    }
                }
            }
            _ => merged.push(x),
        }
    }
    if merged.len() >= 2 && merged[merged.len() - 1] != s1 {
        let k = merged.len() - 1;
        merged[k] = s1;
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
    let sphere = dot(&rel.t, &rel.t)?.sub(&rel.w.mul(&rel.w)?.scale(radius * radius));
    let (sphere_roots, ran) = plane_roots(&sphere, s0, s1);
    isolations += usize::from(ran);
    let negated_sphere = sphere.neg();

    let mut sweep = Sweep {
        open: None,
        prev_hi: s0,
        intervals: Vec::new(),
        cells: 0,
    };
    let mut first: Option<FirstContact> = None;
    let mut crit: Vec<(f64, usize)> = Vec::with_capacity(64);
    let mut tracks: Vec<Track> = Vec::with_capacity(PLANE_COUNT + 1);
    for k in 0..n_int {
        let (lo, hi) = (cuts[k], cuts[k + 1]);
        let last = k + 1 == n_int;
        let Some(mid) = midpoint(lo, hi) else {
            continue;
        };
        let sphere_crosses = sphere_roots.as_slice().iter().any(|&r| r >= lo && r <= hi);
        if !sphere.is_zero() && !sphere_crosses && sphere.sign_at(mid) == Sign::Positive {
            stats.pruned_by_sphere += 1;
            let mask = 1 << SPHERE_BIT;
            sweep.cell(lo, lo, mask);
            sweep.cell(lo, hi, mask);
            if last {
                sweep.cell(hi, hi, mask);
            }
            continue;
        }
        // Sections IV-B, IV-C: the planes of this interval.
        let mut planes: [Option<FPoly>; PLANE_COUNT] = [None; PLANE_COUNT];
        tracks.clear();
        for ax in &g.axes {
            if ax.vanishes {
                continue;
            }
            let mut base = FPoly::ZERO;
            for m in 0..6 {
                match ax.inner[m].sign_at(mid) {
                    Sign::Positive => base = base.add(&ax.inner[m].scale(ax.coef[m])),
                    Sign::Negative => base = base.sub(&ax.inner[m].scale(ax.coef[m])),
                    Sign::Zero => {}
                }
            }
            for (positive, d) in [(true, base.sub(&ax.center)), (false, base.add(&ax.center))] {
                let id = PlaneId {
                    axis: ax.axis,
                    positive,
                };
                if !d.is_zero() {
                    stats.planes += 1;
                    degrees[d.degree()] += 1;
                    let (roots, ran) = plane_roots(&d, lo, hi);
                    isolations += usize::from(ran);
                    tracks.push(if ran {
                        Track::new(id.index(), &d, roots, lo, hi)
                    } else {
                        let sign = if d.n == 1 {
                            sign_of(d.c[0])
                        } else {
                            let tol = d.allowance();
                            sign_if_rootless(d.coeffs(), &tol[..d.n], lo, hi)
                                .unwrap_or_else(|| d.sign_at(mid))
                        };
                        Track::constant(id.index(), sign)
                    });
                }
                planes[id.index()] = Some(d);
            }
        }
        if !sphere.is_zero() {
            let mut roots = Roots::EMPTY;
            for &r in sphere_roots.as_slice() {
                if r >= lo && r <= hi {
                    roots.push(r);
                }
            }
            tracks.push(Track::new(SPHERE_BIT, &negated_sphere, roots, lo, hi));
        }
        // Section IV-D: the critical instants (ends and roots, tagged with
        // their track), grouped into instants.
        crit.clear();
        crit.push((lo, usize::MAX));
        crit.push((hi, usize::MAX));
        for (i, t) in tracks.iter().enumerate() {
            crit.extend(t.roots.as_slice().iter().map(|&r| (r, i)));
        }
        crit.sort_by(|x, y| x.0.total_cmp(&y.0));
        let mut piece = [0usize; PLANE_COUNT + 1];
        let negative_mask = |piece: &[usize], skip: u64| -> u32 {
            tracks
                .iter()
                .enumerate()
                .filter(|(i, t)| skip & (1 << i) == 0 && t.signs[piece[*i]] == Sign::Negative)
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
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| members & (1 << i) != 0)
                    .fold(0u32, |z, (_, t)| z | (1 << t.bit));
                first = Some(first_contact(g, &planes, zero_bits, at));
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
                first = Some(first_contact(g, &planes, 0, at));
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
        (Some((id, _, _)), Some(t)) => world_normal(g, a, id, t),
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

fn first_contact(
    g: &Geometry,
    planes: &[Option<FPoly>; PLANE_COUNT],
    zeros: u32,
    t: f64,
) -> FirstContact {
    let feature = active_pair(g, planes, zeros, t);
    let degree = feature
        .and_then(|(id, _, _)| planes[id.index()].as_ref())
        .map(FPoly::degree);
    FirstContact {
        time: t,
        feature,
        degree,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poly(c: &[f64]) -> FPoly {
        let mut p = FPoly::ZERO;
        for (i, &x) in c.iter().enumerate() {
            p.c[i] = x;
            p.a[i] = x.abs();
        }
        p.n = c.len();
        p.trim();
        p
    }

    fn roots(c: &[f64], lo: f64, hi: f64) -> Vec<f64> {
        let p = poly(c);
        plane_roots(&p, lo, hi).0.as_slice().to_vec()
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
        assert!(
            (r[0] - a).abs() < 1e-12 && (r[1] - b).abs() < 1e-12,
            "{r:?}"
        );
    }

    #[test]
    fn rootless_test_is_sound_and_useful() {
        // (t - 2)^6 has no root in [0, 1] and the centred form proves it
        let mut c = [0.0; 7];
        for (k, x) in c.iter_mut().enumerate() {
            // binomial(6, k) (-2)^(6 - k)
            let b = [1.0, 6.0, 15.0, 20.0, 15.0, 6.0, 1.0][k];
            *x = b * (-2.0f64).powi(6 - k as i32);
        }
        let p = poly(&c);
        let tol = p.allowance();
        assert_eq!(
            sign_if_rootless(p.coeffs(), &tol[..p.n], 0.0, 1.0),
            Some(Sign::Positive)
        );
        // but not on [1.5, 2.5], which holds the root
        assert_eq!(sign_if_rootless(p.coeffs(), &tol[..p.n], 1.5, 2.5), None);
        assert_eq!(roots(&c, 1.5, 2.5).len(), 1);
    }

    #[test]
    fn exact_cancellation_cleans_to_zero() {
        // 0.1 * 0.3 - 0.3 * 0.1 and (0.1 + 0.2) - 0.3: rounding noise
        let x = FPoly::constant(0.1).mul(&FPoly::constant(0.3)).unwrap();
        let y = FPoly::constant(0.3).mul(&FPoly::constant(0.1)).unwrap();
        assert!(x.sub(&y).is_zero());
        let s = FPoly::constant(0.1).add(&FPoly::constant(0.2));
        assert!(s.sub(&FPoly::constant(0.3)).is_zero());
        // a real difference survives
        assert!(!FPoly::constant(0.3)
            .sub(&FPoly::constant(0.3 + 1e-9))
            .is_zero());
    }

    #[test]
    fn products_beyond_the_capacity_decline() {
        let mut p = FPoly::ZERO;
        p.c[MAX_COEFFS / 2] = 1.0;
        p.a[MAX_COEFFS / 2] = 1.0;
        p.n = MAX_COEFFS / 2 + 1;
        assert!(p.mul(&p).is_err());
    }
}
