//! An `f64` claim against an exact first contact time, decided exactly:
//! the claimed time `c` (the exact value of the `f64`) agrees with the true
//! time `T` when `|c - T| <= tol · max(1, |T|)` (the tolerance is relative
//! beyond `|T| = 1`, absolute below), else it is early or late by the sign
//! of `c - T`. Only the reported `dt` is rounded to an `f64`.
#![deny(clippy::float_arithmetic)]

use crate::poly::RealAlgebraic;
use crate::scalar::{rational_from_f64, rational_to_f64, BigInt, BigRational};
use exactccd_oracle::FloatClass;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;

/// Bits of the isolating interval tried in turn before the agreement test
/// gives up refining (an irrational `T` is decided long before: the test's
/// boundary points are rational).
const REFINEMENT_BITS: [u64; 8] = [64, 128, 256, 512, 1024, 2048, 4096, 8192];

/// `tol · max(1, |t|) - |c - t|`: positive or zero exactly when `t`
/// agrees with `c`. Piecewise linear in `t`, with kinks at `-1`, `1`, `c`.
fn margin(t: &BigRational, c: &BigRational, tol: &BigRational) -> BigRational {
    let scale = t.abs().max(BigRational::one());
    tol * scale - (c - t).abs()
}

/// Whether `T` agrees with `c`: decided on `T`'s isolating interval, where
/// the margin (piecewise linear) takes its extremes at the ends and at the
/// kinks inside.
fn agrees(truth: &RealAlgebraic, c: &BigRational, tol: &BigRational) -> bool {
    if let Some(t) = truth.as_rational() {
        return !margin(t, c, tol).is_negative();
    }
    let one = BigRational::one();
    let kinks = [-one.clone(), one, c.clone()];
    let mut last = BigRational::zero();
    for bits in REFINEMENT_BITS {
        let (lo, hi) = truth.bracket(bits);
        let mut margins = vec![margin(&lo, c, tol), margin(&hi, c, tol)];
        margins.extend(
            kinks
                .iter()
                .filter(|k| lo < **k && **k < hi)
                .map(|k| margin(k, c, tol)),
        );
        if margins.iter().all(|m| !m.is_negative()) {
            return true;
        }
        if margins.iter().all(Signed::is_negative) {
            return false;
        }
        last = margin(
            &((lo + hi) / BigRational::from_integer(BigInt::from(2))),
            c,
            tol,
        );
    }
    // Unreachable for an irrational `T` (its margin is not zero); the
    // midpoint of an interval narrower than 2^-8192 decides otherwise.
    !last.is_negative()
}

/// `c - T`, exact for a rational `T`, else with `T` within `2^-128 ·
/// max(1, |T|)`.
fn difference(c: &BigRational, truth: &RealAlgebraic) -> BigRational {
    let t = match truth.as_rational() {
        Some(t) => t.clone(),
        None => {
            let (lo, hi) = truth.bracket(128);
            (lo + hi) / BigRational::from_integer(BigInt::from(2))
        }
    };
    c - t
}

/// `c - T` rounded to the nearest `f64`.
pub(crate) fn claimed_minus_true(c: &BigRational, truth: &RealAlgebraic) -> f64 {
    rational_to_f64(&difference(c, truth))
}

/// The class of an `f64` claim (`collides`, first `time`) against the true
/// first contact (`None`: the solids never touch), with the relative
/// tolerance of the module docs. A contact claim must carry a finite time
/// (callers validate claims first); one without gets
/// [`FloatClass::Failed`].
pub(crate) fn classify_exactly(
    truth: Option<&RealAlgebraic>,
    collides: bool,
    time: Option<f64>,
    tolerance: &BigRational,
) -> FloatClass {
    match (truth, collides) {
        (None, false) => FloatClass::Agrees,
        (None, true) => FloatClass::Phantom,
        (Some(_), false) => FloatClass::Missed,
        (Some(t), true) => {
            let Some(c) = time.and_then(rational_from_f64) else {
                return FloatClass::Failed("a collision without a finite time".into());
            };
            if agrees(t, &c, tolerance) {
                return FloatClass::Agrees;
            }
            let dt = difference(&c, t);
            match t.cmp_rational(&c) {
                Ordering::Greater => FloatClass::Early {
                    dt: rational_to_f64(&-dt),
                },
                _ => FloatClass::Late {
                    dt: rational_to_f64(&dt),
                },
            }
        }
    }
}

/// The class of an `f64` contact claim at `time` against a first contact
/// known as a certified enclosure `lower <= T <= upper` (transcendental
/// motions): decided when every `T` of the enclosure gives the same class
/// (the margin is piecewise linear in `T`, so its extremes over the
/// enclosure are at the ends and the kinks inside); `Err` when the claim
/// lies on the tolerance boundary within the enclosure's width.
pub(crate) fn classify_in_enclosure(
    (lower, upper): (&BigRational, &BigRational),
    time: Option<f64>,
    tolerance: &BigRational,
) -> Result<FloatClass, String> {
    let Some(c) = time.and_then(rational_from_f64) else {
        return Ok(FloatClass::Failed(
            "a collision without a finite time".into(),
        ));
    };
    let one = BigRational::one();
    let mut margins = vec![margin(lower, &c, tolerance), margin(upper, &c, tolerance)];
    margins.extend(
        [-one.clone(), one, c.clone()]
            .iter()
            .filter(|k| lower < *k && *k < upper)
            .map(|k| margin(k, &c, tolerance)),
    );
    let mid = (lower + upper) / BigRational::from_integer(BigInt::from(2));
    if margins.iter().all(|m| !m.is_negative()) {
        Ok(FloatClass::Agrees)
    } else if margins.iter().all(Signed::is_negative) && &c < lower {
        Ok(FloatClass::Early {
            dt: rational_to_f64(&(mid - c)),
        })
    } else if margins.iter().all(Signed::is_negative) && &c > upper {
        Ok(FloatClass::Late {
            dt: rational_to_f64(&(c - mid)),
        })
    } else {
        Err(format!(
            "the claimed time {} is at the tolerance's edge within the width of the certified enclosure [{}, {}]",
            rational_to_f64(&c),
            rational_to_f64(lower),
            rational_to_f64(upper)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::{agrees, classify_exactly};
    use crate::poly::{Dyadic, Poly, RealAlgebraic};
    use crate::scalar::{rational_from_f64, BigInt, BigRational};
    use exactccd_oracle::FloatClass;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    fn sqrt_half() -> RealAlgebraic {
        // 2 t^2 - 1 on [0, 1]: the root 1/sqrt(2)
        let p = Poly::from_coeffs(vec![BigInt::from(-1), BigInt::from(0), BigInt::from(2)]);
        RealAlgebraic::from_isolating_interval(
            p,
            Dyadic::new(BigInt::from(1), 1),
            Dyadic::from_int(1),
        )
        .unwrap()
    }

    #[test]
    fn the_tolerance_is_absolute_below_one_and_relative_above() {
        let two = RealAlgebraic::from_rational(q(2, 1));
        // |T| = 2: the window is 2 tol wide on each side
        assert!(agrees(&two, &q(21, 10), &q(1, 20)));
        assert!(!agrees(&two, &q(211, 100), &q(1, 20)));
        // exactly on the boundary agrees
        assert!(agrees(&two, &q(22, 10), &q(1, 10)));
        let half = RealAlgebraic::from_rational(q(1, 2));
        assert!(agrees(&half, &q(6, 10), &q(1, 10)));
        assert!(!agrees(&half, &q(61, 100), &q(1, 10)));
    }

    #[test]
    fn an_irrational_time_is_decided_on_either_side() {
        let t = sqrt_half();
        // 1/sqrt(2) = 0.70710678118654752...
        let tol = q(1, 1_000_000);
        assert!(agrees(&t, &q(707_107, 1_000_000), &tol));
        assert!(agrees(&t, &q(707_106, 1_000_000), &tol));
        assert!(!agrees(&t, &q(707_108, 1_000_000), &tol));
        assert!(!agrees(&t, &q(707_105, 1_000_000), &tol));
    }

    #[test]
    fn early_and_late_carry_their_distance() {
        let t = RealAlgebraic::from_rational(q(1, 2));
        let tol = rational_from_f64(1e-9).unwrap();
        assert_eq!(
            classify_exactly(Some(&t), true, Some(0.25), &tol),
            FloatClass::Early { dt: 0.25 }
        );
        assert_eq!(
            classify_exactly(Some(&t), true, Some(0.75), &tol),
            FloatClass::Late { dt: 0.25 }
        );
        assert_eq!(
            classify_exactly(Some(&t), false, None, &tol),
            FloatClass::Missed
        );
        assert_eq!(
            classify_exactly(None, true, Some(0.5), &tol),
            FloatClass::Phantom
        );
        assert_eq!(
            classify_exactly(None, false, None, &tol),
            FloatClass::Agrees
        );
    }

    /// `sqrt(n/d)` as the root of `d t^2 - n` on `[0, n/d + 1]`.
    fn sqrt_of(n: i64, d: i64) -> RealAlgebraic {
        let p = Poly::from_coeffs(vec![BigInt::from(-n), BigInt::from(0), BigInt::from(d)]);
        let hi = n / d + 1;
        RealAlgebraic::from_isolating_interval(p, Dyadic::from_int(0), Dyadic::from_int(hi))
            .unwrap()
    }

    /// Whether `sqrt(s)` lies in `[lo, hi]`, by squares (an independent
    /// decision: no refinement of the root).
    fn sqrt_in(s: &BigRational, lo: &BigRational, hi: &BigRational) -> bool {
        let zero = BigRational::from_integer(BigInt::from(0));
        (lo <= &zero || &(lo * lo) <= s) && hi >= &zero && &(hi * hi) >= s
    }

    proptest::proptest! {
        /// The agreement decided by refining the root equals the one
        /// decided by squaring: with `T = sqrt(n/d)`, `|c - T| <= tol ·
        /// max(1, T)` is `c - tol <= T <= c + tol` below 1 and
        /// `c / (1 + tol) <= T <= c / (1 - tol)` from 1 up.
        #[test]
        fn agreement_with_an_irrational_time_matches_the_squared_test(
            n in 1i64..900,
            d in 1i64..100,
            offset in -2000i64..2000,
            tol_den in proptest::sample::select(vec![10i64, 1000, 1_000_000]),
        ) {
            let s = q(n, d);
            let t = sqrt_of(n, d);
            proptest::prop_assume!(t.as_rational().is_none());
            let tol = q(1, tol_den);
            // a claim near T: T's bracket midpoint moved by offset / (tol_den * 1000)
            let (lo, hi) = t.bracket(80);
            let c = (lo + hi) / q(2, 1) + q(offset, tol_den * 1000);
            let one = q(1, 1);
            let expected = if s >= one {
                sqrt_in(&s, &(&c / (&one + &tol)), &(&c / (&one - &tol)))
            } else {
                sqrt_in(&s, &(&c - &tol), &(&c + &tol))
            };
            proptest::prop_assert_eq!(agrees(&t, &c, &tol), expected);
        }
    }
}
