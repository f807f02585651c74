//! Three-component column vectors over any [`MatrixEntry`] (scalars or
//! polynomials in `t`).
#![deny(clippy::float_arithmetic)]

use super::MatrixEntry;
use crate::scalar::{rational_from_f64, BigRational, Scalar};
use std::ops::{Add, Index, IndexMut, Neg, Sub};

/// A column vector `(x, y, z)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Vec3<S> {
    /// First component.
    pub x: S,
    /// Second component.
    pub y: S,
    /// Third component.
    pub z: S,
}

impl<S> Vec3<S> {
    /// `(x, y, z)`.
    pub fn new(x: S, y: S, z: S) -> Self {
        Vec3 { x, y, z }
    }

    /// The components as an array `[x, y, z]`.
    pub fn into_array(self) -> [S; 3] {
        [self.x, self.y, self.z]
    }

    /// The vector with components `[x, y, z]`.
    pub fn from_array(a: [S; 3]) -> Self {
        let [x, y, z] = a;
        Vec3 { x, y, z }
    }

    /// Maps every component through `f` (for conversions between scalars).
    pub fn map<T>(&self, mut f: impl FnMut(&S) -> T) -> Vec3<T> {
        Vec3::new(f(&self.x), f(&self.y), f(&self.z))
    }

    /// The components by reference, in order.
    pub fn iter(&self) -> impl Iterator<Item = &S> {
        [&self.x, &self.y, &self.z].into_iter()
    }
}

impl<S: MatrixEntry> Vec3<S> {
    /// The zero vector.
    pub fn zero() -> Self {
        Vec3::new(S::entry_zero(), S::entry_zero(), S::entry_zero())
    }

    /// The unit vector along axis `i` (`0` is x): `e_i`.
    ///
    /// # Panics
    /// If `i > 2`.
    pub fn unit(i: usize) -> Self {
        let mut v = Self::zero();
        v[i] = S::entry_one();
        v
    }

    /// `c * self`.
    #[must_use]
    pub fn scale(&self, c: &S) -> Self {
        self.map(|a| a.entry_mul(c))
    }

    /// The dot product `self . other`.
    pub fn dot(&self, other: &Self) -> S {
        self.x
            .entry_mul(&other.x)
            .entry_add(&self.y.entry_mul(&other.y))
            .entry_add(&self.z.entry_mul(&other.z))
    }

    /// The cross product `self x other` (right-handed).
    ///
    /// ```
    /// use exactccd::geom::Vec3;
    /// let ex = Vec3::new(1.0, 0.0, 0.0);
    /// let ey = Vec3::new(0.0, 1.0, 0.0);
    /// assert_eq!(ex.cross(&ey), Vec3::new(0.0, 0.0, 1.0));
    /// ```
    #[must_use]
    pub fn cross(&self, other: &Self) -> Self {
        Vec3::new(
            self.y
                .entry_mul(&other.z)
                .entry_sub(&self.z.entry_mul(&other.y)),
            self.z
                .entry_mul(&other.x)
                .entry_sub(&self.x.entry_mul(&other.z)),
            self.x
                .entry_mul(&other.y)
                .entry_sub(&self.y.entry_mul(&other.x)),
        )
    }

    /// `self . self`.
    pub fn norm_squared(&self) -> S {
        self.dot(self)
    }

    /// True when every component is zero (exactly, for exact types).
    pub fn is_zero(&self) -> bool {
        self.iter().all(MatrixEntry::entry_is_zero)
    }
}

impl<S: Scalar> Vec3<S> {
    /// The exact value of a rational vector (rounded once per component for
    /// `f64`).
    pub fn from_rational(v: &Vec3<BigRational>) -> Self {
        v.map(S::from_rational)
    }

    /// The exact rational value, `None` if a component is a non-finite `f64`.
    pub fn to_rational(&self) -> Option<Vec3<BigRational>> {
        Some(Vec3::new(
            self.x.to_rational()?,
            self.y.to_rational()?,
            self.z.to_rational()?,
        ))
    }

    /// The nearest `f64` components.
    pub fn to_f64(&self) -> Vec3<f64> {
        self.map(Scalar::to_f64)
    }

    /// The value of an `f64` vector, exact (an `f64` is a dyadic rational) for
    /// exact scalars; `None` if a component is NaN or infinite.
    pub fn from_f64(v: &Vec3<f64>) -> Option<Self> {
        Some(Vec3::new(
            S::from_rational(&rational_from_f64(v.x)?),
            S::from_rational(&rational_from_f64(v.y)?),
            S::from_rational(&rational_from_f64(v.z)?),
        ))
    }

    /// The largest absolute value of a component (the max norm).
    pub(crate) fn max_abs(&self) -> S {
        self.x.abs().max_of(self.y.abs()).max_of(self.z.abs())
    }
}

impl<S> Index<usize> for Vec3<S> {
    type Output = S;
    /// Component `i`: `0` is x, `1` is y, `2` is z.
    ///
    /// # Panics
    /// If `i > 2`.
    fn index(&self, i: usize) -> &S {
        match i {
            0 => &self.x,
            1 => &self.y,
            2 => &self.z,
            _ => panic!("Vec3 index {i} out of range 0..3"),
        }
    }
}

impl<S> IndexMut<usize> for Vec3<S> {
    fn index_mut(&mut self, i: usize) -> &mut S {
        match i {
            0 => &mut self.x,
            1 => &mut self.y,
            2 => &mut self.z,
            _ => panic!("Vec3 index {i} out of range 0..3"),
        }
    }
}

impl<S: MatrixEntry> Add<&Vec3<S>> for &Vec3<S> {
    type Output = Vec3<S>;
    fn add(self, rhs: &Vec3<S>) -> Vec3<S> {
        Vec3::new(
            self.x.entry_add(&rhs.x),
            self.y.entry_add(&rhs.y),
            self.z.entry_add(&rhs.z),
        )
    }
}

impl<S: MatrixEntry> Sub<&Vec3<S>> for &Vec3<S> {
    type Output = Vec3<S>;
    fn sub(self, rhs: &Vec3<S>) -> Vec3<S> {
        Vec3::new(
            self.x.entry_sub(&rhs.x),
            self.y.entry_sub(&rhs.y),
            self.z.entry_sub(&rhs.z),
        )
    }
}

impl<S: MatrixEntry> Add<Vec3<S>> for Vec3<S> {
    type Output = Vec3<S>;
    fn add(self, rhs: Vec3<S>) -> Vec3<S> {
        Vec3::new(self.x + rhs.x, self.y + rhs.y, self.z + rhs.z)
    }
}

impl<S: MatrixEntry> Sub<Vec3<S>> for Vec3<S> {
    type Output = Vec3<S>;
    fn sub(self, rhs: Vec3<S>) -> Vec3<S> {
        Vec3::new(self.x - rhs.x, self.y - rhs.y, self.z - rhs.z)
    }
}

impl<S: MatrixEntry> Add<&Vec3<S>> for Vec3<S> {
    type Output = Vec3<S>;
    fn add(self, rhs: &Vec3<S>) -> Vec3<S> {
        Vec3::new(self.x + &rhs.x, self.y + &rhs.y, self.z + &rhs.z)
    }
}

impl<S: MatrixEntry> Sub<&Vec3<S>> for Vec3<S> {
    type Output = Vec3<S>;
    fn sub(self, rhs: &Vec3<S>) -> Vec3<S> {
        Vec3::new(self.x - &rhs.x, self.y - &rhs.y, self.z - &rhs.z)
    }
}

impl<S: MatrixEntry> Neg for Vec3<S> {
    type Output = Vec3<S>;
    fn neg(self) -> Vec3<S> {
        Vec3::new(-self.x, -self.y, -self.z)
    }
}

impl<S: MatrixEntry> Neg for &Vec3<S> {
    type Output = Vec3<S>;
    fn neg(self) -> Vec3<S> {
        -self.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::{parse_number, BigRational};

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    fn v(a: &str, b: &str, c: &str) -> Vec3<BigRational> {
        Vec3::new(q(a), q(b), q(c))
    }

    #[test]
    fn arithmetic_by_value_and_by_reference_agree() {
        let a = v("1/2", "-3", "0.1");
        let b = v("2", "1/3", "-1");
        assert_eq!(&a + &b, v("5/2", "-8/3", "-9/10"));
        assert_eq!(a.clone() + b.clone(), &a + &b);
        assert_eq!(a.clone() + &b, &a + &b);
        assert_eq!(&a - &b, v("-3/2", "-10/3", "11/10"));
        assert_eq!(a.clone() - &b, a.clone() - b.clone());
        assert_eq!(-&a, v("-1/2", "3", "-1/10"));
        assert_eq!(a.scale(&q("2")), v("1", "-6", "1/5"));
    }

    #[test]
    fn dot_cross_and_norm_by_hand() {
        let a = v("1", "2", "3");
        let b = v("4", "5", "6");
        assert_eq!(a.dot(&b), q("32"));
        assert_eq!(a.cross(&b), v("-3", "6", "-3"));
        assert_eq!(a.norm_squared(), q("14"));
        assert_eq!(a.cross(&b).dot(&a), q("0"));
        assert_eq!(a[0], q("1"));
        assert_eq!(a[2], q("3"));
        assert_eq!(Vec3::<BigRational>::unit(1), v("0", "1", "0"));
    }

    #[test]
    fn conversions_round_trip() {
        let a = v("1/3", "-0.5", "7");
        let f = a.to_f64();
        assert_eq!(f.y, -0.5);
        assert_eq!(f.z, 7.0);
        let back = Vec3::<BigRational>::from_f64(&f).unwrap();
        assert_eq!(back.y, q("-1/2"));
        assert_ne!(back.x, q("1/3"));
        assert_eq!(Vec3::<f64>::from_rational(&a).z, 7.0);
        assert!(Vec3::<BigRational>::from_f64(&Vec3::new(f64::NAN, 0.0, 0.0)).is_none());
        assert_eq!(a.max_abs(), q("7"));
    }
}
