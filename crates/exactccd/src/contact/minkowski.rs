//! The rounded Minkowski difference solver behind `exactccd solve --method
//! minkowski`: runs [`solve_minkowski`] in the requested scalar and
//! converts its [`MinkowskiOutcome`] to the method-neutral
//! [`ContactResult`], with the referee's certificate for exact answers
//! (`core_certificate.rs`, the same certificate as `distance`'s).
#![deny(clippy::float_arithmetic)]

use super::{BodyQuery, ContactResult, FeaturePair, MinkowskiStats, ScalarKind, SolverStats, Time};
use crate::poly::RealRoots;
use crate::scalar::BigRational;
use crate::solver::minkowski::{solve_minkowski, MinkowskiOutcome};
use crate::Error;

fn convert<S: RealRoots>(
    out: &MinkowskiOutcome<S>,
    time: impl Fn(&S::Root) -> Time,
) -> ContactResult {
    ContactResult {
        collides: out.collides,
        initially_overlapping: out.initially_overlapping,
        time: out.first_contact.as_ref().map(&time),
        contact_intervals: super::neutral_intervals(&out.contact_intervals, &time),
        feature: out.features.and_then(|(a, b)| FeaturePair::new(a, b)),
        point: out.point,
        normal: out.normal,
        stats: Some(SolverStats::Minkowski(MinkowskiStats {
            points: out.stats.points,
            pieces: out.stats.pieces,
            root_isolations: out.stats.root_isolations,
        })),
        certificate: None,
        collisions: None,
    }
}

/// Runs the method on the query in the requested scalar, with the
/// certificate of an exact answer when `certify`.
pub(crate) fn solve(
    query: &BodyQuery<'_>,
    scalar: ScalarKind,
    certify: bool,
) -> Result<ContactResult, Error> {
    let (a, b, interval, d) = (query.a, query.b, query.interval, query.separation);
    match scalar {
        ScalarKind::Exact => {
            let out = solve_minkowski::<BigRational>(a, b, interval, d)?;
            let mut result = convert(&out, |r| Time::Exact(r.clone()));
            if certify {
                result.certificate = super::core_certificate::distance_certificate(
                    query,
                    out.first_contact.as_ref(),
                    out.features,
                );
            }
            Ok(result)
        }
        ScalarKind::F64 => {
            let out = solve_minkowski::<f64>(a, b, interval, d)?;
            Ok(convert(&out, |r| Time::Float(r.0)))
        }
    }
}
