//! Whether a point lies in the closed solid bounded by a mesh's
//! triangles, by the exact parity of a ray's crossings (Jordan's theorem);
//! a ray direction that meets an edge or a vertex is degenerate and
//! another is tried (at most `8 n` directions of the family used are
//! degenerate).
#![deny(clippy::float_arithmetic)]

use crate::geom::Vec3;
use crate::scalar::{BigRational, Ring, Sign};

type Q = BigRational;

/// The parity of the crossings of the ray `p + s d` (`s > 0`) with the
/// triangles; `Some(true)` also when `p` is on a triangle; `None` when the
/// direction is degenerate (module docs).
fn ray_parity(p: &Vec3<Q>, d: &Vec3<Q>, tris: &[[Vec3<Q>; 3]]) -> Option<bool> {
    let mut odd = false;
    for t in tris {
        let (a, b, c) = (&t[0] - p, &t[1] - p, &t[2] - p);
        let n = (&b - &a).cross(&(&c - &a));
        let height = n.dot(&a).sign();
        let towards = n.dot(d).sign();
        if height == Sign::Zero {
            // p in the triangle's plane
            let on = [a.cross(&b), b.cross(&c), c.cross(&a)]
                .iter()
                .all(|x| n.dot(x).sign() != Sign::Negative);
            if on {
                return Some(true);
            }
            if towards == Sign::Zero {
                return None;
            }
            continue;
        }
        let s = [
            d.dot(&a.cross(&b)).sign(),
            d.dot(&b.cross(&c)).sign(),
            d.dot(&c.cross(&a)).sign(),
        ];
        let pos = s.contains(&Sign::Positive);
        let neg = s.contains(&Sign::Negative);
        if pos && neg {
            continue;
        }
        if s.contains(&Sign::Zero) {
            return None;
        }
        if height == towards {
            odd = !odd;
        }
    }
    Some(odd)
}

/// Whether `p` lies in the closed solid bounded by the triangles (module
/// docs: exact ray parity).
pub fn point_in_solid(p: &Vec3<Q>, tris: &[[Vec3<Q>; 3]]) -> bool {
    let tries = 8 * tris.len() as i64 + 1;
    for k in 1..=tries {
        let d = Vec3::new(Q::one(), Q::from_i64(k), Q::from_i64(k * k));
        if let Some(inside) = ray_parity(p, &d, tris) {
            return inside;
        }
    }
    unreachable!("at most 8 n directions are degenerate (module docs)")
}
