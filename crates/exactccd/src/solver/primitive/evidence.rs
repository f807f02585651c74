//! The evidence behind a decision at one candidate time, as plain data: a
//! witness of contact or a rejection, per query kind. The inside tests of
//! `vertex_face.rs` and `edge_edge.rs` produce it (the polynomials named
//! here, `n`, `A_i`, `B_j`, `m`, are those of their module documentation);
//! the certificates of `outcome.rs` hold it.
#![deny(clippy::float_arithmetic)]

use super::feature::PrimitiveFeature;
use crate::scalar::Sign;

/// Evidence of contact at a time, per query kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Witness {
    /// Of a vertex-face query.
    VertexFace(VertexFaceWitness),
    /// Of an edge-edge query.
    EdgeEdge(EdgeEdgeWitness),
    /// With a minimum separation: the features whose region holds (they
    /// are within the separation; `proximity.rs`).
    Near(PrimitiveFeature),
}

/// Evidence of no contact at a time, per query kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rejection {
    /// Of a vertex-face query.
    VertexFace(VertexFaceRejection),
    /// Of an edge-edge query.
    EdgeEdge(EdgeEdgeRejection),
    /// With a minimum separation: no region holds.
    Far(FarRejection),
    /// `f64` only: the signs found a contact, but the primitives are
    /// farther apart than the path's reach at that time
    /// ([`PrimitiveScalar::contact_reach`](super::scalar::PrimitiveScalar::contact_reach)).
    Apart,
}

/// Most regions of a query (edge-edge: four pairs of ends, four ends
/// against segments, the insides; `proximity.rs`).
pub const MAX_REGIONS: usize = 9;

/// Why no region holds at a time: for each region, in the order of
/// `proximity.rs`, the index of its first condition that fails.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FarRejection {
    failed: [u8; MAX_REGIONS],
    regions: u8,
}

impl FarRejection {
    /// Records that condition `condition` of region `region` fails.
    pub(crate) fn push(&mut self, region: usize, condition: usize) {
        debug_assert_eq!(region, usize::from(self.regions));
        self.failed[region] = u8::try_from(condition).unwrap_or(u8::MAX);
        self.regions += 1;
    }

    /// Per region, the index of its first failing condition.
    pub fn failed(&self) -> &[u8] {
        &self.failed[..usize::from(self.regions)]
    }
}

/// Why a point on one line misses a segment of it: evidence for one edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SegmentMiss {
    /// The point is off the segment's line: this component of the cross
    /// product `(v - u) x (p - u)` is not zero (for a point segment,
    /// `u = v`: this component of `p - u`).
    OffLine {
        /// The axis of the non-zero component.
        axis: usize,
    },
    /// On the line but beyond an end: along an axis `k` with
    /// `(v - u)_k != 0`, `(p - u)_k` or `(v - p)_k` has the sign opposite
    /// to `(v - u)_k`.
    Beyond,
}

/// Evidence of contact at a time, of a vertex-face query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VertexFaceWitness {
    /// The triangle has positive area; along `axis` (where `n_axis != 0`)
    /// every barycentric coordinate of the vertex has the given sign
    /// (`Zero` or `Positive`), for vertices `0, 1, 2`.
    Inside {
        /// The projection axis.
        axis: usize,
        /// The signs of the barycentric coordinates.
        barycentric: [Sign; 3],
    },
    /// The triangle has zero area (`n = 0`) and the vertex lies on its
    /// closed edge between these two vertices.
    OnDegenerateFace {
        /// The edge's vertices, increasing.
        edge: (usize, usize),
    },
}

/// Evidence of no contact at a time, of a vertex-face query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VertexFaceRejection {
    /// The triangle has positive area and the barycentric coordinate of
    /// the vertex for `vertex` is negative (sign read along `axis`).
    Outside {
        /// The projection axis (`n_axis != 0`).
        axis: usize,
        /// The triangle vertex whose barycentric coordinate is negative.
        vertex: usize,
    },
    /// The triangle has zero area and the vertex is on none of its edges
    /// (`f1 f2`, `f2 f0`, `f0 f1`).
    OffDegenerateFace {
        /// Why each edge is missed.
        misses: [SegmentMiss; 3],
    },
}

/// A segment of an edge-edge query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Segment {
    /// The segment `a0 a1`.
    A,
    /// The segment `b0 b1`.
    B,
}

/// Evidence of contact at a time, of an edge-edge query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeEdgeWitness {
    /// Not parallel; along `axis` (`m_axis != 0`) the ends of `a` are on
    /// weakly opposite sides of line `b` (`a_sides`: signs of `B_{j,axis}`)
    /// and the ends of `b` of line `a` (`b_sides`: signs of `A_{j,axis}`).
    Crossing {
        /// The projection axis.
        axis: usize,
        /// Signs of `a0`, `a1` against line `b`.
        a_sides: [Sign; 2],
        /// Signs of `b0`, `b1` against line `a`.
        b_sides: [Sign; 2],
    },
    /// Parallel (`m = 0`): this end of this segment lies on the other.
    EndOnSegment {
        /// The segment whose end it is.
        segment: Segment,
        /// Which end (`0` or `1`).
        end: usize,
    },
}

/// Evidence of no contact at a time, of an edge-edge query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeEdgeRejection {
    /// Not parallel, and both ends of `segment` are strictly on the side
    /// `sign` of the other's line (signs read along `axis`).
    SameSide {
        /// The projection axis.
        axis: usize,
        /// The segment whose ends are on one side.
        segment: Segment,
        /// Their common sign.
        sign: Sign,
    },
    /// Parallel and no end lies on the other segment: why `a0`, `a1` miss
    /// `b` and `b0`, `b1` miss `a`.
    ParallelApart {
        /// In the order `a0, a1, b0, b1`.
        misses: [SegmentMiss; 4],
    },
}
