//! Two boxes under `screw` and `poses` motions: intervals not starting at
//! 0 (a screw's angle is `theta t` in the absolute time), 10 to 40 radians
//! per unit time, slides, relative rotations near and exactly a half turn
//! (the exact ones symmetric, so that the axis sign does not matter), both
//! bodies moving; and `angular` spins about off-centre points. Truth:
//! `tests/reference/screw_truth.py` (GJK distances of the boxes in mpmath,
//! certified subdivision, bisection on the sign of the separating-axis gap).

use super::support::assert_set_agrees;

#[test]
fn screws_poses_and_spins_agree_with_the_fifty_digit_truth() {
    assert_set_agrees("screw", 40);
}

/// Two boxes, both under fast general screws on `[1/2, 2]`: the time cells
/// once stopped at `t = 1.7612` (a contact they could not resolve to the
/// precision, long after the first contact at `0.55257...`) and answered
/// the first contact alone. With the separating axes that turn with the
/// boxes they resolve it: the bracket meets the 50-digit truth and is at
/// most `2^-64` wide, and the contact intervals agree end by end with
/// glide's event cells, an independent method; the referee certifies the
/// answer.
#[test]
fn a_contact_the_cells_once_stopped_at_is_resolved() {
    use super::support::{check_exact, read_truth, set_dir};
    use exactccd::referee::referee;
    use exactccd::{load_scenario, solve, LoadOptions, Method, ScalarKind, SolveOptions, Time};
    let dir = set_dir("screw");
    let truth = read_truth(&dir)
        .into_iter()
        .find(|t| t.name == "screw-both-24")
        .unwrap();
    let s = load_scenario(
        &dir.join("screw-both-24.json"),
        &LoadOptions::for_scalar(ScalarKind::Exact),
    )
    .unwrap();
    let options = SolveOptions::default();
    let r = solve(&s.query(), Method::Sat, ScalarKind::Exact, &options).unwrap();
    check_exact(&truth, &r).unwrap();
    assert_eq!(referee(&s.query(), &r), exactccd_oracle::Verdict::Certified);
    let glide = solve(&s.query(), Method::Glide, ScalarKind::Exact, &options).unwrap();
    let bracket = |t: &Time| match t {
        Time::Enclosure { lower, upper } => (lower.clone(), upper.clone()),
        Time::Exact(x) => x.bracket(64),
        Time::Float(_) => panic!("an exact time"),
    };
    let overlap = |x: &Time, y: &Time| {
        let ((a, b), (c, d)) = (bracket(x), bracket(y));
        a <= d && c <= b
    };
    assert!(!r.contact_intervals.is_empty());
    assert_eq!(r.contact_intervals.len(), glide.contact_intervals.len());
    for (x, y) in r.contact_intervals.iter().zip(&glide.contact_intervals) {
        assert!(
            overlap(&x.0, &y.0) && overlap(&x.1, &y.1),
            "{x:?} against {y:?}"
        );
    }
}

/// `--method sat --scalar f64` (the `f64` time cells) on every scenario of
/// the set: two boxes, each within `1e-9 max(1, |T|)` of the 50-digit
/// truth with the same `collides` and `initially_overlapping`; a contact
/// of zero length (`touch`) may be missed, or refused as a graze by the
/// evaluation limit (status 3), never misplaced.
#[test]
fn the_f64_time_cells_agree_with_the_fifty_digit_truth() {
    use super::support::{check_f64, read_truth, set_dir};
    use exactccd::{load_scenario, solve, LoadOptions, Method, ScalarKind, SolveOptions};
    let dir = set_dir("screw");
    let cases = read_truth(&dir);
    assert!(cases.len() >= 40, "{} cases", cases.len());
    let mut failed = Vec::new();
    let mut answered = 0;
    for truth in &cases {
        let path = dir.join(format!("{}.json", truth.name));
        let s = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::F64)).unwrap();
        let verdict = match solve(
            &s.query(),
            Method::Sat,
            ScalarKind::F64,
            &SolveOptions::default(),
        ) {
            Ok(r) => {
                answered += 1;
                check_f64(truth, &r)
            }
            Err(e) if truth.touch && e.is_limit_exceeded() => Ok(()),
            Err(e) => Err(e.to_string()),
        };
        if let Err(e) = verdict {
            failed.push(format!("{}: {e}", truth.name));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert!(answered + 6 >= cases.len(), "{answered} answered");
}

/// The `f64` answers under turning motions give the features, normal and
/// point of the first contact (the two boxes placed at the `f64` time and
/// classified as in the linear path: Eberly's Tables 2 and 7): on every
/// colliding scenario of the `screw` and `angular` sets (two boxes under
/// `screw`, `poses` (both bodies too, placed by their relative motion),
/// `angular` centred and off-centre) they name the exact answer's
/// features, and the normal and the point are within `1e-9` of the exact
/// answer's.
#[test]
fn the_f64_contacts_under_turning_motions_name_the_exact_features() {
    use super::support::{set_dir, solve_default};
    use exactccd::ScalarKind;
    let mut compared = 0;
    for set in ["screw", "angular"] {
        let dir = set_dir(set);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| {
                let name = e.unwrap().file_name().into_string().unwrap();
                let stem = name.strip_suffix(".json")?.to_string();
                (stem != "truth").then_some(stem)
            })
            .collect();
        names.sort();
        for name in &names {
            let exact = solve_default(&dir, name, ScalarKind::Exact).unwrap();
            if !exact.collides || exact.initially_overlapping {
                continue;
            }
            let float = solve_default(&dir, name, ScalarKind::F64).unwrap();
            assert!(exact.feature.is_some(), "{name}: exact features");
            assert_eq!(float.feature, exact.feature, "{name}: features");
            let near = |x: Option<[f64; 3]>, y: Option<[f64; 3]>, what: &str| {
                let (x, y) = (x.expect(what), y.expect(what));
                let gap = (0..3).map(|k| (x[k] - y[k]).abs()).fold(0.0, f64::max);
                assert!(gap <= 1e-9, "{name}: {what} {x:?} against {y:?}");
            };
            near(float.normal, exact.normal, "normal");
            near(float.point, exact.point, "point");
            compared += 1;
        }
    }
    assert!(compared >= 70, "{compared} compared");
}
