//! The first time of contact under constant velocities, shared by the three
//! pairs (Eberly, "Dynamic Collision Detection using OBBs", sections 2.3.1, 3.3.1, 4.3.1).
//!
//! On a fixed axis `L`, with `a` at rest and `b` moving at the relative
//! velocity `W`, `a` projects to the fixed interval `[a_lo, a_hi]` and `b`
//! to `[b_lo + s t, b_hi + s t]` with the speed `s = L . W`. The axis fails
//! to separate exactly on the closed interval of times
//!
//! * `s > 0`: `[(a_lo - b_hi) / s, (a_hi - b_lo) / s]` (before it `b` is
//!   below, after it above);
//! * `s < 0`: `[(a_hi - b_lo) / s, (a_lo - b_hi) / s]`;
//! * `s = 0`: all times when the projections overlap at `t = 0`, none
//!   otherwise (the axis separates for ever).
//!
//! Since the table's axes are complete at every instant, the solids touch at
//! `t` exactly when no axis separates, so the contact set within
//! `[t0, t1]` is the intersection `[max enter, min exit]` of these closed
//! intervals with `[t0, t1]`, and the first time of contact is the largest
//! `enter`: "the last time a separating axis exists" (section 2.3.1). The
//! axis attaining it separated last; its side says which way `b` came from.
#![deny(clippy::float_arithmetic)]

use super::{Axis, Side};
use crate::scalar::{FieldScalar, Sign};

/// The projections of the pair on one axis at `t = 0` and the speed of
/// `b`'s projection: `a` covers `[a_lo, a_hi]`, `b` covers `[b_lo + speed t,
/// b_hi + speed t]`.
#[derive(Clone, Debug, PartialEq)]
pub struct AxisInterval<S> {
    /// The axis.
    pub axis: Axis,
    /// Lower end of `a`'s projection.
    pub a_lo: S,
    /// Upper end of `a`'s projection.
    pub a_hi: S,
    /// Lower end of `b`'s projection at `t = 0`.
    pub b_lo: S,
    /// Upper end of `b`'s projection at `t = 0`.
    pub b_hi: S,
    /// `L . W`: the speed of `b`'s projection.
    pub speed: S,
}

impl<S: FieldScalar> AxisInterval<S> {
    /// The side `b` is on at time `t`, `None` when the projections touch or
    /// overlap (closed intervals).
    pub(crate) fn separation_at(&self, t: &S) -> Option<Side> {
        let shift = self.speed.mul_ref(t);
        if self.b_lo.add_ref(&shift) > self.a_hi {
            Some(Side::Positive)
        } else if self.b_hi.add_ref(&shift) < self.a_lo {
            Some(Side::Negative)
        } else {
            None
        }
    }

    /// The gap that is positive while the axis separates with `b` on
    /// `side`, as `(constant, slope)` in `t`: `b_lo - a_hi + s t` for
    /// [`Side::Positive`], `a_lo - b_hi - s t` for [`Side::Negative`].
    pub fn gap(&self, side: Side) -> (S, S) {
        match side {
            Side::Positive => (self.b_lo.sub_ref(&self.a_hi), self.speed.clone()),
            Side::Negative => (self.a_lo.sub_ref(&self.b_hi), -self.speed.clone()),
        }
    }

    /// The closed interval of times where the axis does not separate:
    /// `Some((enter, exit))` with `None` for an unbounded end, or `None`
    /// when the axis separates at all times (module docs).
    #[allow(clippy::type_complexity)]
    pub fn non_separating_times(&self) -> Option<(Option<S>, Option<S>)> {
        match self.speed.sign() {
            Sign::Zero => {
                if self.b_lo > self.a_hi || self.b_hi < self.a_lo {
                    None
                } else {
                    Some((None, None))
                }
            }
            Sign::Positive => Some((
                Some(self.a_lo.sub_ref(&self.b_hi).div_ref(&self.speed)),
                Some(self.a_hi.sub_ref(&self.b_lo).div_ref(&self.speed)),
            )),
            Sign::Negative => Some((
                Some(self.a_hi.sub_ref(&self.b_lo).div_ref(&self.speed)),
                Some(self.a_lo.sub_ref(&self.b_hi).div_ref(&self.speed)),
            )),
        }
    }
}

/// One piece of separation found by the constant-velocity search: on
/// `[start, end]` (`[start, end)` when `ends_at_contact`) `axis` separates
/// with `b` on `side`.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstantVelocityPiece<S> {
    /// Start time.
    pub start: S,
    /// End time.
    pub end: S,
    /// The piece ends at the contact time (open end).
    pub ends_at_contact: bool,
    /// The axis and its projections.
    pub axis: AxisInterval<S>,
    /// The side of `b` on the piece.
    pub side: Side,
}

/// The first contact of a constant-velocity pair over `[t0, t1]` (sections
/// 2.3.1, 3.3.1, 4.3.1): the contact interval, the axis that separated last
/// and the separation certificate before it.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstantVelocityContact<S> {
    /// The closed contact interval `[first, last]` within `[t0, t1]`, if any.
    pub interval: Option<(S, S)>,
    /// For a contact after `t0`: the axis whose non-separating interval
    /// starts last (it separated until the contact time) and the side `b`
    /// came from.
    pub last_separating: Option<(AxisInterval<S>, Side)>,
    /// Pieces covering `[t0, first)` (contact) or `[t0, t1]` (no contact).
    pub pieces: Vec<ConstantVelocityPiece<S>>,
    /// Axes evaluated.
    pub axes_evaluated: usize,
}

impl<S: FieldScalar> ConstantVelocityContact<S> {
    /// True when the solids touch within the interval.
    pub fn collides(&self) -> bool {
        self.interval.is_some()
    }

    /// The first time of contact.
    pub fn first_time(&self) -> Option<&S> {
        self.interval.as_ref().map(|(t, _)| t)
    }
}

fn separated_side_before<S: FieldScalar>(ax: &AxisInterval<S>) -> Side {
    // before `enter` the projection of b has not reached a's yet
    if ax.speed.sign() == Sign::Positive {
        Side::Negative
    } else {
        Side::Positive
    }
}

/// Runs the search over the axes produced by `axes` (in table order, `None`
/// for an axis skipped as degenerate) on `[t0, t1]`, stopping early once
/// separation over the whole interval is certain.
pub(crate) fn find_contact<S: FieldScalar>(
    axes: impl Iterator<Item = AxisInterval<S>>,
    t0: &S,
    t1: &S,
) -> ConstantVelocityContact<S> {
    // (enter, axis) with the largest enter, (exit, axis) with the smallest exit
    let mut best_enter: Option<(S, AxisInterval<S>)> = None;
    let mut best_exit: Option<(S, AxisInterval<S>)> = None;
    let mut evaluated = 0;
    for ax in axes {
        evaluated += 1;
        let Some((enter, exit)) = ax.non_separating_times() else {
            // separates at all times: one piece covers the interval
            let side = ax.separation_at(t0).unwrap_or(Side::Positive);
            return ConstantVelocityContact {
                interval: None,
                last_separating: None,
                pieces: vec![ConstantVelocityPiece {
                    start: t0.clone(),
                    end: t1.clone(),
                    ends_at_contact: false,
                    axis: ax,
                    side,
                }],
                axes_evaluated: evaluated,
            };
        };
        if let Some(e) = enter {
            if best_enter.as_ref().is_none_or(|(b, _)| e > *b) {
                best_enter = Some((e, ax.clone()));
            }
        }
        if let Some(x) = exit {
            if best_exit.as_ref().is_none_or(|(b, _)| x < *b) {
                best_exit = Some((x, ax));
            }
        }
        // early out: an axis separates all of [t0, t1], or two do together
        let enter_late = best_enter.as_ref().is_some_and(|(e, _)| e > t1);
        let exit_early = best_exit.as_ref().is_some_and(|(x, _)| x < t0);
        let crossed = match (&best_enter, &best_exit) {
            (Some((e, _)), Some((x, _))) => e > x,
            _ => false,
        };
        if enter_late || exit_early || crossed {
            return no_contact(best_enter, best_exit, t0, t1, evaluated);
        }
    }
    let first = match &best_enter {
        Some((e, _)) if e > t0 => e.clone(),
        _ => t0.clone(),
    };
    let last = match &best_exit {
        Some((x, _)) if x < t1 => x.clone(),
        _ => t1.clone(),
    };
    let (last_separating, pieces) = match best_enter {
        Some((e, ax)) if e > *t0 => {
            let side = separated_side_before(&ax);
            let piece = ConstantVelocityPiece {
                start: t0.clone(),
                end: e,
                ends_at_contact: true,
                axis: ax.clone(),
                side,
            };
            (Some((ax, side)), vec![piece])
        }
        _ => (None, Vec::new()),
    };
    ConstantVelocityContact {
        interval: Some((first, last)),
        last_separating,
        pieces,
        axes_evaluated: evaluated,
    }
}

fn no_contact<S: FieldScalar>(
    best_enter: Option<(S, AxisInterval<S>)>,
    best_exit: Option<(S, AxisInterval<S>)>,
    t0: &S,
    t1: &S,
    evaluated: usize,
) -> ConstantVelocityContact<S> {
    let piece = |start: &S, end: &S, ax: AxisInterval<S>, side: Side| ConstantVelocityPiece {
        start: start.clone(),
        end: end.clone(),
        ends_at_contact: false,
        axis: ax,
        side,
    };
    let after_side = |ax: &AxisInterval<S>| separated_side_before(ax).flip();
    let pieces = match (best_enter, best_exit) {
        (Some((e, ax)), _) if e > *t1 => {
            let side = separated_side_before(&ax);
            vec![piece(t0, t1, ax, side)]
        }
        (_, Some((x, ax))) if x < *t0 => {
            let side = after_side(&ax);
            vec![piece(t0, t1, ax, side)]
        }
        (Some((e, ax_e)), Some((x, ax_x))) => {
            // x < e: ax_e separates on [t0, e), ax_x on (x, t1]; cut between
            let two = S::one() + S::one();
            let cut = x.add_ref(&e).div_ref(&two);
            let (se, sx) = (separated_side_before(&ax_e), after_side(&ax_x));
            vec![piece(t0, &cut, ax_e, se), piece(&cut, t1, ax_x, sx)]
        }
        _ => unreachable!("no contact is only concluded from a finite enter or exit"),
    };
    ConstantVelocityContact {
        interval: None,
        last_separating: None,
        pieces,
        axes_evaluated: evaluated,
    }
}

/// Eberly's interval test for one axis over `[t0, t1]` (the pseudocode of
/// section 2.2.2): `b`'s projection is on the same side of `a`'s at both
/// ends, so by linearity at every time between.
pub(crate) fn separates_over<S: FieldScalar>(ax: &AxisInterval<S>, t0: &S, t1: &S) -> Option<Side> {
    let s0 = ax.separation_at(t0)?;
    (ax.separation_at(t1)? == s0).then_some(s0)
}
