//! Screw decomposition (Buss, "Collision Detection with Glide Rotations", section 4.1): exact parts, `f64`
//! round trips including `θ = 0` and `θ = π`, and `f64` evaluation of the
//! transcendental motion kinds.

use crate::strategies;

use exactccd::geom::{quaternion_rotation, BoxShape, Mat3, Pose, Shape, Vec3};
use exactccd::motion::{
    displacement, relative_float_motion, Body, ExactScrew, Motion, RelativeFloatMotion, ScrewKind,
    ScrewMotion,
};
use exactccd::scalar::{rational_to_f64, BigRational};
use proptest::prelude::*;
use std::f64::consts::PI;
use strategies::*;

const TOL: f64 = 1e-9;

fn max_diff(a: &Pose<f64>, b: &Pose<f64>) -> f64 {
    let mut d: f64 = 0.0;
    for i in 0..3 {
        d = d.max((a.translation[i] - b.translation[i]).abs());
        for j in 0..3 {
            d = d.max((a.rotation.rows[i][j] - b.rotation.rows[i][j]).abs());
        }
    }
    d
}

fn affine_pose(m: (Mat3<f64>, Vec3<f64>)) -> Pose<f64> {
    Pose::new(m.0, m.1)
}

/// `(start, end)` whose displacement is of the given kind: 0 general, 1 pure
/// translation (`θ = 0`), 2 half turn (`θ = π`), 3 identity.
fn pose_pair(kind: u8) -> impl Strategy<Value = (Pose<BigRational>, Pose<BigRational>)> {
    (rational_pose(), small_quaternion(), rational_vec3()).prop_map(move |(start, quat, shift)| {
        let rotation = match kind {
            0 => quaternion_rotation(&quat).unwrap(),
            2 => {
                // w = 0: a half turn about (x, y, z) (or about e_x).
                let mut h = quat.clone();
                h[0] = ratio(0, 1);
                if h.iter().all(|c| *c == ratio(0, 1)) {
                    h[1] = ratio(1, 1);
                }
                quaternion_rotation(&h).unwrap()
            }
            _ => Mat3::identity(),
        };
        let shift = if kind == 3 { Vec3::zero() } else { shift };
        let end = Pose::new(rotation, shift).compose(&start);
        (start, end)
    })
}

fn any_pose_pair() -> impl Strategy<Value = (Pose<BigRational>, Pose<BigRational>)> {
    prop_oneof![pose_pair(0), pose_pair(1), pose_pair(2), pose_pair(3)]
}

proptest! {
    #[test]
    fn exact_parts_are_exact((start, end) in any_pose_pair(), x in rational_vec3()) {
        let s = ExactScrew::between(&start, &end);
        prop_assert_eq!(&s.map, &displacement(&start, &end));
        // Omega x = u + A (x - u) + g v, exactly.
        let a = &s.map.rotation;
        let lhs = s.map.apply_point(&x);
        let rhs = &s.axis_point + &a.mul_vec(&(&x - &s.axis_point)) + s.slide_vector();
        prop_assert_eq!(lhs, rhs);
        match s.kind {
            ScrewKind::Rotation | ScrewKind::HalfTurn => {
                prop_assert_eq!(a.mul_vec(&s.axis_direction), s.axis_direction.clone());
                prop_assert_eq!(s.axis_point.dot(&s.axis_direction), ratio(0, 1));
            }
            ScrewKind::Translation => prop_assert_eq!(a, &Mat3::identity()),
            ScrewKind::Identity => prop_assert_eq!(&s.map, &Pose::identity()),
        }
        if s.kind == ScrewKind::HalfTurn {
            prop_assert_eq!(s.cos_angle.clone(), ratio(-1, 1));
        }
    }

    #[test]
    fn screw_round_trip_in_f64((start, end) in any_pose_pair()) {
        let (sf, ef) = (start.to_f64(), end.to_f64());
        for screw in [ExactScrew::between(&start, &end).to_f64(), ScrewMotion::between(&sf, &ef)] {
            prop_assert!((0.0..=PI).contains(&screw.angle), "angle {}", screw.angle);
            prop_assert!((screw.axis_direction.norm_squared() - 1.0).abs() < 1e-12);
            let reached = screw.at(1.0).compose(&sf);
            prop_assert!(max_diff(&reached, &ef) <= TOL, "{:?} -> {:?}", screw, max_diff(&reached, &ef));
            prop_assert!(max_diff(&screw.at(0.0).compose(&sf), &sf) <= TOL);
            // A one-parameter group: at(a) ∘ at(b) = at(a + b).
            let two_steps = screw.at(0.25).compose(&screw.at(0.5));
            prop_assert!(max_diff(&two_steps, &screw.at(0.75)) <= TOL);
            prop_assert!(screw.at(0.3).rotation.is_rotation());
        }
        // The exact and the f64 decompositions agree (away from θ = π, where
        // the axis sign is a convention, and θ = 0, where the axis is any).
        let exact = ExactScrew::between(&start, &end);
        if exact.kind == ScrewKind::Rotation {
            let (a, b) = (exact.to_f64(), ScrewMotion::between(&sf, &ef));
            prop_assert!((a.angle - b.angle).abs() < 1e-9);
            prop_assert!((a.slide - b.slide).abs() < 1e-9 * (1.0 + a.slide.abs()));
        }
    }

    #[test]
    fn poses_motion_moves_from_pose_to_end((start, end) in any_pose_pair(), t0 in 0i64..=3, len in 1i64..=3) {
        let (t0, t1) = (ratio(t0, 1), ratio(t0 + len, 1));
        let body = Body {
            shape: Shape::Box(BoxShape::new([ratio(1, 1), ratio(1, 1), ratio(1, 1)])),
            pose: start.clone(),
            motion: Motion::Poses { end: end.clone() },
        };
        let at0 = affine_pose(body.pose_at_f64(rational_to_f64(&t0), &t0, &t1));
        let at1 = affine_pose(body.pose_at_f64(rational_to_f64(&t1), &t0, &t1));
        prop_assert!(max_diff(&at0, &start.to_f64()) <= TOL);
        prop_assert!(max_diff(&at1, &end.to_f64()) <= TOL);
    }

    #[test]
    fn glide_relative_motion_interpolates_relative_poses(
        (mi, mf) in any_pose_pair(), (ni, nf) in any_pose_pair()) {
        let (t0, t1) = (ratio(0, 1), ratio(2, 1));
        let shape = Shape::Box(BoxShape::new([ratio(1, 1), ratio(1, 1), ratio(1, 1)]));
        let a = Body { shape: shape.clone(), pose: mi.clone(), motion: Motion::Poses { end: mf.clone() } };
        let b = Body { shape, pose: ni.clone(), motion: Motion::Poses { end: nf.clone() } };
        let rel = relative_float_motion(&a, &b, &t0, &t1);
        prop_assert!(matches!(rel, RelativeFloatMotion::Glide { .. }), "both poses: the glide rotation");
        let r0 = affine_pose(rel.eval(0.0).unwrap());
        let r1 = affine_pose(rel.eval(2.0).unwrap());
        prop_assert!(max_diff(&r0, &mi.inverse().compose(&ni).to_f64()) <= TOL);
        prop_assert!(max_diff(&r1, &mf.inverse().compose(&nf).to_f64()) <= TOL);
    }

    #[test]
    fn composed_relative_motion_matches_exact(a in any_rational_body(), b in any_rational_body(), t in unit_time()) {
        let (t0, t1) = (ratio(0, 1), ratio(1, 1));
        let rel = relative_float_motion(&a, &b, &t0, &t1);
        let got = rel.eval(rational_to_f64(&t)).unwrap();
        let exact = exactccd::motion::PolyMotion::from_body_on(&b, &t0).unwrap()
            .relative_to(&exactccd::motion::PolyMotion::from_body_on(&a, &t0).unwrap(), &t0)
            .eval_at(&t);
        for i in 0..3 {
            let e = rational_to_f64(&exact.1[i]);
            prop_assert!((got.1[i] - e).abs() <= 1e-9 * (1.0 + e.abs()));
            for j in 0..3 {
                let e = rational_to_f64(&exact.0.rows[i][j]);
                prop_assert!((got.0.rows[i][j] - e).abs() <= 1e-9 * (1.0 + e.abs()));
            }
        }
    }
}

fn body(pose: Pose<BigRational>, motion: Motion) -> Body {
    Body {
        shape: Shape::Box(BoxShape::new([ratio(1, 1), ratio(1, 1), ratio(1, 1)])),
        pose,
        motion,
    }
}

#[test]
fn screw_motion_keeps_axis_points_on_the_axis() {
    // Axis through p = (1, 2, 0) along (0, 0, 2) (normalised to e_z); the pose
    // puts local y at world y + (1, 2, 0), so local origin is on the axis.
    let p = Vec3::new(ratio(1, 1), ratio(2, 1), ratio(0, 1));
    let b = body(
        Pose::from_translation(p.clone()),
        Motion::Screw {
            axis_point: p,
            axis_direction: Vec3::new(ratio(0, 1), ratio(0, 1), ratio(2, 1)),
            angle: ratio(3, 1),
            slide: ratio(1, 2),
        },
    );
    let (t0, t1) = (ratio(0, 1), ratio(1, 1));
    let (m, c) = b.pose_at_f64(0.8, &t0, &t1);
    assert!((c.x - 1.0).abs() < 1e-15 && (c.y - 2.0).abs() < 1e-15 && (c.z - 0.4).abs() < 1e-15);
    // Local e_x turned by 3 * 0.8 = 2.4 rad about +z.
    assert!((m.rows[0][0] - 2.4f64.cos()).abs() < 1e-15);
    assert!((m.rows[1][0] - 2.4f64.sin()).abs() < 1e-15);
    // A point off the axis: local (1, 0, 0) starts at world (2, 2, 0).
    let x = m.mul_vec(&Vec3::new(1.0, 0.0, 0.0)) + &c;
    assert!((x.x - (1.0 + 2.4f64.cos())).abs() < 1e-15);
    assert!((x.y - (2.0 + 2.4f64.sin())).abs() < 1e-15);
}

#[test]
fn angular_motion_about_a_centre_keeps_the_centre_on_its_line() {
    // R a quarter turn about x, c = (1, 0, 0), centre (0, 1, 0) local: p = c + R centre = (1, 0, 1).
    let r0 = quaternion_rotation(&[ratio(1, 1), ratio(1, 1), ratio(0, 1), ratio(0, 1)]).unwrap();
    let centre = Vec3::new(ratio(0, 1), ratio(1, 1), ratio(0, 1));
    let b = body(
        Pose::new(r0.clone(), Vec3::new(ratio(1, 1), ratio(0, 1), ratio(0, 1))),
        Motion::Angular {
            velocity: Vec3::new(ratio(0, 1), ratio(2, 1), ratio(0, 1)),
            angular_velocity: Vec3::new(ratio(0, 1), ratio(0, 1), ratio(1, 2)),
            center: centre.clone(),
        },
    );
    let (t0, t1) = (ratio(0, 1), ratio(1, 1));
    let t: f64 = 1.7;
    let (m, c) = b.pose_at_f64(t, &t0, &t1);
    // the centre moves on p + t v
    let x = &c + &m.mul_vec(&centre.to_f64());
    let expected = Vec3::new(1.0, 2.0 * t, 1.0);
    assert!((&x - &expected).norm_squared() < 1e-28, "{x:?}");
    // the local origin, 1 from the centre along -R e_y = -e_z, turns about z:
    // it stays at height 0 and 1 from the axis line of the centre
    let (_, c0) = b.pose_at_f64(0.0, &t0, &t1);
    assert!((&c0 - &Vec3::new(1.0, 0.0, 0.0)).norm_squared() < 1e-28);
    let d = &c - &expected;
    assert!((d.x * d.x + d.y * d.y + d.z * d.z - 1.0).abs() < 1e-14);
    // the frame turned by 0.85 rad about z: R e_y = e_z is fixed by it
    assert!((m.rows[2][1] - 1.0).abs() < 1e-14);
}

#[test]
fn angular_motion_by_rodrigues() {
    let r0 = quaternion_rotation(&[ratio(1, 1), ratio(1, 1), ratio(0, 1), ratio(0, 1)]).unwrap();
    let b = body(
        Pose::new(r0.clone(), Vec3::new(ratio(1, 1), ratio(0, 1), ratio(0, 1))),
        Motion::Angular {
            velocity: Vec3::new(ratio(0, 1), ratio(2, 1), ratio(0, 1)),
            angular_velocity: Vec3::new(ratio(0, 1), ratio(0, 1), ratio(1, 2)),
            center: Vec3::zero(),
        },
    );
    let (t0, t1) = (ratio(0, 1), ratio(1, 1));
    let (m0, c0) = b.pose_at_f64(0.0, &t0, &t1);
    assert!(
        max_diff(
            &Pose::new(m0, c0),
            &Pose::new(r0.to_f64(), Vec3::new(1.0, 0.0, 0.0))
        ) < 1e-15
    );
    let t: f64 = 1.7;
    let (m, c) = b.pose_at_f64(t, &t0, &t1);
    let phi = 0.5 * t;
    let spin = Mat3::from_rows([
        [phi.cos(), -phi.sin(), 0.0],
        [phi.sin(), phi.cos(), 0.0],
        [0.0, 0.0, 1.0],
    ]);
    let expected = Pose::new(spin.mul_mat(&r0.to_f64()), Vec3::new(1.0, 2.0 * t, 0.0));
    assert!(max_diff(&Pose::new(m, c), &expected) < 1e-15);
    // Zero angular velocity is a linear motion.
    let still = body(
        Pose::identity(),
        Motion::Angular {
            velocity: Vec3::zero(),
            angular_velocity: Vec3::zero(),
            center: Vec3::zero(),
        },
    );
    assert_eq!(
        still.pose_at_f64(0.5, &t0, &t1),
        (Mat3::identity(), Vec3::zero())
    );
}

#[test]
fn half_turn_and_translation_by_hand() {
    // A half turn about the line x = 1 (direction e_z), with slide 2:
    // Omega x = (2 - x, -y, z + 2).
    let omega = Pose::new(
        Mat3::diagonal([ratio(-1, 1), ratio(-1, 1), ratio(1, 1)]),
        Vec3::new(ratio(2, 1), ratio(0, 1), ratio(2, 1)),
    );
    let s = ExactScrew::decompose(&omega);
    assert_eq!(s.kind, ScrewKind::HalfTurn);
    assert_eq!(
        s.axis_point,
        Vec3::new(ratio(1, 1), ratio(0, 1), ratio(0, 1))
    );
    assert_eq!(
        s.slide_vector(),
        Vec3::new(ratio(0, 1), ratio(0, 1), ratio(2, 1))
    );
    let f = s.to_f64();
    assert_eq!(f.angle, PI);
    assert_eq!(f.slide, 2.0);
    assert_eq!(f.axis_direction, Vec3::new(0.0, 0.0, 1.0));
    let g = ScrewMotion::decompose(&omega.to_f64());
    assert_eq!(g.angle, PI);
    assert!((g.slide - 2.0).abs() < 1e-15);
    assert!((g.axis_point.x - 1.0).abs() < 1e-15);

    let shift = Pose::from_translation(Vec3::new(ratio(3, 1), ratio(0, 1), ratio(4, 1)));
    let s = ExactScrew::decompose(&shift).to_f64();
    assert_eq!((s.angle, s.slide), (0.0, 5.0));
    assert_eq!(s.axis_direction, Vec3::new(0.6, 0.0, 0.8));
    let ident = ExactScrew::decompose(&Pose::<BigRational>::identity());
    assert_eq!(ident.kind, ScrewKind::Identity);
    assert_eq!(ident.to_f64().at(0.5), Pose::identity());
}

#[test]
fn near_half_turn_in_f64() {
    // q = (1, 1000, 0, 0): a rotation about e_x by 2 atan(1000), just under π.
    let r = quaternion_rotation(&[1.0, 1000.0, 0.0, 0.0]).unwrap();
    let omega = Pose::new(r, Vec3::new(1.0, 2.0, 3.0));
    let s = ScrewMotion::decompose(&omega);
    assert!((s.angle - 2.0 * 1000f64.atan()).abs() < 1e-12);
    assert!((s.axis_direction.x - 1.0).abs() < 1e-12);
    assert!(max_diff(&s.at(1.0), &omega) < 1e-12);
}
