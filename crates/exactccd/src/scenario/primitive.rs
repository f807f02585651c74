//! The `query` field: one vertex-face or edge-edge query with linearly
//! moving points, instead of the bodies `a` and `b` (an extension of the
//! contract, documented in `docs/methods/primitive.md`):
//!
//! ```json
//! "query": { "vertex_face": { "vertex": POINT, "face": [POINT, POINT, POINT] } }
//! "query": { "edge_edge": { "a": [POINT, POINT], "b": [POINT, POINT] } }
//! ```
//!
//! with `POINT = { "start": VECTOR, "end": VECTOR }`: the position at the
//! interval's start `t0` and at its end `t1` (`end` defaults to `start`, a
//! point at rest); the point moves linearly in between. The triangle is
//! solid (closed) and may be degenerate (a segment or a point), as the
//! segments may; touching counts as contact.
#![deny(clippy::float_arithmetic)]

use super::body::Loader;
use super::reader::Node;
use super::ScenarioError;
use crate::scalar::BigRational;
use crate::solver::primitive::{MovingPoint, PrimitiveQuery};

fn point(
    loader: &mut Loader<'_>,
    node: &Node<'_>,
) -> Result<MovingPoint<BigRational>, ScenarioError> {
    let obj = node.object(&["start", "end"])?;
    let start = loader
        .reader
        .vector(&obj.require("start", "the position at t0, a vector")?)?;
    let end = match obj.get("end") {
        Some(n) => loader.reader.vector(&n)?,
        None => start.clone(),
    };
    Ok(MovingPoint::new(start, end))
}

fn points<const N: usize>(
    loader: &mut Loader<'_>,
    node: &Node<'_>,
) -> Result<[MovingPoint<BigRational>; N], ScenarioError> {
    let items = node.array_of(N, "points ({\"start\": ..., \"end\": ...})")?;
    let mut out = Vec::with_capacity(N);
    for item in &items {
        out.push(point(loader, item)?);
    }
    Ok(out
        .try_into()
        .unwrap_or_else(|_| unreachable!("array_of checked the length")))
}

/// Reads the `query` field over the loader's interval.
pub(crate) fn query(
    loader: &mut Loader<'_>,
    node: &Node<'_>,
) -> Result<PrimitiveQuery<BigRational>, ScenarioError> {
    let (kind, body) = node.variant(&["vertex_face", "edge_edge"], &[])?;
    let q = if kind == "vertex_face" {
        let obj = body.object(&["vertex", "face"])?;
        let vertex = point(loader, &obj.require("vertex", "a point")?)?;
        let face = points::<3>(loader, &obj.require("face", "three points")?)?;
        PrimitiveQuery::vertex_face(vertex, face)
    } else {
        let obj = body.object(&["a", "b"])?;
        let a = points::<2>(loader, &obj.require("a", "two points")?)?;
        let b = points::<2>(loader, &obj.require("b", "two points")?)?;
        PrimitiveQuery::edge_edge(a, b)
    };
    let (t0, t1) = loader.interval.clone();
    Ok(q.with_interval(t0, t1))
}
