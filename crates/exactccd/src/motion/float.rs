//! `f64` evaluation of every motion kind, and the `f64` side of the screw
//! decomposition (Buss, "Collision Detection with Glide Rotations", section 4.1). The one file of `motion`
//! that does float arithmetic: the transcendental kinds (`screw`, `poses`,
//! `angular`, docs/FORMAT.md 2.3) have no exact value at a time `t`.
//!
//! **Screws.** A [`ScrewMotion`] is a rotation by `angle` about the line
//! through `axis_point` with unit direction `v` (right-hand rule) and a
//! slide `slide` along `v`; [`ScrewMotion::at`]`(s)` is the map at fraction
//! `s` of it (angle `s θ`, slide `s g`). It is evaluated as
//! `x -> R(sθ) x + τ(s)`, `τ(s) = (1 - cos φ) p - sin φ (v x p) + s g v`
//! with `φ = sθ` and `p` the axis point's part normal to `v`; `1 - cos φ`
//! is computed as `2 sin^2(φ/2)`, which stays accurate for small angles,
//! where the axis point is far away.
//!
//! **Decomposition.** [`ScrewMotion::decompose`] works on an `f64` rigid
//! map: `θ = atan2(|r|/2, (tr A - 1)/2)` with `r` the skew part of `A`; the
//! axis from `r` when `cos θ >= 0`, else from the largest column of the
//! symmetric part `(A + A^T)/2 - cos θ I = (1 - cos θ) v v^T` (the `θ = π`
//! case and its neighbourhood), signed by `r` (or, at `θ = π` itself, so
//! that the slide is non-negative); `θ = 0` is a pure translation. Its axis
//! is ill-conditioned for tiny `θ` (error about `1e-16 / θ`): when the poses
//! are rational, prefer [`ExactScrew`]`::to_f64`, which rounds only at the
//! end.
//!
//! **Rodrigues.** `exp(φ [k]x) = I + sin φ [k]x + (1 - cos φ) [k]x^2` for a
//! unit `k` ([`rotation_about_axis`]); `angular` uses `k = ω/|ω|`,
//! `φ = |ω| t`.
#![allow(clippy::float_arithmetic)]

use super::poly_motion::{compose_affine, invert_affine, Affine};
use super::screw::{glide_rotation_pose, ExactScrew, ScrewKind};
use super::{Body, Motion, PolyMotion};
use crate::geom::{Mat3, Pose, Vec3};
use crate::poly::Poly;
use crate::scalar::{BigRational, Scalar};

/// A screw motion (glide rotation) in `f64`: rotation by `angle` radians
/// about the line through `axis_point` with unit direction `axis_direction`
/// (right-hand rule), then a translation by `slide` along `axis_direction`.
#[derive(Clone, Debug, PartialEq)]
pub struct ScrewMotion {
    /// A point of the axis (for a decomposed map: the one closest to the
    /// origin).
    pub axis_point: Vec3<f64>,
    /// The unit axis direction.
    pub axis_direction: Vec3<f64>,
    /// The rotation angle in radians; decompositions give `[0, π]`.
    pub angle: f64,
    /// The translation along `axis_direction`.
    pub slide: f64,
}

fn norm(v: &Vec3<f64>) -> f64 {
    v.norm_squared().sqrt()
}

/// The unit axis and the angular speed of an angular velocity, `None` for
/// none.
fn unit_axis(angular_velocity: &Vec3<f64>) -> Option<(Vec3<f64>, f64)> {
    let speed = norm(angular_velocity);
    (speed > 0.0).then(|| (angular_velocity.scale(&(1.0 / speed)), speed))
}

fn unit_or(v: &Vec3<f64>, fallback: Vec3<f64>) -> Vec3<f64> {
    let n = norm(v);
    if n > 0.0 && n.is_finite() {
        v.map(|c| c / n)
    } else {
        fallback
    }
}

/// The rotation by `angle` radians about the unit vector `k` (right-hand
/// rule), by Rodrigues' formula `I + sin φ K + (1 - cos φ) K^2`, `K = [k]x`.
///
/// Written out entry by entry (`K^2 = k k^T - I` for a unit `k`), with the
/// sine and cosine of `φ/2` from one call: `sin φ = 2 sin(φ/2) cos(φ/2)`,
/// `1 - cos φ = 2 sin^2(φ/2)` (no cancellation for small angles).
pub fn rotation_about_axis(k: &Vec3<f64>, angle: f64) -> Mat3<f64> {
    let (half_sin, half_cos) = (angle / 2.0).sin_cos();
    let sin = 2.0 * half_sin * half_cos;
    let c = 2.0 * half_sin * half_sin;
    let (x, y, z) = (k.x, k.y, k.z);
    // I + sin K + c (k k^T - I)
    Mat3::from_rows([
        [
            1.0 + c * (x * x - 1.0),
            c * x * y - sin * z,
            c * x * z + sin * y,
        ],
        [
            c * x * y + sin * z,
            1.0 + c * (y * y - 1.0),
            c * y * z - sin * x,
        ],
        [
            c * x * z - sin * y,
            c * y * z + sin * x,
            1.0 + c * (z * z - 1.0),
        ],
    ])
}

impl ScrewMotion {
    /// The screw that does nothing.
    pub fn identity() -> Self {
        ScrewMotion {
            axis_point: Vec3::zero(),
            axis_direction: Vec3::new(0.0, 0.0, 1.0),
            angle: 0.0,
            slide: 0.0,
        }
    }

    /// The rigid map at fraction `s` of the screw: rotation by `s * angle`
    /// about the axis, slide `s * slide` (module docs for the formula).
    /// `at(0)` is the identity and `at(1)` the whole screw.
    pub fn at(&self, s: f64) -> Pose<f64> {
        let v = &self.axis_direction;
        let phi = s * self.angle;
        let rot = rotation_about_axis(v, phi);
        let p = &self.axis_point - &v.scale(&self.axis_point.dot(v));
        let half = (phi / 2.0).sin();
        let one_minus_cos = 2.0 * half * half;
        let tau =
            p.scale(&one_minus_cos) - v.cross(&p).scale(&phi.sin()) + v.scale(&(s * self.slide));
        Pose::new(rot, tau)
    }

    /// The screw decomposition of an `f64` rigid map `Ω x = A x + t` (module
    /// docs): angle in `[0, π]`, axis point closest to the origin
    /// `u = t_perp/2 + (v x t) / (2 tan(θ/2))` (Buss, "Collision Detection with Glide Rotations", section 4.1, with
    /// `t_perp` the part of `t` normal to `v`), slide `g = v . t`. A pure
    /// translation has angle 0, direction `t/|t|` (or `e_z` for the identity)
    /// and the origin as axis point.
    pub fn decompose(omega: &Pose<f64>) -> Self {
        let a = &omega.rotation;
        let t = &omega.translation;
        let r = Vec3::new(
            a.rows[2][1] - a.rows[1][2],
            a.rows[0][2] - a.rows[2][0],
            a.rows[1][0] - a.rows[0][1],
        );
        let sin = 0.5 * norm(&r);
        let cos = ((a.trace() - 1.0) / 2.0).clamp(-1.0, 1.0);
        let angle = sin.atan2(cos);
        if angle == 0.0 {
            return ScrewMotion {
                axis_point: Vec3::zero(),
                axis_direction: unit_or(t, Vec3::new(0.0, 0.0, 1.0)),
                angle: 0.0,
                slide: norm(t),
            };
        }
        let v = if cos >= 0.0 {
            unit_or(&r, Vec3::new(0.0, 0.0, 1.0))
        } else {
            let sym = &(a + &a.transpose()).scale(&0.5) - &Mat3::diagonal([cos, cos, cos]);
            let j = (0..3)
                .max_by(|&i, &k| sym.rows[i][i].total_cmp(&sym.rows[k][k]))
                .unwrap_or(0);
            let mut v = unit_or(&sym.col(j), Vec3::new(0.0, 0.0, 1.0));
            let along_r = v.dot(&r);
            if along_r < 0.0 || (along_r.abs() <= 1e-12 && v.dot(t) < 0.0) {
                v = -v;
            }
            v
        };
        let slide = v.dot(t);
        let t_perp = t - &v.scale(&slide);
        // 1 / tan(θ/2), in whichever form avoids cancellation.
        let cot_half = if cos >= 0.0 {
            (1.0 + cos) / sin
        } else {
            sin / (1.0 - cos)
        };
        let axis_point = t_perp.scale(&0.5) + v.cross(t).scale(&(0.5 * cot_half));
        ScrewMotion {
            axis_point,
            axis_direction: v,
            angle,
            slide,
        }
    }

    /// The screw taking the world placement `start` to `end`: the
    /// decomposition of `end ∘ start^-1`; `at(s) ∘ start` interpolates.
    pub fn between(start: &Pose<f64>, end: &Pose<f64>) -> Self {
        Self::decompose(&end.compose(&start.inverse()))
    }
}

impl<S: Scalar> ExactScrew<S> {
    /// The `f64` screw, rounding only the square roots and the angle:
    /// `θ = atan2(|r|/2, cos θ)` from the exact `|r|^2 = 4 sin^2 θ`, the unit
    /// direction `d/|d|` and slide `(d . t)/|d|` from the exact `d . d` and
    /// `d . t`, the exact axis point rounded.
    pub fn to_f64(&self) -> ScrewMotion {
        let dd = self.axis_direction.norm_squared().to_f64();
        let d_norm = dd.sqrt();
        let direction = if d_norm > 0.0 {
            self.axis_direction.map(|c| c.to_f64() / d_norm)
        } else {
            Vec3::new(0.0, 0.0, 1.0)
        };
        let slide = if d_norm > 0.0 {
            self.slide_times_norm.to_f64() / d_norm
        } else {
            0.0
        };
        let angle = match self.kind {
            ScrewKind::Identity | ScrewKind::Translation => 0.0,
            ScrewKind::HalfTurn => std::f64::consts::PI,
            // |d| = |r| = 2 sin θ here.
            ScrewKind::Rotation => (0.5 * d_norm).atan2(self.cos_angle.to_f64()),
        };
        ScrewMotion {
            axis_point: self.axis_point.to_f64(),
            axis_direction: direction,
            angle,
            slide,
        }
    }
}

/// A body's motion, ready to evaluate in `f64` at any time `t`: the world
/// placement `x = M(t) y + v(t)` as an [`Affine`] map.
#[derive(Clone, Debug, PartialEq)]
pub enum FloatMotion {
    /// `static` and `linear`: `c + t v + R y`, a rotation that does not
    /// turn (evaluated as such, not as a rational motion).
    Linear {
        /// The pose: `c` and `R`.
        base: Pose<f64>,
        /// `v` (zero for `static`).
        velocity: Vec3<f64>,
    },
    /// A rational motion, its coefficients rounded once.
    Polynomial(PolyMotion<f64>),
    /// `screw.at(t) ∘ base` (the contract's `screw`, absolute time).
    Screw {
        /// The pose at `t = 0`.
        base: Pose<f64>,
        /// The screw per unit time.
        screw: ScrewMotion,
    },
    /// `screw.at((t - t0) / (t1 - t0)) ∘ base` (the contract's `poses`).
    Poses {
        /// The pose at `t0`.
        base: Pose<f64>,
        /// The screw from the pose at `t0` to the pose at `t1`.
        screw: ScrewMotion,
        /// Start of the interval.
        t0: f64,
        /// End of the interval.
        t1: f64,
    },
    /// A piecewise rational motion: `(end, motion)` per piece, in order;
    /// at time `t` the first piece whose end is `>= t` (the last beyond).
    Piecewise(Vec<(f64, PolyMotion<f64>)>),
    /// `c + t v + exp(t [ω]x) R y` (the contract's `angular`).
    Angular {
        /// The pose at `t = 0`: `c` and `R`.
        base: Pose<f64>,
        /// `v`.
        velocity: Vec3<f64>,
        /// `ω`.
        angular_velocity: Vec3<f64>,
        /// The centre of rotation in local coordinates.
        center: Vec3<f64>,
        /// Rodrigues' terms on the pose, for the evaluation
        /// ([`FloatMotion::angular`] computes them).
        terms: AngularTerms,
    },
}

/// Rodrigues' formula written once on an `angular` motion's pose:
/// `exp(φ [u]x) = I + sin φ [u]x + (1 - cos φ) [u]x^2` with `φ = |ω| t` and
/// `u = ω / |ω|`, so the frame at `t` is `R + sin φ K1 + (1 - cos φ) K2`
/// (`K1 = [u]x R`, `K2 = [u]x^2 R`) and, the centre `m` moving at `v`, the
/// origin `c + t v - sin φ k1 - (1 - cos φ) k2` (`k1 = K1 m`, `k2 = K2
/// m`): one `sin_cos` and no matrix product per evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct AngularTerms {
    /// `|ω|` (0: no turn).
    spin: f64,
    frame_sin: Mat3<f64>,
    frame_versine: Mat3<f64>,
    origin_sin: Vec3<f64>,
    origin_versine: Vec3<f64>,
}

impl AngularTerms {
    fn of(rotation: &Mat3<f64>, angular_velocity: &Vec3<f64>, center: &Vec3<f64>) -> Self {
        let Some((u, spin)) = unit_axis(angular_velocity) else {
            return AngularTerms {
                spin: 0.0,
                frame_sin: Mat3::zero(),
                frame_versine: Mat3::zero(),
                origin_sin: Vec3::zero(),
                origin_versine: Vec3::zero(),
            };
        };
        let cross = Mat3::from_rows([[0.0, -u.z, u.y], [u.z, 0.0, -u.x], [-u.y, u.x, 0.0]]);
        let frame_sin = cross.mul_mat(rotation);
        let frame_versine = cross.mul_mat(&frame_sin);
        AngularTerms {
            spin,
            origin_sin: frame_sin.mul_vec(center),
            origin_versine: frame_versine.mul_vec(center),
            frame_sin,
            frame_versine,
        }
    }

    /// The placement at `t` of the motion with pose `base` and velocity
    /// `v`.
    fn placement(&self, base: &Pose<f64>, velocity: &Vec3<f64>, t: f64) -> Affine<f64> {
        // sin φ and 1 - cos φ = 2 sin^2(φ/2) from the half angle
        let (half_sin, half_cos) = (0.5 * self.spin * t).sin_cos();
        let (sin, versine) = (2.0 * half_sin * half_cos, 2.0 * half_sin * half_sin);
        let (r, k1, k2) = (
            &base.rotation.rows,
            &self.frame_sin.rows,
            &self.frame_versine.rows,
        );
        let frame = Mat3::from_rows(std::array::from_fn(|i| {
            std::array::from_fn(|j| r[i][j] + sin * k1[i][j] + versine * k2[i][j])
        }));
        let origin = Vec3::new(
            base.translation.x + t * velocity.x
                - sin * self.origin_sin.x
                - versine * self.origin_versine.x,
            base.translation.y + t * velocity.y
                - sin * self.origin_sin.y
                - versine * self.origin_versine.y,
            base.translation.z + t * velocity.z
                - sin * self.origin_sin.z
                - versine * self.origin_versine.z,
        );
        (frame, origin)
    }
}

impl FloatMotion {
    /// `c + t v + exp(t [ω]x) R (y - center)`, the contract's `angular`
    /// motion on the pose `base` (`c`, `R`).
    pub fn angular(
        base: Pose<f64>,
        velocity: Vec3<f64>,
        angular_velocity: Vec3<f64>,
        center: Vec3<f64>,
    ) -> Self {
        let terms = AngularTerms::of(&base.rotation, &angular_velocity, &center);
        FloatMotion::Angular {
            base,
            velocity,
            angular_velocity,
            center,
            terms,
        }
    }

    /// The matrix of every placement is a rotation (`static`, `linear`,
    /// `screw`, `poses`, `angular`); rational motions may be affine.
    pub fn is_rotation(&self) -> bool {
        matches!(
            self,
            FloatMotion::Linear { .. }
                | FloatMotion::Screw { .. }
                | FloatMotion::Poses { .. }
                | FloatMotion::Angular { .. }
        )
    }

    /// The world placement at time `t`: `(M(t), v(t))` with `x = M y + v`.
    pub fn eval(&self, t: f64) -> Affine<f64> {
        let placed = |p: Pose<f64>| (p.rotation, p.translation);
        match self {
            FloatMotion::Linear { base, velocity } => (
                base.rotation.clone(),
                &base.translation + &velocity.scale(&t),
            ),
            FloatMotion::Polynomial(m) => m.eval_at(&t),
            FloatMotion::Piecewise(pieces) => {
                let k = pieces
                    .iter()
                    .position(|(end, _)| t <= *end)
                    .unwrap_or(pieces.len().saturating_sub(1));
                match pieces.get(k) {
                    Some((_, m)) => m.eval_at(&t),
                    None => (Mat3::identity(), Vec3::zero()),
                }
            }
            FloatMotion::Screw { base, screw } => placed(screw.at(t).compose(base)),
            FloatMotion::Poses {
                base,
                screw,
                t0,
                t1,
            } => placed(screw.at((t - t0) / (t1 - t0)).compose(base)),
            FloatMotion::Angular {
                base,
                velocity,
                terms,
                ..
            } => terms.placement(base, velocity, t),
        }
    }
}

impl Body {
    /// The body's motion compiled for `f64` evaluation on the interval
    /// `[t0, t1]` (which only `poses` needs, and the orientation of `w`).
    /// The `poses` screw comes from the exact decomposition
    /// ([`ExactScrew::between`]).
    pub fn float_motion(&self, t0: &BigRational, t1: &BigRational) -> FloatMotion {
        let linear = |velocity: Vec3<f64>| FloatMotion::Linear {
            base: Pose::<f64>::from_rational(&self.pose),
            velocity,
        };
        match &self.motion {
            Motion::Static => return linear(Vec3::zero()),
            Motion::Linear { velocity } => return linear(velocity.to_f64()),
            _ => {}
        }
        if let Some(m) = PolyMotion::from_body_on(self, t0) {
            return FloatMotion::Polynomial(m.map_scalar::<f64>());
        }
        let base = Pose::<f64>::from_rational(&self.pose);
        match &self.motion {
            Motion::Screw {
                axis_point,
                axis_direction,
                angle,
                slide,
            } => FloatMotion::Screw {
                base,
                screw: ScrewMotion {
                    axis_point: axis_point.to_f64(),
                    axis_direction: unit_or(&axis_direction.to_f64(), Vec3::new(0.0, 0.0, 1.0)),
                    angle: angle.to_f64(),
                    slide: slide.to_f64(),
                },
            },
            Motion::Poses { end } => FloatMotion::Poses {
                base,
                screw: ExactScrew::between(&self.pose, end).to_f64(),
                t0: t0.to_f64(),
                t1: t1.to_f64(),
            },
            Motion::Angular {
                velocity,
                angular_velocity,
                center,
            } => FloatMotion::angular(
                base,
                velocity.to_f64(),
                angular_velocity.to_f64(),
                center.to_f64(),
            ),
            Motion::Piecewise { .. } => {
                let interval = (t0.clone(), t1.clone());
                let pieces = super::PiecewisePolyMotion::from_body_on(self, &interval)
                    .map(|m| m.pieces)
                    .unwrap_or_default();
                FloatMotion::Piecewise(
                    pieces
                        .into_iter()
                        .map(|(_, to, m)| (to.to_f64(), m.map_scalar::<f64>()))
                        .collect(),
                )
            }
            // Rational kinds were compiled above; a malformed row matrix
            // (rejected by the scenario layer) stays where its pose puts it.
            _ => FloatMotion::Polynomial(PolyMotion::stationary(&base)),
        }
    }

    /// The world placement of the body at time `t` in `f64`, for every motion
    /// kind: `x = M y + v` with `(M, v) = pose_at_f64(t, t0, t1)`. Compiles
    /// the motion on every call; for many times, compile once with
    /// [`Body::float_motion`] and call [`FloatMotion::eval`].
    ///
    /// ```
    /// use exactccd::motion::{Body, Motion};
    /// use exactccd::geom::{BoxShape, Pose, Shape, Vec3};
    /// use exactccd::scalar::parse_number;
    /// let q = |s: &str| parse_number(s).unwrap();
    /// let body = Body {
    ///     shape: Shape::Box(BoxShape::new([q("1"), q("1"), q("1")])),
    ///     pose: Pose::identity(),
    ///     motion: Motion::Angular {
    ///         velocity: Vec3::new(q("1"), q("0"), q("0")),
    ///         angular_velocity: Vec3::new(q("0"), q("0"), q("3.14159265358979323846")),
    ///         center: Vec3::zero(),
    ///     },
    /// };
    /// let (m, c) = body.pose_at_f64(0.5, &q("0"), &q("1"));
    /// assert!((m.rows[1][0] - 1.0).abs() < 1e-12); // a quarter turn: e_x -> e_y
    /// assert_eq!(c.x, 0.5);
    /// ```
    pub fn pose_at_f64(&self, t: f64, t0: &BigRational, t1: &BigRational) -> Affine<f64> {
        self.float_motion(t0, t1).eval(t)
    }
}

/// The motion of body `b` seen in the local frame of body `a`, in `f64`:
/// `Rel(t) = A(t)^-1 ∘ B(t)` maps `b`'s local coordinates to `a`'s.
#[derive(Clone, Debug, PartialEq)]
// Built once per scenario and evaluated many times: boxing would only add an
// indirection to every evaluation.
#[allow(clippy::large_enum_variant)]
pub enum RelativeFloatMotion {
    /// Both motions evaluated separately and composed.
    Composed {
        /// The motion of `a`.
        a: FloatMotion,
        /// The motion of `b`.
        b: FloatMotion,
    },
    /// `a` moves without turning (`static`, `linear`) and `b` turns at a
    /// constant angular velocity (or not at all): `b`'s motion written in
    /// `a`'s frame, itself such a motion ([`FloatMotion::seen_from`]).
    InFrameOfA(FloatMotion),
    /// Both bodies use `poses`: the glide rotation of Buss, "Collision Detection with Glide Rotations",
    /// `Rel(t) = Ω(s) ∘ Rel(t0)` with `Ω = Mf^-1 Nf Ni^-1 Mi` and
    /// `s = (t - t0) / (t1 - t0)`.
    Glide {
        /// `Rel(t0) = Mi^-1 Ni`.
        start: Pose<f64>,
        /// The screw decomposition of `Ω`.
        screw: ScrewMotion,
        /// Start of the interval.
        t0: f64,
        /// End of the interval.
        t1: f64,
    },
}

impl RelativeFloatMotion {
    /// `Rel(t)`, `None` when `a`'s placement is singular at `t` (a degenerate
    /// affine motion, excluded by the scenario layer).
    pub fn eval(&self, t: f64) -> Option<Affine<f64>> {
        match self {
            RelativeFloatMotion::Composed { a, b } => {
                relative_placement(&a.eval(t), a.is_rotation(), &b.eval(t))
            }
            RelativeFloatMotion::InFrameOfA(b) => Some(b.eval(t)),
            RelativeFloatMotion::Glide {
                start,
                screw,
                t0,
                t1,
            } => {
                let p = screw.at((t - t0) / (t1 - t0)).compose(start);
                Some((p.rotation, p.translation))
            }
        }
    }
}

/// `A^-1 ∘ B` of two placements, `None` when `A` is singular; when
/// `a_is_rotation` (a turning motion's matrix is a rotation) its inverse
/// is its transpose, to rounding as the general inverse's.
pub fn relative_placement(
    a: &Affine<f64>,
    a_is_rotation: bool,
    b: &Affine<f64>,
) -> Option<Affine<f64>> {
    let inverse = if a_is_rotation {
        let back = a.0.transpose();
        let origin = -back.mul_vec(&a.1);
        (back, origin)
    } else {
        invert_affine(a)?
    };
    Some(compose_affine(&inverse, b))
}

/// The velocity field of a rigid motion whose angular velocity is constant
/// in the world: `x'(t) = ω x (x(t) - P(t)) + u` for every point `x(t)` of
/// the body, with the pivot `P(t) = P + t P'` (the centre of an `angular`
/// motion, a point of a screw's axis) and the drift `u` (the linear
/// velocity of `angular`, the slide of a screw). For every point the
/// speed `|x'|` and the acceleration `|x''| = |ω x (ω x (x - P))|` keep
/// their values at all times (the distance from the axis is constant).
#[derive(Clone, Debug, PartialEq)]
pub struct RigidRates {
    /// `ω`, world coordinates.
    pub angular_velocity: Vec3<f64>,
    /// `P`, the pivot at `t = 0`.
    pub pivot: Vec3<f64>,
    /// `P'`.
    pub pivot_velocity: Vec3<f64>,
    /// `u`.
    pub drift: Vec3<f64>,
}

impl RigidRates {
    /// The velocity of the body's point at `x` at time `t`.
    pub fn velocity(&self, x: &Vec3<f64>, t: f64) -> Vec3<f64> {
        let from_pivot = x - &(&self.pivot + &self.pivot_velocity.scale(&t));
        &self.angular_velocity.cross(&from_pivot) + &self.drift
    }

    /// The speed and the acceleration of the body's point at `x` at time
    /// `t`, which are those of that point at every time.
    pub fn speed_and_acceleration(&self, x: &Vec3<f64>, t: f64) -> (f64, f64) {
        let from_pivot = x - &(&self.pivot + &self.pivot_velocity.scale(&t));
        let turning = norm(&self.angular_velocity.cross(&from_pivot));
        (
            turning + norm(&self.drift),
            norm(&self.angular_velocity) * turning,
        )
    }
}

impl FloatMotion {
    /// The velocity field of a motion that turns at a constant angular
    /// velocity ([`RigidRates`]): `angular`, `screw`, `poses`, and `static`
    /// and `linear` (no turn); `None` for rational and piecewise motions.
    pub fn rigid_rates(&self) -> Option<RigidRates> {
        let screw_rates = |screw: &ScrewMotion, per_time: f64| RigidRates {
            angular_velocity: screw.axis_direction.scale(&(screw.angle * per_time)),
            pivot: screw.axis_point.clone(),
            pivot_velocity: Vec3::zero(),
            drift: screw.axis_direction.scale(&(screw.slide * per_time)),
        };
        match self {
            FloatMotion::Linear { velocity, .. } => Some(RigidRates {
                angular_velocity: Vec3::zero(),
                pivot: Vec3::zero(),
                pivot_velocity: Vec3::zero(),
                drift: velocity.clone(),
            }),
            FloatMotion::Angular {
                base,
                velocity,
                angular_velocity,
                center,
                ..
            } => Some(RigidRates {
                angular_velocity: angular_velocity.clone(),
                pivot: &base.translation + &base.rotation.mul_vec(center),
                pivot_velocity: velocity.clone(),
                drift: velocity.clone(),
            }),
            FloatMotion::Screw { screw, .. } => Some(screw_rates(screw, 1.0)),
            FloatMotion::Poses { screw, t0, t1, .. } => Some(screw_rates(screw, 1.0 / (t1 - t0))),
            FloatMotion::Polynomial(m) => {
                let constant = |p: &Poly<f64>| p.degree().unwrap_or(0) == 0;
                let linear = |p: &Poly<f64>| p.degree().unwrap_or(0) <= 1;
                let rigid_frame = m.linear.rows.iter().flatten().all(constant)
                    && constant(&m.denominator)
                    && [&m.translation.x, &m.translation.y, &m.translation.z]
                        .into_iter()
                        .all(linear);
                let w = m.denominator.eval(&0.0);
                (rigid_frame && w != 0.0).then(|| RigidRates {
                    angular_velocity: Vec3::zero(),
                    pivot: Vec3::zero(),
                    pivot_velocity: Vec3::zero(),
                    drift: m.translation.map(|p| p.derivative().eval(&0.0) / w),
                })
            }
            FloatMotion::Piecewise(_) => None,
        }
    }
}

/// The relative motion of `b` in the frame of `a` on `[t0, t1]`, in `f64`.
/// When both bodies use `poses` this is the one defined relative motion (the
/// glide rotation between the relative poses, docs/FORMAT.md 2.3);
/// otherwise the composition of the two motions.
pub fn relative_float_motion(
    a: &Body,
    b: &Body,
    t0: &BigRational,
    t1: &BigRational,
) -> RelativeFloatMotion {
    if let (Motion::Poses { end: mf }, Motion::Poses { end: nf }) = (&a.motion, &b.motion) {
        let (mi, ni) = (&a.pose, &b.pose);
        let omega = glide_rotation_pose(mi, mf, ni, nf);
        let start = mi.inverse().compose(ni);
        return RelativeFloatMotion::Glide {
            start: Pose::<f64>::from_rational(&start),
            screw: ExactScrew::decompose(&omega).to_f64(),
            t0: t0.to_f64(),
            t1: t1.to_f64(),
        };
    }
    let (a, b) = (a.float_motion(t0, t1), b.float_motion(t0, t1));
    if let FloatMotion::Linear { base, velocity } = &a {
        if let Some(seen) = b.seen_from(base, velocity) {
            return RelativeFloatMotion::InFrameOfA(seen);
        }
    }
    RelativeFloatMotion::Composed { a, b }
}

/// Both bodies' world placements at time `t` in `f64`. When both use
/// `poses` only the relative motion is defined (docs/FORMAT.md 2.3): `a`
/// stays at its start pose and `b` is placed by the relative motion from
/// there, as the certified enclosures place them (`pair_enclosures`).
pub fn pair_placements_f64(
    a: &Body,
    b: &Body,
    t: f64,
    (t0, t1): (&BigRational, &BigRational),
) -> (Affine<f64>, Affine<f64>) {
    if let (Motion::Poses { .. }, Motion::Poses { .. }) = (&a.motion, &b.motion) {
        let start = Pose::<f64>::from_rational(&a.pose);
        let start = (start.rotation, start.translation);
        let relative = relative_float_motion(a, b, t0, t1).eval(t);
        let placed = relative.map(|r| compose_affine(&start, &r));
        return (start.clone(), placed.unwrap_or(start));
    }
    (a.pose_at_f64(t, t0, t1), b.pose_at_f64(t, t0, t1))
}

impl FloatMotion {
    /// The largest speed of a point at most `radius` from the body's local
    /// origin, for `linear` and `angular` motions (`None` for the others):
    /// a point `x` moves at `v + ω x (x - P(t))`, where the part `v_par` of
    /// `v` along `ω` is orthogonal to the rest, so its speed is at most
    /// `sqrt(|v_par|^2 + (|v_perp| + |ω| (ρ + radius))^2)` with `ρ` the
    /// distance of the origin from the axis of rotation (which the motion
    /// keeps). Not rounded up: the caller adds a margin.
    pub fn speed_bound(&self, radius: f64) -> Option<f64> {
        match self {
            FloatMotion::Linear { velocity, .. } => Some(norm(velocity)),
            FloatMotion::Angular {
                base,
                velocity,
                angular_velocity,
                center,
                ..
            } => {
                let Some((axis, spin)) = unit_axis(angular_velocity) else {
                    return Some(norm(velocity));
                };
                let along = velocity.dot(&axis);
                let across = norm(&(velocity - &axis.scale(&along)));
                // the origin from the pivot, and its distance from the axis
                let from_pivot = -base.rotation.mul_vec(center);
                let rho = norm(&axis.cross(&from_pivot));
                let turning = across + spin * (rho + radius);
                Some((along * along + turning * turning).sqrt())
            }
            _ => None,
        }
    }

    /// The motion seen from a frame that moves without turning (`frame`
    /// at `t = 0`, moving at `velocity`): `A^T (x(t) - c - t u)`. A
    /// `linear` motion stays one; `angular` and `screw` become `angular`
    /// (a screw turning `θ` per unit time about the line through `p` with
    /// unit direction `u` and sliding `g` is the `angular` motion with `ω =
    /// θ u`, `v = g u` about the local point `center = R^T (p - c)` that
    /// the pose puts on the axis): `x(t) = c + t v + exp(t [ω]x) R (y -
    /// center)` is seen as `A^T (c - c_a) + t A^T (v - u) + exp(t [A^T
    /// ω]x) A^T R (y - center)`. Other motions: `None`.
    pub fn seen_from(&self, frame: &Pose<f64>, velocity: &Vec3<f64>) -> Option<FloatMotion> {
        let back = frame.rotation.transpose();
        let seen_base = |base: &Pose<f64>| {
            Pose::new(
                back.mul_mat(&base.rotation),
                back.mul_vec(&(&base.translation - &frame.translation)),
            )
        };
        let seen_velocity = |v: &Vec3<f64>| back.mul_vec(&(v - velocity));
        match self {
            FloatMotion::Linear { base, velocity: v } => Some(FloatMotion::Linear {
                base: seen_base(base),
                velocity: seen_velocity(v),
            }),
            FloatMotion::Angular {
                base,
                velocity: v,
                angular_velocity,
                center,
                ..
            } => Some(FloatMotion::angular(
                seen_base(base),
                seen_velocity(v),
                back.mul_vec(angular_velocity),
                center.clone(),
            )),
            FloatMotion::Screw { base, screw } => {
                let u = &screw.axis_direction;
                let center = base
                    .rotation
                    .transpose()
                    .mul_vec(&(&screw.axis_point - &base.translation));
                Some(FloatMotion::angular(
                    seen_base(base),
                    seen_velocity(&u.scale(&screw.slide)),
                    back.mul_vec(&u.scale(&screw.angle)),
                    center,
                ))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &Pose<f64>, b: &Pose<f64>, tol: f64) -> bool {
        (0..3).all(|i| {
            (a.translation[i] - b.translation[i]).abs() <= tol
                && (0..3).all(|j| (a.rotation.rows[i][j] - b.rotation.rows[i][j]).abs() <= tol)
        })
    }

    /// `b`'s motion seen from a frame that moves without turning is the
    /// composition `A(t)^-1 B(t)`, for a `linear`, an `angular` and a
    /// `screw` motion, at times before, inside and after `[0, 1]`.
    #[test]
    fn a_motion_seen_from_a_moving_frame_is_the_composition() {
        let turn = |q: [f64; 4]| crate::geom::quaternion_rotation_homogeneous(&q);
        let frame = Pose::new(turn([0.6, 0.0, 0.8, 0.0]), Vec3::new(1.0, -2.0, 0.5));
        let frame_velocity = Vec3::new(0.3, 0.7, -1.1);
        let a = FloatMotion::Linear {
            base: frame.clone(),
            velocity: frame_velocity.clone(),
        };
        let base = Pose::new(turn([0.5, 0.5, -0.5, 0.5]), Vec3::new(-1.0, 3.0, 2.0));
        let motions = [
            FloatMotion::Linear {
                base: base.clone(),
                velocity: Vec3::new(2.0, 0.0, -1.0),
            },
            FloatMotion::angular(
                base.clone(),
                Vec3::new(0.5, -1.5, 0.25),
                Vec3::new(3.0, -4.0, 12.0),
                Vec3::new(0.25, 1.0, -0.5),
            ),
            FloatMotion::Screw {
                base,
                screw: ScrewMotion {
                    axis_point: Vec3::new(0.5, 1.0, -3.0),
                    axis_direction: Vec3::new(0.0, 0.6, 0.8),
                    angle: 25.0,
                    slide: -1.75,
                },
            },
        ];
        for b in motions {
            let seen = b
                .seen_from(&frame, &frame_velocity)
                .expect("a rigid motion");
            for t in [-0.75, 0.0, 0.3, 1.0, 2.5] {
                let composed = relative_placement(&a.eval(t), true, &b.eval(t)).unwrap();
                let (rotation, translation) = seen.eval(t);
                let seen = Pose::new(rotation, translation);
                assert!(
                    close(&seen, &Pose::new(composed.0, composed.1), 1e-12),
                    "{b:?} at {t}"
                );
            }
        }
    }

    #[test]
    fn buss_equation_2_example() {
        // Axis e_y through the origin, angle θ, slide g (Buss, "Collision Detection with Glide Rotations", eq. 2).
        let theta = 0.7;
        let s = ScrewMotion {
            axis_point: Vec3::zero(),
            axis_direction: Vec3::new(0.0, 1.0, 0.0),
            angle: theta,
            slide: 2.0,
        };
        let p = s.at(1.0);
        let expected = Pose::new(
            Mat3::from_rows([
                [theta.cos(), 0.0, theta.sin()],
                [0.0, 1.0, 0.0],
                [-theta.sin(), 0.0, theta.cos()],
            ]),
            Vec3::new(0.0, 2.0, 0.0),
        );
        assert!(close(&p, &expected, 1e-15));
        let back = ScrewMotion::decompose(&p);
        assert!((back.angle - theta).abs() < 1e-15);
        assert!((back.slide - 2.0).abs() < 1e-15);
        assert!(norm(&back.axis_point) < 1e-15);
    }

    #[test]
    fn axis_off_the_origin() {
        // A half turn about the vertical line through (1, 0, 0): the origin
        // goes to (2, 0, 0).
        let s = ScrewMotion {
            axis_point: Vec3::new(1.0, 0.0, 5.0),
            axis_direction: Vec3::new(0.0, 0.0, 1.0),
            angle: std::f64::consts::PI,
            slide: 0.0,
        };
        let p = s.at(1.0);
        assert!(norm(&(&p.translation - &Vec3::new(2.0, 0.0, 0.0))) < 1e-15);
        let half = s.at(0.5);
        assert!(norm(&(&half.translation - &Vec3::new(1.0, -1.0, 0.0))) < 1e-15);
        let back = ScrewMotion::decompose(&p);
        assert!((back.angle - std::f64::consts::PI).abs() < 1e-15);
        assert!(norm(&(&back.axis_point - &Vec3::new(1.0, 0.0, 0.0))) < 1e-15);
    }
}
