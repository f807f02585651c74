//! Method-neutral results (docs/FORMAT.md 3): contact times, contact
//! intervals, feature pairs, points and normals, the result JSON writer, and
//! the dispatch from a method name to a solver.
//!
//! * [`Time`] is one TIME object of the contract: an exact real algebraic
//!   number, a certified enclosure of a transcendental time, or an `f64`
//!   solver's answer.
//! * [`ContactResult`] is what every solver returns, whatever its method.
//! * [`write_result_json`] prints it exactly as section 3 says
//!   (`json.rs`).
//! * [`solve`] routes a [`ContactQuery`] to the solver of a [`Method`]
//!   (`dispatch.rs`); "not applicable" is an [`Error`](crate::Error), never a guessed
//!   answer.
#![deny(clippy::float_arithmetic)]

mod certificate;
mod core_certificate;
mod dispatch;
mod glide;
mod json;
pub(crate) mod oracle_form;
mod primitive;
mod primitive_bodies;
mod query;
mod rounded;
mod sat;
mod sgm;
mod solids_certificate;
mod stats;
mod time_object;
mod translation;
mod witness;

pub use crate::budget::{with_budget, WorkBudget, DEFAULT_BUDGET_SECONDS};
pub use certificate::{
    AboutAxis, BodyFixedDirection, Certificate, CertificatePart, ContactWitness, FanPiece,
    PieceEnd, SeparationPiece, SolidParts, WitnessBody,
};
pub use dispatch::{default_method, solve, solve_with_default_method};
pub use json::{write_result_json, ResultHeader, RESULT_FORMAT};
pub use query::{
    BodyQuery, ContactQuery, GlideVariant, Integrator, Method, SatVariant, ScalarKind,
    SolveOptions, DEFAULT_PRECISION_BITS, DEFAULT_STEPS, MAX_PRECISION_BITS,
};
pub use sgm::add_sgm_domain_stats;
pub use stats::{
    AxisName, ContactEvidence, DistanceStats, GlideCollision, GlideStats, MinkowskiStats, Miss,
    PrimitiveEvidence, PrimitiveStats, RasterStats, RejectedCandidate, Rejection, SatStats,
    Schedule, SegmentName, SgmStats, SignName, SolverStats, Witness,
};
pub use time_object::{
    rational_with_decimal, time_json, time_object, time_with_decimal, TimeObject,
};
pub use translation::solve_box_translation;
pub use witness::find_contact_witness;

use crate::geom::Feature;
use crate::poly::RealAlgebraic;
use crate::scalar::BigRational;
use std::fmt;

/// A time of the contract's TIME object (docs/FORMAT.md 3).
#[derive(Clone, Debug, PartialEq)]
pub enum Time {
    /// An exact real algebraic time (exact scalar).
    Exact(RealAlgebraic),
    /// A certified enclosure `[lower, upper]` of a transcendental time
    /// (no polynomial known). Solvers make it at most
    /// `2^-precision * max(1, |T|)` wide ([`SolveOptions::precision`]).
    Enclosure {
        /// Exact lower end.
        lower: BigRational,
        /// Exact upper end.
        upper: BigRational,
    },
    /// The answer of an `f64` solver.
    Float(f64),
}

/// The kind of a pair of features that first touch: the feature of `a`,
/// then the feature of `b` (`FaceVertex` is a face of `a` against a vertex
/// of `b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FeatureKind {
    /// A face of `a` and a vertex of `b`.
    FaceVertex,
    /// A vertex of `a` and a face of `b`.
    VertexFace,
    /// An edge of `a` and an edge of `b`.
    EdgeEdge,
    /// A face of `a` and a face of `b` (parallel faces touching).
    FaceFace,
    /// An edge of `a` and a face of `b`.
    EdgeFace,
    /// A face of `a` and an edge of `b`.
    FaceEdge,
    /// A vertex of `a` and an edge of `b`.
    VertexEdge,
    /// An edge of `a` and a vertex of `b`.
    EdgeVertex,
    /// A vertex of `a` and a vertex of `b`.
    VertexVertex,
}

impl FeatureKind {
    /// The name printed in results: `face-vertex`, `edge-edge`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            FeatureKind::FaceVertex => "face-vertex",
            FeatureKind::VertexFace => "vertex-face",
            FeatureKind::EdgeEdge => "edge-edge",
            FeatureKind::FaceFace => "face-face",
            FeatureKind::EdgeFace => "edge-face",
            FeatureKind::FaceEdge => "face-edge",
            FeatureKind::VertexEdge => "vertex-edge",
            FeatureKind::EdgeVertex => "edge-vertex",
            FeatureKind::VertexVertex => "vertex-vertex",
        }
    }
}

impl FeatureKind {
    /// Every kind, `a`'s feature first.
    pub const ALL: [FeatureKind; 9] = [
        FeatureKind::FaceVertex,
        FeatureKind::VertexFace,
        FeatureKind::EdgeEdge,
        FeatureKind::FaceFace,
        FeatureKind::EdgeFace,
        FeatureKind::FaceEdge,
        FeatureKind::VertexEdge,
        FeatureKind::EdgeVertex,
        FeatureKind::VertexVertex,
    ];

    /// The kind named `name` (`"face-vertex"`, ...: the inverse of
    /// [`FeatureKind::as_str`]).
    pub(crate) fn from_name(name: &str) -> Option<FeatureKind> {
        FeatureKind::ALL.into_iter().find(|k| k.as_str() == name)
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The pair of features that first touch, named as the geometry module
/// names them (`face +x`, `vertex (-,+,-)`, `edge 3-7`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FeaturePair {
    /// Which kinds of features.
    pub kind: FeatureKind,
    /// The feature of `a`.
    pub a: Feature,
    /// The feature of `b`.
    pub b: Feature,
}

impl FeaturePair {
    /// The pair `(a, b)` with its kind (`face-vertex` for a face of `a` and
    /// a vertex of `b`, ...); `None` for a pair no kind names (none of the
    /// solvers makes one).
    pub fn new(a: Feature, b: Feature) -> Option<Self> {
        let kind = FeatureKind::from_name(&format!("{}-{}", a.kind(), b.kind()))?;
        Some(FeaturePair { kind, a, b })
    }
}

/// The answer of a solver, whatever its method (docs/FORMAT.md 3).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ContactResult {
    /// True when the solids touch or overlap somewhere in the interval.
    pub collides: bool,
    /// True when they already intersect at `t0`.
    pub initially_overlapping: bool,
    /// The first contact time `T`; `None` exactly when `collides` is false.
    pub time: Option<Time>,
    /// The maximal closed sub-intervals of contact, in order; empty when the
    /// method does not compute them or there is no contact.
    pub contact_intervals: Vec<(Time, Time)>,
    /// The features that first touch, when the method knows them.
    pub feature: Option<FeaturePair>,
    /// A contact point at `T` (world coordinates), when the method gives one.
    pub point: Option<[f64; 3]>,
    /// The unit contact normal at `T`, pointing from `a` to `b`.
    pub normal: Option<[f64; 3]>,
    /// Extension: the solver's statistics (work done, polynomial degrees),
    /// written as the `stats` field when present.
    pub stats: Option<SolverStats>,
    /// Extension: the evidence the referee checks instead of re-solving
    /// (separation pieces and a contact witness, see [`Certificate`]),
    /// written as the `certificate` field when present. Exact answers of the
    /// box solvers always carry one.
    pub certificate: Option<Certificate>,
    /// Extension: every collision in the interval, in time order, written as
    /// the `collisions` field when present (the glide solver with
    /// `--all`; see `docs/methods/glide.md` for the entries).
    pub collisions: Option<Vec<GlideCollision>>,
}

/// Contact intervals `[(entry, exit)]` of a solver, in the neutral form.
pub(crate) fn neutral_intervals<R>(
    intervals: &[(R, R)],
    time: impl Fn(&R) -> Time,
) -> Vec<(Time, Time)> {
    intervals.iter().map(|(a, b)| (time(a), time(b))).collect()
}

impl ContactResult {
    /// The result "no contact in the interval".
    pub fn no_contact() -> Self {
        ContactResult::default()
    }
}

#[cfg(test)]
mod tests {
    use super::FeatureKind;

    #[test]
    fn feature_kind_names_round_trip() {
        for kind in FeatureKind::ALL {
            assert_eq!(FeatureKind::from_name(kind.as_str()), Some(kind));
        }
        assert_eq!(
            FeatureKind::from_name("edge-face"),
            Some(FeatureKind::EdgeFace)
        );
        assert_eq!(FeatureKind::from_name("face"), None);
    }
}
