//! The SAT solver behind `exactccd solve --method sat`: runs
//! [`solve_sat`] in the requested scalar and converts its [`SatOutcome`] to
//! the method-neutral [`ContactResult`]. Exact answers carry the neutral
//! [`Certificate`]: SAT's separation pieces with their axes turned to world
//! coordinates, and a contact witness at the exact contact time. Two boxes
//! under `angular`, `screw` or `poses` go to the time cells: certified in
//! the exact scalar, in floating point in `f64` (the default variant;
//! [`SatVariant::Stepping`] keeps the time stepping of `angular`).
#![deny(clippy::float_arithmetic)]

use super::solids_certificate::{mesh_cuts, solids_certificate, world_pieces};
use super::witness::certificate_with_witness;
use super::{
    AboutAxis, BodyFixedDirection, BodyQuery, Certificate, ContactResult, ContactWitness,
    FeatureKind, FeaturePair, PieceEnd, SatStats, SatVariant, ScalarKind, SeparationPiece,
    SolveOptions, SolverStats, Time, WitnessBody,
};
use super::{CertificatePart, SolidParts};
use crate::geom::{Shape, Vec3};
use crate::motion::{common_pieces, pair_placements_f64, Body, CommonPiece, Motion};
use crate::poly::{Poly, RealAlgebraic, RealRoots};
use crate::scalar::BigRational;
use crate::solver::sat::cells::{
    cells_take, first_contact_cells_f64, solve_cells_f64_within, solve_cells_first_contact,
    solve_cells_within, CellEvidence, CellOutcome, CellTime, EvidencePiece, FloatCellOutcome,
    WitnessFrame,
};
use crate::solver::sat::{
    contact_details_f64, solve_mesh_cells, solve_mesh_cells_f64, solve_mesh_with_evidence,
    solve_sat_piecewise, solve_sat_with, FaceCut, MeshCellParts, SatOptions, SatOutcome,
    SatPiecewiseOutcome, SatScenario,
};
use crate::Error;

/// The SAT certificate in the neutral world-frame form of
/// [`Certificate`]: each piece's axis, turned to world coordinates (the
/// frame body's `L(t)` for axes in its local frame) and oriented so that the
/// scenario's `b` lies on its positive side; then a contact witness found
/// among the vertex and edge-face candidates at the exact contact time.
fn neutral_certificate(
    out: &SatOutcome<BigRational>,
    query: &BodyQuery<'_>,
    swapped: bool,
    hint: Option<FeatureKind>,
) -> Option<Certificate> {
    let separation = world_separation(out, query, swapped)?;
    certificate_with_witness(separation, query, out.first_contact.as_ref(), hint)
}

/// SAT's separation pieces turned to the neutral world-frame form.
fn world_separation(
    out: &SatOutcome<BigRational>,
    query: &BodyQuery<'_>,
    swapped: bool,
) -> Option<Vec<SeparationPiece>> {
    world_pieces(&out.certificate, query, swapped)
}

/// The answer of a piecewise scenario (`solver::sat::piecewise`) in the
/// neutral form: features, point and normal of the sub-interval with the
/// first contact, counters added up (plus `sub_intervals`).
fn convert_piecewise<S: RealRoots>(
    out: &SatPiecewiseOutcome<S>,
    time: impl Fn(&S::Root) -> Time,
) -> ContactResult {
    let contact = out.contact_part.map(|k| &out.parts[k].outcome);
    let features = contact.and_then(|o| convert(o, &time).feature);
    ContactResult {
        collides: out.collides,
        initially_overlapping: out.initially_overlapping,
        time: out.first_contact.as_ref().map(&time),
        contact_intervals: super::neutral_intervals(&out.contact_intervals, &time),
        feature: features,
        point: contact.and_then(|o| o.point),
        normal: contact.and_then(|o| o.normal),
        stats: Some(SolverStats::Sat(sat_stats(
            &out.stats,
            Some(out.parts.len()),
        ))),
        certificate: None,
        collisions: None,
    }
}

/// The certificate of a piecewise answer: the separation pieces of every
/// sub-interval up to the one with the first contact (all of them when
/// there is none), each turned to world coordinates with that
/// sub-interval's motions, then the contact witness found with the motions
/// of the first contact's sub-interval.
fn piecewise_certificate(
    out: &SatPiecewiseOutcome<BigRational>,
    query: &BodyQuery<'_>,
    pieces: &[CommonPiece],
    swapped: bool,
    hint: Option<FeatureKind>,
) -> Option<Certificate> {
    let upto = match out.contact_part {
        Some(k) => k,
        None => out.parts.len().checked_sub(1)?,
    };
    let mut separation = Vec::new();
    let mut contact_interval = None;
    for (part, piece) in out.parts.iter().zip(pieces).take(upto + 1) {
        let interval = (part.start.clone(), part.end.clone());
        let part_query = BodyQuery {
            a: &piece.a,
            b: &piece.b,
            interval: &interval,
            approximate_rotations: query.approximate_rotations,
            separation: query.separation,
        };
        separation.extend(world_separation(&part.outcome, &part_query, swapped)?);
        contact_interval = Some(interval);
    }
    let interval = contact_interval?;
    let contact_query = BodyQuery {
        a: &pieces[upto].a,
        b: &pieces[upto].b,
        interval: &interval,
        approximate_rotations: query.approximate_rotations,
        separation: query.separation,
    };
    certificate_with_witness(separation, &contact_query, out.first_contact.as_ref(), hint)
}

fn convert<S: RealRoots>(out: &SatOutcome<S>, time: impl Fn(&S::Root) -> Time) -> ContactResult {
    ContactResult {
        collides: out.collides,
        initially_overlapping: out.initially_overlapping,
        time: out.first_contact.as_ref().map(&time),
        contact_intervals: super::neutral_intervals(&out.contact_intervals, &time),
        feature: out
            .features
            .as_ref()
            .and_then(|f| FeaturePair::new(f.a, f.b)),
        point: out.point,
        normal: out.normal,
        stats: Some(SolverStats::Sat(sat_stats(&out.stats, None))),
        certificate: None,
        collisions: None,
    }
}

/// True for the motions with transcendental placements (`angular`,
/// `screw`, `poses`), which the exact scalar answers by certified time
/// cells.
pub(super) fn is_transcendental(body: &Body) -> bool {
    matches!(
        body.motion,
        Motion::Angular { .. } | Motion::Screw { .. } | Motion::Poses { .. }
    )
}

fn cell_time(t: &CellTime) -> Time {
    match t {
        CellTime::Exact(t) => Time::Exact(RealAlgebraic::from_rational(t.clone())),
        CellTime::Enclosure(lower, upper) => Time::Enclosure {
            lower: lower.clone(),
            upper: upper.clone(),
        },
    }
}

/// The cells' evidence as the neutral certificate: constant directions on
/// rational pieces, and a constant witness point at a rational time
/// ([`ContactWitness::at`]).
pub(super) fn cells_certificate(evidence: &CellEvidence) -> Certificate {
    let constant = |v: &[BigRational; 3]| {
        let [x, y, z] = v.clone().map(|c| Poly::from_coeffs(vec![c]));
        Vec3::new(x, y, z)
    };
    Certificate {
        separation: evidence
            .separation
            .iter()
            .map(|p| SeparationPiece {
                from: p.from.clone(),
                to: PieceEnd::At(p.to.clone()),
                direction: constant(&p.direction),
                body_fixed: p.body_fixed.as_ref().map(|f| BodyFixedDirection {
                    in_a: f.in_a.clone().map(|[x, y, z]| Vec3::new(x, y, z)),
                    in_b: f.in_b.clone().map(|[x, y, z]| Vec3::new(x, y, z)),
                }),
                about_axis: p
                    .about_axis
                    .as_ref()
                    .map(|(turning_b, radius_squared)| AboutAxis {
                        turning: if *turning_b {
                            WitnessBody::B
                        } else {
                            WitnessBody::A
                        },
                        radius_squared: radius_squared.clone(),
                    }),
                label: if p.body_fixed.is_some() {
                    "time cell, axis turning with the boxes".into()
                } else if p.about_axis.is_some() {
                    "time cell, ring about a turning axis".into()
                } else {
                    "time cell".into()
                },
            })
            .collect(),
        contact: evidence.witness.as_ref().map(|(t, point)| ContactWitness {
            point: constant(point),
            denominator: Poly::from_coeffs(vec![BigRational::from_integer(1.into())]),
            other: evidence.witness_other.as_ref().map(|q| {
                let one = Poly::from_coeffs(vec![BigRational::from_integer(1.into())]);
                (constant(q), one)
            }),
            label: if evidence.witness_other.is_some() {
                "a point of each within the separation".into()
            } else {
                "a point inside both boxes".into()
            },
            at: Some(t.clone()),
            material_of: match evidence.witness_frame {
                WitnessFrame::World => None,
                WitnessFrame::LocalA => Some(WitnessBody::A),
                WitnessFrame::LocalB => Some(WitnessBody::B),
            },
            edge_end: evidence.witness_edge_end.as_ref().map(constant),
        }),
        solids: None,
    }
}

/// The evidence of a mesh answer by cells as the neutral certificate by
/// parts: one part per pair of pieces, the witness in the first pair's.
pub(super) fn mesh_cells_certificate(
    evidence: &MeshCellParts,
    cuts: [Vec<FaceCut>; 2],
) -> Certificate {
    let pieces = |separation: &[EvidencePiece]| {
        cells_certificate(&CellEvidence {
            separation: separation.to_vec(),
            witness: None,
            witness_frame: WitnessFrame::World,
            witness_edge_end: None,
            witness_other: None,
        })
        .separation
    };
    Certificate {
        separation: Vec::new(),
        contact: evidence
            .witness
            .as_ref()
            .and_then(|w| cells_certificate(w).contact),
        solids: Some(SolidParts {
            parts: evidence
                .parts
                .iter()
                .map(|(a, b, separation)| CertificatePart {
                    a: a.clone(),
                    b: b.clone(),
                    separation: pieces(separation),
                })
                .collect(),
            witness_pieces: evidence.witness_pieces,
            cuts,
        }),
    }
}

/// The answer of the time cells (`solver::sat::cells`) in the neutral
/// form, with the cells' evidence as its certificate; the cells
/// classified are counted as `piece_pairs`.
fn convert_cells(out: &CellOutcome) -> ContactResult {
    ContactResult {
        collides: out.collides,
        initially_overlapping: out.initially_overlapping,
        time: out.first_contact.as_ref().map(cell_time),
        contact_intervals: out
            .contact_intervals
            .iter()
            .map(|(a, b)| (cell_time(a), cell_time(b)))
            .collect(),
        feature: out.features.and_then(|(a, b)| FeaturePair::new(a, b)),
        point: out.point,
        normal: out.normal,
        stats: Some(SolverStats::Sat(SatStats {
            axes: 0,
            root_isolations: 0,
            critical_times: 0,
            piece_pairs: out.cells,
            node_pairs: 0,
            sub_intervals: None,
        })),
        certificate: out.evidence.as_ref().map(cells_certificate),
        collisions: None,
    }
}

/// The answer of the `f64` time cells in the neutral form: times and
/// contact intervals, no features, point or normal (the cells find times
/// only: [`float_cells_with_details`] adds them); the gap evaluations are
/// counted as `piece_pairs`.
fn convert_float_cells(out: &FloatCellOutcome) -> ContactResult {
    ContactResult {
        collides: out.collides,
        initially_overlapping: out.initially_overlapping,
        time: out.first_contact.map(Time::Float),
        contact_intervals: out
            .contact_intervals
            .iter()
            .map(|&(a, b)| (Time::Float(a), Time::Float(b)))
            .collect(),
        feature: None,
        point: None,
        normal: None,
        stats: Some(SolverStats::Sat(SatStats {
            axes: 0,
            root_isolations: 0,
            critical_times: 0,
            piece_pairs: out.evaluations,
            node_pairs: 0,
            sub_intervals: None,
        })),
        certificate: None,
        collisions: None,
    }
}

/// The answer of the `f64` time cells with the features, normal and point
/// of its first contact, found from the two solids placed at its time
/// (boxes and triangles at no separation; `contact_details_f64`). None
/// where the solids start in contact, as in the exact answers.
fn float_cells_with_details(out: &FloatCellOutcome, query: &BodyQuery<'_>) -> ContactResult {
    let mut result = convert_float_cells(out);
    let touching = num_traits::Zero::is_zero(query.separation);
    if let (Some(t), false, true) = (out.first_contact, out.initially_overlapping, touching) {
        let (t0, t1) = query.interval;
        let poses = pair_placements_f64(query.a, query.b, t, (t0, t1));
        if let Some(found) = contact_details_f64(query.a, query.b, (&poses.0, &poses.1)) {
            result.feature = FeaturePair::new(found.features.0, found.features.1);
            result.point = found.point;
            result.normal = found.normal;
        }
    }
    result
}

/// True when the mesh solver takes the query as `solve_sat_with` would
/// send it there: no rounded body or hull, rational motions only.
fn mesh_takes(query: &BodyQuery<'_>) -> bool {
    [query.a, query.b]
        .iter()
        .all(|b| !b.shape.is_rounded_or_hull() && b.motion.is_rational())
}

/// The `stats` field of a SAT answer.
fn sat_stats(s: &crate::solver::sat::SatStats, sub_intervals: Option<usize>) -> SatStats {
    SatStats {
        axes: s.axes,
        root_isolations: s.root_isolations,
        critical_times: s.critical_times,
        piece_pairs: s.piece_pairs,
        node_pairs: s.node_pairs,
        sub_intervals,
    }
}

/// Runs the SAT solver on the query in the requested scalar.
pub(crate) fn solve(
    query: &BodyQuery<'_>,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> Result<ContactResult, Error> {
    let sat_options = SatOptions {
        steps: options.steps,
        integrator: options.integrator,
        ..SatOptions::default()
    };
    let has_mesh = [query.a, query.b]
        .iter()
        .any(|b| matches!(b.shape, Shape::Mesh(_)));
    // answers on convex meshes are certified as for convex hulls; on
    // non-convex ones they are not: the referee takes convex bodies only
    let mesh_certificate = |first_contact: Option<&RealAlgebraic>| {
        super::core_certificate::convex_mesh_certificate(query, first_contact)
    };
    // where SAT's own pieces leave no certificate (two coplanar triangles
    // face to face), the feature pairs' directions of the distance method
    // may: both bodies are convex
    let convex_certificate = |first_contact: Option<&RealAlgebraic>| {
        super::core_certificate::distance_certificate(query, first_contact, None)
    };
    let (t0, t1): (&BigRational, &BigRational) = (&query.interval.0, &query.interval.1);
    let scenario = SatScenario {
        a: query.a,
        b: query.b,
        interval: (t0, t1),
    };
    let swapped = !matches!(query.a.shape, Shape::Box(_)) && matches!(query.b.shape, Shape::Box(_));
    let both_boxes = [query.a, query.b]
        .iter()
        .all(|b| matches!(b.shape, Shape::Box(_)));
    let separation = query.separation;
    let apart = !num_traits::Zero::is_zero(separation);
    if [query.a, query.b].iter().any(|b| is_transcendental(b)) {
        match (scalar, options.sat_variant) {
            (ScalarKind::Exact, _) if cells_take(&query.a.shape, &query.b.shape) => {
                let (precision, d) = (options.precision, separation);
                let out = if options.first_contact_only {
                    solve_cells_first_contact(query.a, query.b, (t0, t1), precision, d)?
                } else {
                    solve_cells_within(query.a, query.b, (t0, t1), t1, precision, d)?
                };
                return Ok(convert_cells(&out));
            }
            // a non-convex mesh: the cells on every pair of pieces
            (ScalarKind::Exact, _) if has_mesh => {
                let intervals = !options.first_contact_only;
                let (precision, d) = (options.precision, separation);
                let out = solve_mesh_cells(query.a, query.b, (t0, t1), precision, d, intervals)?;
                let mut result = convert_cells(&out.outcome);
                result.certificate = out
                    .parts
                    .as_ref()
                    .map(|parts| mesh_cells_certificate(parts, mesh_cuts(query.a, query.b)));
                return Ok(result);
            }
            // boxes, triangles and convex meshes; other solids go on to
            // the stepping path, which says what it takes
            (ScalarKind::F64, SatVariant::Cells) => {
                let cells = if options.first_contact_only {
                    first_contact_cells_f64
                } else {
                    solve_cells_f64_within
                };
                match cells(query.a, query.b, (t0, t1), separation) {
                    // a non-convex mesh: the f64 cells on every pair of pieces
                    Err(e) if e.is_not_applicable() && has_mesh => {
                        let out = solve_mesh_cells_f64(query.a, query.b, (t0, t1), separation)?;
                        return Ok(convert_float_cells(&out));
                    }
                    Err(e) if e.is_not_applicable() && !both_boxes => {}
                    out => return Ok(float_cells_with_details(&out?, query)),
                }
            }
            _ => {}
        }
    }
    if apart {
        return Err(Error::not_applicable(format!(
            "sat answers a separation ({}) by its time cells under turning motions only; method distance answers this one",
            crate::scalar::rational_to_f64(separation)
        )));
    }
    if query.a.motion.is_piecewise() || query.b.motion.is_piecewise() {
        let pieces = common_pieces(query.a, query.b, query.interval);
        return match scalar {
            ScalarKind::Exact => {
                let out = solve_sat_piecewise::<BigRational>(&pieces, &sat_options)?;
                let mut result = convert_piecewise(&out, |r| Time::Exact(r.clone()));
                result.certificate = if has_mesh {
                    mesh_certificate(out.first_contact.as_ref())
                } else {
                    let hint = result.feature.as_ref().map(|f| f.kind);
                    piecewise_certificate(&out, query, &pieces, swapped, hint)
                        .or_else(|| convex_certificate(out.first_contact.as_ref()))
                };
                Ok(result)
            }
            ScalarKind::F64 => {
                let out = solve_sat_piecewise::<f64>(&pieces, &sat_options)?;
                Ok(convert_piecewise(&out, |r| Time::Float(r.0)))
            }
        };
    }
    match scalar {
        ScalarKind::Exact if has_mesh && mesh_takes(query) => {
            // a convex mesh as a hull; any mesh by parts (the evidence)
            let (out, evidence) = solve_mesh_with_evidence(&scenario, sat_options.mesh)?;
            let mut result = convert(&out, |r| Time::Exact(r.clone()));
            result.certificate = mesh_certificate(out.first_contact.as_ref())
                .or_else(|| solids_certificate(&out, &evidence, query));
            Ok(result)
        }
        ScalarKind::Exact => {
            let out = solve_sat_with::<BigRational>(&scenario, &sat_options)?;
            let mut result = convert(&out, |r| Time::Exact(r.clone()));
            result.certificate = if has_mesh {
                mesh_certificate(out.first_contact.as_ref())
            } else {
                let hint = result.feature.as_ref().map(|f| f.kind);
                neutral_certificate(&out, query, swapped, hint)
                    .or_else(|| convex_certificate(out.first_contact.as_ref()))
            };
            Ok(result)
        }
        ScalarKind::F64 => {
            let out = solve_sat_with::<f64>(&scenario, &sat_options)?;
            Ok(convert(&out, |r| Time::Float(r.0)))
        }
    }
}
