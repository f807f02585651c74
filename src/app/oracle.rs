//! `exactccd oracle FILE|DIR...` (SCENARIO_FORMAT.md 4): every method in both
//! scalars on every scenario, judged by the referee and by the differential
//! rules of [`campaign::evaluate`](crate::campaign::evaluate()) (the
//! README's "Differential rules").
//!
//! * Directories are read recursively for `*.json` files, in name order;
//!   symbolic links to directories are not followed.
//! * A scenario is loaded once per scalar path. When only one path accepts it
//!   (an approximately orthonormal `rotation` is valid only in the `f64`
//!   path), the other scalar's runs are "not applicable" with the loader's
//!   reason; when neither does, the file is invalid input.
//! * A file *fails* when an exact answer is refuted by the referee, when two
//!   exact answers differ, when an exact answer contradicts `expect`, or when
//!   a solver panics. `f64` answers never fail a file: they are classified
//!   against the exact truth (agrees, early, late, missed, phantom, failed)
//!   and the class is printed.
//! * Exit status: 1 when any file fails; else 2 when any file is invalid;
//!   else 3 when on any file no method applies; else 0.
#![deny(clippy::float_arithmetic)]

use super::{exit, Outcome};
use crate::campaign::{evaluate, Evaluation, RunOutcome};
use crate::contact::{ContactResult, ScalarKind, SolveOptions, Time};
use crate::poly::RealAlgebraic;
use crate::scalar::{rational_from_f64, BigInt, BigRational, Ring, Scalar};
use crate::scenario::{load_scenario, Expect, LoadOptions, Scenario};
use std::cmp::Ordering;
use std::path::{Path, PathBuf};

/// An `f64` time `t` is compared as the range `t ± max(1, |t|) / this`
/// (a relative tolerance of `1e-6`).
pub const F64_TIME_TOLERANCE_INVERSE: i64 = 1_000_000;

/// Deepest directory level searched for scenarios.
const MAX_DIRECTORY_DEPTH: usize = 32;

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

/// The file loaded in each scalar path; an error when neither accepts it.
fn load_both(file: &Path) -> Result<(Option<Scenario>, Option<Scenario>), String> {
    let exact = load_scenario(file, &LoadOptions::for_scalar(ScalarKind::Exact));
    let float = load_scenario(file, &LoadOptions::for_scalar(ScalarKind::F64));
    match (exact, float) {
        (Err(e), Err(_)) => Err(if e.is_io() {
            e.to_string()
        } else {
            format!("{}: {e}", file.display())
        }),
        (e, f) => Ok((e.ok(), f.ok())),
    }
}

/// The one-line summary of an evaluation without findings: the decision,
/// the referee's verdicts and the `f64` classes.
fn summary_line(e: &Evaluation) -> String {
    let what = match e.truth() {
        Some(t) if t.collides => format!("collide, T = {}", describe_opt(&t.time)),
        Some(_) => "no contact".to_owned(),
        None => {
            let any = e.runs.iter().find_map(|r| r.answer());
            match any {
                Some(t) if t.collides => {
                    format!("collide, T = {} (f64 only)", describe_opt(&t.time))
                }
                _ => "no contact (f64 only)".to_owned(),
            }
        }
    };
    let exact: Vec<String> = e
        .runs
        .iter()
        .filter_map(|r| {
            r.verdict.as_ref().map(|v| {
                let v = match v {
                    exactccd_oracle::Verdict::Certified => "certified",
                    exactccd_oracle::Verdict::Refuted { .. } => "refuted",
                    exactccd_oracle::Verdict::Inconclusive(_) => "not certified",
                };
                format!("{} {v}", r.label())
            })
        })
        .collect();
    let floats: Vec<String> = e
        .runs
        .iter()
        .filter(|r| r.scalar == ScalarKind::F64 && r.answer().is_some())
        .map(|r| match &r.class {
            Some(c) => format!("{} {}", r.label(), c.name()),
            None => format!("{} answered", r.label()),
        })
        .collect();
    let mut parts = exact;
    parts.extend(floats);
    format!("{what} ({})", parts.join(", "))
}

/// `exactccd oracle FILE|DIR...` (module docs).
pub fn oracle_command(paths: &[PathBuf], precision: u32) -> Outcome {
    let (files, mut stderr) = scenario_files(paths);
    let mut invalid = stderr.len();
    let (mut agree, mut disagree, mut not_applicable) = (0usize, 0usize, 0usize);
    let mut stdout = String::new();
    let options = SolveOptions {
        precision,
        ..SolveOptions::default()
    };
    for file in &files {
        let shown = file.display();
        let (exact, float) = match load_both(file) {
            Ok(both) => both,
            Err(e) => {
                invalid += 1;
                stderr.push(format!("error: {e}"));
                continue;
            }
        };
        let e = evaluate(exact.as_ref(), float.as_ref(), &options);
        if !e.findings.is_empty() {
            disagree += 1;
            let findings: Vec<&str> = e.findings.iter().map(|f| f.message.as_str()).collect();
            stdout.push_str(&format!("FAIL {shown}: {}\n", findings.join("; ")));
        } else if !e.answered() {
            not_applicable += 1;
            stdout.push_str(&format!("n/a  {shown}: no method applies\n"));
            let reasons: Vec<String> = e
                .runs
                .iter()
                .filter_map(|r| match &r.outcome {
                    RunOutcome::NotApplicable(why) | RunOutcome::LimitExceeded(why) => {
                        Some(format!("{}: {why}", r.label()))
                    }
                    _ => None,
                })
                .collect();
            stderr.push(format!(
                "{shown}: no method applies: {}",
                reasons.join("; ")
            ));
        } else {
            agree += 1;
            stdout.push_str(&format!("ok   {shown}: {}\n", summary_line(&e)));
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
