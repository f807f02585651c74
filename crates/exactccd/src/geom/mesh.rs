//! Closed, consistently oriented polyhedral meshes with adjacency
//! (docs/FORMAT.md 2.2, the `mesh` shape).
//!
//! [`Mesh::new`] is the only way in: it validates and builds the adjacency.
//! A valid mesh has
//!
//! 1. at least one face; every face at least 3 vertex indices, all in range
//!    and distinct within the face; every vertex used by some face, and no
//!    two vertices at the same position;
//! 2. every face planar and non-degenerate: its Newell normal
//!    `n = sum_i p_i x p_{i+1}` (twice the vector area) is non-zero and every
//!    corner lies on the plane `n . (p - p_0) = 0`. Exact for exact scalars;
//!    for `f64` within `1e-9` relative to the face's size;
//! 3. every edge shared by exactly two faces (closed and edge-manifold), run
//!    in opposite directions by them (consistently oriented);
//! 4. around every vertex, its faces form one fan (vertex-manifold);
//! 5. a positive signed volume `V = 1/6 sum_faces sum_fan det(p_0, p_i,
//!    p_{i+1})`: faces counter-clockwise seen from outside.
//!
//! Not checked: self-intersection of the surface (two faces crossing), and
//! the orientation of each connected component separately (a solid with an
//! internal cavity legitimately has an inward-facing component; only the
//! total volume is tested). Faces may be non-convex polygons.
//!
//! Feature names (they appear in results): `vertex i`, `edge i-j` with
//! `i < j`, `face k`, indices as given in the input.
#![deny(clippy::float_arithmetic)]

use super::Vec3;
use crate::scalar::{BigRational, Scalar, Sign};
use std::collections::BTreeMap;
use std::fmt;

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
    /// Every edge once, with its two faces, sorted by `v`.
    pub edges: Vec<MeshEdge>,
    /// For each vertex, the indices (into `edges`) of its incident edges,
    /// counter-clockwise around the vertex seen from outside.
    pub vertex_edges: Vec<Vec<usize>>,
    /// For each vertex, its incident faces in the same counter-clockwise
    /// order: face `vertex_faces[v][k]` lies between edges
    /// `vertex_edges[v][k]` and `vertex_edges[v][k + 1]`.
    pub vertex_faces: Vec<Vec<usize>>,
    /// For each face, the indices (into `edges`) of its sides: side `i` runs
    /// from `faces[f][i]` to `faces[f][i + 1]`.
    pub face_edges: Vec<Vec<usize>>,
}

/// Why a vertex/face list is not a valid closed mesh. Its `Display` is a
/// sentence naming the face, vertex or edge (indices as in the input).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MeshError {
    /// No face at all.
    NoFaces,
    /// A face with fewer than 3 vertex indices.
    TooFewVertices {
        /// The face index.
        face: usize,
        /// How many indices it has.
        count: usize,
    },
    /// A face refers to a vertex index beyond the vertex list.
    VertexOutOfRange {
        /// The face index.
        face: usize,
        /// The offending vertex index.
        vertex: usize,
        /// The number of vertices.
        vertex_count: usize,
    },
    /// A face lists the same vertex twice.
    RepeatedVertex {
        /// The face index.
        face: usize,
        /// The repeated vertex index.
        vertex: usize,
    },
    /// A vertex no face uses.
    UnusedVertex {
        /// The vertex index.
        vertex: usize,
    },
    /// Two vertices at the same position (the surface would be pinched).
    CoincidentVertices {
        /// The lower vertex index.
        first: usize,
        /// The higher vertex index.
        second: usize,
    },
    /// A face of zero area (its Newell normal is zero).
    DegenerateFace {
        /// The face index.
        face: usize,
    },
    /// A face whose corners are not on one plane.
    NonPlanarFace {
        /// The face index.
        face: usize,
        /// A vertex off the plane of the face.
        vertex: usize,
    },
    /// An edge used by only one face: the surface has a hole.
    OpenEdge {
        /// The edge's vertices, lower index first.
        edge: [usize; 2],
        /// The one face using it.
        face: usize,
    },
    /// An edge used by more than two faces.
    NonManifoldEdge {
        /// The edge's vertices, lower index first.
        edge: [usize; 2],
        /// The faces using it, in increasing order.
        faces: Vec<usize>,
    },
    /// Two faces run a shared edge in the same direction: one is flipped.
    InconsistentOrientation {
        /// The edge's vertices, lower index first.
        edge: [usize; 2],
        /// The two faces, in increasing order.
        faces: [usize; 2],
    },
    /// The faces around a vertex form more than one fan.
    NonManifoldVertex {
        /// The vertex index.
        vertex: usize,
    },
    /// The signed volume is negative: faces are clockwise seen from outside.
    InwardOrientation,
    /// The signed volume is zero: the surface bounds no solid.
    ZeroVolume,
}

impl MeshError {
    /// The face the error names, if it names one (the first of several).
    pub fn face(&self) -> Option<usize> {
        match self {
            MeshError::TooFewVertices { face, .. }
            | MeshError::VertexOutOfRange { face, .. }
            | MeshError::RepeatedVertex { face, .. }
            | MeshError::DegenerateFace { face }
            | MeshError::NonPlanarFace { face, .. }
            | MeshError::OpenEdge { face, .. } => Some(*face),
            MeshError::NonManifoldEdge { faces, .. } => faces.first().copied(),
            MeshError::InconsistentOrientation { faces, .. } => Some(faces[0]),
            _ => None,
        }
    }
}

impl fmt::Display for MeshError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeshError::NoFaces => write!(f, "the mesh has no faces"),
            MeshError::TooFewVertices { face, count } => write!(
                f,
                "face {face} has {count} vertices, but a face needs at least 3"
            ),
            MeshError::VertexOutOfRange {
                face,
                vertex,
                vertex_count,
            } => write!(
                f,
                "face {face} refers to vertex {vertex}, but the mesh has only {vertex_count} vertices"
            ),
            MeshError::RepeatedVertex { face, vertex } => {
                write!(f, "face {face} lists vertex {vertex} more than once")
            }
            MeshError::UnusedVertex { vertex } => {
                write!(f, "vertex {vertex} is not used by any face")
            }
            MeshError::CoincidentVertices { first, second } => write!(
                f,
                "vertices {first} and {second} are at the same position, which pinches the surface"
            ),
            MeshError::DegenerateFace { face } => {
                write!(f, "face {face} is degenerate: its corners enclose zero area")
            }
            MeshError::NonPlanarFace { face, vertex } => write!(
                f,
                "face {face} is not planar: vertex {vertex} is off the plane of its other corners"
            ),
            MeshError::OpenEdge { edge, face } => write!(
                f,
                "edge {}-{} belongs to face {face} only, so the mesh is not closed",
                edge[0], edge[1]
            ),
            MeshError::NonManifoldEdge { edge, faces } => {
                let list: Vec<String> = faces.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "edge {}-{} is shared by {} faces ({}), so the mesh is not manifold",
                    edge[0],
                    edge[1],
                    faces.len(),
                    list.join(", ")
                )
            }
            MeshError::InconsistentOrientation { edge, faces } => write!(
                f,
                "faces {} and {} both run edge {}-{} in the same direction, so one of them is flipped",
                faces[0], faces[1], edge[0], edge[1]
            ),
            MeshError::NonManifoldVertex { vertex } => write!(
                f,
                "the faces around vertex {vertex} form more than one fan, so the mesh is not manifold there"
            ),
            MeshError::InwardOrientation => write!(
                f,
                "the mesh has negative signed volume: its faces are clockwise seen from outside (inward orientation)"
            ),
            MeshError::ZeroVolume => {
                write!(f, "the mesh has zero signed volume, so it bounds no solid")
            }
        }
    }
}

impl std::error::Error for MeshError {}

/// `S::from_rational(1e-9)`, the relative tolerance of the `f64` checks.
fn float_tolerance<S: Scalar>() -> S {
    S::from_rational(&BigRational::new(1.into(), 1_000_000_000.into()))
}

/// The Newell normal `sum_i p_i x p_{i+1}` of a polygon: for a planar
/// polygon, twice its vector area, pointing to the side from which the
/// polygon is counter-clockwise.
pub fn polygon_normal<S: Scalar>(points: &[&Vec3<S>]) -> Vec3<S> {
    let n = points.len();
    (0..n).fold(Vec3::zero(), |acc, i| {
        acc + points[i].cross(points[(i + 1) % n])
    })
}

impl<S: Scalar> Mesh<S> {
    /// The vertices the faces use, each once, in order of first use: the
    /// points whose convex hull holds the solid.
    pub fn face_vertices(&self) -> Vec<Vec3<S>> {
        let mut used = vec![false; self.vertices.len()];
        let mut points = Vec::new();
        for &v in self.faces.iter().flatten() {
            if !std::mem::replace(&mut used[v], true) {
                points.push(self.vertices[v].clone());
            }
        }
        points
    }

    /// Validates `faces` over `vertices` (module docs, rules 1 to 5) and
    /// builds the adjacency; the first violation found is the error.
    ///
    /// ```
    /// use exactccd::geom::{Mesh, MeshError, Vec3};
    /// let p = |x: f64, y: f64, z: f64| Vec3::new(x, y, z);
    /// let verts = vec![p(0., 0., 0.), p(1., 0., 0.), p(0., 1., 0.), p(0., 0., 1.)];
    /// let tet = Mesh::new(verts.clone(), vec![vec![0, 2, 1], vec![0, 1, 3], vec![1, 2, 3], vec![0, 3, 2]]).unwrap();
    /// assert_eq!(tet.edges.len(), 6);
    /// let open = Mesh::new(verts, vec![vec![0, 2, 1], vec![0, 1, 3], vec![1, 2, 3]]);
    /// assert_eq!(open.unwrap_err().to_string(), "edge 0-2 belongs to face 0 only, so the mesh is not closed");
    /// ```
    pub fn new(vertices: Vec<Vec3<S>>, faces: Vec<Vec<usize>>) -> Result<Self, MeshError> {
        check_indices(vertices.len(), &faces)?;
        check_coincident(&vertices)?;
        for (fi, face) in faces.iter().enumerate() {
            check_face_geometry(&vertices, fi, face)?;
        }
        let (edges, face_edges) = build_edges(&faces)?;
        let (vertex_edges, vertex_faces) = build_vertex_fans(vertices.len(), &faces, &edges)?;
        let mesh = Mesh {
            vertices,
            faces,
            edges,
            vertex_edges,
            vertex_faces,
            face_edges,
        };
        match mesh.signed_volume_times_six().sign() {
            Sign::Positive => Ok(mesh),
            Sign::Negative => Err(MeshError::InwardOrientation),
            Sign::Zero => Err(MeshError::ZeroVolume),
        }
    }

    /// Six times the signed volume, `sum_faces sum_fan det(p_0, p_i,
    /// p_{i+1})`: positive for a valid mesh. Exact for exact scalars.
    pub fn signed_volume_times_six(&self) -> S {
        let mut total = S::zero();
        for face in &self.faces {
            let p0 = &self.vertices[face[0]];
            for w in face[1..].windows(2) {
                let (p1, p2) = (&self.vertices[w[0]], &self.vertices[w[1]]);
                total += p0.dot(&p1.cross(p2));
            }
        }
        total
    }

    /// The outward Newell normal of face `f` (twice its vector area, not
    /// normalised); exact for exact scalars.
    pub fn face_normal(&self, f: usize) -> Vec3<S> {
        let pts: Vec<&Vec3<S>> = self.faces[f].iter().map(|&i| &self.vertices[i]).collect();
        polygon_normal(&pts)
    }

    /// True when the solid is convex: every face's plane has every vertex
    /// on or behind it (exact for exact scalars). A valid mesh is closed,
    /// edge-manifold and outward oriented, so its surface then lies on the
    /// boundary of the convex hull of its vertices, a closed surface
    /// inside another: it is all of it, and the solid is that hull (which
    /// the referee and the certificates take as a convex hull of points).
    /// A cavity or a second component fails the test: some vertex lies in
    /// front of some face's plane.
    pub fn is_convex(&self) -> bool {
        (0..self.faces.len()).all(|f| {
            let n = self.face_normal(f);
            let on = n.dot(&self.vertices[self.faces[f][0]]);
            self.vertices.iter().all(|v| n.dot(v) <= on)
        })
    }

    /// The index into [`Mesh::edges`] of the edge between vertices `a` and
    /// `b` (either order), if there is one.
    pub(crate) fn find_edge(&self, a: usize, b: usize) -> Option<usize> {
        let key = [a.min(b), a.max(b)];
        self.edges.binary_search_by(|e| e.v.cmp(&key)).ok()
    }

    /// The mesh with every coordinate mapped through `f` (for example to
    /// `f64`); the topology and adjacency are kept as they are, without
    /// validating again.
    pub fn map_scalar<T: Scalar>(&self, mut f: impl FnMut(&S) -> T) -> Mesh<T> {
        Mesh {
            vertices: self.vertices.iter().map(|v| v.map(&mut f)).collect(),
            faces: self.faces.clone(),
            edges: self.edges.clone(),
            vertex_edges: self.vertex_edges.clone(),
            vertex_faces: self.vertex_faces.clone(),
            face_edges: self.face_edges.clone(),
        }
    }
}

fn check_indices(vertex_count: usize, faces: &[Vec<usize>]) -> Result<(), MeshError> {
    if faces.is_empty() {
        return Err(MeshError::NoFaces);
    }
    let mut used = vec![false; vertex_count];
    for (face, f) in faces.iter().enumerate() {
        if f.len() < 3 {
            return Err(MeshError::TooFewVertices {
                face,
                count: f.len(),
            });
        }
        for (k, &vertex) in f.iter().enumerate() {
            if vertex >= vertex_count {
                return Err(MeshError::VertexOutOfRange {
                    face,
                    vertex,
                    vertex_count,
                });
            }
            if f[..k].contains(&vertex) {
                return Err(MeshError::RepeatedVertex { face, vertex });
            }
            used[vertex] = true;
        }
    }
    match used.iter().position(|u| !u) {
        Some(vertex) => Err(MeshError::UnusedVertex { vertex }),
        None => Ok(()),
    }
}

fn check_coincident<S: Scalar>(vertices: &[Vec3<S>]) -> Result<(), MeshError> {
    let cmp = |a: &S, b: &S| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal);
    let mut order: Vec<usize> = (0..vertices.len()).collect();
    order.sort_by(|&i, &j| {
        let (a, b) = (&vertices[i], &vertices[j]);
        cmp(&a.x, &b.x)
            .then_with(|| cmp(&a.y, &b.y))
            .then_with(|| cmp(&a.z, &b.z))
            .then(i.cmp(&j))
    });
    for w in order.windows(2) {
        if vertices[w[0]] == vertices[w[1]] {
            return Err(MeshError::CoincidentVertices {
                first: w[0].min(w[1]),
                second: w[0].max(w[1]),
            });
        }
    }
    Ok(())
}

fn check_face_geometry<S: Scalar>(
    vertices: &[Vec3<S>],
    face: usize,
    f: &[usize],
) -> Result<(), MeshError> {
    let pts: Vec<&Vec3<S>> = f.iter().map(|&i| &vertices[i]).collect();
    let n = polygon_normal(&pts);
    let n_size = n.max_abs();
    if n.is_zero() {
        return Err(MeshError::DegenerateFace { face });
    }
    let p0 = pts[0];
    // For f64: |n . (p - p0)| <= 1e-9 |n|_max |p - p0|_max, a scale-free bound.
    let tol = float_tolerance::<S>();
    for (k, p) in pts.iter().enumerate().skip(1) {
        let d = p.to_owned() - p0;
        let off = n.dot(&d);
        let on_plane = if S::IS_EXACT {
            off.is_zero()
        } else {
            off.abs()
                <= tol
                    .mul_ref(&n_size)
                    .mul_ref(&d.max_abs())
                    .mul_ref(&S::from_i64(3))
        };
        if !on_plane {
            return Err(MeshError::NonPlanarFace { face, vertex: f[k] });
        }
    }
    Ok(())
}

type EdgeTables = (Vec<MeshEdge>, Vec<Vec<usize>>);

fn build_edges(faces: &[Vec<usize>]) -> Result<EdgeTables, MeshError> {
    // For each undirected edge: the (face, runs_low_to_high) uses.
    let mut uses: BTreeMap<[usize; 2], Vec<(usize, bool)>> = BTreeMap::new();
    for (fi, f) in faces.iter().enumerate() {
        for k in 0..f.len() {
            let (a, b) = (f[k], f[(k + 1) % f.len()]);
            uses.entry([a.min(b), a.max(b)])
                .or_default()
                .push((fi, a < b));
        }
    }
    for (edge, u) in &uses {
        if u.len() > 2 {
            let mut faces: Vec<usize> = u.iter().map(|x| x.0).collect();
            faces.sort_unstable();
            return Err(MeshError::NonManifoldEdge { edge: *edge, faces });
        }
    }
    for (edge, u) in &uses {
        if u.len() == 1 {
            return Err(MeshError::OpenEdge {
                edge: *edge,
                face: u[0].0,
            });
        }
    }
    let mut edges = Vec::with_capacity(uses.len());
    for (edge, u) in &uses {
        let (first, second) = (u[0], u[1]);
        if first.1 == second.1 {
            return Err(MeshError::InconsistentOrientation {
                edge: *edge,
                faces: [first.0.min(second.0), first.0.max(second.0)],
            });
        }
        let faces = if first.1 {
            [first.0, second.0]
        } else {
            [second.0, first.0]
        };
        edges.push(MeshEdge { v: *edge, faces });
    }
    let index: BTreeMap<[usize; 2], usize> =
        edges.iter().enumerate().map(|(i, e)| (e.v, i)).collect();
    let face_edges = faces
        .iter()
        .map(|f| {
            (0..f.len())
                .map(|k| {
                    let (a, b) = (f[k], f[(k + 1) % f.len()]);
                    index[&[a.min(b), a.max(b)]]
                })
                .collect()
        })
        .collect();
    Ok((edges, face_edges))
}

type FanTables = (Vec<Vec<usize>>, Vec<Vec<usize>>);

/// Orders the faces around each vertex into one counter-clockwise fan.
///
/// In a face that runs `p -> v -> n` (counter-clockwise seen from outside),
/// turning counter-clockwise about `v` meets the side `v-n`, the face, then
/// the side `v-p`; the next face counter-clockwise is the one across `v-p`,
/// which runs `p -> ... ` out of `v`, i.e. has `n == p` of this face.
fn build_vertex_fans(
    vertex_count: usize,
    faces: &[Vec<usize>],
    edges: &[MeshEdge],
) -> Result<FanTables, MeshError> {
    // corners[v]: (face, prev, next) for each face at v.
    let mut corners: Vec<Vec<(usize, usize, usize)>> = vec![Vec::new(); vertex_count];
    for (fi, f) in faces.iter().enumerate() {
        let n = f.len();
        for k in 0..n {
            corners[f[k]].push((fi, f[(k + n - 1) % n], f[(k + 1) % n]));
        }
    }
    let edge_index = |a: usize, b: usize| {
        let key = [a.min(b), a.max(b)];
        edges
            .binary_search_by(|e| e.v.cmp(&key))
            .expect("every side of a face is an edge")
    };
    let mut vertex_edges = Vec::with_capacity(vertex_count);
    let mut vertex_faces = Vec::with_capacity(vertex_count);
    for (v, cs) in corners.iter().enumerate() {
        // Across side v-p the next face has next == p; edges are closed and
        // consistently oriented here, so that face exists and is unique.
        let mut fan_faces = Vec::with_capacity(cs.len());
        let mut fan_edges = Vec::with_capacity(cs.len());
        let mut current = 0;
        for _ in 0..cs.len() {
            let (face, prev, next) = cs[current];
            fan_faces.push(face);
            fan_edges.push(edge_index(v, next));
            current = cs
                .iter()
                .position(|c| c.2 == prev)
                .expect("the face across side v-p exists in a closed mesh");
            if current == 0 {
                break;
            }
        }
        if current != 0 || fan_faces.len() != cs.len() {
            return Err(MeshError::NonManifoldVertex { vertex: v });
        }
        vertex_edges.push(fan_edges);
        vertex_faces.push(fan_faces);
    }
    Ok((vertex_edges, vertex_faces))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::BoxShape;
    use crate::scalar::{parse_number, BigRational};

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    fn cube() -> Mesh<BigRational> {
        BoxShape::new(["1", "1", "1"].map(q)).to_mesh()
    }

    #[test]
    fn cube_adjacency() {
        let m = cube();
        assert_eq!(m.edges.len(), 12);
        for e in &m.edges {
            assert_ne!(e.faces[0], e.faces[1]);
            // faces[0] runs v0 -> v1, faces[1] runs v1 -> v0.
            let runs = |f: &Vec<usize>, a: usize, b: usize| {
                (0..f.len()).any(|k| f[k] == a && f[(k + 1) % f.len()] == b)
            };
            assert!(runs(&m.faces[e.faces[0]], e.v[0], e.v[1]));
            assert!(runs(&m.faces[e.faces[1]], e.v[1], e.v[0]));
        }
        for v in 0..8 {
            assert_eq!(m.vertex_edges[v].len(), 3);
            assert_eq!(m.vertex_faces[v].len(), 3);
            for &e in &m.vertex_edges[v] {
                assert!(m.edges[e].v.contains(&v));
            }
        }
        assert_eq!(m.signed_volume_times_six(), q("48"));
        assert_eq!(m.face_normal(0), Vec3::new(q("8"), q("0"), q("0")));
        assert_eq!(m.face_edges[0].len(), 4);
        assert_eq!(m.edges[m.find_edge(3, 1).unwrap()].v, [1, 3]);
    }

    #[test]
    fn vertex_fan_is_counter_clockwise_from_outside() {
        let m = cube();
        // Vertex 7 = (+,+,+): outward direction (1,1,1).
        let v = 7;
        let out = Vec3::new(q("1"), q("1"), q("1"));
        let dirs: Vec<Vec3<BigRational>> = m.vertex_edges[v]
            .iter()
            .map(|&e| {
                let [a, b] = m.edges[e].v;
                let other = if a == v { b } else { a };
                &m.vertices[other] - &m.vertices[v]
            })
            .collect();
        for k in 0..3 {
            let turn = dirs[k].cross(&dirs[(k + 1) % 3]);
            assert!(turn.dot(&out) > q("0"));
        }
        // The face between edge k and k+1 contains both edges.
        for k in 0..3 {
            let f = m.vertex_faces[v][k];
            assert!(m.face_edges[f].contains(&m.vertex_edges[v][k]));
            assert!(m.face_edges[f].contains(&m.vertex_edges[v][(k + 1) % 3]));
        }
    }
}
