//! The bridge to the referee (`exactccd-oracle`): scenarios and results
//! converted to the referee's own neutral types, and its verdicts.
//!
//! The referee shares no code with the solvers; this module only copies
//! numbers across (bodies' polynomial motions, times as polynomials with
//! isolating intervals, certificates as world-frame polynomials).
#![deny(clippy::float_arithmetic)]

use crate::contact::{Certificate, ContactQuery, ContactResult, PieceEnd, Time};
use crate::geom::{Shape, Vec3};
use crate::motion::{Body, PiecewisePolyMotion, PolyMotion};
use crate::poly::{Poly, RealAlgebraic};
use crate::scalar::BigRational;
use exactccd_oracle as oracle;

fn poly(p: &Poly<BigRational>) -> oracle::Poly {
    oracle::Poly::new(p.coeffs().to_vec())
}

fn poly_vec(v: &Vec3<Poly<BigRational>>) -> oracle::PolyVec {
    [poly(&v.x), poly(&v.y), poly(&v.z)]
}

fn motion(m: &PolyMotion<BigRational>) -> oracle::Motion {
    let rows = &m.linear.rows;
    oracle::Motion {
        linear: std::array::from_fn(|i| std::array::from_fn(|j| poly(&rows[i][j]))),
        translation: poly_vec(&m.translation),
        denominator: poly(&m.denominator),
    }
}

/// A body for the referee: its shape and its motion, compiled piece by
/// piece for a piecewise motion (the first piece's motion, then a switch
/// at each breakpoint).
fn body(
    b: &Body,
    interval: &(BigRational, BigRational),
    name: &str,
) -> Result<oracle::Body, String> {
    let shape = match &b.shape {
        Shape::Box(bx) => oracle::Shape::Box {
            half_extents: bx.half_extents.clone(),
        },
        Shape::Triangle(t) => oracle::Shape::Triangle(
            t.vertices
                .clone()
                .map(|v| [v.x.clone(), v.y.clone(), v.z.clone()]),
        ),
        Shape::Mesh(_) | Shape::Sphere(_) | Shape::Capsule(_) | Shape::Convex(_) => {
            return Err(format!(
                "{name} is a {}: the referee certifies convex bodies (boxes, triangles) only",
                b.shape.kind_name()
            ))
        }
    };
    let m = PiecewisePolyMotion::from_body_on(b, interval).ok_or_else(|| {
        format!(
            "{name} moves by a {} motion, transcendental in t: no exact certificate exists",
            b.motion.kind_name()
        )
    })?;
    let mut pieces = m.pieces.iter();
    let first = pieces
        .next()
        .ok_or_else(|| format!("{name} has a piecewise motion without pieces"))?;
    Ok(oracle::Body {
        shape,
        motion: motion(&first.2),
        switches: pieces
            .map(|(from, _, m)| (from.clone(), motion(m)))
            .collect(),
    })
}

/// The referee's case for a query, or why the referee cannot judge it.
pub(crate) fn case_of(query: &ContactQuery<'_>) -> Result<oracle::Case, String> {
    let Some(query) = query.bodies() else {
        return Err(
            "a primitive query (vertex-face or edge-edge): the referee judges bodies only".into(),
        );
    };
    let (t0, t1) = (&query.interval.0, &query.interval.1);
    Ok(oracle::Case {
        a: body(query.a, query.interval, "a")?,
        b: body(query.b, query.interval, "b")?,
        t0: t0.clone(),
        t1: t1.clone(),
    })
}

/// An exact time as the referee states it: a rational, or a root of the
/// time's polynomial in its current isolating interval.
pub(crate) fn algebraic_of(t: &RealAlgebraic) -> Result<oracle::Algebraic, oracle::AlgebraicError> {
    match t.as_rational() {
        Some(q) => Ok(oracle::Algebraic::Rational(q.clone())),
        None => {
            let (lo, hi) = t.interval();
            oracle::Algebraic::root(poly(&t.polynomial().to_rational()), lo, hi)
        }
    }
}

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

fn certificate_of(c: &Certificate) -> oracle::Certificate {
    oracle::Certificate {
        separation: c
            .separation
            .iter()
            .map(|p| oracle::SeparationPiece {
                from: p.from.clone(),
                to: match &p.to {
                    PieceEnd::At(t) => oracle::PieceEnd::At(t.clone()),
                    PieceEnd::BeforeContact => oracle::PieceEnd::BeforeContact,
                },
                direction: poly_vec(&p.direction),
                label: p.label.clone(),
            })
            .collect(),
        contact: c.contact.as_ref().map(|w| oracle::ContactWitness {
            point: poly_vec(&w.point),
            denominator: poly(&w.denominator),
            label: w.label.clone(),
        }),
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

/// The referee's verdict on a result for a query.
pub fn referee(query: &ContactQuery<'_>, result: &ContactResult) -> oracle::Verdict {
    let case = match case_of(query) {
        Ok(c) => c,
        Err(why) => return oracle::Verdict::Inconclusive(why),
    };
    match claim_of(result) {
        Ok(claim) => oracle::check_certificate(&case, &claim),
        Err(why) => oracle::Verdict::Inconclusive(why),
    }
}
