//! Spheres, capsules and triangles under turning motions in the exact
//! scalar (the certified time cells with rounded extents and material
//! witnesses), on scenes whose answers are derived by hand, each answer
//! certified by the referee.

use exactccd::contact::Time;
use exactccd::referee::referee;
use exactccd::scalar::{parse_number, BigRational};
use exactccd::scenario::parse_scenario;
use exactccd::{solve_with_default_method, ContactResult, LoadOptions, ScalarKind, SolveOptions};
use exactccd_oracle::Verdict;

/// The exact answer by the default method and the referee's verdict on it.
fn solved(text: &str) -> (ContactResult, Verdict) {
    let s = parse_scenario(text, None, &LoadOptions::for_scalar(ScalarKind::Exact)).unwrap();
    let query = s.query();
    let (method, r) =
        solve_with_default_method(&query, ScalarKind::Exact, &SolveOptions::default());
    assert_eq!(method.to_string(), "sat");
    let r = r.unwrap();
    let verdict = referee(&query, &r);
    (r, verdict)
}

fn bracket(t: &Time) -> (BigRational, BigRational) {
    match t {
        Time::Enclosure { lower, upper } => (lower.clone(), upper.clone()),
        Time::Exact(x) => {
            let q = x.as_rational().expect("a rational time").clone();
            (q.clone(), q)
        }
        Time::Float(_) => panic!("an exact answer"),
    }
}

/// A sphere of radius 1/2 whose centre starts at (1, 0, 0), beside the
/// face `x = 1/2` of a unit cube at rest: they touch at `t = 0`, decided
/// exactly (the pose at 0 is exact), whatever the spin.
#[test]
fn a_sphere_touching_a_box_at_the_start_is_an_exact_initial_contact() {
    let (r, verdict) = solved(
        r#"{"format": "exactccd/scenario-v1", "interval": ["0", "1"],
        "a": {"shape": {"box": {"half_extents": ["1/2", "1/2", "1/2"]}}},
        "b": {"shape": {"sphere": {"radius": "1/2"}}, "pose": {"translation": ["1", "0", "0"]},
              "motion": {"angular": {"velocity": ["1", "0", "0"], "angular_velocity": ["0", "0", "3"]}}}}"#,
    );
    assert!(r.collides && r.initially_overlapping);
    assert_eq!(
        bracket(r.time.as_ref().unwrap()),
        (
            BigRational::from_integer(0.into()),
            BigRational::from_integer(0.into())
        )
    );
    assert_eq!(verdict, Verdict::Certified);
}

/// A capsule (segment along `z` from -1 to 1, radius 1/4) whose centre
/// moves from (2, 2, 0) at velocity (-1, -1, 0) while turning about `x`
/// at 1 rad per unit time: its segment keeps `x = 2 - t` and, by
/// `t = 5/4`, sweeps `y` across the cube's `|y| <= 1/2` within `|z| <=
/// 1/2`, so the first contact is the capsule's side reaching the face
/// `x = 1/2`: `2 - t - 1/4 = 1/2`, `T = 5/4`.
#[test]
fn a_turning_capsule_meets_a_box_face_at_the_derived_time() {
    let (r, verdict) = solved(
        r#"{"format": "exactccd/scenario-v1", "interval": ["0", "2"],
        "a": {"shape": {"box": {"half_extents": ["1/2", "1/2", "1/2"]}}},
        "b": {"shape": {"capsule": {"a": ["0", "0", "-1"], "b": ["0", "0", "1"], "radius": "1/4"}},
              "pose": {"translation": ["2", "2", "0"]},
              "motion": {"angular": {"velocity": ["-1", "-1", "0"], "angular_velocity": ["1", "0", "0"]}}}}"#,
    );
    let (lo, hi) = bracket(r.time.as_ref().unwrap());
    let t = parse_number("5/4").unwrap();
    assert!(lo <= t && t <= hi, "[{lo}, {hi}]");
    let feature = r.feature.expect("features");
    assert_eq!(
        (feature.a.to_string(), feature.b.to_string()),
        ("face +x".into(), "side".into())
    );
    assert_eq!(verdict, Verdict::Certified);
}

/// Sphere `b` (radius 1) orbits the `z` axis at distance 2 from (2, 0, 0)
/// at 1 rad per unit time; sphere `a` (radius 1) rests at (0, 2, 0), a
/// quarter turn ahead. The centres are `4 sin((pi/2 - t)/2)` apart, which
/// falls to 2 at `pi/2 - t = pi/3`: `T = pi/6`.
#[test]
fn two_spheres_meet_at_pi_over_six() {
    let (r, verdict) = solved(
        r#"{"format": "exactccd/scenario-v1", "interval": ["0", "1"],
        "a": {"shape": {"sphere": {"radius": "1"}}, "pose": {"translation": ["0", "2", "0"]}},
        "b": {"shape": {"sphere": {"radius": "1"}}, "pose": {"translation": ["2", "0", "0"]},
              "motion": {"screw": {"axis_point": ["0", "0", "0"], "axis_direction": ["0", "0", "1"], "angle": "1", "slide": "0"}}}}"#,
    );
    let (lo, hi) = bracket(r.time.as_ref().unwrap());
    // pi/6 to 40 digits
    let t = parse_number("0.5235987755982988730771072305465838140328").unwrap();
    let slack = parse_number("1e-30").unwrap();
    assert!(&lo - &slack <= t && t <= &hi + &slack, "[{lo}, {hi}]");
    assert!(&hi - &lo <= parse_number("1e-18").unwrap());
    assert_eq!(verdict, Verdict::Certified);
}

/// A triangle cut by a corner of a box spun at 62.5 rad per unit time from
/// `t0 = -1/2` (campaign scenario `shape-turning-9-467`), overlapping at
/// `t0` by about 0.0136 (an independent `f64` separating-axis evaluation):
/// only the box's edges meet the triangle, crossing its plane, and the
/// candidate clipped them against the plane given from both sides with a
/// rounded difference that put the two crossing parameters an ulp apart
/// in the wrong order (no candidate, status 3). Now the first cell is
/// proved overlapping: contact at `t0`, certified.
#[test]
fn a_box_corner_through_a_triangle_at_the_start_is_found() {
    use exactccd::generate::{generate, ScenarioClass};
    use exactccd::scenario::write_scenario;
    let s = generate(9, 467, ScenarioClass::ShapeTurning);
    let (r, verdict) = solved(&write_scenario(&s));
    assert!(r.collides && r.initially_overlapping);
    let minus_half = parse_number("-1/2").unwrap();
    assert_eq!(
        bracket(r.time.as_ref().unwrap()),
        (minus_half.clone(), minus_half)
    );
    assert!(!r.contact_intervals.is_empty());
    assert_eq!(verdict, Verdict::Certified);
}
