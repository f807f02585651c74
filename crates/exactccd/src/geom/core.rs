//! Every shape as a core polytope plus a radius: a sphere is its centre
//! plus `r`, a capsule its segment plus `r`, a box, a triangle and a convex
//! hull themselves plus `0` (docs/methods/distance.md). The `distance` and
//! `minkowski` solvers and the certificates build on it. A core lists its
//! vertices, edges and faces in local coordinates, exact, with the names
//! results carry.
#![deny(clippy::float_arithmetic)]

use super::{BoxEdge, BoxFace, BoxVertex, ConvexHull, Feature, Shape, Vec3};
use crate::scalar::{BigRational, Ring};
use crate::Error;

type Q = BigRational;

/// A face of a core: a convex polygon.
#[derive(Clone, Debug)]
pub(crate) struct CoreFace {
    /// Indices into [`Core::points`], counter-clockwise seen from the side
    /// `normal` points to; no three consecutive corners collinear.
    pub(crate) corners: Vec<usize>,
    /// The outward normal (not unit).
    pub(crate) normal: Vec3<Q>,
    /// `normal . x` on the face's plane.
    pub(crate) offset: Q,
    /// The name of the face.
    pub(crate) feature: Feature,
}

/// A core polytope and the radius around it.
#[derive(Clone, Debug)]
pub(crate) struct Core {
    /// The points the features refer to (local coordinates).
    pub(crate) points: Vec<Vec3<Q>>,
    /// The vertices: an index into `points` and the name.
    pub(crate) vertices: Vec<(usize, Feature)>,
    /// The edges: two indices into `points` and the name.
    pub(crate) edges: Vec<(usize, usize, Feature)>,
    /// The faces.
    pub(crate) faces: Vec<CoreFace>,
    /// The radius around the core (`0` for polytopes).
    pub(crate) radius: Q,
    /// True when the core is a solid (a box or a hull): a point can lie
    /// inside it, away from its boundary.
    pub(crate) solid: bool,
    /// True for a triangle, whose one face has two sides (`face +`,
    /// `face -`).
    pub(crate) two_sided: bool,
}

fn cross(a: &Vec3<Q>, b: &Vec3<Q>) -> Vec3<Q> {
    a.cross(b)
}

impl Core {
    /// The core of a shape; a mesh is not taken (not applicable, the
    /// message starting with `body`, e.g. `"distance: body a"`).
    pub(crate) fn of(shape: &Shape<Q>, body: &str) -> Result<Core, Error> {
        let zero = <Q as Ring>::zero();
        Ok(match shape {
            Shape::Box(b) => {
                let points = b.vertices().to_vec();
                let faces = BoxFace::ALL
                    .iter()
                    .map(|f| {
                        let corners: Vec<usize> = f.vertices().iter().map(|v| v.index()).collect();
                        let normal = Vec3::<Q>::unit(f.axis).scale(&Q::from_i64(f.sign()));
                        let offset = normal.dot(&points[corners[0]]);
                        CoreFace {
                            corners,
                            normal,
                            offset,
                            feature: Feature::BoxFace(*f),
                        }
                    })
                    .collect();
                Core {
                    vertices: BoxVertex::ALL
                        .iter()
                        .map(|v| (v.index(), Feature::BoxVertex(*v)))
                        .collect(),
                    edges: BoxEdge::ALL
                        .iter()
                        .map(|e| {
                            let [p, q] = e.vertices();
                            (p.index(), q.index(), Feature::BoxEdge(*e))
                        })
                        .collect(),
                    faces,
                    points,
                    radius: zero,
                    solid: true,
                    two_sided: false,
                }
            }
            Shape::Triangle(t) => {
                let points = t.vertices.to_vec();
                let normal = cross(&(&points[1] - &points[0]), &(&points[2] - &points[0]));
                let offset = normal.dot(&points[0]);
                Core {
                    vertices: (0..3).map(|i| (i, Feature::TriangleVertex(i))).collect(),
                    edges: (0..3)
                        .map(|i| (i, (i + 1) % 3, Feature::TriangleEdge(i)))
                        .collect(),
                    faces: vec![CoreFace {
                        corners: vec![0, 1, 2],
                        normal,
                        offset,
                        feature: Feature::TriangleFace { front: true },
                    }],
                    points,
                    radius: zero,
                    solid: false,
                    two_sided: true,
                }
            }
            Shape::Sphere(s) => Core {
                points: vec![Vec3::zero()],
                vertices: vec![(0, Feature::Sphere)],
                edges: Vec::new(),
                faces: Vec::new(),
                radius: s.radius.clone(),
                solid: false,
                two_sided: false,
            },
            Shape::Capsule(c) => {
                let degenerate = c.a == c.b;
                Core {
                    points: vec![c.a.clone(), c.b.clone()],
                    vertices: if degenerate {
                        vec![(0, Feature::CapsuleCap(0))]
                    } else {
                        vec![(0, Feature::CapsuleCap(0)), (1, Feature::CapsuleCap(1))]
                    },
                    edges: if degenerate {
                        Vec::new()
                    } else {
                        vec![(0, 1, Feature::CapsuleSide)]
                    },
                    faces: Vec::new(),
                    radius: c.radius.clone(),
                    solid: false,
                    two_sided: false,
                }
            }
            Shape::Convex(c) => Core::hull(&c.points, body)?,
            Shape::Mesh(_) => {
                return Err(Error::not_applicable(format!(
                    "{body} is a mesh; this method takes boxes, triangles, spheres, capsules \
                     and convex hulls"
                )))
            }
        })
    }

    /// The core of a shape as the referee's certificates take it: as
    /// [`Core::of`], and a convex mesh ([`super::Mesh::is_convex`]) as the
    /// convex hull of its vertices (its features named by the hull's
    /// indices, which only the certificates' labels show).
    pub(crate) fn of_solid(shape: &Shape<Q>, body: &str) -> Result<Core, Error> {
        match shape {
            Shape::Mesh(m) if m.is_convex() => Core::hull(&m.vertices, body),
            _ => Core::of(shape, body),
        }
    }

    /// The convex hull of points as a core.
    fn hull(points: &[Vec3<Q>], body: &str) -> Result<Core, Error> {
        let hull = ConvexHull::new(points).ok_or_else(|| {
            Error::not_applicable(format!("{body}: the convex points are coplanar"))
        })?;
        Ok(Core {
            vertices: hull
                .vertices
                .iter()
                .map(|&i| (i, Feature::MeshVertex(i)))
                .collect(),
            edges: hull
                .edges
                .iter()
                .map(|&(i, j)| (i, j, Feature::MeshEdge(i, j)))
                .collect(),
            faces: hull
                .faces
                .iter()
                .enumerate()
                .map(|(k, f)| CoreFace {
                    corners: f.corners.clone(),
                    normal: f.normal.clone(),
                    offset: f.offset.clone(),
                    feature: Feature::MeshFace(k),
                })
                .collect(),
            points: points.to_vec(),
            radius: <Q as Ring>::zero(),
            solid: true,
            two_sided: false,
        })
    }

    /// The in-plane inward normals of a face's sides: side `k` runs from
    /// corner `k` to corner `k + 1`, and `m_k = n x (c_{k+1} - c_k)` points
    /// into the face (corners counter-clockwise about `n`).
    pub(crate) fn side_normals(&self, face: &CoreFace) -> Vec<(usize, Vec3<Q>)> {
        let k = face.corners.len();
        (0..k)
            .map(|i| {
                let (c, d) = (face.corners[i], face.corners[(i + 1) % k]);
                (c, cross(&face.normal, &(&self.points[d] - &self.points[c])))
            })
            .collect()
    }
}
