//! The work budget (`--budget SECONDS`, `SolveOptions::budget`): an exact
//! solve that would run for minutes stops with status 3 and a one-line
//! reason that says what it was doing and what it had established.
//!
//! The scenario `examples/limits/rational-degree-32.json`: two boxes, `b`
//! under a `rational` motion whose quaternion has degree 16 (a rotation of
//! degree 32) and whose translation and denominator have degree 32, every
//! coefficient a 60-digit decimal. Without a budget, `sgm` and `sat` run
//! for minutes (the motion's expansion alone, its gcds and the root
//! isolations of degree-64 polynomials with coefficients of thousands of
//! bits). The tests assert that a small budget stops them with the
//! budget's reason; they do not time anything.

use crate::contract_support::run;
use exactccd::contact::{solve, Method, ScalarKind, SolveOptions, WorkBudget};
use exactccd::scenario::{load_scenario, LoadOptions};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn degree_32() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/limits/rational-degree-32.json")
}

/// The reason's shape: the budget, what was being done, what was
/// established (which step the budget ends in depends on the machine's
/// speed, so the activity is one of the exact path's).
fn assert_budget_reason(reason: &str, budget: &str) {
    let prefix = format!("work budget of {budget} exhausted while ");
    let rest = reason
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("{reason:?} does not start with {prefix:?}"));
    let (doing, established) = rest
        .split_once("; ")
        .unwrap_or_else(|| panic!("{reason:?}: no established part"));
    assert!(
        [
            "expanding the motion's polynomials",
            "computing the gcd of degree-",
            "isolating roots of a degree-",
            "comparing roots of a degree-",
            "narrowing a root of a degree-",
            "solving",
        ]
        .iter()
        .any(|a| doing.starts_with(a)),
        "{reason:?}"
    );
    assert!(
        established == "no part of the time interval decided"
            || (established.starts_with("no contact before t = ")
                && established.ends_with(" established")),
        "{reason:?}"
    );
}

#[test]
fn a_degree_32_rational_motion_stops_at_the_budget_with_status_3() {
    let file = degree_32();
    let file = file.to_str().unwrap();
    for method in ["sgm", "sat"] {
        let out = run(&["solve", "--method", method, "--budget", "1", file]);
        assert_eq!(out.status, 3, "{method}: {out:?}");
        assert!(out.stdout.is_empty(), "{method}: {out:?}");
        let lines: Vec<&str> = out.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{method}: {out:?}");
        let prefix = format!("error: method {method} gave no answer: resource limit exceeded: ");
        let reason = lines[0]
            .strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("{method}: {out:?}"));
        assert_budget_reason(reason, "1 s");
    }
}

#[test]
fn a_library_user_sets_the_budget_in_the_solve_options() {
    let s = load_scenario(&degree_32(), &LoadOptions::for_scalar(ScalarKind::Exact)).unwrap();
    let options = SolveOptions {
        budget: WorkBudget::cpu(Duration::from_millis(300)),
        ..SolveOptions::default()
    };
    for method in [Method::Sgm, Method::Sat] {
        let e = solve(&s.query(), method, ScalarKind::Exact, &options).unwrap_err();
        assert!(e.is_limit_exceeded(), "{method}: {e}");
        assert_budget_reason(e.reason(), "0.3 s");
    }
    assert_eq!(
        SolveOptions::default().budget,
        WorkBudget::cpu(Duration::from_secs(60))
    );
}

#[test]
fn a_budget_that_is_not_a_positive_number_is_an_argument_error() {
    let file = degree_32();
    let file = file.to_str().unwrap();
    for bad in ["0", "-1", "abc", "inf", "NaN"] {
        let out = run(&["solve", "--budget", bad, file]);
        assert_eq!(out.status, 2, "{bad}: {out:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(out.stderr.lines().count(), 1, "{bad}: {out:?}");
        assert!(out.stderr.contains("--budget"), "{bad}: {out:?}");
    }
}

#[test]
fn an_easy_scenario_is_answered_within_a_small_budget() {
    // the budget stops only what runs past it: the paper's example solves
    // in milliseconds
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scenarios/boxes-head-on.json");
    let out = run(&["solve", "--budget", "0.5", file.to_str().unwrap()]);
    assert_eq!(out.status, 0, "{out:?}");
    assert!(out.stdout.contains("\"collides\": true"), "{out:?}");
}
