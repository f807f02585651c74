//! Exactly rational points on the unit circle, near the corners of a regular
//! polygon: the parameters of the test meshes' tori.
//!
//! The point of parameter `u` is `((1 - u²) / (1 + u²), 2u / (1 + u²))`, on
//! the unit circle exactly for every rational `u` (the tangent half-angle
//! substitution, `u = tan(θ/2)`). Floating point only *chooses* `u`: `tan`
//! of the regular polygon's half-angles, rounded to a multiple of `2^-12`;
//! the points themselves are exact, so this file is the one place in `geom`
//! that allows float arithmetic.
#![allow(clippy::float_arithmetic)]

use crate::scalar::{BigInt, BigRational};

/// `n` points exactly on the unit circle, counter-clockwise, near the
/// angles `θ_k = -π + 2π (k + 1/2) / n` (so none is at angle `π`, where
/// `u` would be infinite).
///
/// # Panics
/// If `n < 3`.
pub fn rational_circle_points(n: usize) -> Vec<(BigRational, BigRational)> {
    assert!(n >= 3, "a polygon needs at least 3 corners, got {n}");
    let scale = 4096.0_f64;
    (0..n)
        .map(|k| {
            let theta =
                -std::f64::consts::PI + 2.0 * std::f64::consts::PI * (k as f64 + 0.5) / n as f64;
            let u_num = ((theta / 2.0).tan() * scale).round() as i64;
            let u = BigRational::new(BigInt::from(u_num), BigInt::from(4096));
            let u2 = &u * &u;
            let one = BigRational::from_integer(BigInt::from(1));
            let den = &one + &u2;
            let two = BigRational::from_integer(BigInt::from(2));
            ((&one - &u2) / &den, (two * &u) / &den)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_on_the_unit_circle_and_counter_clockwise() {
        let pts = rational_circle_points(7);
        let one = BigRational::from_integer(BigInt::from(1));
        let zero = BigRational::from_integer(BigInt::from(0));
        for (k, (x, y)) in pts.iter().enumerate() {
            assert_eq!(x * x + y * y, one);
            let (x2, y2) = &pts[(k + 1) % pts.len()];
            assert!(x * y2 - y * x2 > zero, "turn {k}");
        }
    }
}
