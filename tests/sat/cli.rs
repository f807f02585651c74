//! `exactccd solve --method sat` on the example scenarios: exact answers,
//! the f64 answer close to them, and exit status 3 with the reason for what
//! the method does not apply to (`poses`, affine motions, angular motions in
//! the exact scalar); meshes (OBB trees) and angular motions in `f64` (the
//! time cells by default, `--variant stepping` with `--steps`,
//! `--integrator`).

use num_traits::ToPrimitive;
use std::process::Command;

fn solve(file: &str, scalar: &str) -> (i32, serde_json::Value, String) {
    solve_with(file, scalar, &[])
}

fn solve_with(file: &str, scalar: &str, extra: &[&str]) -> (i32, serde_json::Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_exactccd"))
        .args(["solve", "--method", "sat", "--scalar", scalar])
        .args(extra)
        .arg(file)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let json = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (
        out.status.code().unwrap_or(-1),
        json,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn exact_times_features_and_f64_agreement() {
    for (file, time, kind) in [
        ("examples/scenarios/boxes-head-on.json", "2/5", "face-face"),
        ("examples/scenarios/triangle-pair.json", "1/2", "face-face"),
        (
            "examples/scenarios/contract-example.json",
            "109/280",
            "edge-edge",
        ),
    ] {
        let (code, json, err) = solve(file, "exact");
        assert_eq!(code, 0, "{file}: {err}");
        assert_eq!(json["collides"], true);
        assert_eq!(json["time"]["exact"], time, "{file}");
        assert_eq!(json["feature"]["kind"], kind, "{file}");
        assert!(json["point"].is_array() && json["normal"].is_array());
        assert!(json["certificate"]["separation"].is_array());
        let (code, fast, _) = solve(file, "f64");
        assert_eq!(code, 0);
        let (e, f) = (
            json["time"]["approx"].as_f64().unwrap(),
            fast["time"]["approx"].as_f64().unwrap(),
        );
        assert!((e - f).abs() < 1e-9, "{file}: {e} vs {f}");
    }
    // rational rotations, solved by the piecewise-polynomial scheme
    for file in [
        "examples/scenarios/rational-rotation.json",
        "examples/scenarios/sgm-paper-linear-rigid.json",
    ] {
        let (code, json, err) = solve(file, "exact");
        assert_eq!(code, 0, "{file}: {err}");
        assert_eq!(json["collides"], true);
        let (_, fast, _) = solve(file, "f64");
        let (e, f) = (
            json["time"]["approx"].as_f64().unwrap(),
            fast["time"]["approx"].as_f64().unwrap(),
        );
        assert!((e - f).abs() < 1e-9, "{file}: {e} vs {f}");
    }
}

#[test]
fn not_applicable_exits_3_with_the_reason() {
    let file = "examples/refused/sgm-paper-linear-affine.json";
    let (code, json, err) = solve(file, "exact");
    assert_eq!(code, 3, "{file}");
    assert!(json.is_null(), "no partial JSON");
    assert!(err.contains("non-rigid"), "{file}: {err}");
    // two boxes under poses: answered exactly by certified time cells, an
    // enclosure (no exact time); in f64 by the f64 time cells, inside that
    // enclosure within 1e-9; stepping refuses poses
    let file = "examples/scenarios/glide-poses.json";
    let (code, exact, err) = solve(file, "exact");
    assert_eq!(code, 0, "{err}");
    assert!(
        exact["time"].is_null() || exact["time"]["exact"].is_null(),
        "{exact}"
    );
    let (code, fast, err) = solve(file, "f64");
    assert_eq!(code, 0, "{err}");
    assert_eq!(fast["collides"], exact["collides"]);
    if let Some(t) = fast["time"]["approx"].as_f64() {
        let bound = |k: &str| {
            exactccd::scalar::parse_number(exact["time"][k].as_str().unwrap())
                .unwrap()
                .to_f64()
                .unwrap()
        };
        let slack = 1e-9 * t.abs().max(1.0);
        assert!(
            bound("lower") - slack <= t && t <= bound("upper") + slack,
            "{t} {exact}"
        );
    }
    let (code, json, err) = solve_with(file, "f64", &["--variant", "stepping"]);
    assert_eq!(code, 3);
    assert!(json.is_null(), "no partial JSON");
    assert!(err.contains("poses"), "{err}");
}

#[test]
fn meshes_are_answered_exactly_and_convex_ones_certified() {
    // the examples (both meshes convex: a tetrahedron and a cube, certified
    // as the hulls of their vertices): mesh-inline at 3/16, mesh-obj at
    // 1/2; the box
    // leaves the tetrahedron's face x = 0 at 9/16, the triangle reaches the
    // cube's bottom z = -1 at the end t = 1
    for (file, time, kind, end) in [
        (
            "examples/scenarios/mesh-inline.json",
            "3/16",
            "vertex-vertex",
            "9/16",
        ),
        ("examples/scenarios/mesh-obj.json", "1/2", "face-face", "1"),
    ] {
        let (code, json, err) = solve(file, "exact");
        assert_eq!(code, 0, "{file}: {err}");
        assert_eq!(json["collides"], true);
        assert_eq!(json["time"]["exact"], time, "{file}");
        assert_eq!(json["feature"]["kind"], kind, "{file}");
        assert!(json["certificate"]["separation"].is_array(), "{file}");
        let ivs = json["contact_intervals"].as_array().unwrap();
        assert_eq!(ivs.len(), 1, "{file}");
        assert_eq!(ivs[0][0]["exact"], time, "{file}");
        assert_eq!(ivs[0][1]["exact"], end, "{file}");
        let (code, fast, _) = solve(file, "f64");
        assert_eq!(code, 0);
        assert_eq!(fast["time"]["approx"], json["time"]["approx"]);
    }
    // mesh feature names: the tetrahedron's corner (1, 0, 0); the cube's
    // top face (OBJ face 2, index 1) under the triangle's back
    let (_, json, _) = solve("examples/scenarios/mesh-inline.json", "exact");
    assert_eq!(json["feature"]["a"], "vertex 1");
    let (_, json, _) = solve("examples/scenarios/mesh-obj.json", "exact");
    assert_eq!(json["feature"]["a"], "face 1");
    assert_eq!(json["feature"]["b"], "face -");
    assert_eq!(json["normal"], serde_json::json!([0.0, 0.0, 1.0]));
}

fn angular_scenario(dir: &std::path::Path) -> std::path::PathBuf {
    // a unit box spinning at 1 rad per unit time against a slab at x = 6/5:
    // contact at asin(0.6 sqrt 2) - pi/4 = 0.227799...
    let text = serde_json::json!({
        "format": "exactccd/scenario-v1",
        "a": {
            "shape": {"box": {"half_extents": ["1", "1", "1"]}},
            "motion": {"angular": {"angular_velocity": ["0", "0", "1"]}}
        },
        "b": {
            "shape": {"box": {"half_extents": ["1", "5", "5"]}},
            "pose": {"translation": ["11/5", "0", "0"]}
        }
    });
    let path = dir.join("spin.json");
    std::fs::write(&path, text.to_string()).unwrap();
    path
}

#[test]
fn angular_in_f64_with_steps_and_in_certified_cells_exactly() {
    let dir = std::env::temp_dir().join(format!("exactccd-sat-angular-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = angular_scenario(&dir);
    let file = file.to_str().unwrap();
    let truth = 0.227_799_3;
    for (steps, integrator) in [("16", "euler"), ("256", "rk4"), ("4096", "closed-form")] {
        let (code, json, err) = solve_with(
            file,
            "f64",
            &[
                "--variant",
                "stepping",
                "--steps",
                steps,
                "--integrator",
                integrator,
            ],
        );
        assert_eq!(code, 0, "{err}");
        let t = json["time"]["approx"].as_f64().unwrap();
        let h = 1.0 / steps.parse::<f64>().unwrap();
        assert!(
            t >= truth - 1e-6 && t <= truth + h,
            "{steps} {integrator}: {t}"
        );
        assert!(json["time"]["exact"].is_null());
    }
    // stepping's defaults (256 steps, rk4): late by at most a step
    let (code, json, err) = solve_with(file, "f64", &["--variant", "stepping"]);
    assert_eq!(code, 0, "{err}");
    let t = json["time"]["approx"].as_f64().unwrap();
    assert!(t >= truth - 1e-6 && t <= truth + 1.0 / 256.0, "{t}");
    // the default f64 variant: the time cells, within 1e-9 of the 50-digit
    // truth, one contact interval starting there (the box turns on into the
    // slab until t1 = 1)
    for extra in [&[][..], &["--variant", "cells"][..]] {
        let (code, json, err) = solve_with(file, "f64", extra);
        assert_eq!(code, 0, "{err}");
        let t = json["time"]["approx"].as_f64().unwrap();
        assert!((t - 0.227_799_336_697_911_7).abs() <= 1e-9, "{t}");
        let intervals = json["contact_intervals"].as_array().unwrap();
        assert_eq!(intervals.len(), 1, "{json}");
        assert_eq!(intervals[0][0]["approx"].as_f64(), Some(t));
        assert_eq!(intervals[0][1]["approx"].as_f64(), Some(1.0));
    }
    // a sat variant with another method is a usage error
    let out = Command::new(env!("CARGO_BIN_EXE_exactccd"))
        .args(["solve", "--method", "glide", "--variant", "stepping", file])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("--variant stepping applies to --method sat only"));
    // exact: certified time cells, a bracket of width at most 2^-64 that
    // holds asin(0.6 sqrt 2) - pi/4 (50 digits by mpmath)
    let (code, json, err) = solve(file, "exact");
    assert_eq!(code, 0, "{err}");
    let q = |v: &serde_json::Value| exactccd::scalar::parse_number(v.as_str().unwrap()).unwrap();
    let (lo, hi) = (q(&json["time"]["lower"]), q(&json["time"]["upper"]));
    let truth_exact =
        exactccd::scalar::parse_number("0.22779933669791168148934686129266700095851574659829")
            .unwrap();
    assert!(lo <= truth_exact && truth_exact <= hi, "{json}");
    assert!(&hi - &lo <= exactccd::scalar::parse_number("1/18446744073709551616").unwrap());
    assert!(json["time"]["exact"].is_null());
    // bad step counts are usage errors
    for bad in ["0", "x", "10000001"] {
        let (code, _, err) = solve_with(file, "f64", &["--steps", bad]);
        assert_eq!(code, 2, "{bad}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
