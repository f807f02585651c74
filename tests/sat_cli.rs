//! `exactccd solve --method sat` on the example scenarios: exact answers,
//! the f64 answer close to them, and exit status 3 with the reason for what
//! the method does not apply to (meshes, `poses`, affine motions).

use std::process::Command;

fn solve(file: &str, scalar: &str) -> (i32, serde_json::Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_exactccd"))
        .args(["solve", "--method", "sat", "--scalar", scalar, file])
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
    for (file, why) in [
        ("examples/scenarios/mesh-inline.json", "mesh"),
        ("examples/scenarios/glide-poses.json", "poses"),
        (
            "examples/scenarios/sgm-paper-linear-affine.json",
            "non-rigid",
        ),
    ] {
        let (code, json, err) = solve(file, "exact");
        assert_eq!(code, 3, "{file}");
        assert!(json.is_null(), "no partial JSON");
        assert!(err.contains(why), "{file}: {err}");
    }
}
