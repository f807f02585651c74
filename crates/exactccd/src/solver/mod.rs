//! The solvers: independent methods for the first time of contact.
//!
//! * [`sat`]: Eberly's separating axes (Eberly, "Dynamic Collision Detection using OBBs", 002) for boxes, triangles
//!   and meshes (OBB trees), extended to exact rational motion;
//! * [`sgm`]: the spherical Gauss map / Minkowski sum boundary method of
//!   the SGM paper and its authors' web page for two boxes under rational motion;
//! * [`glide`]: Buss's glide rotations (Buss, "Collision Detection with Glide Rotations") for polyhedra under screw
//!   motion;
//! * [`distance`]: feature-pair distance for boxes, triangles, spheres,
//!   capsules and convex hulls with a minimum separation, under rational
//!   motion (Voronoi-region conditions of Eberly's case analyses);
//! * [`minkowski`]: the rounded Minkowski difference for a sphere or a
//!   capsule against a box, triangle, sphere, capsule or convex hull, with
//!   a minimum separation, under translation (`static`, `linear`);
//! * [`primitive`]: vertex-face and edge-edge queries with linearly moving
//!   points (the public CCD benchmark's queries).
//!
//! The methods share only the core (`scalar`, `poly`, `geom`, `motion`),
//! never solver code: the oracle compares them, so a bug must not be able to
//! hide in a shared helper. Each is generic over
//! [`RealRoots`](crate::poly::RealRoots): exact rationals give exact answers
//! (times are [`RealAlgebraic`](crate::poly::RealAlgebraic)), `f64` the fast
//! approximate one.

pub mod distance;
pub mod glide;
pub mod minkowski;
pub mod primitive;
pub mod sat;
pub mod sgm;
