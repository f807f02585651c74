//! The command line's work (docs/FORMAT.md 4), as library functions that
//! return what to print and the exit status, so that `main.rs` only parses
//! arguments and prints, and tests can call the same code.
//!
//! * [`solve_command`]: `exactccd solve [--method M] [--scalar S]
//!   [--precision BITS] [--stats] [--brief] [--check] FILE`.
//! * [`check_command`]: `exactccd check [--tolerance TOL] FILE|-` (other
//!   tools' claims); [`check_queries_command`]: `exactccd check --queries
//!   PATH...` (a tool's answers to the benchmark's queries).
//! * [`oracle_command`]: `exactccd oracle FILE|DIR...`.
//! * [`plot_command`]: `exactccd plot [--claims FILE] [-o OUT.svg]
//!   [--samples N] FILE` (an SVG of the separation over the interval).
//! * [`queries_command`]: `exactccd queries [--scalar S] PATH...` (the
//!   public CCD benchmark's query files).
//!
//! Output is built whole before anything is printed: stdout never carries a
//! partial JSON.
#![deny(clippy::float_arithmetic)]

mod campaign;
mod check;
mod check_queries;
mod oracle;
mod plot;
mod queries;

pub use check::{check_command, ClaimsSource};
pub use check_queries::check_queries_command;
pub use queries::queries_command;

pub use campaign::{campaign_command, campaign_merge_command, parse_classes, parse_shard};
pub use oracle::oracle_command;
pub use plot::{plot_command, PlotOptions};

use exactccd::campaign::check_expectation;
use exactccd::contact::{
    add_sgm_domain_stats, solve, solve_with_default_method, time_with_decimal, write_result_json,
    Method, ResultHeader, ScalarKind, SolveOptions,
};
use exactccd::scenario::{load_scenario, LoadOptions};
use exactccd::Error;
use std::path::Path;

/// Exit statuses of the command line.
pub mod exit {
    /// Success.
    pub const SUCCESS: u8 = 0;
    /// A disagreement between methods or scalars, or a failed expectation
    /// (`oracle`).
    pub const DISAGREEMENT: u8 = 1;
    /// Invalid input: a scenario or argument breaks the contract.
    pub const INVALID_INPUT: u8 = 2;
    /// The method does not apply to the scenario (or no method does).
    pub const NOT_APPLICABLE: u8 = 3;
    /// A bug: the last-resort panic guard caught a panic.
    pub const INTERNAL_ERROR: u8 = 70;
    /// The output could not be written (closed pipe, full disk).
    pub const OUTPUT_ERROR: u8 = 74;
}

/// What a command prints and how it exits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The exit status ([`exit`]).
    pub status: u8,
    /// Everything for stdout.
    pub stdout: String,
    /// Lines for stderr, each one line, without the newline.
    pub stderr: Vec<String>,
}

impl Outcome {
    fn error(status: u8, line: String) -> Self {
        Outcome {
            status,
            stdout: String::new(),
            stderr: vec![line],
        }
    }

    /// Invalid input: exit status 2 with this one line on stderr.
    pub fn invalid(line: String) -> Self {
        Self::error(exit::INVALID_INPUT, line)
    }
}

/// The exit status and message of a solver that gave no answer: invalid
/// input (status 2, `error: invalid input: ...`), or a method that does
/// not apply or met a resource limit (status 3).
pub(crate) fn no_answer(method: Method, e: &Error) -> Outcome {
    if e.is_invalid_input() {
        return Outcome::invalid(format!("error: {e}"));
    }
    let line = if e.is_not_applicable() {
        format!("method {method} does not apply: {}", e.reason())
    } else {
        format!("method {method} gave no answer: {e}")
    };
    Outcome::error(exit::NOT_APPLICABLE, format!("error: {line}"))
}

/// What `exactccd solve` prints besides the answer, and what it checks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveFlags {
    /// `--stats`: also the statistics that cost extra work.
    pub stats: bool,
    /// `--brief`: one line instead of the result JSON ([`brief_line`]).
    pub brief: bool,
    /// `--check`: exit 1 when the answer contradicts the scenario's
    /// `expect` (each failed expectation one line on stderr).
    pub check: bool,
}

/// The one line of `solve --brief`: contact or not, the time with its
/// decimal, the features, then the method and scalar:
///
/// ```text
/// contact at t = 2513/10646 (~0.23605109900432087), edge-edge: edge (*,+,-) / edge (-,*,-) [sgm exact]
/// no contact in [0, 1] [sat exact]
/// ```
pub fn brief_line(
    result: &exactccd::ContactResult,
    interval: &(exactccd::scalar::BigRational, exactccd::scalar::BigRational),
    method: Method,
    scalar: ScalarKind,
) -> String {
    let mut line = match &result.time {
        Some(t) if result.collides => format!("contact at t = {}", time_with_decimal(t)),
        _ if result.collides => "contact (no time given)".to_owned(),
        _ => format!("no contact in [{}, {}]", interval.0, interval.1),
    };
    if result.initially_overlapping {
        line.push_str(", overlapping at the start");
    }
    if let Some(f) = &result.feature {
        line.push_str(&format!(", {}: {} / {}", f.kind, f.a, f.b));
    }
    line.push_str(&format!(" [{} {}]", method.as_str(), scalar.as_str()));
    line
}

/// `exactccd solve`: loads `file` for `scalar`, runs `method` (default:
/// [`solve_with_default_method`]) and returns the result JSON (one line with
/// `--brief`), or one error line. With `--stats` the result's `stats` also
/// holds the statistics that cost extra work (for `sgm`, the homogeneous
/// intervals outside the domain, [`add_sgm_domain_stats`]); the free
/// counters are in `stats` either way. With `--check`, an answer that
/// contradicts the scenario's `expect` exits with status 1.
pub fn solve_command(
    file: &Path,
    method: Option<Method>,
    scalar: ScalarKind,
    options: SolveOptions,
    flags: SolveFlags,
) -> Outcome {
    let precision = options.precision;
    let scenario = match load_scenario(file, &LoadOptions::for_scalar(scalar)) {
        Ok(s) => s,
        Err(e) => return Outcome::error(exit::INVALID_INPUT, format!("error: {e}")),
    };
    let query = scenario.query();
    let (method, solved) = match method {
        Some(m) => (m, solve(&query, m, scalar, &options)),
        None => solve_with_default_method(&query, scalar, &options),
    };
    let solved = solved.and_then(|mut result| {
        if flags.stats && method == Method::Sgm {
            add_sgm_domain_stats(&query, &mut result)?;
        }
        Ok(result)
    });
    let result = match solved {
        Ok(result) => result,
        Err(e) => return no_answer(method, &e),
    };
    let mut stdout = if flags.brief {
        brief_line(&result, &scenario.interval, method, scalar)
    } else {
        let header = ResultHeader {
            scenario: scenario.name.as_deref(),
            method,
            scalar,
            precision,
        };
        write_result_json(&result, &header)
    };
    stdout.push('\n');
    let mut outcome = Outcome {
        status: exit::SUCCESS,
        stdout,
        stderr: Vec::new(),
    };
    if flags.check {
        check_against_expect(&scenario, &result, method, scalar, &mut outcome);
    }
    outcome
}

/// `solve --check`: status 1 and one stderr line per failed expectation;
/// a note when the scenario states none.
fn check_against_expect(
    scenario: &exactccd::Scenario,
    result: &exactccd::ContactResult,
    method: Method,
    scalar: ScalarKind,
    outcome: &mut Outcome,
) {
    let Some(expect) = &scenario.expect else {
        outcome
            .stderr
            .push("note: the scenario has no expect field: nothing to check".into());
        return;
    };
    let label = format!("{}/{}", method.as_str(), scalar.as_str());
    let failures = check_expectation(&label, result, expect);
    if !failures.is_empty() {
        outcome.status = exit::DISAGREEMENT;
        outcome.stderr.extend(
            failures
                .into_iter()
                .map(|f| format!("error: the answer contradicts expect: {f}")),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{exit, no_answer};
    use exactccd::contact::Method;
    use exactccd::geom::Vec3;
    use exactccd::scalar::{BigInt, BigRational};
    use exactccd::solver::primitive::{test_primitive, MovingPoint, PrimitiveQuery};

    #[test]
    fn invalid_input_from_a_solver_is_status_2() {
        let q = |n: i64| BigRational::from_integer(BigInt::from(n));
        let v = |x, y, z| Vec3::new(q(x), q(y), q(z));
        let query = PrimitiveQuery::vertex_face(
            MovingPoint::new(v(0, 0, 3), v(0, 0, -1)),
            [
                MovingPoint::fixed(v(-1, -1, 0)),
                MovingPoint::fixed(v(2, 0, 0)),
                MovingPoint::fixed(v(0, 2, 0)),
            ],
        )
        .with_interval(q(1), q(1));
        let e = test_primitive(&query).unwrap_err();
        let out = no_answer(Method::Primitive, &e);
        assert_eq!(out.status, exit::INVALID_INPUT);
        assert!(out.stdout.is_empty());
        assert_eq!(
            out.stderr,
            ["error: invalid input: the time interval is empty (t0 >= t1)"]
        );
    }
}
