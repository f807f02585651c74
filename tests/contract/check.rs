//! `exactccd check` (docs/FORMAT.md 5.4): claims judged against truths
//! derived by hand for boxes under constant velocities, malformed lines of
//! every kind, the exit statuses, input order, copied fields, stdin and
//! relative paths; and `check --queries` on hand-made benchmark rows.
//!
//! The scenarios: unit boxes (half extents 1), `a` at rest at the origin,
//! `b` at `x0` moving along `-x` at speed `v`: the faces meet when
//! `x0 - v t = 2`, so `T = (x0 - 2) / v`; offset by 5 along `y` (more than
//! the 2 the boxes span together) they never touch.

use crate::contract_support::{run, Output, TempDir};
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Unit box `b` at `(x0, y0, 0)` moving at `(-v, 0, 0)` over `[0, t1]`.
fn boxes(name: &str, x0: i64, y0: i64, v: i64, t1: i64) -> Value {
    json!({
        "format": "exactccd/scenario-v1",
        "name": name,
        "interval": ["0", t1.to_string()],
        "a": { "shape": { "box": { "half_extents": [1, 1, 1] } } },
        "b": {
            "shape": { "box": { "half_extents": [1, 1, 1] } },
            "pose": { "translation": [x0, y0, 0] },
            "motion": { "linear": { "velocity": [-v, 0, 0] } }
        }
    })
}

/// The scenario files of the tests, in `dir/scenarios/`:
///
/// * `head-on`: `T = (10 - 2) / 20 = 2/5`;
/// * `miss`: offset by 5 along `y`, no contact;
/// * `far`: over `[0, 200]`, `T = (1002 - 2) / 10 = 100`;
/// * `at-start`: touching at rest, `T = 0`;
/// * `at-end`: `T = (12 - 2) / 10 = 1 = t1`.
fn write_scenarios(dir: &TempDir) {
    for (name, s) in [
        ("head-on", boxes("head-on", 10, 0, 20, 1)),
        ("miss", boxes("miss", 10, 5, 20, 1)),
        ("far", boxes("far", 1002, 0, 10, 200)),
        ("at-start", boxes("at-start", 2, 0, 0, 1)),
        ("at-end", boxes("at-end", 12, 0, 10, 1)),
    ] {
        dir.write(&format!("scenarios/{name}.json"), &s.to_string());
    }
}

/// The L-shaped prism `([0,2]x[0,1] u [0,1]x[0,2]) x [0,1]` (a non-convex
/// mesh) at rest, a box of half extent 1/4 from `(3, 1/4, 1/4)` at
/// `(-4, 0, 0)`: it reaches the face `x = 2` at `t = 3/16`.
fn l_prism_against_a_box() -> Value {
    let v = |x: i64, y: i64, z: i64| json!([x.to_string(), y.to_string(), z.to_string()]);
    let base = [(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)];
    let vertices: Vec<Value> = [0, 1]
        .iter()
        .flat_map(|&z| base.iter().map(move |&(x, y)| v(x, y, z)))
        .collect();
    let mut faces = vec![json!([5, 4, 3, 2, 1, 0]), json!([6, 7, 8, 9, 10, 11])];
    faces.extend((0..6).map(|i| json!([i, (i + 1) % 6, (i + 1) % 6 + 6, i + 6])));
    json!({
        "format": "exactccd/scenario-v1",
        "name": "l-prism",
        "a": {"shape": {"mesh": {"vertices": vertices, "faces": faces}}},
        "b": {
            "shape": {"box": {"half_extents": ["1/4", "1/4", "1/4"]}},
            "pose": {"translation": ["3", "1/4", "1/4"]},
            "motion": {"linear": {"velocity": ["-4", "0", "0"]}}
        }
    })
}

fn claim(scenario: &str, collides: bool, time: Option<f64>, id: &str) -> String {
    json!({"scenario": format!("scenarios/{scenario}.json"), "collides": collides, "time": time, "id": id})
        .to_string()
}

/// Runs `exactccd check ARGS... FILE` on claim lines written to `dir`.
fn check_lines(dir: &TempDir, lines: &[String], args: &[&str]) -> Output {
    let file = dir.write("claims.jsonl", &(lines.join("\n") + "\n"));
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    all.push(file.to_str().expect("utf-8 path"));
    run(&all)
}

/// The output lines as JSON.
fn verdicts(out: &Output) -> Vec<Value> {
    out.stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each output line is JSON"))
        .collect()
}

/// The `verdict` of each output line.
fn verdict_names(v: &[Value]) -> Vec<&str> {
    v.iter()
        .map(|l| field(l, "verdict").as_str().unwrap())
        .collect()
}

fn field<'a>(v: &'a Value, key: &str) -> &'a Value {
    v.get(key)
        .unwrap_or_else(|| panic!("no field {key:?} in {v}"))
}

#[test]
fn every_verdict_kind_against_hand_derived_times() {
    let dir = TempDir::new();
    write_scenarios(&dir);
    let lines = [
        claim("head-on", true, Some(0.4), "agrees"),
        claim("head-on", true, Some(0.25), "early"),
        claim("head-on", true, Some(0.5), "late"),
        claim("head-on", false, None, "missed"),
        claim("miss", true, Some(0.5), "phantom"),
        claim("miss", false, None, "agrees-no-contact"),
        // |T| = 100: the window is 1e-9 * 100 = 1e-7 on each side
        claim("far", true, Some(100.00000005), "agrees-relative"),
        claim("far", true, Some(100.0000002), "late-relative"),
        claim("far", true, Some(99.9999998), "early-relative"),
        claim("at-start", true, Some(0.0), "agrees-at-t0"),
        claim("at-start", true, Some(5e-10), "agrees-within-tol"),
        claim("at-start", true, Some(1e-6), "late-at-t0"),
        claim("at-end", true, Some(1.0), "agrees-at-t1"),
        claim("at-end", false, None, "missed-at-t1"),
    ];
    let out = check_lines(&dir, &lines, &[]);
    assert_eq!(out.status, 1, "stderr: {}", out.stderr);
    let v = verdicts(&out);
    assert_eq!(v.len(), lines.len());
    let expected = [
        ("agrees", Some("2/5")),
        ("early", Some("2/5")),
        ("late", Some("2/5")),
        ("missed", Some("2/5")),
        ("phantom", None),
        ("agrees", None),
        ("agrees", Some("100")),
        ("late", Some("100")),
        ("early", Some("100")),
        ("agrees", Some("0")),
        ("agrees", Some("0")),
        ("late", Some("0")),
        ("agrees", Some("1")),
        ("missed", Some("1")),
    ];
    for (i, (line, (verdict, truth))) in v.iter().zip(expected).enumerate() {
        assert_eq!(field(line, "line"), &json!(i + 1), "{line}");
        assert_eq!(field(line, "verdict"), verdict, "{line}");
        let exact = field(line, "truth").get("exact").cloned();
        assert_eq!(exact, truth.map(|t| json!(t)), "{line}");
    }
    // dt is the claim minus the true time, null without both
    let dt = |i: usize| field(&v[i], "dt").as_f64();
    assert!((dt(1).unwrap() + 0.15).abs() < 1e-15);
    assert!((dt(2).unwrap() - 0.1).abs() < 1e-15);
    assert_eq!(dt(3), None);
    assert_eq!(dt(4), None);
    assert!((dt(7).unwrap() - 2e-7).abs() < 1e-12);
    assert_eq!(dt(9), Some(0.0));
    // the scenario's name, the copied field, in order
    assert_eq!(field(&v[0], "scenario"), "head-on");
    let keys: Vec<&str> = v[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "line",
            "scenario",
            "id",
            "verdict",
            "dt",
            "truth",
            "certified"
        ]
    );
    assert_eq!(field(&v[0], "certified"), true);
    assert_eq!(
        field(&v[0], "truth"),
        &json!({"approx": 0.4, "lower": "2/5", "upper": "2/5", "exact": "2/5", "polynomial": ["-2", "5"]})
    );
    assert_eq!(
        out.stderr.trim(),
        "check: 14 claims: 6 agrees, 2 early, 3 late, 2 missed, 1 phantom, 0 inconclusive, 0 invalid"
    );
}

#[test]
fn malformed_lines_are_invalid_and_the_others_still_judged() {
    let dir = TempDir::new();
    write_scenarios(&dir);
    let mut bad_box = boxes("bad-box", 10, 0, 20, 1);
    bad_box["a"]["shape"]["box"]["half_extents"][0] = json!(-1);
    dir.write("scenarios/bad-box.json", &bad_box.to_string());
    let lines = [
        claim("head-on", true, Some(0.4), "first"),
        r#"{"scenario": "scenarios/head-on.json", "collides": true, "time": 0.4"#.to_owned(),
        r#"[1, 2, 3]"#.to_owned(),
        r#"{"scenario": "scenarios/head-on.json", "time": 0.4}"#.to_owned(),
        r#"{"scenario": "scenarios/head-on.json", "collides": "yes", "time": 0.4}"#.to_owned(),
        r#"{"scenario": "scenarios/head-on.json", "collides": true}"#.to_owned(),
        r#"{"scenario": "scenarios/head-on.json", "collides": true, "time": "0.4"}"#.to_owned(),
        r#"{"collides": true, "time": 0.4}"#.to_owned(),
        r#"{"scenario": 7, "collides": true, "time": 0.4}"#.to_owned(),
        claim("no-such-file", true, Some(0.4), "unknown path"),
        claim("bad-box", true, Some(0.4), "invalid scenario"),
        claim("head-on", true, Some(1.5), "after t1"),
        claim("head-on", true, Some(-0.5), "before t0"),
        claim("head-on", false, Some(0.4), "time without contact"),
        claim("head-on", true, None, "contact without time"),
        claim("head-on", true, Some(0.5), "last"),
    ];
    let out = check_lines(&dir, &lines, &[]);
    assert_eq!(out.status, 2, "any invalid line: status 2");
    let v = verdicts(&out);
    assert_eq!(v.len(), lines.len(), "one output line per claim line");
    assert_eq!(field(&v[0], "verdict"), "agrees");
    assert_eq!(field(&v[15], "verdict"), "late");
    let errors: Vec<String> = v[1..15]
        .iter()
        .map(|l| {
            assert_eq!(field(l, "verdict"), "invalid", "{l}");
            assert_eq!(field(l, "dt"), &Value::Null);
            assert_eq!(field(l, "truth"), &Value::Null);
            field(l, "error").as_str().unwrap().to_owned()
        })
        .collect();
    let starts = [
        "invalid JSON: ",
        "the line must be a JSON object (a claim), got [1,2,3]",
        "collides: missing",
        "collides: must be true or false, got \"yes\"",
        "time: missing",
        "time: must be a number or null, got \"0.4\"",
        "scenario: missing",
        "scenario: must be a path (a string) or a scenario object, got 7",
        "scenario: ",
        "a.shape.box.half_extents[0]: ",
        "time: 1.5 is outside the scenario's interval [0, 1]",
        "time: -0.5 is outside the scenario's interval [0, 1]",
        "time: 0.4 given with collides false (a time without contact; use null)",
        "time: null with collides true",
    ];
    for (e, s) in errors.iter().zip(starts) {
        assert!(e.starts_with(s), "{e:?} does not start with {s:?}");
    }
    assert!(
        errors[8].contains("no-such-file.json: cannot read"),
        "{}",
        errors[8]
    );
    // a field of the claim is copied even on an invalid line; the path as
    // written stands for the scenario when it was not loaded
    assert_eq!(field(&v[10], "id"), "invalid scenario");
    assert_eq!(field(&v[10], "scenario"), "scenarios/bad-box.json");
    assert_eq!(field(&v[1], "scenario"), &Value::Null);
    assert!(out.stderr.contains("14 invalid"), "{}", out.stderr);
}

#[test]
fn exit_statuses_follow_the_worst_kind_of_verdict() {
    let dir = TempDir::new();
    write_scenarios(&dir);
    // a rotation exact only within the f64 tolerance: no exact truth
    let mut approx = boxes("approx", 10, 0, 20, 1);
    approx["b"]["pose"]["rotation"] =
        json!([["0.6", "-0.8", 0], ["0.8000000001", "0.6", 0], [0, 0, 1]]);
    dir.write("scenarios/approx.json", &approx.to_string());
    let inconclusive = claim("approx", true, Some(0.4), "n");
    let agrees = claim("head-on", true, Some(0.4), "a");
    let late = claim("head-on", true, Some(0.5), "l");
    let invalid = claim("head-on", true, Some(2.0), "i");
    let status = |lines: &[String]| check_lines(&dir, lines, &[]).status;
    assert_eq!(status(std::slice::from_ref(&agrees)), 0);
    assert_eq!(status(&[agrees.clone(), inconclusive.clone()]), 3);
    assert_eq!(
        status(&[agrees.clone(), inconclusive.clone(), late.clone()]),
        1
    );
    assert_eq!(status(&[late.clone(), invalid.clone(), agrees.clone()]), 2);
    let out = check_lines(&dir, &[inconclusive], &[]);
    let v = verdicts(&out);
    assert_eq!(field(&v[0], "verdict"), "inconclusive");
    assert!(field(&v[0], "reason")
        .as_str()
        .unwrap()
        .contains("valid only in the f64 path"));
    assert_eq!(field(&v[0], "scenario"), "scenarios/approx.json");
    assert_eq!(field(&v[0], "certified"), &Value::Null);
}

/// A primitive query's, a sphere's, a convex mesh's and a non-convex
/// mesh's (with non-convex faces, a sphere nested in it) answers are
/// certified (`true`), as two boxes' are, and the summary says nothing of
/// uncertified answers.
#[test]
fn claims_are_judged_against_the_certified_exact_answer() {
    let dir = TempDir::new();
    write_scenarios(&dir);
    let example = |name: &str| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples/scenarios")
            .join(name)
    };
    let lines = [
        // vertex-face: the root of t^2 + 2t - 1, sqrt(2) - 1
        json!({"scenario": example("primitive-vertex-face.json"), "collides": true, "time": 0.414_213_562_373_095}).to_string(),
        json!({"scenario": example("primitive-vertex-face.json"), "collides": true, "time": 0.4142}).to_string(),
        // a sphere meeting a box face at t = 3/4
        json!({"scenario": example("sphere-box.json"), "collides": true, "time": 0.75}).to_string(),
        json!({"scenario": example("sphere-box.json"), "collides": false, "time": null}).to_string(),
        // a tetrahedron mesh against a box: 3/16
        json!({"scenario": example("mesh-inline.json"), "collides": true, "time": 0.25}).to_string(),
        // two boxes: the referee certifies the truth
        claim("head-on", true, Some(0.4), "a"),
        // a non-convex L-shaped prism against a box: 3/16
        claim("l-prism", true, Some(0.1875), "l"),
        // a sphere inside the L from the start
        claim("l-nested", true, Some(0.0), "n"),
    ];
    dir.write(
        "scenarios/l-prism.json",
        &l_prism_against_a_box().to_string(),
    );
    let mut nested = l_prism_against_a_box();
    nested["b"] = json!({
        "shape": {"sphere": {"radius": "1/4"}},
        "pose": {"translation": ["1/2", "1/2", "1/2"]}
    });
    dir.write("scenarios/l-nested.json", &nested.to_string());
    let out = check_lines(&dir, &lines, &[]);
    let v = verdicts(&out);
    let kinds = verdict_names(&v);
    assert_eq!(
        kinds,
        ["agrees", "early", "agrees", "missed", "late", "agrees", "agrees", "agrees"],
        "{}",
        out.stdout
    );
    let certified: Vec<&Value> = v.iter().map(|l| field(l, "certified")).collect();
    assert_eq!(
        certified,
        [true, true, true, true, true, true, true, true]
            .map(Value::from)
            .iter()
            .collect::<Vec<_>>()
    );
    assert_eq!(field(&v[2], "truth")["exact"], "3/4");
    assert_eq!(field(&v[4], "truth")["exact"], "3/16");
    assert_eq!(out.status, 1);
    assert!(
        !out.stderr.contains("does not certify yet"),
        "{}",
        out.stderr
    );
}

#[test]
fn the_tolerance_is_checked_before_any_judging() {
    let dir = TempDir::new();
    write_scenarios(&dir);
    let lines = [claim("head-on", true, Some(0.4), "a")];
    for bad in ["-1e-9", "nan", "inf"] {
        let out = check_lines(&dir, &lines, &["--tolerance", bad]);
        assert_eq!(out.status, 2, "--tolerance {bad}");
        assert!(out.stdout.is_empty());
        assert!(
            out.stderr
                .starts_with("error: --tolerance: must be a finite number >= 0"),
            "{}",
            out.stderr
        );
    }
    // a wide tolerance turns the late claim into an agreement; zero keeps
    // only the exact time
    let late = [claim("head-on", true, Some(0.5), "l")];
    assert_eq!(check_lines(&dir, &late, &["--tolerance", "0.1"]).status, 0);
    assert_eq!(
        check_lines(&dir, &late, &["--tolerance", "0.099"]).status,
        1
    );
    let exact = [claim("at-end", true, Some(1.0), "e")];
    assert_eq!(check_lines(&dir, &exact, &["--tolerance", "0"]).status, 0);
}

#[test]
fn blank_lines_are_skipped_but_counted_and_an_empty_file_is_an_error() {
    let dir = TempDir::new();
    write_scenarios(&dir);
    let lines = [
        String::new(),
        claim("head-on", true, Some(0.4), "a"),
        "   ".to_owned(),
        claim("miss", false, None, "b"),
    ];
    let out = check_lines(&dir, &lines, &[]);
    assert_eq!(out.status, 0);
    let v = verdicts(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(field(&v[0], "line"), 2);
    assert_eq!(field(&v[1], "line"), 4);
    let out = check_lines(&dir, &[String::new()], &[]);
    assert_eq!(out.status, 2);
    assert!(out.stdout.is_empty());
    assert_eq!(out.stderr.trim(), "error: no claims: every line is blank");
}

#[test]
fn order_is_kept_across_many_claims_on_shared_scenarios() {
    let dir = TempDir::new();
    write_scenarios(&dir);
    let lines: Vec<String> = (0..60)
        .map(|i| match i % 3 {
            0 => claim("head-on", true, Some(0.4), &i.to_string()),
            1 => claim("far", true, Some(100.0), &i.to_string()),
            _ => claim("miss", false, None, &i.to_string()),
        })
        .collect();
    let out = check_lines(&dir, &lines, &[]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let v = verdicts(&out);
    for (i, line) in v.iter().enumerate() {
        assert_eq!(field(line, "id"), &json!(i.to_string()));
        assert_eq!(field(line, "line"), &json!(i + 1));
    }
}

#[test]
fn inline_scenarios_and_reserved_field_names() {
    let dir = TempDir::new();
    let line = json!({
        "scenario": boxes("inline-head-on", 10, 0, 20, 1),
        "collides": true,
        "time": 0.4,
        "verdict": "a claim may not set its verdict",
        "tool": {"name": "mine", "version": [1, 2]}
    })
    .to_string();
    let unnamed = {
        let mut s = boxes("x", 10, 5, 20, 1);
        s.as_object_mut().unwrap().remove("name");
        json!({"scenario": s, "collides": false, "time": null}).to_string()
    };
    let out = check_lines(&dir, &[line, unnamed], &[]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let v = verdicts(&out);
    assert_eq!(field(&v[0], "scenario"), "inline-head-on");
    assert_eq!(field(&v[0], "verdict"), "agrees");
    assert_eq!(
        field(&v[0], "tool"),
        &json!({"name": "mine", "version": [1, 2]})
    );
    assert_eq!(field(&v[1], "scenario"), &Value::Null);
    assert_eq!(field(&v[1], "verdict"), "agrees");
}

#[test]
fn paths_are_relative_to_the_claims_file_or_to_the_working_directory_for_stdin() {
    let dir = TempDir::new();
    write_scenarios(&dir);
    // claims in a sub-folder name the scenario relative to themselves
    let file = dir.write(
        "claims/today.jsonl",
        &(json!({"scenario": "../scenarios/head-on.json", "collides": true, "time": 0.4})
            .to_string()
            + "\n"),
    );
    let out = run(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(field(&verdicts(&out)[0], "verdict"), "agrees");
    // from stdin, relative to the working directory
    let mut child = Command::new(env!("CARGO_BIN_EXE_exactccd"))
        .args(["check", "-"])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run exactccd");
    let text = [
        claim("head-on", true, Some(0.4), "a"),
        claim("miss", true, Some(0.5), "b"),
    ]
    .join("\n");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let done = child.wait_with_output().unwrap();
    assert_eq!(done.status.code(), Some(1));
    let stdout = String::from_utf8(done.stdout).unwrap();
    let names: Vec<String> = stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["verdict"].to_string())
        .collect();
    assert_eq!(names, ["\"agrees\"", "\"phantom\""]);
}

/// A benchmark vertex-face query: the vertex from `v0` to `v1` against the
/// fixed triangle `(-1,-1,0), (2,0,0), (0,2,0)`, rows with `label` and the
/// tool's answer columns `answer` appended.
fn vertex_face_rows(v0: [i64; 3], v1: [i64; 3], label: u8, answer: &[&str]) -> String {
    let triangle = [[-1, -1, 0], [2, 0, 0], [0, 2, 0]];
    let mut points = vec![v0];
    points.extend(triangle);
    points.push(v1);
    points.extend(triangle);
    points
        .iter()
        .map(|[x, y, z]| {
            let mut row = format!("{x},1,{y},1,{z},1,{label}");
            for a in answer {
                row.push(',');
                row.push_str(a);
            }
            row + "\n"
        })
        .collect()
}

#[test]
fn check_queries_classifies_a_tools_benchmark_answers() {
    let dir = TempDir::new();
    // the vertex falls from z = 1 to z = -3: it crosses the face's plane at
    // 1 - 4 T = 0, T = 1/4, at (0, 0), inside the triangle
    let hit = |answer: &[&str]| vertex_face_rows([0, 0, 1], [0, 0, -3], 1, answer);
    let miss = |answer: &[&str]| vertex_face_rows([5, 5, 1], [5, 5, -3], 0, answer);
    let text = [
        hit(&["1", "0.25"]),
        hit(&["1", "0.3"]),
        hit(&["1", "0.2"]),
        hit(&["1"]),
        hit(&["0", ""]),
        miss(&["1", "0.5"]),
        miss(&["1"]),
        miss(&["0"]),
        miss(&["0", "0.5"]),
        hit(&["2"]),
        hit(&[]),
        vertex_face_rows([0, 0, 1], [0, 0, -3], 0, &["1", "0.25"]),
    ]
    .concat();
    let file = dir.write("bench/vertex-face/answers.csv", &text);
    let out = run(&[
        "check",
        "--queries",
        dir.path().join("bench").to_str().unwrap(),
    ]);
    assert_eq!(out.status, 2, "{}", out.stderr);
    let v = verdicts(&out);
    let names = verdict_names(&v);
    assert_eq!(
        names,
        [
            "agrees",
            "late",
            "early",
            "agrees",
            "missed",
            "phantom",
            "phantom",
            "agrees",
            "invalid",
            "invalid",
            "invalid",
            "inconclusive"
        ]
    );
    assert_eq!(field(&v[0], "truth")["exact"], "1/4");
    assert_eq!(field(&v[0], "file"), file.to_str().unwrap());
    assert_eq!(field(&v[1], "line"), 9);
    assert!((field(&v[1], "dt").as_f64().unwrap() - 0.05).abs() < 1e-15);
    assert_eq!(field(&v[3], "dt"), &Value::Null);
    assert!(field(&v[8], "error")
        .as_str()
        .unwrap()
        .contains("a time without contact"));
    assert!(field(&v[9], "error")
        .as_str()
        .unwrap()
        .contains("column 8 (the tool's collides): must be 0 or 1"));
    assert!(field(&v[10], "error")
        .as_str()
        .unwrap()
        .contains("column 8 (the tool's collides, 0 or 1) is missing"));
    assert!(field(&v[11], "reason")
        .as_str()
        .unwrap()
        .contains("the benchmark's label says collides = false"));
    // only agreements: status 0
    let good = [hit(&["1", "0.25"]), miss(&["0"])].concat();
    dir.write("good/vertex-face/answers.csv", &good);
    let out = run(&[
        "check",
        "--queries",
        dir.path().join("good").to_str().unwrap(),
    ]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stderr.trim(),
        "check: 2 queries: 2 agrees, 0 early, 0 late, 0 missed, 0 phantom, 0 inconclusive, 0 invalid"
    );
    // the benchmark's own columns broken: the whole file is refused
    dir.write("broken/vertex-face/answers.csv", "1,2,3\n");
    let out = run(&[
        "check",
        "--queries",
        dir.path().join("broken").to_str().unwrap(),
    ]);
    assert_eq!(out.status, 2);
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.contains("expected 7 comma-separated integers"),
        "{}",
        out.stderr
    );
}

#[test]
fn solve_brief_check_and_the_raster_variant() {
    let dir = TempDir::new();
    write_scenarios(&dir);
    let head_on = dir.path().join("scenarios/head-on.json");
    let head_on = head_on.to_str().unwrap();
    let out = run(&["solve", "--brief", head_on]);
    assert_eq!(out.status, 0);
    assert_eq!(
        out.stdout,
        "contact at t = 2/5 (~0.4), face-face: face +x / face -x [sgm exact]\n"
    );
    let miss = dir.path().join("scenarios/miss.json");
    let out = run(&[
        "solve",
        "--brief",
        "--method",
        "sat",
        miss.to_str().unwrap(),
    ]);
    assert_eq!(out.stdout, "no contact in [0, 1] [sat exact]\n");
    // --check: the expectation 2/5 holds, 1/2 does not
    let mut s = boxes("head-on", 10, 0, 20, 1);
    s["expect"] = json!({"collides": true, "time": "2/5"});
    let right = dir.write("right.json", &s.to_string());
    s["expect"] = json!({"collides": true, "time": "1/2"});
    let wrong = dir.write("wrong.json", &s.to_string());
    let out = run(&["solve", "--check", "--brief", right.to_str().unwrap()]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stderr.is_empty());
    let out = run(&["solve", "--check", wrong.to_str().unwrap()]);
    assert_eq!(out.status, 1);
    assert!(!out.stdout.is_empty(), "the answer is still printed");
    assert_eq!(
        out.stderr.trim(),
        "error: the answer contradicts expect: sgm/exact says T = 2/5 (~0.4), expected 1/2 (= 0.5) within 0"
    );
    let out = run(&["solve", "--check", head_on]);
    assert_eq!(out.status, 0);
    assert!(out.stderr.contains("no expect field"));
    // --variant raster selects glide, and refuses another method
    let out = run(&["solve", "--variant", "raster", "--scalar", "f64", head_on]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let result: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(result["method"], "glide");
    let out = run(&["solve", "--variant", "raster", "--method", "sgm", head_on]);
    assert_eq!(out.status, 2);
    assert_eq!(
        out.stderr.trim(),
        "error: --variant raster applies to --method glide only, not sgm"
    );
}

#[test]
fn oracle_lines_carry_decimals_beside_exact_times() {
    let dir = TempDir::new();
    write_scenarios(&dir);
    let out = run(&[
        "oracle",
        dir.path().join("scenarios/far.json").to_str().unwrap(),
    ]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("collide, T = 100 ("), "{}", out.stdout);
    let out = run(&[
        "oracle",
        dir.path().join("scenarios/head-on.json").to_str().unwrap(),
    ]);
    assert!(
        out.stdout.contains("collide, T = 2/5 (~0.4) ("),
        "{}",
        out.stdout
    );
}

#[test]
fn an_irrational_truth_is_judged_exactly() {
    // b slides along -x with x(t) = 10 - 20 t^2: the faces meet when
    // 20 T^2 = 8, T = sqrt(2/5), the root of 5 t^2 - 2
    let dir = TempDir::new();
    let s = json!({
        "format": "exactccd/scenario-v1",
        "name": "accelerating",
        "a": { "shape": { "box": { "half_extents": [1, 1, 1] } } },
        "b": {
            "shape": { "box": { "half_extents": [1, 1, 1] } },
            "motion": { "rational": {
                "quaternion": ["1", "0", "0", "0"],
                "translation": [["10", "0", "-20"], "0", "0"]
            } }
        }
    });
    dir.write("scenarios/accelerating.json", &s.to_string());
    let lines = [
        claim(
            "accelerating",
            true,
            Some(0.6324555320336759),
            "nearest f64",
        ),
        claim("accelerating", true, Some(0.6324555), "early by 3.2e-8"),
        claim("accelerating", true, Some(0.63245554), "late by 8e-9"),
    ];
    let out = check_lines(&dir, &lines, &[]);
    let v = verdicts(&out);
    let names = verdict_names(&v);
    assert_eq!(names, ["agrees", "early", "late"], "{}", out.stdout);
    let truth = field(&v[0], "truth");
    assert_eq!(truth["polynomial"], json!(["-2", "0", "5"]));
    assert_eq!(truth["exact"], Value::Null);
    // the brackets hold sqrt(2/5) as mpmath gives it to 50 digits
    let reference = "0.63245553203367586639977870888654370674391102786504";
    let rational = |s: &str| exactccd::scalar::parse_number(s).expect("a number");
    let (lo, hi) = (
        rational(truth["lower"].as_str().unwrap()),
        rational(truth["upper"].as_str().unwrap()),
    );
    let r = rational(reference);
    assert!(lo <= r && r <= hi, "{lo} <= {reference} <= {hi}");
    assert!(&hi - &lo < rational("1e-18"));
    assert_eq!(truth["approx"], json!(0.6324555320336759));
    // dt: the f64 0.6324555 minus sqrt(2/5), by mpmath at 50 digits
    assert_eq!(field(&v[1], "dt").as_f64(), Some(-3.203367591812019e-08));
}

/// The verdict a claim deserves on the scenario `boxes(_, x0, y0, v, 1)`,
/// computed here from `T = (x0 - 2) / v` (contact when `|y0| <= 2` and
/// `T <= 1`) with exact rationals.
fn expected_verdict(x0: i64, y0: i64, v: i64, collides: bool, time: Option<f64>) -> &'static str {
    use exactccd::scalar::{rational_from_f64, BigInt, BigRational};
    let t = BigRational::new(BigInt::from(x0 - 2), BigInt::from(v));
    let one = BigRational::from_integer(BigInt::from(1));
    let hit = y0.abs() <= 2 && t <= one;
    match (hit, collides) {
        (false, false) => "agrees",
        (false, true) => "phantom",
        (true, false) => "missed",
        (true, true) => {
            let d = rational_from_f64(time.unwrap()).unwrap() - &t;
            let window = rational_from_f64(1e-9).unwrap() * (&t).max(&one);
            if d.clone().max(-d.clone()) <= window {
                "agrees"
            } else if d < BigRational::from_integer(BigInt::from(0)) {
                "early"
            } else {
                "late"
            }
        }
    }
}

#[test]
fn verdicts_on_generated_boxes_match_an_independent_computation() {
    let dir = TempDir::new();
    let mut state: u64 = 20261125;
    let mut next = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        i64::try_from((state >> 33) % n).unwrap()
    };
    let mut lines = Vec::new();
    let mut expected = Vec::new();
    for i in 0..40 {
        let (x0, y0, v) = (3 + next(18), [0, 1, 2, 5][next(4) as usize], 5 + next(36));
        dir.write(
            &format!("scenarios/g{i}.json"),
            &boxes(&format!("g{i}"), x0, y0, v, 1).to_string(),
        );
        let t = (x0 - 2) as f64 / v as f64;
        for (collides, time) in [
            (true, Some(t)),
            (true, Some(t + 1e-12)),
            (true, Some((t - 1e-3).max(0.0))),
            (true, Some((t + 1e-3).min(1.0))),
            (false, None),
        ] {
            let time = time.map(|x| x.min(1.0));
            lines.push(claim(&format!("g{i}"), collides, time, &i.to_string()));
            expected.push(expected_verdict(x0, y0, v, collides, time));
        }
    }
    let out = check_lines(&dir, &lines, &[]);
    let got: Vec<String> = verdicts(&out)
        .iter()
        .map(|l| field(l, "verdict").as_str().unwrap().to_owned())
        .collect();
    assert_eq!(got, expected);
    // the sample holds every kind a claim on these scenarios can get
    for kind in ["agrees", "early", "late", "missed", "phantom"] {
        assert!(expected.contains(&kind), "no {kind} in the sample");
    }
}

#[test]
fn a_scenario_valid_only_in_the_f64_path_is_inconclusive_and_a_rotation_is_judged_by_enclosure() {
    let dir = TempDir::new();
    let mut approx = boxes("approx", 10, 0, 20, 1);
    approx["b"]["pose"]["rotation"] =
        json!([["0.6", "-0.8", 0], ["0.8000000001", "0.6", 0], [0, 0, 1]]);
    dir.write("scenarios/approx.json", &approx.to_string());
    // a turn under `poses`: the certified truth is an enclosure of
    // 0.27477734395870..., from SAT's time cells
    let poses = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scenarios/glide-poses.json");
    let lines = [
        claim("approx", true, Some(0.4), "approx"),
        json!({"scenario": poses, "collides": true, "time": 0.27}).to_string(),
        json!({"scenario": poses, "collides": true, "time": 0.274_777_343_958_707}).to_string(),
        json!({"scenario": poses, "collides": false, "time": null}).to_string(),
    ];
    let out = check_lines(&dir, &lines, &[]);
    assert_eq!(out.status, 1, "{}", out.stdout);
    let v = verdicts(&out);
    let reason = |i: usize| field(&v[i], "reason").as_str().unwrap().to_owned();
    assert_eq!(field(&v[0], "verdict"), "inconclusive");
    assert!(
        reason(0).contains("valid only in the f64 path"),
        "{}",
        reason(0)
    );
    let kinds = verdict_names(&v[1..]);
    assert_eq!(kinds, ["early", "agrees", "missed"], "{}", out.stdout);
    // early by 0.2747773... - 0.27
    let dt = field(&v[1], "dt").as_f64().unwrap();
    assert!((dt + 0.004_777_343_958_707).abs() < 1e-12, "{dt}");
}

/// The square frame of `examples/scenarios/frame-spin.json` (a non-convex
/// mesh: a ring around the hole `[1, 2]^2`, `0 <= z <= 1`) turning on a
/// screw of 2 radians per unit time about its axis `x = y = 3/2`, and a
/// box of half extent 1/4 resting on the plane `z = 1` over the hole, its
/// bottom face `[11/8, 15/8]^2`. The box's far corner, `(3/8, 3/8)` from
/// the axis, is `(3/8) (cos 2t + sin 2t)` from it along the hole's turning
/// `x` axis; it reaches the hole's edge, `1/2` away, when
/// `sin(2t + pi/4) = 2 sqrt 2 / 3`: `T = (asin(2 sqrt 2 / 3) - pi/4) / 2`.
/// The solids touch and never overlap (flush faces), so `sat`'s cells stop
/// at the touch and glide's exact answer is the truth; the referee has no
/// certificate for glide on a non-convex mesh: the claims are judged
/// against that answer, marked uncertified, and an exact claim is
/// inconclusive.
#[test]
fn claims_against_a_truth_the_referee_does_not_certify_say_so() {
    let dir = TempDir::new();
    let frame = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scenarios/frame-spin.json");
    let mut s: Value = serde_json::from_str(&std::fs::read_to_string(frame).unwrap()).unwrap();
    s["a"]["motion"] = json!({"screw": {"axis_point": ["3/2", "3/2", "1/2"],
        "axis_direction": ["0", "0", "1"], "angle": "2", "slide": "0"}});
    s["b"]["pose"] = json!({"translation": ["13/8", "13/8", "5/4"]});
    s["b"].as_object_mut().unwrap().remove("motion");
    dir.write("scenarios/flush.json", &s.to_string());
    let truth = ((2.0 * 2f64.sqrt() / 3.0).asin() - std::f64::consts::FRAC_PI_4) / 2.0;
    let lines = [
        claim("flush", true, Some(truth), "t"),
        claim("flush", true, Some(0.2), "early"),
        claim("flush", false, None, "missed"),
    ];
    let out = check_lines(&dir, &lines, &[]);
    let v = verdicts(&out);
    let kinds = verdict_names(&v);
    assert_eq!(kinds, ["agrees", "early", "missed"], "{}", out.stdout);
    for line in &v {
        assert_eq!(field(line, "certified"), &Value::from(false), "{line}");
    }
    let bracket = field(&v[0], "truth");
    let end = |k: &str| {
        let q = exactccd::scalar::parse_number(bracket[k].as_str().unwrap()).unwrap();
        exactccd::scalar::rational_to_f64(&q)
    };
    assert!(
        end("lower") <= truth + 1e-12 && truth - 1e-12 <= end("upper"),
        "{bracket}"
    );
    assert_eq!(out.status, 1);
    assert!(
        out.stderr
            .contains("3 judged against an exact answer the referee does not certify yet"),
        "{}",
        out.stderr
    );
    // an exact claim has nothing certified to be compared with
    let scenario = exactccd::load_scenario(
        &dir.path().join("scenarios/flush.json"),
        &exactccd::LoadOptions::for_scalar(exactccd::ScalarKind::Exact),
    )
    .unwrap();
    let (method, answer) = exactccd::solve_with_default_method(
        &scenario.query(),
        exactccd::ScalarKind::Exact,
        &exactccd::SolveOptions::default(),
    );
    assert_eq!(method, exactccd::Method::Glide);
    let verdict = exactccd::check_claim(
        &scenario,
        &exactccd::Claim::Exact(Box::new(answer.unwrap())),
        1e-9,
    );
    assert!(
        matches!(verdict, exactccd::ClaimVerdict::Inconclusive(_)),
        "{verdict}"
    );
}

/// `solve --first-contact-only`: a fast spin of the reference set
/// (`cells-12`: nine contact intervals) gives the same first contact and
/// method, with `contact_intervals` empty (glide's event cells are not
/// asked to fill them in, as they are when the cells stop at a graze). The
/// search closes in on the contact by its own cuts, so the bracket is its
/// own: it meets the whole solve's and is as narrow (`2^-64 max(1, |T|)`).
#[test]
fn solve_first_contact_only_keeps_the_first_contact() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference/angular/cells-12.json");
    let file = file.to_str().unwrap();
    let whole = run(&["solve", file]);
    let first = run(&["solve", "--first-contact-only", file]);
    assert_eq!((whole.status, first.status), (0, 0), "{}", first.stderr);
    let (whole, first): (Value, Value) = (
        serde_json::from_str(&whole.stdout).unwrap(),
        serde_json::from_str(&first.stdout).unwrap(),
    );
    assert_eq!(whole["method"], "sat");
    assert_eq!(first["method"], "sat");
    let ends = |v: &Value| {
        let q = |k: &str| exactccd::scalar::parse_number(v["time"][k].as_str().unwrap()).unwrap();
        (q("lower"), q("upper"))
    };
    let ((wl, wu), (fl, fu)) = (ends(&whole), ends(&first));
    assert!(
        wl.clone().max(fl.clone()) <= wu.clone().min(fu.clone()),
        "[{wl}, {wu}] and [{fl}, {fu}]"
    );
    let one = exactccd::scalar::BigRational::from_integer(1.into());
    let allowed = one.max(fu.clone())
        / exactccd::scalar::BigRational::from_integer(num_bigint::BigInt::from(1) << 64u32);
    assert!(&fu - &fl <= allowed, "[{fl}, {fu}]");
    assert_eq!(whole["contact_intervals"].as_array().unwrap().len(), 9);
    assert_eq!(first["contact_intervals"], json!([]));
}
