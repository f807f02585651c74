use exactccd::poly::{isolate_integer_roots, IsolationLimits, Isolator, Poly};
use exactccd::scalar::{BigInt, BigRational};
use std::time::Instant;
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
fn main() {
    let zero = BigRational::from_integer(BigInt::from(0));
    let one = BigRational::from_integer(BigInt::from(1));
    let mut rng = Rng(12345);
    let polys: Vec<Poly<BigInt>> = (0..30)
        .map(|_| Poly::from_coeffs((0..=20).map(|_| rng.signed(63)).collect()))
        .collect();
    let t = Instant::now();
    for _ in 0..10 {
        for p in &polys {
            let _ = p.square_free();
        }
    }
    println!("square_free: {:?} per poly", t.elapsed() / 300);
    let t = Instant::now();
    let mut nroots = 0;
    for _ in 0..10 {
        for p in &polys {
            nroots += isolate_integer_roots(
                p,
                &zero,
                &one,
                Isolator::Descartes,
                &IsolationLimits::default(),
            )
            .unwrap()
            .len();
        }
    }
    println!(
        "isolate: {:?} per poly, {} roots",
        t.elapsed() / 300,
        nroots / 10
    );
}
