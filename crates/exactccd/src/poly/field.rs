//! Polynomial division, gcd and square-free part over a field.
#![deny(clippy::float_arithmetic)]

use super::Poly;
use crate::scalar::FieldScalar;

impl<F: FieldScalar> Poly<F> {
    /// Euclidean division: `(q, r)` with `self = q * divisor + r` and
    /// `deg r < deg divisor`.
    ///
    /// # Panics
    /// If `divisor` is zero.
    pub fn div_rem(&self, divisor: &Self) -> (Self, Self) {
        let d = divisor.degree().expect("division by the zero polynomial");
        let lead = divisor.coeffs[d].clone();
        let mut rem = self.coeffs.clone();
        if rem.len() <= d {
            return (Self::zero(), self.clone());
        }
        let mut quot = vec![F::zero(); rem.len() - d];
        for k in (0..quot.len()).rev() {
            let c = rem[k + d].div_ref(&lead);
            if !c.is_zero() {
                for (j, b) in divisor.coeffs.iter().enumerate() {
                    rem[k + j].sub_mul(&c, b);
                }
            }
            quot[k] = c;
        }
        rem.truncate(d);
        (Self::from_coeffs(quot), Self::from_coeffs(rem))
    }

    /// `self / divisor` when the division is exact. For `f64`, where a
    /// remainder of rounding noise is expected, the remainder is dropped.
    ///
    /// # Panics
    /// For exact scalars, if the remainder is not zero (a caller bug).
    #[must_use]
    pub fn exact_div(&self, divisor: &Self) -> Self {
        let (q, r) = self.div_rem(divisor);
        assert!(
            !F::IS_EXACT || r.is_zero(),
            "exact_div: {divisor:?} does not divide {self:?}"
        );
        q
    }

    /// The polynomial divided by its leading coefficient (zero stays zero).
    #[must_use]
    pub fn monic(&self) -> Self {
        match self.leading() {
            None => Self::zero(),
            Some(l) => {
                let inv = l.recip();
                self.scale(&inv)
            }
        }
    }

    /// The monic greatest common divisor (zero when both are zero), by
    /// Euclid's algorithm. Exact over exact fields; over `f64` it is only a
    /// heuristic and the exact pipeline never uses it.
    #[must_use]
    pub fn gcd(&self, other: &Self) -> Self {
        let mut a = self.clone();
        let mut b = other.clone();
        while !b.is_zero() {
            let r = a.div_rem(&b).1;
            a = b;
            b = r;
        }
        a.monic()
    }

    /// The square-free part `self / gcd(self, self')`, monic: the same roots,
    /// each simple.
    #[must_use]
    pub fn square_free_part(&self) -> Self {
        if self.is_constant() {
            return self.monic();
        }
        let g = self.gcd(&self.derivative());
        self.exact_div(&g).monic()
    }
}
