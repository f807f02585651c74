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
    check_spin, Motion, PieceDirection, Placement, Pose, Shape, SpinBody, SpinCase, SpinClaim,
    SpinPiece, SpinWitness, Verdict, WitnessSide, Q,
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

/// The unit cube `|y_i| <= 1`.
fn cube() -> Shape {
    Shape::Box {
        half_extents: [q(1, 1), q(1, 1), q(1, 1)],
    }
}

fn case(placement: Placement) -> SpinCase {
    SpinCase {
        a: SpinBody {
            shape: cube(),
            placement,
        },
        b: SpinBody {
            shape: Shape::Box {
                half_extents: [q(2, 1), q(2, 1), q(2, 1)],
            },
            placement: Placement::Rational(Motion::stationary(
                identity(),
                [q(13, 4), q(0, 1), q(0, 1)],
            )),
        },
        t0: q(0, 1),
        t1: q(1, 1),
        separation: Q::from_integer(0.into()),
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
            direction: PieceDirection::World(x_axis()),
        }],
        witness: Some(SpinWitness {
            time: r(k[1]),
            point: [r(k[2]), r(k[3]), q(0, 1)],
            material_of: None,
            edge_end: None,
            other: None,
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
            direction: PieceDirection::World([q(1, 1), q(1, 1000), q(0, 1)]),
        },
        SpinPiece {
            from: q(1, 10),
            to: r(ANGULAR[0]),
            direction: PieceDirection::World(x_axis()),
        },
    ];
    assert_eq!(check_spin(&c, &k), Verdict::Certified);
}

/// No contact on `[0, t1]`, by one piece along `direction`.
fn separated_by(t1: Q, direction: PieceDirection) -> SpinClaim {
    SpinClaim {
        collides: false,
        first_contact: None,
        separation: vec![SpinPiece {
            from: q(0, 1),
            to: t1,
            direction,
        }],
        witness: None,
    }
}

#[test]
fn a_direction_fixed_in_a_turning_box_turns_with_it() {
    // a turns about z at rate 1: its face normal x is (cos t, sin t, 0),
    // along which a reaches 1 and b (centre 13/4 x, half extent 2) starts
    // at 13/4 cos t - 2 (cos t + sin t): the gap 5/4 cos t - 2 sin t - 1
    // falls from 1/4 at t = 0 to 0 at t = 0.12085...
    let a_x = || PieceDirection::BodyFixed {
        in_a: Some(x_axis()),
        in_b: None,
    };
    let mut c = case(angular());
    for (t1, certified) in [(q(1, 10), true), (q(12, 100), true), (q(13, 100), false)] {
        c.t1 = t1.clone();
        let verdict = check_spin(&c, &separated_by(t1, a_x()));
        if certified {
            assert_eq!(verdict, Verdict::Certified);
        } else {
            assert!(refuted(&verdict), "{verdict:?}");
        }
    }
    // the cross product of a's x and b's z is (sin t, -cos t, 0), along
    // which b (centre on a's side of it) is not beyond a
    c.t1 = q(1, 10);
    let cross = PieceDirection::BodyFixed {
        in_a: Some(x_axis()),
        in_b: Some([q(0, 1), q(0, 1), q(1, 1)]),
    };
    assert!(refuted(&check_spin(&c, &separated_by(q(1, 10), cross))));
    // no vector: not judged
    let none = PieceDirection::BodyFixed {
        in_a: None,
        in_b: None,
    };
    let judged = check_spin(&c, &separated_by(q(1, 10), none));
    assert!(matches!(judged, Verdict::Inconclusive(_)), "{judged:?}");
    // within a separation d the gap must exceed d (a's axis is a unit
    // vector): it is 0.0438... at t = 1/10
    c.separation = q(1, 100);
    assert_eq!(
        check_spin(&c, &separated_by(q(1, 10), a_x())),
        Verdict::Certified
    );
    c.separation = q(1, 20);
    assert!(refuted(&check_spin(&c, &separated_by(q(1, 10), a_x()))));
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
            material_of: None,
            edge_end: None,
            other: None,
        }),
    };
    assert_eq!(check_spin(&c, &touch), Verdict::Certified);
}

#[test]
fn a_direction_that_does_not_separate_is_refuted() {
    let mut k = claim(&ANGULAR);
    k.separation[0].direction = PieceDirection::World([q(0, 1), q(1, 1), q(0, 1)]);
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
            direction: PieceDirection::World(x_axis()),
        },
        SpinPiece {
            from: q(1, 9),
            to: r(ANGULAR[0]),
            direction: PieceDirection::World(x_axis()),
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
        material_of: None,
        edge_end: None,
        other: None,
    });
    assert!(refuted(&check_spin(&case(angular()), &k)));
}

// Polytopes other than boxes. The cube spins as above; in place of b's
// face at x = 5/4 stands a tetrahedron's face or a flat triangle in the
// plane x = 5/4, large enough (|y|, |z| <= 3/2 on it around the cube's
// leading edge) that the cube's leading edge, at y = sin phi - cos phi in
// [-1, 0], |z| <= 1, first meets it in its interior: the first contact is
// the same T, and the same constants hold.

/// A tetrahedron with the face `(5/4, -4, -4), (5/4, 4, -4), (5/4, 0, 4)`
/// in the plane x = 5/4 and its apex at (4, 0, 0), beyond it.
fn tetrahedron() -> Shape {
    Shape::Hull(vec![
        [q(5, 4), q(-4, 1), q(-4, 1)],
        [q(5, 4), q(4, 1), q(-4, 1)],
        [q(5, 4), q(0, 1), q(4, 1)],
        [q(4, 1), q(0, 1), q(0, 1)],
    ])
}

fn at_rest_as(shape: Shape, pose: Pose) -> SpinBody {
    SpinBody {
        shape,
        placement: Placement::Rational(Motion::stationary(pose.rotation, pose.translation)),
    }
}

/// The spinning unit cube against `b`.
fn against(placement: Placement, b: SpinBody) -> SpinCase {
    SpinCase {
        a: SpinBody {
            shape: cube(),
            placement,
        },
        b,
        t0: q(0, 1),
        t1: q(1, 1),
        separation: Q::from_integer(0.into()),
    }
}

/// The triangle `(-4, -4), (4, -4), (0, 4)` in its local z = 0 plane.
fn triangle() -> Shape {
    Shape::Triangle([
        [q(-4, 1), q(-4, 1), q(0, 1)],
        [q(4, 1), q(-4, 1), q(0, 1)],
        [q(0, 1), q(4, 1), q(0, 1)],
    ])
}

/// The pose that takes local `(u, v, 0)` to world `(5/4, u, v)`: the
/// triangle's corners to the tetrahedron's face.
fn upright() -> Pose {
    Pose {
        rotation: [
            [q(0, 1), q(0, 1), q(1, 1)],
            [q(1, 1), q(0, 1), q(0, 1)],
            [q(0, 1), q(1, 1), q(0, 1)],
        ],
        translation: [q(5, 4), q(0, 1), q(0, 1)],
    }
}

fn upright_triangle() -> SpinBody {
    at_rest_as(triangle(), upright())
}

fn tetrahedron_at_rest() -> SpinBody {
    at_rest_as(tetrahedron(), at_rest(zero()))
}

/// `claim(k)` with the witness replaced by `point` (frame `material_of`).
fn with_witness(k: &[&str; 8], point: [Q; 3], material_of: Option<WitnessSide>) -> SpinClaim {
    let mut c = claim(k);
    let w = c.witness.as_mut().unwrap();
    w.point = point;
    w.material_of = material_of;
    c
}

/// A lower end after the true contact, with the piece along x up to it,
/// and the enclosure up to t = 1 with a witness that holds there:
/// refuted by the piece, with a time after the true contact where x fails.
fn assert_refuted_after_contact(c: &SpinCase, material_of: Option<WitnessSide>, point: [Q; 3]) {
    assert_lower_end_past_contact_refuted(c, material_of, point, q(1, 1));
}

/// The claim with its lower end past the contact (`ANGULAR[7]`) and the
/// witness at `upper` is refuted by its separation piece, with a
/// counterexample past the contact; the same witness with the lower end
/// before the contact is certified (so the witness alone is good).
fn assert_lower_end_past_contact_refuted(
    c: &SpinCase,
    material_of: Option<WitnessSide>,
    point: [Q; 3],
    upper: Q,
) {
    let mut k = with_witness(&ANGULAR, point, material_of);
    k.first_contact = Some((r(ANGULAR[7]), upper.clone()));
    k.separation[0].to = r(ANGULAR[7]);
    k.witness.as_mut().unwrap().time = upper.clone();
    let mut good = k.clone();
    good.first_contact = Some((r(ANGULAR[0]), upper));
    good.separation[0].to = r(ANGULAR[0]);
    assert_eq!(check_spin(c, &good), Verdict::Certified);
    match check_spin(c, &k) {
        Verdict::Refuted {
            reason,
            counterexample: Some(t),
        } => {
            assert!(reason.contains("does not separate"), "{reason}");
            assert!(t > r(ANGULAR[1]) && t <= r(ANGULAR[7]), "{t}");
        }
        v => panic!("{v:?}"),
    }
}

#[test]
fn a_cube_against_a_tetrahedron_is_certified_and_a_late_lower_end_refuted() {
    for placement in [angular(), screw()] {
        let c = against(placement, tetrahedron_at_rest());
        // the witness near the leading corner is strictly inside the
        // tetrahedron's four facets and the cube
        assert_eq!(check_spin(&c, &claim(&ANGULAR)), Verdict::Certified);
        assert_refuted_after_contact(&c, Some(WitnessSide::A), leading_corner());
    }
    // far along x (face at x = 2 > sqrt 2, the cube's reach): x separates
    // over the whole interval
    let far = Shape::Hull(vec![
        [q(2, 1), q(-4, 1), q(-4, 1)],
        [q(2, 1), q(4, 1), q(-4, 1)],
        [q(2, 1), q(0, 1), q(4, 1)],
        [q(4, 1), q(0, 1), q(0, 1)],
    ]);
    let c = against(angular(), at_rest_as(far, at_rest(zero())));
    let none = SpinClaim {
        collides: false,
        first_contact: None,
        separation: vec![SpinPiece {
            from: q(0, 1),
            to: q(1, 1),
            direction: PieceDirection::World(x_axis()),
        }],
        witness: None,
    };
    assert_eq!(check_spin(&c, &none), Verdict::Certified);
    // the same claim with the tetrahedron at x = 5/4 is refuted after T
    let c = against(angular(), tetrahedron_at_rest());
    match check_spin(&c, &none) {
        Verdict::Refuted {
            counterexample: Some(t),
            ..
        } => assert!(t > r(ANGULAR[0]), "{t}"),
        v => panic!("{v:?}"),
    }
}

#[test]
fn a_spinning_cube_given_as_a_hull_of_its_corners_gives_the_box_verdicts() {
    // the vertex form of the gap on the spinning body (the centre, an
    // interior point, changes nothing) against the box b of `case`
    let mut corners: Vec<[Q; 3]> = cube_corners();
    corners.push(zero());
    let mut c = case(angular());
    c.a.shape = Shape::Hull(corners);
    assert_eq!(check_spin(&c, &claim(&ANGULAR)), Verdict::Certified);
    assert_refuted_after_contact(&c, Some(WitnessSide::A), leading_corner());
    // the upper end before the true contact: the corner is outside b
    let k = with_witness(&ANGULAR, [q(1, 1), q(-1, 1), q(0, 1)], Some(WitnessSide::A));
    let mut early = k.clone();
    early.first_contact = Some((r(ANGULAR[0]), r(ANGULAR[4])));
    early.witness.as_mut().unwrap().time = r(ANGULAR[4]);
    assert!(refuted(&check_spin(&c, &early)));
    assert_eq!(check_spin(&c, &k), Verdict::Certified);
}

/// The cube's corner `(1, -1, 0)` on its leading edge, in local
/// coordinates: at world `(cos phi + sin phi, sin phi - cos phi, 0)`.
fn leading_corner() -> [Q; 3] {
    [q(1, 1), q(-1, 1), q(0, 1)]
}

fn cube_corners() -> Vec<[Q; 3]> {
    let s = |bit: usize| if bit == 1 { q(1, 1) } else { q(-1, 1) };
    (0..8)
        .map(|k| [s(k & 1), s(k >> 1 & 1), s(k >> 2 & 1)])
        .collect()
}

#[test]
fn a_material_corner_of_the_cube_is_judged_against_the_tetrahedron() {
    let c = against(angular(), tetrahedron_at_rest());
    // the leading corner (1, -1, 0) of the cube: past the face at `upper`
    let corner = [q(1, 1), q(-1, 1), q(0, 1)];
    let k = with_witness(&ANGULAR, corner.clone(), Some(WitnessSide::A));
    assert_eq!(check_spin(&c, &k), Verdict::Certified);
    // ... and short of it at a time before T: provably outside the hull
    let mut early = k.clone();
    early.first_contact = Some((r(ANGULAR[4]), r(ANGULAR[4])));
    early.separation[0].to = r(ANGULAR[4]);
    early.witness.as_mut().unwrap().time = r(ANGULAR[4]);
    match check_spin(&c, &early) {
        Verdict::Refuted { reason, .. } => assert!(reason.contains("outside a body"), "{reason}"),
        v => panic!("{v:?}"),
    }
    // a world point left of the face is outside the tetrahedron
    let outside = with_witness(&ANGULAR, [q(23, 20), r(ANGULAR[3]), q(0, 1)], None);
    assert!(refuted(&check_spin(&c, &outside)));
    // (2, 0, 0) is not a point of the unit cube
    let not_a_point = with_witness(&ANGULAR, [q(2, 1), q(0, 1), q(0, 1)], Some(WitnessSide::A));
    match check_spin(&c, &not_a_point) {
        Verdict::Refuted { reason, .. } => {
            assert!(reason.contains("not a point of a"), "{reason}")
        }
        v => panic!("{v:?}"),
    }
}

#[test]
fn a_cube_against_a_triangle_is_certified_with_a_material_point_of_the_triangle() {
    // the triangle's point (y, 0, 0) is at world (5/4, y, 0): `delta` behind
    // the cube's leading corner along -x, strictly inside the cube
    let on_triangle = [r(ANGULAR[3]), q(0, 1), q(0, 1)];
    for placement in [angular(), screw()] {
        let c = against(placement, upright_triangle());
        let k = with_witness(&ANGULAR, on_triangle.clone(), Some(WitnessSide::B));
        assert_eq!(check_spin(&c, &k), Verdict::Certified);
        // at t = 1 the triangle's point (3/10, 0, 0), at world (5/4, 3/10, 0),
        // has cube coordinates (5/4 cos 1 + 3/10 sin 1, 3/10 cos 1 -
        // 5/4 sin 1) = (0.93.., -0.89..): inside
        assert_refuted_after_contact(&c, Some(WitnessSide::B), [q(3, 10), q(0, 1), q(0, 1)]);
    }
    let c = against(angular(), upright_triangle());
    // the triangle is at an exact pose: the same point in world
    // coordinates is proved on it exactly, and in the cube by intervals
    let world = with_witness(&ANGULAR, [q(5, 4), r(ANGULAR[3]), q(0, 1)], None);
    assert_eq!(check_spin(&c, &world), Verdict::Certified);
    // off the triangle's plane: not a point of b
    let lifted = with_witness(
        &ANGULAR,
        [r(ANGULAR[3]), q(0, 1), q(1, 1000)],
        Some(WitnessSide::B),
    );
    match check_spin(&c, &lifted) {
        Verdict::Refuted { reason, .. } => {
            assert!(reason.contains("not a point of b"), "{reason}")
        }
        v => panic!("{v:?}"),
    }
    // in the plane but beyond the edge from (4, -4) to (0, 4)
    let beyond = with_witness(&ANGULAR, [q(3, 1), q(1, 1), q(0, 1)], Some(WitnessSide::B));
    assert!(refuted(&check_spin(&c, &beyond)));
    // a point of the triangle at world (5/4, 2, 0), |(5/4, 2)| > sqrt 2:
    // provably outside the cube at that time
    let far = with_witness(&ANGULAR, [q(2, 1), q(0, 1), q(0, 1)], Some(WitnessSide::B));
    match check_spin(&c, &far) {
        Verdict::Refuted {
            reason,
            counterexample,
        } => {
            assert!(reason.contains("outside a body"), "{reason}");
            assert_eq!(counterexample, Some(r(ANGULAR[1])));
        }
        v => panic!("{v:?}"),
    }
}

#[test]
fn a_spinning_triangle_holds_a_material_witness_but_not_a_world_one() {
    // b: the triangle (1/2, -1, -1), (1/2, 1, -1), (1/2, 0, 1) turned by
    // `poses` (cos 3/5, sin 4/5 about z at t = 1) inside the resting unit
    // cube; at t = 1 its point (1/2, 0, 0) is at the rational (3/10, 2/5, 0)
    let tri = Shape::Triangle([
        [q(1, 2), q(-1, 1), q(-1, 1)],
        [q(1, 2), q(1, 1), q(-1, 1)],
        [q(1, 2), q(0, 1), q(1, 1)],
    ]);
    let c = SpinCase {
        a: at_rest_as(cube(), at_rest(zero())),
        b: SpinBody {
            shape: tri,
            placement: poses(),
        },
        t0: q(0, 1),
        t1: q(1, 1),
        separation: Q::from_integer(0.into()),
    };
    let k = |point: [Q; 3], material_of| SpinClaim {
        collides: true,
        first_contact: Some((q(0, 1), q(1, 1))),
        separation: vec![],
        witness: Some(SpinWitness {
            time: q(1, 1),
            point,
            material_of,
            edge_end: None,
            other: None,
        }),
    };
    let world = k([q(3, 10), q(2, 5), q(0, 1)], None);
    match check_spin(&c, &world) {
        Verdict::Inconclusive(why) => assert!(why.contains("flat triangle"), "{why}"),
        v => panic!("{v:?}"),
    }
    let material = k([q(1, 2), q(0, 1), q(0, 1)], Some(WitnessSide::B));
    assert_eq!(check_spin(&c, &material), Verdict::Certified);
    // the same point off the triangle's plane x = 1/2
    let off = k([q(2, 5), q(0, 1), q(0, 1)], Some(WitnessSide::B));
    assert!(refuted(&check_spin(&c, &off)));
}

#[test]
fn a_material_witness_under_two_poses_motions_uses_the_relative_motion() {
    // both under poses: the cube stays at its first pose and the upright
    // triangle turns back about z by the cube's angle, the mirror of the
    // cube turning forward: the triangle's point (y, 0, 0) is inside the
    // cube at the same time as in the single-poses picture. Read with the
    // triangle at rest, it would be at (5/4, y, 0), outside the cube at
    // its first pose.
    let c = SpinCase {
        a: SpinBody {
            shape: cube(),
            placement: poses(),
        },
        b: SpinBody {
            shape: triangle(),
            placement: Placement::Poses {
                start: upright(),
                end: upright(),
            },
        },
        t0: q(0, 1),
        t1: q(1, 1),
        separation: Q::from_integer(0.into()),
    };
    let k = SpinClaim {
        collides: true,
        first_contact: Some((q(0, 1), r(POSES[1]))),
        separation: vec![],
        witness: Some(SpinWitness {
            time: r(POSES[1]),
            point: [r(POSES[3]), q(0, 1), q(0, 1)],
            material_of: Some(WitnessSide::B),
            edge_end: None,
            other: None,
        }),
    };
    assert_eq!(check_spin(&c, &k), Verdict::Certified);
    // before the contact the same point is outside the cube
    let mut early = k.clone();
    early.first_contact = Some((q(0, 1), r(POSES[4])));
    early.witness.as_mut().unwrap().time = r(POSES[4]);
    assert!(refuted(&check_spin(&c, &early)));
}

#[test]
fn degenerate_shapes_are_not_judged() {
    let inconclusive =
        |b: SpinBody, why: &str| match check_spin(&against(angular(), b), &claim(&ANGULAR)) {
            Verdict::Inconclusive(reason) => {
                assert!(
                    reason.starts_with("b: ") && reason.contains(why),
                    "{reason}"
                )
            }
            v => panic!("{v:?}"),
        };
    let radius = "radius of a sphere or a capsule is not positive";
    inconclusive(
        at_rest_as(
            Shape::Sphere { radius: q(0, 1) },
            at_rest([q(3, 1), q(0, 1), q(0, 1)]),
        ),
        radius,
    );
    inconclusive(
        at_rest_as(
            Shape::Capsule {
                ends: [zero(), x_axis()],
                radius: q(-1, 4),
            },
            at_rest([q(3, 1), q(0, 1), q(0, 1)]),
        ),
        radius,
    );
    // collinear corners
    inconclusive(
        at_rest_as(
            Shape::Triangle([zero(), x_axis(), [q(2, 1), q(0, 1), q(0, 1)]]),
            upright(),
        ),
        "degenerate",
    );
    // four coplanar points
    inconclusive(
        at_rest_as(
            Shape::Hull(vec![
                [q(2, 1), q(0, 1), q(0, 1)],
                [q(2, 1), q(1, 1), q(0, 1)],
                [q(2, 1), q(0, 1), q(1, 1)],
                [q(2, 1), q(1, 1), q(1, 1)],
            ]),
            at_rest(zero()),
        ),
        "coplanar",
    );
    inconclusive(
        at_rest_as(
            Shape::Box {
                half_extents: [q(1, 1), q(0, 1), q(1, 1)],
            },
            at_rest(zero()),
        ),
        "half extent",
    );
}

/// A decimal fraction `0.ddd...` as an exact rational.
fn decimal(s: &str) -> Q {
    let digits = s.strip_prefix("0.").unwrap();
    r(&format!("{digits}/1{}", "0".repeat(digits.len())))
}

#[test]
fn a_witness_within_the_enclosure_width_of_a_spinning_face_is_neither_proved_nor_refuted() {
    // at t = 1/2 the spinning cube's +x face holds the world points
    // (cos 1/2, sin 1/2, 0) + s (-sin 1/2, cos 1/2, 0); the points below
    // are (1 -+ 10^-k) (cos 1/2, sin 1/2, 0) to 120 digits (Taylor series
    // at 150 digits), so 10^-k inside or outside the face, in the box b
    // `|x - 1| <= 1`, `|y|, |z| <= 1` at rest, which the cube meets at 0
    let c = against(
        angular(),
        at_rest_as(cube(), at_rest([q(1, 1), q(0, 1), q(0, 1)])),
    );
    let k = |point: [&str; 2]| SpinClaim {
        collides: true,
        first_contact: Some((q(0, 1), q(1, 2))),
        separation: vec![],
        witness: Some(SpinWitness {
            time: q(1, 2),
            point: [decimal(point[0]), decimal(point[1]), q(0, 1)],
            material_of: None,
            edge_end: None,
            other: None,
        }),
    };
    // 10^-20: far beyond the enclosures' width, decided either way
    let inside = k([
        "0.877582561890372716107505756984925924830482381283705756477694416344853322744237838722634676451940118881420458752262231410",
        "0.479425538604203000268493679829529358079070488588444961307798579446128993535928666078375924681470120764035778337662234727",
    ]);
    assert_eq!(check_spin(&c, &inside), Verdict::Certified);
    let outside = k([
        "0.877582561890372716125057408222733379152808012935782349517527320287048203804190056088953691717424397829536342433955876577",
        "0.479425538604203000278082190601613418084536247292756389069434646804941007039700998340886624687226417408228403831349200109",
    ]);
    assert!(refuted(&check_spin(&c, &outside)));
    // 10^-90: below the width even at twice the working bits (256)
    for near in [
        [
            "0.877582561890372716116281582603829651991645197109744052997610868315950763274213947405794183207099696465105684476827471390",
            "0.479425538604203000273287935215571388081803367940600675188616613125535000287814832209631274204922730481929090811217782202",
        ],
        [
            "0.877582561890372716116281582603829651991645197109744052997610868315950763274213947405794184962264820245851116709390636597",
            "0.479425538604203000273287935215571388081803367940600675188616613125535000287814832209631275163773807690335091357793652633",
        ],
    ] {
        let v = check_spin(&c, &k(near));
        assert!(matches!(v, Verdict::Inconclusive(_)), "{v:?}");
    }
}

// Spheres and capsules. The cube spins as above. In place of b's face at
// x = 5/4 stands a rounded body of radius 1/4 whose near side is at
// x = 5/4 where the cube's leading edge, at y = sin phi - cos phi, crosses
// it at T:
//
// * a sphere centred at (3/2, y_w, 0), y_w = ANGULAR[3] (the leading
//   corner's y at the claimed upper end, 1e-9 after T, so about 1.25e-9
//   above the corner's y at T): x separates the cube (reach
//   cos phi + sin phi) from the sphere (least x 5/4) until T, and at T the
//   corner, at (5/4, y_T), is sqrt(1/16 + 1.6e-18) from the centre, so the
//   first contact comes 4.7e-18 after T (mpmath, 50 digits), inside the
//   claimed enclosure. (Centred at (3/2, 0, 0) the sphere would first meet
//   the cube's +x face, at distance 3/2 cos phi - 1 from its centre, at
//   acos(5/6) = 0.5857: a different time.)
// * a capsule along y with its axis from (3/2, -1, 0) to (3/2, 0, 0): its
//   near side is the segment x = 5/4, z = 0, y in [-1, 0], which holds the
//   leading edge's point (5/4, y_T, 0) at T (y_T = -0.661): the first
//   contact is T itself.
//
// At the upper end the existing witness (5/4 + delta/3, y_w, 0) is
// 1/4 - delta/3 from the sphere's centre and from the capsule's axis, so
// inside both (and inside the cube, as for the boxes).

fn sphere_at_rest() -> SpinBody {
    at_rest_as(
        Shape::Sphere { radius: q(1, 4) },
        at_rest([q(3, 2), r(ANGULAR[3]), q(0, 1)]),
    )
}

fn capsule_at_rest() -> SpinBody {
    at_rest_as(
        Shape::Capsule {
            ends: [[q(0, 1), q(-1, 2), q(0, 1)], [q(0, 1), q(1, 2), q(0, 1)]],
            radius: q(1, 4),
        },
        at_rest([q(3, 2), q(-1, 2), q(0, 1)]),
    )
}

/// The claim of `ANGULAR` with the lower end moved to `A[7]`, 1e-7 after
/// T, the piece along x up to it and the cube's leading corner (its
/// material point) as the witness there; `x` fails after T, so the piece
/// is refuted at a time in `(upper, A[7]]`, while the witness alone (with
/// the lower end at `A[0]`) is certified: at `A[7]` the corner is about
/// 6.6e-8 past x = 5/4 and 1.25e-7 along y from where it was at T, inside
/// the sphere and the capsule.
fn assert_late_lower_end_refuted(c: &SpinCase) {
    assert_lower_end_past_contact_refuted(c, Some(WitnessSide::A), leading_corner(), r(ANGULAR[7]));
}

fn refuted_because(v: &Verdict, why: &str) {
    match v {
        Verdict::Refuted { reason, .. } => assert!(reason.contains(why), "{reason}"),
        v => panic!("{v:?}"),
    }
}

#[test]
fn a_sphere_against_the_spinning_cube_is_certified_and_tampering_refuted() {
    for placement in [angular(), screw()] {
        let c = against(placement, sphere_at_rest());
        assert_eq!(check_spin(&c, &claim(&ANGULAR)), Verdict::Certified);
        // the cube's leading corner at the upper end: 1/4 - 6.6e-10 from
        // the sphere's centre
        let corner = with_witness(&ANGULAR, leading_corner(), Some(WitnessSide::A));
        assert_eq!(check_spin(&c, &corner), Verdict::Certified);
        assert_late_lower_end_refuted(&c);
    }
    let c = against(angular(), sphere_at_rest());
    // the sphere's point (-1/4, 0, 0), on its surface (|y| = r exactly),
    // at world (5/4, y_w, 0): 6.6e-10 behind the cube's leading corner
    // along -x, inside the cube
    let on_sphere = [q(-1, 4), q(0, 1), q(0, 1)];
    let k = with_witness(&ANGULAR, on_sphere.clone(), Some(WitnessSide::B));
    assert_eq!(check_spin(&c, &k), Verdict::Certified);
    // 1/1000 further out: |y| > r, not a point of the sphere
    let beyond = with_witness(
        &ANGULAR,
        [q(-251, 1000), q(0, 1), q(0, 1)],
        Some(WitnessSide::B),
    );
    refuted_because(&check_spin(&c, &beyond), "not a point of b");
    // each coordinate within r, but |y|^2 = 2/25 > 1/16
    let corner_of_the_box_around_it =
        with_witness(&ANGULAR, [q(-1, 5), q(1, 5), q(0, 1)], Some(WitnessSide::B));
    refuted_because(
        &check_spin(&c, &corner_of_the_box_around_it),
        "not a point of b",
    );
    // a world point 1/1000 short of the sphere's near side (x = 5/4 - 1/1000)
    // is in the cube but outside the sphere
    let short = with_witness(&ANGULAR, [q(1249, 1000), r(ANGULAR[3]), q(0, 1)], None);
    refuted_because(&check_spin(&c, &short), "outside a body");
    // an upper end 1e-7 before T: the best witness there, near the
    // leading corner, is short of x = 5/4, outside the sphere
    let mut early = claim(&ANGULAR);
    early.first_contact = Some((r(ANGULAR[4]), r(ANGULAR[4])));
    early.separation[0].to = r(ANGULAR[4]);
    early.witness = Some(SpinWitness {
        time: r(ANGULAR[4]),
        point: [r(ANGULAR[5]), r(ANGULAR[6]), q(0, 1)],
        material_of: None,
        edge_end: None,
        other: None,
    });
    refuted_because(&check_spin(&c, &early), "outside a body");
    // a capsule with equal ends is the same ball: the same verdicts
    let mut ball = sphere_at_rest();
    ball.shape = Shape::Capsule {
        ends: [zero(), zero()],
        radius: q(1, 4),
    };
    let c = against(angular(), ball);
    assert_eq!(check_spin(&c, &claim(&ANGULAR)), Verdict::Certified);
    assert_eq!(check_spin(&c, &k), Verdict::Certified);
    refuted_because(&check_spin(&c, &beyond), "not a point of b");
    refuted_because(&check_spin(&c, &short), "outside a body");
}

#[test]
fn a_capsule_against_the_spinning_cube_is_certified_and_tampering_refuted() {
    for placement in [angular(), screw(), poses()] {
        let c = against(placement.clone(), capsule_at_rest());
        // poses turns at rate atan(4/3), with its own constants
        let k: &[&str; 8] = if matches!(placement, Placement::Poses { .. }) {
            &POSES
        } else {
            &ANGULAR
        };
        assert_eq!(check_spin(&c, &claim(k)), Verdict::Certified);
    }
    let c = against(angular(), capsule_at_rest());
    assert_late_lower_end_refuted(&c);
    let corner = with_witness(&ANGULAR, leading_corner(), Some(WitnessSide::A));
    assert_eq!(check_spin(&c, &corner), Verdict::Certified);
    // the capsule's point (-1/4, y_w + 1/2, 0), on its side (1/4 from the
    // axis exactly, within the segment's span), at world (5/4, y_w, 0):
    // inside the cube
    let on_side = [q(-1, 4), r(ANGULAR[3]) + q(1, 2), q(0, 1)];
    let k = with_witness(&ANGULAR, on_side, Some(WitnessSide::B));
    assert_eq!(check_spin(&c, &k), Verdict::Certified);
    // beyond the cap at (0, 1/2, 0): (0, 7/10, 1/5) is sqrt(2)/5 > 1/4
    // from the end, not a point of the capsule ...
    let beyond_cap = with_witness(&ANGULAR, [q(0, 1), q(7, 10), q(1, 5)], Some(WitnessSide::B));
    refuted_because(&check_spin(&c, &beyond_cap), "not a point of b");
    // ... and likewise beyond the other cap, at (0, -1/2, 0)
    let beyond_other_cap = with_witness(
        &ANGULAR,
        [q(0, 1), q(-7, 10), q(1, 5)],
        Some(WitnessSide::B),
    );
    refuted_because(&check_spin(&c, &beyond_other_cap), "not a point of b");
    // ... while (0, 7/10, 0), 1/5 from the end, is in the cap: a point of
    // the capsule, at world (3/2, 1/5, 0), outside the cube
    let in_cap = with_witness(&ANGULAR, [q(0, 1), q(7, 10), q(0, 1)], Some(WitnessSide::B));
    refuted_because(&check_spin(&c, &in_cap), "outside a body");
    // off the axis: (1/5, 0, 1/5) is sqrt(2)/5 > 1/4 from it
    let off_axis = with_witness(&ANGULAR, [q(1, 5), q(0, 1), q(1, 5)], Some(WitnessSide::B));
    refuted_because(&check_spin(&c, &off_axis), "not a point of b");
    // a world witness in the cube, but sqrt((1/4 - delta/3)^2 + (3/20)^2)
    // > 1/4 from the capsule's axis
    let above = with_witness(&ANGULAR, [r(ANGULAR[2]), r(ANGULAR[3]), q(3, 20)], None);
    match check_spin(&c, &above) {
        Verdict::Refuted {
            reason,
            counterexample,
        } => {
            assert!(reason.contains("outside a body"), "{reason}");
            assert_eq!(counterexample, Some(r(ANGULAR[1])));
        }
        v => panic!("{v:?}"),
    }
    // a world witness beyond the capsule's end at y = 0: (5/4 + delta/3,
    // 1/5, 0) is at distance > 1/4 from (3/2, 0, 0) and outside it
    let past_end = with_witness(&ANGULAR, [r(ANGULAR[2]), q(1, 5), q(0, 1)], None);
    refuted_because(&check_spin(&c, &past_end), "outside a body");
}

/// Two balls of radius 1/2 whose centres stay on the x axis: `a` turns
/// about the x axis through the off-centre point `k = (-1, 0, 0)` (local)
/// while drifting at `(1, 0, 0)`, so its centre is at
/// `k + t v + E_x(t) (-k) = (t, 0, 0)`; `b` starts at `(3, 0, 0)`, drifts at
/// `(-1, 0, 0)` and turns about z through its centre: its centre is at
/// `(3 - t, 0, 0)`. The centres are `3 - 2t` apart, so the balls touch at
/// exactly `t = 1` (the distance equals `1/2 + 1/2`), and the gap along
/// their centre line x is `(3 - t - 1/2) - (t + 1/2) = 2 - 2t`.
fn two_balls() -> SpinCase {
    let ball = || Shape::Sphere { radius: q(1, 2) };
    SpinCase {
        a: SpinBody {
            shape: ball(),
            placement: Placement::Angular {
                pose: at_rest(zero()),
                velocity: x_axis(),
                angular_velocity: [q(2, 1), q(0, 1), q(0, 1)],
                center: [q(-1, 1), q(0, 1), q(0, 1)],
            },
        },
        b: SpinBody {
            shape: ball(),
            placement: Placement::Angular {
                pose: at_rest([q(3, 1), q(0, 1), q(0, 1)]),
                velocity: [q(-1, 1), q(0, 1), q(0, 1)],
                angular_velocity: [q(0, 1), q(0, 1), q(3, 1)],
                center: zero(),
            },
        },
        t0: q(0, 1),
        t1: q(2, 1),
        separation: Q::from_integer(0.into()),
    }
}

#[test]
fn two_moving_spheres_are_separated_along_their_centre_line_until_they_touch() {
    let c = two_balls();
    let (before, after) = (q(999_999, 1_000_000), q(1_000_001, 1_000_000));
    // first contact in [1 - 1e-6, 1 + 1e-6]: x separates up to the lower
    // end (gap 2e-6 there); at the upper end the balls overlap by 2e-6 and
    // their touching point (3/2, 0, 0) is 1/2 - 1e-6 from both centres
    let k = SpinClaim {
        collides: true,
        first_contact: Some((before.clone(), after.clone())),
        separation: vec![SpinPiece {
            from: q(0, 1),
            to: before.clone(),
            direction: PieceDirection::World(x_axis()),
        }],
        witness: Some(SpinWitness {
            time: after.clone(),
            point: [q(3, 2), q(0, 1), q(0, 1)],
            material_of: None,
            edge_end: None,
            other: None,
        }),
    };
    assert_eq!(check_spin(&c, &k), Verdict::Certified);
    // a longer direction along the same line: the gap scales with |L|,
    // the radii with it (|L| = 3 here)
    let mut scaled = k.clone();
    scaled.separation[0].direction = PieceDirection::World([q(3, 1), q(0, 1), q(0, 1)]);
    assert_eq!(check_spin(&c, &scaled), Verdict::Certified);
    // ... and a slanted one, (1, 1, 0), |L| = sqrt 2: the centres project
    // to t and 3 - t, the radii to sqrt 2 / 2 each, so the gap is
    // 3 - 2t - sqrt 2, not positive from t = (3 - sqrt 2) / 2 = 0.7929 on
    let mut slanted = k.clone();
    slanted.separation[0].direction = PieceDirection::World([q(1, 1), q(1, 1), q(0, 1)]);
    match check_spin(&c, &slanted) {
        Verdict::Refuted {
            counterexample: Some(t),
            ..
        } => {
            assert!(t >= q(79, 100) && t <= before, "{t}");
        }
        v => panic!("{v:?}"),
    }
    // a's material point (1/2, 0, 0), its surface point facing b, at
    // world (t + 1/2, 0, 0): 1/2 - 2e-6 from b's centre at the upper end
    let mut material = k.clone();
    material.witness = Some(SpinWitness {
        time: after.clone(),
        point: [q(1, 2), q(0, 1), q(0, 1)],
        material_of: Some(WitnessSide::A),
        edge_end: None,
        other: None,
    });
    assert_eq!(check_spin(&c, &material), Verdict::Certified);
    // ... and 1/2 + 2e-6 from it at the lower end: outside b
    let mut early = material.clone();
    early.first_contact = Some((before.clone(), before.clone()));
    early.witness.as_mut().unwrap().time = before.clone();
    refuted_because(&check_spin(&c, &early), "outside a body");
    // the piece along x up to the upper end: the gap 2 - 2t is negative
    // after t = 1, refuted at a time in (1, 1 + 1e-6]
    let mut late = k.clone();
    late.first_contact = Some((after.clone(), after.clone()));
    late.separation[0].to = after.clone();
    match check_spin(&c, &late) {
        Verdict::Refuted {
            reason,
            counterexample: Some(t),
        } => {
            assert!(reason.contains("does not separate"), "{reason}");
            assert!(t > q(1, 1) && t <= after, "{t}");
        }
        v => panic!("{v:?}"),
    }
    // a world point 1/1000 off the centre line: each coordinate within
    // the ball's box, but (1/2 - 1e-6)^2 + 1e-6 > 1/4 from a's centre
    let mut off_line = k.clone();
    off_line.witness.as_mut().unwrap().point = [q(3, 2), q(1, 1000), q(0, 1)];
    refuted_because(&check_spin(&c, &off_line), "outside a body");
}

#[test]
fn a_sphere_or_a_capsule_touching_at_the_start_is_certified_on_its_surface_exactly() {
    // the ball of radius 1/4 centred at (5/4, 0, 0) touches the cube's face
    // x = 1 at t = 0, at (1, 0, 0): the poses are exact there, so the
    // squared distance to the centre is enclosed as the single number
    // 1/16 = r^2, a point of the closed ball
    let c = against(
        angular(),
        at_rest_as(
            Shape::Sphere { radius: q(1, 4) },
            at_rest([q(5, 4), q(0, 1), q(0, 1)]),
        ),
    );
    let touch = |point: [Q; 3]| SpinClaim {
        collides: true,
        first_contact: Some((q(0, 1), q(0, 1))),
        separation: vec![],
        witness: Some(SpinWitness {
            time: q(0, 1),
            point,
            material_of: None,
            edge_end: None,
            other: None,
        }),
    };
    assert_eq!(
        check_spin(&c, &touch([q(1, 1), q(0, 1), q(0, 1)])),
        Verdict::Certified
    );
    // on the face but 1/100 off the centre line: 1/16 + 1/10000 > r^2
    refuted_because(
        &check_spin(&c, &touch([q(1, 1), q(1, 100), q(0, 1)])),
        "outside a body",
    );
    // a capsule along x from (5/4, 0, 0) to (2, 0, 0), radius 1/4: its cap
    // touches the face at (1, 0, 0), 1/4 from the end (5/4, 0, 0); the
    // point (1, 1/100, 0) is 1/100 from the axis line but beyond the end,
    // where the parameter -1/3 clamps to 0: sqrt(1/16 + 1/10000) > 1/4
    // from the capsule
    // (and the same with the ends swapped: the parameter 4/3 clamps to 1)
    for ends in [
        [zero(), [q(3, 4), q(0, 1), q(0, 1)]],
        [[q(3, 4), q(0, 1), q(0, 1)], zero()],
    ] {
        let c = against(
            angular(),
            at_rest_as(
                Shape::Capsule {
                    ends,
                    radius: q(1, 4),
                },
                at_rest([q(5, 4), q(0, 1), q(0, 1)]),
            ),
        );
        assert_eq!(
            check_spin(&c, &touch([q(1, 1), q(0, 1), q(0, 1)])),
            Verdict::Certified
        );
        refuted_because(
            &check_spin(&c, &touch([q(1, 1), q(1, 100), q(0, 1)])),
            "outside a body",
        );
    }
}

/// `a` the unit cube at rest; `b` a cube of half extent 1/2 centred at
/// `(4, 0, 0)`, under `placement`'s motion (given its pose).
fn ring_case(placement: Placement) -> SpinCase {
    SpinCase {
        a: SpinBody {
            shape: cube(),
            placement: Placement::Rational(Motion::stationary(identity(), zero())),
        },
        b: SpinBody {
            shape: Shape::Box {
                half_extents: [q(1, 2), q(1, 2), q(1, 2)],
            },
            placement,
        },
        t0: q(0, 1),
        t1: q(1, 1),
        separation: Q::from_integer(0.into()),
    }
}

#[test]
fn a_ring_about_a_turning_axis_holds_the_other_box() {
    let about = |radius_squared: Q| PieceDirection::AboutAxis {
        turning: WitnessSide::B,
        radius_squared,
    };
    // six turns about z with a slide: b keeps 7/2 from the axis, a's
    // corners are sqrt 2 from it
    let c = ring_case(Placement::Screw {
        pose: at_rest([q(4, 1), q(0, 1), q(0, 1)]),
        axis_point: zero(),
        axis_direction: [q(0, 1), q(0, 1), q(3, 1)],
        angle: q(40, 1),
        slide: q(1, 2),
    });
    for (radius_squared, certified) in [
        (q(49, 4), true),
        (q(9, 4), true),
        // b is not that far from the axis
        (q(50, 4), false),
        // a's corners are on that cylinder, not strictly inside it
        (q(2, 1), false),
    ] {
        let verdict = check_spin(&c, &separated_by(q(1, 1), about(radius_squared.clone())));
        if certified {
            assert_eq!(verdict, Verdict::Certified, "{radius_squared}");
        } else {
            assert!(refuted(&verdict), "{radius_squared}: {verdict:?}");
        }
    }
    // an angular motion about the line through the moving centre (the
    // world origin at t = 0, moving at 1/2 along x): a's farthest corner
    // is sqrt((1 + t/2)^2 + 1) from it, below 7/2 up to t = 4.708...
    let mut c = ring_case(Placement::Angular {
        pose: at_rest([q(4, 1), q(0, 1), q(0, 1)]),
        velocity: [q(1, 2), q(0, 1), q(0, 1)],
        angular_velocity: [q(0, 1), q(0, 1), q(5, 1)],
        center: [q(-4, 1), q(0, 1), q(0, 1)],
    });
    for (t1, certified) in [(q(1, 1), true), (q(7, 2), true), (q(5, 1), false)] {
        c.t1 = t1.clone();
        let verdict = check_spin(&c, &separated_by(t1.clone(), about(q(49, 4))));
        if certified {
            assert_eq!(verdict, Verdict::Certified, "{t1}");
        } else {
            assert!(refuted(&verdict), "{t1}: {verdict:?}");
        }
    }
    // a does not turn about an axis that keeps it away: a cube spinning
    // about its centre is at distance 0 from its axis
    let mut c = ring_case(Placement::Rational(Motion::stationary(
        identity(),
        [q(4, 1), q(0, 1), q(0, 1)],
    )));
    c.a.placement = angular();
    let claim = separated_by(
        q(1, 1),
        PieceDirection::AboutAxis {
            turning: WitnessSide::A,
            radius_squared: q(1, 4),
        },
    );
    assert!(refuted(&check_spin(&c, &claim)));
}
