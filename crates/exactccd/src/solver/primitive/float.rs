//! The `f64` parts of an answer: the contact point and the unit normal,
//! which the contract prints as `f64`, computed from the answer's time and
//! features, rounded once to `f64`; and the one distance the `f64` path
//! reads ([`distance_at`]): an upper bound of the primitives' distance at a
//! time, by which that path confirms a contact its signs found.
#![allow(clippy::float_arithmetic)] // f64 output values only (the contract prints them as f64)

use super::evidence::{EdgeEdgeWitness, Segment, Witness};
use super::feature::{EdgeFeature, FaceFeature, PrimitiveFeature};
use super::query::{MovingPoint, PrimitiveQuery, QueryKind};
use crate::scalar::{Scalar, Sign};

type V = [f64; 3];

fn sub(a: V, b: V) -> V {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cross(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn lerp(a: V, b: V, s: f64) -> V {
    [
        a[0] + s * (b[0] - a[0]),
        a[1] + s * (b[1] - a[1]),
        a[2] + s * (b[2] - a[2]),
    ]
}

/// The positions of the four points at the time `t` (an `f64`).
fn positions_at<S: Scalar>(q: &PrimitiveQuery<S>, t: f64) -> [V; 4] {
    let t0 = q.interval[0].to_f64();
    let t1 = q.interval[1].to_f64();
    let s = (t - t0) / (t1 - t0);
    let at = |p: &MovingPoint<S>| {
        let a = [p.start.x.to_f64(), p.start.y.to_f64(), p.start.z.to_f64()];
        let b = [p.end.x.to_f64(), p.end.y.to_f64(), p.end.z.to_f64()];
        lerp(a, b, s)
    };
    [
        at(&q.points[0]),
        at(&q.points[1]),
        at(&q.points[2]),
        at(&q.points[3]),
    ]
}

/// A contact point at the time `t` named by the witness: the vertex
/// (vertex-face), the crossing point or the end on the other segment
/// (edge-edge).
pub(crate) fn contact_point<S: Scalar>(q: &PrimitiveQuery<S>, t: f64, w: &Witness) -> V {
    let p = positions_at(q, t);
    match w {
        Witness::Near(feature) => nearest_points(&p, feature).0,
        Witness::VertexFace(_) => p[0],
        Witness::EdgeEdge(EdgeEdgeWitness::EndOnSegment { segment, end }) => match segment {
            Segment::A => p[*end],
            Segment::B => p[2 + end],
        },
        Witness::EdgeEdge(EdgeEdgeWitness::Crossing { axis, .. }) => {
            // a0 + s (a1 - a0) with s where the side of line b changes sign
            let eb = sub(p[3], p[2]);
            let d0 = cross(eb, sub(p[0], p[2]))[*axis];
            let d1 = cross(eb, sub(p[1], p[2]))[*axis];
            let s = if d0 == d1 {
                0.0
            } else {
                (d0 / (d0 - d1)).clamp(0.0, 1.0)
            };
            lerp(p[0], p[1], s)
        }
    }
}

/// The unit normal at `t` from `a` to `b`, given the sign of the
/// separation polynomial just before `t`: for vertex-face `-side n` with
/// `n = (f1 - f0) x (f2 - f0)` (the vertex comes from the side `side`),
/// for edge-edge `side m` with `m = ea x eb` (`b` is on the side `side` of
/// `a`). `None` when the vector is zero in `f64`.
pub(crate) fn contact_normal<S: Scalar>(q: &PrimitiveQuery<S>, t: f64, side: Sign) -> Option<V> {
    let p = positions_at(q, t);
    let (n, flip) = match q.kind {
        QueryKind::VertexFace => (cross(sub(p[2], p[1]), sub(p[3], p[1])), -1.0),
        QueryKind::EdgeEdge => (cross(sub(p[1], p[0]), sub(p[3], p[2])), 1.0),
    };
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    if !(len > 0.0 && len.is_finite()) {
        return None;
    }
    let k = flip * f64::from(side.as_i32()) / len;
    // + 0.0 turns -0.0 into 0.0
    Some([n[0] * k + 0.0, n[1] * k + 0.0, n[2] * k + 0.0])
}

fn dot(a: V, b: V) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The point of segment `u v` nearest `p`.
fn nearest_on_segment(p: V, u: V, v: V) -> V {
    let e = sub(v, u);
    let ee = dot(e, e);
    if ee.is_nan() || ee <= 0.0 {
        return u;
    }
    lerp(u, v, (dot(sub(p, u), e) / ee).clamp(0.0, 1.0))
}

/// The nearest points of `a` and `b` for the features of a region of
/// `proximity.rs`, from the positions at a time.
fn nearest_points(p: &[V; 4], feature: &PrimitiveFeature) -> (V, V) {
    match *feature {
        PrimitiveFeature::VertexFace(f) => {
            let face = [p[1], p[2], p[3]];
            let on_face = match f {
                FaceFeature::Vertex(i) => face[i],
                FaceFeature::Edge(i, j) => nearest_on_segment(p[0], face[i], face[j]),
                FaceFeature::Interior => {
                    let n = cross(sub(face[1], face[0]), sub(face[2], face[0]));
                    let nn = dot(n, n);
                    let h = if nn > 0.0 {
                        dot(n, sub(p[0], face[0])) / nn
                    } else {
                        0.0
                    };
                    [p[0][0] - h * n[0], p[0][1] - h * n[1], p[0][2] - h * n[2]]
                }
            };
            (p[0], on_face)
        }
        PrimitiveFeature::EdgeEdge(EdgeFeature::End(i), EdgeFeature::End(j)) => (p[i], p[2 + j]),
        PrimitiveFeature::EdgeEdge(EdgeFeature::End(i), EdgeFeature::Interior) => {
            (p[i], nearest_on_segment(p[i], p[2], p[3]))
        }
        PrimitiveFeature::EdgeEdge(EdgeFeature::Interior, EdgeFeature::End(j)) => {
            (nearest_on_segment(p[2 + j], p[0], p[1]), p[2 + j])
        }
        PrimitiveFeature::EdgeEdge(EdgeFeature::Interior, EdgeFeature::Interior) => {
            let (u, v, w) = (sub(p[1], p[0]), sub(p[3], p[2]), sub(p[0], p[2]));
            let (uu, uv, vv, uw, vw) = (dot(u, u), dot(u, v), dot(v, v), dot(u, w), dot(v, w));
            let den = uu * vv - uv * uv;
            let (s, r) = if den > 0.0 {
                (
                    ((uv * vw - vv * uw) / den).clamp(0.0, 1.0),
                    ((uu * vw - uv * uw) / den).clamp(0.0, 1.0),
                )
            } else {
                (0.0, 0.0)
            };
            (lerp(p[0], p[1], s), lerp(p[2], p[3], r))
        }
    }
}

/// The unit vector from `a`'s nearest point to `b`'s at the time `t`, for
/// the features of a region of `proximity.rs`; `None` where they coincide
/// in `f64`.
pub(crate) fn separation_normal<S: Scalar>(
    q: &PrimitiveQuery<S>,
    t: f64,
    feature: &PrimitiveFeature,
) -> Option<V> {
    let (a, b) = nearest_points(&positions_at(q, t), feature);
    let n = sub(b, a);
    let len = dot(n, n).sqrt();
    if !(len > 0.0 && len.is_finite()) {
        return None;
    }
    Some([n[0] / len + 0.0, n[1] / len + 0.0, n[2] / len + 0.0])
}

/// The primitives' distance at the time `t`, from the positions in `f64`:
/// the least distance between pairs of points of the two closed features
/// (vertex and triangle, or the two segments). Every candidate pair is a
/// pair of points of the features (segment parameters clamped to `[0, 1]`,
/// the face point a convex combination of the triangle's vertices), so the
/// value is an upper bound of the true distance up to the rounding of the
/// positions; the candidates include the nearest pair of every region, so
/// it is also near the true distance. No step divides by a quantity that
/// may be rounding noise without a feasible point as the result: a nearly
/// degenerate triangle or nearly parallel segments cost accuracy in the
/// parameters, not feasibility.
pub(crate) fn distance_at<S: Scalar>(q: &PrimitiveQuery<S>, t: f64) -> f64 {
    let p = positions_at(q, t);
    let gap = |(a, b): (V, V)| dot(sub(b, a), sub(b, a)).sqrt();
    match q.kind {
        QueryKind::VertexFace => {
            let face = [p[1], p[2], p[3]];
            let mut best = [(0, 1), (1, 2), (2, 0)]
                .iter()
                .map(|&(i, j)| gap((p[0], nearest_on_segment(p[0], face[i], face[j]))))
                .fold(f64::INFINITY, f64::min);
            if let Some(on_face) = face_point_of_projection(p[0], face) {
                best = best.min(gap((p[0], on_face)));
            }
            best
        }
        QueryKind::EdgeEdge => {
            let interiors = gap(nearest_points(
                &p,
                &PrimitiveFeature::EdgeEdge(EdgeFeature::Interior, EdgeFeature::Interior),
            ));
            [
                gap((p[0], nearest_on_segment(p[0], p[2], p[3]))),
                gap((p[1], nearest_on_segment(p[1], p[2], p[3]))),
                gap((p[2], nearest_on_segment(p[2], p[0], p[1]))),
                gap((p[3], nearest_on_segment(p[3], p[0], p[1]))),
            ]
            .into_iter()
            .fold(interiors, f64::min)
        }
    }
}

/// The separation of `vertex_face.rs` and `edge_edge.rs` (`n . (p - f0)`,
/// `(ea x eb) . (b0 - a0)`) from the positions at the time `t`.
pub(crate) fn separation_at<S: Scalar>(q: &PrimitiveQuery<S>, t: f64) -> f64 {
    let p = positions_at(q, t);
    match q.kind {
        QueryKind::VertexFace => dot(cross(sub(p[2], p[1]), sub(p[3], p[1])), sub(p[0], p[1])),
        QueryKind::EdgeEdge => dot(cross(sub(p[1], p[0]), sub(p[3], p[2])), sub(p[2], p[0])),
    }
}

/// Whether the primitives are within `reach` times the query's scale (its
/// largest coordinate) at the time `t`, by [`distance_at`].
pub(crate) fn within_reach<S: Scalar>(q: &PrimitiveQuery<S>, t: f64, reach: f64) -> bool {
    let scale = q
        .positions()
        .iter()
        .flat_map(|v| v.iter())
        .fold(0.0, |m: f64, c| m.max(c.to_f64().abs()));
    distance_at(q, t) <= reach * scale
}

/// The point of the triangle `face` whose barycentric weights are those of
/// the projection of `p` onto the triangle's plane, when all three are
/// non-negative (`None` otherwise, or for a triangle of zero area in
/// `f64`): a convex combination of the vertices, so a point of the
/// triangle whatever the rounding of its normal.
fn face_point_of_projection(p: V, face: [V; 3]) -> Option<V> {
    let n = cross(sub(face[1], face[0]), sub(face[2], face[0]));
    // the weight of vertex i: n . ((f_j - p) x (f_k - p)), unchanged when p
    // moves along n
    let w = [(1, 2), (2, 0), (0, 1)].map(|(j, k)| dot(n, cross(sub(face[j], p), sub(face[k], p))));
    let total = w[0] + w[1] + w[2];
    if !(total > 0.0 && total.is_finite()) || w.iter().any(|x| x.is_nan() || *x < 0.0) {
        return None;
    }
    let point = |k: usize| (w[0] * face[0][k] + w[1] * face[1][k] + w[2] * face[2][k]) / total;
    Some([point(0), point(1), point(2)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Vec3;

    fn fixed(p: V) -> MovingPoint<f64> {
        let v = Vec3::new(p[0], p[1], p[2]);
        MovingPoint::new(v.clone(), v)
    }

    fn query(kind: QueryKind, p: [V; 4]) -> PrimitiveQuery<f64> {
        PrimitiveQuery {
            kind,
            points: p.map(fixed),
            interval: [0.0, 1.0],
            separation: 0.0,
        }
    }

    #[test]
    fn distance_at_is_the_distance_of_the_features() {
        let vf = |p: V, f: [V; 3]| {
            distance_at(&query(QueryKind::VertexFace, [p, f[0], f[1], f[2]]), 0.5)
        };
        let floor = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        // above the interior, beside an edge, beyond a vertex
        assert_eq!(vf([0.25, 0.25, 2.0], floor), 2.0);
        assert_eq!(vf([0.5, -3.0, 4.0], floor), 5.0);
        assert_eq!(vf([-3.0, -4.0, 0.0], floor), 5.0);
        // a zero-area triangle (a segment along x): the distance to the
        // segment, whatever the plane's rounding
        let flat = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 0.0, 0.0]];
        assert_eq!(vf([0.5, 3.0, 4.0], flat), 5.0);
        let ee = |p: [V; 4]| distance_at(&query(QueryKind::EdgeEdge, p), 0.5);
        // crossing, skew by 2, parallel, and a point segment far from a
        assert_eq!(
            ee([
                [-1.0, 0.0, 0.0],
                [1.0, 0.0, 0.0],
                [0.0, -1.0, 0.0],
                [0.0, 1.0, 0.0]
            ]),
            0.0
        );
        assert_eq!(
            ee([
                [-1.0, 0.0, 0.0],
                [1.0, 0.0, 0.0],
                [0.0, -1.0, 2.0],
                [0.0, 1.0, 2.0]
            ]),
            2.0
        );
        assert_eq!(
            ee([
                [0.0, 0.0, 0.0],
                [1.0, 0.0, 0.0],
                [0.5, 4.0, 0.0],
                [2.0, 4.0, 0.0]
            ]),
            4.0
        );
        let tiny = 1e-13;
        let d = ee([
            [-1.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 0.5, 0.0],
            [tiny, 0.5, -tiny],
        ]);
        assert!((d - 0.5).abs() < 1e-12, "{d}");
    }
}
