//! Rational arithmetic for the referee's polynomials, reducing fractions
//! with Euclid's algorithm.
//!
//! Why not just `Ratio`'s operators: `num-rational` reduces every result
//! with `num-integer`'s binary (Stein) gcd, which takes about one step per
//! bit of the larger operand even when the other is 1. Here most values are
//! integers or have small denominators, so that gcd dominated the referee's
//! time (profiled: about two thirds of a campaign's referee time). Euclid's
//! algorithm finishes in one division when one side is 1 and in a few when
//! it is small. The results are the same reduced fractions: `Q` values built
//! here are always in lowest terms with a positive denominator, exactly as
//! `Ratio::new` would leave them.
//!
//! The solver crate has the same algorithm in `scalar::euclid`: this is a
//! deliberate second copy, since the referee shares no code with what it
//! judges.
//!
//! Operands whose numerators and denominators fit in `i64` (most of the
//! referee's numbers) are combined in `i128` with checked operations and
//! reduced by a machine gcd; a step that would overflow sends the
//! operation to the `BigInt` code. Either way the result is the same
//! lowest-terms fraction (tested below against `Ratio`'s operators).

use crate::poly::Q;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The greatest common divisor of `|a|` and `|b|` (`0` when both are `0`),
/// by Euclid's algorithm, finishing in machine words once they fit.
pub fn gcd(a: &BigInt, b: &BigInt) -> BigInt {
    // a power of two on either side (the denominators of the interval
    // ends, rounded to multiples of 2^-bits): the common factors of 2
    if let Some(g) = gcd_with_power_of_two(a, b).or_else(|| gcd_with_power_of_two(b, a)) {
        return g;
    }
    if a.is_zero() || b.is_zero() {
        return (a + b).abs();
    }
    // gcd(a, b) = 2^min(u, v) gcd(a / 2^u, b / 2^v) for the powers of two
    // 2^u, 2^v in a and b: the odd parts are often short (a dyadic end
    // times a short rational) and then fit a word after one division
    let (u, v) = (
        a.trailing_zeros().unwrap_or(0),
        b.trailing_zeros().unwrap_or(0),
    );
    let common = u.min(v);
    let (mut a, mut b) = (a.abs() >> u, b.abs() >> v);
    if a < b {
        std::mem::swap(&mut a, &mut b);
    }
    while !b.is_zero() {
        if let (Some(x), Some(y)) = (a.to_u64(), b.to_u64()) {
            return BigInt::from(x.gcd(&y)) << common;
        }
        if let Some(y) = b.to_u64() {
            // one division brings the larger one into a word
            let r = (&a % &b)
                .to_u64()
                .expect("a remainder below a u64 fits in one");
            return BigInt::from(y.gcd(&r)) << common;
        }
        let r = &a % &b;
        a = b;
        b = r;
    }
    a << common
}

/// `gcd(a, b)` when `|b|` is a power of two `2^k`: `2^min(k, v)`, `v` the
/// number of trailing zero bits of `a` (`2^k` itself when `a = 0`); `None`
/// when `|b|` is not a power of two.
fn gcd_with_power_of_two(a: &BigInt, b: &BigInt) -> Option<BigInt> {
    let k = b.trailing_zeros()?;
    if b.magnitude().count_ones() != 1 {
        return None;
    }
    let v = a.trailing_zeros().unwrap_or(k);
    Some(BigInt::one() << k.min(v))
}

/// `gcd(a, b)` of machine integers by Euclid's algorithm (`gcd(0, 0) =
/// 0`), in `u64` once both fit.
fn word_gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        if let (Ok(x), Ok(y)) = (u64::try_from(a), u64::try_from(b)) {
            return u128::from(x.gcd(&y));
        }
        (a, b) = (b, a % b);
    }
    a
}

/// `n / d` in lowest terms with a positive denominator from machine
/// integers (`d != 0`); `None` when negating would overflow.
fn word_ratio(n: i128, d: i128) -> Option<Q> {
    if n == 0 {
        return Some(Q::zero());
    }
    let (n, d) = if d < 0 {
        (n.checked_neg()?, d.checked_neg()?)
    } else {
        (n, d)
    };
    let g = i128::try_from(word_gcd(n.unsigned_abs(), d.unsigned_abs())).ok()?;
    Some(Q::new_raw(BigInt::from(n / g), BigInt::from(d / g)))
}

/// `q`'s numerator and denominator when both fit in `i64`.
fn words(q: &Q) -> Option<(i128, i128)> {
    Some((
        i128::from(q.numer().to_i64()?),
        i128::from(q.denom().to_i64()?),
    ))
}

/// `a + s b` for `s = 1` or `-1` (`negate`) in machine integers, `None`
/// when an operand does not fit or a step overflows.
fn word_sum(a: &Q, b: &Q, negate: bool) -> Option<Q> {
    let ((an, ad), (bn, bd)) = (words(a)?, words(b)?);
    let bn = if negate { bn.checked_neg()? } else { bn };
    if ad == bd {
        return word_ratio(an.checked_add(bn)?, ad);
    }
    word_ratio(
        an.checked_mul(bd)?.checked_add(bn.checked_mul(ad)?)?,
        ad.checked_mul(bd)?,
    )
}

/// `n / d` in lowest terms with a positive denominator (`d != 0`).
pub fn ratio(n: BigInt, d: BigInt) -> Q {
    assert!(!d.is_zero(), "zero denominator");
    if let (Some(x), Some(y)) = (n.to_i64(), d.to_i64()) {
        if let Some(q) = word_ratio(i128::from(x), i128::from(y)) {
            return q;
        }
    }
    if n.is_zero() {
        return Q::zero();
    }
    let (n, d) = if d.is_negative() { (-n, -d) } else { (n, d) };
    if d.is_one() {
        return Q::from_integer(n);
    }
    let g = gcd(&n, &d);
    if g.is_one() {
        Q::new_raw(n, d)
    } else {
        Q::new_raw(n / &g, d / &g)
    }
}

/// `a * b`, cross-cancelling before multiplying.
pub fn mul(a: &Q, b: &Q) -> Q {
    if a.is_zero() || b.is_zero() {
        return Q::zero();
    }
    if let (Some((an, ad)), Some((bn, bd))) = (words(a), words(b)) {
        if let (Some(n), Some(d)) = (an.checked_mul(bn), ad.checked_mul(bd)) {
            if let Some(q) = word_ratio(n, d) {
                return q;
            }
        }
    }
    if a.denom().is_one() && b.denom().is_one() {
        return Q::from_integer(a.numer() * b.numer());
    }
    // both inputs are in lowest terms, so only numerator-denominator pairs
    // can share factors
    let g1 = gcd(a.numer(), b.denom());
    let g2 = gcd(b.numer(), a.denom());
    let n = (a.numer() / &g1) * (b.numer() / &g2);
    let d = (a.denom() / &g2) * (b.denom() / &g1);
    Q::new_raw(n, d)
}

/// `a + b`.
pub fn add(a: &Q, b: &Q) -> Q {
    if let Some(q) = word_sum(a, b, false) {
        return q;
    }
    if a.denom() == b.denom() {
        return ratio(a.numer() + b.numer(), a.denom().clone());
    }
    ratio(
        a.numer() * b.denom() + b.numer() * a.denom(),
        a.denom() * b.denom(),
    )
}

/// `a - b`.
pub fn sub(a: &Q, b: &Q) -> Q {
    if let Some(q) = word_sum(a, b, true) {
        return q;
    }
    if a.denom() == b.denom() {
        return ratio(a.numer() - b.numer(), a.denom().clone());
    }
    ratio(
        a.numer() * b.denom() - b.numer() * a.denom(),
        a.denom() * b.denom(),
    )
}

/// `a / b` (`b != 0`).
pub fn div(a: &Q, b: &Q) -> Q {
    assert!(!b.is_zero(), "division by zero");
    // 1 / b in lowest terms with a positive denominator
    let inverse = if b.is_negative() {
        Q::new_raw(-b.denom(), -b.numer())
    } else {
        Q::new_raw(b.denom().clone(), b.numer().clone())
    };
    mul(a, &inverse)
}

/// `a` against `b` by cross-multiplication (denominators are positive):
/// `a/b < c/d` exactly when `a d < c b`. Cheaper than the continued
/// fraction of `Ratio`'s order for the long numbers of interval ends.
pub fn cmp(a: &Q, b: &Q) -> std::cmp::Ordering {
    let by_sign = a.numer().sign().cmp(&b.numer().sign());
    if by_sign != std::cmp::Ordering::Equal {
        return by_sign;
    }
    if a.denom() == b.denom() {
        return a.numer().cmp(b.numer());
    }
    (a.numer() * b.denom()).cmp(&(b.numer() * a.denom()))
}

/// The midpoint `(a + b) / 2`.
pub fn midpoint(a: &Q, b: &Q) -> Q {
    let s = add(a, b);
    ratio(s.numer().clone(), s.denom() * BigInt::from(2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn q(n: i64, d: i64) -> Q {
        Q::new(BigInt::from(n), BigInt::from(d))
    }

    /// A rational with a numerator up to about 2^190 (so that Euclid runs
    /// on multi-word numbers) and a denominator that is small, large or 1.
    fn big_q() -> impl Strategy<Value = Q> {
        (
            any::<i64>(),
            any::<u64>(),
            any::<u64>(),
            prop_oneof![Just(1u64), 1u64..50, any::<u64>().prop_map(|d| d | 1)],
            0u32..3,
        )
            .prop_map(|(a, b, c, d, shift)| {
                let n = (BigInt::from(a) << 128u32) + (BigInt::from(b) << 64u32) + c;
                let d = BigInt::from(d) << (shift * 40);
                Q::new(n, d)
            })
    }

    /// A rational whose parts are small, near the `i64` limits or just
    /// beyond them (so that the machine-word paths run, overflow and fall
    /// back).
    fn word_q() -> impl Strategy<Value = Q> {
        let part = prop_oneof![
            -30i128..=30,
            -(1i128 << 62)..=(1i128 << 62),
            (i128::from(i64::MAX) - 3)..=(i128::from(i64::MAX) + 3),
            (i128::from(i64::MIN) - 3)..=(i128::from(i64::MIN) + 3),
        ];
        (part.clone(), part.prop_filter("non-zero", |d| *d != 0))
            .prop_map(|(n, d)| Q::new(BigInt::from(n), BigInt::from(d)))
    }

    #[test]
    fn word_paths_by_hand() {
        let max = Q::from_integer(BigInt::from(i64::MAX));
        let min = Q::from_integer(BigInt::from(i64::MIN));
        // (2^63 - 1) - (-2^63) = 2^64 - 1 leaves i64 but not i128
        assert_eq!(
            sub(&max, &min),
            Q::from_integer((BigInt::one() << 64u32) - 1)
        );
        // (-2^63)^2 = 2^126
        assert_eq!(mul(&min, &min), Q::from_integer(BigInt::one() << 126u32));
        // -2^63 / -1: the negation leaves i64
        assert_eq!(
            ratio(BigInt::from(i64::MIN), BigInt::from(-1)),
            Q::from_integer(BigInt::one() << 63u32)
        );
        assert_eq!(word_gcd(1 << 100, 3 << 90), 1 << 90);
        assert_eq!(word_gcd(0, 0), 0);
    }

    #[test]
    fn gcd_by_hand() {
        let b = |v: i64| BigInt::from(v);
        assert_eq!(gcd(&b(12), &b(-18)), b(6));
        assert_eq!(gcd(&b(0), &b(-7)), b(7));
        assert_eq!(gcd(&b(0), &b(0)), b(0));
        let big = (BigInt::one() << 200u32) * 3;
        assert_eq!(gcd(&big, &b(1)), b(1));
        assert_eq!(
            gcd(&big, &(BigInt::one() << 100u32)),
            BigInt::one() << 100u32
        );
        assert_eq!(gcd(&(&big * 7), &(b(21) << 150u32)), b(21) << 150u32);
    }

    #[test]
    fn operations_by_hand() {
        assert_eq!(mul(&q(2, 3), &q(9, 4)), q(3, 2));
        assert_eq!(add(&q(1, 6), &q(1, 3)), q(1, 2));
        assert_eq!(sub(&q(1, 6), &q(1, 6)), q(0, 1));
        assert_eq!(div(&q(1, 2), &q(-3, 4)), q(-2, 3));
        assert_eq!(midpoint(&q(1, 3), &q(1, 2)), q(5, 12));
        assert_eq!(ratio(BigInt::from(4), BigInt::from(-6)), q(-2, 3));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Word-sized operands (and ones just past the limit): the same
        /// lowest-terms results as `Ratio`'s operators.
        #[test]
        fn word_operands_agree_with_ratio(a in word_q(), b in word_q()) {
            let same = |x: Q, y: Q| x.numer() == y.numer() && x.denom() == y.denom();
            prop_assert!(same(mul(&a, &b), &a * &b));
            prop_assert!(same(add(&a, &b), &a + &b));
            prop_assert!(same(sub(&a, &b), &a - &b));
            if !b.is_zero() {
                prop_assert!(same(div(&a, &b), &a / &b));
            }
            let (n, d) = (a.numer() * b.denom(), a.denom() * b.numer());
            if !d.is_zero() {
                prop_assert!(same(ratio(n.clone(), d.clone()), Q::new(n, d)));
            }
        }

        #[test]
        fn gcd_agrees_with_num_integer(a in big_q(), b in big_q(), s in 0u32..200, t in 0u32..200) {
            // powers of two on both sides, shared or not
            let (x, y) = (a.numer() << s, b.denom() << t);
            prop_assert_eq!(gcd(&x, &y), x.gcd(&y));
            prop_assert_eq!(gcd(&y, &x), x.gcd(&y));
        }

        /// Same value and same (lowest-terms) representation as `Ratio`'s
        /// operators.
        #[test]
        fn agrees_with_ratio(a in big_q(), b in big_q()) {
            prop_assert_eq!(cmp(&a, &b), a.cmp(&b));
            let same = |x: Q, y: Q| x.numer() == y.numer() && x.denom() == y.denom();
            let (n1, d1) = (a.numer() * b.numer(), a.denom() * b.denom());
            prop_assert_eq!(gcd(&n1, &d1), num_integer::Integer::gcd(&n1, &d1));
            prop_assert!(same(mul(&a, &b), &a * &b));
            prop_assert!(same(add(&a, &b), &a + &b));
            prop_assert!(same(sub(&a, &b), &a - &b));
            if !b.is_zero() {
                prop_assert!(same(div(&a, &b), &a / &b));
            }
            let two = Q::from_integer(BigInt::from(2));
            prop_assert!(same(midpoint(&a, &b), (&a + &b) / two));
        }
    }
}
