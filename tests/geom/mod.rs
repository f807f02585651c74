//! Geometry: meshes and rational rotations.

mod mesh;
mod rotation;
