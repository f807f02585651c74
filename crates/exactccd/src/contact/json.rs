//! The result JSON of `exactccd solve` (docs/FORMAT.md 3), with the
//! fields in the contract's order:
//!
//! `format`, `scenario`, `method`, `scalar`, `collides`,
//! `initially_overlapping`, `time`, `contact_intervals`, `feature`, `point`,
//! `normal`, then the extension fields `stats` and `certificate` when a
//! solver fills them.
//!
//! A TIME object has `approx` (the nearest `f64`), `lower` and `upper`
//! (exact strings, `lower <= T <= upper`, gap at most
//! `2^-precision * max(1, |T|)`), `exact` (`p/q` when `T` is rational) and
//! `polynomial` (a square-free integer polynomial with root `T`, coefficient
//! strings from degree 0 up):
//!
//! * [`Time::Exact`]: all five, brackets from
//!   [`RealAlgebraic::bracket`](crate::poly::RealAlgebraic::bracket);
//! * [`Time::Enclosure`]: `lower`/`upper` as the solver certified them,
//!   `approx` the nearest `f64` to their midpoint, `exact` and `polynomial`
//!   null;
//! * [`Time::Float`]: `approx`, `lower`, `upper` all the `f64` answer
//!   (`lower`/`upper` as its shortest round-trip decimal string), `exact` and
//!   `polynomial` null.
#![deny(clippy::float_arithmetic)]

use super::{ContactResult, Method, ScalarKind, Time};
use crate::scalar::{rational_to_f64, BigInt, BigRational};
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
struct TimeObject {
    approx: Option<f64>,
    lower: Option<String>,
    upper: Option<String>,
    exact: Option<String>,
    polynomial: Option<Vec<String>>,
}

#[derive(Serialize)]
struct FeatureObject<'a> {
    kind: &'static str,
    a: &'a str,
    b: &'a str,
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
    stats: Option<&'a serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    certificate: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    collisions: Option<&'a serde_json::Value>,
}

/// A finite `f64`, or `None` (written as `null`): JSON has no NaN.
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// The shortest decimal that reads back as `x` (`0.4726`, `1e-7`), a number
/// of the contract.
fn f64_string(x: f64) -> String {
    format!("{x:?}")
}

fn time_object(t: &Time, precision: u32) -> TimeObject {
    match t {
        Time::Exact(x) => {
            let (lower, upper) = x.bracket(u64::from(precision));
            TimeObject {
                approx: finite(x.to_f64()),
                lower: Some(lower.to_string()),
                upper: Some(upper.to_string()),
                exact: x.as_rational().map(BigRational::to_string),
                polynomial: Some(
                    x.polynomial()
                        .coeffs()
                        .iter()
                        .map(BigInt::to_string)
                        .collect(),
                ),
            }
        }
        Time::Enclosure { lower, upper } => {
            let two = BigRational::from_integer(BigInt::from(2));
            let mid = (lower + upper) / two;
            TimeObject {
                approx: finite(rational_to_f64(&mid)),
                lower: Some(lower.to_string()),
                upper: Some(upper.to_string()),
                exact: None,
                polynomial: None,
            }
        }
        Time::Float(x) => match finite(*x) {
            Some(x) => TimeObject {
                approx: Some(x),
                lower: Some(f64_string(x)),
                upper: Some(f64_string(x)),
                exact: None,
                polynomial: None,
            },
            None => TimeObject {
                approx: None,
                lower: None,
                upper: None,
                exact: None,
                polynomial: None,
            },
        },
    }
}

/// The TIME object of `t` as a JSON value (docs/FORMAT.md 3).
///
/// ```
/// use exactccd::contact::{time_json, Time};
/// use exactccd::poly::RealAlgebraic;
/// use exactccd::scalar::{BigInt, BigRational};
/// let t = Time::Exact(RealAlgebraic::from_rational(BigRational::new(
///     BigInt::from(717),
///     BigInt::from(1517),
/// )));
/// let j = time_json(&t, 64);
/// assert_eq!(j["exact"], "717/1517");
/// assert_eq!(j["polynomial"], serde_json::json!(["-717", "1517"]));
/// ```
pub fn time_json(t: &Time, precision: u32) -> serde_json::Value {
    serde_json::to_value(time_object(t, precision)).unwrap_or(serde_json::Value::Null)
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
        collisions: result.collisions.as_ref(),
    };
    // Serialising plain structs, strings and finite numbers cannot fail.
    serde_json::to_string_pretty(&object).unwrap_or_default()
}
