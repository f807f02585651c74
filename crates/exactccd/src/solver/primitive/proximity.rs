//! Minimum separation: the first time a linearly moving point comes within
//! `d` of a moving closed triangle, or a moving closed segment within `d` of
//! another (`d >= 0`), as IPC's minimum-separation CCD asks (M. Li, Z.
//! Ferguson, T. Schneider, T. Langlois, D. Zorin, D. Panozzo, C. Jiang, D.
//! M. Kaufman, "Incremental Potential Contact", ACM TOG 39(4), 2020,
//! section 5: distances to a primitive measured per closest feature).
//!
//! # Regions
//!
//! The distance between the closed primitives is at most `d` exactly when
//! one of the following *regions* holds: each names a pair of features and
//! is a conjunction of polynomial sign conditions in `t` (the points are
//! linear in `t`, so every condition is a polynomial). Each region exhibits
//! a point of each primitive at distance at most `d` (so it implies
//! distance `<= d`), and the closest pair of points lies in one of them (so
//! distance `<= d` implies one holds).
//!
//! * vertex `q` against vertex `p`: `d^2 - |p - q|^2 >= 0`;
//! * point `p` against the inside of segment `u v` (`e = v - u`,
//!   `w = p - u`): `|e|^2 > 0`, `w . e >= 0`, `|e|^2 - w . e >= 0` (the
//!   foot of the perpendicular is on the closed segment) and
//!   `d^2 |e|^2 - |e x w|^2 >= 0`;
//! * point `p` against the inside of triangle `f0 f1 f2`
//!   (`n = (f1 - f0) x (f2 - f0)`, `A_i` the sub-areas of `vertex_face.rs`):
//!   `|n|^2 > 0`, `n . A_i >= 0` for `i = 0, 1, 2` (`n . A_i / |n|^2` is the
//!   barycentric coordinate of the foot of the perpendicular) and
//!   `d^2 |n|^2 - (n . (p - f0))^2 >= 0`;
//! * segment `a0 + s u` against segment `b0 + r v` (`w = a0 - b0`,
//!   `m = u x v`): `|m|^2 > 0`, `0 <= (u.v)(v.w) - (v.v)(u.w) <= |m|^2` and
//!   `0 <= (u.u)(v.w) - (u.v)(u.w) <= |m|^2` (the closest points of the two
//!   lines, `s` and `r` times `|m|^2`, on the closed segments) and
//!   `d^2 |m|^2 - (m . w)^2 >= 0`.
//!
//! Vertex-face asks the three vertices, the three edges and the face;
//! edge-edge the four pairs of ends, each end against the other segment,
//! and the two insides. The regions are tried lowest dimension first, and
//! the first that holds names the features.
//!
//! # First time
//!
//! The set of times at which the distance is `<= d` is closed (the distance
//! is continuous). Between two consecutive *candidates* (the interval's
//! ends and every real root of every condition's polynomial) no condition
//! changes sign, so whether a region holds is constant there. Hence the
//! first time is `t0` or a candidate: were it inside a gap, the times just
//! before it in the gap would pass too. The candidates are tested in
//! increasing order by exact signs at real algebraic times; the contact
//! intervals come from testing every candidate and one rational time in
//! each gap.
//!
//! The `f64` scalar runs this code on the exact values of its inputs and
//! rounds the times back (`PrimitiveScalar::exact_value`): the conditions'
//! `d`-terms (`d^2 |n|^2` has degree 6 in the coordinates) fall below the
//! `f64` rounding bound at the query's scale once `d` is small beside it,
//! and a sign within rounding decides nothing. Reading those signs in
//! `f64` put 248 of the 7,279 benchmark queries within `d = 1e-6 · scale`
//! that never come within it (up to `2e-5 · scale` beyond it), and gave
//! the contact time instead of the time within `d` on others.
#![deny(clippy::float_arithmetic)]

use super::evidence::{FarRejection, Rejection, Witness};
use super::feature::{EdgeFeature, FaceFeature, PrimitiveFeature};
use super::outcome::{Certificate, Schedule};
use super::query::{cross, dot, sub, PolyVec, PrimitiveQuery, QueryKind};
use super::scalar::PrimitiveScalar;
use crate::poly::{IsolationError, Poly, RealRoots};
use crate::scalar::{Ring, Sign};
use crate::Error;

/// One sign condition: `poly > 0` when `strict`, otherwise `poly >= 0`.
pub(crate) struct Condition<C> {
    pub(crate) poly: Poly<C>,
    pub(crate) strict: bool,
}

/// A pair of features and the conditions under which they are within `d`.
pub(crate) struct Region<C> {
    pub(crate) feature: PrimitiveFeature,
    pub(crate) conditions: Vec<Condition<C>>,
}

fn at_least_zero<C>(poly: Poly<C>) -> Condition<C> {
    Condition {
        poly,
        strict: false,
    }
}

fn positive<C>(poly: Poly<C>) -> Condition<C> {
    Condition { poly, strict: true }
}

/// `d^2 - |p - q|^2 >= 0`.
fn vertex_vertex<C: Ring>(
    feature: PrimitiveFeature,
    p: &PolyVec<C>,
    q: &PolyVec<C>,
    d2: &Poly<C>,
) -> Region<C> {
    let w = sub(p, q);
    Region {
        feature,
        conditions: vec![at_least_zero(d2 - &dot(&w, &w))],
    }
}

/// The point `p` within `d` of the inside of segment `u v` (module
/// documentation).
fn point_segment<C: Ring>(
    feature: PrimitiveFeature,
    p: &PolyVec<C>,
    u: &PolyVec<C>,
    v: &PolyVec<C>,
    d2: &Poly<C>,
) -> Region<C> {
    let e = sub(v, u);
    let w = sub(p, u);
    let ee = dot(&e, &e);
    let we = dot(&w, &e);
    let ew = cross(&e, &w);
    Region {
        feature,
        conditions: vec![
            positive(ee.clone()),
            at_least_zero(we.clone()),
            at_least_zero(&ee - &we),
            at_least_zero(&(d2 * &ee) - &dot(&ew, &ew)),
        ],
    }
}

/// The point `p` within `d` of the inside of triangle `f0 f1 f2`.
fn point_face<C: Ring>(p: &PolyVec<C>, f: [&PolyVec<C>; 3], d2: &Poly<C>) -> Region<C> {
    let n = cross(&sub(f[1], f[0]), &sub(f[2], f[0]));
    let nn = dot(&n, &n);
    let height = dot(&n, &sub(p, f[0]));
    let mut conditions = vec![positive(nn.clone())];
    for i in 0..3 {
        let (u, v) = (f[(i + 1) % 3], f[(i + 2) % 3]);
        let area = cross(&sub(v, u), &sub(p, u));
        conditions.push(at_least_zero(dot(&n, &area)));
    }
    conditions.push(at_least_zero(&(d2 * &nn) - &(&height * &height)));
    Region {
        feature: PrimitiveFeature::VertexFace(FaceFeature::Interior),
        conditions,
    }
}

/// The insides of segments `a0 a1` and `b0 b1` within `d` of each other.
fn segment_segment<C: Ring>(a: [&PolyVec<C>; 2], b: [&PolyVec<C>; 2], d2: &Poly<C>) -> Region<C> {
    let u = sub(a[1], a[0]);
    let v = sub(b[1], b[0]);
    let w = sub(a[0], b[0]);
    let m = cross(&u, &v);
    let mm = dot(&m, &m);
    let (uu, uv, vv) = (dot(&u, &u), dot(&u, &v), dot(&v, &v));
    let (uw, vw) = (dot(&u, &w), dot(&v, &w));
    let s = &(&uv * &vw) - &(&vv * &uw);
    let r = &(&uu * &vw) - &(&uv * &uw);
    let mw = dot(&m, &w);
    Region {
        feature: PrimitiveFeature::EdgeEdge(EdgeFeature::Interior, EdgeFeature::Interior),
        conditions: vec![
            positive(mm.clone()),
            at_least_zero(s.clone()),
            at_least_zero(&mm - &s),
            at_least_zero(r.clone()),
            at_least_zero(&mm - &r),
            at_least_zero(&(d2 * &mm) - &(&mw * &mw)),
        ],
    }
}

/// Every region of the query, lowest dimension first (module
/// documentation), from the four points as polynomials and the separation
/// at their scale.
pub(crate) fn regions<C: Ring>(kind: QueryKind, points: &[PolyVec<C>; 4], d: &C) -> Vec<Region<C>> {
    let d2 = Poly::from_coeffs(vec![d.mul_ref(d)]);
    let [p0, p1, p2, p3] = points;
    match kind {
        QueryKind::VertexFace => {
            let f = [p1, p2, p3];
            let mut out: Vec<Region<C>> = (0..3)
                .map(|i| {
                    let feature = PrimitiveFeature::VertexFace(FaceFeature::Vertex(i));
                    vertex_vertex(feature, p0, f[i], &d2)
                })
                .collect();
            for (i, j) in [(0, 1), (1, 2), (0, 2)] {
                let feature = PrimitiveFeature::VertexFace(FaceFeature::Edge(i, j));
                out.push(point_segment(feature, p0, f[i], f[j], &d2));
            }
            out.push(point_face(p0, f, &d2));
            out
        }
        QueryKind::EdgeEdge => {
            let (a, b) = ([p0, p1], [p2, p3]);
            let mut out = Vec::with_capacity(9);
            for (i, &ai) in a.iter().enumerate() {
                for (j, &bj) in b.iter().enumerate() {
                    let feature =
                        PrimitiveFeature::EdgeEdge(EdgeFeature::End(i), EdgeFeature::End(j));
                    out.push(vertex_vertex(feature, ai, bj, &d2));
                }
            }
            for (i, &ai) in a.iter().enumerate() {
                let feature =
                    PrimitiveFeature::EdgeEdge(EdgeFeature::End(i), EdgeFeature::Interior);
                out.push(point_segment(feature, ai, b[0], b[1], &d2));
            }
            for (j, &bj) in b.iter().enumerate() {
                let feature =
                    PrimitiveFeature::EdgeEdge(EdgeFeature::Interior, EdgeFeature::End(j));
                out.push(point_segment(feature, bj, a[0], a[1], &d2));
            }
            out.push(segment_segment(a, b, &d2));
            out
        }
    }
}

/// Whether the query is within `d` at the time `t`: the first region that
/// holds, or for each region the index of its first condition that fails.
pub(crate) fn decide_within<S: PrimitiveScalar>(
    regions: &[Region<S::Coord>],
    t: &S::Root,
) -> Result<PrimitiveFeature, FarRejection> {
    crate::budget::tick();
    let mut failed = FarRejection::default();
    for (k, region) in regions.iter().enumerate() {
        let first_failing = region.conditions.iter().position(|c| {
            let s = S::sign_at_time(&c.poly, t);
            s == Sign::Negative || (c.strict && s == Sign::Zero)
        });
        match first_failing {
            None => return Ok(region.feature),
            Some(i) => failed.push(k, i),
        }
    }
    Err(failed)
}

/// Root isolation failed: a resource limit, not a fault of the query.
fn isolation(e: IsolationError) -> Error {
    Error::limit_exceeded(format!("root isolation failed: {e}"))
}

/// The candidate times on `[lo, hi]`, increasing: the ends and every root of
/// every condition's polynomial; and how many polynomials were searched.
pub(crate) fn candidates<S: PrimitiveScalar>(
    regions: &[Region<S::Coord>],
    lo: &S,
    hi: &S,
) -> Result<(Vec<S::Root>, usize), Error> {
    let mut searched: Vec<&Poly<S::Coord>> = Vec::new();
    for c in regions.iter().flat_map(|r| &r.conditions) {
        if S::is_negligible(&c.poly) || c.poly.is_constant() || searched.contains(&&c.poly) {
            continue;
        }
        searched.push(&c.poly);
    }
    let mut times = vec![S::root_of_value(lo), S::root_of_value(hi)];
    for p in &searched {
        let zero_at = |x: &S| S::sign_at_time(p, &S::root_of_value(x)) == Sign::Zero;
        times.extend(S::roots_between(p, lo, hi, &zero_at).map_err(isolation)?);
    }
    times.sort();
    times.dedup();
    Ok((times, searched.len()))
}

/// The certificate of the first candidate within `d` (every earlier one
/// rejected).
pub(crate) fn first_within<S: PrimitiveScalar>(
    regions: &[Region<S::Coord>],
    times: &[S::Root],
    polynomials: usize,
) -> Certificate<S::Root> {
    let mut rejected = Vec::new();
    for t in times {
        match decide_within::<S>(regions, t) {
            Ok(feature) => {
                return Certificate {
                    schedule: Schedule::Proximity { polynomials },
                    rejected,
                    contact: Some((t.clone(), Witness::Near(feature))),
                }
            }
            Err(r) => rejected.push((t.clone(), Rejection::Far(r))),
        }
    }
    Certificate {
        schedule: Schedule::Proximity { polynomials },
        rejected,
        contact: None,
    }
}

/// A closed interval of times, its ends roots of the scalar `S`.
type RootInterval<S> = (<S as RealRoots>::Root, <S as RealRoots>::Root);

/// Every maximal closed interval of times within `d`, from the candidates
/// and one value in each gap between consecutive ones; and the number of
/// tests run. A run of passing items starts and ends at candidates (the
/// set is closed); an inexact scalar may pass a gap alone, whose interval
/// is then widened to the candidates around it.
pub(crate) fn intervals_within<S: PrimitiveScalar>(
    regions: &[Region<S::Coord>],
    times: &[S::Root],
) -> (Vec<RootInterval<S>>, usize) {
    let mut tests = 0;
    let mut passes = |t: &S::Root| {
        tests += 1;
        decide_within::<S>(regions, t).is_ok()
    };
    let mut intervals = Vec::new();
    // the current run: its first and last candidate
    let mut run: Option<(S::Root, S::Root)> = None;
    let mut close = |run: &mut Option<(S::Root, S::Root)>| {
        if let Some(r) = run.take() {
            intervals.push(r);
        }
    };
    for (i, t) in times.iter().enumerate() {
        if passes(t) {
            let start = run.take().map_or_else(|| t.clone(), |(s, _)| s);
            run = Some((start, t.clone()));
        } else {
            close(&mut run);
        }
        let Some(next) = times.get(i + 1) else {
            continue;
        };
        // no value between two candidates only happens in f64
        let Some(v) = S::value_between(t, next) else {
            continue;
        };
        if passes(&S::root_of_value(&v)) {
            let start = run.take().map_or_else(|| t.clone(), |(s, _)| s);
            run = Some((start, next.clone()));
        } else {
            close(&mut run);
        }
    }
    close(&mut run);
    (intervals, tests)
}

/// The regions of a query, from its points and separation.
pub(crate) fn query_regions<S: PrimitiveScalar>(q: &PrimitiveQuery<S>) -> Vec<Region<S::Coord>> {
    let (points, d) = super::query::point_polynomials_and_separation(q);
    regions(q.kind, &points, &d)
}
