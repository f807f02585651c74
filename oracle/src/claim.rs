//! Claims about a case, the certificates that back them, and verdicts.

use crate::algebraic::Algebraic;
use crate::case::PolyVec;
use crate::poly::{Poly, Q};

/// A claimed time.
#[derive(Clone, Debug)]
pub enum ClaimedTime {
    /// An exact time: a rational or a root of a polynomial in an interval.
    Exact(Algebraic),
    /// An `f64` answer (no exactness claimed).
    Float(f64),
}

/// The end of a separation piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceEnd {
    /// A rational time, included in the piece.
    At(Q),
    /// The claimed contact time, excluded from the piece.
    BeforeContact,
}

/// "On `[from, to]` (or `[from, T)`), body `b` lies strictly on the positive
/// side of body `a` along `direction`, farther than `r_a + r_b + d`": every
/// core vertex `va` of `a` and `vb` of `b` satisfies
/// `direction(t) . (vb(t) - va(t)) > (r_a + r_b + d) |direction(t)|`
/// (`> 0` for two polytopes at `d = 0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeparationPiece {
    /// Start of the piece (included).
    pub from: Q,
    /// End of the piece.
    pub to: PieceEnd,
    /// The separating direction in world coordinates, a polynomial vector
    /// (any positive multiple of the direction works).
    pub direction: PolyVec,
    /// What the direction is (for messages): `"axis A0"`, `"A1 x B2"`,
    /// `"plane FV(-x, vertex (+,+,-))"` ...
    pub label: String,
}

/// "At the contact time the point `point(t) / denominator(t)` lies in both
/// bodies' cores" or, with [`ContactWitness::other`], "it lies in `a`'s
/// core, `other` in `b`'s, and they are at most `r_a + r_b + d` apart"
/// (the cores of boxes, triangles and hulls are the solids themselves; a
/// sphere's is its centre, a capsule's its segment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContactWitness {
    /// Numerator of the witness point, world coordinates.
    pub point: PolyVec,
    /// Denominator, positive at the contact time.
    pub denominator: Poly,
    /// A second point, of `b`'s core, as numerator and denominator
    /// (positive at the contact time); then `point` need lie in `a`'s core
    /// only.
    pub other: Option<(PolyVec, Poly)>,
    /// The feature pair (for messages).
    pub label: String,
}

/// The evidence behind a claim.
#[derive(Clone, Debug, Default)]
pub struct Certificate {
    /// Pieces of separation, contiguous from `t0` up to the contact time (or
    /// through `t1` when there is no contact).
    pub separation: Vec<SeparationPiece>,
    /// A common point at the contact time, when there is contact.
    pub contact: Option<ContactWitness>,
}

/// What a method says about a case.
#[derive(Clone, Debug)]
pub struct Claim {
    /// Whether the bodies touch or overlap during the interval.
    pub collides: bool,
    /// The first contact time (when `collides`).
    pub time: Option<ClaimedTime>,
    /// The contact intervals, in order (checked against the truth only).
    pub intervals: Vec<(ClaimedTime, ClaimedTime)>,
    /// Optional certificate.
    pub certificate: Option<Certificate>,
}

/// The referee's decision on a claim.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The certificate proves the claim exactly.
    Certified,
    /// The claim or its certificate is wrong.
    Refuted {
        /// What failed, in a sentence.
        reason: String,
        /// A time at or near which the failure shows (a rational within the
        /// isolating interval of an offending root), when there is one.
        counterexample: Option<Q>,
    },
    /// The referee cannot decide (inexact input, transcendental motion,
    /// unsupported shape): why.
    Inconclusive(String),
}

impl Verdict {
    /// A refutation without counterexample time.
    pub fn refuted(reason: impl Into<String>) -> Verdict {
        Verdict::Refuted {
            reason: reason.into(),
            counterexample: None,
        }
    }
}
