//! Two oriented boxes: Table 1 (15 axes) and Table 1' (6 motion axes) of
//! Eberly, "Dynamic Collision Detection using OBBs", section 2.
//!
//! With `c_ij = A_i . B_j`, `D = C1 - C0` and the relative velocity
//! `W = V1 - V0`, each axis `L` gives the radius `R0` of `a`'s projection,
//! the radius `R1` of `b`'s and the centre offset `L . D` (Table 1, equations
//! (1) and (2)); the projections are `[-R0, R0]` and `[L.D - R1, L.D + R1]`,
//! and `b`'s moves at the speed `L . W`, computed with the same formula as
//! `L . D` with `W` in place of `D`. For `L = A_i0 x B_j` (with `(i0, i1,
//! i2)` and `(j, j1, j2)` cyclic):
//!
//! * `R0 = a_i1 |c_i2j| + a_i2 |c_i1j|`,
//! * `R1 = b_j1 |c_i0j2| + b_j2 |c_i0j1|`,
//! * `L . D = c_i1j (A_i2 . D) - c_i2j (A_i1 . D)`.
//!
//! Table 1' (`W x A_i`, `W x B_j`, `alpha_i = W . A_i`, `beta_j = W . B_j`)
//! completes the interval test: the projections on these axes do not move,
//! and with them the axes are those of the swept box `b + [0, T] W` against
//! `a`, so the interval test of section 2.2.2 is exact.
//!
//! Unlike Eberly's code the `c_ij` are computed up front rather than
//! lazily. When a pair of axes is parallel (`|c_ij| = 1`, or within `1e-12`
//! of it in `f64`) the nine cross-product axes are skipped: they are then
//! all parallel to face axes or zero (as in Geometric Tools' cutoff).
#![deny(clippy::float_arithmetic)]

use super::constant_velocity::{find_contact, separates_over, AxisInterval};
use super::float::parallel_cutoff;
use super::{Axis, ConstantVelocityContact, StaticTest};
use crate::geom::{Obb, Vec3};
use crate::scalar::FieldScalar;

/// Table 1 and 1' data for a pair of boxes at `t = 0`.
pub(crate) struct BoxBoxTable<'a, S> {
    a: &'a Obb<S>,
    b: &'a Obb<S>,
    c: [[S; 3]; 3],
    abs_c: [[S; 3]; 3],
    /// `A_i . D`
    ad: [S; 3],
    /// `A_i . W`
    aw: [S; 3],
    d: Vec3<S>,
    w: Vec3<S>,
    parallel: bool,
}

const NEXT: [usize; 3] = [1, 2, 0];
const PREV: [usize; 3] = [2, 0, 1];

impl<'a, S: FieldScalar> BoxBoxTable<'a, S> {
    /// The table for `a`, `b` with relative velocity `w = V1 - V0`.
    pub(crate) fn new(a: &'a Obb<S>, b: &'a Obb<S>, w: Vec3<S>) -> Self {
        let c: [[S; 3]; 3] =
            std::array::from_fn(|i| std::array::from_fn(|j| a.axes[i].dot(&b.axes[j])));
        let abs_c = c.clone().map(|row| row.map(|x| x.abs()));
        let cutoff = parallel_cutoff::<S>();
        let parallel = abs_c.iter().flatten().any(|x| *x >= cutoff);
        let d = &b.center - &a.center;
        let ad = std::array::from_fn(|i| a.axes[i].dot(&d));
        let aw = std::array::from_fn(|i| a.axes[i].dot(&w));
        BoxBoxTable {
            a,
            b,
            c,
            abs_c,
            ad,
            aw,
            d,
            w,
            parallel,
        }
    }

    /// The axes of Table 1 in its order: `A0..A2`, `B0..B2`, `A0xB0 ..
    /// A2xB2` (the last nine skipped for parallel boxes).
    pub(crate) fn table1(&self) -> impl Iterator<Item = AxisInterval<S>> + '_ {
        let n = if self.parallel { 6 } else { 15 };
        (0..n).map(move |k| self.axis_interval(k))
    }

    fn interval(axis: Axis, r0: S, r1: S, p: S, speed: S) -> AxisInterval<S> {
        AxisInterval {
            axis,
            a_lo: -r0.clone(),
            a_hi: r0,
            b_lo: p.sub_ref(&r1),
            b_hi: p + r1,
            speed,
        }
    }

    /// Row `k` of Table 1.
    pub(crate) fn axis_interval(&self, k: usize) -> AxisInterval<S> {
        let (a, b) = (&self.a.half_extents, &self.b.half_extents);
        let ac = &self.abs_c;
        match k {
            0..=2 => {
                let i = k;
                let r1 = (0..3).fold(S::zero(), |acc, j| acc + b[j].mul_ref(&ac[i][j]));
                Self::interval(
                    Axis::A(i),
                    a[i].clone(),
                    r1,
                    self.ad[i].clone(),
                    self.aw[i].clone(),
                )
            }
            3..=5 => {
                let j = k - 3;
                let r0 = (0..3).fold(S::zero(), |acc, i| acc + a[i].mul_ref(&ac[i][j]));
                let bj = &self.b.axes[j];
                Self::interval(
                    Axis::B(j),
                    r0,
                    b[j].clone(),
                    bj.dot(&self.d),
                    bj.dot(&self.w),
                )
            }
            _ => {
                let (i0, j) = ((k - 6) / 3, (k - 6) % 3);
                let (i1, i2) = (NEXT[i0], PREV[i0]);
                let (j1, j2) = (NEXT[j], PREV[j]);
                let c = &self.c;
                let r0 = a[i1].mul_ref(&ac[i2][j]) + a[i2].mul_ref(&ac[i1][j]);
                let r1 = b[j1].mul_ref(&ac[i0][j2]) + b[j2].mul_ref(&ac[i0][j1]);
                let p = c[i1][j].mul_ref(&self.ad[i2]) - c[i2][j].mul_ref(&self.ad[i1]);
                let s = c[i1][j].mul_ref(&self.aw[i2]) - c[i2][j].mul_ref(&self.aw[i1]);
                Self::interval(Axis::AxB(i0, j), r0, r1, p, s)
            }
        }
    }

    /// The six axes of Table 1': `W x A0..A2`, `W x B0..B2` (static
    /// projections: speed zero).
    pub(crate) fn table1_prime(&self) -> impl Iterator<Item = AxisInterval<S>> + '_ {
        (0..6).map(move |k| {
            let (a, b) = (&self.a.half_extents, &self.b.half_extents);
            let alpha = &self.aw;
            let beta: [S; 3] = std::array::from_fn(|j| self.w.dot(&self.b.axes[j]));
            let c = &self.c;
            if k < 3 {
                let (i0, i1, i2) = (k, NEXT[k], PREV[k]);
                let r0 = a[i1].mul_ref(&alpha[i2].abs()) + a[i2].mul_ref(&alpha[i1].abs());
                let r1 = (0..3).fold(S::zero(), |acc, m| {
                    let l_bm = c[i1][m].mul_ref(&alpha[i2]) - c[i2][m].mul_ref(&alpha[i1]);
                    acc + b[m].mul_ref(&l_bm.abs())
                });
                let p = self.w.cross(&self.a.axes[i0]).dot(&self.d);
                Self::interval(Axis::WxA(i0), r0, r1, p, S::zero())
            } else {
                let (j0, j1, j2) = (k - 3, NEXT[k - 3], PREV[k - 3]);
                let r0 = (0..3).fold(S::zero(), |acc, m| {
                    let l_am = c[m][j1].mul_ref(&beta[j2]) - c[m][j2].mul_ref(&beta[j1]);
                    acc + a[m].mul_ref(&l_am.abs())
                });
                let r1 = b[j1].mul_ref(&beta[j2].abs()) + b[j2].mul_ref(&beta[j1].abs());
                let p = self.w.cross(&self.b.axes[j0]).dot(&self.d);
                Self::interval(Axis::WxB(j0), r0, r1, p, S::zero())
            }
        })
    }
}

/// The direction of a box-box axis (unnormalised), for certificates.
pub(crate) fn box_box_axis_direction<S: FieldScalar>(
    a: &Obb<S>,
    b: &Obb<S>,
    w: &Vec3<S>,
    axis: Axis,
) -> Vec3<S> {
    match axis {
        Axis::A(i) => a.axes[i].clone(),
        Axis::B(j) => b.axes[j].clone(),
        Axis::AxB(i, j) => a.axes[i].cross(&b.axes[j]),
        Axis::WxA(i) => w.cross(&a.axes[i]),
        Axis::WxB(j) => w.cross(&b.axes[j]),
        other => unreachable!("{other} is not a box-box axis"),
    }
}

/// Static OBB-OBB test with early out (Eberly, "Dynamic Collision Detection using OBBs", section 2.2.1, Table 1):
/// the first separating axis in the table's order and the side of `b`, or
/// [`StaticTest::Intersecting`] when the closed boxes touch or overlap.
///
/// ```
/// use exactccd::geom::{BoxShape, Obb, Pose, Vec3};
/// use exactccd::scalar::{parse_number, BigRational};
/// use exactccd::solver::sat::{test_box_box, Axis, Side, StaticTest};
/// let q = |s: &str| parse_number(s).unwrap();
/// let unit = BoxShape::new([q("1"), q("1"), q("1")]);
/// let a: Obb<BigRational> = Obb::from_box(&unit, &Pose::identity());
/// let b = Obb::from_box(&unit, &Pose::from_translation(Vec3::new(q("2"), q("0"), q("0"))));
/// assert_eq!(test_box_box(&a, &b), StaticTest::Intersecting); // touching faces
/// let c = Obb::from_box(&unit, &Pose::from_translation(Vec3::new(q("0"), q("-21/10"), q("0"))));
/// assert_eq!(test_box_box(&a, &c), StaticTest::Separated { axis: Axis::A(1), side: Side::Negative });
/// ```
pub fn test_box_box<S: FieldScalar>(a: &Obb<S>, b: &Obb<S>) -> StaticTest {
    let table = BoxBoxTable::new(a, b, Vec3::zero());
    for ax in table.table1() {
        if let Some(side) = ax.separation_at(&S::zero()) {
            return StaticTest::Separated {
                axis: ax.axis,
                side,
            };
        }
    }
    StaticTest::Intersecting
}

/// OBB-OBB test over the time interval `[t0, t1]` with constant velocities
/// `va`, `vb` (positions `C + t V`; Eberly, "Dynamic Collision Detection using OBBs", section 2.2.2, Tables 1 and
/// 1'): an axis of Table 1 separates over the interval when `b`'s projection
/// is on the same side at both ends; then the six axes of Table 1' are tried
/// (static projections). [`StaticTest::Intersecting`] means the boxes touch
/// at some time of the interval.
pub fn test_box_box_moving<S: FieldScalar>(
    a: &Obb<S>,
    va: &Vec3<S>,
    b: &Obb<S>,
    vb: &Vec3<S>,
    t0: &S,
    t1: &S,
) -> StaticTest {
    let table = BoxBoxTable::new(a, b, vb - va);
    for ax in table.table1().chain(table.table1_prime()) {
        if let Some(side) = separates_over(&ax, t0, t1) {
            return StaticTest::Separated {
                axis: ax.axis,
                side,
            };
        }
    }
    StaticTest::Intersecting
}

/// The first time of contact of two boxes moving at constant velocities over
/// `[t0, t1]` (positions `C + t V`; Eberly, "Dynamic Collision Detection using OBBs", section 2.3.1): the contact
/// interval, the axis that separated last with the side `b` came from, and
/// the separation pieces before it. Exact rationals give exact rational
/// times.
///
/// ```
/// use exactccd::geom::{BoxShape, Obb, Pose, Vec3};
/// use exactccd::scalar::{parse_number, BigRational};
/// use exactccd::solver::sat::{find_box_box_contact, Axis};
/// let q = |s: &str| parse_number(s).unwrap();
/// let unit = BoxShape::new([q("1"), q("1"), q("1")]);
/// let a: Obb<BigRational> = Obb::from_box(&unit, &Pose::identity());
/// let b = Obb::from_box(&unit, &Pose::from_translation(Vec3::new(q("5"), q("1/2"), q("0"))));
/// let vb = Vec3::new(q("-4"), q("0"), q("0"));
/// let found = find_box_box_contact(&a, &Vec3::zero(), &b, &vb, &q("0"), &q("1"));
/// // faces x = 1 and x = 5 - 1 - 4t meet at t = 3/4; they part at t = 7/4 > 1
/// assert_eq!(found.interval, Some((q("3/4"), q("1"))));
/// assert_eq!(found.last_separating.unwrap().0.axis, Axis::A(0));
/// ```
pub fn find_box_box_contact<S: FieldScalar>(
    a: &Obb<S>,
    va: &Vec3<S>,
    b: &Obb<S>,
    vb: &Vec3<S>,
    t0: &S,
    t1: &S,
) -> ConstantVelocityContact<S> {
    let table = BoxBoxTable::new(a, b, vb - va);
    find_contact(table.table1(), t0, t1)
}
