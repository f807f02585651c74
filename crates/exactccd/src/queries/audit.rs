//! The `f64` answers of benchmark queries measured against the exact ones:
//! every query is solved in both scalars; where they disagree, the exact
//! distance between the primitives at the `f64` contact time (and, on
//! request, the least distance over sampled times of the interval) says how
//! far from a contact a false positive is. Distances are relative to the
//! query's scale ([`query_scale`]: the largest coordinate magnitude).
//! `docs/methods/primitive.md` states the rule they are held to: no false
//! negative, no false positive farther than `1e-9` from a contact.
#![deny(clippy::float_arithmetic)]

use super::csv::{collect_query_files, read_query_file};
use super::distance::{query_scale, squared_distance_at};
use super::run::QueryRunError;
use crate::poly::RealRoots;
use crate::scalar::{rational_to_f64, BigRational};
use crate::solver::primitive::{query_to_f64, test_primitive, PrimitiveQuery, QueryKind};
use num_traits::{One, Zero};
use std::path::{Path, PathBuf};

/// One query where the `f64` answer differs from the exact one: a false
/// negative, a false positive, or a first contact time more than `1e-9`
/// away from the exact one.
#[derive(Clone, Debug, PartialEq)]
pub struct F64Mismatch {
    /// The file and the 0-based index of the query in it.
    pub file: PathBuf,
    /// The index of the query in its file.
    pub index: usize,
    /// Vertex-face or edge-edge.
    pub kind: QueryKind,
    /// The exact answer (true: the primitives meet).
    pub exact_collides: bool,
    /// The exact first contact time (rounded), `None` without contact.
    pub exact_time: Option<f64>,
    /// The `f64` first contact time, `None` for a false negative.
    pub f64_time: Option<f64>,
    /// The query's scale ([`query_scale`]).
    pub scale: BigRational,
    /// The exact squared distance at the `f64` time divided by the squared
    /// scale (when `f64` reports a contact).
    pub relative_squared_distance_at_time: Option<BigRational>,
    /// The least exact squared distance over the sampled times, divided by
    /// the squared scale (false positives, when sampling was asked for).
    pub relative_squared_distance_sampled: Option<BigRational>,
}

impl F64Mismatch {
    /// The relative distance at the `f64` time, as an `f64`.
    pub fn distance_at_time(&self) -> Option<f64> {
        self.relative_squared_distance_at_time
            .as_ref()
            .map(|d| rational_to_f64(d).sqrt())
    }

    /// The least sampled relative distance, as an `f64`.
    pub fn distance_sampled(&self) -> Option<f64> {
        self.relative_squared_distance_sampled
            .as_ref()
            .map(|d| rational_to_f64(d).sqrt())
    }
}

/// The outcome of an audit: how many queries, the mismatches, and the
/// largest gap between the `f64` and the exact first contact time where
/// both report one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct F64Audit {
    /// Queries solved.
    pub queries: usize,
    /// Queries that collide (exactly).
    pub colliding: usize,
    /// Every query where the two answers differ.
    pub mismatches: Vec<F64Mismatch>,
    /// The largest `|t_f64 - t_exact|` where both collide.
    pub largest_time_gap: f64,
}

impl F64Audit {
    /// `f64` misses a contact.
    pub fn false_negatives(&self) -> impl Iterator<Item = &F64Mismatch> {
        self.mismatches
            .iter()
            .filter(|m| m.exact_collides && m.f64_time.is_none())
    }

    /// `f64` claims a contact that does not happen.
    pub fn false_positives(&self) -> impl Iterator<Item = &F64Mismatch> {
        self.mismatches.iter().filter(|m| !m.exact_collides)
    }

    /// Both collide, but the `f64` time is more than `1e-9` before the
    /// exact one (a near contact earlier than the first contact).
    pub fn early_contacts(&self) -> impl Iterator<Item = &F64Mismatch> {
        self.mismatches
            .iter()
            .filter(|m| matches!((m.f64_time, m.exact_time), (Some(f), Some(e)) if f < e))
    }

    /// Both collide, but the `f64` time is more than `1e-9` after the
    /// exact one (the first contact missed).
    pub fn late_contacts(&self) -> impl Iterator<Item = &F64Mismatch> {
        self.mismatches
            .iter()
            .filter(|m| matches!((m.f64_time, m.exact_time), (Some(f), Some(e)) if f > e))
    }
}

/// The largest gap between the `f64` and the exact first contact time that
/// is not reported as a mismatch.
const TIME_TOLERANCE: f64 = 1e-9;

/// `|a - b|` of two `f64` times (reporting only).
#[allow(clippy::float_arithmetic)]
fn time_gap(a: f64, b: f64) -> f64 {
    (a - b).abs()
}

/// The least squared distance over `samples + 1` equally spaced times of
/// the interval (`samples` at least 1).
fn least_sampled_squared_distance(q: &PrimitiveQuery<BigRational>, samples: u32) -> BigRational {
    let [t0, t1] = &q.interval;
    let n = BigRational::from_integer(samples.into());
    (0..=samples)
        .map(|i| {
            let s = BigRational::from_integer(i.into()) / &n;
            let t = t0 + &((t1 - t0) * s);
            squared_distance_at(q, &t)
        })
        .min()
        .expect("at least one sample")
}

/// `d / scale^2`, or `d` itself for a zero scale.
fn relative(d: BigRational, scale: &BigRational) -> BigRational {
    if scale.is_zero() {
        d
    } else {
        d / (scale * scale)
    }
}

/// Solves one query in both scalars and records a mismatch (see
/// [`audit_f64`]).
fn audit_query(
    file: &Path,
    index: usize,
    q: &PrimitiveQuery<BigRational>,
    samples: u32,
    audit: &mut F64Audit,
) {
    audit.queries += 1;
    let exact = test_primitive(q)
        .ok()
        .and_then(|v| v.time().map(BigRational::root_to_f64));
    let fast = test_primitive(&query_to_f64(q))
        .ok()
        .and_then(|v| v.time().map(|t| t.0));
    if exact.is_some() {
        audit.colliding += 1;
    }
    let gap = match (exact, fast) {
        (Some(e), Some(f)) => time_gap(e, f),
        _ => 0.0,
    };
    audit.largest_time_gap = audit.largest_time_gap.max(gap);
    match (exact, fast) {
        (None, None) => {}
        (Some(_), Some(_)) if gap <= TIME_TOLERANCE => {}
        (_, f64_time) => {
            let scale = query_scale(q);
            let (mut at_time, mut sampled) = (None, None);
            if let Some(t) = f64_time {
                let t = BigRational::from_float(t).unwrap_or_else(BigRational::zero);
                let t = t.clamp(q.interval[0].clone(), q.interval[1].clone());
                at_time = Some(relative(squared_distance_at(q, &t), &scale));
                if samples > 0 {
                    let least = least_sampled_squared_distance(q, samples);
                    sampled = Some(relative(least, &scale));
                }
            }
            audit.mismatches.push(F64Mismatch {
                file: file.to_path_buf(),
                index,
                kind: q.kind,
                exact_collides: exact.is_some(),
                exact_time: exact,
                f64_time,
                scale,
                relative_squared_distance_at_time: at_time,
                relative_squared_distance_sampled: sampled,
            });
        }
    }
}

/// Solves every query of the files under `paths` exactly and in `f64` and
/// measures each disagreement: for a false positive, the exact distance at
/// the `f64` contact time and, when `samples > 0`, the least distance over
/// `samples + 1` equally spaced times (an upper bound of the least distance
/// over the interval, by brute force).
pub fn audit_f64(paths: &[PathBuf], samples: u32) -> Result<F64Audit, QueryRunError> {
    let files = collect_query_files(paths).map_err(QueryRunError::File)?;
    let mut audit = F64Audit::default();
    for file in files {
        let queries = read_query_file(&file).map_err(QueryRunError::File)?;
        for q in &queries {
            audit_query(&file, q.index, &q.query, samples, &mut audit);
        }
    }
    Ok(audit)
}

/// True when the relative squared distance is at most `tolerance^2`, for a
/// tolerance `1 / 10^k`.
pub fn within_relative_distance(relative_squared: &BigRational, k: u32) -> bool {
    let ten = BigRational::from_integer(10.into());
    let tol = BigRational::one() / num_traits::pow(ten, usize::try_from(k).unwrap_or(usize::MAX));
    *relative_squared <= &tol * &tol
}
