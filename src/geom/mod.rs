//! Geometry, generic over [`Scalar`](crate::scalar::Scalar): vectors,
//! matrices, rational rotations, poses, oriented boxes, triangles and
//! polyhedral meshes with adjacency.
//!
//! Conventions (fixed for the whole crate):
//!
//! * [`Vec3`] is a column vector; [`Mat3`] is stored by rows, `m.rows[i][j]`
//!   is row `i`, column `j`, and acts on column vectors: `x = M y`.
//! * A [`Pose`] maps local to world coordinates: `x = c + R y`; the columns
//!   of `R` are the body's axes in world coordinates (SCENARIO_FORMAT.md 2.1).
//! * A rotation from a quaternion `q = (w, x, y, z)` of any non-zero length is
//!   `rot(q) / |q|^2` with the homogeneous formula, so rational quaternions
//!   give exactly rational rotations (CGAL `rational_rotation.h`).
#![deny(clippy::float_arithmetic)]

mod mat3;
mod mesh;
mod shapes;
mod vec3;

pub use mat3::{quaternion_rotation, Mat3, Pose};
pub use mesh::{Mesh, MeshEdge, MeshError};
pub use shapes::{BoxShape, Obb, Shape, Triangle};
pub use vec3::Vec3;
