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
    check_spin, Motion, Placement, Pose, Shape, SpinBody, SpinCase, SpinClaim, SpinPiece,
    SpinWitness, Verdict, WitnessSide, Q,
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
            material_of: None,
            edge_end: None,
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
            material_of: None,
            edge_end: None,
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
        material_of: None,
        edge_end: None,
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
    let mut k = with_witness(&ANGULAR, point, material_of);
    k.first_contact = Some((r(ANGULAR[7]), q(1, 1)));
    k.separation[0].to = r(ANGULAR[7]);
    k.witness.as_mut().unwrap().time = q(1, 1);
    // the witness alone is good: certified with the piece ending before T
    let mut good = k.clone();
    good.first_contact = Some((r(ANGULAR[0]), q(1, 1)));
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
            direction: x_axis(),
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
fn spheres_capsules_and_degenerate_polytopes_are_not_judged() {
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
    let sphere_or_capsule = "a sphere or a capsule";
    inconclusive(
        at_rest_as(
            Shape::Sphere { radius: q(1, 1) },
            at_rest([q(3, 1), q(0, 1), q(0, 1)]),
        ),
        sphere_or_capsule,
    );
    inconclusive(
        at_rest_as(
            Shape::Capsule {
                ends: [zero(), x_axis()],
                radius: q(1, 1),
            },
            at_rest([q(3, 1), q(0, 1), q(0, 1)]),
        ),
        sphere_or_capsule,
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
