//! The one rational-to-`f64` conversion that IEEE 754 arithmetic does
//! exactly: a quotient of two integers that convert without rounding.
#![allow(clippy::float_arithmetic)]

/// The `f64` nearest to `n / d` when both are below `2^53` in magnitude
/// (`d > 0`): both convert exactly and IEEE 754 division rounds the
/// quotient correctly (to nearest, ties to even), so this is the nearest
/// `f64` the integer algorithm (`rational::nearest_f64`) computes, at the
/// cost of one division. `None` for larger parts.
pub(crate) fn small_ratio_to_f64(n: i64, d: i64) -> Option<f64> {
    const EXACT: u64 = 1 << 53;
    (n.unsigned_abs() < EXACT && d > 0 && d.unsigned_abs() < EXACT).then(|| n as f64 / d as f64)
}
