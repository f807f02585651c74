//! The exclusion test the SGM solver relies on to skip root isolations:
//! `sign_if_rootless_integer` (and `RealRoots::sign_if_rootless`) may only
//! say "no root in the closed interval, sign s" when that is true. Hand
//! cases (roots inside, at dyadic and non-dyadic ends, outside) and a
//! property against the root isolator.

use crate::strategies;

use exactccd::poly::{isolate_roots, sign_if_rootless_integer, Poly, RealRoots};
use exactccd::scalar::{BigInt, BigRational, Sign};
use proptest::prelude::*;
use strategies::{q, rational, small_poly};

fn int(c: &[i64]) -> Poly<BigInt> {
    Poly::from_coeffs(c.iter().map(|&x| BigInt::from(x)).collect())
}

#[test]
fn hand_cases() {
    // (t - 1)(t - 3) = t^2 - 4t + 3
    let p = int(&[3, -4, 1]);
    let cases = [
        ((0, 1), (1, 2), Some(Sign::Positive)),
        ((0, 1), (1, 1), None), // root at the end
        ((1, 1), (3, 1), None), // roots at both ends
        ((2, 1), (5, 2), Some(Sign::Negative)),
        ((-1, 1), (0, 1), Some(Sign::Positive)),
        ((3, 2), (3, 2), Some(Sign::Negative)), // a point
        ((0, 1), (4, 1), None),                 // both roots inside
        ((7, 3), (8, 3), Some(Sign::Negative)), // non-dyadic ends
    ];
    for ((an, ad), (bn, bd), want) in cases {
        let (a, b) = (q(an, ad), q(bn, bd));
        assert_eq!(sign_if_rootless_integer(&p, &a, &b), want, "[{a}, {b}]");
    }
    // 3t - 1: the root 1/3 at a non-dyadic end is never excluded
    let p = int(&[-1, 3]);
    assert_eq!(sign_if_rootless_integer(&p, &q(1, 3), &q(1, 1)), None);
    assert_eq!(sign_if_rootless_integer(&p, &q(0, 1), &q(1, 3)), None);
    assert_eq!(
        sign_if_rootless_integer(&p, &q(1, 2), &q(1, 1)),
        Some(Sign::Positive)
    );
    // constants: non-zero ones have their sign, zero is not root-free
    assert_eq!(
        sign_if_rootless_integer(&int(&[-5]), &q(0, 1), &q(1, 1)),
        Some(Sign::Negative)
    );
    assert_eq!(
        sign_if_rootless_integer(&int(&[]), &q(0, 1), &q(1, 1)),
        None
    );
    // the trait method on rational coefficients: t^2 - 1/4 (root 1/2)
    let r = Poly::from_coeffs(vec![q(-1, 4), q(0, 1), q(1, 1)]);
    assert_eq!(
        <BigRational as RealRoots>::sign_if_rootless(&r, &q(0, 1), &q(1, 2)),
        None
    );
    assert_eq!(
        <BigRational as RealRoots>::sign_if_rootless(&r, &q(0, 1), &q(1, 3)),
        Some(Sign::Negative)
    );
    assert_eq!(
        <BigRational as RealRoots>::sign_if_rootless(&r, &q(3, 5), &q(2, 1)),
        Some(Sign::Positive)
    );
    // f64 proves nothing
    let f = Poly::from_coeffs(vec![1.0, 0.0, 1.0]);
    assert_eq!(<f64 as RealRoots>::sign_if_rootless(&f, &0.0, &1.0), None);
}

proptest! {
    #[test]
    fn a_proven_sign_is_the_sign_everywhere_and_no_root_is_missed(
        p in small_poly(6),
        a in rational(4, 8),
        b in rational(4, 8),
    ) {
        prop_assume!(!p.is_zero());
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        let ip = p.to_primitive_integer();
        let claim = sign_if_rootless_integer(&ip, &lo, &hi);
        prop_assert_eq!(
            claim,
            <BigRational as RealRoots>::sign_if_rootless(&p, &lo, &hi)
        );
        if let Some(s) = claim {
            prop_assert_ne!(s, Sign::Zero);
            prop_assert!(isolate_roots(&p, &lo, &hi).unwrap().is_empty());
            let mid = (&lo + &hi) / q(2, 1);
            for x in [&lo, &mid, &hi] {
                prop_assert_eq!(ip.sign_at_rational(x), s);
            }
        }
    }
}
