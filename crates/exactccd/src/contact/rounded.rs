//! The two solvers for rounded shapes and separations behind `exactccd
//! solve --method distance` (feature-pair distance) and `--method
//! minkowski` (the rounded Minkowski difference): each runs in the
//! requested scalar, its outcome is converted to the method-neutral
//! [`ContactResult`], and an exact answer gets the certificate the referee
//! checks (`core_certificate.rs`; it depends on the query, the first
//! contact and the features only, not on the method).
#![deny(clippy::float_arithmetic)]

use super::{
    BodyQuery, ContactResult, DistanceStats, FeaturePair, MinkowskiStats, ScalarKind, SolverStats,
    Time,
};
use crate::motion::Body;
use crate::poly::RealRoots;
use crate::scalar::BigRational;
use crate::solver::distance::solve_distance;
use crate::solver::minkowski::{solve_minkowski, MinkowskiScalar};
use crate::solver::WithinOutcome;
use crate::Error;

fn distance_stats(s: &crate::solver::distance::DistanceStats) -> SolverStats {
    SolverStats::Distance(DistanceStats {
        pairs: s.pairs,
        excluded: s.excluded,
        root_isolations: s.root_isolations,
        pieces: s.pieces,
    })
}

fn minkowski_stats(s: &crate::solver::minkowski::MinkowskiStats) -> SolverStats {
    SolverStats::Minkowski(MinkowskiStats {
        points: s.points,
        pieces: s.pieces,
        root_isolations: s.root_isolations,
    })
}

fn convert<S: RealRoots, Stats>(
    out: &WithinOutcome<S, Stats>,
    stats: fn(&Stats) -> SolverStats,
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
        stats: Some(stats(&out.stats)),
        certificate: None,
        collisions: None,
    }
}

/// An exact outcome as a result, with its certificate when `certify`.
fn exact_result<Stats>(
    query: &BodyQuery<'_>,
    out: &WithinOutcome<BigRational, Stats>,
    stats: fn(&Stats) -> SolverStats,
    certify: bool,
) -> ContactResult {
    let mut result = convert(out, stats, |r| Time::Exact(r.clone()));
    let has_mesh = [query.a, query.b]
        .iter()
        .any(|b| matches!(b.shape, crate::geom::Shape::Mesh(_)));
    if certify && has_mesh {
        result.certificate =
            super::solids_certificate::mesh_distance_certificate(query, out.first_contact.as_ref());
    } else if certify {
        result.certificate = super::core_certificate::distance_certificate(
            query,
            out.first_contact.as_ref(),
            out.features,
        );
    }
    result
}

/// A solver of the first time within `d`, in one scalar.
type Solver<S, Stats> = fn(
    &Body,
    &Body,
    &(BigRational, BigRational),
    &BigRational,
) -> Result<WithinOutcome<S, Stats>, Error>;

/// Runs a solver on the query in the requested scalar, with the
/// certificate of an exact answer when `certify`.
fn solve_in_scalar<Stats>(
    query: &BodyQuery<'_>,
    scalar: ScalarKind,
    certify: bool,
    (exact, float): (Solver<BigRational, Stats>, Solver<f64, Stats>),
    stats: fn(&Stats) -> SolverStats,
) -> Result<ContactResult, Error> {
    let (a, b, interval, d) = (query.a, query.b, query.interval, query.separation);
    Ok(match scalar {
        ScalarKind::Exact => exact_result(query, &exact(a, b, interval, d)?, stats, certify),
        ScalarKind::F64 => convert(&float(a, b, interval, d)?, stats, |r| Time::Float(r.0)),
    })
}

/// Runs the feature-pair distance solver on the query in the requested
/// scalar, with the certificate of an exact answer when `certify`.
pub(crate) fn solve_distance_method(
    query: &BodyQuery<'_>,
    scalar: ScalarKind,
    certify: bool,
) -> Result<ContactResult, Error> {
    let solvers: (Solver<BigRational, _>, Solver<f64, _>) = (solve_distance, solve_distance);
    solve_in_scalar(query, scalar, certify, solvers, distance_stats)
}

/// Runs the rounded Minkowski difference solver on the query in the
/// requested scalar, with the certificate of an exact answer when
/// `certify`.
pub(crate) fn solve_minkowski_method(
    query: &BodyQuery<'_>,
    scalar: ScalarKind,
    certify: bool,
) -> Result<ContactResult, Error> {
    let solvers: (Solver<BigRational, _>, Solver<f64, _>) = (solve_minkowski, solve_minkowski);
    solve_in_scalar(query, scalar, certify, solvers, minkowski_stats)
}

/// The answer of `minkowski`'s `f64` path for a sphere and a box or two
/// capsules under translation ([`MinkowskiScalar::fast`]), or `None` where
/// it declines (then [`solve_minkowski_method`] answers).
pub(crate) fn minkowski_f64_path(query: &BodyQuery<'_>) -> Option<ContactResult> {
    let out = f64::fast(query.a, query.b, query.interval, query.separation)?;
    Some(convert(&out, minkowski_stats, |r| Time::Float(r.0)))
}
