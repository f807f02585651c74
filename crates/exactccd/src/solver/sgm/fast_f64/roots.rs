//! The real roots of a pool polynomial on an interval (module docs,
//! "Roots"): the centred-form test, the halvings and the cuts at the
//! critical points; each sign change is refined by `poly::roots_f64`'s
//! Newton-bisection.
#![allow(clippy::float_arithmetic)]

use super::arena::{horner, horner_with_derivative, is_numerically_zero, sign_of, Pool, P};
use super::{midpoint, same_instant, EPS, MAX_COEFFS};
use crate::poly::roots_f64::newton_bisection;
use crate::scalar::Sign;

/// Up to [`MAX_COEFFS`] increasing values (the distinct roots of one
/// polynomial, which has fewer).
#[derive(Clone, Copy)]
pub(super) struct Roots {
    pub(super) x: [f64; MAX_COEFFS],
    pub(super) n: usize,
}

impl Roots {
    pub(super) const EMPTY: Roots = Roots {
        x: [0.0; MAX_COEFFS],
        n: 0,
    };

    pub(super) fn push(&mut self, v: f64) {
        if self.n < MAX_COEFFS && (self.n == 0 || v > self.x[self.n - 1]) {
            self.x[self.n] = v;
            self.n += 1;
        }
    }

    pub(super) fn as_slice(&self) -> &[f64] {
        &self.x[..self.n]
    }
}

/// What the centred form says of `p` on an interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// No root; the sign throughout.
    Rootless(Sign),
    /// The derivative has no root: at most one root.
    Monotone,
    /// Neither could be shown.
    Unknown,
}

/// The centred form on `[lo, hi]` (module docs, "Roots"). With `m` the
/// midpoint, `r` the radius and `q` the Taylor shift `q(x) = p(m + x)`
/// (`q_k = p^(k)(m) / k!`), `p` has no root when `|q_0| > sum_{k >= 1}
/// |q_k| r^k` and is monotone when `|q_1| > sum_{k >= 2} k |q_k|
/// r^(k-1)`, each plus the rounding allowance of the coefficients (`tol`)
/// and of the shift. A cheaper bound is tried first, without the shift:
/// `|p(m)|` above `sum_k |c_k| ((|m| + r)^k - |m|^k)` (plus the
/// allowance) also proves no root.
pub(super) fn shape(c: &[f64], tol: &[f64], lo: f64, hi: f64) -> Bound {
    let n = c.len();
    let r = (hi - lo) / 2.0;
    let m = lo + r;
    let reach = m.abs() + r;
    let shift_err = 4.0 * n as f64 * EPS;
    // First the cheaper bound without the shift: `|p(x) - p(m)| <= sum_k
    // |c_k| ((|m| + r)^k - |m|^k)` for `|x - m| <= r`.
    let (mut value, mut abs_m, mut abs_reach, mut tol_reach) = (0.0, 0.0, 0.0, 0.0);
    for k in (0..n).rev() {
        value = value * m + c[k];
        abs_m = abs_m * m.abs() + c[k].abs();
        abs_reach = abs_reach * reach + c[k].abs();
        tol_reach = tol_reach * reach + tol[k];
    }
    if value.abs() > (abs_reach - abs_m) + tol_reach + shift_err * abs_reach {
        return Bound::Rootless(sign_of(value));
    }
    let mut q = [0.0; MAX_COEFFS];
    q[..n].copy_from_slice(c);
    for i in 0..n.saturating_sub(1) {
        for j in (i..n - 1).rev() {
            q[j] += m * q[j + 1];
        }
    }
    let mut spread0 = 0.0;
    let mut abs0 = 0.0;
    let mut tol0 = 0.0;
    for k in (0..n).rev() {
        abs0 = abs0 * reach + c[k].abs();
        tol0 = tol0 * reach + tol[k];
        if k >= 1 {
            spread0 = (spread0 + q[k].abs()) * r;
        }
    }
    if q[0].abs() > spread0 + tol0 + shift_err * abs0 {
        return Bound::Rootless(sign_of(q[0]));
    }
    let mut spread1 = 0.0;
    let mut abs1 = 0.0;
    let mut tol1 = 0.0;
    for k in (1..n).rev() {
        let kf = k as f64;
        abs1 = abs1 * reach + kf * c[k].abs();
        tol1 = tol1 * reach + kf * tol[k];
        if k >= 2 {
            spread1 = (spread1 + kf * q[k].abs()) * r;
        }
    }
    if n >= 2 && q[1].abs() > spread1 + tol1 + shift_err * abs1 {
        return Bound::Monotone;
    }
    Bound::Unknown
}

/// The derivative and its allowance.
pub(super) fn derivative(c: &[f64], tol: &[f64]) -> ([f64; MAX_COEFFS], [f64; MAX_COEFFS]) {
    let mut d = [0.0; MAX_COEFFS];
    let mut dt = [0.0; MAX_COEFFS];
    for i in 1..c.len() {
        d[i - 1] = c[i] * i as f64;
        dt[i - 1] = tol[i] * i as f64;
    }
    (d, dt)
}

/// Halvings of an interval before the critical points are computed.
pub(super) const SPLITS: usize = 6;

/// The distinct roots of `c` (last coefficient non-zero) in `[lo, hi]`,
/// increasing, appended to `out` (module docs, "Roots"); `tol` is the
/// per-coefficient rounding allowance. Returns the sign when the centred
/// form proves the whole interval root-free.
///
/// An interval is dropped when root-free, solved on its own when monotone,
/// halved up to [`SPLITS`] times otherwise, and then cut at the critical
/// points (the roots of the derivative, recursively).
pub(super) fn roots_in(
    c: &[f64],
    tol: &[f64],
    lo: f64,
    hi: f64,
    known: Option<Bound>,
    depth: usize,
    out: &mut Roots,
) -> Option<Sign> {
    let n = c.len();
    if n <= 1 || lo > hi {
        return None;
    }
    match known.unwrap_or_else(|| shape(c, tol, lo, hi)) {
        Bound::Rootless(s) => return Some(s),
        Bound::Monotone => {
            piece_root(c, tol, lo, hi, out);
            return None;
        }
        Bound::Unknown => {}
    }
    if depth < SPLITS {
        if let Some(m) = midpoint(lo, hi) {
            roots_in(c, tol, lo, m, None, depth + 1, out);
            roots_in(c, tol, m, hi, None, depth + 1, out);
            return None;
        }
    }
    let (d, dt) = derivative(c, tol);
    let d = &d[..n - 1];
    // The cut points: the ends and the critical points inside.
    let mut crit = Roots::EMPTY;
    if n >= 3 {
        roots_in(d, &dt[..n - 1], lo, hi, None, 0, &mut crit);
    }
    let mut from = lo;
    for &x in crit.as_slice().iter().chain([hi].iter()) {
        if x > from && x <= hi {
            piece_root(c, tol, from, x, out);
            from = x;
        }
    }
    if from == lo {
        piece_root(c, tol, lo, hi, out);
    }
    None
}

/// The root of `c` on a piece `[a, b]` where it is monotone: an end within
/// the rounding allowance of zero is a root (touching roots sit at
/// critical points), else a sign change is refined.
pub(super) fn piece_root(c: &[f64], tol: &[f64], a: f64, b: f64, out: &mut Roots) {
    let za = is_numerically_zero(c, tol, a);
    let zb = is_numerically_zero(c, tol, b);
    if za {
        out.push(a);
    }
    if za || zb {
        if zb {
            out.push(b);
        }
        return;
    }
    let fa = horner(c, a);
    let fb = horner(c, b);
    if (fa < 0.0) != (fb < 0.0) {
        out.push(newton_bisection(|x| horner_with_derivative(c, x), a, b, fa));
    }
}

/// What the centred form says of plane `p` (not zero) on `[lo, hi]`: the
/// first test of [`plane_roots`], which takes it as `known`.
pub(super) fn plane_bound(pool: &Pool, p: P, lo: f64, hi: f64) -> Bound {
    if p.n <= 1 {
        let sign = pool.coeffs(p).first().map_or(Sign::Zero, |&x| sign_of(x));
        return Bound::Rootless(sign);
    }
    shape(pool.coeffs(p), pool.allowance(p), lo, hi)
}

/// The roots of `p` in `[lo, hi]` into `roots` (its old content dropped),
/// and `Some(sign)` when the centred form proved it root-free there (then
/// the root finder did not run). `known` is the centred form's verdict on
/// `[lo, hi]` when the caller has it ([`plane_bound`]).
pub(super) fn plane_roots(
    pool: &Pool,
    p: P,
    lo: f64,
    hi: f64,
    known: Option<Bound>,
    roots: &mut Roots,
) -> Option<Sign> {
    roots.n = 0;
    if p.n <= 1 {
        return Some(pool.coeffs(p).first().map_or(Sign::Zero, |&x| sign_of(x)));
    }
    let (c, tol) = (pool.coeffs(p), pool.allowance(p));
    if let Some(s) = roots_in(c, tol, lo, hi, known, 0, roots) {
        return Some(s);
    }
    // Roots at the ends' distance of `SAME_INSTANT` are the ends.
    for x in &mut roots.x[..roots.n] {
        if same_instant(*x, lo) {
            *x = lo;
        } else if same_instant(*x, hi) {
            *x = hi;
        }
    }
    // A run of roots with the value within the rounding allowance between
    // each two is one touching root (a root of high multiplicity is found
    // as such a run): the run's middle root, or an end of the interval in
    // it. Done in place: the runs' picks overwrite the runs already read.
    let zero_between =
        |x: f64, y: f64| midpoint(x, y).is_none_or(|m| is_numerically_zero(c, tol, m));
    let (n, mut kept, mut i) = (roots.n, 0, 0);
    while i < n {
        let mut j = i;
        while j + 1 < n && zero_between(roots.x[j], roots.x[j + 1]) {
            j += 1;
        }
        let run = &roots.x[i..=j];
        let pick = if run.contains(&lo) {
            lo
        } else if run.contains(&hi) {
            hi
        } else {
            run[run.len() / 2]
        };
        if kept == 0 || pick > roots.x[kept - 1] {
            roots.x[kept] = pick;
            kept += 1;
        }
        i = j + 1;
    }
    roots.n = kept;
    None
}
