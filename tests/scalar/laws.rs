//! Scalar laws: ring and field laws for the exact scalars, exact sign,
//! conversions to and from `f64`, and exact parsing against Rust's correctly
//! rounded `f64` parser.

use crate::strategies;

use exactccd::scalar::{
    parse_number, rational_from_f64, rational_to_f64, BigInt, BigRational, FieldScalar, Ring,
    Scalar, Sign,
};
use proptest::prelude::*;
use strategies::{q, rational};

fn ring_laws<R: Ring>(a: R, b: R, c: R) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.clone() + &b, b.clone() + &a);
    prop_assert_eq!(a.clone() * &b, b.clone() * &a);
    prop_assert_eq!((a.clone() + &b) + &c, a.clone() + &(b.clone() + &c));
    prop_assert_eq!((a.clone() * &b) * &c, a.clone() * &(b.clone() * &c));
    prop_assert_eq!(
        a.clone() * &(b.clone() + &c),
        a.clone() * &b + a.clone() * &c
    );
    prop_assert_eq!(a.clone() - &a, R::zero());
    prop_assert_eq!(a.clone() * &R::one(), a.clone());
    prop_assert_eq!(a.add_ref(&b), a.clone() + &b);
    prop_assert_eq!(a.sub_ref(&b), a.clone() - &b);
    prop_assert_eq!(a.mul_ref(&b), a.clone() * &b);
    let mut acc = c.clone();
    acc.add_mul(&a, &b);
    prop_assert_eq!(acc, c.clone() + a.clone() * &b);
    let mut acc = c.clone();
    acc.sub_mul(&a, &b);
    prop_assert_eq!(acc, c - a.clone() * &b);
    prop_assert_eq!((-a.clone()).sign(), a.sign().flip());
    prop_assert_eq!((a.clone() * &b).sign(), a.sign().product(b.sign()));
    Ok(())
}

fn field_laws<F: FieldScalar>(a: F, b: F) -> Result<(), TestCaseError> {
    if !b.is_zero() {
        prop_assert_eq!(a.clone() / &b * &b, a.clone());
        prop_assert_eq!(b.recip() * &b, F::one());
        prop_assert_eq!(a.div_ref(&b), a.clone() / &b);
    }
    // order is consistent with sign of the difference
    let d = a.clone() - &b;
    prop_assert_eq!(a > b, d.sign() == Sign::Positive);
    prop_assert_eq!(a.abs().sign() != Sign::Negative, true);
    prop_assert_eq!(
        a.clone().min_of(b.clone()) <= a.clone().max_of(b.clone()),
        true
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn bigrational_laws(a in rational(1000, 97), b in rational(1000, 97), c in rational(1000, 97)) {
        ring_laws(a.clone(), b.clone(), c)?;
        field_laws(a, b)?;
    }

    #[test]
    fn bigint_laws(a in any::<i64>(), b in any::<i64>(), c in any::<i64>()) {
        ring_laws(BigInt::from(a), BigInt::from(b), BigInt::from(c))?;
    }

    #[test]
    fn f64_round_trips_exactly_through_rationals(x in any::<f64>()) {
        prop_assume!(x.is_finite());
        let r = rational_from_f64(x).unwrap();
        prop_assert_eq!(rational_to_f64(&r).to_bits(), if x == 0.0 { 0.0f64.to_bits() } else { x.to_bits() });
        prop_assert_eq!(<f64 as Scalar>::from_rational(&r), x);
    }

    #[test]
    fn parsing_rounds_like_rusts_correctly_rounded_parser(
        int in 0u64..1_000_000_000, frac in 0u64..1_000_000_000, exp in -330i32..310, neg in any::<bool>()
    ) {
        let text = format!("{}{int}.{frac:09}e{exp}", if neg { "-" } else { "" });
        let exact = parse_number(&text).unwrap();
        let expected: f64 = text.parse().unwrap();
        prop_assert_eq!(rational_to_f64(&exact).to_bits(), expected.to_bits(), "{}", text);
    }

    #[test]
    fn ratios_are_exact(n in -10_000i64..10_000, d in 1i64..10_000) {
        prop_assert_eq!(parse_number(&format!("{n}/{d}")).unwrap(), q(n, d));
        prop_assert_eq!(parse_number(&format!("{n}")).unwrap(), q(n, 1));
    }
}

#[cfg(feature = "gmp")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn rug_laws_and_conversions(a in rational(1_000_000, 997), b in rational(1000, 97), c in rational(1000, 97)) {
        let ra = rug::Rational::from_rational(&a);
        prop_assert_eq!(ra.to_rational().unwrap(), a.clone());
        ring_laws(ra.clone(), rug::Rational::from_rational(&b), rug::Rational::from_rational(&c))?;
        field_laws(ra, rug::Rational::from_rational(&b))?;
        let big = BigRational::new(BigInt::from(1) << 200u32, BigInt::from(3));
        prop_assert_eq!(rug::Rational::from_rational(&big).to_rational().unwrap(), big);
    }
}

#[test]
fn f64_is_the_inexact_scalar() {
    const { assert!(!<f64 as Scalar>::IS_EXACT) };
    const { assert!(<BigRational as Scalar>::IS_EXACT) };
    assert_eq!(<f64 as Scalar>::NAME, "f64");
    assert_eq!(<BigRational as Scalar>::NAME, "exact");
    // 0.1 + 0.2 != 0.3 in f64, == in exact rationals
    let (a, b, c) = (q(1, 10), q(2, 10), q(3, 10));
    assert_eq!(a.clone() + &b, c);
    let fa = <f64 as Scalar>::from_rational(&a);
    let fb = <f64 as Scalar>::from_rational(&b);
    assert_ne!(fa + fb, <f64 as Scalar>::from_rational(&c));
}

/// A rational with a numerator up to about 2^190 (so that Euclid's
/// algorithm runs on multi-word numbers) and a denominator that is 1, small,
/// or a large odd number times a power of two.
fn big_rational() -> impl Strategy<Value = BigRational> {
    (
        any::<i64>(),
        any::<u64>(),
        any::<u64>(),
        prop_oneof![Just(1u64), 1u64..50, any::<u64>().prop_map(|d| d | 1)],
        0u32..3,
    )
        .prop_map(|(a, b, c, d, shift)| {
            let n = (BigInt::from(a) << 128u32) + (BigInt::from(b) << 64u32) + c;
            BigRational::new(n, BigInt::from(d) << (shift * 40))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The Euclid-reduced `Ring` methods of `BigRational` give the very same
    /// lowest-terms fractions (numerator and denominator, not just the
    /// value) as `num-rational`'s operators, and the same gcd as
    /// `num-integer`.
    #[test]
    fn euclid_arithmetic_is_ratio_arithmetic(a in big_rational(), b in big_rational(), c in big_rational()) {
        use exactccd::scalar::euclid;
        let same = |x: &BigRational, y: &BigRational| x.numer() == y.numer() && x.denom() == y.denom();
        let (n, d) = (a.numer() * b.numer(), a.denom() * c.denom());
        prop_assert_eq!(euclid::gcd(&n, &d), num_integer::Integer::gcd(&n, &d));
        prop_assert_eq!(euclid::lcm(&n, &d), num_integer::Integer::lcm(&n, &d));
        prop_assert!(same(&a.mul_ref(&b), &(&a * &b)));
        prop_assert!(same(&a.add_ref(&b), &(&a + &b)));
        prop_assert!(same(&a.sub_ref(&b), &(&a - &b)));
        prop_assert!(same(&a.sub_ref(&a), &BigRational::from_integer(BigInt::from(0))));
        let mut acc = c.clone();
        acc.add_mul(&a, &b);
        prop_assert!(same(&acc, &(&c + &a * &b)));
        let mut acc = c.clone();
        acc.sub_mul(&a, &b);
        prop_assert!(same(&acc, &(&c - &a * &b)));
        if !b.is_zero() {
            prop_assert!(same(&a.div_ref(&b), &(&a / &b)));
        }
    }
}
