//! The one `f64`-only helper of the SGM solver: the unit contact normal
//! printed in results (reporting only; no decision depends on it).
//! Floating-point arithmetic is allowed here only.
#![allow(clippy::float_arithmetic)]

/// `v / |v|`, `None` for a zero or non-finite vector.
pub fn unit_f64(v: [f64; 3]) -> Option<[f64; 3]> {
    let n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    (n.is_finite() && n > 0.0).then(|| v.map(|x| x / n))
}

use super::ring::PlaneRing;
use crate::poly::{Poly, RealRoots};
use crate::scalar::{rational_from_f64, Ring, Scalar, Sign};

/// The `f64` solve builds its planes in `f64` (approximate; no exclusion
/// test, every plane is isolated by the `f64` root finder).
impl<S: RealRoots> PlaneRing<S> for f64 {
    fn polys_from(ps: &[&Poly<S>]) -> Vec<Poly<f64>> {
        ps.iter().map(|p| p.map(Scalar::to_f64)).collect()
    }

    fn values_from(xs: &[&S]) -> Vec<f64> {
        xs.iter().map(|x| x.to_f64()).collect()
    }

    fn to_scalar(p: &Poly<f64>) -> Poly<S> {
        // The `f64` solve (`S = f64`): the same polynomial, no conversion.
        if let Some(same) = (p as &dyn std::any::Any).downcast_ref::<Poly<S>>() {
            return same.clone();
        }
        p.map(|c| rational_from_f64(*c).map_or_else(S::zero, |q| S::from_rational(&q)))
    }

    fn sign_at(p: &Poly<f64>, x: &S) -> Sign {
        Ring::sign(&p.eval(&x.to_f64()))
    }

    fn sign_if_rootless(_p: &Poly<f64>, _lo: &S, _hi: &S) -> Option<Sign> {
        None
    }
}
