//! The contract's TIME object (docs/FORMAT.md 3) as a type: `approx` (the
//! nearest `f64`), `lower` and `upper` (exact strings, `lower <= T <=
//! upper`, gap at most `2^-precision * max(1, |T|)`), `exact` (`p/q` when
//! `T` is rational) and `polynomial` (a square-free integer polynomial with
//! root `T`, coefficient strings from degree 0 up):
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

use super::Time;
use crate::scalar::{rational_to_f64, BigInt, BigRational};
use serde::Serialize;

/// One TIME object, as written in results (module docs).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimeObject {
    /// The nearest `f64` (`None`, written `null`, for a non-finite answer).
    pub approx: Option<f64>,
    /// The exact lower bracket.
    pub lower: Option<String>,
    /// The exact upper bracket.
    pub upper: Option<String>,
    /// `p/q` when the time is a known rational.
    pub exact: Option<String>,
    /// The integer coefficients, degree 0 first, of a square-free
    /// polynomial with the time as a root.
    pub polynomial: Option<Vec<String>>,
}

/// A finite `f64`, or `None` (written as `null`): JSON has no NaN.
pub(crate) fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// The shortest decimal that reads back as `x` (`0.4726`, `1e-7`), a number
/// of the contract.
fn f64_string(x: f64) -> String {
    format!("{x:?}")
}

/// The TIME object of `t`, brackets at most `2^-precision max(1, |T|)`
/// wide.
pub fn time_object(t: &Time, precision: u32) -> TimeObject {
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

/// A rational for people: the fraction with its decimal beside it,
/// `717/1517 (~0.47264337508239947)`; `= ` instead of `~` when the decimal
/// is the exact value (`1/2 (= 0.5)`), and an integer alone (`3`).
pub fn rational_with_decimal(q: &BigRational) -> String {
    if q.is_integer() {
        return q.to_string();
    }
    let x = rational_to_f64(q);
    let exact = crate::scalar::rational_from_f64(x).is_some_and(|back| &back == q);
    let mark = if exact { "= " } else { "~" };
    format!("{q} ({mark}{})", f64_string(x))
}

/// A time for people, exact part first and a decimal beside it: a
/// rational as [`rational_with_decimal`]; an irrational exact time as
/// `~0.7071067811865476 (root of -1 + (2)*t^2)`; an enclosure as
/// `[lower, upper] (~0.4726)` (the decimal is the nearest `f64` to its
/// midpoint); an `f64` answer as `0.4726 (f64)`.
pub fn time_with_decimal(t: &Time) -> String {
    match t {
        Time::Exact(x) => match x.as_rational() {
            Some(q) => rational_with_decimal(q),
            None => format!("~{} (root of {})", f64_string(x.to_f64()), x.polynomial()),
        },
        Time::Enclosure { lower, upper } => {
            let two = BigRational::from_integer(BigInt::from(2));
            let mid = (lower + upper) / two;
            format!(
                "[{lower}, {upper}] (~{})",
                f64_string(rational_to_f64(&mid))
            )
        }
        Time::Float(x) => format!("{} (f64)", f64_string(*x)),
    }
}
