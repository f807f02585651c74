//! Contact features and a contact point at the first time of contact
//! (Eberly, "Dynamic Collision Detection using Oriented Bounding Boxes",
//! section 2.3.2 with Table 2, section 3.3.2 with Tables 4a-4d, section
//! 4.3.2 with Table 7).
//!
//! At the first time `T` the axis that separated last is *tight*: the
//! projections touch, `b` on `side`. Then a point of contact lies on the
//! face of `a` extreme along `side * L` and on the face of `b` extreme along
//! `-side * L`. The paper's tables are the closed forms of these faces: for
//! a box, `x_i = sigma Sign(L . A_i) a_i` whenever `L . A_i != 0` (Table 2:
//! `y_j = -sigma Sign(c_ij) b_j` for `L = A_i`, and so on), the coordinate
//! being free when the dot product is zero; for a triangle, the vertices
//! where `sigma p_k` is extreme (Tables 4a, 7: `y0 = 0, y1 = 0` when `sigma
//! q0 = min sigma q_k`, ...).
//!
//! This module implements that case analysis uniformly:
//!
//! 1. every axis that is tight at `T` (not only the last one: at a
//!    vertex-vertex contact three face axes close together) contributes its
//!    extreme faces, and the features of `a` and `b` are the intersections of
//!    these (for a box: all fixed coordinates together; for a triangle: the
//!    common extreme vertices). Signs are decided exactly, at an algebraic
//!    `T` too (`sign` oracle).
//! 2. A contact point is a point common to the two features, which lie in
//!    one plane: a vertex of one inside the other, or a crossing of an edge of
//!    each. When the features are a vertex, or two edges crossing
//!    transversally, this is the unique point of Table 2 (`x_0 = ... / (1 -
//!    c_00^2)`) and Table 7; in the zero-coefficient cases (edge-face,
//!    face-face, parallel edges) it is one of the points, found exactly.
//!
//! Deviation from the paper, on purpose: for a free variable the paper picks
//! each one separately from its interval (`y_j = b_j` if `b_j <= max(y_j)`,
//! ...), which for two free variables (a face-face contact with a rotated
//! box) can give a point outside the other box; intersecting the two faces
//! exactly never does. The tests check every returned point against both
//! solids exactly.
#![deny(clippy::float_arithmetic)]

use super::projection::{AxisProjection, Placed, Solid};
use super::{Axis, Side};
use crate::geom::{BoxEdge, BoxFace, BoxVertex, Feature, MatrixEntry, Vec3};
use crate::scalar::{FieldScalar, Sign};

/// The features that touch at the first time of contact, and the axis whose
/// direction gives the contact normal (`side * L` points from `a` to `b`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContactFeatures {
    /// The feature of the first solid.
    pub a: Feature,
    /// The feature of the second solid.
    pub b: Feature,
    /// The axis giving the normal.
    pub axis: Axis,
    /// The side of `b` on that axis.
    pub side: Side,
    /// The extreme faces, as combinatorial data (for the contact point).
    pub(crate) support_a: Support,
    pub(crate) support_b: Support,
}

impl ContactFeatures {
    /// The contract's kind: `"face-vertex"`, `"edge-edge"`, ...
    pub fn kind(&self) -> String {
        format!("{}-{}", self.a.kind(), self.b.kind())
    }

    /// The same contact seen from the other solid (`a` and `b` exchanged).
    #[must_use]
    pub fn mirrored(&self) -> Self {
        ContactFeatures {
            a: self.b,
            b: self.a,
            axis: self.axis,
            side: self.side.flip(),
            support_a: self.support_b,
            support_b: self.support_a,
        }
    }
}

/// The extreme face of one solid along a direction, combinatorially.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Support {
    /// Box: `fixed[i] = Some(positive)` when coordinate `i` is at `+-e_i`.
    Box { fixed: [Option<bool>; 3] },
    /// Triangle: the extreme vertices.
    Triangle { vertices: [bool; 3] },
}

impl Support {
    fn merge(self, other: Support) -> Support {
        match (self, other) {
            (Support::Box { fixed: a }, Support::Box { fixed: b }) => Support::Box {
                fixed: std::array::from_fn(|i| a[i].or(b[i])),
            },
            (Support::Triangle { vertices: a }, Support::Triangle { vertices: b }) => {
                let both: [bool; 3] = std::array::from_fn(|k| a[k] && b[k]);
                // an inconsistent intersection (f64 only) keeps the first
                if both.iter().any(|&x| x) {
                    Support::Triangle { vertices: both }
                } else {
                    self
                }
            }
            _ => self,
        }
    }

    fn name(self, front_of: impl Fn() -> bool) -> Feature {
        match self {
            Support::Box { fixed } => {
                let n = fixed.iter().filter(|f| f.is_some()).count();
                let pos = fixed.map(|f| f.unwrap_or(false));
                match n {
                    3 => Feature::BoxVertex(BoxVertex { positive: pos }),
                    2 => {
                        let axis = (0..3).find(|&i| fixed[i].is_none()).unwrap_or(0);
                        Feature::BoxEdge(BoxEdge {
                            axis,
                            positive: pos,
                        })
                    }
                    _ => {
                        let axis = (0..3).find(|&i| fixed[i].is_some()).unwrap_or(0);
                        Feature::BoxFace(BoxFace {
                            axis,
                            positive: pos[axis],
                        })
                    }
                }
            }
            Support::Triangle { vertices } => {
                let set: Vec<usize> = (0..3).filter(|&k| vertices[k]).collect();
                match set[..] {
                    [k] => Feature::TriangleVertex(k),
                    [0, 1] => Feature::TriangleEdge(0),
                    [1, 2] => Feature::TriangleEdge(1),
                    [0, 2] => Feature::TriangleEdge(2),
                    _ => Feature::TriangleFace { front: front_of() },
                }
            }
        }
    }
}

/// Sign of `x` with an absolute tolerance (exactly for `tol = 0`).
fn sign_tol<S: FieldScalar>(x: &S, tol: &S) -> Sign {
    if *x > *tol {
        Sign::Positive
    } else if *x < -tol.clone() {
        Sign::Negative
    } else {
        Sign::Zero
    }
}

/// The extreme face of one projection along `dir_sign * L`: for a box the
/// fixed coordinates, for a triangle the vertices of extreme value.
fn support<P: MatrixEntry>(
    proj: &super::projection::BodyProjection<P>,
    is_box: bool,
    dir_sign: Sign,
    sign: &impl Fn(&P) -> Sign,
) -> Support {
    if is_box {
        let fixed = std::array::from_fn(|i| match sign(&proj.abs_terms[i].1).product(dir_sign) {
            Sign::Zero => None,
            s => Some(s == Sign::Positive),
        });
        Support::Box { fixed }
    } else {
        let p = &proj.points;
        let vertices = std::array::from_fn(|k| {
            (0..3).all(|m| sign(&p[k].entry_sub(&p[m])).product(dir_sign) != Sign::Negative)
        });
        Support::Triangle { vertices }
    }
}

/// Whether the axis is tight (its projections touch) with `b` on `side`,
/// decided with the `sign` oracle (exact at an algebraic time for
/// polynomial entries). Axes whose direction vanishes are never tight.
pub(crate) fn tight_side<P: MatrixEntry>(
    ax: &AxisProjection<P>,
    sign: &impl Fn(&P) -> Sign,
) -> Option<Side> {
    if ax.direction.iter().all(|c| sign(c) == Sign::Zero) {
        return None;
    }
    let terms = ax.abs_terms();
    // the radius sum at T, with the signs of the inner values at T
    let mut radius: Option<P> = None;
    for (f, i) in &terms {
        let t = match sign(i) {
            Sign::Zero => continue,
            Sign::Positive => f.entry_mul(i),
            Sign::Negative => -f.entry_mul(i),
        };
        radius = Some(match radius {
            None => t,
            Some(r) => r.entry_add(&t),
        });
    }
    for side in [Side::Positive, Side::Negative] {
        let mut zero_seen = false;
        let mut all_non_negative = true;
        for g in ax.gaps(side) {
            let v = match &radius {
                Some(r) => g.entry_sub(r),
                None => g,
            };
            match sign(&v) {
                Sign::Negative => {
                    all_non_negative = false;
                    break;
                }
                Sign::Zero => zero_seen = true,
                Sign::Positive => {}
            }
        }
        if all_non_negative && zero_seen {
            return Some(side);
        }
    }
    None
}

/// The contact features at the first time of contact (module docs, step 1):
/// the tight axes' extreme faces intersected, the normal taken from
/// `preferred` when it is tight (the axis that separated last), else from
/// the first tight axis. `None` when no axis is tight (the solids overlap
/// with positive depth, e.g. initially).
pub(crate) fn classify<P: MatrixEntry>(
    axes: &[AxisProjection<P>],
    a_is_box: bool,
    b_is_box: bool,
    preferred: Option<Axis>,
    sign: impl Fn(&P) -> Sign,
    normals: (Option<&Vec3<P>>, Option<&Vec3<P>>),
) -> Option<ContactFeatures> {
    let tight: Vec<(&AxisProjection<P>, Side)> = axes
        .iter()
        .filter_map(|ax| tight_side(ax, &sign).map(|s| (ax, s)))
        .collect();
    let chosen = tight
        .iter()
        .find(|(ax, _)| Some(ax.axis) == preferred)
        .or(tight.first())?;
    let mut support_a: Option<Support> = None;
    let mut support_b: Option<Support> = None;
    // the chosen axis first, so that inconsistent f64 data keeps its faces
    for (ax, side) in std::iter::once(chosen).chain(tight.iter()) {
        let s = if *side == Side::Positive {
            Sign::Positive
        } else {
            Sign::Negative
        };
        let fa = support(&ax.a, a_is_box, s, &sign);
        let fb = support(&ax.b, b_is_box, s.flip(), &sign);
        support_a = Some(support_a.map_or(fa, |x| x.merge(fa)));
        support_b = Some(support_b.map_or(fb, |x| x.merge(fb)));
    }
    let (support_a, support_b) = (support_a?, support_b?);
    let (ax, side) = chosen;
    // a triangle's face is touched from the front when the outward
    // direction of the contact (side * L for a, -side * L for b) is along
    // its normal; `normals` are the triangles' normals (`None` for boxes)
    let dir = if *side == Side::Positive {
        Sign::Positive
    } else {
        Sign::Negative
    };
    let along = |n: Option<&Vec3<P>>| n.map_or(Sign::Zero, |n| sign(&ax.direction.dot(n)));
    let a = support_a.name(|| along(normals.0).product(dir) == Sign::Positive);
    let b = support_b.name(|| along(normals.1).product(dir.flip()) == Sign::Positive);
    Some(ContactFeatures {
        a,
        b,
        axis: ax.axis,
        side: *side,
        support_a,
        support_b,
    })
}

/// The vertices of a support face in world coordinates (divided by the
/// scale), as a convex loop.
fn support_points<S: FieldScalar>(solid: &Placed<S>, support: Support) -> Vec<Vec3<S>> {
    let inv = solid.scale.recip();
    match (&solid.solid, support) {
        (
            Solid::Box {
                center,
                axes,
                half_extents,
            },
            Support::Box { fixed },
        ) => {
            let free: Vec<usize> = (0..3).filter(|&i| fixed[i].is_none()).collect();
            // loop order over the free coordinates: (-,-), (+,-), (+,+), (-,+)
            let patterns: Vec<Vec<bool>> = match free.len() {
                0 => vec![vec![]],
                1 => vec![vec![false], vec![true]],
                2 => vec![
                    vec![false, false],
                    vec![true, false],
                    vec![true, true],
                    vec![false, true],
                ],
                _ => vec![],
            };
            patterns
                .into_iter()
                .map(|pat| {
                    let mut p = center.clone();
                    for i in 0..3 {
                        let positive = match fixed[i] {
                            Some(s) => s,
                            None => pat[free.iter().position(|&f| f == i).unwrap_or(0)],
                        };
                        let step = axes[i].scale(&half_extents[i]);
                        p = if positive { p + step } else { p - step };
                    }
                    p.scale(&inv)
                })
                .collect()
        }
        (Solid::Triangle { vertices, .. }, Support::Triangle { vertices: sel }) => (0..3)
            .filter(|&k| sel[k])
            .map(|k| vertices[k].scale(&inv))
            .collect(),
        _ => Vec::new(),
    }
}

/// True when `x` lies in the convex piece `piece` (a point, a segment or a
/// planar loop with normal `normal`), with tolerance `tol` (zero: exact).
fn in_piece<S: FieldScalar>(x: &Vec3<S>, piece: &[Vec3<S>], normal: &Vec3<S>, tol: &S) -> bool {
    match piece {
        [] => false,
        [p] => (x - p).max_abs() <= *tol,
        [p, q] => {
            let d = q - p;
            let r = x - p;
            let len2 = d.norm_squared();
            let off = r.cross(&d).norm_squared();
            let along = r.dot(&d);
            let tol2 = tol.mul_ref(tol).mul_ref(&len2);
            off <= tol2
                && along >= -tol.mul_ref(&len2)
                && along <= len2.add_ref(&tol.mul_ref(&len2))
        }
        _ => {
            let n = piece.len();
            let mut pos = false;
            let mut neg = false;
            for k in 0..n {
                let e = &piece[(k + 1) % n] - &piece[k];
                let s = e.cross(&(x - &piece[k])).dot(normal);
                let scale = e.norm_squared().add_ref(&S::one());
                match sign_tol(&s, &tol.mul_ref(&scale)) {
                    Sign::Positive => pos = true,
                    Sign::Negative => neg = true,
                    Sign::Zero => {}
                }
            }
            !(pos && neg)
        }
    }
}

/// The crossing point of the coplanar segments `[p0, p1]` and `[q0, q1]`
/// when they are not parallel (the point may lie outside the segments).
fn line_crossing<S: FieldScalar>(
    p0: &Vec3<S>,
    p1: &Vec3<S>,
    q0: &Vec3<S>,
    q1: &Vec3<S>,
) -> Option<Vec3<S>> {
    let dp = p1 - p0;
    let dq = q1 - q0;
    let c = dp.cross(&dq);
    let c2 = c.norm_squared();
    if c2.is_zero() {
        return None;
    }
    let s = (q0 - p0).cross(&dq).dot(&c).div_ref(&c2);
    Some(p0 + &dp.scale(&s))
}

/// A point common to the two features (module docs, step 2), in world
/// coordinates; `normal` is the contact axis direction, `tol` zero for an
/// exact answer. `None` when no candidate passes (which for exact scalars
/// would be a bug, and is reported as no point rather than a made-up one).
pub(crate) fn contact_point<S: FieldScalar>(
    a: &Placed<S>,
    b: &Placed<S>,
    features: &ContactFeatures,
    normal: &Vec3<S>,
    tol: &S,
) -> Option<Vec3<S>> {
    let pa = support_points(a, features.support_a);
    let pb = support_points(b, features.support_b);
    let mut candidates: Vec<Vec3<S>> = Vec::new();
    candidates.extend(pa.iter().cloned());
    candidates.extend(pb.iter().cloned());
    let edges = |p: &[Vec3<S>]| -> Vec<(Vec3<S>, Vec3<S>)> {
        match p.len() {
            0 | 1 => Vec::new(),
            2 => vec![(p[0].clone(), p[1].clone())],
            n => (0..n)
                .map(|k| (p[k].clone(), p[(k + 1) % n].clone()))
                .collect(),
        }
    };
    for (p0, p1) in edges(&pa) {
        for (q0, q1) in edges(&pb) {
            if let Some(x) = line_crossing(&p0, &p1, &q0, &q1) {
                candidates.push(x);
            }
        }
    }
    candidates
        .into_iter()
        .find(|x| in_piece(x, &pa, normal, tol) && in_piece(x, &pb, normal, tol))
}
