//! `check_claim`: a deliberately wrong claim of each kind is refuted (exact
//! claims) or classified as wrong (f64 claims); right claims pass.

use crate::strategies;

use exactccd::claims::{certified_truth, check_claim, Claim, ClaimVerdict};
use exactccd::contact::{Certificate, ContactResult, PieceEnd, SeparationPiece, Time};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::geom::Vec3;
use exactccd::poly::{Poly, RealAlgebraic};
use exactccd_oracle::FloatClass;
use strategies::q;

/// A scenario with an exactly known first contact time and its value.
fn scenario_with_time() -> (
    exactccd::scenario::Scenario,
    f64,
    exactccd::scalar::BigRational,
) {
    let s = generate(4, 2, ScenarioClass::FlushSliding);
    let t = s.expect.as_ref().unwrap().time.clone().unwrap();
    (s, exactccd::scalar::rational_to_f64(&t), t)
}

#[test]
fn f64_claims_get_their_class() {
    let (s, t, _) = scenario_with_time();
    let float = |collides, time| Claim::Float { collides, time };
    assert_eq!(
        check_claim(&s, &float(true, Some(t)), 1e-9),
        FloatClass::Agrees
    );
    assert!(matches!(
        check_claim(&s, &float(true, Some(t + 0.01)), 1e-9),
        ClaimVerdict::Float { class: FloatClass::Late { dt }, .. } if (dt - 0.01).abs() < 1e-9
    ));
    assert!(matches!(
        check_claim(&s, &float(true, Some(t - 0.01)), 1e-9),
        ClaimVerdict::Float {
            class: FloatClass::Early { .. },
            ..
        }
    ));
    assert_eq!(
        check_claim(&s, &float(false, None), 1e-9),
        FloatClass::Missed
    );
    assert!(matches!(
        check_claim(&s, &Claim::Failed("NaN".into()), 1e-9),
        ClaimVerdict::Float {
            class: FloatClass::Failed(_),
            ..
        }
    ));
    // a near miss by 2^-k: any claimed contact is a phantom
    let miss = generate(4, 3, ScenarioClass::NearMiss);
    assert_eq!(
        check_claim(&miss, &float(true, Some(0.5)), 1e-9),
        FloatClass::Phantom
    );
}

fn exact_claim(time: Option<exactccd::scalar::BigRational>) -> Claim {
    Claim::Exact(Box::new(ContactResult {
        collides: time.is_some(),
        time: time.map(|t| Time::Exact(RealAlgebraic::from_rational(t))),
        ..ContactResult::default()
    }))
}

#[test]
fn exact_claims_are_certified_or_refuted() {
    let (s, _, t) = scenario_with_time();
    assert_eq!(
        check_claim(&s, &exact_claim(Some(t.clone())), 0.0),
        ClaimVerdict::Certified
    );
    for wrong in [t.clone() + q(1, 1_000_000), t.clone() - q(1, 1_000_000)] {
        match check_claim(&s, &exact_claim(Some(wrong)), 0.0) {
            ClaimVerdict::Refuted {
                counterexample: Some(c),
                ..
            } => {
                // the counterexample is the true time (its lower bracket)
                assert!(&t - &c < q(1, 1 << 40) && c <= t);
            }
            v => panic!("{v:?}"),
        }
    }
    assert!(matches!(
        check_claim(&s, &exact_claim(None), 0.0),
        ClaimVerdict::Refuted { .. }
    ));
    let miss = generate(4, 3, ScenarioClass::NearMiss);
    assert!(matches!(
        check_claim(&miss, &exact_claim(Some(q(1, 2))), 0.0),
        ClaimVerdict::Refuted { .. }
    ));
    assert_eq!(
        check_claim(&miss, &exact_claim(None), 0.0),
        ClaimVerdict::Certified
    );
}

#[test]
fn certificates_are_checked_by_the_referee_alone() {
    let (s, _, _) = scenario_with_time();
    let truth = certified_truth(&s).unwrap();
    assert!(truth.certificate.is_some());
    assert_eq!(
        check_claim(&s, &Claim::Exact(Box::new(truth.clone())), 0.0),
        ClaimVerdict::Certified
    );
    // a bogus certificate: a separating direction that separates nothing
    let mut bogus = truth.clone();
    let c = bogus.certificate.get_or_insert_with(Certificate::default);
    c.separation = vec![SeparationPiece {
        body_fixed: None,
        about_axis: None,
        from: q(0, 1),
        to: PieceEnd::BeforeContact,
        direction: Vec3::new(Poly::zero(), Poly::zero(), Poly::constant(q(1, 1))),
        label: "a made-up axis".into(),
    }];
    assert!(matches!(
        check_claim(&s, &Claim::Exact(Box::new(bogus)), 0.0),
        ClaimVerdict::Refuted { .. }
    ));
    // the wrong feature: a witness point that is not in both solids
    let mut wrong_feature = truth;
    if let Some(w) = wrong_feature
        .certificate
        .as_mut()
        .and_then(|c| c.contact.as_mut())
    {
        w.point = Vec3::new(
            Poly::constant(q(1000, 1)),
            Poly::constant(q(1000, 1)),
            Poly::constant(q(1000, 1)),
        );
    }
    assert!(matches!(
        check_claim(&s, &Claim::Exact(Box::new(wrong_feature)), 0.0),
        ClaimVerdict::Refuted { .. }
    ));
}

/// A mesh scenario: `mesh` (vertices, faces) at rest, the box of half
/// extent 1/4 at `(x, 1/4, 1/4)` moving by `(-4, 0, 0)`.
fn mesh_against_a_box(vertices: &str, faces: &str, x: &str) -> exactccd::scenario::Scenario {
    let text = format!(
        r#"{{"format": "exactccd/scenario-v1",
            "a": {{"shape": {{"mesh": {{"vertices": {vertices}, "faces": {faces}}}}}}},
            "b": {{"shape": {{"box": {{"half_extents": ["1/4", "1/4", "1/4"]}}}},
                  "pose": {{"translation": ["{x}", "1/4", "1/4"]}},
                  "motion": {{"linear": {{"velocity": ["-4", "0", "0"]}}}}}}}}"#
    );
    exactccd::scenario::parse_scenario(&text, None, &exactccd::scenario::LoadOptions::default())
        .expect("a valid scenario")
}

#[test]
fn a_convex_mesh_is_judged_as_the_hull_of_its_vertices() {
    // the unit tetrahedron: the box's face x = 2 - 4t - 1/4 reaches the
    // tetrahedron's vertex (1, 0, 0) at t = 3/16
    let s = mesh_against_a_box(
        r#"[["0","0","0"],["1","0","0"],["0","1","0"],["0","0","1"]]"#,
        "[[0,2,1],[0,1,3],[1,2,3],[0,3,2]]",
        "2",
    );
    let truth = certified_truth(&s).expect("a certified truth");
    assert!(matches!(
        &truth.time,
        Some(Time::Exact(t)) if t.as_rational() == Some(&q(3, 16))
    ));
    assert!(truth.certificate.is_some());
    assert_eq!(
        check_claim(&s, &exact_claim(Some(q(3, 16))), 0.0),
        ClaimVerdict::Certified
    );
    for wrong in [
        Some(q(3, 16) + q(1, 1 << 30)),
        Some(q(3, 16) - q(1, 1 << 30)),
        None,
    ] {
        assert!(matches!(
            check_claim(&s, &exact_claim(wrong), 0.0),
            ClaimVerdict::Refuted { .. }
        ));
    }
    let float = Claim::Float {
        collides: true,
        time: Some(0.1875),
    };
    assert_eq!(check_claim(&s, &float, 1e-9), FloatClass::Agrees);
}

#[test]
fn a_non_convex_mesh_with_non_convex_faces_is_certified() {
    // an L-shaped prism, ([0,2]x[0,1] u [0,1]x[0,2]) x [0,1], non-convex
    // (the notch x, y in (1, 2]), its top and bottom non-convex hexagons;
    // the box reaches its face x = 2 at 3 - 1/4 - 4t = 2, t = 3/16
    let s = mesh_against_a_box(
        r#"[["0","0","0"],["2","0","0"],["2","1","0"],["1","1","0"],["1","2","0"],["0","2","0"],
            ["0","0","1"],["2","0","1"],["2","1","1"],["1","1","1"],["1","2","1"],["0","2","1"]]"#,
        "[[5,4,3,2,1,0],[6,7,8,9,10,11],[0,1,7,6],[1,2,8,7],[2,3,9,8],[3,4,10,9],[4,5,11,10],[5,0,6,11]]",
        "3",
    );
    assert_eq!(
        check_claim(&s, &exact_claim(Some(q(3, 16))), 0.0),
        ClaimVerdict::Certified
    );
    for wrong in [Some(q(3, 16) + q(1, 1 << 30)), None] {
        assert!(matches!(
            check_claim(&s, &exact_claim(wrong), 0.0),
            ClaimVerdict::Refuted { .. }
        ));
    }
}

/// Random tetrahedra (a small linear congruential sequence) at rest or
/// translating, against boxes aimed near them: every exact answer of SAT
/// and of glide carries a certificate the referee certifies, and the two
/// agree.
#[test]
fn exact_answers_on_random_convex_meshes_are_certified() {
    use exactccd::{solve, Method, ScalarKind, SolveOptions};
    let mut state: u64 = 2029;
    let mut next = |m: i64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % (2 * m as u64 + 1)) as i64 - m
    };
    let det = |a: [i64; 3], b: [i64; 3], c: [i64; 3]| {
        a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0])
    };
    let (mut cases, mut contacts) = (0, 0);
    while cases < 24 {
        let mut p: Vec<[i64; 3]> = (0..4).map(|_| [next(3), next(3), next(3)]).collect();
        let d = |i: usize| [0, 1, 2].map(|k| p[i][k] - p[0][k]);
        let volume = det(d(1), d(2), d(3));
        if volume == 0 {
            continue;
        }
        if volume < 0 {
            p.swap(1, 2);
        }
        let text = |v: &[i64]| format!("{:?}", v.iter().map(|x| x.to_string()).collect::<Vec<_>>());
        let start = [next(9), next(9), next(9)];
        let velocity: Vec<i64> = start.iter().map(|s| -2 * s + next(2)).collect();
        let scenario = format!(
            r#"{{"format": "exactccd/scenario-v1",
                "a": {{"shape": {{"mesh": {{"vertices": [{}],
                                          "faces": [[0,2,1],[0,1,3],[1,2,3],[0,3,2]]}}}},
                      "motion": {{"linear": {{"velocity": {}}}}}}},
                "b": {{"shape": {{"box": {{"half_extents": ["1/2", "3/4", "1"]}}}},
                      "pose": {{"translation": {}, "quaternion": ["1", "1", "0", "2"]}},
                      "motion": {{"linear": {{"velocity": {}}}}}}}}}"#,
            p.iter().map(|v| text(v)).collect::<Vec<_>>().join(","),
            text(&[next(1), next(1), next(1)]),
            text(&start),
            text(&velocity),
        );
        let s = exactccd::scenario::parse_scenario(
            &scenario,
            None,
            &exactccd::scenario::LoadOptions::default(),
        )
        .expect("a valid scenario");
        let answers: Vec<ContactResult> = [Method::Sat, Method::Glide]
            .map(|m| {
                solve(&s.query(), m, ScalarKind::Exact, &SolveOptions::default())
                    .expect("an exact answer")
            })
            .to_vec();
        for answer in &answers {
            assert!(answer.certificate.is_some(), "{scenario}");
            assert_eq!(
                check_claim(&s, &Claim::Exact(Box::new(answer.clone())), 0.0),
                ClaimVerdict::Certified,
                "{scenario}"
            );
        }
        assert_eq!(answers[0].time, answers[1].time, "{scenario}");
        contacts += usize::from(answers[0].collides);
        cases += 1;
    }
    // both outcomes occur
    assert!((4..=20).contains(&contacts), "{contacts} contacts of 24");
}
