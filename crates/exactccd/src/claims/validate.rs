//! Claims that cannot be judged because they contradict themselves or the
//! scenario: a time without contact, a contact without a time, a time
//! outside the scenario's interval, a tolerance that is not a finite
//! number `>= 0`. Each is an invalid claim, said so in a sentence that
//! names the field (`time`, `collides`, `tolerance`).
#![deny(clippy::float_arithmetic)]

use super::Claim;
use crate::contact::{time_with_decimal, ContactResult, Time};
use crate::scalar::{rational_from_f64, BigRational};
use std::cmp::Ordering;

/// Why a tolerance cannot be used, or `Ok(())`.
pub fn validate_tolerance(tolerance: f64) -> Result<(), String> {
    if tolerance.is_finite() && tolerance >= 0.0 {
        Ok(())
    } else {
        Err(format!(
            "tolerance: must be a finite number >= 0, got {tolerance:?}"
        ))
    }
}

/// `[t0, t1]` for messages.
fn interval_text(interval: &(BigRational, BigRational)) -> String {
    format!("[{}, {}]", interval.0, interval.1)
}

/// Why an `f64` claim (`collides`, first `time`) cannot be judged on a
/// scenario over `interval`, or `Ok(())`.
pub fn validate_float_claim(
    collides: bool,
    time: Option<f64>,
    interval: &(BigRational, BigRational),
) -> Result<(), String> {
    match (collides, time) {
        (false, Some(t)) => Err(format!(
            "time: {t:?} given with collides false (a time without contact; use null)"
        )),
        (true, None) => Err(
            "time: null with collides true (a contact claim needs its first contact time)"
                .to_owned(),
        ),
        (_, Some(t)) => {
            let Some(c) = rational_from_f64(t) else {
                return Err(format!("time: must be a finite number, got {t:?}"));
            };
            if c < interval.0 || c > interval.1 {
                return Err(format!(
                    "time: {t:?} is outside the scenario's interval {}",
                    interval_text(interval)
                ));
            }
            Ok(())
        }
        (false, None) => Ok(()),
    }
}

/// Whether an exact claim's time lies in `interval`: a point inside, or an
/// enclosure that meets it.
fn time_in_interval(t: &Time, interval: &(BigRational, BigRational)) -> bool {
    let (t0, t1) = interval;
    match t {
        Time::Exact(x) => {
            x.cmp_rational(t0) != Ordering::Less && x.cmp_rational(t1) != Ordering::Greater
        }
        Time::Enclosure { lower, upper } => lower <= t1 && upper >= t0,
        Time::Float(x) => rational_from_f64(*x).is_some_and(|c| &c >= t0 && &c <= t1),
    }
}

/// Why an exact claim (a result) cannot be judged, or `Ok(())`.
fn validate_result(
    result: &ContactResult,
    interval: &(BigRational, BigRational),
) -> Result<(), String> {
    match (&result.time, result.collides) {
        (Some(t), false) => Err(format!(
            "time: {} given with collides false (a time without contact)",
            time_with_decimal(t)
        )),
        (None, true) => Err(
            "time: missing with collides true (a contact claim needs its first contact time)"
                .to_owned(),
        ),
        (Some(t), true) if !time_in_interval(t, interval) => Err(format!(
            "time: {} is outside the scenario's interval {}",
            time_with_decimal(t),
            interval_text(interval)
        )),
        _ => Ok(()),
    }
}

/// Why a claim cannot be judged on a scenario over `interval`, or
/// `Ok(())` (module docs). A [`Claim::Failed`] is always valid: it is
/// judged as a failure.
pub fn validate_claim(claim: &Claim, interval: &(BigRational, BigRational)) -> Result<(), String> {
    match claim {
        Claim::Float { collides, time } => validate_float_claim(*collides, *time, interval),
        Claim::Exact(result) => validate_result(result, interval),
        Claim::Failed(_) => Ok(()),
    }
}
