//! The vertices of the convex hull of a point set, exactly (incremental
//! construction), for the covariance fit "from the convex hull's points"
//! of Eberly, "Dynamic Collision Detection using OBBs", section 6.1.2: "the box orientation should depend only on
//! the convex hull of the mesh points".
//!
//! Start from a tetrahedron of four affinely independent points with its
//! faces oriented outwards; add the other points one by one: the faces that
//! see the point (`orient3d > 0`, exact) are removed and the horizon edges
//! are joined to the point. A point that no face sees is inside the hull
//! or on it, and is not a vertex. Points are added farthest from the
//! centroid first, so that the corners come before points on the hull's
//! faces; a point on a face plane that is added before the corners around
//! it can stay in the result (it is on the hull's boundary, not inside:
//! harmless for the covariance, which only must not see interior points).
//! Points that span no volume (all on one plane) are returned whole: a
//! planar set is its own covariance.
#![deny(clippy::float_arithmetic)]

use crate::geom::Vec3;
use crate::scalar::{BigRational, Ring, Sign};
use std::collections::HashSet;

type Q = BigRational;

/// `(b - a) x (c - a) . (p - a)`: positive when `p` is on the side the
/// counter-clockwise triangle `a b c` faces.
fn orient3d(a: &Vec3<Q>, b: &Vec3<Q>, c: &Vec3<Q>, p: &Vec3<Q>) -> Sign {
    (b - a).cross(&(c - a)).dot(&(p - a)).sign()
}

/// The indices (into `points`) of the vertices of their convex hull, in
/// increasing order; every index when the points are coplanar. Duplicate
/// points count once (the first index).
///
/// ```
/// use exactccd::geom::Vec3;
/// use exactccd::scalar::{BigRational, Ring};
/// use exactccd::solver::sat::convex_hull_vertices;
/// let p = |x: i64, y: i64, z: i64| Vec3::new(BigRational::from_i64(x), BigRational::from_i64(y), BigRational::from_i64(z));
/// // a tetrahedron and its centroid-ish interior point
/// let pts = [p(0, 0, 0), p(4, 0, 0), p(1, 1, 1), p(0, 4, 0), p(0, 0, 4)];
/// assert_eq!(convex_hull_vertices(&pts), vec![0, 1, 3, 4]);
/// ```
pub fn convex_hull_vertices(points: &[Vec3<Q>]) -> Vec<usize> {
    let all: Vec<usize> = (0..points.len()).collect();
    let mut seen = HashSet::new();
    let mut unique: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&i| seen.insert(points[i].clone().into_array()))
        .collect();
    // farthest from the centroid first (exact squared distances, ties by
    // index): corners come before the points on the hull's faces
    let n = Q::from_i64(unique.len() as i64);
    let sum = unique
        .iter()
        .fold(Vec3::zero(), |acc: Vec3<Q>, &i| acc + &points[i]);
    let key = |i: usize| (&points[i].scale(&n) - &sum).norm_squared();
    unique.sort_by_cached_key(|&i| (std::cmp::Reverse(key(i)), i));
    let Some(&i0) = unique.first() else {
        return all;
    };
    let p = |i: usize| &points[i];
    let Some(&i1) = unique.iter().find(|&&i| points[i] != points[i0]) else {
        return unique;
    };
    let Some(&i2) = unique
        .iter()
        .find(|&&i| !(p(i1) - p(i0)).cross(&(p(i) - p(i0))).is_zero())
    else {
        return unique;
    };
    let Some(&i3) = unique
        .iter()
        .find(|&&i| orient3d(p(i0), p(i1), p(i2), p(i)) != Sign::Zero)
    else {
        return unique;
    };
    // faces of the tetrahedron, each oriented away from the opposite corner
    let mut faces: Vec<[usize; 3]> = Vec::new();
    for (a, b, c, opposite) in [
        (i0, i1, i2, i3),
        (i0, i1, i3, i2),
        (i0, i2, i3, i1),
        (i1, i2, i3, i0),
    ] {
        if orient3d(p(a), p(b), p(c), p(opposite)) == Sign::Positive {
            faces.push([a, c, b]);
        } else {
            faces.push([a, b, c]);
        }
    }
    for &i in &unique {
        if [i0, i1, i2, i3].contains(&i) {
            continue;
        }
        let visible: Vec<bool> = faces
            .iter()
            .map(|f| orient3d(p(f[0]), p(f[1]), p(f[2]), p(i)) == Sign::Positive)
            .collect();
        if !visible.contains(&true) {
            continue;
        }
        let mut visible_edges = HashSet::new();
        for (f, _) in faces.iter().zip(&visible).filter(|(_, v)| **v) {
            for k in 0..3 {
                visible_edges.insert((f[k], f[(k + 1) % 3]));
            }
        }
        let mut next: Vec<[usize; 3]> = Vec::new();
        for (f, v) in faces.iter().zip(&visible) {
            if !*v {
                next.push(*f);
                continue;
            }
            for k in 0..3 {
                let (a, b) = (f[k], f[(k + 1) % 3]);
                // a horizon edge: its twin belongs to a face kept
                if !visible_edges.contains(&(b, a)) {
                    next.push([a, b, i]);
                }
            }
        }
        faces = next;
    }
    let mut out: Vec<usize> = faces.iter().flatten().copied().collect();
    out.sort_unstable();
    out.dedup();
    out
}
