//! An exact reader for Wavefront OBJ meshes (docs/FORMAT.md 2.2,
//! `{"mesh": {"obj": ...}}`).
//!
//! The contract reads every number exactly (section 1): `0.1` is `1/10`.
//! General OBJ crates such as `tobj` parse coordinates to `f32`/`f64`, which
//! would silently turn `0.1` into the nearest binary fraction and make the
//! exact path answer a question about a different mesh. This reader is small
//! and reads each coordinate with [`parse_number`] instead.
//!
//! Read: `v x y z` (a fourth weight `w`, meaningful only for free-form
//! curves, and the `v x y z r g b` colour extension are accepted and
//! ignored); `f` with vertex references `i`, `i/vt`, `i//vn`, `i/vt/vn`
//! (only `i` is used), positive (1-based, resolved against all vertices of
//! the file) or negative (relative: `-1` is the last vertex defined before
//! the face); `#` comments to the end of the line; `\` line continuations.
//! Every other statement (`vt`, `vn`, `g`, `o`, `s`, `usemtl`, `mtllib`,
//! `l`, ...) is ignored. Coordinates use the contract's decimal syntax, and
//! the common OBJ spellings `.5` and `1.` are accepted as `0.5` and `1.0`.
//!
//! The faces then go through [`Mesh::new`]; its errors number faces and
//! vertices from 0 in file order, and [`ObjError`] adds the face's line.
#![deny(clippy::float_arithmetic)]

use super::{Mesh, MeshError, Vec3};
use crate::scalar::{parse_number, BigRational, NumberError};
use std::fmt;
use std::path::Path;

/// Why an OBJ text is not a valid mesh.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObjError {
    /// The file could not be read.
    Io {
        /// The path as given.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// A malformed `v` or `f` statement.
    Syntax {
        /// The 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A coordinate that is not a number of the contract.
    Number {
        /// The 1-based line number.
        line: usize,
        /// The text of the coordinate.
        text: String,
        /// Why it is not a number.
        error: NumberError,
    },
    /// A face refers to a vertex that does not exist (index 0, beyond the
    /// vertices, or a negative index reaching before the first vertex).
    VertexReference {
        /// The 1-based line number.
        line: usize,
        /// The reference as written.
        reference: i64,
        /// The number of vertices it is resolved against.
        vertex_count: usize,
    },
    /// The vertices and faces do not form a valid mesh.
    Mesh {
        /// The validation error (faces and vertices numbered from 0).
        error: MeshError,
        /// The line of each face, in order.
        face_lines: Vec<usize>,
    },
}

impl fmt::Display for ObjError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObjError::Io { path, message } => write!(f, "cannot read OBJ file {path:?}: {message}"),
            ObjError::Syntax { line, message } => write!(f, "line {line}: {message}"),
            ObjError::Number { line, text, error } => {
                write!(f, "line {line}: coordinate {text:?} {error}")
            }
            ObjError::VertexReference {
                line,
                reference,
                vertex_count,
            } => write!(
                f,
                "line {line}: vertex reference {reference} does not name one of the {vertex_count} vertices"
            ),
            ObjError::Mesh { error, face_lines } => {
                write!(f, "{error} (faces and vertices numbered from 0 in file order")?;
                if let Some(line) = error.face().and_then(|k| face_lines.get(k)) {
                    write!(f, "; that face is on line {line}")?;
                }
                write!(f, ")")
            }
        }
    }
}

impl std::error::Error for ObjError {}

/// The `.5` / `1.` spellings of OBJ exporters, made contract decimals.
fn normalise_decimal(text: &str) -> String {
    let (sign, body) = match text.as_bytes().first() {
        Some(b'-') | Some(b'+') => text.split_at(1),
        _ => ("", text),
    };
    if !body.bytes().any(|b| b.is_ascii_digit()) {
        return text.to_string(); // "." or "-": left for parse_number to refuse
    }
    let mut out = String::from(sign);
    if body.starts_with('.') {
        out.push('0');
    }
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '.' && !chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('0');
        }
    }
    out
}

fn parse_coordinate(line: usize, text: &str) -> Result<BigRational, ObjError> {
    if text.contains('/') {
        return Err(ObjError::Syntax {
            line,
            message: format!("coordinate {text:?} is a ratio; OBJ coordinates are decimals"),
        });
    }
    parse_number(&normalise_decimal(text)).map_err(|error| ObjError::Number {
        line,
        text: text.to_string(),
        error,
    })
}

/// The logical lines of an OBJ text: comments removed, `\` continuations
/// joined, each with the number of its first physical line.
fn logical_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut pending: Option<(usize, String)> = None;
    for (i, raw) in text.lines().enumerate() {
        let content = raw.split('#').next().unwrap_or("");
        let (start, mut acc) = pending.take().unwrap_or((i + 1, String::new()));
        let trimmed = content.trim_end();
        if let Some(stripped) = trimmed.strip_suffix('\\') {
            acc.push_str(stripped);
            acc.push(' ');
            pending = Some((start, acc));
        } else {
            acc.push_str(trimmed);
            out.push((start, acc));
        }
    }
    if let Some(p) = pending {
        out.push(p);
    }
    out
}

/// The exact contents of an OBJ text: vertices, face loops (0-based vertex
/// indices), and the line of each face.
pub type ObjContents = (Vec<Vec3<BigRational>>, Vec<Vec<usize>>, Vec<usize>);

/// The vertices and face loops of an OBJ text, exactly, not yet validated,
/// with the line of each face.
pub fn parse_obj(text: &str) -> Result<ObjContents, ObjError> {
    let mut vertices = Vec::new();
    // (line, references as written, vertices defined before the face)
    let mut raw_faces: Vec<(usize, Vec<i64>, usize)> = Vec::new();
    for (line, content) in logical_lines(text) {
        let mut tokens = content.split_whitespace();
        match tokens.next() {
            Some("v") => {
                let coords: Vec<&str> = tokens.collect();
                if !matches!(coords.len(), 3 | 4 | 6 | 7) {
                    return Err(ObjError::Syntax {
                        line,
                        message: format!(
                            "a vertex needs 3 coordinates (optionally a weight or a colour), got {}",
                            coords.len()
                        ),
                    });
                }
                vertices.push(Vec3::new(
                    parse_coordinate(line, coords[0])?,
                    parse_coordinate(line, coords[1])?,
                    parse_coordinate(line, coords[2])?,
                ));
            }
            Some("f") => {
                let mut refs = Vec::new();
                for token in tokens {
                    let first = token.split('/').next().unwrap_or("");
                    let r: i64 = first.parse().map_err(|_| ObjError::Syntax {
                        line,
                        message: format!(
                            "face vertex {token:?} does not start with an integer index"
                        ),
                    })?;
                    refs.push(r);
                }
                raw_faces.push((line, refs, vertices.len()));
            }
            _ => {}
        }
    }
    let total = vertices.len();
    let mut faces = Vec::with_capacity(raw_faces.len());
    let mut face_lines = Vec::with_capacity(raw_faces.len());
    for (line, refs, defined_before) in raw_faces {
        let mut face = Vec::with_capacity(refs.len());
        for r in refs {
            let resolved = if r > 0 {
                usize::try_from(r - 1).ok().filter(|&i| i < total)
            } else if r < 0 {
                defined_before.checked_sub(usize::try_from(r.unsigned_abs()).unwrap_or(usize::MAX))
            } else {
                None
            };
            let vertex_count = if r < 0 { defined_before } else { total };
            face.push(resolved.ok_or(ObjError::VertexReference {
                line,
                reference: r,
                vertex_count,
            })?);
        }
        faces.push(face);
        face_lines.push(line);
    }
    Ok((vertices, faces, face_lines))
}

/// Reads and validates an OBJ text into an exact mesh.
///
/// ```
/// use exactccd::geom::read_obj;
/// let tet = "v 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nv 0 0 0.1\nf 1 3 2\nf 1 2 4\nf 2 3 4\nf 1 4 3\n";
/// let mesh = read_obj(tet).unwrap();
/// assert_eq!(mesh.vertices[1].x.to_string(), "1/10");
/// ```
pub fn read_obj(text: &str) -> Result<Mesh<BigRational>, ObjError> {
    let (vertices, faces, face_lines) = parse_obj(text)?;
    Mesh::new(vertices, faces).map_err(|error| ObjError::Mesh { error, face_lines })
}

/// Reads and validates an OBJ file into an exact mesh.
pub fn read_obj_file(path: &Path) -> Result<Mesh<BigRational>, ObjError> {
    let text = std::fs::read_to_string(path).map_err(|e| ObjError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    read_obj(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_obj_decimals() {
        assert_eq!(normalise_decimal(".5"), "0.5");
        assert_eq!(normalise_decimal("-.5"), "-0.5");
        assert_eq!(normalise_decimal("1."), "1.0");
        assert_eq!(normalise_decimal("1.e3"), "1.0e3");
        assert_eq!(normalise_decimal("-2.25E-1"), "-2.25E-1");
        assert_eq!(normalise_decimal("."), ".");
        assert!(parse_coordinate(1, ".").is_err());
        assert!(parse_coordinate(1, "-.").is_err());
    }

    #[test]
    fn logical_lines_strip_comments_and_join_continuations() {
        let lines = logical_lines("# header\nv 1 2 \\\n 3 # tail\nf 1 2 3");
        assert_eq!(lines[1].0, 2);
        assert_eq!(
            lines[1].1.split_whitespace().collect::<Vec<_>>(),
            ["v", "1", "2", "3"]
        );
        assert_eq!(lines[2], (4, "f 1 2 3".to_string()));
    }
}
