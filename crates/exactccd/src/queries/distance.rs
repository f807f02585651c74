//! Exact squared distances between the primitives of a query at a rational
//! time: the reference against which the `f64` answers are measured
//! ([`super::audit`]). Written apart from the solver (it shares no code
//! with `solver::primitive`): the solver decides contact from signs of
//! polynomials in `t`; this computes, at one fixed time, the closest points
//! by the usual case split of the minimum of a convex quadratic over a
//! segment or a triangle (C. Ericson, "Real-Time Collision Detection",
//! sections 5.1.2, 5.1.5, 5.1.9), in rationals.
//!
//! * point-segment: the parameter `(p - a) . (b - a) / |b - a|^2` clamped to
//!   `[0, 1]` (a point segment gives `|p - a|^2`);
//! * point-triangle: the distance to the plane when the projection of `p`
//!   has non-negative barycentric coordinates (solved from the 2x2 Gram
//!   system of the edges), otherwise the least of the three point-segment
//!   distances (the minimum over a closed triangle lies on its boundary when
//!   it is not at the projection); a zero-area triangle is the union of its
//!   edges;
//! * segment-segment: for non-parallel segments the closest points of the
//!   two lines when both parameters lie in `[0, 1]`, otherwise (and for
//!   parallel ones) the least of the four end-to-segment distances.
#![deny(clippy::float_arithmetic)]

use crate::geom::Vec3;
use crate::scalar::BigRational;
use crate::solver::primitive::{PrimitiveQuery, QueryKind};
use num_traits::{One, Signed, Zero};

type P = Vec3<BigRational>;

/// The four points of the query at the time `t` (linear interpolation over
/// the query's interval).
pub fn positions_at(q: &PrimitiveQuery<BigRational>, t: &BigRational) -> [P; 4] {
    let [t0, t1] = &q.interval;
    let s = (t - t0) / (t1 - t0);
    std::array::from_fn(|i| {
        let m = &q.points[i];
        let d = &m.end - &m.start;
        &m.start + &d.scale(&s)
    })
}

/// `|p - a|^2` minimised over the closed segment `a b`.
pub fn point_segment_squared(p: &P, a: &P, b: &P) -> BigRational {
    let ab = b - a;
    let ap = p - a;
    let len2 = ab.norm_squared();
    if len2.is_zero() {
        return ap.norm_squared();
    }
    let u = clamp_unit(ap.dot(&ab) / len2);
    (&ap - &ab.scale(&u)).norm_squared()
}

fn clamp_unit(u: BigRational) -> BigRational {
    if u.is_negative() {
        BigRational::zero()
    } else if u > BigRational::one() {
        BigRational::one()
    } else {
        u
    }
}

/// `|p - x|^2` minimised over `x` in the closed triangle `a b c`.
pub fn point_triangle_squared(p: &P, a: &P, b: &P, c: &P) -> BigRational {
    let edges = || {
        [(a, b), (b, c), (c, a)]
            .into_iter()
            .map(|(u, v)| point_segment_squared(p, u, v))
            .min()
            .expect("three edges")
    };
    let (e1, e2, ap) = (b - a, c - a, p - a);
    let (g11, g12, g22) = (e1.dot(&e1), e1.dot(&e2), e2.dot(&e2));
    let det = &g11 * &g22 - &g12 * &g12;
    if det.is_zero() {
        return edges();
    }
    let (r1, r2) = (ap.dot(&e1), ap.dot(&e2));
    // the projection is a + u e1 + v e2
    let u = (&g22 * &r1 - &g12 * &r2) / &det;
    let v = (&g11 * &r2 - &g12 * &r1) / &det;
    let w = BigRational::one() - &u - &v;
    if u.is_negative() || v.is_negative() || w.is_negative() {
        return edges();
    }
    (&ap - &(&e1.scale(&u) + &e2.scale(&v))).norm_squared()
}

/// `|x - y|^2` minimised over `x` in the closed segment `a0 a1`, `y` in
/// `b0 b1`.
pub fn segment_segment_squared(a0: &P, a1: &P, b0: &P, b1: &P) -> BigRational {
    let ends = || {
        [
            point_segment_squared(a0, b0, b1),
            point_segment_squared(a1, b0, b1),
            point_segment_squared(b0, a0, a1),
            point_segment_squared(b1, a0, a1),
        ]
        .into_iter()
        .min()
        .expect("four ends")
    };
    let (da, db, r) = (a1 - a0, b1 - b0, a0 - b0);
    let (aa, ab, bb) = (da.dot(&da), da.dot(&db), db.dot(&db));
    let det = &aa * &bb - &ab * &ab;
    if det.is_zero() {
        return ends();
    }
    let (ar, br) = (da.dot(&r), db.dot(&r));
    // minimise |r + s da - u db|^2: s aa - u ab = -ar, s ab - u bb = -br
    let s = (&ab * &br - &bb * &ar) / &det;
    let u = (&aa * &br - &ab * &ar) / &det;
    let zero = BigRational::zero();
    let one = BigRational::one();
    if s < zero || s > one || u < zero || u > one {
        return ends();
    }
    (&(&r + &da.scale(&s)) - &db.scale(&u)).norm_squared()
}

/// The squared distance between the query's primitives at the time `t`.
pub fn squared_distance_at(q: &PrimitiveQuery<BigRational>, t: &BigRational) -> BigRational {
    let [p0, p1, p2, p3] = positions_at(q, t);
    match q.kind {
        QueryKind::VertexFace => point_triangle_squared(&p0, &p1, &p2, &p3),
        QueryKind::EdgeEdge => segment_segment_squared(&p0, &p1, &p2, &p3),
    }
}

/// The query's scale: the largest coordinate magnitude of its eight
/// positions (the unit in which `f64` tolerances are stated).
pub fn query_scale(q: &PrimitiveQuery<BigRational>) -> BigRational {
    q.positions()
        .iter()
        .flat_map(|v| v.iter())
        .map(Signed::abs)
        .max()
        .unwrap_or_else(BigRational::zero)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::BigInt;

    fn p(x: i64, y: i64, z: i64) -> P {
        let q = |n: i64| BigRational::from_integer(BigInt::from(n));
        Vec3::new(q(x), q(y), q(z))
    }

    fn r(n: i64) -> BigRational {
        BigRational::from_integer(BigInt::from(n))
    }

    #[test]
    fn point_triangle_regions() {
        let (a, b, c) = (p(0, 0, 0), p(4, 0, 0), p(0, 4, 0));
        // above the interior: the height
        assert_eq!(point_triangle_squared(&p(1, 1, 3), &a, &b, &c), r(9));
        // beyond vertex b: |(6,0,1) - (4,0,0)|^2 = 5
        assert_eq!(point_triangle_squared(&p(6, 0, 1), &a, &b, &c), r(5));
        // beyond the hypotenuse x + y = 4 at (3,3,0): distance^2 = 2
        assert_eq!(point_triangle_squared(&p(3, 3, 0), &a, &b, &c), r(2));
        // a zero-area triangle (a segment): distance to the segment
        let flat = point_triangle_squared(&p(2, 3, 0), &a, &b, &p(2, 0, 0));
        assert_eq!(flat, r(9));
    }

    #[test]
    fn segment_segment_regions() {
        // crossing lines 2 apart
        let d = segment_segment_squared(&p(-1, 0, 0), &p(1, 0, 0), &p(0, -1, 2), &p(0, 1, 2));
        assert_eq!(d, r(4));
        // the crossing point beyond a1: the end a1 = (1,0,0) to the line x = 3
        let d = segment_segment_squared(&p(-1, 0, 0), &p(1, 0, 0), &p(3, -1, 0), &p(3, 1, 0));
        assert_eq!(d, r(4));
        // parallel, overlapping, 1 apart
        let d = segment_segment_squared(&p(0, 0, 0), &p(4, 0, 0), &p(2, 1, 0), &p(6, 1, 0));
        assert_eq!(d, r(1));
        // a point segment
        let d = segment_segment_squared(&p(0, 0, 0), &p(0, 0, 0), &p(2, 1, 0), &p(6, 1, 0));
        assert_eq!(d, r(5));
    }
}
