//! The primitive solver behind `exactccd solve --method primitive`: runs
//! [`find_primitive`] on a scenario's `query` (a vertex-face or edge-edge
//! query, `docs/methods/primitive.md`) in the requested scalar and converts
//! its [`PrimitiveContact`] to the method-neutral [`ContactResult`].
//!
//! Features: `a` is the vertex (vertex-face) or segment `a0 a1`
//! (edge-edge), `b` the triangle or segment `b0 b1`; names `vertex`,
//! `face`, `edge f0-f1`, `vertex f2`, `edge a`, `vertex a0`, `edge b`,
//! `vertex b1` ([`PrimitiveFeature::names`]).
//!
//! `stats`: `{"candidates": N, "tests": N, "coplanar": BOOL, "evidence":
//! EVIDENCE}`, where the evidence is the primitive solver's own certificate
//! (the candidate times and the exact signs that decide each; it is not the
//! method-neutral separation certificate: that one, in the result's
//! `certificate` field, is built as for the distance method on the query's
//! points taken as bodies, `primitive_bodies.rs`):
//!
//! ```json
//! { "schedule": "separation" | "coplanar", "separation_degree": 3 | null,
//!   "rejected": [ { "time": TIME, "reason": REASON } ],
//!   "contact": { "time": TIME, "witness": WITNESS } | null }
//! ```
//!
//! `REASON` and `WITNESS` name the exact signs that decide each candidate
//! (module `solver::primitive`): `{"outside": {"axis": "z", "vertex": 2}}`
//! (the barycentric coordinate of that triangle vertex is negative, read
//! along the axis), `{"off_degenerate_face": [MISS, MISS, MISS]}`,
//! `{"same_side": {"axis": "x", "segment": "a", "sign": "+"}}`,
//! `{"parallel_apart": [MISS x4]}` with `MISS` `{"off_line": "y"}` or
//! `"beyond"`; `{"inside": {"axis": "z", "barycentric": ["+", "0", "+"]}}`,
//! `{"on_degenerate_face": [0, 2]}`, `{"crossing": {"axis": "z", "a_sides":
//! ["+", "-"], "b_sides": ["0", "-"]}}`, `{"end_on_segment": {"segment":
//! "b", "end": 0}}`.
#![deny(clippy::float_arithmetic)]

use super::{
    time_object, AxisName, ContactEvidence, ContactResult, FeaturePair, Miss, PrimitiveEvidence,
    PrimitiveStats, RejectedCandidate, Rejection, ScalarKind, Schedule, SegmentName, SignName,
    SolveOptions, SolverStats, Time, Witness,
};
use crate::scalar::{BigRational, Sign};
use crate::solver::primitive::{
    find_primitive, query_to_f64, EdgeEdgeRejection, EdgeEdgeWitness, PrimitiveContact,
    PrimitiveFeature, PrimitiveQuery, Rejection as PrimitiveRejection,
    Schedule as PrimitiveSchedule, Segment, SegmentMiss, VertexFaceRejection, VertexFaceWitness,
    Witness as PrimitiveWitness,
};
use crate::Error;

fn sign(s: Sign) -> SignName {
    match s {
        Sign::Negative => SignName::Negative,
        Sign::Zero => SignName::Zero,
        Sign::Positive => SignName::Positive,
    }
}

fn signs(s: &[Sign]) -> Vec<SignName> {
    s.iter().map(|x| sign(*x)).collect()
}

fn segment(s: Segment) -> SegmentName {
    match s {
        Segment::A => SegmentName::A,
        Segment::B => SegmentName::B,
    }
}

fn miss(m: &SegmentMiss) -> Miss {
    match m {
        SegmentMiss::OffLine { axis: k } => Miss::OffLine(AxisName::of(*k)),
        SegmentMiss::Beyond => Miss::Beyond,
    }
}

fn witness(w: &PrimitiveWitness) -> Witness {
    match w {
        PrimitiveWitness::VertexFace(VertexFaceWitness::Inside {
            axis: k,
            barycentric,
        }) => Witness::Inside {
            axis: AxisName::of(*k),
            barycentric: signs(barycentric),
        },
        PrimitiveWitness::VertexFace(VertexFaceWitness::OnDegenerateFace { edge }) => {
            Witness::OnDegenerateFace([edge.0, edge.1])
        }
        PrimitiveWitness::EdgeEdge(EdgeEdgeWitness::Crossing {
            axis: k,
            a_sides,
            b_sides,
        }) => Witness::Crossing {
            axis: AxisName::of(*k),
            a_sides: signs(a_sides),
            b_sides: signs(b_sides),
        },
        PrimitiveWitness::EdgeEdge(EdgeEdgeWitness::EndOnSegment { segment: s, end }) => {
            Witness::EndOnSegment {
                segment: segment(*s),
                end: *end,
            }
        }
        PrimitiveWitness::Near(f) => {
            let (a, b) = f.features();
            Witness::Near { a, b }
        }
    }
}

fn rejection(r: &PrimitiveRejection) -> Rejection {
    match r {
        PrimitiveRejection::VertexFace(VertexFaceRejection::Outside { axis: k, vertex }) => {
            Rejection::Outside {
                axis: AxisName::of(*k),
                vertex: *vertex,
            }
        }
        PrimitiveRejection::VertexFace(VertexFaceRejection::OffDegenerateFace { misses }) => {
            Rejection::OffDegenerateFace(misses.iter().map(miss).collect())
        }
        PrimitiveRejection::EdgeEdge(EdgeEdgeRejection::SameSide {
            axis: k,
            segment: s,
            sign: g,
        }) => Rejection::SameSide {
            axis: AxisName::of(*k),
            segment: segment(*s),
            sign: sign(*g),
        },
        PrimitiveRejection::EdgeEdge(EdgeEdgeRejection::ParallelApart { misses }) => {
            Rejection::ParallelApart(misses.iter().map(miss).collect())
        }
        PrimitiveRejection::Far(far) => Rejection::Far(far.failed().to_vec()),
        PrimitiveRejection::Apart => Rejection::Apart,
    }
}

fn feature_pair(f: &PrimitiveFeature) -> Option<FeaturePair> {
    let (a, b) = f.features();
    FeaturePair::new(a, b)
}

/// The method-neutral result of a primitive contact, times converted by
/// `time` (exact or `f64`).
fn to_result<T>(
    c: &PrimitiveContact<T>,
    time: impl Fn(&T) -> Time,
    precision: u32,
) -> ContactResult {
    let cert = &c.certificate;
    let (schedule, separation_degree) = match cert.schedule {
        PrimitiveSchedule::Separation { degree } => (Schedule::Separation, Some(degree)),
        PrimitiveSchedule::Coplanar { .. } => (Schedule::Coplanar, None),
        PrimitiveSchedule::Proximity { .. } => (Schedule::Proximity, None),
    };
    let evidence = PrimitiveEvidence {
        schedule,
        separation_degree,
        rejected: cert
            .rejected
            .iter()
            .map(|(t, r)| RejectedCandidate {
                time: time_object(&time(t), precision),
                reason: rejection(r),
            })
            .collect(),
        contact: cert.contact.as_ref().map(|(t, w)| ContactEvidence {
            time: time_object(&time(t), precision),
            witness: witness(w),
        }),
    };
    ContactResult {
        collides: c.collides,
        initially_overlapping: c.initially_touching,
        time: c.first_contact.as_ref().map(&time),
        contact_intervals: c
            .contact_intervals
            .iter()
            .map(|(s, e)| (time(s), time(e)))
            .collect(),
        feature: c.feature.as_ref().and_then(feature_pair),
        point: c.point,
        normal: c.normal,
        stats: Some(SolverStats::Primitive(PrimitiveStats {
            candidates: c.stats.candidates,
            tests: c.stats.tests,
            coplanar: c.stats.coplanar,
            evidence,
        })),
        certificate: None,
        collisions: None,
    }
}

/// Runs the primitive query in `scalar`: exact rationals (times as real
/// algebraic numbers) or `f64` (every coordinate rounded once).
pub(crate) fn solve(
    query: &PrimitiveQuery<BigRational>,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> Result<ContactResult, Error> {
    let p = options.precision;
    match scalar {
        ScalarKind::Exact => {
            let c = find_primitive(query)?;
            let mut result = to_result(&c, |t| Time::Exact(t.clone()), p);
            let bodies =
                super::primitive_bodies::primitive_bodies(query).filter(|_| options.certify);
            result.certificate = bodies.and_then(|(a, b)| {
                let interval = (query.interval[0].clone(), query.interval[1].clone());
                let bodies = super::BodyQuery {
                    a: &a,
                    b: &b,
                    interval: &interval,
                    approximate_rotations: &[],
                    separation: &query.separation,
                };
                super::core_certificate::distance_certificate(
                    &bodies,
                    c.first_contact.as_ref(),
                    None,
                )
            });
            Ok(result)
        }
        ScalarKind::F64 => {
            let c = find_primitive(&query_to_f64(query))?;
            Ok(to_result(&c, |t| Time::Float(t.0), p))
        }
    }
}
