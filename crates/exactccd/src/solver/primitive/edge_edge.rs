//! Edge-edge: a linearly moving segment `a0 a1` against a linearly moving
//! segment `b0 b1` (closed segments).
//!
//! Polynomials (quadratics unless said):
//!
//! * `m = (a1 - a0) x (b1 - b0)`, zero exactly when the segments are
//!   parallel (or one is a point);
//! * the separation `s = m . (b0 - a0) = -det[a1 - a0, b0 - a0, b1 - a0]`,
//!   the coplanarity cubic;
//! * `B_j = (b1 - b0) x (a_j - b0)`: the side of `a_j` against the line of
//!   `b` (in the common plane, a multiple of the plane's normal);
//!   `A_j = (a1 - a0) x (b_j - a0)` likewise;
//! * for each end against the other segment, the point-on-segment
//!   polynomials of `vertex_face.rs` (the direction, `B_j` or `A_j` as the
//!   cross product, and the linear differences to the segment's ends): no
//!   distance is squared.
//!
//! Inside test at a time where `s = 0`, all by signs (exact for the exact
//! scalars, within the rounding bound for `f64`):
//!
//! 1. an axis `k` with `m_k != 0` (the first one exactly, the largest in
//!    `f64`: [`PrimitiveScalar::projection_axis`]): the lines cross at one
//!    point and
//!    the common plane projects one-to-one along `k`. The segments meet
//!    exactly when `a0, a1` are on weakly opposite sides of line `b`
//!    (`sign B_{0,k} * sign B_{1,k} <= 0`) and `b0, b1` of line `a` (along
//!    line `a` the side of line `b` is an affine, non-constant function,
//!    zero at the crossing point);
//! 2. `m = 0` (parallel, collinear, or a segment is a point): they meet
//!    exactly when an end of one lies on the other (for collinear segments
//!    overlapping intervals contain an end of one in the other; for a point
//!    segment this is the point-on-segment test itself).
#![deny(clippy::float_arithmetic)]

use super::evidence::{
    EdgeEdgeRejection, EdgeEdgeWitness, Rejection, Segment, SegmentMiss, Witness,
};
use super::feature::EdgeFeature;
use super::query::{cross, dot, sub, PolyVec};
use super::scalar::PrimitiveScalar;
use super::search::InsideTest;
use super::vertex_face::{point_on_segment, SegmentPolys};
use crate::poly::Poly;
use crate::scalar::Sign;

/// The polynomials of an edge-edge query (see the module documentation).
pub(crate) struct EdgeEdgePolys<C> {
    pub(crate) normal: PolyVec<C>,
    pub(crate) separation: Poly<C>,
    /// `a_j` against segment `b`; its `cross` is `B_j` (the side of `a_j`
    /// against line `b`).
    pub(crate) a_on_b: [SegmentPolys<C>; 2],
    /// `b_j` against segment `a`; its `cross` is `A_j`.
    pub(crate) b_on_a: [SegmentPolys<C>; 2],
}

impl<C: crate::scalar::Ring> EdgeEdgePolys<C> {
    /// From the four points `a0, a1, b0, b1`.
    pub(crate) fn new(points: &[PolyVec<C>; 4]) -> Self {
        let [a0, a1, b0, b1] = points;
        let ea = sub(a1, a0);
        let eb = sub(b1, b0);
        let normal = cross(&ea, &eb);
        let separation = dot(&normal, &sub(b0, a0));
        let a = [a0, a1];
        let b = [b0, b1];
        EdgeEdgePolys {
            a_on_b: std::array::from_fn(|j| SegmentPolys::new(a[j], b0, b1)),
            b_on_a: std::array::from_fn(|j| SegmentPolys::new(b[j], a0, a1)),
            normal,
            separation,
        }
    }
}

/// The separation `(ea x eb) . (b0 - a0)` alone, from the four points
/// `a0, a1, b0, b1` (as [`EdgeEdgePolys::new`] forms it).
pub(crate) fn separation<C: crate::scalar::Ring>(points: &[PolyVec<C>; 4]) -> Poly<C> {
    let [a0, a1, b0, b1] = points;
    dot(&cross(&sub(a1, a0), &sub(b1, b0)), &sub(b0, a0))
}

fn both_strict(s: [Sign; 2]) -> Option<Sign> {
    (s[0] == s[1] && s[0] != Sign::Zero).then_some(s[0])
}

impl<S: PrimitiveScalar> InsideTest<S> for EdgeEdgePolys<S::Coord> {
    fn separation(&self) -> &Poly<S::Coord> {
        &self.separation
    }

    fn inspected(&self) -> Vec<&Poly<S::Coord>> {
        let mut v: Vec<&Poly<S::Coord>> = self.normal.iter().collect();
        for e in self.a_on_b.iter().chain(&self.b_on_a) {
            v.extend(e.inspected());
        }
        v
    }

    fn decide(&self, t: &S::Root) -> Result<Witness, Rejection> {
        decide_edge_edge::<S>(self, t)
            .map(Witness::EdgeEdge)
            .map_err(Rejection::EdgeEdge)
    }
}

/// The inside test of the module documentation at a time `t` where the four
/// points are coplanar.
fn decide_edge_edge<S: PrimitiveScalar>(
    polys: &EdgeEdgePolys<S::Coord>,
    t: &S::Root,
) -> Result<EdgeEdgeWitness, EdgeEdgeRejection> {
    let sign = |p: &Poly<S::Coord>| S::sign_at_time(p, t);
    if let Some(axis) = S::projection_axis(&polys.normal, t) {
        let a_sides = [
            sign(&polys.a_on_b[0].cross[axis]),
            sign(&polys.a_on_b[1].cross[axis]),
        ];
        if let Some(s) = both_strict(a_sides) {
            return Err(EdgeEdgeRejection::SameSide {
                axis,
                segment: Segment::A,
                sign: s,
            });
        }
        let b_sides = [
            sign(&polys.b_on_a[0].cross[axis]),
            sign(&polys.b_on_a[1].cross[axis]),
        ];
        if let Some(s) = both_strict(b_sides) {
            return Err(EdgeEdgeRejection::SameSide {
                axis,
                segment: Segment::B,
                sign: s,
            });
        }
        return Ok(EdgeEdgeWitness::Crossing {
            axis,
            a_sides,
            b_sides,
        });
    }
    let mut misses = [SegmentMiss::Beyond; 4];
    let tries = [
        (Segment::A, 0, &polys.a_on_b[0]),
        (Segment::A, 1, &polys.a_on_b[1]),
        (Segment::B, 0, &polys.b_on_a[0]),
        (Segment::B, 1, &polys.b_on_a[1]),
    ];
    for (i, (segment, end, seg)) in tries.into_iter().enumerate() {
        match point_on_segment::<S>(seg, t) {
            Ok(()) => return Ok(EdgeEdgeWitness::EndOnSegment { segment, end }),
            Err(m) => misses[i] = m,
        }
    }
    Err(EdgeEdgeRejection::ParallelApart { misses })
}

/// The features a witness names: an end whose side sign is zero lies on
/// the other line (hence, with contact, on the other segment).
pub(crate) fn edge_features(w: &EdgeEdgeWitness) -> (EdgeFeature, EdgeFeature) {
    let feature = |s: [Sign; 2]| match s {
        [Sign::Zero, _] => EdgeFeature::End(0),
        [_, Sign::Zero] => EdgeFeature::End(1),
        _ => EdgeFeature::Interior,
    };
    match w {
        EdgeEdgeWitness::Crossing {
            a_sides, b_sides, ..
        } => (feature(*a_sides), feature(*b_sides)),
        EdgeEdgeWitness::EndOnSegment { segment, end } => match segment {
            Segment::A => (EdgeFeature::End(*end), EdgeFeature::Interior),
            Segment::B => (EdgeFeature::Interior, EdgeFeature::End(*end)),
        },
    }
}
