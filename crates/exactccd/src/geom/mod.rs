//! Geometry, generic over [`Scalar`](crate::scalar::Scalar): vectors,
//! matrices, rational rotations, poses, oriented boxes, triangles and
//! polyhedral meshes with adjacency.
//!
//! Conventions (fixed for the whole crate):
//!
//! * [`Vec3`] is a column vector; [`Mat3`] is stored by rows, `m.rows[i][j]`
//!   is row `i`, column `j`, and acts on column vectors: `x = M y`. (The SGM
//!   paper, the SGM paper, writes row vectors `x = y M`; [`crate::motion`]
//!   converts at its boundary.)
//! * A [`Pose`] maps local to world coordinates: `x = c + R y`; the columns
//!   of `R` are the body's axes in world coordinates (docs/FORMAT.md 2.1).
//!   `a.compose(&b)` is `a ∘ b`, `b` applied first.
//! * A rotation from a quaternion `q = (w, x, y, z)` of any non-zero length is
//!   `rot(q) / |q|^2` with the homogeneous formula, so rational quaternions
//!   give exactly rational rotations (CGAL `rational_rotation.h`).
//! * Ring operations (`+ - *`, dot, cross, determinant, adjugate) take any
//!   [`MatrixEntry`]: a scalar or a polynomial in `t`; methods that divide
//!   ask for a [`FieldScalar`](crate::scalar::FieldScalar); methods that
//!   compare ask for a [`Scalar`](crate::scalar::Scalar).
//!
//! Features are [`Feature`] values; their names, as they appear in results
//! (docs/FORMAT.md 3):
//!
//! * box: `vertex (-,+,-)` ([`BoxVertex`]), `edge (*,+,-)` ([`BoxEdge`], `*`
//!   on the axis the edge runs along), `face +x` ([`BoxFace`]);
//! * triangle: `vertex 0..2`, `edge i` (from vertex `i` to `i+1 mod 3`),
//!   `face +` / `face -` (front: the side of `(v1 - v0) x (v2 - v0)`);
//! * mesh: `vertex i`, `edge i-j` (`i < j`), `face k`, input indices from 0;
//! * primitive queries: `vertex` (the moving point), `face`, `edge f0-f1`,
//!   `vertex f2` (of the triangle); `edge a`, `vertex a0`, `edge b`, `vertex
//!   b1` (of the segments);
//! * sphere: `sphere`; capsule: `cap a`, `cap b` (the balls about the ends
//!   `a`, `b`), `side` (the rounded side about the segment);
//! * convex hull: `vertex i`, `edge i-j` (`i < j`), `face k` as for a mesh,
//!   `i`, `j` indices of the input points, `k` the face's position in
//!   [`ConvexHull::faces`].
//!
//! Files: `entry.rs` ([`MatrixEntry`]), `vec3.rs`, `mat3.rs` (matrices,
//! quaternions, poses), `shapes.rs` (boxes, OBBs, triangles), `feature.rs`
//! ([`Feature`]), `mesh.rs` (validation and adjacency), `hull.rs` (exact convex hulls), `core.rs` (every shape as a core
//! polytope plus a radius), `obj.rs` (exact OBJ
//! reader), `builders.rs` and `circle.rs` (test meshes).
#![deny(clippy::float_arithmetic)]

mod builders;
mod circle;
mod containment;
pub(crate) mod core;
mod entry;
mod feature;
mod hull;
mod mat3;
mod mesh;
mod obj;
mod shapes;
mod triangulate;
mod vec3;

pub use builders::{cube_mesh, l_shape_mesh, torus_mesh};
pub use circle::rational_circle_points;
pub use containment::point_in_solid;
pub use entry::MatrixEntry;
pub use feature::{Feature, QuerySegment};
pub(crate) use hull::face_corners;
pub use hull::{hull_contains, spans_space, ConvexHull, HullFace, MAX_HULL_POINTS};
pub use mat3::{
    quaternion_norm_squared, quaternion_rotation, quaternion_rotation_homogeneous, Mat3, Pose,
};
pub use mesh::{polygon_normal, Mesh, MeshEdge, MeshError};
pub use obj::{parse_obj, read_obj, read_obj_file, ObjContents, ObjError};
pub use shapes::{
    box_face_loops, BoxEdge, BoxFace, BoxShape, BoxVertex, Capsule, ConvexPoints, Obb, Shape,
    Sphere, Triangle,
};
pub use triangulate::{face_cuts, triangulate_faces, FaceCut, FaceTriangle};
pub use vec3::Vec3;
