//! Certified enclosures of `π`, `sin`, `cos`, `atan` and square roots on
//! [`Interval`]s: every result holds the true value for every point of the
//! argument, with no floating-point number.
//!
//! * `π` by Machin's formula `π = 16 atan(1/5) - 4 atan(1/239)` in
//!   fixed-point integers, with an explicit count of the rounding errors
//!   (every term `floor(2^W / ((2k+1) x^(2k+1)))` is within one unit of
//!   the true term, and the alternating tail is below the first term that
//!   rounds to 0). Cached at the highest precision asked for.
//! * `sin` and `cos` of a point `x`: `x = n π/2 + r` with `n` the nearest
//!   integer to `2x/π` and `r` an interval (the certified `π`), then the
//!   Taylor series of `sin δ` and `cos δ` until a term is below `2^-w`,
//!   plus the Lagrange remainder `|δ|^m / m!` of the first omitted degree
//!   `m` (every derivative of `sin` and `cos` is at most 1 in magnitude;
//!   in fixed-point integers up to 112 bits, `fixed.rs`),
//!   where `δ = r - j/64` for the integer `j` nearest to `64 r`
//!   (`|δ| <= 1/128`, so the series is half as long as for `r` itself);
//!   the addition theorem with the enclosures of `sin(j/64)` and
//!   `cos(j/64)` from a table (by the same series, cached at the highest
//!   precision asked for) gives `sin r` and `cos r`; then the quadrant
//!   `n mod 4`.
//! * `sin` and `cos` of an interval `X` narrower than `2^-8` (as a point
//!   time under a rate known to an interval): the values at its midpoint
//!   `m` widened by the mean-value theorem, `sin X ⊆ sin m ± h (|cos m| +
//!   h)` and `cos X ⊆ cos m ± h (|sin m| + h)` with `h` half the width
//!   (between `m` and `x` the cosine moves by at most `h` from `cos m`):
//!   one evaluation instead of two.
//! * `sin` and `cos` of a wider interval `X` narrower than 3 (< π): the
//!   values at the ends, and the extremum inside when the derivative (`cos`,
//!   respectively `-sin`) has opposite signs at the ends. With a width below
//!   `π - 0.14` at most one critical point lies within `0.07` of `X`; when
//!   the derivative's sign at an end is not decided, that end is within
//!   rounding of the critical point and the enclosure is extended to `±1`
//!   on the side of the value there. Wider intervals give `[-1, 1]`.
//! * `atan` (increasing, so the ends suffice): `π/2 - atan(1/x)` for
//!   `x > 1`, three halvings `atan x = 2 atan(x / (1 + sqrt(1 + x^2)))`,
//!   then the alternating series with the first omitted term as the
//!   remainder.
//! * square roots by the integer square root of the mantissa, rounded
//!   down at the lower end and up at the upper end.
#![deny(clippy::float_arithmetic)]

use super::{Dyad, Interval, Rounding};
use crate::scalar::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use std::sync::{Mutex, OnceLock};

/// Extra bits carried inside a function beyond the precision asked for.
const GUARD_BITS: u64 = 16;

/// The width beyond which `sin` and `cos` of an interval are `[-1, 1]`
/// (3 < π: at most one critical point inside, module docs).
const MONOTONE_WIDTH: i64 = 3;

/// The width below which `sin` and `cos` of an interval come from its
/// midpoint by the mean-value theorem (module docs): `2^NARROW_SCALE`.
const NARROW_SCALE: i64 = -8;

/// The anchors of the reduced argument are `j / 2^ANCHOR_BITS`.
const ANCHOR_BITS: i64 = 6;

/// The largest anchor index in the table: `|r| <= π/4 + ε < 51/64`, with
/// room to spare.
const ANCHORS: usize = 64;

static PI_CACHE: Mutex<Option<(u64, Interval)>> = Mutex::new(None);

/// `(sin(j/64), cos(j/64))` for `j = 0..=ANCHORS`, at the precision kept.
type AnchorTable = (u64, Vec<(Interval, Interval)>);

static ANCHOR_CACHE: Mutex<Option<AnchorTable>> = Mutex::new(None);

/// Enclosures of `sin(j/64)` and `cos(j/64)` with at least `w` bits
/// (`j <= ANCHORS`), from the cached table, computed (with 32 bits to
/// spare) when the table holds fewer bits.
fn anchor(j: usize, w: u64) -> (Interval, Interval) {
    if let Ok(cache) = ANCHOR_CACHE.lock() {
        if let Some((bits, table)) = cache.as_ref() {
            if *bits >= w {
                let (s, c) = &table[j];
                return (s.round_outward(w), c.round_outward(w));
            }
        }
    }
    let bits = w + 32;
    let table: Vec<(Interval, Interval)> = (0..=ANCHORS)
        .map(|k| {
            let x = Interval::point(Dyad::new(BigInt::from(k), -ANCHOR_BITS));
            sin_cos_small(&x, bits)
        })
        .collect();
    let (s, c) = table[j].clone();
    if let Ok(mut cache) = ANCHOR_CACHE.lock() {
        if cache.as_ref().is_none_or(|(kept, _)| *kept < bits) {
            *cache = Some((bits, table));
        }
    }
    (s.round_outward(w), c.round_outward(w))
}

/// `(sin r, cos r)` for `|r| <= 1` by the addition theorem from the
/// nearest anchor `j/64` (module docs).
fn sin_cos_reduced(r: &Interval, w: u64) -> (Interval, Interval) {
    let j = r
        .midpoint()
        .scale_pow2(ANCHOR_BITS)
        .add_exact(&Dyad::new(BigInt::one(), -1))
        .floor();
    let index = j.magnitude().to_usize().filter(|&k| k <= ANCHORS);
    let Some(index) = index.filter(|&k| k > 0) else {
        return sin_cos_small(r, w);
    };
    let delta = r.sub(&Interval::point(Dyad::new(j.clone(), -ANCHOR_BITS)), w);
    let (sd, cd) = sin_cos_small(&delta, w);
    let (sa, ca) = anchor(index, w);
    // sin(-a) = -sin a, cos(-a) = cos a
    let sa = if j < BigInt::zero() { sa.neg() } else { sa };
    (
        sa.mul(&cd, w).add(&ca.mul(&sd, w), w),
        ca.mul(&cd, w).sub(&sa.mul(&sd, w), w),
    )
}

/// `2 / π` to about 128 bits (not an enclosure: it picks the quadrant of
/// an argument below `2^60`, which [`sin_cos_point`] then reduces exactly).
fn two_over_pi() -> &'static Dyad {
    static TWO_OVER_PI: OnceLock<Dyad> = OnceLock::new();
    TWO_OVER_PI
        .get_or_init(|| Dyad::from_i64(2).div_rounded(&pi(192).midpoint(), 128, Rounding::Down))
}

/// A certified enclosure of `π` with `p` bits (width about `2^(2 - p)`).
///
/// ```
/// use exactccd::scalar::interval::pi;
/// use exactccd::scalar::parse_number;
/// let pi = pi(64);
/// assert!(pi.contains_rational(&parse_number("3.14159265358979323846").unwrap()));
/// assert!(!pi.contains_rational(&parse_number("3.1415926535897932").unwrap()));
/// ```
pub fn pi(p: u64) -> Interval {
    if let Ok(cache) = PI_CACHE.lock() {
        if let Some((bits, value)) = cache.as_ref() {
            if *bits >= p {
                return value.round_outward(p);
            }
        }
    }
    let value = machin_pi(p + GUARD_BITS).round_outward(p);
    if let Ok(mut cache) = PI_CACHE.lock() {
        if cache.as_ref().is_none_or(|(bits, _)| *bits < p) {
            *cache = Some((p, value.clone()));
        }
    }
    value
}

/// `atan(1/x) 2^w` in fixed point: `(sum, error)` with the true value in
/// `[sum - error, sum + error]`.
fn arctan_recip_fixed(x: u64, w: u64) -> (BigInt, BigInt) {
    let scale = BigInt::one() << w;
    let x = BigInt::from(x);
    let x2 = &x * &x;
    // u_k = floor(2^w / x^(2k+1)), exactly (nested floors of positive integers).
    let mut u = &scale / &x;
    let mut sum = BigInt::zero();
    let mut k: u64 = 0;
    loop {
        let term = &u / BigInt::from(2 * k + 1);
        if term.is_zero() {
            break;
        }
        if k % 2 == 0 {
            sum += &term;
        } else {
            sum -= &term;
        }
        u = &u / &x2;
        k += 1;
    }
    // each of the k terms is within 1 of its true value; the alternating
    // tail is below the first term that rounded to 0, so below 1
    (sum, BigInt::from(k + 1))
}

/// `π` by Machin's formula at `w` fractional bits (module docs).
fn machin_pi(w: u64) -> Interval {
    let (a5, e5) = arctan_recip_fixed(5, w);
    let (a239, e239) = arctan_recip_fixed(239, w);
    let centre = BigInt::from(16) * a5 - BigInt::from(4) * a239;
    let error = BigInt::from(16) * e5 + BigInt::from(4) * e239;
    let exp = -(w as i64);
    Interval {
        lo: Dyad::new(&centre - &error, exp),
        hi: Dyad::new(centre + error, exp),
    }
}

impl Interval {
    /// The interval rounded outward to `p` bits.
    pub fn round_outward(&self, p: u64) -> Interval {
        Interval {
            lo: self.lo.round(p, Rounding::Down),
            hi: self.hi.round(p, Rounding::Up),
        }
    }

    fn with_error(&self, error: &Dyad, p: u64) -> Interval {
        Interval {
            lo: self.lo.sub_exact(error).round(p, Rounding::Down),
            hi: self.hi.add_exact(error).round(p, Rounding::Up),
        }
    }

    /// `X / n` for a positive integer `n`, rounded outward.
    pub fn div_int(&self, n: i64, p: u64) -> Interval {
        debug_assert!(n > 0);
        let n = Dyad::from_i64(n);
        Interval {
            lo: self.lo.div_rounded(&n, p, Rounding::Down),
            hi: self.hi.div_rounded(&n, p, Rounding::Up),
        }
    }

    fn clamp_unit(self) -> Interval {
        let one = Dyad::from_i64(1);
        let minus_one = one.neg();
        Interval {
            lo: self.lo.max(minus_one.clone()).min(one.clone()),
            hi: self.hi.min(one).max(minus_one),
        }
    }
}

/// `(sin r, cos r)` for a small interval `r` (`|r| <= 1`) by Taylor series
/// at `w` bits with the Lagrange remainder: in fixed-point integers when
/// `r` and `w` suit them (`fixed.rs`), else on intervals.
fn sin_cos_small(r: &Interval, w: u64) -> (Interval, Interval) {
    super::fixed::sin_cos_series(r, w).unwrap_or_else(|| sin_cos_interval_series(r, w))
}

/// [`sin_cos_small`] on intervals of dyads.
pub(super) fn sin_cos_interval_series(r: &Interval, w: u64) -> (Interval, Interval) {
    let r2 = r.square(w);
    let minus_r2 = r2.neg();
    let tiny = -(w as i64) - 2;
    let mut sin = r.clone();
    let mut cos = Interval::from_i64(1);
    let mut sin_term = r.clone();
    let mut cos_term = Interval::from_i64(1);
    let mut k: i64 = 1;
    loop {
        // cos term of degree 2k, sin term of degree 2k + 1
        cos_term = cos_term.mul(&minus_r2, w).div_int((2 * k - 1) * (2 * k), w);
        sin_term = sin_term.mul(&minus_r2, w).div_int((2 * k) * (2 * k + 1), w);
        let small = cos_term.magnitude().scale() < tiny && sin_term.magnitude().scale() < tiny;
        if small {
            // the terms just computed are the first omitted ones: their
            // magnitudes bound the Lagrange remainders
            let cos_error = cos_term.magnitude();
            let sin_error = sin_term.magnitude();
            return (sin.with_error(&sin_error, w), cos.with_error(&cos_error, w));
        }
        cos = cos.add(&cos_term, w);
        sin = sin.add(&sin_term, w);
        k += 1;
    }
}

/// Certified enclosures of `(sin x, cos x)` for the exact dyadic `x`,
/// with about `p` bits (module docs).
///
/// ```
/// use exactccd::scalar::interval::{sin_cos_point, Dyad};
/// use exactccd::scalar::parse_number;
/// let (s, c) = sin_cos_point(&Dyad::from_int(1.into()), 80);
/// // sin 1 = 0.84147098480789650665250232163029899962..., cos 1 = 0.54030230586813971740...
/// // with 80 bits the enclosures are below 1e-23 wide
/// assert!(s.lo().to_rational() > parse_number("0.84147098480789650665").unwrap());
/// assert!(s.hi().to_rational() < parse_number("0.84147098480789650666").unwrap());
/// assert!(c.lo().to_rational() > parse_number("0.54030230586813971740").unwrap());
/// assert!(c.hi().to_rational() < parse_number("0.54030230586813971741").unwrap());
/// ```
pub fn sin_cos_point(x: &Dyad, p: u64) -> (Interval, Interval) {
    if x.is_zero() {
        return (Interval::from_i64(0), Interval::from_i64(1));
    }
    // the reduction needs `magnitude_bits` more than the series: `r` is
    // then known to `2^-(p + GUARD_BITS)`, and `|r| <= 1`
    let magnitude_bits = x.scale().max(0) as u64;
    let series_bits = p + GUARD_BITS;
    let w = series_bits + magnitude_bits;
    let pi_w = pi(w + magnitude_bits);
    let half_pi = pi_w.scale_pow2(-1);
    // n: the integer nearest to x / (π/2), from the midpoint of π (any
    // integer near it serves: r is exact for it, and |r| stays below 1)
    let quotient = if magnitude_bits <= 60 {
        x.mul_rounded(two_over_pi(), 64 + magnitude_bits, Rounding::Down)
    } else {
        x.div_rounded(&half_pi.midpoint(), 64 + magnitude_bits, Rounding::Down)
    };
    let n = quotient.add_exact(&Dyad::new(BigInt::one(), -1)).floor();
    let r = Interval::point(x.clone()).sub(
        &half_pi.mul(&Interval::point(Dyad::from_int(n.clone())), w),
        w,
    );
    let (s, c) = sin_cos_reduced(&r.round_outward(series_bits), series_bits);
    let quadrant = n.mod_floor(&BigInt::from(4)).to_u32().unwrap_or(0);
    let (s, c) = match quadrant {
        0 => (s, c),
        1 => (c, s.neg()),
        2 => (s.neg(), c.neg()),
        _ => (c.neg(), s),
    };
    (
        s.round_outward(p).clamp_unit(),
        c.round_outward(p).clamp_unit(),
    )
}

/// The enclosure of a function `f` on `[lo, hi]` (width < 3) from its
/// values `f_lo`, `f_hi` and its derivative `d_lo`, `d_hi` at the ends,
/// with `|f| <= 1` and `f = ±1` at its critical points (`sin`, `cos`).
fn hull_with_extremum(
    f_lo: &Interval,
    f_hi: &Interval,
    d_lo: &Interval,
    d_hi: &Interval,
) -> Interval {
    let mut out = f_lo.hull(f_hi);
    let one = Dyad::from_i64(1);
    let towards_value = |out: &mut Interval, f: &Interval| {
        if f.hi.sign() == Sign::Positive {
            out.hi = one.clone();
        }
        if f.lo.sign() == Sign::Negative {
            out.lo = one.neg();
        }
    };
    match (d_lo.sign(), d_hi.sign()) {
        (Some(Sign::Positive), Some(Sign::Positive))
        | (Some(Sign::Negative), Some(Sign::Negative)) => {}
        (Some(Sign::Positive), Some(Sign::Negative)) => out.hi = one,
        (Some(Sign::Negative), Some(Sign::Positive)) => out.lo = one.neg(),
        (a, b) => {
            if !matches!(a, Some(Sign::Positive) | Some(Sign::Negative)) {
                towards_value(&mut out, f_lo);
            }
            if !matches!(b, Some(Sign::Positive) | Some(Sign::Negative)) {
                towards_value(&mut out, f_hi);
            }
        }
    }
    out
}

fn is_wide(x: &Interval) -> bool {
    x.width() >= Dyad::from_i64(MONOTONE_WIDTH)
}

/// Certified enclosures of `{sin x : x in X}` and `{cos x : x in X}`
/// together (module docs): the series at each end once, and once only for
/// a point.
pub fn sin_cos(x: &Interval, p: u64) -> (Interval, Interval) {
    if is_wide(x) {
        let unit = Interval::from_i64(-1).hull(&Interval::from_i64(1));
        return (unit.clone(), unit);
    }
    if x.width().scale() <= NARROW_SCALE {
        return sin_cos_narrow(x, p);
    }
    let (s_lo, c_lo) = sin_cos_point(&x.lo, p);
    let (s_hi, c_hi) = sin_cos_point(&x.hi, p);
    (
        hull_with_extremum(&s_lo, &s_hi, &c_lo, &c_hi),
        hull_with_extremum(&c_lo, &c_hi, &s_lo.neg(), &s_hi.neg()),
    )
}

/// `sin` and `cos` of a narrow interval (a point included) from its
/// midpoint by the mean-value theorem (module docs).
fn sin_cos_narrow(x: &Interval, p: u64) -> (Interval, Interval) {
    let (s, c) = sin_cos_point(&x.midpoint(), p);
    if x.lo == x.hi {
        return (s, c);
    }
    let h = x.width().half();
    let widened = |value: &Interval, slope: &Interval| {
        let bound = slope
            .magnitude()
            .add_exact(&h)
            .mul_rounded(&h, p, Rounding::Up);
        Interval {
            lo: value.lo.sub_rounded(&bound, p, Rounding::Down),
            hi: value.hi.add_rounded(&bound, p, Rounding::Up),
        }
        .clamp_unit()
    };
    (widened(&s, &c), widened(&c, &s))
}

/// A certified enclosure of `{sin x : x in X}` (module docs).
pub fn sin(x: &Interval, p: u64) -> Interval {
    sin_cos(x, p).0
}

/// A certified enclosure of `{cos x : x in X}` (module docs).
pub fn cos(x: &Interval, p: u64) -> Interval {
    sin_cos(x, p).1
}

/// A certified enclosure of `{sqrt x : x in X}` for `X` not below 0 (a
/// negative lower end is read as 0); `None` when `X` is below 0.
pub fn sqrt(x: &Interval, p: u64) -> Option<Interval> {
    if x.hi.sign() == Sign::Negative {
        return None;
    }
    let lo = if x.lo.sign() == Sign::Positive {
        sqrt_rounded(&x.lo, p, Rounding::Down)
    } else {
        Dyad::zero()
    };
    Some(Interval {
        lo,
        hi: sqrt_rounded(&x.hi, p, Rounding::Up),
    })
}

/// `sqrt(x)` for `x >= 0` rounded in the direction `r`, at least `p` bits.
fn sqrt_rounded(x: &Dyad, p: u64, r: Rounding) -> Dyad {
    if x.is_zero() {
        return Dyad::zero();
    }
    let m = x.mantissa();
    let mut shift = (2 * p + 2).saturating_sub(m.bits()) as i64;
    if (x.exponent() - shift) % 2 != 0 {
        shift += 1;
    }
    let big = m << shift as u64;
    let root = big.sqrt();
    let root = match r {
        Rounding::Down => root,
        Rounding::Up => {
            if &root * &root == big {
                root
            } else {
                root + 1
            }
        }
    };
    Dyad::new(root, (x.exponent() - shift) / 2).round(p, r)
}

/// A certified enclosure of `{atan x : x in X}` (module docs).
pub fn atan(x: &Interval, p: u64) -> Interval {
    let lo = atan_point(&x.lo, p);
    let hi = atan_point(&x.hi, p);
    Interval {
        lo: lo.lo,
        hi: hi.hi,
    }
}

/// `atan x` for the exact dyadic `x`.
fn atan_point(x: &Dyad, p: u64) -> Interval {
    match x.sign() {
        Sign::Zero => Interval::from_i64(0),
        Sign::Negative => atan_point(&x.neg(), p).neg(),
        Sign::Positive => {
            let w = p + GUARD_BITS;
            let one = Dyad::from_i64(1);
            let xi = Interval::point(x.clone());
            if *x > one {
                let recip = xi.recip(w).unwrap_or_else(|| Interval::from_i64(0));
                let half_pi = pi(w).scale_pow2(-1);
                half_pi.sub(&atan_small(&recip, w), w).round_outward(p)
            } else {
                atan_small(&xi, w).round_outward(p)
            }
        }
    }
}

/// `atan` on `0 <= X <= 1`: three argument halvings, then the series.
fn atan_small(x: &Interval, w: u64) -> Interval {
    let one = Interval::from_i64(1);
    let mut y = x.clone();
    for _ in 0..3 {
        let root = sqrt(&one.add(&y.square(w), w), w).unwrap_or_else(|| one.clone());
        y = y
            .div(&one.add(&root, w), w)
            .unwrap_or_else(|| Interval::from_i64(0));
    }
    let y2 = y.square(w);
    let tiny = -(w as i64) - 2;
    let mut power = y.clone(); // y^(2k+1)
    let mut sum = Interval::from_i64(0);
    let mut k: i64 = 0;
    loop {
        let term = power
            .div(&Interval::from_i64(2 * k + 1), w)
            .unwrap_or_else(|| Interval::from_i64(0));
        if term.magnitude().scale() < tiny {
            // alternating, decreasing: the first omitted term bounds the tail
            return sum.with_error(&term.magnitude(), w).scale_pow2(3);
        }
        sum = if k % 2 == 0 {
            sum.add(&term, w)
        } else {
            sum.sub(&term, w)
        };
        power = power.mul(&y2, w);
        k += 1;
    }
}
