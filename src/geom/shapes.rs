//! Boxes, oriented boxes in world coordinates, triangles, and the shape enum.
#![deny(clippy::float_arithmetic)]

use super::{Mesh, Vec3};

/// A solid box centred at the local origin: `|y_i| <= half_extents[i]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoxShape<S> {
    /// The half extents `a_0, a_1, a_2`, each positive.
    pub half_extents: [S; 3],
}

/// An oriented bounding box in world coordinates at one instant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Obb<S> {
    /// The centre.
    pub center: Vec3<S>,
    /// The three axes, orthonormal and right-handed.
    pub axes: [Vec3<S>; 3],
    /// The half extents along the axes.
    pub half_extents: [S; 3],
}

/// A solid (closed) triangle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Triangle<S> {
    /// The three vertices, counter-clockwise seen from the side the normal
    /// `(v1 - v0) x (v2 - v0)` points to.
    pub vertices: [Vec3<S>; 3],
}

/// A shape of the contract (SCENARIO_FORMAT.md 2.2), in local coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape<S> {
    /// A solid box.
    Box(BoxShape<S>),
    /// A solid triangle.
    Triangle(Triangle<S>),
    /// A closed polyhedral solid.
    Mesh(Mesh<S>),
}
