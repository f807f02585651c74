//! [`CompactRational`]: an exact rational held in two machine words while
//! its numerator and denominator fit, in a `BigRational` beyond.
//!
//! Word operands are combined in `i128`: with both parts of each operand
//! at most `2^63 - 1` in magnitude, a product of two parts is below
//! `2^126` and a sum of two such products below `2^127`, so no `i128` step
//! can overflow. The result is reduced by its gcd and kept in words when
//! both parts fit again, else promoted to a `BigRational`. Any operation
//! with a big operand is done in `BigRational` and demoted when the result
//! fits. The representation is canonical (a value that fits is always in
//! words, always in lowest terms with a positive denominator), so equality
//! compares the representation, and every result equals the `BigRational`
//! one (property-tested below).
#![deny(clippy::float_arithmetic)]

use super::rational::euclid;
use super::{BigInt, BigRational, FieldScalar, Ring, Scalar, Sign};
use num_traits::{ToPrimitive, Zero};
use std::borrow::Cow;
use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// An exact rational in machine words when it fits, else a `BigRational`
/// (module docs).
#[derive(Clone, Debug, PartialEq)]
pub enum CompactRational {
    /// `numerator / denominator` in lowest terms, the denominator positive,
    /// both in `[-(2^63 - 1), 2^63 - 1]`.
    Word(i64, i64),
    /// A value that does not fit in `Word`.
    Big(BigRational),
}

/// `x` as a word part: in `i64` and not `i64::MIN` (so that negation and
/// the `i128` bounds of the module docs hold).
fn word_part(x: i128) -> Option<i64> {
    i64::try_from(x).ok().filter(|&v| v != i64::MIN)
}

/// `gcd(a, b)` by the binary algorithm, in `u64` once both fit.
fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    if let (Ok(x), Ok(y)) = (u64::try_from(a), u64::try_from(b)) {
        return u128::from(gcd_u64(x, y)) << shift;
    }
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
        if let (Ok(x), Ok(y)) = (u64::try_from(a), u64::try_from(b)) {
            return u128::from(gcd_u64(x, y)) << shift;
        }
    }
}

/// `gcd(a, b)` for odd `a` and any `b` (the binary algorithm).
fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    if b == 0 {
        return a;
    }
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a;
        }
    }
}

impl CompactRational {
    /// `n / d` (`d != 0`, `|n|, |d| < 2^127`), reduced, in words when it
    /// fits.
    fn from_i128(n: i128, d: i128) -> Self {
        debug_assert!(d != 0);
        if n == 0 {
            return CompactRational::Word(0, 1);
        }
        let (n, d) = if d < 0 { (-n, -d) } else { (n, d) };
        // an integer needs no reduction
        if d == 1 {
            if let Some(n) = word_part(n) {
                return CompactRational::Word(n, 1);
            }
        }
        // the usual case: both parts already in words (no i128 division)
        if let (Some(n), Some(d)) = (word_part(n), word_part(d)) {
            let g = gcd_u128(u128::from(n.unsigned_abs()), u128::from(d.unsigned_abs())) as i64;
            return CompactRational::Word(n / g, d / g);
        }
        // both are below 2^127 in magnitude, so the gcd fits in an i128
        let g = gcd_u128(n.unsigned_abs(), d.unsigned_abs()) as i128;
        let (n, d) = (n / g, d / g);
        match (word_part(n), word_part(d)) {
            (Some(n), Some(d)) => CompactRational::Word(n, d),
            _ => CompactRational::Big(BigRational::new_raw(BigInt::from(n), BigInt::from(d))),
        }
    }

    /// A `BigRational` (in lowest terms) in words when it fits.
    pub fn from_big(q: BigRational) -> Self {
        match (q.numer().to_i64(), q.denom().to_i64()) {
            (Some(n), Some(d)) if n != i64::MIN => CompactRational::Word(n, d),
            _ => CompactRational::Big(q),
        }
    }

    /// The denominator in lowest terms, when the value is in words.
    pub fn word_denominator(&self) -> Option<i64> {
        match self {
            CompactRational::Word(_, d) => Some(*d),
            CompactRational::Big(_) => None,
        }
    }

    /// The value as a `BigRational`.
    pub fn to_big(&self) -> BigRational {
        self.big().into_owned()
    }

    fn big(&self) -> Cow<'_, BigRational> {
        match self {
            CompactRational::Word(n, d) => {
                Cow::Owned(BigRational::new_raw(BigInt::from(*n), BigInt::from(*d)))
            }
            CompactRational::Big(q) => Cow::Borrowed(q),
        }
    }

    fn sum(&self, rhs: &Self, negate: bool) -> Self {
        match (self, rhs) {
            // adding zero reduces nothing
            (_, CompactRational::Word(0, _)) => self.clone(),
            (CompactRational::Word(0, _), _) if negate => -rhs.clone(),
            (CompactRational::Word(0, _), _) => rhs.clone(),
            (CompactRational::Word(an, ad), CompactRational::Word(bn, bd)) => {
                let bn = if negate {
                    -i128::from(*bn)
                } else {
                    i128::from(*bn)
                };
                let (an, ad, bd) = (i128::from(*an), i128::from(*ad), i128::from(*bd));
                if ad == bd {
                    Self::from_i128(an + bn, ad)
                } else {
                    Self::from_i128(an * bd + bn * ad, ad * bd)
                }
            }
            _ => Self::from_big(euclid::add_signed(&self.big(), &rhs.big(), negate)),
        }
    }

    fn product(&self, rhs: &Self) -> Self {
        match (self, rhs) {
            // by zero or one: nothing to reduce
            (CompactRational::Word(0, _), _) | (_, CompactRational::Word(0, _)) => {
                CompactRational::Word(0, 1)
            }
            (CompactRational::Word(1, 1), other) | (other, CompactRational::Word(1, 1)) => {
                other.clone()
            }
            (CompactRational::Word(an, ad), CompactRational::Word(bn, bd)) => Self::from_i128(
                i128::from(*an) * i128::from(*bn),
                i128::from(*ad) * i128::from(*bd),
            ),
            _ => Self::from_big(euclid::mul(&self.big(), &rhs.big())),
        }
    }

    fn quotient(&self, rhs: &Self) -> Self {
        match (self, rhs) {
            (CompactRational::Word(an, ad), CompactRational::Word(bn, bd)) => {
                assert!(*bn != 0, "division by zero");
                Self::from_i128(
                    i128::from(*an) * i128::from(*bd),
                    i128::from(*ad) * i128::from(*bn),
                )
            }
            _ => Self::from_big(euclid::div(&self.big(), &rhs.big())),
        }
    }
}

impl PartialOrd for CompactRational {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(match (self, other) {
            // positive denominators: compare the cross products
            (CompactRational::Word(an, ad), CompactRational::Word(bn, bd)) => {
                (i128::from(*an) * i128::from(*bd)).cmp(&(i128::from(*bn) * i128::from(*ad)))
            }
            _ => self.big().cmp(&other.big()),
        })
    }
}

impl Neg for CompactRational {
    type Output = Self;
    fn neg(self) -> Self {
        match self {
            CompactRational::Word(n, d) => CompactRational::Word(-n, d),
            CompactRational::Big(q) => CompactRational::Big(-q),
        }
    }
}

/// The by-value and by-reference forms of a binary operator and its
/// assignment, all through one method taking references.
macro_rules! binary_ops {
    ($op:ident, $method:ident, $assign:ident, $assign_method:ident, $body:expr) => {
        impl $op for CompactRational {
            type Output = Self;
            fn $method(self, rhs: Self) -> Self {
                $body(&self, &rhs)
            }
        }
        impl<'a> $op<&'a CompactRational> for CompactRational {
            type Output = Self;
            fn $method(self, rhs: &'a Self) -> Self {
                $body(&self, rhs)
            }
        }
        impl $assign for CompactRational {
            fn $assign_method(&mut self, rhs: Self) {
                *self = $body(self, &rhs);
            }
        }
        impl<'a> $assign<&'a CompactRational> for CompactRational {
            fn $assign_method(&mut self, rhs: &'a Self) {
                *self = $body(self, rhs);
            }
        }
    };
}

binary_ops!(Add, add, AddAssign, add_assign, |a: &Self, b: &Self| a
    .sum(b, false));
binary_ops!(Sub, sub, SubAssign, sub_assign, |a: &Self, b: &Self| a
    .sum(b, true));
binary_ops!(Mul, mul, MulAssign, mul_assign, |a: &Self, b: &Self| a
    .product(b));
binary_ops!(Div, div, DivAssign, div_assign, |a: &Self, b: &Self| a
    .quotient(b));

impl Ring for CompactRational {
    fn zero() -> Self {
        CompactRational::Word(0, 1)
    }
    fn one() -> Self {
        CompactRational::Word(1, 1)
    }
    fn from_i64(v: i64) -> Self {
        Self::from_i128(i128::from(v), 1)
    }
    fn sign(&self) -> Sign {
        match self {
            CompactRational::Word(n, _) => Sign::from_ordering(n.cmp(&0)),
            CompactRational::Big(q) => q.sign(),
        }
    }
    fn is_zero(&self) -> bool {
        match self {
            CompactRational::Word(n, _) => *n == 0,
            CompactRational::Big(q) => Zero::is_zero(q.numer()),
        }
    }
    fn add_ref(&self, rhs: &Self) -> Self {
        self.sum(rhs, false)
    }
    fn sub_ref(&self, rhs: &Self) -> Self {
        self.sum(rhs, true)
    }
    fn mul_ref(&self, rhs: &Self) -> Self {
        self.product(rhs)
    }
}

impl Scalar for CompactRational {
    const IS_EXACT: bool = true;
    const NAME: &'static str = "exact";
    fn from_rational(q: &BigRational) -> Self {
        Self::from_big(q.clone())
    }
    fn to_rational(&self) -> Option<BigRational> {
        Some(self.to_big())
    }
    fn to_f64(&self) -> f64 {
        match self {
            CompactRational::Word(n, d) => super::ieee::small_ratio_to_f64(*n, *d)
                .unwrap_or_else(|| super::rational_to_f64(&self.big())),
            CompactRational::Big(q) => super::rational_to_f64(q),
        }
    }
    fn abs(&self) -> Self {
        match self {
            CompactRational::Word(n, d) => CompactRational::Word(n.abs(), *d),
            CompactRational::Big(q) => CompactRational::Big(Scalar::abs(q)),
        }
    }
}

impl FieldScalar for CompactRational {
    fn recip(&self) -> Self {
        Self::one().quotient(self)
    }
    fn div_ref(&self, rhs: &Self) -> Self {
        self.quotient(rhs)
    }
}

#[cfg(test)]
mod tests {
    use super::{gcd_u128, CompactRational};
    use crate::scalar::{BigInt, BigRational, FieldScalar, Ring, Scalar};
    use num_integer::Integer;
    use proptest::prelude::*;

    fn q(n: i128, d: i128) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    /// Parts near the word limit (so that results overflow words and come
    /// back), small ones, and ones in between.
    fn part() -> impl Strategy<Value = i128> {
        prop_oneof![
            -20i128..=20,
            -(1i128 << 40)..=(1i128 << 40),
            (i128::from(i64::MAX) - 4)..=(i128::from(i64::MAX) + 4),
            (-i128::from(i64::MAX) - 4)..=(-i128::from(i64::MAX) + 4),
            -(1i128 << 80)..=(1i128 << 80),
        ]
    }

    fn rational() -> impl Strategy<Value = BigRational> {
        (
            part(),
            part().prop_filter("a non-zero denominator", |d| *d != 0),
        )
            .prop_map(|(n, d)| q(n, d))
    }

    /// The compact value holds the rational in words exactly when both
    /// parts of its lowest terms fit.
    fn canonical(c: &CompactRational, x: &BigRational) -> bool {
        let fits = |v: &BigInt| i64::try_from(v).is_ok_and(|w| w != i64::MIN);
        match c {
            CompactRational::Word(n, d) => {
                fits(x.numer()) && fits(x.denom()) && q(i128::from(*n), i128::from(*d)) == *x
            }
            CompactRational::Big(b) => b == x && !(fits(x.numer()) && fits(x.denom())),
        }
    }

    proptest! {
        /// Every operation agrees with `BigRational` and its result is in
        /// the canonical form, across the word limit both ways.
        #[test]
        fn operations_agree_with_big_rational(a in rational(), b in rational()) {
            let (ca, cb) = (CompactRational::from_big(a.clone()), CompactRational::from_big(b.clone()));
            prop_assert!(canonical(&ca, &a));
            let results = [
                (ca.add_ref(&cb), &a + &b),
                (ca.sub_ref(&cb), &a - &b),
                (ca.mul_ref(&cb), &a * &b),
                (-ca.clone(), -a.clone()),
                (Scalar::abs(&ca), Scalar::abs(&a)),
            ];
            for (c, x) in &results {
                prop_assert!(canonical(c, x), "{c:?} for {x}");
            }
            if !b.is_zero() {
                let c = ca.div_ref(&cb);
                prop_assert!(canonical(&c, &(&a / &b)));
            }
            prop_assert_eq!(ca.partial_cmp(&cb), a.partial_cmp(&b));
            prop_assert_eq!(ca == cb, a == b);
            prop_assert_eq!(ca.sign(), a.sign());
            prop_assert_eq!(ca.to_f64().to_bits(), a.to_f64().to_bits());
        }

        /// The machine gcd agrees with the big-integer one.
        #[test]
        fn gcd_agrees_with_num_integer(
            a in prop_oneof![0u128..=1 << 20, 0u128..=u128::from(u64::MAX), 0u128..=(u128::MAX >> 1)],
            b in prop_oneof![0u128..=1 << 20, 0u128..=u128::from(u64::MAX), 0u128..=(u128::MAX >> 1)],
        ) {
            let expected = BigInt::from(a).gcd(&BigInt::from(b));
            prop_assert_eq!(BigInt::from(gcd_u128(a, b)), expected);
        }
    }

    /// Hand-checked results at the word limit: `(2^63 - 1) + 1` leaves
    /// words and `- 1` comes back; a product reduced by the gcd stays in
    /// words; division by a negative moves the sign to the numerator.
    #[test]
    fn word_limit_by_hand() {
        let max = CompactRational::from_i64(i64::MAX);
        let one = CompactRational::one();
        let over = max.add_ref(&one);
        assert_eq!(over, CompactRational::Big(q(1i128 << 63, 1)));
        assert_eq!(over.sub_ref(&one), CompactRational::Word(i64::MAX, 1));
        assert_eq!(
            CompactRational::from_i64(i64::MIN),
            CompactRational::Big(q(-(1i128 << 63), 1))
        );
        let third = CompactRational::from_big(q(1, 3));
        let six = CompactRational::from_i64(6);
        assert_eq!(third.mul_ref(&six), CompactRational::Word(2, 1));
        let minus_two = CompactRational::from_i64(-2);
        assert_eq!(third.div_ref(&minus_two), CompactRational::Word(-1, 6));
        assert!(third < CompactRational::from_big(q(1, 2)));
        assert!(minus_two < third);
    }
}
