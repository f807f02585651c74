//! The referee on hand-derived cases: a correct claim is certified, and a
//! deliberately wrong claim of each kind is refuted.

use exactccd_oracle::poly::q;
use exactccd_oracle::{
    check_certificate, classify_float, exact_root, Algebraic, Body, Case, Certificate, Claim,
    ClaimedTime, ContactWitness, FloatClass, Motion, PieceEnd, Poly, SeparationPiece, Shape, Truth,
    Verdict, Q,
};

fn identity() -> [[Q; 3]; 3] {
    [
        [q(1, 1), q(0, 1), q(0, 1)],
        [q(0, 1), q(1, 1), q(0, 1)],
        [q(0, 1), q(0, 1), q(1, 1)],
    ]
}

fn unit_box() -> Shape {
    Shape::Box {
        half_extents: [q(1, 1), q(1, 1), q(1, 1)],
    }
}

fn poly(c: &[Q]) -> Poly {
    Poly::new(c.to_vec())
}

/// a: unit box at the origin; b: unit box whose centre moves along x as
/// `x(t) = 10 + c1 t + c2 t^2`.
fn sliding_case(c1: i64, c2: i64) -> Case {
    let mut mb = Motion::stationary(identity(), [q(0, 1), q(0, 1), q(0, 1)]);
    mb.translation[0] = poly(&[q(10, 1), q(c1, 1), q(c2, 1)]);
    Case {
        a: Body::new(
            unit_box(),
            Motion::stationary(identity(), [q(0, 1), q(0, 1), q(0, 1)]),
        ),
        b: Body::new(unit_box(), mb),
        t0: q(0, 1),
        t1: q(1, 1),
        separation: q(0, 1),
    }
}

fn x_axis() -> [Poly; 3] {
    [Poly::constant(q(1, 1)), Poly::zero(), Poly::zero()]
}

fn witness(x: Q) -> ContactWitness {
    ContactWitness {
        point: [Poly::constant(x), Poly::zero(), Poly::zero()],
        denominator: Poly::constant(q(1, 1)),
        other: None,
        label: "face +x of a, face -x of b".into(),
    }
}

fn contact_claim(time: ClaimedTime, dir: [Poly; 3], wit: ContactWitness) -> Claim {
    one_piece_claim(time, dir, wit, "axis A0")
}

/// A claimed contact at `time`: one separation piece from `0` to the
/// contact along `dir` (named `label`) and the witness.
pub(crate) fn one_piece_claim(
    time: ClaimedTime,
    dir: [Poly; 3],
    wit: ContactWitness,
    label: &str,
) -> Claim {
    Claim {
        collides: true,
        time: Some(time),
        intervals: vec![],
        certificate: Some(Certificate {
            separation: vec![SeparationPiece {
                from: q(0, 1),
                to: PieceEnd::BeforeContact,
                direction: dir,
                label: label.into(),
            }],
            contact: Some(wit),
        }),
    }
}

fn refuted(v: &Verdict) -> bool {
    matches!(v, Verdict::Refuted { .. })
}

#[test]
fn linear_contact_at_two_fifths_is_certified() {
    // 10 - 20 t - 1 = 1 at t = 2/5
    let case = sliding_case(-20, 0);
    let claim = contact_claim(
        ClaimedTime::Exact(Algebraic::Rational(q(2, 5))),
        x_axis(),
        witness(q(1, 1)),
    );
    assert_eq!(check_certificate(&case, &claim), Verdict::Certified);
}

#[test]
fn irrational_contact_time_is_certified() {
    // 10 - 20 t^2 = 2  <=>  5 t^2 - 2 = 0, t = sqrt(2/5) ~ 0.632
    let case = sliding_case(0, -20);
    let t = exact_root(poly(&[q(-2, 1), q(0, 1), q(5, 1)]), q(6, 10), q(7, 10)).unwrap();
    let claim = contact_claim(t, x_axis(), witness(q(1, 1)));
    assert_eq!(check_certificate(&case, &claim), Verdict::Certified);
}

#[test]
fn late_claim_is_refuted_with_a_counterexample_near_the_true_time() {
    let case = sliding_case(-20, 0);
    let claim = contact_claim(
        ClaimedTime::Exact(Algebraic::Rational(q(1, 2))),
        x_axis(),
        witness(q(1, 1)),
    );
    match check_certificate(&case, &claim) {
        Verdict::Refuted {
            counterexample: Some(at),
            ..
        } => {
            let err = &at - q(2, 5);
            assert!(
                err.clone() * err < q(1, 1_000_000),
                "counterexample {at} far from 2/5"
            );
        }
        v => panic!("late claim not refuted: {v:?}"),
    }
}

#[test]
fn early_claim_is_refuted_by_its_witness() {
    let case = sliding_case(-20, 0);
    let claim = contact_claim(
        ClaimedTime::Exact(Algebraic::Rational(q(1, 4))),
        x_axis(),
        witness(q(1, 1)),
    );
    assert!(refuted(&check_certificate(&case, &claim)));
}

#[test]
fn phantom_and_missed_claims_are_refuted() {
    // b moves away: no contact. A phantom contact at t = 0 with a witness.
    let away = sliding_case(20, 0);
    let phantom = Claim {
        collides: true,
        time: Some(ClaimedTime::Exact(Algebraic::Rational(q(0, 1)))),
        intervals: vec![],
        certificate: Some(Certificate {
            separation: vec![],
            contact: Some(witness(q(1, 1))),
        }),
    };
    assert!(refuted(&check_certificate(&away, &phantom)));
    // and the truthful "no contact" claim is certified
    let none = Claim {
        collides: false,
        time: None,
        intervals: vec![],
        certificate: Some(Certificate {
            separation: vec![SeparationPiece {
                from: q(0, 1),
                to: PieceEnd::At(q(1, 1)),
                direction: x_axis(),
                label: "axis A0".into(),
            }],
            contact: None,
        }),
    };
    assert_eq!(check_certificate(&away, &none), Verdict::Certified);
    // a missed collision: the same "no contact" claim on the colliding case
    let towards = sliding_case(-20, 0);
    assert!(refuted(&check_certificate(&towards, &none)));
}

#[test]
fn wrong_feature_and_bogus_certificates_are_refuted() {
    let case = sliding_case(-20, 0);
    // the right time with a witness point on the wrong feature (the far face)
    let claim = contact_claim(
        ClaimedTime::Exact(Algebraic::Rational(q(2, 5))),
        x_axis(),
        witness(q(-1, 1)),
    );
    assert!(refuted(&check_certificate(&case, &claim)));
    // a direction that does not separate
    let y_axis = [Poly::zero(), Poly::constant(q(1, 1)), Poly::zero()];
    let claim = contact_claim(
        ClaimedTime::Exact(Algebraic::Rational(q(2, 5))),
        y_axis,
        witness(q(1, 1)),
    );
    assert!(refuted(&check_certificate(&case, &claim)));
    // pieces that do not tile the interval
    let mut claim = contact_claim(
        ClaimedTime::Exact(Algebraic::Rational(q(2, 5))),
        x_axis(),
        witness(q(1, 1)),
    );
    claim.certificate.as_mut().unwrap().separation[0].from = q(1, 10);
    assert!(refuted(&check_certificate(&case, &claim)));
    // an f64 time is not certified
    let claim = contact_claim(ClaimedTime::Float(0.4), x_axis(), witness(q(1, 1)));
    assert!(matches!(
        check_certificate(&case, &claim),
        Verdict::Inconclusive(_)
    ));
}

#[test]
fn touching_contact_is_contact() {
    // b passes at exactly y = 2: faces touch along the whole pass; first
    // contact when x reaches 2: 10 - 20 t = 2 at t = 2/5
    let mut case = sliding_case(-20, 0);
    case.b.motion.translation[1] = Poly::constant(q(2, 1));
    let claim = contact_claim(
        ClaimedTime::Exact(Algebraic::Rational(q(2, 5))),
        x_axis(),
        ContactWitness {
            point: [
                Poly::constant(q(1, 1)),
                Poly::constant(q(1, 1)),
                Poly::zero(),
            ],
            denominator: Poly::constant(q(1, 1)),
            other: None,
            label: "edge-edge".into(),
        },
    );
    assert_eq!(check_certificate(&case, &claim), Verdict::Certified);
}

#[test]
fn float_answers_are_classified() {
    let truth = Truth {
        first_contact: Some(Algebraic::Rational(q(2, 5))),
    };
    assert_eq!(
        classify_float(&truth, true, Some(0.4), 1e-9),
        FloatClass::Agrees
    );
    assert!(matches!(
        classify_float(&truth, true, Some(0.3), 1e-9),
        FloatClass::Early { .. }
    ));
    assert!(matches!(
        classify_float(&truth, true, Some(0.5), 1e-9),
        FloatClass::Late { .. }
    ));
    assert_eq!(
        classify_float(&truth, false, None, 1e-9),
        FloatClass::Missed
    );
    assert!(matches!(
        classify_float(&truth, true, Some(f64::NAN), 1e-9),
        FloatClass::Failed(_)
    ));
    let none = Truth {
        first_contact: None,
    };
    assert_eq!(
        classify_float(&none, true, Some(0.1), 1e-9),
        FloatClass::Phantom
    );
    assert_eq!(classify_float(&none, false, None, 1e-9), FloatClass::Agrees);
}
