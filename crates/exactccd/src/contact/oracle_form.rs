//! Scenarios, times and certificates in the referee's (`exactccd-oracle`)
//! own neutral types: bodies with polynomial motions, times as polynomials
//! with isolating intervals, certificates as world-frame polynomials. Only
//! numbers are copied across. The referee's verdicts are read in
//! `crate::referee`; the certificate builders (`core_certificate.rs`) use
//! these forms to have each piece checked while they build.
#![deny(clippy::float_arithmetic)]

use super::{BodyQuery, Certificate, ContactQuery, ContactWitness, PieceEnd, SeparationPiece};
use crate::geom::{Shape, Vec3};
use crate::motion::{Body, PiecewisePolyMotion, PolyMotion};
use crate::poly::{Poly, RealAlgebraic};
use crate::scalar::BigRational;
use exactccd_oracle as oracle;

/// A polynomial as the referee states it.
pub(crate) fn poly(p: &Poly<BigRational>) -> oracle::Poly {
    oracle::Poly::new(p.coeffs().to_vec())
}

/// A polynomial vector as the referee states it.
pub(crate) fn poly_vec(v: &Vec3<Poly<BigRational>>) -> oracle::PolyVec {
    [poly(&v.x), poly(&v.y), poly(&v.z)]
}

/// A rational motion as the referee states it.
pub(crate) fn motion(m: &PolyMotion<BigRational>) -> oracle::Motion {
    let rows = &m.linear.rows;
    oracle::Motion {
        linear: std::array::from_fn(|i| std::array::from_fn(|j| poly(&rows[i][j]))),
        translation: poly_vec(&m.translation),
        denominator: poly(&m.denominator),
    }
}

/// A body's shape as the referee states it (a convex mesh as the hull of
/// its vertices), or why the referee cannot take it (a non-convex mesh).
pub(crate) fn shape_of(b: &Body, name: &str) -> Result<oracle::Shape, String> {
    Ok(match &b.shape {
        Shape::Box(bx) => oracle::Shape::Box {
            half_extents: bx.half_extents.clone(),
        },
        Shape::Triangle(t) => oracle::Shape::Triangle(
            t.vertices
                .clone()
                .map(|v| [v.x.clone(), v.y.clone(), v.z.clone()]),
        ),
        Shape::Sphere(sphere) => oracle::Shape::Sphere {
            radius: sphere.radius.clone(),
        },
        Shape::Capsule(c) => oracle::Shape::Capsule {
            ends: [vec3(&c.a), vec3(&c.b)],
            radius: c.radius.clone(),
        },
        Shape::Convex(points) => oracle::Shape::Hull(points.points.iter().map(vec3).collect()),
        // a convex mesh is the convex hull of its vertices
        Shape::Mesh(m) if m.is_convex() => {
            oracle::Shape::Hull(m.vertices.iter().map(vec3).collect())
        }
        Shape::Mesh(_) => {
            return Err(format!(
                "{name} is a non-convex mesh: the referee certifies convex bodies only"
            ))
        }
    })
}

/// A body for the referee: its shape and its motion, compiled piece by
/// piece for a piecewise motion (the first piece's motion, then a switch
/// at each breakpoint).
fn body(
    b: &Body,
    interval: &(BigRational, BigRational),
    name: &str,
) -> Result<oracle::Body, String> {
    let shape = shape_of(b, name)?;
    let (motion, switches) = motions(b, interval, name)?;
    Ok(oracle::Body {
        shape,
        motion,
        switches,
    })
}

/// A body's motion as the referee states it: the first piece's motion and
/// a switch at each breakpoint of a piecewise one.
#[allow(clippy::type_complexity)]
fn motions(
    b: &Body,
    interval: &(BigRational, BigRational),
    name: &str,
) -> Result<(oracle::Motion, Vec<(BigRational, oracle::Motion)>), String> {
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
    Ok((
        motion(&first.2),
        pieces
            .map(|(from, _, m)| (from.clone(), motion(m)))
            .collect(),
    ))
}

/// A body as a solid for the referee's check by parts: a mesh as its
/// closed surface (convex or not), any other shape as [`shape_of`] states
/// it.
fn solid_body(
    b: &Body,
    interval: &(BigRational, BigRational),
    name: &str,
) -> Result<oracle::SolidBody, String> {
    let solid = solid_of(b, name)?;
    let (motion, switches) = motions(b, interval, name)?;
    Ok(oracle::SolidBody {
        solid,
        motion,
        switches,
    })
}

/// A body's solid for the check by parts: a mesh as its closed surface
/// (convex or not), any other shape as [`shape_of`] states it.
pub(crate) fn solid_of(b: &Body, name: &str) -> Result<oracle::Solid, String> {
    Ok(match &b.shape {
        Shape::Mesh(m) => oracle::Solid::Mesh(oracle::Surface {
            vertices: m.vertices.iter().map(vec3).collect(),
            faces: m.faces.clone(),
        }),
        _ => oracle::Solid::Convex(shape_of(b, name)?),
    })
}

/// The referee's case of two solids for a query (checked by parts).
pub(crate) fn solid_case_of(query: &BodyQuery<'_>) -> Result<oracle::SolidCase, String> {
    Ok(oracle::SolidCase {
        a: solid_body(query.a, query.interval, "a")?,
        b: solid_body(query.b, query.interval, "b")?,
        t0: query.interval.0.clone(),
        t1: query.interval.1.clone(),
        separation: query.separation.clone(),
    })
}

/// The referee's case for a query, or why the referee cannot judge it.
pub(crate) fn case_of(query: &ContactQuery<'_>) -> Result<oracle::Case, String> {
    let query = match query {
        ContactQuery::Bodies(q) => q,
        ContactQuery::Primitive(p) => {
            // the query's points as bodies (a point, a triangle, segments
            // under affine motions), judged as any two bodies
            let (a, b) = super::primitive_bodies::primitive_bodies(p).ok_or(
                "a segment of the primitive query has no affine frame on the interval \
                 (it shrinks to a point or turns through every axis)",
            )?;
            let interval = (p.interval[0].clone(), p.interval[1].clone());
            return case_of(&ContactQuery::Bodies(BodyQuery {
                a: &a,
                b: &b,
                interval: &interval,
                approximate_rotations: &[],
                separation: &p.separation,
            }));
        }
    };
    let (t0, t1) = (&query.interval.0, &query.interval.1);
    Ok(oracle::Case {
        a: body(query.a, query.interval, "a")?,
        b: body(query.b, query.interval, "b")?,
        t0: t0.clone(),
        t1: t1.clone(),
        separation: query.separation.clone(),
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

/// A separation piece as the referee states it.
pub(crate) fn piece_of(p: &SeparationPiece) -> oracle::SeparationPiece {
    oracle::SeparationPiece {
        from: p.from.clone(),
        to: match &p.to {
            PieceEnd::At(t) => oracle::PieceEnd::At(t.clone()),
            PieceEnd::BeforeContact => oracle::PieceEnd::BeforeContact,
        },
        direction: poly_vec(&p.direction),
        label: p.label.clone(),
    }
}

/// A contact witness as the referee states it.
pub(crate) fn witness_of(w: &ContactWitness) -> oracle::ContactWitness {
    oracle::ContactWitness {
        point: poly_vec(&w.point),
        denominator: poly(&w.denominator),
        other: w.other.as_ref().map(|(p, d)| (poly_vec(p), poly(d))),
        label: w.label.clone(),
    }
}

/// A certificate as the referee states it.
pub(crate) fn certificate_of(c: &Certificate) -> oracle::Certificate {
    oracle::Certificate {
        separation: c.separation.iter().map(piece_of).collect(),
        contact: c.contact.as_ref().map(witness_of),
    }
}

/// A rational vector as the referee states it.
pub(crate) fn vec3(v: &Vec3<BigRational>) -> [BigRational; 3] {
    [v.x.clone(), v.y.clone(), v.z.clone()]
}
