//! The first contact of two boxes by the time-cell search in `f64`: the
//! same decisions as the certified cells (module docs of `cells`), made
//! with floating-point values and not certified.
//!
//! The gap `g(t)` is the largest separation of the boxes over the 15 unit
//! axes of Table 1 of Eberly, "Dynamic Collision Detection using OBBs",
//! section 2.1, at the instant `t`: positive exactly when the boxes are
//! apart, and then at most their distance; negative when they overlap, and
//! then minus their penetration depth (the faces of the Minkowski
//! difference of two boxes have those 15 normals). Distance and depth
//! change no faster than `L = s_a + s_b`, the sum of the largest speeds of
//! the boxes' points, so a cell `[t, t + g(t) / L]` is separated (the
//! first-order enclosure `g(u) >= g(t) - L |u - t|` of the cells). The
//! search advances by such cells (a probe two cells ahead finds an
//! overlapping instant sooner), and once an instant of overlap brackets the
//! contact with a separated instant at most two cells earlier, the sign
//! change of `g` is refined by the Illinois variant of regula falsi.
//!
//! `L` comes from the motions' certified velocity enclosures over the whole
//! interval (`motion::enclosure`), computed once. Not certified: a contact
//! that starts and ends inside the last probe's cell is missed, and the
//! final bracket is as good as `f64` evaluation of the placements.
#![allow(clippy::float_arithmetic)]

use super::box_of;
use crate::geom::{Mat3, Vec3};
use crate::motion::{pair_enclosures, relative_float_motion, Body, RelativeFloatMotion};
use crate::scalar::interval::Interval;
use crate::scalar::{rational_to_f64, BigRational};
use crate::Error;

/// The most gap evaluations of one solve (a limit error beyond).
pub const MAX_EVALUATIONS: usize = 100_000;

/// The answer of the `f64` cell search.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatCellOutcome {
    /// The boxes touch or overlap at some time of the interval.
    pub collides: bool,
    /// They touch or overlap at `t0`.
    pub initially_overlapping: bool,
    /// The first contact time.
    pub first_contact: Option<f64>,
    /// Gap evaluations made.
    pub evaluations: usize,
}

/// The relative placement of `b` in `a`'s frame and the boxes' half
/// extents, in `f64`.
struct FloatPair {
    motion: RelativeFloatMotion,
    ha: [f64; 3],
    hb: [f64; 3],
}

impl FloatPair {
    /// The gap `g(t)` (module docs); `None` when the placement is not
    /// defined at `t`.
    fn gap(&self, t: f64) -> Option<f64> {
        let (rotation, offset) = self.motion.eval(t)?;
        Some(sat_gap(&rotation, &offset, &self.ha, &self.hb))
    }
}

/// The largest separation over the 15 unit axes of Table 1 of `a` (at the
/// origin, axis-aligned, half extents `ha`) and `b` (frame `rotation`,
/// centre `offset`, half extents `hb`).
fn sat_gap(rotation: &Mat3<f64>, offset: &Vec3<f64>, ha: &[f64; 3], hb: &[f64; 3]) -> f64 {
    let b_axes = [rotation.col(0), rotation.col(1), rotation.col(2)];
    let along = |l: &Vec3<f64>| -> f64 {
        let ra = ha[0] * l.x.abs() + ha[1] * l.y.abs() + ha[2] * l.z.abs();
        let rb: f64 = (0..3).map(|j| hb[j] * b_axes[j].dot(l).abs()).sum();
        offset.dot(l).abs() - ra - rb
    };
    let unit = |k: usize| {
        let mut v = Vec3::new(0.0, 0.0, 0.0);
        match k {
            0 => v.x = 1.0,
            1 => v.y = 1.0,
            _ => v.z = 1.0,
        }
        v
    };
    let mut best = f64::NEG_INFINITY;
    for i in 0..3 {
        best = best.max(along(&unit(i)));
        best = best.max(along(&b_axes[i]));
        for axis in &b_axes {
            let l = unit(i).cross(axis);
            let n = l.dot(&l).sqrt();
            // parallel edges: the face axes cover this direction
            if n > 1e-9 {
                best = best.max(along(&l.scale(&(1.0 / n))));
            }
        }
    }
    best
}

/// The largest speed of a point of the box with half extents `h` under the
/// motion prepared as `e`, over the interval: `|o'| + sum h_i |F_i'|`.
fn speed_bound(e: &crate::motion::MotionEnclosure, h: &[f64; 3], time: &Interval) -> Option<f64> {
    let v = e.velocity_over(time, 64)?;
    let magnitude = |x: &Interval| rational_to_f64(&x.magnitude().to_rational());
    let norm = |x: [f64; 3]| (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]).sqrt();
    let origin = norm(std::array::from_fn(|k| magnitude(&v.origin[k])));
    let frame: f64 = (0..3)
        .map(|i| h[i] * norm(std::array::from_fn(|k| magnitude(&v.frame[k][i]))))
        .sum();
    // a relative margin for the f64 rounding of the bound itself
    Some((origin + frame) * (1.0 + 1e-12))
}

fn half_extents(body: &Body) -> Option<[f64; 3]> {
    box_of(body).map(|b| std::array::from_fn(|i| rational_to_f64(&b.half_extents[i])))
}

/// The first contact of two boxes over `[t0, t1]` by the `f64` cell search
/// (module docs). Not applicable to other shapes and to motions without an
/// enclosure; a limit error past [`MAX_EVALUATIONS`] (a graze the search
/// cannot leave).
pub fn solve_box_cells_f64(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
) -> Result<FloatCellOutcome, Error> {
    let (Some(ha), Some(hb)) = (half_extents(a), half_extents(b)) else {
        return Err(Error::not_applicable(
            "sat: time cells take two boxes; a triangle or a mesh under a transcendental motion is not solved by them",
        ));
    };
    let (t0, t1) = interval;
    let (ea, eb) = pair_enclosures(a, b, interval, 64).map_err(|e| {
        Error::not_applicable(format!(
            "sat: time cells need a placement enclosure, not {}",
            e.0
        ))
    })?;
    let whole = Interval::from_rationals(t0, t1, 64);
    let (Some(sa), Some(sb)) = (speed_bound(&ea, &ha, &whole), speed_bound(&eb, &hb, &whole))
    else {
        return Err(Error::not_applicable(
            "sat: time cells in f64 need a bounded velocity of both motions",
        ));
    };
    let pair = FloatPair {
        motion: relative_float_motion(a, b, t0, t1),
        ha,
        hb,
    };
    search(&pair, sa + sb, (rational_to_f64(t0), rational_to_f64(t1)))
}

/// A separated instant `(t, g(t))`, everything before it separated.
type Sample = (f64, f64);

fn undefined(t: f64) -> Error {
    Error::not_applicable(format!(
        "sat: the placement of a body is not defined at t = {t}"
    ))
}

/// The search of the module docs with the speed bound `speed`.
fn search(pair: &FloatPair, speed: f64, (t0, t1): (f64, f64)) -> Result<FloatCellOutcome, Error> {
    let mut evaluations = 0usize;
    let mut gap = |t: f64| -> Result<f64, Error> {
        evaluations += 1;
        if evaluations > MAX_EVALUATIONS {
            return Err(Error::limit_exceeded(format!(
                "sat time cells (f64): more than {MAX_EVALUATIONS} evaluations, the boxes stay within rounding of a touch near t = {t}"
            )));
        }
        pair.gap(t).ok_or_else(|| undefined(t))
    };
    let g0 = gap(t0)?;
    if g0 <= 0.0 {
        return Ok(FloatCellOutcome {
            collides: true,
            initially_overlapping: true,
            first_contact: Some(t0),
            evaluations,
        });
    }
    let scale = t0.abs().max(t1.abs()).max(1.0);
    let resolution = 4.0 * f64::EPSILON * scale;
    let mut lo: Sample = (t0, g0);
    let overlapping: Sample = loop {
        crate::budget::check()?;
        let cell = lo.1 / speed;
        if cell <= resolution {
            // closer than the time resolution: a touch at `lo`
            return Ok(contact_at(lo.0, evaluations));
        }
        // a probe two cells ahead: overlapping there brackets the contact
        let probe = (lo.0 + 2.0 * cell).min(t1);
        let gp = gap(probe)?;
        if gp <= 0.0 {
            break (probe, gp);
        }
        if lo.1 + gp > speed * (probe - lo.0) {
            // both ends' cells cover [lo, probe]: separated
            if probe >= t1 {
                return Ok(FloatCellOutcome {
                    collides: false,
                    initially_overlapping: false,
                    first_contact: None,
                    evaluations,
                });
            }
            lo = (probe, gp);
        } else {
            let next = lo.0 + cell;
            lo = (next, gap(next)?);
            if lo.1 <= 0.0 {
                return Ok(contact_at(lo.0, evaluations));
            }
        }
    };
    let t = illinois(&mut gap, lo, overlapping, resolution)?;
    Ok(contact_at(t, evaluations))
}

fn contact_at(t: f64, evaluations: usize) -> FloatCellOutcome {
    FloatCellOutcome {
        collides: true,
        initially_overlapping: false,
        first_contact: Some(t),
        evaluations,
    }
}

/// The sign change of `g` in `[lo, hi]` (`g(lo) > 0 >= g(hi)`) by the
/// Illinois variant of regula falsi, to `resolution`: the upper end.
fn illinois(
    gap: &mut impl FnMut(f64) -> Result<f64, Error>,
    mut lo: Sample,
    mut hi: Sample,
    resolution: f64,
) -> Result<f64, Error> {
    // the end kept twice in a row has its value halved
    let mut kept: i8 = 0;
    while hi.0 - lo.0 > resolution {
        let w = hi.0 - lo.0;
        let secant = lo.0 + w * lo.1 / (lo.1 - hi.1);
        let t = secant.clamp(lo.0 + w / 64.0, hi.0 - w / 64.0);
        let g = gap(t)?;
        if g <= 0.0 {
            hi = (t, g);
            if kept < 0 {
                lo.1 /= 2.0;
            }
            kept = -1;
        } else {
            lo = (t, g);
            if kept > 0 {
                hi.1 /= 2.0;
            }
            kept = 1;
        }
    }
    Ok(hi.0)
}
