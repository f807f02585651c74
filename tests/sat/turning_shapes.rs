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

/// A box of half extents 1/4 spinning about `x` (7 rad per unit time)
/// while its centre moves from `(-5, 0, 0)` at velocity `(10, 0, 0)`,
/// through a mesh at rest: the cube `[-2, 2]^3` less the notch `x, y > 1`
/// (non-convex, so its pieces are solved pair by pair). The box's `x`
/// range `-5 + 10 t ± 1/4` meets `[-2, 2]` exactly on `[11/40, 29/40]`
/// (its cross-section stays within `sqrt 2 / 4` of the axis, far from the
/// notch). Between `13/40` and `27/40` it lies inside without touching
/// the surface: the pairs of pieces see two surface contacts, and the
/// nesting between them (decided at an enclosed placement) joins them
/// into the one interval.
#[test]
fn a_box_through_a_notched_cube_mesh_is_one_contact_interval_across_the_nesting() {
    let ring = ["-2, -2", "2, -2", "2, 1", "1, 1", "1, 2", "-2, 2"];
    let mut vertices = Vec::new();
    for z in ["-2", "2"] {
        for xy in ring {
            let xy: Vec<&str> = xy.split(", ").collect();
            vertices.push(format!(r#"["{}", "{}", "{z}"]"#, xy[0], xy[1]));
        }
    }
    // the top counter-clockwise from above, the bottom reversed, the sides
    let mut faces = vec![
        "[6, 7, 8, 9, 10, 11]".to_string(),
        "[5, 4, 3, 2, 1, 0]".to_string(),
    ];
    for k in 0..6 {
        let k1 = (k + 1) % 6;
        faces.push(format!("[{k}, {k1}, {}, {}]", 6 + k1, 6 + k));
    }
    let text = format!(
        r#"{{"format": "exactccd/scenario-v1",
            "a": {{"shape": {{"mesh": {{"vertices": [{}], "faces": [{}]}}}}}},
            "b": {{"shape": {{"box": {{"half_extents": ["1/4", "1/4", "1/4"]}}}},
                  "pose": {{"translation": ["-5", "0", "0"]}},
                  "motion": {{"angular": {{"velocity": ["10", "0", "0"], "angular_velocity": ["7", "0", "0"]}}}}}}}}"#,
        vertices.join(", "),
        faces.join(", ")
    );
    let (r, verdict) = solved(&text);
    assert!(r.collides && !r.initially_overlapping);
    assert_eq!(verdict, Verdict::Certified, "{verdict:?}");
    let [(from, to)] = r.contact_intervals.as_slice() else {
        panic!("one interval: {:?}", r.contact_intervals)
    };
    let q = |s: &str| parse_number(s).unwrap();
    for (t, want) in [(from, q("11/40")), (to, q("29/40"))] {
        let (lo, hi) = bracket(t);
        assert!(lo <= want && want <= hi, "{t:?} misses {want}");
        assert!(
            &hi - &lo <= q("1/1152921504606846976"),
            "{t:?} wider than 2^-60"
        );
    }
    let (lo, hi) = bracket(r.time.as_ref().unwrap());
    assert!(lo <= q("11/40") && q("11/40") <= hi);
}
