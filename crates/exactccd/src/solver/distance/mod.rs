//! Feature-pair distance: the first time two bodies come within a
//! separation `d` of each other, for boxes, triangles, spheres, capsules
//! and convex hulls under rational motions (docs/methods/distance.md).
//!
//! # The method
//!
//! 1. Every shape is a core polytope plus a radius (`core.rs`): then
//!    `dist(A, B) <= d` iff `dist(core_A, core_B) <= D := d + r_A + r_B`.
//! 2. For convex cores that do not intersect, the distance is attained by a
//!    pair of features whose closed Voronoi-region conditions hold
//!    (vertex-face, edge-edge, vertex-edge, vertex-vertex, in both
//!    directions); each pair's condition "within `D`" is a conjunction of
//!    polynomial sign conditions in `t` under a rational relative motion
//!    (`pairs.rs`). With `D = 0` and cores with faces, vertex-edge and
//!    vertex-vertex pairs are implied by vertex-face pairs and left out.
//! 3. Each pair's set of times is a union of closed intervals whose ends
//!    are `t0`, `t1` or roots of its polynomials: the roots are isolated
//!    exactly ([`RealRoots`]: real algebraic numbers), the sign conditions
//!    decided at each root and at a rational between consecutive roots
//!    (`pair_set`). Pairs that cannot hold anywhere on the interval are
//!    left out: in the exact scalar under a constant-velocity translation
//!    by a bounding-box test before they are written (`reach.rs`), and by
//!    a sign test of their polynomials.
//! 4. The union `F` of the pair sets misses only the times when the cores
//!    intersect without a touching pair: one core deep inside the other, or
//!    an edge piercing a face. That state cannot change while `F` does not
//!    hold (it starts and ends with a touching pair), so it is decided once
//!    per gap of `F`, at a rational time, by an exact static test
//!    (`overlap_at`). The contact set is `F` with those gaps filled.
//!
//! Pairs are written in the frame of the body whose feature is fixed (its
//! features are constant there) with the other body's relative motion
//! ([`PolyMotion::relative_to`]), so distances are preserved only by
//! rigid motions: a non-rigid `row_matrix` is refused, as are the
//! transcendental motions (`screw`, `poses`, `angular`) for now.
#![deny(clippy::float_arithmetic)]

mod pairs;
mod parts;
mod polish;
mod reach;
mod report;

pub use parts::MAX_PIECE_PAIRS;

use self::pairs::{Moving, PairTest, Writer};
use self::reach::Reach;
use crate::budget;
use crate::geom::core::{Core, CoreFace};
use crate::geom::{Shape, Vec3};
use crate::motion::{common_pieces, Body, CommonPiece, Motion, PolyMotion};
use crate::poly::{IsolationError, Poly, RealRoots};
use crate::scalar::{BigRational, Ring, Scalar, Sign};
use crate::Error;
use std::cell::Cell;

type Q = BigRational;

/// Closed intervals of time, in order.
type Spans<R> = Vec<(R, R)>;

/// What the distance method found.
pub type DistanceOutcome<S> = crate::solver::WithinOutcome<S, DistanceStats>;

/// Work counters of the distance method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DistanceStats {
    /// Feature pairs considered: written, or ruled out before writing by
    /// the bounding-box test (`reach.rs`).
    pub pairs: usize,
    /// Pairs excluded over the whole interval: by the bounding-box test
    /// before writing, or by a sign test of a written pair's polynomials.
    pub excluded: usize,
    /// Polynomials whose roots were isolated.
    pub root_isolations: usize,
    /// Common sub-intervals of piecewise motions.
    pub pieces: usize,
}

fn limit(e: IsolationError) -> Error {
    match e {
        IsolationError::BudgetExhausted => Error::limit_exceeded("the work budget is exhausted"),
        e => Error::limit_exceeded(format!("distance: {e}")),
    }
}

/// Solves the first time `dist(a, b) <= separation` on `interval` in the
/// scalar `S` (module docs).
pub fn solve_distance<S: RealRoots>(
    a: &Body,
    b: &Body,
    interval: &(Q, Q),
    separation: &Q,
) -> Result<DistanceOutcome<S>, Error> {
    for (body, name) in [(a, "a"), (b, "b")] {
        if !(body.motion.is_rational() || body.motion.is_piecewise()) {
            return Err(Error::not_applicable(format!(
                "distance: body {name} has a `{}` motion; the feature-pair distance method takes \
                 static, linear, rational, rigid row_matrix and piecewise motions",
                body.motion.kind_name()
            )));
        }
    }
    if [a, b]
        .iter()
        .any(|body| matches!(body.shape, Shape::Mesh(_)))
    {
        return parts::solve_by_pieces(a, b, interval, separation);
    }
    let cores = (
        Core::of(&a.shape, "distance: body a")?,
        Core::of(&b.shape, "distance: body b")?,
    );
    let big_d = separation + &cores.0.radius + &cores.1.radius;
    let mut stats = DistanceStats::default();
    let pieces = common_pieces(a, b, interval);
    stats.pieces = pieces.len();
    let mut parts = Vec::with_capacity(pieces.len());
    for piece in &pieces {
        parts.push(solve_piece::<S>(&cores, piece, &big_d, &mut stats)?);
    }
    let mut out = join_parts(parts, &cores, stats);
    let r0 = S::root_of_value(&S::from_rational(&interval.0));
    out.initially_overlapping = out.first_contact.as_ref() == Some(&r0);
    Ok(out)
}

/// The answer on one common sub-interval.
struct Part<S: RealRoots> {
    intervals: Vec<(S::Root, S::Root)>,
    first: Option<report::FirstPair>,
}

fn join_parts<S: RealRoots>(
    parts: Vec<Part<S>>,
    cores: &(Core, Core),
    stats: DistanceStats,
) -> DistanceOutcome<S> {
    let mut intervals: Vec<(S::Root, S::Root)> = Vec::new();
    let mut first = None;
    for part in parts {
        if first.is_none() && !part.intervals.is_empty() {
            first = Some(part.first);
        }
        for (lo, hi) in part.intervals {
            push_joined(&mut intervals, lo, hi);
        }
    }
    let first_contact = intervals.first().map(|(lo, _)| lo.clone());
    let at = first_contact.as_ref().map(S::root_to_f64);
    let found = first
        .flatten()
        .and_then(|f| Some(report::describe(&f, cores, at?)));
    DistanceOutcome {
        collides: first_contact.is_some(),
        initially_overlapping: false,
        first_contact,
        contact_intervals: intervals,
        features: found.as_ref().map(|r| r.features),
        point: found.as_ref().and_then(|r| r.point),
        normal: found.as_ref().and_then(|r| r.normal),
        stats,
    }
}

/// The compiled motion of a single-motion body, and whether it is exactly
/// rigid. One that is not is refused in the exact scalar; in `f64` it is
/// taken when it is a `static` or `linear` motion, whose pose rotation the
/// scenario loader accepted as a rotation within the `f64` path's tolerance
/// (a rational rotation such as `3/5, 4/5` rounded to `f64` is seldom
/// exactly orthogonal), and refused for a `row_matrix` motion.
fn rigid_motion(
    body: &Body,
    name: &str,
    t0: &Q,
    exact: bool,
) -> Result<(PolyMotion<Q>, bool), Error> {
    let m = PolyMotion::from_body_on(body, t0).ok_or_else(|| {
        Error::not_applicable(format!(
            "distance: body {name} has a `{}` motion, not a rational one",
            body.motion.kind_name()
        ))
    })?;
    let rigid = m.is_rigid();
    let rounded_pose = !exact && matches!(body.motion, Motion::Static | Motion::Linear { .. });
    if !rigid && !rounded_pose {
        return Err(Error::not_applicable(format!(
            "distance: body {name} has a row_matrix motion that is not rigid; distances need a rigid motion"
        )));
    }
    Ok((m, rigid))
}

/// Which pairs a separation and two cores need (module docs, step 2).
fn writes_vertex_edge(big_d_zero: bool, fixed: &Core) -> bool {
    !big_d_zero || fixed.faces.is_empty()
}

fn solve_piece<S: RealRoots>(
    cores: &(Core, Core),
    piece: &CommonPiece,
    big_d: &Q,
    stats: &mut DistanceStats,
) -> Result<Part<S>, Error> {
    let (from, to) = (&piece.from, &piece.to);
    let d2 = &(big_d * big_d);
    let (ma, a_rigid) = rigid_motion(&piece.a, "a", from, S::IS_EXACT)?;
    let (mb, b_rigid) = rigid_motion(&piece.b, "b", from, S::IS_EXACT)?;
    budget::check()?;
    // rigidity was tested above: no second test (a rounded pose that is
    // not exactly rigid is inverted by its adjugate)
    let rel_b_q = mb.relative_to_rigid(&ma, a_rigid, from);
    let rel_a_q = ma.relative_to_rigid(&mb, b_rigid, from);
    let (rel_b, rel_a) = (rel_b_q.map_scalar::<S>(), rel_a_q.map_scalar::<S>());
    budget::check()?;
    let (core_a, core_b) = cores;
    // the bound is decided exactly, so only the exact path uses it: in
    // `f64` a pair it rules out could still pass by rounding, and the
    // answers are to stay those of the pairs written in full; and `a`
    // moves in `b`'s frame only against `b`'s faces and edges
    let reach_b = S::IS_EXACT
        .then(|| Reach::new(core_b, &rel_b_q, from, to, big_d))
        .flatten();
    let has_features = !core_b.faces.is_empty() || !core_b.edges.is_empty();
    let reach_a = (S::IS_EXACT && has_features)
        .then(|| Reach::new(core_a, &rel_a_q, from, to, big_d))
        .flatten();
    let moving_b = Moving::new(core_b, &rel_b);
    let moving_a = Moving::new(core_a, &rel_a);
    let d2s = Poly::constant(S::from_rational(d2));
    let zero_d = d2.is_zero();
    let mut tests = Vec::new();
    let in_a = Writer {
        fixed: core_a,
        moving_core: core_b,
        moving: &moving_b,
        d2: d2s.clone(),
        fixed_is_b: false,
        reach: reach_b.as_ref(),
        ruled_out: Cell::new(0),
    };
    let in_b = Writer {
        fixed: core_b,
        moving_core: core_a,
        moving: &moving_a,
        d2: d2s,
        fixed_is_b: true,
        reach: reach_a.as_ref(),
        ruled_out: Cell::new(0),
    };
    in_a.vertex_face(&mut tests);
    in_b.vertex_face(&mut tests);
    in_a.edge_edge(&mut tests);
    if writes_vertex_edge(zero_d, core_a) {
        in_a.vertex_edge(&mut tests);
    }
    if writes_vertex_edge(zero_d, core_b) {
        in_b.vertex_edge(&mut tests);
    }
    if !zero_d || (core_a.faces.is_empty() && core_b.faces.is_empty()) {
        in_a.vertex_vertex(&mut tests);
    }
    let ruled_out = in_a.ruled_out.get() + in_b.ruled_out.get();
    stats.pairs += tests.len() + ruled_out;
    stats.excluded += ruled_out;
    let (t0, t1) = (S::from_rational(from), S::from_rational(to));
    let mut spans: Vec<(S::Root, S::Root, usize)> = Vec::new();
    for (k, test) in tests.iter().enumerate() {
        budget::check()?;
        for (lo, hi) in pair_set(test, &t0, &t1, stats)? {
            spans.push((lo, hi, k));
        }
    }
    if !S::IS_EXACT {
        for (lo, hi, k) in &mut spans {
            if let Some(t) = polish::polish_start(&tests[*k], lo, hi, &t0, &t1) {
                *lo = t;
            }
        }
    }
    spans.sort_by(|x, y| x.0.cmp(&y.0));
    let first = spans.first().map(|(lo, _, k)| (lo.clone(), *k));
    let mut merged: Vec<(S::Root, S::Root)> = Vec::new();
    for (lo, hi, _) in spans {
        push_joined(&mut merged, lo, hi);
    }
    let overlap = |t: &S| overlap_at(t, core_a, core_b, &moving_a, &moving_b);
    let intervals = fill_overlaps(merged, &t0, &t1, &overlap);
    let first = match (first, intervals.first()) {
        (Some((lo, k)), Some((start, _))) if &lo == start => {
            Some(report::FirstPair::new(&tests[k], &piece.a, &piece.b, from))
        }
        _ => None,
    };
    Ok(Part { intervals, first })
}

/// Appends the closed interval `[lo, hi]`, which starts no earlier than
/// the last one, joined with the last one when they meet.
pub(super) fn push_joined<R: Ord>(intervals: &mut Vec<(R, R)>, lo: R, hi: R) {
    match intervals.last_mut() {
        Some(last) if lo <= last.1 => {
            if hi > last.1 {
                last.1 = hi;
            }
        }
        _ => intervals.push((lo, hi)),
    }
}

/// The contact intervals: the union `F` of the pair sets with its gaps
/// filled where the cores intersect (module docs, step 4).
pub(super) fn fill_overlaps<S: RealRoots>(
    merged: Vec<(S::Root, S::Root)>,
    t0: &S,
    t1: &S,
    overlap: &dyn Fn(&S) -> bool,
) -> Vec<(S::Root, S::Root)> {
    let (r0, r1) = (S::root_of_value(t0), S::root_of_value(t1));
    if merged.is_empty() {
        return if overlap(t0) {
            vec![(r0, r1)]
        } else {
            Vec::new()
        };
    }
    let mut out: Vec<(S::Root, S::Root)> = Vec::new();
    for (lo, hi) in merged {
        let joined = match out.last() {
            None => lo > r0 && overlap(t0),
            Some(last) => match S::value_between(&last.1, &lo) {
                Some(probe) => overlap(&probe),
                None => true,
            },
        };
        match (joined, out.last_mut()) {
            (true, Some(last)) => last.1 = hi,
            (true, None) => out.push((r0.clone(), hi)),
            (false, _) => out.push((lo, hi)),
        }
    }
    if let Some(last) = out.last_mut() {
        if last.1 < r1 && overlap(t1) {
            last.1 = r1;
        }
    }
    out
}

/// The closed set of times in `[t0, t1]` where one pair's condition holds,
/// as closed intervals (module docs, step 3). For two edges the set is the
/// closure of the times where they are not parallel and the condition
/// holds: at an instant of parallel edges the closest points are ends,
/// which the vertex pairs cover.
fn pair_set<S: RealRoots>(
    test: &PairTest<S>,
    t0: &S,
    t1: &S,
    stats: &mut DistanceStats,
) -> Result<Spans<S::Root>, Error> {
    let never = |p: &Poly<S>, bad: &dyn Fn(Sign) -> bool| {
        if p.is_constant() {
            bad(p.eval(t0).sign())
        } else {
            S::sign_if_rootless(p, t0, t1).is_some_and(bad)
        }
    };
    let negative = |s: Sign| s == Sign::Negative;
    let not_positive = |s: Sign| s != Sign::Positive;
    if test.at_least_zero.iter().any(|p| never(p, &negative))
        || test
            .positive
            .as_ref()
            .is_some_and(|p| never(p, &not_positive))
    {
        stats.excluded += 1;
        return Ok(Vec::new());
    }
    let polys: Vec<&Poly<S>> = test
        .at_least_zero
        .iter()
        .chain(test.positive.iter())
        .collect();
    let mut cuts = vec![S::root_of_value(t0), S::root_of_value(t1)];
    for p in &polys {
        if !p.is_constant() {
            stats.root_isolations += 1;
            cuts.extend(S::real_roots(p, t0, t1).map_err(limit)?);
        }
    }
    cuts.sort();
    cuts.dedup();
    let holds_at = |t: &S| {
        test.at_least_zero
            .iter()
            .all(|p| p.eval(t).sign() != Sign::Negative)
            && test
                .positive
                .as_ref()
                .is_none_or(|p| p.eval(t).sign() == Sign::Positive)
    };
    let holds_at_root = |r: &S::Root| {
        test.at_least_zero
            .iter()
            .all(|p| S::sign_at_root(p, r) != Sign::Negative)
            && test
                .positive
                .as_ref()
                .is_none_or(|p| S::sign_at_root(p, r) == Sign::Positive)
    };
    let gaps: Vec<bool> = cuts
        .windows(2)
        .map(|w| S::value_between(&w[0], &w[1]).is_some_and(|t| holds_at(&t)))
        .collect();
    let mut out: Vec<(S::Root, S::Root)> = Vec::new();
    let mut open: Option<S::Root> = None;
    for (k, cut) in cuts.iter().enumerate() {
        let before = k > 0 && gaps[k - 1];
        let after = gaps.get(k).copied().unwrap_or(false);
        let here = before || after || holds_at_root(cut);
        if here && open.is_none() {
            open = Some(cut.clone());
        }
        if here && !after {
            if let Some(lo) = open.take() {
                out.push((lo, cut.clone()));
            }
        }
    }
    Ok(out)
}

/// The positions of a moving core's points at the scalar time `t`.
fn moved_points<S: RealRoots>(m: &Moving<S>, t: &S) -> Vec<Vec3<S>> {
    let inv = m.w.eval(t).recip();
    m.points
        .iter()
        .map(|p| p.map(|c| c.eval(t)).scale(&inv))
        .collect()
}

fn to_s<S: Scalar>(v: &Vec3<Q>) -> Vec3<S> {
    Vec3::from_rational(v)
}

/// True when `x` lies in the closed convex polygon `face` of `core`
/// (`x` on the face's plane).
fn in_polygon<S: RealRoots>(core: &Core, face: &CoreFace, x: &Vec3<S>) -> bool {
    core.side_normals(face).iter().all(|(q, m)| {
        to_s::<S>(m).dot(&(x - &to_s::<S>(&core.points[*q]))).sign() != Sign::Negative
    })
}

/// True when some point lies in the solid core (on or behind every face).
fn any_inside<S: RealRoots>(core: &Core, points: &[Vec3<S>], indices: &[usize]) -> bool {
    core.solid
        && indices.iter().any(|&i| {
            core.faces
                .iter()
                .all(|f| to_s::<S>(&f.normal).dot(&points[i]) <= S::from_rational(&f.offset))
        })
}

/// True when an edge of the moving core crosses a face of the fixed core
/// (points in the fixed core's frame): its ends are on opposite sides of
/// the face's plane, or one on it, and the crossing point is in the face.
fn edge_crosses<S: RealRoots>(fixed: &Core, moving: &Core, points: &[Vec3<S>]) -> bool {
    moving.edges.iter().any(|&(i, j, _)| {
        let (p0, p1) = (&points[i], &points[j]);
        fixed.faces.iter().any(|f| {
            let n = to_s::<S>(&f.normal);
            let c = S::from_rational(&f.offset);
            let (s0, s1) = (n.dot(p0).sub_ref(&c), n.dot(p1).sub_ref(&c));
            if s0.sign() == s1.sign() {
                return false;
            }
            // x = (s0 p1 - s1 p0) / (s0 - s1)
            let x = (p1.scale(&s0) - p0.scale(&s1)).scale(&s0.sub_ref(&s1).recip());
            in_polygon(fixed, f, &x)
        })
    })
}

/// True when the cores intersect at the scalar time `t` (module docs, step
/// 4): a vertex of one inside the other, or an edge of one crossing a face
/// of the other. Complete when no feature pair is within `D` at `t`.
fn overlap_at<S: RealRoots>(
    t: &S,
    core_a: &Core,
    core_b: &Core,
    moving_a: &Moving<S>,
    moving_b: &Moving<S>,
) -> bool {
    let b_in_a = moved_points(moving_b, t);
    let a_in_b = moved_points(moving_a, t);
    let vertices = |c: &Core| c.vertices.iter().map(|v| v.0).collect::<Vec<_>>();
    any_inside(core_a, &b_in_a, &vertices(core_b))
        || any_inside(core_b, &a_in_b, &vertices(core_a))
        || edge_crosses(core_a, core_b, &b_in_a)
        || edge_crosses(core_b, core_a, &a_in_b)
}
