//! The feature-pair distance solver behind `exactccd solve --method
//! distance`: runs [`solve_distance`] in the requested scalar and converts
//! its [`DistanceOutcome`] to the method-neutral [`ContactResult`], with a
//! certificate for exact answers (`core_certificate.rs`).
#![deny(clippy::float_arithmetic)]

use super::{BodyQuery, ContactResult, DistanceStats, FeaturePair, ScalarKind, SolverStats, Time};
use crate::poly::RealRoots;
use crate::scalar::BigRational;
use crate::solver::distance::{solve_distance, DistanceOutcome};
use crate::Error;

fn convert<S: RealRoots>(
    out: &DistanceOutcome<S>,
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
        stats: Some(SolverStats::Distance(DistanceStats {
            pairs: out.stats.pairs,
            excluded: out.stats.excluded,
            root_isolations: out.stats.root_isolations,
            pieces: out.stats.pieces,
        })),
        certificate: None,
        collisions: None,
    }
}

/// Runs the distance solver on the query in the requested scalar, with
/// the certificate of an exact answer when `certify`.
pub(crate) fn solve(
    query: &BodyQuery<'_>,
    scalar: ScalarKind,
    certify: bool,
) -> Result<ContactResult, Error> {
    let (a, b, interval, d) = (query.a, query.b, query.interval, query.separation);
    match scalar {
        ScalarKind::Exact => {
            let out = solve_distance::<BigRational>(a, b, interval, d)?;
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
            let out = solve_distance::<f64>(a, b, interval, d)?;
            Ok(convert(&out, |r| Time::Float(r.0)))
        }
    }
}
