//! The Taylor series of `sin` and `cos` near 0 in fixed-point integers: a
//! faster way to the same certified enclosures as the interval series of
//! `elementary.rs`, for the small arguments and precisions the time cells
//! ask for most.
//!
//! Every quantity is a pair of integer bounds `lo <= v 2^W <= hi` in units
//! of `2^-W` (`W <= 120`, so a bound fits 128 bits and a product of two
//! fits 256). For `X = |m|` the terms `t_j = X^j / j!` are non-negative,
//! and `t_j = t_(j-1) X / j` is enclosed by rounding the product and the
//! quotient down for `lo` and up for `hi`: monotone operations on
//! non-negative bounds, so each pair encloses its term (Moore, "Interval
//! Analysis", the fundamental theorem, on this one-signed arithmetic). The
//! alternating sums take the lower bounds of the added terms and the upper
//! bounds of the subtracted ones for `lo`, and the other way for `hi`. The
//! series stops at the first term `t_J` below `2^-(w+2)`; `t_J` bounds the
//! Lagrange remainder of both truncated series (every derivative of `sin`
//! and `cos` is at most 1, and `t_m <= t_J` for every omitted degree `m >=
//! J` as `X < 1`). `sin(-X) = -sin X`, and an argument known to `m ± h`
//! widens both values by `h` (both functions are 1-Lipschitz).
#![deny(clippy::float_arithmetic)]

use super::dyad::Dyad;
use super::wide::U256;
use super::Interval;

/// The largest fixed-point scale `W`: bounds up to `2^W` and products of
/// two of them stay within 128 and 256 bits.
const MAX_SCALE: u64 = 120;

/// Bits carried below the precision asked for.
const GUARD: u64 = 8;

/// `[lo, hi]` in units of `2^-W`, both non-negative.
#[derive(Clone, Copy)]
struct Bounds {
    lo: u128,
    hi: u128,
}

impl Bounds {
    /// `self x`, both in units of `2^-scale`, rounded outward.
    fn times(self, x: Bounds, scale: u32) -> Bounds {
        let down = U256::product(self.lo, x.lo).shr(scale);
        let up_exact = U256::product(self.hi, x.hi);
        let up = up_exact.shr(scale);
        let carry = u128::from(up_exact.low_bits_set(scale));
        Bounds {
            lo: down.to_u128().unwrap_or(u128::MAX),
            hi: up.to_u128().unwrap_or(u128::MAX).saturating_add(carry),
        }
    }

    /// `self / j` for a positive integer `j`, rounded outward.
    fn over(self, j: u128) -> Bounds {
        Bounds {
            lo: self.lo / j,
            hi: self.hi / j + u128::from(self.hi % j != 0),
        }
    }
}

/// `(sin x, cos x)` for every `x` in `r`, `|r| <= 1/64`, with about `w`
/// bits (module docs); `None` when `w` or `r` does not suit the fixed
/// point (the caller then takes the interval series).
pub(super) fn sin_cos_series(r: &Interval, w: u64) -> Option<(Interval, Interval)> {
    let scale = w + GUARD;
    if scale > MAX_SCALE {
        return None;
    }
    let scale = scale as u32;
    let m = r.midpoint();
    let h = r.hi.sub_exact(&m);
    if m.scale() > -6 || h.scale() > -6 {
        return None;
    }
    let (negative, x_floor, x_exact) = m.to_fixed(scale)?;
    let (_, h_floor, h_exact) = h.to_fixed(scale)?;
    let x = Bounds {
        lo: x_floor,
        hi: x_floor + u128::from(!x_exact),
    };
    let h = h_floor + u128::from(!h_exact);
    let tiny = 1u128 << (scale - (w as u32) - 2);
    let mut term = Bounds {
        lo: 1 << scale,
        hi: 1 << scale,
    };
    // alternating sums: `sin = t1 - t3 + t5 ...`, `cos = t0 - t2 + t4 ...`
    let (mut sin_lo, mut sin_hi, mut cos_lo, mut cos_hi) = (0i128, 0i128, 0i128, 0i128);
    let mut j: u128 = 0;
    while term.hi >= tiny {
        let (lo, hi) = (term.lo as i128, term.hi as i128);
        let (sum_lo, sum_hi) = if j % 2 == 1 {
            (&mut sin_lo, &mut sin_hi)
        } else {
            (&mut cos_lo, &mut cos_hi)
        };
        if j % 4 < 2 {
            *sum_lo += lo;
            *sum_hi += hi;
        } else {
            *sum_lo -= hi;
            *sum_hi -= lo;
        }
        j += 1;
        term = term.times(x, scale).over(j);
    }
    // the Lagrange remainders, then the argument's half-width
    let widen = term.hi as i128 + h as i128;
    let (sin_lo, sin_hi) = match negative {
        false => (sin_lo - widen, sin_hi + widen),
        true => (-sin_hi - widen, -sin_lo + widen),
    };
    let end = |v: i128| Dyad::from_fixed(v < 0, v.unsigned_abs(), scale);
    Some((
        Interval {
            lo: end(sin_lo),
            hi: end(sin_hi),
        },
        Interval {
            lo: end(cos_lo - widen),
            hi: end(cos_hi + widen),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::BigInt;
    use proptest::prelude::*;

    /// `m 2^-k` with `|m| < 2^(k-6)`, and a half-width `2^-e` or 0.
    fn small_interval() -> impl Strategy<Value = Interval> {
        (20u32..140, any::<i64>(), proptest::option::of(60i64..200)).prop_map(|(k, m, e)| {
            let m = BigInt::from(m) >> 70u32.saturating_sub(k).min(63);
            let centre = Dyad::new(m, -i64::from(k) - 7);
            let h = e.map_or_else(Dyad::zero, |e| Dyad::new(1.into(), -e));
            Interval {
                lo: centre.sub_exact(&h),
                hi: centre.add_exact(&h),
            }
        })
    }

    proptest! {
        /// At the ends and the midpoint of the argument, the fixed-point
        /// enclosures meet the interval series' at 240 bits (below `2^-230`
        /// wide around the true values), and they are no wider than the
        /// argument's width and the remainders allow.
        #[test]
        fn the_fixed_point_series_holds_the_values_at_points_of_its_argument(
            r in small_interval(),
            w in 40u64..=112,
        ) {
            let Some((s, c)) = sin_cos_series(&r, w) else {
                return Err(TestCaseError::reject("outside the fixed point"));
            };
            for x in [r.lo.clone(), r.midpoint(), r.hi.clone()] {
                let point = Interval::point(x);
                let (s_ref, c_ref) =
                    super::super::elementary::sin_cos_interval_series(&point, 240);
                for (got, truth) in [(&s, &s_ref), (&c, &c_ref)] {
                    prop_assert!(
                        got.lo <= truth.hi && truth.lo <= got.hi,
                        "{got:?} misses {truth:?}"
                    );
                }
            }
            for got in [&s, &c] {
                let slack = got.width().sub_exact(&r.width());
                prop_assert!(slack.scale() <= -(w as i64), "{got:?} too wide for {w} bits");
            }
        }
    }

    #[test]
    fn sin_and_cos_of_zero_and_of_a_sixty_fourth_less_an_ulp() {
        let zero = Interval::point(Dyad::zero());
        let (s, c) = sin_cos_series(&zero, 64).expect("0 suits the fixed point");
        assert!(s.lo <= Dyad::zero() && Dyad::zero() <= s.hi);
        assert!(c.lo <= Dyad::from_int(1.into()) && Dyad::from_int(1.into()) <= c.hi);
        // 1/64 itself is refused, 1/64 - 2^-80 is taken
        let sixty_fourth = Interval::point(Dyad::new(1.into(), -6));
        assert!(sin_cos_series(&sixty_fourth, 64).is_none());
        let below = Interval::point(Dyad::new((BigInt::from(1) << 74u32) - 1, -80));
        assert!(sin_cos_series(&below, 64).is_some());
        // 113 bits and more go to the interval series
        assert!(sin_cos_series(&zero, 113).is_none());
    }
}
