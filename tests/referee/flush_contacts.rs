//! Contacts where the bodies meet flat against each other, so that many
//! feature pairs lie at the contact distance: two triangles meeting face
//! to face with only their edges crossing (no vertex of one in the other),
//! and a convex hull's face reaching a triangle at exactly the separation.
//! Both answers are certified by the referee; tampered copies are refuted.

use exactccd::contact::{solve, Method, ScalarKind, SolveOptions, Time};
use exactccd::geom::Vec3;
use exactccd::poly::Poly;
use exactccd::referee::referee;
use exactccd::scalar::BigRational;
use exactccd::{parse_scenario, ContactResult, LoadOptions};
use exactccd_oracle::Verdict;

fn q(text: &str) -> BigRational {
    text.parse().expect("a rational")
}

/// The exact answer of `method`, its time exactly `time`, and the referee's
/// verdict on it and on two tampered copies: the witness moved far away,
/// and the contact claimed at `early` with the same certificate.
fn certified_and_tamper_proof(text: &str, method: Method, time: &str, early: &str) {
    let s = parse_scenario(text, None, &LoadOptions::for_scalar(ScalarKind::Exact)).expect("valid");
    let query = s.query();
    let r = solve(&query, method, ScalarKind::Exact, &SolveOptions::default()).expect("answer");
    let Some(Time::Exact(t)) = &r.time else {
        panic!("{method:?}: an exact first contact")
    };
    assert_eq!(t.as_rational(), Some(&q(time)), "{method:?}");
    assert!(r.certificate.is_some(), "{method:?}: a certificate");
    assert_eq!(referee(&query, &r), Verdict::Certified, "{method:?}");

    let mut moved: ContactResult = r.clone();
    let witness = moved.certificate.as_mut().and_then(|c| c.contact.as_mut());
    let witness = witness.expect("a contact witness");
    let far = Poly::constant(q("1000"));
    witness.point = Vec3::new(far.clone(), far.clone(), far);
    assert!(
        matches!(referee(&query, &moved), Verdict::Refuted { .. }),
        "{method:?}"
    );

    let mut early_claim = r.clone();
    let early = exactccd::poly::RealAlgebraic::from_rational(q(early));
    early_claim.time = Some(Time::Exact(early.clone()));
    if let Some(c) = early_claim.contact_intervals.first_mut() {
        c.0 = Time::Exact(early);
    }
    assert!(
        matches!(referee(&query, &early_claim), Verdict::Refuted { .. }),
        "{method:?}"
    );
}

/// Two triangles in parallel planes, `b` inverted over `a` (a six-pointed
/// star seen from above), `b` moving down at speed 2 from height 1: they
/// meet face to face at `t = 1/2`, where the only common points on both
/// boundaries are the in-plane crossings of their edges.
const STAR: &str = r#"{"format":"exactccd/scenario-v1","interval":["0","1"],
 "a":{"shape":{"triangle":[["0","0","0"],["4","0","0"],["2","4","0"]]}},
 "b":{"shape":{"triangle":[["0","3","1"],["4","3","1"],["2","-1","1"]]},
      "motion":{"linear":{"velocity":["0","0","-2"]}}}}"#;

#[test]
fn coplanar_triangles_whose_edges_cross_are_certified() {
    certified_and_tamper_proof(STAR, Method::Sat, "1/2", "1/4");
    certified_and_tamper_proof(STAR, Method::Distance, "1/2", "1/4");
}

/// A generated touch (campaign class `shape-touch`): a convex hull whose
/// top face (a 1 by 2 rectangle) comes to exactly `d = 4` from a large
/// triangle parallel to it at `t = 1/2`; every vertex of that face, and
/// many more feature pairs, lie at the distance `d` then.
const HULL_AT_D: &str = r#"{"format":"exactccd/scenario-v1","interval":["0","1"],
 "a":{"shape":{"convex":{"points":[["1/2","-1","1/4"],["1","0","-13/12"],["-1","-1","-11/4"],
   ["1","-2","-17/12"],["1/2","1","-1"],["-1/2","1","1/4"],["-1/2","-1","1/4"],["1/2","1","1/4"]]}},
  "pose":{"rotation":[["0","3/5","4/5"],["1","0","0"],["0","4/5","-3/5"]],"translation":["-1","1","0"]},
  "motion":{"linear":{"velocity":["-3/10","1","-2/5"]}}},
 "b":{"shape":{"triangle":[["-8/3","-1","0"],["8/3","-1","0"],["0","3","0"]]},
  "pose":{"rotation":[["0","3/5","4/5"],["1","0","0"],["0","4/5","-3/5"]],
   "translation":["8/5","-5/6","-89/20"]},
  "motion":{"linear":{"velocity":["-11/10","1","1/5"]}}},
 "separation":"4"}"#;

#[test]
fn a_hull_face_reaching_a_triangle_at_the_separation_is_certified() {
    certified_and_tamper_proof(HULL_AT_D, Method::Distance, "1/2", "1/4");
}
