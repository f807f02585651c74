//! The primitive solver behind `exactccd solve --method primitive`: runs
//! [`find_primitive`] on a scenario's `query` (a vertex-face or edge-edge
//! query, `docs/methods/primitive.md`) in the requested scalar and converts
//! its [`PrimitiveContact`] to the method-neutral [`ContactResult`].
//!
//! Features: `a` is the vertex (vertex-face) or segment `a0 a1`
//! (edge-edge), `b` the triangle or segment `b0 b1`; names `vertex`,
//! `face`, `edge f0-f1`, `vertex f2`, `edge a`, `vertex a0`, `edge b`,
//! `vertex b1` ([`PrimitiveFeature::names`]).
//!
//! `stats`: `{"candidates": N, "tests": N, "coplanar": BOOL, "evidence":
//! EVIDENCE}`, where the evidence is the primitive solver's own certificate
//! (the candidate times and the exact signs that decide each; it is not the
//! method-neutral separation certificate: that one, in the result's
//! `certificate` field, is built as for the distance method on the query's
//! points taken as bodies, [`primitive_bodies`]):
//!
//! ```json
//! { "schedule": "separation" | "coplanar", "separation_degree": 3 | null,
//!   "rejected": [ { "time": TIME, "reason": REASON } ],
//!   "contact": { "time": TIME, "witness": WITNESS } | null }
//! ```
//!
//! `REASON` and `WITNESS` name the exact signs that decide each candidate
//! (module `solver::primitive`): `{"outside": {"axis": "z", "vertex": 2}}`
//! (the barycentric coordinate of that triangle vertex is negative, read
//! along the axis), `{"off_degenerate_face": [MISS, MISS, MISS]}`,
//! `{"same_side": {"axis": "x", "segment": "a", "sign": "+"}}`,
//! `{"parallel_apart": [MISS x4]}` with `MISS` `{"off_line": "y"}` or
//! `"beyond"`; `{"inside": {"axis": "z", "barycentric": ["+", "0", "+"]}}`,
//! `{"on_degenerate_face": [0, 2]}`, `{"crossing": {"axis": "z", "a_sides":
//! ["+", "-"], "b_sides": ["0", "-"]}}`, `{"end_on_segment": {"segment":
//! "b", "end": 0}}`.
#![deny(clippy::float_arithmetic)]

use super::{
    time_object, AxisName, ContactEvidence, ContactResult, FeaturePair, Miss, PrimitiveEvidence,
    PrimitiveStats, RejectedCandidate, Rejection, ScalarKind, Schedule, SegmentName, SignName,
    SolveOptions, SolverStats, Time, Witness,
};
use crate::scalar::{BigRational, Sign};
use crate::solver::primitive::{
    find_primitive, query_to_f64, EdgeEdgeRejection, EdgeEdgeWitness, PrimitiveContact,
    PrimitiveFeature, PrimitiveQuery, Rejection as PrimitiveRejection,
    Schedule as PrimitiveSchedule, Segment, SegmentMiss, VertexFaceRejection, VertexFaceWitness,
    Witness as PrimitiveWitness,
};
use crate::Error;

fn sign(s: Sign) -> SignName {
    match s {
        Sign::Negative => SignName::Negative,
        Sign::Zero => SignName::Zero,
        Sign::Positive => SignName::Positive,
    }
}

fn signs(s: &[Sign]) -> Vec<SignName> {
    s.iter().map(|x| sign(*x)).collect()
}

fn segment(s: Segment) -> SegmentName {
    match s {
        Segment::A => SegmentName::A,
        Segment::B => SegmentName::B,
    }
}

fn miss(m: &SegmentMiss) -> Miss {
    match m {
        SegmentMiss::OffLine { axis: k } => Miss::OffLine(AxisName::of(*k)),
        SegmentMiss::Beyond => Miss::Beyond,
    }
}

fn witness(w: &PrimitiveWitness) -> Witness {
    match w {
        PrimitiveWitness::VertexFace(VertexFaceWitness::Inside {
            axis: k,
            barycentric,
        }) => Witness::Inside {
            axis: AxisName::of(*k),
            barycentric: signs(barycentric),
        },
        PrimitiveWitness::VertexFace(VertexFaceWitness::OnDegenerateFace { edge }) => {
            Witness::OnDegenerateFace([edge.0, edge.1])
        }
        PrimitiveWitness::EdgeEdge(EdgeEdgeWitness::Crossing {
            axis: k,
            a_sides,
            b_sides,
        }) => Witness::Crossing {
            axis: AxisName::of(*k),
            a_sides: signs(a_sides),
            b_sides: signs(b_sides),
        },
        PrimitiveWitness::EdgeEdge(EdgeEdgeWitness::EndOnSegment { segment: s, end }) => {
            Witness::EndOnSegment {
                segment: segment(*s),
                end: *end,
            }
        }
        PrimitiveWitness::Near(f) => {
            let (a, b) = f.features();
            Witness::Near { a, b }
        }
    }
}

fn rejection(r: &PrimitiveRejection) -> Rejection {
    match r {
        PrimitiveRejection::VertexFace(VertexFaceRejection::Outside { axis: k, vertex }) => {
            Rejection::Outside {
                axis: AxisName::of(*k),
                vertex: *vertex,
            }
        }
        PrimitiveRejection::VertexFace(VertexFaceRejection::OffDegenerateFace { misses }) => {
            Rejection::OffDegenerateFace(misses.iter().map(miss).collect())
        }
        PrimitiveRejection::EdgeEdge(EdgeEdgeRejection::SameSide {
            axis: k,
            segment: s,
            sign: g,
        }) => Rejection::SameSide {
            axis: AxisName::of(*k),
            segment: segment(*s),
            sign: sign(*g),
        },
        PrimitiveRejection::EdgeEdge(EdgeEdgeRejection::ParallelApart { misses }) => {
            Rejection::ParallelApart(misses.iter().map(miss).collect())
        }
        PrimitiveRejection::Far(far) => Rejection::Far(far.failed().to_vec()),
    }
}

fn feature_pair(f: &PrimitiveFeature) -> Option<FeaturePair> {
    let (a, b) = f.features();
    FeaturePair::new(a, b)
}

/// The method-neutral result of a primitive contact, times converted by
/// `time` (exact or `f64`).
fn to_result<T>(
    c: &PrimitiveContact<T>,
    time: impl Fn(&T) -> Time,
    precision: u32,
) -> ContactResult {
    let cert = &c.certificate;
    let (schedule, separation_degree) = match cert.schedule {
        PrimitiveSchedule::Separation { degree } => (Schedule::Separation, Some(degree)),
        PrimitiveSchedule::Coplanar { .. } => (Schedule::Coplanar, None),
        PrimitiveSchedule::Proximity { .. } => (Schedule::Proximity, None),
    };
    let evidence = PrimitiveEvidence {
        schedule,
        separation_degree,
        rejected: cert
            .rejected
            .iter()
            .map(|(t, r)| RejectedCandidate {
                time: time_object(&time(t), precision),
                reason: rejection(r),
            })
            .collect(),
        contact: cert.contact.as_ref().map(|(t, w)| ContactEvidence {
            time: time_object(&time(t), precision),
            witness: witness(w),
        }),
    };
    ContactResult {
        collides: c.collides,
        initially_overlapping: c.initially_touching,
        time: c.first_contact.as_ref().map(&time),
        contact_intervals: c
            .contact_intervals
            .iter()
            .map(|(s, e)| (time(s), time(e)))
            .collect(),
        feature: c.feature.as_ref().and_then(feature_pair),
        point: c.point,
        normal: c.normal,
        stats: Some(SolverStats::Primitive(PrimitiveStats {
            candidates: c.stats.candidates,
            tests: c.stats.tests,
            coplanar: c.stats.coplanar,
            evidence,
        })),
        certificate: None,
        collisions: None,
    }
}

/// Runs the primitive query in `scalar`: exact rationals (times as real
/// algebraic numbers) or `f64` (every coordinate rounded once).
pub(crate) fn solve(
    query: &PrimitiveQuery<BigRational>,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> Result<ContactResult, Error> {
    let p = options.precision;
    match scalar {
        ScalarKind::Exact => {
            let c = find_primitive(query)?;
            let mut result = to_result(&c, |t| Time::Exact(t.clone()), p);
            let bodies = primitive_bodies(query).filter(|_| options.certify);
            result.certificate = bodies.and_then(|(a, b)| {
                let interval = (query.interval[0].clone(), query.interval[1].clone());
                let bodies = super::BodyQuery {
                    a: &a,
                    b: &b,
                    interval: &interval,
                    approximate_rotations: &[],
                    separation: &query.separation,
                };
                super::core_certificate::distance_certificate(
                    &bodies,
                    c.first_contact.as_ref(),
                    None,
                )
            });
            Ok(result)
        }
        ScalarKind::F64 => {
            let c = find_primitive(&query_to_f64(query))?;
            Ok(to_result(&c, |t| Time::Float(t.0), p))
        }
    }
}

/// A primitive query as two bodies of the same points, for the certificate
/// and the referee: the vertex a point (a sphere of radius `0`) translated
/// along its path; the triangle the unit triangle `0, e_x, e_y` mapped by
/// the affine motion with columns `e_1 = f_1 - f_0`, `e_2 = f_2 - f_0`,
/// `e_1 x e_2` and translation `f_0`; a segment the unit segment `0 e_x`
/// (a capsule of radius `0`) mapped by the columns `e`, `e x k`,
/// `e x (e x k)` for the first axis `k` along which `e x k` never vanishes
/// on the interval (determinant `|e|^2 |e x k|^2`). `None` when no such
/// axis exists (a segment that shrinks to a point, or turns through every
/// axis); a triangle that degenerates makes a motion the referee refuses.
pub(crate) fn primitive_bodies(
    query: &PrimitiveQuery<BigRational>,
) -> Option<(crate::motion::Body, crate::motion::Body)> {
    use crate::geom::{Capsule, Pose, Shape, Sphere, Triangle, Vec3};
    use crate::motion::{Body, Motion};
    use crate::poly::Poly;
    use crate::solver::primitive::QueryKind;
    type Q = BigRational;
    let [t0, t1] = &query.interval;
    let span = t1 - t0;
    // the point's path: start + (t - t0) / (t1 - t0) (end - start)
    let path = |i: usize| -> Vec3<Poly<Q>> {
        let p = &query.points[i];
        let rate = (&p.end - &p.start).map(|c| c / &span);
        let at = |k: usize| {
            let (s, r) = (&p.start[k], &rate[k]);
            Poly::from_coeffs(vec![s - &(r * t0), r.clone()])
        };
        Vec3::new(at(0), at(1), at(2))
    };
    let zero = || Poly::<Q>::zero();
    let one = || Poly::constant(<Q as crate::scalar::Ring>::one());
    // [y 1] M = [x w]: rows 0-2 the columns of L, row 3 the translation
    let affine = |columns: [Vec3<Poly<Q>>; 3], translation: Vec3<Poly<Q>>| Motion::RowMatrix {
        rows: [
            [
                columns[0].x.clone(),
                columns[0].y.clone(),
                columns[0].z.clone(),
                zero(),
            ],
            [
                columns[1].x.clone(),
                columns[1].y.clone(),
                columns[1].z.clone(),
                zero(),
            ],
            [
                columns[2].x.clone(),
                columns[2].y.clone(),
                columns[2].z.clone(),
                zero(),
            ],
            [translation.x, translation.y, translation.z, one()],
        ],
        denominator: one(),
    };
    let unit = |k: usize| Vec3::<Q>::unit(k);
    let body = |shape: Shape<Q>, motion: Motion| Body {
        shape,
        pose: Pose::identity(),
        motion,
    };
    let segment = |i: usize| -> Option<Body> {
        let (a0, a1) = (path(i), path(i + 1));
        let e = &a1 - &a0;
        let k = (0..3).find(|&k| {
            let u = e.cross(&unit(k).map(|c| Poly::constant(c.clone())));
            // e x k vanishes only where its three components share a root
            let g = u.x.gcd(&u.y).gcd(&u.z);
            !u.is_zero() && g.degree().unwrap_or(0) == 0
        })?;
        let u = e.cross(&unit(k).map(|c| Poly::constant(c.clone())));
        let v = e.cross(&u);
        let shape = Shape::Capsule(Capsule {
            a: Vec3::zero(),
            b: unit(0),
            radius: <Q as crate::scalar::Ring>::zero(),
        });
        Some(body(shape, affine([e, u, v], a0)))
    };
    Some(match query.kind {
        QueryKind::VertexFace => {
            let point = body(
                Shape::Sphere(Sphere {
                    radius: <Q as crate::scalar::Ring>::zero(),
                }),
                affine(
                    [0, 1, 2].map(|k| unit(k).map(|c| Poly::constant(c.clone()))),
                    path(0),
                ),
            );
            let (f0, f1, f2) = (path(1), path(2), path(3));
            let (e1, e2) = (&f1 - &f0, &f2 - &f0);
            let n = e1.cross(&e2);
            let triangle = Shape::Triangle(Triangle {
                vertices: [Vec3::zero(), unit(0), unit(1)],
            });
            (point, body(triangle, affine([e1, e2, n], f0)))
        }
        QueryKind::EdgeEdge => (segment(0)?, segment(2)?),
    })
}
