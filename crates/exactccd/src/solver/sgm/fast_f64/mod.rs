//! The dedicated `f64` path of the SGM solver: the same method as the
//! generic solve (module docs of `sgm`), after "Collision prediction of two
//! oriented bounding boxes under univariate (piecewise) rational motion"
//! (the SGM paper), sections IV-A to IV-E, with the pair extraction of the
//! SGM authors' web page, written for `f64` with all polynomials in one
//! coefficient pool per query and no rational arithmetic after reading the
//! scenario.
//!
//! # Files
//!
//! * `arena.rs`: the coefficient pool (`Pool`, handles `P`) and its
//!   operations, with bounds and rounding allowances;
//! * `roots.rs`: the real roots of a pool polynomial on an interval (the
//!   centred-form test, the halvings and the critical points);
//! * `geometry.rs`: each body's motion, `b` in `a`'s frame (section IV-A),
//!   the base polynomials and the 15 plane directions (section IV-C);
//! * `sweep.rs`: the homogeneous intervals (section IV-A), the bounding
//!   sphere (section IV-E), the planes of an interval (sections IV-B,
//!   IV-C) and the cells between the critical instants (section IV-D);
//! * this file: the entry point and the outcome.
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
//! # Root finding, shared and not
//!
//! The Newton-bisection that refines a root on a monotone piece is
//! `poly::roots_f64`'s (`newton_bisection`), the one the generic `f64`
//! solve uses; this path hands it the value and derivative from one Horner
//! pass. The search for the pieces (`roots.rs`) stays this path's own: it
//! differs from `poly::roots_f64::roots_in` in ways that change results,
//! so neither can run the other's queries bit for bit: the zero test here
//! is the per-coefficient allowance built with the polynomial (bounds of
//! the cancelled sums included, where `roots_f64` uses `4 n eps` of the
//! final coefficients only), the centred-form test and the halvings cut an
//! interval at other points (so a root is refined from another bracket),
//! and a run of roots within the allowance is merged into one.
//!
//! # What is not guaranteed
//!
//! It is `f64`: a touching or grazing contact (a root of even
//! multiplicity, a gap of the order of the rounding allowance) may be
//! reported or missed, and times are approximations (agreement with the
//! exact path is measured in `tests/sgm/f64_fast.rs`). It never panics, never
//! loops without bound (at most 200 Newton-bisection steps per root) and
//! returns no NaN times for finite input.
#![allow(clippy::float_arithmetic)]

mod arena;
mod geometry;
mod roots;
mod sweep;
#[cfg(test)]
mod tests;

use super::planes::{BoxFeature, PlaneId, PLANE_COUNT};
use super::SgmStats;
use crate::geom::Shape;
use crate::motion::Body;
use crate::scalar::{BigRational, Scalar};
use crate::Error;
use arena::{Decline, Pool};
use geometry::{geometry, relative, RigidF64};
use num_traits::ToPrimitive;
use sweep::solve_geometry;

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

/// Whether `x` and `y` are one instant (module docs, "Instants").
fn same_instant(x: f64, y: f64) -> bool {
    (x - y).abs() <= SAME_INSTANT * x.abs().max(y.abs()).max(1.0)
}

/// `v` when all its values are finite.
fn finite<const N: usize>(v: [f64; N]) -> Result<[f64; N], Decline> {
    if v.iter().all(|x| x.is_finite()) {
        Ok(v)
    } else {
        Err(Decline)
    }
}

/// Why the solve stopped without an outcome.
enum SolveStop {
    /// Outside the fast path's scope: run the generic solve.
    Decline,
    /// The method's answer is an error (as the generic solve's).
    Error(Error),
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
/// a not-applicable [`Error`] for a singular relative motion, as the
/// generic solve.
pub fn solve_sgm_f64(
    a: &Body,
    b: &Body,
    t0: &BigRational,
    t1: &BigRational,
) -> Option<Result<FastSgmOutcome, Error>> {
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
) -> Option<Result<FastSgmOutcome, Error>> {
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
