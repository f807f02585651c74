//! The oracle's comparison rules on hand-built answers, and the command
//! line's behaviour end to end (docs/FORMAT.md 4).

use crate::contract_support;

use contract_support::{run, with, TempDir};
use exactccd::campaign::{check_expectation, times_agree};
use exactccd::campaign::{evaluate, FindingKind};
use exactccd::contact::{ContactResult, Method, ScalarKind, SolveOptions, Time};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::poly::{Dyadic, Poly, RealAlgebraic};
use exactccd::scalar::{BigInt, BigRational};
use exactccd::scenario::Expect;
use exactccd::scenario::{parse_scenario, write_scenario, LoadOptions};

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn exact(n: i64, d: i64) -> Time {
    Time::Exact(RealAlgebraic::from_rational(q(n, d)))
}

fn half_sqrt2() -> Time {
    let p = Poly::from_coeffs(vec![BigInt::from(-1), BigInt::from(0), BigInt::from(2)]);
    Time::Exact(
        RealAlgebraic::from_isolating_interval(
            p,
            Dyadic::new(BigInt::from(1), 1),
            Dyadic::from_int(1),
        )
        .unwrap(),
    )
}

fn hit(t: Time) -> ContactResult {
    ContactResult {
        collides: true,
        time: Some(t),
        ..ContactResult::default()
    }
}

#[test]
fn times_agree_exactly_or_within_their_ranges() {
    assert!(times_agree(&exact(717, 1517), &exact(1434, 3034)));
    assert!(!times_agree(&exact(717, 1517), &exact(718, 1517)));
    assert!(times_agree(&half_sqrt2(), &half_sqrt2()));
    assert!(!times_agree(&half_sqrt2(), &exact(7071, 10000)));
    let around = Time::Enclosure {
        lower: q(7071, 10000),
        upper: q(7072, 10000),
    };
    assert!(times_agree(&half_sqrt2(), &around));
    let below = Time::Enclosure {
        lower: q(7, 10),
        upper: q(7071, 10000),
    };
    assert!(!times_agree(&half_sqrt2(), &below));
    // f64: within 1e-6 relative.
    assert!(times_agree(&Time::Float(0.7071071), &half_sqrt2()));
    assert!(!times_agree(&Time::Float(0.70712), &half_sqrt2()));
    assert!(!times_agree(&Time::Float(f64::NAN), &half_sqrt2()));
}

#[test]
fn expectations_are_checked_with_their_tolerance() {
    let expect = Expect {
        collides: Some(true),
        time: Some(q(1, 2)),
        tolerance: Some(q(1, 100)),
    };
    assert!(check_expectation("sat/exact", &hit(exact(101, 200)), &expect).is_empty());
    assert_eq!(
        check_expectation("sat/exact", &hit(exact(3, 5)), &expect),
        vec!["sat/exact says T = 3/5 (~0.6), expected 1/2 (= 0.5) within 1/100".to_owned()]
    );
    let strict = Expect {
        tolerance: None,
        ..expect.clone()
    };
    assert_eq!(
        check_expectation("sat/exact", &hit(exact(101, 200)), &strict).len(),
        1
    );
    // f64 answers get at least the f64 tolerance.
    assert!(check_expectation("sat/f64", &hit(Time::Float(0.5000001)), &strict).is_empty());
    assert_eq!(
        check_expectation("sat/exact", &ContactResult::no_contact(), &expect),
        vec!["sat/exact says collides = false, expected true".to_owned()]
    );
}

#[test]
fn evaluation_certifies_exact_answers_and_classifies_f64_ones() {
    let s = generate(3, 0, ScenarioClass::TouchingInstant);
    let float = parse_scenario(
        &write_scenario(&s),
        None,
        &LoadOptions::for_scalar(ScalarKind::F64),
    )
    .unwrap();
    let e = evaluate(Some(&s), Some(&float), &SolveOptions::default());
    assert!(e.findings.is_empty(), "{:?}", e.findings);
    let sat_exact = e
        .runs
        .iter()
        .find(|r| r.method == Method::Sat && r.scalar == ScalarKind::Exact)
        .unwrap();
    assert_eq!(sat_exact.verdict, Some(exactccd_oracle::Verdict::Certified));
    let sat_f64 = e
        .runs
        .iter()
        .find(|r| r.method == Method::Sat && r.scalar == ScalarKind::F64)
        .unwrap();
    assert!(sat_f64.class.is_some(), "f64 answers are classified");
    // the truth is the generator's exact touching time
    let t = s.expect.as_ref().unwrap().time.clone().unwrap();
    match &e.truth().unwrap().time {
        Some(Time::Exact(x)) => assert_eq!(x.as_rational(), Some(&t)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_wrong_expectation_is_a_finding_of_the_exact_answers() {
    let mut s = generate(3, 1, ScenarioClass::TouchingInstant);
    let e = s.expect.as_mut().unwrap();
    e.time = Some(e.time.clone().unwrap() + q(1, 1000));
    let ev = evaluate(Some(&s), None, &SolveOptions::default());
    assert!(
        ev.findings
            .iter()
            .any(|f| f.kind == FindingKind::Expectation),
        "{:?}",
        ev.findings
    );
    assert!(ev
        .findings
        .iter()
        .all(|f| f.kind == FindingKind::Expectation));
}

// ---- the command line ---------------------------------------------------------

#[test]
fn solve_on_a_valid_scenario_answers_with_sgm_and_glide_says_why_not() {
    let dir = TempDir::new();
    let file = dir.write("s.json", &with(|_| {}));
    // two boxes under linear motion: the default method is sgm
    let out = run(&["solve", file.to_str().unwrap()]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("\"method\": \"sgm\""), "{}", out.stdout);
    assert!(
        out.stdout.contains("\"homogeneous_intervals\""),
        "{}",
        out.stdout
    );
    // glide answers the same translation: the contract example's
    // 109/280, here in f64.
    let out = run(&[
        "solve",
        "--method",
        "glide",
        "--scalar",
        "f64",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("\"method\": \"glide\""),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("\"approx\": 0.3892857142857"),
        "{}",
        out.stdout
    );
}

#[test]
fn default_method_follows_the_motion() {
    let dir = TempDir::new();
    let triangle = dir.write(
        "t.json",
        &with(|v| {
            v["a"]["shape"] = serde_json::json!({"triangle": [[0, 0, 0], [1, 0, 0], [0, 1, 0]]})
        }),
    );
    let screw = dir.write(
        "s.json",
        &with(|v| {
            v["b"]["motion"] =
                serde_json::json!({"screw": {"axis_direction": [0, 0, 1], "angle": "1"}})
        }),
    );
    let angular = dir.write(
        "a.json",
        &with(|v| {
            v["b"]["motion"] = serde_json::json!({"angular": {"angular_velocity": [0, 0, 1]}})
        }),
    );
    // a triangle goes to sat, which answers it
    let out = run(&["solve", triangle.to_str().unwrap()]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("\"method\": \"sat\""), "{}", out.stdout);
    // a screw against a static body goes to glide, which answers it
    let out = run(&["solve", screw.to_str().unwrap()]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("\"method\": \"glide\""),
        "{}",
        out.stdout
    );
    // an angular motion goes to sat, which answers two boxes exactly by
    // certified time cells
    let out = run(&["solve", angular.to_str().unwrap()]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("\"method\": \"sat\""), "{}", out.stdout);
}

#[test]
fn usage_errors_are_one_line_with_status_2() {
    for args in [
        vec!["solve", "--method", "magic", "x.json"],
        vec!["solve", "--precision", "0", "x.json"],
        vec!["solve", "--precision", "4097", "x.json"],
        vec!["solve"],
        vec!["frobnicate"],
        vec![],
    ] {
        let out = run(&args);
        assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.starts_with("error: "),
            "{args:?}: {}",
            out.stderr
        );
    }
    let help = run(&["--help"]);
    assert_eq!(help.status, 0);
    assert!(help.stdout.contains("oracle"));
}

#[test]
fn oracle_walks_directories_and_reports_per_file() {
    let dir = TempDir::new();
    dir.write("one.json", &with(|_| {}));
    dir.write("nested/two.json", &with(|v| v["name"] = "two".into()));
    dir.write("nested/mesh.obj", "not a scenario");
    dir.write("notes.txt", "not a scenario");
    let out = run(&["oracle", dir.path().to_str().unwrap()]);
    // sat answers both box scenarios in both scalars
    assert_eq!(out.status, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", out.stdout);
    assert!(
        lines[0].starts_with("ok ") && lines[0].contains("nested/two.json"),
        "{}",
        out.stdout
    );
    assert!(
        lines[1].starts_with("ok ") && lines[1].contains("one.json"),
        "{}",
        out.stdout
    );
    assert_eq!(
        lines[2],
        "oracle: files: 2, 2 agree, 0 disagree, 0 invalid, 0 not applicable"
    );
}

#[test]
fn oracle_reports_invalid_files_with_status_2() {
    let dir = TempDir::new();
    let good = dir.write("good.json", &with(|_| {}));
    let bad = dir.write(
        "bad.json",
        &with(|v| v["b"]["shape"]["box"]["half_extents"][1] = "-1".into()),
    );
    let out = run(&["oracle", good.to_str().unwrap(), bad.to_str().unwrap()]);
    assert_eq!(out.status, 2);
    assert!(out.stderr.lines().any(|l| l
        == format!(
            "error: {}: b.shape.box.half_extents[1]: must be > 0, got \"-1\"",
            bad.display()
        )));
    // A single invalid file: one line on stderr, nothing on stdout.
    let out = run(&["oracle", bad.to_str().unwrap()]);
    assert_eq!(out.status, 2);
    assert!(out.stdout.is_empty());
    assert_eq!(out.stderr.lines().count(), 1);
    let empty = TempDir::new();
    let out = run(&["oracle", empty.path().to_str().unwrap()]);
    assert_eq!(out.status, 2);
    assert!(
        out.stderr.contains("no *.json scenario files"),
        "{}",
        out.stderr
    );
}

#[test]
fn oracle_runs_the_f64_path_alone_when_only_it_accepts_the_file() {
    let dir = TempDir::new();
    let file = dir.write(
        "approx.json",
        &with(|v| {
            let pose = v["b"]["pose"].as_object_mut().unwrap();
            pose.remove("quaternion");
            pose.insert(
                "rotation".into(),
                serde_json::json!([["0.6", "-0.8", 0], ["0.8000000001", "0.6", 0], [0, 0, 1]]),
            );
        }),
    );
    let out = run(&["oracle", file.to_str().unwrap()]);
    // sat/f64 answers it alone; the exact paths do not apply
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("sat/f64"), "{}", out.stdout);
}

#[test]
fn the_shipped_examples_run_through_the_oracle() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scenarios");
    let out = run(&["oracle", dir.to_str().unwrap()]);
    // Every example is valid; sat answers some, none disagree.
    assert_ne!(out.status, 1, "{}", out.stdout);
    assert_ne!(out.status, 2, "{}", out.stderr);
    assert!(out.stdout.contains(" 0 invalid"), "{}", out.stdout);
}

/// A FAIL line starts with the exact truth and whether the referee
/// certified it, then the findings: here an `expect` that says no contact
/// on two boxes that do collide.
#[test]
fn a_fail_line_starts_with_the_certified_truth() {
    let dir = TempDir::new();
    let file = dir.write(
        "wrong-expect.json",
        &with(|v| v["expect"] = serde_json::json!({ "collides": false })),
    );
    let out = run(&["oracle", file.to_str().unwrap()]);
    assert_eq!(out.status, 1, "{out:?}");
    let line = out
        .stdout
        .lines()
        .find(|l| l.starts_with("FAIL "))
        .unwrap_or_else(|| panic!("{out:?}"));
    let after = line
        .strip_prefix(&format!("FAIL {}: ", file.display()))
        .unwrap_or_else(|| panic!("{line}"));
    assert!(after.starts_with("collide, T = "), "{line}");
    let (truth, findings) = after.split_once(", certified: ").expect("the verdict");
    assert!(!truth.contains(':'), "{line}");
    assert!(findings.contains("collides"), "{line}");
}
