//! Laws of rotations, matrices and poses, exactly over the rationals.

use crate::strategies;

use exactccd::geom::{
    quaternion_norm_squared, quaternion_rotation, quaternion_rotation_homogeneous, BoxShape,
    BoxVertex, Mat3, Obb, Pose, Vec3,
};
use exactccd::scalar::BigRational;
use proptest::prelude::*;
use strategies::*;

fn quaternion_product(a: &[BigRational; 4], b: &[BigRational; 4]) -> [BigRational; 4] {
    let [aw, ax, ay, az] = a;
    let [bw, bx, by, bz] = b;
    [
        aw * bw - ax * bx - ay * by - az * bz,
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
    ]
}

fn rational_matrix() -> impl Strategy<Value = Mat3<BigRational>> {
    (rational_vec3(), rational_vec3(), rational_vec3())
        .prop_map(|(a, b, c)| Mat3::from_rows([a.into_array(), b.into_array(), c.into_array()]))
}

proptest! {
    #[test]
    fn quaternion_rotations_are_exactly_orthonormal(q in small_quaternion()) {
        let r = quaternion_rotation(&q).unwrap();
        prop_assert_eq!(r.transpose().mul_mat(&r), Mat3::identity());
        prop_assert_eq!(r.determinant(), ratio(1, 1));
        prop_assert!(r.is_rotation());
        // The homogeneous identities behind it.
        let h = quaternion_rotation_homogeneous(&q);
        let n2 = quaternion_norm_squared(&q);
        let n4 = &n2 * &n2;
        prop_assert_eq!(h.transpose().mul_mat(&h), Mat3::diagonal([n4.clone(), n4.clone(), n4]));
        prop_assert_eq!(h.determinant(), &n2 * &n2 * &n2);
    }

    #[test]
    fn rotation_ignores_quaternion_scale(q in small_quaternion(), k in 1i64..=9) {
        let scaled = q.clone().map(|c| c * ratio(-k, 3));
        prop_assert_eq!(quaternion_rotation(&q), quaternion_rotation(&scaled));
    }

    #[test]
    fn quaternion_product_is_rotation_product(a in small_quaternion(), b in small_quaternion()) {
        let ab = quaternion_product(&a, &b);
        let lhs = quaternion_rotation(&ab).unwrap();
        let rhs = quaternion_rotation(&a).unwrap().mul_mat(&quaternion_rotation(&b).unwrap());
        prop_assert_eq!(lhs, rhs);
    }

    #[test]
    fn compose_and_inverse_laws(a in rational_pose(), b in rational_pose(), c in rational_pose(), y in rational_vec3()) {
        prop_assert_eq!(a.compose(&a.inverse()), Pose::identity());
        prop_assert_eq!(a.inverse().compose(&a), Pose::identity());
        prop_assert_eq!(a.compose(&b).compose(&c), a.compose(&b.compose(&c)));
        prop_assert_eq!(a.compose(&b).inverse(), b.inverse().compose(&a.inverse()));
        prop_assert_eq!(a.compose(&b).apply_point(&y), a.apply_point(&b.apply_point(&y)));
        prop_assert_eq!(a.inverse().apply_point(&a.apply_point(&y)), y.clone());
        prop_assert!(a.compose(&b).is_rigid());
    }

    #[test]
    fn determinant_and_adjugate_laws(m in rational_matrix(), n in rational_matrix()) {
        let det = m.determinant();
        prop_assert_eq!(m.mul_mat(&m.adjugate()), Mat3::diagonal([det.clone(), det.clone(), det.clone()]));
        prop_assert_eq!(m.adjugate().mul_mat(&m), Mat3::diagonal([det.clone(), det.clone(), det.clone()]));
        prop_assert_eq!(m.mul_mat(&n).determinant(), &det * &n.determinant());
        prop_assert_eq!(m.transpose().determinant(), det.clone());
        if let Some(inv) = m.inverse() {
            prop_assert_eq!(inv.mul_mat(&m), Mat3::identity());
        } else {
            prop_assert_eq!(det, ratio(0, 1));
        }
    }

    #[test]
    fn obb_corners_are_posed_box_corners(p in rational_pose(), h in rational_vec3()) {
        let h = h.map(|a| a.clone() * a + ratio(1, 7)); // positive
        let shape = BoxShape::new(h.into_array());
        let obb = Obb::from_box(&shape, &p);
        for v in BoxVertex::ALL {
            prop_assert_eq!(obb.vertex(v), p.apply_point(&shape.vertex(v)));
        }
        for (w, l) in obb.triangles().iter().zip(shape.triangles().iter()) {
            prop_assert_eq!(w, &l.transformed(&p));
        }
    }

    #[test]
    fn f64_rotations_pass_the_tolerant_check(q in small_quaternion()) {
        let qf = q.clone().map(|c| exactccd::scalar::rational_to_f64(&c));
        let r = quaternion_rotation(&qf).unwrap();
        prop_assert!(r.is_rotation());
        let exact = quaternion_rotation(&q).unwrap().to_f64();
        for i in 0..3 {
            for j in 0..3 {
                prop_assert!((r.rows[i][j] - exact.rows[i][j]).abs() < 1e-15);
            }
        }
    }
}

#[test]
fn rotation_check_rejects_near_misses_exactly() {
    let third = ratio(1, 3);
    let almost = Mat3::from_rows([
        [ratio(1, 1), ratio(0, 1), ratio(0, 1)],
        [ratio(0, 1), ratio(1, 1), ratio(0, 1)],
        [
            ratio(0, 1),
            ratio(0, 1),
            ratio(1, 1) + ratio(1, 1_000_000_000_000),
        ],
    ]);
    assert!(!almost.is_rotation());
    assert!(almost.to_f64().is_rotation()); // within 1e-9 in f64
    let shear = Mat3::from_rows([
        [ratio(1, 1), third, ratio(0, 1)],
        [ratio(0, 1), ratio(1, 1), ratio(0, 1)],
        [ratio(0, 1), ratio(0, 1), ratio(1, 1)],
    ]);
    assert_eq!(shear.determinant(), ratio(1, 1));
    assert!(!shear.is_rotation());
    let v = Vec3::new(ratio(1, 1), ratio(2, 1), ratio(3, 1));
    assert_eq!(Pose::from_translation(v.clone()).apply_direction(&v), v);
}
