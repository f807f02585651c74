//! The extension fields `stats` and `collisions` of a result, as types:
//! what each solver did ([`SolverStats`], one variant per method) and
//! glide's list of every collision ([`GlideCollision`]). Each serialises
//! to the JSON the result has always had, fields in the order shown.
#![deny(clippy::float_arithmetic)]

use super::time_object::TimeObject;
use super::FeatureKind;
use crate::geom::Feature;
use serde::{Serialize, Serializer};

impl Serialize for FeatureKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The `stats` field: the solver's counters (work done, degrees).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SolverStats {
    /// Separating axes.
    Sat(SatStats),
    /// The Gauss-map / Minkowski-sum method.
    Sgm(SgmStats),
    /// Glide rotations, analytic variant.
    Glide(GlideStats),
    /// Glide rotations, raster variant.
    Raster(RasterStats),
    /// A vertex-face or edge-edge query.
    Primitive(PrimitiveStats),
    /// Feature-pair distance.
    Distance(DistanceStats),
    /// The rounded Minkowski difference.
    Minkowski(MinkowskiStats),
}

/// The `stats` of `minkowski`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MinkowskiStats {
    /// Points of the difference of the cores.
    pub points: usize,
    /// Convex pieces of the rounded difference tested.
    pub pieces: usize,
    /// Polynomials whose real roots were isolated.
    pub root_isolations: usize,
}

/// The `stats` of `distance`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DistanceStats {
    /// Feature pairs considered: written, or ruled out before writing by a
    /// bounding-box test.
    pub pairs: usize,
    /// Pairs excluded over the whole interval: by the bounding-box test, or
    /// by a sign test of a written pair's polynomials.
    pub excluded: usize,
    /// Polynomials whose real roots were isolated.
    pub root_isolations: usize,
    /// Common sub-intervals of piecewise motions.
    pub pieces: usize,
}

/// The `stats` of `sat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SatStats {
    /// Axes evaluated.
    pub axes: usize,
    /// Polynomials whose real roots were isolated.
    pub root_isolations: usize,
    /// Critical times (roots and interval ends) decided.
    pub critical_times: usize,
    /// Convex piece pairs solved (mesh triangles; angular steps; the time
    /// cells classified under transcendental motions in the exact scalar).
    pub piece_pairs: usize,
    /// OBB-tree node pairs tested (meshes).
    pub node_pairs: usize,
    /// Common sub-intervals of a piecewise motion (only for one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub_intervals: Option<usize>,
}

/// The `stats` of `sgm` (`docs/methods/sgm.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SgmStats {
    /// Homogeneous intervals of the interval.
    pub homogeneous_intervals: usize,
    /// Intervals decided by the bounding spheres alone.
    pub pruned_by_sphere: usize,
    /// Plane equations built.
    pub planes: usize,
    /// The largest degree among them.
    pub max_plane_degree: usize,
    /// The degree of each plane built.
    pub plane_degrees: Vec<usize>,
    /// The degree of the polynomial whose root is the contact time.
    pub contact_degree: Option<usize>,
    /// The degree of the relative motion.
    pub motion_degree: usize,
    /// Polynomials whose real roots were isolated.
    pub root_isolations: usize,
    /// Cells of the sweep.
    pub cells: usize,
    /// Common sub-intervals of a piecewise motion (only for one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub_intervals: Option<usize>,
    /// Homogeneous intervals of the whole time line outside the interval
    /// (only with `solve --stats`; `Some(None)`, written `null`, when they
    /// cannot be counted exactly).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub intervals_outside_domain: Option<Option<usize>>,
}

/// The `stats` of glide's analytic variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GlideStats {
    /// How the relative motion was written: `translation`, `rotation`,
    /// `screw`, ...
    pub path: &'static str,
    /// The glide's rotation angle.
    pub angle: f64,
    /// The stated error of the `f64` path.
    pub error_estimate: f64,
    /// Feature pairs whose events were solved.
    pub pairs: usize,
    /// Roots found.
    pub roots: usize,
    /// Pairs coplanar over the whole motion.
    pub coplanar_pairs: usize,
    /// Faces of `b` facing forward.
    pub forward_faces_b: usize,
    /// Faces of `a` facing backward.
    pub backward_faces_a: usize,
    /// Bits of the certified enclosures (exact path under rotation).
    pub enclosure_bits: Option<u32>,
    /// The properness of the first collision.
    pub properness: Option<f64>,
}

/// The `stats` of glide's raster variant: the resolution used and the
/// raster's counters.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RasterStats {
    /// Always `raster`.
    pub variant: &'static str,
    /// As in [`GlideStats::path`].
    pub path: &'static str,
    /// The glide's rotation angle.
    pub angle: f64,
    /// The stated error of the `f64` path.
    pub error_estimate: f64,
    /// The distance between pixels.
    pub pixel: f64,
    /// The time resolution, in the scenario's time units.
    pub time_resolution: f64,
    /// Collisions below this properness are not counted.
    pub properness_threshold: f64,
    /// The properness of the first collision.
    pub properness: Option<f64>,
    /// Collisions found.
    pub collisions_found: usize,
    /// The raster stopped at the first collision.
    pub early_out: bool,
    /// Pieces of `a`'s surface.
    pub pieces_a: usize,
    /// Pieces of `b`'s surface.
    pub pieces_b: usize,
    /// Pieces doppeled.
    pub doppeled_pieces: usize,
    /// Faces projected whole.
    pub faces_whole: usize,
    /// Faces clipped.
    pub faces_clipped: usize,
    /// Faces culled.
    pub faces_culled: usize,
    /// Chords drawn.
    pub chords: usize,
    /// Face records written.
    pub face_records: usize,
    /// Vertex pixels scanned.
    pub vertex_pixels: usize,
    /// Edge pixels scanned.
    pub edge_pixels: usize,
    /// Vertex candidates resolved.
    pub vertex_candidates: usize,
    /// Edge candidates resolved.
    pub edge_candidates: usize,
    /// Edge pairs solved.
    pub edge_pairs_solved: usize,
}

/// The `stats` of a primitive query: the work done and the evidence of the
/// answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PrimitiveStats {
    /// Candidate times.
    pub candidates: usize,
    /// Inside tests made.
    pub tests: usize,
    /// The four points are coplanar at every time.
    pub coplanar: bool,
    /// Why the answer is what it is.
    pub evidence: PrimitiveEvidence,
}

/// The evidence of a primitive answer: every candidate time before the
/// contact rejected with a reason, and the contact with its witness.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PrimitiveEvidence {
    /// How the candidates were chosen.
    pub schedule: Schedule,
    /// The degree of the separation polynomial (`None` when coplanar).
    pub separation_degree: Option<usize>,
    /// The candidates rejected, in time order.
    pub rejected: Vec<RejectedCandidate>,
    /// The first contact, when there is one.
    pub contact: Option<ContactEvidence>,
}

/// How a primitive query's candidate times were chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Schedule {
    /// The roots of the coplanarity cubic.
    Separation,
    /// Coplanar at every time: the critical times of the inside test.
    Coplanar,
    /// A minimum separation: the roots of the regions' polynomials.
    Proximity,
}

/// A candidate time and why the primitives do not touch then.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RejectedCandidate {
    /// The time.
    pub time: TimeObject,
    /// The reason.
    pub reason: Rejection,
}

/// The contact time and its witness.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ContactEvidence {
    /// The time.
    pub time: TimeObject,
    /// Why the primitives touch then.
    pub witness: Witness,
}

/// A coordinate axis, written `x`, `y`, `z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AxisName {
    /// `x`.
    X,
    /// `y`.
    Y,
    /// `z`.
    Z,
}

impl AxisName {
    /// The axis of index `k` (`z` for 2 and above).
    pub fn of(k: usize) -> Self {
        [AxisName::X, AxisName::Y, AxisName::Z][k.min(2)]
    }
}

/// A sign, written `+`, `-`, `0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SignName {
    /// `+`.
    #[serde(rename = "+")]
    Positive,
    /// `-`.
    #[serde(rename = "-")]
    Negative,
    /// `0`.
    #[serde(rename = "0")]
    Zero,
}

/// A segment of an edge-edge query, written `a`, `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SegmentName {
    /// The first segment.
    A,
    /// The second segment.
    B,
}

/// Why a point is not on a segment: `{"off_line": AXIS}` or `"beyond"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Miss {
    /// Off the segment's line, seen along this axis.
    OffLine(AxisName),
    /// On the line, beyond the segment's ends.
    Beyond,
}

/// Why the primitives do not touch at a candidate time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rejection {
    /// The vertex projects outside the triangle.
    Outside {
        /// The projection axis.
        axis: AxisName,
        /// The triangle vertex whose barycentric coordinate is negative.
        vertex: usize,
    },
    /// The triangle is degenerate and the vertex is on none of its edges.
    OffDegenerateFace(Vec<Miss>),
    /// Both ends of a segment lie on one side of the other's line.
    SameSide {
        /// The projection axis.
        axis: AxisName,
        /// The segment whose ends lie on one side.
        segment: SegmentName,
        /// The side.
        sign: SignName,
    },
    /// Parallel segments, no end on the other segment.
    ParallelApart(Vec<Miss>),
    /// A minimum separation: for each region, the index of its first
    /// condition that fails (`docs/methods/primitive.md`).
    Far(Vec<u8>),
    /// `f64` only: the signs found a contact, but the primitives are
    /// farther apart than `2^-30` of the query's scale at that time.
    Apart,
}

/// Why the primitives touch at the contact time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Witness {
    /// The vertex projects inside (or onto) the triangle.
    Inside {
        /// The projection axis.
        axis: AxisName,
        /// The signs of the barycentric coordinates.
        barycentric: Vec<SignName>,
    },
    /// The triangle is degenerate and the vertex lies on this edge.
    OnDegenerateFace([usize; 2]),
    /// The segments cross.
    Crossing {
        /// The projection axis.
        axis: AxisName,
        /// Signs of `a`'s ends against `b`'s line.
        a_sides: Vec<SignName>,
        /// Signs of `b`'s ends against `a`'s line.
        b_sides: Vec<SignName>,
    },
    /// Parallel segments: this end of this segment lies on the other.
    EndOnSegment {
        /// The segment whose end it is.
        segment: SegmentName,
        /// Which end (`0` or `1`).
        end: usize,
    },
    /// A minimum separation: the region of these features holds.
    Near {
        /// The feature of `a`.
        a: crate::geom::Feature,
        /// The feature of `b`.
        b: crate::geom::Feature,
    },
}

/// One entry of the `collisions` field (glide with `--all`): every
/// vertex-face and edge-edge collision of the interval, in time order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GlideCollision {
    /// The kind of the feature pair.
    pub kind: FeatureKind,
    /// The feature of `a`.
    pub a: Feature,
    /// The feature of `b`.
    pub b: Feature,
    /// When.
    pub time: TimeObject,
    /// Where (world coordinates).
    pub point: [f64; 3],
    /// The unit normal from `a` to `b`, when defined.
    pub normal: Option<[f64; 3]>,
    /// Buss's properness of the collision.
    pub properness: Option<f64>,
    /// Properness at or above the threshold.
    pub proper: bool,
    /// The pair is coplanar over the whole motion.
    pub coplanar: bool,
}
