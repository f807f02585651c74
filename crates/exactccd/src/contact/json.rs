//! The result JSON of `exactccd solve` (docs/FORMAT.md 3), with the
//! fields in the contract's order:
//!
//! `format`, `scenario`, `method`, `scalar`, `collides`,
//! `initially_overlapping`, `time`, `contact_intervals`, `feature`, `point`,
//! `normal`, then the extension fields `stats` and `certificate` when a
//! solver fills them.
//!
//! TIME objects are written by [`time_object`](super::time_object()).
#![deny(clippy::float_arithmetic)]

use super::time_object::{finite, time_object, TimeObject};
use super::{ContactResult, GlideCollision, Method, ScalarKind, SolverStats};
use crate::geom::Feature;
use serde::Serialize;

/// The `format` string of a result.
pub const RESULT_FORMAT: &str = "exactccd/result-v1";

/// What a result JSON says besides the solver's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultHeader<'a> {
    /// The scenario's `name`, `None` when it has none (written as `null`).
    pub scenario: Option<&'a str>,
    /// The method that answered.
    pub method: Method,
    /// The scalar it ran in.
    pub scalar: ScalarKind,
    /// Bits of `--precision` for the TIME brackets.
    pub precision: u32,
}

#[derive(Serialize)]
struct FeatureObject<'a> {
    kind: &'static str,
    a: &'a Feature,
    b: &'a Feature,
}

#[derive(Serialize)]
struct ResultObject<'a> {
    format: &'static str,
    scenario: Option<&'a str>,
    method: &'static str,
    scalar: &'static str,
    collides: bool,
    initially_overlapping: bool,
    time: Option<TimeObject>,
    contact_intervals: Vec<[TimeObject; 2]>,
    feature: Option<FeatureObject<'a>>,
    point: Option<[Option<f64>; 3]>,
    normal: Option<[Option<f64>; 3]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<&'a SolverStats>,
    #[serde(skip_serializing_if = "Option::is_none")]
    certificate: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    collisions: Option<&'a [GlideCollision]>,
}

fn vector(v: &Option<[f64; 3]>) -> Option<[Option<f64>; 3]> {
    v.map(|[x, y, z]| [finite(x), finite(y), finite(z)])
}

/// The result JSON of `exactccd solve`, pretty-printed, ending without a
/// newline.
pub fn write_result_json(result: &ContactResult, header: &ResultHeader<'_>) -> String {
    let p = header.precision;
    let object = ResultObject {
        format: RESULT_FORMAT,
        scenario: header.scenario,
        method: header.method.as_str(),
        scalar: header.scalar.as_str(),
        collides: result.collides,
        initially_overlapping: result.initially_overlapping,
        time: result.time.as_ref().map(|t| time_object(t, p)),
        contact_intervals: result
            .contact_intervals
            .iter()
            .map(|(s, e)| [time_object(s, p), time_object(e, p)])
            .collect(),
        feature: result.feature.as_ref().map(|f| FeatureObject {
            kind: f.kind.as_str(),
            a: &f.a,
            b: &f.b,
        }),
        point: vector(&result.point),
        normal: vector(&result.normal),
        stats: result.stats.as_ref(),
        certificate: result.certificate.as_ref().map(super::Certificate::to_json),
        collisions: result.collisions.as_deref(),
    };
    // Serialising plain structs, strings and finite numbers cannot fail.
    serde_json::to_string_pretty(&object).unwrap_or_default()
}
