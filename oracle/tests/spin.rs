//! The referee on transcendental motions: a unit cube spinning about the
//! z axis through its centre next to a fixed box whose face is at
//! `x = 5/4`. The cube's reach along x is `cos phi + sin phi` for
//! `phi` in `[0, pi/2]`, so the boxes first touch at
//! `phi = asin(5 / (4 sqrt 2)) - pi/4`; the constants below (enclosures
//! 1e-9 around that time, a witness point near the cube's leading corner,
//! which pokes past the face by `delta`, at `x = 5/4 + delta/3` and the
//! corner's `y = sin phi - cos phi`) were
//! computed with mpmath at 60 digits. A correct certificate is certified
//! under `angular`, `screw` and `poses`; each kind of tampering is refuted.

use exactccd_oracle::poly::q;
use exactccd_oracle::{
    check_spin, Motion, Placement, Pose, SpinBody, SpinCase, SpinClaim, SpinPiece, SpinWitness,
    Verdict, Q,
};

// angular, w = (0, 0, 1): T = 0.29870320832267510715190518314212432198853537979288
// [lower, upper, witness x, witness y, an upper before T, its witness x, y,
//  a lower after T]
const ANGULAR: [&str; 8] = [
    "149351603661337553575952591571/500000000000000000000000000000",
    "149351604661337553575952591571/500000000000000000000000000000",
    "12500000002204792757137158825050273564117/10000000000000000000000000000000000000000",
    "-1322875653032295294589370049470460036923/2000000000000000000000000000000000000000",
    "149351554161337553575952591571/500000000000000000000000000000",
    "1562499972440087905577227282126122202343/1250000000000000000000000000000000000000",
    "-1653594881915360851090141935852887599013/2500000000000000000000000000000000000000",
    "149351654161337553575952591571/500000000000000000000000000000",
];
// poses from the identity at t = 0 to the turn with cos 3/5, sin 4/5 about
// z at t = 1 (rate atan(4/3)): T = 0.32212309793465986562161051556018012754022335353014
const POSES: [&str; 8] = [
    "8053077423366496640540262889/25000000000000000000000000000",
    "8053077473366496640540262889/25000000000000000000000000000",
    "2500000000408898756103666642681288999553/2000000000000000000000000000000000000000",
    "-3307189133035143124195056259525109174357/5000000000000000000000000000000000000000",
    "8053074948366496640540262889/25000000000000000000000000000",
    "12499999795550603854933939508194385362037/10000000000000000000000000000000000000000",
    "-3307189718390235270264027603383044568527/5000000000000000000000000000000000000000",
    "8053079948366496640540262889/25000000000000000000000000000",
];

fn r(s: &str) -> Q {
    s.parse().unwrap()
}

fn zero() -> [Q; 3] {
    [q(0, 1), q(0, 1), q(0, 1)]
}

fn identity() -> [[Q; 3]; 3] {
    [
        [q(1, 1), q(0, 1), q(0, 1)],
        [q(0, 1), q(1, 1), q(0, 1)],
        [q(0, 1), q(0, 1), q(1, 1)],
    ]
}

fn at_rest(c: [Q; 3]) -> Pose {
    Pose {
        rotation: identity(),
        translation: c,
    }
}

fn case(placement: Placement) -> SpinCase {
    SpinCase {
        a: SpinBody {
            half_extents: [q(1, 1), q(1, 1), q(1, 1)],
            placement,
        },
        b: SpinBody {
            half_extents: [q(2, 1), q(2, 1), q(2, 1)],
            placement: Placement::Rational(Motion::stationary(
                identity(),
                [q(13, 4), q(0, 1), q(0, 1)],
            )),
        },
        t0: q(0, 1),
        t1: q(1, 1),
    }
}

fn angular() -> Placement {
    Placement::Angular {
        pose: at_rest(zero()),
        velocity: zero(),
        angular_velocity: [q(0, 1), q(0, 1), q(1, 1)],
        center: zero(),
    }
}

fn screw() -> Placement {
    Placement::Screw {
        pose: at_rest(zero()),
        axis_point: zero(),
        axis_direction: [q(0, 1), q(0, 1), q(7, 1)],
        angle: q(1, 1),
        slide: q(0, 1),
    }
}

fn poses() -> Placement {
    Placement::Poses {
        start: at_rest(zero()),
        end: Pose {
            rotation: [
                [q(3, 5), q(-4, 5), q(0, 1)],
                [q(4, 5), q(3, 5), q(0, 1)],
                [q(0, 1), q(0, 1), q(1, 1)],
            ],
            translation: zero(),
        },
    }
}

fn x_axis() -> [Q; 3] {
    [q(1, 1), q(0, 1), q(0, 1)]
}

/// The claim `T in [lower, upper]`: one piece along x over `[0, lower]`,
/// the witness at `upper`.
fn claim(k: &[&str; 8]) -> SpinClaim {
    SpinClaim {
        collides: true,
        first_contact: Some((r(k[0]), r(k[1]))),
        separation: vec![SpinPiece {
            from: q(0, 1),
            to: r(k[0]),
            direction: x_axis(),
        }],
        witness: Some(SpinWitness {
            time: r(k[1]),
            point: [r(k[2]), r(k[3]), q(0, 1)],
        }),
    }
}

fn refuted(v: &Verdict) -> bool {
    matches!(v, Verdict::Refuted { .. })
}

#[test]
fn certified_under_angular_screw_and_poses() {
    assert_eq!(
        check_spin(&case(angular()), &claim(&ANGULAR)),
        Verdict::Certified
    );
    assert_eq!(
        check_spin(&case(screw()), &claim(&ANGULAR)),
        Verdict::Certified
    );
    assert_eq!(
        check_spin(&case(poses()), &claim(&POSES)),
        Verdict::Certified
    );
    // both under poses: only b's motion relative to a is defined, so a
    // stays at its first pose and b turns back about a's axis; the contact
    // time is the same, but the fixed world direction x no longer
    // separates up to it (it would, read as two independent motions)
    let mut both = case(poses());
    both.b.placement = Placement::Poses {
        start: at_rest([q(13, 4), q(0, 1), q(0, 1)]),
        end: at_rest([q(13, 4), q(0, 1), q(0, 1)]),
    };
    assert!(refuted(&check_spin(&both, &claim(&POSES))));
}

#[test]
fn a_separated_interval_is_certified_as_no_contact() {
    let mut c = case(angular());
    c.t1 = r(ANGULAR[0]);
    let mut k = claim(&ANGULAR);
    k.collides = false;
    k.first_contact = None;
    k.witness = None;
    assert_eq!(check_spin(&c, &k), Verdict::Certified);
    // split in two pieces with different directions, both separating
    k.separation = vec![
        SpinPiece {
            from: q(0, 1),
            to: q(1, 10),
            direction: [q(1, 1), q(1, 1000), q(0, 1)],
        },
        SpinPiece {
            from: q(1, 10),
            to: r(ANGULAR[0]),
            direction: x_axis(),
        },
    ];
    assert_eq!(check_spin(&c, &k), Verdict::Certified);
}

#[test]
fn a_touch_at_the_start_is_certified_only_exactly() {
    // b's face at x = 1: the boxes touch at t = 0, where the pose is exact
    let mut c = case(angular());
    c.b.placement =
        Placement::Rational(Motion::stationary(identity(), [q(3, 1), q(0, 1), q(0, 1)]));
    let touch = SpinClaim {
        collides: true,
        first_contact: Some((q(0, 1), q(0, 1))),
        separation: vec![],
        witness: Some(SpinWitness {
            time: q(0, 1),
            point: [q(1, 1), q(1, 2), q(0, 1)],
        }),
    };
    assert_eq!(check_spin(&c, &touch), Verdict::Certified);
}

#[test]
fn a_direction_that_does_not_separate_is_refuted() {
    let mut k = claim(&ANGULAR);
    k.separation[0].direction = [q(0, 1), q(1, 1), q(0, 1)];
    let v = check_spin(&case(angular()), &k);
    assert!(refuted(&v), "{v:?}");
    // a lower end after the true contact: x separates until T only
    let mut k = claim(&ANGULAR);
    k.first_contact = Some((r(ANGULAR[7]), r(ANGULAR[7])));
    k.separation[0].to = r(ANGULAR[7]);
    k.witness.as_mut().unwrap().time = r(ANGULAR[7]);
    match check_spin(&case(angular()), &k) {
        Verdict::Refuted {
            counterexample: Some(t),
            ..
        } => {
            assert!(t > r(ANGULAR[1]) && t <= r(ANGULAR[7]), "{t}");
        }
        v => panic!("{v:?}"),
    }
}

#[test]
fn a_gap_in_the_tiling_is_refuted() {
    let mut k = claim(&ANGULAR);
    k.separation = vec![
        SpinPiece {
            from: q(0, 1),
            to: q(1, 10),
            direction: x_axis(),
        },
        SpinPiece {
            from: q(1, 9),
            to: r(ANGULAR[0]),
            direction: x_axis(),
        },
    ];
    assert!(refuted(&check_spin(&case(angular()), &k)));
    let mut k = claim(&ANGULAR);
    k.separation[0].to = q(1, 10);
    assert!(refuted(&check_spin(&case(angular()), &k)));
}

#[test]
fn a_witness_outside_a_box_is_refuted() {
    let mut k = claim(&ANGULAR);
    k.witness.as_mut().unwrap().point[0] = q(23, 20); // left of b's face
    assert!(refuted(&check_spin(&case(angular()), &k)));
    let mut k = claim(&ANGULAR);
    k.witness.as_mut().unwrap().time = r(ANGULAR[7]); // outside the claim
    assert!(refuted(&check_spin(&case(angular()), &k)));
}

#[test]
fn an_upper_end_before_the_true_contact_is_refuted() {
    // the best witness there, near the leading corner, is outside b
    let mut k = claim(&ANGULAR);
    k.first_contact = Some((r(ANGULAR[0]), r(ANGULAR[4])));
    k.separation[0].to = r(ANGULAR[4]);
    k.first_contact = Some((r(ANGULAR[4]), r(ANGULAR[4])));
    k.witness = Some(SpinWitness {
        time: r(ANGULAR[4]),
        point: [r(ANGULAR[5]), r(ANGULAR[6]), q(0, 1)],
    });
    assert!(refuted(&check_spin(&case(angular()), &k)));
}
