//! The exact dyadic number `m 2^e` and its rounding to `p` bits of
//! mantissa, toward minus or plus infinity.
//!
//! A mantissa below `2^128` in magnitude is kept inline (sign and `u128`
//! magnitude), and sums and products of two such mantissas are formed
//! exactly in 256 bits ([`super::wide::U256`]) and rounded there, so the
//! certified interval arithmetic at up to 128 bits allocates nothing;
//! larger mantissas are [`BigInt`]s. Both forms denote the same numbers and
//! every operation gives the same result in either (property tests against
//! the big-integer algorithms).
#![deny(clippy::float_arithmetic)]

use super::wide::U256;
use crate::scalar::{BigInt, BigRational, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;

/// The direction of a rounding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// Toward minus infinity (the largest representable `<=` the value).
    Down,
    /// Toward plus infinity (the smallest representable `>=` the value).
    Up,
}

/// An integer mantissa: inline below `2^128` in magnitude, else a
/// [`BigInt`]. Every constructor keeps the inline form whenever the value
/// fits it (so the two forms never hold the same value), and `0` is
/// `Inline { negative: false, magnitude: 0 }`.
#[derive(Clone)]
enum Mantissa {
    Inline { negative: bool, magnitude: u128 },
    Big(BigInt),
}

impl Mantissa {
    const ZERO: Mantissa = Mantissa::Inline {
        negative: false,
        magnitude: 0,
    };

    fn inline(negative: bool, magnitude: u128) -> Mantissa {
        Mantissa::Inline {
            negative: negative && magnitude != 0,
            magnitude,
        }
    }

    fn of(n: BigInt) -> Mantissa {
        match u128::try_from(n.magnitude()) {
            Ok(magnitude) => Mantissa::inline(n.sign() == num_bigint::Sign::Minus, magnitude),
            Err(_) => Mantissa::Big(n),
        }
    }

    /// `negative ? -m : m` for a 256-bit magnitude.
    fn of_wide(negative: bool, m: U256) -> Mantissa {
        match m.to_u128() {
            Some(magnitude) => Mantissa::inline(negative, magnitude),
            None => {
                let n = m.to_big();
                Mantissa::Big(if negative { -n } else { n })
            }
        }
    }

    fn to_big(&self) -> BigInt {
        match self {
            Mantissa::Inline {
                negative,
                magnitude,
            } => {
                let n = BigInt::from(*magnitude);
                if *negative {
                    -n
                } else {
                    n
                }
            }
            Mantissa::Big(n) => n.clone(),
        }
    }

    fn bits(&self) -> u64 {
        match self {
            Mantissa::Inline { magnitude, .. } => u64::from(128 - magnitude.leading_zeros()),
            Mantissa::Big(n) => n.bits(),
        }
    }

    fn is_zero(&self) -> bool {
        match self {
            Mantissa::Inline { magnitude, .. } => *magnitude == 0,
            Mantissa::Big(n) => n.is_zero(),
        }
    }

    fn is_negative(&self) -> bool {
        match self {
            Mantissa::Inline { negative, .. } => *negative,
            Mantissa::Big(n) => n.is_negative(),
        }
    }

    fn neg(&self) -> Mantissa {
        match self {
            Mantissa::Inline {
                negative,
                magnitude,
            } => Mantissa::inline(!negative, *magnitude),
            Mantissa::Big(n) => Mantissa::Big(-n),
        }
    }

    fn abs(&self) -> Mantissa {
        match self {
            Mantissa::Inline { magnitude, .. } => Mantissa::inline(false, *magnitude),
            Mantissa::Big(n) => Mantissa::Big(n.abs()),
        }
    }
}

/// A signed 128-bit magnitude: `(negative, magnitude)`.
type SignedWord = (bool, u128);

/// A signed 256-bit magnitude: `(negative, magnitude)`.
type SignedWide = (bool, U256);

/// The exact number `man 2^exp`. Not normalised: equal values may have
/// different representations, and comparison is by value.
#[derive(Clone)]
pub struct Dyad {
    man: Mantissa,
    exp: i64,
}

impl fmt::Debug for Dyad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_rational())
    }
}

/// `negative ? -m : m` times `2^exp`, rounded to `p` bits in the direction
/// `r`: the inline rounding of an exact sum or product.
fn rounded_wide(negative: bool, m: U256, exp: i64, p: u64, r: Rounding) -> Dyad {
    if let (Some(m), true) = (m.to_u128(), p > 0) {
        return rounded_narrow(negative, m, exp, p, r);
    }
    let bits = u64::from(m.bits());
    if bits <= p {
        return Dyad {
            man: Mantissa::of_wide(negative, m),
            exp,
        };
    }
    if p > 128 {
        return Dyad {
            man: Mantissa::of_wide(negative, m),
            exp,
        }
        .round(p, r);
    }
    let shift = (bits - p) as u32;
    let kept = m.shr(shift).to_u128().unwrap_or(u128::MAX);
    // the magnitude moves away from 0 when the rounding is toward the side
    // of the value's sign and a dropped bit is set
    let away = (r == Rounding::Up) != negative && m.low_bits_set(shift);
    let exp = exp + i64::from(shift);
    match (away, kept.checked_add(1)) {
        (false, _) => Dyad {
            man: Mantissa::inline(negative, kept),
            exp,
        },
        (true, Some(up)) => Dyad {
            man: Mantissa::inline(negative, up),
            exp,
        },
        // kept + 1 = 2^128 = 2^127 2^1
        (true, None) => Dyad {
            man: Mantissa::inline(negative, 1 << 127),
            exp: exp + 1,
        },
    }
}

/// [`rounded_wide`] of a magnitude below `2^128` to `p > 0` bits, in
/// 128-bit arithmetic.
fn rounded_narrow(negative: bool, m: u128, exp: i64, p: u64, r: Rounding) -> Dyad {
    let bits = u64::from(128 - m.leading_zeros());
    if bits <= p {
        return Dyad {
            man: Mantissa::inline(negative, m),
            exp,
        };
    }
    // 0 < shift < 128, as 0 < p < bits <= 128
    let shift = (bits - p) as u32;
    let kept = m >> shift;
    let away = (r == Rounding::Up) != negative && m & ((1u128 << shift) - 1) != 0;
    // kept < 2^p <= 2^127, so kept + 1 does not overflow
    Dyad {
        man: Mantissa::inline(negative, kept + u128::from(away)),
        exp: exp + i64::from(shift),
    }
}

/// `x y` for magnitudes below `2^128`: one 64-bit multiplication when both
/// are below `2^64`.
fn product(x: u128, y: u128) -> U256 {
    match (u64::try_from(x), u64::try_from(y)) {
        (Ok(x), Ok(y)) => U256::from_u128(u128::from(x) * u128::from(y)),
        _ => U256::product(x, y),
    }
}

impl Dyad {
    /// `0`.
    pub fn zero() -> Dyad {
        Dyad {
            man: Mantissa::ZERO,
            exp: 0,
        }
    }

    /// The integer `n` (no big integer allocated).
    pub fn from_i64(n: i64) -> Dyad {
        Dyad {
            man: Mantissa::inline(n < 0, u128::from(n.unsigned_abs())),
            exp: 0,
        }
    }

    /// The integer `n`.
    pub fn from_int(n: BigInt) -> Dyad {
        Dyad::new(n, 0)
    }

    /// `man 2^exp`.
    pub fn new(man: BigInt, exp: i64) -> Dyad {
        Dyad {
            man: Mantissa::of(man),
            exp,
        }
    }

    /// The mantissa.
    pub fn mantissa(&self) -> BigInt {
        self.man.to_big()
    }

    /// The exponent.
    pub fn exponent(&self) -> i64 {
        self.exp
    }

    /// `(x < 0, floor(|x| 2^w), exact)`: the magnitude in units of `2^-w`
    /// when it fits 127 bits, and whether that floor is exact; `None` for a
    /// big mantissa or a larger magnitude.
    pub(super) fn to_fixed(&self, w: u32) -> Option<(bool, u128, bool)> {
        let Mantissa::Inline {
            negative,
            magnitude,
        } = self.man
        else {
            return None;
        };
        if magnitude == 0 {
            return Some((false, 0, true));
        }
        let shift = self.exp + i64::from(w);
        if shift >= 0 {
            let bits = i64::from(128 - magnitude.leading_zeros());
            return (bits + shift <= 127).then(|| (negative, magnitude << shift, true));
        }
        match u32::try_from(shift.unsigned_abs()) {
            Ok(k) if k < 128 => Some((negative, magnitude >> k, magnitude & ((1 << k) - 1) == 0)),
            _ => Some((negative, 0, false)),
        }
    }

    /// `±m 2^-w` (negative when `negative`).
    pub(super) fn from_fixed(negative: bool, m: u128, w: u32) -> Dyad {
        Dyad {
            man: Mantissa::inline(negative, m),
            exp: -i64::from(w),
        }
    }

    /// The exact value as a rational.
    pub fn to_rational(&self) -> BigRational {
        let man = self.man.to_big();
        if self.exp >= 0 {
            BigRational::from_integer(man << (self.exp as u64))
        } else {
            BigRational::new(man, BigInt::one() << self.exp.unsigned_abs())
        }
    }

    /// The sign.
    pub fn sign(&self) -> Sign {
        if self.man.is_zero() {
            Sign::Zero
        } else if self.man.is_negative() {
            Sign::Negative
        } else {
            Sign::Positive
        }
    }

    /// True for `0`.
    pub fn is_zero(&self) -> bool {
        self.man.is_zero()
    }

    /// `floor(log2 |x|) + 1`, a magnitude scale (`i64::MIN` for 0):
    /// `2^(scale - 1) <= |x| < 2^scale`.
    pub fn scale(&self) -> i64 {
        if self.man.is_zero() {
            i64::MIN
        } else {
            self.man.bits() as i64 + self.exp
        }
    }

    /// `-x`.
    pub fn neg(&self) -> Dyad {
        Dyad {
            man: self.man.neg(),
            exp: self.exp,
        }
    }

    /// `|x|`.
    pub fn abs(&self) -> Dyad {
        Dyad {
            man: self.man.abs(),
            exp: self.exp,
        }
    }

    /// `x / 2`, exactly.
    pub fn half(&self) -> Dyad {
        self.scale_pow2(-1)
    }

    /// `x 2^k`, exactly.
    pub fn scale_pow2(&self, k: i64) -> Dyad {
        Dyad {
            man: self.man.clone(),
            exp: self.exp + k,
        }
    }

    /// Both mantissas over the common exponent `min(e1, e2)`, as big
    /// integers.
    fn aligned(&self, other: &Dyad) -> (BigInt, BigInt, i64) {
        let (a, b) = (self.man.to_big(), other.man.to_big());
        match self.exp.cmp(&other.exp) {
            Ordering::Equal => (a, b, self.exp),
            Ordering::Less => (a, b << (other.exp - self.exp) as u64, self.exp),
            Ordering::Greater => (a << (self.exp - other.exp) as u64, b, other.exp),
        }
    }

    /// `((negative, magnitude), (negative, magnitude))` of both mantissas
    /// when both are inline.
    fn both_inline(&self, other: &Dyad) -> Option<((bool, u128), (bool, u128))> {
        match (&self.man, &other.man) {
            (
                Mantissa::Inline {
                    negative: na,
                    magnitude: ma,
                },
                Mantissa::Inline {
                    negative: nb,
                    magnitude: mb,
                },
            ) => Some(((*na, *ma), (*nb, *mb))),
            _ => None,
        }
    }

    /// Both inline magnitudes over the common exponent `min(e1, e2)` in 256
    /// bits, with their signs; `None` when a mantissa is big or the shifted
    /// one would pass 254 bits (a sum then still fits 256).
    fn aligned_wide(&self, other: &Dyad) -> Option<(SignedWide, SignedWide, i64)> {
        let ((na, ma), (nb, mb)) = self.both_inline(other)?;
        let shifted = |m: u128, by: i64| -> Option<U256> {
            let m = U256::from_u128(m);
            let by = u32::try_from(by).ok()?;
            (m.is_zero() || m.bits() + by <= 254).then(|| m.shl(by))
        };
        let exp = self.exp.min(other.exp);
        let a = shifted(ma, self.exp - exp)?;
        let b = shifted(mb, other.exp - exp)?;
        Some(((na, a), (nb, b), exp))
    }

    /// [`Dyad::aligned_wide`] in 128 bits: `None` also when the shifted
    /// magnitude would pass 127 bits (a sum then still fits 128).
    fn aligned_narrow(&self, other: &Dyad) -> Option<(SignedWord, SignedWord, i64)> {
        let ((na, ma), (nb, mb)) = self.both_inline(other)?;
        let shifted = |m: u128, by: i64| -> Option<u128> {
            let by = u32::try_from(by).ok()?;
            match m {
                0 => Some(0),
                _ => (128 - m.leading_zeros() + by <= 127).then(|| m << by),
            }
        };
        let exp = self.exp.min(other.exp);
        let a = shifted(ma, self.exp - exp)?;
        let b = shifted(mb, other.exp - exp)?;
        Some(((na, a), (nb, b), exp))
    }

    /// The exact signed sum of two aligned inline values.
    fn wide_sum(a: SignedWide, b: SignedWide) -> SignedWide {
        if a.0 == b.0 {
            (a.0, a.1.add(b.1))
        } else if a.1 >= b.1 {
            (a.0, a.1.sub(b.1))
        } else {
            (b.0, b.1.sub(a.1))
        }
    }

    /// `x + y`, exactly.
    pub fn add_exact(&self, other: &Dyad) -> Dyad {
        if self.is_zero() {
            return other.clone();
        }
        if other.is_zero() {
            return self.clone();
        }
        if let Some((a, b, exp)) = self.aligned_wide(other) {
            let (negative, m) = Dyad::wide_sum(a, b);
            return Dyad {
                man: Mantissa::of_wide(negative, m),
                exp,
            };
        }
        let (a, b, exp) = self.aligned(other);
        Dyad::new(a + b, exp)
    }

    /// `x - y`, exactly.
    pub fn sub_exact(&self, other: &Dyad) -> Dyad {
        self.add_exact(&other.neg())
    }

    /// `x + y` rounded to `p` bits in the direction `r`: the same as
    /// `add_exact` then `round`, without the big integers when both
    /// mantissas are inline.
    pub fn add_rounded(&self, other: &Dyad, p: u64, r: Rounding) -> Dyad {
        if self.is_zero() {
            return other.round(p, r);
        }
        if other.is_zero() {
            return self.round(p, r);
        }
        if let (Some(((na, a), (nb, b), exp)), true) = (self.aligned_narrow(other), p > 0) {
            let (negative, m) = match (na == nb, a >= b) {
                (true, _) => (na, a + b),
                (false, true) => (na, a - b),
                (false, false) => (nb, b - a),
            };
            return rounded_narrow(negative, m, exp, p, r);
        }
        match self.aligned_wide(other) {
            Some((a, b, exp)) => {
                let (negative, m) = Dyad::wide_sum(a, b);
                rounded_wide(negative, m, exp, p, r)
            }
            None => self.add_exact(other).round(p, r),
        }
    }

    /// `x - y` rounded to `p` bits in the direction `r`.
    pub fn sub_rounded(&self, other: &Dyad, p: u64, r: Rounding) -> Dyad {
        self.add_rounded(&other.neg(), p, r)
    }

    /// `x y`, exactly.
    pub fn mul_exact(&self, other: &Dyad) -> Dyad {
        let exp = self.exp + other.exp;
        match self.both_inline(other) {
            Some(((na, ma), (nb, mb))) => Dyad {
                man: Mantissa::of_wide(na != nb, product(ma, mb)),
                exp,
            },
            None => Dyad::new(self.man.to_big() * other.man.to_big(), exp),
        }
    }

    /// `x y` rounded to `p` bits in the direction `r`: the same as
    /// `mul_exact` then `round`.
    pub fn mul_rounded(&self, other: &Dyad, p: u64, r: Rounding) -> Dyad {
        match self.both_inline(other) {
            Some(((na, ma), (nb, mb))) => {
                let m = product(ma, mb);
                if m.is_zero() {
                    return Dyad::zero();
                }
                rounded_wide(na != nb, m, self.exp + other.exp, p, r)
            }
            None => self.mul_exact(other).round(p, r),
        }
    }

    /// `x^2`, exactly.
    pub fn square_exact(&self) -> Dyad {
        self.mul_exact(self)
    }

    /// `x` rounded to at most `p` bits of mantissa in the direction `r`.
    pub fn round(&self, p: u64, r: Rounding) -> Dyad {
        let bits = self.man.bits();
        if bits <= p {
            return self.clone();
        }
        if let Mantissa::Inline {
            negative,
            magnitude,
        } = self.man
        {
            return rounded_wide(negative, U256::from_u128(magnitude), self.exp, p, r);
        }
        let man = self.man.to_big();
        let shift = bits - p;
        // `>>` on a BigInt rounds toward minus infinity.
        let down = &man >> shift;
        let rounded = match r {
            Rounding::Down => down,
            Rounding::Up => {
                // exact when the dropped bits are all zero
                if man.trailing_zeros().unwrap_or(0) >= shift {
                    down
                } else {
                    down + 1
                }
            }
        };
        Dyad::new(rounded, self.exp + shift as i64)
    }

    /// The rational `q` rounded to `p` bits of mantissa in the direction `r`.
    pub fn from_rational(q: &BigRational, p: u64, r: Rounding) -> Dyad {
        let (n, d) = (q.numer(), q.denom());
        if n.is_zero() {
            return Dyad::zero();
        }
        let tz = d.trailing_zeros().unwrap_or(0);
        if d == &(BigInt::one() << tz) {
            return Dyad::new(n.clone(), -(tz as i64)).round(p, r);
        }
        // q 2^s has at least p + 1 integer bits.
        let s = p as i64 + 1 + d.bits() as i64 - n.bits() as i64;
        let (num, den) = if s >= 0 {
            (n << s as u64, d.clone())
        } else {
            (n.clone(), d << s.unsigned_abs())
        };
        let m = match r {
            Rounding::Down => num.div_floor(&den),
            Rounding::Up => num.div_ceil(&den),
        };
        Dyad::new(m, -s).round(p, r)
    }

    /// `x / y` (`y != 0`) rounded to `p` bits in the direction `r`.
    pub fn div_rounded(&self, other: &Dyad, p: u64, r: Rounding) -> Dyad {
        debug_assert!(!other.is_zero());
        if self.is_zero() {
            return Dyad::zero();
        }
        let s = p as i64 + 1 + other.man.bits() as i64 - self.man.bits() as i64;
        let s = s.max(0);
        if let Some(((na, ma), (nb, mb))) = self.both_inline(other) {
            // a divisor of one word (the series' factorials): the quotient
            // of the shifted dividend in 256 bits, rounded in the same
            // direction twice (floor of a floor is the floor)
            let shifted = U256::from_u128(ma);
            if let (Ok(divisor), Ok(s32)) = (u64::try_from(mb), u32::try_from(s)) {
                if p <= 128 && shifted.bits() + s32 <= 256 {
                    let negative = na != nb;
                    let (q, rem) = shifted.shl(s32).div_rem_u64(divisor);
                    let away = rem != 0 && (r == Rounding::Up) != negative;
                    let q = if away { q.add(U256::from_u128(1)) } else { q };
                    return rounded_wide(negative, q, self.exp - other.exp - s, p, r);
                }
            }
        }
        let num = self.man.to_big() << s as u64;
        let den = other.man.to_big();
        let m = match r {
            Rounding::Down => num.div_floor(&den),
            Rounding::Up => num.div_ceil(&den),
        };
        Dyad::new(m, self.exp - other.exp - s).round(p, r)
    }

    /// The integer nearest below: `floor(x)`.
    pub fn floor(&self) -> BigInt {
        if self.exp >= 0 {
            self.man.to_big() << self.exp as u64
        } else {
            self.man.to_big() >> self.exp.unsigned_abs()
        }
    }
}

impl PartialEq for Dyad {
    fn eq(&self, other: &Dyad) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Dyad {}

impl PartialOrd for Dyad {
    fn partial_cmp(&self, other: &Dyad) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Dyad {
    fn cmp(&self, other: &Dyad) -> Ordering {
        let (sa, sb) = (self.sign(), other.sign());
        if sa != sb {
            return sa.cmp(&sb);
        }
        if sa == Sign::Zero {
            return Ordering::Equal;
        }
        // Same sign: compare magnitudes by scale first (cheap), then exactly.
        let (ka, kb) = (self.scale(), other.scale());
        if ka != kb {
            let by_magnitude = ka.cmp(&kb);
            return if sa == Sign::Positive {
                by_magnitude
            } else {
                by_magnitude.reverse()
            };
        }
        if let Some(((_, a), (_, b), _)) = self.aligned_wide(other) {
            let by_magnitude = a.cmp(&b);
            return if sa == Sign::Positive {
                by_magnitude
            } else {
                by_magnitude.reverse()
            };
        }
        let (a, b, _) = self.aligned(other);
        a.cmp(&b)
    }
}

#[cfg(test)]
mod tests {
    //! Every operation against the same operation on exact rationals: the
    //! value rounded to `p` bits is the multiple of `2^(scale - p)` next to
    //! it in the direction of the rounding, whatever the representation.
    use super::*;
    use proptest::prelude::*;

    fn reference_round(v: &BigRational, p: u64, r: Rounding) -> BigRational {
        if v.is_zero() {
            return v.clone();
        }
        // the scale of v: 2^(scale - 1) <= |v| < 2^scale, from the bit
        // lengths of its parts, then corrected by exact comparisons
        let two = BigRational::from_integer(2.into());
        let magnitude = v.abs();
        let mut scale = v.numer().bits() as i64 - v.denom().bits() as i64;
        while two.pow((scale - 1) as i32) > magnitude {
            scale -= 1;
        }
        while two.pow(scale as i32) <= magnitude {
            scale += 1;
        }
        let ulp = two.pow((scale - p as i64) as i32);
        let q = v / &ulp;
        let n = match r {
            Rounding::Down => q.floor(),
            Rounding::Up => q.ceil(),
        };
        n * ulp
    }

    fn mantissa() -> impl Strategy<Value = BigInt> {
        prop_oneof![
            any::<i64>().prop_map(BigInt::from),
            any::<i128>().prop_map(BigInt::from),
            (any::<u128>(), any::<bool>()).prop_map(|(m, n)| {
                let m = BigInt::from(m);
                if n {
                    -m
                } else {
                    m
                }
            }),
            (any::<i128>(), any::<u128>(), 1u32..100)
                .prop_map(|(a, b, k)| { (BigInt::from(a) << (128 + k)) + BigInt::from(b) }),
            (0i64..8).prop_map(BigInt::from),
        ]
    }

    fn dyad() -> impl Strategy<Value = Dyad> {
        (mantissa(), -300i64..300).prop_map(|(m, e)| Dyad::new(m, e))
    }

    fn rounding() -> impl Strategy<Value = Rounding> {
        prop_oneof![Just(Rounding::Down), Just(Rounding::Up)]
    }

    /// Every operation on `x` and `y` against the same on rationals.
    fn operations_agree(x: &Dyad, y: &Dyad, p: u64, r: Rounding) -> Result<(), TestCaseError> {
        let (qx, qy) = (x.to_rational(), y.to_rational());
        prop_assert_eq!(x.round(p, r).to_rational(), reference_round(&qx, p, r));
        prop_assert_eq!(x.add_exact(y).to_rational(), &qx + &qy);
        prop_assert_eq!(x.sub_exact(y).to_rational(), &qx - &qy);
        prop_assert_eq!(x.mul_exact(y).to_rational(), &qx * &qy);
        prop_assert_eq!(
            x.add_rounded(y, p, r).to_rational(),
            reference_round(&(&qx + &qy), p, r)
        );
        prop_assert_eq!(
            x.sub_rounded(y, p, r).to_rational(),
            reference_round(&(&qx - &qy), p, r)
        );
        prop_assert_eq!(
            x.mul_rounded(y, p, r).to_rational(),
            reference_round(&(&qx * &qy), p, r)
        );
        if !y.is_zero() {
            prop_assert_eq!(
                x.div_rounded(y, p, r).to_rational(),
                reference_round(&(&qx / &qy), p, r)
            );
        }
        prop_assert_eq!(x.cmp(y), qx.cmp(&qy));
        prop_assert_eq!(x.sign(), Sign::from_ordering(qx.cmp(&BigRational::zero())));
        Ok(())
    }

    proptest! {
        #[test]
        fn rounded_operations_agree_with_rationals(
            x in dyad(), y in dyad(), p in 1u64..200, r in rounding(),
        ) {
            operations_agree(&x, &y, p, r)?;
        }

        #[test]
        fn word_sized_mantissas_round_as_rationals_do(
            a in any::<i64>(), b in any::<i64>(), ea in -40i64..40, eb in -40i64..100,
            p in 1u64..140, r in rounding(),
        ) {
            // the 128-bit paths: products of two words, sums whose aligned
            // mantissas stay below 2^127 (and just pass it)
            let (x, y) = (Dyad::new(BigInt::from(a), ea), Dyad::new(BigInt::from(b), eb));
            operations_agree(&x, &y, p, r)?;
        }

        #[test]
        fn aligned_values_compare_and_add_across_the_inline_limit(
            m in any::<u128>(), k in 0i64..140, e in -200i64..200, r in rounding(),
        ) {
            // x and x + 2^(e-k): sums and comparisons near 128 and 256 bits
            let x = Dyad::new(BigInt::from(m), e);
            let tiny = Dyad::new(BigInt::one(), e - k);
            let sum = x.add_exact(&tiny);
            prop_assert!(sum > x);
            prop_assert_eq!(sum.to_rational(), x.to_rational() + tiny.to_rational());
            for p in [64u64, 112, 127, 128, 129] {
                prop_assert_eq!(
                    x.add_rounded(&tiny, p, r).to_rational(),
                    reference_round(&sum.to_rational(), p, r)
                );
            }
        }
    }
}
