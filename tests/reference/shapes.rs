//! Spheres, capsules (degenerate ones too), convex hulls (with interior and
//! duplicate points), boxes and triangles, and primitive vertex-face and
//! edge-edge queries, all with a minimum `separation`, under static,
//! linear, rational and piecewise motions: designed entries at rational
//! times, tangential touches at exactly `d`, near misses `1e-9` above `d`,
//! touches at `t0` and `t1`, a capsule parallel to a face, and free
//! rotations with irrational times. Truth: `tests/reference/shapes_truth.py`
//! (GJK distances of the convex cores in mpmath, certified subdivision;
//! rational times confirmed exactly in fractions).

use super::support::assert_set_agrees;

#[test]
fn new_shapes_and_separation_agree_with_the_fifty_digit_truth() {
    assert_set_agrees("shapes", 80);
}

/// Every exact answer of the set (bodies and primitive queries, piecewise
/// motions included) carries a certificate the referee certifies: the
/// distance method's and the primitive solver's certificates (cores,
/// radii, separation), built independently of the 50-digit truth above.
#[test]
fn every_exact_answer_of_the_shapes_set_is_certified_by_the_referee() {
    use exactccd::contact::ScalarKind;
    use exactccd::referee::referee;
    use exactccd::scenario::{load_scenario, LoadOptions};
    use exactccd_oracle::Verdict;
    let dir = super::support::set_dir("shapes");
    let truth = super::support::read_truth(&dir);
    assert!(truth.len() >= 110, "{} entries", truth.len());
    let mut not_certified = Vec::new();
    for t in &truth {
        let path = dir.join(format!("{}.json", t.name));
        let scenario = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::Exact))
            .expect("the scenario loads");
        let result =
            super::support::solve_default(&dir, &t.name, ScalarKind::Exact).expect("an answer");
        let verdict = referee(&scenario.query(), &result);
        if verdict != Verdict::Certified {
            not_certified.push(format!("{}: {verdict:?}", t.name));
        }
    }
    assert!(not_certified.is_empty(), "{not_certified:#?}");
}
