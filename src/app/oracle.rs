//! `exactccd oracle FILE|DIR...` (SCENARIO_FORMAT.md 4): every method in both
//! scalars on every scenario, compared with each other and with the
//! scenario's `expect`.
//!
//! Rules (documented in the README):
//!
//! * Directories are read recursively for `*.json` files, in name order;
//!   symbolic links to directories are not followed.
//! * A scenario is loaded once per scalar path. When only one path accepts it
//!   (an approximately orthonormal `rotation` is valid only in the `f64`
//!   path), the other scalar's runs are "not applicable" with the loader's
//!   reason; when neither does, the file is invalid input.
//! * Two answers agree when they agree on `collides`, on
//!   `initially_overlapping`, and on the first contact time: two exact times
//!   must be equal; an exact time must lie in an enclosure; two enclosures
//!   must overlap; an `f64` time stands for the range
//!   `t ± max(1, |t|) / F64_TIME_TOLERANCE_INVERSE`. Contact intervals are
//!   compared end by end the same way when both answers list them.
//! * `expect.collides` must match every answer; `expect.time` must lie
//!   within `expect.tolerance` (default 0) of every answer's time, widened
//!   for `f64` answers to at least the `f64` tolerance above.
//! * Exit status: 1 when any file shows a disagreement or a failed
//!   expectation; else 2 when any file is invalid; else 3 when on any file no
//!   method applies; else 0.
#![deny(clippy::float_arithmetic)]

use super::{exit, Outcome};
use crate::contact::{solve, ContactResult, Method, ScalarKind, SolveError, SolveOptions, Time};
use crate::poly::RealAlgebraic;
use crate::scalar::{rational_from_f64, BigInt, BigRational, Ring, Scalar};
use crate::scenario::{load_scenario, Expect, LoadOptions, Scenario, ScenarioError};
use std::cmp::Ordering;
use std::path::{Path, PathBuf};

/// An `f64` time `t` is compared as the range `t ± max(1, |t|) / this`
/// (a relative tolerance of `1e-6`).
pub const F64_TIME_TOLERANCE_INVERSE: i64 = 1_000_000;

/// Deepest directory level searched for scenarios.
const MAX_DIRECTORY_DEPTH: usize = 32;

/// One method run in one scalar, and what it answered.
#[derive(Clone, Debug)]
pub struct Run {
    /// The method.
    pub method: Method,
    /// The scalar.
    pub scalar: ScalarKind,
    /// Its answer, or why it gave none.
    pub outcome: Result<ContactResult, SolveError>,
}

impl Run {
    fn label(&self) -> String {
        format!("{}/{}", self.method, self.scalar)
    }
}

/// The oracle's judgement of one scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every answer agrees (and meets the expectation): a one-line summary.
    Agree(String),
    /// Disagreements or failed expectations, one sentence each.
    Disagree(Vec<String>),
    /// No method answered: the reason of each run.
    NotApplicable(Vec<String>),
}

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

/// True when two times agree under the oracle's rules (module docs).
pub fn times_agree(a: &Time, b: &Time) -> bool {
    match (span(a), span(b)) {
        (Some(Span::Point(x)), Some(Span::Point(y))) => x == y,
        (Some(Span::Point(x)), Some(Span::Range(lo, hi)))
        | (Some(Span::Range(lo, hi)), Some(Span::Point(x))) => point_in(&x, &lo, &hi),
        (Some(Span::Range(l1, h1)), Some(Span::Range(l2, h2))) => l1.max(l2) <= h1.min(h2),
        _ => false,
    }
}

/// A time for messages: `717/1517`, `~0.7071067811865476`, `[lo, hi]`.
fn describe(t: &Time) -> String {
    match t {
        Time::Exact(x) => match x.as_rational() {
            Some(q) => q.to_string(),
            None => format!("~{:?}", x.to_f64()),
        },
        Time::Enclosure { lower, upper } => format!("[{lower}, {upper}]"),
        Time::Float(f) => format!("{f:?} (f64)"),
    }
}

fn describe_opt(t: &Option<Time>) -> String {
    t.as_ref().map_or_else(|| "none".to_owned(), describe)
}

fn compare_pair(
    findings: &mut Vec<String>,
    (la, a): (&str, &ContactResult),
    (lb, b): (&str, &ContactResult),
) {
    if a.collides != b.collides {
        findings.push(format!(
            "{la} says collides = {}, {lb} says {}",
            a.collides, b.collides
        ));
        return;
    }
    if a.initially_overlapping != b.initially_overlapping {
        findings.push(format!(
            "{la} says initially_overlapping = {}, {lb} says {}",
            a.initially_overlapping, b.initially_overlapping
        ));
    }
    let times_match = match (&a.time, &b.time) {
        (Some(x), Some(y)) => times_agree(x, y),
        (None, None) => true,
        _ => false,
    };
    if !times_match {
        findings.push(format!(
            "first contact times differ: {la} T = {}, {lb} T = {}",
            describe_opt(&a.time),
            describe_opt(&b.time)
        ));
    }
    let (ia, ib) = (&a.contact_intervals, &b.contact_intervals);
    if !ia.is_empty() && !ib.is_empty() {
        let same = ia.len() == ib.len()
            && ia
                .iter()
                .zip(ib)
                .all(|((s1, e1), (s2, e2))| times_agree(s1, s2) && times_agree(e1, e2));
        if !same {
            findings.push(format!(
                "contact intervals differ: {la} has {}, {lb} has {}",
                ia.len(),
                ib.len()
            ));
        }
    }
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
                "{label} says T = {}, expected {te} within {tol}",
                describe(t)
            ));
        }
    }
    failures
}

/// Compares the runs of one scenario with each other and with `expect`.
pub fn compare_runs(runs: &[Run], expect: Option<&Expect>) -> Verdict {
    let answered: Vec<(String, &ContactResult)> = runs
        .iter()
        .filter_map(|r| r.outcome.as_ref().ok().map(|res| (r.label(), res)))
        .collect();
    let Some((ref_label, reference)) = answered.first() else {
        return Verdict::NotApplicable(
            runs.iter()
                .filter_map(|r| {
                    r.outcome.as_ref().err().map(|e| match e {
                        SolveError::NotApplicable(why) => format!("{}: {why}", r.label()),
                        other => format!("{}: {other}", r.label()),
                    })
                })
                .collect(),
        );
    };
    let mut findings = Vec::new();
    for (label, result) in &answered[1..] {
        compare_pair(&mut findings, (ref_label, reference), (label, result));
    }
    if let Some(expect) = expect {
        for (label, result) in &answered {
            findings.extend(check_expectation(label, result, expect));
        }
    }
    if !findings.is_empty() {
        return Verdict::Disagree(findings);
    }
    let labels: Vec<&str> = answered.iter().map(|(l, _)| l.as_str()).collect();
    let what = if reference.collides {
        format!("collide, T = {}", describe_opt(&reference.time))
    } else {
        "no contact".to_owned()
    };
    Verdict::Agree(format!("{} agree: {what}", labels.join(", ")))
}

fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) -> Result<(), String> {
    if depth > MAX_DIRECTORY_DEPTH {
        return Err(format!(
            "directories nested deeper than {MAX_DIRECTORY_DEPTH} levels"
        ));
    }
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| e.to_string())?
        .filter_map(Result::ok)
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            walk(&path, depth + 1, out)?;
        } else if path.extension().is_some_and(|e| e == "json") && path.is_file() {
            out.push(path);
        }
    }
    Ok(())
}

/// The scenario files named by `paths`: files as given, directories
/// searched recursively for `*.json`. Paths that cannot be read, and
/// directories without scenarios, give one error line each.
pub fn scenario_files(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<String>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Err(e) => errors.push(format!("error: {}: cannot read: {e}", path.display())),
            Ok(m) if m.is_dir() => {
                let mut found = Vec::new();
                match walk(path, 0, &mut found) {
                    Err(e) => errors.push(format!("error: {}: cannot read: {e}", path.display())),
                    Ok(()) if found.is_empty() => errors.push(format!(
                        "error: {}: no *.json scenario files in this directory",
                        path.display()
                    )),
                    Ok(()) => files.extend(found),
                }
            }
            Ok(_) => files.push(path.clone()),
        }
    }
    (files, errors)
}

/// The runs of every method in every scalar on one file: `None` when the
/// file is invalid in both scalar paths (with the exact path's error).
fn run_file(file: &Path, precision: u32) -> Result<(Vec<Run>, Option<Expect>), String> {
    let loaded: Vec<(ScalarKind, Result<Scenario, ScenarioError>)> = ScalarKind::ALL
        .into_iter()
        .map(|k| (k, load_scenario(file, &LoadOptions::for_scalar(k))))
        .collect();
    if let Some(Err(first)) = loaded
        .first()
        .map(|(_, r)| r)
        .filter(|_| loaded.iter().all(|(_, r)| r.is_err()))
    {
        // An unreadable file's message names the file already.
        return Err(if first.is_io() {
            first.to_string()
        } else {
            format!("{}: {first}", file.display())
        });
    }
    let expect = loaded
        .iter()
        .find_map(|(_, r)| r.as_ref().ok().and_then(|s| s.expect.clone()));
    let options = SolveOptions { precision };
    let mut runs = Vec::new();
    for method in Method::ALL {
        for (scalar, scenario) in &loaded {
            let outcome = match scenario {
                Ok(s) => solve(&s.query(), method, *scalar, &options),
                Err(e) => Err(SolveError::NotApplicable(format!(
                    "the scenario is not valid in the {scalar} scalar: {e}"
                ))),
            };
            runs.push(Run {
                method,
                scalar: *scalar,
                outcome,
            });
        }
    }
    Ok((runs, expect))
}

/// `exactccd oracle FILE|DIR...` (module docs).
pub fn oracle_command(paths: &[PathBuf], precision: u32) -> Outcome {
    let (files, mut stderr) = scenario_files(paths);
    let mut invalid = stderr.len();
    let (mut agree, mut disagree, mut not_applicable) = (0usize, 0usize, 0usize);
    let mut stdout = String::new();
    for file in &files {
        let shown = file.display();
        match run_file(file, precision) {
            Err(e) => {
                invalid += 1;
                stderr.push(format!("error: {e}"));
            }
            Ok((runs, expect)) => match compare_runs(&runs, expect.as_ref()) {
                Verdict::Agree(summary) => {
                    agree += 1;
                    stdout.push_str(&format!("ok   {shown}: {summary}\n"));
                }
                Verdict::Disagree(findings) => {
                    disagree += 1;
                    stdout.push_str(&format!("FAIL {shown}: {}\n", findings.join("; ")));
                }
                Verdict::NotApplicable(reasons) => {
                    not_applicable += 1;
                    stdout.push_str(&format!("n/a  {shown}: no method applies\n"));
                    stderr.push(format!(
                        "{shown}: no method applies: {}",
                        reasons.join("; ")
                    ));
                }
            },
        }
    }
    if agree + disagree + not_applicable > 0 {
        stdout.push_str(&format!(
            "oracle: files: {}, {agree} agree, {disagree} disagree, {invalid} invalid, {not_applicable} not applicable\n",
            files.len()
        ));
    }
    let status = if disagree > 0 {
        exit::DISAGREEMENT
    } else if invalid > 0 {
        exit::INVALID_INPUT
    } else if not_applicable > 0 {
        exit::NOT_APPLICABLE
    } else {
        exit::SUCCESS
    };
    Outcome {
        status,
        stdout,
        stderr,
    }
}
