//! The `f64` parts of an answer: the contact point and the unit normal,
//! which the contract prints as `f64`. They are computed from the exact
//! answer's time and features, rounded once to `f64`; nothing here decides
//! anything.
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
