//! Checking other implementations' answers: [`check_claim`] judges what
//! another CCD library (or another run of this one) says about a scenario,
//! against the exact truth certified by the referee.
//!
//! * a claim that contradicts itself or the scenario (a time without
//!   contact, a contact without a time, a time outside the interval) is
//!   [`ClaimVerdict::Invalid`], with the field it names (`validate.rs`);
//! * an `f64` answer gets a class: agrees (within `tolerance · max(1,
//!   |T|)`, decided exactly on the `f64`'s exact value, `classify.rs`),
//!   early or late by `dt`, missed collision, phantom collision, failed;
//!   it is judged on the first contact alone ([`first_contact_truth`]: the
//!   methods stop there where they can);
//! * an exact answer with a certificate is checked by the referee alone;
//!   without one it is compared with the certified truth: equal is
//!   certified, different is refuted (with the true time as the
//!   counterexample);
//! * where the referee has no certificate for the scenario yet (spheres,
//!   capsules, convex hulls, a separation, meshes, primitive queries,
//!   motions glide alone answers) an `f64` claim is classified against the
//!   exact answer of the default method ([`exact_truth`], marked
//!   uncertified); an exact claim is then inconclusive, as is any claim
//!   when no exact answer is found, with the reason.
//!
//! Verdicts print (`Display`, `display.rs`) the claimed and the true time,
//! fraction and decimal.
//!
//! ```
//! use exactccd::claims::{check_claim, Claim, FloatClass};
//! use exactccd::generate::{generate, ScenarioClass};
//! // a scenario whose boxes first touch at an exactly known instant
//! let s = generate(1, 0, ScenarioClass::ContactAtEnd);
//! // a library that reports no collision has missed it
//! let v = check_claim(&s, &Claim::Float { collides: false, time: None }, 1e-9);
//! assert_eq!(v, FloatClass::Missed);
//! assert!(v.to_string().starts_with("missed: claimed no contact, but the solids first touch at t = "));
//! ```
#![deny(clippy::float_arithmetic)]

mod benchmark;
mod classify;
mod display;
mod validate;

pub use benchmark::check_query_answer;
pub use validate::{validate_claim, validate_float_claim, validate_tolerance};

use crate::campaign::times_agree;
use crate::contact::{
    solve, solve_box_translation, solve_with_default_method, ContactResult, Method, ScalarKind,
    SolveOptions, Time,
};
use crate::poly::RealAlgebraic;
use crate::referee::referee;
use crate::scalar::{rational_from_f64, BigRational};
use crate::scenario::Scenario;

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

/// The verdict on a claim. `Display` says it in a sentence with the
/// claimed and the true time; an `f64` verdict also compares equal to its
/// [`FloatClass`] (`assert_eq!(verdict, FloatClass::Agrees)`).
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
    Float {
        /// Agrees, early, late, missed, phantom or failed.
        class: FloatClass,
        /// The claimed first contact time (`None`: no contact claimed, or
        /// no answer).
        claimed: Option<f64>,
        /// The certified first contact time (`None`: the solids never
        /// touch in the interval).
        truth: Option<Time>,
    },
    /// The claim cannot be judged: it contradicts itself or the scenario
    /// (a time without contact, a contact without a time, a time outside
    /// the interval), or the tolerance is not a finite number `>= 0`. The
    /// sentence names the field.
    Invalid(String),
}

impl ClaimVerdict {
    /// The verdict's name: `certified`, `refuted`, `inconclusive`,
    /// `invalid`, or the `f64` class (`agrees`, `early`, `late`, `missed`,
    /// `phantom`, `failed`).
    pub fn name(&self) -> &'static str {
        match self {
            ClaimVerdict::Certified => "certified",
            ClaimVerdict::Refuted { .. } => "refuted",
            ClaimVerdict::Inconclusive(_) => "inconclusive",
            ClaimVerdict::Float { class, .. } => class.name(),
            ClaimVerdict::Invalid(_) => "invalid",
        }
    }

    /// The claimed time minus the true first contact, rounded to an `f64`
    /// (negative: early), for an `f64` verdict with both times; `None`
    /// otherwise.
    pub fn dt(&self) -> Option<f64> {
        match self {
            ClaimVerdict::Float {
                claimed: Some(c),
                truth: Some(Time::Exact(t)),
                ..
            } => rational_from_f64(*c).map(|c| classify::claimed_minus_true(&c, t)),
            // against an enclosure: from its midpoint (width 2^-64 or less)
            ClaimVerdict::Float {
                claimed: Some(c),
                truth: Some(Time::Enclosure { lower, upper }),
                ..
            } => rational_from_f64(*c).map(|c| {
                let mid = (lower + upper) / BigRational::from_integer(2.into());
                crate::scalar::rational_to_f64(&(c - mid))
            }),
            _ => None,
        }
    }

    /// The class of an `f64` verdict.
    pub fn float_class(&self) -> Option<&FloatClass> {
        match self {
            ClaimVerdict::Float { class, .. } => Some(class),
            _ => None,
        }
    }
}

impl PartialEq<FloatClass> for ClaimVerdict {
    fn eq(&self, other: &FloatClass) -> bool {
        self.float_class() == Some(other)
    }
}

/// The exact answer a claim is judged against ([`exact_truth`]).
#[derive(Clone, Debug)]
pub struct ExactTruth {
    /// The exact answer.
    pub result: ContactResult,
    /// True when the referee certified it; false when the referee has no
    /// certificate for this kind of scenario yet (meshes, motions glide
    /// alone answers, a near miss the distance certificate cannot resolve)
    /// and the answer is the exact solver's alone.
    pub certified: bool,
}

/// The exact answer for a scenario, certified by the referee wherever it
/// can be: for two boxes under pure translation the lean constant-axis
/// answer (no features, point or normal:
/// `contact::solve_box_translation`), else SGM's for two boxes, else
/// SAT's, else the default method's (`contact::solve_with_default_method`:
/// distance for rounded shapes, hulls and separations, primitive for
/// queries), each when the referee certifies it. Where it certifies none
/// (meshes, motions glide alone answers), SAT's or else the default
/// method's exact answer, marked uncertified. `Err` with the reasons when
/// no exact answer is found, or when a method's own answer is refuted
/// (then no answer is trusted).
pub fn exact_truth(scenario: &Scenario) -> Result<ExactTruth, String> {
    exact_truth_with(scenario, &SolveOptions::default())
}

/// [`exact_truth`] for a claim about the first contact alone (an `f64`
/// claim): the methods stop at the first contact where they can
/// ([`SolveOptions::first_contact_only`]), so the answer may have no
/// contact intervals.
pub fn first_contact_truth(scenario: &Scenario) -> Result<ExactTruth, String> {
    let options = SolveOptions {
        first_contact_only: true,
        ..SolveOptions::default()
    };
    exact_truth_with(scenario, &options)
}

fn exact_truth_with(scenario: &Scenario, options: &SolveOptions) -> Result<ExactTruth, String> {
    let q = scenario.query();
    let mut reasons = Vec::new();
    // an exact answer the referee could neither certify nor refute
    let mut uncertified = None;
    // a method's answer refuted: no uncertified answer is trusted
    let mut refuted = false;
    if scenario.primitive().is_none() {
        // two boxes under pure translation: the lean constant-axis answer,
        // when the referee certifies it
        if let Some(r) = q.bodies().as_ref().and_then(solve_box_translation) {
            if referee(&q, &r) == Verdict::Certified {
                return Ok(ExactTruth {
                    result: r,
                    certified: true,
                });
            }
        }
        for method in [Method::Sgm, Method::Sat] {
            match solve(&q, method, ScalarKind::Exact, options) {
                Ok(r) => match referee(&q, &r) {
                    Verdict::Certified => {
                        return Ok(ExactTruth {
                            result: r,
                            certified: true,
                        })
                    }
                    Verdict::Refuted { reason, .. } => {
                        refuted = true;
                        reasons.push(format!("{method}'s own exact answer was refuted ({reason}): please report this scenario"));
                    }
                    Verdict::Inconclusive(why) => {
                        reasons.push(format!("{method}: {why}"));
                        uncertified.get_or_insert(r);
                    }
                },
                Err(e) => reasons.push(format!("{method}: {e}")),
            }
        }
    }
    if refuted {
        return Err(reasons.join("; "));
    }
    // the default method (distance, primitive, glide ...), certified where
    // the referee can
    let (method, default) = solve_with_default_method(&q, ScalarKind::Exact, options);
    let default = match default {
        Ok(result) => match referee(&q, &result) {
            Verdict::Certified => {
                return Ok(ExactTruth {
                    result,
                    certified: true,
                })
            }
            Verdict::Refuted { reason, .. } => {
                return Err(format!(
                "{method}'s own exact answer was refuted ({reason}): please report this scenario"
            ))
            }
            Verdict::Inconclusive(_) => Some(result),
        },
        Err(e) => {
            reasons.push(format!("{method}: {e}"));
            None
        }
    };
    match uncertified.or(default) {
        Some(result) => Ok(ExactTruth {
            result,
            certified: false,
        }),
        None => Err(reasons.join("; ")),
    }
}

/// The certified exact answer for a scenario ([`exact_truth`] when the
/// referee certified it); `Err` with the reason when no exact answer is
/// certified.
pub fn certified_truth(scenario: &Scenario) -> Result<ContactResult, String> {
    match exact_truth(scenario)? {
        ExactTruth {
            result,
            certified: true,
        } => Ok(result),
        ExactTruth { .. } => Err(
            "the exact answer is not certified: the referee has no certificate for this kind of scenario yet"
                .into(),
        ),
    }
}

/// The certified first contact as an exact time: `Ok(None)` without
/// contact, `Err` when the truth is not an exact time.
fn exact_first_contact(r: &ContactResult) -> Result<Option<&RealAlgebraic>, String> {
    match &r.time {
        None => Ok(None),
        Some(Time::Exact(t)) => Ok(Some(t)),
        Some(_) => Err("the certified truth is not an exact time".into()),
    }
}

/// Judges a claim about a scenario (module docs); `tolerance` is the time
/// tolerance within which an `f64` answer agrees: `|claimed - T| <=
/// tolerance · max(1, |T|)`.
pub fn check_claim(scenario: &Scenario, claim: &Claim, tolerance: f64) -> ClaimVerdict {
    if let Err(why) =
        validate_tolerance(tolerance).and_then(|()| validate_claim(claim, &scenario.interval))
    {
        return ClaimVerdict::Invalid(why);
    }
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
    // an exact claim is certified only against a certified truth; an f64
    // claim is classified against the exact truth, certified or not
    let truth = match claim {
        Claim::Exact(_) => certified_truth(scenario),
        _ => first_contact_truth(scenario).map(|t| t.result),
    };
    check_claim_against(scenario, &truth, claim, tolerance)
}

/// [`check_claim`] against a truth already computed by
/// [`certified_truth`] or [`exact_truth`] (one truth for many claims on
/// one scenario). An exact claim's certificate is not read here: it is
/// compared with the truth, which should then be a certified one.
pub fn check_claim_against(
    scenario: &Scenario,
    truth: &Result<ContactResult, String>,
    claim: &Claim,
    tolerance: f64,
) -> ClaimVerdict {
    if let Err(why) =
        validate_tolerance(tolerance).and_then(|()| validate_claim(claim, &scenario.interval))
    {
        return ClaimVerdict::Invalid(why);
    }
    let truth = match truth {
        Ok(t) => t,
        Err(why) => return ClaimVerdict::Inconclusive(format!("no exact answer: {why}")),
    };
    match claim {
        // the truth, if certified, is an exact time or an enclosure
        Claim::Failed(what) => ClaimVerdict::Float {
            class: FloatClass::Failed(what.clone()),
            claimed: None,
            truth: truth.time.clone(),
        },
        Claim::Float { collides, time } => match (&truth.time, collides) {
            (Some(Time::Enclosure { lower, upper }), true) => {
                let tol = rational_from_f64(tolerance).unwrap_or_default();
                match classify::classify_in_enclosure((lower, upper), *time, &tol) {
                    Ok(class) => ClaimVerdict::Float {
                        class,
                        claimed: *time,
                        truth: truth.time.clone(),
                    },
                    Err(why) => ClaimVerdict::Inconclusive(why),
                }
            }
            (Some(Time::Enclosure { .. }), false) => ClaimVerdict::Float {
                class: FloatClass::Missed,
                claimed: None,
                truth: truth.time.clone(),
            },
            _ => float_against_exact(truth, *collides, *time, tolerance),
        },
        Claim::Exact(result) => compare_exact(result, truth),
    }
}

/// An `f64` claim against a truth whose first contact, if any, is an exact
/// time.
fn float_against_exact(
    truth: &ContactResult,
    collides: bool,
    time: Option<f64>,
    tolerance: f64,
) -> ClaimVerdict {
    match exact_first_contact(truth) {
        Ok(t) => {
            // a finite tolerance (validated) has an exact value
            let tol = rational_from_f64(tolerance).unwrap_or_default();
            ClaimVerdict::Float {
                class: classify::classify_exactly(t, collides, time, &tol),
                claimed: time,
                truth: t.cloned().map(Time::Exact),
            }
        }
        Err(why) => ClaimVerdict::Inconclusive(why),
    }
}

/// An exact claim without certificate against the certified truth.
fn compare_exact(result: &ContactResult, truth: &ContactResult) -> ClaimVerdict {
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
