//! A candidate point strictly inside two overlapping boxes at one instant:
//! the mean of the vertices of their intersection polytope, found
//! approximately (midpoints of the placement enclosures); it is only a
//! candidate, proved or rejected by [`super::boxes::strictly_inside`].
//!
//! Every vertex of the convex polytope `A ∩ B` is a vertex of one box
//! inside the other or a point where an edge of one box crosses a face of
//! the other. Clipping each edge of each box to the other box (the slabs
//! `|local_k| <= h_k`) yields all of them, together with other points of
//! the polytope; a mean with positive weights on all the vertices of a
//! polytope with interior lies in that interior.
#![deny(clippy::float_arithmetic)]

use super::boxes::{point_dot, Extents};
use crate::geom::{BoxEdge, BoxVertex};
use crate::motion::{IntervalVec, PlacementEnclosure};
use crate::scalar::interval::{Dyad, Interval, Rounding};

/// A placement collapsed to its midpoints (exact dyadic numbers), so that
/// the candidate's arithmetic stays narrow.
pub(crate) fn collapsed(e: &PlacementEnclosure, p: u64) -> PlacementEnclosure {
    let mid = |x: &Interval| Interval::point(x.midpoint().round(p, Rounding::Down));
    PlacementEnclosure {
        frame: std::array::from_fn(|i| std::array::from_fn(|j| mid(&e.frame[i][j]))),
        origin: std::array::from_fn(|i| mid(&e.origin[i])),
    }
}

/// A point of three exact dyadic coordinates.
type Point = [Dyad; 3];

/// A placement collapsed to exact dyadic numbers: its frame's columns and
/// origin ([`collapsed`]).
struct PointPlacement {
    frame: [Point; 3],
    origin: Point,
}

impl PointPlacement {
    fn of(e: &PlacementEnclosure, p: u64) -> PointPlacement {
        let mid = |x: &Interval| x.midpoint().round(p, Rounding::Down);
        PointPlacement {
            frame: std::array::from_fn(|i| std::array::from_fn(|k| mid(&e.frame[k][i]))),
            origin: std::array::from_fn(|k| mid(&e.origin[k])),
        }
    }

    /// `o + F y`, rounded down.
    fn world(&self, y: &Point, p: u64) -> Point {
        std::array::from_fn(|k| {
            (0..3).fold(self.origin[k].clone(), |sum, i| {
                sum.add_rounded(&self.frame[i][k].mul_rounded(&y[i], p, DOWN), p, DOWN)
            })
        })
    }

    /// `F^T (x - o)`, rounded down.
    fn local(&self, x: &Point, p: u64) -> Point {
        let rel: Point = std::array::from_fn(|k| x[k].sub_rounded(&self.origin[k], p, DOWN));
        std::array::from_fn(|i| point_dot(&self.frame[i], &rel, p))
    }
}

const DOWN: Rounding = Rounding::Down;

fn corner(v: BoxVertex, h: &Extents, p: u64) -> Point {
    std::array::from_fn(|k| {
        let h = h.0[k].midpoint().round(p, DOWN);
        if v.positive[k] {
            h
        } else {
            h.neg()
        }
    })
}

/// The index in [`BoxVertex::ALL`] of the corner with these signs.
fn corner_index(positive: [bool; 3]) -> usize {
    BoxVertex::ALL
        .iter()
        .position(|v| v.positive == positive)
        .unwrap_or(0)
}

/// The indices of an edge's two corners (its `-` end first).
fn edge_corners(edge: BoxEdge) -> (usize, usize) {
    let (mut lo, mut hi) = (edge.positive, edge.positive);
    lo[edge.axis] = false;
    hi[edge.axis] = true;
    (corner_index(lo), corner_index(hi))
}

/// The reciprocals `1 / (x1 - x0)_k` of a segment's direction in the
/// other box's local coordinates (rounded: a candidate needs no bound),
/// `None` where that component is zero. The four parallel edges of a box
/// share them.
fn reciprocals(x0: &Point, x1: &Point, p: u64) -> [Option<Dyad>; 3] {
    let one = Dyad::from_i64(1);
    std::array::from_fn(|k| {
        let d = x1[k].sub_rounded(&x0[k], p, DOWN);
        (!d.is_zero()).then(|| one.div_rounded(&d, p, DOWN))
    })
}

/// The parameter range `[s0, s1] ⊆ [0, 1]` of the segment `x0 + s (x1 -
/// x0)` (local coordinates of a box) inside the box's slabs, with the
/// direction's reciprocals ([`reciprocals`]).
fn clip(x0: &Point, inverse: &[Option<Dyad>; 3], h: &Extents, p: u64) -> Option<(Dyad, Dyad)> {
    let mut s0 = Dyad::zero();
    let mut s1 = Dyad::from_i64(1);
    for k in 0..3 {
        let start = &x0[k];
        let h = h.0[k].midpoint();
        let Some(inverse) = &inverse[k] else {
            if start.abs() > h {
                return None;
            }
            continue;
        };
        let ta = h.neg().sub_rounded(start, p, DOWN);
        let tb = h.sub_rounded(start, p, DOWN);
        let ta = ta.mul_rounded(inverse, p, DOWN);
        let tb = tb.mul_rounded(inverse, p, DOWN);
        let (ta, tb) = if ta <= tb { (ta, tb) } else { (tb, ta) };
        s0 = s0.max(ta);
        s1 = s1.min(tb);
        if s0 > s1 {
            return None;
        }
    }
    Some((s0, s1))
}

/// `x0 + s (x1 - x0)`, rounded down.
fn point_lerp(x0: &Point, x1: &Point, s: &Dyad, p: u64) -> Point {
    std::array::from_fn(|k| {
        let step = x1[k].sub_rounded(&x0[k], p, DOWN).mul_rounded(s, p, DOWN);
        x0[k].add_rounded(&step, p, DOWN)
    })
}

pub(crate) fn lerp(x0: &IntervalVec, x1: &IntervalVec, s: &Dyad, p: u64) -> IntervalVec {
    let s = Interval::point(s.clone());
    std::array::from_fn(|k| x0[k].add(&x1[k].sub(&x0[k], p).mul(&s, p), p))
}

/// Points of `A ∩ B` (world coordinates) from the edges of `from` clipped
/// to `to`.
fn clipped_edges(
    from: (&PointPlacement, &Extents),
    to: (&PointPlacement, &Extents),
    p: u64,
    out: &mut Vec<Point>,
) {
    let (fe, fh) = from;
    let (te, th) = to;
    // each corner once: in the world, and in the other box's frame
    let world_corners: Vec<Point> = BoxVertex::ALL
        .iter()
        .map(|&v| fe.world(&corner(v, fh, p), p))
        .collect();
    let local_corners: Vec<Point> = world_corners.iter().map(|x| te.local(x, p)).collect();
    let inverses: [[Option<Dyad>; 3]; 3] = std::array::from_fn(|axis| {
        let (i0, i1) = edge_corners(BoxEdge {
            axis,
            positive: [false; 3],
        });
        reciprocals(&local_corners[i0], &local_corners[i1], p)
    });
    for edge in BoxEdge::ALL {
        let (i0, i1) = edge_corners(edge);
        let (x0, x1) = (&world_corners[i0], &world_corners[i1]);
        if let Some((s0, s1)) = clip(&local_corners[i0], &inverses[edge.axis], th, p) {
            out.push(point_lerp(x0, x1, &s0, p));
            if s1 != s0 {
                out.push(point_lerp(x0, x1, &s1, p));
            }
        }
    }
}

/// A candidate point of the interior of `A ∩ B` (world coordinates, exact
/// dyadic entries), or `None` when the approximate boxes do not meet. The
/// arithmetic is on the placements' midpoints, rounded down: a candidate
/// needs no bound.
pub(crate) fn interior_candidate(
    a: &PlacementEnclosure,
    ha: &Extents,
    b: &PlacementEnclosure,
    hb: &Extents,
    p: u64,
) -> Option<IntervalVec> {
    let (a, b) = (PointPlacement::of(a, p), PointPlacement::of(b, p));
    let mut points = Vec::new();
    clipped_edges((&a, ha), (&b, hb), p, &mut points);
    clipped_edges((&b, hb), (&a, ha), p, &mut points);
    if points.is_empty() {
        return None;
    }
    let n = Dyad::from_i64(points.len() as i64);
    Some(std::array::from_fn(|k| {
        let sum = points
            .iter()
            .fold(Dyad::zero(), |sum, x| sum.add_rounded(&x[k], p, DOWN));
        Interval::point(sum.div_rounded(&n, p, DOWN))
    }))
}
