//! When two times agree, and when an answer meets a scenario's `expect`:
//! the comparisons behind the differential rules of [`evaluate`](super::evaluate()),
//! the `oracle` command and [`check_claim`](crate::claims::check_claim).
//!
//! An exact time is a point, an enclosure a closed range, and an `f64` time
//! `t` the range `t ± max(1, |t|) / 10^6`; two times agree when their
//! points and ranges meet.
#![deny(clippy::float_arithmetic)]

use crate::contact::{rational_with_decimal, time_with_decimal, ContactResult, Time};
use crate::poly::RealAlgebraic;
use crate::scalar::{rational_from_f64, BigInt, BigRational, Ring, Scalar};
use crate::scenario::Expect;
use std::cmp::Ordering;

/// An `f64` time `t` is compared as the range `t ± max(1, |t|) / this`
/// (a relative tolerance of `1e-6`).
pub const F64_TIME_TOLERANCE_INVERSE: i64 = 1_000_000;

/// What a time says, as an exact point or an exact closed range.
enum Span {
    Point(RealAlgebraic),
    Range(BigRational, BigRational),
}

fn rational(n: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

/// `max(1, |x|) / F64_TIME_TOLERANCE_INVERSE`.
fn f64_tolerance(x: &BigRational) -> BigRational {
    let scale = <BigRational as Scalar>::abs(x).max(rational(1));
    scale / rational(F64_TIME_TOLERANCE_INVERSE)
}

fn span(t: &Time) -> Option<Span> {
    match t {
        Time::Exact(x) => Some(Span::Point(x.clone())),
        Time::Enclosure { lower, upper } => Some(Span::Range(lower.clone(), upper.clone())),
        Time::Float(f) => {
            let r = rational_from_f64(*f)?;
            let tol = f64_tolerance(&r);
            Some(Span::Range(&r - &tol, &r + &tol))
        }
    }
}

fn point_in(x: &RealAlgebraic, lo: &BigRational, hi: &BigRational) -> bool {
    x.cmp_rational(lo) != Ordering::Less && x.cmp_rational(hi) != Ordering::Greater
}

/// True when two times agree (module docs).
pub fn times_agree(a: &Time, b: &Time) -> bool {
    match (span(a), span(b)) {
        (Some(Span::Point(x)), Some(Span::Point(y))) => x == y,
        (Some(Span::Point(x)), Some(Span::Range(lo, hi)))
        | (Some(Span::Range(lo, hi)), Some(Span::Point(x))) => point_in(&x, &lo, &hi),
        (Some(Span::Range(l1, h1)), Some(Span::Range(l2, h2))) => l1.max(l2) <= h1.min(h2),
        _ => false,
    }
}

/// A time for messages, with a decimal beside every exact value:
/// `717/1517 (~0.47264337508239947)`, `~0.7071067811865476 (root of ...)`,
/// `[lo, hi] (~0.5)` ([`time_with_decimal`]).
pub fn describe_time(t: &Time) -> String {
    time_with_decimal(t)
}

/// The failed expectations of one answer, one sentence each.
pub fn check_expectation(label: &str, result: &ContactResult, expect: &Expect) -> Vec<String> {
    let mut failures = Vec::new();
    if let Some(c) = expect.collides {
        if c != result.collides {
            failures.push(format!(
                "{label} says collides = {}, expected {c}",
                result.collides
            ));
        }
    }
    if let (Some(te), Some(t)) = (&expect.time, &result.time) {
        let mut tol = expect
            .tolerance
            .clone()
            .unwrap_or_else(<BigRational as Ring>::zero);
        if matches!(t, Time::Float(_)) {
            tol = tol.max(f64_tolerance(te));
        }
        let expected = Time::Enclosure {
            lower: te - &tol,
            upper: te + &tol,
        };
        if !times_agree(t, &expected) {
            failures.push(format!(
                "{label} says T = {}, expected {} within {tol}",
                describe_time(t),
                rational_with_decimal(te)
            ));
        }
    }
    failures
}
