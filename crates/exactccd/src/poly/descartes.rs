//! Real-root isolation by Descartes' rule of signs: the
//! Vincent-Collins-Akritas bisection (VCA) on integer polynomials.
//!
//! The interval `(lo, hi)` is mapped onto `(0, 1)` by `x = lo + (hi - lo) u`;
//! a node is a sub-interval `[c/2^d, (c+1)/2^d]` of `(0, 1)` with the integer
//! polynomial `Q` whose roots in `(0, 1)` are the node's roots, rescaled.
//! The number of sign variations of the coefficients of
//! `(u + 1)^n Q(1/(u + 1))` bounds the number of roots of `Q` in `(0, 1)` and
//! has its parity; it is 0 when no complex root lies in the disc on the
//! diameter `[0, 1]` and 1 when exactly one (simple, real) root lies in the
//! union of two discs (the one- and two-circle theorems), so bisection of a
//! square-free polynomial terminates. Children are `2^n Q(u/2)` and its Taylor
//! shift by one; a root exactly at a bisection point is detected exactly (the
//! right child's constant term vanishes) and divided out.
//!
//! [`sign_if_rootless_integer`] is the bound alone, without bisection: the
//! quick "no root here" test that the front end (`isolate.rs`) and the
//! scalars (`roots.rs`) run first.
#![deny(clippy::float_arithmetic)]

use super::isolated_root::{sort_isolated, IsolatedRoot};
use super::{Dyadic, Poly};
use crate::budget::{self, Exhausted};
use crate::scalar::{BigInt, BigRational, Ring, Sign};

/// The number of sign changes in a coefficient sequence (zeros skipped),
/// stopping early once it exceeds `cap`.
pub(crate) fn sign_variations(coeffs: &[BigInt], cap: usize) -> usize {
    let mut count = 0;
    let mut last = Sign::Zero;
    for c in coeffs {
        let s = Ring::sign(c);
        if s == Sign::Zero {
            continue;
        }
        if last != Sign::Zero && s != last {
            count += 1;
            if count > cap {
                return count;
            }
        }
        last = s;
    }
    count
}

/// Descartes' bound for the roots of `q` in the open interval `(0, 1)`,
/// capped: returns 0, 1 or 2 (meaning "2 or more").
pub(crate) fn descartes_bound_unit(q: &Poly<BigInt>) -> usize {
    let shifted = q.reversed().taylor_shift(&<BigInt as Ring>::one());
    // The reversal dropped the trailing zeros of q (roots at 0): they are
    // not in the open interval and do not matter.
    sign_variations(shifted.coeffs(), 1)
}

/// `Q(u) = 2^(k n) P(x(u))` for `x(u) = lo + (hi - lo) u`: the integer
/// polynomial whose roots in `(0, 1)` correspond to the roots of `P` in
/// `(lo, hi)`. Also returns the map's integers `(l, w, k)` with
/// `x = (l + w u) / 2^k`.
pub(crate) fn to_unit_interval(
    p: &Poly<BigInt>,
    lo: &Dyadic,
    hi: &Dyadic,
) -> (Poly<BigInt>, BigInt, BigInt, u64) {
    let k = lo.exp().max(hi.exp());
    let l = lo.num_at(k);
    let w = hi.num_at(k) - &l;
    let q = p.scale_roots_up(k).taylor_shift(&l).scale_variable(&w);
    (q, l, w, k)
}

/// The number of roots of `p` in the open interval `(lo, hi)` is zero when
/// this returns zero (a certificate); one when it returns one.
pub(crate) fn descartes_bound(p: &Poly<BigInt>, lo: &Dyadic, hi: &Dyadic) -> usize {
    if let Some(v) = super::small::descartes_bound(p, lo, hi) {
        return v;
    }
    let (q, ..) = to_unit_interval(p, lo, hi);
    descartes_bound_unit(&q)
}

/// Isolates every real root of the square-free integer polynomial `p` in the
/// open interval `(lo, hi)`; `lo < hi`. Returns the roots in increasing
/// order: exact dyadic roots met at bisection points, and open intervals with
/// dyadic ends each holding exactly one root, at whose ends `p` divided by the
/// exact roots' linear factors does not vanish.
///
/// Stops with [`Exhausted`] when the work budget is spent (`crate::budget`).
pub(crate) fn isolate_descartes(
    p: &Poly<BigInt>,
    lo: &Dyadic,
    hi: &Dyadic,
) -> Result<Vec<IsolatedRoot>, Exhausted> {
    let (q, l, w, k) = to_unit_interval(p, lo, hi);
    let world = |c: &BigInt, d: u64| -> Dyadic {
        // x = (l + w c / 2^d) / 2^k = (l 2^d + w c) / 2^(k+d)
        Dyadic::new((&l << d) + &w * c, k + d)
    };
    let mut out = Vec::new();
    // Depth-first, left child first, so results come out sorted when the
    // stack pops the left child before the right one.
    let mut stack: Vec<(Poly<BigInt>, BigInt, u64)> = vec![(q, BigInt::from(0), 0)];
    while let Some((q, c, d)) = stack.pop() {
        budget::check()?;
        let n = match q.degree() {
            None | Some(0) => continue,
            Some(n) => n,
        };
        match descartes_bound_unit(&q) {
            0 => continue,
            1 => {
                out.push(IsolatedRoot::Interval(world(&c, d), world(&(&c + 1), d)));
                continue;
            }
            _ => {}
        }
        // Left child: L(u) = 2^n Q(u/2); right child: R(u) = L(u + 1).
        let left = Poly::from_coeffs(
            q.coeffs()
                .iter()
                .enumerate()
                .map(|(i, a)| a << (n - i) as u64)
                .collect(),
        );
        let mut right = left.taylor_shift(&<BigInt as Ring>::one());
        let mut left = left;
        let c2 = &c << 1u32;
        if right.coeffs()[0] == BigInt::from(0) {
            // exact root at the bisection point u = 1/2 of this node: divide
            // (2u - 1) out of both children, as (u - 1) of L and u of R.
            out.push(IsolatedRoot::Exact(world(&(&c2 + 1), d + 1)));
            right = Poly::from_coeffs(right.coeffs()[1..].to_vec());
            left = divide_by_u_minus_one(&left);
        }
        stack.push((right, &c2 + 1, d + 1));
        stack.push((left, c2, d + 1));
    }
    sort_isolated(&mut out);
    Ok(out)
}

/// `q(u) / (u - 1)` for `q(1) == 0` (synthetic division, exact in `Z[u]`).
fn divide_by_u_minus_one(q: &Poly<BigInt>) -> Poly<BigInt> {
    let c = q.coeffs();
    let n = c.len() - 1;
    let mut quot = vec![BigInt::from(0); n];
    let mut acc = BigInt::from(0);
    for i in (1..=n).rev() {
        acc += &c[i];
        quot[i - 1] = acc.clone();
    }
    debug_assert_eq!(acc + &c[0], BigInt::from(0), "q(1) must vanish");
    Poly::from_coeffs(quot)
}

/// The dyadic exponent that represents `q` exactly, if it is dyadic.
fn dyadic_exponent(q: &BigRational) -> Option<u64> {
    let d = q.denom();
    let tz = d.trailing_zeros().unwrap_or(0);
    (d == &(<BigInt as Ring>::one() << tz)).then_some(tz)
}

/// Descartes' rule of signs on `[lo, hi]` (rational ends widened outwards
/// to dyadic ones at `2^-64` when not dyadic): `Some(sign)` when the integer
/// polynomial `q` provably has no root in the closed dyadic hull (its
/// non-zero sign there), else `None` (there may be roots).
///
/// ```
/// use exactccd::poly::{sign_if_rootless_integer, Poly};
/// use exactccd::scalar::{BigInt, BigRational, Sign};
/// let q = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
/// // t^2 - 2: no root in [0, 1] (negative there), a root in [1, 2]
/// let p = Poly::from_coeffs(vec![BigInt::from(-2), BigInt::from(0), BigInt::from(1)]);
/// assert_eq!(sign_if_rootless_integer(&p, &q(0, 1), &q(1, 1)), Some(Sign::Negative));
/// assert_eq!(sign_if_rootless_integer(&p, &q(1, 1), &q(2, 1)), None);
/// ```
pub fn sign_if_rootless_integer(
    q: &Poly<BigInt>,
    lo: &BigRational,
    hi: &BigRational,
) -> Option<Sign> {
    if q.is_constant() {
        let s = q.leading().map_or(Sign::Zero, Ring::sign);
        return (s != Sign::Zero).then_some(s);
    }
    if lo > hi {
        return None;
    }
    // Non-dyadic ends are widened at 2^-64.
    let k = dyadic_exponent(lo)
        .unwrap_or(64)
        .max(dyadic_exponent(hi).unwrap_or(64));
    let (a, b) = (Dyadic::floor_of(lo, k), Dyadic::ceil_of(hi, k));
    let sa = q.sign_at_dyadic(&a);
    if sa == Sign::Zero || q.sign_at_dyadic(&b) != sa {
        return None;
    }
    if a == b {
        return Some(sa);
    }
    (descartes_bound(q, &a, &b) == 0).then_some(sa)
}
