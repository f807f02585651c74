//! Mesh faces cut into triangles, exactly: a face is a planar polygon,
//! possibly non-convex; it is projected along its normal's largest
//! component. A convex face is cut into the fan `(v_0, v_k, v_{k+1})` of
//! its vertex list; any other face is ear-clipped with exact orientation
//! signs, and its cut ([`FaceCut`]: every triangle in clipping order,
//! zero-area ones included) goes into a certificate, so that the referee
//! can check it covers the face without cutting the face itself. Either
//! way the convex pieces of a mesh (its triangles of positive area) cover
//! each face exactly, and a piece is named `(face, k)`: the `k`-th
//! triangle of its face's fan or cut.
#![deny(clippy::float_arithmetic)]

use crate::geom::{Feature, Mesh};
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
    /// Its place `k` in its face's triangles: for a convex face the fan
    /// triangle `(v_0, v_{k+1}, v_{k+2})` of the face's vertex list, for
    /// any other the `k`-th triangle of the face's [`FaceCut`].
    pub index: usize,
}

impl FaceTriangle {
    /// The name in the mesh of a feature of this triangle: its corners are
    /// the mesh's vertices, an edge is the mesh's edge or, a diagonal
    /// inside the face, the face, and its face is the face.
    pub fn feature_in_mesh(&self, mesh: &Mesh<Q>, f: Feature) -> Feature {
        match f {
            Feature::TriangleVertex(k) => Feature::MeshVertex(self.vertices[k]),
            Feature::TriangleEdge(k) => {
                let (u, v) = (self.vertices[k], self.vertices[(k + 1) % 3]);
                match mesh.find_edge(u, v) {
                    Some(e) if mesh.edges[e].faces.contains(&self.face) => {
                        Feature::MeshEdge(u.min(v), u.max(v))
                    }
                    _ => Feature::MeshFace(self.face),
                }
            }
            Feature::TriangleFace { .. } => Feature::MeshFace(self.face),
            other => other,
        }
    }
}

/// The triangles ear clipping cut a non-convex face into, in order, those
/// of zero area (collinear corners clipped) included: each clip takes a
/// triangle `(u, v, w)` off the remaining polygon and replaces its edges
/// `u v`, `v w` by `u w`, so the triangles' directed edges add up to the
/// face's boundary (the referee checks this).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaceCut {
    /// The face.
    pub face: usize,
    /// Its triangles, by mesh vertex indices, each ordered as the face.
    pub triangles: Vec<[usize; 3]>,
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
/// and any other by exact ear clipping (module docs); triangles of zero
/// area (collinear corners) are left out, their points lying on the
/// neighbouring triangles' edges.
///
/// ```
/// use exactccd::geom::{Mesh, Vec3};
/// use exactccd::scalar::{BigRational, Ring};
/// use exactccd::geom::triangulate_faces;
/// let p = |x: i64, y: i64, z: i64| Vec3::new(BigRational::from_i64(x), BigRational::from_i64(y), BigRational::from_i64(z));
/// let verts = vec![p(0, 0, 0), p(1, 0, 0), p(1, 1, 0), p(0, 1, 0), p(0, 0, 1), p(1, 0, 1), p(1, 1, 1), p(0, 1, 1)];
/// let faces = vec![vec![0, 3, 2, 1], vec![4, 5, 6, 7], vec![0, 1, 5, 4], vec![1, 2, 6, 5], vec![2, 3, 7, 6], vec![3, 0, 4, 7]];
/// let cube = Mesh::new(verts, faces).unwrap();
/// assert_eq!(triangulate_faces(&cube).len(), 12);
/// ```
pub fn triangulate_faces(mesh: &Mesh<Q>) -> Vec<FaceTriangle> {
    cut_faces(mesh).0
}

/// The cuts of the mesh's non-convex faces ([`FaceCut`]), in face order.
pub fn face_cuts(mesh: &Mesh<Q>) -> Vec<FaceCut> {
    cut_faces(mesh).1
}

/// The triangles of positive area of every face, and the cuts of the
/// non-convex faces.
fn cut_faces(mesh: &Mesh<Q>) -> (Vec<FaceTriangle>, Vec<FaceCut>) {
    let mut out = Vec::new();
    let mut cuts = Vec::new();
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
        let triangles = if is_convex(&corners, along) {
            (0..face.len() - 2)
                .map(|k| [face[0], face[k + 1], face[k + 2]])
                .collect()
        } else {
            let cut = ear_clip(face, &pt, along);
            cuts.push(FaceCut {
                face: f,
                triangles: cut.clone(),
            });
            cut
        };
        for (index, t) in triangles.into_iter().enumerate() {
            if orient2(&pt(t[0]), &pt(t[1]), &pt(t[2])) == along {
                out.push(FaceTriangle {
                    vertices: t,
                    face: f,
                    index,
                });
            }
        }
    }
    (out, cuts)
}

/// Ear clipping of the polygon `face` (projected by `pt`, of orientation
/// `along`): an ear is a corner turning the face's way with no other
/// corner in its closed triangle; when only collinear corners are left,
/// one is clipped as a zero-area triangle (module docs).
fn ear_clip(face: &[usize], pt: &impl Fn(usize) -> [Q; 2], along: Sign) -> Vec<[usize; 3]> {
    let mut out = Vec::new();
    let mut ring: Vec<usize> = face.to_vec();
    while ring.len() > 3 {
        let m = ring.len();
        let corner = |k: usize| (ring[(k + m - 1) % m], ring[k], ring[(k + 1) % m]);
        let ear = (0..m).find(|&k| {
            let (i0, i1, i2) = corner(k);
            let (a, b, c) = (pt(i0), pt(i1), pt(i2));
            orient2(&a, &b, &c) == along
                && !ring
                    .iter()
                    .filter(|&&j| j != i0 && j != i1 && j != i2)
                    .any(|&j| in_closed_triangle2(&pt(j), &a, &b, &c, along))
        });
        // no ear: only collinear corners are left to clip
        let k = ear
            .or_else(|| {
                (0..m).find(|&k| {
                    let (i0, i1, i2) = corner(k);
                    orient2(&pt(i0), &pt(i1), &pt(i2)) == Sign::Zero
                })
            })
            .unwrap_or(0);
        let (i0, i1, i2) = corner(k);
        out.push([i0, i1, i2]);
        ring.remove(k);
    }
    out.push([ring[0], ring[1], ring[2]]);
    out
}
