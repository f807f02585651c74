//! Polynomial arithmetic modulo word-sized primes: a fast certificate that
//! two integer polynomials are coprime.
//!
//! If `g = gcd(a, b)` in `Z[t]` has positive degree, its leading coefficient
//! divides `lc(a)`; so modulo a prime `m` that divides neither `lc(a)` nor
//! `lc(b)`, `g mod m` keeps its degree and divides both reductions. A gcd of
//! degree 0 modulo `m` therefore *proves* that `a` and `b` are coprime. The
//! converse can fail (an "unlucky" prime), so a non-trivial modular gcd only
//! sends the caller to the exact integer computation.
#![deny(clippy::float_arithmetic)]

use super::Poly;
use crate::scalar::BigInt;
use num_integer::Integer;
use num_traits::ToPrimitive;

/// Two 61- and 62-bit primes: `2^61 - 1` and `2^62 - 57`.
/// Primes below `2^31`, so that a product of two residues fits a `u64` and
/// reduces by one machine division. Three of them: an unlucky prime only
/// costs the exact computation, never a wrong answer.
const PRIMES: [u64; 3] = [2_147_483_647, 2_147_483_629, 2_147_483_587];

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (a * b) % m
}

/// The inverse of `a` (non-zero, below the prime `m`) by the extended
/// Euclidean algorithm.
fn inverse_mod(a: u64, m: u64) -> u64 {
    let (mut r0, mut r1) = (
        i64::try_from(m).expect("m < 2^31"),
        i64::try_from(a).expect("a < m"),
    );
    let (mut s0, mut s1) = (0i64, 1i64);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (s0, s1) = (s1, s0 - q * s1);
    }
    debug_assert_eq!(r0, 1, "a prime modulus and a non-zero residue");
    u64::try_from(s0.rem_euclid(i64::try_from(m).expect("m < 2^31"))).expect("a residue")
}

fn reduce(p: &Poly<BigInt>, m: u64) -> Vec<u64> {
    let mb = BigInt::from(m);
    let mi = i64::try_from(m).expect("m < 2^31");
    p.coeffs()
        .iter()
        .map(|c| match c.to_i64() {
            Some(v) => u64::try_from(v.rem_euclid(mi)).expect("a residue"),
            None => c
                .mod_floor(&mb)
                .to_u64()
                .expect("residue below a word-sized modulus"),
        })
        .collect()
}

fn trim(v: &mut Vec<u64>) {
    while v.last() == Some(&0) {
        v.pop();
    }
}

/// The degree of `gcd(a, b)` modulo `m` (Euclid in `F_m`), `a`, `b` given by
/// their residues with non-zero leading residues.
fn gcd_degree_mod(mut a: Vec<u64>, mut b: Vec<u64>, m: u64) -> usize {
    trim(&mut a);
    trim(&mut b);
    while !b.is_empty() {
        // a := a mod b
        let inv = inverse_mod(*b.last().expect("non-empty"), m);
        while a.len() >= b.len() {
            let shift = a.len() - b.len();
            let f = mul_mod(*a.last().expect("non-empty"), inv, m);
            for (j, &bj) in b.iter().enumerate() {
                let sub = mul_mod(f, bj, m);
                let x = &mut a[shift + j];
                *x = if *x >= sub { *x - sub } else { *x + m - sub };
            }
            trim(&mut a);
            if a.is_empty() {
                break;
            }
        }
        std::mem::swap(&mut a, &mut b);
    }
    a.len().saturating_sub(1)
}

/// True when `a` and `b` are *proven* coprime in `Q[t]` by a gcd modulo a
/// word-sized prime; false means "not proven" (they may still be coprime).
pub(crate) fn proven_coprime(a: &Poly<BigInt>, b: &Poly<BigInt>) -> bool {
    if a.is_zero() || b.is_zero() {
        return false;
    }
    for &m in &PRIMES {
        let ra = reduce(a, m);
        let rb = reduce(b, m);
        if ra.last() == Some(&0) || rb.last() == Some(&0) {
            continue; // m divides a leading coefficient: degrees not kept
        }
        if gcd_degree_mod(ra, rb, m) == 0 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(c: &[i64]) -> Poly<BigInt> {
        Poly::from_coeffs(c.iter().map(|&v| BigInt::from(v)).collect())
    }

    #[test]
    fn coprime_and_common_factor() {
        // (t-1)(t+2) and (t-3): coprime
        assert!(proven_coprime(&(ip(&[-1, 1]) * ip(&[2, 1])), &ip(&[-3, 1])));
        // (t-1)(t+2) and (t-1)(t-5): common factor, never "proven coprime"
        assert!(!proven_coprime(
            &(ip(&[-1, 1]) * ip(&[2, 1])),
            &(ip(&[-1, 1]) * ip(&[-5, 1]))
        ));
        // p and p' of a square
        let sq = ip(&[3, 0, 1]).pow(2);
        assert!(!proven_coprime(&sq, &sq.derivative()));
        // constants are coprime with anything non-zero
        assert!(proven_coprime(&ip(&[7]), &ip(&[1, 1])));
    }
}
