//! Mesh faces cut into triangles, exactly: a face is a planar polygon,
//! possibly non-convex; it is projected along its normal's largest
//! component. A convex face is cut into the fan `(v_0, v_k, v_{k+1})` of
//! its vertex list (the pieces a certificate names, so that the referee
//! can cut the face the same way by itself); any other face is ear-clipped
//! with exact orientation signs. Either way the convex pieces of a mesh
//! (its triangles) cover each face exactly.
#![deny(clippy::float_arithmetic)]

use crate::geom::Mesh;
use crate::scalar::{BigRational, Ring, Scalar, Sign};

type Q = BigRational;

/// One triangle of a mesh face, by mesh vertex indices (counter-clockwise
/// seen from outside, as the face).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaceTriangle {
    /// The three mesh vertices.
    pub vertices: [usize; 3],
    /// The face it belongs to.
    pub face: usize,
    /// For a convex face, `k`: the triangle is `(v_0, v_{k+1}, v_{k+2})`
    /// of the face's vertex list; `None` for a triangle of an ear-clipped
    /// (non-convex) face.
    pub fan: Option<usize>,
}

fn orient2(a: &[Q; 2], b: &[Q; 2], c: &[Q; 2]) -> Sign {
    let l = (&b[0] - &a[0]) * (&c[1] - &a[1]);
    let r = (&b[1] - &a[1]) * (&c[0] - &a[0]);
    (l - r).sign()
}

/// `p` in the closed triangle `a b c` of orientation `s` (non-zero).
fn in_closed_triangle2(p: &[Q; 2], a: &[Q; 2], b: &[Q; 2], c: &[Q; 2], s: Sign) -> bool {
    [orient2(a, b, p), orient2(b, c, p), orient2(c, a, p)]
        .iter()
        .all(|o| *o == s || *o == Sign::Zero)
}

/// True when the polygon `corners` (projected, of orientation `along`) is
/// convex: every corner on the inner side of every edge, or on its line.
fn is_convex(corners: &[[Q; 2]], along: Sign) -> bool {
    let m = corners.len();
    (0..m).all(|k| {
        let (a, b) = (&corners[k], &corners[(k + 1) % m]);
        corners.iter().all(|p| {
            let o = orient2(a, b, p);
            o == along || o == Sign::Zero
        })
    })
}

/// Cuts every face of `mesh` into triangles, a convex face into its fan
/// and any other by exact ear clipping (module docs); triangles of zero area (collinear corners) are left out, their
/// points lying on the neighbouring triangles' edges.
///
/// ```
/// use exactccd::geom::{Mesh, Vec3};
/// use exactccd::scalar::{BigRational, Ring};
/// use exactccd::solver::sat::triangulate_faces;
/// let p = |x: i64, y: i64, z: i64| Vec3::new(BigRational::from_i64(x), BigRational::from_i64(y), BigRational::from_i64(z));
/// let verts = vec![p(0, 0, 0), p(1, 0, 0), p(1, 1, 0), p(0, 1, 0), p(0, 0, 1), p(1, 0, 1), p(1, 1, 1), p(0, 1, 1)];
/// let faces = vec![vec![0, 3, 2, 1], vec![4, 5, 6, 7], vec![0, 1, 5, 4], vec![1, 2, 6, 5], vec![2, 3, 7, 6], vec![3, 0, 4, 7]];
/// let cube = Mesh::new(verts, faces).unwrap();
/// assert_eq!(triangulate_faces(&cube).len(), 12);
/// ```
pub fn triangulate_faces(mesh: &Mesh<Q>) -> Vec<FaceTriangle> {
    let mut out = Vec::new();
    for (f, face) in mesh.faces.iter().enumerate() {
        let n = mesh.face_normal(f);
        // drop the coordinate the normal is most along
        let comps = [n.x.abs(), n.y.abs(), n.z.abs()];
        let drop = (0..3)
            .max_by(|&i, &j| comps[i].cmp(&comps[j]).then(j.cmp(&i)))
            .unwrap_or(2);
        let keep = [(drop + 1) % 3, (drop + 2) % 3];
        let along = [&n.x, &n.y, &n.z][drop].sign();
        let pt = |i: usize| -> [Q; 2] {
            let v = mesh.vertices[i].clone().into_array();
            [v[keep[0]].clone(), v[keep[1]].clone()]
        };
        let corners: Vec<[Q; 2]> = face.iter().map(|&i| pt(i)).collect();
        if is_convex(&corners, along) {
            for k in 0..face.len() - 2 {
                let (a, b, c) = (&corners[0], &corners[k + 1], &corners[k + 2]);
                if orient2(a, b, c) == along {
                    out.push(FaceTriangle {
                        vertices: [face[0], face[k + 1], face[k + 2]],
                        face: f,
                        fan: Some(k),
                    });
                }
            }
            continue;
        }
        let mut ring: Vec<usize> = face.clone();
        while ring.len() > 3 {
            let m = ring.len();
            let mut clipped = false;
            for k in 0..m {
                let (i0, i1, i2) = (ring[(k + m - 1) % m], ring[k], ring[(k + 1) % m]);
                let (a, b, c) = (pt(i0), pt(i1), pt(i2));
                if orient2(&a, &b, &c) != along {
                    continue;
                }
                let blocked = ring
                    .iter()
                    .filter(|&&j| j != i0 && j != i1 && j != i2)
                    .any(|&j| in_closed_triangle2(&pt(j), &a, &b, &c, along));
                if !blocked {
                    out.push(FaceTriangle {
                        vertices: [i0, i1, i2],
                        face: f,
                        fan: None,
                    });
                    ring.remove(k);
                    clipped = true;
                    break;
                }
            }
            if !clipped {
                // only collinear corners are left to clip: drop one (its
                // points lie on the new side)
                let k = (0..m)
                    .find(|&k| {
                        let (i0, i1, i2) = (ring[(k + m - 1) % m], ring[k], ring[(k + 1) % m]);
                        orient2(&pt(i0), &pt(i1), &pt(i2)) == Sign::Zero
                    })
                    .unwrap_or(0);
                ring.remove(k);
            }
        }
        if orient2(&pt(ring[0]), &pt(ring[1]), &pt(ring[2])) == along {
            out.push(FaceTriangle {
                vertices: [ring[0], ring[1], ring[2]],
                face: f,
                fan: None,
            });
        }
    }
    out
}
