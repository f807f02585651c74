//! Running benchmark files: one JSON line per query, and a per-folder
//! summary against the labels (`exactccd queries`): counts, and the mean,
//! median and maximum solver time per query.
#![deny(clippy::float_arithmetic)]

use super::csv::{collect_query_files, read_query_file, BenchmarkQuery, QueryFileError};
use super::distance::query_scale;
use crate::contact::{time_json, with_budget, ScalarKind, Time, WorkBudget};
use crate::scalar::BigRational;
use crate::solver::primitive::{query_to_f64, test_primitive, PrimitiveQuery};
use crate::Error;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The answer to one query: collides, and the first contact time.
#[derive(Clone, Debug, PartialEq)]
pub struct QueryAnswer {
    /// True when the primitives meet in `[0, 1]`.
    pub collides: bool,
    /// The first contact time, `None` without contact.
    pub time: Option<Time>,
}

/// Answers one query in the scalar within the work budget, timing the
/// solver alone (the `f64` conversion happens before the clock starts).
pub fn answer_query(
    q: &PrimitiveQuery<BigRational>,
    scalar: ScalarKind,
    budget: WorkBudget,
) -> (Result<QueryAnswer, Error>, Duration) {
    match scalar {
        ScalarKind::Exact => {
            let start = Instant::now();
            let answer = with_budget(budget, || test_primitive(q)).map(|v| QueryAnswer {
                collides: v.collides,
                time: v.time().cloned().map(Time::Exact),
            });
            (answer, start.elapsed())
        }
        ScalarKind::F64 => {
            let q = query_to_f64(q);
            let start = Instant::now();
            let answer = with_budget(budget, || test_primitive(&q)).map(|v| QueryAnswer {
                collides: v.collides,
                time: v.time().map(|t| Time::Float(t.0)),
            });
            (answer, start.elapsed())
        }
    }
}

/// The JSON line of one answered query:
/// `{"file", "query", "kind", "collides", "time", "label"}`, plus `"error"`
/// (and `collides: null`) when the solver could not answer.
pub fn answer_line(
    file: &Path,
    q: &BenchmarkQuery,
    answer: &Result<QueryAnswer, Error>,
    precision: u32,
) -> String {
    let mut v = json!({
        "file": file.display().to_string(),
        "query": q.index,
        "kind": q.query.kind.as_str(),
    });
    let obj = v.as_object_mut().expect("an object");
    match answer {
        Ok(a) => {
            obj.insert("collides".into(), Value::Bool(a.collides));
            obj.insert(
                "time".into(),
                a.time
                    .as_ref()
                    .map_or(Value::Null, |t| time_json(t, precision)),
            );
        }
        Err(e) => {
            obj.insert("collides".into(), Value::Null);
            obj.insert("time".into(), Value::Null);
            obj.insert("error".into(), Value::String(e.reason().to_string()));
        }
    }
    obj.insert("label".into(), Value::Bool(q.label));
    v.to_string()
}

/// The counts and times of one folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FolderSummary {
    /// Queries answered (or failed).
    pub queries: usize,
    /// Labelled colliding, answered not colliding.
    pub false_negatives: usize,
    /// Labelled not colliding, answered colliding.
    pub false_positives: usize,
    /// Queries the solver could not answer (counted as mismatches).
    pub errors: usize,
    /// Queries answered as coming within the separation (a run with
    /// `--separation`; labels, which are about contact, are not compared
    /// there).
    pub within: usize,
    /// Total solver time.
    pub total_time: Duration,
    /// Largest solver time of one query.
    pub max_time: Duration,
    /// Every query's solver time, in the order run (for the median).
    pub times: Vec<Duration>,
}

impl FolderSummary {
    fn add(&mut self, label: Option<bool>, answer: &Result<QueryAnswer, Error>, d: Duration) {
        self.queries += 1;
        let label = match (label, answer) {
            (Some(label), _) => label,
            (None, Ok(a)) => {
                self.within += usize::from(a.collides);
                a.collides
            }
            (None, Err(_)) => false,
        };
        match answer {
            Ok(a) if a.collides && !label => self.false_positives += 1,
            Ok(a) if !a.collides && label => self.false_negatives += 1,
            Ok(_) => {}
            Err(_) => self.errors += 1,
        }
        self.total_time += d;
        self.max_time = self.max_time.max(d);
        self.times.push(d);
    }

    fn merge(&mut self, o: &FolderSummary) {
        self.queries += o.queries;
        self.false_negatives += o.false_negatives;
        self.false_positives += o.false_positives;
        self.errors += o.errors;
        self.within += o.within;
        self.total_time += o.total_time;
        self.max_time = self.max_time.max(o.max_time);
        self.times.extend_from_slice(&o.times);
    }

    /// The mean solver time per query.
    pub(crate) fn mean_time(&self) -> Duration {
        match u32::try_from(self.queries) {
            Ok(n) if n > 0 => self.total_time / n,
            _ => Duration::ZERO,
        }
    }

    /// The median solver time per query: the middle one of the sorted
    /// times, the mean of the two middle ones for an even count (zero
    /// without queries).
    pub fn median_time(&self) -> Duration {
        let mut sorted = self.times.clone();
        sorted.sort_unstable();
        let n = sorted.len();
        match n {
            0 => Duration::ZERO,
            _ if n % 2 == 1 => sorted[n / 2],
            _ => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
        }
    }

    /// True when every answer matches its label.
    pub fn all_match(&self) -> bool {
        self.false_negatives == 0 && self.false_positives == 0 && self.errors == 0
    }
}

/// The summary of a run: per folder (the directory holding the files), and
/// the total.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunSummary {
    /// The scalar of the run.
    pub scalar: ScalarKind,
    /// The relative separation `D` of a run with `--separation` (each
    /// query's `d = D · scale`, [`query_scale`]).
    pub separation: Option<BigRational>,
    /// Per folder, in path order.
    pub folders: BTreeMap<PathBuf, FolderSummary>,
}

impl RunSummary {
    /// The sum over every folder.
    pub fn total(&self) -> FolderSummary {
        let mut t = FolderSummary::default();
        for f in self.folders.values() {
            t.merge(f);
        }
        t
    }

    /// True when every answer matches its label (the exit status 0); with a
    /// separation, when every query was answered.
    pub fn all_match(&self) -> bool {
        self.folders.values().all(FolderSummary::all_match)
    }
}

fn micros(d: Duration) -> String {
    let ns = d.as_nanos();
    format!("{}.{}", ns / 1000, (ns % 1000) / 100)
}

impl fmt::Display for RunSummary {
    /// A table: folder, queries, the counts (false negatives and false
    /// positives against the labels; with a separation, the queries within
    /// `d`), errors, mean, median and maximum solver time per query
    /// (microseconds), then the total.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.separation {
            None => writeln!(
                f,
                "scalar {}: folder | queries | false neg | false pos | errors | mean us | median us | max us",
                self.scalar.as_str()
            )?,
            Some(d) => writeln!(
                f,
                "scalar {}, separation {} x scale: folder | queries | within d | errors | mean us | median us | max us",
                self.scalar.as_str(),
                crate::scalar::rational_to_f64(d)
            )?,
        }
        let row = |f: &mut fmt::Formatter<'_>, name: &str, s: &FolderSummary| {
            let counts = match self.separation {
                None => format!("{} | {}", s.false_negatives, s.false_positives),
                Some(_) => s.within.to_string(),
            };
            writeln!(
                f,
                "{name} | {} | {counts} | {} | {} | {} | {}",
                s.queries,
                s.errors,
                micros(s.mean_time()),
                micros(s.median_time()),
                micros(s.max_time)
            )
        };
        for (folder, s) in &self.folders {
            row(f, &folder.display().to_string(), s)?;
        }
        row(f, "total", &self.total())
    }
}

/// Why a run stopped.
#[derive(Debug)]
pub enum QueryRunError {
    /// A file could not be read or parsed.
    File(QueryFileError),
    /// The output could not be written.
    Output(std::io::Error),
}

impl fmt::Display for QueryRunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryRunError::File(e) => write!(f, "{e}"),
            QueryRunError::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for QueryRunError {}

/// Runs every query of the files under `paths` (directories searched
/// recursively for `*.csv`) in the scalar: one JSON line per query on `out`
/// ([`answer_line`], TIME brackets at `precision` bits), and the summary per
/// folder; each query within the work `budget`. Every file is read and
/// checked before any query runs.
pub fn run_queries(
    paths: &[PathBuf],
    scalar: ScalarKind,
    precision: u32,
    budget: WorkBudget,
    out: &mut dyn Write,
) -> Result<RunSummary, QueryRunError> {
    run_queries_within(paths, scalar, precision, budget, None, out)
}

/// [`run_queries`] with a minimum separation relative to each query's
/// scale: query `q` asks for the first time its primitives come within
/// `d = D · scale(q)` ([`query_scale`]: the largest coordinate magnitude),
/// so that `D` means the same on scenes of any size. Each line carries
/// `"separation": d`; the summary counts the queries within `d` (the
/// labels are about contact and are not compared).
pub fn run_queries_within(
    paths: &[PathBuf],
    scalar: ScalarKind,
    precision: u32,
    budget: WorkBudget,
    separation: Option<&BigRational>,
    out: &mut dyn Write,
) -> Result<RunSummary, QueryRunError> {
    let files = collect_query_files(paths).map_err(QueryRunError::File)?;
    let mut loaded = Vec::with_capacity(files.len());
    for file in files {
        let queries = read_query_file(&file).map_err(QueryRunError::File)?;
        loaded.push((file, queries));
    }
    let mut summary = RunSummary {
        scalar,
        separation: separation.cloned(),
        folders: BTreeMap::new(),
    };
    for (file, queries) in &loaded {
        let folder = file.parent().map(Path::to_path_buf).unwrap_or_default();
        let entry = summary.folders.entry(folder).or_default();
        for q in queries {
            let Some(rel) = separation else {
                let (answer, elapsed) = answer_query(&q.query, scalar, budget);
                entry.add(Some(q.label), &answer, elapsed);
                writeln!(out, "{}", answer_line(file, q, &answer, precision))
                    .map_err(QueryRunError::Output)?;
                continue;
            };
            let d = rel * query_scale(&q.query);
            let within = q.query.clone().with_separation(d.clone());
            let (answer, elapsed) = answer_query(&within, scalar, budget);
            entry.add(None, &answer, elapsed);
            let mut line: Value = serde_json::from_str(&answer_line(file, q, &answer, precision))
                .expect("answer_line writes JSON");
            if let Some(obj) = line.as_object_mut() {
                obj.insert("separation".into(), Value::String(d.to_string()));
            }
            writeln!(out, "{line}").map_err(QueryRunError::Output)?;
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(micros: &[u64]) -> FolderSummary {
        let mut s = FolderSummary::default();
        for &m in micros {
            let answer = Ok(QueryAnswer {
                collides: false,
                time: None,
            });
            s.add(Some(false), &answer, Duration::from_micros(m));
        }
        s
    }

    #[test]
    fn median_beside_mean() {
        // even count: (2 + 3) / 2; the mean is pulled up by the outlier
        let s = summary(&[3, 1, 2, 100]);
        assert_eq!(s.median_time(), Duration::from_nanos(2500));
        assert_eq!(s.mean_time(), Duration::from_nanos(26_500));
        // odd count: the middle one
        let odd = summary(&[5, 1, 9]);
        assert_eq!(odd.median_time(), Duration::from_micros(5));
        assert_eq!(FolderSummary::default().median_time(), Duration::ZERO);
        // the total merges the times of every folder
        let mut total = s.clone();
        total.merge(&odd);
        // 1 1 2 3 5 9 100 -> 3
        assert_eq!(total.median_time(), Duration::from_micros(3));
        assert_eq!(total.max_time, Duration::from_micros(100));
    }
}
