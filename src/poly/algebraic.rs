//! Real algebraic numbers: the type of an exact contact time.
#![deny(clippy::float_arithmetic)]

use super::{Dyadic, Poly};
use crate::scalar::{BigInt, BigRational};
use std::sync::Arc;

/// An exact real algebraic number: either a rational, or the unique root of
/// a square-free integer polynomial inside an isolating open interval with
/// dyadic ends.
#[derive(Clone, Debug)]
pub struct RealAlgebraic {
    repr: Repr,
}

#[derive(Clone, Debug)]
enum Repr {
    Rational(BigRational),
    Root {
        poly: Arc<Poly<BigInt>>,
        lo: Dyadic,
        hi: Dyadic,
    },
}

impl PartialEq for RealAlgebraic {
    fn eq(&self, other: &Self) -> bool {
        match (&self.repr, &other.repr) {
            (Repr::Rational(a), Repr::Rational(b)) => a == b,
            _ => false,
        }
    }
}
