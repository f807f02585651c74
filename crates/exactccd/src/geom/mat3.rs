//! 3x3 matrices, rotations from quaternions, and poses.
//!
//! [`Mat3`] is stored by rows and multiplies column vectors (`x = M y`). Its
//! ring operations work for any [`MatrixEntry`], so the same code multiplies
//! rational matrices and the polynomial matrices of motions; the inverse
//! divides and asks for a [`FieldScalar`].
//!
//! The rotation of a quaternion `q = (w, x, y, z)` of any non-zero length is
//! `rot(q) / |q|^2` with the homogeneous formula (docs/FORMAT.md 2.1)
//!
//! ```text
//!          [ w²+x²-y²-z²   2(xy - wz)    2(xz + wy)  ]
//! rot(q) = [ 2(xy + wz)    w²-x²+y²-z²   2(yz - wx)  ]
//!          [ 2(xz - wy)    2(yz + wx)    w²-x²-y²+z² ]
//! ```
//!
//! whose entries are quadratic forms in `q`: `rot(q)^T rot(q) = |q|^4 I` and
//! `det rot(q) = |q|^6` identically, so rational (or polynomial) quaternions
//! give exactly rational (or rational-function) rotations, as in CGAL's
//! `rational_rotation.h`.
#![deny(clippy::float_arithmetic)]

use super::{MatrixEntry, Vec3};
use crate::scalar::{BigRational, FieldScalar, Scalar};
use std::ops::{Add, Mul, Sub};

/// A 3x3 matrix stored by rows; it multiplies column vectors.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mat3<S> {
    /// `rows[i][j]` is row `i`, column `j`.
    pub rows: [[S; 3]; 3],
}

/// A rigid placement: world `x = translation + rotation * y` for local `y`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pose<S> {
    /// The rotation `R`; its columns are the body axes in world coordinates.
    pub rotation: Mat3<S>,
    /// The translation `c`: the world position of the local origin.
    pub translation: Vec3<S>,
}

impl<S> Mat3<S> {
    /// The matrix with these rows.
    pub fn from_rows(rows: [[S; 3]; 3]) -> Self {
        Mat3 { rows }
    }

    /// Maps every entry through `f` (for conversions between scalars).
    pub fn map<T>(&self, mut f: impl FnMut(&S) -> T) -> Mat3<T> {
        Mat3 {
            rows: std::array::from_fn(|i| std::array::from_fn(|j| f(&self.rows[i][j]))),
        }
    }
}

impl<S: MatrixEntry> Mat3<S> {
    /// The zero matrix.
    pub fn zero() -> Self {
        Mat3::from_rows(std::array::from_fn(|_| {
            std::array::from_fn(|_| S::entry_zero())
        }))
    }

    /// The identity matrix.
    pub fn identity() -> Self {
        Self::diagonal([S::entry_one(), S::entry_one(), S::entry_one()])
    }

    /// The diagonal matrix `diag(d0, d1, d2)`.
    pub fn diagonal(d: [S; 3]) -> Self {
        let mut m = Self::zero();
        for (i, di) in d.into_iter().enumerate() {
            m.rows[i][i] = di;
        }
        m
    }

    /// The matrix whose columns are `cols`.
    pub fn from_cols(cols: [Vec3<S>; 3]) -> Self {
        Mat3::from_rows(std::array::from_fn(|i| {
            std::array::from_fn(|j| cols[j][i].clone())
        }))
    }

    /// Row `i` as a vector.
    pub fn row(&self, i: usize) -> Vec3<S> {
        let [x, y, z] = self.rows[i].clone();
        Vec3::new(x, y, z)
    }

    /// Column `j` as a vector (for a pose's rotation: body axis `j` in world
    /// coordinates).
    pub fn col(&self, j: usize) -> Vec3<S> {
        Vec3::new(
            self.rows[0][j].clone(),
            self.rows[1][j].clone(),
            self.rows[2][j].clone(),
        )
    }

    /// The transpose `M^T`.
    #[must_use]
    pub fn transpose(&self) -> Self {
        Mat3::from_rows(std::array::from_fn(|i| {
            std::array::from_fn(|j| self.rows[j][i].clone())
        }))
    }

    /// `M v` for a column vector `v`.
    pub fn mul_vec(&self, v: &Vec3<S>) -> Vec3<S> {
        Vec3::new(self.row(0).dot(v), self.row(1).dot(v), self.row(2).dot(v))
    }

    /// The product `self * other` (apply `other` first).
    #[must_use]
    pub fn mul_mat(&self, other: &Self) -> Self {
        let cols = [other.col(0), other.col(1), other.col(2)];
        Mat3::from_rows(std::array::from_fn(|i| {
            let r = self.row(i);
            std::array::from_fn(|j| r.dot(&cols[j]))
        }))
    }

    /// `c * self`.
    #[must_use]
    pub fn scale(&self, c: &S) -> Self {
        self.map(|a| a.entry_mul(c))
    }

    /// The trace `m00 + m11 + m22`.
    pub fn trace(&self) -> S {
        self.rows[0][0]
            .entry_add(&self.rows[1][1])
            .entry_add(&self.rows[2][2])
    }

    /// The determinant, by cofactor expansion along the first row: the triple
    /// product `row0 . (row1 x row2)`.
    pub fn determinant(&self) -> S {
        self.row(0).dot(&self.row(1).cross(&self.row(2)))
    }

    /// The adjugate (transposed cofactor matrix): `M adj(M) = adj(M) M =
    /// det(M) I`. Its columns are the cross products of the rows.
    #[must_use]
    pub fn adjugate(&self) -> Self {
        let (r0, r1, r2) = (self.row(0), self.row(1), self.row(2));
        Mat3::from_cols([r1.cross(&r2), r2.cross(&r0), r0.cross(&r1)])
    }

    /// True when every off-diagonal entry is zero (exactly, for exact types).
    pub(crate) fn is_diagonal(&self) -> bool {
        (0..3).all(|i| (0..3).all(|j| i == j || self.rows[i][j].entry_is_zero()))
    }
}

impl<S: Scalar> Mat3<S> {
    /// The exact value of a rational matrix (rounded once per entry for
    /// `f64`).
    pub fn from_rational(m: &Mat3<BigRational>) -> Self {
        m.map(S::from_rational)
    }

    /// The exact rational value, `None` if an entry is a non-finite `f64`.
    pub fn to_rational(&self) -> Option<Mat3<BigRational>> {
        let mut rows: [[BigRational; 3]; 3] = Default::default();
        for (i, row) in self.rows.iter().enumerate() {
            for (j, a) in row.iter().enumerate() {
                rows[i][j] = a.to_rational()?;
            }
        }
        Some(Mat3 { rows })
    }

    /// The nearest `f64` entries.
    pub fn to_f64(&self) -> Mat3<f64> {
        self.map(Scalar::to_f64)
    }

    /// True when the matrix is a rotation: `R^T R == I` and `det R == 1`.
    ///
    /// Exact for exact scalars. For `f64`, each entry of `R^T R - I` and
    /// `det R - 1` must be within `1e-9` (docs/FORMAT.md 2.1).
    ///
    /// ```
    /// use exactccd::geom::{quaternion_rotation, Mat3};
    /// use exactccd::scalar::{BigRational, parse_number};
    /// let q = ["1", "2", "3", "4"].map(|s| parse_number(s).unwrap());
    /// let r: Mat3<BigRational> = quaternion_rotation(&q).unwrap();
    /// assert!(r.is_rotation());
    /// assert!(!r.scale(&parse_number("2").unwrap()).is_rotation());
    /// ```
    pub fn is_rotation(&self) -> bool {
        let gram = self.transpose().mul_mat(self);
        let det = self.determinant();
        let one = S::one();
        if S::IS_EXACT {
            return gram == Self::identity() && det == one;
        }
        let tol = S::from_rational(&BigRational::new(1.into(), 1_000_000_000.into()));
        let close = |a: &S, b: &S| a.sub_ref(b).abs() <= tol;
        let id = Self::identity();
        (0..3).all(|i| (0..3).all(|j| close(&gram.rows[i][j], &id.rows[i][j]))) && close(&det, &one)
    }
}

impl<S: FieldScalar> Mat3<S> {
    /// The inverse `adj(M) / det(M)`, `None` when the determinant is zero.
    pub fn inverse(&self) -> Option<Self> {
        let det = self.determinant();
        if det.is_zero() {
            return None;
        }
        let inv = det.recip();
        Some(self.adjugate().scale(&inv))
    }
}

impl<S: MatrixEntry> Mul<&Mat3<S>> for &Mat3<S> {
    type Output = Mat3<S>;
    fn mul(self, rhs: &Mat3<S>) -> Mat3<S> {
        self.mul_mat(rhs)
    }
}

impl<S: MatrixEntry> Mul<&Vec3<S>> for &Mat3<S> {
    type Output = Vec3<S>;
    fn mul(self, rhs: &Vec3<S>) -> Vec3<S> {
        self.mul_vec(rhs)
    }
}

impl<S: MatrixEntry> Add<&Mat3<S>> for &Mat3<S> {
    type Output = Mat3<S>;
    fn add(self, rhs: &Mat3<S>) -> Mat3<S> {
        Mat3::from_rows(std::array::from_fn(|i| {
            std::array::from_fn(|j| self.rows[i][j].entry_add(&rhs.rows[i][j]))
        }))
    }
}

impl<S: MatrixEntry> Sub<&Mat3<S>> for &Mat3<S> {
    type Output = Mat3<S>;
    fn sub(self, rhs: &Mat3<S>) -> Mat3<S> {
        Mat3::from_rows(std::array::from_fn(|i| {
            std::array::from_fn(|j| self.rows[i][j].entry_sub(&rhs.rows[i][j]))
        }))
    }
}

/// `|q|^2 = w² + x² + y² + z²`.
pub fn quaternion_norm_squared<S: MatrixEntry>(q: &[S; 4]) -> S {
    q.iter()
        .fold(S::entry_zero(), |acc, a| acc.entry_add(&a.entry_mul(a)))
}

/// The homogeneous rotation `rot(q)` of the quaternion `q = (w, x, y, z)`
/// (module docs): `rot(q) / |q|^2` is the rotation. A ring operation, so it
/// also takes polynomial quaternions `q(t)`.
///
/// ```
/// use exactccd::geom::quaternion_rotation_homogeneous;
/// let r = quaternion_rotation_homogeneous(&[1.0, 2.0, 3.0, 4.0]);
/// assert_eq!(r.rows[0], [-20.0, 4.0, 22.0]);
/// ```
pub fn quaternion_rotation_homogeneous<S: MatrixEntry>(q: &[S; 4]) -> Mat3<S> {
    let [w, x, y, z] = q;
    let sq = |a: &S| a.entry_mul(a);
    let two = |a: S| a.entry_add(&a);
    let (ww, xx, yy, zz) = (sq(w), sq(x), sq(y), sq(z));
    let (xy, xz, yz) = (x.entry_mul(y), x.entry_mul(z), y.entry_mul(z));
    let (wx, wy, wz) = (w.entry_mul(x), w.entry_mul(y), w.entry_mul(z));
    Mat3::from_rows([
        [
            ww.entry_add(&xx).entry_sub(&yy).entry_sub(&zz),
            two(xy.entry_sub(&wz)),
            two(xz.entry_add(&wy)),
        ],
        [
            two(xy.entry_add(&wz)),
            ww.entry_sub(&xx).entry_add(&yy).entry_sub(&zz),
            two(yz.entry_sub(&wx)),
        ],
        [
            two(xz.entry_sub(&wy)),
            two(yz.entry_add(&wx)),
            ww.entry_sub(&xx).entry_sub(&yy).entry_add(&zz),
        ],
    ])
}

/// `rot(q) / |q|^2` for the quaternion `q = (w, x, y, z)`, any non-zero
/// length; `None` when `q` is zero. Exact for rational `q`.
///
/// ```
/// use exactccd::geom::quaternion_rotation;
/// use exactccd::scalar::parse_number;
/// let q = ["1", "2", "3", "4"].map(|s| parse_number(s).unwrap());
/// let r = quaternion_rotation(&q).unwrap();
/// assert_eq!(r.rows[0][0], parse_number("-2/3").unwrap());
/// assert_eq!(r.rows[2][1], parse_number("14/15").unwrap());
/// ```
pub fn quaternion_rotation<S: FieldScalar>(q: &[S; 4]) -> Option<Mat3<S>> {
    let n = quaternion_norm_squared(q);
    if n.is_zero() {
        return None;
    }
    Some(quaternion_rotation_homogeneous(q).scale(&n.recip()))
}

impl<S: MatrixEntry> Pose<S> {
    /// The pose `x = translation + rotation * y`.
    pub fn new(rotation: Mat3<S>, translation: Vec3<S>) -> Self {
        Pose {
            rotation,
            translation,
        }
    }

    /// The identity pose: local and world coordinates coincide.
    pub fn identity() -> Self {
        Pose::new(Mat3::identity(), Vec3::zero())
    }

    /// A pure translation by `c`.
    pub fn from_translation(c: Vec3<S>) -> Self {
        Pose::new(Mat3::identity(), c)
    }

    /// The world position `c + R y` of the local point `y`.
    pub fn apply_point(&self, y: &Vec3<S>) -> Vec3<S> {
        self.rotation.mul_vec(y) + &self.translation
    }

    /// The world direction `R d` of the local direction `d` (translation
    /// ignored).
    pub fn apply_direction(&self, d: &Vec3<S>) -> Vec3<S> {
        self.rotation.mul_vec(d)
    }

    /// The composition `self ∘ inner`: apply `inner` first, then `self`. For
    /// poses `P_a` (a to world) and `P_ab` (b to a), `P_a.compose(&P_ab)` maps
    /// b to world.
    #[must_use]
    pub fn compose(&self, inner: &Self) -> Self {
        Pose::new(
            self.rotation.mul_mat(&inner.rotation),
            self.apply_point(&inner.translation),
        )
    }

    /// The inverse of a rigid pose: `R^T (x - c)`, i.e. rotation `R^T` and
    /// translation `-R^T c`. A ring operation (no division); the result is
    /// the inverse only when `R` is a rotation ([`Mat3::is_rotation`]).
    #[must_use]
    pub fn inverse(&self) -> Self {
        let rt = self.rotation.transpose();
        let c = -rt.mul_vec(&self.translation);
        Pose::new(rt, c)
    }
}

impl<S: FieldScalar> Pose<S> {
    /// The pose with rotation `rot(q) / |q|^2` and translation `c`; `None`
    /// when `q` is zero.
    pub fn from_quaternion(q: &[S; 4], c: Vec3<S>) -> Option<Self> {
        Some(Pose::new(quaternion_rotation(q)?, c))
    }
}

impl<S: Scalar> Pose<S> {
    /// The exact value of a rational pose (rounded once per entry for `f64`).
    pub fn from_rational(p: &Pose<BigRational>) -> Self {
        Pose::new(
            Mat3::from_rational(&p.rotation),
            Vec3::from_rational(&p.translation),
        )
    }

    /// The nearest `f64` pose.
    pub fn to_f64(&self) -> Pose<f64> {
        Pose::new(self.rotation.to_f64(), self.translation.to_f64())
    }

    /// True when the rotation is a rotation ([`Mat3::is_rotation`]).
    pub fn is_rigid(&self) -> bool {
        self.rotation.is_rotation()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::{parse_number, BigRational};

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    fn m(rows: [[&str; 3]; 3]) -> Mat3<BigRational> {
        Mat3::from_rows(rows.map(|r| r.map(q)))
    }

    #[test]
    fn quaternion_1_2_3_4_by_hand() {
        let quat = ["1", "2", "3", "4"].map(q);
        assert_eq!(quaternion_norm_squared(&quat), q("30"));
        assert_eq!(
            quaternion_rotation_homogeneous(&quat),
            m([["-20", "4", "22"], ["20", "-10", "20"], ["10", "28", "4"]])
        );
        let r = quaternion_rotation(&quat).unwrap();
        assert_eq!(
            r,
            m([
                ["-2/3", "2/15", "11/15"],
                ["2/3", "-1/3", "2/3"],
                ["1/3", "14/15", "2/15"]
            ])
        );
        assert!(r.is_rotation());
        assert_eq!(r.determinant(), q("1"));
        assert!(quaternion_rotation(&["0", "0", "0", "0"].map(q)).is_none());
    }

    #[test]
    fn quarter_turn_about_z() {
        // q = (1, 0, 0, 1): 90 degrees about +z, e_x -> e_y.
        let r = quaternion_rotation(&["1", "0", "0", "1"].map(q)).unwrap();
        assert_eq!(r, m([["0", "-1", "0"], ["1", "0", "0"], ["0", "0", "1"]]));
        let ex = Vec3::new(q("1"), q("0"), q("0"));
        assert_eq!(r.mul_vec(&ex), Vec3::new(q("0"), q("1"), q("0")));
    }

    #[test]
    fn determinant_adjugate_inverse_by_hand() {
        let a = m([["2", "0", "1"], ["1", "3", "2"], ["1", "1", "2"]]);
        assert_eq!(a.determinant(), q("6"));
        assert_eq!(
            a.adjugate(),
            m([["4", "1", "-3"], ["0", "3", "-3"], ["-2", "-2", "6"]])
        );
        assert_eq!(
            a.mul_mat(&a.adjugate()),
            Mat3::diagonal(["6", "6", "6"].map(q))
        );
        assert_eq!(&a.adjugate() * &a, Mat3::diagonal(["6", "6", "6"].map(q)));
        assert_eq!(a.trace(), q("7"));
        assert_eq!(a.col(2), Vec3::new(q("1"), q("2"), q("2")));
        assert_eq!(Mat3::from_cols([a.col(0), a.col(1), a.col(2)]), a);
        assert_eq!(a.transpose().row(2), a.col(2));
        let inv = a.inverse().unwrap();
        assert_eq!(a.mul_mat(&inv), Mat3::identity());
        assert!(m([["1", "2", "3"], ["2", "4", "6"], ["0", "0", "1"]])
            .inverse()
            .is_none());
    }

    #[test]
    fn f64_rotation_tolerance() {
        let r = quaternion_rotation(&[1.0, 2.0, 3.0, 4.0]).unwrap();
        assert!(r.is_rotation());
        let mut off = r.clone();
        off.rows[0][0] += 1e-6;
        assert!(!off.is_rotation());
        let reflection = Mat3::diagonal([1.0, 1.0, -1.0]);
        assert!(!reflection.is_rotation());
    }

    #[test]
    fn pose_compose_and_inverse() {
        let r = quaternion_rotation(&["1", "2", "3", "4"].map(q)).unwrap();
        let p = Pose::new(r, Vec3::new(q("10"), q("0"), q("-1/2")));
        let y = Vec3::new(q("1"), q("-2"), q("3/7"));
        let x = p.apply_point(&y);
        assert_eq!(p.inverse().apply_point(&x), y);
        assert_eq!(p.compose(&p.inverse()), Pose::identity());
        assert_eq!(p.inverse().compose(&p), Pose::identity());
        assert_eq!(p.apply_direction(&y), &p.apply_point(&y) - &p.translation);
    }
}
