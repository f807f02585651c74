//! Proptest strategies shared by the test files: exact values are built with
//! `prop_map` from integers, never filtered. Numbers and polynomials first,
//! then geometry and motions.
#![allow(dead_code)]

use exactccd::geom::{quaternion_rotation, Mat3, Pose, Vec3};
use exactccd::motion::{Body, Motion};
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

// ---------------------------------------------------------------------------
// Geometry and motions

/// `n / d` from integers.
pub fn ratio(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// A rational with small numerator and denominator in `1..=12`.
pub fn small_rational() -> impl Strategy<Value = BigRational> {
    (-40i64..=40, 1i64..=12).prop_map(|(n, d)| ratio(n, d))
}

/// A rational time in `[0, 1]`.
pub fn unit_time() -> impl Strategy<Value = BigRational> {
    (0i64..=16, 1i64..=16).prop_map(|(n, d)| ratio(n.min(d), d))
}

/// A rational vector.
pub fn rational_vec3() -> impl Strategy<Value = Vec3<BigRational>> {
    (small_rational(), small_rational(), small_rational()).prop_map(|(x, y, z)| Vec3::new(x, y, z))
}

/// A non-zero quaternion of small integers (the zero quaternion is mapped
/// to `(1, 0, 0, 0)`).
pub fn small_quaternion() -> impl Strategy<Value = [BigRational; 4]> {
    (-6i64..=6, -6i64..=6, -6i64..=6, -6i64..=6).prop_map(|(w, x, y, z)| {
        let w = if (w, x, y, z) == (0, 0, 0, 0) { 1 } else { w };
        [w, x, y, z].map(|k| ratio(k, 1))
    })
}

/// A rational rigid pose.
pub fn rational_pose() -> impl Strategy<Value = Pose<BigRational>> {
    (small_quaternion(), rational_vec3())
        .prop_map(|(q, c)| Pose::new(quaternion_rotation(&q).expect("non-zero quaternion"), c))
}

/// A polynomial of degree at most `deg` with small integer coefficients.
pub fn small_int_poly(deg: usize) -> impl Strategy<Value = Poly<BigRational>> {
    proptest::collection::vec(-5i64..=5, deg + 1)
        .prop_map(|cs| Poly::from_coeffs(cs.into_iter().map(|c| ratio(c, 1)).collect()))
}

/// A polynomial positive for every real `t`: `k + c t^2`, `k >= 1`, `c >= 0`.
pub fn positive_poly() -> impl Strategy<Value = Poly<BigRational>> {
    (1i64..=4, 0i64..=3)
        .prop_map(|(k, c)| Poly::from_coeffs(vec![ratio(k, 1), ratio(0, 1), ratio(c, 1)]))
}

/// A quaternion polynomial that never vanishes: constant non-zero `w`, the
/// rest of degree at most 1.
pub fn quaternion_poly() -> impl Strategy<Value = [Poly<BigRational>; 4]> {
    (
        1i64..=4,
        small_int_poly(1),
        small_int_poly(1),
        small_int_poly(1),
    )
        .prop_map(|(w, x, y, z)| [Poly::constant(ratio(w, 1)), x, y, z])
}

fn body(motion: Motion, pose: Pose<BigRational>) -> Body {
    use exactccd::geom::{BoxShape, Shape};
    Body {
        shape: Shape::Box(BoxShape::new([ratio(1, 1), ratio(1, 1), ratio(1, 1)])),
        pose,
        motion,
    }
}

/// A body with a `rational` motion (rigid), denominators positive for all `t`.
pub fn rational_motion_body() -> impl Strategy<Value = Body> {
    (
        quaternion_poly(),
        small_int_poly(2),
        small_int_poly(1),
        small_int_poly(2),
        positive_poly(),
    )
        .prop_map(|(quaternion, t0, t1, t2, denominator)| {
            body(
                Motion::Rational {
                    quaternion,
                    translation: Vec3::new(t0, t1, t2),
                    denominator,
                },
                Pose::identity(),
            )
        })
}

/// A body with a `linear` motion from a rational pose.
pub fn linear_motion_body() -> impl Strategy<Value = Body> {
    (rational_pose(), rational_vec3())
        .prop_map(|(pose, velocity)| body(Motion::Linear { velocity }, pose))
}

/// A body with a non-rigid `row_matrix` motion whose linear part is
/// diagonally dominant for `t` in `[0, 1]` (`10 I` plus entries of size at
/// most 2), so invertible there, with `w = k + c t^2 > 0`.
pub fn affine_row_matrix_body() -> impl Strategy<Value = Body> {
    (
        proptest::collection::vec(small_int_poly(1), 9),
        small_int_poly(1),
        small_int_poly(1),
        small_int_poly(1),
        positive_poly(),
    )
        .prop_map(|(noise, tx, ty, tz, w)| {
            let shrink = |p: &Poly<BigRational>| p.scale(&ratio(1, 5));
            let mut rows: [[Poly<BigRational>; 4]; 4] = Default::default();
            for i in 0..3 {
                for j in 0..3 {
                    let mut e = shrink(&noise[3 * i + j]);
                    if i == j {
                        e = &e + &Poly::constant(ratio(10, 1));
                    }
                    rows[i][j] = e;
                }
            }
            rows[3] = [tx, ty, tz, w.clone()];
            body(
                Motion::RowMatrix {
                    rows,
                    denominator: w,
                },
                Pose::identity(),
            )
        })
}

/// Any rational-motion body: rational, linear or affine row matrix.
pub fn any_rational_body() -> impl Strategy<Value = Body> {
    prop_oneof![
        rational_motion_body(),
        linear_motion_body(),
        affine_row_matrix_body()
    ]
}

/// The rational matrix `m` in `f64`.
pub fn mat_f64(m: &Mat3<BigRational>) -> Mat3<f64> {
    m.to_f64()
}
