//! The exact convex hull of a few rational points (the `convex` shape,
//! docs/FORMAT.md 5.2): its vertices, edges and faces, named by the indices
//! of the input points.
//!
//! # Algorithm
//!
//! Brute force over supporting planes, exact in the rationals: every triple
//! of points that is not collinear spans a plane; the plane supports the
//! hull when no point lies strictly on one side, and the side the points lie
//! on gives the outward normal. The points on a supporting plane form a
//! face; the face's corners are the extreme points of that planar set, in
//! counter-clockwise order seen from outside (Andrew's monotone chain in
//! the coordinate plane the normal is least parallel to). `O(n^4)` work for
//! `n` points, hence [`MAX_HULL_POINTS`].
//!
//! Naming: a duplicate point is represented by its first index; a face is
//! named by its position in the list of faces sorted by their corner lists
//! (each rotated to start at its least index), an edge `i-j` by its two
//! corners with `i < j`.
#![deny(clippy::float_arithmetic)]

use super::Vec3;
use crate::scalar::{BigRational, Ring, Scalar, Sign};
use std::collections::BTreeSet;

/// Most points a `convex` shape may list (the hull costs `O(n^4)` exact
/// operations).
pub const MAX_HULL_POINTS: usize = 64;

/// One face of a [`ConvexHull`]: a convex polygon with its plane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HullFace {
    /// Indices of the corners (input points), counter-clockwise seen from
    /// outside, no three collinear.
    pub corners: Vec<usize>,
    /// Outward normal (not unit): `n . x <= offset` for every hull point.
    pub normal: Vec3<BigRational>,
    /// `n . x` on the face's plane.
    pub offset: BigRational,
}

/// The exact convex hull of rational points (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvexHull {
    /// Indices of the hull's corners, increasing.
    pub vertices: Vec<usize>,
    /// The edges `(i, j)`, `i < j`, sorted.
    pub edges: Vec<(usize, usize)>,
    /// The faces, sorted by their corner lists.
    pub faces: Vec<HullFace>,
}

fn sub(a: &Vec3<BigRational>, b: &Vec3<BigRational>) -> Vec3<BigRational> {
    a - b
}

/// True when the points are not all coplanar (and there are at least
/// four): the condition of the `convex` shape, decided exactly.
pub fn spans_space(points: &[Vec3<BigRational>]) -> bool {
    let Some(p0) = points.first() else {
        return false;
    };
    let Some(p1) = points.iter().find(|p| *p != p0) else {
        return false;
    };
    let u = sub(p1, p0);
    let Some(n) = points
        .iter()
        .map(|p| u.cross(&sub(p, p0)))
        .find(|n| !n.is_zero())
    else {
        return false;
    };
    points.iter().any(|p| !n.dot(&sub(p, p0)).is_zero())
}

impl ConvexHull {
    /// The hull of `points`; `None` when they do not span space
    /// ([`spans_space`]).
    pub fn new(points: &[Vec3<BigRational>]) -> Option<Self> {
        if !spans_space(points) {
            return None;
        }
        // first index of each distinct point
        let distinct: Vec<usize> = (0..points.len())
            .filter(|&i| !points[..i].contains(&points[i]))
            .collect();
        let mut seen: BTreeSet<Vec<usize>> = BTreeSet::new();
        let mut faces = Vec::new();
        for (a, &i) in distinct.iter().enumerate() {
            for (b, &j) in distinct.iter().enumerate().skip(a + 1) {
                for &k in distinct.iter().skip(b + 1) {
                    let (pi, pj, pk) = (&points[i], &points[j], &points[k]);
                    let n = sub(pj, pi).cross(&sub(pk, pi));
                    if n.is_zero() {
                        continue;
                    }
                    let side = |p: &Vec3<BigRational>| n.dot(&sub(p, pi)).sign();
                    let signs: Vec<Sign> = distinct.iter().map(|&l| side(&points[l])).collect();
                    let outward = if signs.iter().all(|s| *s != Sign::Positive) {
                        n
                    } else if signs.iter().all(|s| *s != Sign::Negative) {
                        -n
                    } else {
                        continue;
                    };
                    let on: Vec<usize> = distinct
                        .iter()
                        .zip(&signs)
                        .filter(|(_, s)| **s == Sign::Zero)
                        .map(|(&l, _)| l)
                        .collect();
                    if !seen.insert(on.clone()) {
                        continue;
                    }
                    let corners = face_corners(points, &on, &outward);
                    let offset = outward.dot(pi);
                    faces.push(HullFace {
                        corners,
                        normal: outward,
                        offset,
                    });
                }
            }
        }
        faces.sort_by(|x, y| x.corners.cmp(&y.corners));
        let mut edges = BTreeSet::new();
        let mut vertices = BTreeSet::new();
        for f in &faces {
            for (k, &c) in f.corners.iter().enumerate() {
                let d = f.corners[(k + 1) % f.corners.len()];
                edges.insert((c.min(d), c.max(d)));
                vertices.insert(c);
            }
        }
        Some(ConvexHull {
            vertices: vertices.into_iter().collect(),
            edges: edges.into_iter().collect(),
            faces,
        })
    }
}

/// The extreme points of the coplanar points `on` (indices into `points`),
/// counter-clockwise seen from the side `normal` points to, rotated to start
/// at the least index.
pub(crate) fn face_corners<S: Scalar>(
    points: &[Vec3<S>],
    on: &[usize],
    normal: &Vec3<S>,
) -> Vec<usize> {
    // drop the coordinate the normal is most parallel to
    let abs = |k: usize| {
        let c = normal[k].clone();
        if c.sign() == Sign::Negative {
            -c
        } else {
            c
        }
    };
    let drop = (0..3).fold(0, |best, k| if abs(k) > abs(best) { k } else { best });
    let (u, v) = ((drop + 1) % 3, (drop + 2) % 3);
    let mut idx: Vec<usize> = on.to_vec();
    idx.sort_by(|&a, &b| {
        (&points[a][u], &points[a][v])
            .partial_cmp(&(&points[b][u], &points[b][v]))
            .expect("the coordinates are ordered")
    });
    let cross = |o: usize, a: usize, b: usize| -> S {
        let (po, pa, pb) = (&points[o], &points[a], &points[b]);
        let first = pa[u].sub_ref(&po[u]).mul_ref(&pb[v].sub_ref(&po[v]));
        first.sub_ref(&pa[v].sub_ref(&po[v]).mul_ref(&pb[u].sub_ref(&po[u])))
    };
    // Andrew's monotone chain, strict turns only (collinear points dropped)
    let mut hull: Vec<usize> = Vec::new();
    for pass in 0..2 {
        let start = hull.len();
        let order: Vec<usize> = if pass == 0 {
            idx.clone()
        } else {
            idx.iter().rev().copied().collect()
        };
        for &p in &order {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p).sign() != Sign::Positive
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    // counter-clockwise in (u, v) is counter-clockwise seen from +e_drop;
    // reverse when the outward normal points the other way
    if normal[drop].sign() == Sign::Negative {
        hull.reverse();
    }
    let least = (0..hull.len()).min_by_key(|&k| hull[k]).unwrap_or(0);
    hull.rotate_left(least);
    hull
}

/// A point `p` is in the closed hull: on or behind every face plane.
pub fn hull_contains(hull: &ConvexHull, p: &Vec3<BigRational>) -> bool {
    hull.faces.iter().all(|f| f.normal.dot(p) <= f.offset)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scalar::parse_number;

    fn v(x: i64, y: i64, z: i64) -> Vec3<BigRational> {
        Vec3::new(
            BigRational::from_i64(x),
            BigRational::from_i64(y),
            BigRational::from_i64(z),
        )
    }

    #[test]
    fn cube_with_interior_and_duplicate_points() {
        let mut pts: Vec<Vec3<BigRational>> = (0..8)
            .map(|i| v(2 * (i & 1) - 1, (i & 2) - 1, (i & 4) / 2 - 1))
            .collect();
        pts.push(v(0, 0, 0)); // interior
        pts.push(v(1, 1, 1)); // duplicate of 7
        pts.push(v(1, 0, 0)); // on a face
        pts.push(v(1, 1, 0)); // on an edge
        let h = ConvexHull::new(&pts).unwrap();
        assert_eq!(h.vertices, (0..8).collect::<Vec<_>>());
        assert_eq!(h.edges.len(), 12);
        assert_eq!(h.faces.len(), 6);
        for f in &h.faces {
            assert_eq!(f.corners.len(), 4);
            // counter-clockwise seen from outside
            let [a, b, c] = [0, 1, 2].map(|k| &pts[f.corners[k]]);
            let n = sub(b, a).cross(&sub(c, a));
            assert!(n.dot(&f.normal) > BigRational::zero());
            for p in &pts {
                assert!(f.normal.dot(p) <= f.offset);
            }
        }
        assert!(hull_contains(&h, &v(0, 1, 0)));
        assert!(!hull_contains(
            &h,
            &Vec3::new(
                parse_number("1/1000").unwrap() + BigRational::one(),
                BigRational::zero(),
                BigRational::zero()
            )
        ));
    }

    #[test]
    fn tetrahedron_and_flat_sets() {
        let pts = vec![v(0, 0, 0), v(1, 0, 0), v(0, 1, 0), v(0, 0, 1)];
        let h = ConvexHull::new(&pts).unwrap();
        assert_eq!(h.faces.len(), 4);
        assert_eq!(h.edges.len(), 6);
        for f in &h.faces {
            let [a, b, c] = [0, 1, 2].map(|k| &pts[f.corners[k]]);
            assert!(sub(b, a).cross(&sub(c, a)).dot(&f.normal) > BigRational::zero());
        }
        let flat = vec![v(0, 0, 0), v(1, 0, 0), v(0, 1, 0), v(1, 1, 0)];
        assert!(!spans_space(&flat));
        assert!(ConvexHull::new(&flat).is_none());
        assert!(!spans_space(&[
            v(0, 0, 0),
            v(0, 0, 0),
            v(1, 1, 1),
            v(2, 2, 2)
        ]));
    }
}
