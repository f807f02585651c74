//! A primitive query (vertex-face, edge-edge) as two bodies of the same
//! moving points, so that the referee judges it as it judges any two
//! bodies and the distance certificate builder serves it too.
#![deny(clippy::float_arithmetic)]

use crate::scalar::BigRational;
use crate::solver::primitive::PrimitiveQuery;

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
