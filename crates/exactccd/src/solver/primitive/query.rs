//! The inputs: points moving linearly over a time interval, grouped into a
//! vertex-face or an edge-edge query, and their positions as polynomials in
//! `t` over the coordinate ring (denominators cleared once per query).
#![deny(clippy::float_arithmetic)]

use super::scalar::PrimitiveScalar;
use crate::geom::Vec3;
use crate::poly::Poly;
use crate::scalar::{rational_to_f64, BigRational, Ring, Scalar};
use crate::Error;

/// A point moving linearly: at `start` at the interval's start `t0`, at
/// `end` at its end `t1`, so at `start + (t - t0) / (t1 - t0) (end - start)`
/// in between.
#[derive(Clone, Debug, PartialEq)]
pub struct MovingPoint<S> {
    /// The position at `t0`.
    pub start: Vec3<S>,
    /// The position at `t1`.
    pub end: Vec3<S>,
}

impl<S> MovingPoint<S> {
    /// The point moving from `start` to `end`.
    pub fn new(start: Vec3<S>, end: Vec3<S>) -> Self {
        MovingPoint { start, end }
    }
}

impl<S: Clone> MovingPoint<S> {
    /// A point that does not move.
    pub fn fixed(at: Vec3<S>) -> Self {
        MovingPoint {
            start: at.clone(),
            end: at,
        }
    }
}

/// Which primitive query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueryKind {
    /// A moving point against a moving solid triangle.
    VertexFace,
    /// A moving segment against a moving segment.
    EdgeEdge,
}

impl QueryKind {
    /// `"vertex-face"` or `"edge-edge"`: the names of the benchmark's folders
    /// and of the command line's JSON lines.
    pub fn as_str(self) -> &'static str {
        match self {
            QueryKind::VertexFace => "vertex-face",
            QueryKind::EdgeEdge => "edge-edge",
        }
    }
}

/// Four moving points and the time interval, in the benchmark's order:
/// vertex-face `v, f0, f1, f2`; edge-edge `a0, a1, b0, b1`.
#[derive(Clone, Debug, PartialEq)]
pub struct PrimitiveQuery<S> {
    /// Which query the four points pose.
    pub kind: QueryKind,
    /// The points (see the type's documentation for the order).
    pub points: [MovingPoint<S>; 4],
    /// The time interval `[t0, t1]`, `t0 < t1`.
    pub interval: [S; 2],
    /// The minimum separation `d >= 0`: contact means that the distance
    /// between the closed primitives is at most `d` (`0`: they touch).
    pub separation: S,
}

impl<S: Scalar> PrimitiveQuery<S> {
    /// The vertex `v` against the solid triangle `face`, over `[0, 1]`.
    pub fn vertex_face(vertex: MovingPoint<S>, face: [MovingPoint<S>; 3]) -> Self {
        let [f0, f1, f2] = face;
        PrimitiveQuery {
            kind: QueryKind::VertexFace,
            points: [vertex, f0, f1, f2],
            interval: [S::zero(), S::one()],
            separation: S::zero(),
        }
    }

    /// The segment `a0 a1` against the segment `b0 b1`, over `[0, 1]`.
    pub fn edge_edge(edge_a: [MovingPoint<S>; 2], edge_b: [MovingPoint<S>; 2]) -> Self {
        let [a0, a1] = edge_a;
        let [b0, b1] = edge_b;
        PrimitiveQuery {
            kind: QueryKind::EdgeEdge,
            points: [a0, a1, b0, b1],
            interval: [S::zero(), S::one()],
            separation: S::zero(),
        }
    }

    /// The same query over `[t0, t1]` (the positions are those at `t0` and
    /// `t1`).
    #[must_use]
    pub fn with_interval(mut self, t0: S, t1: S) -> Self {
        self.interval = [t0, t1];
        self
    }

    /// The same query with the minimum separation `d` (contact: distance
    /// at most `d`).
    #[must_use]
    pub fn with_separation(mut self, d: S) -> Self {
        self.separation = d;
        self
    }

    /// The benchmark's eight positions: the four points at `t0`, then the
    /// four at `t1`.
    pub fn positions(&self) -> [&Vec3<S>; 8] {
        let p = &self.points;
        [
            &p[0].start,
            &p[1].start,
            &p[2].start,
            &p[3].start,
            &p[0].end,
            &p[1].end,
            &p[2].end,
            &p[3].end,
        ]
    }

    /// Checks the interval (`t0 < t1`) and, for `f64`, that every number is
    /// finite.
    pub(crate) fn validate(&self) -> Result<(), Error> {
        // exact scalars are always finite; f64 values are checked by value
        let finite = |v: &S| S::IS_EXACT || v.to_f64().is_finite();
        let all_finite = self.interval.iter().all(finite)
            && finite(&self.separation)
            && self.positions().iter().all(|p| p.iter().all(&finite));
        if !all_finite {
            return Err(Error::invalid_input(
                "a coordinate or time is not a finite number",
            ));
        }
        if self.separation < S::zero() {
            return Err(Error::invalid_input(format!(
                "separation: must be >= 0, got {:?}",
                self.separation.to_f64()
            )));
        }
        if self.interval[0] >= self.interval[1] {
            return Err(Error::invalid_input(
                "the time interval is empty (t0 >= t1)",
            ));
        }
        Ok(())
    }
}

/// A vector of polynomials in `t`.
pub(crate) type PolyVec<C> = Vec3<Poly<C>>;

/// The four points as linear polynomials in `t` over the coordinate ring,
/// all multiplied by one positive factor.
///
/// The 24 coordinates of the positions at `t0` and `t1` are scaled together
/// by [`PrimitiveScalar::scaled_coords`] (integers for the exact scalars);
/// then a point at `P0` at `t0` and `P1` at `t1` is, up to a positive
/// factor, `(A P0 - B P1) + t C (P1 - P0)` with the weights of
/// [`PrimitiveScalar::interval_weights`] (for `[0, 1]`: `P0 + t (P1 - P0)`).
pub(crate) fn point_polynomials<S: PrimitiveScalar>(
    q: &PrimitiveQuery<S>,
) -> [PolyVec<S::Coord>; 4] {
    point_polynomials_and_separation(q).0
}

/// The four points as [`point_polynomials`] forms them, and the separation
/// `d` multiplied by the same positive factor: the 24 coordinates and `d`
/// are scaled together, and a position's polynomial is `C (t1 - t0)` times
/// the position, so `d` is multiplied by `A - B = k (t1 - t0)` too. Every
/// distance between the polynomial points is then at most the returned
/// value exactly when the distance between the points is at most `d`.
pub(crate) fn point_polynomials_and_separation<S: PrimitiveScalar>(
    q: &PrimitiveQuery<S>,
) -> ([PolyVec<S::Coord>; 4], S::Coord) {
    let mut values = coordinate_values(q);
    values.push(q.separation.clone());
    let mut x = S::scaled_coords(&values);
    let d = x.pop().unwrap_or_else(S::Coord::zero);
    let [a, b, c] = S::interval_weights(&q.interval[0], &q.interval[1]);
    let separation = d.mul_ref(&a.sub_ref(&b));
    let unit = b.is_zero() && a == S::Coord::one() && c == S::Coord::one();
    let coordinate = |i: usize, k: usize| {
        let (p0, p1) = (&x[6 * i + k], &x[6 * i + 3 + k]);
        let slope = p1.sub_ref(p0);
        if unit {
            return Poly::from_coeffs(vec![p0.clone(), slope]);
        }
        let mut c0 = a.mul_ref(p0);
        c0.sub_mul(&b, p1);
        Poly::from_coeffs(vec![c0, c.mul_ref(&slope)])
    };
    let point = |i: usize| Vec3::new(coordinate(i, 0), coordinate(i, 1), coordinate(i, 2));
    ([point(0), point(1), point(2), point(3)], separation)
}

/// The four points at the time `t` as constant polynomials, when the
/// scalar reads signs from positions ([`PrimitiveScalar::positions_at`]).
pub(crate) fn points_at<S: PrimitiveScalar>(
    q: &PrimitiveQuery<S>,
    t: &S::Root,
) -> Option<[PolyVec<S::Coord>; 4]> {
    let values = coordinate_values(q);
    let at = S::positions_at(&values, &q.interval, t)?;
    Some(at.map(|[x, y, z]| {
        Vec3::new(
            Poly::from_coeffs(vec![x]),
            Poly::from_coeffs(vec![y]),
            Poly::from_coeffs(vec![z]),
        )
    }))
}

/// The 24 coordinates: per point its start, then its end.
fn coordinate_values<S: PrimitiveScalar>(q: &PrimitiveQuery<S>) -> Vec<S> {
    let mut values: Vec<S> = Vec::with_capacity(24);
    for p in &q.points {
        values.extend(p.start.iter().cloned());
        values.extend(p.end.iter().cloned());
    }
    values
}

/// `u - v`.
pub(crate) fn sub<C: Ring>(u: &PolyVec<C>, v: &PolyVec<C>) -> PolyVec<C> {
    Vec3::new(&u.x - &v.x, &u.y - &v.y, &u.z - &v.z)
}

/// The cross product `u x v`.
pub(crate) fn cross<C: Ring>(u: &PolyVec<C>, v: &PolyVec<C>) -> PolyVec<C> {
    Vec3::new(
        &u.y * &v.z - &u.z * &v.y,
        &u.z * &v.x - &u.x * &v.z,
        &u.x * &v.y - &u.y * &v.x,
    )
}

/// The dot product `u . v`.
pub(crate) fn dot<C: Ring>(u: &PolyVec<C>, v: &PolyVec<C>) -> Poly<C> {
    &u.x * &v.x + &u.y * &v.y + &u.z * &v.z
}

/// The query with every coordinate rounded to the nearest `f64`.
pub fn query_to_f64(q: &PrimitiveQuery<BigRational>) -> PrimitiveQuery<f64> {
    let v = |p: &Vec3<BigRational>| p.map(rational_to_f64);
    let m = |p: &MovingPoint<BigRational>| MovingPoint::new(v(&p.start), v(&p.end));
    PrimitiveQuery {
        kind: q.kind,
        points: [
            m(&q.points[0]),
            m(&q.points[1]),
            m(&q.points[2]),
            m(&q.points[3]),
        ],
        interval: [
            rational_to_f64(&q.interval[0]),
            rational_to_f64(&q.interval[1]),
        ],
        separation: rational_to_f64(&q.separation),
    }
}

/// The query with every value mapped by `f` (`None` when `f` gives none
/// for a value).
pub fn map_query<S, T>(
    q: &PrimitiveQuery<S>,
    f: impl Fn(&S) -> Option<T>,
) -> Option<PrimitiveQuery<T>> {
    let v = |p: &Vec3<S>| Some(Vec3::new(f(&p.x)?, f(&p.y)?, f(&p.z)?));
    let m = |p: &MovingPoint<S>| Some(MovingPoint::new(v(&p.start)?, v(&p.end)?));
    Some(PrimitiveQuery {
        kind: q.kind,
        points: [
            m(&q.points[0])?,
            m(&q.points[1])?,
            m(&q.points[2])?,
            m(&q.points[3])?,
        ],
        interval: [f(&q.interval[0])?, f(&q.interval[1])?],
        separation: f(&q.separation)?,
    })
}
