//! The one `f64`-only helper of the SGM solver: the unit contact normal
//! printed in results (reporting only; no decision depends on it).
//! Floating-point arithmetic is allowed here only.
#![allow(clippy::float_arithmetic)]

/// `v / |v|`, `None` for a zero or non-finite vector.
pub fn unit_f64(v: [f64; 3]) -> Option<[f64; 3]> {
    let n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    (n.is_finite() && n > 0.0).then(|| v.map(|x| x / n))
}
