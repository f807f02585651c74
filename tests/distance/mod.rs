//! The feature-pair distance method: hand-derived times for spheres,
//! capsules, boxes and convex hulls with and without a separation, grazes,
//! overlap at `t0`, agreement with `sgm` at separation 0, `f64` against
//! exact, and malformed input.

use exactccd::{parse_scenario, solve, LoadOptions, Method, ScalarKind, SolveOptions, Time};

fn run(text: &str, method: Option<Method>, scalar: ScalarKind) -> exactccd::ContactResult {
    let s = parse_scenario(text, None, &LoadOptions::for_scalar(scalar)).expect("valid scenario");
    let q = s.query();
    // these tests are of `distance`, also where `minkowski` is the default
    let m = method.unwrap_or(Method::Distance);
    solve(&q, m, scalar, &SolveOptions::default()).expect("an answer")
}

/// The exact and the `f64` answers of the default method, which must be
/// `distance`; the exact one certified by the referee.
pub(crate) fn certified_and_f64(text: &str) -> (exactccd::ContactResult, exactccd::ContactResult) {
    let run = |scalar| {
        let s = parse_scenario(text, None, &LoadOptions::for_scalar(scalar)).expect("valid");
        let q = s.query();
        assert_eq!(exactccd::default_method(&q), Method::Distance);
        let r = solve(&q, Method::Distance, scalar, &SolveOptions::default()).expect("an answer");
        if scalar == ScalarKind::Exact {
            let verdict = exactccd::referee::referee(&q, &r);
            assert_eq!(verdict, exactccd_oracle::Verdict::Certified, "{text}");
        }
        r
    };
    (run(ScalarKind::Exact), run(ScalarKind::F64))
}

pub(crate) fn exact(t: &Time) -> String {
    let Time::Exact(r) = t else {
        panic!("an exact time")
    };
    r.as_rational().map(|q| q.to_string()).unwrap_or_default()
}

/// The coefficients of an exact time's polynomial, from degree 0.
pub(crate) fn coefficients(t: &exactccd::poly::RealAlgebraic) -> Vec<String> {
    t.polynomial()
        .coeffs()
        .iter()
        .map(|c| c.to_string())
        .collect()
}

pub(crate) fn approx(t: &Time) -> f64 {
    match t {
        Time::Exact(r) => r.to_f64(),
        Time::Float(x) => *x,
        Time::Enclosure { .. } => panic!("not an enclosure"),
    }
}

pub(crate) fn scenario(interval: &str, separation: &str, a: &str, b: &str) -> String {
    format!(
        r#"{{"format":"exactccd/scenario-v1","interval":{interval},"separation":"{separation}","a":{a},"b":{b}}}"#
    )
}

const UNIT_SPHERE: &str = r#"{"shape":{"sphere":{"radius":"1"}}}"#;
const CLOSING_SPHERE: &str = r#"{"shape":{"sphere":{"radius":"1"}},"pose":{"translation":["5","0","0"]},"motion":{"linear":{"velocity":["-2","0","0"]}}}"#;

#[test]
fn spheres_closing_at_speed_two() {
    // centres 5 - 2t apart: within 2 + d when t >= (3 - d) / 2, apart
    // again after the centres cross, when 2t - 5 >= 2 + d
    let r = run(
        &scenario(r#"["0","4"]"#, "0", UNIT_SPHERE, CLOSING_SPHERE),
        None,
        ScalarKind::Exact,
    );
    assert_eq!(exact(r.time.as_ref().unwrap()), "3/2");
    assert_eq!(r.contact_intervals.len(), 1);
    assert_eq!(exact(&r.contact_intervals[0].1), "7/2");
    assert_eq!(
        r.feature.map(|f| f.a.to_string()),
        Some("sphere".to_owned())
    );
    assert_eq!(r.normal, Some([1.0, 0.0, 0.0]));
    assert_eq!(r.point, Some([1.0, 0.0, 0.0]));
    let r = run(
        &scenario(r#"["0","4"]"#, "1/2", UNIT_SPHERE, CLOSING_SPHERE),
        None,
        ScalarKind::Exact,
    );
    assert_eq!(exact(r.time.as_ref().unwrap()), "5/4");
    assert_eq!(exact(&r.contact_intervals[0].1), "15/4");
    let f = run(
        &scenario(r#"["0","4"]"#, "1/2", UNIT_SPHERE, CLOSING_SPHERE),
        None,
        ScalarKind::F64,
    );
    assert!((approx(f.time.as_ref().unwrap()) - 1.25).abs() < 1e-9);
}

#[test]
fn sphere_hits_a_box_edge_at_an_irrational_time() {
    // centre (3 - 2t, 3/2, 0), box edge x = y = 1: (2 - 2t)^2 + 1/4 = 1,
    // 16 t^2 - 32 t + 13 = 0, t = 1 - sqrt(3)/4
    let a = r#"{"shape":{"box":{"half_extents":["1","1","1"]}}}"#;
    let b = r#"{"shape":{"sphere":{"radius":"1"}},"pose":{"translation":["3","3/2","0"]},"motion":{"linear":{"velocity":["-2","0","0"]}}}"#;
    let text = scenario(r#"["0","1"]"#, "0", a, b);
    let r = run(&text, None, ScalarKind::Exact);
    let Some(Time::Exact(t)) = &r.time else {
        panic!("exact")
    };
    assert!(t.as_rational().is_none());
    assert_eq!(coefficients(t), ["13", "-32", "16"]);
    let want = 1.0 - 3f64.sqrt() / 4.0;
    assert!((t.to_f64() - want).abs() < 1e-15);
    let f = run(&text, None, ScalarKind::F64);
    assert!((approx(f.time.as_ref().unwrap()) - want).abs() < 1e-9);
    let feature = r.feature.unwrap();
    assert_eq!(feature.a.to_string(), "edge (+,+,*)");
    assert_eq!(feature.b.to_string(), "sphere");
}

#[test]
fn graze_at_exactly_the_separation_is_an_instant() {
    // centres pass 3 apart: distance 1 at t = 1/2 only
    let b = r#"{"shape":{"sphere":{"radius":"1"}},"pose":{"translation":["-5","3","0"]},"motion":{"linear":{"velocity":["10","0","0"]}}}"#;
    let r = run(
        &scenario(r#"["0","1"]"#, "1", UNIT_SPHERE, b),
        None,
        ScalarKind::Exact,
    );
    assert_eq!(exact(r.time.as_ref().unwrap()), "1/2");
    assert_eq!(r.contact_intervals.len(), 1);
    assert_eq!(exact(&r.contact_intervals[0].1), "1/2");
    let miss = run(
        &scenario(r#"["0","1"]"#, "99/100", UNIT_SPHERE, b),
        None,
        ScalarKind::Exact,
    );
    assert!(!miss.collides);
}

#[test]
fn sphere_deep_inside_a_box_overlaps_from_t0() {
    let a = r#"{"shape":{"box":{"half_extents":["10","10","10"]}}}"#;
    let b = r#"{"shape":{"sphere":{"radius":"1"}},"motion":{"linear":{"velocity":["1","0","0"]}}}"#;
    let r = run(
        &scenario(r#"["0","1"]"#, "0", a, b),
        None,
        ScalarKind::Exact,
    );
    assert!(r.initially_overlapping);
    assert_eq!(exact(&r.contact_intervals[0].0), "0");
    assert_eq!(exact(&r.contact_intervals[0].1), "1");
}

const ROTATED_BOX: &str = r#"{"shape":{"box":{"half_extents":["1","1","1"]}},"pose":{"quaternion":["1","2","3","4"],"translation":["10","0","0"]},"motion":{"linear":{"velocity":["-20","1","0"]}}}"#;

#[test]
fn boxes_at_separation_zero_agree_with_sgm_and_hulls_with_boxes() {
    let unit = r#"{"shape":{"box":{"half_extents":["1","1","1"]}}}"#;
    let text = scenario(r#"["0","1"]"#, "0", unit, ROTATED_BOX);
    let sgm = run(&text, Some(Method::Sgm), ScalarKind::Exact);
    let dist = run(&text, Some(Method::Distance), ScalarKind::Exact);
    assert_eq!(exact(sgm.time.as_ref().unwrap()), "28/75");
    assert_eq!(dist.time, sgm.time);
    assert_eq!(dist.contact_intervals, sgm.contact_intervals);
    assert_eq!(dist.feature, sgm.feature);
    // the same box as a hull of its corners, an interior point, a duplicate
    let hull = r#"{"shape":{"convex":{"points":[[-1,-1,-1],[1,-1,-1],[-1,1,-1],[1,1,-1],[-1,-1,1],[1,-1,1],[-1,1,1],[1,1,1],[0,0,0],[1,1,1],[1,0,0]]}}}"#;
    let h = run(
        &scenario(r#"["0","1"]"#, "0", hull, ROTATED_BOX),
        None,
        ScalarKind::Exact,
    );
    assert_eq!(h.time, sgm.time);
    assert_eq!(h.contact_intervals, sgm.contact_intervals);
    assert_eq!(h.feature.map(|f| f.kind), sgm.feature.map(|f| f.kind));
}

#[test]
fn degenerate_capsule_is_a_sphere_and_a_capsule_meets_a_box_face_side_on() {
    let cap = r#"{"shape":{"capsule":{"a":[0,0,0],"b":[0,0,0],"radius":"1"}},"pose":{"translation":["5","0","0"]},"motion":{"linear":{"velocity":["-2","0","0"]}}}"#;
    let r = run(
        &scenario(r#"["0","4"]"#, "0", UNIT_SPHERE, cap),
        None,
        ScalarKind::Exact,
    );
    assert_eq!(exact(r.time.as_ref().unwrap()), "3/2");
    assert_eq!(r.feature.map(|f| f.b.to_string()), Some("cap a".to_owned()));
    // a capsule parallel to the box face +x, axis from y = -1/2 to 1/2 at
    // x = 4 - 2t: touches when 4 - 2t - 1/2 = 1, t = 5/4
    let a = r#"{"shape":{"box":{"half_extents":["1","1","1"]}}}"#;
    let side = r#"{"shape":{"capsule":{"a":[0,"-1/2",0],"b":[0,"1/2",0],"radius":"1/2"}},"pose":{"translation":["4","0","0"]},"motion":{"linear":{"velocity":["-2","0","0"]}}}"#;
    let r = run(
        &scenario(r#"["0","2"]"#, "0", a, side),
        None,
        ScalarKind::Exact,
    );
    assert_eq!(exact(r.time.as_ref().unwrap()), "5/4");
    assert_eq!(
        r.feature.map(|f| f.a.to_string()),
        Some("face +x".to_owned())
    );
    let f = run(
        &scenario(r#"["0","2"]"#, "0", a, side),
        None,
        ScalarKind::F64,
    );
    assert!((approx(f.time.as_ref().unwrap()) - 1.25).abs() < 1e-9);
}

#[test]
fn malformed_shapes_and_separations_name_the_field() {
    let bad = |a: &str, sep: &str| {
        parse_scenario(
            &scenario(r#"["0","1"]"#, sep, UNIT_SPHERE, a),
            None,
            &LoadOptions::default(),
        )
        .unwrap_err()
        .to_string()
    };
    assert_eq!(
        bad(r#"{"shape":{"sphere":{"radius":"-1"}}}"#, "0"),
        r#"b.shape.sphere.radius: must be > 0, got "-1""#
    );
    assert_eq!(
        bad(
            r#"{"shape":{"capsule":{"a":[0,0,0],"b":[1,0,0],"radius":"0"}}}"#,
            "0"
        ),
        r#"b.shape.capsule.radius: must be > 0, got "0""#
    );
    assert!(bad(
        r#"{"shape":{"convex":{"points":[[0,0,0],[1,0,0],[0,1,0],[1,1,0]]}}}"#,
        "0"
    )
    .starts_with("b.shape.convex.points: must hold at least four points that are not coplanar"));
    assert_eq!(
        bad(UNIT_SPHERE, "-1"),
        r#"separation: must be >= 0, got "-1""#
    );
    // methods that do not take a sphere or a separation: not applicable
    let s = parse_scenario(
        &scenario(r#"["0","4"]"#, "0", UNIT_SPHERE, CLOSING_SPHERE),
        None,
        &LoadOptions::default(),
    )
    .unwrap();
    for m in [Method::Sat, Method::Sgm, Method::Glide] {
        let e = solve(&s.query(), m, ScalarKind::Exact, &SolveOptions::default()).unwrap_err();
        assert!(e.is_not_applicable(), "{m}: {e}");
    }
    let unit = r#"{"shape":{"box":{"half_extents":["1","1","1"]}}}"#;
    let s = parse_scenario(
        &scenario(r#"["0","1"]"#, "1/2", unit, ROTATED_BOX),
        None,
        &LoadOptions::default(),
    )
    .unwrap();
    assert_eq!(exactccd::default_method(&s.query()), Method::Distance);
    let e = solve(
        &s.query(),
        Method::Sgm,
        ScalarKind::Exact,
        &SolveOptions::default(),
    )
    .unwrap_err();
    assert!(e.is_not_applicable());
}

#[test]
fn f64_takes_a_pose_rotation_rounded_to_f64() {
    // a unit box turned about z by the rational rotation (3/5, 4/5): its top
    // face stays at z = 1; a unit sphere comes down from z = 5 at speed 2,
    // within 1/2 of the face when 5 - 2t = 1 + 1 + 1/2, at t = 5/4
    let turned = r#"{"shape":{"box":{"half_extents":["1","1","1"]}},"pose":{"rotation":[["3/5","-4/5","0"],["4/5","3/5","0"],["0","0","1"]]}}"#;
    let falling = r#"{"shape":{"sphere":{"radius":"1"}},"pose":{"translation":["0","0","5"]},"motion":{"linear":{"velocity":["0","0","-2"]}}}"#;
    let text = scenario(r#"["0","4"]"#, "1/2", turned, falling);
    let e = run(&text, None, ScalarKind::Exact);
    assert_eq!(exact(e.time.as_ref().unwrap()), "5/4");
    // 3/5 and 4/5 are not dyadic: rounded, the rotation is orthogonal only
    // within the f64 tolerance, and the f64 run used to refuse it as a
    // non-rigid motion
    let f = run(&text, Some(Method::Distance), ScalarKind::F64);
    assert!(f.collides);
    assert!((approx(f.time.as_ref().unwrap()) - 1.25).abs() < 1e-9);
    assert!((approx(&f.contact_intervals[0].1) - approx(&e.contact_intervals[0].1)).abs() < 1e-9);
}

mod meshes;
mod small_separation;
