//! The few places where the SAT solver needs `f64` arithmetic: the
//! parallel-axis cutoff and the tolerance of the `f64` path (exact scalars
//! get exact values: `1` and `0`), and unit normals and points printed as
//! `f64` (the contract prints them as `f64`; they are never compared in the
//! exact path).
#![allow(clippy::float_arithmetic)]

use crate::geom::Vec3;
use crate::scalar::{BigRational, FieldScalar, Scalar};

/// `|c_ij|` at or above this means two box axes are parallel: exactly `1`
/// for exact scalars, `1 - 1e-12` for `f64` (rounded dot products of unit
/// axes can miss 1).
pub(crate) fn parallel_cutoff<S: FieldScalar>() -> S {
    if S::IS_EXACT {
        S::one()
    } else {
        // computed in S (no big-number conversion on the f64 hot path)
        S::one() - S::one().div_ref(&S::from_i64(1_000_000_000_000))
    }
}

/// The absolute tolerance under which an `f64` quantity of magnitude
/// `scale` counts as zero when classifying contact features (`1e-9` relative
/// to `max(1, scale)`); zero for exact scalars, which decide exactly.
pub(crate) fn zero_tolerance<S: Scalar>(scale: &S) -> S {
    if S::IS_EXACT {
        S::zero()
    } else {
        let tol = 1e-9 * scale.to_f64().abs().max(1.0);
        // a magnitude that overflowed f64 gets the largest finite tolerance
        // (NaN already became 1 through `max`): a coarse answer, not a panic
        let tol = if tol.is_finite() { tol } else { f64::MAX };
        S::from_rational(&BigRational::from_float(tol).expect("a finite f64 is a rational"))
    }
}

/// The tolerances an `f64` contact found by its time alone is classified
/// with (`pair::contact_details_f64`), least first: those of
/// [`zero_tolerance`] (`1e-9` of `max(1, scale^2)` for the projections,
/// of `max(1, scale)` for the point), then 16, 256, ... times them, six
/// in all. Computed in `f64` (no rational on the `f64` path).
pub(crate) fn growing_tolerances(scale: f64) -> impl Iterator<Item = (f64, f64)> {
    let base = (1e-9 * (scale * scale).max(1.0), 1e-9 * scale.max(1.0));
    (0..6).map(move |k| {
        let factor = 16f64.powi(k);
        (base.0 * factor, base.1 * factor)
    })
}

/// The unit vector of `v` in `f64`, `None` for the zero vector.
pub fn unit_f64(v: &Vec3<f64>) -> Option<[f64; 3]> {
    let n = (v.x * v.x + v.y * v.y + v.z * v.z).sqrt();
    (n > 0.0 && n.is_finite()).then(|| [v.x / n, v.y / n, v.z / n])
}

/// The squared sine under which two directions count as parallel: exactly
/// `0` for exact scalars, `1e-24` for `f64`.
pub(crate) fn parallel_sin2<S: FieldScalar>() -> S {
    if S::IS_EXACT {
        S::zero()
    } else {
        let e12 = S::one().div_ref(&S::from_i64(1_000_000_000_000));
        e12.mul_ref(&e12)
    }
}

/// Rigidity of a motion within `f64` rounding: every coefficient of
/// `L^T L - w^2 I` is below `1e-9` times the largest coefficient of `w^2` (the
/// `f64` path loads rotations rounded to `f64`, which are rigid only up to
/// rounding; the exact path checks exactly).
pub(crate) fn is_nearly_rigid(m: &crate::motion::PolyMotion<BigRational>) -> bool {
    let f = m.map_scalar::<f64>();
    let w2 = &f.denominator * &f.denominator;
    let scale = w2
        .coeffs()
        .iter()
        .fold(0.0_f64, |a, c| a.max(c.abs()))
        .max(1e-300);
    let gram = f.linear.transpose().mul_mat(&f.linear);
    (0..3).all(|i| {
        (0..3).all(|j| {
            let d = if i == j {
                &gram.rows[i][j] - &w2
            } else {
                gram.rows[i][j].clone()
            };
            d.coeffs().iter().all(|c| c.abs() <= 1e-9 * scale)
        })
    })
}

/// The opposite vector (mirroring a normal).
pub(crate) fn negated(n: [f64; 3]) -> [f64; 3] {
    n.map(|x| -x)
}
