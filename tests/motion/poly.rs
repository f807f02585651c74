//! Compilation of the contract's rational motions into `PolyMotion`, by hand
//! and by law.

use crate::strategies;

use exactccd::geom::{quaternion_rotation, BoxShape, Mat3, Pose, Shape, Vec3};
use exactccd::motion::{Body, Motion, PolyMotion};
use exactccd::poly::Poly;
use exactccd::scalar::{parse_number, BigRational};
use proptest::prelude::*;
use strategies::*;

fn q(s: &str) -> BigRational {
    parse_number(s).unwrap()
}

/// A polynomial from coefficient strings, degree 0 first.
fn poly(cs: &[&str]) -> Poly<BigRational> {
    Poly::from_coeffs(cs.iter().map(|c| q(c)).collect())
}

fn body(pose: Pose<BigRational>, motion: Motion) -> Body {
    Body {
        shape: Shape::Box(BoxShape::new([q("1"), q("1"), q("1")])),
        pose,
        motion,
    }
}

fn quat_pose() -> Pose<BigRational> {
    let r = quaternion_rotation(&["1", "2", "3", "4"].map(q)).unwrap();
    Pose::new(r, Vec3::new(q("10"), q("0"), q("-1/2")))
}

#[test]
fn static_motion_is_the_pose_scaled_to_integers() {
    let b = body(quat_pose(), Motion::Static);
    let m = PolyMotion::from_body(&b).unwrap();
    // R = rot(1,2,3,4) / 30 has denominators 15 and c = (10, 0, -1/2): the
    // smallest integer form is 30 R, 30 c over w = 30.
    assert_eq!(m.denominator, poly(&["30"]));
    assert_eq!(
        m.linear.rows[0],
        [poly(&["-20"]), poly(&["4"]), poly(&["22"])]
    );
    assert_eq!(
        m.translation,
        Vec3::new(poly(&["300"]), poly(&[]), poly(&["-15"]))
    );
    assert_eq!(m.degree(), 0);
    assert!(m.is_rigid());
    let (r, c) = m.eval_at(&q("7/3"));
    assert_eq!(Pose::new(r, c), quat_pose());
}

#[test]
fn linear_motion_by_hand() {
    let b = body(
        Pose::from_translation(Vec3::new(q("10"), q("0"), q("0"))),
        Motion::Linear {
            velocity: Vec3::new(q("-20"), q("1"), q("0")),
        },
    );
    let m = PolyMotion::from_body(&b).unwrap();
    assert_eq!(m.linear, Mat3::identity());
    assert_eq!(
        m.translation,
        Vec3::new(poly(&["10", "-20"]), poly(&["0", "1"]), poly(&[]))
    );
    assert_eq!(m.denominator, poly(&["1"]));
    assert_eq!(m.degree(), 1);
    assert_eq!(
        m.apply_at(&q("1/2"), &Vec3::new(q("1"), q("1"), q("1"))),
        Vec3::new(q("1"), q("3/2"), q("1"))
    );
}

#[test]
fn rational_motion_by_hand() {
    // q(t) = (1, t, 0, 0): rotation about x by 2 atan(t); T = (t, 0, 1) / 1.
    let b = body(
        Pose::identity(),
        Motion::Rational {
            quaternion: [poly(&["1"]), poly(&["0", "1"]), poly(&[]), poly(&[])],
            translation: Vec3::new(poly(&["0", "1"]), poly(&[]), poly(&["1"])),
            denominator: poly(&["1"]),
        },
    );
    let m = PolyMotion::from_body(&b).unwrap();
    let one_plus = poly(&["1", "0", "1"]);
    let one_minus = poly(&["1", "0", "-1"]);
    assert_eq!(
        m.linear,
        Mat3::from_rows([
            [one_plus.clone(), poly(&[]), poly(&[])],
            [poly(&[]), one_minus.clone(), poly(&["0", "-2"])],
            [poly(&[]), poly(&["0", "2"]), one_minus],
        ])
    );
    assert_eq!(
        m.translation,
        Vec3::new(poly(&["0", "1", "0", "1"]), poly(&[]), one_plus.clone())
    );
    assert_eq!(m.denominator, one_plus);
    assert!(m.is_rigid());
    assert_eq!(m.degree(), 3);
    // At t = 1: a quarter turn about x, translation (1, 0, 1).
    let (r, c) = m.eval_at(&q("1"));
    assert_eq!(
        r,
        Mat3::from_rows([["1", "0", "0"], ["0", "0", "-1"], ["0", "1", "0"]].map(|row| row.map(q)))
    );
    assert_eq!(c, Vec3::new(q("1"), q("0"), q("1")));
}

#[test]
fn common_factor_is_cancelled() {
    // q(t) = (1 + t) (1, 2, 3, 4): the same rotation at every t.
    let qt = ["1", "2", "3", "4"].map(|k| poly(&[k, k]));
    let b = body(
        Pose::identity(),
        Motion::Rational {
            quaternion: qt,
            translation: Vec3::new(poly(&["3"]), poly(&[]), poly(&[])),
            denominator: poly(&["2"]),
        },
    );
    let m = PolyMotion::from_body(&b).unwrap();
    assert_eq!(m.degree(), 0);
    // L = 2 (1+t)^2 rot(1,2,3,4), w = 60 (1+t)^2, T = (90 (1+t)^2, 0, 0):
    // cancel (1+t)^2, then the integer content 2.
    assert_eq!(m.denominator, poly(&["30"]));
    assert_eq!(
        m.linear.rows[2],
        [poly(&["10"]), poly(&["28"]), poly(&["4"])]
    );
    assert_eq!(m.translation.x, poly(&["45"]));
}

#[test]
fn negative_denominator_is_oriented() {
    let b = body(
        Pose::identity(),
        Motion::Rational {
            quaternion: [poly(&["1"]), poly(&[]), poly(&[]), poly(&[])],
            translation: Vec3::new(poly(&["0", "1"]), poly(&[]), poly(&[])),
            denominator: poly(&["-1", "0", "-1"]),
        },
    );
    let m = PolyMotion::from_body_on(&b, &q("0")).unwrap();
    assert!(m.denominator.eval(&q("0")) > q("0"));
    assert!(m.is_rigid());
    let (r, c) = m.eval_at(&q("1"));
    assert_eq!(r, Mat3::identity());
    assert_eq!(c, Vec3::new(q("-1/2"), q("0"), q("0")));
}

#[test]
fn row_matrix_round_trip_and_affine_checks() {
    // diag(1, 2 + t, 3): orthogonal axes, not rigid; translation (t, 0, 0).
    let z = || poly(&[]);
    let rows = [
        [poly(&["1"]), z(), z(), z()],
        [z(), poly(&["2", "1"]), z(), z()],
        [z(), z(), poly(&["3"]), z()],
        [poly(&["0", "1"]), z(), z(), poly(&["1"])],
    ];
    let b = body(
        Pose::identity(),
        Motion::RowMatrix {
            rows: rows.clone(),
            denominator: poly(&["1"]),
        },
    );
    let m = PolyMotion::from_body(&b).unwrap();
    assert_eq!(m.to_row_matrix(), rows);
    assert!(m.has_orthogonal_axes());
    assert!(!m.is_rigid());
    assert_eq!(
        m.apply_at(&q("2"), &Vec3::new(q("1"), q("1"), q("1"))),
        Vec3::new(q("3"), q("4"), q("3"))
    );
    // A shear has neither property; a bad last column is refused.
    let mut shear = rows.clone();
    shear[0][1] = poly(&["1"]);
    let s = PolyMotion::from_row_matrix(&shear, &poly(&["1"])).unwrap();
    assert!(!s.has_orthogonal_axes());
    let mut bad = rows;
    bad[0][3] = poly(&["1"]);
    assert!(PolyMotion::from_row_matrix(&bad, &poly(&["1"])).is_none());
    let bad_body = body(
        Pose::identity(),
        Motion::RowMatrix {
            rows: bad,
            denominator: poly(&["1"]),
        },
    );
    assert!(PolyMotion::from_body(&bad_body).is_none());
}

#[test]
fn transcendental_kinds_have_no_polynomial_form() {
    let v = || Vec3::new(q("0"), q("0"), q("1"));
    for motion in [
        Motion::Screw {
            axis_point: v(),
            axis_direction: v(),
            angle: q("1"),
            slide: q("0"),
        },
        Motion::Poses { end: quat_pose() },
        Motion::Angular {
            velocity: v(),
            angular_velocity: v(),
            center: Vec3::zero(),
        },
    ] {
        assert!(!motion.is_rational());
        assert!(PolyMotion::from_body(&body(Pose::identity(), motion)).is_none());
    }
}

proptest! {
    #[test]
    fn rational_bodies_compile_to_rigid_motions(b in prop_oneof![rational_motion_body(), linear_motion_body()], t in unit_time()) {
        let m = PolyMotion::from_body_on(&b, &q("0")).unwrap();
        prop_assert!(m.is_rigid());
        prop_assert!(m.has_orthogonal_axes());
        prop_assert!(m.denominator.eval(&t) > q("0"));
        let (r, _) = m.eval_at(&t);
        prop_assert!(r.is_rotation());
        // The row-matrix view is the same motion.
        let rows = m.to_row_matrix();
        prop_assert_eq!(PolyMotion::from_row_matrix(&rows, &m.denominator), Some(m.clone()));
        // Compiled motion agrees with the contract's formula at t.
        if let Motion::Rational { quaternion, translation, denominator } = &b.motion {
            let qt = quaternion.clone().map(|p| p.eval(&t));
            let rt = quaternion_rotation(&qt).unwrap();
            let ct = translation.map(|p| p.eval(&t)).scale(&(q("1") / denominator.eval(&t)));
            prop_assert_eq!(m.eval_at(&t), (rt, ct));
        }
    }

    #[test]
    fn reduced_cancels_a_common_factor_and_keeps_the_map(
        b in prop_oneof![rational_motion_body(), linear_motion_body()],
        f in prop::collection::vec(-4i64..5, 1..4),
        num in 1i64..9, den in 1i64..9,
        t in unit_time(),
    ) {
        // The compiled motion times a common polynomial factor (positive
        // leading coefficient) and a positive constant reduces back to it.
        let m = PolyMotion::from_body(&b).unwrap();
        let mut fc: Vec<BigRational> = f.iter().map(|&c| BigRational::from_integer(c.into())).collect();
        fc.push(BigRational::from_integer(1.into()));
        let factor = Poly::from_coeffs(fc).scale(&BigRational::new(num.into(), den.into()));
        let times = |p: &Poly<BigRational>| p * &factor;
        let scaled = PolyMotion::new(m.linear.map(times), m.translation.map(times), times(&m.denominator));
        let r = scaled.reduced();
        prop_assert_eq!(&r, &m.reduced());
        prop_assert_eq!(&m.reduced(), &m);
        // integer coefficients with content 1, and the same map where
        // defined
        let coeffs: Vec<BigRational> = r.to_row_matrix().iter().flatten().flat_map(|p| p.coeffs().to_vec()).collect();
        prop_assert!(coeffs.iter().all(|c| c.is_integer()));
        let content = coeffs.iter().fold(num_bigint::BigInt::from(0), |g, c| num_integer::Integer::gcd(&g, c.numer()));
        prop_assert_eq!(content, num_bigint::BigInt::from(1));
        if factor.eval(&t) != q("0") && m.denominator.eval(&t) != q("0") {
            prop_assert_eq!(r.eval_at(&t), m.eval_at(&t));
        }
    }

    #[test]
    fn f64_motion_is_the_rounded_exact_motion(b in any_rational_body(), t in unit_time()) {
        let m = PolyMotion::from_body_on(&b, &q("0")).unwrap();
        let (re, ce) = m.eval_at(&t);
        let mf = m.map_scalar::<f64>();
        let tf = exactccd::scalar::rational_to_f64(&t);
        let (rf, cf) = mf.eval_at(&tf);
        for i in 0..3 {
            prop_assert!((cf[i] - exactccd::scalar::rational_to_f64(&ce[i])).abs() <= 1e-9 * (1.0 + cf[i].abs()));
            for j in 0..3 {
                let e = exactccd::scalar::rational_to_f64(&re.rows[i][j]);
                prop_assert!((rf.rows[i][j] - e).abs() <= 1e-9 * (1.0 + e.abs()));
            }
        }
    }
}
