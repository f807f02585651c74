//! A tool's answer to one of the public CCD benchmark's queries (Wang et
//! al., "A Large-Scale Benchmark and an Inclusion-Based Algorithm for
//! Continuous Collision Detection", section 3), judged against the exact
//! answer of the primitive solver, taken as the truth only where the
//! benchmark's own label agrees with it; where they differ the verdict is
//! inconclusive.
//!
//! A tool may give its decision alone (no time): a contact claim is then
//! judged on the decision (agrees or phantom), never early or late.
#![deny(clippy::float_arithmetic)]

use super::classify::classify_exactly;
use super::validate::{validate_float_claim, validate_tolerance};
use super::ClaimVerdict;
use crate::budget::WorkBudget;
use crate::contact::{ScalarKind, Time};
use crate::queries::{answer_query, BenchmarkQuery};
use crate::scalar::rational_from_f64;
use exactccd_oracle::FloatClass;

/// The verdict on a tool's answer (`collides`, first `time` or `None`) to
/// a benchmark query (module docs); `tolerance` as in
/// [`check_claim`](super::check_claim).
pub fn check_query_answer(
    query: &BenchmarkQuery,
    collides: bool,
    time: Option<f64>,
    tolerance: f64,
) -> ClaimVerdict {
    let [t0, t1] = &query.query.interval;
    let interval = (t0.clone(), t1.clone());
    let decision_only = collides && time.is_none();
    let valid = validate_tolerance(tolerance).and_then(|()| {
        if decision_only {
            Ok(())
        } else {
            validate_float_claim(collides, time, &interval)
        }
    });
    if let Err(why) = valid {
        return ClaimVerdict::Invalid(why);
    }
    let truth = match answer_query(&query.query, ScalarKind::Exact, WorkBudget::default()).0 {
        Ok(answer) => answer,
        Err(e) => {
            return ClaimVerdict::Inconclusive(format!(
                "the exact primitive solver gave no answer: {e}"
            ))
        }
    };
    if truth.collides != query.label {
        return ClaimVerdict::Inconclusive(format!(
            "the benchmark's label says collides = {}, the exact primitive solver says {}: no agreed truth",
            query.label, truth.collides
        ));
    }
    let first = match &truth.time {
        Some(Time::Exact(t)) => Some(t),
        None => None,
        Some(_) => {
            return ClaimVerdict::Inconclusive("the exact answer's time is not exact".into())
        }
    };
    let class = if decision_only {
        if first.is_some() {
            FloatClass::Agrees
        } else {
            FloatClass::Phantom
        }
    } else {
        let tol = rational_from_f64(tolerance).unwrap_or_default();
        classify_exactly(first, collides, time, &tol)
    };
    ClaimVerdict::Float {
        class,
        claimed: time,
        truth: first.cloned().map(Time::Exact),
    }
}
