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

/// The second method for spheres and capsules under translation,
/// `minkowski` (the rounded Minkowski difference), on every scenario of
/// the set it takes: the same 50-digit truth in both scalars, and every
/// exact answer certified by the referee.
#[test]
fn the_minkowski_method_agrees_with_the_truth_and_is_certified_where_it_applies() {
    use exactccd::referee::referee;
    use exactccd::scenario::load_scenario;
    use exactccd::{LoadOptions, Method, ScalarKind};
    use exactccd_oracle::Verdict;
    let dir = super::support::set_dir("shapes");
    let mut failed = Vec::new();
    let mut taken = 0;
    for t in super::support::read_truth(&dir) {
        for scalar in [ScalarKind::Exact, ScalarKind::F64] {
            let answer = super::support::solve_method(&dir, &t.name, Method::Minkowski, scalar);
            let result = match answer {
                Ok(Some(r)) => r,
                Ok(None) => continue,
                Err(e) => {
                    failed.push(format!("{}: {e}", t.name));
                    continue;
                }
            };
            let checked = match scalar {
                ScalarKind::Exact => super::support::check_exact(&t, &result).and_then(|()| {
                    let path = dir.join(format!("{}.json", t.name));
                    let s = load_scenario(&path, &LoadOptions::for_scalar(scalar))
                        .expect("the scenario loads");
                    match referee(&s.query(), &result) {
                        Verdict::Certified => Ok(()),
                        v => Err(format!("referee: {v:?}")),
                    }
                }),
                ScalarKind::F64 => super::support::check_f64(&t, &result),
            };
            if let Err(e) = checked {
                failed.push(format!("{} ({scalar:?}): {e}", t.name));
            }
            taken += 1;
        }
    }
    // the set's sphere and capsule pairs under static and linear motion
    assert!(taken >= 40, "{taken} answers");
    assert!(failed.is_empty(), "{failed:#?}");
}
