//! The primitive queries through the command line: scenario files with a
//! `query` field (`exactccd solve`, `exactccd oracle`), their validation
//! errors, and `exactccd queries` on benchmark-format CSV files (JSON lines,
//! summary, exit statuses).

use crate::contract_support;

use contract_support::{assert_input_error, run, solve_text, TempDir};
use serde_json::{json, Value};

/// A vertex falling onto a fixed triangle: contact at t = 3/4.
fn vertex_face() -> Value {
    json!({
        "format": "exactccd/scenario-v1",
        "name": "vertex-face",
        "query": { "vertex_face": {
            "vertex": { "start": ["1", "1", "3"], "end": ["1", "1", "-1"] },
            "face": [ { "start": [0, 0, 0] }, { "start": [4, 0, 0] }, { "start": [0, 4, 0] } ]
        } },
        "expect": { "collides": true, "time": "3/4" }
    })
}

/// Two segments meeting at t = (sqrt(5) - 1)/4 (see primitive_cases.rs).
fn edge_edge() -> Value {
    json!({
        "format": "exactccd/scenario-v1",
        "query": { "edge_edge": {
            "a": [ { "start": [0, 0, 0] }, { "start": [4, 0, 0] } ],
            "b": [ { "start": ["2", "-1", "-1/2"], "end": ["2", "-2", "-1/2"] },
                   { "start": ["2", "1", "1"], "end": ["2", "1", "-1"] } ]
        } }
    })
}

fn text(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap()
}

#[test]
fn solve_answers_a_vertex_face_scenario() {
    let out = solve_text(&text(&vertex_face()), &[]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["method"], "primitive");
    assert_eq!(v["collides"], true);
    assert_eq!(v["time"]["exact"], "3/4");
    assert_eq!(
        v["feature"],
        json!({"kind": "vertex-face", "a": "vertex", "b": "face"})
    );
    assert_eq!(v["normal"], json!([0.0, 0.0, -1.0]));
    let evidence = &v["stats"]["evidence"];
    assert_eq!(evidence["schedule"], "separation");
    assert_eq!(
        evidence["contact"]["witness"],
        json!({"inside": {"axis": "z", "barycentric": ["+", "+", "+"]}})
    );
    // f64
    let out = solve_text(&text(&vertex_face()), &["--scalar", "f64"]);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["time"]["approx"], 0.75);
    // a body method refuses it (status 3), naming the reason
    let out = solve_text(&text(&vertex_face()), &["--method", "sat"]);
    assert_eq!(out.status, 3);
    assert!(out.stderr.contains("primitive query"), "{}", out.stderr);
}

#[test]
fn solve_answers_an_edge_edge_scenario_over_another_interval() {
    let out = solve_text(&text(&edge_edge()), &[]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["time"]["polynomial"], json!(["-1", "2", "4"]));
    assert_eq!(v["time"]["exact"], Value::Null);
    // over [1, 3] the same motion takes twice as long, shifted by 1:
    // T' = 1 + 2 T; 4T^2 + 2T - 1 with T = (T' - 1)/2 is
    // (T' - 1)^2 + (T' - 1) - 1 = T'^2 - T' - 1: T' = (1 + sqrt(5))/2
    let mut shifted = edge_edge();
    shifted["interval"] = json!(["1", "3"]);
    let out = solve_text(&text(&shifted), &[]);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["time"]["polynomial"], json!(["-1", "-1", "1"]));
    let golden = (1.0 + 5f64.sqrt()) / 2.0;
    assert!((v["time"]["approx"].as_f64().unwrap() - golden).abs() < 1e-15);
}

#[test]
fn the_oracle_compares_exact_and_f64() {
    let dir = TempDir::new();
    dir.write("vf.json", &text(&vertex_face()));
    dir.write("ee.json", &text(&edge_edge()));
    let out = run(&["oracle", dir.path().to_str().unwrap()]);
    assert_eq!(out.status, 0, "{}\n{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("2 agree"), "{}", out.stdout);
    // a wrong expectation is a failure
    let mut wrong = vertex_face();
    wrong["expect"]["time"] = json!("1/2");
    dir.write("wrong.json", &text(&wrong));
    let out = run(&["oracle", dir.path().to_str().unwrap()]);
    assert_eq!(out.status, 1, "{}", out.stdout);
}

#[test]
fn query_scenarios_are_validated() {
    let mut both = vertex_face();
    both["a"] = json!({ "shape": { "box": { "half_extents": [1, 1, 1] } } });
    assert_input_error(&solve_text(&text(&both), &[]), "a", None);

    let mut kind = vertex_face();
    kind["query"] = json!({ "vertex_edge": {} });
    assert_input_error(&solve_text(&text(&kind), &[]), "query.vertex_edge", None);

    let mut no_start = vertex_face();
    no_start["query"]["vertex_face"]["vertex"] = json!({ "end": [0, 0, 0] });
    assert_input_error(
        &solve_text(&text(&no_start), &[]),
        "query.vertex_face.vertex.start",
        None,
    );

    let mut two = vertex_face();
    two["query"]["vertex_face"]["face"] = json!([{ "start": [0, 0, 0] }, { "start": [1, 0, 0] }]);
    assert_input_error(
        &solve_text(&text(&two), &[]),
        "query.vertex_face.face",
        None,
    );

    let mut bad = edge_edge();
    bad["query"]["edge_edge"]["b"][1]["end"] = json!(["2", "1", "x"]);
    assert_input_error(
        &solve_text(&text(&bad), &[]),
        "query.edge_edge.b[1].end[2]",
        Some("\"x\""),
    );
    // the primitive method refuses two bodies
    let boxes = contract_support::with(|_| {});
    let out = solve_text(&boxes, &["--method", "primitive"]);
    assert_eq!(out.status, 3, "{}", out.stderr);
}

/// Eight CSV rows of a vertex-face query: v from (x, y, 1) to (x, y, -1)
/// through the fixed triangle (0,0,0), (4,0,0), (0,4,0) in z = 0.
fn vf_rows(x: i64, y: i64, label: u8) -> String {
    let row = |p: [i64; 3]| format!("{},1,{},1,{},1,{label}\n", p[0], p[1], p[2]);
    let tri = [[0, 0, 0], [4, 0, 0], [0, 4, 0]];
    let mut s = row([x, y, 1]);
    for t in tri {
        s += &row(t);
    }
    s += &row([x, y, -1]);
    for t in tri {
        s += &row(t);
    }
    s
}

#[test]
fn queries_prints_json_lines_and_a_summary() {
    let dir = TempDir::new();
    // hit, miss, edge touch (all labelled right)
    let text = [vf_rows(1, 1, 1), vf_rows(5, 5, 0), vf_rows(2, 0, 1)].concat();
    dir.write("scene/vertex-face/data_0_0.csv", &text);
    let out = run(&["queries", dir.path().to_str().unwrap()]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let lines: Vec<Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["query"], 0);
    assert_eq!(lines[0]["kind"], "vertex-face");
    assert_eq!(lines[0]["time"]["exact"], "1/2");
    assert_eq!(lines[1]["collides"], false);
    assert_eq!(lines[1]["time"], Value::Null);
    assert_eq!(lines[2]["label"], true);
    assert!(out.stderr.contains("scalar exact"), "{}", out.stderr);
    assert!(
        out.stderr.contains("| mean us | median us | max us"),
        "{}",
        out.stderr
    );
    let total = out
        .stderr
        .lines()
        .find(|l| l.starts_with("total | 3 | 0 | 0 | 0 |"))
        .unwrap_or_else(|| panic!("{}", out.stderr));
    // mean, median, max: three times, the median at most the maximum
    let times: Vec<f64> = total
        .split(" | ")
        .skip(5)
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(times.len(), 3, "{total}");
    assert!(times[1] <= times[2] && times[0] <= times[2], "{total}");
    // f64
    let out = run(&["queries", "--scalar", "f64", dir.path().to_str().unwrap()]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stderr.contains("scalar f64"));
}

#[test]
fn queries_exits_1_on_a_wrong_label_and_2_on_a_bad_file() {
    let dir = TempDir::new();
    // labelled colliding, but passes beside the triangle: a false positive
    // of the label, counted as a false negative of the answer
    let file = dir.write("x/vertex-face/data.csv", &vf_rows(5, 5, 1));
    let out = run(&["queries", file.to_str().unwrap()]);
    assert_eq!(out.status, 1);
    assert!(
        out.stderr
            .lines()
            .any(|l| l.starts_with("total | 1 | 1 | 0 | 0 |")),
        "{}",
        out.stderr
    );
    // no kind folder
    let file = dir.write("y/data.csv", &vf_rows(1, 1, 1));
    let out = run(&["queries", file.to_str().unwrap()]);
    assert_eq!(out.status, 2);
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.contains("vertex-face or edge-edge"),
        "{}",
        out.stderr
    );
    // malformed
    let file = dir.write("z/edge-edge/data.csv", "1,2,3\n");
    let out = run(&["queries", file.to_str().unwrap()]);
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains(":1:"), "{}", out.stderr);
}

#[test]
fn query_scenarios_round_trip_through_the_writer() {
    use exactccd::scenario::{parse_scenario, write_scenario, LoadOptions};
    for v in [vertex_face(), edge_edge()] {
        let s = parse_scenario(&text(&v), None, &LoadOptions::default()).unwrap();
        assert!(s.primitive().is_some());
        let written = write_scenario(&s);
        assert!(written.contains("\"query\"") && !written.contains("\"a\": {"));
        let back = parse_scenario(&written, None, &LoadOptions::default()).unwrap();
        assert_eq!(back, s);
    }
}

/// A primitive query's exact answer carries a certificate (the query's
/// points as two bodies) that the referee certifies; the same certificate
/// behind a claim of no contact is refuted.
#[test]
fn the_referee_certifies_a_primitive_query_and_refutes_a_wrong_claim() {
    use exactccd::contact::{solve, Method, ScalarKind, SolveOptions};
    use exactccd::scenario::{parse_scenario, LoadOptions};
    use exactccd_oracle::Verdict;
    for v in [vertex_face(), edge_edge()] {
        let s = parse_scenario(&text(&v), None, &LoadOptions::default()).unwrap();
        let q = s.query();
        let mut r = solve(
            &q,
            Method::Primitive,
            ScalarKind::Exact,
            &SolveOptions::default(),
        )
        .unwrap();
        assert!(r.collides && r.certificate.is_some());
        assert_eq!(exactccd::referee::referee(&q, &r), Verdict::Certified);
        r.collides = false;
        r.time = None;
        let verdict = exactccd::referee::referee(&q, &r);
        assert!(matches!(verdict, Verdict::Refuted { .. }), "{verdict:?}");
    }
}
