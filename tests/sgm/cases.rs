//! Hand-derived SGM cases (the SGM paper): a linear FV entry and exit (like the
//! paper's Fig. 5), a degree-2 rational rotation touching at `t0`, contact
//! at `t1`, axis-aligned edge and flush contacts, a miss; every expected
//! time derived by hand in the comments and asserted exactly. Exact first
//! times are also checked against a small exact static overlap test written
//! here (not the SAT solver), and `f64` against exact.

use exactccd::contact::{solve, ContactResult, Method, ScalarKind, SolveOptions, Time};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::geom::Vec3;
use exactccd::motion::{Body, PolyMotion};
use exactccd::poly::RealAlgebraic;
use exactccd::referee::referee;
use exactccd::scalar::{parse_number, BigRational};
use exactccd::scenario::{parse_scenario, LoadOptions, Scenario};
use exactccd_oracle::Verdict;
use num_traits::{One, Signed, Zero};

fn q(s: &str) -> BigRational {
    parse_number(s).unwrap()
}

fn load(text: &str, scalar: ScalarKind) -> Scenario {
    parse_scenario(text, None, &LoadOptions::for_scalar(scalar)).unwrap()
}

fn run(text: &str) -> (Scenario, ContactResult) {
    let s = load(text, ScalarKind::Exact);
    let r = solve(
        &s.query(),
        Method::Sgm,
        ScalarKind::Exact,
        &SolveOptions::default(),
    )
    .unwrap();
    assert_eq!(referee(&s.query(), &r), Verdict::Certified, "{r:?}");
    let f = load(text, ScalarKind::F64);
    let rf = solve(
        &f.query(),
        Method::Sgm,
        ScalarKind::F64,
        &SolveOptions::default(),
    )
    .unwrap();
    assert_eq!(rf.collides, r.collides);
    if let (Some(Time::Float(x)), Some(Time::Exact(e))) = (&rf.time, &r.time) {
        assert!(
            (x - e.to_f64()).abs() < 1e-9,
            "f64 {x} vs exact {}",
            e.to_f64()
        );
    }
    (s, r)
}

fn rational(t: &Time) -> BigRational {
    match t {
        Time::Exact(r) => r.as_rational().expect("rational time").clone(),
        other => panic!("{other:?}"),
    }
}

fn intervals(r: &ContactResult) -> Vec<(BigRational, BigRational)> {
    r.contact_intervals
        .iter()
        .map(|(a, b)| (rational(a), rational(b)))
        .collect()
}

fn feature(r: &ContactResult) -> (String, String, String) {
    let f = r.feature.as_ref().expect("feature");
    (f.kind.to_string(), f.a.to_string(), f.b.to_string())
}

const CUBE: &str = r#"{ "box": { "half_extents": ["1", "1", "1"] } }"#;

/// `b`: a box of half extent 1/4 turned by the quaternion (2, 1, 1, 1)
/// (`R = [[3, -2, 6], [6, 3, -2], [-2, 6, 3]] / 7`) moving along `-x` at
/// speed 20 from `x = 10`.
fn fv_scenario(t1: &str) -> String {
    format!(
        r#"{{ "format": "exactccd/scenario-v1", "interval": ["0", "{t1}"],
  "a": {{ "shape": {CUBE} }},
  "b": {{ "shape": {{ "box": {{ "half_extents": ["1/4", "1/4", "1/4"] }} }},
         "pose": {{ "quaternion": ["2", "1", "1", "1"], "translation": ["10", "0", "0"] }},
         "motion": {{ "linear": {{ "velocity": ["-20", "0", "0"] }} }} }} }}"#
    )
}

#[test]
fn linear_face_vertex_entry_and_exit() {
    // b's half width along x is (|3| + |-2| + |6|) / 7 / 4 = 11/28. Entry:
    // 10 - 20 t - 11/28 = 1, t = 241/560; exit: 10 - 20 t + 11/28 = -1,
    // t = 319/560. The vertex of b furthest along -x has the signs of
    // -(3, -2, 6): (-,+,-); it lies at y = -1/28, z = 5/28, inside face +x.
    let (_, r) = run(&fv_scenario("1"));
    assert!(r.collides && !r.initially_overlapping);
    assert_eq!(rational(r.time.as_ref().unwrap()), q("241/560"));
    assert_eq!(intervals(&r), vec![(q("241/560"), q("319/560"))]);
    assert_eq!(
        feature(&r),
        (
            "face-vertex".into(),
            "face +x".into(),
            "vertex (-,+,-)".into()
        )
    );
    // the contact normal from a to b is +x; the point is b's vertex
    let n = r.normal.unwrap();
    assert!((n[0] - 1.0).abs() < 1e-12 && n[1].abs() < 1e-12 && n[2].abs() < 1e-12);
    let p = r.point.unwrap();
    assert!(
        (p[0] - 1.0).abs() < 1e-12 && (p[1] + 1.0 / 28.0).abs() < 1e-12,
        "{p:?}"
    );
    let stats = serde_json::to_value(r.stats.as_ref().unwrap()).unwrap();
    assert_eq!(stats["homogeneous_intervals"], 1);
    assert_eq!(stats["max_plane_degree"], 1);
}

#[test]
fn contact_exactly_at_t1() {
    // The same motion cut at the entry time: one touching instant at t1.
    let (_, r) = run(&fv_scenario("241/560"));
    assert!(r.collides && !r.initially_overlapping);
    assert_eq!(intervals(&r), vec![(q("241/560"), q("241/560"))]);
    // and just before it, nothing
    let (_, r) = run(&fv_scenario("240/560"));
    assert!(!r.collides);
    assert!(r.contact_intervals.is_empty());
}

#[test]
fn degree_two_rotation_touching_at_t0() {
    // A bar of half extents (2, 1/4, 1/4) centred at (3, 0, 0) turns about z
    // with the quaternion (1, 0, 0, t): cos = (1 - t^2) / (1 + t^2), sin =
    // 2 t / (1 + t^2). Its point furthest along -x is at x = 3 - 2 cos -
    // sin / 4, which is 1 at t = 0 (face against face) and again where
    // 2 (1 - t^2) + t / 2 = 2 (1 + t^2), i.e. t = 1/8; in between it is
    // below 1 (overlap), after it above.
    let text = r#"{ "format": "exactccd/scenario-v1", "interval": ["0", "1"],
      "a": { "shape": { "box": { "half_extents": ["1", "1", "1"] } } },
      "b": { "shape": { "box": { "half_extents": ["2", "1/4", "1/4"] } },
             "motion": { "rational": { "quaternion": ["1", "0", "0", ["0", "1"]],
                                       "translation": ["3", "0", "0"] } } } }"#;
    let (_, r) = run(text);
    assert!(r.collides && r.initially_overlapping);
    assert_eq!(rational(r.time.as_ref().unwrap()), q("0"));
    assert_eq!(intervals(&r), vec![(q("0"), q("1/8"))]);
    assert_eq!(
        feature(&r),
        ("face-face".into(), "face +x".into(), "face -x".into())
    );
    assert!(
        serde_json::to_value(r.stats.as_ref().unwrap()).unwrap()["max_plane_degree"]
            .as_u64()
            .unwrap()
            >= 2
    );
}

#[test]
fn axis_aligned_edges_touch_at_one_instant() {
    // Centre (4 - 4 t, 4 t, 0): |dx| <= 2 from t = 1/2 on, |dy| <= 2 up to
    // t = 1/2, so the edges (+,+,*) of a and (-,-,*) of b touch at 1/2 only.
    let text = format!(
        r#"{{ "format": "exactccd/scenario-v1", "interval": ["0", "1"],
      "a": {{ "shape": {CUBE} }},
      "b": {{ "shape": {CUBE}, "pose": {{ "translation": ["4", "0", "0"] }},
             "motion": {{ "linear": {{ "velocity": ["-4", "4", "0"] }} }} }} }}"#
    );
    let (_, r) = run(&text);
    assert_eq!(intervals(&r), vec![(q("1/2"), q("1/2"))]);
    assert_eq!(
        feature(&r),
        (
            "edge-edge".into(),
            "edge (+,+,*)".into(),
            "edge (-,-,*)".into()
        )
    );
}

#[test]
fn flush_faces_slide_over_each_other() {
    // Centre (-5 + 10 t, 2, 0): faces y = 1 flush; |dx| <= 2 for t in
    // [3/10, 7/10]. At 3/10 the edges (-,+,*) of a and (+,-,*) of b meet.
    let text = format!(
        r#"{{ "format": "exactccd/scenario-v1", "interval": ["0", "1"],
      "a": {{ "shape": {CUBE} }},
      "b": {{ "shape": {CUBE}, "pose": {{ "translation": ["-5", "2", "0"] }},
             "motion": {{ "linear": {{ "velocity": ["10", "0", "0"] }} }} }} }}"#
    );
    let (_, r) = run(&text);
    assert_eq!(intervals(&r), vec![(q("3/10"), q("7/10"))]);
    assert_eq!(
        feature(&r),
        (
            "edge-edge".into(),
            "edge (-,+,*)".into(),
            "edge (+,-,*)".into()
        )
    );
}

#[test]
fn near_miss_is_separated_and_certified() {
    // Centre (-5 + 10 t, 2 + 1/1024, 0): a gap of 1/1024 all along.
    let text = format!(
        r#"{{ "format": "exactccd/scenario-v1", "interval": ["0", "1"],
      "a": {{ "shape": {CUBE} }},
      "b": {{ "shape": {CUBE}, "pose": {{ "translation": ["-5", "2049/1024", "0"] }},
             "motion": {{ "linear": {{ "velocity": ["10", "0", "0"] }} }} }} }}"#
    );
    let (_, r) = run(&text);
    assert!(!r.collides && r.time.is_none() && r.contact_intervals.is_empty());
    assert!(!r.certificate.unwrap().separation.is_empty());
}

#[test]
fn triangles_and_shearing_motions_are_not_applicable() {
    let tri = r#"{ "format": "exactccd/scenario-v1",
      "a": { "shape": { "triangle": [["0","0","0"],["1","0","0"],["0","1","0"]] } },
      "b": { "shape": { "box": { "half_extents": ["1", "1", "1"] } } } }"#;
    let s = load(tri, ScalarKind::Exact);
    let e = solve(
        &s.query(),
        Method::Sgm,
        ScalarKind::Exact,
        &SolveOptions::default(),
    );
    assert!(
        matches!(e, Err(ref err) if err.is_not_applicable() && err.reason().contains("triangle")),
        "{e:?}"
    );
    let affine = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/refused/sgm-paper-linear-affine.json"
    ))
    .unwrap();
    let s = load(&affine, ScalarKind::Exact);
    let e = solve(
        &s.query(),
        Method::Sgm,
        ScalarKind::Exact,
        &SolveOptions::default(),
    );
    assert!(
        matches!(e, Err(ref err) if err.is_not_applicable() && err.reason().contains("orthogonal")),
        "{e:?}"
    );
}

/// The box of a body at rational `t`: centre and the three half-axis
/// vectors, exact.
fn world_box(body: &Body, t: &BigRational) -> (Vec3<BigRational>, [Vec3<BigRational>; 3]) {
    let h = match &body.shape {
        exactccd::geom::Shape::Box(b) => b.half_extents.clone(),
        _ => unreachable!(),
    };
    let m = PolyMotion::from_body_on(body, &BigRational::zero()).unwrap();
    let (l, c) = m.eval_at(t);
    (c, std::array::from_fn(|j| l.col(j).scale(&h[j])))
}

/// Exact static overlap of two closed boxes (written here, independent of
/// the solvers): no separating direction among the 15 face normals and
/// edge cross products.
fn boxes_overlap(a: &Body, b: &Body, t: &BigRational) -> bool {
    let (ca, ua) = world_box(a, t);
    let (cb, ub) = world_box(b, t);
    let d = &cb - &ca;
    let mut axes: Vec<Vec3<BigRational>> = ua.iter().chain(ub.iter()).cloned().collect();
    for x in &ua {
        for y in &ub {
            axes.push(x.cross(y));
        }
    }
    axes.iter().all(|l| {
        let r: BigRational = ua.iter().chain(ub.iter()).map(|u| l.dot(u).abs()).sum();
        l.dot(&d).abs() <= r
    })
}

#[test]
fn exact_first_times_bracket_overlap_and_separation() {
    // At the bracket's upper end (when the contact lasts beyond it) the
    // boxes overlap; just below its lower end they are apart.
    let mut checked = 0;
    for class in [
        ScenarioClass::RationalRotation(1),
        ScenarioClass::RationalRotation(2),
        ScenarioClass::Linear,
    ] {
        for index in 0..30 {
            let s = generate(9, index, class);
            let qy = s.query();
            let r = solve(
                &qy,
                Method::Sgm,
                ScalarKind::Exact,
                &SolveOptions::default(),
            )
            .unwrap();
            let (Some(Time::Exact(t)), false) = (&r.time, r.initially_overlapping) else {
                continue;
            };
            let (lo, hi) = t.bracket(40);
            let end = match &r.contact_intervals[0].1 {
                Time::Exact(e) => e.clone(),
                _ => unreachable!(),
            };
            let eps = BigRational::new(BigRational::one().numer().clone(), (1u64 << 40).into());
            let below = &lo - &eps;
            assert!(
                !boxes_overlap(s.a(), s.b(), &below),
                "{class} #{index}: overlap before T"
            );
            if end > RealAlgebraic::from_rational(hi.clone()) {
                assert!(
                    boxes_overlap(s.a(), s.b(), &hi),
                    "{class} #{index}: no overlap after T"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked}");
}

#[test]
fn far_apart_intervals_are_pruned_by_the_spheres_and_certified() {
    // b (half extents 1) passes at distance 10 from a: the centres stay
    // more than R = |e| + |f| ~ 3.47 apart, so the single homogeneous
    // interval is pruned, and the certificate is the sphere direction.
    let text = format!(
        r#"{{ "format": "exactccd/scenario-v1", "interval": ["0", "1"],
      "a": {{ "shape": {CUBE} }},
      "b": {{ "shape": {CUBE}, "pose": {{ "quaternion": ["2", "1", "1", "1"], "translation": ["-5", "10", "0"] }},
             "motion": {{ "linear": {{ "velocity": ["10", "0", "0"] }} }} }} }}"#
    );
    let (_, r) = run(&text);
    assert!(!r.collides);
    let stats = serde_json::to_value(r.stats.as_ref().unwrap()).unwrap();
    assert_eq!(stats["pruned_by_sphere"], 1);
    assert_eq!(stats["planes"], 0);
    let c = r.certificate.unwrap();
    assert_eq!(c.separation.len(), 1);
    assert_eq!(c.separation[0].label, "bounding spheres");
    // A bar turning (quaternion (1, t - 1, 0, t)) while passing through a
    // along x from 8 to -4: the first homogeneous interval is far away and
    // pruned, the second holds the contact, and the answer agrees with SAT.
    let text = r#"{ "format": "exactccd/scenario-v1", "interval": ["0", "3"],
      "a": { "shape": { "box": { "half_extents": ["1", "1", "1"] } } },
      "b": { "shape": { "box": { "half_extents": ["2", "1/4", "1/4"] } },
             "motion": { "rational": { "quaternion": ["1", ["-1", "1"], "0", ["0", "1"]],
                                       "translation": [["8", "-4"], "0", "0"] } } } }"#;
    let (s, r) = run(text);
    let sat = solve(
        &s.query(),
        Method::Sat,
        ScalarKind::Exact,
        &SolveOptions::default(),
    )
    .unwrap();
    assert_eq!(r.collides, sat.collides);
    assert_eq!(r.time, sat.time);
    assert_eq!(r.contact_intervals, sat.contact_intervals);
    let st = serde_json::to_value(r.stats.as_ref().unwrap()).unwrap();
    assert!(r.collides);
    assert_eq!(st["homogeneous_intervals"], 2, "{st}");
    assert_eq!(st["pruned_by_sphere"], 1, "{st}");
}

#[test]
fn axis_scaled_turned_a_is_certified_through_the_cofactor_map() {
    // a: the unit cube turned by (3/5, 4/5) about z and stretched along its
    // own x axis by 1 + t (a row_matrix whose axes stay orthogonal); b comes
    // along -x. The certificate's directions go through the cofactor
    // matrix of a's linear part; the referee checks them, and the first
    // time is bracketed by the exact overlap test written above.
    let text = r#"{ "format": "exactccd/scenario-v1", "interval": ["0", "1"],
      "a": { "shape": { "box": { "half_extents": ["1", "1", "1"] } },
             "motion": { "row_matrix": { "rows": [
                [["3/5", "3/5"], ["4/5", "4/5"], "0", "0"],
                ["-4/5", "3/5", "0", "0"],
                ["0", "0", "1", "0"],
                ["0", "0", "0", "1"] ] } } },
      "b": { "shape": { "box": { "half_extents": ["1/2", "1/2", "1/2"] } },
             "pose": { "translation": ["6", "0", "0"] },
             "motion": { "linear": { "velocity": ["-4", "0", "0"] } } } }"#;
    let (s, r) = run(text);
    assert!(r.collides && !r.initially_overlapping);
    let Some(Time::Exact(t)) = &r.time else {
        panic!("{r:?}")
    };
    let qy = s.query();
    let (lo, hi) = t.bracket(40);
    let eps = BigRational::new(1.into(), (1u64 << 40).into());
    assert!(!boxes_overlap(s.a(), s.b(), &(&lo - &eps)));
    assert!(boxes_overlap(s.a(), s.b(), &hi));
    // SAT refuses the affine a; SGM answers it.
    let sat = solve(
        &qy,
        Method::Sat,
        ScalarKind::Exact,
        &SolveOptions::default(),
    );
    assert!(matches!(sat, Err(ref e) if e.is_not_applicable()));
}
