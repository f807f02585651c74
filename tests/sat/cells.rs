//! Certified time cells against an independent reference: two boxes under
//! `angular` (centred and off-centre, fast spins, intervals not starting at
//! 0), `screw` (many turns, slides) and `poses` (near a half turn), with
//! first contact times computed to 50 digits by mpmath
//! (`tests/reference/angular_truth.py`, which shares nothing with the
//! solver). Every exact bracket must hold the truth (within 1e-12) and be
//! at most `2^-64 max(1, |T|)` wide.

use exactccd::scalar::{parse_number, BigRational};
use exactccd::{load_scenario, solve, LoadOptions, Method, ScalarKind, SolveOptions, Time};
use num_traits::Signed;
use std::path::Path;

fn reference_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference/angular")
}

fn truth() -> Vec<(String, Option<BigRational>)> {
    let text = std::fs::read_to_string(reference_dir().join("truth.json")).expect("truth.json");
    let map: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&text).expect("a JSON object");
    map.into_iter()
        .map(|(name, t)| {
            let t = t.as_str().map(|s| parse_number(s).expect("a decimal"));
            (name, t)
        })
        .collect()
}

fn bracket(time: &Time) -> (BigRational, BigRational) {
    match time {
        Time::Enclosure { lower, upper } => (lower.clone(), upper.clone()),
        Time::Exact(t) => {
            let q = t
                .as_rational()
                .expect("an exact time is a rational t0 here")
                .clone();
            (q.clone(), q)
        }
        Time::Float(_) => panic!("an exact answer"),
    }
}

#[test]
fn brackets_hold_the_fifty_digit_truth_and_are_narrow() {
    let cases = truth();
    assert!(cases.len() >= 30, "{} cases", cases.len());
    let slack = parse_number("1e-12").unwrap();
    let one = BigRational::from_integer(1.into());
    let two64 = BigRational::from_integer(num_bigint::BigInt::from(1) << 64u32);
    let mut contacts = 0;
    for (name, expected) in cases {
        let path = reference_dir().join(format!("{name}.json"));
        let scenario = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::Exact))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let result = solve(
            &scenario.query(),
            Method::Sat,
            ScalarKind::Exact,
            &SolveOptions::default(),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        match (&expected, &result.time) {
            (None, None) => assert!(!result.collides, "{name}"),
            (Some(t), Some(time)) => {
                contacts += 1;
                let (lo, hi) = bracket(time);
                assert!(
                    &lo - &slack <= *t && *t <= &hi + &slack,
                    "{name}: [{lo}, {hi}] misses {t}"
                );
                let width = &hi - &lo;
                let allowed = one.clone().max(t.abs()) / &two64;
                assert!(width <= allowed, "{name}: {width} wide");
                assert!(!result.initially_overlapping, "{name}");
                assert!(!result.contact_intervals.is_empty(), "{name}");
            }
            (e, r) => panic!("{name}: expected {e:?}, solved {r:?}"),
        }
    }
    assert!(contacts >= 25, "{contacts} contacts");
}

/// A former finding of the glide campaign: `b` starts on a screw touching
/// `a` (its rotation `3/5, 4/5` is not dyadic, so the interval placements
/// at `t0 = 0` are not exact). The time cells must decide the touch at
/// `t0` from the exact poses, as glide does: contact at exactly `0`,
/// overlapping at the start (once they answered the bracket `[0, 2^-69]`
/// with `initially_overlapping: false`).
#[test]
fn a_touch_at_t0_under_a_screw_is_decided_exactly() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cells_findings/spin-2026-142.json");
    let s = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::Exact)).unwrap();
    for method in [Method::Sat, Method::Glide] {
        let r = solve(
            &s.query(),
            method,
            ScalarKind::Exact,
            &SolveOptions::default(),
        )
        .unwrap();
        assert!(r.initially_overlapping, "{method:?}");
        assert_eq!(
            bracket(r.time.as_ref().unwrap()),
            (
                BigRational::from_integer(0.into()),
                BigRational::from_integer(0.into())
            ),
            "{method:?}"
        );
    }
}

/// The `f64` time-cell search (`solve_box_cells_f64`) against the same
/// 50-digit truth: the same contact or none, within `1e-9` (relative to
/// `max(1, |T|)`), and not late past the truth by more than that.
#[test]
fn f64_cells_are_within_1e_9_of_the_fifty_digit_truth() {
    use exactccd::scalar::rational_to_f64;
    use exactccd::solver::sat::cells::solve_box_cells_f64;
    let mut contacts = 0;
    for (name, expected) in truth() {
        let path = reference_dir().join(format!("{name}.json"));
        let s = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::Exact)).unwrap();
        let (t0, t1) = s.interval.clone();
        let out =
            solve_box_cells_f64(s.a(), s.b(), (&t0, &t1)).unwrap_or_else(|e| panic!("{name}: {e}"));
        match (&expected, out.first_contact) {
            (None, None) => assert!(!out.collides, "{name}"),
            (Some(t), Some(found)) => {
                contacts += 1;
                let truth = rational_to_f64(t);
                let error = (found - truth).abs();
                assert!(
                    error <= 1e-9 * truth.abs().max(1.0),
                    "{name}: {found} against {truth} ({error:e} off)"
                );
                assert!(!out.initially_overlapping, "{name}");
            }
            (e, r) => panic!("{name}: expected {e:?}, found {r:?}"),
        }
    }
    assert!(contacts >= 25, "{contacts} contacts");
}
