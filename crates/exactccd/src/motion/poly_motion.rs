//! [`PolyMotion`]: the one polynomial form of every rational motion, its
//! compilation from the contract's motions, exact rigidity checks, and the
//! exact relative motion of one body in the frame of another.
//!
//! A motion maps local `y` to world `x(t) = (L(t) y + T(t)) / w(t)`. In the
//! SGM paper's row-vector convention (the SGM paper) that is
//! `[x, 1] = [y, 1] M(t) / w(t)` with the 4x4 polynomial matrix
//! `M = [[L^T, 0], [T^T, w]]` ([`PolyMotion::to_row_matrix`]).
//!
//! Compilation from the contract (docs/FORMAT.md 2.3), with `c`, `R` the
//! pose:
//!
//! | kind | `L(t)` | `T(t)` | `w(t)` |
//! | --- | --- | --- | --- |
//! | static | `R` | `c` | `1` |
//! | linear | `R` | `c + t v` | `1` |
//! | rational | `d rot(q)` | `|q|^2 T_num` | `d |q|^2` |
//! | row_matrix | `M[0..3][0..3]^T` | `M[3][0..3]` | `w` |
//!
//! with `rot(q)` the homogeneous rotation of [`crate::geom`]: for the
//! rational kind, `T_num / d + rot(q) y / |q|^2` over the common denominator.
//! Then the common factor of all thirteen entries is cancelled
//! ([`PolyMotion::reduced`]), which keeps degrees low (a quaternion
//! `q(t) = g(t) q'(t)` costs nothing extra).
//!
//! **Sign of `w`.** Solvers need `w(t) > 0` on the interval `[t0, t1]`. The
//! scenario layer checks, with the exact root isolator, that the file's
//! denominators (`d`, `w`, `|q|^2`) do not vanish on the interval (a
//! precondition of everything here); then `w` has one sign there, and
//! [`PolyMotion::oriented_at`] with `t0` flips all thirteen entries when it
//! is negative. [`PolyMotion::from_body_on`] compiles and orients in one go.
//!
//! **Relative motion** (the SGM paper: `M(t) = M2(t) M1(t)^-1` in row-vector
//! form; here, with column vectors, `A(t)^-1 ∘ B(t)`): the local point `y` of
//! `b` seen in the local frame of `a`. With `x = (L_b y + T_b) / w_b` and
//! `p = L_a^-1 (w_a x - T_a)`:
//!
//! * rigid `a` (`L_a^T L_a = w_a^2 I`, so `L_a^-1 = L_a^T / w_a^2`):
//!   `L = w_a L_a^T L_b`, `T = L_a^T (w_a T_b - w_b T_a)`, `w = w_a^2 w_b`;
//! * any `a` with `det L_a` non-zero on the interval (`L_a^-1 = adj(L_a) /
//!   det L_a`): `L = w_a adj(L_a) L_b`, `T = adj(L_a) (w_a T_b - w_b T_a)`,
//!   `w = det(L_a) w_b`, oriented at `t0`.
//!
//! Both are then [`reduced`](PolyMotion::reduced).
#![deny(clippy::float_arithmetic)]

use super::{Body, Motion, PolyMotion};
use crate::budget::{self, Activity};
use crate::geom::{quaternion_norm_squared, quaternion_rotation_homogeneous, Mat3, Pose, Vec3};
use crate::poly::Poly;
use crate::scalar::{BigInt, BigRational, FieldScalar, Ring, Scalar, Sign};

/// An affine map `x = M y + v` at one instant: `(M, v)`.
pub type Affine<S> = (Mat3<S>, Vec3<S>);

/// `outer ∘ inner` of two affine maps (apply `inner` first).
pub fn compose_affine<S: Scalar>(outer: &Affine<S>, inner: &Affine<S>) -> Affine<S> {
    (
        outer.0.mul_mat(&inner.0),
        outer.0.mul_vec(&inner.1) + &outer.1,
    )
}

/// The inverse of an affine map, `None` when its matrix is singular.
pub fn invert_affine<S: FieldScalar>(map: &Affine<S>) -> Option<Affine<S>> {
    let inv = map.0.inverse()?;
    let v = -inv.mul_vec(&map.1);
    Some((inv, v))
}

fn constant_poly<S: Scalar>(c: &S) -> Poly<S> {
    Poly::constant(c.clone())
}

impl<S: Scalar> PolyMotion<S> {
    /// The motion `x(t) = (L(t) y + T(t)) / w(t)`.
    pub fn new(linear: Mat3<Poly<S>>, translation: Vec3<Poly<S>>, denominator: Poly<S>) -> Self {
        PolyMotion {
            linear,
            translation,
            denominator,
        }
    }

    /// The motion that stays at `pose`: `L = R`, `T = c`, `w = 1`.
    pub fn stationary(pose: &Pose<S>) -> Self {
        PolyMotion::new(
            pose.rotation.map(constant_poly),
            pose.translation.map(constant_poly),
            Poly::constant(S::one()),
        )
    }

    /// The thirteen entries, `L` by rows, then `T`, then `w`.
    fn entries(&self) -> impl Iterator<Item = &Poly<S>> {
        self.linear
            .rows
            .iter()
            .flatten()
            .chain(self.translation.iter())
            .chain(std::iter::once(&self.denominator))
    }

    fn map_entries<T: Scalar>(&self, mut f: impl FnMut(&Poly<S>) -> Poly<T>) -> PolyMotion<T> {
        PolyMotion {
            linear: self.linear.map(&mut f),
            translation: self.translation.map(&mut f),
            denominator: f(&self.denominator),
        }
    }

    /// The largest degree of an entry (`0` when all are constant).
    pub fn degree(&self) -> usize {
        self.entries().filter_map(Poly::degree).max().unwrap_or(0)
    }

    /// The SGM paper's 4x4 row matrix `M = [[L^T, 0], [T^T, w]]` (the SGM paper):
    /// `[x, 1] = [y, 1] M(t) / w(t)`, and `M[3][3]` is the denominator.
    pub fn to_row_matrix(&self) -> [[Poly<S>; 4]; 4] {
        std::array::from_fn(|i| {
            std::array::from_fn(|j| match (i, j) {
                (3, 3) => self.denominator.clone(),
                (3, j) => self.translation[j].clone(),
                (_, 3) => Poly::zero(),
                (i, j) => self.linear.rows[j][i].clone(),
            })
        })
    }

    /// The motion of a contract `row_matrix` (docs/FORMAT.md 2.3): `None`
    /// unless the last column is `(0, 0, 0, denominator)`.
    pub fn from_row_matrix(rows: &[[Poly<S>; 4]; 4], denominator: &Poly<S>) -> Option<Self> {
        let last_column_ok = (0..3).all(|i| rows[i][3].is_zero()) && &rows[3][3] == denominator;
        if !last_column_ok {
            return None;
        }
        Some(PolyMotion::new(
            Mat3::from_rows(std::array::from_fn(|i| {
                std::array::from_fn(|j| rows[j][i].clone())
            })),
            Vec3::from_array(std::array::from_fn(|j| rows[3][j].clone())),
            denominator.clone(),
        ))
    }

    /// True when the motion is rigid at every `t`: `L^T L == w^2 I` and
    /// `det L == w^3` as polynomial identities. Exact for exact scalars (for
    /// `f64` an exact comparison of rounded coefficients).
    pub fn is_rigid(&self) -> bool {
        // constant `L` and `w` (a `static` or `linear` body): the same
        // identities on the scalars, without polynomial products (exact
        // scalars only: for `f64` the polynomial comparison is the rule)
        let constant = self.linear.rows.iter().flatten().all(Poly::is_constant)
            && self.denominator.is_constant();
        if S::IS_EXACT && constant {
            let at = |p: &Poly<S>| p.coeffs().first().cloned().unwrap_or_else(S::zero);
            let l = self.linear.map(at);
            let w = at(&self.denominator);
            let w2 = w.mul_ref(&w);
            let gram = l.transpose().mul_mat(&l);
            return gram == Mat3::diagonal([w2.clone(), w2.clone(), w2.clone()])
                && l.determinant() == w2.mul_ref(&w);
        }
        let w2 = &self.denominator * &self.denominator;
        let gram = self.linear.transpose().mul_mat(&self.linear);
        gram == Mat3::diagonal([w2.clone(), w2.clone(), w2.clone()])
            && self.linear.determinant() == &w2 * &self.denominator
    }

    /// True when the body axes stay orthogonal: `L^T L` is diagonal
    /// identically (rotation plus per-axis scaling, a weaker condition than
    /// [`PolyMotion::is_rigid`]).
    pub fn has_orthogonal_axes(&self) -> bool {
        self.linear.transpose().mul_mat(&self.linear).is_diagonal()
    }

    /// The same motion with every entry negated when `w(t) < 0`: positive
    /// denominator on an interval containing `t` where `w` does not vanish
    /// (module docs). Unchanged when `w(t) >= 0`.
    #[must_use]
    pub fn oriented_at(self, t: &S) -> Self {
        if self.denominator.eval(t).sign() == Sign::Negative {
            self.map_entries(|p| -p)
        } else {
            self
        }
    }

    /// The world position of local `y` at time `t` as a fraction: `(L(t) y +
    /// T(t), w(t))`, without dividing.
    pub(crate) fn apply_homogeneous(&self, t: &S, y: &Vec3<S>) -> (Vec3<S>, S) {
        let l = self.linear.map(|p| p.eval(t));
        let tr = self.translation.map(|p| p.eval(t));
        (l.mul_vec(y) + &tr, self.denominator.eval(t))
    }
}

impl<S: FieldScalar> PolyMotion<S> {
    /// The affine map at time `t`: `(L(t) / w(t), T(t) / w(t))`. `w(t)` must
    /// not be zero.
    ///
    /// ```
    /// use exactccd::motion::{Body, Motion, PolyMotion};
    /// use exactccd::geom::{BoxShape, Pose, Shape, Vec3};
    /// use exactccd::scalar::parse_number;
    /// let q = |s: &str| parse_number(s).unwrap();
    /// let body = Body {
    ///     shape: Shape::Box(BoxShape::new([q("1"), q("1"), q("1")])),
    ///     pose: Pose::from_translation(Vec3::new(q("10"), q("0"), q("0"))),
    ///     motion: Motion::Linear { velocity: Vec3::new(q("-20"), q("1"), q("0")) },
    /// };
    /// let m = PolyMotion::from_body(&body).unwrap();
    /// let (_, c) = m.eval_at(&q("1/4"));
    /// assert_eq!(c, Vec3::new(q("5"), q("1/4"), q("0")));
    /// ```
    pub fn eval_at(&self, t: &S) -> Affine<S> {
        let inv_w = self.denominator.eval(t).recip();
        (
            self.linear.map(|p| p.eval(t).mul_ref(&inv_w)),
            self.translation.map(|p| p.eval(t).mul_ref(&inv_w)),
        )
    }

    /// The pose at time `t` of a rigid motion (see [`PolyMotion::is_rigid`]).
    pub fn pose_at(&self, t: &S) -> Pose<S> {
        let (r, c) = self.eval_at(t);
        Pose::new(r, c)
    }

    /// The world position of local `y` at time `t`.
    pub fn apply_at(&self, t: &S, y: &Vec3<S>) -> Vec3<S> {
        let (x, w) = self.apply_homogeneous(t, y);
        let inv = w.recip();
        x.scale(&inv)
    }

    /// The same motion with the common polynomial factor of all thirteen
    /// entries cancelled, and, for exact scalars, the common constant factor
    /// too (coefficients made integers with gcd 1, by a *positive* factor).
    /// The cancelled factor may be negative on the interval, so orient
    /// afterwards ([`PolyMotion::oriented_at`]). For `f64` (no exact gcd)
    /// the motion is returned unchanged.
    #[must_use]
    pub fn reduced(&self) -> Self {
        if !S::IS_EXACT {
            return self.clone();
        }
        // The gcd in Z[t] of the entries' primitive integer forms (a
        // modular screen proves most pairs coprime at once): it is the gcd
        // over Q up to a positive constant, which the integer normalisation
        // below removes, so the result is the same as by Euclid over Q.
        let mut g: Option<Poly<BigInt>> = None;
        for p in self.entries().filter(|p| !p.is_zero()) {
            let Some(q) = p.coeffs().iter().map(Scalar::to_rational).collect() else {
                return self.clone();
            };
            let q = Poly::<BigRational>::from_coeffs(q).to_primitive_integer();
            let next = match g {
                None => q,
                // a spent work budget leaves the motion unreduced (the
                // same motion); the solver stops at its next check
                Some(g) => match g.gcd_int_within_budget(&q) {
                    Some(next) => next,
                    None => return self.clone(),
                },
            };
            let done = next.is_constant();
            g = Some(next);
            if done {
                break;
            }
        }
        let divided = match g {
            Some(g) if !g.is_constant() => {
                let g: Poly<S> = g.map(|c| S::from_rational(&BigRational::from_integer(c.clone())));
                self.map_entries(|p| p.exact_div(&g))
            }
            _ => self.clone(),
        };
        divided.with_integer_coefficients()
    }

    /// Multiplies all entries by the positive rational that makes every
    /// coefficient an integer with overall gcd 1 (exact scalars only).
    fn with_integer_coefficients(self) -> Self {
        let mut den_lcm = <BigInt as Ring>::one();
        let mut num_gcd = <BigInt as Ring>::zero();
        let coefficients = self.entries().flat_map(|p| p.coeffs().iter());
        for r in coefficients.map(Scalar::to_rational) {
            let Some(r) = r else {
                return self.clone();
            };
            den_lcm = crate::scalar::euclid::lcm(&den_lcm, r.denom());
            num_gcd = crate::scalar::euclid::gcd(&num_gcd, r.numer());
        }
        if Ring::is_zero(&num_gcd) {
            return self;
        }
        if den_lcm == <BigInt as Ring>::one() && num_gcd == <BigInt as Ring>::one() {
            return self;
        }
        // Each coefficient `n / d` becomes the integer `(n / g) (l / d)`
        // (both divisions exact): no fraction to reduce.
        self.map_entries(|p| {
            Poly::from_coeffs(
                p.coeffs()
                    .iter()
                    .map(|c| {
                        let r = c.to_rational().expect("checked finite above");
                        let v = (r.numer() / &num_gcd) * (&den_lcm / r.denom());
                        S::from_rational(&BigRational::from_integer(v))
                    })
                    .collect(),
            )
        })
    }

    /// The motion of `self` (body `b`) seen in the local frame of `a`: local
    /// `y` of `b` goes to `a`'s local `A(t)^-1 B(t) y` (module docs; the SGM paper's
    /// `M2(t) M1(t)^-1`). Exact for exact scalars; reduced and oriented so
    /// that `w(t0) > 0`.
    ///
    /// Preconditions: `w_a` and `w_b` do not vanish on the interval; when `a`
    /// is not rigid, `det L_a` does not vanish on it either (an affine `a`
    /// that degenerates has no inverse). For `f64` the rigidity test compares
    /// rounded coefficients, so the adjugate formula is usually taken; both
    /// formulas give the same map.
    #[must_use]
    pub fn relative_to(&self, a: &Self, t0: &S) -> Self {
        self.relative_to_rigid(a, a.is_rigid(), t0)
    }

    /// [`PolyMotion::relative_to`] when the caller already knows whether
    /// `a` is rigid (`a_rigid` must equal `a.is_rigid()`; checked in debug
    /// builds): saves the rigidity test's matrix product.
    #[must_use]
    pub(crate) fn relative_to_rigid(&self, a: &Self, a_rigid: bool, t0: &S) -> Self {
        debug_assert_eq!(a_rigid, a.is_rigid());
        let (wa, wb) = (&a.denominator, &self.denominator);
        let diff = &self.translation.scale(wa) - &a.translation.scale(wb);
        let raw = if a_rigid {
            let lat = a.linear.transpose();
            PolyMotion::new(
                lat.mul_mat(&self.linear).scale(wa),
                lat.mul_vec(&diff),
                &(wa * wa) * wb,
            )
        } else {
            let adj = a.linear.adjugate();
            PolyMotion::new(
                adj.mul_mat(&self.linear).scale(wa),
                adj.mul_vec(&diff),
                &a.linear.determinant() * wb,
            )
        };
        raw.reduced().oriented_at(t0)
    }
}

impl PolyMotion<BigRational> {
    /// The compiled polynomial motion of a body (module docs), reduced;
    /// `None` for the transcendental kinds (`screw`, `poses`, `angular`), for
    /// `piecewise` (see [`PiecewisePolyMotion`](super::PiecewisePolyMotion)) and
    /// for a `row_matrix` whose last column is not `(0, 0, 0, w)` (which the
    /// scenario layer rejects first).
    ///
    /// The sign of `w` follows the file's denominators up to the cancelled
    /// factor: orient with [`PolyMotion::oriented_at`]`(t0)`, or use
    /// [`PolyMotion::from_body_on`].
    pub fn from_body(body: &Body) -> Option<Self> {
        let _doing = budget::doing(Activity::ExpandingMotion);
        let pose = &body.pose;
        let raw = match &body.motion {
            Motion::Static => PolyMotion::stationary(pose),
            Motion::Linear { velocity } => {
                let mut m = PolyMotion::stationary(pose);
                m.translation = Vec3::from_array(std::array::from_fn(|k| {
                    Poly::from_coeffs(vec![pose.translation[k].clone(), velocity[k].clone()])
                }));
                m
            }
            Motion::Rational {
                quaternion,
                translation,
                denominator,
            } => {
                let n2 = quaternion_norm_squared(quaternion);
                PolyMotion::new(
                    quaternion_rotation_homogeneous(quaternion).scale(denominator),
                    translation.scale(&n2),
                    denominator * &n2,
                )
            }
            Motion::RowMatrix { rows, denominator } => {
                PolyMotion::from_row_matrix(rows, denominator)?
            }
            Motion::Screw { .. }
            | Motion::Poses { .. }
            | Motion::Angular { .. }
            | Motion::Piecewise { .. } => return None,
        };
        Some(raw.reduced())
    }

    /// [`PolyMotion::from_body`], oriented so that `w(t0) > 0`.
    pub fn from_body_on(body: &Body, t0: &BigRational) -> Option<Self> {
        Some(Self::from_body(body)?.oriented_at(t0))
    }

    /// The motion with every coefficient converted to `T` (exact for exact
    /// `T`, rounded once per coefficient for `f64`).
    pub fn map_scalar<T: Scalar>(&self) -> PolyMotion<T> {
        self.map_entries(|p| p.map(T::from_rational))
    }
}
