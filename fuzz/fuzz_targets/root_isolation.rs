//! Fuzz target: exact real-root isolation against brute-force exact checks.
//!
//! A polynomial is built from typed factors (linear factors with rational
//! roots, quadratics, random small-coefficient factors, with multiplicities)
//! and an interval with rational ends. Both isolators must return the same
//! roots, sorted and distinct; the polynomial must vanish exactly at each
//! (sign at the `RealAlgebraic`); and the number of roots must equal the
//! count by the referee's independent Sturm implementation
//! (`exactccd-oracle`, rational remainders, sharing no code with the
//! isolators). `Debug` prints the polynomial and interval.
#![no_main]

use arbitrary::Arbitrary;
use exactccd::poly::{isolate_roots_with, IsolationLimits, Isolator, Poly};
use exactccd::scalar::{BigInt, BigRational, Sign};
use exactccd_oracle::poly as referee;
use libfuzzer_sys::fuzz_target;
use std::fmt;

#[derive(Arbitrary, Clone)]
enum Factor {
    /// `(d t - n)^m`
    Linear { n: i16, d: u8, m: u8 },
    /// `(a t^2 + b t + c)^m`
    Quadratic { a: i8, b: i16, c: i16, m: u8 },
    /// a dense factor with small coefficients
    Dense(Vec<i32>),
}

#[derive(Arbitrary, Clone)]
struct Input {
    factors: Vec<Factor>,
    lo: (i16, u8),
    width: (u16, u8),
}

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

impl Input {
    fn build(&self) -> Option<(Poly<BigRational>, BigRational, BigRational)> {
        let mut p = Poly::constant(q(1, 1));
        for f in self.factors.iter().take(6) {
            let (base, m) = match f {
                Factor::Linear { n, d, m } => (
                    Poly::from_coeffs(vec![q(-(*n as i64), 1), q(*d as i64 + 1, 1)]),
                    *m % 3 + 1,
                ),
                Factor::Quadratic { a, b, c, m } => (
                    Poly::from_coeffs(vec![q(*c as i64, 1), q(*b as i64, 1), q(*a as i64, 1)]),
                    *m % 2 + 1,
                ),
                Factor::Dense(c) => (
                    Poly::from_coeffs(c.iter().take(7).map(|&v| q(v as i64, 1)).collect()),
                    1,
                ),
            };
            p = p * base.pow(m as u32);
        }
        if p.is_zero() || p.degree().unwrap_or(0) > 40 {
            return None;
        }
        let a = q(self.lo.0 as i64, self.lo.1 as i64 + 1);
        let b = &a + q(self.width.0 as i64, self.width.1 as i64 + 1);
        Some((p, a, b))
    }
}

impl fmt::Debug for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.build() {
            Some((p, a, b)) => write!(f, "p = {p} on [{a}, {b}]"),
            None => write!(f, "(no polynomial)"),
        }
    }
}

fuzz_target!(|input: Input| {
    let Some((p, a, b)) = input.build() else {
        return;
    };
    let limits = IsolationLimits::default();
    let d = isolate_roots_with(&p, &a, &b, Isolator::Descartes, &limits).expect("within limits");
    let s = isolate_roots_with(&p, &a, &b, Isolator::Sturm, &limits).expect("within limits");
    assert_eq!(d, s, "the isolators disagree");
    for w in d.windows(2) {
        assert!(w[0] < w[1], "roots not sorted and distinct");
    }
    for r in &d {
        assert_eq!(
            r.sign_of(&p),
            Sign::Zero,
            "p does not vanish at a reported root"
        );
        assert!(
            r.cmp_rational(&a).is_ge() && r.cmp_rational(&b).is_le(),
            "root outside [a, b]"
        );
    }
    let rp = referee::Poly::new(p.coeffs().to_vec());
    assert_eq!(
        referee::count_roots_closed(&rp, &a, &b),
        d.len(),
        "the referee's Sturm count differs"
    );
});
