//! The bridge to the referee (`exactccd-oracle`): scenarios and results
//! converted to the referee's own neutral types, and its verdicts.
//!
//! The referee shares no code with the solvers; this module only copies
//! numbers across (bodies' polynomial motions, times as polynomials with
//! isolating intervals, certificates as world-frame polynomials).
//!
//! Two bodies of which one moves by a transcendental motion (`angular`,
//! `screw`, `poses`) go to the referee's own enclosure check
//! ([`oracle::check_spin`]): the shapes as for the rational check (boxes,
//! triangles, convex hulls, a convex mesh as the hull of its vertices,
//! spheres, capsules; the enclosure check judges all of them), the
//! motions' parameters as given, the time an
//! enclosure, the certificate's constant directions and witness point (in
//! world coordinates, or a material point of one body in its local ones).
#![deny(clippy::float_arithmetic)]

use crate::contact::oracle_form::{
    algebraic_of, case_of, certificate_of, motion, piece_of, poly, poly_vec, shape_of,
    solid_case_of, solid_of, vec3,
};
use crate::contact::{
    BodyQuery, ContactQuery, ContactResult, PieceEnd, SeparationPiece, Time, WitnessBody,
};
use crate::geom::Pose;
use crate::geom::Vec3;
use crate::motion::{Body, Motion, PolyMotion};
use crate::poly::Poly;
use crate::scalar::BigRational;
use exactccd_oracle as oracle;

fn time_of(t: &Time) -> Result<oracle::ClaimedTime, String> {
    match t {
        Time::Exact(a) => algebraic_of(a)
            .map(oracle::ClaimedTime::Exact)
            .map_err(|e| format!("the time {a} is not a well-defined algebraic number ({e:?})")),
        Time::Float(x) => Ok(oracle::ClaimedTime::Float(*x)),
        Time::Enclosure { lower, upper } => Err(format!(
            "the time is an enclosure [{lower}, {upper}] of a transcendental number"
        )),
    }
}

/// The referee's claim for a result.
pub(crate) fn claim_of(result: &ContactResult) -> Result<oracle::Claim, String> {
    Ok(oracle::Claim {
        collides: result.collides,
        time: result.time.as_ref().map(time_of).transpose()?,
        intervals: result
            .contact_intervals
            .iter()
            .map(|(a, b)| Ok((time_of(a)?, time_of(b)?)))
            .collect::<Result<_, String>>()?,
        certificate: result.certificate.as_ref().map(certificate_of),
    })
}

/// True for the motions with transcendental placements.
pub(crate) fn is_transcendental(body: &Body) -> bool {
    matches!(
        body.motion,
        Motion::Angular { .. } | Motion::Screw { .. } | Motion::Poses { .. }
    )
}

fn pose(p: &Pose<BigRational>) -> oracle::Pose {
    oracle::Pose {
        rotation: p.rotation.rows.clone(),
        translation: vec3(&p.translation),
    }
}

/// A body under any motion but `piecewise`, for the enclosure check.
fn spin_body(b: &Body, t0: &BigRational, name: &str) -> Result<oracle::SpinBody, String> {
    Ok(oracle::SpinBody {
        shape: shape_of(b, name)?,
        placement: placement(b, t0, name)?,
    })
}

/// A body's motion as the enclosure check states it.
fn placement(b: &Body, t0: &BigRational, name: &str) -> Result<oracle::Placement, String> {
    Ok(match &b.motion {
        Motion::Angular {
            velocity,
            angular_velocity,
            center,
        } => oracle::Placement::Angular {
            pose: pose(&b.pose),
            velocity: vec3(velocity),
            angular_velocity: vec3(angular_velocity),
            center: vec3(center),
        },
        Motion::Screw {
            axis_point,
            axis_direction,
            angle,
            slide,
        } => oracle::Placement::Screw {
            pose: pose(&b.pose),
            axis_point: vec3(axis_point),
            axis_direction: vec3(axis_direction),
            angle: angle.clone(),
            slide: slide.clone(),
        },
        Motion::Poses { end } => oracle::Placement::Poses {
            start: pose(&b.pose),
            end: pose(end),
        },
        _ => {
            let m = PolyMotion::from_body_on(b, t0)
                .filter(|_| !b.motion.is_piecewise())
                .ok_or_else(|| {
                    format!("{name} moves by a piecewise motion next to a transcendental one")
                })?;
            oracle::Placement::Rational(motion(&m))
        }
    })
}

/// The constant value of a polynomial vector, or why it is not constant.
fn constant_vec(v: &Vec3<Poly<BigRational>>) -> Result<[BigRational; 3], String> {
    let c = |p: &Poly<BigRational>| -> Result<BigRational, String> {
        match p.coeffs() {
            [] => Ok(BigRational::from_integer(0.into())),
            [c] => Ok(c.clone()),
            _ => Err("a certificate direction or point that varies in time".into()),
        }
    };
    Ok([c(&v.x)?, c(&v.y)?, c(&v.z)?])
}

/// Separation pieces as the enclosure check states them (constant
/// directions, rational ends).
fn spin_pieces(pieces: &[SeparationPiece]) -> Result<Vec<oracle::SpinPiece>, String> {
    pieces
        .iter()
        .map(|p| match &p.to {
            PieceEnd::At(to) => Ok(oracle::SpinPiece {
                from: p.from.clone(),
                to: to.clone(),
                direction: match (&p.body_fixed, &p.about_axis) {
                    (_, Some(ring)) => oracle::PieceDirection::AboutAxis {
                        turning: match ring.turning {
                            WitnessBody::A => oracle::WitnessSide::A,
                            WitnessBody::B => oracle::WitnessSide::B,
                        },
                        radius_squared: ring.radius_squared.clone(),
                    },
                    (None, None) => oracle::PieceDirection::World(constant_vec(&p.direction)?),
                    (Some(fixed), None) => {
                        let local = |v: &Vec3<BigRational>| [v.x.clone(), v.y.clone(), v.z.clone()];
                        oracle::PieceDirection::BodyFixed {
                            in_a: fixed.in_a.as_ref().map(local),
                            in_b: fixed.in_b.as_ref().map(local),
                        }
                    }
                },
            }),
            PieceEnd::BeforeContact => {
                Err("a separation piece that ends at an enclosed contact time".to_string())
            }
        })
        .collect()
}

/// The enclosure claim of a result (first contact in `[lower, upper]`)
/// with its certificate.
fn spin_claim(result: &ContactResult) -> Result<oracle::SpinClaim, String> {
    let first_contact = match &result.time {
        None => None,
        Some(Time::Enclosure { lower, upper }) => Some((lower.clone(), upper.clone())),
        Some(Time::Exact(t)) => {
            let q = t
                .as_rational()
                .ok_or("an irrational algebraic time under a transcendental motion")?;
            Some((q.clone(), q.clone()))
        }
        Some(Time::Float(_)) => {
            return Err(
                "an f64 time is classified against the certified truth, not certified".into(),
            )
        }
    };
    let cert = result
        .certificate
        .as_ref()
        .ok_or("the claim carries no certificate")?;
    let separation = spin_pieces(&cert.separation)?;
    let witness = match &cert.contact {
        None => None,
        Some(w) => {
            let time =
                w.at.clone()
                    .ok_or("a contact witness without its time under a transcendental motion")?;
            let [d, ..] = constant_vec(&Vec3::new(
                w.denominator.clone(),
                Poly::zero(),
                Poly::zero(),
            ))?;
            if d <= BigRational::from_integer(0.into()) {
                return Err("a contact witness with a denominator that is not positive".into());
            }
            let point = constant_vec(&w.point)?.map(|x| x / &d);
            Some(oracle::SpinWitness {
                time,
                point,
                material_of: w.material_of.map(|side| match side {
                    WitnessBody::A => oracle::WitnessSide::A,
                    WitnessBody::B => oracle::WitnessSide::B,
                }),
                edge_end: match &w.edge_end {
                    Some(end) => Some(constant_vec(end)?.map(|x| x / &d)),
                    None => None,
                },
                other: match &w.other {
                    Some((q, e)) => {
                        let [e, ..] =
                            constant_vec(&Vec3::new(e.clone(), Poly::zero(), Poly::zero()))?;
                        if e <= BigRational::from_integer(0.into()) {
                            return Err(
                                "a second witness point with a denominator that is not positive"
                                    .into(),
                            );
                        }
                        Some(constant_vec(q)?.map(|x| x / &e))
                    }
                    None => None,
                },
            })
        }
    };
    Ok(oracle::SpinClaim {
        collides: result.collides,
        first_contact,
        separation,
        witness,
    })
}

/// The enclosure check's verdict on a result certified by parts (a mesh
/// that need not be convex, one body under a transcendental motion).
fn referee_spin_solids(q: &BodyQuery<'_>, result: &ContactResult) -> oracle::Verdict {
    let t0 = &q.interval.0;
    let body = |b: &Body, name: &str| -> Result<oracle::SpinSolidBody, String> {
        Ok(oracle::SpinSolidBody {
            solid: solid_of(b, name)?,
            placement: placement(b, t0, name)?,
        })
    };
    let case = match (body(q.a, "a"), body(q.b, "b")) {
        (Ok(a), Ok(b)) => oracle::SpinSolidCase {
            a,
            b,
            t0: t0.clone(),
            t1: q.interval.1.clone(),
            separation: q.separation.clone(),
        },
        (Err(why), _) | (_, Err(why)) => return oracle::Verdict::Inconclusive(why),
    };
    let claim = (|| -> Result<oracle::SpinSolidClaim, String> {
        let base = spin_claim(result)?;
        let solids = result
            .certificate
            .as_ref()
            .and_then(|c| c.solids.as_ref())
            .ok_or("the certificate has no parts")?;
        let parts = solids
            .parts
            .iter()
            .map(|p| {
                Ok(oracle::SpinPart {
                    a: p.a.clone(),
                    b: p.b.clone(),
                    separation: spin_pieces(&p.separation)?,
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(oracle::SpinSolidClaim {
            collides: base.collides,
            first_contact: base.first_contact,
            parts,
            witness: base.witness,
            witness_pieces: solids.witness_pieces,
            cuts: oracle_cuts(&solids.cuts),
        })
    })();
    match claim {
        Ok(claim) => oracle::check_spin_solids(&case, &claim),
        Err(why) => oracle::Verdict::Inconclusive(why),
    }
}

/// The enclosure check's verdict on a result for two bodies, one of them
/// under a transcendental motion.
fn referee_spin(query: &ContactQuery<'_>, result: &ContactResult) -> oracle::Verdict {
    let Some(q) = query.bodies() else {
        return oracle::Verdict::Inconclusive("not a query about two bodies".into());
    };
    if result
        .certificate
        .as_ref()
        .is_some_and(|c| c.solids.is_some())
    {
        return referee_spin_solids(&q, result);
    }
    let t0 = &q.interval.0;
    let case = match (spin_body(q.a, t0, "a"), spin_body(q.b, t0, "b")) {
        (Ok(a), Ok(b)) => oracle::SpinCase {
            a,
            b,
            t0: t0.clone(),
            t1: q.interval.1.clone(),
            separation: q.separation.clone(),
        },
        (Err(why), _) | (_, Err(why)) => return oracle::Verdict::Inconclusive(why),
    };
    match spin_claim(result) {
        Ok(claim) => oracle::check_spin(&case, &claim),
        Err(why) => oracle::Verdict::Inconclusive(why),
    }
}

/// The claim of a result certified by parts (a mesh that need not be
/// convex).
fn solid_claim(result: &ContactResult) -> Result<oracle::SolidClaim, String> {
    let cert = result
        .certificate
        .as_ref()
        .ok_or("the claim carries no certificate")?;
    let solids = cert.solids.as_ref().ok_or("the certificate has no parts")?;
    let time = result.time.as_ref().map(time_of).transpose()?;
    Ok(oracle::SolidClaim {
        collides: result.collides,
        time,
        parts: solids
            .parts
            .iter()
            .map(|p| oracle::Part {
                a: p.a.clone(),
                b: p.b.clone(),
                separation: p.separation.iter().map(piece_of).collect(),
            })
            .collect(),
        witness: cert.contact.as_ref().map(|w| oracle::SolidWitness {
            point: poly_vec(&w.point),
            denominator: poly(&w.denominator),
            piece_a: solids.witness_pieces[0],
            piece_b: solids.witness_pieces[1],
            other: w.other.as_ref().map(|(p, d)| (poly_vec(p), poly(d))),
            label: w.label.clone(),
        }),
        cuts: oracle_cuts(&solids.cuts),
    })
}

/// The cuts of the meshes' non-convex faces, as the referee reads them.
fn oracle_cuts(cuts: &[Vec<crate::geom::FaceCut>; 2]) -> [Vec<oracle::FaceCut>; 2] {
    cuts.clone().map(|side| {
        side.into_iter()
            .map(|c| oracle::FaceCut {
                face: c.face,
                triangles: c.triangles,
            })
            .collect()
    })
}

/// The referee's verdict on a result certified by parts.
fn referee_solids(query: &ContactQuery<'_>, result: &ContactResult) -> oracle::Verdict {
    let Some(q) = query.bodies() else {
        return oracle::Verdict::Inconclusive("not a query about two bodies".into());
    };
    match (solid_case_of(&q), solid_claim(result)) {
        (Ok(case), Ok(claim)) => oracle::check_solids(&case, &claim),
        (Err(why), _) | (_, Err(why)) => oracle::Verdict::Inconclusive(why),
    }
}

/// The referee's verdict on a result for a query.
pub fn referee(query: &ContactQuery<'_>, result: &ContactResult) -> oracle::Verdict {
    if query
        .bodies()
        .is_some_and(|q| is_transcendental(q.a) || is_transcendental(q.b))
    {
        return referee_spin(query, result);
    }
    if result
        .certificate
        .as_ref()
        .is_some_and(|c| c.solids.is_some())
    {
        return referee_solids(query, result);
    }
    let case = match case_of(query) {
        Ok(c) => c,
        Err(why) => return oracle::Verdict::Inconclusive(why),
    };
    match claim_of(result) {
        Ok(claim) => oracle::check_certificate(&case, &claim),
        Err(why) => oracle::Verdict::Inconclusive(why),
    }
}
