//! The library's one error: why a solver gave no answer.
//!
//! Every solver (`solver::sat`, `sgm`, `glide`, `primitive`) and the front
//! door [`contact::solve`](crate::contact::solve) return an [`Error`]. It
//! is one of three kinds, asked with a predicate (the kind itself is
//! private, so a new kind is not a breaking change):
//!
//! * [`Error::is_invalid_input`]: the input breaks the solver's contract (a
//!   number that is not finite, an empty time interval);
//! * [`Error::is_not_applicable`]: the method does not handle this shape,
//!   motion or scalar (exit status 3 of the command line);
//! * [`Error::is_limit_exceeded`]: the method applies, but the exact
//!   computation met a resource limit (polynomial degree, coefficient size,
//!   root isolation).
//!
//! "No contact" is never an error: it is an answer with `collides == false`.
//!
//! [`Error::reason`] is the sentence alone; `Display` puts the kind in front
//! (`not applicable: ...`, `resource limit exceeded: ...`, `invalid input:
//! ...`).
#![deny(clippy::float_arithmetic)]

use std::fmt;

/// Why a solver gave no answer: invalid input, a method that does not
/// apply, or a resource limit met (module documentation). Never "no
/// contact".
///
/// ```
/// use exactccd::geom::Vec3;
/// use exactccd::scalar::{BigInt, BigRational};
/// use exactccd::solver::primitive::{test_primitive, MovingPoint, PrimitiveQuery};
/// let q = |n: i64| BigRational::from_integer(BigInt::from(n));
/// let v = |x, y, z| Vec3::new(q(x), q(y), q(z));
/// // The interval [1, 0] is empty: the query breaks the contract.
/// let query = PrimitiveQuery::vertex_face(
///     MovingPoint::new(v(0, 0, 3), v(0, 0, -1)),
///     [
///         MovingPoint::fixed(v(-1, -1, 0)),
///         MovingPoint::fixed(v(2, 0, 0)),
///         MovingPoint::fixed(v(0, 2, 0)),
///     ],
/// )
/// .with_interval(q(1), q(0));
/// let e: exactccd::Error = test_primitive(&query).unwrap_err();
/// assert!(e.is_invalid_input());
/// assert!(!e.is_not_applicable() && !e.is_limit_exceeded());
/// assert_eq!(e.reason(), "the time interval is empty (t0 >= t1)");
/// assert_eq!(
///     e.to_string(),
///     "invalid input: the time interval is empty (t0 >= t1)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ErrorKind {
    InvalidInput,
    NotApplicable,
    LimitExceeded,
}

impl Error {
    fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// The input breaks the solver's contract; `message` reads as a
    /// sentence.
    pub(crate) fn invalid_input(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidInput, message)
    }

    /// The method does not apply to the scenario; `message` reads as a
    /// sentence.
    pub(crate) fn not_applicable(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::NotApplicable, message)
    }

    /// An exact computation met a resource limit; `message` reads as a
    /// sentence.
    pub(crate) fn limit_exceeded(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::LimitExceeded, message)
    }

    /// True when the input breaks the solver's contract (a number that is
    /// not finite, an empty time interval).
    pub fn is_invalid_input(&self) -> bool {
        self.kind == ErrorKind::InvalidInput
    }

    /// True when the method does not apply to the scenario (shape, motion
    /// or scalar it does not handle).
    pub fn is_not_applicable(&self) -> bool {
        self.kind == ErrorKind::NotApplicable
    }

    /// True when the method applies but the exact computation met a
    /// resource limit.
    pub fn is_limit_exceeded(&self) -> bool {
        self.kind == ErrorKind::LimitExceeded
    }

    /// The reason as a sentence, without the kind in front.
    pub fn reason(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = match self.kind {
            ErrorKind::InvalidInput => "invalid input",
            ErrorKind::NotApplicable => "not applicable",
            ErrorKind::LimitExceeded => "resource limit exceeded",
        };
        write!(f, "{prefix}: {}", self.message)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::Error;

    #[test]
    fn invalid_input_display_and_predicates() {
        let e = Error::invalid_input("the time interval is empty (t0 >= t1)");
        assert_eq!(
            e.to_string(),
            "invalid input: the time interval is empty (t0 >= t1)"
        );
        assert_eq!(e.reason(), "the time interval is empty (t0 >= t1)");
        assert!(e.is_invalid_input());
        assert!(!e.is_not_applicable());
        assert!(!e.is_limit_exceeded());
    }

    #[test]
    fn not_applicable_display_and_predicates() {
        let e = Error::not_applicable("body a is a triangle");
        assert_eq!(e.to_string(), "not applicable: body a is a triangle");
        assert_eq!(e.reason(), "body a is a triangle");
        assert!(!e.is_invalid_input());
        assert!(e.is_not_applicable());
        assert!(!e.is_limit_exceeded());
    }

    #[test]
    fn limit_exceeded_display_and_predicates() {
        let e = Error::limit_exceeded(String::from("sgm: degree too high"));
        assert_eq!(
            e.to_string(),
            "resource limit exceeded: sgm: degree too high"
        );
        assert_eq!(e.reason(), "sgm: degree too high");
        assert!(!e.is_invalid_input());
        assert!(!e.is_not_applicable());
        assert!(e.is_limit_exceeded());
    }
}
