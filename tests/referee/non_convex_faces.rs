//! Exact `sat` answers on a mesh whose faces are not all convex, certified
//! by parts with the faces' cuts in the certificate: a C-shaped block (the
//! square `[0,3]^2` without the notch `[1,3] x [1,2]`, from `z = 0` to
//! `z = 1`; its top and bottom are octagons, reflex at `(1,1)` and
//! `(1,2)`) against a small box, with hand-derived times, under a
//! translation and a turn; and cuts tampered with refuted.

use super::solids_certificates::{exact_sat, q, solids};
use exactccd::contact::{ContactResult, Method, ScalarKind, SolveOptions, Time};
use exactccd::referee::referee;
use exactccd::scalar::{rational_to_f64, BigRational};
use exactccd::scenario::{parse_scenario, LoadOptions, Scenario};
use exactccd_oracle::Verdict;

/// The C's outline, counter-clockwise seen from above: vertices 0-7 at
/// `z = 0`, 8-15 above them at `z = 1`.
const OUTLINE: [(i64, i64); 8] = [
    (0, 0),
    (3, 0),
    (3, 1),
    (1, 1),
    (1, 2),
    (3, 2),
    (3, 3),
    (0, 3),
];

/// The C as a mesh: the bottom octagon (clockwise from above, so
/// counter-clockwise from outside), the top one, and eight side quads.
fn c_block() -> String {
    let vertex = |(x, y): (i64, i64), z: i64| format!(r#"["{x}","{y}","{z}"]"#);
    let vertices: Vec<String> = [0, 1]
        .iter()
        .flat_map(|&z| OUTLINE.iter().map(move |&p| vertex(p, z)))
        .collect();
    let mut faces = vec![(0..8).rev().collect::<Vec<usize>>(), (8..16).collect()];
    faces.extend((0..8).map(|k| vec![k, (k + 1) % 8, 8 + (k + 1) % 8, 8 + k]));
    format!(
        r#"{{"mesh": {{"vertices": [{}], "faces": {:?}}}}}"#,
        vertices.join(","),
        faces
    )
}

const SMALL_BOX: &str = r#"{"box": {"half_extents": ["1/4", "1/4", "1/4"]}}"#;

/// The C turning about the vertical line through `(3/2, 3/2)` at 3
/// radians per unit time.
const SPIN: &str = r#"{"angular": {"velocity": ["0", "0", "0"], "angular_velocity": ["0", "0", "3"],
                               "center": ["3/2", "3/2", "1/2"]}}"#;

fn scenario(c_motion: &str, box_at: &str, box_velocity: &str) -> Scenario {
    let text = format!(
        r#"{{"format": "exactccd/scenario-v1",
            "a": {{"shape": {}, "motion": {c_motion}}},
            "b": {{"shape": {SMALL_BOX}, "pose": {{"translation": {box_at}}},
                  "motion": {{"linear": {{"velocity": {box_velocity}}}}}}}}}"#,
        c_block()
    );
    parse_scenario(&text, None, &LoadOptions::default()).expect("a valid scenario")
}

fn exact_time(r: &ContactResult) -> Option<BigRational> {
    match &r.time {
        Some(Time::Exact(t)) => t.as_rational().cloned(),
        _ => None,
    }
}

/// Solves, asserts the referee's verdict and that the certificate cuts
/// the top and the bottom (faces 0 and 1) and nothing else.
fn certified(s: &Scenario) -> ContactResult {
    let mut r = exact_sat(s);
    let cuts = &solids(&mut r).cuts;
    assert_eq!(cuts[0].iter().map(|c| c.face).collect::<Vec<_>>(), [0, 1]);
    assert!(cuts[0].iter().all(|c| c.triangles.len() == 6));
    assert!(cuts[1].is_empty());
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
    r
}

#[test]
fn a_box_through_the_notch_and_onto_the_c_is_certified() {
    let at_rest = r#""static""#;
    // down through the notch: x in [7/4, 9/4], y in [5/4, 7/4] stay inside
    // (1, 3) x (1, 2), which the hull of the top face covers (a fan of the
    // octagon from (0, 0) covers it too)
    let through = certified(&scenario(
        at_rest,
        r#"["2", "3/2", "3"]"#,
        r#"["0", "0", "-4"]"#,
    ));
    assert!(!through.collides);
    // onto the spine x in [0, 1]: 3 - 1/4 - 4t = 1 at t = 7/16
    let onto = certified(&scenario(
        at_rest,
        r#"["1/2", "3/2", "3"]"#,
        r#"["0", "0", "-4"]"#,
    ));
    assert_eq!(exact_time(&onto), Some(q(7, 16)));
    // along the notch to its end wall x = 1: 2 - 1/4 - 2t = 1 at t = 3/8
    let along = certified(&scenario(
        at_rest,
        r#"["2", "3/2", "1/2"]"#,
        r#"["-2", "0", "0"]"#,
    ));
    assert_eq!(exact_time(&along), Some(q(3, 8)));
}

#[test]
fn a_turning_c_meets_a_box_in_its_notch_at_the_derived_time() {
    // the box rests in the notch; the C turns counter-clockwise at 3 about
    // (3/2, 3/2). Relative to that centre the notch's lower wall is the
    // line n . p = -1/2 with n = (-sin th, cos th), and the box's corner
    // (3/4, -1/4) reaches it when 3 sin th + cos th = 2, th = asin(2 /
    // sqrt(10)) - atan(1/3), t = th / 3 (the corner then lies on the wall,
    // 0.61 along it; every other corner and wall is farther)
    let s = scenario(SPIN, r#"["2", "3/2", "1/2"]"#, r#"["0", "0", "0"]"#);
    let r = certified(&s);
    let truth = ((2.0 / 10f64.sqrt()).asin() - (1.0f64 / 3.0).atan()) / 3.0;
    match &r.time {
        Some(Time::Enclosure { lower, upper }) => {
            assert!(
                rational_to_f64(lower) <= truth + 1e-12 && truth - 1e-12 <= rational_to_f64(upper)
            );
            assert!(upper - lower <= q(1, 1 << 40), "[{lower}, {upper}]");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn cuts_tampered_with_are_refuted() {
    let cases = [
        scenario(
            r#""static""#,
            r#"["1/2", "3/2", "3"]"#,
            r#"["0", "0", "-4"]"#,
        ),
        scenario(SPIN, r#"["2", "3/2", "1/2"]"#, r#"["0", "0", "0"]"#),
    ];
    for s in &cases {
        let r = certified(s);
        let refuted = |r: &ContactResult| matches!(referee(&s.query(), r), Verdict::Refuted { .. });
        // the top's cut dropped: the referee does not cut a non-convex face itself
        let mut dropped = r.clone();
        solids(&mut dropped).cuts[0].remove(1);
        assert!(refuted(&dropped));
        // a triangle of the top's cut dropped
        let mut short = r.clone();
        solids(&mut short).cuts[0][1].triangles.pop();
        assert!(refuted(&short));
        // the top cut as the fan from its first corner, which covers the
        // notch and turns against the face at the reflex corners
        let mut fan = r.clone();
        solids(&mut fan).cuts[0][1].triangles = (0..6).map(|k| [8, 9 + k, 10 + k]).collect();
        assert!(refuted(&fan));
        // a triangle turned over
        let mut turned = r.clone();
        solids(&mut turned).cuts[0][0].triangles[0].swap(0, 1);
        assert!(refuted(&turned));
        // a cut for the box, which has no faces to cut
        let mut boxed = r.clone();
        solids(&mut boxed).cuts[1] = solids(&mut boxed).cuts[0].clone();
        assert!(refuted(&boxed));
    }
}

#[test]
fn a_turning_c_meets_a_sphere_in_its_notch_at_pi_over_18() {
    // the sphere of radius 1/4 rests at (2, 3/2, 1/2), relative (1/2, 0)
    // to the axis; the notch's lower wall n . p = -1/2 turns with n =
    // (-sin th, cos th), its distance 1/2 - sin(th) / 2 reaches 1/4 at th =
    // pi/6, t = pi/18 (the foot 0.43 along the wall; the other walls stay
    // farther)
    let text = format!(
        r#"{{"format": "exactccd/scenario-v1",
            "a": {{"shape": {}, "motion": {SPIN}}},
            "b": {{"shape": {{"sphere": {{"radius": "1/4"}}}}, "pose": {{"translation": ["2", "3/2", "1/2"]}}}}}}"#,
        c_block()
    );
    let truth = std::f64::consts::PI / 18.0;
    for scalar in [ScalarKind::Exact, ScalarKind::F64] {
        let s = parse_scenario(&text, None, &LoadOptions::for_scalar(scalar)).expect("valid");
        let (method, r) =
            exactccd::solve_with_default_method(&s.query(), scalar, &SolveOptions::default());
        assert_eq!(method, Method::Sat);
        let r = r.expect("an answer");
        match (&r.time, scalar) {
            (Some(Time::Enclosure { lower, upper }), ScalarKind::Exact) => {
                assert!(
                    rational_to_f64(lower) <= truth + 1e-12
                        && truth - 1e-12 <= rational_to_f64(upper)
                );
                assert!(upper - lower <= q(1, 1 << 40), "[{lower}, {upper}]");
                assert_eq!(referee(&s.query(), &r), Verdict::Certified);
            }
            (Some(Time::Float(t)), ScalarKind::F64) => assert!((t - truth).abs() < 1e-9, "{t}"),
            other => panic!("{other:?}"),
        }
    }
}
