//! Closest points of a rounded solid's core (a point or a segment) and
//! another solid's core, exactly in rationals, for the witness candidates
//! of the certified cells (`polytope.rs`): after contact the closest point
//! of a polytope to a sphere's or capsule's core lies in the polytope and
//! within the radius of the core, and between two rounded cores the point
//! that divides the closest pair in the ratio of the radii lies in both.
//!
//! The closest points of two segments are Ericson's clamped closed form
//! ("Real-Time Collision Detection", section 5.1.9); of a point and a
//! convex polytope, the point itself when it is inside, else the nearest
//! of its projections onto the faces (when inside the face), the edges
//! (clamped) and the vertices; of a segment and a convex polytope, a point
//! where the segment crosses a face, else the nearest of the pairs from
//! its ends and from its closest points to each edge (the closest pair of
//! a segment and a convex polytope apart from it involves an end of the
//! segment or an edge of the polytope).
#![deny(clippy::float_arithmetic)]

use super::description::PolytopeData;
use crate::geom::{polygon_normal, Vec3};
use crate::scalar::BigRational;

type Q = BigRational;

fn zero() -> Q {
    Q::from_integer(0.into())
}

fn one() -> Q {
    Q::from_integer(1.into())
}

fn clamp01(x: Q) -> Q {
    x.clamp(zero(), one())
}

/// The point of the segment `[a, b]` closest to `x`.
pub(crate) fn on_segment(x: &Vec3<Q>, a: &Vec3<Q>, b: &Vec3<Q>) -> Vec3<Q> {
    let d = b - a;
    let dd = d.norm_squared();
    if dd == zero() {
        return a.clone();
    }
    let s = clamp01((x - a).dot(&d) / dd);
    a + &d.scale(&s)
}

/// The closest points of the segments `[p0, p1]` and `[q0, q1]` (Ericson,
/// section 5.1.9).
fn segments(p0: &Vec3<Q>, p1: &Vec3<Q>, q0: &Vec3<Q>, q1: &Vec3<Q>) -> (Vec3<Q>, Vec3<Q>) {
    let (s, t) = segment_parameters(p0, p1, q0, q1);
    (p0 + &(p1 - p0).scale(&s), q0 + &(q1 - q0).scale(&t))
}

/// The parameters `(s, t)` in `[0, 1]` of the closest points `p0 + s (p1 -
/// p0)` and `q0 + t (q1 - q0)` of two segments (Ericson, section 5.1.9).
pub(crate) fn segment_parameters(p0: &Vec3<Q>, p1: &Vec3<Q>, q0: &Vec3<Q>, q1: &Vec3<Q>) -> (Q, Q) {
    let (d1, d2, r) = (p1 - p0, q1 - q0, p0 - q0);
    let (a, e, f) = (d1.norm_squared(), d2.norm_squared(), d2.dot(&r));
    if a == zero() && e == zero() {
        (zero(), zero())
    } else if a == zero() {
        (zero(), clamp01(f / e))
    } else {
        let c = d1.dot(&r);
        if e == zero() {
            (clamp01(-c / &a), zero())
        } else {
            let b = d1.dot(&d2);
            let denom = &a * &e - &b * &b;
            let s = if denom == zero() {
                zero()
            } else {
                clamp01((&b * &f - &c * &e) / denom)
            };
            let t = (&b * &s + &f) / &e;
            if t < zero() {
                (clamp01(-c / &a), zero())
            } else if t > one() {
                (clamp01((b - c) / &a), one())
            } else {
                (s, t)
            }
        }
    }
}

/// True when `x`, on the plane of the convex face `loop_` with normal `n`,
/// lies in the closed face: on one side (or on) of every edge.
fn in_face(x: &Vec3<Q>, face: &[&Vec3<Q>], n: &Vec3<Q>) -> bool {
    let k = face.len();
    let sides: Vec<Q> = (0..k)
        .map(|i| (face[(i + 1) % k] - face[i]).cross(&(x - face[i])).dot(n))
        .collect();
    sides.iter().all(|s| *s >= zero()) || sides.iter().all(|s| *s <= zero())
}

/// A face of a polytope: its vertices, its normal `n`, `c = n . v` on its
/// plane, and whether `n` points outward (every vertex on `n . v <= c`).
struct Face<'p> {
    points: Vec<&'p Vec3<Q>>,
    normal: Vec3<Q>,
    offset: Q,
    outward: bool,
}

/// The faces of a polytope (those with a normal), computed once for every
/// query against it: the normals of moved vertices are sums of products of
/// long rationals.
fn faces(poly: &PolytopeData) -> Vec<Face<'_>> {
    poly.faces
        .iter()
        .filter_map(|f| {
            let points: Vec<&Vec3<Q>> = f.iter().map(|&i| &poly.vertices[i]).collect();
            let normal = polygon_normal(&points);
            if normal.is_zero() {
                return None;
            }
            let offset = normal.dot(points[0]);
            let outward = poly.vertices.iter().all(|v| normal.dot(v) <= offset);
            Some(Face {
                points,
                normal,
                offset,
                outward,
            })
        })
        .collect()
}

/// The nearer of two candidate pairs to the reference distance.
fn nearer(best: &mut Option<(Vec3<Q>, Vec3<Q>, Q)>, pair: (Vec3<Q>, Vec3<Q>)) {
    let d = (&pair.0 - &pair.1).norm_squared();
    if best.as_ref().is_none_or(|b| d < b.2) {
        *best = Some((pair.0, pair.1, d));
    }
}

/// The point of the closed convex polytope closest to `x` (module docs).
pub(crate) fn on_polytope(x: &Vec3<Q>, poly: &PolytopeData) -> Vec3<Q> {
    on_polytope_with(x, poly, &faces(poly))
}

/// [`on_polytope`] with the polytope's faces given.
fn on_polytope_with(x: &Vec3<Q>, poly: &PolytopeData, faces: &[Face<'_>]) -> Vec3<Q> {
    let inside = !poly.flat
        && faces.iter().all(|f| {
            let side = f.normal.dot(x) - &f.offset;
            if f.outward {
                side <= zero()
            } else {
                side >= zero()
            }
        });
    if inside {
        return x.clone();
    }
    let mut best: Option<(Vec3<Q>, Vec3<Q>, Q)> = None;
    for f in faces {
        let n = &f.normal;
        let off = (n.dot(x) - &f.offset) / n.norm_squared();
        let projected = x - &n.scale(&off);
        if in_face(&projected, &f.points, n) {
            nearer(&mut best, (x.clone(), projected));
        }
    }
    for &(i, j) in &poly.edges {
        let p = on_segment(x, &poly.vertices[i], &poly.vertices[j]);
        nearer(&mut best, (x.clone(), p));
    }
    for v in &poly.vertices {
        nearer(&mut best, (x.clone(), v.clone()));
    }
    best.map_or_else(|| x.clone(), |b| b.1)
}

/// The closest pair of the segment `[a, b]` and the convex polytope, with
/// the polytope's faces given.
fn segment_polytope(
    a: &Vec3<Q>,
    b: &Vec3<Q>,
    poly: &PolytopeData,
    faces: &[Face<'_>],
) -> (Vec3<Q>, Vec3<Q>) {
    for f in faces {
        let n = &f.normal;
        let (fa, fb) = (n.dot(a) - &f.offset, n.dot(b) - &f.offset);
        if (fa <= zero()) != (fb <= zero()) || fa == zero() {
            let s = if fa == fb { zero() } else { &fa / (&fa - &fb) };
            let x = a + &(b - a).scale(&s);
            if in_face(&x, &f.points, n) {
                return (x.clone(), x);
            }
        }
    }
    let mut best = None;
    for end in [a, b] {
        nearer(&mut best, (end.clone(), on_polytope_with(end, poly, faces)));
    }
    for &(i, j) in &poly.edges {
        nearer(
            &mut best,
            segments(a, b, &poly.vertices[i], &poly.vertices[j]),
        );
    }
    best.map_or_else(|| (a.clone(), a.clone()), |b| (b.0, b.1))
}

/// The closest pair of the core `x` (one point or a segment's two ends,
/// in the same coordinates as `other`) and the core of `other` (a polytope,
/// a point or a segment): `(on x, on other)`.
pub(crate) fn closest_to_core(x: &[Vec3<Q>], other: &PolytopeData) -> (Vec3<Q>, Vec3<Q>) {
    closest_to_core_with(x, other, &faces(other))
}

/// [`closest_to_core`] with `other`'s faces given.
fn closest_to_core_with(
    x: &[Vec3<Q>],
    other: &PolytopeData,
    faces: &[Face<'_>],
) -> (Vec3<Q>, Vec3<Q>) {
    let ov = &other.vertices;
    match (x, other.is_rounded(), &ov[..]) {
        ([p], true, [q]) => (p.clone(), q.clone()),
        ([p], true, [q0, q1]) => (p.clone(), on_segment(p, q0, q1)),
        ([p0, p1], true, [q]) => (on_segment(q, p0, p1), q.clone()),
        ([p0, p1], true, [q0, q1]) => segments(p0, p1, q0, q1),
        ([p], _, _) => (p.clone(), on_polytope_with(p, other, faces)),
        ([p0, p1], _, _) => segment_polytope(p0, p1, other, faces),
        _ => (ov[0].clone(), ov[0].clone()),
    }
}

/// The closest pair of the cores of `a` and `b` (the same coordinates):
/// `(on a's core, on b's core)`. A point or segment core as in
/// [`closest_to_core`]; for two polytopes the nearest of the pairs from
/// each edge of one to the other (the closest pair of two convex polytopes
/// has a point on an edge of one of them; an edge that crosses a face or
/// has an end inside gives a common point).
pub(crate) fn closest_cores(a: &PolytopeData, b: &PolytopeData) -> (Vec3<Q>, Vec3<Q>) {
    if a.is_rounded() || a.edges.is_empty() {
        return closest_to_core(&a.vertices, b);
    }
    if b.is_rounded() || b.edges.is_empty() {
        let (on_b, on_a) = closest_to_core(&b.vertices, a);
        return (on_a, on_b);
    }
    let edge =
        |p: &PolytopeData, (i, j): (usize, usize)| [p.vertices[i].clone(), p.vertices[j].clone()];
    let (faces_a, faces_b) = (faces(a), faces(b));
    let mut best = None;
    for &e in &a.edges {
        nearer(&mut best, closest_to_core_with(&edge(a, e), b, &faces_b));
    }
    for &e in &b.edges {
        let (on_b, on_a) = closest_to_core_with(&edge(b, e), a, &faces_a);
        nearer(&mut best, (on_a, on_b));
    }
    best.map_or_else(
        || (a.vertices[0].clone(), b.vertices[0].clone()),
        |b| (b.0, b.1),
    )
}

/// The point of `poly`'s core closest to `y` (its own coordinates), exactly:
/// `y` made a point of the core.
pub(crate) fn onto_core(y: &Vec3<Q>, poly: &PolytopeData) -> Vec3<Q> {
    match &poly.vertices[..] {
        [p] if poly.is_rounded() => p.clone(),
        [p, q] if poly.is_rounded() => on_segment(y, p, q),
        _ => on_polytope(y, poly),
    }
}

/// A point in both closed solids `a` and `b` (the same coordinates), when
/// they meet: with a rounded solid the point dividing the cores' closest
/// pair in the ratio of the radii, within both radii when the cores are
/// at most `r_a + r_b` apart; for two polytopes a point of an edge of one
/// in the other. `None` when they are apart.
pub(crate) fn common_point(a: &PolytopeData, b: &PolytopeData) -> Option<Vec3<Q>> {
    let reach = &a.radius + &b.radius;
    let divided = |(x, y): (Vec3<Q>, Vec3<Q>), rx: &Q| -> Option<Vec3<Q>> {
        if (&x - &y).norm_squared() > &reach * &reach {
            return None;
        }
        let ratio = if reach == zero() { zero() } else { rx / &reach };
        Some(&x + &(&y - &x).scale(&ratio))
    };
    if a.is_rounded() {
        return divided(closest_to_core(&a.vertices, b), &a.radius);
    }
    if b.is_rounded() {
        return divided(closest_to_core(&b.vertices, a), &b.radius);
    }
    let edges = |p: &PolytopeData| -> Vec<[Vec3<Q>; 2]> {
        p.edges
            .iter()
            .map(|&(i, j)| [p.vertices[i].clone(), p.vertices[j].clone()])
            .collect()
    };
    edges(a)
        .into_iter()
        .map(|e| closest_to_core(&e, b))
        .chain(edges(b).into_iter().map(|e| closest_to_core(&e, a)))
        .find(|(x, y)| x == y)
        .map(|(x, _)| x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn q(n: i64, d: i64) -> Q {
        Q::new(n.into(), d.into())
    }

    fn point(v: [i64; 3]) -> Vec3<Q> {
        Vec3::from_array(v.map(|x| q(x, 8)))
    }

    proptest! {
        /// The point of a box closest to a point is its clamp into the box.
        #[test]
        fn the_closest_point_of_a_box_is_the_clamp(
            h in proptest::array::uniform3(1i64..16),
            x in proptest::array::uniform3(-40i64..40),
        ) {
            let half = h.map(|k| q(k, 8));
            let boxed = PolytopeData::of_box(&half);
            let x = point(x);
            let clamp = Vec3::from_array(std::array::from_fn(|k| x[k].clone().clamp(-half[k].clone(), half[k].clone())));
            prop_assert_eq!(on_polytope(&x, &boxed), clamp);
        }

        /// The closest pair of two segments is no farther apart than any
        /// pair of points sampled on them (eighths of each), and its points
        /// lie on the segments.
        #[test]
        fn the_closest_pair_of_two_segments_beats_every_sample(
            ends in proptest::array::uniform4(proptest::array::uniform3(-16i64..16)),
        ) {
            let [p0, p1, q0, q1] = ends.map(point);
            let (x, y) = segments(&p0, &p1, &q0, &q1);
            let best = (&x - &y).norm_squared();
            prop_assert_eq!(on_segment(&x, &p0, &p1), x.clone());
            prop_assert_eq!(on_segment(&y, &q0, &q1), y.clone());
            for i in 0..=8 {
                for j in 0..=8 {
                    let u = &p0 + &(&p1 - &p0).scale(&q(i, 8));
                    let v = &q0 + &(&q1 - &q0).scale(&q(j, 8));
                    prop_assert!(best <= (&u - &v).norm_squared());
                }
            }
        }
    }
}
