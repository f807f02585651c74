//! Exact first contact and all contact intervals under rational rigid
//! motion (beyond the papers; needed by the oracle).
//!
//! # Setting
//!
//! The pair is solved in the frame of its first solid `a`
//! ([`PolyMotion::relative_to`]): `a` is at rest at its local coordinates
//! and `b` moves by `x(t) = (L(t) y + T(t)) / w(t)` with `w > 0` on
//! `[t0, t1]`. Both motions must be rigid, so that the relative motion is
//! rigid, `L = w R` with `R` a rotation, and the directions built from `b`'s
//! generators (`L u`: box axes, triangle edges, normal) are positive
//! multiples of the true ones. On every axis of the pair's table
//! (`projection.rs`) the separation condition is then
//!
//! > `b` above `a`: every gap `g_m(t)` exceeds `sum_j f_j(t) |h_j(t)|`
//! > (and likewise below),
//!
//! with polynomials `g_m` (differences of projected centres and vertices),
//! `h_j` (the dot products inside the radii) and `f_j >= 0` (extents times
//! the positive denominator). An axis whose direction vanishes identically
//! (edges parallel for the whole motion) never separates and is skipped;
//! one that vanishes at isolated instants is handled like any other (its
//! projections are all `0` there, so it does not separate there).
//!
//! # The scheme
//!
//! Per axis:
//!
//! 1. the roots of the `h_j` in `[t0, t1]` cut the interval into pieces on
//!    which every `|h_j|` is `+h_j` or `-h_j` (decided at a rational sample
//!    point of the piece), so each condition `g_m - sum_j s_j f_j h_j > 0`
//!    is a polynomial sign condition there;
//! 2. the roots of these piece polynomials within their pieces, the cuts and
//!    `t0`, `t1` are the axis's critical times: between two consecutive ones
//!    no polynomial involved changes sign, so the axis's status (separating
//!    with `b` above, below, or not) is constant there and is decided at a
//!    rational sample point;
//! 3. at a critical time that is a root of a piece polynomial the status is
//!    decided exactly at the algebraic number
//!    ([`RealRoots::sign_at_root`]); at any other critical time it equals
//!    that of its neighbours (the conditions cannot change there).
//!
//! The result per axis is a list of maximal separated intervals (open in
//! `[t0, t1]`: separation is strict). Their union over all axes is the set of
//! separated times, its complement in `[t0, t1]` the exact closed contact
//! intervals (a touching instant is a zero-length interval), and the first
//! time of contact the start of the first one; it is `t0` when the solids
//! touch or overlap at `t0`. An axis that separates on all of `[t0, t1]`
//! ends the computation early.
//!
//! # Certificates
//!
//! The separated intervals are covered greedily by the axis reaching
//! farthest; consecutive ones overlap (separation is open), and a rational
//! cut is chosen in each overlap, so the certificate is a list of closed
//! pieces with rational ends, each with its axis and polynomial data; the
//! last piece ends (open) at the contact time. For a contact after `t0` the
//! axis whose interval ends at the contact time separated last; the piece
//! polynomial of that axis that vanishes there is the time's polynomial.
#![deny(clippy::float_arithmetic)]

use super::projection::{pair_projections, AxisProjection, Placed};
use super::{AxisCertificate, CertificateFrame, SatStats, SeparationPiece, Side};
use crate::budget;
use crate::poly::{IsolationError, Poly, RealRoots};
use crate::scalar::{Scalar, Sign};
use std::cmp::Ordering;

/// The two solids of a canonical pair under rigid rational motion, in the
/// frame of the first: `a` at rest, `b` moving (module docs). Built by
/// [`solve_sat`](super::solve_sat) from the contract's bodies.
#[derive(Clone, Debug)]
pub struct RigidPair<S> {
    pub(crate) a: Placed<Poly<S>>,
    pub(crate) b: Placed<Poly<S>>,
}

impl<S: Scalar> RigidPair<S> {
    /// The projections on every axis of the pair (polynomial entries).
    pub fn projections(&self) -> Vec<AxisProjection<Poly<S>>> {
        pair_projections(&self.a, &self.b)
    }
}

/// One maximal separated interval of one axis.
#[derive(Clone, Debug)]
struct Component<R> {
    lo: R,
    lo_closed: bool,
    hi: R,
    hi_closed: bool,
    side: Side,
    axis: usize,
}

/// The exact answer under rational motion, before features and points.
#[derive(Clone, Debug)]
pub struct MotionContact<S: RealRoots> {
    /// The closed contact intervals in order.
    pub intervals: Vec<(S::Root, S::Root)>,
    /// The index (into the projections) and side of the axis that separated
    /// last before the first contact, when it is after `t0`.
    pub last_axis: Option<(usize, Side)>,
    /// A polynomial of which the first contact time is a root.
    pub time_polynomial: Option<Poly<S>>,
    /// The separation pieces.
    pub pieces: Vec<SeparationPiece<S>>,
    /// Work counters.
    pub stats: SatStats,
}

/// The per-axis polynomial data: the radius terms `(f_j, h_j)` with their
/// products `f_j h_j` (computed once: every sign pattern's radius is a
/// signed sum of them), and the gaps `g_m` of each side.
struct AxisPolys<S> {
    terms: Vec<(Poly<S>, Poly<S>)>,
    products: Vec<Poly<S>>,
    gaps: [Vec<Poly<S>>; 2],
}

/// The piece polynomials `g_m - sum_j s_j f_j h_j` of both sides for one
/// sign pattern `s` of the `h_j` (module docs, step 1): on a time where the
/// `h_j` have these signs, the axis separates with `b` on side `k` exactly
/// when `pieces[k]` is non-empty and all of it is positive.
struct PatternPieces<S> {
    pattern: Vec<Sign>,
    pieces: [Vec<Poly<S>>; 2],
}

impl<S> PatternPieces<S> {
    /// The side whose pieces all have the sign `Positive` under `sign`.
    fn status(&self, mut sign: impl FnMut(&Poly<S>) -> Sign) -> Option<Side> {
        SIDES
            .into_iter()
            .zip(&self.pieces)
            .find(|(_, ps)| !ps.is_empty() && ps.iter().all(|p| sign(p) == Sign::Positive))
            .map(|(s, _)| s)
    }
}

const SIDES: [Side; 2] = [Side::Positive, Side::Negative];

impl<S: RealRoots> AxisPolys<S> {
    fn new(ax: &AxisProjection<Poly<S>>) -> Self {
        let terms = ax.abs_terms();
        let products = terms.iter().map(|(f, h)| f * h).collect();
        AxisPolys {
            terms,
            products,
            gaps: SIDES.map(|s| ax.gaps(s)),
        }
    }

    /// `sum_j s_j f_j h_j` for the sign pattern `s`.
    fn radius(&self, pattern: &[Sign]) -> Poly<S> {
        let mut r = Poly::zero();
        for (fh, s) in self.products.iter().zip(pattern) {
            match s {
                Sign::Positive => r = &r + fh,
                Sign::Negative => r = &r - fh,
                Sign::Zero => {}
            }
        }
        r
    }

    /// The index in `cache` of the pattern's piece polynomials (found, or
    /// computed and added).
    fn pieces(&self, pattern: Vec<Sign>, cache: &mut Vec<PatternPieces<S>>) -> usize {
        match cache.iter().position(|c| c.pattern == pattern) {
            Some(k) => k,
            None => {
                let radius = self.radius(&pattern);
                let pieces = self
                    .gaps
                    .each_ref()
                    .map(|gs| gs.iter().map(|g| g - &radius).collect());
                cache.push(PatternPieces { pattern, pieces });
                cache.len() - 1
            }
        }
    }

    /// The status at a rational time, from the values of the terms.
    fn status_at_value(&self, t: &S) -> Option<Side> {
        let mut radius = S::zero();
        for (f, h) in &self.terms {
            radius += f.eval(t).mul_ref(&h.eval(t).abs());
        }
        SIDES
            .into_iter()
            .zip(&self.gaps)
            .find(|(_, gs)| !gs.is_empty() && gs.iter().all(|g| g.eval(t) > radius))
            .map(|(s, _)| s)
    }

    /// The status at a root, exactly: the pattern of the `h_j` there, then
    /// the signs of that pattern's pieces.
    fn status_at_root(&self, r: &S::Root, cache: &mut Vec<PatternPieces<S>>) -> Option<Side> {
        let pattern: Vec<Sign> = self
            .terms
            .iter()
            .map(|(_, h)| S::sign_at_root(h, r))
            .collect();
        let k = self.pieces(pattern, cache);
        cache[k].status(|p| S::sign_at_root(p, r))
    }
}

/// The sign of `p` at the rational time `u` (through the root interface, so
/// that exact scalars take their integer evaluation).
fn sample_sign<S: RealRoots>(p: &Poly<S>, u: &S) -> Sign {
    if p.is_zero() {
        return Sign::Zero;
    }
    S::sign_at_root(p, &S::root_of_value(u))
}

fn sorted_unique<R: Ord>(mut v: Vec<R>) -> Vec<R> {
    v.sort();
    v.dedup();
    v
}

/// The separated components of one axis over `[t0, t1]` (module docs, steps
/// 1-3).
fn axis_components<S: RealRoots>(
    polys: &AxisPolys<S>,
    axis: usize,
    t0: &S,
    t1: &S,
    stats: &mut SatStats,
) -> Result<Vec<Component<S::Root>>, IsolationError> {
    let (r0, r1) = (S::root_of_value(t0), S::root_of_value(t1));
    // 1. cuts at the roots of the inner values
    let mut cuts = vec![r0.clone(), r1.clone()];
    for (_, h) in &polys.terms {
        if !h.is_constant() {
            stats.root_isolations += 1;
            cuts.extend(S::real_roots(h, t0, t1)?);
        }
    }
    let cuts = sorted_unique(cuts);
    budget::check()?;
    // 2. roots of the piece polynomials within their pieces (closed); the
    // pieces of every window's pattern are kept for step 3
    let mut suspicious: Vec<S::Root> = Vec::new();
    let mut cache: Vec<PatternPieces<S>> = Vec::new();
    let mut roots_of_pattern: Vec<Vec<S::Root>> = Vec::new();
    // per window of `cuts`: the index of its pattern in `cache`
    let mut window_pattern: Vec<Option<usize>> = Vec::new();
    for w in cuts.windows(2) {
        budget::check()?;
        let Some(sample) = S::value_between(&w[0], &w[1]) else {
            window_pattern.push(None);
            continue;
        };
        let pattern: Vec<Sign> = polys
            .terms
            .iter()
            .map(|(_, h)| h.eval(&sample).sign())
            .collect();
        let known = cache.len();
        let k = polys.pieces(pattern, &mut cache);
        if k == known {
            let mut roots = Vec::new();
            for piece in cache[k].pieces.iter().flatten() {
                if !piece.is_constant() {
                    stats.root_isolations += 1;
                    roots.extend(S::real_roots(piece, t0, t1)?);
                }
            }
            roots_of_pattern.push(roots);
        }
        window_pattern.push(Some(k));
        suspicious.extend(
            roots_of_pattern[k]
                .iter()
                .filter(|r| **r >= w[0] && **r <= w[1])
                .cloned(),
        );
    }
    let suspicious = sorted_unique(suspicious);
    let critical = sorted_unique(
        cuts.iter()
            .cloned()
            .chain(suspicious.iter().cloned())
            .collect(),
    );
    stats.critical_times += critical.len();
    // 3. status on the open gaps (exactly: by the signs of the pieces of
    // the cut window holding the gap, as no h_j changes sign inside it) and
    // at the critical times
    let mut window = 0;
    let gap_status: Vec<Option<Side>> = critical
        .windows(2)
        .map(|w| {
            while cuts[window + 1] <= w[0] {
                window += 1;
            }
            let u = S::value_between(&w[0], &w[1])?;
            if !S::IS_EXACT {
                // f64: compare the rounded values themselves (a piece's
                // rounded sign can differ from it at a touching instant)
                return polys.status_at_value(&u);
            }
            let k = window_pattern[window]?;
            cache[k].status(|p| sample_sign::<S>(p, &u))
        })
        .collect();
    let point_status: Vec<Option<Side>> = critical
        .iter()
        .enumerate()
        .map(|(k, r)| {
            if suspicious.binary_search(r).is_ok() {
                polys.status_at_root(r, &mut cache)
            } else if k == 0 {
                // t0 (or a single point): no piece root, the neighbour decides
                gap_status.first().copied().flatten().or_else(|| {
                    (critical.len() == 1)
                        .then(|| polys.status_at_value(t0))
                        .flatten()
                })
            } else if k < gap_status.len() {
                // both neighbours agree here (no piece root at r)
                gap_status[k]
            } else {
                gap_status[k - 1]
            }
        })
        .collect();
    Ok(merge_components(
        &critical,
        &point_status,
        &gap_status,
        axis,
    ))
}

/// The axis's maximal separated intervals (module docs, after step 3): the
/// statuses at the critical times and on the open gaps between them,
/// merged where the side stays the same.
fn merge_components<R: Clone + Ord>(
    critical: &[R],
    point_status: &[Option<Side>],
    gap_status: &[Option<Side>],
    axis: usize,
) -> Vec<Component<R>> {
    let mut out: Vec<Component<R>> = Vec::new();
    let mut open: Option<Component<R>> = None;
    let close = |c: Option<Component<R>>, hi: &R, hi_closed: bool, out: &mut Vec<_>| {
        if let Some(mut c) = c {
            c.hi = hi.clone();
            c.hi_closed = hi_closed;
            out.push(c);
        }
    };
    for (k, r) in critical.iter().enumerate() {
        // the point r
        match (point_status[k], &open) {
            (Some(s), Some(c)) if c.side == s => {}
            (Some(s), _) => {
                close(open.take(), r, false, &mut out);
                open = Some(Component {
                    lo: r.clone(),
                    lo_closed: true,
                    hi: r.clone(),
                    hi_closed: true,
                    side: s,
                    axis,
                });
            }
            (None, _) => close(open.take(), r, false, &mut out),
        }
        // the gap after r
        if let Some(g) = gap_status.get(k) {
            match (g, &open) {
                (Some(s), Some(c)) if c.side == *s => {}
                (Some(s), _) => {
                    close(open.take(), r, false, &mut out);
                    open = Some(Component {
                        lo: r.clone(),
                        lo_closed: false,
                        hi: r.clone(),
                        hi_closed: false,
                        side: *s,
                        axis,
                    });
                }
                (None, _) => close(open.take(), r, true, &mut out),
            }
        }
    }
    if let (Some(last), Some(c)) = (critical.last(), open.take()) {
        out.push(Component {
            hi: last.clone(),
            hi_closed: true,
            ..c
        });
    }
    out
}

/// The axis record of a certificate.
fn axis_certificate<S: Scalar>(ax: &AxisProjection<Poly<S>>, side: Side) -> AxisCertificate<S> {
    AxisCertificate {
        axis: ax.axis,
        side,
        frame: CertificateFrame::LocalA,
        direction: ax.direction.clone().into_array(),
        gaps: ax.gaps(side),
        abs_terms: ax.abs_terms(),
    }
}

/// The exact contact of a rigid pair over `[t0, t1]` (module docs): all
/// contact intervals, the axis that separated last, the time's polynomial
/// and the separation certificate.
///
/// Errors: the isolator's limits (degree, coefficient size).
#[allow(clippy::type_complexity)]
pub fn rational_motion_contact<S: RealRoots>(
    pair: &RigidPair<S>,
    t0: &S,
    t1: &S,
) -> Result<(MotionContact<S>, Vec<AxisProjection<Poly<S>>>), IsolationError> {
    let projections = pair.projections();
    let mut stats = SatStats::default();
    let mut components: Vec<Component<S::Root>> = Vec::new();
    let r0 = S::root_of_value(t0);
    let r1 = S::root_of_value(t1);
    let mut separated_before: Option<S::Root> = None;
    for (k, ax) in projections.iter().enumerate() {
        budget::check()?;
        if ax.direction.iter().all(Poly::is_zero) {
            continue; // vanishes identically: never separates
        }
        stats.axes += 1;
        let polys = AxisPolys::<S>::new(ax);
        let comps = axis_components(&polys, k, t0, t1, &mut stats)?;
        if let Some(c) = comps
            .iter()
            .find(|c| c.lo == r0 && c.lo_closed && c.hi == r1 && c.hi_closed)
        {
            // separates all of [t0, t1]: no contact
            let piece = SeparationPiece {
                start: t0.clone(),
                end: Some(t1.clone()),
                axis: axis_certificate(ax, c.side),
            };
            let contact = MotionContact {
                intervals: Vec::new(),
                last_axis: None,
                time_polynomial: None,
                pieces: vec![piece],
                stats,
            };
            return Ok((contact, projections));
        }
        // one axis separating [t0, hi): what a spent budget reports
        for c in comps.iter().filter(|c| c.lo == r0 && c.lo_closed) {
            if separated_before.as_ref().is_none_or(|b| c.hi > *b) {
                separated_before = Some(c.hi.clone());
                budget::established_no_contact_before_with(|| S::rational_at_most(&c.hi));
            }
        }
        components.extend(comps);
    }
    components.sort_by(|x, y| x.lo.cmp(&y.lo).then(y.lo_closed.cmp(&x.lo_closed)));
    let intervals = complement(&components, &r0, &r1);
    let first = intervals.first().map(|(lo, _)| lo.clone());
    let end = first.clone().unwrap_or_else(|| r1.clone());
    let cover = greedy_cover::<S>(&components, t0, t1, &end, first.is_some());
    let mut pieces = Vec::new();
    for (start, stop, c) in &cover {
        pieces.push(SeparationPiece {
            start: start.clone(),
            end: stop.clone(),
            axis: axis_certificate(&projections[c.axis], c.side),
        });
    }
    let (last_axis, time_polynomial) = match (&first, cover.last()) {
        (Some(t), Some((_, None, c))) if *t != r0 => {
            let polys = AxisPolys::<S>::new(&projections[c.axis]);
            let side_index = usize::from(c.side == Side::Negative);
            let pattern: Vec<Sign> = polys
                .terms
                .iter()
                .map(|(_, h)| S::sign_at_root(h, t))
                .collect();
            let radius = polys.radius(&pattern);
            let poly = polys.gaps[side_index]
                .iter()
                .map(|g| g - &radius)
                .find(|p| !p.is_zero() && S::sign_at_root(p, t) == Sign::Zero);
            (Some((c.axis, c.side)), poly)
        }
        _ => (None, None),
    };
    Ok((
        MotionContact {
            intervals,
            last_axis,
            time_polynomial,
            pieces,
            stats,
        },
        projections,
    ))
}

/// The complement of the union of the (relatively open) components in
/// `[t0, t1]`: the closed contact intervals.
fn complement<R: Ord + Clone>(components: &[Component<R>], t0: &R, t1: &R) -> Vec<(R, R)> {
    let mut out = Vec::new();
    // covered prefix: [t0, reach] when reach_closed, else [t0, reach)
    let mut reach = t0.clone();
    let mut reach_closed = false;
    for c in components {
        let gap = match c.lo.cmp(&reach) {
            Ordering::Greater => true,
            Ordering::Equal => !c.lo_closed && !reach_closed,
            Ordering::Less => false,
        };
        if gap {
            out.push((reach.clone(), c.lo.clone()));
        }
        match c.hi.cmp(&reach) {
            Ordering::Greater => {
                reach = c.hi.clone();
                reach_closed = c.hi_closed;
            }
            Ordering::Equal => reach_closed |= c.hi_closed,
            Ordering::Less => {}
        }
    }
    if reach < *t1 || (reach == *t1 && !reach_closed) {
        out.push((reach, t1.clone()));
    }
    out
}

/// Covers `[t0, end)` (`end` the contact time) or `[t0, t1]` (no contact,
/// `end = t1`) with components, cutting at rational times inside the
/// overlaps: `(start, stop, component)`, `stop` `None` at the contact time.
#[allow(clippy::type_complexity)]
fn greedy_cover<'c, S: RealRoots>(
    components: &'c [Component<S::Root>],
    t0: &S,
    t1: &S,
    end: &S::Root,
    contact: bool,
) -> Vec<(S, Option<S>, &'c Component<S::Root>)> {
    let mut out = Vec::new();
    let mut cur = t0.clone();
    let covers = |c: &Component<S::Root>, r: &S::Root| {
        let after_lo = c.lo < *r || (c.lo == *r && c.lo_closed);
        let before_hi = *r < c.hi || (*r == c.hi && c.hi_closed);
        after_lo && before_hi
    };
    let best_covering = |r: &S::Root| {
        components
            .iter()
            .filter(|c| covers(c, r))
            .max_by(|x, y| x.hi.cmp(&y.hi).then(x.hi_closed.cmp(&y.hi_closed)))
    };
    let Some(mut current) = best_covering(&S::root_of_value(t0)) else {
        return out;
    };
    loop {
        let reaches_end =
            current.hi > *end || (current.hi == *end && (contact || current.hi_closed));
        if reaches_end {
            let stop = if contact { None } else { Some(t1.clone()) };
            out.push((cur.clone(), stop, current));
            return out;
        }
        // current ends (open) at hi, which some other component covers
        let Some(next) = best_covering(&current.hi) else {
            return out;
        };
        let cur_root = S::root_of_value(&cur);
        let lo = if next.lo > cur_root {
            next.lo.clone()
        } else {
            cur_root
        };
        let Some(cut) = S::value_between(&lo, &current.hi) else {
            return out;
        };
        out.push((cur.clone(), Some(cut.clone()), current));
        cur = cut;
        current = next;
    }
}
