//! Triangles and convex meshes (tetrahedra, octahedra) against boxes,
//! triangles and convex meshes under `screw`, `poses` and `angular`
//! motions (intervals not starting at 0, fast turns, slides, both bodies
//! moving). Truth: `tests/reference/polytope_truth.py` (GJK distances of
//! the convex cores in mpmath and certified subdivision, sharing nothing
//! with the solvers).
//!
//! The `f64` time cells answer every scenario within `1e-9 max(1, |T|)` of
//! the truth. The exact scalar refuses these pairs today (status 3: the
//! certified time cells take two boxes), so only `f64` is checked.

use super::support::{check_f64, read_truth, set_dir};
use exactccd::{load_scenario, solve, LoadOptions, Method, ScalarKind, SolveOptions};

#[test]
fn the_f64_time_cells_agree_with_the_fifty_digit_truth() {
    let dir = set_dir("polytopes");
    let cases = read_truth(&dir);
    assert!(cases.len() >= 20, "{} cases", cases.len());
    let mut failed = Vec::new();
    for truth in &cases {
        let path = dir.join(format!("{}.json", truth.name));
        let s = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::F64)).unwrap();
        let verdict = match solve(
            &s.query(),
            Method::Sat,
            ScalarKind::F64,
            &SolveOptions::default(),
        ) {
            Ok(r) => check_f64(truth, &r),
            Err(e) => Err(e.to_string()),
        };
        if let Err(e) = verdict {
            failed.push(format!("{}: {e}", truth.name));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
