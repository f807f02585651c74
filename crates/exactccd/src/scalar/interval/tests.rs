//! Tests of the certified interval arithmetic: the enclosures hold the
//! 70-digit values of mpmath (`reference_values.txt`, written by
//! `tests/reference/interval_reference.py`), shrink with the precision, and
//! the operations are inclusion-monotone (proptest).

use super::*;
use crate::scalar::{parse_number, BigInt};
use proptest::prelude::*;

fn q(s: &str) -> BigRational {
    parse_number(s).unwrap()
}

/// `(function, argument, value)` of the reference file.
fn reference() -> Vec<(String, BigRational, BigRational)> {
    include_str!("reference_values.txt")
        .lines()
        .map(|line| {
            let mut it = line.split_whitespace();
            let f = it.next().unwrap().to_owned();
            let x = q(it.next().unwrap());
            let v = q(it.next().unwrap());
            (f, x, v)
        })
        .collect()
}

fn enclosure(f: &str, x: &BigRational, p: u64) -> Interval {
    let xi = Interval::from_rational(x, p + 40);
    match f {
        "pi" => pi(p),
        "sin" => sin(&xi, p),
        "cos" => cos(&xi, p),
        "atan" => atan(&xi, p),
        "sqrt" => sqrt(&xi, p).unwrap(),
        other => panic!("unknown function {other}"),
    }
}

/// The reference value has 70 significant digits: it is within `10^-69`
/// (relative, and absolute for values below 1) of the truth.
fn holds(e: &Interval, v: &BigRational) -> bool {
    let slack = BigRational::new(1.into(), BigInt::from(10).pow(69))
        * (BigRational::from_integer(1.into()) + v.abs());
    e.lo().to_rational() <= v + &slack && v - &slack <= e.hi().to_rational()
}

use num_traits::Signed;

#[test]
fn enclosures_hold_the_mpmath_values_and_are_narrow() {
    let table = reference();
    assert!(table.len() > 80);
    for p in [40u64, 64, 128, 200] {
        for (f, x, v) in &table {
            let e = enclosure(f, x, p);
            assert!(holds(&e, v), "{f}({x}) at {p} bits: {e:?} misses {v}");
            // width at most 2^(8 - p) max(1, |value|)
            let bound = BigRational::new(BigInt::from(256), BigInt::from(1) << p)
                * (BigRational::from_integer(1.into()).max(v.abs()));
            assert!(
                e.width().to_rational() <= bound,
                "{f}({x}) at {p} bits is {} wide",
                e.width().to_rational()
            );
        }
    }
}

#[test]
fn width_shrinks_with_the_precision() {
    for (f, x, _) in reference() {
        let coarse = enclosure(&f, &x, 48).width();
        let fine = enclosure(&f, &x, 160).width();
        assert!(
            fine.is_zero() || fine.scale() <= coarse.scale().max(-40) - 100,
            "{f}({x}): {fine:?} vs {coarse:?}"
        );
    }
}

#[test]
fn sin_and_cos_of_intervals_hold_their_extrema() {
    // [1, 2] holds π/2: sin reaches 1; [3, 4] holds π: cos reaches -1.
    let p = 64;
    let s = sin(&Interval::from_rationals(&q("1"), &q("2"), p), p);
    assert_eq!(s.hi().to_rational(), q("1"));
    assert!(s.lo().to_rational() < q("0.8415") && s.lo().to_rational() > q("0.8414"));
    let c = cos(&Interval::from_rationals(&q("3"), &q("4"), p), p);
    assert_eq!(c.lo().to_rational(), q("-1"));
    // [0, 1/2]: cos is at most 1 (its maximum at the end 0), sin monotone
    let c = cos(&Interval::from_rationals(&q("0"), &q("1/2"), p), p);
    assert_eq!(c.hi().to_rational(), q("1"));
    assert!(c.lo().to_rational() > q("0.877") && c.lo().to_rational() < q("0.8776"));
    let s = sin(&Interval::from_rationals(&q("-1/2"), &q("1/2"), p), p);
    assert!(s.hi().to_rational() < q("0.4795") && s.hi().to_rational() > q("0.4794"));
    // wider than 3: everything
    let s = sin(&Interval::from_rationals(&q("0"), &q("7/2"), p), p);
    assert_eq!(
        (s.lo().to_rational(), s.hi().to_rational()),
        (q("-1"), q("1"))
    );
}

#[test]
fn rounding_is_directed() {
    let third = q("1/3");
    let down = Dyad::from_rational(&third, 10, Rounding::Down).to_rational();
    let up = Dyad::from_rational(&third, 10, Rounding::Up).to_rational();
    assert!(down < third && third < up);
    assert_eq!(&up - &down, q("1/2048"));
    // negative mantissas round toward minus infinity and plus infinity
    let m = Dyad::new(BigInt::from(-1023), -3);
    assert_eq!(m.round(4, Rounding::Down).to_rational(), q("-128"));
    assert_eq!(m.round(4, Rounding::Up).to_rational(), q("-120"));
}

fn small_rational() -> impl Strategy<Value = BigRational> {
    (-10_000i64..10_000, 1i64..1000).prop_map(|(n, d)| BigRational::new(n.into(), d.into()))
}

/// An interval with rational ends and a rational point inside it.
fn interval_with_point() -> impl Strategy<Value = (Interval, BigRational)> {
    (small_rational(), small_rational(), 0u32..=16).prop_map(|(a, b, k)| {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        let x = &lo + (&hi - &lo) * BigRational::new(k.into(), 16.into());
        (Interval::from_rationals(&lo, &hi, 30), x)
    })
}

fn widen(x: &Interval, by: &BigRational) -> Interval {
    Interval::from_rationals(
        &(x.lo().to_rational() - by),
        &(x.hi().to_rational() + by),
        200,
    )
}

proptest! {
    #[test]
    fn arithmetic_holds_the_exact_results((x, a) in interval_with_point(), (y, b) in interval_with_point(), p in 8u64..80) {
        prop_assert!(x.add(&y, p).contains_rational(&(&a + &b)));
        prop_assert!(x.sub(&y, p).contains_rational(&(&a - &b)));
        prop_assert!(x.mul(&y, p).contains_rational(&(&a * &b)));
        prop_assert!(x.square(p).contains_rational(&(&a * &a)));
        prop_assert!(x.abs().contains_rational(&a.abs()));
        if let Some(d) = x.div(&y, p) {
            prop_assert!(d.contains_rational(&(&a / &b)));
        }
    }

    #[test]
    fn arithmetic_is_inclusion_monotone((x, _a) in interval_with_point(), (y, _b) in interval_with_point(), k in 0i64..1000, p in 8u64..80) {
        let by = BigRational::new(k.into(), 100.into());
        let (xw, yw) = (widen(&x, &by), widen(&y, &by));
        prop_assert!(xw.add(&yw, p).encloses(&x.add(&y, p)));
        prop_assert!(xw.sub(&yw, p).encloses(&x.sub(&y, p)));
        prop_assert!(xw.mul(&yw, p).encloses(&x.mul(&y, p)));
        prop_assert!(xw.square(p).encloses(&x.square(p)));
        if let (Some(wide), Some(narrow)) = (xw.div(&yw, p), x.div(&y, p)) {
            prop_assert!(wide.encloses(&narrow));
        }
    }

    #[test]
    fn sin_and_cos_obey_the_pythagorean_and_double_angle_laws(x in small_rational(), p in 40u64..140) {
        let xi = Interval::from_rational(&x, p + 20);
        let (s, c) = (sin(&xi, p), cos(&xi, p));
        let one = s.square(p).add(&c.square(p), p);
        prop_assert!(one.contains_rational(&q("1")), "{:?}", one);
        let x2 = Interval::from_rational(&(&x * BigRational::from_integer(2.into())), p + 20);
        let s2 = sin(&x2, p);
        let product = s.mul(&c, p).scale_pow2(1);
        prop_assert!(s2.intersect(&product).is_some(), "{:?} vs {:?}", s2, product);
    }

    #[test]
    fn sin_of_an_interval_holds_sin_of_its_points((x, a) in interval_with_point(), p in 30u64..100) {
        let x = x.scale_pow2(-8);
        let a = a / BigRational::from_integer(256.into());
        let whole = sin(&x, p);
        let point = sin(&Interval::from_rational(&a, p + 20), p);
        prop_assert!(whole.intersect(&point).is_some(), "{:?} vs {:?}", whole, point);
        let whole = cos(&x, p);
        let point = cos(&Interval::from_rational(&a, p + 20), p);
        prop_assert!(whole.intersect(&point).is_some(), "{:?} vs {:?}", whole, point);
    }

    #[test]
    fn sin_and_cos_of_a_narrow_interval_hold_its_points_and_stay_narrow(x in small_rational(), k in 9u32..90, t in 0u32..=16, p in 40u64..120) {
        // the midpoint and the mean-value theorem: as tight as the two ends
        // to first order
        let eps = BigRational::new(1.into(), num_bigint::BigInt::from(1) << k);
        let (lo, hi) = (&x - &eps, &x + &eps);
        let a = &lo + &eps * BigRational::new(t.into(), 8.into());
        let xi = Interval::from_rationals(&lo, &hi, p + 100);
        let (s, c) = sin_cos(&xi, p);
        let (sa, ca) = sin_cos(&Interval::from_rational(&a, p + 100), p + 20);
        prop_assert!(s.intersect(&sa).is_some(), "{:?} vs {:?}", s, sa);
        prop_assert!(c.intersect(&ca).is_some(), "{:?} vs {:?}", c, ca);
        let bound = &eps * BigRational::from_integer(3.into())
            + BigRational::new(1.into(), num_bigint::BigInt::from(1) << (p - 4));
        prop_assert!(s.width().to_rational() <= bound && c.width().to_rational() <= bound);
    }

    #[test]
    fn atan_inverts_tan_and_sqrt_squares_back(x in small_rational(), p in 40u64..140) {
        // tan(atan x) = x: sin / cos of the enclosure holds x
        let t = atan(&Interval::from_rational(&x, p + 20), p);
        let tan = sin(&t, p).div(&cos(&t, p), p).unwrap();
        prop_assert!(widen(&tan, &q("1/1000000")).contains_rational(&x));
        let r = sqrt(&Interval::from_rational(&x.abs(), p + 20), p).unwrap();
        prop_assert!(r.square(p + 20).contains_rational(&x.abs()) || r.width().is_zero());
    }
}
