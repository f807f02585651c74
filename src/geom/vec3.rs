//! Three-component column vectors.
#![deny(clippy::float_arithmetic)]

use crate::scalar::Ring;

/// A column vector `(x, y, z)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Vec3<S> {
    /// First component.
    pub x: S,
    /// Second component.
    pub y: S,
    /// Third component.
    pub z: S,
}

impl<S: Ring> Vec3<S> {
    /// `(x, y, z)`.
    pub fn new(x: S, y: S, z: S) -> Self {
        Vec3 { x, y, z }
    }
    /// The zero vector.
    pub fn zero() -> Self {
        Vec3::new(S::zero(), S::zero(), S::zero())
    }
}
