//! The glide solver behind `exactccd solve --method glide`: runs
//! [`solve_glide`] and converts its [`GlideOutcome`] to the method-neutral
//! [`ContactResult`]. Exact answers under translations carry exact times;
//! under rotations certified enclosures (`Time::Enclosure`). With
//! `--all` every collision goes to the `collisions` extension field:
//! `{"kind", "a", "b", "time", "point", "normal", "properness", "proper",
//! "coplanar"}` per entry, in time order (`proper`: properness at least
//! the paper's threshold -0.1, seed 004 section 5).
//!
//! `--variant raster` runs the pixel-based algorithm (`f64` only; exact
//! is not applicable): the reported collision is the earliest whose
//! properness is at least `--properness-threshold` (default -0.1), and
//! `stats` gives the resolution and the raster's counters; `--all` lists
//! every collision, `proper` judged by the same threshold.
//!
//! No method-neutral certificate is produced yet: the referee takes boxes
//! and triangles under rational motions, and glide times under rotations
//! are transcendental.
#![deny(clippy::float_arithmetic)]

use super::{
    time_json, ContactQuery, ContactResult, FeatureKind, FeaturePair, GlideVariant, ScalarKind,
    SolveError, SolveOptions, Time,
};
use crate::poly::RealAlgebraic;
use crate::solver::glide::raster::{solve_raster, RasterOutcome, RasterSettings};
use crate::solver::glide::{
    solve_glide, EventKind, GlideError, GlideEvent, GlideOutcome, GlideTime, PROPERNESS_THRESHOLD,
};
use serde_json::json;

fn time(t: &GlideTime) -> Time {
    match t {
        GlideTime::Exact(r) => Time::Exact(r.clone()),
        GlideTime::Enclosure { lower, upper } => Time::Enclosure {
            lower: lower.clone(),
            upper: upper.clone(),
        },
        GlideTime::Float(f) => Time::Float(*f),
    }
}

fn kind(k: EventKind) -> FeatureKind {
    match k {
        EventKind::FaceVertex => FeatureKind::FaceVertex,
        EventKind::VertexFace => FeatureKind::VertexFace,
        EventKind::EdgeEdge => FeatureKind::EdgeEdge,
    }
}

fn is_proper(p: Option<f64>, threshold: f64) -> bool {
    // `None` (parallel edges) is never reported by the event search.
    p.is_some_and(|v| !v.is_nan() && v.total_cmp(&threshold).is_ge())
}

fn event_json(e: &GlideEvent, precision: u32, threshold: f64) -> serde_json::Value {
    json!({
        "kind": kind(e.kind).as_str(),
        "a": e.a,
        "b": e.b,
        "time": time_json(&time(&e.time), precision),
        "point": e.geometry.point,
        "normal": e.geometry.normal,
        "properness": e.geometry.properness,
        "proper": is_proper(e.geometry.properness, threshold),
        "coplanar": e.coplanar,
    })
}

fn convert(out: &GlideOutcome, scalar: ScalarKind, options: &SolveOptions) -> ContactResult {
    let first = out.events.first();
    let t0 = || match scalar {
        ScalarKind::Exact => Time::Exact(RealAlgebraic::from_rational(out.t0.clone())),
        ScalarKind::F64 => Time::Float(crate::scalar::rational_to_f64(&out.t0)),
    };
    let collides = out.initially_overlapping || first.is_some();
    let time_of_contact = if out.initially_overlapping {
        Some(t0())
    } else {
        first.map(|e| time(&e.time))
    };
    let shown = if out.initially_overlapping {
        None
    } else {
        first
    };
    let s = &out.stats;
    ContactResult {
        collides,
        initially_overlapping: out.initially_overlapping,
        time: time_of_contact,
        contact_intervals: Vec::new(),
        feature: shown.map(|e| FeaturePair {
            kind: kind(e.kind),
            a: e.a.clone(),
            b: e.b.clone(),
        }),
        point: shown.map(|e| e.geometry.point),
        normal: shown.and_then(|e| e.geometry.normal),
        stats: Some(json!({
            "path": s.path,
            "angle": s.angle,
            "error_estimate": s.error_estimate,
            "pairs": s.events.pairs,
            "roots": s.events.roots,
            "coplanar_pairs": s.events.coplanar_pairs,
            "forward_faces_b": s.forward_faces_b,
            "backward_faces_a": s.backward_faces_a,
            "enclosure_bits": s.enclosure_bits,
            "properness": shown.and_then(|e| e.geometry.properness),
        })),
        certificate: None,
        collisions: options.all_collisions.then(|| {
            serde_json::Value::Array(
                out.events
                    .iter()
                    .map(|e| event_json(e, options.precision, PROPERNESS_THRESHOLD))
                    .collect(),
            )
        }),
    }
}

#[allow(clippy::float_arithmetic)] // f64 statistics of an f64 variant.
fn convert_raster(out: &RasterOutcome, options: &SolveOptions, span: f64) -> ContactResult {
    let threshold = out.properness_threshold;
    let glide = &out.outcome;
    let first = glide
        .events
        .iter()
        .find(|e| is_proper(e.geometry.properness, threshold));
    let overlapping = glide.initially_overlapping;
    let shown = if overlapping { None } else { first };
    let s = &out.stats;
    ContactResult {
        collides: overlapping || first.is_some(),
        initially_overlapping: overlapping,
        time: if overlapping {
            Some(Time::Float(crate::scalar::rational_to_f64(&glide.t0)))
        } else {
            first.map(|e| time(&e.time))
        },
        contact_intervals: Vec::new(),
        feature: shown.map(|e| FeaturePair {
            kind: kind(e.kind),
            a: e.a.clone(),
            b: e.b.clone(),
        }),
        point: shown.map(|e| e.geometry.point),
        normal: shown.and_then(|e| e.geometry.normal),
        stats: Some(json!({
            "variant": "raster",
            "path": glide.stats.path,
            "angle": glide.stats.angle,
            "error_estimate": glide.stats.error_estimate,
            "pixel": out.resolution.pixel,
            "time_resolution": out.resolution.time * span,
            "properness_threshold": threshold,
            "properness": shown.and_then(|e| e.geometry.properness),
            "collisions_found": glide.events.len(),
            "early_out": s.early_out,
            "pieces_a": s.pieces_a,
            "pieces_b": s.pieces_b,
            "doppeled_pieces": s.doppeled_pieces,
            "faces_whole": s.faces_whole,
            "faces_clipped": s.faces_clipped,
            "faces_culled": s.faces_culled,
            "chords": s.chords,
            "face_records": s.face_records,
            "vertex_pixels": s.vertex_pixels,
            "edge_pixels": s.edge_pixels,
            "vertex_candidates": s.vertex_candidates,
            "edge_candidates": s.edge_candidates,
            "edge_pairs_solved": s.edge_pairs_solved,
        })),
        certificate: None,
        collisions: options.all_collisions.then(|| {
            serde_json::Value::Array(
                glide
                    .events
                    .iter()
                    .map(|e| event_json(e, options.precision, threshold))
                    .collect(),
            )
        }),
    }
}

fn solve_raster_variant(
    query: &ContactQuery<'_>,
    scalar: ScalarKind,
    options: &SolveOptions,
    settings: &RasterSettings,
) -> Result<ContactResult, SolveError> {
    if scalar == ScalarKind::Exact {
        return Err(SolveError::NotApplicable(
            "the raster variant of glide is an f64 algorithm (pixels and Newton's method); use --scalar f64".to_string(),
        ));
    }
    let (t0, t1) = (&query.interval.0, &query.interval.1);
    let out = solve_raster(query.a, query.b, (t0, t1), settings).map_err(|e| match e {
        GlideError::NotApplicable(s) => SolveError::NotApplicable(s),
        GlideError::LimitExceeded(s) => SolveError::LimitExceeded(s),
    })?;
    let span = crate::scalar::rational_to_f64(&(t1 - t0));
    Ok(convert_raster(&out, options, span))
}

/// Runs the glide solver on the query in the requested scalar.
pub(crate) fn solve(
    query: &ContactQuery<'_>,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> Result<ContactResult, SolveError> {
    if let GlideVariant::Raster(settings) = &options.glide_variant {
        return solve_raster_variant(query, scalar, options, settings);
    }
    let (t0, t1) = (&query.interval.0, &query.interval.1);
    let out = solve_glide(
        query.a,
        query.b,
        (t0, t1),
        scalar == ScalarKind::Exact,
        options.all_collisions,
        options.precision,
    )
    .map_err(|e| match e {
        GlideError::NotApplicable(s) => SolveError::NotApplicable(s),
        GlideError::LimitExceeded(s) => SolveError::LimitExceeded(s),
    })?;
    Ok(convert(&out, scalar, options))
}
