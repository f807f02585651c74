//! The exact part of the screw decomposition (Buss, "Collision Detection with Glide Rotations", section 4 and
//! 4.1): the relative displacement of two rigid poses and its axis, exactly.
//!
//! Every orientation-preserving rigid map `Ω x = A x + t` is a translation or
//! a screw motion (glide rotation): rotation by `θ in (0, π]` about an axis
//! with unit direction `v` through a point `u`, then a slide `g` along `v`.
//! For a rational `Ω` almost everything stays rational:
//!
//! * `cos θ = (tr A - 1) / 2`;
//! * the axis direction, up to length: the skew part
//!   `r = (A32 - A23, A13 - A31, A21 - A12) = 2 sin θ v` when `0 < θ < π`;
//!   when `θ = π` (`A` symmetric, `A != I`), `A + I = 2 v v^T` and any
//!   non-zero column of `A + I` is parallel to `v`;
//! * the point of the axis closest to the origin, Buss's
//!   `u = t/2 + (v x t) / (2 tan(θ/2))` with `t` replaced by its part
//!   `t_perp = t - (v.t) v` normal to the axis (the paper's `t` is taken
//!   normal to `v`; with it, `u` is the closest point): since
//!   `sin θ tan(θ/2) = 1 - cos θ`, `u = t_perp/2 + (r x t) / (4 (1 - cos θ))`,
//!   and for `θ = π`, `u = t_perp / 2`. It solves `(I - A) u = t_perp`;
//! * the slide vector `g v = ((d.t) / (d.d)) d` for any direction `d`
//!   parallel to `v`.
//!
//! Only `θ` itself, `|d|` and `g = (d.t) / |d|` need square roots or `acos`;
//! [`ExactScrew::to_f64`] rounds those at the end.
//!
//! Buss's `Ω = Mf^-1 Nf Ni^-1 Mi` (Buss, "Collision Detection with Glide Rotations", equation 1) is
//! [`glide_rotation_pose`]; the displacement of one body from `start` to
//! `end` in world coordinates is [`displacement`].
#![deny(clippy::float_arithmetic)]

use crate::geom::{Mat3, MatrixEntry, Pose, Vec3};
use crate::scalar::FieldScalar;

/// `end ∘ start^-1`: the rigid map taking the world position of every local
/// point at `start` to its world position at `end`. Ring operations only (the
/// inverse of a rigid pose is its transpose); both poses must be rigid.
pub fn displacement<S: MatrixEntry>(start: &Pose<S>, end: &Pose<S>) -> Pose<S> {
    end.compose(&start.inverse())
}

/// Buss's `Ω = Mf^-1 Nf Ni^-1 Mi` (Buss, "Collision Detection with Glide Rotations", equation 1): where a point moving
/// rigidly with `B`, initially at `x` in `A`'s local frame, ends up in `A`'s
/// local frame. `Mi`, `Mf` place `A` at the start and the end, `Ni`, `Nf`
/// place `B`; all must be rigid. Exact for exact scalars.
///
/// With `Rel(t) = A(t)^-1 B(t)` (b-local to a-local), `Ω = Rel(t1) Rel(t0)^-1`.
pub fn glide_rotation_pose<S: MatrixEntry>(
    mi: &Pose<S>,
    mf: &Pose<S>,
    ni: &Pose<S>,
    nf: &Pose<S>,
) -> Pose<S> {
    mf.inverse().compose(nf).compose(&ni.inverse()).compose(mi)
}

/// Which kind of rigid map a decomposed displacement is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScrewKind {
    /// `Ω` is the identity.
    Identity,
    /// A pure translation (`θ = 0`, `A = I`, `t != 0`).
    Translation,
    /// A rotation by `θ = π` (`A` symmetric, `A != I`), maybe with a slide.
    HalfTurn,
    /// A rotation by `0 < θ < π`, maybe with a slide.
    Rotation,
}

/// The exact parts of the screw decomposition of a rigid map `Ω x = A x + t`
/// (module docs). The screw maps `x` to
/// `axis_point + A (x - axis_point) + slide_vector()`.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactScrew<S> {
    /// The kind of map.
    pub kind: ScrewKind,
    /// A direction `d` of the axis, not normalised; rotation by `θ` about it
    /// is right-handed. For a translation, `t` itself; zero for the identity.
    pub axis_direction: Vec3<S>,
    /// The point of the axis closest to the origin (zero for a translation
    /// or the identity).
    pub axis_point: Vec3<S>,
    /// `cos θ`, exactly.
    pub cos_angle: S,
    /// `d . t`: the slide is `g = (d . t) / |d|`, the slide vector
    /// `(d . t) / (d . d) d`. For a half turn `d` is chosen with `d . t >= 0`.
    pub slide_times_norm: S,
    /// The rigid map decomposed.
    pub map: Pose<S>,
}

impl<S: FieldScalar> ExactScrew<S> {
    /// Decomposes a rigid map `Ω` (its rotation must be a rotation). The
    /// classification (identity, translation, half turn) is exact for exact
    /// scalars; for `f64` use [`super::ScrewMotion::decompose`], which
    /// tolerates rounding.
    ///
    /// ```
    /// use exactccd::geom::{quaternion_rotation, Pose, Vec3};
    /// use exactccd::motion::{ExactScrew, ScrewKind};
    /// use exactccd::scalar::parse_number;
    /// let q = |s: &str| parse_number(s).unwrap();
    /// // A quarter turn about z, then (2, 0, 3): axis through (1, 1, 0), slide 3.
    /// let r = quaternion_rotation(&[q("1"), q("0"), q("0"), q("1")]).unwrap();
    /// let s = ExactScrew::decompose(&Pose::new(r, Vec3::new(q("2"), q("0"), q("3"))));
    /// assert_eq!(s.kind, ScrewKind::Rotation);
    /// assert_eq!(s.cos_angle, q("0"));
    /// assert_eq!(s.axis_point, Vec3::new(q("1"), q("1"), q("0")));
    /// assert_eq!(s.slide_vector(), Vec3::new(q("0"), q("0"), q("3")));
    /// ```
    pub fn decompose(omega: &Pose<S>) -> Self {
        let a = &omega.rotation;
        let t = &omega.translation;
        let one = S::one();
        let two = S::from_i64(2);
        let cos_angle = (a.trace() - &one) / &two;
        let r = Vec3::new(
            a.rows[2][1].sub_ref(&a.rows[1][2]),
            a.rows[0][2].sub_ref(&a.rows[2][0]),
            a.rows[1][0].sub_ref(&a.rows[0][1]),
        );
        let (kind, d, u) = if *a == Mat3::identity() {
            let kind = if t.is_zero() {
                ScrewKind::Identity
            } else {
                ScrewKind::Translation
            };
            (kind, t.clone(), Vec3::zero())
        } else if r.is_zero() {
            // A half turn: A + I = 2 v v^T; the column with the largest
            // diagonal entry is non-zero (the diagonal sums to 2).
            let api = a + &Mat3::identity();
            let j = (0..3)
                .max_by(|&i, &k| {
                    api.rows[i][i]
                        .partial_cmp(&api.rows[k][k])
                        .unwrap_or(std::cmp::Ordering::Equal)
                })
                .unwrap_or(0);
            let mut d = api.col(j);
            if d.dot(t) < S::zero() {
                d = -d;
            }
            let t_perp = perpendicular_part(t, &d);
            (ScrewKind::HalfTurn, d, t_perp.scale(&two.recip()))
        } else {
            let t_perp = perpendicular_part(t, &r);
            let four_one_minus_cos = S::from_i64(4) * (one.sub_ref(&cos_angle));
            let u = t_perp.scale(&two.recip()) + r.cross(t).scale(&four_one_minus_cos.recip());
            (ScrewKind::Rotation, r, u)
        };
        let slide_times_norm = d.dot(t);
        ExactScrew {
            kind,
            axis_direction: d,
            axis_point: u,
            cos_angle,
            slide_times_norm,
            map: omega.clone(),
        }
    }

    /// The screw of [`displacement`]`(start, end)`: the one body-level
    /// screw motion from `start` to `end` (docs/FORMAT.md 2.3, `poses`).
    pub fn between(start: &Pose<S>, end: &Pose<S>) -> Self {
        Self::decompose(&displacement(start, end))
    }

    /// `g v = ((d . t) / (d . d)) d`, exactly (zero for the identity).
    pub fn slide_vector(&self) -> Vec3<S> {
        let dd = self.axis_direction.norm_squared();
        if dd.is_zero() {
            return Vec3::zero();
        }
        self.axis_direction
            .scale(&self.slide_times_norm.div_ref(&dd))
    }

    /// `g^2 = (d . t)^2 / (d . d)`, exactly.
    pub fn slide_squared(&self) -> S {
        let dd = self.axis_direction.norm_squared();
        if dd.is_zero() {
            return S::zero();
        }
        self.slide_times_norm.mul_ref(&self.slide_times_norm) / &dd
    }
}

/// `t - ((t . d) / (d . d)) d`, the part of `t` normal to `d != 0`.
fn perpendicular_part<S: FieldScalar>(t: &Vec3<S>, d: &Vec3<S>) -> Vec3<S> {
    let k = t.dot(d).div_ref(&d.norm_squared());
    t - &d.scale(&k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::quaternion_rotation;
    use crate::scalar::{parse_number, BigRational};

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    fn v(a: &str, b: &str, c: &str) -> Vec3<BigRational> {
        Vec3::new(q(a), q(b), q(c))
    }

    fn check_axis(s: &ExactScrew<BigRational>) {
        // Omega(x) == u + A (x - u) + g v, for a few x.
        for x in [v("0", "0", "0"), v("1", "-2", "3/5"), v("7", "1/3", "-4")] {
            let lhs = s.map.apply_point(&x);
            let rhs =
                &s.axis_point + &s.map.rotation.mul_vec(&(&x - &s.axis_point)) + s.slide_vector();
            assert_eq!(lhs, rhs);
        }
        if matches!(s.kind, ScrewKind::Rotation | ScrewKind::HalfTurn) {
            // The axis direction is fixed by A, and u is normal to it.
            assert_eq!(s.map.rotation.mul_vec(&s.axis_direction), s.axis_direction);
            assert_eq!(s.axis_point.dot(&s.axis_direction), q("0"));
        }
    }

    #[test]
    fn rotation_translation_and_half_turn() {
        let quat = |a: &str, b: &str, c: &str, d: &str| {
            quaternion_rotation(&[q(a), q(b), q(c), q(d)]).unwrap()
        };
        let s = ExactScrew::decompose(&Pose::new(quat("1", "2", "3", "4"), v("1", "-1", "2")));
        assert_eq!(s.kind, ScrewKind::Rotation);
        // tr = -2/3 - 1/3 + 2/15 = -13/15, cos = (tr - 1) / 2.
        assert_eq!(s.cos_angle, q("-14/15"));
        check_axis(&s);

        let s = ExactScrew::decompose(&Pose::new(Mat3::identity(), v("0", "3", "4")));
        assert_eq!(s.kind, ScrewKind::Translation);
        assert_eq!(s.slide_squared(), q("25"));
        check_axis(&s);

        let s = ExactScrew::decompose(&Pose::<BigRational>::identity());
        assert_eq!(s.kind, ScrewKind::Identity);
        check_axis(&s);

        // q = (0, 1, 2, 3): a half turn about (1, 2, 3).
        let s = ExactScrew::decompose(&Pose::new(quat("0", "1", "2", "3"), v("2", "-1", "5")));
        assert_eq!(s.kind, ScrewKind::HalfTurn);
        assert_eq!(s.cos_angle, q("-1"));
        assert_eq!(s.axis_direction.cross(&v("1", "2", "3")), Vec3::zero());
        assert!(s.slide_times_norm >= q("0"));
        check_axis(&s);
    }

    #[test]
    fn glide_rotation_is_relative_end_over_relative_start() {
        let quat = |a: &str, b: &str, c: &str, d: &str| {
            quaternion_rotation(&[q(a), q(b), q(c), q(d)]).unwrap()
        };
        let mi = Pose::new(quat("1", "0", "1", "0"), v("1", "2", "3"));
        let mf = Pose::new(quat("2", "1", "0", "-1"), v("0", "1", "0"));
        let ni = Pose::new(quat("1", "1", "1", "1"), v("-1", "0", "2"));
        let nf = Pose::new(quat("3", "0", "0", "1"), v("5", "1/2", "0"));
        let omega = glide_rotation_pose(&mi, &mf, &ni, &nf);
        let rel0 = mi.inverse().compose(&ni);
        let rel1 = mf.inverse().compose(&nf);
        assert_eq!(omega.compose(&rel0), rel1);
        assert!(omega.is_rigid());
    }
}
