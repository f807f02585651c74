//! SAT under piecewise rational motion (`docs/FORMAT.md` 7.1).
//!
//! A piecewise scenario is a sequence of ordinary scenarios: on each common
//! sub-interval `[s_k, s_{k+1}]` of the two bodies
//! ([`common_pieces`](crate::motion::common_pieces)) both move by single
//! rational motions, and [`solve_sat_with`] answers that sub-interval
//! exactly (the rational-motion scheme of `rational_motion.rs`, untouched).
//! The whole answer is put together here, by this module's own join (the
//! SGM solver has its own, `solver::sgm::piecewise`; the oracle compares
//! the two, so they share none of it):
//!
//! * the contact set of `[t0, t1]` is the union of the closed contact sets
//!   of the sub-intervals; walking them in order, a contact interval is
//!   appended, unless it starts where the previous one ends (a contact
//!   that goes on through a join `s`, seen from both sides as ending and
//!   starting at the same exact `s`): then the two are one maximal
//!   interval and the previous one is extended;
//! * the first contact, its features, point and normal are those of the
//!   first sub-interval that has a contact; `initially_overlapping` is the
//!   first sub-interval's;
//! * the counters are added up;
//! * every sub-interval's outcome is kept: its certificate's separation
//!   pieces tile it (up to its contact), so the pieces of the sub-intervals
//!   before and including the first contact's tile `[t0, T)` (turned to the
//!   neutral form in `contact::sat`).
#![deny(clippy::float_arithmetic)]

use super::{solve_sat_with, SatOptions, SatOutcome, SatScenario, SatStats};
use crate::motion::CommonPiece;
use crate::poly::RealRoots;
use crate::scalar::BigRational;
use crate::Error;

/// One sub-interval of a piecewise scenario and SAT's answer on it.
#[derive(Clone, Debug)]
pub struct SatPieceOutcome<S: RealRoots> {
    /// Start of the sub-interval.
    pub start: BigRational,
    /// End of the sub-interval.
    pub end: BigRational,
    /// The answer on `[start, end]`.
    pub outcome: SatOutcome<S>,
}

/// SAT's answer over the whole interval of a piecewise scenario (module
/// docs).
#[derive(Clone, Debug)]
pub struct SatPiecewiseOutcome<S: RealRoots> {
    /// The solids touch or overlap at some time of the interval.
    pub collides: bool,
    /// They touch or overlap at `t0`.
    pub initially_overlapping: bool,
    /// The first time of contact.
    pub first_contact: Option<S::Root>,
    /// The maximal closed contact intervals, joined across breakpoints.
    pub contact_intervals: Vec<(S::Root, S::Root)>,
    /// Which sub-interval holds the first contact (index into `parts`).
    pub contact_part: Option<usize>,
    /// The sub-intervals' answers, in time order.
    pub parts: Vec<SatPieceOutcome<S>>,
    /// Counters, added up over the sub-intervals.
    pub stats: SatStats,
}

/// Solves every common sub-interval with [`solve_sat_with`] and puts the
/// answers together ([`join_sat_parts`]). `pieces` tile the interval in
/// order.
pub fn solve_sat_piecewise<S: RealRoots>(
    pieces: &[CommonPiece],
    options: &SatOptions,
) -> Result<SatPiecewiseOutcome<S>, Error> {
    let parts = pieces
        .iter()
        .map(|p| {
            let scenario = SatScenario {
                a: &p.a,
                b: &p.b,
                interval: (&p.from, &p.to),
            };
            Ok(SatPieceOutcome {
                start: p.from.clone(),
                end: p.to.clone(),
                outcome: solve_sat_with::<S>(&scenario, options)?,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(join_sat_parts(parts))
}

/// Puts the sub-intervals' answers together (module docs).
pub fn join_sat_parts<S: RealRoots>(parts: Vec<SatPieceOutcome<S>>) -> SatPiecewiseOutcome<S> {
    let mut joined: Vec<(S::Root, S::Root)> = Vec::new();
    let mut stats = SatStats::default();
    for part in &parts {
        let s = &part.outcome.stats;
        stats.axes += s.axes;
        stats.root_isolations += s.root_isolations;
        stats.critical_times += s.critical_times;
        stats.piece_pairs += s.piece_pairs;
        stats.node_pairs += s.node_pairs;
        for (start, end) in &part.outcome.contact_intervals {
            let continues = joined.last().is_some_and(|(_, prev_end)| start == prev_end);
            if continues {
                if let Some(last) = joined.last_mut() {
                    last.1 = end.clone();
                }
            } else {
                joined.push((start.clone(), end.clone()));
            }
        }
    }
    let mut contact_part = None;
    for (k, part) in parts.iter().enumerate() {
        if part.outcome.collides {
            contact_part = Some(k);
            break;
        }
    }
    SatPiecewiseOutcome {
        collides: contact_part.is_some(),
        initially_overlapping: match parts.first() {
            Some(p) => p.outcome.initially_overlapping,
            None => false,
        },
        first_contact: contact_part.and_then(|k| parts[k].outcome.first_contact.clone()),
        contact_intervals: joined,
        contact_part,
        parts,
        stats,
    }
}
