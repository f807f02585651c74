//! The few places where the SAT solver needs `f64` arithmetic: the
//! parallel-axis cutoff and the tolerance of the `f64` path (exact scalars
//! get exact values: `1` and `0`), and unit normals and points printed as
//! `f64` (the contract prints them as `f64`; they are never compared in the
//! exact path).
#![allow(clippy::float_arithmetic)]

use crate::geom::Vec3;
use crate::scalar::{BigRational, Scalar};

/// `|c_ij|` at or above this means two box axes are parallel: exactly `1`
/// for exact scalars, `1 - 1e-12` for `f64` (rounded dot products of unit
/// axes can miss 1).
pub(crate) fn parallel_cutoff<S: Scalar>() -> S {
    if S::IS_EXACT {
        S::one()
    } else {
        S::from_rational(&BigRational::from_float(1.0 - 1e-12).expect("finite"))
    }
}

/// The absolute tolerance under which an `f64` quantity of magnitude
/// `scale` counts as zero when classifying contact features (`1e-9` relative
/// to `max(1, scale)`); zero for exact scalars, which decide exactly.
pub(crate) fn zero_tolerance<S: Scalar>(scale: &S) -> S {
    if S::IS_EXACT {
        S::zero()
    } else {
        let s = scale.to_f64().abs().max(1.0);
        S::from_rational(&BigRational::from_float(1e-9 * s).expect("finite"))
    }
}

/// The unit vector of `v` in `f64`, `None` for the zero vector.
pub(crate) fn unit_f64(v: &Vec3<f64>) -> Option<[f64; 3]> {
    let n = (v.x * v.x + v.y * v.y + v.z * v.z).sqrt();
    (n > 0.0 && n.is_finite()).then(|| [v.x / n, v.y / n, v.z / n])
}

/// The squared sine under which two directions count as parallel: exactly
/// `0` for exact scalars, `1e-24` for `f64`.
pub(crate) fn parallel_sin2<S: Scalar>() -> S {
    if S::IS_EXACT {
        S::zero()
    } else {
        S::from_rational(&BigRational::from_float(1e-24).expect("finite"))
    }
}
