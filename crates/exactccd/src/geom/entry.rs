//! The coefficient type of vectors and matrices: every [`Ring`] scalar, and
//! polynomials in `t` over a ring.
//!
//! Motions are matrices and vectors whose entries are polynomials
//! (`Mat3<Poly<S>>`, see [`crate::motion`]); [`Poly`] is a ring but not a
//! [`Ring`] (it has no sign), so the vector and matrix algebra of this module
//! is written against the smaller [`MatrixEntry`] instead. Its methods carry
//! an `entry_` prefix so that they never clash with `Ring::zero()` and
//! friends in code that has both traits in scope.
#![deny(clippy::float_arithmetic)]

use crate::poly::Poly;
use crate::scalar::Ring;
use std::fmt::Debug;
use std::ops::{Add, Mul, Neg, Sub};

/// A commutative ring element that can be a vector or matrix entry: any
/// [`Ring`] and any [`Poly`] over a ring.
///
/// Laws relied on: those of a commutative ring, exactly for exact types.
pub trait MatrixEntry:
    Clone
    + Debug
    + PartialEq
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + for<'a> Add<&'a Self, Output = Self>
    + for<'a> Sub<&'a Self, Output = Self>
    + for<'a> Mul<&'a Self, Output = Self>
{
    /// The additive identity.
    fn entry_zero() -> Self;
    /// The multiplicative identity.
    fn entry_one() -> Self;
    /// `self == 0` (exact for exact types).
    fn entry_is_zero(&self) -> bool;
    /// `&self + rhs` without consuming `self`.
    fn entry_add(&self, rhs: &Self) -> Self {
        self.clone() + rhs
    }
    /// `&self - rhs` without consuming `self`.
    fn entry_sub(&self, rhs: &Self) -> Self {
        self.clone() - rhs
    }
    /// `&self * rhs` without consuming `self`.
    fn entry_mul(&self, rhs: &Self) -> Self {
        self.clone() * rhs
    }
}

impl<R: Ring> MatrixEntry for R {
    fn entry_zero() -> Self {
        R::zero()
    }
    fn entry_one() -> Self {
        R::one()
    }
    fn entry_is_zero(&self) -> bool {
        Ring::is_zero(self)
    }
    fn entry_add(&self, rhs: &Self) -> Self {
        self.add_ref(rhs)
    }
    fn entry_sub(&self, rhs: &Self) -> Self {
        self.sub_ref(rhs)
    }
    fn entry_mul(&self, rhs: &Self) -> Self {
        self.mul_ref(rhs)
    }
}

impl<R: Ring> MatrixEntry for Poly<R> {
    fn entry_zero() -> Self {
        Poly::zero()
    }
    fn entry_one() -> Self {
        Poly::constant(R::one())
    }
    fn entry_is_zero(&self) -> bool {
        Poly::is_zero(self)
    }
    fn entry_add(&self, rhs: &Self) -> Self {
        self + rhs
    }
    fn entry_sub(&self, rhs: &Self) -> Self {
        self - rhs
    }
    fn entry_mul(&self, rhs: &Self) -> Self {
        self * rhs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::BigRational;

    #[test]
    fn polynomials_and_scalars_are_entries() {
        let p: Poly<BigRational> = Poly::t();
        let one = <Poly<BigRational> as MatrixEntry>::entry_one();
        assert_eq!(p.entry_mul(&p).entry_add(&one).degree(), Some(2));
        assert!(<f64 as MatrixEntry>::entry_zero().entry_is_zero());
    }
}
