//! The static intersection test at the start of the step: do the closed
//! solids `a` and `b` (both placed in `a`'s frame) intersect?
//!
//! Two closed polyhedral solids intersect exactly when their surfaces meet
//! or one contains the other. The surfaces meet exactly when some edge of
//! one meets some closed face of the other (where two faces meet, their
//! intersection has a point on an edge of one of them). Containment (no
//! surface contact) is decided by the parity of crossings of a ray from a
//! vertex: rays that touch an edge or lie in a face's plane are discarded
//! and another rational direction is tried. All signs are exact for exact
//! scalars.
#![deny(clippy::float_arithmetic)]

use super::events::PlacedSolid;
use crate::geom::Vec3;
use crate::scalar::{Scalar, Sign};

fn orient<S: Scalar>(a: &Vec3<S>, b: &Vec3<S>, c: &Vec3<S>, n: &Vec3<S>) -> Sign {
    (b - a).cross(&(c - a)).dot(n).sign()
}

/// `p` in the closed convex polygon `loop_` (normal `n`), `p` in its plane.
fn in_closed_convex<S: Scalar>(p: &Vec3<S>, pts: &[&Vec3<S>], n: &Vec3<S>) -> bool {
    let k = pts.len();
    (0..k).all(|i| orient(pts[i], pts[(i + 1) % k], p, n) != Sign::Negative)
}

/// Closed segments `ab`, `cd` in a common plane with normal `n` intersect.
fn coplanar_segments_meet<S: Scalar>(
    a: &Vec3<S>,
    b: &Vec3<S>,
    c: &Vec3<S>,
    d: &Vec3<S>,
    n: &Vec3<S>,
) -> bool {
    let o1 = orient(a, b, c, n);
    let o2 = orient(a, b, d, n);
    let o3 = orient(c, d, a, n);
    let o4 = orient(c, d, b, n);
    let on = |p: &Vec3<S>, q: &Vec3<S>, x: &Vec3<S>| (x - p).dot(&(x - q)).sign() != Sign::Positive;
    if o1 != o2
        && o3 != o4
        && o1 != Sign::Zero
        && o2 != Sign::Zero
        && o3 != Sign::Zero
        && o4 != Sign::Zero
    {
        return true;
    }
    (o1 == Sign::Zero && on(a, b, c))
        || (o2 == Sign::Zero && on(a, b, d))
        || (o3 == Sign::Zero && on(c, d, a))
        || (o4 == Sign::Zero && on(c, d, b))
}

/// The closed segment `p0 p1` meets the closed face `f` of `solid`.
pub fn segment_meets_face<S: Scalar>(
    p0: &Vec3<S>,
    p1: &Vec3<S>,
    solid: &PlacedSolid<S>,
    f: usize,
) -> bool {
    let n = &solid.normals[f];
    let u0 = &solid.mesh.vertices[solid.mesh.faces[f][0]];
    let s0 = n.dot(&(p0 - u0));
    let s1 = n.dot(&(p1 - u0));
    let (g0, g1) = (s0.sign(), s1.sign());
    if g0 == g1 && g0 != Sign::Zero {
        return false;
    }
    for piece in &solid.pieces[f] {
        let pts: Vec<&Vec3<S>> = piece.iter().map(|&i| &solid.mesh.vertices[i]).collect();
        if g0 == Sign::Zero && g1 == Sign::Zero {
            if in_closed_convex(p0, &pts, n) || in_closed_convex(p1, &pts, n) {
                return true;
            }
            let k = pts.len();
            if (0..k).any(|i| coplanar_segments_meet(p0, p1, pts[i], pts[(i + 1) % k], n)) {
                return true;
            }
            continue;
        }
        // The crossing point (s0 p1 - s1 p0) / (s0 - s1), tested scaled by
        // (s0 - s1): orient(u, v, X) has the sign of
        // orient-with-scaled-point times sign(s0 - s1).
        let den = s0.clone() - &s1;
        let scaled = &p1.scale(&s0) - &p0.scale(&s1);
        let k = pts.len();
        let den_sign = den.sign();
        let inside = (0..k).all(|i| {
            let (u, v) = (pts[i], pts[(i + 1) % k]);
            let rel = &scaled - &u.scale(&den);
            let s = (v - u).cross(&rel).dot(n).sign().product(den_sign);
            s != Sign::Negative
        });
        if inside {
            return true;
        }
    }
    false
}

/// The surfaces of `a` and `b` meet.
pub fn surfaces_meet<S: Scalar>(a: &PlacedSolid<S>, b: &PlacedSolid<S>) -> bool {
    let edges_hit = |x: &PlacedSolid<S>, y: &PlacedSolid<S>| {
        x.mesh.edges.iter().any(|e| {
            let (p0, p1) = (&x.mesh.vertices[e.v[0]], &x.mesh.vertices[e.v[1]]);
            (0..y.mesh.faces.len()).any(|f| segment_meets_face(p0, p1, y, f))
        })
    };
    edges_hit(a, b) || edges_hit(b, a)
}

/// Whether `p`, not on the surface of `solid`, lies inside it; `None` when
/// no tried ray direction was free of degeneracies.
pub fn point_inside<S: Scalar>(p: &Vec3<S>, solid: &PlacedSolid<S>) -> Option<bool> {
    'direction: for k in 1..64i64 {
        let r = Vec3::new(
            S::from_i64(1),
            S::from_i64(k),
            S::from_i64(k * k + 3 * k + 7),
        );
        let mut crossings = 0usize;
        for f in 0..solid.mesh.faces.len() {
            let n = &solid.normals[f];
            let u0 = &solid.mesh.vertices[solid.mesh.faces[f][0]];
            let nr = n.dot(&r);
            let dist = n.dot(&(u0 - p));
            if nr.is_zero() {
                if dist.is_zero() {
                    continue 'direction;
                }
                continue;
            }
            // p + s r on the plane: s = dist / nr; need s > 0.
            if dist.sign().product(nr.sign()) != Sign::Positive {
                continue;
            }
            // Scaled crossing point X nr = p nr + dist r; test strictly
            // inside / on the boundary of the face.
            let scaled = &p.scale(&nr) + &r.scale(&dist);
            let mut in_piece = false;
            for piece in &solid.pieces[f] {
                let pts: Vec<&Vec3<S>> = piece.iter().map(|&i| &solid.mesh.vertices[i]).collect();
                let kk = pts.len();
                let signs: Vec<Sign> = (0..kk)
                    .map(|i| {
                        let (u, v) = (pts[i], pts[(i + 1) % kk]);
                        let rel = &scaled - &u.scale(&nr);
                        (v - u).cross(&rel).dot(n).sign().product(nr.sign())
                    })
                    .collect();
                if signs.iter().all(|s| *s != Sign::Negative) {
                    if signs.contains(&Sign::Zero) {
                        // On a piece's side (maybe an inner diagonal, maybe
                        // the face's edge): try another direction.
                        continue 'direction;
                    }
                    in_piece = true;
                }
            }
            if in_piece {
                crossings += 1;
            }
        }
        return Some(crossings % 2 == 1);
    }
    None
}

/// The closed solids intersect; `None` when containment could not be
/// decided (no degeneracy-free ray found from any vertex). With surfaces
/// apart, one solid is inside the other exactly when any one of its
/// vertices is, so the vertices are tried in turn: in `f64` a vertex within
/// rounding of the other's surface (a corner on a corner) leaves every ray
/// degenerate, another vertex decides.
pub fn solids_intersect<S: Scalar>(a: &PlacedSolid<S>, b: &PlacedSolid<S>) -> Option<bool> {
    if surfaces_meet(a, b) {
        return Some(true);
    }
    let inside = |x: &PlacedSolid<S>, y: &PlacedSolid<S>| {
        x.mesh.vertices.iter().find_map(|v| point_inside(v, y))
    };
    Some(inside(b, a)? || inside(a, b)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{cube_mesh, Mesh};
    use crate::scalar::{parse_number, BigRational};

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    fn cube_at(h: &str, c: [&str; 3]) -> PlacedSolid<BigRational> {
        let m = cube_mesh([q(h), q(h), q(h)]);
        let shift = Vec3::new(q(c[0]), q(c[1]), q(c[2]));
        let vertices = m.vertices.iter().map(|v| v + &shift).collect();
        PlacedSolid::new(Mesh { vertices, ..m })
    }

    #[test]
    fn touching_crossing_nested_and_apart() {
        let a = cube_at("1", ["0", "0", "0"]);
        assert_eq!(
            solids_intersect(&a, &cube_at("1", ["2", "0", "0"])),
            Some(true)
        );
        assert_eq!(
            solids_intersect(&a, &cube_at("1", ["2", "2", "2"])),
            Some(true)
        );
        assert_eq!(
            solids_intersect(&a, &cube_at("1", ["1", "1/2", "0"])),
            Some(true)
        );
        assert_eq!(
            solids_intersect(&a, &cube_at("1/4", ["0", "0", "0"])),
            Some(true)
        );
        assert_eq!(
            solids_intersect(&cube_at("1/4", ["0", "0", "0"]), &a),
            Some(true)
        );
        assert_eq!(
            solids_intersect(&a, &cube_at("1", ["2", "0", "1/1000000"])),
            Some(true)
        );
        assert_eq!(
            solids_intersect(&a, &cube_at("1", ["2.001", "0", "0"])),
            Some(false)
        );
        assert_eq!(
            solids_intersect(&a, &cube_at("1", ["3", "3", "3"])),
            Some(false)
        );
    }
}
