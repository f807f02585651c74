//! `exactccd oracle FILE|DIR...` (docs/FORMAT.md 4): every method in both
//! scalars on every scenario, judged by the referee and by the differential
//! rules of [`campaign::evaluate`](exactccd::campaign::evaluate()) (the
//! `docs/DESIGN.md`).
//!
//! * Directories are read recursively for `*.json` files, in name order;
//!   symbolic links to directories are not followed.
//! * A scenario is loaded once per scalar path. When only one path accepts it
//!   (an approximately orthonormal `rotation` is valid only in the `f64`
//!   path), the other scalar's runs are "not applicable" with the loader's
//!   reason; when neither does, the file is invalid input.
//! * A file *fails* when an exact answer is refuted by the referee, when two
//!   exact answers differ, when an exact answer contradicts `expect`, when
//!   glide's raster variant misses or invents a collision beyond its
//!   resolution (rule 8), or when a solver panics. A FAIL line starts with
//!   the exact truth and whether the referee certified it (`FAIL FILE: no
//!   contact, certified: ...`). `f64` answers never fail a file: they are classified
//!   against the exact truth (agrees, early, late, missed, phantom, failed)
//!   and the class is printed.
//! * Exit status: 1 when any file fails; else 2 when any file is invalid;
//!   else 3 when on any file no method applies; else 0.
#![deny(clippy::float_arithmetic)]

use super::{exit, Outcome};
use exactccd::campaign::{describe_time, evaluate, Evaluation, RasterRunOutcome, RunOutcome};
use exactccd::contact::Time;
use exactccd::contact::{ScalarKind, SolveOptions, WorkBudget};
use exactccd::scenario::{load_scenario, LoadOptions, Scenario};
use std::path::{Path, PathBuf};

/// Deepest directory level searched for scenarios.
const MAX_DIRECTORY_DEPTH: usize = 32;

fn describe_opt(t: &Option<Time>) -> String {
    t.as_ref().map_or_else(|| "none".to_owned(), describe_time)
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

/// The exact truth a FAIL line starts with: the decision and first contact
/// of the first certified exact answer (`no contact, certified`), else of
/// the first exact answer (`..., not certified`), else `no exact answer`.
fn truth_line(e: &Evaluation) -> String {
    let certified = e.runs.iter().any(|r| {
        r.scalar == ScalarKind::Exact && r.verdict == Some(exactccd_oracle::Verdict::Certified)
    });
    let status = if certified {
        "certified"
    } else {
        "not certified"
    };
    match e.truth() {
        Some(t) if t.collides => {
            format!("collide, T = {}, {status}", describe_opt(&t.time))
        }
        Some(_) => format!("no contact, {status}"),
        None => "no exact answer".to_owned(),
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
    // exact runs stopped by a limit (the work budget): no exact truth
    let limited = e.runs.iter().filter_map(|r| match &r.outcome {
        RunOutcome::LimitExceeded(_) if r.scalar == ScalarKind::Exact => {
            Some(format!("{} limit exceeded", r.label()))
        }
        _ => None,
    });
    // rule 8: raster collisions within the resolution of a near miss
    let near = e.raster.iter().filter_map(|r| match &r.outcome {
        RasterRunOutcome::Compared(c) if !c.near_misses.is_empty() => Some(format!(
            "{} {} within its resolution of a near miss",
            r.label(),
            c.near_misses.len()
        )),
        _ => None,
    });
    let mut parts = exact;
    parts.extend(limited);
    parts.extend(floats);
    parts.extend(near);
    format!("{what} ({})", parts.join(", "))
}

/// `exactccd oracle FILE|DIR...` (module docs).
pub fn oracle_command(paths: &[PathBuf], precision: u32, budget: WorkBudget) -> Outcome {
    let (files, mut stderr) = scenario_files(paths);
    let mut invalid = stderr.len();
    let (mut agree, mut disagree, mut not_applicable) = (0usize, 0usize, 0usize);
    let mut stdout = String::new();
    let options = SolveOptions {
        precision,
        budget,
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
            stdout.push_str(&format!(
                "FAIL {shown}: {}: {}\n",
                truth_line(&e),
                findings.join("; ")
            ));
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
            for r in &e.runs {
                if let RunOutcome::LimitExceeded(why) = &r.outcome {
                    stderr.push(format!("{shown}: {}: {why}", r.label()));
                }
            }
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
