//! `rug::Rational` (GMP) as a fast exact [`FieldScalar`], behind the `gmp`
//! feature. Conversions to and from [`BigRational`] go through the integers'
//! two's-complement digits, never through floats.
#![deny(clippy::float_arithmetic)]

use super::{BigInt, BigRational, FieldScalar, Ring, Scalar, Sign};
use rug::{Complete, Integer, Rational};

fn integer_to_bigint(i: &Integer) -> BigInt {
    let mut digits = vec![0u32; i.significant_digits::<u32>()];
    i.write_digits(&mut digits, rug::integer::Order::Lsf);
    let magnitude = num_bigint::BigUint::new(digits);
    match i.cmp0() {
        std::cmp::Ordering::Less => BigInt::from_biguint(num_bigint::Sign::Minus, magnitude),
        _ => BigInt::from(magnitude),
    }
}

fn bigint_to_integer(b: &BigInt) -> Integer {
    let (sign, digits) = b.to_u32_digits();
    let magnitude = Integer::from_digits(&digits, rug::integer::Order::Lsf);
    if sign == num_bigint::Sign::Minus {
        -magnitude
    } else {
        magnitude
    }
}

/// The exact `rug::Rational` of a `BigRational`.
pub(crate) fn rational_to_rug(q: &BigRational) -> Rational {
    Rational::from((bigint_to_integer(q.numer()), bigint_to_integer(q.denom())))
}

/// The exact `BigRational` of a `rug::Rational`.
pub(crate) fn rug_to_rational(q: &Rational) -> BigRational {
    BigRational::new_raw(integer_to_bigint(q.numer()), integer_to_bigint(q.denom()))
}

impl Ring for Rational {
    fn zero() -> Self {
        Rational::new()
    }
    fn one() -> Self {
        Rational::from(1)
    }
    fn from_i64(v: i64) -> Self {
        Rational::from(v)
    }
    fn sign(&self) -> Sign {
        Sign::from_ordering(self.cmp0())
    }
    fn add_ref(&self, rhs: &Self) -> Self {
        (self + rhs).complete()
    }
    fn sub_ref(&self, rhs: &Self) -> Self {
        (self - rhs).complete()
    }
    fn mul_ref(&self, rhs: &Self) -> Self {
        (self * rhs).complete()
    }
    fn add_mul(&mut self, a: &Self, b: &Self) {
        *self += &(a * b).complete();
    }
    fn sub_mul(&mut self, a: &Self, b: &Self) {
        *self -= &(a * b).complete();
    }
}

impl Scalar for Rational {
    const IS_EXACT: bool = true;
    const NAME: &'static str = "gmp";
    fn from_rational(q: &BigRational) -> Self {
        rational_to_rug(q)
    }
    fn to_rational(&self) -> Option<BigRational> {
        Some(rug_to_rational(self))
    }
    fn to_f64(&self) -> f64 {
        super::rational::nearest_f64(&rug_to_rational(self))
    }
}

impl FieldScalar for Rational {
    fn recip(&self) -> Self {
        self.clone().recip()
    }
    fn div_ref(&self, rhs: &Self) -> Self {
        (self / rhs).complete()
    }
}
