//! Motions of the contract (docs/FORMAT.md 2.3) and their compiled
//! polynomial form.
//!
//! * [`Motion`] is the contract's motion as written, with exact rational
//!   data; a [`Body`] is a shape, a pose and a motion.
//! * [`PolyMotion`] is the one polynomial representation of every rational
//!   motion (`static`, `linear`, `rational`, `row_matrix`): the world position
//!   of local `y` is `x(t) = (L(t) y + T(t)) / w(t)` with polynomial matrix `L`,
//!   vector `T` and common denominator `w > 0` on the interval. In the SGM
//!   paper's row-vector form that is the 4x4 matrix `[[L^T, 0], [T^T, w]]`
//!   (`poly_motion.rs`: compilation table, rigidity checks, exact relative
//!   motion).
//! * The relative motion of `b` in the frame of `a` is `M2(t) M1(t)^-1` in the
//!   paper's post-multiplication convention, computed exactly
//!   ([`PolyMotion::relative_to`]).
//! * `screw`, `poses` and `angular` are transcendental in `t`: represented,
//!   decomposed and evaluable in `f64`, never passed off as exact
//!   (`float.rs`: [`FloatMotion`], [`ScrewMotion`], Rodrigues' formula). The
//!   screw decomposition of Buss ("Collision Detection with Glide Rotations", section 4.1) keeps its rational
//!   parts exact (`screw.rs`: [`ExactScrew`]) and rounds only `θ`, `|d|` and
//!   the slide.
//!
//! Time conventions: `screw` and `angular` use the absolute time `t` of the
//! contract's formulas; `poses` uses `s = (t - t0) / (t1 - t0)`, from `pose`
//! at `t0` to `end` at `t1`.
#![deny(clippy::float_arithmetic)]

mod enclosure;
mod float;
mod piecewise;
mod poly_motion;
mod screw;

pub use enclosure::{
    dot, exact_pose_at_start, magnitude_bits, mat_mul, mat_vec, pair_enclosures, target_width,
    IntervalMat, IntervalVec, MotionEnclosure, NoEnclosure, PlacementEnclosure, PlacementVelocity,
};
pub use float::{
    pair_placements_f64, relative_float_motion, relative_placement, rotation_about_axis,
    FloatMotion, RelativeFloatMotion, RigidRates, ScrewMotion,
};
pub use piecewise::{common_pieces, BodyPiece, CommonPiece, PiecewisePolyMotion};
pub use poly_motion::{compose_affine, invert_affine, Affine};
pub use screw::{displacement, glide_rotation_pose, ExactScrew, ScrewKind};

use crate::geom::{ConvexPoints, Mat3, Pose, Shape, Vec3};
use crate::poly::Poly;
use crate::scalar::BigRational;

/// A motion of the contract, with the exact data of the scenario file.
#[derive(Clone, Debug, PartialEq)]
// The 4x4 polynomial row matrix is stored inline: a motion is read once per
// scenario, and the field layout is part of the crate's interface.
#[allow(clippy::large_enum_variant)]
pub enum Motion {
    /// `c + R y`.
    Static,
    /// `c + t v + R y`.
    Linear {
        /// `v`.
        velocity: Vec3<BigRational>,
    },
    /// `T(t)/d(t) + rot(q(t))/|q(t)|^2 y`.
    Rational {
        /// `q(t) = (w, x, y, z)`, polynomials.
        quaternion: [Poly<BigRational>; 4],
        /// `T(t)`, polynomials.
        translation: Vec3<Poly<BigRational>>,
        /// `d(t)`, non-zero on the interval.
        denominator: Poly<BigRational>,
    },
    /// `[x, 1] = [y, 1] M(t) / w(t)` (row vectors, translation in the last
    /// row, last column `(0, 0, 0, w)`).
    RowMatrix {
        /// `M(t)`, 4x4 polynomials by rows.
        rows: [[Poly<BigRational>; 4]; 4],
        /// `w(t)`, non-zero on the interval.
        denominator: Poly<BigRational>,
    },
    /// The pose, then rotation by `angle * t` about the axis line, then
    /// translation by `slide * t` along the unit axis.
    Screw {
        /// A point of the axis.
        axis_point: Vec3<BigRational>,
        /// The axis direction (any non-zero length).
        axis_direction: Vec3<BigRational>,
        /// Total rotation angle in radians over unit time.
        angle: BigRational,
        /// Total slide along the axis over unit time.
        slide: BigRational,
    },
    /// From the pose at `t0` to `end` at `t1` by the screw motion between them.
    Poses {
        /// The pose at `t1`.
        end: Pose<BigRational>,
    },
    /// `p + t v + exp(t [w]x) R (y - center)` with `p = c + R center`
    /// (docs/FORMAT.md 2.3 and 5.1): the body turns at the constant angular
    /// velocity `w` about its material point `center`, which moves at the
    /// constant velocity `v`. With `center = 0` this is `c + t v + exp(t
    /// [w]x) R y`.
    Angular {
        /// Linear velocity of the centre.
        velocity: Vec3<BigRational>,
        /// Angular velocity about the centre.
        angular_velocity: Vec3<BigRational>,
        /// The centre of rotation in local coordinates (default the origin).
        center: Vec3<BigRational>,
    },
    /// Piecewise rational motion (`docs/FORMAT.md` 7.1): a
    /// list of `static`, `linear`, `rational` or `row_matrix` pieces over
    /// consecutive closed sub-intervals of `[t0, t1]`, continuous at the
    /// joins. Piece `k` runs from the previous piece's `until` (or `t0`)
    /// to its own `until` (or `t1` for the last piece); every piece is
    /// written in the global time `t`.
    Piecewise {
        /// At least one piece; every piece but the last has `until`, the
        /// last has none; the `until`s increase strictly and lie strictly
        /// inside `(t0, t1)`.
        pieces: Vec<MotionPiece>,
    },
}

/// One piece of a [`Motion::Piecewise`].
#[derive(Clone, Debug, PartialEq)]
pub struct MotionPiece {
    /// The end of the piece's sub-interval (a breakpoint); `None` for the
    /// last piece, which runs to `t1`.
    pub until: Option<BigRational>,
    /// The piece's motion: `static`, `linear`, `rational` or `row_matrix`
    /// (never piecewise itself).
    pub motion: Motion,
}

/// A body of a scenario: a shape placed by a pose and moved by a motion.
/// The pose is used by `static` and `linear` motions, also as pieces of a
/// `piecewise` one.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    /// The shape in local coordinates.
    pub shape: Shape<BigRational>,
    /// The pose (identity when absent; ignored by `rational` and
    /// `row_matrix`, which carry their own).
    pub pose: Pose<BigRational>,
    /// The motion.
    pub motion: Motion,
}

impl Body {
    /// The body with a mesh replaced by the convex hull of the vertices its
    /// faces use (a convex body that holds the solid and every piece of
    /// its surface), moving as it does; any other body itself.
    pub fn hull(&self) -> Body {
        match &self.shape {
            Shape::Mesh(mesh) => Body {
                shape: Shape::Convex(ConvexPoints {
                    points: mesh.face_vertices(),
                }),
                pose: self.pose.clone(),
                motion: self.motion.clone(),
            },
            _ => self.clone(),
        }
    }
}

/// A rational motion compiled to polynomials: world `x(t) = (L(t) y + T(t)) /
/// w(t)`, with `w(t) > 0` on the interval.
#[derive(Clone, Debug, PartialEq)]
pub struct PolyMotion<S> {
    /// `L(t)`: its columns divided by `w` are the body axes (scaled, for
    /// affine motions).
    pub linear: Mat3<Poly<S>>,
    /// `T(t)`.
    pub translation: Vec3<Poly<S>>,
    /// `w(t)`, positive on the interval.
    pub denominator: Poly<S>,
}

impl Motion {
    /// True for the kinds with polynomial (rational) motion: `static`,
    /// `linear`, `rational`, `row_matrix`. Exact solvers answer these exactly.
    pub fn is_rational(&self) -> bool {
        matches!(
            self,
            Motion::Static
                | Motion::Linear { .. }
                | Motion::Rational { .. }
                | Motion::RowMatrix { .. }
        )
    }

    /// True for [`Motion::Piecewise`]: rational on each piece, so exact
    /// solvers answer it exactly piece by piece, but no single
    /// [`PolyMotion`] describes it.
    pub fn is_piecewise(&self) -> bool {
        matches!(self, Motion::Piecewise { .. })
    }

    /// The contract's name of the kind: `"static"`, `"linear"`, ...
    pub fn kind_name(&self) -> &'static str {
        match self {
            Motion::Static => "static",
            Motion::Linear { .. } => "linear",
            Motion::Rational { .. } => "rational",
            Motion::RowMatrix { .. } => "row_matrix",
            Motion::Screw { .. } => "screw",
            Motion::Poses { .. } => "poses",
            Motion::Angular { .. } => "angular",
            Motion::Piecewise { .. } => "piecewise",
        }
    }
}
