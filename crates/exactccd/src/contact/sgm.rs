//! The SGM solver behind `exactccd solve --method sgm`: runs
//! [`solve_sgm`] in the requested scalar and converts its [`SgmOutcome`] to
//! the method-neutral [`ContactResult`]. Exact answers carry the neutral
//! world-frame [`Certificate`]: every separation piece's Minkowski plane
//! normal (outward, in `a`'s frame) turned to world coordinates and
//! pointing from `a` to `b`, or `c_b - c_a` for a piece decided by the
//! bounding spheres; and a contact witness at the exact contact time.
#![deny(clippy::float_arithmetic)]

use super::witness::certificate_with_witness;
use super::{
    BodyQuery, Certificate, ContactQuery, ContactResult, FeatureKind, FeaturePair, PieceEnd,
    ScalarKind, SeparationPiece, SgmStats, SolveOptions, SolverStats, Time,
};
use crate::geom::{Mat3, Vec3};
use crate::motion::{common_pieces, CommonPiece, PolyMotion};
use crate::poly::{Poly, RealRoots};
use crate::scalar::{BigRational, FieldScalar, Scalar, Sign};
use crate::solver::sgm::{
    intervals_outside_domain, solve_sgm, solve_sgm_f64, solve_sgm_piecewise, unit_f64, BoxFeature,
    FastSgmOutcome, PiecewiseSgmOutcome, PlaneId, SgmOutcome,
};
use crate::Error;

/// The linear map taking a normal of `a`'s local frame to a positive
/// multiple of the world normal: `L_a` for rigid `a` (`L_a = w R`), else
/// the cofactor matrix `adj(L_a)^T` times the sign of `det L_a` (the inverse
/// transpose times the positive `|det L_a|`).
fn normal_map(ma: &PolyMotion<BigRational>, t0: &BigRational) -> Mat3<Poly<BigRational>> {
    if ma.is_rigid() {
        return ma.linear.clone();
    }
    let cof = ma.linear.adjugate().transpose();
    if ma.linear.determinant().sign_at(t0) == Sign::Negative {
        cof.map(|p| -p)
    } else {
        cof
    }
}

fn neutral_certificate(
    out: &SgmOutcome<BigRational>,
    query: &BodyQuery<'_>,
    hint: Option<FeatureKind>,
) -> Option<Certificate> {
    let separation = separation_pieces(out, query)?;
    certificate_with_witness(separation, query, out.first_contact.as_ref(), hint)
}

/// The separation pieces of one SGM answer in the neutral world-frame form.
fn separation_pieces(
    out: &SgmOutcome<BigRational>,
    query: &BodyQuery<'_>,
) -> Option<Vec<SeparationPiece>> {
    let t0 = &query.interval.0;
    let ma = PolyMotion::from_body_on(query.a, t0)?;
    let mb = PolyMotion::from_body_on(query.b, t0)?;
    let to_world = normal_map(&ma, t0);
    let centres = &mb.translation.scale(&ma.denominator) - &ma.translation.scale(&mb.denominator);
    let mut separation = Vec::new();
    for piece in out.pieces.as_ref()? {
        let (direction, label) = match piece.plane {
            Some(id) => {
                let n = &out.normals[id.axis.index()];
                let local = if id.positive { n.clone() } else { -n };
                (to_world.mul_vec(&local), id.label())
            }
            None => (centres.clone(), "bounding spheres".to_string()),
        };
        separation.push(SeparationPiece {
            body_fixed: None,
            about_axis: None,
            from: piece.from.clone(),
            to: match &piece.to {
                Some(e) => PieceEnd::At(e.clone()),
                None => PieceEnd::BeforeContact,
            },
            direction,
            label,
        });
    }
    Some(separation)
}

fn feature_pair<S: RealRoots>(out: &SgmOutcome<S>) -> Option<FeaturePair> {
    features(out.feature)
}

fn features(feature: Option<(PlaneId, BoxFeature, BoxFeature)>) -> Option<FeaturePair> {
    feature.and_then(|(_, fa, fb)| FeaturePair::new(fa.feature(), fb.feature()))
}

fn convert<S: RealRoots>(out: &SgmOutcome<S>, time: impl Fn(&S::Root) -> Time) -> ContactResult {
    ContactResult {
        collides: out.collides,
        initially_overlapping: out.initially_overlapping,
        time: out.first_contact.as_ref().map(&time),
        contact_intervals: super::neutral_intervals(&out.contact_intervals, &time),
        feature: feature_pair(out),
        point: None,
        normal: None,
        stats: Some(SolverStats::Sgm(stats_of(&out.stats))),
        certificate: None,
        collisions: None,
    }
}

/// The result of the `f64` fast path ([`solve_sgm_f64`]): the same fields
/// as [`convert`] gives the generic `f64` solve, with its contact normal.
fn convert_fast(out: FastSgmOutcome) -> ContactResult {
    ContactResult {
        collides: out.collides,
        initially_overlapping: out.initially_overlapping,
        time: out.first_contact.map(Time::Float),
        contact_intervals: out
            .contact_intervals
            .iter()
            .map(|&(a, b)| (Time::Float(a), Time::Float(b)))
            .collect(),
        feature: features(out.feature),
        point: None,
        normal: out.normal,
        stats: Some(SolverStats::Sgm(stats_of(&out.stats))),
        certificate: None,
        collisions: None,
    }
}

/// The `stats` field of an SGM answer (`docs/methods/sgm.md`).
fn stats_of(st: &crate::solver::sgm::SgmStats) -> SgmStats {
    SgmStats {
        homogeneous_intervals: st.homogeneous_intervals,
        pruned_by_sphere: st.pruned_by_sphere,
        planes: st.planes,
        max_plane_degree: st.max_plane_degree,
        plane_degrees: st.plane_degrees.clone(),
        contact_degree: st.contact_degree,
        motion_degree: st.motion_degree,
        root_isolations: st.root_isolations,
        cells: st.cells,
        sub_intervals: None,
        intervals_outside_domain: st.intervals_outside_domain.map(Some),
    }
}

/// Adds the statistics that cost extra work (`exactccd solve --stats`) to
/// an SGM result's `stats`: `intervals_outside_domain`, the homogeneous
/// intervals of the whole real line of `t` outside `[t0, t1]`
/// ([`intervals_outside_domain`]; exact, whatever the result's scalar).
/// It is `null` when the count cannot be made exactly: a scenario loaded
/// for `f64` whose pose is a rotation only within the `f64` tolerance, or
/// an exact-arithmetic limit.
///
/// # Errors
/// None today; the `Result` leaves room for a failure that must stop the
/// answer.
pub fn add_sgm_domain_stats(
    query: &ContactQuery<'_>,
    result: &mut ContactResult,
) -> Result<(), Error> {
    let Some(query) = query.bodies() else {
        // a primitive query: SGM does not answer it, so there is no answer to add to
        return Ok(());
    };
    let (t0, t1) = (&query.interval.0, &query.interval.1);
    let n = intervals_outside_domain(query.a, query.b, t0, t1).ok();
    if let Some(SolverStats::Sgm(stats)) = result.stats.as_mut() {
        stats.intervals_outside_domain = Some(n);
    }
    Ok(())
}

/// The witness point at the contact time as the nearest `f64` triple.
fn witness_point(c: &Certificate, t: f64) -> Option<[f64; 3]> {
    let w = c.contact.as_ref()?;
    let ev = |p: &Poly<BigRational>| p.map(Scalar::to_f64).eval(&t);
    let d = ev(&w.denominator);
    let p: Vec3<f64> = w.point.map(ev);
    Some(p.map(|x| x.div_ref(&d)).into_array())
}

/// The unit world normal, from `a` to `b`, of the plane the origin lies on
/// at the first contact (the outward normal of `a + (-b)`), at the nearest
/// `f64` time.
fn contact_normal<S: RealRoots>(out: &SgmOutcome<S>, query: &BodyQuery<'_>) -> Option<[f64; 3]> {
    let (id, _, _) = out.feature?;
    let t = S::root_to_f64(out.first_contact.as_ref()?);
    let t0 = &query.interval.0;
    let ma = PolyMotion::from_body_on(query.a, t0)?;
    let map = normal_map(&ma, t0).map(|p| p.map(Scalar::to_f64).eval(&t));
    let ts = S::from_rational(&crate::scalar::rational_from_f64(t)?);
    let n = out.normals[id.axis.index()].map(|p| p.eval(&ts).to_f64());
    let local = if id.positive { n } else { -n };
    unit_f64(map.mul_vec(&local).into_array())
}

/// The query restricted to one common sub-interval of a piecewise
/// scenario (both bodies single-motion there).
fn sub_query<'a>(
    query: &BodyQuery<'a>,
    piece: &'a CommonPiece,
    interval: &'a (BigRational, BigRational),
) -> BodyQuery<'a> {
    BodyQuery {
        a: &piece.a,
        b: &piece.b,
        interval,
        approximate_rotations: query.approximate_rotations,
        separation: query.separation,
    }
}

/// The result of a piecewise scenario (`solver::sgm::piecewise`): the
/// joined answer; for the exact scalar the certificate is the sub-intervals'
/// separation pieces up to the first contact, concatenated, with the
/// contact witness found on the sub-interval of the first contact.
fn convert_piecewise<S: RealRoots>(
    out: &PiecewiseSgmOutcome<S>,
    query: &BodyQuery<'_>,
    pieces: &[CommonPiece],
    time: impl Fn(&S::Root) -> Time,
) -> ContactResult {
    let first = out.first_contact_run.map(|k| &out.runs[k].outcome);
    let mut stats = stats_of(&out.stats);
    stats.sub_intervals = Some(out.runs.len());
    let mut result = ContactResult {
        collides: out.collides,
        initially_overlapping: out.initially_overlapping,
        time: out.first_contact.as_ref().map(&time),
        contact_intervals: super::neutral_intervals(&out.contact_intervals, &time),
        feature: first.and_then(feature_pair),
        point: None,
        normal: None,
        stats: Some(SolverStats::Sgm(stats)),
        certificate: None,
        collisions: None,
    };
    if let Some(k) = out.first_contact_run {
        let interval = (out.runs[k].from.clone(), out.runs[k].to.clone());
        result.normal = contact_normal(
            &out.runs[k].outcome,
            &sub_query(query, &pieces[k], &interval),
        );
    }
    result
}

fn piecewise_certificate(
    out: &PiecewiseSgmOutcome<BigRational>,
    query: &BodyQuery<'_>,
    pieces: &[CommonPiece],
    hint: Option<FeatureKind>,
) -> Option<Certificate> {
    let last = out
        .first_contact_run
        .unwrap_or(out.runs.len().checked_sub(1)?);
    let mut separation = Vec::new();
    for (run, piece) in out.runs[..=last].iter().zip(pieces) {
        let interval = (run.from.clone(), run.to.clone());
        separation.extend(separation_pieces(
            &run.outcome,
            &sub_query(query, piece, &interval),
        )?);
    }
    let interval = (out.runs[last].from.clone(), out.runs[last].to.clone());
    let contact_query = sub_query(query, &pieces[last], &interval);
    certificate_with_witness(separation, &contact_query, out.first_contact.as_ref(), hint)
}

fn solve_piecewise(query: &BodyQuery<'_>, scalar: ScalarKind) -> Result<ContactResult, Error> {
    let pieces = common_pieces(query.a, query.b, query.interval);
    match scalar {
        ScalarKind::Exact => {
            let out = solve_sgm_piecewise::<BigRational>(&pieces)?;
            let mut result = convert_piecewise(&out, query, &pieces, |r| Time::Exact(r.clone()));
            let hint = result.feature.as_ref().map(|f| f.kind);
            result.certificate = piecewise_certificate(&out, query, &pieces, hint);
            if let (Some(c), Some(t)) = (&result.certificate, &out.first_contact) {
                result.point = witness_point(c, BigRational::root_to_f64(t));
            }
            Ok(result)
        }
        ScalarKind::F64 => {
            let out = solve_sgm_piecewise::<f64>(&pieces)?;
            Ok(convert_piecewise(&out, query, &pieces, |r| {
                Time::Float(r.0)
            }))
        }
    }
}

/// Runs the SGM solver on the query in the requested scalar; a query with
/// a piecewise motion is solved sub-interval by sub-interval
/// ([`solve_sgm_piecewise`]).
pub(crate) fn solve(
    query: &BodyQuery<'_>,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> Result<ContactResult, Error> {
    let _ = options;
    if query.a.motion.is_piecewise() || query.b.motion.is_piecewise() {
        return solve_piecewise(query, scalar);
    }
    let (t0, t1) = (&query.interval.0, &query.interval.1);
    match scalar {
        ScalarKind::Exact => {
            let out = solve_sgm::<BigRational>(query.a, query.b, t0, t1)?;
            let mut result = convert(&out, |r| Time::Exact(r.clone()));
            let hint = result.feature.as_ref().map(|f| f.kind);
            result.certificate = neutral_certificate(&out, query, hint);
            if let (Some(c), Some(t)) = (&result.certificate, &out.first_contact) {
                result.point = witness_point(c, BigRational::root_to_f64(t));
            }
            result.normal = contact_normal(&out, query);
            Ok(result)
        }
        ScalarKind::F64 => {
            // Two boxes under `static`, `linear` or `rational` motions: the
            // fast path; anything else: the generic solve in `f64`.
            if let Some(fast) = solve_sgm_f64(query.a, query.b, t0, t1) {
                return fast.map(convert_fast);
            }
            let out = solve_sgm::<f64>(query.a, query.b, t0, t1)?;
            let mut result = convert(&out, |r| Time::Float(r.0));
            result.normal = contact_normal(&out, query);
            Ok(result)
        }
    }
}
