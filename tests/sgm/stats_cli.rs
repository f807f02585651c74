//! `exactccd solve --method sgm --stats`: the paper's statistics (the SGM paper,
//! section V) in the result's `stats`, on hand-derived cases.

use crate::contract_support;

use contract_support::solve_text;
use serde_json::{json, Value};

/// `b`, the unit cube, turning about z by the quaternion `(1, 0, 0, t)` at
/// distance 10 from the unit cube `a`, for `t` in `[-1/2, 2]`. The rotation
/// is `[[1 - t^2, -2t, 0], [2t, 1 - t^2, 0], [0, 0, 1 + t^2]] / (1 + t^2)`:
/// the axes' components vanish at `t = -1, 0, 1` (and nowhere else, `1 +
/// t^2 > 0`), so the real line has four homogeneous intervals, three of
/// which meet `[-1/2, 2]` (cut at 0 and 1) and one, `(-inf, -1)`, lies
/// outside. The centres stay 10 apart, more than the circumradii `2
/// sqrt(3)`: the sphere test prunes all three and no plane is built.
const TURNING: &str = r#"{ "format": "exactccd/scenario-v1", "interval": ["-1/2", "2"],
  "a": { "shape": { "box": { "half_extents": ["1", "1", "1"] } } },
  "b": { "shape": { "box": { "half_extents": ["1", "1", "1"] } },
         "motion": { "rational": { "quaternion": ["1", "0", "0", ["0", "1"]],
                                   "translation": ["10", "0", "0"] } } } }"#;

/// Two unit cubes, `b` coming along `-x` from `x = 10` at speed 20: faces
/// meet at `10 - 20 t = 2`, `t = 2/5`. No rotation: one homogeneous
/// interval, none outside. The planes (section IV-C): the six FV and six VF
/// planes have normals `+-e_k`, and the EE normals `e_i x e_j` (`i != j`)
/// are `+-e_k` too (the three `e_i x e_i` vanish and are dropped): 24
/// planes. `D = 2 -+ n . T` is of degree 1 when `n = +-e_0` (2 FV, 2 VF and
/// the 4 EE planes of `e_1 x e_2`, `e_2 x e_1`) and the constant 2
/// otherwise (16 planes); the plane touching at 2/5 (`FV +x`) has degree 1.
const SLIDING: &str = r#"{ "format": "exactccd/scenario-v1", "interval": ["0", "1"],
  "a": { "shape": { "box": { "half_extents": ["1", "1", "1"] } } },
  "b": { "shape": { "box": { "half_extents": ["1", "1", "1"] } },
         "pose": { "translation": ["10", "0", "0"] },
         "motion": { "linear": { "velocity": ["-20", "0", "0"] } } } }"#;

fn solve_json(text: &str, extra: &[&str]) -> Value {
    let out = solve_text(text, extra);
    assert_eq!(out.status, 0, "{}", out.stderr);
    serde_json::from_str(&out.stdout).expect("result JSON")
}

#[test]
fn stats_count_the_intervals_of_a_turning_box_inside_and_outside_the_domain() {
    for scalar in ["exact", "f64"] {
        let r = solve_json(TURNING, &["--method", "sgm", "--scalar", scalar, "--stats"]);
        assert_eq!(r["collides"], false, "{scalar}");
        let st = &r["stats"];
        assert_eq!(st["homogeneous_intervals"], 3, "{scalar}: {st}");
        assert_eq!(st["intervals_outside_domain"], 1, "{scalar}: {st}");
        assert_eq!(st["pruned_by_sphere"], 3, "{scalar}: {st}");
        assert_eq!(st["planes"], 0, "{scalar}: {st}");
        assert_eq!(st["plane_degrees"], json!([]), "{scalar}: {st}");
        assert_eq!(st["contact_degree"], Value::Null, "{scalar}: {st}");
        // rotation of degree 2 (translation 10 |q|^2, also degree 2)
        assert_eq!(st["motion_degree"], 2, "{scalar}: {st}");
    }
}

#[test]
fn stats_give_the_degrees_of_the_contact_polynomials() {
    let r = solve_json(SLIDING, &["--method", "sgm", "--stats"]);
    assert_eq!(r["time"]["exact"], "2/5");
    let st = &r["stats"];
    assert_eq!(st["homogeneous_intervals"], 1, "{st}");
    assert_eq!(st["intervals_outside_domain"], 0, "{st}");
    assert_eq!(st["pruned_by_sphere"], 0, "{st}");
    assert_eq!(st["planes"], 24, "{st}");
    assert_eq!(st["plane_degrees"], json!([16, 8]), "{st}");
    assert_eq!(st["max_plane_degree"], 1, "{st}");
    assert_eq!(st["contact_degree"], 1, "{st}");
}

#[test]
fn without_the_flag_the_costly_count_is_left_out_and_the_rest_is_unchanged() {
    let with = solve_json(TURNING, &["--method", "sgm", "--stats"]);
    let without = solve_json(TURNING, &["--method", "sgm"]);
    let mut expected = with["stats"].clone();
    expected
        .as_object_mut()
        .unwrap()
        .remove("intervals_outside_domain");
    assert_eq!(without["stats"], expected);
    assert!(without["stats"].get("intervals_outside_domain").is_none());
    // everything but `stats` is the same answer
    let strip = |mut v: Value| {
        v.as_object_mut().unwrap().remove("stats");
        v
    };
    assert_eq!(strip(with), strip(without));
    // other methods accept the flag and answer as without it
    let sat_with = solve_json(SLIDING, &["--method", "sat", "--stats"]);
    let sat_without = solve_json(SLIDING, &["--method", "sat"]);
    assert_eq!(sat_with, sat_without);
}

#[test]
fn a_pose_that_is_a_rotation_only_within_the_f64_tolerance_gets_a_null_count() {
    // Loaded for f64 the slightly sheared pose is accepted (and solved in
    // f64), but the exact count needs an exact rotation: `null`, exit 0.
    let text = SLIDING.replace(
        r#""pose": { "translation": ["10", "0", "0"] }"#,
        r#""pose": { "rotation": [["0.6", "-0.8", "1e-12"], ["0.8", "0.6", "0"], ["0", "0", "1"]],
                     "translation": ["10", "0", "0"] }"#,
    );
    assert_ne!(text, SLIDING);
    let r = solve_json(&text, &["--method", "sgm", "--scalar", "f64", "--stats"]);
    assert_eq!(r["collides"], true);
    let st = &r["stats"];
    assert_eq!(st["homogeneous_intervals"], 1, "{st}");
    assert_eq!(st["intervals_outside_domain"], Value::Null, "{st}");
    // exactly, the same file is invalid input (not a rotation)
    let out = solve_text(&text, &["--method", "sgm", "--stats"]);
    assert_eq!(out.status, 2, "{}", out.stderr);
}
