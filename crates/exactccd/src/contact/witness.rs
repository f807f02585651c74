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
use crate::geom::{MatrixEntry, Shape, Vec3};
use crate::motion::{Body, PolyMotion};
use crate::poly::{Poly, RealAlgebraic};
use crate::scalar::{BigInt, BigRational, Ring, Sign};
use num_traits::{One, Signed, ToPrimitive};

/// A polynomial point (numerators): integer coefficients, since all the
/// work is signs at the contact time and values at a rational next to it,
/// which integer polynomials answer without reducing fractions.
type PVec = Vec3<Poly<BigInt>>;

/// A convex body in world coordinates: vertex numerators over `w` (all
/// scaled by one positive rational to integer coefficients, which leaves
/// every point `vertex / w` as it is), faces as vertex-index triples
/// (outward by the right-hand rule), edges as vertex-index pairs; `flat`
/// for a triangle.
struct Convex {
    vertices: Vec<PVec>,
    w: Poly<BigInt>,
    faces: Vec<[usize; 3]>,
    edges: Vec<[usize; 2]>,
    flat: bool,
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
        Shape::Mesh(_) | Shape::Sphere(_) | Shape::Capsule(_) | Shape::Convex(_) => return None,
    };
    // Integers throughout: the motion's entries times the lcm `m` of their
    // coefficients' denominators (1 for a reduced motion), the local
    // vertices times the lcm `s` of theirs; then vertex `i` is
    // `(m L) (s y) + s (m T)` over `s (m w)`, the same point.
    let mut m = <BigInt as Ring>::one();
    for c in motion
        .linear
        .rows
        .iter()
        .flatten()
        .chain(motion.translation.iter())
        .chain(std::iter::once(&motion.denominator))
        .flat_map(|p| p.coeffs())
    {
        if !c.denom().is_one() {
            m = crate::scalar::euclid::lcm(&m, c.denom());
        }
    }
    let integer = |p: &Poly<BigRational>| -> Poly<BigInt> {
        Poly::from_coeffs(
            p.coeffs()
                .iter()
                .map(|c| c.numer() * (&m / c.denom()))
                .collect(),
        )
    };
    let mut s = <BigInt as Ring>::one();
    for c in locals.iter().flat_map(|y| [&y.x, &y.y, &y.z]) {
        if !c.denom().is_one() {
            s = crate::scalar::euclid::lcm(&s, c.denom());
        }
    }
    let scaled = |c: &BigRational| c.numer() * (&s / c.denom());
    let l: Vec<Vec<Poly<BigInt>>> = motion
        .linear
        .rows
        .iter()
        .map(|r| r.iter().map(integer).collect())
        .collect();
    let tr: Vec<Poly<BigInt>> = motion
        .translation
        .iter()
        .map(|p| integer(p).scale(&s))
        .collect();
    let vertices = locals
        .iter()
        .map(|y| {
            let y = [scaled(&y.x), scaled(&y.y), scaled(&y.z)];
            let row = |i: usize| {
                &(&(&l[i][0].scale(&y[0]) + &l[i][1].scale(&y[1])) + &l[i][2].scale(&y[2])) + &tr[i]
            };
            Vec3::new(row(0), row(1), row(2))
        })
        .collect();
    let w = integer(&motion.denominator).scale(&s);
    let (faces, edges, flat) = match &body.shape {
        Shape::Box(_) => (BOX_FACES.to_vec(), box_edges(), false),
        _ => (vec![[0, 1, 2]], vec![[0, 1], [1, 2], [2, 0]], true),
    };
    Some(Convex {
        vertices,
        w,
        faces,
        edges,
        flat,
    })
}

/// How a plane constrains a point of a body.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// `normal . x <= offset` (a face of a solid, outward normal).
    Below,
    /// `normal . x >= offset` (an edge of a triangle, inward in its plane).
    Above,
    /// `normal . x = offset` (the plane of a triangle).
    On,
}

/// One constraint `normal . x ? offset` of a body (for polynomial
/// entries: numerators, `normal . (p / d) ? offset / w`).
struct Plane<S> {
    normal: Vec3<S>,
    offset: S,
    side: Side,
}

/// The body's constraints from its vertices `v` (polynomial numerators, or
/// fixed-point values at one time): a solid is its faces (outward normals,
/// by the right-hand rule); a triangle is its plane and its 3 edges
/// (normals `n x e_i` in the plane, pointing inside).
fn constraints<S: MatrixEntry>(v: &[Vec3<S>], faces: &[[usize; 3]], flat: bool) -> Vec<Plane<S>> {
    let normal_of = |f: &[usize; 3]| (&v[f[1]] - &v[f[0]]).cross(&(&v[f[2]] - &v[f[0]]));
    if flat {
        let n = normal_of(&[0, 1, 2]);
        let mut out = vec![Plane {
            offset: n.dot(&v[0]),
            normal: n.clone(),
            side: Side::On,
        }];
        for i in 0..3 {
            let m = n.cross(&(&v[(i + 1) % 3] - &v[i]));
            out.push(Plane {
                offset: m.dot(&v[i]),
                normal: m,
                side: Side::Above,
            });
        }
        out
    } else {
        faces
            .iter()
            .map(|f| {
                let n = normal_of(f);
                Plane {
                    offset: n.dot(&v[f[0]]),
                    normal: n,
                    side: Side::Below,
                }
            })
            .collect()
    }
}

/// Does `p / d` lie in the body at `t`? With `w, d > 0` at `t`, the
/// constraint `n . p / d ? off / w` is the sign of `(n . p) w - off d`.
/// (`d > 0` at `t` is checked by the caller.)
fn contains(
    body: &Convex,
    planes: &[Plane<Poly<BigInt>>],
    p: &PVec,
    d: &Poly<BigInt>,
    t: &RealAlgebraic,
) -> bool {
    planes.iter().all(|pl| {
        let g = &(&pl.normal.dot(p) * &body.w) - &(&pl.offset * d);
        let s = t.sign_of_integer(&g);
        match pl.side {
            Side::Below => s != Sign::Positive,
            Side::Above => s != Sign::Negative,
            Side::On => s == Sign::Zero,
        }
    })
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
) -> Option<(PVec, Poly<BigInt>)> {
    let v0 = &x.vertices[e[0]];
    let dir = &x.vertices[e[1]] - v0;
    let q = &y.vertices;
    let n = (&q[f[1]] - &q[f[0]]).cross(&(&q[f[2]] - &q[f[0]]));
    let ne = n.dot(&dir);
    let s_num = &(&x.w * &n.dot(&q[f[0]])) - &(&y.w * &n.dot(v0));
    let point = &v0.scale(&(&y.w * &ne)) + &dir.scale(&s_num);
    let den = &(&x.w * &y.w) * &ne;
    match t.sign_of_integer(&den) {
        Sign::Zero => None,
        Sign::Positive => Some((point, den)),
        Sign::Negative => Some((point.scale(&Poly::constant(-<BigInt as Ring>::one())), -den)),
    }
}

// ---- ranking the candidates -------------------------------------------------
//
// Every candidate is checked exactly, in some order, until one passes; the
// order only decides how much work that takes. Building a candidate's
// polynomials and signing them at an algebraic time is the cost (up to a
// second for degree-4 rotations when all 160 candidates are tried), so the
// candidates are ranked first by how far they are from lying in both bodies
// at a rational time `tau` next to `T`, in integer fixed point (coordinates
// times 2^FIXED_BITS, floored) with checked `i128` arithmetic. The witness
// comes first or nearly so; a wrong ranking, or a candidate whose ranking
// would overflow (it goes last), costs time, never correctness.

/// Fixed-point scale of the ranking: `2^-FIXED_BITS` per coordinate unit.
/// With coordinates below `2^20` the crossings' products stay below
/// `2^127`.
const FIXED_BITS: u32 = 16;

/// Width `2^-TAU_BITS` of the isolating interval that `tau` is taken from.
const TAU_BITS: u64 = 48;

/// A fixed-point point.
type IVec = [i128; 3];

/// A rational time next to `t`: `t` itself when rational, else the lower
/// end of its isolating interval refined to width `2^-TAU_BITS`.
fn rational_near(t: &RealAlgebraic) -> BigRational {
    if let Some(q) = t.as_rational() {
        return q.clone();
    }
    // detached: the exact signs below work on `t`'s own (wider, cheaper)
    // isolating interval
    let mut r = t.detached();
    r.refine_to_width(TAU_BITS);
    match r.as_rational() {
        Some(q) => q.clone(),
        None => r.interval().0,
    }
}

/// The body's vertices at `tau`, in fixed point: `floor(2^FIXED_BITS p(tau)
/// / w(tau))`, in integers (with `tau = n / d`, both values scaled by
/// powers of `d` to a common one); `None` when a coordinate is too large
/// for the ranking (`2^60` fixed-point units).
fn fixed_vertices(body: &Convex, tau: &BigRational) -> Option<Vec<IVec>> {
    let degree = |p: &Poly<BigInt>| p.degree().unwrap_or(0);
    let d = tau.denom();
    let w_degree = degree(&body.w);
    let w_scaled = body.w.eval_rational_scaled(tau);
    let fix = |p: &Poly<BigInt>| -> Option<i128> {
        // d^n p(tau) and d^m w(tau), to the common power d^max(n, m)
        let (n, mut num, mut den) = (degree(p), p.eval_rational_scaled(tau), w_scaled.clone());
        if n < w_degree {
            num *= d.pow(u32::try_from(w_degree - n).ok()?);
        } else {
            den *= d.pow(u32::try_from(n - w_degree).ok()?);
        }
        num <<= FIXED_BITS;
        if den.is_negative() {
            (num, den) = (-num, -den);
        }
        let v = num_integer::Integer::div_floor(&num, &den).to_i64()?;
        (v.unsigned_abs() < 1 << 60).then_some(i128::from(v))
    };
    body.vertices
        .iter()
        .map(|v| Some([fix(&v.x)?, fix(&v.y)?, fix(&v.z)?]))
        .collect()
}

fn sub(a: &IVec, b: &IVec) -> Option<IVec> {
    Some([
        a[0].checked_sub(b[0])?,
        a[1].checked_sub(b[1])?,
        a[2].checked_sub(b[2])?,
    ])
}

fn dot(a: &IVec, b: &IVec) -> Option<i128> {
    a[0].checked_mul(b[0])?
        .checked_add(a[1].checked_mul(b[1])?)?
        .checked_add(a[2].checked_mul(b[2])?)
}

fn cross(a: &IVec, b: &IVec) -> Option<IVec> {
    let c = |i: usize, j: usize| a[i].checked_mul(b[j])?.checked_sub(a[j].checked_mul(b[i])?);
    Some([c(1, 2)?, c(2, 0)?, c(0, 1)?])
}

/// A fixed-point constraint of the ranking (as [`Plane`]).
struct FixedPlane {
    normal: IVec,
    offset: i128,
    side: Side,
}

/// The fixed-point constraints of a body (as [`constraints`]).
fn fixed_constraints(v: &[IVec], faces: &[[usize; 3]], flat: bool) -> Option<Vec<FixedPlane>> {
    let normal_of = |f: &[usize; 3]| cross(&sub(&v[f[1]], &v[f[0]])?, &sub(&v[f[2]], &v[f[0]])?);
    if flat {
        let n = normal_of(&[0, 1, 2])?;
        let mut out = vec![FixedPlane {
            offset: dot(&n, &v[0])?,
            normal: n,
            side: Side::On,
        }];
        for i in 0..3 {
            let m = cross(&n, &sub(&v[(i + 1) % 3], &v[i])?)?;
            out.push(FixedPlane {
                offset: dot(&m, &v[i])?,
                normal: m,
                side: Side::Above,
            });
        }
        Some(out)
    } else {
        faces
            .iter()
            .map(|f| {
                let n = normal_of(f)?;
                Some(FixedPlane {
                    offset: dot(&n, &v[f[0]])?,
                    normal: n,
                    side: Side::Below,
                })
            })
            .collect()
    }
}

/// How far the fixed-point `p` is from satisfying every constraint (0 when
/// it does); `None` on overflow.
fn violation(planes: &[FixedPlane], p: &IVec) -> Option<i128> {
    let mut worst = 0i128;
    for pl in planes {
        let g = dot(&pl.normal, p)?.checked_sub(pl.offset)?;
        let v = match pl.side {
            Side::Below => g.max(0),
            Side::Above => g.checked_neg()?.max(0),
            Side::On => g.checked_abs()?,
        };
        worst = worst.max(v);
    }
    Some(worst)
}

/// The fixed-point crossing of edge `e` (of vertices `xv`) with the plane of
/// face `f` (of vertices `yv`); `None` when parallel at `tau` or on
/// overflow.
fn fixed_crossing(xv: &[IVec], e: [usize; 2], yv: &[IVec], f: [usize; 3]) -> Option<IVec> {
    let v0 = &xv[e[0]];
    let dir = sub(&xv[e[1]], v0)?;
    let n = cross(&sub(&yv[f[1]], &yv[f[0]])?, &sub(&yv[f[2]], &yv[f[0]])?)?;
    let den = dot(&n, &dir)?;
    if den == 0 {
        return None;
    }
    let num = dot(&n, &sub(&yv[f[0]], v0)?)?;
    let at = |i: usize| v0[i].checked_add(dir[i].checked_mul(num)?.div_euclid(den));
    Some([at(0)?, at(1)?, at(2)?])
}

/// A witness candidate, built only when it is checked.
#[derive(Clone, Copy)]
enum Candidate {
    /// Vertex `k` of `a` (`false`) or `b` (`true`).
    Vertex(bool, usize),
    /// Edge of `a` (`false`) or `b` (`true`) on a face plane of the other.
    Crossing(bool, [usize; 2], [usize; 3]),
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
    let body = |of_b: bool| if of_b { &cb } else { &ca };
    let name = |of_b: bool| if of_b { "b" } else { "a" };
    // vertex candidates first, the likely side first, then the crossings:
    // the order among equally ranked candidates
    let vertex_side_first = !matches!(
        hint,
        Some(FeatureKind::VertexFace | FeatureKind::VertexEdge | FeatureKind::VertexVertex)
    );
    let mut candidates = Vec::new();
    for of_b in [vertex_side_first, !vertex_side_first] {
        candidates.extend((0..body(of_b).vertices.len()).map(|k| Candidate::Vertex(of_b, k)));
    }
    for of_b in [false, true] {
        let (x, y) = (body(of_b), body(!of_b));
        for e in &x.edges {
            candidates.extend(y.faces.iter().map(|f| Candidate::Crossing(of_b, *e, *f)));
        }
    }
    // rank them at a rational time next to t (a stable sort keeps the
    // order above among equals; unparallel-at-tau crossings go last)
    let tau = rational_near(t);
    let fixed_body = |c: &Convex| {
        let v = fixed_vertices(c, &tau)?;
        let p = fixed_constraints(&v, &c.faces, c.flat)?;
        Some((v, p))
    };
    let (fa, fb) = (fixed_body(&ca), fixed_body(&cb));
    let rank = |c: &Candidate| -> Option<i128> {
        let ((va, pa), (vb, pb)) = (fa.as_ref()?, fb.as_ref()?);
        let fixed = |of_b: bool| if of_b { vb } else { va };
        let p = match *c {
            Candidate::Vertex(of_b, k) => fixed(of_b)[k],
            Candidate::Crossing(of_b, e, f) => fixed_crossing(fixed(of_b), e, fixed(!of_b), f)?,
        };
        Some(violation(pa, &p)?.max(violation(pb, &p)?))
    };
    let mut ranked: Vec<(Option<i128>, Candidate)> =
        candidates.into_iter().map(|c| (rank(&c), c)).collect();
    ranked.sort_by(|x, y| match (&x.0, &y.0) {
        (Some(p), Some(q)) => p.cmp(q),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    // exact checks, in rank order
    let (planes_a, planes_b) = (
        constraints(&ca.vertices, &ca.faces, ca.flat),
        constraints(&cb.vertices, &cb.faces, cb.flat),
    );
    for (_, c) in ranked {
        let (p, d, label) = match c {
            Candidate::Vertex(of_b, k) => (
                body(of_b).vertices[k].clone(),
                body(of_b).w.clone(),
                format!("vertex {k} of {}", name(of_b)),
            ),
            Candidate::Crossing(of_b, e, f) => {
                let Some((p, d)) = edge_plane(body(of_b), e, body(!of_b), f, t) else {
                    continue;
                };
                let label = format!(
                    "edge {}-{} of {} on face plane {:?} of {}",
                    e[0],
                    e[1],
                    name(of_b),
                    f,
                    name(!of_b)
                );
                (p, d, label)
            }
        };
        if t.sign_of_integer(&d) == Sign::Positive
            && contains(&ca, &planes_a, &p, &d, t)
            && contains(&cb, &planes_b, &p, &d, t)
        {
            return Some(ContactWitness {
                point: p.map(Poly::to_rational),
                denominator: d.to_rational(),
                other: None,
                label,
                at: None,
                material_of: None,
                edge_end: None,
            });
        }
    }
    None
}

/// A solver's separation pieces completed into a [`Certificate`]: with a
/// contact witness at the first contact time when there is one (`None`
/// when no witness is found, which leaves the answer uncertified).
pub(crate) fn certificate_with_witness(
    separation: Vec<super::SeparationPiece>,
    query: &super::BodyQuery<'_>,
    first_contact: Option<&RealAlgebraic>,
    hint: Option<FeatureKind>,
) -> Option<super::Certificate> {
    let contact = match first_contact {
        None => None,
        Some(t) => Some(find_contact_witness(
            query.a,
            query.b,
            &query.interval.0,
            t,
            hint,
        )?),
    };
    Some(super::Certificate {
        separation,
        contact,
        solids: None,
    })
}
