//! Checking other implementations' answers: [`check_claim`] judges what
//! another CCD library (or another run of this one) says about a scenario,
//! against the exact truth certified by the referee.
//!
//! * an `f64` answer gets a class: agrees (within the tolerance), early or
//!   late by `dt`, missed collision, phantom collision, failed;
//! * an exact answer with a certificate is checked by the referee alone;
//!   without one it is compared with the certified truth: equal is
//!   certified, different is refuted (with the true time as the
//!   counterexample);
//! * where no exact truth can be certified (meshes, transcendental motions)
//!   the verdict is inconclusive, with the reason.
//!
//! ```
//! use exactccd::claims::{check_claim, Claim, ClaimVerdict, FloatClass};
//! use exactccd::generate::{generate, ScenarioClass};
//! // a scenario whose boxes first touch at an exactly known instant
//! let s = generate(1, 0, ScenarioClass::ContactAtEnd);
//! // a library that reports no collision has missed it
//! let v = check_claim(&s, &Claim::Float { collides: false, time: None }, 1e-9);
//! assert_eq!(v, ClaimVerdict::Float(FloatClass::Missed));
//! ```
#![deny(clippy::float_arithmetic)]

use crate::campaign::times_agree;
use crate::contact::{solve, ContactResult, Method, ScalarKind, SolveOptions, Time};
use crate::referee::{algebraic_of, referee};
use crate::scalar::BigRational;
use crate::scenario::Scenario;
use exactccd_oracle::{classify_float, Truth};

/// The referee's verdict types, re-exported so that one dependency line
/// gives everything a checker needs.
pub use exactccd_oracle::{FloatClass, Verdict};

/// What another implementation says about a scenario.
#[derive(Clone, Debug)]
pub enum Claim {
    /// An `f64` answer: whether the solids touch during the interval, and
    /// the first contact time when they do.
    Float {
        /// Contact or not.
        collides: bool,
        /// The first contact time.
        time: Option<f64>,
    },
    /// No usable answer (an error, NaN, a panic): what happened.
    Failed(String),
    /// An exact answer in this crate's result form, with or without a
    /// certificate.
    Exact(Box<ContactResult>),
}

/// The verdict on a claim.
#[derive(Clone, Debug, PartialEq)]
pub enum ClaimVerdict {
    /// The exact claim is proved.
    Certified,
    /// The exact claim is wrong.
    Refuted {
        /// Why, in a sentence.
        reason: String,
        /// A time showing it (the true first contact, or where a certificate
        /// fails), when there is one.
        counterexample: Option<BigRational>,
    },
    /// No certified truth to judge against, or the claim cannot be checked:
    /// why.
    Inconclusive(String),
    /// The class of an `f64` claim against the certified truth.
    Float(FloatClass),
}

/// The certified exact answer for a scenario: the method that applies
/// (SGM for two boxes, else SAT), then the other; `Err` with the reason when
/// no exact answer is certified.
pub fn certified_truth(scenario: &Scenario) -> Result<ContactResult, String> {
    let q = scenario.query();
    let mut reasons = Vec::new();
    for method in [Method::Sgm, Method::Sat] {
        match solve(&q, method, ScalarKind::Exact, &SolveOptions::default()) {
            Ok(r) => match referee(&q, &r) {
                Verdict::Certified => return Ok(r),
                Verdict::Refuted { reason, .. } => {
                    reasons.push(format!("{method}'s own exact answer was refuted ({reason}): please report this scenario"))
                }
                Verdict::Inconclusive(why) => reasons.push(format!("{method}: {why}")),
            },
            Err(e) => reasons.push(format!("{method}: {e}")),
        }
    }
    Err(reasons.join("; "))
}

fn truth_of(r: &ContactResult) -> Option<Truth> {
    match &r.time {
        None => Some(Truth {
            first_contact: None,
        }),
        Some(Time::Exact(t)) => algebraic_of(t).ok().map(|a| Truth {
            first_contact: Some(a),
        }),
        Some(_) => None,
    }
}

/// Judges a claim about a scenario; `tolerance` is the absolute time
/// tolerance within which an `f64` answer agrees.
pub fn check_claim(scenario: &Scenario, claim: &Claim, tolerance: f64) -> ClaimVerdict {
    if let Claim::Exact(result) = claim {
        if result.certificate.is_some() {
            return match referee(&scenario.query(), result) {
                Verdict::Certified => ClaimVerdict::Certified,
                Verdict::Refuted {
                    reason,
                    counterexample,
                } => ClaimVerdict::Refuted {
                    reason,
                    counterexample,
                },
                Verdict::Inconclusive(why) => ClaimVerdict::Inconclusive(why),
            };
        }
    }
    let truth = match certified_truth(scenario) {
        Ok(t) => t,
        Err(why) => return ClaimVerdict::Inconclusive(format!("no certified exact answer: {why}")),
    };
    match claim {
        Claim::Failed(what) => ClaimVerdict::Float(FloatClass::Failed(what.clone())),
        Claim::Float { collides, time } => match truth_of(&truth) {
            Some(t) => ClaimVerdict::Float(classify_float(&t, *collides, *time, tolerance)),
            None => ClaimVerdict::Inconclusive("the truth is not an exact time".into()),
        },
        Claim::Exact(result) => {
            let counterexample = truth.time.as_ref().and_then(|t| match t {
                Time::Exact(a) => Some(a.bracket(64).0),
                _ => None,
            });
            if result.collides != truth.collides {
                return ClaimVerdict::Refuted {
                    reason: format!(
                        "the claim says collides = {}, the certified answer says {}",
                        result.collides, truth.collides
                    ),
                    counterexample,
                };
            }
            let same = match (&result.time, &truth.time) {
                (Some(a), Some(b)) => times_agree(a, b),
                (None, None) => true,
                _ => false,
            };
            if same {
                ClaimVerdict::Certified
            } else {
                ClaimVerdict::Refuted {
                    reason: "the claimed first contact time differs from the certified one".into(),
                    counterexample,
                }
            }
        }
    }
}
