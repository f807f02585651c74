//! The referee's real algebraic numbers: a rational, or the unique root of a
//! polynomial inside an open interval with rational ends. Validated on
//! construction; compared and signed by plain bisection and gcds.

use crate::poly::{count_roots_closed, sign, Poly, Q};
use std::cmp::Ordering;

/// Bisections tried in [`Algebraic::sign_of`] before the gcd test.
const QUICK_REFINEMENTS: usize = 6;

/// An exact real algebraic number, as a claim states a time.
#[derive(Clone, Debug)]
pub enum Algebraic {
    /// A rational.
    Rational(Q),
    /// The unique root of `poly` in the open interval `(lo, hi)`.
    Root {
        /// Square-free, with exactly one root in `(lo, hi)` and none at the ends.
        poly: Poly,
        /// Lower end.
        lo: Q,
        /// Upper end.
        hi: Q,
    },
}

/// Why a stated algebraic number is not well defined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AlgebraicError {
    /// `lo >= hi`, or the polynomial is zero or constant.
    Malformed,
    /// The polynomial vanishes at an end of the interval.
    RootAtEnd,
    /// The interval holds no root, or more than one.
    NotIsolating(usize),
}

impl Algebraic {
    /// Checks and builds the root of `poly` in `(lo, hi)`.
    pub fn root(poly: Poly, lo: Q, hi: Q) -> Result<Algebraic, AlgebraicError> {
        if lo >= hi || poly.degree().unwrap_or(0) == 0 {
            return Err(AlgebraicError::Malformed);
        }
        if poly.sign_at(&lo) == 0 || poly.sign_at(&hi) == 0 {
            return Err(AlgebraicError::RootAtEnd);
        }
        let poly = poly.square_free();
        let n = count_roots_closed(&poly, &lo, &hi);
        if n != 1 {
            return Err(AlgebraicError::NotIsolating(n));
        }
        Ok(Algebraic::Root { poly, lo, hi })
    }

    /// The current enclosing interval (a point for a rational).
    pub fn bounds(&self) -> (Q, Q) {
        match self {
            Algebraic::Rational(x) => (x.clone(), x.clone()),
            Algebraic::Root { lo, hi, .. } => (lo.clone(), hi.clone()),
        }
    }

    /// Halves the interval (a root met exactly at the midpoint becomes a
    /// rational).
    pub fn refine(&mut self) {
        if let Algebraic::Root { poly, lo, hi } = self {
            let m = crate::arith::midpoint(lo, hi);
            let s = poly.sign_at(&m);
            if s == 0 {
                *self = Algebraic::Rational(m);
            } else if s == poly.sign_at(lo) {
                *lo = m;
            } else {
                *hi = m;
            }
        }
    }

    /// The sign of `f` at this number when it is plain: the number is
    /// rational, or `f` has no root in its isolating interval (so the sign
    /// there is the sign at the number). `None` otherwise.
    fn plain_sign(&self, f: &Poly) -> Option<i32> {
        match self {
            Algebraic::Rational(v) => Some(f.sign_at(v)),
            Algebraic::Root { lo, hi, .. } => {
                crate::poly::no_root_in(f, lo, hi).then(|| f.sign_at(lo))
            }
        }
    }

    /// The sign of `f` at this number: -1, 0 or 1.
    pub fn sign_of(&self, f: &Poly) -> i32 {
        if f.is_zero() {
            return 0;
        }
        let mut x = self.clone();
        // Cheap case first, with a few refinements: it can never succeed
        // when f vanishes at the number, which the gcd test below decides.
        for _ in 0..QUICK_REFINEMENTS {
            if let Some(s) = x.plain_sign(f) {
                return s;
            }
            x.refine();
        }
        if let Algebraic::Root { poly, lo, hi } = &x {
            // f vanishes here iff gcd(f, poly) has a root in (lo, hi)
            let g = f.gcd(poly);
            if g.degree().unwrap_or(0) > 0 && count_roots_closed(&g, lo, hi) > 0 {
                return 0;
            }
        }
        // f does not vanish here: refine until its sign is plain
        loop {
            if let Some(s) = x.plain_sign(f) {
                return s;
            }
            x.refine();
        }
    }

    /// Compares with a rational.
    pub fn cmp_rational(&self, r: &Q) -> Ordering {
        // sign of (t - r) at self
        let f = Poly::new(vec![-r.clone(), crate::poly::q(1, 1)]);
        match self.sign_of(&f) {
            -1 => Ordering::Less,
            0 => Ordering::Equal,
            _ => Ordering::Greater,
        }
    }

    /// Exact comparison of two algebraic numbers.
    pub fn compare(&self, other: &Algebraic) -> Ordering {
        match (self, other) {
            (Algebraic::Rational(a), Algebraic::Rational(b)) => a.cmp(b),
            (_, Algebraic::Rational(b)) => self.cmp_rational(b),
            (Algebraic::Rational(a), _) => other.cmp_rational(a).reverse(),
            (Algebraic::Root { .. }, Algebraic::Root { poly: r, .. }) => {
                // equal iff other's polynomial vanishes at self and self lies
                // in other's interval (where other is the only root of r)
                let (olo, ohi) = other.bounds();
                if self.sign_of(r) == 0
                    && self.cmp_rational(&olo) == Ordering::Greater
                    && self.cmp_rational(&ohi) == Ordering::Less
                {
                    return Ordering::Equal;
                }
                // distinct: refine both until the intervals separate
                let (mut a, mut b) = (self.clone(), other.clone());
                loop {
                    if let Algebraic::Rational(x) = &a {
                        return b.cmp_rational(x).reverse();
                    }
                    if let Algebraic::Rational(y) = &b {
                        return a.cmp_rational(y);
                    }
                    // both roots lie strictly inside their open intervals
                    let (alo, ahi) = a.bounds();
                    let (blo, bhi) = b.bounds();
                    if ahi <= blo {
                        return Ordering::Less;
                    }
                    if bhi <= alo {
                        return Ordering::Greater;
                    }
                    a.refine();
                    b.refine();
                }
            }
        }
    }

    /// A rational lower bound (the interval's lower end).
    pub fn lower(&self) -> Q {
        self.bounds().0
    }

    /// The sign of the number itself.
    pub fn signum(&self) -> i32 {
        match self {
            Algebraic::Rational(v) => sign(v),
            _ => match self.cmp_rational(&crate::poly::q(0, 1)) {
                Ordering::Less => -1,
                Ordering::Equal => 0,
                Ordering::Greater => 1,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::q;

    fn p(c: &[i64]) -> Poly {
        Poly::new(c.iter().map(|&v| q(v, 1)).collect())
    }

    #[test]
    fn validates_and_compares() {
        let s2 = Algebraic::root(p(&[-2, 0, 1]), q(1, 1), q(2, 1)).unwrap();
        assert!(matches!(
            Algebraic::root(p(&[-2, 0, 1]), q(-2, 1), q(2, 1)),
            Err(AlgebraicError::NotIsolating(2))
        ));
        assert!(matches!(
            Algebraic::root(p(&[-1, 1]), q(1, 1), q(2, 1)),
            Err(AlgebraicError::RootAtEnd)
        ));
        assert_eq!(s2.cmp_rational(&q(141, 100)), Ordering::Greater);
        assert_eq!(s2.cmp_rational(&q(142, 100)), Ordering::Less);
        // sqrt(2) as a root of (t^2 - 2)(t - 5) in another interval
        let other = Algebraic::root(p(&[-2, 0, 1]).mul(&p(&[-5, 1])), q(7, 5), q(3, 2)).unwrap();
        assert_eq!(s2.compare(&other), Ordering::Equal);
        let s3 = Algebraic::root(p(&[-3, 0, 1]), q(1, 1), q(2, 1)).unwrap();
        assert_eq!(s2.compare(&s3), Ordering::Less);
        assert_eq!(s2.sign_of(&p(&[-4, 0, 0, 0, 1])), 0); // t^4 - 4
        assert_eq!(s2.sign_of(&p(&[-3, 0, 1])), -1);
    }
}
