//! One scenario through every applicable method in both scalars, judged by
//! the differential rules (`docs/DESIGN.md`):
//!
//! 1. every exact answer is checked by the referee (`exactccd-oracle`):
//!    *certified*, *refuted* (a finding) or *inconclusive* (said why:
//!    meshes, transcendental motions, enclosures);
//! 2. the exact answers of different methods must agree exactly: the
//!    decision, `initially_overlapping`, the first contact time (two
//!    algebraic times equal; an algebraic time inside an enclosure; two
//!    enclosures overlapping) and the contact intervals when both list them;
//!    any difference is a finding;
//! 3. the scenario's `expect` is checked against every exact answer
//!    (`tolerance` default 0);
//! 4. `f64` answers are not findings: each is *classified* against the exact
//!    truth (the first certified exact answer, else the first exact answer):
//!    agrees within `F64_RELATIVE_TOLERANCE * max(1, |T|)`, early or late by
//!    `dt`, missed collision, phantom collision, failed (error or panic);
//! 5. a panic of any method is caught and is a finding (for `f64` runs also
//!    the class `failed`);
//! 6. for a pure rotation (`a` at rest, `b` by `poses`, no slide), SAT and
//!    SGM exact run on the same path written as a rational motion in glide's
//!    parameter `σ` ([`super::sigma_path`]); their answers are refereed and
//!    must agree exactly with glide's first `σ*` (and its decision);
//! 7. for a spin of `b` about its centre (a `screw`), SAT's ODE stepping on
//!    the `angular` twin ([`super::angular_equivalent`]) is classified
//!    against glide's certified answer with the tolerance of one step (the
//!    stated error): counted, not a finding.
#![deny(clippy::float_arithmetic)]

use super::agreement::{check_expectation, times_agree};
use super::angular_equivalent::angular_equivalent;
use super::finding::{panic_message, Finding, FindingKind};
use super::raster_rule::{raster_rule, CertifiedContacts, RasterRecord};
use super::sigma_path::sigma_path_scenario;
use crate::contact::oracle_form::algebraic_of;
use crate::contact::{solve, with_budget, ContactResult, Method, ScalarKind, SolveOptions, Time};
use crate::poly::RealAlgebraic;
use crate::referee::referee;
use crate::scenario::Scenario;
use crate::solver::glide::{solve_glide, Arithmetic, Collisions, GlideOptions};
use exactccd_oracle::{classify_float, FloatClass, Truth, Verdict};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

/// `f64` times agree with the truth within `1e-9 * max(1, |T|)`: the
/// tolerance of the SAT issue's f64-versus-exact rule.
pub const F64_RELATIVE_TOLERANCE: f64 = 1e-9;

/// How one run ended.
#[derive(Clone, Debug)]
pub enum RunOutcome {
    /// An answer.
    Answered(Box<ContactResult>),
    /// The method does not apply (the reason).
    NotApplicable(String),
    /// The method applies but exceeded a resource limit (the reason).
    LimitExceeded(String),
    /// The solver panicked (the message): always a finding.
    Panicked(String),
}

/// One method in one scalar on one scenario.
#[derive(Clone, Debug)]
pub struct RunRecord {
    /// The method.
    pub method: Method,
    /// The scalar.
    pub scalar: ScalarKind,
    /// What it did.
    pub outcome: RunOutcome,
    /// The referee's verdict on an exact answer.
    pub verdict: Option<Verdict>,
    /// The class of an `f64` answer against the exact truth.
    pub class: Option<FloatClass>,
    /// Wall time of the run, in seconds (the referee excluded).
    pub seconds: f64,
    /// Wall time of the referee's judgement of an exact answer, in seconds.
    pub referee_seconds: Option<f64>,
}

impl RunRecord {
    /// `sat/exact`, `sgm/f64`, ...
    pub fn label(&self) -> String {
        format!("{}/{}", self.method, self.scalar)
    }

    /// The answer, when there is one.
    pub fn answer(&self) -> Option<&ContactResult> {
        match &self.outcome {
            RunOutcome::Answered(r) => Some(r),
            _ => None,
        }
    }
}

/// The judgement of one scenario.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// Every run, methods in [`Method::ALL`] order, exact then `f64`.
    pub runs: Vec<RunRecord>,
    /// Rule 6: the exact SAT and SGM runs on the scenario's σ-path (empty
    /// where the rule does not apply).
    pub sigma_path: Vec<RunRecord>,
    /// Rule 7: SAT's `f64` run on the `angular` twin of a spin, classified
    /// against glide (empty where the rule does not apply).
    pub angular_twin: Vec<RunRecord>,
    /// Rule 8: glide's raster variant at each resolution against the
    /// analytic variant's collisions (empty where glide does not apply).
    pub raster: Vec<RasterRecord>,
    /// The problems found; empty when everything holds.
    pub findings: Vec<Finding>,
}

impl Evaluation {
    /// True when some method answered.
    pub fn answered(&self) -> bool {
        self.runs.iter().any(|r| r.answer().is_some())
    }

    /// The exact reference answer: the first certified exact answer, else
    /// the first exact answer.
    pub fn truth(&self) -> Option<&ContactResult> {
        let exact = || {
            self.runs
                .iter()
                .filter(|r| r.scalar == ScalarKind::Exact)
                .filter_map(|r| r.answer().map(|a| (r, a)))
        };
        exact()
            .find(|(r, _)| r.verdict == Some(Verdict::Certified))
            .or_else(|| exact().next())
            .map(|(_, a)| a)
    }
}

fn run_one(
    scenario: &Scenario,
    method: Method,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> (RunOutcome, f64) {
    let start = Instant::now();
    let outcome = match catch_unwind(AssertUnwindSafe(|| {
        solve(&scenario.query(), method, scalar, options)
    })) {
        Ok(Ok(r)) => RunOutcome::Answered(Box::new(r)),
        Ok(Err(e)) if e.is_limit_exceeded() => RunOutcome::LimitExceeded(e.to_string()),
        // Invalid input from a solver (a number that is not finite, an
        // empty interval: the f64 rounding of a primitive query) counts as
        // not applicable here: the method gives no answer to judge.
        Ok(Err(e)) => RunOutcome::NotApplicable(e.reason().to_string()),
        Err(p) => RunOutcome::Panicked(panic_message(p)),
    };
    (outcome, start.elapsed().as_secs_f64())
}

fn float_time(r: &ContactResult) -> Option<f64> {
    match &r.time {
        Some(Time::Float(x)) => Some(*x),
        Some(Time::Exact(a)) => Some(a.to_f64()),
        Some(Time::Enclosure { lower, upper }) => Some(crate::scalar::rational_to_f64(
            &((lower + upper) / crate::scalar::BigRational::from_integer(2.into())),
        )),
        None => None,
    }
}

/// The absolute tolerance for an `f64` time `t`: measuring an inexact
/// answer, not deciding anything exact.
#[allow(clippy::float_arithmetic)]
fn f64_tolerance(t: Option<f64>) -> f64 {
    F64_RELATIVE_TOLERANCE * t.map_or(1.0, |x| x.abs().max(1.0))
}

fn compare_exact(
    findings: &mut Vec<Finding>,
    la: &str,
    a: &ContactResult,
    lb: &str,
    b: &ContactResult,
) {
    let mut push = |message: String| {
        findings.push(Finding {
            kind: FindingKind::ExactDisagreement,
            message,
        })
    };
    if a.collides != b.collides {
        push(format!(
            "{la} says collides = {}, {lb} says {}",
            a.collides, b.collides
        ));
        return;
    }
    if a.initially_overlapping != b.initially_overlapping {
        push(format!(
            "{la} says initially_overlapping = {}, {lb} says {}",
            a.initially_overlapping, b.initially_overlapping
        ));
    }
    let same_time = match (&a.time, &b.time) {
        (Some(x), Some(y)) => times_agree(x, y),
        (None, None) => true,
        _ => false,
    };
    if !same_time {
        push(format!("{la} and {lb} give different first contact times"));
    }
    let (ia, ib) = (&a.contact_intervals, &b.contact_intervals);
    if !ia.is_empty() && !ib.is_empty() {
        let same = ia.len() == ib.len()
            && ia
                .iter()
                .zip(ib)
                .all(|((s1, e1), (s2, e2))| times_agree(s1, s2) && times_agree(e1, e2));
        if !same {
            push(format!(
                "{la} and {lb} give different contact intervals ({} against {})",
                ia.len(),
                ib.len()
            ));
        }
    }
}

/// Runs `method` exactly on `scenario` and has the referee judge the answer
/// (a refutation or a panic is a finding).
fn refereed_exact_run(
    scenario: &Scenario,
    method: Method,
    options: &SolveOptions,
    findings: &mut Vec<Finding>,
    label: &str,
) -> RunRecord {
    let (outcome, seconds) = run_one(scenario, method, ScalarKind::Exact, options);
    let mut record = RunRecord {
        method,
        scalar: ScalarKind::Exact,
        outcome,
        verdict: None,
        class: None,
        seconds,
        referee_seconds: None,
    };
    match &record.outcome {
        RunOutcome::Panicked(msg) => findings.push(Finding {
            kind: FindingKind::Panic,
            message: format!("{label} panicked: {msg}"),
        }),
        RunOutcome::Answered(r) => {
            let (verdict, seconds) = refereed(scenario, r, label, findings);
            record.verdict = Some(verdict);
            record.referee_seconds = Some(seconds);
        }
        _ => {}
    }
    record
}

/// The referee's verdict on an exact answer (a panic of the referee is a
/// refutation) and the seconds it took; a refutation is also a finding.
fn refereed(
    scenario: &Scenario,
    answer: &ContactResult,
    label: &str,
    findings: &mut Vec<Finding>,
) -> (Verdict, f64) {
    let start = Instant::now();
    let verdict = catch_unwind(AssertUnwindSafe(|| referee(&scenario.query(), answer)))
        .unwrap_or_else(|p| {
            Verdict::refuted(format!("the referee panicked: {}", panic_message(p)))
        });
    if let Verdict::Refuted { reason, .. } = &verdict {
        findings.push(Finding {
            kind: FindingKind::Refuted,
            message: format!("the referee refutes {label}: {reason}"),
        });
    }
    (verdict, start.elapsed().as_secs_f64())
}

/// Rule 6 (module docs): glide's exact answer in its rotation parameter
/// `σ` against exact SAT and SGM on the σ-path scenario. Glide runs again
/// here, directly, because its `σ*` is not part of the method-neutral
/// result; only where the rule applies (pure rotations, glide answered).
fn sigma_path_rule(
    scenario: &Scenario,
    runs: &[RunRecord],
    options: &SolveOptions,
    findings: &mut Vec<Finding>,
) -> Vec<RunRecord> {
    let glide_answered = runs.iter().any(|r| {
        r.method == Method::Glide && r.scalar == ScalarKind::Exact && r.answer().is_some()
    });
    if !glide_answered {
        return Vec::new();
    }
    let Some(path) = sigma_path_scenario(scenario) else {
        return Vec::new();
    };
    let interval = (&scenario.interval.0, &scenario.interval.1);
    let glide = catch_unwind(AssertUnwindSafe(|| {
        with_budget(options.budget, || {
            solve_glide(
                scenario.a(),
                scenario.b(),
                interval,
                &GlideOptions {
                    arithmetic: Arithmetic::Exact,
                    collisions: Collisions::First,
                    precision: options.precision,
                    intervals: true,
                },
            )
        })
    }));
    let Ok(Ok(glide)) = glide else {
        return Vec::new(); // the main run already reported what went wrong
    };
    let glide_collides = glide.initially_overlapping || !glide.events.is_empty();
    let glide_sigma = if glide.initially_overlapping {
        Some(RealAlgebraic::from_integer(0))
    } else {
        glide.stats.first_parameter.clone()
    };
    let mut records = Vec::new();
    for method in [Method::Sat, Method::Sgm] {
        let label = format!("{method}/exact on the sigma path");
        let record = refereed_exact_run(&path, method, options, findings, &label);
        if let Some(r) = record.answer() {
            let mut differ = |what: String| {
                findings.push(Finding {
                    kind: FindingKind::ExactDisagreement,
                    message: format!("rule 6: glide/exact and {label} {what}"),
                })
            };
            if r.collides != glide_collides {
                differ(format!(
                    "disagree on collides ({glide_collides} against {})",
                    r.collides
                ));
            } else if r.initially_overlapping != glide.initially_overlapping {
                differ("disagree on initially_overlapping".to_owned());
            } else if r.collides {
                let same = match (&r.time, &glide_sigma) {
                    (Some(Time::Exact(t)), Some(sigma)) => t == sigma,
                    _ => false,
                };
                if !same {
                    differ("give different first parameters sigma*".to_owned());
                }
            }
        }
        records.push(record);
    }
    records
}

/// Rule 7 (module docs): SAT's ODE stepping on the `angular` twin,
/// classified against the exact truth with the stated error of one step.
fn angular_twin_run(
    scenario: &Scenario,
    twin: &Scenario,
    truth: &Truth,
    options: &SolveOptions,
) -> RunRecord {
    let (outcome, seconds) = run_one(twin, Method::Sat, ScalarKind::F64, options);
    let step = crate::scalar::rational_to_f64(
        &((&scenario.interval.1 - &scenario.interval.0)
            / crate::scalar::BigRational::from_integer(options.steps.max(1).into())),
    );
    let class = match &outcome {
        RunOutcome::Answered(a) => {
            let t = float_time(a);
            Some(classify_float(
                truth,
                a.collides,
                t,
                step_tolerance(step, t),
            ))
        }
        RunOutcome::Panicked(m) | RunOutcome::LimitExceeded(m) => {
            Some(FloatClass::Failed(m.clone()))
        }
        RunOutcome::NotApplicable(_) => None,
    };
    RunRecord {
        method: Method::Sat,
        scalar: ScalarKind::F64,
        outcome,
        verdict: None,
        class,
        seconds,
        referee_seconds: None,
    }
}

/// One step plus the `f64` tolerance.
#[allow(clippy::float_arithmetic)]
fn step_tolerance(step: f64, t: Option<f64>) -> f64 {
    step + f64_tolerance(t)
}

/// The contact intervals of the first certified exact answer that decides
/// them: none when it says no contact, its intervals when it lists them;
/// `None` without such an answer (rule 8's near misses need it).
fn certified_contacts(runs: &[RunRecord]) -> Option<CertifiedContacts> {
    runs.iter()
        .filter(|r| r.scalar == ScalarKind::Exact && r.verdict == Some(Verdict::Certified))
        .filter_map(RunRecord::answer)
        .find(|a| !a.collides || !a.contact_intervals.is_empty())
        .map(|a| {
            let f = |t: &Time| match t {
                Time::Float(x) => *x,
                Time::Exact(x) => x.to_f64(),
                Time::Enclosure { lower, upper } => crate::scalar::rational_to_f64(
                    &((lower + upper) / crate::scalar::BigRational::from_integer(2.into())),
                ),
            };
            CertifiedContacts(
                a.contact_intervals
                    .iter()
                    .map(|(s, e)| (f(s), f(e)))
                    .collect(),
            )
        })
}

/// Evaluates a scenario: `exact` loaded for the exact path, `float` for the
/// `f64` path (either may be missing when that path cannot load it).
pub fn evaluate(
    exact: Option<&Scenario>,
    float: Option<&Scenario>,
    options: &SolveOptions,
) -> Evaluation {
    let mut runs = Vec::new();
    let mut findings = Vec::new();
    for method in Method::ALL {
        for (scalar, scenario) in [(ScalarKind::Exact, exact), (ScalarKind::F64, float)] {
            let Some(scenario) = scenario else {
                runs.push(RunRecord {
                    method,
                    scalar,
                    outcome: RunOutcome::NotApplicable(format!(
                        "the scenario does not load in the {scalar} path"
                    )),
                    verdict: None,
                    class: None,
                    seconds: 0.0,
                    referee_seconds: None,
                });
                continue;
            };
            let (outcome, seconds) = run_one(scenario, method, scalar, options);
            let mut record = RunRecord {
                method,
                scalar,
                outcome,
                verdict: None,
                class: None,
                seconds,
                referee_seconds: None,
            };
            if let RunOutcome::Panicked(msg) = &record.outcome {
                findings.push(Finding {
                    kind: FindingKind::Panic,
                    message: format!("{} panicked: {msg}", record.label()),
                });
            }
            if let (ScalarKind::Exact, RunOutcome::Answered(r)) = (scalar, &record.outcome) {
                let (verdict, referee_seconds) =
                    refereed(scenario, r, &record.label(), &mut findings);
                record.referee_seconds = Some(referee_seconds);
                if let Some(e) = &scenario.expect {
                    for message in check_expectation(&record.label(), r, e) {
                        findings.push(Finding {
                            kind: FindingKind::Expectation,
                            message,
                        });
                    }
                }
                record.verdict = Some(verdict);
            }
            runs.push(record);
        }
    }
    // exact answers against each other
    let exact_answers: Vec<(String, &ContactResult)> = runs
        .iter()
        .filter(|r| r.scalar == ScalarKind::Exact)
        .filter_map(|r| r.answer().map(|a| (r.label(), a)))
        .collect();
    let mut disagreements = Vec::new();
    for i in 0..exact_answers.len() {
        for j in i + 1..exact_answers.len() {
            let ((la, a), (lb, b)) = (&exact_answers[i], &exact_answers[j]);
            compare_exact(&mut disagreements, la, a, lb, b);
        }
    }
    findings.extend(disagreements);
    // f64 answers classified against the truth
    let sigma_path = match exact {
        Some(scenario) => sigma_path_rule(scenario, &runs, options, &mut findings),
        None => Vec::new(),
    };
    let glide_answered = runs
        .iter()
        .any(|r| r.method == Method::Glide && r.answer().is_some());
    let contacts = certified_contacts(&runs);
    let raster = match (exact, float) {
        _ if !glide_answered => Vec::new(),
        (Some(s), _) => raster_rule(
            s,
            true,
            options.precision,
            options.budget,
            contacts.as_ref(),
        ),
        (None, Some(s)) => raster_rule(
            s,
            false,
            options.precision,
            options.budget,
            contacts.as_ref(),
        ),
        (None, None) => Vec::new(),
    };
    findings.extend(raster.iter().flat_map(RasterRecord::findings));
    let mut evaluation = Evaluation {
        runs,
        sigma_path,
        angular_twin: Vec::new(),
        raster,
        findings,
    };
    let truth = evaluation.truth().map(|t| {
        let first_contact = match &t.time {
            Some(Time::Exact(a)) => algebraic_of(a).ok(),
            // a certified enclosure (glide's rotations) at most 2^-40 wide,
            // far below the f64 tolerance, stands for the truth by its
            // midpoint
            Some(Time::Enclosure { lower, upper })
                if upper - lower
                    <= crate::scalar::BigRational::new(
                        1.into(),
                        num_bigint::BigInt::from(1) << 40u32,
                    ) =>
            {
                Some(exactccd_oracle::Algebraic::Rational(
                    (lower + upper) / crate::scalar::BigRational::from_integer(2.into()),
                ))
            }
            _ => None,
        };
        (t.collides, first_contact)
    });
    if let Some((collides, first_contact)) = truth {
        let exact_truth = !collides || first_contact.is_some();
        if exact_truth {
            let truth = Truth { first_contact };
            for r in evaluation
                .runs
                .iter_mut()
                .filter(|r| r.scalar == ScalarKind::F64)
            {
                r.class = match &r.outcome {
                    RunOutcome::Answered(a) => {
                        let t = float_time(a);
                        Some(classify_float(&truth, a.collides, t, f64_tolerance(t)))
                    }
                    RunOutcome::Panicked(m) => Some(FloatClass::Failed(m.clone())),
                    RunOutcome::LimitExceeded(m) => Some(FloatClass::Failed(m.clone())),
                    RunOutcome::NotApplicable(_) => None,
                };
            }
            if let (Some(scenario), Some(twin)) = (exact, exact.and_then(angular_equivalent)) {
                evaluation.angular_twin = vec![angular_twin_run(scenario, &twin, &truth, options)];
            }
        }
    }
    evaluation
}
