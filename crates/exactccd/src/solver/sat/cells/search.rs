//! The time cells: each is proved separated (a fixed world axis whose
//! interval separation bound is positive over the whole cell), proved
//! overlapping (a material point proved strictly inside both boxes over the
//! whole cell), or bisected until it is narrower than the target width and
//! left undecided. The cells are visited in time order, left half first.
#![deny(clippy::float_arithmetic)]

use super::boxes::{
    direction, estimated_gap, local_point, midpoint_vector, separated_along, strictly_inside,
    world_point, AxisIndex, Extents,
};
use super::witness::interior_candidate;
use crate::motion::{IntervalVec, MotionEnclosure, PlacementEnclosure};
use crate::scalar::interval::{Dyad, Interval};
use crate::scalar::BigRational;
use crate::Error;
use num_traits::{One, Signed};

/// The most cells one solve visits before it gives up (status 3).
pub const MAX_CELLS: usize = 400_000;

/// The most consecutive undecided narrow cells: a longer run is a
/// touching contact (faces sliding in contact) or a near touch the
/// arithmetic does not resolve, and the solve stops (status 3).
const MAX_UNDECIDED_RUN: usize = 16;

/// What a cell was proved to be.
#[derive(Clone, Debug)]
pub(crate) enum Class {
    /// `b` lies on `side` (`+1` or `-1`) of `a` along `direction` at every
    /// time of the cell.
    Separated {
        axis: AxisIndex,
        direction: IntervalVec,
        side: i32,
    },
    /// A point of the interior of both boxes at every time of the cell:
    /// `point` is its world position at the cell's midpoint.
    Overlapping { point: IntervalVec },
    /// Neither, and the cell is narrower than the target width.
    Undecided,
}

/// A classified cell `[start, end]`.
#[derive(Clone, Debug)]
pub(crate) struct Cell {
    pub start: BigRational,
    pub end: BigRational,
    pub class: Class,
}

/// The two boxes with their motions prepared for enclosures.
pub(crate) struct Pair {
    pub a: MotionEnclosure,
    pub b: MotionEnclosure,
    pub ha: Extents,
    pub hb: Extents,
    /// Working precision (bits).
    pub bits: u64,
    /// The target width is `2^-precision max(1, |t|)`.
    pub precision: u32,
}

impl Pair {
    fn placements(&self, time: &Interval) -> Option<(PlacementEnclosure, PlacementEnclosure)> {
        Some((self.a.over(time)?, self.b.over(time)?))
    }

    fn time(&self, a: &BigRational, b: &BigRational) -> Interval {
        Interval::from_rationals(a, b, self.bits)
    }

    /// True when `[a, b]` is narrow enough to stay undecided: at most a
    /// quarter of the target width `2^-precision max(1, min(|a|, |b|))`.
    fn is_narrow(&self, a: &BigRational, b: &BigRational) -> bool {
        let scale = if a.is_positive() == b.is_positive() {
            a.abs().min(b.abs()).max(BigRational::one())
        } else {
            BigRational::one()
        };
        let target = scale / BigRational::from_integer(num_bigint::BigInt::one() << (self.precision + 2));
        b - a <= target
    }

    /// The placements at one instant, for choosing an axis and a witness.
    pub(crate) fn at(&self, t: &BigRational) -> Option<(PlacementEnclosure, PlacementEnclosure)> {
        self.placements(&self.time(t, t))
    }

    /// The candidate axis with the largest separation at the instant.
    fn best_axis(&self, a: &PlacementEnclosure, b: &PlacementEnclosure) -> Option<(AxisIndex, Dyad)> {
        let p = self.bits;
        let mut best: Option<(AxisIndex, Dyad)> = None;
        for index in AxisIndex::ALL {
            let l = direction(index, a, b, p);
            if let Some(gap) = estimated_gap(&l, a, &self.ha, b, &self.hb, p) {
                if best.as_ref().is_none_or(|(_, g)| gap > *g) {
                    best = Some((index, gap));
                }
            }
        }
        best
    }

    /// Separation of the cell along the axis `index` taken at the midpoint.
    fn try_axis(
        &self,
        index: AxisIndex,
        mid: &(PlacementEnclosure, PlacementEnclosure),
        over: &(PlacementEnclosure, PlacementEnclosure),
    ) -> Option<Class> {
        let p = self.bits;
        let l = midpoint_vector(&direction(index, &mid.0, &mid.1, p), p);
        let side = separated_along(&l, &over.0, &self.ha, &over.1, &self.hb, p)?;
        Some(Class::Separated {
            axis: index,
            direction: l,
            side,
        })
    }

    /// A material point of `from` (local coordinates of the candidate at
    /// the midpoint) proved strictly inside both boxes over the cell.
    fn material_point_inside(
        &self,
        candidate: &IntervalVec,
        mid: &PlacementEnclosure,
        over_from: &PlacementEnclosure,
        h_from: &Extents,
        over_to: &PlacementEnclosure,
        h_to: &Extents,
    ) -> bool {
        let p = self.bits;
        let local = midpoint_vector(&local_point(candidate, mid, p), p);
        let inside_own = (0..3).all(|k| {
            let y = local[k].lo();
            y < h_from.0[k].lo() && y > &h_from.0[k].lo().neg()
        });
        inside_own && strictly_inside(&world_point(&local, over_from, p), over_to, h_to, p)
    }

    /// Classifies `[start, end]` (module docs); `hint` is the axis that
    /// separated the previous cell.
    pub(crate) fn classify(&self, start: &BigRational, end: &BigRational, hint: Option<AxisIndex>) -> Class {
        let mid_time = (start + end) / BigRational::from_integer(2.into());
        let (Some(mid), Some(over)) = (self.at(&mid_time), self.placements(&self.time(start, end)))
        else {
            return Class::Undecided;
        };
        if let Some(class) = hint.and_then(|h| self.try_axis(h, &mid, &over)) {
            return class;
        }
        let Some((best, gap)) = self.best_axis(&mid.0, &mid.1) else {
            return Class::Undecided;
        };
        if Some(best) != hint {
            if let Some(class) = self.try_axis(best, &mid, &over) {
                return class;
            }
        }
        if gap.sign() == crate::scalar::Sign::Positive {
            // separated at the midpoint: no point is inside both there
            return Class::Undecided;
        }
        let Some(candidate) = interior_candidate(&mid.0, &self.ha, &mid.1, &self.hb, self.bits) else {
            return Class::Undecided;
        };
        let proved = self.material_point_inside(&candidate, &mid.0, &over.0, &self.ha, &over.1, &self.hb)
            || self.material_point_inside(&candidate, &mid.1, &over.1, &self.hb, &over.0, &self.ha);
        if proved {
            Class::Overlapping { point: candidate }
        } else {
            Class::Undecided
        }
    }

    /// Every cell of `[t0, t1]` in time order (module docs); a limit error
    /// past [`MAX_CELLS`].
    pub(crate) fn cells(&self, t0: &BigRational, t1: &BigRational) -> Result<Vec<Cell>, Error> {
        let mut stack = vec![(t0.clone(), t1.clone())];
        let mut out: Vec<Cell> = Vec::new();
        let mut hint = None;
        let mut visited = 0usize;
        let mut undecided_run = 0usize;
        let two = BigRational::from_integer(2.into());
        while let Some((start, end)) = stack.pop() {
            visited += 1;
            if visited > MAX_CELLS {
                let done = out.last().map(|c| c.end.to_string()).unwrap_or_else(|| t0.to_string());
                return Err(Error::limit_exceeded(format!(
                    "sat time cells: more than {MAX_CELLS} cells; every cell up to t = {done} was decided"
                )));
            }
            let class = self.classify(&start, &end, hint);
            match &class {
                Class::Separated { axis, .. } => hint = Some(*axis),
                Class::Undecided if !self.is_narrow(&start, &end) => {
                    let mid = (&start + &end) / &two;
                    stack.push((mid.clone(), end));
                    stack.push((start, mid));
                    continue;
                }
                _ => {}
            }
            if matches!(class, Class::Undecided) {
                undecided_run += 1;
                if undecided_run > MAX_UNDECIDED_RUN {
                    let from = out
                        .iter()
                        .rev()
                        .find(|c| !matches!(c.class, Class::Undecided))
                        .map(|c| c.end.to_string())
                        .unwrap_or_else(|| t0.to_string());
                    return Err(Error::limit_exceeded(format!(
                        "sat time cells: the boxes neither separate nor overlap from t = {from} on (touching over a span, or closer than the arithmetic resolves); every cell before was decided"
                    )));
                }
            } else {
                undecided_run = 0;
            }
            out.push(Cell { start, end, class });
        }
        Ok(out)
    }
}
