//! The rounded Minkowski difference method: hand-derived times for a
//! sphere or a capsule against boxes, triangles, spheres, capsules and
//! convex hulls under translation (a face entry, an irrational vertex
//! touch, crossing capsule sides, a separation, a slide at exactly the
//! radius, a touch at `t1`, a miss by `1e-12`), every exact answer
//! certified by the referee, agreement with `distance` on generated shape
//! scenarios, and the pairs it refuses.

mod fast;

use crate::distance::{approx, exact, scenario};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::referee::referee;
use exactccd::{
    parse_scenario, solve, ContactResult, Error, LoadOptions, Method, ScalarKind, SolveOptions,
    Time,
};
use exactccd_oracle::Verdict;
use num_traits::ToPrimitive;

fn try_run(text: &str, method: Method, scalar: ScalarKind) -> Result<ContactResult, Error> {
    let s = parse_scenario(text, None, &LoadOptions::for_scalar(scalar)).expect("valid scenario");
    solve(&s.query(), method, scalar, &SolveOptions::default())
}

/// The exact answer of `minkowski`, checked by the referee, and its `f64`
/// answer within `1e-9` (or both without contact).
fn run(text: &str) -> ContactResult {
    let r = try_run(text, Method::Minkowski, ScalarKind::Exact).expect("an exact answer");
    let s = parse_scenario(text, None, &LoadOptions::for_scalar(ScalarKind::Exact)).unwrap();
    assert_eq!(referee(&s.query(), &r), Verdict::Certified, "{text}");
    let f = try_run(text, Method::Minkowski, ScalarKind::F64).expect("an f64 answer");
    assert_eq!(f.collides, r.collides, "{text}");
    if let (Some(x), Some(y)) = (&r.time, &f.time) {
        assert!((approx(x) - approx(y)).abs() <= 1e-9, "{text}");
    }
    r
}

fn interval(r: &ContactResult) -> Vec<(String, String)> {
    r.contact_intervals
        .iter()
        .map(|(lo, hi)| (exact(lo), exact(hi)))
        .collect()
}

fn features(r: &ContactResult) -> (String, String) {
    let f = r.feature.as_ref().expect("a feature pair");
    (f.a.to_string(), f.b.to_string())
}

const UNIT_SPHERE: &str = r#"{"shape":{"sphere":{"radius":"1"}}}"#;
const UNIT_BOX: &str = r#"{"shape":{"box":{"half_extents":["1","1","1"]}}}"#;

#[test]
fn a_box_closing_on_a_sphere_touches_its_face_at_three_halves() {
    // the box's -x face at x = 5 - 2t - 1 meets the sphere at x = 1 when
    // t = 3/2; its +x face passes x = -1 at t = 7/2, after the interval
    let b = r#"{"shape":{"box":{"half_extents":["1","1","1"]}},"pose":{"translation":["5","0","0"]},"motion":{"linear":{"velocity":["-2","0","0"]}}}"#;
    let r = run(&scenario(r#"["0","3"]"#, "0", UNIT_SPHERE, b));
    assert_eq!(exact(r.time.as_ref().unwrap()), "3/2");
    assert_eq!(interval(&r), [("3/2".to_owned(), "3".to_owned())]);
    assert_eq!(features(&r), ("sphere".to_owned(), "face -x".to_owned()));
    assert_eq!(r.normal, Some([1.0, 0.0, 0.0]));
    assert_eq!(r.point, Some([1.0, 0.0, 0.0]));
    assert!(!r.initially_overlapping);
}

#[test]
fn a_sphere_aimed_at_a_box_corner_touches_at_two_minus_one_over_root_three() {
    // the centre (3,3,3) - t (1,1,1) is (2 - t) sqrt 3 from the corner
    // (1,1,1): within 1 when 3 (2 - t)^2 = 1, t = 2 - 1/sqrt 3
    let a = r#"{"shape":{"sphere":{"radius":"1"}},"pose":{"translation":["3","3","3"]},"motion":{"linear":{"velocity":["-1","-1","-1"]}}}"#;
    let r = run(&scenario(r#"["0","4"]"#, "0", a, UNIT_BOX));
    let Some(Time::Exact(t)) = &r.time else {
        panic!("an exact time")
    };
    assert!(t.as_rational().is_none());
    let truth = 2.0 - 1.0 / 3f64.sqrt();
    let (lo, hi) = t.bracket(64);
    let (lo, hi) = (lo.to_f64().unwrap(), hi.to_f64().unwrap());
    assert!(lo <= truth + 1e-15 && truth - 1e-15 <= hi);
    // 3 t^2 - 12 t + 11, up to a constant factor
    let p: Vec<i64> = t
        .polynomial()
        .coeffs()
        .iter()
        .map(|c| i64::try_from(c.clone()).expect("small"))
        .collect();
    assert_eq!(p.len(), 3);
    assert_eq!([p[0] * 3, p[1] * 3], [p[2] * 11, p[2] * -12]);
    assert_eq!(
        features(&r),
        ("sphere".to_owned(), "vertex (+,+,+)".to_owned())
    );
}

#[test]
fn crossing_capsules_touch_side_to_side() {
    // a along x at z = 0, b along y at z = 3 - t; radii 1/2 each: the
    // axes are 1 apart at t = 2, and b passes through until z = -1, t = 4
    let a = r#"{"shape":{"capsule":{"a":["-1","0","0"],"b":["1","0","0"],"radius":"1/2"}}}"#;
    let b = r#"{"shape":{"capsule":{"a":["0","-1","0"],"b":["0","1","0"],"radius":"1/2"}},"pose":{"translation":["0","0","3"]},"motion":{"linear":{"velocity":["0","0","-1"]}}}"#;
    let r = run(&scenario(r#"["0","5"]"#, "0", a, b));
    assert_eq!(interval(&r), [("2".to_owned(), "4".to_owned())]);
    assert_eq!(features(&r), ("side".to_owned(), "side".to_owned()));
    assert_eq!(r.normal, Some([0.0, 0.0, 1.0]));
    assert_eq!(r.point, Some([0.0, 0.0, 0.5]));
}

#[test]
fn spheres_within_a_separation_of_a_quarter() {
    // centres 10 - 2t apart, radii 1: within 2 + 1/4 at t = 31/8
    let b = r#"{"shape":{"sphere":{"radius":"1"}},"pose":{"translation":["10","0","0"]},"motion":{"linear":{"velocity":["-2","0","0"]}}}"#;
    let r = run(&scenario(r#"["0","4"]"#, "1/4", UNIT_SPHERE, b));
    assert_eq!(exact(r.time.as_ref().unwrap()), "31/8");
    assert_eq!(interval(&r), [("31/8".to_owned(), "4".to_owned())]);
}

#[test]
fn a_sphere_sliding_over_a_face_at_exactly_its_radius() {
    // the centre (-5 + 2t, 0, 2) is exactly 1 above the box's top face
    // while its x is in [-1, 1], t in [2, 3], and farther outside it
    let a = r#"{"shape":{"sphere":{"radius":"1"}},"pose":{"translation":["-5","0","2"]},"motion":{"linear":{"velocity":["2","0","0"]}}}"#;
    let r = run(&scenario(r#"["0","5"]"#, "0", a, UNIT_BOX));
    assert_eq!(interval(&r), [("2".to_owned(), "3".to_owned())]);
    // 1e-12 higher: no contact
    let above = r#"{"shape":{"sphere":{"radius":"1"}},"pose":{"translation":["-5","0","2.000000000001"]},"motion":{"linear":{"velocity":["2","0","0"]}}}"#;
    let r = run(&scenario(r#"["0","5"]"#, "0", above, UNIT_BOX));
    assert!(!r.collides && r.time.is_none() && r.contact_intervals.is_empty());
}

#[test]
fn a_capsule_reaching_a_triangle_at_the_end_of_the_interval() {
    // the triangle in z = 0; the capsule's lower end (0.2, 0.2, 3 - t/2)
    // with radius 1/2 reaches it when 3 - t/2 = 1/2, t = 5 = t1
    let tri = r#"{"shape":{"triangle":[["0","0","0"],["2","0","0"],["0","2","0"]]}}"#;
    let cap = r#"{"shape":{"capsule":{"a":["1/5","1/5","3"],"b":["1/5","1/5","4"],"radius":"1/2"}},"motion":{"linear":{"velocity":["0","0","-1/2"]}}}"#;
    let r = run(&scenario(r#"["0","5"]"#, "0", tri, cap));
    assert_eq!(interval(&r), [("5".to_owned(), "5".to_owned())]);
    assert_eq!(features(&r), ("face +".to_owned(), "cap a".to_owned()));
}

#[test]
fn a_sphere_inside_a_hull_overlaps_from_the_start() {
    let hull = r#"{"shape":{"convex":{"points":[["-2","-2","-2"],["3","0","0"],["0","3","0"],["0","0","3"],["0","0","0"]]}}}"#;
    let ball =
        r#"{"shape":{"sphere":{"radius":"1/10"}},"motion":{"linear":{"velocity":["1","0","0"]}}}"#;
    // the centre (t, 0, 0) stays inside the hull (x + y + z <= 3) for
    // t <= 2: in contact over the whole interval, from the start
    let r = run(&scenario(r#"["0","2"]"#, "0", hull, ball));
    assert!(r.initially_overlapping);
    assert_eq!(interval(&r), [("0".to_owned(), "2".to_owned())]);
}

/// Both exact methods for rounded shapes give the same first contact and
/// contact intervals on generated shape scenarios where `minkowski`
/// applies.
#[test]
fn minkowski_and_distance_agree_on_generated_shape_scenarios() {
    let mut compared = 0;
    for class in [
        ScenarioClass::ShapeLinear,
        ScenarioClass::ShapeTouch,
        ScenarioClass::ShapeGraze,
        ScenarioClass::ShapeNearMiss,
        ScenarioClass::ShapeAtStart,
        ScenarioClass::ShapeAtEnd,
    ] {
        for index in 0..40 {
            let s = generate(2026, index, class);
            let q = s.query();
            let options = SolveOptions {
                certify: false,
                ..SolveOptions::default()
            };
            let Ok(m) = solve(&q, Method::Minkowski, ScalarKind::Exact, &options) else {
                continue;
            };
            let d = solve(&q, Method::Distance, ScalarKind::Exact, &options).expect("distance");
            let name = s.name.clone().unwrap_or_default();
            assert_eq!(m.collides, d.collides, "{name}");
            assert_eq!(m.time, d.time, "{name}");
            assert_eq!(m.contact_intervals, d.contact_intervals, "{name}");
            compared += 1;
        }
    }
    assert!(compared >= 100, "{compared} compared");
}

#[test]
fn boxes_meshes_and_rotating_motions_are_refused() {
    let box_b =
        r#"{"shape":{"box":{"half_extents":["1","1","1"]}},"pose":{"translation":["5","0","0"]}}"#;
    let e = try_run(
        &scenario(r#"["0","1"]"#, "1/2", UNIT_BOX, box_b),
        Method::Minkowski,
        ScalarKind::Exact,
    )
    .unwrap_err();
    assert!(e.is_not_applicable() && e.to_string().contains("sphere or a capsule"));
    let spinning = r#"{"shape":{"sphere":{"radius":"1"}},"motion":{"angular":{"velocity":["0","0","0"],"angular_velocity":["0","0","1"]}}}"#;
    let e = try_run(
        &scenario(r#"["0","1"]"#, "0", spinning, box_b),
        Method::Minkowski,
        ScalarKind::F64,
    )
    .unwrap_err();
    assert!(e.is_not_applicable() && e.to_string().contains("angular"));
}

#[test]
fn minkowski_is_the_default_for_a_sphere_or_capsule_under_translation() {
    let closing = r#"{"shape":{"box":{"half_extents":["1","1","1"]}},"pose":{"translation":["5","0","0"]},"motion":{"linear":{"velocity":["-2","0","0"]}}}"#;
    let turning = r#"{"shape":{"box":{"half_extents":["1","1","1"]}},"motion":{"rational":{"quaternion":["1","0","0",["0","1"]],"translation":[["5","-2"],"0","0"]}}}"#;
    let hull = r#"{"shape":{"convex":{"points":[["0","0","0"],["1","0","0"],["0","1","0"],["0","0","1"]]}}}"#;
    for (a, b, method) in [
        (UNIT_SPHERE, closing, Method::Minkowski),
        (UNIT_SPHERE, turning, Method::Distance),
        (hull, closing, Method::Distance),
    ] {
        let text = scenario(r#"["0","1"]"#, "0", a, b);
        let s = parse_scenario(&text, None, &LoadOptions::default()).expect("valid scenario");
        assert_eq!(exactccd::default_method(&s.query()), method, "{text}");
    }
}
