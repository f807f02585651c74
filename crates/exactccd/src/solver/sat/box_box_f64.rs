//! The first time of contact of two boxes under constant velocities,
//! specialised to `f64` (Eberly, "Dynamic Collision Detection using OBBs", section 2.3.1 with Table 1): the same
//! method, the same table and the same arithmetic as the generic
//! [`find_box_box_contact`](super::find_box_box_contact) at `S = f64`, written
//! for speed.
//!
//! # The method (unchanged)
//!
//! On each of the 15 axes of Table 1, in the table's order `A0..A2`,
//! `B0..B2`, `A0xB0 .. A2xB2`, `a` projects to `[-R0, R0]` and `b` to
//! `[L.D - R1 + s t, L.D + R1 + s t]` with the speed `s = L . W` (Table 1,
//! equations (1) and (2)). The axis fails to separate on the closed interval
//! `[enter, exit]` of `constant_velocity.rs`; the contact interval is
//! `[max enter, min exit]` clipped to `[t0, t1]`, and the first time of
//! contact is the largest `enter` (section 2.3.1). The search stops as soon
//! as one axis separates for ever (`s = 0` with disjoint projections), or
//! the running `max enter` passes `t1`, or the running `min exit` falls
//! before `t0`, or the two cross (Eberly's early outs, in the table's
//! order). The nine cross-product axes are skipped when a pair of box axes
//! is parallel (`|c_ij| >= 1 - 1e-12`).
//!
//! # What differs from the generic routine
//!
//! Only the bookkeeping, not one floating-point operation:
//!
//! * no allocation and no cloned [`AxisInterval`](super::AxisInterval): the
//!   running `enter`/`exit` are plain `f64`s with the index of their axis;
//! * the rows `c_i. = A_i . B_.` of `c_ij` and `|c_ij|` are computed when
//!   the axis `A_i` needs them (Eberly's lazy order), so an early out on
//!   `A0` costs three dot products of `c`, not nine;
//! * no separation pieces: the answer is the contact interval and the axis
//!   that separated last with the side `b` came from; the generic routine
//!   gives the pieces (the certificate) when they are wanted;
//! * no contact point: the features and the point at the contact time are
//!   computed only when asked, by `features.rs`.
//!
//! Every quantity is computed with the generic routine's formula in the same
//! order (no fused multiply-add: Rust does not contract), so the two agree
//! bit for bit; `tests/sat_box_box_f64.rs` checks that on random pairs, and
//! checks both against exact rationals.
#![allow(clippy::float_arithmetic)]

use super::{Axis, Side};
use crate::geom::{Obb, Vec3};

/// The first contact of two boxes in `f64`: the contact interval within
/// `[t0, t1]` and, for a contact after `t0`, the axis of Table 1 whose
/// non-separating interval starts last with the side `b` came from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxBoxContactF64 {
    /// The closed contact interval `[first, last]` within `[t0, t1]`, if any.
    pub interval: Option<(f64, f64)>,
    /// For a contact after `t0`: the axis that separated until the contact
    /// time and the side of `b` on it before.
    pub last_separating: Option<(Axis, Side)>,
    /// Axes evaluated before the answer was known.
    pub axes_evaluated: usize,
}

impl BoxBoxContactF64 {
    /// The first time of contact.
    pub fn first_time(&self) -> Option<f64> {
        self.interval.map(|(t, _)| t)
    }
}

/// `|c_ij|` at or above this means two axes are parallel (the value of the
/// generic routine's `parallel_cutoff::<f64>()`, computed the same way).
const PARALLEL_CUTOFF: f64 = 1.0 - 1.0 / 1_000_000_000_000.0;

const NEXT: [usize; 3] = [1, 2, 0];
const PREV: [usize; 3] = [2, 0, 1];

/// The running state of the search: the largest `enter` and the smallest
/// `exit` seen so far (meaningful once `has_enter` / `has_exit`), with the
/// table row (`0..15`) that gave `enter` and the side of `b` before it.
struct Search {
    t0: f64,
    t1: f64,
    has_enter: bool,
    enter: f64,
    enter_row: usize,
    enter_side: Side,
    has_exit: bool,
    exit: f64,
    evaluated: usize,
}

/// Whether the search may stop: `Stop` means no contact within `[t0, t1]`.
#[derive(PartialEq)]
enum Step {
    Continue,
    Stop,
}

impl Search {
    /// One axis: `a` covers `[-r0, r0]`, `b` covers `[p - r1 + s t, p + r1 +
    /// s t]` (the interval and its `enter`/`exit` exactly as
    /// `AxisInterval::non_separating_times` computes them). Written with
    /// selects rather than branches on the sign of `s` and on the running
    /// extremes, which are data-dependent (the same values either way).
    #[inline(always)]
    fn axis(&mut self, row: usize, r0: f64, r1: f64, p: f64, s: f64) -> Step {
        self.evaluated += 1;
        let (a_lo, a_hi) = (-r0, r0);
        let (b_lo, b_hi) = (p - r1, p + r1);
        // not `s == 0.0`: a NaN speed must take this branch, as its sign is
        // zero in the generic routine
        #[allow(clippy::double_comparisons)]
        let still = !(s > 0.0 || s < 0.0);
        if still {
            // s = 0 (or NaN, whose sign is zero too): the projections do not
            // move, so the axis separates for ever or never
            return if b_lo > a_hi || b_hi < a_lo {
                Step::Stop
            } else {
                Step::Continue
            };
        }
        let low = (a_lo - b_hi) / s;
        let high = (a_hi - b_lo) / s;
        let rising = s > 0.0;
        let (enter, exit) = if rising { (low, high) } else { (high, low) };
        let side_before = if rising {
            Side::Negative
        } else {
            Side::Positive
        };
        if !self.has_enter || enter > self.enter {
            self.has_enter = true;
            self.enter = enter;
            self.enter_row = row;
            self.enter_side = side_before;
        }
        if !self.has_exit || exit < self.exit {
            self.has_exit = true;
            self.exit = exit;
        }
        // both are set from here on
        if self.enter > self.t1 || self.exit < self.t0 || self.enter > self.exit {
            Step::Stop
        } else {
            Step::Continue
        }
    }

    fn no_contact(&self) -> BoxBoxContactF64 {
        BoxBoxContactF64 {
            interval: None,
            last_separating: None,
            axes_evaluated: self.evaluated,
        }
    }

    fn contact(&self) -> BoxBoxContactF64 {
        let (first, last_separating) = if self.has_enter && self.enter > self.t0 {
            (
                self.enter,
                Some((table1_axis(self.enter_row), self.enter_side)),
            )
        } else {
            (self.t0, None)
        };
        let last = if self.has_exit && self.exit < self.t1 {
            self.exit
        } else {
            self.t1
        };
        BoxBoxContactF64 {
            interval: Some((first, last)),
            last_separating,
            axes_evaluated: self.evaluated,
        }
    }
}

/// The axis of row `row` of Table 1.
fn table1_axis(row: usize) -> Axis {
    match row {
        0..=2 => Axis::A(row),
        3..=5 => Axis::B(row - 3),
        _ => Axis::AxB((row - 6) / 3, (row - 6) % 3),
    }
}

#[inline(always)]
fn dot(u: &Vec3<f64>, v: &Vec3<f64>) -> f64 {
    u.x * v.x + u.y * v.y + u.z * v.z
}

#[inline(always)]
fn sub(u: &Vec3<f64>, v: &Vec3<f64>) -> Vec3<f64> {
    Vec3::new(u.x - v.x, u.y - v.y, u.z - v.z)
}

/// The first time of contact of two boxes moving at constant velocities
/// over `[t0, t1]` in `f64` (positions `C + t V`; Eberly, "Dynamic Collision Detection using OBBs", section 2.3.1,
/// Table 1): the same answer, bit for bit, as
/// [`find_box_box_contact`](super::find_box_box_contact)`::<f64>` without
/// its separation pieces (module docs).
///
/// ```
/// use exactccd::geom::{BoxShape, Obb, Pose, Vec3};
/// use exactccd::solver::sat::{find_box_box_contact_f64, Axis, Side};
/// let unit = BoxShape::new([1.0, 1.0, 1.0]);
/// let a: Obb<f64> = Obb::from_box(&unit, &Pose::identity());
/// let b = Obb::from_box(&unit, &Pose::from_translation(Vec3::new(5.0, 0.5, 0.0)));
/// let vb = Vec3::new(-4.0, 0.0, 0.0);
/// let found = find_box_box_contact_f64(&a, &Vec3::zero(), &b, &vb, 0.0, 1.0);
/// // faces x = 1 and x = 5 - 1 - 4t meet at t = 3/4; they part at t = 7/4 > 1
/// assert_eq!(found.interval, Some((0.75, 1.0)));
/// assert_eq!(found.last_separating, Some((Axis::A(0), Side::Positive)));
/// ```
pub fn find_box_box_contact_f64(
    a: &Obb<f64>,
    va: &Vec3<f64>,
    b: &Obb<f64>,
    vb: &Vec3<f64>,
    t0: f64,
    t1: f64,
) -> BoxBoxContactF64 {
    let (ea, eb) = (&a.half_extents, &b.half_extents);
    let d = sub(&b.center, &a.center);
    let w = sub(vb, va);
    let mut search = Search {
        t0,
        t1,
        has_enter: false,
        enter: 0.0,
        enter_row: 0,
        enter_side: Side::Positive,
        has_exit: false,
        exit: 0.0,
        evaluated: 0,
    };
    let mut c = [[0.0; 3]; 3];
    let mut ac = [[0.0; 3]; 3];
    let mut ad = [0.0; 3];
    let mut aw = [0.0; 3];
    // A0..A2, each computing its row of c_ij when it needs it
    for i in 0..3 {
        for j in 0..3 {
            c[i][j] = dot(&a.axes[i], &b.axes[j]);
            ac[i][j] = c[i][j].abs();
        }
        ad[i] = dot(&a.axes[i], &d);
        aw[i] = dot(&a.axes[i], &w);
        let r1 = eb[0] * ac[i][0] + eb[1] * ac[i][1] + eb[2] * ac[i][2];
        if search.axis(i, ea[i], r1, ad[i], aw[i]) == Step::Stop {
            return search.no_contact();
        }
    }
    // B0..B2
    for j in 0..3 {
        let r0 = ea[0] * ac[0][j] + ea[1] * ac[1][j] + ea[2] * ac[2][j];
        let bj = &b.axes[j];
        if search.axis(3 + j, r0, eb[j], dot(bj, &d), dot(bj, &w)) == Step::Stop {
            return search.no_contact();
        }
    }
    // A_i x B_j, unless two axes are parallel (then these are face axes or 0)
    let parallel = ac.iter().flatten().any(|x| *x >= PARALLEL_CUTOFF);
    if !parallel {
        for i0 in 0..3 {
            let (i1, i2) = (NEXT[i0], PREV[i0]);
            for j in 0..3 {
                let (j1, j2) = (NEXT[j], PREV[j]);
                let r0 = ea[i1] * ac[i2][j] + ea[i2] * ac[i1][j];
                let r1 = eb[j1] * ac[i0][j2] + eb[j2] * ac[i0][j1];
                let p = c[i1][j] * ad[i2] - c[i2][j] * ad[i1];
                let s = c[i1][j] * aw[i2] - c[i2][j] * aw[i1];
                if search.axis(6 + 3 * i0 + j, r0, r1, p, s) == Step::Stop {
                    return search.no_contact();
                }
            }
        }
    }
    search.contact()
}
