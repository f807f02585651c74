//! `BigInt` as a [`Ring`] and `BigRational` as the default exact
//! [`FieldScalar`], plus correctly rounded conversion to `f64`.
#![deny(clippy::float_arithmetic)]

use super::{BigInt, BigRational, FieldScalar, Ring, Scalar, Sign};
use num_bigint::Sign as BigSign;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

fn sign_of_bigint(v: &BigInt) -> Sign {
    match v.sign() {
        BigSign::Minus => Sign::Negative,
        BigSign::NoSign => Sign::Zero,
        BigSign::Plus => Sign::Positive,
    }
}

impl Ring for BigInt {
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    fn from_i64(v: i64) -> Self {
        BigInt::from(v)
    }
    fn sign(&self) -> Sign {
        sign_of_bigint(self)
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn add_ref(&self, rhs: &Self) -> Self {
        self + rhs
    }
    fn sub_ref(&self, rhs: &Self) -> Self {
        self - rhs
    }
    fn mul_ref(&self, rhs: &Self) -> Self {
        self * rhs
    }
    fn add_mul(&mut self, a: &Self, b: &Self) {
        *self += a * b;
    }
    fn sub_mul(&mut self, a: &Self, b: &Self) {
        *self -= a * b;
    }
    fn product_fast(a: &[Self], b: &[Self]) -> Option<Vec<Self>> {
        let a: Vec<i64> = a.iter().map(ToPrimitive::to_i64).collect::<Option<_>>()?;
        let b: Vec<i64> = b.iter().map(ToPrimitive::to_i64).collect::<Option<_>>()?;
        Some(
            small_product(&a, &b)?
                .into_iter()
                .map(BigInt::from)
                .collect(),
        )
    }
}

/// The product of two polynomials with word-sized coefficients, accumulated
/// in `i128` with checked additions (each product of two `i64` fits);
/// `None` when a sum would overflow.
fn small_product(a: &[i64], b: &[i64]) -> Option<Vec<i128>> {
    let mut out = vec![0i128; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        for (j, &y) in b.iter().enumerate() {
            out[i + j] = out[i + j].checked_add(i128::from(x) * i128::from(y))?;
        }
    }
    Some(out)
}

/// Fraction arithmetic reduced by Euclid's algorithm.
///
/// `num-rational`'s operators reduce every result with `num-integer`'s
/// binary (Stein) gcd, which takes about one step per bit of the larger
/// operand even when the other is 1 (an integer-valued rational) or small;
/// profiled, that gcd was more than half of the exact solvers' time.
/// Euclid's algorithm needs one division in those cases. The `Ring` methods
/// of `BigRational` below (the ones polynomial products and evaluation use)
/// go through these functions; the results are the same lowest-terms
/// fractions `Ratio::new` gives (tested against it in `tests/scalar_laws.rs`).
pub mod euclid {
    use super::{BigInt, BigRational};
    use num_integer::Integer;
    use num_traits::{One, Signed, ToPrimitive, Zero};

    /// `gcd(|a|, |b|)` (`0` when both are `0`), finishing in machine words
    /// once the smaller operand fits in one.
    pub fn gcd(a: &BigInt, b: &BigInt) -> BigInt {
        let (mut a, mut b) = (a.abs(), b.abs());
        if a < b {
            std::mem::swap(&mut a, &mut b);
        }
        // a power of two (the denominators of dyadic rationals): the gcd is
        // the common power of two
        if let Some(k) = b.trailing_zeros() {
            if b.bits() == k + 1 {
                let shift = a.trailing_zeros().map_or(k, |z| z.min(k));
                return BigInt::one() << shift;
            }
        }
        while !b.is_zero() {
            if let Some(y) = b.to_u64() {
                let r = (&a % &b)
                    .to_u64()
                    .expect("a remainder below a u64 fits in one");
                return BigInt::from(y.gcd(&r));
            }
            let r = &a % &b;
            a = b;
            b = r;
        }
        a
    }

    /// The least common multiple of `|a|` and `|b|` (`0` if either is `0`).
    pub fn lcm(a: &BigInt, b: &BigInt) -> BigInt {
        if a.is_zero() || b.is_zero() {
            return BigInt::zero();
        }
        (a / gcd(a, b) * b).abs()
    }

    /// `n / d` in lowest terms with a positive denominator (`d != 0`).
    pub fn ratio(n: BigInt, d: BigInt) -> BigRational {
        assert!(!d.is_zero(), "zero denominator");
        if n.is_zero() {
            return BigRational::zero();
        }
        let (n, d) = if d.is_negative() { (-n, -d) } else { (n, d) };
        if d.is_one() {
            return BigRational::from_integer(n);
        }
        let g = gcd(&n, &d);
        if g.is_one() {
            BigRational::new_raw(n, d)
        } else {
            BigRational::new_raw(n / &g, d / &g)
        }
    }

    /// `a * b` (inputs in lowest terms), cross-cancelled first.
    pub fn mul(a: &BigRational, b: &BigRational) -> BigRational {
        if a.numer().is_zero() || b.numer().is_zero() {
            return BigRational::zero();
        }
        if a.denom().is_one() && b.denom().is_one() {
            return BigRational::from_integer(a.numer() * b.numer());
        }
        let g1 = gcd(a.numer(), b.denom());
        let g2 = gcd(b.numer(), a.denom());
        let n = (a.numer() / &g1) * (b.numer() / &g2);
        let d = (a.denom() / &g2) * (b.denom() / &g1);
        BigRational::new_raw(n, d)
    }

    /// `a + s b` for `s = 1` or `s = -1` (`negate`).
    pub(crate) fn add_signed(a: &BigRational, b: &BigRational, negate: bool) -> BigRational {
        let bn = if negate {
            -b.numer()
        } else {
            b.numer().clone()
        };
        if a.denom() == b.denom() {
            return ratio(a.numer() + bn, a.denom().clone());
        }
        ratio(
            a.numer() * b.denom() + bn * a.denom(),
            a.denom() * b.denom(),
        )
    }

    /// `a / b` (`b != 0`).
    pub fn div(a: &BigRational, b: &BigRational) -> BigRational {
        assert!(!b.numer().is_zero(), "division by zero");
        let inverse = if b.numer().is_negative() {
            BigRational::new_raw(-b.denom(), -b.numer())
        } else {
            BigRational::new_raw(b.denom().clone(), b.numer().clone())
        };
        mul(a, &inverse)
    }
}

impl Ring for BigRational {
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    fn from_i64(v: i64) -> Self {
        BigRational::from_integer(BigInt::from(v))
    }
    fn sign(&self) -> Sign {
        sign_of_bigint(self.numer())
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self.numer())
    }
    fn add_ref(&self, rhs: &Self) -> Self {
        euclid::add_signed(self, rhs, false)
    }
    fn sub_ref(&self, rhs: &Self) -> Self {
        euclid::add_signed(self, rhs, true)
    }
    fn mul_ref(&self, rhs: &Self) -> Self {
        euclid::mul(self, rhs)
    }
    fn add_mul(&mut self, a: &Self, b: &Self) {
        *self = euclid::add_signed(self, &euclid::mul(a, b), false);
    }
    fn sub_mul(&mut self, a: &Self, b: &Self) {
        *self = euclid::add_signed(self, &euclid::mul(a, b), true);
    }
    /// Integer-valued coefficients (the usual case after denominators are
    /// cleared) that fit in words take the machine-integer product.
    fn product_fast(a: &[Self], b: &[Self]) -> Option<Vec<Self>> {
        let word = |q: &Self| {
            if q.denom().is_one() {
                q.numer().to_i64()
            } else {
                None
            }
        };
        let a: Vec<i64> = a.iter().map(word).collect::<Option<_>>()?;
        let b: Vec<i64> = b.iter().map(word).collect::<Option<_>>()?;
        Some(
            small_product(&a, &b)?
                .into_iter()
                .map(|v| BigRational::from_integer(BigInt::from(v)))
                .collect(),
        )
    }
}

impl Scalar for BigRational {
    const IS_EXACT: bool = true;
    const NAME: &'static str = "exact";
    fn from_rational(q: &BigRational) -> Self {
        q.clone()
    }
    fn to_rational(&self) -> Option<BigRational> {
        Some(self.clone())
    }
    fn to_f64(&self) -> f64 {
        nearest_f64(self)
    }
    fn abs(&self) -> Self {
        Signed::abs(self)
    }
}

impl FieldScalar for BigRational {
    fn recip(&self) -> Self {
        num_traits::Inv::inv(self)
    }
    fn div_ref(&self, rhs: &Self) -> Self {
        euclid::div(self, rhs)
    }
}

/// The `f64` nearest to `q`, ties to even, `±inf` on overflow, correctly
/// rounded through subnormals: one `f64` division when numerator and
/// denominator are below `2^53` (`ieee::small_ratio_to_f64`), else
/// integer arithmetic only.
pub(crate) fn nearest_f64(q: &BigRational) -> f64 {
    if let (Some(n), Some(d)) = (q.numer().to_i64(), q.denom().to_i64()) {
        if let Some(x) = super::ieee::small_ratio_to_f64(n, d) {
            return x;
        }
    }
    nearest_f64_by_integers(q)
}

/// [`nearest_f64`] in integer arithmetic.
fn nearest_f64_by_integers(q: &BigRational) -> f64 {
    let negative = q.numer().is_negative();
    let n = q.numer().abs();
    let d = q.denom().clone();
    if Zero::is_zero(&n) {
        return 0.0;
    }
    // Choose e so that m = floor(n / (d 2^e)) has 54 or 55 bits (53
    // significant bits plus guard bits); the remainder is the sticky bit.
    let bits_n = n.bits() as i64;
    let bits_d = d.bits() as i64;
    let mut e = bits_n - bits_d - 54;
    // Exponent of the result: value ~ m * 2^e. Subnormals have a fixed
    // minimum exponent: the least significant bit is 2^-1074.
    let min_lsb = -1074_i64;
    let (mut m, mut rem_nonzero) = scaled_quotient(&n, &d, e);
    // m may have 54..=56 bits depending on the leading digits; normalise to
    // exactly 55 bits (53 + round bit + one extra) by shifting right.
    while m.bits() > 55 {
        rem_nonzero |= m.is_odd();
        m >>= 1;
        e += 1;
    }
    while m.bits() < 55 {
        e -= 1;
        let r = scaled_quotient(&n, &d, e);
        m = r.0;
        rem_nonzero = r.1;
    }
    // Now value = (m + frac) * 2^e with m of 55 bits. The result keeps 53
    // bits with lsb 2^(e+2), unless that is below the subnormal lsb.
    let mut lsb = e + 2;
    if lsb < min_lsb {
        lsb = min_lsb;
    }
    let shift = lsb - e; // >= 2
    let (mantissa, round_up) = round_shift(&m, shift as u64, rem_nonzero);
    let mut mantissa: u64 = u64::try_from(&mantissa).unwrap_or(u64::MAX);
    if round_up {
        mantissa += 1;
    }
    if mantissa == 1 << 53 {
        mantissa >>= 1;
        lsb += 1;
    }
    // value = mantissa * 2^lsb
    let bits = if mantissa < (1 << 52) {
        // subnormal (lsb == -1074)
        mantissa
    } else {
        let exp = lsb + 52 + 1023; // biased exponent of mantissa * 2^lsb
        if exp >= 0x7ff {
            let inf = f64::INFINITY.to_bits();
            return f64::from_bits(inf | if negative { 1u64 << 63 } else { 0 });
        }
        ((exp as u64) << 52) | (mantissa & ((1 << 52) - 1))
    };
    let sign_bit = if negative { 1u64 << 63 } else { 0 };
    f64::from_bits(bits | sign_bit)
}

/// `(floor(n / (d 2^e)), remainder != 0)` for positive `n`, `d`.
fn scaled_quotient(n: &BigInt, d: &BigInt, e: i64) -> (BigInt, bool) {
    let (num, den) = if e >= 0 {
        (n.clone(), d << (e as u64))
    } else {
        (n << ((-e) as u64), d.clone())
    };
    let (q, r) = num.div_rem(&den);
    (q, !Zero::is_zero(&r))
}

/// `m >> shift` rounded to nearest, ties to even; `sticky` says whether
/// bits below `m` were non-zero. Returns the truncated value and whether to
/// round it up.
fn round_shift(m: &BigInt, shift: u64, sticky: bool) -> (BigInt, bool) {
    let kept = m >> shift;
    let half = <BigInt as One>::one() << (shift - 1);
    let low = m - (&kept << shift);
    let round_up = match low.cmp(&half) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => sticky || kept.is_odd(),
    };
    (kept, round_up)
}

#[cfg(test)]
#[allow(clippy::float_arithmetic)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn nearest_f64_matches_exact_f64_values() {
        for &x in &[
            0.1_f64,
            1.0,
            -2.5,
            1e300,
            -1e-300,
            5e-324,
            2.2250738585072014e-308,
            f64::MAX,
            123456.789,
        ] {
            let r = BigRational::from_float(x).unwrap();
            assert_eq!(nearest_f64(&r).to_bits(), x.to_bits(), "{x}");
        }
    }

    #[test]
    fn nearest_f64_rounds_halfway_to_even() {
        // 1 + 2^-53 is halfway between 1 and 1 + 2^-52: ties to even gives 1.
        let one = BigRational::from_integer(BigInt::from(1));
        let half_ulp = BigRational::new(BigInt::from(1), BigInt::from(1) << 53u32);
        assert_eq!(nearest_f64(&(&one + &half_ulp)), 1.0);
        // slightly above halfway rounds up
        let above = &one + &half_ulp + BigRational::new(BigInt::from(1), BigInt::from(1) << 80u32);
        assert_eq!(nearest_f64(&above), 1.0 + f64::EPSILON);
        // 1 + 3 * 2^-53 is halfway between 1+2^-52 (odd) and 1+2^-51 (even)
        let three_half = &one + &half_ulp * BigRational::from_i64(3);
        assert_eq!(nearest_f64(&three_half), 1.0 + 2.0 * f64::EPSILON);
    }

    proptest::proptest! {
        /// The one-division path for small parts rounds as the integer
        /// algorithm does.
        #[test]
        fn small_parts_round_as_the_integer_algorithm(
            n in proptest::prop_oneof![-1000i64..1000, -(1i64 << 53) + 1..(1i64 << 53)],
            d in proptest::prop_oneof![1i64..1000, 1i64..(1i64 << 53)],
        ) {
            let r = q(n, d);
            proptest::prop_assert_eq!(nearest_f64(&r).to_bits(), nearest_f64_by_integers(&r).to_bits());
        }
    }

    #[test]
    fn nearest_f64_of_thirds_and_overflow() {
        assert_eq!(nearest_f64(&q(1, 3)), 1.0 / 3.0);
        assert_eq!(nearest_f64(&q(-2, 3)), -2.0 / 3.0);
        assert_eq!(nearest_f64(&q(717, 1517)), 717.0 / 1517.0);
        let huge = BigRational::from_integer(BigInt::from(1) << 1100u32);
        assert_eq!(nearest_f64(&huge), f64::INFINITY);
        let tiny = BigRational::new(BigInt::from(1), BigInt::from(1) << 1100u32);
        assert_eq!(nearest_f64(&tiny), 0.0);
        // just above half the smallest subnormal rounds up to it
        let near_min = BigRational::new(BigInt::from(3), BigInt::from(1) << 1076u32);
        assert_eq!(nearest_f64(&near_min), 5e-324);
    }
}
