//! Primitive continuous collision queries with linearly moving points:
//! vertex-face (a point against a solid triangle) and edge-edge (a segment
//! against a segment), as posed by the public CCD benchmark (Wang, Ferguson,
//! Schneider, Jiang, Attene, Panozzo, "A Large Scale Benchmark and an
//! Inclusion-Based Algorithm for Continuous Collision Detection", ACM TOG
//! 40(5), 2021): each of the four points moves linearly from its position
//! at `t0` to its position at `t1`; the question is the first time in
//! `[t0, t1]` at which they touch (touching counts).
//!
//! # Algorithm
//!
//! 1. Denominators are cleared once per query: every polynomial is computed
//!    over the integers ([`PrimitiveScalar`]).
//! 2. Contact needs the four points coplanar: the separation polynomial
//!    (`orient3d` of the four moving points, degree <= 3) vanishes. Its
//!    exact real roots in the interval are the candidate times
//!    (`search.rs`); a Descartes test skips polynomials without a root in
//!    the interval; the core isolator splits rational roots off by Hensel
//!    lifting before isolating the rest (`poly::rational_roots`).
//! 3. At each candidate, in increasing order, the inside test (the point in
//!    the closed triangle, the closed segments meet) is decided by exact
//!    signs of quadratics at the root: 2-D orientations in a projection
//!    along an axis where the plane projects one-to-one, and, where the
//!    triangle has zero area or the segments are parallel, point-on-segment
//!    tests that square no distance (`vertex_face.rs`, `edge_edge.rs`). The
//!    first candidate that passes is the time of impact.
//! 4. When the separation polynomial is identically zero (coplanar at every
//!    time) the candidates are the interval's ends and the roots of every
//!    polynomial the inside test reads; the test's answer is constant
//!    between them (`search.rs` proves why).
//!
//! Every decision is an exact sign in the exact scalars. The `f64` scalar
//! runs the same code with `f64` polynomials and approximate roots, each
//! value carried with the magnitude of its computation ([`TrackedF64`]):
//! a sign within the rounding bound at the query's scale is zero, the
//! decisions at a candidate are read from the four positions at that time
//! (`QueryTest` below), and the projection axis is the largest normal
//! component (`docs/methods/primitive.md`, "`f64` answers").
//!
//! # Naming
//!
//! `test_primitive` decides (collides or not, with a [`Certificate`]);
//! `find_primitive` computes the whole contact ([`PrimitiveContact`]: first
//! time, every contact interval, features, point, normal). Files: one per
//! query (`vertex_face.rs`, `edge_edge.rs`), the candidate search
//! (`search.rs`), the inputs (`query.rs`), the scalars and exact root
//! finding (`scalar.rs`), the evidence at one candidate time
//! (`evidence.rs`), the outcome types (`outcome.rs`), the `f64` point and
//! normal (`float.rs`) and the `f64` rounding bounds (`tracked.rs`). The
//! scenario-file form of a query is `scenario::primitive` (the `query`
//! field), the benchmark's CSV files are read by [`crate::queries`], and
//! `contact::primitive` converts the outcome for `exactccd solve`. Feature names: the triangle's vertices are `f0, f1, f2`,
//! the segments' ends `a0, a1` and `b0, b1` ([`PrimitiveFeature::features`]).
//!
//! ```
//! use exactccd::geom::Vec3;
//! use exactccd::solver::primitive::{test_primitive, MovingPoint, PrimitiveQuery};
//! use exactccd::scalar::{BigInt, BigRational};
//! let q = |n: i64| BigRational::from_integer(BigInt::from(n));
//! let v = |x, y, z| Vec3::new(q(x), q(y), q(z));
//! // A point falls from z = 3 to z = -1 onto the fixed triangle z = 0:
//! // it touches at t = 3/4.
//! let query = PrimitiveQuery::vertex_face(
//!     MovingPoint::new(v(0, 0, 3), v(0, 0, -1)),
//!     [
//!         MovingPoint::fixed(v(-1, -1, 0)),
//!         MovingPoint::fixed(v(2, 0, 0)),
//!         MovingPoint::fixed(v(0, 2, 0)),
//!     ],
//! );
//! let verdict = test_primitive(&query).unwrap();
//! assert!(verdict.collides);
//! let t = verdict.time().unwrap();
//! assert_eq!(t.as_rational(), Some(&BigRational::new(3.into(), 4.into())));
//! ```
#![deny(clippy::float_arithmetic)]

mod edge_edge;
mod evidence;
mod feature;
mod float;
mod outcome;
mod proximity;
mod query;
mod scalar;
mod search;
mod tracked;
mod vertex_face;

pub use evidence::{
    EdgeEdgeRejection, EdgeEdgeWitness, FarRejection, Rejection, Segment, SegmentMiss,
    VertexFaceRejection, VertexFaceWitness, Witness, MAX_REGIONS,
};
pub use feature::{EdgeFeature, FaceFeature, PrimitiveFeature};
pub use outcome::{Certificate, PrimitiveContact, PrimitiveStats, Schedule, Verdict};
pub use query::{query_to_f64, MovingPoint, PrimitiveQuery, QueryKind};
pub use scalar::{PrimitiveScalar, F64_CONTACT_REACH};
pub use tracked::TrackedF64;

use crate::scalar::BigRational;
use crate::Error;
use edge_edge::EdgeEdgePolys;
use search::{Candidates, InsideTest};
use vertex_face::VertexFacePolys;

/// The polynomials of a query, by kind.
// Both variants are large (about 1 KB of polynomial vectors) and within 30%
// of each other; one lives on the stack per query or per decision.
#[allow(clippy::large_enum_variant)]
enum Polys<C> {
    VertexFace(VertexFacePolys<C>),
    EdgeEdge(EdgeEdgePolys<C>),
}

impl<C: crate::scalar::Ring> Polys<C> {
    fn from_points(kind: QueryKind, points: &[query::PolyVec<C>; 4]) -> Self {
        match kind {
            QueryKind::VertexFace => Polys::VertexFace(VertexFacePolys::new(points)),
            QueryKind::EdgeEdge => Polys::EdgeEdge(EdgeEdgePolys::new(points)),
        }
    }

    fn test<S: PrimitiveScalar<Coord = C>>(&self) -> &dyn InsideTest<S> {
        match self {
            Polys::VertexFace(p) => p,
            Polys::EdgeEdge(p) => p,
        }
    }
}

/// The inside test of a query as the solver runs it: the candidates come
/// from the polynomials in `t`; the decisions at a candidate (and whether
/// the separation vanishes at a value) are read from the four positions at
/// that time when the scalar provides them
/// ([`PrimitiveScalar::positions_at`]: `f64`, whose rounding bounds are
/// then at the scale of the positions, with no cancellation between
/// monomials), otherwise from the polynomials.
///
/// Only the separation polynomial is formed up front; the inside test's
/// polynomials (sub-areas, edge directions and differences: three quarters
/// of the products) are formed at the first candidate, and most queries of
/// the public benchmark have none.
struct QueryTest<'a, S: PrimitiveScalar> {
    points: [query::PolyVec<S::Coord>; 4],
    separation: crate::poly::Poly<S::Coord>,
    polys: std::cell::OnceCell<Polys<S::Coord>>,
    query: &'a PrimitiveQuery<S>,
}

impl<'a, S: PrimitiveScalar> QueryTest<'a, S> {
    fn new(query: &'a PrimitiveQuery<S>) -> Self {
        let points = query::point_polynomials(query);
        QueryTest {
            separation: separation_of(query.kind, &points),
            points,
            polys: std::cell::OnceCell::new(),
            query,
        }
    }

    /// The inside test's polynomials, formed on first use.
    fn polys(&self) -> &Polys<S::Coord> {
        self.polys
            .get_or_init(|| Polys::from_points(self.query.kind, &self.points))
    }

    /// The polynomials of the query at the time `t` (constants), when the
    /// scalar reads signs from positions.
    fn at_time(&self, t: &S::Root) -> Option<Polys<S::Coord>> {
        query::points_at(self.query, t).map(|p| Polys::from_points(self.query.kind, &p))
    }
}

impl<S: PrimitiveScalar> InsideTest<S> for QueryTest<'_, S> {
    fn separation(&self) -> &crate::poly::Poly<S::Coord> {
        &self.separation
    }

    fn inspected(&self) -> Vec<&crate::poly::Poly<S::Coord>> {
        self.polys().test::<S>().inspected()
    }

    fn separation_sign_at(&self, t: &S::Root) -> crate::scalar::Sign {
        let Some(points) = query::points_at(self.query, t) else {
            return S::sign_at_time(self.separation(), t);
        };
        S::sign_at_time(&separation_of(self.query.kind, &points), t)
    }

    fn polish(&self, t: S::Root, lo: &S, hi: &S) -> S::Root {
        let positional = |x: f64| float::separation_at(self.query, x);
        S::polish_root(t, (lo, hi), self.separation(), &positional)
    }

    fn decide(&self, t: &S::Root) -> Result<Witness, Rejection> {
        let decided = match self.at_time(t) {
            Some(at) => at.test::<S>().decide(t),
            None => self.polys().test::<S>().decide(t),
        };
        match decided {
            Ok(_)
                if S::contact_reach().is_some_and(|reach| {
                    !float::within_reach(self.query, S::root_to_f64(t), reach)
                }) =>
            {
                Err(Rejection::Apart)
            }
            other => other,
        }
    }
}

/// The separation polynomial of the four points, by kind (as the kind's
/// polynomials form it).
fn separation_of<C: crate::scalar::Ring>(
    kind: QueryKind,
    points: &[query::PolyVec<C>; 4],
) -> crate::poly::Poly<C> {
    match kind {
        QueryKind::VertexFace => vertex_face::separation(points),
        QueryKind::EdgeEdge => edge_edge::separation(points),
    }
}

/// Decides whether the primitives touch in the interval, with the
/// certificate (the candidate times, the sign rejecting each one before the
/// contact, the signs proving the contact). Section "Algorithm" above.
pub fn test_primitive<S: PrimitiveScalar>(
    q: &PrimitiveQuery<S>,
) -> Result<Verdict<S::Root>, Error> {
    q.validate()?;
    if !crate::scalar::Ring::is_zero(&q.separation) {
        return test_within_separation(q);
    }
    let test = QueryTest::new(q);
    let candidates = search::candidates(&test, &q.interval[0], &q.interval[1])?;
    let certificate = search::first_contact(&test, &candidates);
    Ok(Verdict {
        collides: certificate.contact.is_some(),
        certificate,
    })
}

/// The whole contact: the first time, every contact interval, the features
/// that first touch, a contact point and normal (`f64`), the certificate and
/// statistics. Section "Algorithm" above.
pub fn find_primitive<S: PrimitiveScalar>(
    q: &PrimitiveQuery<S>,
) -> Result<PrimitiveContact<S::Root>, Error> {
    q.validate()?;
    if !crate::scalar::Ring::is_zero(&q.separation) {
        return find_within_separation(q);
    }
    let test = QueryTest::new(q);
    let candidates: Candidates<S::Root> =
        search::candidates(&test, &q.interval[0], &q.interval[1])?;
    let certificate = search::first_contact(&test, &candidates);
    let (contact_intervals, more_tests) =
        search::contact_intervals(&test, &candidates, &certificate);
    let first = certificate.contact.clone();
    let start = S::root_of_value(&q.interval[0]);
    let (feature, point, normal) = match &first {
        None => (None, None, None),
        Some((t, w)) => {
            let feature = match w {
                Witness::VertexFace(w) => {
                    PrimitiveFeature::VertexFace(vertex_face::face_feature(w))
                }
                Witness::EdgeEdge(w) => {
                    let (a, b) = edge_edge::edge_features(w);
                    PrimitiveFeature::EdgeEdge(a, b)
                }
                Witness::Near(f) => *f,
            };
            let tf = S::root_to_f64(t);
            let point = float::contact_point(q, tf, w);
            let normal = search::separation_sign_before::<S>(
                InsideTest::<S>::separation(&test),
                &candidates.times,
                t,
                &q.interval[0],
            )
            .and_then(|side| float::contact_normal(q, tf, side));
            (Some(feature), Some(point), normal)
        }
    };
    let stats = PrimitiveStats {
        candidates: candidates.times.len(),
        tests: certificate.rejected.len() + usize::from(first.is_some()) + more_tests,
        coplanar: matches!(candidates.schedule, Schedule::Coplanar { .. }),
    };
    Ok(PrimitiveContact {
        kind: q.kind,
        collides: first.is_some(),
        initially_touching: first.as_ref().is_some_and(|(t, _)| *t == start),
        first_contact: first.map(|(t, _)| t),
        contact_intervals,
        feature,
        point,
        normal,
        certificate,
        stats,
    })
}

/// The query with its inputs' exact values, when the scalar answers a
/// separation `d > 0` by the exact algorithm on them
/// ([`PrimitiveScalar::exact_value`]; `f64`); `None` otherwise.
fn exact_query<S: PrimitiveScalar>(q: &PrimitiveQuery<S>) -> Option<PrimitiveQuery<BigRational>> {
    if crate::scalar::Ring::is_zero(&q.separation) {
        return None;
    }
    query::map_query(q, S::exact_value)
}

/// Decides whether the primitives come within the query's separation `d`
/// (any `d >= 0`; [`test_primitive`] sends `d > 0` here), with the
/// certificate: the first time is `t0` or a root of a region's polynomial
/// (`proximity.rs`). At `d = 0` it answers as [`test_primitive`] does, by
/// another decomposition (a differential test holds this).
pub fn test_within_separation<S: PrimitiveScalar>(
    q: &PrimitiveQuery<S>,
) -> Result<Verdict<S::Root>, Error> {
    q.validate()?;
    if let Some(exact) = exact_query(q) {
        return test_within_separation(&exact).map(|v| v.map_times(|t| S::root_from_exact(&t)));
    }
    let regions = proximity::query_regions(q);
    let (times, polynomials) = proximity::candidates(&regions, &q.interval[0], &q.interval[1])?;
    let certificate = proximity::first_within::<S>(&regions, &times, polynomials);
    Ok(Verdict {
        collides: certificate.contact.is_some(),
        certificate,
    })
}

/// The whole contact with the query's separation `d` (any `d >= 0`;
/// [`find_primitive`] sends `d > 0` here): the first time the distance is
/// at most `d`, every maximal interval on which it is, the features whose
/// region holds first, the point of `a` nearest `b` and the unit vector
/// from it to `b`'s nearest point (`f64`; `None` where they coincide).
pub fn find_within_separation<S: PrimitiveScalar>(
    q: &PrimitiveQuery<S>,
) -> Result<PrimitiveContact<S::Root>, Error> {
    q.validate()?;
    if let Some(exact) = exact_query(q) {
        return find_within_separation(&exact).map(|c| c.map_times(|t| S::root_from_exact(&t)));
    }
    let regions = proximity::query_regions(q);
    let (times, polynomials) = proximity::candidates(&regions, &q.interval[0], &q.interval[1])?;
    let certificate = proximity::first_within::<S>(&regions, &times, polynomials);
    let (contact_intervals, tests) = proximity::intervals_within::<S>(&regions, &times);
    let first = certificate.contact.clone();
    let start = S::root_of_value(&q.interval[0]);
    let (feature, point, normal) = match &first {
        Some((t, w @ Witness::Near(f))) => {
            let tf = S::root_to_f64(t);
            (
                Some(*f),
                Some(float::contact_point(q, tf, w)),
                float::separation_normal(q, tf, f),
            )
        }
        _ => (None, None, None),
    };
    Ok(PrimitiveContact {
        kind: q.kind,
        collides: first.is_some(),
        initially_touching: first.as_ref().is_some_and(|(t, _)| *t == start),
        first_contact: first.map(|(t, _)| t),
        contact_intervals,
        feature,
        point,
        normal,
        certificate,
        stats: PrimitiveStats {
            candidates: times.len(),
            tests,
            coplanar: false,
        },
    })
}
