//! Exact `sat` answers on non-convex meshes, certified by parts: a square
//! frame (the slab `[0,3]^2 x [0,1]` with the hole `[1,2]^2` through it,
//! sixteen convex quads; its convex hull covers the hole, so no single
//! direction separates what passes through it) against boxes and a rod,
//! with hand-derived times; and tampered certificates refuted.

use exactccd::contact::{
    solve, ContactResult, Method, PieceEnd, ScalarKind, SolidParts, SolveOptions, Time,
};
use exactccd::referee::referee;
use exactccd::scalar::BigRational;
use exactccd::scenario::{parse_scenario, LoadOptions, Scenario};
use exactccd_oracle::Verdict;

const FRAME: &str = r#"{"mesh": {"vertices": [["0","0","0"],["3","0","0"],["3","3","0"],["0","3","0"],["1","1","0"],["2","1","0"],["2","2","0"],["1","2","0"],["0","0","1"],["3","0","1"],["3","3","1"],["0","3","1"],["1","1","1"],["2","1","1"],["2","2","1"],["1","2","1"]],
    "faces": [[8,9,13,12],[9,10,14,13],[10,11,15,14],[11,8,12,15],[1,0,4,5],[2,1,5,6],[3,2,6,7],[0,3,7,4],[0,1,9,8],[1,2,10,9],[2,3,11,10],[3,0,8,11],[12,13,5,4],[13,14,6,5],[14,15,7,6],[15,12,4,7]]}}"#;

/// The rod `[-1/4, 1/4]^2 x [-2, 3]` as a mesh of six quads.
const ROD: &str = r#"{"mesh": {"vertices": [["-1/4","-1/4","-2"],["1/4","-1/4","-2"],["1/4","1/4","-2"],["-1/4","1/4","-2"],["-1/4","-1/4","3"],["1/4","-1/4","3"],["1/4","1/4","3"],["-1/4","1/4","3"]],
    "faces": [[0,3,2,1],[4,5,6,7],[0,1,5,4],[1,2,6,5],[2,3,7,6],[3,0,4,7]]}}"#;

fn scenario(a_motion: &str, b_shape: &str, b_at: &str, b_velocity: &str) -> Scenario {
    let text = format!(
        r#"{{"format": "exactccd/scenario-v1",
            "a": {{"shape": {FRAME}, "motion": {a_motion}}},
            "b": {{"shape": {b_shape}, "pose": {{"translation": {b_at}}},
                  "motion": {{"linear": {{"velocity": {b_velocity}}}}}}}}}"#
    );
    parse_scenario(&text, None, &LoadOptions::default()).expect("a valid scenario")
}

/// The frame turning about the vertical line through its centre at 3
/// radians per unit time.
const SPIN: &str = r#"{"angular": {"velocity": ["0", "0", "0"], "angular_velocity": ["0", "0", "3"],
                               "center": ["3/2", "3/2", "1/2"]}}"#;

const SMALL_BOX: &str = r#"{"box": {"half_extents": ["1/4", "1/4", "1/4"]}}"#;

pub(super) fn exact_sat(s: &Scenario) -> ContactResult {
    solve(
        &s.query(),
        Method::Sat,
        ScalarKind::Exact,
        &SolveOptions::default(),
    )
    .expect("an exact answer")
}

pub(super) fn solids(r: &mut ContactResult) -> &mut SolidParts {
    r.certificate
        .as_mut()
        .and_then(|c| c.solids.as_mut())
        .expect("parts")
}

pub(super) fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

fn time(r: &ContactResult) -> Option<BigRational> {
    match &r.time {
        Some(Time::Exact(t)) => Some(t.as_rational().expect("a rational time").clone()),
        None => None,
        other => panic!("{other:?}"),
    }
}

/// Solves, asserts the time and the referee's certificate, returns the answer.
fn certified(s: &Scenario, expected: Option<BigRational>) -> ContactResult {
    let r = exact_sat(s);
    assert_eq!(time(&r), expected);
    assert!(
        r.certificate.as_ref().is_some_and(|c| c.solids.is_some()),
        "a certificate by parts"
    );
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
    r
}

#[test]
fn a_box_through_the_frame_and_onto_it() {
    let at_rest = r#""static""#;
    // straight through the hole: x in [5/4, 7/4] stays inside (1, 2)
    certified(
        &scenario(
            at_rest,
            SMALL_BOX,
            r#"["3/2", "3/2", "3"]"#,
            r#"["0", "0", "-4"]"#,
        ),
        None,
    );
    // half over the bar x in [2, 3]: the box's bottom 3 - 1/4 - 4t meets the top z = 1 at 7/16
    certified(
        &scenario(
            at_rest,
            SMALL_BOX,
            r#"["2", "3/2", "3"]"#,
            r#"["0", "0", "-4"]"#,
        ),
        Some(q(7, 16)),
    );
    // sideways in the hole: x + 1/4 + 2t = 2 at t = 1/8 (the inner wall x = 2)
    certified(
        &scenario(
            at_rest,
            SMALL_BOX,
            r#"["3/2", "3/2", "1/2"]"#,
            r#"["2", "0", "0"]"#,
        ),
        Some(q(1, 8)),
    );
    // inside the bar x in [0, 1] at the start: nested, no surface touching
    certified(
        &scenario(
            at_rest,
            SMALL_BOX,
            r#"["1/2", "3/2", "1/2"]"#,
            r#"["0", "0", "1/8"]"#,
        ),
        Some(q(0, 1)),
    );
}

#[test]
fn a_rod_through_the_hole_of_a_frame() {
    // the rod (a mesh too) runs through the hole: interlocked, no contact
    // while it moves along its axis, contact with the wall x = 2 at
    // 3/2 + 1/4 + t = 2, t = 1/4, when it moves sideways
    let at_rest = r#""static""#;
    certified(
        &scenario(at_rest, ROD, r#"["3/2", "3/2", "0"]"#, r#"["0", "0", "1"]"#),
        None,
    );
    certified(
        &scenario(at_rest, ROD, r#"["3/2", "3/2", "0"]"#, r#"["1", "0", "0"]"#),
        Some(q(1, 4)),
    );
}

#[test]
fn a_turning_frame_is_certified_and_agrees_with_brute_force() {
    // the frame turns about z (the rotation of the quaternion 1 + t k,
    // 2 atan t) while the box falls through the hole's first position
    let turning = r#"{"rational": {"quaternion": [["1"], ["0"], ["0"], ["0", "1"]],
                                  "translation": [["0"], ["0"], ["0"]]}}"#;
    let s = scenario(
        turning,
        SMALL_BOX,
        r#"["3/2", "3/2", "3"]"#,
        r#"["0", "0", "-4"]"#,
    );
    let r = exact_sat(&s);
    assert!(r.collides);
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
    // SGM and glide do not take a mesh under this motion; the f64 answer agrees
    let f = solve(
        &s.query(),
        Method::Sat,
        ScalarKind::F64,
        &SolveOptions::default(),
    )
    .expect("an f64 answer");
    let (Some(Time::Exact(t)), Some(Time::Float(x))) = (&r.time, &f.time) else {
        panic!("{:?} {:?}", r.time, f.time)
    };
    assert!((t.to_f64() - x).abs() < 1e-9, "{t} {x}");
}

#[test]
fn tampered_certificates_by_parts_are_refuted() {
    let s = scenario(
        r#""static""#,
        SMALL_BOX,
        r#"["2", "3/2", "3"]"#,
        r#"["0", "0", "-4"]"#,
    );
    let r = exact_sat(&s);
    let refuted = |r: &ContactResult| matches!(referee(&s.query(), r), Verdict::Refuted { .. });
    // a part left out
    let mut dropped = r.clone();
    solids(&mut dropped).parts.pop();
    assert!(refuted(&dropped));
    // a later time with the same certificate: the pieces cannot reach it
    let mut late = r.clone();
    late.time = Some(Time::Exact(exactccd::poly::RealAlgebraic::from_rational(
        q(1, 2),
    )));
    assert!(refuted(&late));
    // the witness moved off the frame
    let mut moved = r.clone();
    if let Some(w) = moved.certificate.as_mut().and_then(|c| c.contact.as_mut()) {
        w.point.z = exactccd::poly::Poly::constant(q(5, 1));
    }
    assert!(refuted(&moved));
    // a piece stretched past the contact
    let mut stretched = r.clone();
    let part = solids(&mut stretched)
        .parts
        .iter_mut()
        .find(|p| p.separation.len() == 1 && p.separation[0].to == PieceEnd::BeforeContact)
        .expect("a part over [0, T)");
    part.separation[0].to = PieceEnd::At(q(1, 1));
    assert!(refuted(&stretched));
}

/// The enclosure's ends, asserted to hold `t`.
fn enclosing(r: &ContactResult, t: &BigRational) {
    match &r.time {
        Some(Time::Enclosure { lower, upper }) => {
            assert!(lower <= t && t <= upper, "[{lower}, {upper}] misses {t}");
            assert!(
                upper - lower <= q(1, 1 << 40),
                "[{lower}, {upper}] is too wide"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_spinning_frame_by_time_cells() {
    // the frame turns (SPIN) while the box falls at 4; centred in the hole, the box's footprint (radius sqrt(2)/4 < 1/2)
    // never meets the turning frame
    let through = scenario(
        SPIN,
        SMALL_BOX,
        r#"["3/2", "3/2", "3"]"#,
        r#"["0", "0", "-4"]"#,
    );
    let r = exact_sat(&through);
    assert!(!r.collides);
    assert_eq!(referee(&through.query(), &r), Verdict::Certified);
    // off centre, it reaches the top face z = 1 at t = 7/16 (3 - 1/4 - 4t
    // = 1), when its footprint's corner (2, 5/4) lies over the bar: turned
    // back by 21/16 radians about the centre it is at (-0.11, -0.55),
    // outside the hole [-1/2, 1/2]^2
    let onto = scenario(
        SPIN,
        SMALL_BOX,
        r#"["7/4", "3/2", "3"]"#,
        r#"["0", "0", "-4"]"#,
    );
    let r = exact_sat(&onto);
    enclosing(&r, &q(7, 16));
    assert_eq!(referee(&onto.query(), &r), Verdict::Certified);
}

#[test]
fn a_frame_under_a_fast_screw_and_under_poses() {
    // the box's footprint [33/20, 43/20] x [5/4, 7/4] reaches the top face
    // at t = 7/16; the frame has turned about its centre's vertical line by
    // 20 t = 35/4 radians (screw) or by (pi/2) t (poses to a quarter turn):
    // turned back by either angle, the corner (43/20, 5/4) lies at
    // (-0.66, -0.21) or (0.34, -0.61), outside the hole [-1/2, 1/2]^2, so
    // over the bar: contact at 7/16 (checked by hand in f64 to 1e-2)
    let screw = r#"{"screw": {"axis_point": ["3/2", "3/2", "0"], "axis_direction": ["0", "0", "1"],
                              "angle": "20", "slide": "0"}}"#;
    let quarter = r#"{"poses": {"end": {"quaternion": ["1", "0", "0", "1"], "translation": ["3", "0", "0"]}}}"#;
    for motion in [screw, quarter] {
        let s = scenario(
            motion,
            SMALL_BOX,
            r#"["19/10", "3/2", "3"]"#,
            r#"["0", "0", "-4"]"#,
        );
        let r = exact_sat(&s);
        enclosing(&r, &q(7, 16));
        assert_eq!(referee(&s.query(), &r), Verdict::Certified, "{motion}");
        // the f64 cells on the same pairs agree
        let f = solve(
            &s.query(),
            Method::Sat,
            ScalarKind::F64,
            &SolveOptions::default(),
        )
        .expect("an f64 answer");
        assert!(
            matches!(f.time, Some(Time::Float(x)) if (x - 0.4375).abs() < 1e-9),
            "{:?}",
            f.time
        );
    }
}

#[test]
fn a_box_clear_of_a_turning_frame_is_certified_by_the_hulls_in_one_part() {
    // the box falls from z = 3 at speed 1 over [0, 1]: its bottom stays at
    // z >= 3 - 1/4 - 1 = 7/4, above the frame's top z = 1, so even the
    // frame's hull (the slab [0,3]^2 x [0,1] turning about its vertical
    // axis) never meets it
    let s = scenario(
        SPIN,
        SMALL_BOX,
        r#"["3/2", "3/2", "3"]"#,
        r#"["0", "0", "-1"]"#,
    );
    let r = exact_sat(&s);
    assert!(!r.collides);
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
    let mut r = r;
    let parts = &solids(&mut r).parts;
    assert_eq!(parts.len(), 1, "one part for the two hulls");
    assert_eq!(
        parts[0].a.as_ref().map(Vec::len),
        Some(32),
        "every piece of the frame"
    );
    assert_eq!(parts[0].b, None, "the box itself");
    let refuted = |r: &ContactResult| matches!(referee(&s.query(), r), Verdict::Refuted { .. });
    // a piece of the frame left out of the hull's part
    let mut dropped = r.clone();
    solids(&mut dropped).parts[0]
        .a
        .as_mut()
        .expect("names")
        .pop();
    assert!(refuted(&dropped));
    // the hulls' directions reversed
    let mut reversed = r.clone();
    for piece in &mut solids(&mut reversed).parts[0].separation {
        piece.direction = piece.direction.map(|c| c.scale(&q(-1, 1)));
    }
    assert!(refuted(&reversed));
    // half a unit lower: the box's bottom ends at z = 5/4, a quarter above
    // the top; the same answer by the hulls
    let lower = scenario(
        SPIN,
        SMALL_BOX,
        r#"["3/2", "3/2", "5/2"]"#,
        r#"["0", "0", "-1"]"#,
    );
    let r = exact_sat(&lower);
    assert!(!r.collides);
    assert_eq!(referee(&lower.query(), &r), Verdict::Certified);
    // f64 agrees
    let f = solve(
        &lower.query(),
        Method::Sat,
        ScalarKind::F64,
        &SolveOptions::default(),
    )
    .expect("an f64 answer");
    assert!(!f.collides);
}

#[test]
fn tampered_spin_certificates_by_parts_are_refuted() {
    let s = scenario(
        SPIN,
        SMALL_BOX,
        r#"["7/4", "3/2", "3"]"#,
        r#"["0", "0", "-4"]"#,
    );
    let r = exact_sat(&s);
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
    let refuted = |r: &ContactResult| matches!(referee(&s.query(), r), Verdict::Refuted { .. });
    let mut dropped = r.clone();
    solids(&mut dropped).parts.remove(3);
    assert!(refuted(&dropped));
    // the witness named in another piece of the frame (a far bottom one)
    let mut renamed = r.clone();
    solids(&mut renamed).witness_pieces[0] = Some((4, 0));
    assert!(refuted(&renamed));
    // a separating direction reversed
    let mut reversed = r.clone();
    let piece = &mut solids(&mut reversed)
        .parts
        .iter_mut()
        .find(|p| !p.separation.is_empty())
        .expect("a part with pieces")
        .separation[0];
    piece.direction = piece.direction.map(|c| c.scale(&q(-1, 1)));
    assert!(refuted(&reversed));
}

#[test]
fn a_convex_mesh_of_more_than_sixty_four_vertices_is_certified_by_parts() {
    // a prism over 41 rational points of the unit circle ((1 - u^2, 2u) /
    // (1 + u^2), u = k/4 for k = -20..=20, in angle order): 82 vertices,
    // beyond the hull check's 64; the box's face x = 3 - 1/4 - 4t meets
    // its edge x = 1 (u = 0) at t = 7/16
    let n = 41;
    let circle: Vec<(BigRational, BigRational)> = (-20..=20)
        .map(|k| {
            let u = q(k, 4);
            let d = q(1, 1) + &u * &u;
            ((q(1, 1) - &u * &u) / &d, (q(2, 1) * &u) / &d)
        })
        .collect();
    let point = |(x, y): &(BigRational, BigRational), z: i64| format!(r#"["{x}", "{y}", "{z}"]"#);
    let vertices: Vec<String> = (0..2)
        .flat_map(|z| circle.iter().map(move |p| point(p, z)))
        .collect();
    let mut faces = vec![(0..n).rev().collect::<Vec<usize>>(), (n..2 * n).collect()];
    for i in 0..n {
        let j = (i + 1) % n;
        faces.push(vec![i, j, n + j, n + i]);
    }
    let text = format!(
        r#"{{"format": "exactccd/scenario-v1",
            "a": {{"shape": {{"mesh": {{"vertices": [{}], "faces": {:?}}}}}}},
            "b": {{"shape": {SMALL_BOX}, "pose": {{"translation": ["3", "1/10", "1/2"]}},
                  "motion": {{"linear": {{"velocity": ["-4", "0", "0"]}}}}}}}}"#,
        vertices.join(", "),
        faces
    );
    let s = parse_scenario(&text, None, &LoadOptions::default()).expect("a valid scenario");
    certified(&s, Some(q(7, 16)));
}

fn exact_glide(s: &Scenario) -> ContactResult {
    solve(
        &s.query(),
        Method::Glide,
        ScalarKind::Exact,
        &SolveOptions::default(),
    )
    .expect("an exact glide answer")
}

/// Glide's exact answers on the frame (not convex) carry certificates by
/// parts built without glide's decisions: under translations the SAT mesh
/// solver's when its first contact is glide's, so the four cases of
/// `a_box_through_the_frame_and_onto_it` (no contact, 7/16, 1/8, nested at
/// 0) and the rod's (none, 1/4) are certified with their hand-derived times.
#[test]
fn glide_answers_on_the_frame_under_translations_are_certified_by_parts() {
    let at_rest = r#""static""#;
    for (shape, at, velocity, want) in [
        (
            SMALL_BOX,
            r#"["3/2", "3/2", "3"]"#,
            r#"["0", "0", "-4"]"#,
            None,
        ),
        (
            SMALL_BOX,
            r#"["2", "3/2", "3"]"#,
            r#"["0", "0", "-4"]"#,
            Some(q(7, 16)),
        ),
        (
            SMALL_BOX,
            r#"["3/2", "3/2", "1/2"]"#,
            r#"["2", "0", "0"]"#,
            Some(q(1, 8)),
        ),
        (
            SMALL_BOX,
            r#"["1/2", "3/2", "1/2"]"#,
            r#"["0", "0", "1/8"]"#,
            Some(q(0, 1)),
        ),
        (ROD, r#"["3/2", "3/2", "0"]"#, r#"["0", "0", "1"]"#, None),
        (
            ROD,
            r#"["3/2", "3/2", "0"]"#,
            r#"["1", "0", "0"]"#,
            Some(q(1, 4)),
        ),
    ] {
        let s = scenario(at_rest, shape, at, velocity);
        let r = exact_glide(&s);
        assert_eq!(time(&r), want, "{at} {velocity}");
        assert!(
            r.certificate.as_ref().is_some_and(|c| c.solids.is_some()),
            "{at} {velocity}: a certificate by parts"
        );
        assert_eq!(
            referee(&s.query(), &r),
            Verdict::Certified,
            "{at} {velocity}"
        );
    }
}

/// The L prism (not convex: `l_shape_mesh`) at rest and the small box in
/// its notch, moved by `poses` a quarter turn about the vertical line
/// through the reflex edge `(1, 1)` while it rises by 1/8 (a general
/// screw: glide's mixed events). Its corner at `(1/4, 3/4)` from the edge
/// reaches the arm's wall `x = 1` first, after a turn of `atan(1/3)`, at
/// `t = 2 atan(1/3) / pi` (0.20483276469913345164919784755..., 40 digits
/// by mpmath; the rise keeps the box within the prism's height). Glide's
/// enclosure holds it and is certified by the cells' parts for glide's
/// own claim; SAT's holds it too; moved later, or with a part dropped, it
/// is refuted.
#[test]
fn glide_answers_on_an_l_prism_under_a_general_screw_are_certified_by_parts() {
    let text = r#"{"format": "exactccd/scenario-v1",
        "a": {"shape": {"mesh": {"vertices": [["0","0","0"],["2","0","0"],["2","1","0"],["1","1","0"],["1","2","0"],["0","2","0"],
                                              ["0","0","1"],["2","0","1"],["2","1","1"],["1","1","1"],["1","2","1"],["0","2","1"]],
                                 "faces": [[5,4,3,2,1,0],[6,7,8,9,10,11],[0,1,7,6],[1,2,8,7],[2,3,9,8],[3,4,10,9],[4,5,11,10],[5,0,6,11]]}}},
        "b": {"shape": {"box": {"half_extents": ["1/4", "1/4", "1/4"]}}, "pose": {"translation": ["3/2", "3/2", "1/2"]},
              "motion": {"poses": {"end": {"quaternion": ["1", "0", "0", "1"], "translation": ["1/2", "3/2", "5/8"]}}}}}"#;
    let s = parse_scenario(text, None, &LoadOptions::default()).expect("a valid scenario");
    let truth = |r: &ContactResult| {
        let Some(Time::Enclosure { lower, upper }) = &r.time else {
            panic!("{:?}", r.time)
        };
        let below = BigRational::new(
            204_832_764_699_133_451i64.into(),
            1_000_000_000_000_000_000i64.into(),
        );
        let above = &below + q(1, 1_000_000_000_000_000_000);
        assert!(*lower <= above && below <= *upper, "[{lower}, {upper}]");
        assert!(
            upper - lower <= q(1, 1 << 60),
            "[{lower}, {upper}] is too wide"
        );
    };
    let r = exact_glide(&s);
    truth(&r);
    assert!(r.certificate.as_ref().is_some_and(|c| c.solids.is_some()));
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
    truth(&exact_sat(&s));
    let refuted = |r: &ContactResult| matches!(referee(&s.query(), r), Verdict::Refuted { .. });
    let mut later = r.clone();
    later.time = Some(Time::Enclosure {
        lower: q(1, 4),
        upper: q(1, 4),
    });
    assert!(refuted(&later));
    let mut dropped = r.clone();
    let parts = &mut solids(&mut dropped).parts;
    let k = parts
        .iter()
        .position(|p| !p.separation.is_empty())
        .expect("a part with pieces");
    parts.remove(k);
    assert!(refuted(&dropped));
}

/// The frame spinning (SPIN, 3 radians per unit time about its centre's
/// vertical line) from `t0 = 1/5`, where its placement is transcendental
/// (turned by 3/5), and a small box at rest inside its bar there: the box
/// sits at `(27/40, 37/40, 1/2)`, within `0.02` of where the bar's middle
/// `(1/2, 3/2, 1/2)` has turned to (`(3/2 - cos 3/5, 3/2 - sin 3/5)`), so
/// its half-diagonal `0.18` keeps it inside the bar, whose nearest faces
/// are `1/2` away. The solids are nested at `t0` with no surfaces
/// touching: contact at exactly `1/5`, certified by a point of the box
/// (its centre, local coordinates) inside the frame's enclosed placement;
/// moved out of the box, the witness is refuted.
#[test]
fn solids_nested_at_a_transcendental_start_touch_there_certified() {
    let text = format!(
        r#"{{"format": "exactccd/scenario-v1", "interval": ["1/5", "1"],
            "a": {{"shape": {FRAME}, "motion": {SPIN}}},
            "b": {{"shape": {{"box": {{"half_extents": ["1/8", "1/8", "1/8"]}}}},
                  "pose": {{"translation": ["27/40", "37/40", "1/2"]}}}}}}"#
    );
    let s = parse_scenario(&text, None, &LoadOptions::default()).expect("a valid scenario");
    let r = exact_sat(&s);
    assert!(r.collides && r.initially_overlapping);
    assert!(
        matches!(&r.time, Some(Time::Exact(t)) if t.as_rational() == Some(&q(1, 5))),
        "{:?}",
        r.time
    );
    assert_eq!(referee(&s.query(), &r), Verdict::Certified);
    let mut moved = r.clone();
    let witness = moved
        .certificate
        .as_mut()
        .and_then(|c| c.contact.as_mut())
        .expect("a witness");
    witness.point.x = witness.point.x.clone() + exactccd::poly::Poly::from_coeffs(vec![q(1, 2)]);
    assert!(matches!(
        referee(&s.query(), &moved),
        Verdict::Refuted { .. }
    ));
}
