//! SGM under piecewise rational motion (`docs/FORMAT.md` 7.1).
//!
//! On each common sub-interval `[s_k, s_{k+1}]` of the two bodies
//! ([`common_pieces`](crate::motion::common_pieces)) both bodies are single
//! rational motions, so [`solve_sgm`] answers it exactly as it answers any
//! scenario (the SGM paper, sections IV-A to IV-E, on the closed sub-interval).
//! The answers are joined here:
//!
//! * the contact set over `[t0, t1]` is the union of the sub-intervals'
//!   closed contact sets, so the contact intervals are concatenated in
//!   order, and an interval that ends exactly at a join `s` is merged with
//!   one that starts exactly at `s` (the same instant, seen from both
//!   sides: one maximal interval). Ends are compared exactly (equal real
//!   algebraic numbers; in `f64`, both sides report the join as the same
//!   rounded breakpoint);
//! * the first contact is the first contact of the first sub-interval that
//!   has one (or `t0` when the first overlaps at its start);
//! * `initially_overlapping` is the first sub-interval's;
//! * the stats are summed (`plane_degrees` entry by entry; `contact_degree`
//!   is the first contact's; `max_plane_degree` and `motion_degree` are
//!   maxima);
//! * each sub-interval's outcome (with its separation pieces, which tile
//!   that sub-interval up to its contact) is kept, so the certificate of
//!   the whole is the concatenation of the pieces of the sub-intervals up
//!   to the one with the first contact (built in `contact::sgm`).
//!
//! This join is SGM's own: the SAT solver has its own copy
//! (`solver::sat::piecewise`), so that the oracle's comparison of the two
//! methods does not rest on one shared piece of code.
#![deny(clippy::float_arithmetic)]

use super::{solve_sgm, SgmOutcome, SgmStats};
use crate::motion::CommonPiece;
use crate::poly::RealRoots;
use crate::scalar::BigRational;
use crate::Error;

/// The outcome of [`solve_sgm`] on one common sub-interval.
#[derive(Clone, Debug)]
pub struct SgmRun<S: RealRoots> {
    /// Start of the sub-interval.
    pub from: BigRational,
    /// End of the sub-interval.
    pub to: BigRational,
    /// The SGM answer on `[from, to]`.
    pub outcome: SgmOutcome<S>,
}

/// The SGM answer over the whole interval of a piecewise scenario (module
/// docs).
#[derive(Clone, Debug)]
pub struct PiecewiseSgmOutcome<S: RealRoots> {
    /// The boxes touch or overlap somewhere in `[t0, t1]`.
    pub collides: bool,
    /// They touch or overlap at `t0`.
    pub initially_overlapping: bool,
    /// The first contact time.
    pub first_contact: Option<S::Root>,
    /// The maximal closed contact intervals, merged across joins, in order.
    pub contact_intervals: Vec<(S::Root, S::Root)>,
    /// The index in `runs` of the sub-interval with the first contact.
    pub first_contact_run: Option<usize>,
    /// Every sub-interval's answer, in order.
    pub runs: Vec<SgmRun<S>>,
    /// Work counters, summed over the sub-intervals.
    pub stats: SgmStats,
}

/// Runs [`solve_sgm`] on every common sub-interval and joins the answers
/// ([`join_sgm_runs`]). `pieces` must tile the interval in order (as
/// [`common_pieces`](crate::motion::common_pieces) gives them).
pub fn solve_sgm_piecewise<S: RealRoots>(
    pieces: &[CommonPiece],
) -> Result<PiecewiseSgmOutcome<S>, Error> {
    let mut runs = Vec::with_capacity(pieces.len());
    for p in pieces {
        let outcome = solve_sgm::<S>(&p.a, &p.b, &p.from, &p.to)?;
        runs.push(SgmRun {
            from: p.from.clone(),
            to: p.to.clone(),
            outcome,
        });
    }
    Ok(join_sgm_runs(runs))
}

fn add_stats(total: &mut SgmStats, s: &SgmStats) {
    total.homogeneous_intervals += s.homogeneous_intervals;
    total.pruned_by_sphere += s.pruned_by_sphere;
    total.planes += s.planes;
    total.max_plane_degree = total.max_plane_degree.max(s.max_plane_degree);
    total.motion_degree = total.motion_degree.max(s.motion_degree);
    total.root_isolations += s.root_isolations;
    total.cells += s.cells;
    if total.plane_degrees.len() < s.plane_degrees.len() {
        total.plane_degrees.resize(s.plane_degrees.len(), 0);
    }
    for (t, n) in total.plane_degrees.iter_mut().zip(&s.plane_degrees) {
        *t += n;
    }
}

/// Joins the answers of consecutive sub-intervals (module docs): contact
/// intervals concatenated and merged where one ends exactly where the next
/// starts, the first contact of the first sub-interval with one, stats
/// summed.
pub fn join_sgm_runs<S: RealRoots>(runs: Vec<SgmRun<S>>) -> PiecewiseSgmOutcome<S> {
    let mut intervals: Vec<(S::Root, S::Root)> = Vec::new();
    let mut stats = SgmStats::default();
    for run in &runs {
        add_stats(&mut stats, &run.outcome.stats);
        for (lo, hi) in &run.outcome.contact_intervals {
            match intervals.last_mut() {
                // the same instant seen from both sides of a join
                Some(last) if *lo <= last.1 => {
                    if *hi > last.1 {
                        last.1 = hi.clone();
                    }
                }
                _ => intervals.push((lo.clone(), hi.clone())),
            }
        }
    }
    let first_contact_run = runs.iter().position(|r| r.outcome.collides);
    let first_contact = first_contact_run.and_then(|k| runs[k].outcome.first_contact.clone());
    // the degree of the polynomial whose root is the first contact
    stats.contact_degree = first_contact_run.and_then(|k| runs[k].outcome.stats.contact_degree);
    PiecewiseSgmOutcome {
        collides: first_contact_run.is_some(),
        initially_overlapping: runs
            .first()
            .is_some_and(|r| r.outcome.initially_overlapping),
        first_contact,
        contact_intervals: intervals,
        first_contact_run,
        runs,
        stats,
    }
}
