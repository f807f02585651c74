//! What another engine needs from a scenario, as plain `f64`: each body's
//! pose at a time `t` (rotation matrix, unit quaternion, translation), its
//! shape parameters, and, where the motion is a constant twist (`static`,
//! `linear`, `angular`, `screw`, `poses`), the twist: a start pose at `t0`,
//! a material centre in local coordinates, the centre's linear velocity and
//! the angular velocity about it. That is the nonlinear rigid motion of
//! physics engines (parry's `NonlinearRigidMotion`, Bullet's and Jolt's
//! linear and angular velocities): the world position of local `y` at `t` is
//! `c0 + (t - t0) v + exp((t - t0) [w]x) R0 (y - center)`, with
//! `c0 = x0 + R0 center` and `(R0, x0)` the pose at `t0`.
//!
//! A `screw` or `poses` motion is a rotation about a fixed world axis with a
//! slide along it: its centre is the material point on the axis at `t0`,
//! its angular velocity the angle per unit time along the axis, its linear
//! velocity the slide per unit time along the axis. Rational motions
//! (`rational`, `row_matrix`, `piecewise`) have no constant twist: only
//! their poses are given. Everything here is rounded to `f64` once from the
//! exact data, except what is transcendental (the screw of a `poses`
//! motion, poses under a turning motion), evaluated in `f64`.
#![allow(clippy::float_arithmetic)]

use crate::geom::{Mat3, Pose, Shape, Vec3};
use crate::motion::{Body, FloatMotion, Motion};
use crate::scalar::{rational_to_f64, BigRational};
use crate::scenario::Scenario;

/// A rigid placement in `f64`: world `x = rotation · y + translation`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EnginePose {
    /// The rotation matrix, by rows (its columns are the body's axes).
    pub rotation: [[f64; 3]; 3],
    /// The same rotation as a unit quaternion `[w, x, y, z]`, `w >= 0`.
    pub quaternion: [f64; 4],
    /// The translation (the world position of the local origin).
    pub translation: [f64; 3],
}

/// A constant twist from `t0` (module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RigidTwist {
    /// The pose at `t0`.
    pub start: EnginePose,
    /// The material centre of rotation, local coordinates.
    pub local_center: [f64; 3],
    /// The centre's velocity.
    pub linvel: [f64; 3],
    /// The angular velocity about the centre, radians per unit time.
    pub angvel: [f64; 3],
}

/// A shape's parameters in `f64`, local coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineShape {
    /// The solid box `|y_i| <= half_extents[i]`.
    Box {
        /// Half extents.
        half_extents: [f64; 3],
    },
    /// A solid triangle.
    Triangle {
        /// The vertices.
        vertices: [[f64; 3]; 3],
    },
    /// A closed polyhedral solid.
    Mesh {
        /// Vertex positions.
        vertices: Vec<[f64; 3]>,
        /// Faces as vertex index loops, counter-clockwise seen from outside
        /// (polygons: fan-triangulate a convex one, `(f[0], f[i], f[i+1])`).
        faces: Vec<Vec<usize>>,
    },
    /// A solid ball about the local origin.
    Sphere {
        /// The radius.
        radius: f64,
    },
    /// All points within `radius` of the segment from `a` to `b`.
    Capsule {
        /// One end of the segment.
        a: [f64; 3],
        /// The other end.
        b: [f64; 3],
        /// The radius.
        radius: f64,
    },
    /// The convex hull of points.
    Convex {
        /// The points (duplicates and interior points allowed).
        points: Vec<[f64; 3]>,
    },
}

/// One body of a scenario, seen by an engine: the body and the scenario's
/// interval, which `poses` motions need.
#[derive(Clone, Copy, Debug)]
pub struct EngineBody<'s> {
    /// The body, exact.
    pub body: &'s Body,
    /// The scenario's interval `[t0, t1]`.
    pub interval: &'s (BigRational, BigRational),
}

/// The two bodies of a scenario as an engine sees them; `None` for a
/// primitive query.
///
/// ```
/// use exactccd::build::{engine_bodies, BodySpec, EngineShape, ScenarioBuilder};
/// let s = ScenarioBuilder::new(
///     BodySpec::cuboid([1, 1, 1]),
///     BodySpec::cuboid(["1/2", "1", "1"]).at([3, 0, 0]).angular([-1, 0, 0], [0, 0, 2]),
/// )
/// .interval(1, 2)
/// .build()?;
/// let [_, b] = engine_bodies(&s).unwrap();
/// assert_eq!(b.shape(), EngineShape::Box { half_extents: [0.5, 1.0, 1.0] });
/// let twist = b.twist().unwrap();
/// assert_eq!(twist.start.translation, [2.0, 0.0, 0.0]); // at t0 = 1
/// assert_eq!((twist.linvel, twist.angvel), ([-1.0, 0.0, 0.0], [0.0, 0.0, 2.0]));
/// let p = b.pose_at(1.5);
/// assert!((p.translation[0] - 1.5).abs() < 1e-15);
/// # Ok::<(), exactccd::ScenarioError>(())
/// ```
pub fn engine_bodies(scenario: &Scenario) -> Option<[EngineBody<'_>; 2]> {
    let (a, b) = scenario.bodies()?;
    let interval = &scenario.interval;
    Some([
        EngineBody { body: a, interval },
        EngineBody { body: b, interval },
    ])
}

fn v3(v: &Vec3<f64>) -> [f64; 3] {
    [v.x, v.y, v.z]
}

fn norm(v: &Vec3<f64>) -> f64 {
    v.norm_squared().sqrt()
}

/// The unit quaternion `[w, x, y, z]` (`w >= 0`) of a rotation matrix, by
/// Shepperd's method: the largest of `4w^2, 4x^2, 4y^2, 4z^2` (from the
/// trace and the diagonal) is taken by its square root, the others from
/// the off-diagonal sums and differences, which keeps the division well
/// conditioned for every rotation.
pub(crate) fn quaternion_of(m: &[[f64; 3]; 3]) -> [f64; 4] {
    let tr = m[0][0] + m[1][1] + m[2][2];
    let candidates = [tr, m[0][0], m[1][1], m[2][2]];
    let k = (0..4)
        .max_by(|&i, &j| candidates[i].total_cmp(&candidates[j]))
        .unwrap_or(0);
    let q = match k {
        0 => {
            let s = (1.0 + tr).max(0.0).sqrt() * 2.0;
            [
                s / 4.0,
                (m[2][1] - m[1][2]) / s,
                (m[0][2] - m[2][0]) / s,
                (m[1][0] - m[0][1]) / s,
            ]
        }
        1 => {
            let s = (1.0 + m[0][0] - m[1][1] - m[2][2]).max(0.0).sqrt() * 2.0;
            [
                (m[2][1] - m[1][2]) / s,
                s / 4.0,
                (m[0][1] + m[1][0]) / s,
                (m[0][2] + m[2][0]) / s,
            ]
        }
        2 => {
            let s = (1.0 + m[1][1] - m[0][0] - m[2][2]).max(0.0).sqrt() * 2.0;
            [
                (m[0][2] - m[2][0]) / s,
                (m[0][1] + m[1][0]) / s,
                s / 4.0,
                (m[1][2] + m[2][1]) / s,
            ]
        }
        _ => {
            let s = (1.0 + m[2][2] - m[0][0] - m[1][1]).max(0.0).sqrt() * 2.0;
            [
                (m[1][0] - m[0][1]) / s,
                (m[0][2] + m[2][0]) / s,
                (m[1][2] + m[2][1]) / s,
                s / 4.0,
            ]
        }
    };
    let n = q.iter().map(|c| c * c).sum::<f64>().sqrt();
    let sign = if q[0] < 0.0 { -1.0 } else { 1.0 };
    q.map(|c| sign * c / n)
}

impl EnginePose {
    /// The pose of a rotation matrix and a translation.
    pub fn new(rotation: [[f64; 3]; 3], translation: [f64; 3]) -> Self {
        EnginePose {
            rotation,
            quaternion: quaternion_of(&rotation),
            translation,
        }
    }

    fn of(m: &Mat3<f64>, c: &Vec3<f64>) -> Self {
        Self::new(m.rows, v3(c))
    }

    /// The pose of an exact rigid pose, each entry rounded once.
    fn rounded(p: &Pose<BigRational>) -> Self {
        Self::of(&p.rotation.to_f64(), &p.translation.to_f64())
    }

    /// `rotation^T (x - translation)`: a world point in local coordinates.
    fn local_point(&self, x: &Vec3<f64>) -> [f64; 3] {
        let d = [
            x.x - self.translation[0],
            x.y - self.translation[1],
            x.z - self.translation[2],
        ];
        let r = &self.rotation;
        std::array::from_fn(|j| (0..3).map(|i| r[i][j] * d[i]).sum())
    }
}

/// The twist of a rotation by `rate` radians per unit time about the world
/// line through `axis_point` along the unit `axis`, with a slide of
/// `slide_rate` along it, from the pose `start` (module docs).
fn screw_twist(
    start: EnginePose,
    axis_point: &Vec3<f64>,
    axis: &Vec3<f64>,
    rate: f64,
    slide_rate: f64,
) -> RigidTwist {
    RigidTwist {
        start,
        local_center: start.local_point(axis_point),
        linvel: v3(&axis.scale(&slide_rate)),
        angvel: v3(&axis.scale(&rate)),
    }
}

impl EngineBody<'_> {
    /// The shape's parameters.
    pub fn shape(&self) -> EngineShape {
        match &self.body.shape {
            Shape::Box(b) => EngineShape::Box {
                half_extents: b.half_extents.each_ref().map(rational_to_f64),
            },
            Shape::Triangle(t) => EngineShape::Triangle {
                vertices: t.vertices.each_ref().map(|v| v3(&v.to_f64())),
            },
            Shape::Mesh(m) => EngineShape::Mesh {
                vertices: m.vertices.iter().map(|v| v3(&v.to_f64())).collect(),
                faces: m.faces.clone(),
            },
            Shape::Sphere(s) => EngineShape::Sphere {
                radius: rational_to_f64(&s.radius),
            },
            Shape::Capsule(c) => EngineShape::Capsule {
                a: v3(&c.a.to_f64()),
                b: v3(&c.b.to_f64()),
                radius: rational_to_f64(&c.radius),
            },
            Shape::Convex(c) => EngineShape::Convex {
                points: c.points.iter().map(|v| v3(&v.to_f64())).collect(),
            },
        }
    }

    /// The placement at time `t`. For an affine `row_matrix` motion the
    /// matrix is the motion's linear part, not a rotation, and the
    /// quaternion is meaningless.
    pub fn pose_at(&self, t: f64) -> EnginePose {
        let (t0, t1) = self.interval;
        let (m, c) = self.body.pose_at_f64(t, t0, t1);
        EnginePose::of(&m, &c)
    }

    /// The pose at `t0`, exact then rounded for `static` and `linear`.
    fn start_pose(&self) -> EnginePose {
        let t0 = &self.interval.0;
        match &self.body.motion {
            Motion::Static => EnginePose::rounded(&self.body.pose),
            Motion::Linear { velocity } => {
                let p = &self.body.pose;
                EnginePose::rounded(&Pose::new(
                    p.rotation.clone(),
                    &p.translation + &velocity.scale(t0),
                ))
            }
            _ => self.pose_at(rational_to_f64(t0)),
        }
    }

    /// The constant twist from `t0`, for `static`, `linear`, `angular`,
    /// `screw` and `poses`; `None` for the rational kinds.
    pub fn twist(&self) -> Option<RigidTwist> {
        let (t0, t1) = self.interval;
        let start = self.start_pose();
        match (&self.body.motion, self.body.float_motion(t0, t1)) {
            (Motion::Static, _) => Some(RigidTwist {
                start,
                local_center: [0.0; 3],
                linvel: [0.0; 3],
                angvel: [0.0; 3],
            }),
            (Motion::Linear { velocity }, _) => Some(RigidTwist {
                start,
                local_center: [0.0; 3],
                linvel: v3(&velocity.to_f64()),
                angvel: [0.0; 3],
            }),
            (
                Motion::Angular { .. },
                FloatMotion::Angular {
                    velocity,
                    angular_velocity,
                    center,
                    ..
                },
            ) => Some(RigidTwist {
                start,
                // the material point `center` moves at `v` (docs/FORMAT.md 5.1)
                local_center: v3(&center),
                linvel: v3(&velocity),
                angvel: v3(&angular_velocity),
            }),
            (Motion::Screw { .. }, FloatMotion::Screw { screw, .. }) => Some(screw_twist(
                start,
                &screw.axis_point,
                &screw.axis_direction,
                screw.angle,
                screw.slide,
            )),
            (Motion::Poses { .. }, FloatMotion::Poses { screw, .. }) => {
                // the screw runs over s = (t - t0) / (t1 - t0)
                let span = rational_to_f64(&(t1 - t0));
                let axis = &screw.axis_direction;
                let axis = axis.scale(&(1.0 / norm(axis).max(f64::MIN_POSITIVE)));
                Some(screw_twist(
                    start,
                    &screw.axis_point,
                    &axis,
                    screw.angle / span,
                    screw.slide / span,
                ))
            }
            _ => None,
        }
    }

    /// The velocity of the local origin and the angular velocity at time
    /// `t`, for the motions with a constant twist.
    pub fn velocities_at(&self, t: f64) -> Option<([f64; 3], [f64; 3])> {
        let twist = self.twist()?;
        let p = self.pose_at(t);
        let start = &twist.start;
        // the centre's world position at t
        let c0: [f64; 3] = std::array::from_fn(|i| {
            start.translation[i]
                + (0..3)
                    .map(|j| start.rotation[i][j] * twist.local_center[j])
                    .sum::<f64>()
        });
        let dt = t - rational_to_f64(&self.interval.0);
        let center = Vec3::new(
            c0[0] + dt * twist.linvel[0],
            c0[1] + dt * twist.linvel[1],
            c0[2] + dt * twist.linvel[2],
        );
        let w = Vec3::new(twist.angvel[0], twist.angvel[1], twist.angvel[2]);
        let r = Vec3::new(p.translation[0], p.translation[1], p.translation[2]) - center;
        let spin = w.cross(&r);
        Some((
            std::array::from_fn(|i| twist.linvel[i] + v3(&spin)[i]),
            twist.angvel,
        ))
    }
}
