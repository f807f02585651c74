//! Two triangles: Tables 5 (11 axes, planes not parallel) and 6 (7 axes,
//! parallel planes) of Eberly, "Dynamic Collision Detection using OBBs", section 4.
//!
//! The first triangle has vertices `A0, A1, A2`, edges `E0 = A1 - A0`, `E1 =
//! A2 - A0`, `E2 = E1 - E0`, normal `N = E0 x E1`; the second `B0, B1, B2`,
//! `F0, F1, F2`, `M = F0 x F1`; `D = B0 - A0`. On axis `L` the first
//! projects to the hull of `p = (0, L . E0, L . E1)` (equation (17)) and the
//! second to the hull of `q = (L . D, L . D + L . F0, L . D + L . F1)`
//! (equation (18)). Table 5's axes are `N`, `M`, `E_i x F_j`; when `N x M =
//! 0` the planes are parallel and Table 6's `N`, `N x E_i`, `N x F_j` are
//! used instead (they are complete for coplanar triangles, and `N` alone
//! separates parallel planes that differ). The entries of the tables are the
//! dot products above, computed directly.
//!
//! Under constant velocities (section 4.2.2) the second triangle's
//! projection moves at the speed `L . W`, `W = V1 - V0`. Translation keeps
//! the normals, so the choice of table holds for the whole interval.
#![deny(clippy::float_arithmetic)]

use super::constant_velocity::{find_contact, separates_over, AxisInterval};
use super::float::parallel_sin2;
use super::triangle_box::{eberly_edges, max3, min3};
use super::{Axis, ConstantVelocityContact, Side, StaticTest};
use crate::geom::{Triangle, Vec3};
use crate::scalar::FieldScalar;

/// True when the planes of normals `n`, `m` are parallel: `n x m = 0`
/// exactly, or within a squared sine of `1e-24` in `f64`.
pub(crate) fn normals_parallel<S: FieldScalar>(n: &Vec3<S>, m: &Vec3<S>) -> bool {
    let c = n.cross(m).norm_squared();
    c <= parallel_sin2::<S>()
        .mul_ref(&n.norm_squared())
        .mul_ref(&m.norm_squared())
}

/// Table 5 or 6 data for two triangles at `t = 0`.
pub(crate) struct TriangleTriangleTable<S> {
    e: [Vec3<S>; 3],
    f: [Vec3<S>; 3],
    n: Vec3<S>,
    m: Vec3<S>,
    d: Vec3<S>,
    w: Vec3<S>,
    /// The planes are parallel: Table 6.
    pub(crate) parallel: bool,
}

impl<S: FieldScalar> TriangleTriangleTable<S> {
    /// The table for the two triangles and the velocity of the second
    /// relative to the first.
    pub(crate) fn new(t0: &Triangle<S>, t1: &Triangle<S>, w: Vec3<S>) -> Self {
        let e = eberly_edges(t0);
        let f = eberly_edges(t1);
        let n = e[0].cross(&e[1]);
        let m = f[0].cross(&f[1]);
        let parallel = normals_parallel(&n, &m);
        let d = &t1.vertices[0] - &t0.vertices[0];
        TriangleTriangleTable {
            e,
            f,
            n,
            m,
            d,
            w,
            parallel,
        }
    }

    /// The direction of an axis of Table 5 or 6 (or of the motion axes).
    pub(crate) fn direction(&self, axis: Axis) -> Vec3<S> {
        match axis {
            Axis::N => self.n.clone(),
            Axis::M => self.m.clone(),
            Axis::ExF(i, j) => self.e[i].cross(&self.f[j]),
            Axis::NxE(i) => self.n.cross(&self.e[i]),
            Axis::NxF(j) => self.n.cross(&self.f[j]),
            Axis::WxE(i) => self.w.cross(&self.e[i]),
            Axis::WxF(j) => self.w.cross(&self.f[j]),
            Axis::WxN => self.w.cross(&self.n),
            other => unreachable!("{other} is not a triangle-triangle axis"),
        }
    }

    /// The projections on `axis` (equations (17), (18)).
    pub(crate) fn axis_interval(&self, axis: Axis) -> AxisInterval<S> {
        let l = self.direction(axis);
        let p1 = l.dot(&self.e[0]);
        let p2 = l.dot(&self.e[1]);
        let q0 = l.dot(&self.d);
        let q1 = q0.add_ref(&l.dot(&self.f[0]));
        let q2 = q0.add_ref(&l.dot(&self.f[1]));
        let zero = S::zero();
        AxisInterval {
            axis,
            a_lo: min3(&zero, &p1, &p2),
            a_hi: max3(&zero, &p1, &p2),
            b_lo: min3(&q0, &q1, &q2),
            b_hi: max3(&q0, &q1, &q2),
            speed: l.dot(&self.w),
        }
    }

    /// The axes in the table's order: Table 5 (`N, M, E0xF0, E0xF1, ...,
    /// E2xF2`) or, for parallel planes, Table 6 (`N, NxE0..NxE2,
    /// NxF0..NxF2`).
    pub(crate) fn axes(&self) -> Vec<Axis> {
        if self.parallel {
            let mut v = vec![Axis::N];
            v.extend((0..3).map(Axis::NxE));
            v.extend((0..3).map(Axis::NxF));
            v
        } else {
            let mut v = vec![Axis::N, Axis::M];
            v.extend((0..9).map(|k| Axis::ExF(k / 3, k % 3)));
            v
        }
    }

    /// The table's axes with their projections.
    pub(crate) fn intervals(&self) -> impl Iterator<Item = AxisInterval<S>> + '_ {
        self.axes().into_iter().map(|a| self.axis_interval(a))
    }
}

/// Static triangle-triangle test with early out (Eberly, "Dynamic Collision Detection using OBBs", section 4.2.1;
/// Table 5, or Table 6 for parallel planes): the first separating axis and
/// the side of the second triangle, or [`StaticTest::Intersecting`]
/// (touching included).
///
/// ```
/// use exactccd::geom::{Triangle, Vec3};
/// use exactccd::scalar::{parse_number, BigRational};
/// use exactccd::solver::sat::{test_triangle_triangle, Axis, StaticTest};
/// let q = |s: &str| parse_number(s).unwrap();
/// let v = |x: &str, y: &str, z: &str| Vec3::<BigRational>::new(q(x), q(y), q(z));
/// let t0 = Triangle::new(v("0", "0", "0"), v("2", "0", "0"), v("0", "2", "0"));
/// // coplanar, beyond the hypotenuse x + y = 2: the in-plane axis N x E2 separates
/// let t1 = Triangle::new(v("2", "1", "0"), v("3", "1", "0"), v("2", "2", "0"));
/// assert!(matches!(test_triangle_triangle(&t0, &t1), StaticTest::Separated { axis: Axis::NxE(2), .. }));
/// ```
pub fn test_triangle_triangle<S: FieldScalar>(t0: &Triangle<S>, t1: &Triangle<S>) -> StaticTest {
    let table = TriangleTriangleTable::new(t0, t1, Vec3::zero());
    for ax in table.intervals() {
        if let Some(side) = ax.separation_at(&S::zero()) {
            return StaticTest::Separated {
                axis: ax.axis,
                side,
            };
        }
    }
    StaticTest::Intersecting
}

/// Triangle-triangle test over `[t0, t1]` with constant velocities
/// (Eberly, "Dynamic Collision Detection using Oriented Bounding Boxes",
/// section 4.2.2): a table axis separates over the interval when the
/// moving interval is on the same side at both ends; the axes `W x E_i`, `W
/// x F_j` (and `W x N` for parallel planes) of the swept second triangle
/// complete the test, as Table 1' does for boxes.
pub fn test_triangle_triangle_moving<S: FieldScalar>(
    tri0: &Triangle<S>,
    v0: &Vec3<S>,
    tri1: &Triangle<S>,
    v1: &Vec3<S>,
    t0: &S,
    t1: &S,
) -> StaticTest {
    let w = v1 - v0;
    let table = TriangleTriangleTable::new(tri0, tri1, w.clone());
    for ax in table.intervals() {
        if let Some(side) = separates_over(&ax, t0, t1) {
            return StaticTest::Separated {
                axis: ax.axis,
                side,
            };
        }
    }
    let mut motion_axes: Vec<Axis> = (0..3).map(Axis::WxE).chain((0..3).map(Axis::WxF)).collect();
    if table.parallel {
        motion_axes.push(Axis::WxN);
    }
    for axis in motion_axes {
        // static projections: the second triangle taken at t0
        let ax = table.axis_interval(axis);
        let shift = ax.speed.mul_ref(t0);
        let (lo, hi) = (ax.b_lo.add_ref(&shift), ax.b_hi.add_ref(&shift));
        let side = if lo > ax.a_hi {
            Some(Side::Positive)
        } else if hi < ax.a_lo {
            Some(Side::Negative)
        } else {
            None
        };
        if let Some(side) = side {
            return StaticTest::Separated { axis, side };
        }
    }
    StaticTest::Intersecting
}

/// The first time of contact of two triangles moving at constant velocities
/// over `[t0, t1]` (Eberly, "Dynamic Collision Detection using OBBs", section 4.3.1; coplanar triangles included via
/// Table 6).
pub fn find_triangle_triangle_contact<S: FieldScalar>(
    tri0: &Triangle<S>,
    v0: &Vec3<S>,
    tri1: &Triangle<S>,
    v1: &Vec3<S>,
    t0: &S,
    t1: &S,
) -> ConstantVelocityContact<S> {
    let table = TriangleTriangleTable::new(tri0, tri1, v1 - v0);
    find_contact(table.intervals(), t0, t1)
}
