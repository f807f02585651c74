//! Machine-integer fast paths for the hot integer-polynomial tests of the
//! exact pipeline: the sign of `p` at a dyadic or rational point and
//! Descartes' bound on a dyadic interval.
//!
//! The SGM solver's plane polynomials have degree at most 8 and
//! coefficients of a few dozen bits, and its dyadic points have small
//! exponents, so both tests usually fit in `i128`. Every step here is
//! *checked* (`checked_mul`, `checked_add`, a checked shift): a result is
//! returned only when no intermediate value overflowed, and then it is the
//! exact integer the `BigInt` path computes, step for step (the same
//! homogenised Horner scheme, the same Taylor shifts). `None` sends the
//! caller to the `BigInt` path. Integers only: no floating point.
#![deny(clippy::float_arithmetic)]

use super::{Dyadic, Poly};
use crate::scalar::{BigInt, BigRational, Sign};
use num_traits::ToPrimitive;

/// The largest degree taken here.
const MAX_DEGREE: usize = 8;

/// `a 2^s`, when it fits.
fn shl(a: i128, s: u64) -> Option<i128> {
    if a == 0 {
        return Some(0);
    }
    let s = u32::try_from(s).ok().filter(|&s| s < 127)?;
    let r = a << s;
    (r >> s == a).then_some(r)
}

/// The coefficients as `i128` (degree `1..=MAX_DEGREE`), or `None`.
fn coefficients(p: &Poly<BigInt>) -> Option<([i128; MAX_DEGREE + 1], usize)> {
    let n = p.degree().filter(|&n| (1..=MAX_DEGREE).contains(&n))?;
    let mut c = [0i128; MAX_DEGREE + 1];
    for (slot, a) in c.iter_mut().zip(p.coeffs()) {
        *slot = a.to_i128()?;
    }
    Some((c, n))
}

/// The numerator of `x` at the scale `2^-k` (`k >= x.exp()`).
fn numerator_at(x: &Dyadic, k: u64) -> Option<i128> {
    shl(x.num().to_i128()?, k - x.exp())
}

fn sign(v: i128) -> Sign {
    match v.signum() {
        1 => Sign::Positive,
        -1 => Sign::Negative,
        _ => Sign::Zero,
    }
}

/// The sign of `p` at the dyadic `x = m / 2^k`: the sign of `2^(k n) p(x)`
/// by Horner on the homogenised polynomial
/// ([`Poly::eval_scaled_at`](super::Poly::eval_scaled_at)).
pub(crate) fn sign_at_dyadic(p: &Poly<BigInt>, x: &Dyadic) -> Option<Sign> {
    let (c, n) = coefficients(p)?;
    let k = x.exp();
    let m = x.num().to_i128()?;
    let mut acc = c[n];
    for i in (0..n).rev() {
        let term = shl(c[i], k.checked_mul((n - i) as u64)?)?;
        acc = acc.checked_mul(m)?.checked_add(term)?;
    }
    Some(sign(acc))
}

/// The sign of `p` at the rational `x = num / den` (`den > 0`): the sign
/// of `den^n p(x)` by Horner on the homogenised polynomial
/// ([`Poly::eval_rational_scaled`](super::Poly::eval_rational_scaled)).
pub(crate) fn sign_at_rational(p: &Poly<BigInt>, x: &BigRational) -> Option<Sign> {
    let (c, n) = coefficients(p)?;
    let num = x.numer().to_i128()?;
    let den = x.denom().to_i128()?;
    let mut acc = c[n];
    let mut den_power: i128 = 1;
    for i in (0..n).rev() {
        den_power = den_power.checked_mul(den)?;
        acc = acc
            .checked_mul(num)?
            .checked_add(c[i].checked_mul(den_power)?)?;
    }
    Some(sign(acc))
}

/// `p / v` in `Z[t]` for word-sized coefficients (any degree): `Some(Some(q))`
/// when `v` divides `p` exactly, `Some(None)` when it does not (decided
/// exactly: no intermediate overflowed), `None` on overflow or wider
/// coefficients (the caller divides in `BigInt`). The same long division
/// as [`Poly::exact_div_int`](super::Poly::exact_div_int).
#[allow(clippy::option_option)]
pub(crate) fn exact_div(p: &Poly<BigInt>, v: &Poly<BigInt>) -> Option<Option<Vec<BigInt>>> {
    let d = v.degree()?;
    let words = |q: &Poly<BigInt>| -> Option<Vec<i128>> {
        q.coeffs()
            .iter()
            .map(|c| c.to_i64().map(i128::from))
            .collect()
    };
    let divisor = words(v)?;
    let mut rem = words(p)?;
    if rem.len() <= d {
        return Some(rem.iter().all(|&c| c == 0).then(Vec::new));
    }
    let lead = divisor[d];
    let mut quot = vec![0i128; rem.len() - d];
    for k in (0..quot.len()).rev() {
        let (c, r) = div_rem(rem[k + d], lead);
        if r != 0 {
            return Some(None);
        }
        if c != 0 {
            for (j, &b) in divisor.iter().enumerate() {
                rem[k + j] = rem[k + j].checked_sub(c.checked_mul(b)?)?;
            }
        }
        quot[k] = c;
    }
    if rem.iter().any(|&c| c != 0) {
        return Some(None);
    }
    Some(Some(quot.into_iter().map(BigInt::from).collect()))
}

/// Truncated quotient and remainder, by a machine-word division when both
/// fit in one (`i128` division is a slow library call).
fn div_rem(a: i128, b: i128) -> (i128, i128) {
    match (i64::try_from(a), i64::try_from(b)) {
        (Ok(x), Ok(y)) if !(x == i64::MIN && y == -1) => (i128::from(x / y), i128::from(x % y)),
        _ => (a / b, a % b),
    }
}

/// `p(x + s)` in place (the synthetic-division Taylor shift of
/// [`Poly::taylor_shift`](super::Poly::taylor_shift)).
fn taylor_shift(c: &mut [i128], s: i128) -> Option<()> {
    let n = c.len();
    for i in 0..n {
        for j in (i..n.saturating_sub(1)).rev() {
            c[j] = c[j].checked_add(c[j + 1].checked_mul(s)?)?;
        }
    }
    Some(())
}

/// Descartes' bound (capped as `descartes::sign_variations` caps it at 1)
/// for the roots of `p` in `(lo, hi)`: the sign variations of
/// `(1 + x)^n q(1 / (1 + x))` where `q(x) = p(lo + (hi - lo) x)` scaled to
/// integers, as `descartes::to_unit_interval` and
/// `descartes::descartes_bound_unit` compute it.
pub(crate) fn descartes_bound(p: &Poly<BigInt>, lo: &Dyadic, hi: &Dyadic) -> Option<usize> {
    let (c, n) = descartes_transform(p, lo, hi)?;
    let mut count = 0;
    let mut last = Sign::Zero;
    for &a in &c[..=n] {
        let s = sign(a);
        if s == Sign::Zero {
            continue;
        }
        if last != Sign::Zero && s != last {
            count += 1;
            if count > 1 {
                return Some(count);
            }
        }
        last = s;
    }
    Some(count)
}

/// The coefficients (lowest degree first, `n + 1` of them) whose sign
/// variations [`descartes_bound`] counts.
fn descartes_transform(
    p: &Poly<BigInt>,
    lo: &Dyadic,
    hi: &Dyadic,
) -> Option<([i128; MAX_DEGREE + 1], usize)> {
    let (mut c, n) = coefficients(p)?;
    let k = lo.exp().max(hi.exp());
    let l = numerator_at(lo, k)?;
    let w = numerator_at(hi, k)?.checked_sub(l)?;
    for (i, a) in c[..=n].iter_mut().enumerate() {
        *a = shl(*a, k.checked_mul((n - i) as u64)?)?;
    }
    let q = &mut c[..=n];
    taylor_shift(q, l)?;
    let mut power: i128 = 1;
    for (i, a) in q.iter_mut().enumerate() {
        *a = a.checked_mul(power)?;
        if i < n {
            power = power.checked_mul(w)?;
        }
    }
    q.reverse();
    taylor_shift(q, 1)?;
    Some((c, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::Ring;
    use proptest::prelude::*;

    fn poly(c: &[i64]) -> Poly<BigInt> {
        Poly::from_coeffs(c.iter().map(|&v| BigInt::from(v)).collect())
    }

    fn big_sign(p: &Poly<BigInt>, x: &Dyadic) -> Sign {
        Ring::sign(&p.eval_scaled_at(x.num(), x.exp()))
    }

    fn big_descartes(p: &Poly<BigInt>, lo: &Dyadic, hi: &Dyadic) -> usize {
        let (q, ..) = super::super::descartes::to_unit_interval(p, lo, hi);
        super::super::descartes::descartes_bound_unit(&q)
    }

    #[test]
    fn known_signs_and_counts() {
        // (2x - 1)(4x - 3)(x + 5) = 8x^3 + 30x^2 - 47x + 15
        let p = poly(&[15, -47, 30, 8]);
        let d = |m: i64, k: u64| Dyadic::new(BigInt::from(m), k);
        assert_eq!(sign_at_dyadic(&p, &d(1, 1)), Some(Sign::Zero));
        assert_eq!(sign_at_dyadic(&p, &d(5, 3)), Some(Sign::Negative));
        assert_eq!(sign_at_dyadic(&p, &d(0, 0)), Some(Sign::Positive));
        let r = |a: i64, b: i64| BigRational::new(BigInt::from(a), BigInt::from(b));
        assert_eq!(sign_at_rational(&p, &r(3, 4)), Some(Sign::Zero));
        assert_eq!(sign_at_rational(&p, &r(2, 3)), Some(Sign::Negative));
        assert_eq!(sign_at_rational(&p, &r(-6, 1)), Some(Sign::Negative));
        assert_eq!(sign_at_rational(&p, &r(1, 3)), Some(Sign::Positive));
        // two roots (1/2, 3/4) in (0, 1), one in (0, 5/8), none in (1, 2)
        assert_eq!(descartes_bound(&p, &d(0, 0), &d(1, 0)), Some(2));
        assert_eq!(descartes_bound(&p, &d(0, 0), &d(5, 3)), Some(1));
        assert_eq!(descartes_bound(&p, &d(1, 0), &d(2, 0)), Some(0));
        // the SGM solver's usual size: degree 4, 23-bit coefficients,
        // interval ends at 2^-14, taken by the machine path
        let q = poly(&[-4_000_000, 7_000_000, 1_234_567, -8_000_000, 5_555_555]);
        let (lo, hi) = (d(9533, 14), d(16384, 14));
        assert_eq!(
            descartes_bound(&q, &lo, &hi),
            Some(big_descartes(&q, &lo, &hi))
        );
        assert_eq!(sign_at_dyadic(&q, &lo), Some(big_sign(&q, &lo)));
        // overflow is refused, never wrapped
        let wide = poly(&[i64::MAX, i64::MAX, i64::MAX, i64::MAX, 1]);
        assert_eq!(descartes_bound(&wide, &d(1, 60), &d(3, 61)), None);
        assert_eq!(sign_at_dyadic(&wide, &d(1, 100)), None);
    }

    #[test]
    fn exact_division_by_hand() {
        // (t^2 + 1)(3t - 2) / (t^2 + 1) = 3t - 2; t^3 / (t^2 + 1) is not exact
        let p = poly(&[-2, 3, -2, 3]);
        assert_eq!(
            exact_div(&p, &poly(&[1, 0, 1])),
            Some(Some(vec![BigInt::from(-2), BigInt::from(3)]))
        );
        assert_eq!(
            exact_div(&poly(&[0, 0, 0, 1]), &poly(&[1, 0, 1])),
            Some(None)
        );
        // 2t / 4 is not exact in Z[t]
        assert_eq!(exact_div(&poly(&[0, 2]), &poly(&[4])), Some(None));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        /// Whenever the machine path answers, it answers as the `BigInt`
        /// path does.
        #[test]
        fn machine_path_equals_bigint_path(
            c in prop::collection::vec(-(1i64 << 40)..(1i64 << 40), 2..10),
            bits in 0u32..40,
            m1 in -(1i64 << 12)..(1i64 << 12),
            m2 in -(1i64 << 12)..(1i64 << 12),
            k1 in 0u64..24,
            k2 in 0u64..24,
        ) {
            let p = poly(&c.iter().map(|v| v >> bits).collect::<Vec<_>>());
            prop_assume!(p.degree().unwrap_or(0) >= 1);
            let (x, y) = (Dyadic::new(BigInt::from(m1), k1), Dyadic::new(BigInt::from(m2), k2));
            if let Some(s) = sign_at_dyadic(&p, &x) {
                prop_assert_eq!(s, big_sign(&p, &x));
            }
            let r = BigRational::new(BigInt::from(m1), BigInt::from(m2.unsigned_abs() % 1000 + 1));
            if let Some(s) = sign_at_rational(&p, &r) {
                prop_assert_eq!(s, Ring::sign(&p.eval_rational_scaled(&r)));
            }
            // exact division: of a product by its factor, and of anything
            let v = poly(&[m1 >> 4, m2 >> 4, (k1 as i64) - 11, 1 + k2 as i64]);
            if let Some(r) = exact_div(&(&p * &v), &v) {
                prop_assert_eq!(r, Some(p.coeffs().to_vec()));
            }
            if let Some(r) = exact_div(&p, &v) {
                prop_assert_eq!(r.map(Poly::from_coeffs), p.exact_div_int_big(&v));
            }
            let (lo, hi) = if x < y { (x, y) } else { (y, x) };
            prop_assume!(lo < hi);
            if let Some(v) = descartes_bound(&p, &lo, &hi) {
                prop_assert_eq!(v, big_descartes(&p, &lo, &hi));
            }
            // and the transformed coefficients themselves are the BigInt ones
            if let Some((c, n)) = descartes_transform(&p, &lo, &hi) {
                let (q, ..) = super::super::descartes::to_unit_interval(&p, &lo, &hi);
                let mut want: Vec<BigInt> = q.coeffs().to_vec();
                want.resize(n + 1, BigInt::from(0));
                want.reverse();
                let want = Poly::from_coeffs(want).taylor_shift(&BigInt::from(1));
                let got = Poly::from_coeffs(c[..=n].iter().map(|&v| BigInt::from(v)).collect());
                prop_assert_eq!(got, want);
            }
        }
    }
}
