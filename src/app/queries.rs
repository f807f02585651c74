//! `exactccd queries [--scalar exact|f64] [--precision BITS] [--separation
//! D] PATH...`: the public CCD benchmark's query files
//! (`docs/methods/primitive.md`).
#![deny(clippy::float_arithmetic)]

use super::{exit, Outcome};
use exactccd::contact::{ScalarKind, WorkBudget};
use exactccd::queries::{run_queries_within, QueryRunError};
use exactccd::scalar::BigRational;
use std::path::PathBuf;

/// Runs every query of the CSV files under `paths` (directories searched
/// recursively): one JSON line per query on stdout, the per-folder summary
/// on stderr; exit 0 when every answer matches its label (with a
/// separation: when every query is answered), 1 otherwise, 2 for an
/// unreadable or malformed file (nothing on stdout then).
pub fn queries_command(
    paths: &[PathBuf],
    scalar: ScalarKind,
    precision: u32,
    budget: WorkBudget,
    separation: Option<&BigRational>,
) -> Outcome {
    let mut stdout = Vec::new();
    match run_queries_within(paths, scalar, precision, budget, separation, &mut stdout) {
        Ok(summary) => Outcome {
            status: if summary.all_match() {
                exit::SUCCESS
            } else {
                exit::DISAGREEMENT
            },
            stdout: String::from_utf8(stdout).unwrap_or_default(),
            stderr: summary.to_string().lines().map(str::to_owned).collect(),
        },
        Err(QueryRunError::File(e)) => Outcome::error(exit::INVALID_INPUT, format!("error: {e}")),
        Err(e @ QueryRunError::Output(_)) => {
            Outcome::error(exit::OUTPUT_ERROR, format!("error: {e}"))
        }
    }
}
