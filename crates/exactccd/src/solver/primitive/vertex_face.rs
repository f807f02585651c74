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
//! * for the edge `u v = f_{i+1} f_{i+2}`: its direction `d_i = v - u` and
//!   the differences `p - u`, `v - p` (linear): with `p` on the line of a
//!   segment that is not a point, `p = u + s d`, and along an axis `k` with
//!   `d_k != 0` the signs of `(p - u)_k d_k` and `(v - p)_k d_k` are those of
//!   `s` and `1 - s`; for a point segment (`d = 0`), `p` is on it exactly
//!   when `p - u = 0`. No distance is squared, so the test reads the
//!   position along the line at the scale of the coordinates (a squared
//!   distance compared against a rounding bound would accept, in `f64`, a
//!   point `1e-8` away from a point segment).
//!
//! Inside test at a time where `s = 0`, all by signs (exact for the exact
//! scalars, within the rounding bound for `f64`):
//!
//! 1. an axis `k` with `n_k != 0` ([`PrimitiveScalar::projection_axis`]:
//!    the first one exactly, the largest in `f64`): the triangle has
//!    positive area and its plane projects one-to-one along `k`; `p` is in
//!    the closed triangle exactly when every `A_{i,k}` is zero or has the
//!    sign of `n_k` (all `lambda_i >= 0`);
//! 2. `n = 0`: the triangle is a segment or a point, the union of its three
//!    closed edges; `p` is in it exactly when it is on one of them
//!    ([`point_on_segment`]: all three components of `A_i` vanish and
//!    `0 <= s <= 1` along the edge, or the edge is a point and `p` is it).
#![deny(clippy::float_arithmetic)]

use super::evidence::{Rejection, SegmentMiss, VertexFaceRejection, VertexFaceWitness, Witness};
use super::feature::FaceFeature;
use super::query::{cross, dot, sub, PolyVec};
use super::scalar::PrimitiveScalar;
use super::search::InsideTest;
use crate::poly::Poly;
use crate::scalar::Sign;

/// The polynomials of a vertex-face query (see the module documentation).
pub(crate) struct VertexFacePolys<C> {
    pub(crate) normal: PolyVec<C>,
    pub(crate) separation: Poly<C>,
    /// The edges opposite each vertex: the `cross` of edge `i` is the
    /// sub-area `A_i`.
    pub(crate) edges: [SegmentPolys<C>; 3],
}

/// The polynomials of a point-on-closed-segment test of a point `p`
/// against the segment `u v`: `d = v - u`, `d x (p - u)`, `p - u`, `v - p`.
pub(crate) struct SegmentPolys<C> {
    pub(crate) direction: PolyVec<C>,
    pub(crate) cross: PolyVec<C>,
    pub(crate) from_start: PolyVec<C>,
    pub(crate) to_end: PolyVec<C>,
}

impl<C: crate::scalar::Ring> SegmentPolys<C> {
    /// The point `p` against the segment `u v`.
    pub(crate) fn new(p: &PolyVec<C>, u: &PolyVec<C>, v: &PolyVec<C>) -> Self {
        let direction = sub(v, u);
        let from_start = sub(p, u);
        SegmentPolys {
            cross: cross(&direction, &from_start),
            to_end: sub(v, p),
            direction,
            from_start,
        }
    }

    /// Every polynomial the test reads.
    pub(crate) fn inspected(&self) -> impl Iterator<Item = &Poly<C>> {
        self.direction
            .iter()
            .chain(self.cross.iter())
            .chain(self.from_start.iter())
            .chain(self.to_end.iter())
    }
}

impl<C: crate::scalar::Ring> VertexFacePolys<C> {
    /// From the four points `p, f0, f1, f2`.
    pub(crate) fn new(points: &[PolyVec<C>; 4]) -> Self {
        let [p, f0, f1, f2] = points;
        let f = [f0, f1, f2];
        let normal = cross(&sub(f1, f0), &sub(f2, f0));
        let separation = dot(&normal, &sub(p, f0));
        let edges = std::array::from_fn(|i| SegmentPolys::new(p, f[(i + 1) % 3], f[(i + 2) % 3]));
        VertexFacePolys {
            normal,
            separation,
            edges,
        }
    }
}

/// The separation `n . (p - f0)` alone, from the four points `p, f0, f1,
/// f2` (as [`VertexFacePolys::new`] forms it).
pub(crate) fn separation<C: crate::scalar::Ring>(points: &[PolyVec<C>; 4]) -> Poly<C> {
    let [p, f0, f1, f2] = points;
    dot(&cross(&sub(f1, f0), &sub(f2, f0)), &sub(p, f0))
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
        for e in &self.edges {
            v.extend(e.inspected());
        }
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
    if let Some(axis) = S::projection_axis(&polys.normal, t) {
        let sn = sign(&polys.normal[axis]);
        let mut barycentric = [Sign::Zero; 3];
        for (vertex, edge) in polys.edges.iter().enumerate() {
            let s = sign(&edge.cross[axis]).product(sn);
            if s == Sign::Negative {
                return Err(VertexFaceRejection::Outside { axis, vertex });
            }
            barycentric[vertex] = s;
        }
        return Ok(VertexFaceWitness::Inside { axis, barycentric });
    }
    let mut misses = [SegmentMiss::Beyond; 3];
    for (i, miss) in misses.iter_mut().enumerate() {
        match point_on_segment::<S>(&polys.edges[i], t) {
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

/// The point is on the closed segment `u v`: for `d = v - u` not zero,
/// every component of `d x (p - u)` is zero and, along an axis `k` with
/// `d_k != 0`, neither `(p - u)_k` nor `(v - p)_k` has the sign opposite to
/// `d_k`; for `d = 0`, `p - u = 0` (module documentation).
pub(crate) fn point_on_segment<S: PrimitiveScalar>(
    seg: &SegmentPolys<S::Coord>,
    t: &S::Root,
) -> Result<(), SegmentMiss> {
    let sign = |p: &Poly<S::Coord>| S::sign_at_time(p, t);
    let Some(k) = S::projection_axis(&seg.direction, t) else {
        // a point segment
        return match (0..3).find(|&axis| sign(&seg.from_start[axis]) != Sign::Zero) {
            Some(axis) => Err(SegmentMiss::OffLine { axis }),
            None => Ok(()),
        };
    };
    if let Some(axis) = (0..3).find(|&axis| sign(&seg.cross[axis]) != Sign::Zero) {
        return Err(SegmentMiss::OffLine { axis });
    }
    let dk = sign(&seg.direction[k]);
    let before_start = sign(&seg.from_start[k]).product(dk) == Sign::Negative;
    let after_end = sign(&seg.to_end[k]).product(dk) == Sign::Negative;
    if before_start || after_end {
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
