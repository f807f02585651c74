//! A non-convex mesh with non-convex faces (the L-shaped prism
//! `([0,2]x[0,1] u [0,1]x[0,2]) x [0,1]`) by pieces, against spheres,
//! capsules and boxes, with and without a separation: hand-derived times
//! (a face, a convex edge at an irrational time, exactly the separation
//! all the way down the notch, nesting), both scalars, and agreement with
//! `sat` (an independent method) on random boxes at separation 0.

use super::{approx, certified_and_f64, coefficients, exact, scenario};
use exactccd::referee::referee;
use exactccd::{parse_scenario, solve, LoadOptions, Method, ScalarKind, SolveOptions, Time};
use exactccd_oracle::Verdict;

/// The L-prism: vertices 0-5 at `z = 0`, 6-11 above them.
const L_PRISM: &str = r#"{"shape":{"mesh":{"vertices":[["0","0","0"],["2","0","0"],["2","1","0"],["1","1","0"],["1","2","0"],["0","2","0"],["0","0","1"],["2","0","1"],["2","1","1"],["1","1","1"],["1","2","1"],["0","2","1"]],"faces":[[5,4,3,2,1,0],[6,7,8,9,10,11],[0,1,7,6],[1,2,8,7],[2,3,9,8],[3,4,10,9],[4,5,11,10],[5,0,6,11]]}}}"#;

fn body(shape: &str, at: &str, velocity: &str) -> String {
    format!(
        r#"{{"shape":{shape},"pose":{{"translation":{at}}},"motion":{{"linear":{{"velocity":{velocity}}}}}}}"#
    )
}

const SPHERE: &str = r#"{"sphere":{"radius":"1/4"}}"#;
const SMALL_BOX: &str = r#"{"box":{"half_extents":["1/4","1/4","1/4"]}}"#;

/// The exact and the `f64` answers; the exact one certified by the
/// referee (by parts).
fn both(text: &str) -> (exactccd::ContactResult, exactccd::ContactResult) {
    let (exact, float) = certified_and_f64(text);
    assert!(exact
        .certificate
        .as_ref()
        .is_some_and(|c| c.solids.is_some()));
    (exact, float)
}

/// The exact answer's first contact and interval ends, asserted to match
/// the `f64` answer's within 1e-9.
fn ends(text: &str) -> Vec<String> {
    let (e, f) = both(text);
    assert_eq!(e.collides, f.collides);
    let exact_ends: Vec<&Time> = e
        .contact_intervals
        .iter()
        .flat_map(|(a, b)| [a, b])
        .collect();
    let float_ends: Vec<&Time> = f
        .contact_intervals
        .iter()
        .flat_map(|(a, b)| [a, b])
        .collect();
    assert_eq!(exact_ends.len(), float_ends.len());
    for (x, y) in exact_ends.iter().zip(&float_ends) {
        assert!((approx(x) - approx(y)).abs() < 1e-9, "{x:?} {y:?}");
    }
    exact_ends.into_iter().map(exact).collect()
}

#[test]
fn a_sphere_through_the_bar_and_along_the_notch() {
    // along y = z = 1/4 from x = 3 at speed 4: the face x = 2 at 3 - 1/4 -
    // 4t = 2, t = 3/16; it leaves through x = 0 when its centre is 1/4
    // past it, 3 - 4t = -1/4, t = 13/16
    let through = scenario(
        r#"["0","1"]"#,
        "0",
        L_PRISM,
        &body(SPHERE, r#"["3","1/4","1/4"]"#, r#"["-4","0","0"]"#),
    );
    assert_eq!(ends(&through), ["3/16", "13/16"]);
    let (e, _) = both(&through);
    let f = e.feature.expect("features");
    assert_eq!(
        (f.a.to_string(), f.b.to_string()),
        ("face 3".into(), "sphere".into())
    );
    // along the notch's middle y = 3/2 towards its end wall x = 1: 2 - 4t
    // - 1/4 = 1 at t = 3/16 (the side walls y = 1, 2 stay 1/4 away)
    let notch = scenario(
        r#"["0","1"]"#,
        "0",
        L_PRISM,
        &body(SPHERE, r#"["2","3/2","1/2"]"#, r#"["-4","0","0"]"#),
    );
    assert_eq!(ends(&notch)[0], "3/16");
}

#[test]
fn a_sphere_meets_a_convex_edge_at_an_irrational_time() {
    // the centre (3 - t, -1 + t, 1/2) nears the vertical edge x = 2, y = 0
    // (vertices 1-7): sqrt(2) (1 - t) = 1/4, 32 t^2 - 64 t + 31 = 0,
    // t = 1 - sqrt(2)/8
    let text = scenario(
        r#"["0","1"]"#,
        "0",
        L_PRISM,
        &body(SPHERE, r#"["3","-1","1/2"]"#, r#"["-1","1","0"]"#),
    );
    let (e, f) = both(&text);
    let Some(Time::Exact(t)) = &e.time else {
        panic!("{:?}", e.time)
    };
    assert_eq!(coefficients(t), ["31", "-64", "32"]);
    let want = 1.0 - 2f64.sqrt() / 8.0;
    assert!((t.to_f64() - want).abs() < 1e-15);
    assert!((approx(f.time.as_ref().unwrap()) - want).abs() < 1e-9);
    assert_eq!(e.feature.map(|f| f.a.to_string()), Some("edge 1-7".into()));
}

#[test]
fn down_the_notch_at_exactly_the_separation() {
    // a box centred over the notch (x, y in [5/4, 7/4]) falls at 4: its
    // sides stay 1/4 from the walls x = 1 and y = 1, and the top's edges
    // come within 1/4 when its bottom reaches z = 1, at 3 - 1/4 - 4t = 1,
    // t = 7/16; it stays exactly 1/4 away until it has passed z = 0, at 3
    // + 1/4 - 4t = 0, t = 13/16; at a separation of 1/8 it never comes
    // that near (a fan of the top hexagon would cover the notch)
    let falling = body(SMALL_BOX, r#"["3/2","3/2","3"]"#, r#"["0","0","-4"]"#);
    let at = |d: &str| scenario(r#"["0","1"]"#, d, L_PRISM, &falling);
    assert_eq!(ends(&at("1/4")), ["7/16", "13/16"]);
    assert_eq!(ends(&at("1/8")), Vec::<String>::new());
    // a sphere in the same place at separation 0 falls through untouched
    let sphere = body(SPHERE, r#"["3/2","3/2","3"]"#, r#"["0","0","-4"]"#);
    let (e, _) = both(&scenario(r#"["0","1"]"#, "1/100", L_PRISM, &sphere));
    assert!(!e.collides);
}

#[test]
fn nested_solids_touch_from_the_start_until_the_surfaces_part() {
    // a sphere deep inside the bar, leaving along +x at 4: inside from t0,
    // its surface leaves the face x = 2 when 1/2 + 4t - 1/4 = 2, t = 7/16
    let text = scenario(
        r#"["0","1"]"#,
        "0",
        L_PRISM,
        &body(SPHERE, r#"["1/2","1/2","1/2"]"#, r#"["4","0","0"]"#),
    );
    assert_eq!(ends(&text), ["0", "7/16"]);
    let (e, _) = both(&text);
    assert!(e.initially_overlapping);
    // a capsule lying inside the bar, at rest: nested all the time
    let capsule = r#"{"capsule":{"a":["1/2","1/2","1/2"],"b":["3/2","1/2","1/2"],"radius":"1/8"}}"#;
    let rest = scenario(
        r#"["0","1"]"#,
        "1/100",
        L_PRISM,
        &format!(r#"{{"shape":{capsule}}}"#),
    );
    assert_eq!(ends(&rest), ["0", "1"]);
}

/// Random small boxes aimed near the L at separation 0: the distance
/// method by pieces and `sat` (OBB trees and triangle-box SAT), two
/// independent methods, give the same exact first contact and intervals.
#[test]
fn random_boxes_at_separation_zero_agree_with_sat() {
    let mut state: u64 = 2031;
    let mut next = |m: i64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % (2 * m as u64 + 1)) as i64 - m
    };
    let mut collided = 0;
    for _ in 0..16 {
        let at = format!(
            r#"["{}/4","{}/4","{}/4"]"#,
            4 + next(6),
            4 + next(6),
            2 + next(6)
        );
        let velocity = format!(r#"["{}","{}","{}"]"#, next(4), next(4), next(4));
        let text = scenario(
            r#"["0","1"]"#,
            "0",
            L_PRISM,
            &body(SMALL_BOX, &at, &velocity),
        );
        let s = parse_scenario(&text, None, &LoadOptions::default()).expect("valid");
        let q = s.query();
        let run = |m| solve(&q, m, ScalarKind::Exact, &SolveOptions::default()).expect("an answer");
        let (d, sat) = (run(Method::Distance), run(Method::Sat));
        assert_eq!(d.time, sat.time, "{text}");
        assert_eq!(d.contact_intervals, sat.contact_intervals, "{text}");
        collided += usize::from(d.collides);
    }
    assert!(collided >= 4, "{collided} of 16 collide");
}

#[test]
fn tampered_certificates_of_meshes_at_a_separation_are_refuted() {
    // the box down the notch at exactly the separation 1/4, first at 7/16
    let text = scenario(
        r#"["0","1"]"#,
        "1/4",
        L_PRISM,
        &body(SMALL_BOX, r#"["3/2","3/2","3"]"#, r#"["0","0","-4"]"#),
    );
    let s = parse_scenario(&text, None, &LoadOptions::default()).expect("valid");
    let q = s.query();
    let r = exact_by_distance(&q);
    assert_eq!(referee(&q, &r), Verdict::Certified);
    let refuted = |r: &exactccd::ContactResult| matches!(referee(&q, r), Verdict::Refuted { .. });
    // a part dropped: a pair of pieces no part separates
    let mut dropped = r.clone();
    solids(&mut dropped).parts.pop();
    assert!(refuted(&dropped));
    // the top hexagon's cut dropped
    let mut uncut = r.clone();
    solids(&mut uncut).cuts[0].clear();
    assert!(refuted(&uncut));
    // the witness's second point moved 1/8 further off: not within 1/4
    let mut far = r.clone();
    let w = far
        .certificate
        .as_mut()
        .and_then(|c| c.contact.as_mut())
        .expect("a witness");
    let (point, denominator) = w.other.as_mut().expect("two witness points");
    point.z =
        &point.z + &denominator.scale(&exactccd::scalar::BigRational::new(1.into(), 8.into()));
    assert!(refuted(&far));
    // the same certificate at a separation of 1/8 does not hold
    let at_eighth = text.replace(r#""separation":"1/4""#, r#""separation":"1/8""#);
    let s8 = parse_scenario(&at_eighth, None, &LoadOptions::default()).expect("valid");
    assert!(matches!(referee(&s8.query(), &r), Verdict::Refuted { .. }));
}

fn solids(r: &mut exactccd::ContactResult) -> &mut exactccd::contact::SolidParts {
    r.certificate
        .as_mut()
        .and_then(|c| c.solids.as_mut())
        .expect("parts")
}

/// `solids-shapes-4-118`: a hull within the separation 3 of a frame at
/// `t0`. The first pair of pieces within reach there gave no witness, and
/// the answer was left uncertified; any pair within reach at `t0` shows
/// the contact, and no piece before `t0` is needed.
#[test]
fn a_hull_within_the_separation_of_a_frame_at_t0_is_certified() {
    use exactccd::generate::{generate, ScenarioClass};
    let s = generate(4, 118, ScenarioClass::SolidsShapes);
    let q = s.query();
    let r = exact_by_distance(&q);
    assert!(r.initially_overlapping);
    assert_eq!(exact(r.time.as_ref().unwrap()), "0");
    assert_eq!(referee(&q, &r), Verdict::Certified);
}

/// The exact answer of `distance`.
fn exact_by_distance(q: &exactccd::ContactQuery<'_>) -> exactccd::ContactResult {
    solve(
        q,
        Method::Distance,
        ScalarKind::Exact,
        &SolveOptions::default(),
    )
    .unwrap()
}

/// A box passing above the L at a separation: its bottom `3 - 1/4 - t`
/// ends at `7/4`, three quarters above the L's top `z = 1`, so at a
/// separation of `1/2` not even the L's hull (the slab `[0,2]^2 x [0,1]`)
/// comes within reach, and one part (the hulls) is the certificate; at
/// `3/4` it reaches exactly at `t = 1`, which the pairs of pieces decide.
#[test]
fn a_box_clear_of_the_hull_at_a_separation_is_one_part() {
    let text = scenario(
        r#"["0","1"]"#,
        "1/2",
        L_PRISM,
        &body(SMALL_BOX, r#"["1/2","1/2","3"]"#, r#"["0","0","-1"]"#),
    );
    let s = parse_scenario(&text, None, &LoadOptions::default()).expect("valid");
    let q = s.query();
    let mut r = exact_by_distance(&q);
    assert!(!r.collides);
    assert_eq!(referee(&q, &r), Verdict::Certified);
    let parts = &solids(&mut r).parts;
    assert_eq!(parts.len(), 1);
    // the L's faces cut into triangles: two hexagons of four, six quads of two
    assert_eq!(parts[0].a.as_ref().map(Vec::len), Some(20));
    assert_eq!(parts[0].b, None);
    // a piece left out of the part is refuted
    let mut dropped = r.clone();
    solids(&mut dropped).parts[0]
        .a
        .as_mut()
        .expect("names")
        .pop();
    assert!(matches!(referee(&q, &dropped), Verdict::Refuted { .. }));
    // the same certificate at the separation 3/4 does not hold: the box
    // reaches it at t = 1
    let reach = text.replace(r#""separation":"1/2""#, r#""separation":"3/4""#);
    let s = parse_scenario(&reach, None, &LoadOptions::default()).expect("valid");
    assert!(matches!(referee(&s.query(), &r), Verdict::Refuted { .. }));
    let r = exact_by_distance(&s.query());
    assert_eq!(r.time.as_ref().map(exact).as_deref(), Some("1"));
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
}
