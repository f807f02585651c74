//! Real-root isolation by Sturm sequences over the integers.
//!
//! The sequence is the *primitive* signed pseudo-remainder sequence:
//! `S0 = P`, `S1 = P'`, `S(i+1) = -prem(S(i-1), S(i)) / c`, where the
//! pseudo-remainder multiplies by `lc(S(i))^(delta+1)` and `c` is chosen with
//! the sign that keeps `S(i+1)` a *positive* multiple of the true negated
//! remainder (so the sign changes are those of the classical Sturm sequence)
//! and the magnitude of the content (so coefficients stay small). Nothing is
//! divided as rationals: naive rational remainders explode in size.
//!
//! Sturm's theorem: for square-free `P` and `a < b`, the number of roots in
//! `(a, b]` is `V(a) - V(b)`, `V(x)` the number of sign changes of
//! `S0(x), S1(x), ...` with zeros skipped.
#![deny(clippy::float_arithmetic)]

use super::isolated_root::{sort_isolated, IsolatedRoot};
use super::{Dyadic, Poly};
use crate::budget::{self, Exhausted};
use crate::scalar::{BigInt, Sign};
use num_traits::Signed;

/// A Sturm sequence of a square-free integer polynomial.
#[derive(Clone, Debug)]
pub struct SturmSequence {
    seq: Vec<Poly<BigInt>>,
}

impl SturmSequence {
    /// The primitive Sturm sequence of `p` (which should be square-free;
    /// otherwise the count is of distinct roots of the square-free part
    /// only away from multiple roots).
    pub fn new(p: &Poly<BigInt>) -> Self {
        let mut seq = vec![p.clone()];
        let d = p.derivative().primitive_part();
        if d.is_zero() {
            return SturmSequence { seq };
        }
        seq.push(d);
        loop {
            budget::tick();
            let n = seq.len();
            let (a, b) = (&seq[n - 2], &seq[n - 1]);
            if b.is_constant() {
                break;
            }
            let delta = a.degree().unwrap_or(0) - b.degree().unwrap_or(0);
            let r = a.pseudo_rem(b);
            if r.is_zero() {
                break;
            }
            // prem = lc(b)^(delta+1) * rem. We want a positive multiple of
            // -rem: negate when lc(b)^(delta+1) > 0.
            let lc_negative = b.leading().is_some_and(|l| l.is_negative());
            let factor_positive = !(lc_negative && (delta + 1) % 2 == 1);
            let next = if factor_positive { -r } else { r };
            seq.push(next.primitive_part());
        }
        SturmSequence { seq }
    }

    /// The polynomials of the sequence.
    pub fn polys(&self) -> &[Poly<BigInt>] {
        &self.seq
    }

    /// The number of sign changes of the sequence at a dyadic point.
    pub(crate) fn variations_at(&self, x: &Dyadic) -> usize {
        let mut count = 0;
        let mut last = Sign::Zero;
        for s in &self.seq {
            let v = s.sign_at_dyadic(x);
            if v == Sign::Zero {
                continue;
            }
            if last != Sign::Zero && v != last {
                count += 1;
            }
            last = v;
        }
        count
    }
}

/// Isolates every real root of the square-free integer polynomial `p` in the
/// open interval `(lo, hi)` by Sturm counts and dyadic bisection. Same
/// output contract as the Descartes isolator.
///
/// Stops with [`Exhausted`] when the work budget is spent (`crate::budget`).
pub(crate) fn isolate_sturm(
    p: &Poly<BigInt>,
    lo: &Dyadic,
    hi: &Dyadic,
) -> Result<Vec<IsolatedRoot>, Exhausted> {
    let sturm = SturmSequence::new(p);
    let mut out = Vec::new();
    // (a, b, V(a), V(b), p(b) == 0): the ends are the outer ends (where p
    // does not vanish) or bisection points, reported when they are roots.
    let va = sturm.variations_at(lo);
    let vb = sturm.variations_at(hi);
    let mut stack = vec![(lo.clone(), hi.clone(), va, vb, false)];
    while let Some((a, b, va, vb, b_is_root)) = stack.pop() {
        budget::check()?;
        // roots in the open interval (a, b)
        let count = va.saturating_sub(vb) - usize::from(b_is_root);
        match count {
            0 => continue,
            1 => {
                out.push(IsolatedRoot::Interval(a, b));
                continue;
            }
            _ => {}
        }
        let m = Dyadic::midpoint(&a, &b);
        let vm = sturm.variations_at(&m);
        let m_is_root = p.sign_at_dyadic(&m) == Sign::Zero;
        if m_is_root {
            out.push(IsolatedRoot::Exact(m.clone()));
        }
        stack.push((m.clone(), b, vm, vb, b_is_root));
        stack.push((a, m, va, vm, m_is_root));
    }
    sort_isolated(&mut out);
    Ok(out)
}
