//! The features of a primitive query that touch: a feature of the
//! triangle or of a segment, and the pair that first touches.
#![deny(clippy::float_arithmetic)]

use crate::geom::{Feature, QuerySegment};

/// A feature of the triangle of a vertex-face query, by vertex indices
/// `0, 1, 2` (`f0, f1, f2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaceFeature {
    /// The inside of the triangle (every barycentric coordinate positive).
    Interior,
    /// The edge between two vertices (their indices, increasing); for a
    /// zero-area triangle, the segment that holds the vertex.
    Edge(usize, usize),
    /// A vertex.
    Vertex(usize),
}

/// A feature of a segment of an edge-edge query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeFeature {
    /// A point strictly between the ends.
    Interior,
    /// The end `0` or `1`.
    End(usize),
}

/// The features that first touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrimitiveFeature {
    /// The vertex against this feature of the triangle.
    VertexFace(FaceFeature),
    /// A feature of segment `a` against a feature of segment `b`.
    EdgeEdge(EdgeFeature, EdgeFeature),
}

impl PrimitiveFeature {
    /// The two features: `vertex` / `face`, `edge f0-f1`, `vertex f2`;
    /// `edge a` / `vertex a0`, `edge b` / `vertex b1`.
    pub fn features(&self) -> (Feature, Feature) {
        match self {
            PrimitiveFeature::VertexFace(f) => (
                Feature::QueryVertex,
                match *f {
                    FaceFeature::Interior => Feature::QueryFace,
                    FaceFeature::Edge(i, j) => Feature::QueryFaceEdge(i, j),
                    FaceFeature::Vertex(i) => Feature::QueryFaceVertex(i),
                },
            ),
            PrimitiveFeature::EdgeEdge(a, b) => {
                let feature = |side: QuerySegment, f: &EdgeFeature| match *f {
                    EdgeFeature::Interior => Feature::QuerySegmentInterior(side),
                    EdgeFeature::End(i) => Feature::QuerySegmentEnd(side, i),
                };
                (feature(QuerySegment::A, a), feature(QuerySegment::B, b))
            }
        }
    }

    /// The contract's feature kind (`vertex-face`, `vertex-edge`,
    /// `edge-vertex`, `vertex-vertex`, `edge-edge`).
    pub fn kind_name(&self) -> &'static str {
        match self {
            PrimitiveFeature::VertexFace(FaceFeature::Interior) => "vertex-face",
            PrimitiveFeature::VertexFace(FaceFeature::Edge(..)) => "vertex-edge",
            PrimitiveFeature::VertexFace(FaceFeature::Vertex(_)) => "vertex-vertex",
            PrimitiveFeature::EdgeEdge(EdgeFeature::Interior, EdgeFeature::Interior) => "edge-edge",
            PrimitiveFeature::EdgeEdge(EdgeFeature::End(_), EdgeFeature::Interior) => "vertex-edge",
            PrimitiveFeature::EdgeEdge(EdgeFeature::Interior, EdgeFeature::End(_)) => "edge-vertex",
            PrimitiveFeature::EdgeEdge(EdgeFeature::End(_), EdgeFeature::End(_)) => "vertex-vertex",
        }
    }
}
