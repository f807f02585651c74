//! Mesh shapes (docs/FORMAT.md 2.2): inline vertices and faces, or an
//! OBJ file read exactly by [`geom::parse_obj`](crate::geom::parse_obj),
//! validated as closed and consistently oriented by
//! [`Mesh::new`](crate::geom::Mesh::new).
//!
//! Inline face indices are 0-based (JSON), OBJ references 1-based (OBJ).
//! In the `f64` path, vertices are rounded to `f64` before validation, so
//! the checks see what an `f64` solver sees.
#![deny(clippy::float_arithmetic)]

use super::body::Loader;
use super::error::ScenarioError;
use super::reader::{decimal_span, Node};
use super::{MAX_NUMBER_DIGITS, MAX_OBJ_NUMBER_BITS};
use crate::geom::{parse_obj, Mesh, ObjError, Shape, Vec3};
use crate::scalar::BigRational;

impl Loader<'_> {
    /// Validates vertices and faces into a mesh shape; errors name the face,
    /// edge or vertex (indices as in the input).
    pub(crate) fn validated_mesh(
        &mut self,
        node: &Node<'_>,
        vertices: Vec<Vec3<BigRational>>,
        faces: Vec<Vec<usize>>,
    ) -> Result<Shape<BigRational>, ScenarioError> {
        Mesh::new(vertices, faces)
            .map(Shape::Mesh)
            .map_err(|e| node.err(format!("is not a valid closed mesh: {e}")))
    }

    /// Reads an OBJ text into a validated mesh shape. Before any number is
    /// converted, every token is checked against [`MAX_NUMBER_DIGITS`] and
    /// their total size against [`MAX_OBJ_NUMBER_BITS`].
    pub(crate) fn obj_mesh(
        &mut self,
        node: &Node<'_>,
        text: &str,
    ) -> Result<Shape<BigRational>, ScenarioError> {
        let mut estimated_bits: u64 = 0;
        for (line, content) in text.lines().enumerate() {
            for token in content.split_whitespace() {
                if !token.starts_with(|c: char| c.is_ascii_digit() || "+-.".contains(c)) {
                    continue;
                }
                let span = decimal_span(token);
                if span > MAX_NUMBER_DIGITS {
                    return Err(node.err(format!(
                        "is not a valid OBJ mesh: line {}: a number spans more than \
                         {MAX_NUMBER_DIGITS} decimal digits, too large for exact arithmetic",
                        line + 1
                    )));
                }
                // 10 digits need at most 34 bits.
                estimated_bits = estimated_bits.saturating_add(span.saturating_mul(34) / 10 + 1);
            }
        }
        if estimated_bits > MAX_OBJ_NUMBER_BITS {
            return Err(node.err(format!(
                "is not a valid OBJ mesh: its numbers exceed {MAX_OBJ_NUMBER_BITS} bits in total, \
                 too large for exact arithmetic"
            )));
        }
        let (vertices, faces, face_lines) =
            parse_obj(text).map_err(|e| node.err(format!("is not a valid OBJ mesh: {e}")))?;
        let mut rounded = Vec::with_capacity(vertices.len());
        for v in vertices {
            rounded.push(Vec3 {
                x: self.reader.round(node, v.x)?,
                y: self.reader.round(node, v.y)?,
                z: self.reader.round(node, v.z)?,
            });
        }
        Mesh::new(rounded, faces).map(Shape::Mesh).map_err(|error| {
            let e = ObjError::Mesh { error, face_lines };
            node.err(format!("is not a valid OBJ mesh: {e}"))
        })
    }
}
