//! `exactccd check --queries [--tolerance TOL] PATH...` (docs/FORMAT.md
//! 5.4): a tool's answers to the public CCD benchmark's queries, written
//! beside the labels (column 8 its decision, optional column 9 its first
//! contact time), judged query by query ([`check_query_answer`]).
//!
//! One JSON line per query on stdout, in file order: `file`, `query` (the
//! 0-based index in the file), `line` (the query's first row), `kind`,
//! `label`, the tool's `collides` and `time`, then `verdict`, `reason` or
//! `error`, `dt` and `truth` as for claim lines; the summary on stderr; the
//! exit statuses of `check`. A file that cannot be read, or whose
//! benchmark columns break the benchmark's layout, is status 2 with nothing
//! on stdout; a query whose answer columns are wrong is `invalid` alone.
#![deny(clippy::float_arithmetic)]

use super::check::{claims_bar, judged_outcome};
use super::Outcome;
use exactccd::claims::{check_query_answer, validate_tolerance, ClaimVerdict};
use exactccd::contact::{time_json, DEFAULT_PRECISION_BITS};
use exactccd::queries::{collect_query_files, read_answered_query_file, AnsweredQuery};
use exactccd::FloatClass;
use rayon::prelude::*;
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

/// The verdict of one answered query.
fn verdict_of(q: &AnsweredQuery, tolerance: f64) -> ClaimVerdict {
    match &q.answer {
        Ok(a) => check_query_answer(&q.query, a.collides, a.time, tolerance),
        Err(why) => ClaimVerdict::Invalid(why.clone()),
    }
}

/// The output line of one query and its verdict's name.
fn query_line(file: &Path, q: &AnsweredQuery, verdict: &ClaimVerdict) -> (String, &'static str) {
    let mut out = Map::new();
    out.insert("file".into(), Value::from(file.display().to_string()));
    out.insert("query".into(), Value::from(q.query.index));
    out.insert("line".into(), Value::from(q.line));
    out.insert("kind".into(), Value::from(q.query.query.kind.as_str()));
    out.insert("label".into(), Value::from(q.query.label));
    let (collides, time) = match &q.answer {
        Ok(a) => (
            Value::from(a.collides),
            a.time.map_or(Value::Null, Value::from),
        ),
        Err(_) => (Value::Null, Value::Null),
    };
    out.insert("collides".into(), collides);
    out.insert("time".into(), time);
    let (name, extra) = match verdict {
        ClaimVerdict::Float { class, .. } => (class.name(), None),
        ClaimVerdict::Invalid(why) if q.answer.is_ok() => (
            "invalid",
            Some(("error", format!("line {}: {why}", q.line))),
        ),
        ClaimVerdict::Invalid(why) => ("invalid", Some(("error", why.clone()))),
        ClaimVerdict::Inconclusive(why) => ("inconclusive", Some(("reason", why.clone()))),
        other => (
            "inconclusive",
            Some(("reason", format!("unexpected verdict: {other}"))),
        ),
    };
    out.insert("verdict".into(), Value::from(name));
    if let Some((key, text)) = extra {
        out.insert(key.into(), Value::from(text));
    }
    out.insert("dt".into(), verdict.dt().map_or(Value::Null, Value::from));
    let truth = match verdict {
        ClaimVerdict::Float {
            truth: Some(t),
            class,
            ..
        } if !matches!(class, FloatClass::Failed(_)) => time_json(t, DEFAULT_PRECISION_BITS),
        _ => Value::Null,
    };
    out.insert("truth".into(), truth);
    (Value::Object(out).to_string(), name)
}

/// `exactccd check --queries` (module docs).
pub fn check_queries_command(paths: &[PathBuf], tolerance: f64) -> Outcome {
    if let Err(why) = validate_tolerance(tolerance) {
        return Outcome::invalid(format!("error: --{why}"));
    }
    let files = match collect_query_files(paths) {
        Ok(f) => f,
        Err(e) => return Outcome::invalid(format!("error: {e}")),
    };
    let mut queries = Vec::new();
    for file in &files {
        match read_answered_query_file(file) {
            Ok(qs) => queries.extend(qs.into_iter().map(|q| (file.as_path(), q))),
            Err(e) => return Outcome::invalid(format!("error: {e}")),
        }
    }
    if queries.is_empty() {
        return Outcome::invalid("error: no queries in the files".into());
    }
    let bar = claims_bar(queries.len(), "queries");
    let judged: Vec<(String, &'static str)> = queries
        .par_iter()
        .map(|(file, q)| {
            let line = query_line(file, q, &verdict_of(q, tolerance));
            bar.inc(1);
            line
        })
        .collect();
    bar.finish_and_clear();
    judged_outcome(&judged, "queries")
}
