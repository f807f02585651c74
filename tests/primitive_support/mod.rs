//! Helpers of the primitive-query tests: query builders from integers and
//! strings, and an independent brute-force reference: exact *static*
//! intersection tests of closed triangles and segments at a rational time,
//! written with different formulas from the solver's (dot products with the
//! normal, parametric solutions, 1-D overlaps), sharing no code with it.
#![allow(dead_code)]

use exactccd::geom::Vec3;
use exactccd::scalar::{parse_number, BigInt, BigRational};
use exactccd::solver::primitive::{MovingPoint, PrimitiveQuery, QueryKind};
use num_traits::{Signed, Zero};
use proptest::prelude::*;

pub type Q = BigRational;
pub type P3 = [Q; 3];

/// A number from its text (`"3/4"`, `"-2"`, `"0.5"`).
pub fn q(s: &str) -> Q {
    parse_number(s).unwrap()
}

/// The integer `n`.
pub fn qi(n: i64) -> Q {
    Q::from_integer(BigInt::from(n))
}

/// `n / d`.
pub fn qr(n: i64, d: i64) -> Q {
    Q::new(BigInt::from(n), BigInt::from(d))
}

/// A vector from three texts.
pub fn v(c: [&str; 3]) -> Vec3<Q> {
    Vec3::new(q(c[0]), q(c[1]), q(c[2]))
}

/// A point moving from `a` to `b` (texts).
pub fn mp(a: [&str; 3], b: [&str; 3]) -> MovingPoint<Q> {
    MovingPoint::new(v(a), v(b))
}

/// A point that stays at `a`.
pub fn fixed(a: [&str; 3]) -> MovingPoint<Q> {
    MovingPoint::fixed(v(a))
}

/// A point moving from `a` to `b` (integers).
pub fn mpi(a: [i64; 3], b: [i64; 3]) -> MovingPoint<Q> {
    MovingPoint::new(
        Vec3::new(qi(a[0]), qi(a[1]), qi(a[2])),
        Vec3::new(qi(b[0]), qi(b[1]), qi(b[2])),
    )
}

/// The vertex-face query.
pub fn vf(
    p: MovingPoint<Q>,
    f0: MovingPoint<Q>,
    f1: MovingPoint<Q>,
    f2: MovingPoint<Q>,
) -> PrimitiveQuery<Q> {
    PrimitiveQuery::vertex_face(p, [f0, f1, f2])
}

/// The edge-edge query.
pub fn ee(
    a0: MovingPoint<Q>,
    a1: MovingPoint<Q>,
    b0: MovingPoint<Q>,
    b1: MovingPoint<Q>,
) -> PrimitiveQuery<Q> {
    PrimitiveQuery::edge_edge([a0, a1], [b0, b1])
}

// ---------------------------------------------------------------------------
// Static exact geometry at a rational time.

fn sub(a: &P3, b: &P3) -> P3 {
    [&a[0] - &b[0], &a[1] - &b[1], &a[2] - &b[2]]
}

fn dot(a: &P3, b: &P3) -> Q {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}

fn cross(a: &P3, b: &P3) -> P3 {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

fn is_zero(a: &P3) -> bool {
    a.iter().all(Zero::is_zero)
}

/// The position of a moving point at the rational time `t` of `[t0, t1]`.
pub fn position_at(p: &MovingPoint<Q>, interval: &[Q; 2], t: &Q) -> P3 {
    let s = (t - &interval[0]) / (&interval[1] - &interval[0]);
    [0, 1, 2].map(|k| &p.start[k] + &s * (&p.end[k] - &p.start[k]))
}

/// The four positions of a query at `t`.
pub fn positions_at(query: &PrimitiveQuery<Q>, t: &Q) -> [P3; 4] {
    [0, 1, 2, 3].map(|i| position_at(&query.points[i], &query.interval, t))
}

/// `x` on the closed segment `a b` (a point when `a == b`): `x = a + s (b - a)`
/// with `s` in `[0, 1]`, solved along the largest-magnitude axis of `b - a`.
pub fn point_on_segment(x: &P3, a: &P3, b: &P3) -> bool {
    let d = sub(b, a);
    let r = sub(x, a);
    if is_zero(&d) {
        return is_zero(&r);
    }
    let k = (0..3).max_by_key(|&k| d[k].abs()).unwrap();
    let s = &r[k] / &d[k];
    if s.is_negative() || s > qi(1) {
        return false;
    }
    // every coordinate must match
    (0..3).all(|i| r[i] == &s * &d[i])
}

/// `x` in the closed triangle `a b c` (any shape, also a segment or a
/// point): coplanar, and on the inner side of every edge measured with the
/// normal; a zero-area triangle is the union of its edges.
pub fn point_in_triangle(x: &P3, a: &P3, b: &P3, c: &P3) -> bool {
    let n = cross(&sub(b, a), &sub(c, a));
    if is_zero(&n) {
        return point_on_segment(x, a, b) || point_on_segment(x, b, c) || point_on_segment(x, c, a);
    }
    if !dot(&n, &sub(x, a)).is_zero() {
        return false;
    }
    [(a, b), (b, c), (c, a)]
        .iter()
        .all(|(u, w)| !dot(&cross(&sub(w, u), &sub(x, u)), &n).is_negative())
}

/// The closed segments `a0 a1` and `b0 b1` meet: for non-parallel
/// directions, the parameters of the lines' common point (coplanar) solved
/// with Cramer's rule; for parallel ones (or points), an end of one on the
/// other.
pub fn segments_intersect(a0: &P3, a1: &P3, b0: &P3, b1: &P3) -> bool {
    let ea = sub(a1, a0);
    let eb = sub(b1, b0);
    let w = sub(b0, a0);
    let m = cross(&ea, &eb);
    if is_zero(&m) {
        return point_on_segment(a0, b0, b1)
            || point_on_segment(a1, b0, b1)
            || point_on_segment(b0, a0, a1)
            || point_on_segment(b1, a0, a1);
    }
    if !dot(&m, &w).is_zero() {
        return false; // skew lines
    }
    // a0 + s ea = b0 + u eb  =>  s = (w x eb).m / |m|^2, u = (w x ea).m / |m|^2
    let mm = dot(&m, &m);
    let s = dot(&cross(&w, &eb), &m) / &mm;
    let u = dot(&cross(&w, &ea), &m) / &mm;
    let unit = |x: &Q| !x.is_negative() && *x <= qi(1);
    unit(&s) && unit(&u)
}

/// The brute-force static test of a query at the rational time `t`.
pub fn static_contact(query: &PrimitiveQuery<Q>, t: &Q) -> bool {
    let [p0, p1, p2, p3] = positions_at(query, t);
    match query.kind {
        QueryKind::VertexFace => point_in_triangle(&p0, &p1, &p2, &p3),
        QueryKind::EdgeEdge => segments_intersect(&p0, &p1, &p2, &p3),
    }
}

/// The signed volume `det[p1 - p0, p2 - p0, p3 - p0]` at `t` (an
/// orientation of the four points, computed statically).
pub fn static_volume(query: &PrimitiveQuery<Q>, t: &Q) -> Q {
    let [p0, p1, p2, p3] = positions_at(query, t);
    dot(&sub(&p1, &p0), &cross(&sub(&p2, &p0), &sub(&p3, &p0)))
}

/// Near a time where the points are coplanar: is the configuration at `t`
/// "inside" once projected orthogonally onto the plane, measured statically?
/// Vertex-face: the projection of the vertex on the triangle's plane is in
/// the closed triangle (sub-areas dotted with the normal); edge-edge: the
/// closest points of the two lines lie on both closed segments. Only for
/// non-degenerate configurations (`None` otherwise).
pub fn projected_inside(query: &PrimitiveQuery<Q>, t: &Q) -> Option<bool> {
    let [p0, p1, p2, p3] = positions_at(query, t);
    match query.kind {
        QueryKind::VertexFace => {
            let n = cross(&sub(&p2, &p1), &sub(&p3, &p1));
            if is_zero(&n) {
                return None;
            }
            Some(
                [(&p1, &p2), (&p2, &p3), (&p3, &p1)]
                    .iter()
                    .all(|(u, w)| !dot(&cross(&sub(w, u), &sub(&p0, u)), &n).is_negative()),
            )
        }
        QueryKind::EdgeEdge => {
            let ea = sub(&p1, &p0);
            let eb = sub(&p3, &p2);
            let m = cross(&ea, &eb);
            if is_zero(&m) {
                return None;
            }
            let w = sub(&p2, &p0);
            let mm = dot(&m, &m);
            let s = dot(&cross(&w, &eb), &m) / &mm;
            let u = dot(&cross(&w, &ea), &m) / &mm;
            let unit = |x: &Q| !x.is_negative() && *x <= qi(1);
            Some(unit(&s) && unit(&u))
        }
    }
}

// ---------------------------------------------------------------------------
// Strategies.

/// A small integer point.
pub fn int_point(range: i64) -> impl Strategy<Value = [i64; 3]> {
    [-range..=range, -range..=range, -range..=range]
}

/// A point moving between two small integer positions.
pub fn int_moving_point(range: i64) -> impl Strategy<Value = MovingPoint<Q>> {
    (int_point(range), int_point(range)).prop_map(|(a, b)| mpi(a, b))
}

/// A random vertex-face or edge-edge query with small integer positions
/// (often degenerate: coincident, collinear, coplanar points).
pub fn int_query(range: i64) -> impl Strategy<Value = PrimitiveQuery<Q>> {
    (
        any::<bool>(),
        [
            int_moving_point(range),
            int_moving_point(range),
            int_moving_point(range),
            int_moving_point(range),
        ],
    )
        .prop_map(|(vertex_face, [a, b, c, d])| {
            if vertex_face {
                vf(a, b, c, d)
            } else {
                ee(a, b, c, d)
            }
        })
}

/// A query with a contact built in: at the rational time `tc` the vertex is
/// at a point of the closed triangle given by non-negative barycentric
/// weights (or the segments share a point given by parameters in `[0, 1]`);
/// every point moves with a random integer velocity.
pub fn query_with_contact() -> impl Strategy<Value = (PrimitiveQuery<Q>, Q)> {
    (
        any::<bool>(),
        (0i64..=8).prop_map(|n| qr(n, 8)),
        [int_point(4), int_point(4), int_point(4)],
        [0i64..=4, 0i64..=4, 0i64..=4],
        [int_point(3), int_point(3), int_point(3), int_point(3)],
    )
        .prop_map(|(vertex_face, tc, corners, weights, velocities)| {
            let corner = |i: usize| corners[i].map(qi);
            let vel = |i: usize| velocities[i].map(qi);
            // a point at time tc and velocity v: start = x - tc v, end = start + v
            let moving = |x: [Q; 3], v: [Q; 3]| {
                let start = [0, 1, 2].map(|k| &x[k] - &tc * &v[k]);
                let end = [0, 1, 2].map(|k| &start[k] + &v[k]);
                MovingPoint::new(Vec3::from_array(start), Vec3::from_array(end))
            };
            if vertex_face {
                let total: i64 = weights.iter().sum::<i64>().max(1);
                let w = |i: usize| qr(weights[i], total);
                let w = if weights.iter().sum::<i64>() == 0 {
                    [qi(1), qi(0), qi(0)]
                } else {
                    [w(0), w(1), w(2)]
                };
                let x: [Q; 3] = [0, 1, 2]
                    .map(|k| &w[0] * &corner(0)[k] + &w[1] * &corner(1)[k] + &w[2] * &corner(2)[k]);
                let query = vf(
                    moving(x, vel(0)),
                    moving(corner(0), vel(1)),
                    moving(corner(1), vel(2)),
                    moving(corner(2), vel(3)),
                );
                (query, tc)
            } else {
                // x = a0 + s (a1 - a0) = b0 + u (b1 - b0): a0 = corner0,
                // a1 = a0 + (x - a0)/s ... built from x and two directions
                let x = corner(0);
                let s = qr(weights[0], 4);
                let u = qr(weights[1], 4);
                let da = corner(1);
                let db = corner(2);
                let a0 = [0, 1, 2].map(|k| &x[k] - &s * &da[k]);
                let a1 = [0, 1, 2].map(|k| &a0[k] + &da[k]);
                let b0 = [0, 1, 2].map(|k| &x[k] - &u * &db[k]);
                let b1 = [0, 1, 2].map(|k| &b0[k] + &db[k]);
                let query = ee(
                    moving(a0, vel(0)),
                    moving(a1, vel(1)),
                    moving(b0, vel(2)),
                    moving(b1, vel(3)),
                );
                (query, tc)
            }
        })
}

/// A query whose four points stay in one plane at all times (so the
/// coplanarity cubic vanishes identically): 2-D integer motions mapped by
/// `(x, y) -> x e1 + y e2` with small integer `e1, e2` (parallel ones make
/// every point collinear: zero-area triangles, collinear segments).
pub fn planar_query(range: i64) -> impl Strategy<Value = PrimitiveQuery<Q>> {
    (
        any::<bool>(),
        [int_point(2), int_point(2)],
        prop::collection::vec(prop::collection::vec(-range..=range, 4), 4),
    )
        .prop_map(|(vertex_face, [e1, e2], motions)| {
            let map = |x: i64, y: i64| [0, 1, 2].map(|k| x * e1[k] + y * e2[k]);
            let pts: Vec<MovingPoint<Q>> = motions
                .iter()
                .map(|m: &Vec<i64>| mpi(map(m[0], m[1]), map(m[2], m[3])))
                .collect();
            let [a, b, c, d]: [MovingPoint<Q>; 4] = pts.try_into().unwrap();
            if vertex_face {
                vf(a, b, c, d)
            } else {
                ee(a, b, c, d)
            }
        })
}

// ---------------------------------------------------------------------------
// An independent reference for a minimum separation `d`: the exact squared
// distance at rational times (`exactccd::queries::squared_distance_at`,
// closest-point formulas that share no code with the solver) and a
// Lipschitz bound on the distance, by bisection.

/// What the reference says of an answer.
#[derive(Debug)]
pub enum ReferenceCheck {
    /// Every check it could make holds.
    Agrees,
    /// It ran out of cells before deciding (the distance stays near `d`).
    Inconclusive,
    /// A check fails, with why.
    Disagrees(String),
}

/// The largest L1 speed (per unit time) of the query's points `range`:
/// at least the Euclidean speed of any point of the primitive they span.
fn max_speed(query: &PrimitiveQuery<Q>, range: std::ops::Range<usize>) -> Q {
    let len = &query.interval[1] - &query.interval[0];
    let mut best = Q::zero();
    for p in &query.points[range] {
        let d = &p.end - &p.start;
        let l1 = d.x.abs() + d.y.abs() + d.z.abs();
        if l1 > best {
            best = l1;
        }
    }
    best / len
}

/// A bound on `|dist'(t)|`: the distance is a minimum over fixed convex
/// weights of `|sum w_i p_i(t) - sum u_j q_j(t)|`, each Lipschitz with at
/// most the largest speed of `a`'s points plus the largest of `b`'s.
pub fn distance_lipschitz(query: &PrimitiveQuery<Q>) -> Q {
    let split = match query.kind {
        QueryKind::VertexFace => 1,
        QueryKind::EdgeEdge => 2,
    };
    max_speed(query, 0..split) + max_speed(query, split..4)
}

enum Cover {
    Separated,
    Within(Q),
    Unknown,
}

/// Whether the distance exceeds `d` on all of `[lo, hi]`: at a midpoint `m`
/// of a cell of half-width `h`, a squared distance above `(d + L h)^2`
/// clears the cell; at most `cells` midpoints are evaluated.
fn cover(query: &PrimitiveQuery<Q>, lo: Q, hi: Q, cells: usize) -> Cover {
    let d = &query.separation;
    let d2 = d * d;
    let lip = distance_lipschitz(query);
    let two = qi(2);
    let mut stack = vec![(lo, hi)];
    let mut used = 0;
    while let Some((lo, hi)) = stack.pop() {
        used += 1;
        if used > cells {
            return Cover::Unknown;
        }
        let m = (&lo + &hi) / &two;
        let h = (&hi - &lo) / &two;
        let dist2 = exactccd::queries::squared_distance_at(query, &m);
        if dist2 <= d2 {
            return Cover::Within(m);
        }
        let r = d + &lip * &h;
        if dist2 > &r * &r {
            continue;
        }
        stack.push((m.clone(), hi));
        stack.push((lo, m));
    }
    Cover::Separated
}

/// Checks a first time `first` (or no contact) of the query with its
/// separation `d` by the reference: without contact the distance exceeds
/// `d` on `[t0, t1]`; with contact at `T` the distance at the upper end of
/// a `2^-60` bracket of `T` is at most `d` plus the Lipschitz bound times
/// the bracket's width (exactly `d` at a rational `T`), and it exceeds `d`
/// on `[t0, T - (t1 - t0) / 4096]`.
pub fn within_separation_reference(
    query: &PrimitiveQuery<Q>,
    first: Option<&exactccd::poly::RealAlgebraic>,
) -> ReferenceCheck {
    const CELLS: usize = 3000;
    let [t0, t1] = query.interval.clone();
    let d = query.separation.clone();
    let Some(t) = first else {
        return match cover(query, t0, t1, CELLS) {
            Cover::Separated => ReferenceCheck::Agrees,
            Cover::Within(m) => {
                ReferenceCheck::Disagrees(format!("within d at {m}, no contact claimed"))
            }
            Cover::Unknown => ReferenceCheck::Inconclusive,
        };
    };
    let (lo, hi) = match t.as_rational() {
        Some(r) => (r.clone(), r.clone()),
        None => t.bracket(60),
    };
    let slack = &d + &distance_lipschitz(query) * &(&hi - &lo);
    let at = exactccd::queries::squared_distance_at(query, &hi);
    if at > &slack * &slack {
        return ReferenceCheck::Disagrees(format!("farther than d at the claimed time ~{hi}"));
    }
    let before = &lo - &((&t1 - &t0) / qi(4096));
    if before <= t0 {
        return ReferenceCheck::Agrees;
    }
    match cover(query, t0, before, CELLS) {
        Cover::Separated => ReferenceCheck::Agrees,
        Cover::Within(m) => {
            ReferenceCheck::Disagrees(format!("within d at {m}, before the claimed time"))
        }
        Cover::Unknown => ReferenceCheck::Inconclusive,
    }
}
