//! The candidate times of a primitive query and the search for the first
//! one that passes its inside test, shared by vertex-face and edge-edge.
//!
//! Contact at time `t` needs the four points coplanar: `s(t) = 0` for the
//! separation polynomial `s` (an `orient3d` determinant, degree <= 3).
//!
//! * `s` not identically zero: the candidates are its roots in the interval,
//!   and the contact times are exactly the candidates that pass the inside
//!   test (each an instant).
//! * `s` identically zero (coplanar for all `t`): the inside test is a
//!   boolean function of the signs of a fixed finite set of polynomials
//!   (the ones it reads, in every branch). Between consecutive candidates
//!   (the interval's ends and all the roots of those polynomials) every
//!   sign is constant, so the answer is; the contact set is closed (closed
//!   solids, continuous motion), so a run of contact starting in a gap
//!   starts at the candidate before it: the first contact time is the first
//!   candidate that passes. The contact intervals come from testing the
//!   candidates and one rational time in each gap.
#![deny(clippy::float_arithmetic)]

use super::evidence::{Rejection, Witness};
use super::outcome::{Certificate, Schedule};
use super::scalar::PrimitiveScalar;
use crate::poly::{IsolationError, Poly};
use crate::scalar::Sign;
use crate::Error;

/// An inside test at a candidate time: the polynomials it reads and its
/// exact answer with evidence.
pub(crate) trait InsideTest<S: PrimitiveScalar> {
    /// The separation polynomial: zero at every contact time.
    fn separation(&self) -> &Poly<S::Coord>;

    /// Every polynomial whose sign [`Self::decide`] may read.
    fn inspected(&self) -> Vec<&Poly<S::Coord>>;

    /// The sign of the separation polynomial at the time `t`.
    fn separation_sign_at(&self, t: &S::Root) -> Sign {
        S::sign_at_time(self.separation(), t)
    }

    /// A root of the separation polynomial in `[lo, hi]` as the test reads
    /// it best: as found, unless the scalar polishes its roots
    /// ([`PrimitiveScalar::polish_root`]).
    fn polish(&self, t: S::Root, lo: &S, hi: &S) -> S::Root {
        let _ = (lo, hi);
        t
    }

    /// The exact answer at the time `t`, given that the four points are
    /// coplanar at `t`.
    fn decide(&self, t: &S::Root) -> Result<Witness, Rejection>;
}

/// Root isolation failed: a resource limit, not a fault of the query.
fn isolation(e: IsolationError) -> Error {
    Error::limit_exceeded(format!("root isolation failed: {e}"))
}

/// The candidate times, increasing, and how they were found.
pub(crate) struct Candidates<T> {
    pub(crate) schedule: Schedule,
    pub(crate) times: Vec<T>,
}

/// The candidate times of the test on `[lo, hi]` (see the module
/// documentation).
pub(crate) fn candidates<S: PrimitiveScalar, P: InsideTest<S> + ?Sized>(
    test: &P,
    lo: &S,
    hi: &S,
) -> Result<Candidates<S::Root>, Error> {
    let s = test.separation();
    if !S::is_negligible(s) {
        let degree = s.degree().unwrap_or(0);
        let times = if degree == 0 {
            Vec::new()
        } else {
            let zero_at = |x: &S| test.separation_sign_at(&S::root_of_value(x)) == Sign::Zero;
            let mut times: Vec<S::Root> = S::roots_between(s, lo, hi, &zero_at)
                .map_err(isolation)?
                .into_iter()
                .map(|t| test.polish(t, lo, hi))
                .collect();
            if !S::IS_EXACT {
                // polished roots may meet or pass each other
                times.sort();
                times.dedup();
            }
            times
        };
        return Ok(Candidates {
            schedule: Schedule::Separation { degree },
            times,
        });
    }
    let mut times = vec![S::root_of_value(lo), S::root_of_value(hi)];
    let mut critical = 0;
    for p in test.inspected() {
        if S::is_negligible(p) {
            continue;
        }
        critical += 1;
        if p.is_constant() {
            continue;
        }
        let zero_at = |x: &S| S::sign_at_time(p, &S::root_of_value(x)) == Sign::Zero;
        times.extend(S::roots_between(p, lo, hi, &zero_at).map_err(isolation)?);
    }
    times.sort();
    times.dedup();
    Ok(Candidates {
        schedule: Schedule::Coplanar {
            critical_polynomials: critical,
        },
        times,
    })
}

/// The certificate of the first candidate that passes (every earlier one
/// rejected), and how many tests ran.
pub(crate) fn first_contact<S: PrimitiveScalar, P: InsideTest<S> + ?Sized>(
    test: &P,
    candidates: &Candidates<S::Root>,
) -> Certificate<S::Root> {
    let mut rejected = Vec::new();
    for t in &candidates.times {
        match test.decide(t) {
            Ok(w) => {
                return Certificate {
                    schedule: candidates.schedule,
                    rejected,
                    contact: Some((t.clone(), w)),
                }
            }
            Err(r) => rejected.push((t.clone(), r)),
        }
    }
    Certificate {
        schedule: candidates.schedule,
        rejected,
        contact: None,
    }
}

/// Contact intervals, each from its entry to its exit time.
pub(crate) type Intervals<T> = Vec<(T, T)>;

/// Every maximal contact interval, in order, given the certificate of the
/// first contact (so the candidates it covers are not tested again); the
/// number of tests run besides.
pub(crate) fn contact_intervals<S: PrimitiveScalar, P: InsideTest<S> + ?Sized>(
    test: &P,
    candidates: &Candidates<S::Root>,
    certificate: &Certificate<S::Root>,
) -> (Intervals<S::Root>, usize) {
    let Some((first, _)) = &certificate.contact else {
        return (Vec::new(), 0);
    };
    let start = certificate.rejected.len();
    debug_assert!(candidates.times[start] == *first);
    let mut tests = 0;
    let mut passes = |t: &S::Root| {
        tests += 1;
        test.decide(t).is_ok()
    };
    let times = &candidates.times;
    let mut intervals = Vec::new();
    match candidates.schedule {
        // the separation path has its own intervals (`proximity.rs`)
        Schedule::Separation { .. } | Schedule::Proximity { .. } => {
            intervals.push((first.clone(), first.clone()));
            for t in &times[start + 1..] {
                if passes(t) {
                    intervals.push((t.clone(), t.clone()));
                }
            }
        }
        Schedule::Coplanar { .. } => {
            // Runs of passing items in the sequence c_start, gap, c_start+1,
            // gap, ...; runs begin and end at candidates (closedness).
            let mut open: Option<S::Root> = Some(first.clone());
            let mut last_in: S::Root = first.clone();
            for i in start..times.len() {
                if i > start && passes(&times[i]) {
                    if open.is_none() {
                        open = Some(times[i].clone());
                    }
                    last_in = times[i].clone();
                } else if i > start {
                    if let Some(o) = open.take() {
                        intervals.push((o, last_in.clone()));
                    }
                }
                if i + 1 < times.len() {
                    // No value strictly between two distinct candidates only
                    // happens in f64 (adjacent floats): no gap to test.
                    let Some(v) = S::value_between(&times[i], &times[i + 1]) else {
                        continue;
                    };
                    if passes(&S::root_of_value(&v)) {
                        if open.is_none() {
                            // Only an inexact scalar gets here: the contact
                            // set is closed.
                            debug_assert!(!S::IS_EXACT, "contact in a gap, not at its start");
                            open = Some(times[i].clone());
                        }
                    } else if let Some(o) = open.take() {
                        intervals.push((o, last_in.clone()));
                    }
                }
            }
            if let Some(o) = open {
                intervals.push((o, last_in));
            }
        }
    }
    (intervals, tests)
}

/// The sign of the separation polynomial just before `t` (between the
/// previous candidate, or `lo`, and `t`); `None` at `lo` or where it is zero.
pub(crate) fn separation_sign_before<S: PrimitiveScalar>(
    separation: &Poly<S::Coord>,
    candidates: &[S::Root],
    t: &S::Root,
    lo: &S,
) -> Option<Sign> {
    if S::is_negligible(separation) {
        return None;
    }
    let previous = candidates
        .iter()
        .take_while(|c| *c < t)
        .last()
        .cloned()
        .unwrap_or_else(|| S::root_of_value(lo));
    let v = S::value_between(&previous, t)?;
    let s = super::scalar::sign_at_value::<S>(separation, &v);
    (s != Sign::Zero).then_some(s)
}
