//! Certified interval arithmetic on dyadic numbers, with no floating-point
//! number anywhere: the enclosures of transcendental motions (`sin`, `cos`,
//! `π`, `atan`, square roots) that the exact path needs.
//!
//! A [`Dyad`] is the exact number `m 2^e` (integer mantissa `m`, integer
//! exponent `e`). An [`Interval`] is a closed interval `[lo, hi]` of dyads.
//! Every operation takes a precision `p` (bits of mantissa) and rounds its
//! result **outward** to `p` bits: the lower end down, the upper end up
//! (Moore, "Interval Analysis", the fundamental theorem of interval
//! arithmetic: an expression evaluated on intervals with outward rounding
//! encloses every value of the expression on the points of the intervals).
//! Sizes therefore stay bounded (`p` bits, whatever the depth of the
//! computation), and the enclosure property holds by construction:
//!
//! * inclusion: for `x in X`, `y in Y`, `x op y in X op Y`;
//! * inclusion-monotonicity: `X ⊆ X'`, `Y ⊆ Y'` imply `X op Y ⊆ X' op Y'`.
//!
//! Both are checked by the property tests (`tests.rs`). The elementary
//! functions are in `elementary.rs`: a certified enclosure of `π` (Machin's
//! formula with an explicit error count), `sin` and `cos` of an interval
//! (argument reduction by the certified `π`, Taylor series with the Lagrange
//! remainder bound, end points plus the extrema inside), `atan` and square
//! roots.
#![deny(clippy::float_arithmetic)]

mod dyad;
mod elementary;
mod fixed;
#[cfg(test)]
mod tests;
mod wide;

pub use dyad::{Dyad, Rounding};
pub use elementary::{atan, cos, pi, sin, sin_cos, sin_cos_point, sqrt};

use super::{BigRational, Sign};
use std::cmp::Ordering;
use std::fmt;

/// A closed interval `[lo, hi]` of dyadic numbers, `lo <= hi`.
#[derive(Clone, PartialEq, Eq)]
pub struct Interval {
    lo: Dyad,
    hi: Dyad,
}

impl fmt::Debug for Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{:?}, {:?}]", self.lo, self.hi)
    }
}

impl Interval {
    /// `[lo, hi]`; `None` when `lo > hi`.
    pub fn new(lo: Dyad, hi: Dyad) -> Option<Interval> {
        (lo <= hi).then_some(Interval { lo, hi })
    }

    /// The point `[d, d]`.
    pub fn point(d: Dyad) -> Interval {
        Interval {
            lo: d.clone(),
            hi: d,
        }
    }

    /// The integer `n` as a point.
    pub fn from_i64(n: i64) -> Interval {
        Interval::point(Dyad::from_i64(n))
    }

    /// The smallest interval of `p`-bit dyads holding the rational `q` (a
    /// point when `q` is such a dyad).
    pub fn from_rational(q: &BigRational, p: u64) -> Interval {
        Interval {
            lo: Dyad::from_rational(q, p, Rounding::Down),
            hi: Dyad::from_rational(q, p, Rounding::Up),
        }
    }

    /// The hull of `[a, b]` for rationals `a <= b` (rounded outward).
    pub fn from_rationals(a: &BigRational, b: &BigRational, p: u64) -> Interval {
        Interval {
            lo: Dyad::from_rational(a, p, Rounding::Down),
            hi: Dyad::from_rational(b, p, Rounding::Up),
        }
    }

    /// The lower end.
    pub fn lo(&self) -> &Dyad {
        &self.lo
    }

    /// The upper end.
    pub fn hi(&self) -> &Dyad {
        &self.hi
    }

    /// `hi - lo`, exactly.
    pub fn width(&self) -> Dyad {
        self.hi.sub_exact(&self.lo)
    }

    /// The midpoint `(lo + hi) / 2`, exactly.
    pub fn midpoint(&self) -> Dyad {
        self.lo.add_exact(&self.hi).half()
    }

    /// `max(|lo|, |hi|)`: the largest magnitude in the interval.
    pub fn magnitude(&self) -> Dyad {
        let (a, b) = (self.lo.abs(), self.hi.abs());
        if a >= b {
            a
        } else {
            b
        }
    }

    /// True when `x` lies in the interval.
    pub fn contains(&self, x: &Dyad) -> bool {
        &self.lo <= x && x <= &self.hi
    }

    /// True when the rational `q` lies in the interval.
    pub fn contains_rational(&self, q: &BigRational) -> bool {
        &self.lo.to_rational() <= q && q <= &self.hi.to_rational()
    }

    /// True when `other` is a subset.
    pub fn encloses(&self, other: &Interval) -> bool {
        self.lo <= other.lo && other.hi <= self.hi
    }

    /// True when every point is `> 0`.
    pub fn is_positive(&self) -> bool {
        self.lo.sign() == Sign::Positive
    }

    /// True when every point is `< 0`.
    pub fn is_negative(&self) -> bool {
        self.hi.sign() == Sign::Negative
    }

    /// The sign of every point, when they share one (`Zero` only for `[0, 0]`).
    pub fn sign(&self) -> Option<Sign> {
        if self.is_positive() {
            Some(Sign::Positive)
        } else if self.is_negative() {
            Some(Sign::Negative)
        } else if self.lo.is_zero() && self.hi.is_zero() {
            Some(Sign::Zero)
        } else {
            None
        }
    }

    /// The smallest interval holding both.
    pub fn hull(&self, other: &Interval) -> Interval {
        Interval {
            lo: self.lo.clone().min(other.lo.clone()),
            hi: self.hi.clone().max(other.hi.clone()),
        }
    }

    /// `-X`, exactly.
    pub fn neg(&self) -> Interval {
        Interval {
            lo: self.hi.neg(),
            hi: self.lo.neg(),
        }
    }

    /// `X + Y`, rounded outward to `p` bits.
    pub fn add(&self, other: &Interval, p: u64) -> Interval {
        Interval {
            lo: self.lo.add_rounded(&other.lo, p, Rounding::Down),
            hi: self.hi.add_rounded(&other.hi, p, Rounding::Up),
        }
    }

    /// `X - Y`, rounded outward to `p` bits.
    pub fn sub(&self, other: &Interval, p: u64) -> Interval {
        Interval {
            lo: self.lo.sub_rounded(&other.hi, p, Rounding::Down),
            hi: self.hi.sub_rounded(&other.lo, p, Rounding::Up),
        }
    }

    /// `X Y`, rounded outward to `p` bits: the least and greatest of the
    /// four products of ends (fewer when the signs are known).
    pub fn mul(&self, other: &Interval, p: u64) -> Interval {
        // rounding is monotone, so the least product rounded down is the
        // least of the products rounded down (and likewise up)
        let down = |x: &Dyad, y: &Dyad| x.mul_rounded(y, p, Rounding::Down);
        let up = |x: &Dyad, y: &Dyad| x.mul_rounded(y, p, Rounding::Up);
        let (lo, hi) = match (self.sign_class(), other.sign_class()) {
            (SignClass::NonNegative, SignClass::NonNegative) => {
                (down(&self.lo, &other.lo), up(&self.hi, &other.hi))
            }
            (SignClass::NonPositive, SignClass::NonPositive) => {
                (down(&self.hi, &other.hi), up(&self.lo, &other.lo))
            }
            (SignClass::NonNegative, SignClass::NonPositive) => {
                (down(&self.hi, &other.lo), up(&self.lo, &other.hi))
            }
            (SignClass::NonPositive, SignClass::NonNegative) => {
                (down(&self.lo, &other.hi), up(&self.hi, &other.lo))
            }
            _ => {
                let ends = [
                    (&self.lo, &other.lo),
                    (&self.lo, &other.hi),
                    (&self.hi, &other.lo),
                    (&self.hi, &other.hi),
                ];
                let lo = ends.iter().map(|(x, y)| down(x, y)).min();
                let hi = ends.iter().map(|(x, y)| up(x, y)).max();
                (lo.unwrap_or_else(Dyad::zero), hi.unwrap_or_else(Dyad::zero))
            }
        };
        Interval { lo, hi }
    }

    /// `X^2`, rounded outward: never negative, tighter than `X X` when `X`
    /// holds 0.
    pub fn square(&self, p: u64) -> Interval {
        match self.sign_class() {
            SignClass::Mixed => Interval {
                lo: Dyad::zero(),
                hi: self.magnitude().square_exact().round(p, Rounding::Up),
            },
            _ => self.mul(self, p),
        }
    }

    /// `X / Y` for `Y` not holding 0, rounded outward; `None` when `Y`
    /// holds 0.
    pub fn div(&self, other: &Interval, p: u64) -> Option<Interval> {
        let inverse = other.recip(p)?;
        Some(self.mul(&inverse, p))
    }

    /// `1 / X` for `X` not holding 0, rounded outward; `None` when `X`
    /// holds 0.
    pub fn recip(&self, p: u64) -> Option<Interval> {
        if !(self.is_positive() || self.is_negative()) {
            return None;
        }
        let one = Dyad::from_i64(1);
        Some(Interval {
            lo: one.div_rounded(&self.hi, p, Rounding::Down),
            hi: one.div_rounded(&self.lo, p, Rounding::Up),
        })
    }

    /// `X / 2^k`, exactly.
    pub fn scale_pow2(&self, k: i64) -> Interval {
        Interval {
            lo: self.lo.scale_pow2(k),
            hi: self.hi.scale_pow2(k),
        }
    }

    /// `X q` for a rational `q`, rounded outward.
    pub fn mul_rational(&self, q: &BigRational, p: u64) -> Interval {
        self.mul(&Interval::from_rational(q, p), p)
    }

    /// `|X|`, exactly.
    pub fn abs(&self) -> Interval {
        match self.sign_class() {
            SignClass::NonNegative => self.clone(),
            SignClass::NonPositive => self.neg(),
            SignClass::Mixed => Interval {
                lo: Dyad::zero(),
                hi: self.magnitude(),
            },
        }
    }

    /// The intersection, `None` when empty.
    pub fn intersect(&self, other: &Interval) -> Option<Interval> {
        Interval::new(
            self.lo.clone().max(other.lo.clone()),
            self.hi.clone().min(other.hi.clone()),
        )
    }

    /// Compares every point: `Less` when `self.hi < other.lo`, `Greater`
    /// when `self.lo > other.hi`, `None` when they overlap.
    pub fn compare(&self, other: &Interval) -> Option<Ordering> {
        if self.hi < other.lo {
            Some(Ordering::Less)
        } else if self.lo > other.hi {
            Some(Ordering::Greater)
        } else {
            None
        }
    }

    fn sign_class(&self) -> SignClass {
        if self.lo.sign() != Sign::Negative {
            SignClass::NonNegative
        } else if self.hi.sign() != Sign::Positive {
            SignClass::NonPositive
        } else {
            SignClass::Mixed
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum SignClass {
    NonNegative,
    NonPositive,
    Mixed,
}
