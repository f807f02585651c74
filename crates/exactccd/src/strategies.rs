//! `proptest` strategies (the `proptest` feature): generated scenarios of
//! every [`ScenarioClass`] for another engine's property tests, and the
//! exact rational values, poses and moving bodies they are made of.
//!
//! [`scenario`] draws a seed and an index and calls
//! [`generate`]`(seed, index, class)`: every value is a valid scenario of
//! two boxes with an exactly known degeneracy where the class has one, and
//! is reproduced on any machine from the seed and index printed with a
//! failure. Exact values are built with `prop_map` from integers, never
//! filtered.
//!
//! ```
//! use exactccd::strategies::scenario;
//! use exactccd::{check_claim, Claim, ScenarioClass};
//! use proptest::prelude::*;
//! proptest!(ProptestConfig::with_cases(4), |(s in scenario(ScenarioClass::ContactAtStart))| {
//!     // touching at t0: "contact at t0" agrees
//!     let t0 = exactccd::scalar::rational_to_f64(&s.interval.0);
//!     let v = check_claim(&s, &Claim::Float { collides: true, time: Some(t0) }, 1e-9);
//!     prop_assert_eq!(v.name(), "agrees");
//! });
//! ```
#![deny(clippy::float_arithmetic)]

use crate::generate::{generate, ScenarioClass};
use crate::geom::{quaternion_rotation, BoxShape, Pose, Shape, Vec3};
use crate::motion::{Body, Motion};
use crate::poly::Poly;
use crate::scalar::{BigInt, BigRational};
use crate::scenario::Scenario;
use proptest::prelude::*;

/// A generated scenario of `class`: `generate(seed, index, class)` for a
/// random seed and an index below 1000.
pub fn scenario(class: ScenarioClass) -> impl Strategy<Value = Scenario> {
    (any::<u64>(), 0u64..1000).prop_map(move |(seed, index)| generate(seed, index, class))
}

/// Any class of [`ScenarioClass::all`].
pub fn class() -> impl Strategy<Value = ScenarioClass> {
    proptest::sample::select(ScenarioClass::all().collect::<Vec<_>>())
}

/// A generated scenario of any class, with its class.
pub fn any_scenario() -> impl Strategy<Value = (ScenarioClass, Scenario)> {
    class().prop_flat_map(|c| scenario(c).prop_map(move |s| (c, s)))
}

/// `n / d` from integers.
pub fn ratio(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// A rational with numerator in `-40..=40` and denominator in `1..=12`.
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

/// A rational rigid pose: `rot(q)/|q|^2` of a small quaternion and a
/// rational translation.
pub fn rational_pose() -> impl Strategy<Value = Pose<BigRational>> {
    (small_quaternion(), rational_vec3()).prop_map(|(q, c)| {
        let rotation = quaternion_rotation(&q).unwrap_or_else(|| Pose::identity().rotation);
        Pose::new(rotation, c)
    })
}

/// A polynomial of degree at most `deg` with integer coefficients in
/// `-5..=5`.
pub fn small_int_poly(deg: usize) -> impl Strategy<Value = Poly<BigRational>> {
    proptest::collection::vec(-5i64..=5, deg + 1)
        .prop_map(|cs| Poly::from_coeffs(cs.into_iter().map(|c| ratio(c, 1)).collect()))
}

/// A polynomial positive for every real `t`: `k + c t^2`, `k >= 1`, `c >= 0`.
pub fn positive_poly() -> impl Strategy<Value = Poly<BigRational>> {
    (1i64..=4, 0i64..=3)
        .prop_map(|(k, c)| Poly::from_coeffs(vec![ratio(k, 1), ratio(0, 1), ratio(c, 1)]))
}

/// A quaternion polynomial that never vanishes: a constant non-zero `w`,
/// the rest of degree at most 1.
pub fn quaternion_poly() -> impl Strategy<Value = [Poly<BigRational>; 4]> {
    (
        1i64..=4,
        small_int_poly(1),
        small_int_poly(1),
        small_int_poly(1),
    )
        .prop_map(|(w, x, y, z)| [Poly::constant(ratio(w, 1)), x, y, z])
}

fn unit_box(motion: Motion, pose: Pose<BigRational>) -> Body {
    Body {
        shape: Shape::Box(BoxShape::new([ratio(1, 1), ratio(1, 1), ratio(1, 1)])),
        pose,
        motion,
    }
}

/// A unit box under a `rational` motion (rigid), its denominators
/// positive for all `t`.
pub fn rational_motion_body() -> impl Strategy<Value = Body> {
    (
        quaternion_poly(),
        small_int_poly(2),
        small_int_poly(1),
        small_int_poly(2),
        positive_poly(),
    )
        .prop_map(|(quaternion, t0, t1, t2, denominator)| {
            unit_box(
                Motion::Rational {
                    quaternion,
                    translation: Vec3::new(t0, t1, t2),
                    denominator,
                },
                Pose::identity(),
            )
        })
}

/// A unit box under a `linear` motion from a rational pose.
pub fn linear_motion_body() -> impl Strategy<Value = Body> {
    (rational_pose(), rational_vec3())
        .prop_map(|(pose, velocity)| unit_box(Motion::Linear { velocity }, pose))
}

/// A unit box under a non-rigid `row_matrix` motion whose linear part is
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
            for (i, row) in rows.iter_mut().take(3).enumerate() {
                for (j, entry) in row.iter_mut().take(3).enumerate() {
                    let mut e = shrink(&noise[3 * i + j]);
                    if i == j {
                        e = &e + &Poly::constant(ratio(10, 1));
                    }
                    *entry = e;
                }
            }
            rows[3] = [tx, ty, tz, w.clone()];
            unit_box(
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
