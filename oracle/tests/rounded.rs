//! The referee on rounded shapes, convex hulls and a separation `d`, on
//! hand-derived cases: a right claim is certified, a wrong one of each kind
//! refuted.

use exactccd_oracle::poly::q;
use exactccd_oracle::{
    check_certificate, exact_root, hull_faces, Body, Case, Claim, ClaimedTime, ContactWitness,
    Motion, Poly, PolyVec, Shape, Verdict, Q,
};

fn identity() -> [[Q; 3]; 3] {
    std::array::from_fn(|i| std::array::from_fn(|j| q(i64::from(i == j), 1)))
}

fn at_rest(c: [i64; 3]) -> Motion {
    Motion::stationary(identity(), c.map(|x| q(x, 1)))
}

/// The point `(x0 + vx t, y, z)`.
fn moving_along_x(x0: i64, vx: i64, y: i64, z: i64) -> Motion {
    let mut m = at_rest([0, y, z]);
    m.translation[0] = Poly::new(vec![q(x0, 1), q(vx, 1)]);
    m
}

/// The point `(x, y, z0 + vz t)`.
fn moving_along_z(x: i64, y: i64, z0: i64, vz: i64) -> Motion {
    let mut m = at_rest([x, y, 0]);
    m.translation[2] = Poly::new(vec![q(z0, 1), q(vz, 1)]);
    m
}

fn case(a: Body, b: Body, t1: i64, d: Q) -> Case {
    Case {
        a,
        b,
        t0: q(0, 1),
        t1: q(t1, 1),
        separation: d,
    }
}

fn sphere(r: Q) -> Shape {
    Shape::Sphere { radius: r }
}

fn constant(v: [Q; 3]) -> PolyVec {
    v.map(Poly::constant)
}

fn x_axis() -> PolyVec {
    constant([q(1, 1), q(0, 1), q(0, 1)])
}

/// `(x0 + vx t, y, z)` as a polynomial point over `1`.
fn point_along_x(x0: i64, vx: i64, y: i64, z: i64) -> (PolyVec, Poly) {
    (
        [
            Poly::new(vec![q(x0, 1), q(vx, 1)]),
            Poly::constant(q(y, 1)),
            Poly::constant(q(z, 1)),
        ],
        Poly::constant(q(1, 1)),
    )
}

fn claim(time: ClaimedTime, direction: PolyVec, witness: ContactWitness) -> Claim {
    crate::referee::one_piece_claim(time, direction, witness, "centres")
}

fn exact(t: Q) -> ClaimedTime {
    ClaimedTime::Exact(exactccd_oracle::Algebraic::Rational(t))
}

fn two_points(a: (PolyVec, Poly), b: (PolyVec, Poly)) -> ContactWitness {
    ContactWitness {
        point: a.0,
        denominator: a.1,
        other: Some(b),
        label: "nearest points".into(),
    }
}

fn refuted(v: &Verdict, says: &str) -> bool {
    matches!(v, Verdict::Refuted { reason, .. } if reason.contains(says))
}

/// Spheres of radius 1/2 at the origin and at `x = 3 - t`, separation 1/4:
/// the centres are `3 - t` apart, within `1/2 + 1/2 + 1/4` first at
/// `t = 7/4`.
fn spheres_head_on() -> Case {
    case(
        Body::new(sphere(q(1, 2)), at_rest([0, 0, 0])),
        Body::new(sphere(q(1, 2)), moving_along_x(3, -1, 0, 0)),
        3,
        q(1, 4),
    )
}

#[test]
fn spheres_meeting_at_a_separation_are_certified_at_the_hand_derived_time() {
    let c = spheres_head_on();
    let origin = point_along_x(0, 0, 0, 0);
    let right = claim(
        exact(q(7, 4)),
        x_axis(),
        two_points(origin.clone(), point_along_x(3, -1, 0, 0)),
    );
    assert_eq!(check_certificate(&c, &right), Verdict::Certified);
    // too early: the centres are 3/2 > 5/4 apart at t = 3/2
    let early = claim(
        exact(q(3, 2)),
        x_axis(),
        two_points(origin.clone(), point_along_x(3, -1, 0, 0)),
    );
    assert!(refuted(
        &check_certificate(&c, &early),
        "farther apart than 5/4"
    ));
    // too late: along x the gap is 5/4 at 7/4, not more
    let late = claim(
        exact(q(2, 1)),
        x_axis(),
        two_points(origin.clone(), point_along_x(3, -1, 0, 0)),
    );
    assert!(refuted(&check_certificate(&c, &late), "by more than 5/4"));
    // without the second point, one point cannot be both centres
    let one_point = claim(
        exact(q(7, 4)),
        x_axis(),
        ContactWitness {
            point: origin.0,
            denominator: origin.1,
            other: None,
            label: "the origin".into(),
        },
    );
    assert!(refuted(
        &check_certificate(&c, &one_point),
        "not in body b's core"
    ));
    // with d = 0 the same claim is too early
    let mut touching = spheres_head_on();
    touching.separation = q(0, 1);
    assert!(refuted(
        &check_certificate(&touching, &right),
        "farther apart than 1"
    ));
}

/// A sphere passing the origin at height 1: centres `(3 - t, 1, 0)` apart;
/// within `R = 3/2` first at `t = 3 - sqrt(5)/2`, the first root of
/// `4 t^2 - 24 t + 31`; the centres' difference separates by a polynomial
/// direction.
#[test]
fn a_passing_sphere_is_certified_at_an_irrational_time_by_a_moving_direction() {
    let c = case(
        Body::new(sphere(q(1, 2)), at_rest([0, 0, 0])),
        Body::new(sphere(q(1, 2)), moving_along_x(3, -1, 1, 0)),
        3,
        q(1, 2),
    );
    let t = exact_root(
        Poly::new(vec![q(31, 1), q(-24, 1), q(4, 1)]),
        q(18, 10),
        q(19, 10),
    )
    .expect("3 - sqrt(5)/2 ~ 1.882 is isolated in [1.8, 1.9]");
    let centres = point_along_x(3, -1, 1, 0).0;
    let right = claim(
        t.clone(),
        centres.clone(),
        two_points(point_along_x(0, 0, 0, 0), point_along_x(3, -1, 1, 0)),
    );
    assert_eq!(check_certificate(&c, &right), Verdict::Certified);
    // a constant direction cannot separate by R up to the contact: along x
    // the gap is 3 - t, which the direction (1, 0, 0) needs above 3/2
    let constant_direction = claim(
        t,
        x_axis(),
        two_points(point_along_x(0, 0, 0, 0), point_along_x(3, -1, 1, 0)),
    );
    assert!(refuted(
        &check_certificate(&c, &constant_direction),
        "by more than 3/2"
    ));
}

/// A capsule (axis from `(-1, 0, 0)` to `(1, 0, 0)`, radius 1/2) coming
/// down on a box of half extent 1 at the origin, its axis at height
/// `3 - t`: touching at `t = 3/2`, the axis 1/2 above the top face.
#[test]
fn a_capsule_landing_on_a_box_is_certified_and_a_point_past_its_axis_is_not() {
    let capsule = Shape::Capsule {
        ends: [[q(-1, 1), q(0, 1), q(0, 1)], [q(1, 1), q(0, 1), q(0, 1)]],
        radius: q(1, 2),
    };
    let unit = Shape::Box {
        half_extents: [q(1, 1), q(1, 1), q(1, 1)],
    };
    let c = case(
        Body::new(unit, at_rest([0, 0, 0])),
        Body::new(capsule, moving_along_z(0, 0, 3, -1)),
        3,
        q(0, 1),
    );
    let up = constant([q(0, 1), q(0, 1), q(1, 1)]);
    let top = (
        constant([q(1, 2), q(0, 1), q(1, 1)]),
        Poly::constant(q(1, 1)),
    );
    let axis_point = |x: Q| {
        (
            [
                Poly::constant(x),
                Poly::zero(),
                Poly::new(vec![q(3, 1), q(-1, 1)]),
            ],
            Poly::constant(q(1, 1)),
        )
    };
    let right = claim(
        exact(q(3, 2)),
        up.clone(),
        two_points(top.clone(), axis_point(q(1, 2))),
    );
    assert_eq!(check_certificate(&c, &right), Verdict::Certified);
    // x = 3/2 is on the axis line but past the segment's end x = 1
    let past_end = claim(
        exact(q(3, 2)),
        up,
        two_points(
            (
                constant([q(1, 1), q(0, 1), q(1, 1)]),
                Poly::constant(q(1, 1)),
            ),
            axis_point(q(3, 2)),
        ),
    );
    assert!(refuted(
        &check_certificate(&c, &past_end),
        "capsule axis, second end"
    ));
}

/// The tetrahedron `0, e_x, e_y, e_z` with an interior and a repeated point.
fn tetrahedron() -> Vec<[Q; 3]> {
    let p = |x: i64, y: i64, z: i64| [q(x, 1), q(y, 1), q(z, 1)];
    vec![
        p(0, 0, 0),
        p(1, 0, 0),
        p(0, 1, 0),
        p(0, 0, 1),
        [q(1, 10), q(1, 10), q(1, 10)],
        p(1, 0, 0),
    ]
}

#[test]
fn a_hull_has_its_four_planes_once_each_and_coplanar_points_none() {
    let faces = hull_faces(&tetrahedron());
    assert_eq!(faces.len(), 4, "{faces:?}");
    let square = [[0, 0], [1, 0], [1, 1], [0, 1]].map(|[x, y]| [q(x, 1), q(y, 1), q(0, 1)]);
    assert!(hull_faces(&square).is_empty());
    let c = case(
        Body::new(Shape::Hull(square.to_vec()), at_rest([0, 0, 0])),
        Body::new(sphere(q(1, 1)), at_rest([5, 0, 0])),
        1,
        q(0, 1),
    );
    assert!(matches!(
        check_certificate(&c, &claim(exact(q(0, 1)), x_axis(), two_points(point_along_x(0, 0, 0, 0), point_along_x(5, 0, 0, 0)))),
        Verdict::Inconclusive(why) if why.contains("coplanar")
    ));
}

/// A unit sphere coming down the `z` axis onto the tetrahedron's vertex
/// `e_z`: centre `(0, 0, 4 - t)`, touching at `t = 2`.
#[test]
fn a_sphere_touching_a_hull_vertex_is_certified_and_a_point_outside_the_hull_is_not() {
    let c = case(
        Body::new(Shape::Hull(tetrahedron()), at_rest([0, 0, 0])),
        Body::new(sphere(q(1, 1)), moving_along_z(0, 0, 4, -1)),
        4,
        q(0, 1),
    );
    let up = constant([q(0, 1), q(0, 1), q(1, 1)]);
    let centre = (
        [
            Poly::zero(),
            Poly::zero(),
            Poly::new(vec![q(4, 1), q(-1, 1)]),
        ],
        Poly::constant(q(1, 1)),
    );
    let vertex = (
        constant([q(0, 1), q(0, 1), q(1, 1)]),
        Poly::constant(q(1, 1)),
    );
    let right = claim(
        exact(q(2, 1)),
        up.clone(),
        two_points(vertex, centre.clone()),
    );
    assert_eq!(check_certificate(&c, &right), Verdict::Certified);
    let outside = (
        constant([q(1, 2), q(1, 2), q(1, 2)]),
        Poly::constant(q(1, 1)),
    );
    let wrong = claim(exact(q(2, 1)), up, two_points(outside, centre));
    assert!(refuted(&check_certificate(&c, &wrong), "hull plane"));
}
