//! The exact description of a solid for the certified time cells, in its
//! local coordinates: a convex polytope (a box by its corners, a triangle,
//! a convex mesh, the convex hull of points) by its vertices, candidate
//! face normals, edges and faces, or a sphere or capsule by its core (a
//! point or a segment) and radius. Shared by the certified cells
//! (`polytope.rs`), the closest points of cores (`closest.rs`) and the
//! `f64` cells (`float.rs`).
#![deny(clippy::float_arithmetic)]

use crate::geom::{polygon_normal, ConvexHull, Shape, Vec3};
use crate::scalar::BigRational;

type Q = BigRational;

/// The exact description of a convex polytope in its local coordinates.
#[derive(Clone, Debug)]
pub(crate) struct PolytopeData {
    /// The corners.
    pub vertices: Vec<Vec3<Q>>,
    /// The candidate axes it contributes: its face normals; for a flat
    /// triangle its normal and the in-plane normals of its edges.
    pub normals: Vec<Vec3<Q>>,
    /// The edges as pairs of vertex indices.
    pub edges: Vec<(usize, usize)>,
    /// The faces as loops of vertex indices (a triangle: its one face).
    pub faces: Vec<Vec<usize>>,
    /// A triangle: no interior.
    pub flat: bool,
    /// How its features are named.
    pub naming: Naming,
    /// A rounded solid (a sphere: the core is one point; a capsule: its
    /// segment) is every point within this radius of its core; 0 for the
    /// polytopes.
    pub radius: Q,
}

/// How a polytope's features are named in results (`geom::Feature`).
#[derive(Clone, Debug)]
pub(crate) enum Naming {
    /// Box corners by their signs (corner `c`: bit `k` set for `+h_k`).
    Box,
    /// `vertex i`, `edge i`, `face +` / `face -`.
    Triangle,
    /// A mesh's own vertex and face indices.
    Mesh,
    /// A hull's input point indices (`vertex i`, `edge i-j`) and its face
    /// indices.
    Hull(Vec<usize>),
    /// `sphere`.
    Sphere,
    /// `cap a`, `cap b`, `side`.
    Capsule,
}

impl PolytopeData {
    /// The polytope of a box, a triangle, a convex mesh or the convex hull
    /// of points, or the core and radius of a sphere or a capsule; `None`
    /// for non-convex meshes.
    pub(crate) fn of(shape: &Shape<Q>) -> Option<PolytopeData> {
        match shape {
            Shape::Box(b) => Some(PolytopeData::of_box(&b.half_extents)),
            Shape::Triangle(t) => {
                let v = t.vertices.to_vec();
                let edge = |k: usize| &v[(k + 1) % 3] - &v[k];
                let n = edge(0).cross(&edge(1));
                let mut normals = vec![n.clone()];
                normals.extend((0..3).map(|k| n.cross(&edge(k))));
                Some(PolytopeData {
                    vertices: v,
                    normals,
                    edges: vec![(0, 1), (1, 2), (2, 0)],
                    faces: vec![vec![0, 1, 2]],
                    flat: true,
                    naming: Naming::Triangle,
                    radius: zero(),
                })
            }
            Shape::Mesh(m) if m.is_convex() => Some(PolytopeData {
                vertices: m.vertices.clone(),
                normals: (0..m.faces.len()).map(|k| m.face_normal(k)).collect(),
                edges: m.edges.iter().map(|e| (e.v[0], e.v[1])).collect(),
                faces: m.faces.clone(),
                flat: false,
                naming: Naming::Mesh,
                radius: zero(),
            }),
            Shape::Convex(c) => {
                let hull = ConvexHull::new(&c.points)?;
                let index = |point: usize| hull.vertices.iter().position(|&v| v == point);
                let faces = hull
                    .faces
                    .iter()
                    .map(|face| face.corners.iter().map(|&c| index(c)).collect())
                    .collect::<Option<Vec<Vec<usize>>>>()?;
                let edges = hull
                    .edges
                    .iter()
                    .map(|&(i, j)| Some((index(i)?, index(j)?)))
                    .collect::<Option<Vec<_>>>()?;
                Some(PolytopeData {
                    vertices: hull.vertices.iter().map(|&i| c.points[i].clone()).collect(),
                    normals: hull.faces.iter().map(|face| face.normal.clone()).collect(),
                    edges,
                    faces,
                    flat: false,
                    naming: Naming::Hull(hull.vertices.clone()),
                    radius: zero(),
                })
            }
            Shape::Sphere(b) => Some(PolytopeData {
                vertices: vec![Vec3::zero()],
                normals: Vec::new(),
                edges: Vec::new(),
                faces: Vec::new(),
                flat: false,
                naming: Naming::Sphere,
                radius: b.radius.clone(),
            }),
            Shape::Capsule(c) => {
                let ball = c.a == c.b;
                Some(PolytopeData {
                    vertices: if ball {
                        vec![c.a.clone()]
                    } else {
                        vec![c.a.clone(), c.b.clone()]
                    },
                    normals: Vec::new(),
                    edges: if ball { Vec::new() } else { vec![(0, 1)] },
                    faces: Vec::new(),
                    flat: false,
                    naming: Naming::Capsule,
                    radius: c.radius.clone(),
                })
            }
            Shape::Mesh(_) => None,
        }
    }

    /// A box with half extents `h` by its 8 corners (corner `c` has
    /// coordinate `k` at `+h_k` where bit `k` of `c` is set), its 3 face
    /// normals and its 12 edges.
    pub(crate) fn of_box(h: &[Q; 3]) -> PolytopeData {
        let vertices = (0..8usize)
            .map(|c| {
                Vec3::from_array(std::array::from_fn(|k| {
                    if c >> k & 1 == 1 {
                        h[k].clone()
                    } else {
                        -h[k].clone()
                    }
                }))
            })
            .collect();
        let edges = (0..8usize)
            .flat_map(|c| {
                (0..3)
                    .filter(move |k| c >> k & 1 == 0)
                    .map(move |k| (c, c | 1 << k))
            })
            .collect();
        // face (k, side): the corners with bit k = side, in a loop
        let faces = (0..3)
            .flat_map(|k| {
                let (i, j) = ((k + 1) % 3, (k + 2) % 3);
                [0, 1].map(move |side| {
                    [(0, 0), (1, 0), (1, 1), (0, 1)]
                        .map(|(x, y)| side << k | x << i | y << j)
                        .to_vec()
                })
            })
            .collect();
        PolytopeData {
            vertices,
            normals: (0..3).map(Vec3::unit).collect(),
            edges,
            faces,
            flat: false,
            naming: Naming::Box,
            radius: zero(),
        }
    }

    /// The edges as vectors from their first vertex to their second.
    pub(crate) fn edge_vectors(&self) -> impl Iterator<Item = Vec3<Q>> + '_ {
        self.edges
            .iter()
            .map(|&(i, j)| &self.vertices[j] - &self.vertices[i])
    }

    /// Half-spaces `n . y <= c` whose intersection is the polytope: one
    /// per face, oriented so that every vertex is inside; for a flat
    /// triangle its plane from both sides and its edges within the plane.
    pub(crate) fn halfspaces(&self) -> Vec<(Vec3<Q>, Q)> {
        let v = &self.vertices;
        let inside = |(n, c): (Vec3<Q>, Q)| -> (Vec3<Q>, Q) {
            if v.iter().any(|x| n.dot(x) > c) {
                (-n, -c)
            } else {
                (n, c)
            }
        };
        if self.flat {
            let n = (&v[1] - &v[0]).cross(&(&v[2] - &v[0]));
            let c = n.dot(&v[0]);
            let mut out = vec![(n.clone(), c.clone()), (-n.clone(), -c)];
            for k in 0..3 {
                let m = (&v[(k + 1) % 3] - &v[k]).cross(&n);
                let d = m.dot(&v[k]);
                out.push(inside((m, d)));
            }
            return out;
        }
        self.faces
            .iter()
            .filter_map(|face| {
                let points: Vec<&Vec3<Q>> = face.iter().map(|&i| &v[i]).collect();
                let n = polygon_normal(&points);
                (!n.is_zero()).then(|| {
                    let c = n.dot(points[0]);
                    inside((n, c))
                })
            })
            .collect()
    }
}

pub(crate) fn zero() -> Q {
    Q::from_integer(0.into())
}

impl PolytopeData {
    /// True for a sphere or a capsule.
    pub(crate) fn is_rounded(&self) -> bool {
        self.radius > zero()
    }

    /// The exact squared distance of the local point `y` from the core
    /// (the segment's closest point by the clamped projection).
    pub(crate) fn core_distance_squared(&self, y: &Vec3<Q>) -> Q {
        let a = &self.vertices[0];
        let Some(b) = self.vertices.get(1) else {
            return (y - a).norm_squared();
        };
        let d = b - a;
        let s = ((y - a).dot(&d) / d.norm_squared()).clamp(zero(), Q::from_integer(1.into()));
        (y - &(a + &d.scale(&s))).norm_squared()
    }
}

/// The directions of `vectors`, each once up to sign; zero vectors dropped.
pub(crate) fn distinct_directions(vectors: impl Iterator<Item = Vec3<Q>>) -> Vec<Vec3<Q>> {
    let mut out: Vec<Vec3<Q>> = Vec::new();
    for v in vectors {
        if !v.is_zero() && out.iter().all(|u| !u.cross(&v).is_zero()) {
            out.push(v);
        }
    }
    out
}
