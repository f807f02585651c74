//! Finding a contact witness: a point, polynomial in `t`, that lies in both
//! closed convex solids at an exact contact time `T`.
//!
//! At a contact of two convex polytopes the set `A(T) ∩ B(T)` is a convex
//! polytope whose corners are vertices of one body inside the other, or
//! points where an edge of one body crosses a face plane of the other. So
//! the candidates are: the vertices of both bodies, and for every edge of
//! one body and every face of the other the crossing point of the edge's
//! line with the face's plane, a rational function of `t`:
//!
//! ```text
//! p(t) = (w_b (n.E) V0 + (w_a n.Q0 - w_b n.V0) E) / (w_a w_b (n.E))
//! ```
//!
//! for the edge `V0 + s E` of `a` (numerators over `w_a`) and the face plane
//! `n . x = n . Q0 / w_b` of `b`. The first candidate whose every face
//! inequality holds exactly at `T` (signs of polynomials at the
//! [`RealAlgebraic`] time) is returned; the referee checks it again with its
//! own code. Hints from the solver's feature pair put the likely candidates
//! first.
#![deny(clippy::float_arithmetic)]

use super::{ContactWitness, FeatureKind};
use crate::geom::{Shape, Vec3};
use crate::motion::{Body, PolyMotion};
use crate::poly::{Poly, RealAlgebraic};
use crate::scalar::{BigRational, Ring, Sign};

type PVec = Vec3<Poly<BigRational>>;

/// A convex body in world coordinates: vertex numerators over `w`, faces
/// as vertex-index triples (outward by the right-hand rule), edges as
/// vertex-index pairs; `flat` for a triangle.
struct Convex {
    vertices: Vec<PVec>,
    w: Poly<BigRational>,
    faces: Vec<[usize; 3]>,
    edges: Vec<[usize; 2]>,
    flat: bool,
}

fn dot(a: &PVec, b: &PVec) -> Poly<BigRational> {
    &(&a.x * &b.x + &a.y * &b.y) + &(&a.z * &b.z)
}

fn cross(a: &PVec, b: &PVec) -> PVec {
    Vec3::new(
        &a.y * &b.z - &a.z * &b.y,
        &a.z * &b.x - &a.x * &b.z,
        &a.x * &b.y - &a.y * &b.x,
    )
}

fn sub(a: &PVec, b: &PVec) -> PVec {
    Vec3::new(&a.x - &b.x, &a.y - &b.y, &a.z - &b.z)
}

fn scale(a: &PVec, s: &Poly<BigRational>) -> PVec {
    Vec3::new(&a.x * s, &a.y * s, &a.z * s)
}

fn add(a: &PVec, b: &PVec) -> PVec {
    Vec3::new(&a.x + &b.x, &a.y + &b.y, &a.z + &b.z)
}

/// Box vertex `k` has coordinate `+h_i` where bit `i` of `k` is set.
const BOX_FACES: [[usize; 3]; 6] = [
    [1, 3, 7],
    [0, 4, 6],
    [2, 6, 7],
    [0, 1, 5],
    [4, 5, 7],
    [0, 2, 3],
];

fn box_edges() -> Vec<[usize; 2]> {
    let mut e = Vec::new();
    for k in 0..8usize {
        for bit in 0..3 {
            if k >> bit & 1 == 0 {
                e.push([k, k | 1 << bit]);
            }
        }
    }
    e
}

fn convex(body: &Body, t0: &BigRational) -> Option<Convex> {
    let motion = PolyMotion::from_body_on(body, t0)?;
    let locals: Vec<Vec3<BigRational>> = match &body.shape {
        Shape::Box(b) => (0..8)
            .map(|k| {
                let h = &b.half_extents;
                let c = |i: usize| {
                    if k >> i & 1 == 1 {
                        h[i].clone()
                    } else {
                        -h[i].clone()
                    }
                };
                Vec3::new(c(0), c(1), c(2))
            })
            .collect(),
        Shape::Triangle(t) => t.vertices.to_vec(),
        Shape::Mesh(_) => return None,
    };
    let vertices = locals
        .iter()
        .map(|y| {
            let l = &motion.linear.rows;
            let tr = &motion.translation;
            let row = |i: usize, ti: &Poly<BigRational>| {
                &(&(&l[i][0].scale(&y.x) + &l[i][1].scale(&y.y)) + &l[i][2].scale(&y.z)) + ti
            };
            Vec3::new(row(0, &tr.x), row(1, &tr.y), row(2, &tr.z))
        })
        .collect();
    let (faces, edges, flat) = match &body.shape {
        Shape::Box(_) => (BOX_FACES.to_vec(), box_edges(), false),
        _ => (vec![[0, 1, 2]], vec![[0, 1], [1, 2], [2, 0]], true),
    };
    Some(Convex {
        vertices,
        w: motion.denominator,
        faces,
        edges,
        flat,
    })
}

/// Does `P / d` lie in the body at `t`? (`d > 0` at `t` is checked by the
/// caller.)
fn contains(body: &Convex, p: &PVec, d: &Poly<BigRational>, t: &RealAlgebraic) -> bool {
    let v = &body.vertices;
    // (p - v_i) scaled by w d > 0
    let rel = |i: usize| sub(&scale(p, &body.w), &scale(&v[i], d));
    if body.flat {
        let n = cross(&sub(&v[1], &v[0]), &sub(&v[2], &v[0]));
        if t.sign_of(&dot(&n, &rel(0))) != Sign::Zero {
            return false;
        }
        (0..3).all(|i| {
            let e = sub(&v[(i + 1) % 3], &v[i]);
            t.sign_of(&dot(&cross(&e, &rel(i)), &n)) != Sign::Negative
        })
    } else {
        body.faces.iter().all(|f| {
            let n = cross(&sub(&v[f[1]], &v[f[0]]), &sub(&v[f[2]], &v[f[0]]));
            t.sign_of(&dot(&n, &rel(f[0]))) != Sign::Positive
        })
    }
}

/// The crossing of the edge `e` of `x` with the plane of face `f` of `y`, as
/// `(numerator, denominator)` with the denominator oriented positive at `t`;
/// `None` when the edge is parallel to the plane at `t`.
fn edge_plane(
    x: &Convex,
    e: [usize; 2],
    y: &Convex,
    f: [usize; 3],
    t: &RealAlgebraic,
) -> Option<(PVec, Poly<BigRational>)> {
    let v0 = &x.vertices[e[0]];
    let dir = sub(&x.vertices[e[1]], v0);
    let q = &y.vertices;
    let n = cross(&sub(&q[f[1]], &q[f[0]]), &sub(&q[f[2]], &q[f[0]]));
    let ne = dot(&n, &dir);
    let s_num = &(&x.w * &dot(&n, &q[f[0]])) - &(&y.w * &dot(&n, v0));
    let point = add(&scale(v0, &(&y.w * &ne)), &scale(&dir, &s_num));
    let den = &(&x.w * &y.w) * &ne;
    match t.sign_of(&den) {
        Sign::Zero => None,
        Sign::Positive => Some((point, den)),
        Sign::Negative => Some((scale(&point, &Poly::constant(-BigRational::one())), -den)),
    }
}

/// A point in both closed convex bodies at `t`, when one exists among the
/// candidates (it always does at a contact time of two boxes or triangles);
/// `None` for meshes or transcendental motions.
pub fn find_contact_witness(
    a: &Body,
    b: &Body,
    t0: &BigRational,
    t: &RealAlgebraic,
    hint: Option<FeatureKind>,
) -> Option<ContactWitness> {
    let ca = convex(a, t0)?;
    let cb = convex(b, t0)?;
    let check = |p: PVec, d: Poly<BigRational>, label: String| -> Option<ContactWitness> {
        (t.sign_of(&d) == Sign::Positive && contains(&ca, &p, &d, t) && contains(&cb, &p, &d, t))
            .then_some(ContactWitness {
                point: p,
                denominator: d,
                label,
            })
    };
    let vertices_of = |body: &Convex, name: &str| -> Vec<(PVec, Poly<BigRational>, String)> {
        body.vertices
            .iter()
            .enumerate()
            .map(|(k, v)| (v.clone(), body.w.clone(), format!("vertex {k} of {name}")))
            .collect()
    };
    let crossings =
        |x: &Convex, xn: &str, y: &Convex, yn: &str| -> Vec<(PVec, Poly<BigRational>, String)> {
            let mut out = Vec::new();
            for e in &x.edges {
                for f in &y.faces {
                    if let Some((p, d)) = edge_plane(x, *e, y, *f, t) {
                        out.push((
                            p,
                            d,
                            format!(
                                "edge {}-{} of {xn} on face plane {:?} of {yn}",
                                e[0], e[1], f
                            ),
                        ));
                    }
                }
            }
            out
        };
    // vertex candidates first (cheap), the likely side first
    let (first, second) = match hint {
        Some(FeatureKind::VertexFace | FeatureKind::VertexEdge | FeatureKind::VertexVertex) => {
            (vertices_of(&ca, "a"), vertices_of(&cb, "b"))
        }
        _ => (vertices_of(&cb, "b"), vertices_of(&ca, "a")),
    };
    for (p, d, label) in first.into_iter().chain(second) {
        if let Some(w) = check(p, d, label) {
            return Some(w);
        }
    }
    for (p, d, label) in crossings(&ca, "a", &cb, "b")
        .into_iter()
        .chain(crossings(&cb, "b", &ca, "a"))
    {
        if let Some(w) = check(p, d, label) {
            return Some(w);
        }
    }
    None
}
