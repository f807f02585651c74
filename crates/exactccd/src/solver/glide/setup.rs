//! The exact parts of a glide step that the driver (`solve.rs`) and the
//! `f64` geometry (`float_geometry.rs`) share: the relative glide of the two
//! bodies, their meshes with the names of their features, `b` placed in
//! `a`'s frame at the path's start.
#![deny(clippy::float_arithmetic)]

use super::events::PathPolys;
use super::relative::{GlidePath, NotAGlide, RelativeGlide, TimeMap};
use crate::geom::{BoxEdge, BoxFace, BoxVertex, Feature, Mesh, Shape};
use crate::motion::Body;
use crate::scalar::{BigRational, Scalar};
use crate::Error;

impl From<NotAGlide> for Error {
    fn from(e: NotAGlide) -> Self {
        Error::not_applicable(e.0)
    }
}

/// A solid's mesh and the names of its features.
pub(crate) struct NamedMesh {
    pub mesh: Mesh<BigRational>,
    is_box: bool,
}

impl NamedMesh {
    pub(crate) fn of(shape: &Shape<BigRational>, body: &str) -> Result<Self, Error> {
        match shape {
            Shape::Box(b) => Ok(NamedMesh {
                mesh: b.to_mesh(),
                is_box: true,
            }),
            Shape::Mesh(m) => Ok(NamedMesh {
                mesh: m.clone(),
                is_box: false,
            }),
            Shape::Triangle(_) => Err(Error::not_applicable(format!(
                "body {body} is a triangle; glide takes closed solids (boxes and meshes)"
            ))),
            other => Err(Error::not_applicable(format!(
                "body {body} is a {}; glide takes boxes and meshes (method distance takes it)",
                other.kind_name()
            ))),
        }
    }

    pub(crate) fn vertex(&self, i: usize) -> Feature {
        if self.is_box {
            Feature::BoxVertex(BoxVertex::from_index(i))
        } else {
            Feature::MeshVertex(i)
        }
    }

    pub(crate) fn face(&self, k: usize) -> Feature {
        if self.is_box {
            Feature::BoxFace(BoxFace::from_index(k))
        } else {
            Feature::MeshFace(k)
        }
    }

    pub(crate) fn edge(&self, e: usize) -> Feature {
        let [i, j] = self.mesh.edges[e].v;
        if self.is_box {
            if let Some(edge) = BoxEdge::joining(BoxVertex::from_index(i), BoxVertex::from_index(j))
            {
                return Feature::BoxEdge(edge);
            }
        }
        Feature::MeshEdge(i, j)
    }
}

/// The exact parts shared by both scalars: relative glide and placed meshes.
pub(crate) struct Setup {
    pub rel: RelativeGlide,
    pub a: NamedMesh,
    pub b: NamedMesh,
    /// `b`'s vertices placed in `a`'s frame at the path's start.
    pub b_placed: Mesh<BigRational>,
}

impl Setup {
    pub(crate) fn new(
        a: &Body,
        b: &Body,
        t0: &BigRational,
        t1: &BigRational,
    ) -> Result<Self, Error> {
        let na = NamedMesh::of(&a.shape, "a")?;
        let nb = NamedMesh::of(&b.shape, "b")?;
        let rel = RelativeGlide::from_bodies(a, b, t0, t1)?;
        let vertices = nb
            .mesh
            .vertices
            .iter()
            .map(|y| rel.start.apply_point(y))
            .collect();
        let b_placed = Mesh {
            vertices,
            ..nb.mesh.clone()
        };
        Ok(Setup {
            rel,
            a: na,
            b: nb,
            b_placed,
        })
    }

    pub(crate) fn paths<S: Scalar>(&self) -> (PathPolys<S>, PathPolys<S>) {
        let conv = |v: &crate::geom::Vec3<BigRational>| v.map(S::from_rational);
        match &self.rel.path {
            GlidePath::Translation { velocity } => {
                let t0 = S::from_rational(&self.rel.interval.0);
                let v = conv(velocity);
                (
                    PathPolys::translation(&v, &t0),
                    PathPolys::translation(&-v.clone(), &t0),
                )
            }
            GlidePath::Rotation {
                axis_point,
                axis_direction,
                time,
            } => {
                let (p, k) = (conv(axis_point), conv(axis_direction));
                if *time == TimeMap::HalfTurn {
                    (
                        PathPolys::half_turn(&p, &k),
                        PathPolys::half_turn(&p, &-k.clone()),
                    )
                } else {
                    (
                        PathPolys::rotation(&p, &k),
                        PathPolys::rotation(&p, &-k.clone()),
                    )
                }
            }
        }
    }
}
