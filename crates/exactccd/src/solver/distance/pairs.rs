//! The polynomial conditions of one feature pair: "the two closed features
//! are within `D` of each other", written in the frame of the body whose
//! feature is fixed, for a point `P(t) / w(t)` moved by the other body's
//! relative rational motion (`w > 0` on the interval). Each condition is a
//! list of polynomials that must all be `>= 0` (and, for two edges, one that
//! must be `> 0`: the edges are not parallel).
//!
//! The region conditions are those of the Voronoi regions of a convex
//! polytope's features (D. Eberly, "Dynamic Collision Detection using
//! Oriented Bounding Boxes", Geometric Tools, uses the same face, edge and
//! vertex regions for its contact-point case analysis); squared distances
//! keep everything polynomial:
//!
//! * vertex `p` - face (`n . x = c`, corners `q_k`, inward side normals
//!   `m_k`): `D^2 |n|^2 w^2 - (n . P - c w)^2 >= 0` and
//!   `m_k . (P - q_k w) >= 0` (the projection lies in the closed face);
//! * vertex - edge `q0 q1`, `e = q1 - q0`, `R = P - q0 w`:
//!   `D^2 |e|^2 w^2 - |R x e|^2 >= 0`, `R . e >= 0`, `(q1 w - P) . e >= 0`;
//! * vertex - vertex `q`: `D^2 w^2 - |P - q w|^2 >= 0`;
//! * edge `q0 + s u` - edge `(P0 + s' V) / w`, `R = P0 - q0 w`,
//!   `X = u x V`, `Den = |X|^2 > 0`: `D^2 w^2 Den - (R . X)^2 >= 0` and the
//!   closest parameters of the two lines in `[0, 1]`:
//!   `s = Ns / (w Den)`, `Ns = (V.V)(u.R) - (u.V)(V.R)`;
//!   `s' = Ns' / Den`, `Ns' = (u.V)(u.R) - (u.u)(V.R)`.
#![deny(clippy::float_arithmetic)]

use super::reach::{feature_bounds, Bounds, Reach};
use crate::geom::core::Core;
use crate::geom::{Feature, Vec3};
use crate::motion::PolyMotion;
use crate::poly::Poly;
use crate::scalar::{BigRational, Scalar};
use std::cell::Cell;

type Q = BigRational;
type PV<S> = Vec3<Poly<S>>;

/// Which features of the cores a pair joins, the fixed body's first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PairShape {
    /// A vertex of the moving body and a face of the fixed one.
    VertexFace,
    /// A vertex of the moving body and an edge of the fixed one.
    VertexEdge,
    /// Two vertices.
    VertexVertex,
    /// Two edges.
    EdgeEdge,
}

/// One feature pair's condition (module docs).
#[derive(Clone, Debug)]
pub(crate) struct PairTest<S> {
    /// The kind of pair.
    pub(crate) shape: PairShape,
    /// True when the fixed body is `b` (the pair was written in `b`'s
    /// frame, `a` moving).
    pub(crate) fixed_is_b: bool,
    /// The feature of `a`, then of `b`.
    pub(crate) features: (Feature, Feature),
    /// Polynomials that must all be `>= 0`; the distance condition first
    /// (two polynomials at `D = 0`).
    pub(crate) at_least_zero: Vec<Poly<S>>,
    /// A polynomial that must be `> 0` (two edges not parallel).
    pub(crate) positive: Option<Poly<S>>,
    /// The fixed body's feature points (local), for reporting.
    pub(crate) fixed_points: Vec<usize>,
    /// The moving body's feature points (local), for reporting.
    pub(crate) moving_points: Vec<usize>,
    /// The distance condition unsquared, kept in `f64` at `D > 0` to
    /// polish the times it finds (`polish.rs`).
    pub(crate) gap: Option<Gap<S>>,
}

/// A pair's distance as `|num| / sqrt(den)`, with the reach `D^2 den`:
/// the pair is within `D` when `sum num_i^2 <= D^2 den`. The squared
/// polynomial of the distance condition expands `sum num_i^2` before it is
/// evaluated; at a small `D` its rounding (relative to the squares of the
/// coordinates) exceeds `D^2` itself. Evaluating each `num_i` first keeps
/// the rounding relative to the distance.
#[derive(Clone, Debug)]
pub(crate) struct Gap<S> {
    /// The numerator's components.
    pub(crate) num: Vec<Poly<S>>,
    /// `D^2 den`.
    pub(crate) reach: Poly<S>,
}

/// The moving body's core points `P_i(t) = L(t) y_i + T(t)` over `w(t)`.
pub(crate) struct Moving<S> {
    pub(crate) points: Vec<PV<S>>,
    pub(crate) w: Poly<S>,
}

impl<S: Scalar> Moving<S> {
    pub(crate) fn new(core: &Core, rel: &PolyMotion<S>) -> Self {
        let points = core
            .points
            .iter()
            .map(|y| {
                let y: PV<S> = y.map(|c| Poly::constant(S::from_rational(c)));
                rel.linear.mul_vec(&y) + &rel.translation
            })
            .collect();
        Moving {
            points,
            w: rel.denominator.clone(),
        }
    }
}

fn cst<S: Scalar>(v: &Vec3<Q>) -> PV<S> {
    v.map(|c| Poly::constant(S::from_rational(c)))
}

/// True when two edges stay parallel: `den = |u x v|^2` is zero at every
/// time, and the pair is left out (the distance of parallel segments is
/// attained at an end of one of them, a vertex pair). In `f64` a rounded
/// rotation leaves `den` a polynomial of rounding noise, which as a
/// divisor made the pair hold on the whole interval: `den` counts as zero
/// when every coefficient is below `2^-80` times the bound
/// `(sum |u_i|)^2 (sum |v_i|)^2` of its terms (sums of the coefficients'
/// magnitudes; rounding leaves about `2^-104` of it, a turn of `2^-40` rad
/// between the edges still `2^-80`).
fn parallel_throughout<S: Scalar>(den: &Poly<S>, u: &PV<S>, v: &PV<S>) -> bool {
    if den.is_zero() {
        return true;
    }
    if S::IS_EXACT {
        return false;
    }
    let size = |p: &PV<S>| {
        let mut total = S::zero();
        for c in [&p.x, &p.y, &p.z] {
            for a in c.coeffs() {
                total = total.add_ref(&a.abs());
            }
        }
        total.mul_ref(&total)
    };
    let tiny = size(u).mul_ref(&size(v)).mul_ref(&S::from_rational(&Q::new(
        1.into(),
        num_bigint::BigInt::from(1) << 80u32,
    )));
    den.coeffs().iter().all(|c| c.abs() <= tiny)
}

fn scalar<S: Scalar>(c: &Q) -> Poly<S> {
    Poly::constant(S::from_rational(c))
}

/// The pairs' builder for one direction (fixed core, moving core).
pub(crate) struct Writer<'a, S> {
    pub(crate) fixed: &'a Core,
    pub(crate) moving_core: &'a Core,
    pub(crate) moving: &'a Moving<S>,
    /// `D^2`.
    pub(crate) d2: Poly<S>,
    pub(crate) fixed_is_b: bool,
    /// The bound that rules a pair out before it is written (`reach.rs`),
    /// when the motion admits one.
    pub(crate) reach: Option<&'a Reach>,
    /// Pairs ruled out by `reach`, not written.
    pub(crate) ruled_out: Cell<usize>,
}

impl<S: Scalar> Writer<'_, S> {
    fn features(&self, fixed: Feature, moving: Feature) -> (Feature, Feature) {
        if self.fixed_is_b {
            (moving, fixed)
        } else {
            (fixed, moving)
        }
    }

    fn w(&self) -> &Poly<S> {
        &self.moving.w
    }

    /// The box of a fixed feature, when a bound is in use.
    fn fixed_bounds(&self, indices: &[usize]) -> Option<Bounds> {
        self.reach.map(|_| feature_bounds(self.fixed, indices))
    }

    /// True (and counted) when the bound rules the pair out.
    fn ruled_out(&self, fixed: Option<&Bounds>, moving_points: &[usize]) -> bool {
        let out = match (self.reach, fixed) {
            (Some(reach), Some(fixed)) => reach.apart(fixed, moving_points),
            _ => false,
        };
        if out {
            self.ruled_out.set(self.ruled_out.get() + 1);
        }
        out
    }

    /// The moving core's vertices that the bound leaves against a fixed
    /// feature, in order.
    fn vertices_near(&self, fixed: &[usize]) -> Vec<(usize, Feature)> {
        let bounds = self.fixed_bounds(fixed);
        self.moving_core
            .vertices
            .iter()
            .filter(|(vi, _)| !self.ruled_out(bounds.as_ref(), &[*vi]))
            .copied()
            .collect()
    }

    /// The unsquared condition, in `f64` at `D > 0` only (the exact
    /// scalar has no rounding to polish, and at `D = 0` the condition is
    /// already unsquared).
    fn gap(&self, num: &[Poly<S>], reach: &Poly<S>) -> Option<Gap<S>> {
        (!S::IS_EXACT && !self.d2.is_zero()).then(|| Gap {
            num: num.to_vec(),
            reach: reach.clone(),
        })
    }

    /// The distance condition `scale - h^2 >= 0` (`scale = D^2 |n|^2 w^2`
    /// for a signed distance `h / (|n| w)`). At `D = 0` it is `h = 0`,
    /// written as `h >= 0` and `-h >= 0`: the same set, and in `f64` the
    /// sign of `h` is decided at the input's rounding scale, where the sign
    /// of `-h^2` is decided only at its square root (a gap of `1e-9` would
    /// pass for a touch).
    fn distance_condition(&self, scale: &Poly<S>, h: &Poly<S>) -> Vec<Poly<S>> {
        if self.d2.is_zero() {
            vec![h.clone(), -h]
        } else {
            vec![scale - &(h * h)]
        }
    }

    /// Vertex of the moving core against each face of the fixed core.
    pub(crate) fn vertex_face(&self, out: &mut Vec<PairTest<S>>) {
        let w = self.w();
        let w2 = w * w;
        for face in &self.fixed.faces {
            let near = self.vertices_near(&face.corners);
            if near.is_empty() {
                continue;
            }
            let n = cst::<S>(&face.normal);
            let dist_scale = &(&self.d2 * &scalar(&face.normal.norm_squared())) * &w2;
            let c = scalar::<S>(&face.offset);
            let sides: Vec<(PV<S>, PV<S>)> = self
                .fixed
                .side_normals(face)
                .iter()
                .map(|(q, m)| (cst(&self.fixed.points[*q]), cst(m)))
                .collect();
            for &(vi, vf) in &near {
                let p = &self.moving.points[vi];
                let h = &n.dot(p) - &(&c * w);
                let mut polys = self.distance_condition(&dist_scale, &h);
                for (q, m) in &sides {
                    polys.push(m.dot(&(p - &q.map(|x| x * w))));
                }
                out.push(PairTest {
                    shape: PairShape::VertexFace,
                    fixed_is_b: self.fixed_is_b,
                    features: self.features(face.feature, vf),
                    at_least_zero: polys,
                    positive: None,
                    fixed_points: face.corners.clone(),
                    moving_points: vec![vi],
                    gap: self.gap(std::slice::from_ref(&h), &dist_scale),
                });
            }
        }
    }

    /// Vertex of the moving core against each edge of the fixed core.
    pub(crate) fn vertex_edge(&self, out: &mut Vec<PairTest<S>>) {
        let w = self.w();
        let w2 = w * w;
        for &(i, j, ef) in &self.fixed.edges {
            let near = self.vertices_near(&[i, j]);
            if near.is_empty() {
                continue;
            }
            let (q0, q1) = (&self.fixed.points[i], &self.fixed.points[j]);
            let e_q = q1 - q0;
            let e = cst::<S>(&e_q);
            let scale = &(&self.d2 * &scalar(&e_q.norm_squared())) * &w2;
            let (q0w, q1w) = (cst::<S>(q0).map(|x| x * w), cst::<S>(q1).map(|x| x * w));
            for &(vi, vf) in &near {
                let p = &self.moving.points[vi];
                let r = p - &q0w;
                let x = r.cross(&e);
                out.push(PairTest {
                    shape: PairShape::VertexEdge,
                    fixed_is_b: self.fixed_is_b,
                    features: self.features(ef, vf),
                    at_least_zero: vec![&scale - &x.dot(&x), r.dot(&e), (&q1w - p).dot(&e)],
                    positive: None,
                    fixed_points: vec![i, j],
                    moving_points: vec![vi],
                    gap: self.gap(&[x.x.clone(), x.y.clone(), x.z.clone()], &scale),
                });
            }
        }
    }

    /// Every vertex pair.
    pub(crate) fn vertex_vertex(&self, out: &mut Vec<PairTest<S>>) {
        let w = self.w();
        let scale = &self.d2 * &(w * w);
        for &(qi, qf) in &self.fixed.vertices {
            let near = self.vertices_near(&[qi]);
            if near.is_empty() {
                continue;
            }
            let qw = cst::<S>(&self.fixed.points[qi]).map(|x| x * w);
            for &(vi, vf) in &near {
                let r = &self.moving.points[vi] - &qw;
                out.push(PairTest {
                    shape: PairShape::VertexVertex,
                    fixed_is_b: self.fixed_is_b,
                    features: self.features(qf, vf),
                    at_least_zero: vec![&scale - &r.dot(&r)],
                    positive: None,
                    fixed_points: vec![qi],
                    moving_points: vec![vi],
                    gap: self.gap(&[r.x.clone(), r.y.clone(), r.z.clone()], &scale),
                });
            }
        }
    }

    /// Every edge pair; pairs of edges parallel at every `t` are left out
    /// (their closest points are ends: vertex-edge pairs).
    pub(crate) fn edge_edge(&self, out: &mut Vec<PairTest<S>>) {
        let w = self.w();
        let w2 = w * w;
        for &(i, j, ef) in &self.fixed.edges {
            let q0 = &self.fixed.points[i];
            let u = cst::<S>(&(&self.fixed.points[j] - q0));
            let uu = u.dot(&u);
            let q0w = cst::<S>(q0).map(|x| x * w);
            let bounds = self.fixed_bounds(&[i, j]);
            for &(k, l, mf) in &self.moving_core.edges {
                if self.ruled_out(bounds.as_ref(), &[k, l]) {
                    continue;
                }
                let (p0, p1) = (&self.moving.points[k], &self.moving.points[l]);
                let v = p1 - p0;
                let x = u.cross(&v);
                let den = x.dot(&x);
                if parallel_throughout(&den, &u, &v) {
                    continue;
                }
                let r = p0 - &q0w;
                let rx = r.dot(&x);
                let (vv, ur, uv, vr) = (v.dot(&v), u.dot(&r), u.dot(&v), v.dot(&r));
                let ns = &(&vv * &ur) - &(&uv * &vr);
                let nt = &(&uv * &ur) - &(&uu * &vr);
                let wden = w * &den;
                let reach = &(&self.d2 * &w2) * &den;
                let mut at_least_zero = self.distance_condition(&reach, &rx);
                at_least_zero.extend([ns.clone(), &wden - &ns, nt.clone(), &den - &nt]);
                out.push(PairTest {
                    shape: PairShape::EdgeEdge,
                    fixed_is_b: self.fixed_is_b,
                    features: self.features(ef, mf),
                    at_least_zero,
                    positive: Some(den),
                    fixed_points: vec![i, j],
                    moving_points: vec![k, l],
                    gap: self.gap(std::slice::from_ref(&rx), &reach),
                });
            }
        }
    }
}
