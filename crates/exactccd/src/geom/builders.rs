//! Ready-made valid meshes for tests and examples: a box, an L-shaped prism
//! (non-convex, with non-convex hexagonal faces) and a torus of `n x m`
//! planar quadrilaterals (genus one), all with exact rational coordinates.
#![deny(clippy::float_arithmetic)]

use super::circle::rational_circle_points;
use super::{BoxShape, Mesh, Vec3};
use crate::scalar::{BigRational, Ring, Scalar};

/// The box `|y_i| <= half_extents[i]` as a mesh: 8 vertices in
/// [`BoxVertex`](super::BoxVertex) order, 6 quadrilaterals in
/// [`BoxFace`](super::BoxFace) order.
///
/// # Panics
/// If a half extent is not positive.
pub fn cube_mesh<S: Scalar>(half_extents: [S; 3]) -> Mesh<S> {
    let b = BoxShape::new(half_extents);
    assert!(b.is_valid(), "half extents must be positive");
    b.to_mesh()
}

/// The L-shaped prism: the hexagon `(0,0) (2,0) (2,1) (1,1) (1,2) (0,2)` of
/// the `z = 0` plane extruded to `z = 1` (volume 3). Vertices `0..6` are the
/// hexagon at `z = 0`, `6..12` the same at `z = 1`; faces: bottom, top, then
/// the six sides, side `i` above hexagon edge `i -> i+1`. Vertex 3, at
/// `(1, 1, 0)`, is the reflex corner.
pub fn l_shape_mesh<S: Scalar>() -> Mesh<S> {
    let hexagon = [(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)];
    let mut vertices = Vec::with_capacity(12);
    for z in [0, 1] {
        for &(x, y) in &hexagon {
            vertices.push(Vec3::new(S::from_i64(x), S::from_i64(y), S::from_i64(z)));
        }
    }
    let mut faces = vec![vec![5, 4, 3, 2, 1, 0], vec![6, 7, 8, 9, 10, 11]];
    for i in 0..6 {
        let j = (i + 1) % 6;
        faces.push(vec![i, j, j + 6, i + 6]);
    }
    Mesh::new(vertices, faces).expect("the L-shaped prism is a valid mesh")
}

/// A torus about the z axis: `n` sections around the ring (major radius
/// `major`), `m` around the tube (minor radius `minor`), `n * m`
/// quadrilateral faces. The section directions are exact rational points on
/// the unit circle (`circle.rs`), so the vertex `(i, j)` (index `i m + j`),
/// `(major + minor a_j) c_i + minor b_j e_z`, is exact, and each quadrilateral
/// is an isosceles trapezoid, exactly planar.
///
/// # Panics
/// If `n < 3`, `m < 3`, or not `0 < minor < major`.
pub fn torus_mesh(
    n: usize,
    m: usize,
    major: &BigRational,
    minor: &BigRational,
) -> Mesh<BigRational> {
    let zero = BigRational::from_i64(0);
    assert!(
        &zero < minor && minor < major,
        "a torus needs 0 < minor < major radius"
    );
    let ring = rational_circle_points(n);
    let tube = rational_circle_points(m);
    let mut vertices = Vec::with_capacity(n * m);
    for (cx, cy) in &ring {
        for (a, b) in &tube {
            let rho = major + minor * a;
            vertices.push(Vec3::new(&rho * cx, &rho * cy, minor * b));
        }
    }
    let idx = |i: usize, j: usize| (i % n) * m + (j % m);
    let mut faces = Vec::with_capacity(n * m);
    for i in 0..n {
        for j in 0..m {
            faces.push(vec![
                idx(i, j),
                idx(i + 1, j),
                idx(i + 1, j + 1),
                idx(i, j + 1),
            ]);
        }
    }
    Mesh::new(vertices, faces).expect("the torus is a valid mesh")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::parse_number;

    #[test]
    fn l_shape_is_valid_with_volume_three() {
        let m: Mesh<BigRational> = l_shape_mesh();
        assert_eq!(m.signed_volume_times_six(), parse_number("18").unwrap());
        assert_eq!(m.edges.len(), 18);
        assert_eq!(m.faces.len(), 8);
        let mf: Mesh<f64> = l_shape_mesh();
        assert_eq!(mf.signed_volume_times_six(), 18.0);
    }

    #[test]
    fn torus_has_euler_characteristic_zero() {
        let m = torus_mesh(
            8,
            5,
            &parse_number("3").unwrap(),
            &parse_number("1").unwrap(),
        );
        assert_eq!(m.vertices.len(), 40);
        assert_eq!(m.faces.len(), 40);
        assert_eq!(m.edges.len(), 80);
        assert!(m.vertex_edges.iter().all(|e| e.len() == 4));
    }
}
