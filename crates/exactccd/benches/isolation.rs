//! Real-root isolation in [0, 1]: random dense integer polynomials of degree
//! 4, 8, 12, 16, 20 with 64-bit coefficients (30 per degree), and
//! polynomials shaped like box-contact equations (sums of products of
//! quadratics in t), with both isolators.
//!
//! Reference: FLINT's certified isolation takes about 130, 250,
//! 530, 750, 1330 us at degrees 5, 8, 12, 16, 20 on this machine; the target
//! is under 100 us at degree 8 and under 1 ms at degree 20.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use exactccd::poly::{isolate_integer_roots, IsolationLimits, Isolator, Poly};
use exactccd::scalar::{BigInt, BigRational};
use std::hint::black_box;

/// xorshift64*: a fixed, dependency-free generator so every run measures the
/// same polynomials.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn signed(&mut self, bits: u32) -> BigInt {
        let v = self.next() >> (64 - bits);
        let b = BigInt::from(v);
        if self.next() & 1 == 1 {
            -b
        } else {
            b
        }
    }
}

fn random_dense(rng: &mut Rng, degree: usize) -> Poly<BigInt> {
    let mut c: Vec<BigInt> = (0..=degree).map(|_| rng.signed(63)).collect();
    if c[degree] == BigInt::from(0) {
        c[degree] = BigInt::from(1);
    }
    Poly::from_coeffs(c)
}

/// `sum_k A_k(t) B_k(t)` with random quadratics of 16-bit coefficients: the
/// shape of a separation function or a Minkowski-plane offset under a
/// quadratic rational motion (degree 4), and products of such (degree 8).
fn box_contact_like(rng: &mut Rng, terms: usize, factors: usize) -> Poly<BigInt> {
    let mut sum = Poly::zero();
    for _ in 0..terms {
        let mut prod = Poly::constant(BigInt::from(1));
        for _ in 0..factors {
            let quad = Poly::from_coeffs(vec![rng.signed(16), rng.signed(16), rng.signed(16)]);
            prod = prod * quad;
        }
        sum = sum + prod;
    }
    sum
}

fn bench_isolation(c: &mut Criterion) {
    let zero = BigRational::from_integer(BigInt::from(0));
    let one = BigRational::from_integer(BigInt::from(1));
    let limits = IsolationLimits::default();
    let mut group = c.benchmark_group("isolate_dense_64bit");
    for degree in [4usize, 8, 12, 16, 20] {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ degree as u64);
        let polys: Vec<_> = (0..30).map(|_| random_dense(&mut rng, degree)).collect();
        for isolator in [Isolator::Descartes, Isolator::Sturm] {
            group.bench_with_input(
                BenchmarkId::new(format!("{isolator:?}"), degree),
                &polys,
                |bench, polys| {
                    bench.iter(|| {
                        for p in polys {
                            black_box(
                                isolate_integer_roots(p, &zero, &one, isolator, &limits).unwrap(),
                            );
                        }
                    })
                },
            );
        }
    }
    group.finish();

    let mut group = c.benchmark_group("isolate_box_contact_like");
    for (terms, factors) in [(3usize, 2usize), (6, 2), (4, 4)] {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03 ^ (terms * 16 + factors) as u64);
        let polys: Vec<_> = (0..30)
            .map(|_| box_contact_like(&mut rng, terms, factors))
            .collect();
        for isolator in [Isolator::Descartes, Isolator::Sturm] {
            group.bench_with_input(
                BenchmarkId::new(
                    format!("{isolator:?}"),
                    format!("deg{}x{}", 2 * factors, terms),
                ),
                &polys,
                |bench, polys| {
                    bench.iter(|| {
                        for p in polys {
                            black_box(
                                isolate_integer_roots(p, &zero, &one, isolator, &limits).unwrap(),
                            );
                        }
                    })
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, bench_isolation);
criterion_main!(benches);
