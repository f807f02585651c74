//! An oriented box and a triangle: Table 3 (13 axes) of Eberly, "Dynamic Collision Detection using OBBs", section 3.
//!
//! The box has centre `C`, axes `A_i`, extents `a_i`; the triangle has
//! vertices `U0, U1, U2`, edges `E0 = U1 - U0`, `E1 = U2 - U0`, `E2 = E1 -
//! E0` and normal `N = E0 x E1`; `D = U0 - C`. On axis `L` the box projects
//! to `[-R, R]` with `R = sum a_i |L . A_i|` (equation (6)) and the
//! triangle to the hull of `p0 = L . D`, `p1 = p0 + L . E0`, `p2 = p0 + L .
//! E1` (equation (7)); Table 3 lists these per axis:
//!
//! * `N`: `p0 = p1 = p2 = N . D`, `R = sum a_i |N . A_i|`;
//! * `A_k`: `p1 = p0 + A_k . E0`, `p2 = p0 + A_k . E1`, `R = a_k`;
//! * `A_i0 x E_j` (`(i0, i1, i2)` cyclic): `R = a_i1 |A_i2 . E_j| + a_i2
//!   |A_i1 . E_j|`, and `(p1, p2) = (p0, p0 + A_i0 . N)` for `E0`,
//!   `(p0 - A_i0 . N, p0)` for `E1`, `(p0 - A_i0 . N, p0 - A_i0 . N)` for
//!   `E2`.
//!
//! Under constant velocities (section 3.2.2) the triangle's projection moves
//! at the speed `L . W` with `W = V_triangle - V_box`.
#![deny(clippy::float_arithmetic)]

use super::constant_velocity::{find_contact, separates_over, AxisInterval};
use super::{Axis, ConstantVelocityContact, Side, StaticTest};
use crate::geom::{Obb, Triangle, Vec3};
use crate::scalar::FieldScalar;

const NEXT: [usize; 3] = [1, 2, 0];
const PREV: [usize; 3] = [2, 0, 1];

/// The paper's triangle edges `E0 = U1 - U0`, `E1 = U2 - U0`, `E2 = E1 - E0`.
pub(crate) fn eberly_edges<S: FieldScalar>(t: &Triangle<S>) -> [Vec3<S>; 3] {
    let [u0, u1, u2] = &t.vertices;
    let e0 = u1 - u0;
    let e1 = u2 - u0;
    let e2 = &e1 - &e0;
    [e0, e1, e2]
}

pub(crate) fn min3<S: FieldScalar>(a: &S, b: &S, c: &S) -> S {
    a.clone().min_of(b.clone()).min_of(c.clone())
}

pub(crate) fn max3<S: FieldScalar>(a: &S, b: &S, c: &S) -> S {
    a.clone().max_of(b.clone()).max_of(c.clone())
}

/// Table 3 data for a box and a triangle at `t = 0`.
pub(crate) struct TriangleBoxTable<'a, S> {
    obb: &'a Obb<S>,
    e: [Vec3<S>; 3],
    n: Vec3<S>,
    d: Vec3<S>,
    w: Vec3<S>,
    /// `A_k . N`
    an: [S; 3],
}

impl<'a, S: FieldScalar> TriangleBoxTable<'a, S> {
    /// The table for the box, the triangle and the triangle's velocity
    /// relative to the box.
    pub(crate) fn new(obb: &'a Obb<S>, tri: &Triangle<S>, w: Vec3<S>) -> Self {
        let e = eberly_edges(tri);
        let n = e[0].cross(&e[1]);
        let d = &tri.vertices[0] - &obb.center;
        let an = std::array::from_fn(|k| obb.axes[k].dot(&n));
        TriangleBoxTable {
            obb,
            e,
            n,
            d,
            w,
            an,
        }
    }

    fn interval(axis: Axis, r: S, p: [S; 3], speed: S) -> AxisInterval<S> {
        AxisInterval {
            axis,
            a_lo: -r.clone(),
            a_hi: r,
            b_lo: min3(&p[0], &p[1], &p[2]),
            b_hi: max3(&p[0], &p[1], &p[2]),
            speed,
        }
    }

    /// Row `k` of Table 3: `N`, `A0..A2`, `A0xE0, A0xE1, A0xE2, A1xE0, ...`.
    pub(crate) fn axis_interval(&self, k: usize) -> AxisInterval<S> {
        let a = &self.obb.half_extents;
        let axes = &self.obb.axes;
        match k {
            0 => {
                let r = (0..3).fold(S::zero(), |acc, i| acc + a[i].mul_ref(&self.an[i].abs()));
                let p = self.n.dot(&self.d);
                Self::interval(Axis::N, r, [p.clone(), p.clone(), p], self.n.dot(&self.w))
            }
            1..=3 => {
                let i = k - 1;
                let p0 = axes[i].dot(&self.d);
                let p1 = p0.add_ref(&axes[i].dot(&self.e[0]));
                let p2 = p0.add_ref(&axes[i].dot(&self.e[1]));
                Self::interval(Axis::A(i), a[i].clone(), [p0, p1, p2], axes[i].dot(&self.w))
            }
            _ => {
                let (i0, j) = ((k - 4) / 3, (k - 4) % 3);
                let (i1, i2) = (NEXT[i0], PREV[i0]);
                let ej = &self.e[j];
                let r =
                    a[i1].mul_ref(&axes[i2].dot(ej).abs()) + a[i2].mul_ref(&axes[i1].dot(ej).abs());
                let l = axes[i0].cross(ej);
                let p0 = l.dot(&self.d);
                let an = &self.an[i0];
                let p = match j {
                    0 => [p0.clone(), p0.clone(), p0.add_ref(an)],
                    1 => [p0.clone(), p0.sub_ref(an), p0],
                    _ => {
                        let q = p0.sub_ref(an);
                        [p0, q.clone(), q]
                    }
                };
                Self::interval(Axis::AxE(i0, j), r, p, l.dot(&self.w))
            }
        }
    }

    /// The 13 axes in the table's order.
    pub(crate) fn table3(&self) -> impl Iterator<Item = AxisInterval<S>> + '_ {
        (0..13).map(move |k| self.axis_interval(k))
    }
}

/// The direction of a box-triangle axis (unnormalised), for certificates.
pub(crate) fn triangle_box_axis_direction<S: FieldScalar>(
    obb: &Obb<S>,
    tri: &Triangle<S>,
    axis: Axis,
) -> Vec3<S> {
    let e = eberly_edges(tri);
    match axis {
        Axis::N => e[0].cross(&e[1]),
        Axis::A(i) => obb.axes[i].clone(),
        Axis::AxE(i, j) => obb.axes[i].cross(&e[j]),
        other => unreachable!("{other} is not a box-triangle axis"),
    }
}

/// Static triangle-OBB test with early out (Eberly, "Dynamic Collision Detection using OBBs", section 3.2.1, Table
/// 3): the first separating axis and the side of the triangle relative to
/// the box, or [`StaticTest::Intersecting`] (touching included).
///
/// ```
/// use exactccd::geom::{BoxShape, Obb, Pose, Triangle, Vec3};
/// use exactccd::scalar::{parse_number, BigRational};
/// use exactccd::solver::sat::{test_triangle_box, Axis, Side, StaticTest};
/// let q = |s: &str| parse_number(s).unwrap();
/// let v = |x: &str, y: &str, z: &str| Vec3::new(q(x), q(y), q(z));
/// let obb: Obb<BigRational> = Obb::from_box(&BoxShape::new([q("1"), q("1"), q("1")]), &Pose::identity());
/// // a triangle in the plane z = 3 above the box: the normal separates
/// let tri = Triangle::new(v("0", "0", "3"), v("1", "0", "3"), v("0", "1", "3"));
/// assert_eq!(test_triangle_box(&obb, &tri), StaticTest::Separated { axis: Axis::N, side: Side::Positive });
/// ```
pub fn test_triangle_box<S: FieldScalar>(obb: &Obb<S>, tri: &Triangle<S>) -> StaticTest {
    let table = TriangleBoxTable::new(obb, tri, Vec3::zero());
    for ax in table.table3() {
        if let Some(side) = ax.separation_at(&S::zero()) {
            return StaticTest::Separated {
                axis: ax.axis,
                side,
            };
        }
    }
    StaticTest::Intersecting
}

/// Triangle-OBB test over `[t0, t1]` with constant velocities (Eberly, "Dynamic Collision Detection using OBBs",
/// section 3.2.2): an axis separates over the interval when the moving
/// triangle interval is on the same side of `[-R, R]` at both ends.
///
/// The paper's 13 axes are complete at every instant but not over an
/// interval; as for boxes (Table 1'), the axes `W x A_i` and `W x E_j` of
/// the swept triangle complete them, and are tried last (static
/// projections).
pub fn test_triangle_box_moving<S: FieldScalar>(
    obb: &Obb<S>,
    v_box: &Vec3<S>,
    tri: &Triangle<S>,
    v_tri: &Vec3<S>,
    t0: &S,
    t1: &S,
) -> StaticTest {
    let w = v_tri - v_box;
    let table = TriangleBoxTable::new(obb, tri, w.clone());
    for ax in table.table3() {
        if let Some(side) = separates_over(&ax, t0, t1) {
            return StaticTest::Separated {
                axis: ax.axis,
                side,
            };
        }
    }
    // the swept triangle against the box, on the axes W x A_i and W x E_j
    // (projections fixed in time; the triangle's is taken at t0)
    let e = eberly_edges(tri);
    let start = tri.vertices.each_ref().map(|u| u + &w.scale(t0));
    let a = &obb.half_extents;
    let dirs = (0..3)
        .map(|i| (Axis::WxA(i), w.cross(&obb.axes[i])))
        .chain((0..3).map(|j| (Axis::WxE(j), w.cross(&e[j]))));
    for (axis, l) in dirs {
        let r = (0..3).fold(S::zero(), |acc, i| {
            acc + a[i].mul_ref(&l.dot(&obb.axes[i]).abs())
        });
        let p = start.each_ref().map(|u| l.dot(&(u - &obb.center)));
        let lo = min3(&p[0], &p[1], &p[2]);
        let hi = max3(&p[0], &p[1], &p[2]);
        let side = if lo > r {
            Some(Side::Positive)
        } else if hi < -r.clone() {
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

/// The first time of contact of a box and a triangle moving at constant
/// velocities over `[t0, t1]` (Eberly, "Dynamic Collision Detection using OBBs", section 3.3.1).
pub fn find_triangle_box_contact<S: FieldScalar>(
    obb: &Obb<S>,
    v_box: &Vec3<S>,
    tri: &Triangle<S>,
    v_tri: &Vec3<S>,
    t0: &S,
    t1: &S,
) -> ConstantVelocityContact<S> {
    let table = TriangleBoxTable::new(obb, tri, v_tri - v_box);
    find_contact(table.table3(), t0, t1)
}
