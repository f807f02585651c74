//! The `f64` path's times where a pair comes within `D > 0`, polished on
//! the unsquared condition (docs/methods/distance.md, "Rounding in
//! `f64`").
//!
//! The squared condition `D^2 den - sum num_i^2 >= 0` is a polynomial whose
//! coefficients are products of the coordinates: its rounding is relative
//! to their squares, and at a small `D` (a separation of `2^-24` between
//! bodies of size 1, say) it exceeds the polynomial's value `D^2 den`
//! around the root, so the root found is late or early by up to `1e-7`.
//! Each `num_i` evaluated alone rounds relative to the coordinates, so
//! `sum num_i(t)^2` is within a few units in the last place of itself. A
//! root of the squared condition is a start of the pair's set. Where the
//! unsquared condition there is decided beyond its rounding (the start is
//! on the wrong side of the crossing), the polished start is the first
//! time of the unsquared condition near it: when the condition changes
//! side within `2^-12` of the root (relative to `max(1, |t|)`), a bracket
//! by steps doubling from `2^-44`, then bisection to adjacent floats (no
//! change within `2^-12`, one evaluation: a span that starts where a
//! region condition does, the pair well within `D`). It is kept only where
//! the pair's region conditions hold (with the path's rounding tolerance)
//! and before the span's end.
#![deny(clippy::float_arithmetic)]

use super::pairs::{Gap, PairTest};
use crate::poly::{Poly, RealRoots};
use crate::scalar::{BigRational, Scalar, Sign};
use num_bigint::BigInt;

/// The first step from the root, as a power of two of `max(1, |t|)`.
const FIRST_STEP: u32 = 44;
/// The widest step.
const WIDEST_STEP: u32 = 12;

impl<S: Scalar> Gap<S> {
    /// True when the pair's features are within `D` at `t` (the regions
    /// aside), with each component evaluated before it is squared.
    fn within(&self, t: &S) -> bool {
        let mut sum = S::zero();
        for c in &self.num {
            let v = c.eval(t);
            sum.add_mul(&v, &v);
        }
        self.reach.eval(t).sub_ref(&sum).sign() != Sign::Negative
    }

    /// True when `D^2 den - sum num_i^2` at `t` is farther from 0 than
    /// its rounding. Each `num_i` is within `e_i = 2^-48 sum |c_k| |t|^k`
    /// of its value (Horner's bound, generously: a cancelling `num_i`
    /// rounds relative to its coefficients, not to its value), so its
    /// square within `e_i (2 |num_i| + e_i)`; `D^2 den` and the sum within
    /// `2^-48` of their magnitudes.
    fn decided_at(&self, t: &S) -> bool {
        let eps = power_of_half::<S>(48);
        let (mut sum, mut rounding) = (S::zero(), S::zero());
        for c in &self.num {
            let v = c.eval(t);
            let e = horner_bound(c, t).mul_ref(&eps);
            rounding.add_mul(&e, &v.abs().add_ref(&v.abs()).add_ref(&e));
            sum.add_mul(&v, &v);
        }
        let reach = self.reach.eval(t);
        let magnitudes = horner_bound(&self.reach, t).add_ref(&sum);
        rounding.add_mul(&magnitudes, &eps);
        reach.sub_ref(&sum).abs() > rounding
    }
}

/// `sum |c_k| |t|^k`: the magnitude Horner's rounding is relative to.
fn horner_bound<S: Scalar>(p: &Poly<S>, t: &S) -> S {
    let x = t.abs();
    let mut out = S::zero();
    for c in p.coeffs().iter().rev() {
        out = out.mul_ref(&x).add_ref(&c.abs());
    }
    out
}

fn power_of_half<S: Scalar>(k: u32) -> S {
    S::from_rational(&BigRational::new(1.into(), BigInt::from(1) << k))
}

/// The start of a span of `test` polished on its unsquared condition
/// (module docs), or `None` to keep the start found.
pub(super) fn polish_start<S: RealRoots>(
    test: &PairTest<S>,
    start: &S::Root,
    end: &S::Root,
    t0: &S,
    t1: &S,
) -> Option<S::Root> {
    let gap = test.gap.as_ref()?;
    let t = S::root_bounds(start, 0)?.0;
    // at `t0`, or within the rounding of the crossing (a graze, where
    // the unsquared condition holds numerically over a band about `1e-8`
    // wide, and a start already as close as `f64` tells): kept
    if t <= *t0 || !gap.decided_at(&t) {
        return None;
    }
    let scale = t.abs().max_of(S::one());
    let (mut out, mut within) = bracket(gap, &t, &scale, t0, t1)?;
    let half = power_of_half::<S>(1);
    loop {
        let mid = out.add_ref(&within.sub_ref(&out).mul_ref(&half));
        if mid <= out || mid >= within {
            break;
        }
        if gap.within(&mid) {
            within = mid;
        } else {
            out = mid;
        }
    }
    let polished = S::root_of_value(&within);
    let regions_hold = test.at_least_zero[1..]
        .iter()
        .all(|p| S::sign_at_root(p, &polished) != Sign::Negative)
        && test
            .positive
            .as_ref()
            .is_none_or(|p| S::sign_at_root(p, &polished) == Sign::Positive);
    (regions_hold && &polished <= end).then_some(polished)
}

/// Times `out < within` near `t`, the pair apart at `out` and within `D` at
/// `within`, by steps doubling away from `t`: to the left when the pair is
/// within `D` at `t`, to the right when not.
fn bracket<S: Scalar>(gap: &Gap<S>, t: &S, scale: &S, t0: &S, t1: &S) -> Option<(S, S)> {
    let at_t = gap.within(t);
    // no crossing within the widest step (a span that starts where a
    // region condition does, the pair already within `D`): one evaluation
    let widest = scale.mul_ref(&power_of_half::<S>(WIDEST_STEP));
    let crossing_within_reach = if at_t {
        !gap.within(&t.sub_ref(&widest).max_of(t0.clone()))
    } else {
        gap.within(&t.add_ref(&widest).min_of(t1.clone()))
    };
    if !crossing_within_reach {
        return None;
    }
    for k in (WIDEST_STEP..=FIRST_STEP).rev() {
        let step = scale.mul_ref(&power_of_half::<S>(k));
        if at_t {
            let before = t.sub_ref(&step).max_of(t0.clone());
            if !gap.within(&before) {
                return Some((before, t.clone()));
            }
            if before <= *t0 {
                return None;
            }
        } else {
            let after = t.add_ref(&step).min_of(t1.clone());
            if gap.within(&after) {
                return Some((t.clone(), after));
            }
            if after >= *t1 {
                return None;
            }
        }
    }
    None
}
