//! The SAT solver behind `exactccd solve --method sat`: runs
//! [`solve_sat`] in the requested scalar and converts its
//! [`SatOutcome`] to the method-neutral [`ContactResult`], with the
//! certificate as JSON (the `certificate` field):
//!
//! ```json
//! { "frame": "world" | "local-a", "swapped": false,
//!   "separation": [ { "start": "0", "end": "1/2" | null, "axis": AXIS } ],
//!   "last_axis": AXIS | null, "time_polynomial": ["-1", "2"] | null }
//! ```
//!
//! with `AXIS = { "name": "A0xB1", "side": "+" | "-", "direction": [P, P,
//! P], "gaps": [P...], "abs_terms": [[P, P]...] }` and `P` a polynomial in
//! `t` (coefficients from degree 0, exact rationals as strings, or `f64`
//! numbers): on the piece, `b` lies on `side` of `a` along `direction`
//! when every gap exceeds `sum factor |inner|`
//! ([`AxisCertificate`]). `end: null` is the open end at the contact time.
//! Polynomials are in the frame of the canonical first solid (the box of a
//! box-triangle pair; `swapped` says when that is the scenario's `b`).
#![deny(clippy::float_arithmetic)]

use super::{
    ContactQuery, ContactResult, FeatureKind, FeaturePair, ScalarKind, SolveError, SolveOptions,
    Time,
};
use crate::geom::Shape;
use crate::poly::{Poly, RealRoots};
use crate::scalar::{BigRational, Scalar};
use crate::solver::sat::{
    solve_sat, AxisCertificate, CertificateFrame, SatOutcome, SatScenario, Side,
};
use serde_json::{json, Value};

fn scalar_json<S: Scalar>(x: &S) -> Value {
    if S::IS_EXACT {
        Value::String(x.to_rational().map(|q| q.to_string()).unwrap_or_default())
    } else {
        json!(x.to_f64())
    }
}

fn poly_json<S: Scalar>(p: &Poly<S>) -> Value {
    if p.is_zero() {
        return json!([scalar_json(&S::zero())]);
    }
    Value::Array(p.coeffs().iter().map(scalar_json).collect())
}

fn axis_json<S: Scalar>(a: &AxisCertificate<S>) -> Value {
    json!({
        "name": a.axis.to_string(),
        "side": if a.side == Side::Positive { "+" } else { "-" },
        "direction": a.direction.iter().map(poly_json).collect::<Vec<_>>(),
        "gaps": a.gaps.iter().map(poly_json).collect::<Vec<_>>(),
        "abs_terms": a.abs_terms.iter().map(|(f, i)| json!([poly_json(f), poly_json(i)])).collect::<Vec<_>>(),
    })
}

fn certificate_json<S: RealRoots>(out: &SatOutcome<S>, swapped: bool) -> Value {
    let frame = out
        .certificate
        .separation
        .first()
        .map(|p| p.axis.frame)
        .or(out.certificate.last_axis.as_ref().map(|a| a.frame));
    json!({
        "frame": match frame {
            Some(CertificateFrame::LocalA) => "local-a",
            _ => "world",
        },
        "swapped": swapped,
        "separation": out.certificate.separation.iter().map(|p| json!({
            "start": scalar_json(&p.start),
            "end": p.end.as_ref().map(scalar_json),
            "axis": axis_json(&p.axis),
        })).collect::<Vec<_>>(),
        "last_axis": out.certificate.last_axis.as_ref().map(axis_json),
        "time_polynomial": out.certificate.time_polynomial.as_ref().map(poly_json),
    })
}

fn feature_kind(kind: &str) -> Option<FeatureKind> {
    Some(match kind {
        "face-vertex" => FeatureKind::FaceVertex,
        "vertex-face" => FeatureKind::VertexFace,
        "edge-edge" => FeatureKind::EdgeEdge,
        "face-face" => FeatureKind::FaceFace,
        "edge-face" => FeatureKind::EdgeFace,
        "face-edge" => FeatureKind::FaceEdge,
        "vertex-edge" => FeatureKind::VertexEdge,
        "edge-vertex" => FeatureKind::EdgeVertex,
        "vertex-vertex" => FeatureKind::VertexVertex,
        _ => return None,
    })
}

fn convert<S: RealRoots>(
    out: &SatOutcome<S>,
    time: impl Fn(&S::Root) -> Time,
    swapped: bool,
) -> ContactResult {
    ContactResult {
        collides: out.collides,
        initially_overlapping: out.initially_overlapping,
        time: out.first_contact.as_ref().map(&time),
        contact_intervals: out
            .contact_intervals
            .iter()
            .map(|(a, b)| (time(a), time(b)))
            .collect(),
        feature: out.features.as_ref().and_then(|f| {
            Some(FeaturePair {
                kind: feature_kind(&f.kind())?,
                a: f.a.to_string(),
                b: f.b.to_string(),
            })
        }),
        point: out.point,
        normal: out.normal,
        stats: Some(json!({
            "axes": out.stats.axes,
            "root_isolations": out.stats.root_isolations,
            "critical_times": out.stats.critical_times,
        })),
        certificate: Some(certificate_json(out, swapped)),
    }
}

fn map_error(e: crate::solver::sat::SatError) -> SolveError {
    if e.is_not_applicable() {
        SolveError::NotApplicable(e.to_string())
    } else {
        SolveError::LimitExceeded(e.to_string())
    }
}

/// Runs the SAT solver on the query in the requested scalar.
pub(crate) fn solve(
    query: &ContactQuery<'_>,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> Result<ContactResult, SolveError> {
    let _ = options;
    let (t0, t1): (&BigRational, &BigRational) = (&query.interval.0, &query.interval.1);
    let scenario = SatScenario {
        a: query.a,
        b: query.b,
        interval: (t0, t1),
    };
    let swapped = !matches!(query.a.shape, Shape::Box(_)) && matches!(query.b.shape, Shape::Box(_));
    match scalar {
        ScalarKind::Exact => {
            let out = solve_sat::<BigRational>(&scenario).map_err(map_error)?;
            Ok(convert(&out, |r| Time::Exact(r.clone()), swapped))
        }
        ScalarKind::F64 => {
            let out = solve_sat::<f64>(&scenario).map_err(map_error)?;
            Ok(convert(&out, |r| Time::Float(r.0), swapped))
        }
    }
}
