//! Replays the loader fuzz target's kept inputs (`tests/fuzz_regressions/`,
//! `docs/DESIGN.md`): each must load or fail with one error line, in both
//! scalar paths, without a panic.

use exactccd::contact::ScalarKind;
use exactccd::scenario::{parse_scenario, LoadOptions};

#[test]
fn every_kept_fuzz_input_loads_or_fails_with_one_line() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        for scalar in ScalarKind::ALL {
            if let Err(e) = parse_scenario(text, None, &LoadOptions::for_scalar(scalar)) {
                let line = e.to_string();
                assert!(!line.contains('\n'), "{}: {line:?}", path.display());
                assert!(!line.is_empty());
            }
        }
        count += 1;
    }
    assert!(count >= 5, "only {count} inputs");
}

#[test]
fn kept_inputs_fail_where_they_should() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let load = |name: &str| {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        parse_scenario(&text, None, &LoadOptions::default())
            .unwrap_err()
            .to_string()
    };
    assert!(load("deep-nesting.json").contains("recursion limit"));
    assert!(load("giant-exponents.json").starts_with("interval[0]: spans more than 4096"));
    assert!(load("huge-index.json")
        .starts_with("a.shape.mesh.faces[1][0]: must be a vertex index below 1"));
    assert!(load("control-characters-in-key.json").starts_with("a[\"\\u0000\\n\"]: unknown field"));
    // 1e-4000 + t has its root at -1e-4000, outside [0, 1]: the scenario is
    // valid only if q(t) = (t, t^8, 0, 0) does not vanish there, but it does
    // at t = 0.
    assert!(load("tiny-coefficients.json").contains("|q(t)|^2 must not vanish"));
}

/// Replays the kept inputs through every method in `f64`, as the
/// `f64_no_panic` fuzz target does: an answer, "not applicable" or a limit
/// are all fine, a panic is not. `f64-overflowing-tolerance.json` is that
/// target's finding: magnitudes near 1e113 overflowed the SAT feature
/// classification's f64 tolerance to infinity, which then failed to
/// convert to a rational.
#[test]
fn every_kept_fuzz_input_solves_in_f64_without_a_panic() {
    use exactccd::contact::{solve, Method, SolveOptions};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut solved = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let options = LoadOptions::for_scalar(ScalarKind::F64);
        let Ok(s) = parse_scenario(&text, None, &options) else {
            continue;
        };
        for method in Method::ALL {
            let _ = solve(
                &s.query(),
                method,
                ScalarKind::F64,
                &SolveOptions::default(),
            );
        }
        solved += 1;
    }
    assert!(solved >= 1, "no kept input loads in f64");
}
