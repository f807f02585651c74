//! The exact relative motion of `b` in the frame of `a` equals
//! `A(t)^-1 ∘ B(t)` at rational times, for rigid and affine `a`.

use crate::strategies;

use exactccd::geom::{Mat3, Vec3};
use exactccd::motion::{compose_affine, invert_affine, Body, PolyMotion};
use exactccd::scalar::BigRational;
use proptest::prelude::*;
use strategies::*;

fn compiled(b: &Body) -> PolyMotion<BigRational> {
    PolyMotion::from_body_on(b, &ratio(0, 1)).expect("a rational motion")
}

fn check_relative(a: &Body, b: &Body, t: &BigRational) -> Result<(), TestCaseError> {
    let (ma, mb) = (compiled(a), compiled(b));
    let rel = mb.relative_to(&ma, &ratio(0, 1));
    prop_assert!(rel.denominator.eval(t) > ratio(0, 1));
    let expected = compose_affine(&invert_affine(&ma.eval_at(t)).unwrap(), &mb.eval_at(t));
    prop_assert_eq!(rel.eval_at(t), expected);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn relative_to_rigid_a(a in prop_oneof![rational_motion_body(), linear_motion_body()],
                           b in any_rational_body(), t in unit_time()) {
        check_relative(&a, &b, &t)?;
        let (ma, mb) = (compiled(&a), compiled(&b));
        // Rigid a and b: the relative motion is rigid, of degree at most
        // 2 deg a + deg b.
        if mb.is_rigid() {
            let rel = mb.relative_to(&ma, &ratio(0, 1));
            prop_assert!(rel.is_rigid());
            prop_assert!(rel.degree() <= 2 * ma.degree() + mb.degree());
        }
    }

    #[test]
    fn relative_to_affine_a(a in affine_row_matrix_body(), b in any_rational_body(), t in unit_time()) {
        check_relative(&a, &b, &t)?;
    }

    #[test]
    fn relative_to_itself_is_the_identity(a in any_rational_body()) {
        let m = compiled(&a);
        let rel = m.relative_to(&m, &ratio(0, 1));
        prop_assert_eq!(rel.degree(), 0);
        prop_assert_eq!(rel.eval_at(&ratio(1, 3)), (Mat3::identity(), Vec3::zero()));
        prop_assert_eq!(rel.denominator, exactccd::poly::Poly::constant(ratio(1, 1)));
    }
}
