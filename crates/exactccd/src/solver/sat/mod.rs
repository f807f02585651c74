//! The separating-axis solver: Eberly's separating axes for boxes and
//! triangles (Eberly, "Dynamic Collision Detection using OBBs", "Dynamic Collision Detection using Oriented Bounding
//! Boxes"), generic over the scalar, and extended to exact rational motion.
//!
//! # The method
//!
//! Two convex solids are disjoint exactly when their projections onto some
//! line are disjoint, and the candidate lines are finite: the face normals of
//! each solid and the cross products of an edge direction of each (Eberly, "Dynamic Collision Detection using OBBs",
//! section 1). For two boxes that is 15 axes (Table 1), for a box and a
//! triangle 13 (Table 3), for two triangles 11 when their planes are not
//! parallel (Table 5) and the normal plus 6 in-plane axes when they are
//! (Table 6). An axis whose direction vanishes (parallel edges) never
//! separates: every projection is `0`.
//!
//! * **Static** (sections 2.2.1, 3.2.1, 4.2.1): `test_*` evaluates the
//!   axes in the tables' order and stops at the first that separates; the
//!   answer carries that axis and the side of `b` as its certificate. The
//!   solids are closed: touching (projections sharing an end) is contact.
//! * **Constant velocity** (sections 2.2.2, 3.2.2, 4.2.2 and Table 1'): with
//!   `b` moving at the relative velocity `W` the projection of `b` on a fixed
//!   axis moves at the speed `L . W`, so every axis is non-separating on one
//!   closed time interval `[enter, exit]`; the contact interval is the
//!   intersection of these, and the first time of contact is the largest
//!   `enter` ("the last time a separating axis exists", sections 2.3.1,
//!   3.3.1, 4.3.1). In exact rationals the time is an exact rational.
//! * **Contact point and features** (section 2.3.2 with Table 2, 3.3.2 with
//!   Tables 4a-4d, 4.3.2 with Table 7), in `features.rs`.
//! * **Rational motion** (beyond the papers): in the frame of body `a` every
//!   projection is a polynomial in `t` over the positive denominator `w(t)`,
//!   so every axis's separation condition is a sign condition on a
//!   piecewise polynomial; `rational_motion.rs` computes the times where any
//!   piece changes sign exactly (with [`RealRoots`](crate::poly::RealRoots)),
//!   decides every axis between and at these times, and merges the
//!   separated sets into the exact closed contact intervals.
//! * **Meshes** (Eberly, "Dynamic Collision Detection using OBBs", sections 6 and 7): OBB trees of exact boxes
//!   prune the pairs of triangles; the rest are solved as above
//!   (`mesh.rs`).
//! * **Piecewise rational motion**: each common
//!   sub-interval of the two bodies' pieces is solved as above and the
//!   answers are joined (`piecewise.rs`).
//! * **Angular velocity** (Eberly, "Dynamic Collision Detection using OBBs", section 5; Eberly, "Intersection of Objects with Linear and Angular Velocities"): `N` steps, each
//!   a constant-velocity problem, `f64` only (`angular.rs`).
//! * **Certified time cells** (exact, two boxes under `angular`, `screw`,
//!   `poses`): Table 1 applied over time intervals with certified interval
//!   arithmetic (`cells/`, docs/methods/sat.md "Time cells").
//!
//! # Naming grammar
//!
//! Files are one algorithm and shape pair each: `box_box.rs` (Tables 1, 1'),
//! `triangle_box.rs` (Table 3), `triangle_triangle.rs` (Tables 5, 6),
//! `constant_velocity.rs` (the first-time computation shared by the three),
//! `box_box_f64.rs` (the same Table 1 first time specialised to `f64` for
//! speed, bit for bit equal to the generic one),
//! `projection.rs` (the generic projections of any pair onto any axis, with
//! scalar or polynomial entries), `features.rs` (contact features and
//! points), `rational_motion.rs` (the exact piecewise-polynomial scheme),
//! `pair.rs` (one pair of boxes and triangles under rational motions, and
//! the scenario and error types), `solve.rs` (the front door: bodies and
//! motions of the contract in, [`SatOutcome`] out),
//! `float.rs` (the few `f64`-only helpers: unit normals, tolerances);
//! phase 2: `angular.rs` (angular velocity by time stepping, Eberly, "Dynamic Collision Detection using OBBs"
//! section 5 and Eberly, "Intersection of Objects with Linear and Angular Velocities", `f64` only), `obb_fit.rs` (exact conservative
//! boxes fitted to mesh pieces, section 6.1), `hull.rs` (exact convex hull
//! vertices for the fit), `obb_tree.rs` (construction and dual traversal,
//! sections 6.2 and 7), `mesh.rs` (solids with meshes: triangulation,
//! pruning, exact point-in-solid, first contact and contact intervals).
//!
//! Functions: `test_<pair>` decides at one instant, `test_<pair>_moving`
//! decides over a time interval (constant velocity), `find_<pair>_contact`
//! computes the first contact of a constant-velocity pair, and
//! [`solve_sat`] answers a whole scenario. The pair is always written in the
//! canonical order of the paper: box before triangle; a contract pair
//! `(triangle, box)` is solved as `(box, triangle)` and mirrored back.
//!
//! Axis names ([`Axis`]) follow the paper: `A0..A2` and `B0..B2` are box axes
//! (of the first and second box), `N` and `M` the triangle normals (of the
//! first and second triangle), `E0..E2` and `F0..F2` the triangle edges in
//! the paper's convention `E0 = U1 - U0`, `E1 = U2 - U0`, `E2 = E1 - E0`
//! (which are the project's `edge 0`, `edge 2` reversed and `edge 1`), and
//! `W` the relative velocity.
#![deny(clippy::float_arithmetic)]

mod angular;
mod box_box;
mod box_box_f64;
mod box_contact_f64;
pub mod cells;
mod constant_velocity;
mod features;
mod float;
mod hull;
mod mesh;
mod mesh_cells;
mod obb_fit;
mod obb_tree;
mod pair;
mod piecewise;
mod projection;
mod rational_motion;
mod solve;
mod triangle_box;
mod triangle_triangle;

pub use crate::geom::point_in_solid;
pub use crate::geom::{face_cuts, triangulate_faces, FaceCut, FaceTriangle};
pub use angular::{Integrator, DEFAULT_STEPS, MAX_STEPS};
pub(crate) use box_box::box_box_axis_direction;
pub use box_box::{find_box_box_contact, test_box_box, test_box_box_moving};
pub use box_box_f64::{find_box_box_contact_f64, BoxBoxContactF64};
pub use constant_velocity::{AxisInterval, ConstantVelocityContact};
pub use features::ContactFeatures;
pub use hull::convex_hull_vertices;
pub use mesh::{
    mesh_collides, solve_mesh_with_evidence, MeshEvidence, MeshSearch, PreparedMeshes, PruneProof,
    PrunedPair, MAX_PIECE_PAIRS,
};
pub use mesh_cells::{
    claim_mesh_evidence, solve_mesh_cells, solve_mesh_cells_f64, FanName, MeshCellOutcome,
    MeshCellParts, MAX_CELL_PIECE_PAIRS,
};
pub use obb_fit::{box_volume, exact_box_with_axes, fit_obb, FitMethod, FitOptions};
pub use obb_tree::{
    ObbNode, ObbTree, SplitCounts, SplitRule, TreeOptions, DEFAULT_LEAF_SIZE, MEDIAN_AFTER_DEPTH,
};
pub(crate) use pair::contact_details_f64;
pub use pair::SatScenario;
pub use piecewise::{join_sat_parts, solve_sat_piecewise, SatPieceOutcome, SatPiecewiseOutcome};
pub use projection::{AxisProjection, BodyProjection};
pub use rational_motion::{rational_motion_contact, RigidPair};
pub use solve::{solve_sat, solve_sat_with, SatOptions};
pub use triangle_box::{find_triangle_box_contact, test_triangle_box, test_triangle_box_moving};
pub use triangle_triangle::{
    find_triangle_triangle_contact, test_triangle_triangle, test_triangle_triangle_moving,
};

use crate::poly::{Poly, RealRoots};
use std::fmt;

/// A potential separating axis, named as in the paper's tables.
///
/// Indices are the paper's: box axes `0..3`, triangle edges `E0 = U1 - U0`,
/// `E1 = U2 - U0`, `E2 = E1 - E0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    /// `A_i`: a face normal of the (first) box.
    A(usize),
    /// `B_j`: a face normal of the second box.
    B(usize),
    /// `A_i x B_j`: an edge of each box (Table 1).
    AxB(usize, usize),
    /// `N`: the normal of the triangle (box-triangle) or of the first
    /// triangle (triangle-triangle).
    N,
    /// `M`: the normal of the second triangle.
    M,
    /// `A_i x E_j`: an edge of the box and of the triangle (Table 3).
    AxE(usize, usize),
    /// `E_i x F_j`: an edge of each triangle (Table 5).
    ExF(usize, usize),
    /// `N x E_i`: in the plane of coplanar triangles (Table 6).
    NxE(usize),
    /// `N x F_j`: in the plane of coplanar triangles (Table 6).
    NxF(usize),
    /// `W x A_i`: the motion direction and a box axis (Table 1').
    WxA(usize),
    /// `W x B_j`: the motion direction and a box axis (Table 1').
    WxB(usize),
    /// `W x E_i`: the motion direction and a triangle edge (the analogue of
    /// Table 1' for a moving triangle).
    WxE(usize),
    /// `W x F_j`: the motion direction and an edge of the second triangle.
    WxF(usize),
    /// `W x N`: the motion direction and the common normal of parallel
    /// triangles (in-plane motion).
    WxN,
}

impl fmt::Display for Axis {
    /// `A0`, `B2`, `A0xB1`, `N`, `M`, `A1xE2`, `E0xF1`, `NxE0`, `NxF2`,
    /// `WxA0`, `WxB1`, `WxE0`, `WxF2`, `WxN`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Axis::A(i) => write!(f, "A{i}"),
            Axis::B(j) => write!(f, "B{j}"),
            Axis::AxB(i, j) => write!(f, "A{i}xB{j}"),
            Axis::N => f.write_str("N"),
            Axis::M => f.write_str("M"),
            Axis::AxE(i, j) => write!(f, "A{i}xE{j}"),
            Axis::ExF(i, j) => write!(f, "E{i}xF{j}"),
            Axis::NxE(i) => write!(f, "NxE{i}"),
            Axis::NxF(j) => write!(f, "NxF{j}"),
            Axis::WxA(i) => write!(f, "WxA{i}"),
            Axis::WxB(j) => write!(f, "WxB{j}"),
            Axis::WxE(i) => write!(f, "WxE{i}"),
            Axis::WxF(j) => write!(f, "WxF{j}"),
            Axis::WxN => f.write_str("WxN"),
        }
    }
}

/// Where the second solid's projection lies relative to the first's on a
/// separating axis `L`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// `b` projects above `a`: `max a < min b` along `+L`.
    Positive,
    /// `b` projects below `a`: `max b < min a` along `+L`.
    Negative,
}

impl Side {
    /// `+1` or `-1`.
    pub fn sign(self) -> i64 {
        match self {
            Side::Positive => 1,
            Side::Negative => -1,
        }
    }

    /// The other side.
    #[must_use]
    pub fn flip(self) -> Side {
        match self {
            Side::Positive => Side::Negative,
            Side::Negative => Side::Positive,
        }
    }
}

/// The answer of a static test: the separating axis found first, or
/// intersection (the certificate of separation is the axis and side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaticTest {
    /// The closed solids intersect (touching included): no axis separates.
    Intersecting,
    /// `axis` separates, `b` on `side`.
    Separated {
        /// The first separating axis in the table's order.
        axis: Axis,
        /// Where `b` lies.
        side: Side,
    },
}

impl StaticTest {
    /// True for [`StaticTest::Intersecting`].
    pub fn intersects(&self) -> bool {
        matches!(self, StaticTest::Intersecting)
    }
}

/// The polynomial separation data of one axis, self-contained for a
/// referee: along `direction` (polynomial entries in `t`; constants for
/// static and constant-velocity answers), `b` lies on `side` of `a` at time
/// `t` exactly when every polynomial of `gaps` exceeds the sum of the
/// absolute values `sum_j factor_j(t) |inner_j(t)|` of `abs_terms`
/// (`factor_j >= 0` on the interval). All polynomials share one positive
/// scale (a power of the motion's denominator `w(t)`), which does not change
/// the sign conditions.
#[derive(Clone, Debug, PartialEq)]
pub struct AxisCertificate<S> {
    /// The axis name.
    pub axis: Axis,
    /// The side of `b`.
    pub side: Side,
    /// The frame the direction and polynomials are written in.
    pub frame: CertificateFrame,
    /// The direction of the axis (unnormalised).
    pub direction: [Poly<S>; 3],
    /// Each must exceed the absolute-value sum.
    pub gaps: Vec<Poly<S>>,
    /// `(factor, inner)` pairs of the absolute-value sum.
    pub abs_terms: Vec<(Poly<S>, Poly<S>)>,
}

/// The coordinates a certificate is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CertificateFrame {
    /// World coordinates (static and constant-velocity answers: `b` moves
    /// at the relative velocity, `a` is fixed).
    World,
    /// The local frame of the first body of the canonical pair (rational
    /// motions, solved as the relative motion of `b` in `a`'s frame).
    LocalA,
}

/// One piece of a separation certificate: on `[start, end]` (rational
/// ends) the axis separates; `end` is `None` when the piece ends at the
/// contact time `T`, and is then the half-open `[start, T)`.
#[derive(Clone, Debug, PartialEq)]
pub struct SeparationPiece<S> {
    /// Rational start time.
    pub start: S,
    /// Rational end time, `None` for the open end at the contact time.
    pub end: Option<S>,
    /// The separating axis on the piece with its polynomial data.
    pub axis: AxisCertificate<S>,
}

/// The certificate of an answer: plain data a referee checks without
/// re-solving.
#[derive(Clone, Debug, PartialEq)]
pub struct Certificate<S> {
    /// Separation before the first contact (or over the whole interval when
    /// there is none): consecutive pieces covering `[t0, T)` or `[t0, t1]`.
    pub separation: Vec<SeparationPiece<S>>,
    /// For a contact after `t0`: the axis that separated last (its data as
    /// above) and the polynomial whose root is the contact time.
    pub last_axis: Option<AxisCertificate<S>>,
    /// A polynomial in `t` of which the first contact time is a root (for a
    /// contact after `t0`).
    pub time_polynomial: Option<Poly<S>>,
}

/// Counters describing the work done (for reports and benchmarks).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SatStats {
    /// Axes evaluated.
    pub axes: usize,
    /// Polynomials whose real roots were isolated.
    pub root_isolations: usize,
    /// Critical times (roots and interval ends) decided.
    pub critical_times: usize,
    /// Convex piece pairs solved (mesh triangles; angular steps).
    pub piece_pairs: usize,
    /// OBB-tree node pairs tested (meshes).
    pub node_pairs: usize,
}

/// The answer of the SAT solver for one scenario: plain data.
#[derive(Clone, Debug)]
pub struct SatOutcome<S: RealRoots> {
    /// The solids touch or overlap at some time of the interval.
    pub collides: bool,
    /// They touch or overlap at `t0`.
    pub initially_overlapping: bool,
    /// The first time of contact.
    pub first_contact: Option<S::Root>,
    /// The maximal closed contact intervals, in order (an instant of
    /// touching is an interval of zero length).
    pub contact_intervals: Vec<(S::Root, S::Root)>,
    /// The features of `a` and `b` that touch first.
    pub features: Option<ContactFeatures>,
    /// A contact point at the first contact time, world coordinates.
    pub point: Option<[f64; 3]>,
    /// The same point in the scalar, when the first time is a scalar value
    /// (static and constant-velocity answers: an exact rational point for
    /// exact scalars).
    pub exact_point: Option<crate::geom::Vec3<S>>,
    /// The unit contact normal from `a` to `b`, world coordinates.
    pub normal: Option<[f64; 3]>,
    /// The certificate.
    pub certificate: Certificate<S>,
    /// Work counters.
    pub stats: SatStats,
}

impl<S: RealRoots> SatOutcome<S> {
    /// The first contact time as the nearest `f64`.
    pub fn first_contact_f64(&self) -> Option<f64> {
        self.first_contact.as_ref().map(S::root_to_f64)
    }
}
