//! Real roots of `f64` polynomials on an interval: the fast, approximate
//! path.
//!
//! Method: the critical points (roots of the derivative, recursively) cut
//! `[lo, hi]` into monotone pieces; a piece whose end values change sign
//! holds one root, found by safeguarded Newton-bisection to full precision;
//! an end value within the rounding error of Horner's rule (`|p(x)| <= 4 n
//! eps sum |a_i x^i|`) counts as a root, so tangential (touching) roots at
//! critical points are reported. These are approximations: the exact scalar
//! decides such cases exactly.
#![allow(clippy::float_arithmetic)]

use crate::scalar::Sign;

fn horner(c: &[f64], x: f64) -> (f64, f64) {
    // value and the running bound sum |a_i| |x|^i for the error estimate
    let mut v = 0.0;
    let mut bound = 0.0;
    let ax = x.abs();
    for a in c.iter().rev() {
        v = v * x + a;
        bound = bound * ax + a.abs();
    }
    (v, bound)
}

fn is_numerically_zero(c: &[f64], x: f64) -> bool {
    let (v, bound) = horner(c, x);
    v.abs() <= 4.0 * (c.len() as f64) * f64::EPSILON * bound
}

/// The sign of `p(x)`, zero when the value is within Horner's rounding error.
pub(crate) fn sign_with_tolerance(c: &[f64], x: f64) -> Sign {
    if is_numerically_zero(c, x) {
        return Sign::Zero;
    }
    let (v, _) = horner(c, x);
    if v > 0.0 {
        Sign::Positive
    } else {
        Sign::Negative
    }
}

/// A value strictly between `a` and `b`, `None` when none exists in `f64`.
pub(crate) fn midpoint(a: f64, b: f64) -> Option<f64> {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let m = lo + (hi - lo) / 2.0;
    (m > lo && m < hi).then_some(m)
}

fn derivative(c: &[f64]) -> Vec<f64> {
    c.iter()
        .enumerate()
        .skip(1)
        .map(|(i, a)| a * i as f64)
        .collect()
}

fn trimmed(c: &[f64]) -> &[f64] {
    let mut n = c.len();
    while n > 0 && c[n - 1] == 0.0 {
        n -= 1;
    }
    &c[..n]
}

/// Approximate distinct real roots of `c` in `[lo, hi]`, increasing.
pub(crate) fn roots_in(c: &[f64], lo: f64, hi: f64) -> Vec<f64> {
    roots_in_with(c, lo, hi, &|x| is_numerically_zero(c, x))
}

/// Approximate distinct real roots of `c` in `[lo, hi]`, increasing, where
/// `is_zero(x)` says whether the value at a cut point (an end or a critical
/// point) counts as zero: a caller that knows a better rounding bound than
/// Horner's on the coefficients passes it here.
pub(crate) fn roots_in_with(
    c: &[f64],
    lo: f64,
    hi: f64,
    is_zero: &dyn Fn(f64) -> bool,
) -> Vec<f64> {
    let c = trimmed(c);
    if c.len() <= 1 || !lo.is_finite() || !hi.is_finite() {
        return Vec::new();
    }
    // the cut points: the ends and the critical points inside
    let mut cuts = vec![lo];
    if c.len() > 2 {
        cuts.extend(
            roots_in(&derivative(c), lo, hi)
                .into_iter()
                .filter(|&x| x > lo && x < hi),
        );
    }
    cuts.push(hi);
    let mut roots: Vec<f64> = Vec::new();
    let push = |roots: &mut Vec<f64>, x: f64| {
        if roots.last().is_none_or(|&last| x > last) {
            roots.push(x);
        }
    };
    for w in cuts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let za = is_zero(a);
        let zb = is_zero(b);
        if za {
            push(&mut roots, a);
        }
        if za || zb {
            if zb {
                push(&mut roots, b);
            }
            continue;
        }
        let (fa, _) = horner(c, a);
        let (fb, _) = horner(c, b);
        if (fa < 0.0) != (fb < 0.0) {
            push(&mut roots, refine(c, a, b, fa));
        }
    }
    roots
}

/// The root of the monotone piece `[a, b]` where `p` changes sign, by Newton
/// steps kept inside a shrinking bracket (bisection when Newton leaves it).
fn refine(c: &[f64], a: f64, b: f64, fa: f64) -> f64 {
    let d = derivative(c);
    newton_bisection(|x| (horner(c, x).0, horner(&d, x).0), a, b, fa)
}

/// The root in `[a, b]` of a function that changes sign there and is
/// monotone (`fa`, its value at `a`, not zero): Newton steps kept inside
/// the shrinking bracket, bisection when Newton leaves it or the
/// derivative is zero; at most 200 steps. `eval(x)` is the value and the
/// derivative at `x`. The one refinement of both `f64` root finders (this
/// module's and the SGM solver's fast path, which evaluates both in one
/// Horner pass).
pub(crate) fn newton_bisection(
    eval: impl Fn(f64) -> (f64, f64),
    mut a: f64,
    mut b: f64,
    fa: f64,
) -> f64 {
    let neg_at_a = fa < 0.0;
    let mut x = a + (b - a) / 2.0;
    for _ in 0..200 {
        let (fx, dx) = eval(x);
        if fx == 0.0 {
            return x;
        }
        if (fx < 0.0) == neg_at_a {
            a = x;
        } else {
            b = x;
        }
        let newton = x - fx / dx;
        let next = if dx != 0.0 && newton > a && newton < b {
            newton
        } else {
            a + (b - a) / 2.0
        };
        if next == x || b - a <= f64::EPSILON * a.abs().max(b.abs()) {
            return next;
        }
        x = next;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_and_touching_roots() {
        // (t - 0.25)(t - 0.5)(t - 0.75)
        let c = [-0.09375, 0.6875, -1.5, 1.0];
        let r = roots_in(&c, 0.0, 1.0);
        assert_eq!(r.len(), 3);
        for (x, e) in r.iter().zip([0.25, 0.5, 0.75]) {
            assert!((x - e).abs() < 1e-14);
        }
        // (t - 0.5)^2: a touching root at the critical point
        let r = roots_in(&[0.25, -1.0, 1.0], 0.0, 1.0);
        assert_eq!(r, vec![0.5]);
        // t^2 + 1: none
        assert!(roots_in(&[1.0, 0.0, 1.0], -3.0, 3.0).is_empty());
        // roots at the ends
        assert_eq!(roots_in(&[0.0, -1.0, 1.0], 0.0, 1.0), vec![0.0, 1.0]);
    }
}
