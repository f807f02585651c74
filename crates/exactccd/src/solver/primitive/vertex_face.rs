//! Vertex-face: a linearly moving point `p` against a linearly moving solid
//! (closed) triangle `f0 f1 f2`.
//!
//! Polynomials (every point is linear in `t`, so each product of two
//! differences is a quadratic):
//!
//! * the normal `n = (f1 - f0) x (f2 - f0)` (three quadratics);
//! * the separation `s = n . (p - f0) = orient3d(f0, f1, f2, p)`, the
//!   coplanarity cubic;
//! * the sub-areas `A_i = (f_{i+2} - f_{i+1}) x (p - f_{i+1})` (indices mod
//!   3; three quadratics each): the triangle `f_{i+1} f_{i+2} p` opposite
//!   vertex `i`; when `p` is in the plane, `A_i = lambda_i n` with
//!   `lambda_i` the barycentric coordinate of `p` for vertex `i`;
//! * `D_i = (p - f_{i+1}) . (p - f_{i+2})`: with the three components of
//!   `A_i` zero (p on the line), `D_i <= 0` exactly when `p` lies on the
//!   closed segment `f_{i+1} f_{i+2}` (also when the segment is a point:
//!   then `D_i = |p - f_{i+1}|^2`).
//!
//! Inside test at a time where `s = 0`, all by exact signs:
//!
//! 1. the first axis `k` with `n_k != 0`: the triangle has positive area and
//!    its plane projects one-to-one along `k`; `p` is in the closed triangle
//!    exactly when every `A_{i,k}` is zero or has the sign of `n_k` (all
//!    `lambda_i >= 0`);
//! 2. `n = 0`: the triangle is a segment or a point, the union of its three
//!    closed edges; `p` is in it exactly when, for some edge `i`, all three
//!    components of `A_i` vanish and `D_i <= 0`.
#![deny(clippy::float_arithmetic)]

use super::evidence::{Rejection, SegmentMiss, VertexFaceRejection, VertexFaceWitness, Witness};
use super::outcome::FaceFeature;
use super::query::{cross, dot, sub, PolyVec};
use super::scalar::PrimitiveScalar;
use super::search::InsideTest;
use crate::poly::Poly;
use crate::scalar::Sign;

/// The polynomials of a vertex-face query (see the module documentation).
pub(crate) struct VertexFacePolys<C> {
    pub(crate) normal: PolyVec<C>,
    pub(crate) separation: Poly<C>,
    pub(crate) sub_area: [PolyVec<C>; 3],
    pub(crate) edge_dot: [Poly<C>; 3],
}

impl<C: crate::scalar::Ring> VertexFacePolys<C> {
    /// From the four points `p, f0, f1, f2`.
    pub(crate) fn new(points: &[PolyVec<C>; 4]) -> Self {
        let [p, f0, f1, f2] = points;
        let f = [f0, f1, f2];
        let normal = cross(&sub(f1, f0), &sub(f2, f0));
        let separation = dot(&normal, &sub(p, f0));
        let sub_area = std::array::from_fn(|i| {
            let u = f[(i + 1) % 3];
            let v = f[(i + 2) % 3];
            cross(&sub(v, u), &sub(p, u))
        });
        let edge_dot = std::array::from_fn(|i| {
            let u = f[(i + 1) % 3];
            let v = f[(i + 2) % 3];
            dot(&sub(p, u), &sub(p, v))
        });
        VertexFacePolys {
            normal,
            separation,
            sub_area,
            edge_dot,
        }
    }
}

/// The edge opposite vertex `i`, as increasing vertex indices.
fn opposite_edge(i: usize) -> (usize, usize) {
    let (u, v) = ((i + 1) % 3, (i + 2) % 3);
    (u.min(v), u.max(v))
}

impl<S: PrimitiveScalar> InsideTest<S> for VertexFacePolys<S::Coord> {
    fn separation(&self) -> &Poly<S::Coord> {
        &self.separation
    }

    fn inspected(&self) -> Vec<&Poly<S::Coord>> {
        let mut v: Vec<&Poly<S::Coord>> = self.normal.iter().collect();
        for a in &self.sub_area {
            v.extend(a.iter());
        }
        v.extend(self.edge_dot.iter());
        v
    }

    fn decide(&self, t: &S::Root) -> Result<Witness, Rejection> {
        decide_vertex_face::<S>(self, t)
            .map(Witness::VertexFace)
            .map_err(Rejection::VertexFace)
    }
}

/// The inside test of the module documentation at a time `t` where the four
/// points are coplanar.
fn decide_vertex_face<S: PrimitiveScalar>(
    polys: &VertexFacePolys<S::Coord>,
    t: &S::Root,
) -> Result<VertexFaceWitness, VertexFaceRejection> {
    let sign = |p: &Poly<S::Coord>| S::sign_at_time(p, t);
    for axis in 0..3 {
        let sn = sign(&polys.normal[axis]);
        if sn == Sign::Zero {
            continue;
        }
        let mut barycentric = [Sign::Zero; 3];
        for (vertex, area) in polys.sub_area.iter().enumerate() {
            let s = sign(&area[axis]).product(sn);
            if s == Sign::Negative {
                return Err(VertexFaceRejection::Outside { axis, vertex });
            }
            barycentric[vertex] = s;
        }
        return Ok(VertexFaceWitness::Inside { axis, barycentric });
    }
    let mut misses = [SegmentMiss::Beyond; 3];
    for (i, miss) in misses.iter_mut().enumerate() {
        match point_on_segment::<S>(&polys.sub_area[i], &polys.edge_dot[i], t) {
            Ok(()) => {
                return Ok(VertexFaceWitness::OnDegenerateFace {
                    edge: opposite_edge(i),
                })
            }
            Err(m) => *miss = m,
        }
    }
    Err(VertexFaceRejection::OffDegenerateFace { misses })
}

/// The point is on the closed segment when every component of the cross
/// product `(v - u) x (p - u)` is zero and `(p - u) . (p - v) <= 0`.
pub(crate) fn point_on_segment<S: PrimitiveScalar>(
    cross: &PolyVec<S::Coord>,
    dot: &Poly<S::Coord>,
    t: &S::Root,
) -> Result<(), SegmentMiss> {
    for (axis, c) in cross.iter().enumerate() {
        if S::sign_at_time(c, t) != Sign::Zero {
            return Err(SegmentMiss::OffLine { axis });
        }
    }
    if S::sign_at_time(dot, t) == Sign::Positive {
        return Err(SegmentMiss::Beyond);
    }
    Ok(())
}

/// The triangle feature a witness names: interior, the edge opposite the
/// one zero barycentric coordinate, or the vertex whose coordinate is the
/// only non-zero one.
pub(crate) fn face_feature(w: &VertexFaceWitness) -> FaceFeature {
    match w {
        VertexFaceWitness::Inside { barycentric, .. } => {
            let zeros: Vec<usize> = (0..3).filter(|&i| barycentric[i] == Sign::Zero).collect();
            match zeros.as_slice() {
                [] => FaceFeature::Interior,
                [i] => FaceFeature::Edge(opposite_edge(*i).0, opposite_edge(*i).1),
                [i, j] => FaceFeature::Vertex(3 - i - j),
                // three zero coordinates would mean n = 0 at this time
                _ => FaceFeature::Interior,
            }
        }
        VertexFaceWitness::OnDegenerateFace { edge } => FaceFeature::Edge(edge.0, edge.1),
    }
}
