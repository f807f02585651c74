//! parry3d-f64 as the engine under test (the `parry` feature, parry3d-f64
//! `=0.31.1`): a scenario becomes parry shapes, poses and motions, parry
//! casts them, and its answer is a [`Claim`] that [`check_claim`] judges.
//!
//! * shapes: a box is a `Cuboid`, a triangle a `Triangle`, a convex mesh
//!   (every vertex on or behind every face's plane, decided exactly) a
//!   `ConvexPolyhedron` of its fan-triangulated faces, any other mesh a
//!   `TriMesh`, which parry treats as a surface (contact inside it is not
//!   seen);
//! * motions: `static` and `linear` bodies go to `cast_shapes` (pose at
//!   `t0`, velocity); `angular`, `screw` and `poses` to
//!   `cast_shapes_nonlinear` with a `NonlinearRigidMotion` from the body's
//!   [`RigidTwist`] (start pose at `t0`, local
//!   centre, linear and angular velocity); parry's time `0` is `t0` and its
//!   maximum time `t1 - t0`. Rational motions have no parry counterpart,
//!   nor do two `poses` bodies (whose motion the format defines only
//!   relative to each other): those are [`NotConvertible`].
//!
//! ```
//! use exactccd::build::{BodySpec, ScenarioBuilder};
//! use exactccd::parry::check_parry;
//! // two unit boxes 3 apart closing at speed 5: first contact at t = 1/5
//! let s = ScenarioBuilder::new(
//!     BodySpec::cuboid([1, 1, 1]),
//!     BodySpec::cuboid([1, 1, 1]).at([3, 0, 0]).linear([-5, 0, 0]),
//! )
//! .build()?;
//! let verdict = check_parry(&s, 1e-9);
//! assert_eq!(verdict.name(), "agrees", "{verdict}");
//! # Ok::<(), exactccd::ScenarioError>(())
//! ```
#![allow(clippy::float_arithmetic)]

use crate::build::{engine_bodies, EngineBody, EnginePose, RigidTwist};
use crate::claims::{check_claim, Claim, ClaimVerdict};
use crate::geom::{Mesh, Shape};
use crate::motion::Motion;
use crate::scalar::{rational_to_f64, BigRational, Ring, Scalar, Sign};
use crate::scenario::Scenario;
use parry3d_f64::math::{Matrix, Pose, Rotation, Vector};
use parry3d_f64::query::{
    cast_shapes, cast_shapes_nonlinear, NonlinearRigidMotion, ShapeCastHit, ShapeCastOptions,
    Unsupported,
};
use parry3d_f64::shape::{ConvexPolyhedron, Cuboid, SharedShape, TriMesh, Triangle};
use std::fmt;

/// Why a scenario has no parry counterpart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotConvertible(pub String);

impl fmt::Display for NotConvertible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no parry counterpart: {}", self.0)
    }
}

impl std::error::Error for NotConvertible {}

fn vector(v: [f64; 3]) -> Vector {
    Vector::new(v[0], v[1], v[2])
}

/// The parry pose of a placement (rotation from its matrix's columns).
pub fn parry_pose(p: &EnginePose) -> Pose {
    let r = &p.rotation;
    let col = |j: usize| Vector::new(r[0][j], r[1][j], r[2][j]);
    let rotation = Rotation::from_mat3(&Matrix::from_cols(col(0), col(1), col(2)));
    Pose::from_parts(vector(p.translation), rotation)
}

/// True when every vertex lies on or behind every face's plane, exactly.
fn is_convex(mesh: &Mesh<BigRational>) -> bool {
    (0..mesh.faces.len()).all(|f| {
        let n = mesh.face_normal(f);
        let origin = &mesh.vertices[mesh.faces[f][0]];
        mesh.vertices
            .iter()
            .all(|v| (v - origin).dot(&n).sign() != Sign::Positive)
    })
}

/// The parry shape of a shape (module docs).
pub fn parry_shape(shape: &Shape<BigRational>) -> Result<SharedShape, NotConvertible> {
    let point =
        |v: &crate::geom::Vec3<BigRational>| vector([v.x.to_f64(), v.y.to_f64(), v.z.to_f64()]);
    match shape {
        Shape::Box(b) => {
            let h = b.half_extents.each_ref().map(rational_to_f64);
            Ok(SharedShape::new(Cuboid::new(vector(h))))
        }
        Shape::Triangle(t) => {
            let [a, b, c] = t.vertices.each_ref().map(point);
            Ok(SharedShape::new(Triangle::new(a, b, c)))
        }
        Shape::Mesh(m) => {
            let vertices: Vec<Vector> = m.vertices.iter().map(point).collect();
            let mut triangles = Vec::new();
            for face in &m.faces {
                for k in 1..face.len().saturating_sub(1) {
                    let ids = [face[0], face[k], face[k + 1]].map(|i| i as u32);
                    triangles.push(ids);
                }
            }
            if is_convex(m) {
                ConvexPolyhedron::from_convex_mesh(vertices, &triangles)
                    .map(SharedShape::new)
                    .ok_or_else(|| NotConvertible("parry refused the convex mesh".into()))
            } else {
                TriMesh::new(vertices, triangles)
                    .map(SharedShape::new)
                    .map_err(|e| NotConvertible(format!("parry refused the mesh: {e:?}")))
            }
        }
        Shape::Sphere(s) => Ok(SharedShape::ball(s.radius.to_f64())),
        Shape::Capsule(c) => Ok(SharedShape::capsule(
            point(&c.a),
            point(&c.b),
            c.radius.to_f64(),
        )),
        Shape::Convex(c) => {
            let points: Vec<Vector> = c.points.iter().map(point).collect();
            SharedShape::convex_hull(&points)
                .ok_or_else(|| NotConvertible("parry refused the convex hull".into()))
        }
    }
}

/// The parry motion of a constant twist.
pub fn parry_motion(twist: &RigidTwist) -> NonlinearRigidMotion {
    NonlinearRigidMotion::new(
        parry_pose(&twist.start),
        vector(twist.local_center),
        vector(twist.linvel),
        vector(twist.angvel),
    )
}

fn twist_of(body: &EngineBody<'_>, which: &str) -> Result<RigidTwist, NotConvertible> {
    body.twist().ok_or_else(|| {
        NotConvertible(format!(
            "{which} moves by a {} motion, which has no constant twist",
            body.body.motion.kind_name()
        ))
    })
}

fn is_translation(twist: &RigidTwist) -> bool {
    twist.angvel == [0.0; 3]
}

/// Runs parry on a scenario: `cast_shapes` when neither body turns, else
/// `cast_shapes_nonlinear` (module docs); parry's times from `t0`.
pub fn run_parry(
    scenario: &Scenario,
) -> Result<Result<Option<ShapeCastHit>, Unsupported>, NotConvertible> {
    let [a, b] = engine_bodies(scenario)
        .ok_or_else(|| NotConvertible("a primitive query, not two bodies".into()))?;
    if matches!(a.body.motion, Motion::Poses { .. })
        && matches!(b.body.motion, Motion::Poses { .. })
    {
        return Err(NotConvertible(
            "both bodies move by poses, whose motion is defined only relative to each other".into(),
        ));
    }
    let (ta, tb) = (twist_of(&a, "a")?, twist_of(&b, "b")?);
    let (sa, sb) = (parry_shape(&a.body.shape)?, parry_shape(&b.body.shape)?);
    let span = rational_to_f64(&(&scenario.interval.1 - &scenario.interval.0));
    Ok(if is_translation(&ta) && is_translation(&tb) {
        cast_shapes(
            &parry_pose(&ta.start),
            vector(ta.linvel),
            sa.as_ref(),
            &parry_pose(&tb.start),
            vector(tb.linvel),
            sb.as_ref(),
            ShapeCastOptions::with_max_time_of_impact(span),
        )
    } else {
        cast_shapes_nonlinear(
            &parry_motion(&ta),
            sa.as_ref(),
            &parry_motion(&tb),
            sb.as_ref(),
            0.0,
            span,
            true,
        )
    })
}

/// parry's answer on a scenario as a claim: contact at `t0` plus parry's
/// time of impact, no contact, or `Failed` with parry's error.
pub fn parry_claim(scenario: &Scenario) -> Result<Claim, NotConvertible> {
    let t0 = rational_to_f64(&scenario.interval.0);
    Ok(match run_parry(scenario)? {
        Ok(Some(hit)) => Claim::Float {
            collides: true,
            time: Some(t0 + hit.time_of_impact),
        },
        Ok(None) => Claim::Float {
            collides: false,
            time: None,
        },
        Err(e) => Claim::Failed(format!("parry: {e:?}")),
    })
}

/// parry's answer judged by [`check_claim`]; a scenario without a parry
/// counterpart is [`ClaimVerdict::Inconclusive`], saying why.
pub fn check_parry(scenario: &Scenario, tolerance: f64) -> ClaimVerdict {
    match parry_claim(scenario) {
        Ok(claim) => check_claim(scenario, &claim, tolerance),
        Err(e) => ClaimVerdict::Inconclusive(e.to_string()),
    }
}
