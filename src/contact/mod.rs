//! Method-neutral results: contact times, contact intervals, feature pairs,
//! points, normals and certificates, converted from each solver's own output.
#![deny(clippy::float_arithmetic)]

use crate::poly::RealAlgebraic;
use crate::scalar::BigRational;

/// A time of the contract's TIME object (SCENARIO_FORMAT.md 3).
#[derive(Clone, Debug, PartialEq)]
pub enum Time {
    /// An exact real algebraic time (exact scalar).
    Exact(RealAlgebraic),
    /// A certified enclosure `[lower, upper]` of a transcendental time
    /// (no polynomial known).
    Enclosure {
        /// Exact lower end.
        lower: BigRational,
        /// Exact upper end.
        upper: BigRational,
    },
    /// The answer of an `f64` solver.
    Float(f64),
}
