//! The relative motion of the SGM paper, section IV-A: `b2` seen in the frame of
//! `b1`, `M(t) = M2(t) M1(t)^-1`, so that `b1` is static, axis-aligned and
//! centred at the origin.
#![deny(clippy::float_arithmetic)]

use crate::budget;
use crate::geom::{Mat3, Shape, Vec3};
use crate::motion::{Body, Motion, PolyMotion};
use crate::poly::Poly;
use crate::scalar::{BigRational, Ring, Scalar};
use crate::Error;

/// Two boxes in the frame of the first (module docs of `sgm`): `b1 = [-e,
/// e]` at rest, `b2 = { (L(t) (f * s) + T(t)) / w(t) : s in [-1, 1]^3 }`.
#[derive(Clone, Debug)]
pub struct RelativeBoxes<S> {
    /// `e`: half extents of `b1`.
    pub half_a: [S; 3],
    /// `f`: half extents of `b2`.
    pub half_b: [S; 3],
    /// `L(t)`: its columns `U_j` are `b2`'s axes times `w`.
    pub linear: Mat3<Poly<S>>,
    /// `T(t)`: `b2`'s centre times `w`.
    pub translation: Vec3<Poly<S>>,
    /// `w(t) > 0` on the interval.
    pub denominator: Poly<S>,
    /// `N_j = U_{j+1} x U_{j+2}`: `b2`'s face normals (cofactor columns).
    pub normals: [Vec3<Poly<S>>; 3],
    /// `det L = N_j . U_j`, of one sign on the interval.
    pub det: Poly<S>,
    /// The relative motion is rigid (`L = w R`): the sphere test applies.
    pub rigid: bool,
}

impl<S: Ring> RelativeBoxes<S> {
    /// The axis `U_j` (column `j` of `L`).
    pub fn axis(&self, j: usize) -> Vec3<Poly<S>> {
        self.linear.col(j)
    }
}

fn box_half(body: &Body, name: &str) -> Result<[BigRational; 3], Error> {
    match &body.shape {
        Shape::Box(b) => Ok(b.half_extents.clone()),
        Shape::Triangle(_) => Err(Error::not_applicable(format!(
            "sgm: body {name} is a triangle; the SGM method handles two boxes only"
        ))),
        other => Err(Error::not_applicable(format!(
            "sgm: body {name} is a {}; the SGM method handles two boxes only",
            other.kind_name()
        ))),
    }
}

/// The compiled motion of one body, refused unless its axes stay orthogonal
/// (rigid, or a rotation with per-axis scaling), and whether it is rigid
/// ([`PolyMotion::is_rigid`]).
fn body_motion(
    body: &Body,
    name: &str,
    t0: &BigRational,
    exact: bool,
) -> Result<(PolyMotion<BigRational>, bool), Error> {
    let m = PolyMotion::from_body_on(body, t0).ok_or_else(|| {
        Error::not_applicable(format!(
            "sgm: body {name} has a transcendental `{}` motion; the SGM method needs rational motion",
            body.motion.kind_name()
        ))
    })?;
    // A `rational` motion is rigid by construction: `L = d rot(q)` with
    // `rot(q)^T rot(q) = |q|^4 I`, `det rot(q) = |q|^6` and `w = d |q|^2`
    // (checked in debug builds), so the matrix products of the test are
    // skipped.
    let rigid = if matches!(body.motion, Motion::Rational { .. }) {
        debug_assert!(budget::is_exhausted() || m.is_rigid());
        true
    } else {
        m.is_rigid()
    };
    // Poses of `static` and `linear` motions were checked to be rotations by
    // the loader (within the f64 tolerance for the f64 path).
    let pose_motion = matches!(body.motion, Motion::Static | Motion::Linear { .. });
    if (pose_motion && !exact) || rigid || m.has_orthogonal_axes() {
        Ok((m, rigid))
    } else {
        Err(Error::not_applicable(format!(
            "sgm: body {name} has an affine `{}` motion whose axes do not stay orthogonal; the SGM method needs rigid or axis-scaled boxes",
            body.motion.kind_name()
        )))
    }
}

/// `b` in the frame of `a` (section IV-A). Shapes other than boxes,
/// transcendental motions and affine motions that shear are not applicable.
pub fn relative_boxes<S: Scalar>(
    a: &Body,
    b: &Body,
    t0: &BigRational,
) -> Result<RelativeBoxes<S>, Error> {
    let ea = box_half(a, "a")?;
    let eb = box_half(b, "b")?;
    let (ma, a_rigid) = body_motion(a, "a", t0, S::IS_EXACT)?;
    budget::check()?;
    let (mb, b_rigid) = body_motion(b, "b", t0, S::IS_EXACT)?;
    budget::check()?;
    let rel = mb.relative_to_rigid(&ma, a_rigid, t0);
    budget::check()?;
    // The relative motion of two rigid motions is rigid (`L_a^T L_b w_a`
    // has Gram matrix `w_a^4 w_b^2 I`, kept by the reduction; checked in
    // debug builds).
    let rigid = if a_rigid && b_rigid {
        debug_assert!(budget::is_exhausted() || rel.is_rigid());
        true
    } else {
        rel.is_rigid()
    };
    let rel = rel.map_scalar::<S>();
    let cols: [Vec3<Poly<S>>; 3] = std::array::from_fn(|j| rel.linear.col(j));
    // For a proper rigid motion (`L = w R`, `det R = 1`) the cofactor
    // columns are `N_j = w U_j` and `det L = w^3`: checked on `N_0`, the
    // other two are then written down without cross products.
    let n0 = cols[1].cross(&cols[2]);
    budget::check()?;
    let w = &rel.denominator;
    let proper_rigid = rigid && n0 == cols[0].map(|c| c * w);
    let normals: [Vec3<Poly<S>>; 3] = std::array::from_fn(|j| {
        if j == 0 {
            n0.clone()
        } else if proper_rigid {
            cols[j].map(|c| c * w)
        } else {
            cols[(j + 1) % 3].cross(&cols[(j + 2) % 3])
        }
    });
    let det = if proper_rigid {
        &(w * w) * w
    } else {
        normals[0].dot(&cols[0])
    };
    debug_assert!(det == normals[0].dot(&cols[0]));
    if det.is_zero() {
        return Err(Error::not_applicable(
            "sgm: the relative motion is singular (a box is flattened)".to_string(),
        ));
    }
    Ok(RelativeBoxes {
        half_a: ea.each_ref().map(S::from_rational),
        half_b: eb.each_ref().map(S::from_rational),
        linear: rel.linear,
        translation: rel.translation,
        denominator: rel.denominator,
        normals,
        det,
        rigid,
    })
}
