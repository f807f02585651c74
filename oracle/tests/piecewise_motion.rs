//! The referee on piecewise motions (a body's `switches`): a separation
//! piece that spans a switch is checked on each side with the motion in
//! force there, the witness with the motion at the contact time, and a
//! motion that jumps at a switch is not judged.

use exactccd_oracle::poly::q;
use exactccd_oracle::{
    check_certificate, Algebraic, Body, Case, Certificate, Claim, ClaimedTime, ContactWitness,
    Motion, PieceEnd, Poly, SeparationPiece, Shape, Verdict, Q,
};

fn identity() -> [[Q; 3]; 3] {
    std::array::from_fn(|i| std::array::from_fn(|j| q(i64::from(i == j), 1)))
}

fn unit_box() -> Shape {
    Shape::Box {
        half_extents: [q(1, 1), q(1, 1), q(1, 1)],
    }
}

/// A unit box whose centre moves along x as `c0 + c1 t`.
fn along_x(c0: Q, c1: Q) -> Motion {
    let mut m = Motion::stationary(identity(), [q(0, 1), q(0, 1), q(0, 1)]);
    m.translation[0] = Poly::new(vec![c0, c1]);
    m
}

/// a: unit box at rest at the origin; b: `first` on [0, s], `second` from
/// `s` to 1.
fn case(first: Motion, s: Q, second: Motion) -> Case {
    Case {
        a: Body::new(unit_box(), along_x(q(0, 1), q(0, 1))),
        b: Body {
            shape: unit_box(),
            motion: first,
            switches: vec![(s, second)],
        },
        t0: q(0, 1),
        t1: q(1, 1),
        separation: q(0, 1),
    }
}

/// b at x = 10 - 8t until 1/2 (x = 6), then x = 14 - 16t: the faces meet
/// (x = 2) at t = 3/4, after the switch. Without the switch b would meet
/// a at t = 1.
fn fast_after_the_switch() -> Case {
    case(
        along_x(q(10, 1), q(-8, 1)),
        q(1, 2),
        along_x(q(14, 1), q(-16, 1)),
    )
}

/// "Separated along +x on [0, T), touching at x = 1 at T."
fn claim(t: Q) -> Claim {
    Claim {
        collides: true,
        time: Some(ClaimedTime::Exact(Algebraic::Rational(t))),
        intervals: vec![],
        certificate: Some(Certificate {
            separation: vec![SeparationPiece {
                from: q(0, 1),
                to: PieceEnd::BeforeContact,
                direction: [Poly::constant(q(1, 1)), Poly::zero(), Poly::zero()],
                label: "axis A0".into(),
            }],
            contact: Some(ContactWitness {
                point: [Poly::constant(q(1, 1)), Poly::zero(), Poly::zero()],
                denominator: Poly::constant(q(1, 1)),
                other: None,
                label: "face +x of a".into(),
            }),
        }),
    }
}

#[test]
fn a_piece_spanning_the_switch_is_certified_on_both_sides() {
    assert_eq!(
        check_certificate(&fast_after_the_switch(), &claim(q(3, 4))),
        Verdict::Certified
    );
}

#[test]
fn the_time_of_the_first_motion_alone_is_refuted() {
    // t = 1 would be right if b kept its first motion; after the switch it
    // crosses x = 2 at 3/4, inside the claimed separation
    match check_certificate(&fast_after_the_switch(), &claim(q(1, 1))) {
        Verdict::Refuted {
            counterexample: Some(at),
            ..
        } => {
            // some vertex pair stops being separated after the switch (the
            // pair of a's -x corner and b's -x corner at t = 7/8, say)
            assert!(at > q(1, 2) && at < q(1, 1), "counterexample {at}");
        }
        v => panic!("not refuted: {v:?}"),
    }
    // and an early claim fails at its witness (b is at x = 6 at 1/2)
    assert!(matches!(
        check_certificate(&fast_after_the_switch(), &claim(q(1, 2))),
        Verdict::Refuted { .. }
    ));
}

#[test]
fn a_separation_piece_ending_at_the_switch_is_checked_with_the_first_motion() {
    // two pieces [0, 1/2] and [1/2, T): the first one alone must hold with
    // the first motion, the second with the second
    let mut c = claim(q(3, 4));
    let cert = c.certificate.as_mut().unwrap();
    let piece = cert.separation[0].clone();
    cert.separation = vec![
        SeparationPiece {
            to: PieceEnd::At(q(1, 2)),
            ..piece.clone()
        },
        SeparationPiece {
            from: q(1, 2),
            ..piece
        },
    ];
    assert_eq!(
        check_certificate(&fast_after_the_switch(), &c),
        Verdict::Certified
    );
}

#[test]
fn contact_exactly_at_the_switch_is_certified() {
    // x = 4 - 4t reaches x = 2 at the switch 1/2, then x = 4t moves away
    let c = case(
        along_x(q(4, 1), q(-4, 1)),
        q(1, 2),
        along_x(q(0, 1), q(4, 1)),
    );
    assert_eq!(check_certificate(&c, &claim(q(1, 2))), Verdict::Certified);
}

#[test]
fn a_motion_that_jumps_at_a_switch_is_not_judged() {
    // x = 6 at 1/2 from the left, 7 from the right
    let c = case(
        along_x(q(10, 1), q(-8, 1)),
        q(1, 2),
        along_x(q(15, 1), q(-16, 1)),
    );
    match check_certificate(&c, &claim(q(13, 16))) {
        Verdict::Inconclusive(why) => assert!(why.contains("jumps at t = 1/2"), "{why}"),
        v => panic!("{v:?}"),
    }
}

#[test]
fn switch_times_out_of_order_are_not_judged() {
    let mut c = fast_after_the_switch();
    c.b.switches[0].0 = q(2, 1);
    assert!(matches!(
        check_certificate(&c, &claim(q(3, 4))),
        Verdict::Inconclusive(_)
    ));
}
