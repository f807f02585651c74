//! Proptest strategies shared by the test files: exact values are built with
//! `prop_map` from integers, never filtered. Numbers and polynomials first,
//! then geometry and motions.
#![allow(dead_code)]

use exactccd::poly::Poly;
use exactccd::scalar::{BigInt, BigRational};
use proptest::prelude::*;

/// `n / d` as an exact rational.
pub fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// A rational with numerator in `[-range, range]` and denominator in `[1, den]`.
pub fn rational(range: i64, den: i64) -> impl Strategy<Value = BigRational> {
    (-range..=range, 1..=den).prop_map(|(n, d)| q(n, d))
}

/// A rational polynomial of degree at most `deg` with small coefficients.
pub fn small_poly(deg: usize) -> impl Strategy<Value = Poly<BigRational>> {
    prop::collection::vec(rational(20, 6), 0..=deg + 1).prop_map(Poly::from_coeffs)
}

/// An integer polynomial with coefficients of up to `bits` bits.
pub fn int_poly(deg: usize, bits: u32) -> impl Strategy<Value = Poly<BigInt>> {
    prop::collection::vec(
        (
            any::<bool>(),
            prop::collection::vec(any::<u32>(), (bits as usize).div_ceil(32)),
        ),
        1..=deg + 1,
    )
    .prop_map(move |cs| {
        Poly::from_coeffs(
            cs.into_iter()
                .map(|(neg, digits)| {
                    let mut v = BigInt::from(num_bigint::BigUint::new(digits));
                    let excess = (v.bits() as u32).saturating_sub(bits);
                    v >>= excess;
                    if neg {
                        -v
                    } else {
                        v
                    }
                })
                .collect(),
        )
    })
}

/// A real root with a known exact description: a rational, or
/// `center + sign * sqrt(radicand) / scale` with a radicand that is not a
/// perfect square.
#[derive(Clone, Debug)]
pub enum KnownRoot {
    /// The rational root.
    Rational(BigRational),
    /// `center + sign * sqrt(radicand) / scale`.
    Surd {
        /// The centre.
        center: BigRational,
        /// `+1` or `-1`.
        sign: i32,
        /// Not a perfect square, positive.
        radicand: BigInt,
        /// Positive.
        scale: BigInt,
    },
}

impl KnownRoot {
    /// Exact comparison with a rational: `Less` when the root is below `r`.
    pub fn cmp_rational(&self, r: &BigRational) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        match self {
            KnownRoot::Rational(x) => x.cmp(r),
            KnownRoot::Surd {
                center,
                sign,
                radicand,
                scale,
            } => {
                // compare sign * sqrt(v) / s with y = r - center
                let y = r - center;
                let y_s = &y * BigRational::from_integer(scale.clone());
                let sq = |a: &BigRational| a * a;
                let v = BigRational::from_integer(radicand.clone());
                // sqrt(v) vs |y_s| with signs
                if *sign > 0 {
                    if y_s <= BigRational::from_integer(BigInt::from(0)) {
                        Ordering::Greater
                    } else {
                        v.cmp(&sq(&y_s))
                    }
                } else if y_s >= BigRational::from_integer(BigInt::from(0)) {
                    Ordering::Less
                } else {
                    sq(&y_s).cmp(&v)
                }
            }
        }
    }

    /// The minimal-ish integer factor vanishing at the root.
    pub fn factor(&self) -> Poly<BigRational> {
        match self {
            KnownRoot::Rational(x) => Poly::from_coeffs(vec![-x.clone(), q(1, 1)]),
            KnownRoot::Surd {
                center,
                radicand,
                scale,
                ..
            } => {
                // scale^2 (t - c)^2 - v
                let s2 = BigRational::from_integer(scale * scale);
                let shifted = Poly::from_coeffs(vec![-center.clone(), q(1, 1)]);
                (&shifted * &shifted).scale(&s2)
                    - Poly::constant(BigRational::from_integer(radicand.clone()))
            }
        }
    }

    /// An f64 approximation (for messages).
    pub fn approx(&self) -> f64 {
        use num_traits::ToPrimitive;
        match self {
            KnownRoot::Rational(x) => x.to_f64().unwrap(),
            KnownRoot::Surd {
                center,
                sign,
                radicand,
                scale,
            } => {
                center.to_f64().unwrap()
                    + f64::from(*sign) * radicand.to_f64().unwrap().sqrt() / scale.to_f64().unwrap()
            }
        }
    }
}

/// A known root: rational `n/d`, or a surd pair member around a rational
/// centre with a non-square radicand `k^2 + 1 .. (k+1)^2 - 1`.
pub fn known_root() -> impl Strategy<Value = KnownRoot> {
    prop_oneof![
        rational(40, 12).prop_map(KnownRoot::Rational),
        (rational(20, 6), any::<bool>(), 1i64..30, 1i64..8, 1i64..20).prop_map(
            |(center, pos, k, off, scale)| {
                let radicand = k * k + 1 + (off % (2 * k));
                KnownRoot::Surd {
                    center,
                    sign: if pos { 1 } else { -1 },
                    radicand: BigInt::from(radicand),
                    scale: BigInt::from(scale),
                }
            }
        ),
    ]
}

// Geometry and motions: the library's strategies (the `proptest` feature).
use exactccd::geom::Mat3;
pub use exactccd::strategies::{
    affine_row_matrix_body, any_rational_body, linear_motion_body, ratio, rational_motion_body,
    rational_pose, rational_vec3, small_quaternion, unit_time,
};

/// The rational matrix `m` in `f64`.
pub fn mat_f64(m: &Mat3<BigRational>) -> Mat3<f64> {
    m.to_f64()
}
