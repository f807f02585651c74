//! 3x3 matrices, rotations from quaternions, and poses.
#![deny(clippy::float_arithmetic)]

use super::Vec3;
use crate::scalar::FieldScalar;

/// A 3x3 matrix stored by rows; it multiplies column vectors.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mat3<S> {
    /// `rows[i][j]` is row `i`, column `j`.
    pub rows: [[S; 3]; 3],
}

/// A rigid placement: world `x = translation + rotation * y` for local `y`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pose<S> {
    /// The rotation `R`; its columns are the body axes in world coordinates.
    pub rotation: Mat3<S>,
    /// The translation `c`: the world position of the local origin.
    pub translation: Vec3<S>,
}

/// `rot(q) / |q|^2` for the quaternion `q = (w, x, y, z)`, any non-zero
/// length; `None` when `q` is zero.
pub fn quaternion_rotation<S: FieldScalar>(q: &[S; 4]) -> Option<Mat3<S>> {
    let _ = q;
    None
}
