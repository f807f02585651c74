//! Glide's exact answers under pure translations (two boxes, `static` or
//! `linear`) carry a certificate that the independent referee checks
//! (differential rule 1): one separation piece along the first contact's
//! feature normal over `[t0, T)` and a contact witness at `T`. A
//! hand-derived case is certified, bogus answers built from it (a later or
//! an earlier time, a reversed direction) are refuted, and every generated
//! translation is certified and agrees exactly with SAT.

use exactccd::contact::{
    solve, Certificate, ContactResult, FeatureKind, Method, PieceEnd, ScalarKind, SolveOptions,
    Time,
};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::geom::{BoxShape, Pose, Shape, Vec3};
use exactccd::motion::{Body, Motion};
use exactccd::poly::RealAlgebraic;
use exactccd::referee::referee;
use exactccd::scalar::{BigInt, BigRational};
use exactccd::scenario::Scenario;
use exactccd_oracle::Verdict;

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn cube(half: i64, centre: [i64; 3], velocity: [i64; 3]) -> Body {
    Body {
        shape: Shape::Box(BoxShape::new([r(half, 1), r(half, 1), r(half, 1)])),
        pose: Pose::from_translation(Vec3::new(r(centre[0], 1), r(centre[1], 1), r(centre[2], 1))),
        motion: if velocity == [0, 0, 0] {
            Motion::Static
        } else {
            Motion::Linear {
                velocity: Vec3::new(r(velocity[0], 1), r(velocity[1], 1), r(velocity[2], 1)),
            }
        },
    }
}

fn scenario(a: Body, b: Body) -> Scenario {
    let mut s = generate(1, 0, ScenarioClass::Linear);
    s.name = None;
    s.expect = None;
    s.interval = (r(0, 1), r(1, 1));
    *s.a_mut() = a;
    *s.b_mut() = b;
    s
}

fn glide_exact(s: &Scenario) -> ContactResult {
    solve(
        &s.query(),
        Method::Glide,
        ScalarKind::Exact,
        &SolveOptions::default(),
    )
    .expect("glide applies")
}

fn refuted(v: &Verdict) -> bool {
    matches!(v, Verdict::Refuted { .. })
}

/// `a`: the cube `[-1, 1]^3` at rest; `b`: the cube of half size 1
/// centred at `(5, 1, 0)`, moving at `(-8, 0, 0)`: its face `x = 5 - 1 -
/// 8t` meets `a`'s `+x` face `x = 1` at `t = 3/8`. The certificate
/// is one piece `[0, 3/8)` along `+x` and a witness at `3/8`: certified.
#[test]
fn a_face_to_face_translation_is_certified() {
    let s = scenario(
        cube(1, [0, 0, 0], [0, 0, 0]),
        cube(1, [5, 1, 0], [-8, 0, 0]),
    );
    let result = glide_exact(&s);
    assert!(result.collides);
    assert_eq!(
        result.time,
        Some(Time::Exact(RealAlgebraic::from_rational(r(3, 8))))
    );
    let cert = result.certificate.as_ref().expect("a certificate");
    assert_eq!(cert.separation.len(), 1);
    let piece = &cert.separation[0];
    assert_eq!(piece.from, r(0, 1));
    assert_eq!(piece.to, PieceEnd::BeforeContact);
    // the direction is a positive multiple of +x
    let d: Vec<BigRational> = [&piece.direction.x, &piece.direction.y, &piece.direction.z]
        .iter()
        .map(|p| p.eval(&r(0, 1)))
        .collect();
    assert!(
        d[0] > r(0, 1) && d[1] == r(0, 1) && d[2] == r(0, 1),
        "{d:?}"
    );
    assert!(cert.contact.is_some());
    assert_eq!(referee(&s.query(), &result), Verdict::Certified);
}

/// The same answer with its time moved (later: the witness point is not
/// in both boxes any more, or the piece overruns the contact; earlier: the
/// witness is not in both yet), or with its direction reversed: refuted.
#[test]
fn bogus_glide_answers_are_refuted() {
    let s = scenario(
        cube(1, [0, 0, 0], [0, 0, 0]),
        cube(1, [5, 1, 0], [-8, 0, 0]),
    );
    let honest = glide_exact(&s);
    for t in [r(1, 2), r(1, 4)] {
        let mut bogus = honest.clone();
        bogus.time = Some(Time::Exact(RealAlgebraic::from_rational(t.clone())));
        let v = referee(&s.query(), &bogus);
        assert!(refuted(&v), "time {t}: {v:?}");
    }
    let mut reversed = honest.clone();
    let cert: &mut Certificate = reversed.certificate.as_mut().unwrap();
    let d = cert.separation[0].direction.clone();
    cert.separation[0].direction = Vec3::new(-d.x, -d.y, -d.z);
    let v = referee(&s.query(), &reversed);
    assert!(refuted(&v), "{v:?}");
    // claiming no contact with the honest direction over [0, 1]: refuted
    // (b crosses the plane)
    let mut missed = honest.clone();
    missed.collides = false;
    missed.time = None;
    let cert = missed.certificate.as_mut().unwrap();
    cert.contact = None;
    cert.separation[0].to = PieceEnd::At(r(1, 1));
    let v = referee(&s.query(), &missed);
    assert!(refuted(&v), "{v:?}");
}

/// An edge-edge first contact: `a` turned about `y` by `rot(2, 0, 1, 0)`
/// (about 53°: its top is a ridge along `y`), `b` turned about `x` by
/// `rot(2, 1, 0, 0)` (its bottom a ridge along `x`) falling onto it; a
/// vertex-face contact of a tilted `a` moving into a resting `b`; and a
/// miss. All certified, with SAT's exact times.
#[test]
fn edge_edge_vertex_face_and_missing_translations_are_certified() {
    use exactccd::geom::quaternion_rotation;
    let tilted = |centre: [i64; 3], velocity: [i64; 3], q: [i64; 4]| {
        let mut b = cube(1, centre, velocity);
        b.pose.rotation = quaternion_rotation(&q.map(|x| r(x, 1))).unwrap();
        b
    };
    let cases = [
        (
            "edge-edge",
            scenario(
                tilted([0, 0, 0], [0, 0, 0], [2, 0, 1, 0]),
                tilted([0, 0, 6], [0, 0, -8], [2, 1, 0, 0]),
            ),
            true,
        ),
        (
            "vertex-face",
            scenario(
                tilted([0, 6, 0], [0, -8, 0], [2, 1, 1, 0]),
                cube(1, [0, 0, 0], [0, 0, 0]),
            ),
            true,
        ),
        (
            "miss",
            scenario(
                cube(1, [0, 0, 0], [0, 0, 0]),
                cube(1, [5, 3, 0], [-8, 0, 0]),
            ),
            false,
        ),
    ];
    for (name, s, collides) in cases {
        let result = glide_exact(&s);
        assert_eq!(result.collides, collides, "{name}");
        let want = match name {
            "edge-edge" => Some(FeatureKind::EdgeEdge),
            "vertex-face" => Some(FeatureKind::VertexFace),
            _ => None,
        };
        assert_eq!(result.feature.as_ref().map(|f| f.kind), want, "{name}");
        assert!(result.certificate.is_some(), "{name}");
        assert_eq!(referee(&s.query(), &result), Verdict::Certified, "{name}");
        let sat = solve(
            &s.query(),
            Method::Sat,
            ScalarKind::Exact,
            &SolveOptions::default(),
        )
        .unwrap();
        assert_eq!(sat.time, result.time, "{name}");
    }
}

/// Every generated translation (class `linear`, `a` at rest or moving):
/// glide's exact answer carries a certificate, the referee certifies it,
/// and it equals SAT's exactly.
#[test]
fn generated_translations_are_certified() {
    let (mut colliding, mut overlapping) = (0, 0);
    for index in 0..40 {
        let s = generate(2026, index, ScenarioClass::Linear);
        let result = glide_exact(&s);
        let v = referee(&s.query(), &result);
        assert_eq!(v, Verdict::Certified, "#{index}: {result:?}");
        let sat = solve(
            &s.query(),
            Method::Sat,
            ScalarKind::Exact,
            &SolveOptions::default(),
        )
        .unwrap();
        assert_eq!(
            (sat.collides, sat.initially_overlapping, &sat.time),
            (result.collides, result.initially_overlapping, &result.time),
            "#{index}"
        );
        colliding += usize::from(result.collides && !result.initially_overlapping);
        overlapping += usize::from(result.initially_overlapping);
    }
    println!("{colliding} colliding, {overlapping} overlapping at t0");
    assert!(
        colliding >= 10 && overlapping >= 1,
        "{colliding} {overlapping}"
    );
}
