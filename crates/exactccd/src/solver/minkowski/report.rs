//! The printed extras of a first contact, in `f64`: the features of `a` and
//! `b` that first come within `D`, a point of `a`'s surface nearest `b`,
//! and the unit normal from `a` to `b`. Nothing here decides anything; the
//! exact answer is the time.
// The printed point and normal are f64 by the contract (docs/FORMAT.md 3).
#![allow(clippy::float_arithmetic)]

use super::difference::Difference;
use super::pieces::PieceKind;
use crate::geom::core::Core;
use crate::geom::{Feature, Pose, Vec3};
use crate::scalar::{BigRational, Scalar};
use std::collections::BTreeSet;

/// A vector in `f64`.
type V = Vec3<f64>;

fn f<S: Scalar>(v: &Vec3<S>) -> V {
    v.to_f64()
}

/// One body as the report needs it: its core, pose and velocity.
pub(super) struct Side<'a> {
    pub(super) core: &'a Core,
    pub(super) pose: &'a Pose<BigRational>,
    pub(super) velocity: V,
}

/// What the report reads of one body: its velocity, the world position at
/// `t = 0` of a point of its core, and the feature its core points make
/// up, as [`Side`] gives them from the core (a body known in advance, as
/// the sphere and the box of the exact path, gives the same values).
pub(super) trait View {
    /// The velocity.
    fn velocity(&self) -> &V;
    /// The world position at `t = 0` of the core's point `i`.
    fn world(&self, i: usize) -> V;
    /// The smallest feature of the core that holds the points `set`: a
    /// vertex, an edge, or a face (a triangle's face on the side `toward`
    /// points to from the body).
    fn feature(&self, set: &BTreeSet<usize>, toward: &V) -> Option<Feature>;
}

impl View for Side<'_> {
    fn velocity(&self) -> &V {
        &self.velocity
    }

    fn world(&self, i: usize) -> V {
        f(&self.pose.apply_point(&self.core.points[i]))
    }

    fn feature(&self, set: &BTreeSet<usize>, toward: &V) -> Option<Feature> {
        let c = self.core;
        if set.len() == 1 {
            let i = *set.first()?;
            return c.vertices.iter().find(|v| v.0 == i).map(|v| v.1);
        }
        if set.len() == 2 {
            let edge = c
                .edges
                .iter()
                .find(|&&(i, j, _)| set.contains(&i) && set.contains(&j));
            if let Some(&(_, _, name)) = edge {
                return Some(name);
            }
        }
        let face = c
            .faces
            .iter()
            .find(|face| set.iter().all(|i| face.corners.contains(i)))?;
        Some(match face.feature {
            Feature::TriangleFace { .. } => Feature::TriangleFace {
                front: f(&self.pose.apply_direction(&face.normal)).dot(toward) > 0.0,
            },
            other => other,
        })
    }
}

/// What is printed about the first contact.
pub(super) struct Found {
    pub(super) features: Option<(Feature, Feature)>,
    pub(super) point: Option<[f64; 3]>,
    pub(super) normal: Option<[f64; 3]>,
}

/// What the report reads of the difference `M`: the points of `M` on a
/// piece's feature, where each point of `M` comes from, and the nearest
/// point of the feature to a point, all as [`Difference`] holds them (a
/// difference built in part, for one piece, gives the same values).
pub(super) trait Geometry {
    /// The points of `M` that make up the piece's feature.
    fn feature_points(&self, kind: PieceKind) -> Vec<usize>;
    /// `(i, j)` for the point `b_j - a_i` of `M`.
    fn origin(&self, k: usize) -> (usize, usize);
    /// The nearest point of the piece's feature to `x` (`M`'s frame at
    /// `t = 0`).
    fn nearest(&self, kind: PieceKind, x: &V) -> Option<V>;
}

impl<S: Scalar> Geometry for Difference<S> {
    fn feature_points(&self, kind: PieceKind) -> Vec<usize> {
        match kind {
            PieceKind::Face(k) => self.faces[k].on.clone(),
            PieceKind::Edge(k) => self.edge_points[k].clone(),
            PieceKind::Vertex(k) => (0..self.points.len())
                .filter(|&l| self.twin[l] == self.twin[k])
                .collect(),
            PieceKind::Solid => Vec::new(),
        }
    }

    fn origin(&self, k: usize) -> (usize, usize) {
        self.origin[k]
    }

    fn nearest(&self, kind: PieceKind, x: &V) -> Option<V> {
        match kind {
            PieceKind::Face(k) => {
                let face = &self.faces[k];
                Some(nearest_on_plane(&f(&face.normal), face.offset.to_f64(), x))
            }
            PieceKind::Edge(k) => {
                let (p, q) = self.edges[k];
                Some(nearest_on_segment(
                    &f(&self.points[p]),
                    &f(&self.points[q]),
                    x,
                ))
            }
            PieceKind::Vertex(k) => Some(f(&self.points[k])),
            PieceKind::Solid => None,
        }
    }
}

/// The nearest point to `x` of the plane `n . y = offset`.
pub(super) fn nearest_on_plane(n: &V, offset: f64, x: &V) -> V {
    let h = (n.dot(x) - offset) / n.dot(n);
    x - &n.scale(&h)
}

/// The nearest `f64` to `n / d` (`d != 0`), as every exact scalar's
/// `to_f64` gives it: by one IEEE division when both parts are below
/// `2^53` (correctly rounded), else by the integer algorithm.
pub(super) fn ratio_to_f64(n: i128, d: i128) -> f64 {
    const EXACT: u128 = 1 << 53;
    let (n, d) = if d < 0 { (-n, -d) } else { (n, d) };
    if n.unsigned_abs() < EXACT && d.unsigned_abs() < EXACT {
        n as f64 / d as f64
    } else {
        crate::scalar::rational_to_f64(&BigRational::new(n.into(), d.into()))
    }
}

/// The nearest point to `x` of the segment from `p` to `q`.
pub(super) fn nearest_on_segment(p: &V, q: &V, x: &V) -> V {
    let e = q - p;
    let s = (e.dot(&(x - p)) / e.dot(&e)).clamp(0.0, 1.0);
    p + &e.scale(&s)
}

/// The report of a first contact at time `t` in the piece `kind`; `u` is
/// the velocity of `b` relative to `a`, `radius_a` the radius about `a`'s
/// core.
pub(super) fn describe(
    diff: &impl Geometry,
    kind: PieceKind,
    t: f64,
    (a, b): (&impl View, &impl View),
    radius_a: f64,
) -> Found {
    let none = Found {
        features: None,
        point: None,
        normal: None,
    };
    let x = (b.velocity() - a.velocity()).scale(&-t);
    let Some(pi) = diff.nearest(kind, &x) else {
        return none;
    };
    let out = &x - &pi;
    let len = out.dot(&out).sqrt();
    if len.is_nan() || len == 0.0 {
        return none;
    }
    let normal = out.scale(&(-1.0 / len));
    let on = diff.feature_points(kind);
    let set_a: BTreeSet<usize> = on.iter().map(|&k| diff.origin(k).0).collect();
    let set_b: BTreeSet<usize> = on.iter().map(|&k| diff.origin(k).1).collect();
    let features = a.feature(&set_a, &normal).zip(b.feature(&set_b, &-&normal));
    // a point of a's core nearest b, at t = 0, from `pi = b* - a*`
    let core_point = if set_a.len() == 1 {
        set_a.first().map(|&i| a.world(i))
    } else if set_b.len() == 1 {
        set_b.first().map(|&j| &b.world(j) - &pi)
    } else {
        edge_edge_point(a, b, &set_a, &set_b, &pi)
    };
    let point = core_point
        .map(|p| (&(&p + &a.velocity().scale(&t)) + &normal.scale(&radius_a)).into_array());
    Found {
        features,
        point,
        normal: Some(normal.into_array()),
    }
}

/// The point `a*` of `a`'s edge with `b* - a* = pi` for `b*` on `b`'s edge
/// (least squares in the edges' two parameters); `None` unless both sets
/// are two points.
fn edge_edge_point(
    a: &impl View,
    b: &impl View,
    set_a: &BTreeSet<usize>,
    set_b: &BTreeSet<usize>,
    pi: &V,
) -> Option<V> {
    let (ia, ib): (Vec<usize>, Vec<usize>) = (
        set_a.iter().copied().collect(),
        set_b.iter().copied().collect(),
    );
    let ([a0, a1], [b0, b1]) = (
        <[usize; 2]>::try_from(ia).ok()?,
        <[usize; 2]>::try_from(ib).ok()?,
    );
    let (pa, pb) = (a.world(a0), b.world(b0));
    let (ea, eb) = (&a.world(a1) - &pa, &b.world(b1) - &pb);
    // r eb - s ea = pi - pb + pa
    let rhs = &(pi - &pb) + &pa;
    let (g11, g12, g22) = (eb.dot(&eb), -eb.dot(&ea), ea.dot(&ea));
    let (h1, h2) = (eb.dot(&rhs), -ea.dot(&rhs));
    let det = g11 * g22 - g12 * g12;
    if det.abs() <= 1e-300 {
        return None;
    }
    let s = (g11 * h2 - g12 * h1) / det;
    Some(&pa + &ea.scale(&s.clamp(0.0, 1.0)))
}
