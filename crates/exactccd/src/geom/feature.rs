//! The features of a solid that a contact names: a vertex, an edge or a
//! face of a box, a triangle, a mesh, or of a primitive query's point,
//! triangle and segments. [`Feature`]'s `Display` is the name results carry
//! (docs/FORMAT.md 3), so a feature is typed in Rust and a string only in
//! JSON.

use super::{BoxEdge, BoxFace, BoxVertex};
use serde::{Serialize, Serializer};
use std::fmt;

/// One of the two segments of an edge-edge query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuerySegment {
    /// The first segment (`a`).
    A,
    /// The second segment (`b`).
    B,
}

impl QuerySegment {
    fn letter(self) -> char {
        match self {
            QuerySegment::A => 'a',
            QuerySegment::B => 'b',
        }
    }
}

/// A feature of one solid or of one side of a primitive query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Feature {
    /// A box corner: `vertex (-,+,-)`.
    BoxVertex(BoxVertex),
    /// A box edge: `edge (*,+,-)`.
    BoxEdge(BoxEdge),
    /// A box face: `face +x`.
    BoxFace(BoxFace),
    /// `vertex i` of a triangle.
    TriangleVertex(usize),
    /// `edge i` of a triangle (from vertex `i` to `i + 1 mod 3`).
    TriangleEdge(usize),
    /// The face of a triangle, touched from its front (`face +`, the side
    /// of `(v1 - v0) x (v2 - v0)`) or its back (`face -`).
    TriangleFace {
        /// Touched from the side the normal points to.
        front: bool,
    },
    /// `vertex i` of a mesh (input index).
    MeshVertex(usize),
    /// `edge i-j` of a mesh (`i < j`).
    MeshEdge(usize, usize),
    /// `face k` of a mesh (input index).
    MeshFace(usize),
    /// The moving point of a vertex-face query: `vertex`.
    QueryVertex,
    /// The inside of a vertex-face query's triangle: `face`.
    QueryFace,
    /// The edge of a vertex-face query's triangle from its vertex `i` to
    /// its vertex `j`: `edge fi-fj`.
    QueryFaceEdge(usize, usize),
    /// Vertex `i` of a vertex-face query's triangle: `vertex fi`.
    QueryFaceVertex(usize),
    /// The inside of a segment of an edge-edge query: `edge a`, `edge b`.
    QuerySegmentInterior(QuerySegment),
    /// End `i` of a segment of an edge-edge query: `vertex a0`, `vertex b1`.
    QuerySegmentEnd(QuerySegment, usize),
    /// The whole of a sphere (its core is its centre): `sphere`.
    Sphere,
    /// The ball about end `0` (`a`) or `1` (`b`) of a capsule: `cap a`,
    /// `cap b`.
    CapsuleCap(usize),
    /// The rounded side of a capsule, about the inside of its segment:
    /// `side`.
    CapsuleSide,
}

impl Feature {
    /// `"vertex"`, `"edge"` or `"face"`: the feature's dimension by name.
    pub fn kind(&self) -> &'static str {
        match self {
            Feature::BoxVertex(_)
            | Feature::TriangleVertex(_)
            | Feature::MeshVertex(_)
            | Feature::QueryVertex
            | Feature::QueryFaceVertex(_)
            | Feature::QuerySegmentEnd(..)
            | Feature::Sphere
            | Feature::CapsuleCap(_) => "vertex",
            Feature::BoxEdge(_)
            | Feature::TriangleEdge(_)
            | Feature::MeshEdge(..)
            | Feature::QueryFaceEdge(..)
            | Feature::QuerySegmentInterior(_)
            | Feature::CapsuleSide => "edge",
            Feature::BoxFace(_)
            | Feature::TriangleFace { .. }
            | Feature::MeshFace(_)
            | Feature::QueryFace => "face",
        }
    }
}

impl fmt::Display for Feature {
    /// The project's names: `vertex (-,+,-)`, `edge (*,+,-)`, `face +x`;
    /// `vertex 1`, `edge 2`, `face +`; `vertex 4`, `edge 1-3`, `face 0`;
    /// `vertex`, `face`, `edge f0-f1`, `vertex f2`, `edge a`, `vertex b1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Feature::BoxVertex(v) => write!(f, "{v}"),
            Feature::BoxEdge(e) => write!(f, "{e}"),
            Feature::BoxFace(x) => write!(f, "{x}"),
            Feature::TriangleVertex(i) | Feature::MeshVertex(i) => write!(f, "vertex {i}"),
            Feature::TriangleEdge(i) => write!(f, "edge {i}"),
            Feature::TriangleFace { front: true } => f.write_str("face +"),
            Feature::TriangleFace { front: false } => f.write_str("face -"),
            Feature::MeshEdge(i, j) => write!(f, "edge {i}-{j}"),
            Feature::MeshFace(k) => write!(f, "face {k}"),
            Feature::QueryVertex => f.write_str("vertex"),
            Feature::QueryFace => f.write_str("face"),
            Feature::QueryFaceEdge(i, j) => write!(f, "edge f{i}-f{j}"),
            Feature::QueryFaceVertex(i) => write!(f, "vertex f{i}"),
            Feature::QuerySegmentInterior(s) => write!(f, "edge {}", s.letter()),
            Feature::QuerySegmentEnd(s, i) => write!(f, "vertex {}{i}", s.letter()),
            Feature::Sphere => f.write_str("sphere"),
            Feature::CapsuleCap(0) => f.write_str("cap a"),
            Feature::CapsuleCap(_) => f.write_str("cap b"),
            Feature::CapsuleSide => f.write_str("side"),
        }
    }
}

impl PartialEq<&str> for Feature {
    /// True when `name` is this feature's name (`Feature::MeshFace(3) ==
    /// "face 3"`), so tests and callers may compare with result JSON.
    fn eq(&self, name: &&str) -> bool {
        let mut rest = Unwritten(name);
        fmt::write(&mut rest, format_args!("{self}")).is_ok() && rest.0.is_empty()
    }
}

/// The part of a name not yet matched by what was written: writing fails
/// as soon as the output departs from the name.
struct Unwritten<'a>(&'a str);

impl fmt::Write for Unwritten<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 = self.0.strip_prefix(s).ok_or(fmt::Error)?;
        Ok(())
    }
}

impl Serialize for Feature {
    /// As its name (`"face +x"`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_result_format_s() {
        let cases = [
            (
                Feature::BoxVertex(BoxVertex::from_index(2)),
                "vertex (-,+,-)",
            ),
            (Feature::BoxFace(BoxFace::from_index(1)), "face -x"),
            (Feature::TriangleVertex(1), "vertex 1"),
            (Feature::TriangleEdge(2), "edge 2"),
            (Feature::TriangleFace { front: false }, "face -"),
            (Feature::MeshVertex(4), "vertex 4"),
            (Feature::MeshEdge(1, 3), "edge 1-3"),
            (Feature::MeshFace(0), "face 0"),
            (Feature::QueryVertex, "vertex"),
            (Feature::QueryFace, "face"),
            (Feature::QueryFaceEdge(0, 2), "edge f0-f2"),
            (Feature::QueryFaceVertex(1), "vertex f1"),
            (Feature::QuerySegmentInterior(QuerySegment::B), "edge b"),
            (Feature::QuerySegmentEnd(QuerySegment::A, 1), "vertex a1"),
        ];
        for (feature, name) in cases {
            assert_eq!(feature.to_string(), name);
            assert!(name.starts_with(feature.kind()), "{name}");
            assert!(feature == name);
            assert!(feature != &name[..name.len() - 1]);
            assert!(feature != format!("{name}0").as_str());
        }
        // rounded shapes: the core's feature kind, a name of their own
        for (feature, name, kind) in [
            (Feature::Sphere, "sphere", "vertex"),
            (Feature::CapsuleCap(0), "cap a", "vertex"),
            (Feature::CapsuleCap(1), "cap b", "vertex"),
            (Feature::CapsuleSide, "side", "edge"),
        ] {
            assert_eq!(feature.to_string(), name);
            assert_eq!(feature.kind(), kind);
        }
    }
}
