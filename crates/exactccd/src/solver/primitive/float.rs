//! The `f64` parts of an answer: the contact point and the unit normal,
//! which the contract prints as `f64`. They are computed from the exact
//! answer's time and features, rounded once to `f64`; nothing here decides
//! anything.
#![allow(clippy::float_arithmetic)] // f64 output values only (the contract prints them as f64)

use super::evidence::{EdgeEdgeWitness, Segment, Witness};
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
