//! Two boxes under `screw` and `poses` motions: intervals not starting at
//! 0 (a screw's angle is `theta t` in the absolute time), 10 to 40 radians
//! per unit time, slides, relative rotations near and exactly a half turn
//! (the exact ones symmetric, so that the axis sign does not matter), both
//! bodies moving; and `angular` spins about off-centre points. Truth:
//! `tests/reference/screw_truth.py` (GJK distances of the boxes in mpmath,
//! certified subdivision, bisection on the sign of the separating-axis gap).

use super::support::assert_set_agrees;

#[test]
#[ignore = "screw at t0 != 0, many turns, slides, a moving other body, half turns with a slide and f64 general screws are not applicable yet; angular f64 is 1e-3 off"]
fn screws_poses_and_spins_agree_with_the_fifty_digit_truth() {
    assert_set_agrees("screw", 40);
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
