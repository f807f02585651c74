//! Closed, consistently oriented polyhedral meshes with adjacency.
#![deny(clippy::float_arithmetic)]

use super::Vec3;

/// An edge of a mesh with its two incident faces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MeshEdge {
    /// The two vertex indices, `v[0] < v[1]`.
    pub v: [usize; 2],
    /// The face in which the edge runs from `v[0]` to `v[1]`, then the face
    /// in which it runs from `v[1]` to `v[0]`.
    pub faces: [usize; 2],
}

/// A closed, consistently oriented polyhedral surface bounding a solid:
/// faces are counter-clockwise seen from outside.
#[derive(Clone, Debug, PartialEq)]
pub struct Mesh<S> {
    /// Vertex positions in local coordinates.
    pub vertices: Vec<Vec3<S>>,
    /// Faces as vertex index loops (at least 3 each).
    pub faces: Vec<Vec<usize>>,
    /// Every edge once, with its two faces.
    pub edges: Vec<MeshEdge>,
    /// For each vertex, the indices (into `edges`) of its incident edges.
    pub vertex_edges: Vec<Vec<usize>>,
}

/// Why a vertex/face list is not a valid closed mesh.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MeshError {
    /// A placeholder until validation lands.
    Invalid(String),
}
