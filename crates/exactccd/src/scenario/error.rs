//! The one error type of scenario loading (docs/FORMAT.md 4: exit
//! status 2, "one line on stderr that names the field and the value").
#![deny(clippy::float_arithmetic)]

use std::fmt;

/// Why a scenario file was refused. Its `Display` is one line naming the
/// field path and, where there is one, the offending value as written:
///
/// ```text
/// b.shape.box.half_extents[1]: must be > 0, got "-1"
/// ```
///
/// The command line prints it after `error: `.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    kind: ErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ErrorKind {
    /// The file itself could not be read.
    Io { file: String, message: String },
    /// The text is not JSON (syntax, depth, duplicate keys).
    Json { message: String },
    /// A field breaks a rule of the contract.
    Field {
        path: String,
        problem: String,
        value: Option<String>,
    },
}

/// Longest rendering of an offending value in a message, in characters.
const MAX_VALUE_CHARS: usize = 80;

impl ScenarioError {
    pub(crate) fn io(file: impl Into<String>, message: impl Into<String>) -> Self {
        ScenarioError {
            kind: ErrorKind::Io {
                file: one_line(&file.into()),
                message: one_line(&message.into()),
            },
        }
    }

    pub(crate) fn json(message: impl Into<String>) -> Self {
        ScenarioError {
            kind: ErrorKind::Json {
                message: one_line(&message.into()),
            },
        }
    }

    pub(crate) fn field(path: &str, problem: impl Into<String>, value: Option<String>) -> Self {
        ScenarioError {
            kind: ErrorKind::Field {
                path: path.to_owned(),
                problem: one_line(&problem.into()),
                value: value.map(|v| truncate(&one_line(&v))),
            },
        }
    }

    /// The field path the error names (`b.shape.box.half_extents[1]`), or
    /// `None` when the file could not be read or is not JSON.
    pub fn field_path(&self) -> Option<&str> {
        match &self.kind {
            ErrorKind::Field { path, .. } => Some(path),
            _ => None,
        }
    }

    /// The offending value as written in the file (JSON text, strings
    /// quoted, long values shortened), when the error names one.
    pub fn value(&self) -> Option<&str> {
        match &self.kind {
            ErrorKind::Field { value, .. } => value.as_deref(),
            _ => None,
        }
    }

    /// True when the file could not be read at all (missing, unreadable,
    /// too large), as opposed to a file whose content breaks the contract.
    pub fn is_io(&self) -> bool {
        matches!(self.kind, ErrorKind::Io { .. })
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Io { file, message } => write!(f, "{file}: cannot read: {message}"),
            ErrorKind::Json { message } => write!(f, "invalid JSON: {message}"),
            ErrorKind::Field {
                path,
                problem,
                value,
            } => {
                write!(f, "{path}: {problem}")?;
                if let Some(v) = value {
                    write!(f, ", got {v}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ScenarioError {}

/// Replaces line breaks and other control characters so that a message stays
/// one line whatever the input contained.
fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

fn truncate(s: &str) -> String {
    if s.chars().count() <= MAX_VALUE_CHARS {
        return s.to_owned();
    }
    let mut out: String = s.chars().take(MAX_VALUE_CHARS - 3).collect();
    out.push_str("...");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_errors_read_as_one_line_with_the_value() {
        let e = ScenarioError::field(
            "b.shape.box.half_extents[1]",
            "must be > 0",
            Some("\"-1\"".into()),
        );
        assert_eq!(
            e.to_string(),
            "b.shape.box.half_extents[1]: must be > 0, got \"-1\""
        );
        assert_eq!(e.field_path(), Some("b.shape.box.half_extents[1]"));
        assert_eq!(e.value(), Some("\"-1\""));
    }

    #[test]
    fn control_characters_and_long_values_cannot_break_the_line() {
        let e = ScenarioError::field("a", "bad\nproblem", Some("x".repeat(500)));
        let s = e.to_string();
        assert!(!s.contains('\n'));
        assert!(s.ends_with("..."));
        assert!(s.len() < 120, "{s}");
        let io = ScenarioError::io("dir/\nx.json", "gone\r\n");
        assert!(!io.to_string().contains('\n'));
        assert!(io.is_io());
    }
}
