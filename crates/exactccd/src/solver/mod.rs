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
//! The methods share only the core (`scalar`, `poly`, `geom`, `motion`)
//! and the plain result type of this module ([`WithinOutcome`], fields
//! only), never solver code: the oracle compares them, so a bug must not be able to
//! hide in a shared helper. Each is generic over
//! [`RealRoots`](crate::poly::RealRoots): exact rationals give exact answers
//! (times are [`RealAlgebraic`](crate::poly::RealAlgebraic)), `f64` the fast
//! approximate one.

use crate::geom::Feature;
use crate::poly::RealRoots;

pub mod distance;
pub mod glide;
pub mod minkowski;
pub mod primitive;
pub mod sat;
pub mod sgm;

/// What a solver of the first time two bodies come within a separation `d`
/// found (`distance` and `minkowski`, each with its own work counters
/// `Stats`): the one outcome type both fill, so that the contact layer
/// converts them alike.
#[derive(Clone, Debug)]
pub struct WithinOutcome<S: RealRoots, Stats> {
    /// True when the distance is at most `d` somewhere in the interval.
    pub collides: bool,
    /// True when it is at `t0`.
    pub initially_overlapping: bool,
    /// The first time the distance is at most `d`.
    pub first_contact: Option<S::Root>,
    /// The maximal closed intervals on which it is, in order.
    pub contact_intervals: Vec<(S::Root, S::Root)>,
    /// The features of `a` and `b` that first come within `d`, when they
    /// are apart before (not when the bodies start overlapping deeply).
    pub features: Option<(Feature, Feature)>,
    /// A point of `a`'s surface nearest `b` at the first contact (world).
    pub point: Option<[f64; 3]>,
    /// The unit normal from `a` to `b` at the first contact.
    pub normal: Option<[f64; 3]>,
    /// Work counters.
    pub stats: Stats,
}
