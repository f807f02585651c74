//! Shapes other than two boxes under the turning motions (contract 5.1:
//! a refusal is for a method that does not take a shape, never for these
//! motions): `exactccd solve` without `--method` answers a sphere against
//! a capsule under a fast `angular` spin and two convex meshes under a
//! `screw` in `f64` (status 0, the reference set's truth within 1e-9) and
//! in the exact scalar (status 0, an enclosure of the truth).

use crate::contract_support::run;
use serde_json::Value;

fn reference(set: &str, name: &str) -> (String, f64) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference/");
    let path = format!("{dir}{set}/{name}.json");
    let truth: Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}{set}/truth.json")).unwrap())
            .unwrap();
    let t = truth[name]["time"]
        .as_str()
        .unwrap()
        .parse::<f64>()
        .unwrap();
    (path, t)
}

#[test]
fn turning_spheres_capsules_and_meshes_are_answered_in_both_scalars() {
    for (set, name) in [
        ("rounded", "angular-fast-21"),
        ("polytopes", "screw-slide-04"),
    ] {
        let (path, truth) = reference(set, name);
        let out = run(&["solve", "--scalar", "f64", &path]);
        assert_eq!(out.status, 0, "{name}: {}", out.stderr);
        let result: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(result["method"], "sat", "{name}");
        let t = result["time"]["approx"].as_f64().unwrap();
        assert!(
            (t - truth).abs() <= 1e-9 * truth.abs().max(1.0),
            "{name}: {t} {truth}"
        );
        let exact = run(&["solve", &path]);
        assert_eq!(exact.status, 0, "{name}: {}", exact.stderr);
        let result: Value = serde_json::from_str(&exact.stdout).unwrap();
        let bound = |key: &str| {
            let q: Vec<f64> = result["time"][key]
                .as_str()
                .unwrap()
                .split('/')
                .map(|x| x.parse::<f64>().unwrap())
                .collect();
            q[0] / q[1]
        };
        assert!(
            bound("lower") <= truth + 1e-12 && truth - 1e-12 <= bound("upper"),
            "{name}: {}",
            exact.stdout
        );
    }
}
