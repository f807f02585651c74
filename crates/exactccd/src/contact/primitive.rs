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
//! method-neutral separation certificate, which primitive queries do not
//! produce yet, so the result's `certificate` field is absent):
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
    time_json, ContactResult, FeatureKind, FeaturePair, ScalarKind, SolveError, SolveOptions, Time,
};
use crate::scalar::{BigRational, Sign};
use crate::solver::primitive::{
    find_primitive, query_to_f64, EdgeEdgeRejection, EdgeEdgeWitness, PrimitiveContact,
    PrimitiveError, PrimitiveFeature, PrimitiveQuery, Rejection, Schedule, Segment, SegmentMiss,
    VertexFaceRejection, VertexFaceWitness, Witness,
};
use serde_json::{json, Value};

fn axis(k: usize) -> &'static str {
    ["x", "y", "z"][k.min(2)]
}

fn sign(s: Sign) -> &'static str {
    match s {
        Sign::Negative => "-",
        Sign::Zero => "0",
        Sign::Positive => "+",
    }
}

fn segment(s: Segment) -> &'static str {
    match s {
        Segment::A => "a",
        Segment::B => "b",
    }
}

fn miss(m: &SegmentMiss) -> Value {
    match m {
        SegmentMiss::OffLine { axis: k } => json!({ "off_line": axis(*k) }),
        SegmentMiss::Beyond => json!("beyond"),
    }
}

fn witness_json(w: &Witness) -> Value {
    match w {
        Witness::VertexFace(VertexFaceWitness::Inside {
            axis: k,
            barycentric,
        }) => json!({ "inside": {
            "axis": axis(*k),
            "barycentric": barycentric.iter().map(|s| sign(*s)).collect::<Vec<_>>(),
        }}),
        Witness::VertexFace(VertexFaceWitness::OnDegenerateFace { edge }) => {
            json!({ "on_degenerate_face": [edge.0, edge.1] })
        }
        Witness::EdgeEdge(EdgeEdgeWitness::Crossing {
            axis: k,
            a_sides,
            b_sides,
        }) => json!({ "crossing": {
            "axis": axis(*k),
            "a_sides": a_sides.iter().map(|s| sign(*s)).collect::<Vec<_>>(),
            "b_sides": b_sides.iter().map(|s| sign(*s)).collect::<Vec<_>>(),
        }}),
        Witness::EdgeEdge(EdgeEdgeWitness::EndOnSegment { segment: s, end }) => {
            json!({ "end_on_segment": { "segment": segment(*s), "end": end } })
        }
    }
}

fn rejection_json(r: &Rejection) -> Value {
    match r {
        Rejection::VertexFace(VertexFaceRejection::Outside { axis: k, vertex }) => {
            json!({ "outside": { "axis": axis(*k), "vertex": vertex } })
        }
        Rejection::VertexFace(VertexFaceRejection::OffDegenerateFace { misses }) => {
            json!({ "off_degenerate_face": misses.iter().map(miss).collect::<Vec<_>>() })
        }
        Rejection::EdgeEdge(EdgeEdgeRejection::SameSide {
            axis: k,
            segment: s,
            sign: g,
        }) => json!({ "same_side": {
            "axis": axis(*k), "segment": segment(*s), "sign": sign(*g),
        }}),
        Rejection::EdgeEdge(EdgeEdgeRejection::ParallelApart { misses }) => {
            json!({ "parallel_apart": misses.iter().map(miss).collect::<Vec<_>>() })
        }
    }
}

fn feature_pair(f: &PrimitiveFeature) -> FeaturePair {
    let kind = match f.kind_name() {
        "vertex-face" => FeatureKind::VertexFace,
        "vertex-edge" => FeatureKind::VertexEdge,
        "edge-vertex" => FeatureKind::EdgeVertex,
        "vertex-vertex" => FeatureKind::VertexVertex,
        _ => FeatureKind::EdgeEdge,
    };
    let (a, b) = f.names();
    FeaturePair { kind, a, b }
}

/// The method-neutral result of a primitive contact, times converted by
/// `time` (exact or `f64`).
fn to_result<T>(
    c: &PrimitiveContact<T>,
    time: impl Fn(&T) -> Time,
    precision: u32,
) -> ContactResult {
    let cert = &c.certificate;
    let (schedule, degree) = match cert.schedule {
        Schedule::Separation { degree } => ("separation", json!(degree)),
        Schedule::Coplanar { .. } => ("coplanar", Value::Null),
    };
    let evidence = json!({
        "schedule": schedule,
        "separation_degree": degree,
        "rejected": cert.rejected.iter().map(|(t, r)| json!({
            "time": time_json(&time(t), precision),
            "reason": rejection_json(r),
        })).collect::<Vec<_>>(),
        "contact": cert.contact.as_ref().map(|(t, w)| json!({
            "time": time_json(&time(t), precision),
            "witness": witness_json(w),
        })),
    });
    ContactResult {
        collides: c.collides,
        initially_overlapping: c.initially_touching,
        time: c.first_contact.as_ref().map(&time),
        contact_intervals: c
            .contact_intervals
            .iter()
            .map(|(s, e)| (time(s), time(e)))
            .collect(),
        feature: c.feature.as_ref().map(feature_pair),
        point: c.point,
        normal: c.normal,
        stats: Some(json!({
            "candidates": c.stats.candidates,
            "tests": c.stats.tests,
            "coplanar": c.stats.coplanar,
            "evidence": evidence,
        })),
        certificate: None,
        collisions: None,
    }
}

fn limit(e: PrimitiveError) -> SolveError {
    SolveError::LimitExceeded(e.to_string())
}

/// Runs the primitive query in `scalar`: exact rationals (times as real
/// algebraic numbers) or `f64` (every coordinate rounded once).
pub(crate) fn solve(
    query: &PrimitiveQuery<BigRational>,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> Result<ContactResult, SolveError> {
    let p = options.precision;
    match scalar {
        ScalarKind::Exact => {
            let c = find_primitive(query).map_err(limit)?;
            Ok(to_result(&c, |t| Time::Exact(t.clone()), p))
        }
        ScalarKind::F64 => {
            let c = find_primitive(&query_to_f64(query)).map_err(limit)?;
            Ok(to_result(&c, |t| Time::Float(t.0), p))
        }
    }
}
