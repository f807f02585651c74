//! The projections of any pair onto any of its axes, written once for
//! scalar entries (a configuration at one instant) and for polynomial
//! entries in `t` (a rational motion in the frame of the first body).
//!
//! A solid is placed by homogeneous coordinates: its points are `x / scale`
//! with `scale > 0` (`1` for a configuration at one instant; `w(t)` for the
//! first body when the second moves by `(L(t) y + T(t)) / w(t)` in its
//! frame). On a direction `L` every projection is multiplied by the common
//! positive denominator, which keeps every sign condition:
//!
//! * a box with centre `c`, axis generators `u_i` and extents `e_i` (points
//!   `(c + sum x_i u_i) / scale`, `|x_i| <= e_i`) projects to the centre
//!   `L . c` with radius `sum e_i |L . u_i|`;
//! * a triangle projects to its three vertex values `L . v_k`.
//!
//! Then `b` lies above `a` on `L` exactly when every difference `q_l - p_k`
//! of a point value of `b` and one of `a` exceeds the sum of all radius
//! terms, and below when every `p_k - q_l` does (`gaps`, `abs_terms`). The
//! axes of each pair are those of the paper's tables (`pair_axes`); for two
//! triangles all of Table 5 and Table 6 are listed, so that the list stays
//! complete when the planes turn parallel during a motion.
#![deny(clippy::float_arithmetic)]

use super::{Axis, Side};
use crate::geom::{MatrixEntry, Vec3};

/// A convex solid in homogeneous coordinates (module docs).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Solid<P> {
    /// Points `(center + sum x_i axes_i) / scale`, `|x_i| <= half_extents_i`.
    Box {
        center: Vec3<P>,
        axes: [Vec3<P>; 3],
        half_extents: [P; 3],
    },
    /// Vertices `vertices_k / scale`; `edges` are positive multiples of the
    /// paper's `E0 = U1 - U0`, `E1 = U2 - U0`, `E2 = E1 - E0`, `normal` of
    /// `E0 x E1`.
    Triangle {
        vertices: [Vec3<P>; 3],
        edges: [Vec3<P>; 3],
        normal: Vec3<P>,
    },
}

/// A solid and the positive scale dividing its coordinates.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Placed<P> {
    pub(crate) solid: Solid<P>,
    pub(crate) scale: P,
}

impl<P: MatrixEntry> Placed<P> {
    /// A triangle with its paper edges (Eberly's `E0, E1, E2`) and normal computed from the vertices.
    pub(crate) fn triangle(vertices: [Vec3<P>; 3], scale: P) -> Self {
        let e0 = &vertices[1] - &vertices[0];
        let e1 = &vertices[2] - &vertices[0];
        let e2 = &e1 - &e0;
        let normal = e0.cross(&e1);
        Placed {
            solid: Solid::Triangle {
                vertices,
                edges: [e0, e1, e2],
                normal,
            },
            scale,
        }
    }

    /// A box.
    pub(crate) fn boxed(
        center: Vec3<P>,
        axes: [Vec3<P>; 3],
        half_extents: [P; 3],
        scale: P,
    ) -> Self {
        Placed {
            solid: Solid::Box {
                center,
                axes,
                half_extents,
            },
            scale,
        }
    }

    /// The triangle's normal, `None` for a box.
    pub(crate) fn triangle_normal(&self) -> Option<&Vec3<P>> {
        match &self.solid {
            Solid::Triangle { normal, .. } => Some(normal),
            Solid::Box { .. } => None,
        }
    }

    /// True for a box.
    pub(crate) fn is_box(&self) -> bool {
        matches!(self.solid, Solid::Box { .. })
    }

    /// The projection onto `l`, multiplied by `scale` (module docs).
    pub(crate) fn project(&self, l: &Vec3<P>, scale: &P) -> BodyProjection<P> {
        match &self.solid {
            Solid::Box {
                center,
                axes,
                half_extents,
            } => BodyProjection {
                points: vec![l.dot(center).entry_mul(scale)],
                abs_terms: (0..3)
                    .map(|i| (half_extents[i].entry_mul(scale), l.dot(&axes[i])))
                    .collect(),
            },
            Solid::Triangle { vertices, .. } => BodyProjection {
                points: vertices.iter().map(|v| l.dot(v).entry_mul(scale)).collect(),
                abs_terms: Vec::new(),
            },
        }
    }
}

/// The projection of one solid: point values and radius terms `factor *
/// |inner|` (module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct BodyProjection<P> {
    /// `L . c` for a box, `L . v_k` for a triangle (scaled).
    pub points: Vec<P>,
    /// `(factor, inner)`: the radius `sum factor |inner|` (empty for a
    /// triangle); for a box `inner_i = L . u_i`.
    pub abs_terms: Vec<(P, P)>,
}

/// The projections of both solids of a pair on one axis.
#[derive(Clone, Debug, PartialEq)]
pub struct AxisProjection<P> {
    /// The axis name.
    pub axis: Axis,
    /// Its direction (unnormalised).
    pub direction: Vec3<P>,
    /// The first solid's projection.
    pub a: BodyProjection<P>,
    /// The second solid's projection.
    pub b: BodyProjection<P>,
}

impl<P: MatrixEntry> AxisProjection<P> {
    /// The differences that must all exceed the radius sum for `b` to lie
    /// on `side`: `q_l - p_k` for [`Side::Positive`], `p_k - q_l` for
    /// [`Side::Negative`]; repeated values are listed once.
    pub fn gaps(&self, side: Side) -> Vec<P> {
        let mut out: Vec<P> = Vec::new();
        for p in &self.a.points {
            for q in &self.b.points {
                let g = match side {
                    Side::Positive => q.entry_sub(p),
                    Side::Negative => p.entry_sub(q),
                };
                if !out.contains(&g) {
                    out.push(g);
                }
            }
        }
        out
    }

    /// All radius terms of both solids, zero inner values dropped.
    pub fn abs_terms(&self) -> Vec<(P, P)> {
        self.a
            .abs_terms
            .iter()
            .chain(&self.b.abs_terms)
            .filter(|(f, i)| !f.entry_is_zero() && !i.entry_is_zero())
            .cloned()
            .collect()
    }
}

/// The axes of the pair `(a, b)` in the paper's order, with their directions
/// (built from the solids' native generators, so that no needless power of
/// the scale enters): box-box Table 1, box-triangle Table 3 (the box must
/// come first), triangle-triangle Tables 5 and 6 together.
#[allow(clippy::needless_range_loop)] // the paper's index pairs read best as indices
pub(crate) fn pair_axes<P: MatrixEntry>(a: &Placed<P>, b: &Placed<P>) -> Vec<(Axis, Vec3<P>)> {
    match (&a.solid, &b.solid) {
        (Solid::Box { axes: aa, .. }, Solid::Box { axes: ba, .. }) => {
            let mut v: Vec<(Axis, Vec3<P>)> = (0..3).map(|i| (Axis::A(i), aa[i].clone())).collect();
            v.extend((0..3).map(|j| (Axis::B(j), ba[j].clone())));
            for i in 0..3 {
                for j in 0..3 {
                    v.push((Axis::AxB(i, j), aa[i].cross(&ba[j])));
                }
            }
            v
        }
        (Solid::Box { axes, .. }, Solid::Triangle { edges, normal, .. }) => {
            let mut v = vec![(Axis::N, normal.clone())];
            v.extend((0..3).map(|i| (Axis::A(i), axes[i].clone())));
            for i in 0..3 {
                for j in 0..3 {
                    v.push((Axis::AxE(i, j), axes[i].cross(&edges[j])));
                }
            }
            v
        }
        (
            Solid::Triangle {
                edges: e,
                normal: n,
                ..
            },
            Solid::Triangle {
                edges: f,
                normal: m,
                ..
            },
        ) => {
            let mut v = vec![(Axis::N, n.clone()), (Axis::M, m.clone())];
            for i in 0..3 {
                for j in 0..3 {
                    v.push((Axis::ExF(i, j), e[i].cross(&f[j])));
                }
            }
            v.extend((0..3).map(|i| (Axis::NxE(i), n.cross(&e[i]))));
            v.extend((0..3).map(|j| (Axis::NxF(j), n.cross(&f[j]))));
            v
        }
        (Solid::Triangle { .. }, Solid::Box { .. }) => {
            unreachable!("pairs are canonical: the box comes first")
        }
    }
}

/// The projections of the pair on all of its axes (see [`pair_axes`]).
pub(crate) fn pair_projections<P: MatrixEntry>(
    a: &Placed<P>,
    b: &Placed<P>,
) -> Vec<AxisProjection<P>> {
    pair_axes(a, b)
        .into_iter()
        .map(|(axis, l)| AxisProjection {
            a: a.project(&l, &b.scale),
            b: b.project(&l, &a.scale),
            axis,
            direction: l,
        })
        .collect()
}
