//! Rational roots of an integer polynomial by Hensel lifting and rational
//! reconstruction, so that the roots of a coplanarity cubic with a rational
//! factor are split off before real-root isolation.
//!
//! Why: a screen modulo small primes proves that a polynomial has *no*
//! rational root, but fails whenever it has some, even far outside the
//! interval of interest (the CCD benchmark's cubics often factor as
//! `(a t + b) q(t)` with a root near `-10^16`); refining every isolating
//! interval below `1/lc^2` instead took up to 23 ms on one query. The
//! isolator splits every rational root off first ([`rational_roots`]), so
//! that what is left provably has none.
//!
//! Method (classical; e.g. von zur Gathen and Gerhard, *Modern Computer
//! Algebra*, 5.10 rational reconstruction and 15.4 Hensel lifting): a
//! rational root `u/v` in lowest terms of `p` has `v | lc(p)` and
//! `u | p(0)`. For a small prime `l` not dividing `lc(p)` at which every root
//! of `p mod l` is simple, each root mod `l` lifts uniquely to a root mod
//! `l^k` by Newton's iteration `r <- r - p(r) / p'(r)` (the modulus squared
//! at each step) until `l^k > 2 |p(0)| |lc(p)|`; the only fraction `u/v`
//! with `|u| <= |p(0)|`, `0 < v <= |lc(p)|` and `u = r v mod l^k` comes out
//! of the half extended Euclidean algorithm. Every candidate is checked by
//! exact evaluation, so a wrong guess costs time, never correctness; a prime
//! at which `p` has no root proves that `p` has no rational root.
#![deny(clippy::float_arithmetic)]

use crate::poly::Poly;
use crate::scalar::{BigInt, BigRational, Ring, Sign};
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};

/// Primes for the modular steps (odd, small: the roots mod `l` are found by
/// trying every residue).
const PRIMES: [u64; 40] = [
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
    101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179,
];

/// `p` evaluated at `x` modulo `m` (a non-negative residue).
fn eval_mod(p: &Poly<BigInt>, x: &BigInt, m: &BigInt) -> BigInt {
    let mut acc = <BigInt as Ring>::zero();
    for c in p.coeffs().iter().rev() {
        acc = (acc * x + c).mod_floor(m);
    }
    acc
}

/// The inverse of `a` modulo `m`, when `gcd(a, m) = 1`.
fn inverse_mod(a: &BigInt, m: &BigInt) -> Option<BigInt> {
    let e = a.mod_floor(m).extended_gcd(m);
    (e.gcd == BigInt::from(1)).then(|| e.x.mod_floor(m))
}

/// The roots of `p` modulo the small prime `l`, or `None` when one of them is
/// a multiple root (the prime is unusable for lifting).
fn simple_roots_mod(p: &Poly<BigInt>, dp: &Poly<BigInt>, l: u64) -> Option<Vec<u64>> {
    let lb = BigInt::from(l);
    let residues = |q: &Poly<BigInt>| -> Vec<u64> {
        q.coeffs()
            .iter()
            .map(|c| {
                c.mod_floor(&lb)
                    .to_u64()
                    .expect("a residue below a small prime")
            })
            .collect()
    };
    let (c, dc) = (residues(p), residues(dp));
    let eval = |c: &[u64], x: u64| c.iter().rev().fold(0u64, |acc, a| (acc * x + a) % l);
    let mut roots = Vec::new();
    for x in 0..l {
        if eval(&c, x) == 0 {
            if eval(&dc, x) == 0 {
                return None;
            }
            roots.push(x);
        }
    }
    Some(roots)
}

/// The fraction `u/v` with `|u| <= u_max`, `0 < v <= v_max` and
/// `u = r v (mod m)`, when one exists (the half extended Euclidean
/// algorithm; unique when `m > 2 u_max v_max`).
fn reconstruct(r: &BigInt, m: &BigInt, u_max: &BigInt, v_max: &BigInt) -> Option<BigRational> {
    let (mut r0, mut r1) = (m.clone(), r.mod_floor(m));
    let (mut s0, mut s1) = (<BigInt as Ring>::zero(), <BigInt as Ring>::one());
    while &r1 > u_max {
        let (q, rem) = r0.div_rem(&r1);
        r0 = std::mem::replace(&mut r1, rem);
        let s = s0 - &q * &s1;
        s0 = std::mem::replace(&mut s1, s);
    }
    if Zero::is_zero(&s1) || &s1.abs() > v_max {
        return None;
    }
    Some(BigRational::new(r1, s1))
}

/// Every rational root of the non-zero integer polynomial `p`, increasing
/// and distinct; `None` when no usable prime was found (then nothing is
/// known; the isolator then falls back on refinement).
pub fn rational_roots(p: &Poly<BigInt>) -> Option<Vec<BigRational>> {
    let mut p = p.normalized();
    let mut roots = Vec::new();
    // t divides p: the root 0
    while p.degree().unwrap_or(0) > 0 && Zero::is_zero(&p.coeffs()[0]) {
        if roots.is_empty() {
            roots.push(BigRational::from_integer(<BigInt as Ring>::zero()));
        }
        p = Poly::from_coeffs(p.coeffs()[1..].to_vec());
    }
    if p.degree().unwrap_or(0) == 0 {
        return Some(roots);
    }
    // the screen: a prime (not dividing lc) without a root mod l proves that
    // no rational root is left
    let lead = p.leading().expect("non-zero").abs();
    let usable: Vec<u64> = PRIMES
        .iter()
        .copied()
        .filter(|&l| !lead.is_multiple_of(&BigInt::from(l)))
        .collect();
    for &l in &usable {
        if roots_mod(&p, l).is_empty() {
            return Some(roots);
        }
    }
    // rational roots are likely: lift the roots mod a prime where they are
    // simple (of the square-free part)
    let p = p.square_free();
    let dp = p.derivative();
    let lead = p.leading().expect("non-zero").abs();
    let tail = p.coeffs()[0].abs();
    let bound = BigInt::from(2) * &lead * &tail;
    for &l in &usable {
        if lead.is_multiple_of(&BigInt::from(l)) {
            continue;
        }
        let Some(mod_roots) = simple_roots_mod(&p, &dp, l) else {
            continue;
        };
        let l_big = BigInt::from(l);
        for r in mod_roots {
            // Newton lifting of the root and of 1/p'(root), squaring the
            // modulus each step
            let mut m = l_big.clone();
            let mut x = BigInt::from(r);
            let mut y = inverse_mod(&eval_mod(&dp, &x, &m), &m)?;
            while m <= bound {
                crate::budget::tick();
                m = &m * &m;
                let fx = eval_mod(&p, &x, &m);
                // y = 1/p'(x) mod m (from y = 1/p'(x) mod sqrt(m))
                let dfx = eval_mod(&dp, &x, &m);
                let two = BigInt::from(2);
                y = (&y * (two - (&dfx * &y).mod_floor(&m))).mod_floor(&m);
                x = (x - fx * &y).mod_floor(&m);
            }
            if let Some(q) = reconstruct(&x, &m, &tail, &lead) {
                if p.sign_at_rational(&q) == Sign::Zero {
                    roots.push(q);
                }
            }
        }
        roots.sort();
        roots.dedup();
        return Some(roots);
    }
    None
}

/// The roots of `p` modulo the small prime `l`.
fn roots_mod(p: &Poly<BigInt>, l: u64) -> Vec<u64> {
    let lb = BigInt::from(l);
    let c: Vec<u64> = p
        .coeffs()
        .iter()
        .map(|c| {
            c.mod_floor(&lb)
                .to_u64()
                .expect("a residue below a small prime")
        })
        .collect();
    (0..l)
        .filter(|&x| c.iter().rev().fold(0u64, |acc, a| (acc * x + a) % l) == 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(c: &[i64]) -> Poly<BigInt> {
        Poly::from_coeffs(c.iter().map(|&x| BigInt::from(x)).collect())
    }

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn finds_rational_roots_of_products() {
        // (3t - 1)(7t + 5)(t^2 - 2): roots 1/3, -5/7 and two irrationals
        let p = ip(&[-1, 3]) * ip(&[5, 7]) * ip(&[-2, 0, 1]);
        assert_eq!(rational_roots(&p), Some(vec![q(-5, 7), q(1, 3)]));
        // t (t - 4)^2 (t^2 + 1)
        let p = ip(&[0, 1]) * ip(&[-4, 1]).pow(2) * ip(&[1, 0, 1]);
        assert_eq!(rational_roots(&p), Some(vec![q(0, 1), q(4, 1)]));
        // irreducible: none
        assert_eq!(rational_roots(&ip(&[-2, 0, 0, 1])), Some(vec![]));
    }

    #[test]
    fn finds_every_rational_root_of_random_products() {
        // (u1 t - v1)(u2 t - v2) q(t) with random q: both rational roots are
        // found, and nothing else unless q has a rational root too
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |bits: u32| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            let v = (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> (64 - bits)) as i64;
            v - (1 << (bits - 1))
        };
        for _ in 0..200 {
            let (u1, v1, u2, v2) = (next(30).abs() + 1, next(30), next(30).abs() + 1, next(30));
            let quad = ip(&[next(60), next(60), next(60) | 1]);
            let p = ip(&[-v1, u1]) * ip(&[-v2, u2]) * quad.clone();
            let roots = rational_roots(&p).expect("a usable prime");
            for r in [q(v1, u1), q(v2, u2)] {
                assert!(roots.contains(&r), "{r} missing from {roots:?} for {p:?}");
            }
            for r in &roots {
                assert_eq!(p.sign_at_rational(r), Sign::Zero);
            }
            let extra = roots.len() - if q(v1, u1) == q(v2, u2) { 1 } else { 2 };
            if extra > 0 {
                let found: Vec<_> = roots
                    .iter()
                    .filter(|r| quad.sign_at_rational(r) == Sign::Zero)
                    .collect();
                assert_eq!(found.len(), extra);
            }
        }
    }

    #[test]
    fn finds_a_far_root_with_large_coefficients() {
        // the factor 2885118511284224 t + 81129638414606681874346707539841 of
        // a benchmark cubic, times a quadratic without rational roots
        let a: BigInt = "2885118511284224".parse().unwrap();
        let b: BigInt = "81129638414606681874346707539841".parse().unwrap();
        let lin = Poly::from_coeffs(vec![b.clone(), a.clone()]);
        // t^2 + t - 3: discriminant 13, no rational root
        let p = &lin * &ip(&[-3, 1, 1]);
        let roots = rational_roots(&p).unwrap();
        assert_eq!(roots, vec![BigRational::new(-b, a)]);
    }
}
