//! Certified enclosures of `atan`, `sqrt` and `π` in exact rational interval
//! arithmetic, for the times of the rotation events (the analytic variant of
//! Buss, "Collision Detection with Glide Rotations", end of section 6, with the rational parameter
//! `σ = tan(φ/2) / |k|` of `relative.rs`).
//!
//! Every operation rounds its result outward to the dyadic grid `2^-g`, so
//! numbers stay short and the enclosure stays certified: the true value is
//! always inside `[lo, hi]`. No floating-point number is used.
//!
//! `atan(x)` for `x >= 0`: for `x > 1`, `π/2 - atan(1/x)`; for
//! `1/2 < x <= 1`, `atan(1/2) + atan((2x - 1)/(2 + x))` (the tangent
//! addition formula), whose argument is at most `1/3`; for `|y| <= 1/2` the
//! alternating Taylor series `Σ (-1)^j y^(2j+1) / (2j+1)`, truncated when a
//! term is below `2^-g`, plus the remainder bound (the first omitted term's
//! magnitude, valid for an alternating series of decreasing terms). `π =
//! 16 atan(1/5) - 4 atan(1/239)` (Machin).
#![deny(clippy::float_arithmetic)]

use crate::scalar::{euclid, BigRational};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// A closed rational interval `[lo, hi]`, `lo <= hi`.
#[derive(Clone, Debug, PartialEq)]
pub struct Interval {
    /// Lower end.
    pub lo: BigRational,
    /// Upper end.
    pub hi: BigRational,
}

// Arithmetic goes through the `Ring` methods of `BigRational` (fractions
// reduced by Euclid's algorithm, with a fast path for the power-of-two
// denominators of this grid) rather than `Ratio`'s operators.

fn add(a: &BigRational, b: &BigRational) -> BigRational {
    crate::scalar::Ring::add_ref(a, b)
}

fn sub(a: &BigRational, b: &BigRational) -> BigRational {
    crate::scalar::Ring::sub_ref(a, b)
}

fn mul(a: &BigRational, b: &BigRational) -> BigRational {
    crate::scalar::Ring::mul_ref(a, b)
}

fn floor_to(q: &BigRational, g: u64) -> BigRational {
    let scale = BigInt::one() << g;
    let n = (q.numer() * &scale).div_floor(q.denom());
    euclid::ratio(n, scale)
}

fn ceil_to(q: &BigRational, g: u64) -> BigRational {
    let scale = BigInt::one() << g;
    let n = (q.numer() * &scale).div_ceil(q.denom());
    euclid::ratio(n, scale)
}

impl Interval {
    /// The point interval `[q, q]`.
    pub fn point(q: BigRational) -> Self {
        Interval {
            lo: q.clone(),
            hi: q,
        }
    }

    /// `[lo, hi]`; the ends are swapped when given in the wrong order.
    pub fn new(lo: BigRational, hi: BigRational) -> Self {
        if lo <= hi {
            Interval { lo, hi }
        } else {
            Interval { lo: hi, hi: lo }
        }
    }

    /// `hi - lo`.
    pub fn width(&self) -> BigRational {
        &self.hi - &self.lo
    }

    /// Rounded outward to the grid `2^-g`.
    pub fn round(&self, g: u64) -> Self {
        Interval {
            lo: floor_to(&self.lo, g),
            hi: ceil_to(&self.hi, g),
        }
    }

    /// Sum.
    pub fn add(&self, o: &Self) -> Self {
        Interval {
            lo: add(&self.lo, &o.lo),
            hi: add(&self.hi, &o.hi),
        }
    }

    /// Difference.
    pub fn sub(&self, o: &Self) -> Self {
        Interval {
            lo: sub(&self.lo, &o.hi),
            hi: sub(&self.hi, &o.lo),
        }
    }

    /// Product.
    pub fn mul(&self, o: &Self) -> Self {
        let c = [
            mul(&self.lo, &o.lo),
            mul(&self.lo, &o.hi),
            mul(&self.hi, &o.lo),
            mul(&self.hi, &o.hi),
        ];
        let lo = c.iter().min().cloned().unwrap_or_default();
        let hi = c.iter().max().cloned().unwrap_or_default();
        Interval { lo, hi }
    }

    /// Quotient by an interval that does not contain zero; `None` otherwise.
    pub fn div(&self, o: &Self) -> Option<Self> {
        if o.lo.is_positive() || o.hi.is_negative() {
            let inv = Interval::new(o.hi.recip(), o.lo.recip());
            Some(self.mul(&inv))
        } else {
            None
        }
    }

    /// Multiplied by a rational.
    pub fn scale(&self, c: &BigRational) -> Self {
        Interval::new(mul(&self.lo, c), mul(&self.hi, c))
    }
}

/// `sqrt(q)` for `q >= 0`, enclosed on the grid `2^-g` (a point interval
/// when the root is exact).
pub fn sqrt_interval(q: &BigRational, g: u64) -> Interval {
    if !q.is_positive() {
        return Interval::point(BigRational::zero());
    }
    // sqrt(n/d) = sqrt(n d) / d; scale by 4^g.
    let (n, d) = (q.numer(), q.denom());
    let big = (n * d) << (2 * g);
    let root = big.sqrt();
    let den = d << g;
    let lo = BigRational::new(root.clone(), den.clone());
    if &root * &root == big {
        return Interval::point(lo);
    }
    Interval {
        lo,
        hi: BigRational::new(root + 1, den),
    }
}

/// `atan(y)` for a rational `0 <= y <= 1/2` by the alternating series
/// `y - y^3/3 + y^5/5 - ...`, on the grid `2^-g`.
///
/// Fixed point: every quantity is an integer multiple of `2^-(g+8)` kept as
/// a lower and an upper integer bound (floor and ceiling divisions), so no
/// fraction is ever reduced; all terms are positive, so bounds multiply
/// monotonically. The series stops at the first term below `2^-g`, whose
/// magnitude bounds the remainder (alternating, decreasing terms).
fn atan_series(y: &BigRational, g: u64) -> Interval {
    assert!(!y.is_negative(), "atan_series takes y >= 0");
    let w = g + 8;
    let scale = BigInt::one() << w;
    let at_scale = |q: &BigRational| {
        let n = q.numer() * &scale;
        (n.div_floor(q.denom()), n.div_ceil(q.denom()))
    };
    let (mut p_lo, mut p_hi) = at_scale(y);
    let (y2_lo, y2_hi) = at_scale(&mul(y, y));
    let eps = BigInt::one() << 8u32; // 2^-g at scale 2^w
    let (mut sum_lo, mut sum_hi) = (BigInt::zero(), BigInt::zero());
    let mut j: u64 = 0;
    loop {
        let d = BigInt::from(2 * j + 1);
        let (t_lo, t_hi) = (p_lo.div_floor(&d), p_hi.div_ceil(&d));
        if t_hi < eps {
            // the remainder lies in [-t_hi, t_hi]
            sum_lo -= &t_hi;
            sum_hi += &t_hi;
            let lo = sum_lo.div_floor(&eps);
            let hi = sum_hi.div_ceil(&eps);
            let grid = BigInt::one() << g;
            return Interval::new(euclid::ratio(lo, grid.clone()), euclid::ratio(hi, grid));
        }
        if j % 2 == 0 {
            sum_lo += t_lo;
            sum_hi += t_hi;
        } else {
            sum_lo -= t_hi;
            sum_hi -= t_lo;
        }
        p_lo = (&p_lo * &y2_lo).div_floor(&scale);
        p_hi = (&p_hi * &y2_hi).div_ceil(&scale);
        j += 1;
    }
}

/// An enclosure of `atan(x)` for a rational `x` (negative through
/// `atan(-x) = -atan(x)`), at most about
/// `2^-(g - 4)` wide.
pub fn atan_rational(x: &BigRational, g: u64) -> Interval {
    let half = BigRational::new(BigInt::one(), BigInt::from(2));
    let one = BigRational::one();
    let h = g + 6;
    if x.is_negative() {
        // atan is odd
        let minus = atan_rational(&-x, g);
        return Interval::new(-minus.hi, -minus.lo);
    }
    if x > &one {
        let pi_half = pi_interval(h).scale(&half);
        return pi_half.sub(&atan_rational(&x.recip(), h)).round(g);
    }
    if x > &half {
        // atan(x) = atan(1/2) + atan((2x - 1)/(2 + x)).
        let two = BigRational::from_integer(BigInt::from(2));
        let y = (&two * x - &one) / (&two + x);
        return atan_series(&half, h).add(&atan_series(&y, h)).round(g);
    }
    atan_series(x, g)
}

/// An enclosure of `π` (Machin's formula), on the grid `2^-g`; computed
/// once per `g` and cached.
pub fn pi_interval(g: u64) -> Interval {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static CACHE: OnceLock<Mutex<HashMap<u64, Interval>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(iv) = cache.lock().ok().and_then(|m| m.get(&g).cloned()) {
        return iv;
    }
    let iv = machin_pi(g);
    if let Ok(mut m) = cache.lock() {
        m.insert(g, iv.clone());
    }
    iv
}

fn machin_pi(g: u64) -> Interval {
    let h = g + 8;
    let a = atan_series(&BigRational::new(BigInt::one(), BigInt::from(5)), h);
    let b = atan_series(&BigRational::new(BigInt::one(), BigInt::from(239)), h);
    a.scale(&BigRational::from_integer(BigInt::from(16)))
        .sub(&b.scale(&BigRational::from_integer(BigInt::from(4))))
        .round(g)
}

/// An enclosure of `atan(x)` for every `x` in the interval `xs` (`xs.lo
/// >= 0`): `atan` is increasing.
pub fn atan_interval(xs: &Interval, g: u64) -> Interval {
    Interval {
        lo: atan_rational(&xs.lo, g).lo,
        hi: atan_rational(&xs.hi, g).hi,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::parse_number;

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    /// The fixed-point series against the known digits of `atan(1/2)`,
    /// `atan(1/5)` and `atan(3/7)` (mpmath, 30 decimals) at several grid
    /// sizes, and oddness.
    #[test]
    fn atan_series_encloses_known_digits() {
        for (x, digits) in [
            ("1/2", "0.463647609000806116214256231461"),
            ("1/5", "0.197395559849880758370049765195"),
            ("3/7", "0.404891786285083423312072929009"),
        ] {
            for g in [20u64, 64, 90] {
                let iv = atan_rational(&q(x), g);
                // the 30 decimals are truncated: the value is in [lo, lo + 1e-30]
                let (lo, hi) = (q(digits), q(digits) + q("1e-30"));
                assert!(iv.lo <= hi && iv.hi >= lo, "atan({x}) at {g} bits: {iv:?}");
                let w = BigRational::new(BigInt::one(), BigInt::one() << (g - 6));
                assert!(iv.width() <= w, "atan({x}) at {g} bits too wide");
                let minus = atan_rational(&-q(x), g);
                assert_eq!((minus.lo, minus.hi), (-iv.hi.clone(), -iv.lo.clone()));
            }
        }
    }

    #[test]
    fn pi_and_atan_one_enclose_the_known_digits() {
        let pi = pi_interval(80);
        // π = 3.14159265358979323846264338...
        assert!(pi.lo <= q("3.14159265358979323846264339"));
        assert!(pi.hi >= q("3.14159265358979323846264338"));
        assert!(pi.width() < q("1e-22"));
        let quarter = atan_rational(&q("1"), 80).scale(&q("4"));
        assert!(quarter.lo <= q("3.14159265358979323846264339"));
        assert!(quarter.hi >= q("3.14159265358979323846264338"));
        assert!(quarter.width() < q("1e-21"));
    }

    #[test]
    fn atan_of_sqrt3_is_pi_over_3() {
        // atan(sqrt 3) = π/3 = 1.04719755119659774615421446...
        let s = sqrt_interval(&q("3"), 90);
        let a = atan_interval(&s, 80);
        assert!(a.lo <= q("1.04719755119659774615421447"));
        assert!(a.hi >= q("1.04719755119659774615421446"));
        assert!(a.width() < q("1e-21"));
        // atan(0.7) = 0.610725964389208616543758876...
        let b = atan_rational(&q("0.7"), 80);
        assert!(b.lo <= q("0.610725964389208616543758877"));
        assert!(b.hi >= q("0.610725964389208616543758876"));
    }

    #[test]
    fn square_roots() {
        assert_eq!(sqrt_interval(&q("9/4"), 10), Interval::point(q("3/2")));
        let s = sqrt_interval(&q("2"), 60);
        assert!(&s.lo * &s.lo <= q("2") && &s.hi * &s.hi >= q("2"));
        assert!(s.width() <= q("1") / q("1152921504606846976"));
    }
}
