//! The analytic variant of Buss's glide algorithm (Buss, "Collision Detection with Glide Rotations", end of section
//! 6: "treat the projection of the vertices as actual points, and the
//! projections of edges as curves"): every vertex-face and edge-edge contact
//! under the glide, as roots of polynomial equations in the path parameter.
//!
//! Both solids are placed in `a`'s frame; `b` moves by the path
//! `x(λ) = (M(λ) y + c(λ)) / D(λ)` with `D > 0` ([`PathPolys`]): for a
//! translation `M = I`, `c = (t - t0) v`, `D = 1` (`λ = t`); for a rotation
//! `M = rot(1, σk)`, `c = p D - M p`, `D = 1 + σ^2 |k|^2` (`λ = σ`).
//!
//! * **FV** (face of `a`, vertex `y` of `b`): the plane equation
//!   `n . (M y + c) - (n . u0) D = 0` (degree <= 2), the point inside the
//!   closed face: for each convex piece of the face and each of its sides
//!   `(u_i, u_i+1)`, `((u_i+1 - u_i) x (N - u_i D)) . n >= 0`.
//! * **VF** (vertex of `a`, face of `b`): the same with the roles swapped,
//!   `a`'s vertex moving by the inverse path (rotation about `-k`, or
//!   velocity `-v`) against `b`'s faces at the start.
//! * **EE**: `a`'s edge `P0 P1` fixed, `b`'s edge `N0/D, N1/D`: coplanarity
//!   `ea . (W x Eb) = 0` with `W = N0 - P0 D`, `Eb = N1 - N0` (degree <= 4),
//!   then the crossing inside both closed edges: with `Nn = ea x Eb`,
//!   `(W x Eb) . Nn >= 0`, `D (Nn . Nn) - (W x Eb) . Nn >= 0`,
//!   `(W x ea) . Nn >= 0`, `Nn . Nn - (W x ea) . Nn >= 0` and `Nn . Nn > 0`
//!   (parallel edges are left to the VF/FV tests of their ends, as in
//!   section 5).
//!
//! Signs at the roots are exact for exact scalars (`RealRoots`). When a
//! plane equation vanishes identically (a vertex gliding in a face's plane),
//! the candidates are the range's start and the roots of the inside
//! polynomials: the set of contact parameters is closed and semi-algebraic,
//! so its least element and the ends of each of its stretches are among
//! them; every candidate in contact is returned. Edges that stay coplanar are left
//! to the vertex-face tests: two coplanar segments first meet at an end.
//!
//! Why this finds the first contact: at the first contact time `T > t0` the
//! closed solids touch without overlapping, so a point lies on both
//! surfaces; the touching faces meet either at a vertex of one lying in the
//! other's closed face (VF/FV), or where an edge of each crosses (EE), or
//! along parallel edges whose ends lie on the other's closed faces.
#![deny(clippy::float_arithmetic)]

use crate::geom::{quaternion_rotation_homogeneous, Mat3, Mesh, Vec3};
use crate::poly::{Poly, RealRoots};
use crate::scalar::{Ring, Scalar, Sign};

/// A solid placed in `a`'s frame: its mesh, outward face normals, and each
/// face cut into convex pieces (vertex index loops).
#[derive(Clone, Debug)]
pub struct PlacedSolid<S> {
    /// The mesh, vertices in `a`'s frame.
    pub mesh: Mesh<S>,
    /// Outward Newell normals.
    pub normals: Vec<Vec3<S>>,
    /// For each face, convex pieces covering it exactly (the face itself
    /// when it is convex, else an ear-clipping triangulation).
    pub pieces: Vec<Vec<Vec<usize>>>,
}

fn corner<S: Scalar>(a: &Vec3<S>, b: &Vec3<S>, c: &Vec3<S>, n: &Vec3<S>) -> Sign {
    (b - a).cross(&(c - b)).dot(n).sign()
}

fn in_closed_triangle<S: Scalar>(p: &Vec3<S>, t: [&Vec3<S>; 3], n: &Vec3<S>) -> bool {
    (0..3).all(|i| {
        let (u, v) = (t[i], t[(i + 1) % 3]);
        (v - u).cross(&(p - u)).dot(n).sign() != Sign::Negative
    })
}

/// Convex pieces of a planar polygon with normal `n`: the polygon itself
/// when every corner turns left (or is straight), else ear clipping.
pub fn convex_pieces<S: Scalar>(verts: &[Vec3<S>], face: &[usize], n: &Vec3<S>) -> Vec<Vec<usize>> {
    let k = face.len();
    let convex = (0..k).all(|i| {
        corner(
            &verts[face[i]],
            &verts[face[(i + 1) % k]],
            &verts[face[(i + 2) % k]],
            n,
        ) != Sign::Negative
    });
    if convex {
        return vec![face.to_vec()];
    }
    let mut rest = face.to_vec();
    let mut out = Vec::new();
    while rest.len() > 3 {
        let m = rest.len();
        let ear = (0..m).find(|&i| {
            let (a, b, c) = (rest[(i + m - 1) % m], rest[i], rest[(i + 1) % m]);
            if corner(&verts[a], &verts[b], &verts[c], n) != Sign::Positive {
                return false;
            }
            rest.iter()
                .filter(|&&v| v != a && v != b && v != c)
                .all(|&v| !in_closed_triangle(&verts[v], [&verts[a], &verts[b], &verts[c]], n))
        });
        let i = ear.unwrap_or(0);
        out.push(vec![rest[(i + m - 1) % m], rest[i], rest[(i + 1) % m]]);
        rest.remove(i);
    }
    out.push(rest);
    out
}

impl<S: Scalar> PlacedSolid<S> {
    /// The solid of `mesh` (already placed in `a`'s frame).
    pub fn new(mesh: Mesh<S>) -> Self {
        let normals: Vec<Vec3<S>> = (0..mesh.faces.len()).map(|f| mesh.face_normal(f)).collect();
        let pieces = mesh
            .faces
            .iter()
            .zip(&normals)
            .map(|(face, n)| convex_pieces(&mesh.vertices, face, n))
            .collect();
        PlacedSolid {
            mesh,
            normals,
            pieces,
        }
    }
}

/// The path `x(λ) D(λ) = M(λ) y + c(λ)` of a moving point `y` (module docs).
#[derive(Clone, Debug)]
pub struct PathPolys<S> {
    /// `M(λ)`.
    pub m: Mat3<Poly<S>>,
    /// `c(λ)`.
    pub c: Vec3<Poly<S>>,
    /// `D(λ) > 0`.
    pub d: Poly<S>,
}

fn constant<S: Ring>(v: &Vec3<S>) -> Vec3<Poly<S>> {
    v.map(|c| Poly::constant(c.clone()))
}

impl<S: Scalar> PathPolys<S> {
    /// `y + (t - t0) v`, parameter `t`.
    pub fn translation(velocity: &Vec3<S>, t0: &S) -> Self {
        let c = velocity.map(|v| Poly::from_coeffs(vec![-(v.clone() * t0), v.clone()]));
        PathPolys {
            m: Mat3::identity(),
            c,
            d: Poly::constant(S::one()),
        }
    }

    /// `p + rot(1, σ k)(y - p) / (1 + σ^2 |k|^2)`, parameter `σ`.
    pub fn rotation(axis_point: &Vec3<S>, k: &Vec3<S>) -> Self {
        let lin = |c: &S| Poly::from_coeffs(vec![S::zero(), c.clone()]);
        let q = [Poly::constant(S::one()), lin(&k.x), lin(&k.y), lin(&k.z)];
        let m = quaternion_rotation_homogeneous(&q);
        let d = Poly::from_coeffs(vec![S::one(), S::zero(), k.norm_squared()]);
        let p = constant(axis_point);
        let dp = p.map(|c| c * &d);
        let c = &dp - &(&m * &p);
        PathPolys { m, c, d }
    }

    /// The half-turn path `p + rot(1 - σ, σ k)(y - p) / ((1 - σ)^2 + σ^2
    /// |k|^2)`, parameter `σ in [0, 1]`.
    pub(crate) fn half_turn(axis_point: &Vec3<S>, k: &Vec3<S>) -> Self {
        let lin = |c: &S| Poly::from_coeffs(vec![S::zero(), c.clone()]);
        let w = Poly::from_coeffs(vec![S::one(), -S::one()]);
        let q = [w, lin(&k.x), lin(&k.y), lin(&k.z)];
        let m = quaternion_rotation_homogeneous(&q);
        let kk = k.norm_squared();
        let d = Poly::from_coeffs(vec![S::one(), -(S::one() + S::one()), S::one() + kk]);
        let p = constant(axis_point);
        let dp = p.map(|c| c * &d);
        let c = &dp - &(&m * &p);
        PathPolys { m, c, d }
    }

    /// `N(λ) = M y + c`.
    pub fn apply(&self, y: &Vec3<S>) -> Vec3<Poly<S>> {
        &(&self.m * &constant(y)) + &self.c
    }
}

/// Which features an event pairs: the feature of `a` first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EventKind {
    /// A face of `a` and a vertex of `b` (FV).
    FaceVertex,
    /// A vertex of `a` and a face of `b` (VF).
    VertexFace,
    /// An edge of `a` and an edge of `b` (EE).
    EdgeEdge,
}

/// One contact of a feature pair, at the path parameter `param`.
#[derive(Clone, Debug)]
pub struct RawEvent<R> {
    /// The kind.
    pub kind: EventKind,
    /// The index of `a`'s feature (vertex, edge or face of its mesh).
    pub a: usize,
    /// The index of `b`'s feature.
    pub b: usize,
    /// The parameter (time for a translation, `σ` for a rotation).
    pub param: R,
    /// True when the event's equation vanishes identically (a vertex gliding
    /// in a face's plane): `param` is then one of the pair's candidates
    /// (module docs) at which the vertex lies in the closed face; the first
    /// of them is the pair's first contact.
    pub coplanar: bool,
}

/// A condition `p(λ) >= 0` (or `> 0` when `strict`).
struct Condition<S> {
    poly: Poly<S>,
    strict: bool,
}

fn holds<S: RealRoots>(conds: &[Condition<S>], r: &S::Root) -> bool {
    conds.iter().all(|c| match S::sign_at_root(&c.poly, r) {
        Sign::Positive => true,
        Sign::Zero => !c.strict,
        Sign::Negative => false,
    })
}

/// Counters of the work done.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventStats {
    /// Feature pairs whose equation was solved.
    pub pairs: usize,
    /// Roots found in the parameter range.
    pub roots: usize,
    /// Pairs whose equation vanished identically.
    pub coplanar_pairs: usize,
}

/// The parameters where `equation = 0` and some group of conditions holds
/// (module docs): every root for a non-zero equation; when it vanishes
/// identically, every candidate (the range's start and the roots of the
/// inside polynomials) at which a group holds, in order: the first is the
/// pair's first contact, and the ends of every stretch of contact are
/// among them (what the contact intervals need, `intervals.rs`).
fn solve_pair<S: RealRoots>(
    equation: &Poly<S>,
    groups: &[Vec<Condition<S>>],
    range: (&S, &S),
    stats: &mut EventStats,
) -> Result<Vec<(S::Root, bool)>, String> {
    stats.pairs += 1;
    let ok = |r: &S::Root| groups.iter().any(|g| holds(g, r));
    if !equation.is_zero() {
        let roots = S::real_roots(equation, range.0, range.1).map_err(|e| e.to_string())?;
        stats.roots += roots.len();
        return Ok(roots
            .into_iter()
            .filter(|r| ok(r))
            .map(|r| (r, false))
            .collect());
    }
    stats.coplanar_pairs += 1;
    let mut candidates = vec![S::root_of_value(range.0)];
    for g in groups {
        for c in g {
            if !c.poly.is_zero() {
                candidates
                    .extend(S::real_roots(&c.poly, range.0, range.1).map_err(|e| e.to_string())?);
            }
        }
    }
    candidates.sort();
    candidates.dedup();
    Ok(candidates
        .into_iter()
        .filter(|r| ok(r))
        .map(|r| (r, true))
        .collect())
}

/// Point-in-closed-face conditions for the moving point `n_pt / d`.
fn face_groups<S: Scalar>(
    solid: &PlacedSolid<S>,
    f: usize,
    n_pt: &Vec3<Poly<S>>,
    d: &Poly<S>,
) -> Vec<Vec<Condition<S>>> {
    let n = constant(&solid.normals[f]);
    solid.pieces[f]
        .iter()
        .map(|piece| {
            let k = piece.len();
            (0..k)
                .map(|i| {
                    let u = &solid.mesh.vertices[piece[i]];
                    let v = &solid.mesh.vertices[piece[(i + 1) % k]];
                    let side = constant(&(v - u));
                    let rel = n_pt - &constant(u).map(|c| c * d);
                    Condition {
                        poly: side.cross(&rel).dot(&n),
                        strict: false,
                    }
                })
                .collect()
        })
        .collect()
}

/// `(vertex, face, parameter, coplanar)` contacts of [`vertex_face`].
pub type VertexFaceHits<R> = Vec<(usize, usize, R, bool)>;

/// Every contact of a vertex of `moving` (moved by `path`) with a closed
/// face of `fixed`: `(vertex, face, parameter, coplanar)`.
pub fn vertex_face<S: RealRoots>(
    fixed: &PlacedSolid<S>,
    moving: &PlacedSolid<S>,
    path: &PathPolys<S>,
    range: (&S, &S),
    stats: &mut EventStats,
) -> Result<VertexFaceHits<S::Root>, String> {
    let mut out = Vec::new();
    for (vi, y) in moving.mesh.vertices.iter().enumerate() {
        let n_pt = path.apply(y);
        for f in 0..fixed.mesh.faces.len() {
            crate::budget::check().map_err(|e| e.to_string())?;
            let n = &fixed.normals[f];
            let u0 = &fixed.mesh.vertices[fixed.mesh.faces[f][0]];
            let equation = constant(n).dot(&n_pt) - path.d.scale(&n.dot(u0));
            let groups = face_groups(fixed, f, &n_pt, &path.d);
            for (r, cop) in solve_pair(&equation, &groups, range, stats)? {
                out.push((vi, f, r, cop));
            }
        }
    }
    Ok(out)
}

/// Every crossing of an edge of `fixed` (`a`) with an edge of `moving`
/// (`b`, moved by `path`): `(edge of a, edge of b, parameter)`.
pub fn edge_edge<S: RealRoots>(
    fixed: &PlacedSolid<S>,
    moving: &PlacedSolid<S>,
    path: &PathPolys<S>,
    range: (&S, &S),
    stats: &mut EventStats,
) -> Result<Vec<(usize, usize, S::Root)>, String> {
    let moved: Vec<Vec3<Poly<S>>> = moving.mesh.vertices.iter().map(|y| path.apply(y)).collect();
    let d = &path.d;
    let mut out = Vec::new();
    for (ia, ea_edge) in fixed.mesh.edges.iter().enumerate() {
        let p0 = &fixed.mesh.vertices[ea_edge.v[0]];
        let p1 = &fixed.mesh.vertices[ea_edge.v[1]];
        let ea = constant(&(p1 - p0));
        let p0d = constant(p0).map(|c| c * d);
        for (ib, eb_edge) in moving.mesh.edges.iter().enumerate() {
            crate::budget::check().map_err(|e| e.to_string())?;
            let n0 = &moved[eb_edge.v[0]];
            let n1 = &moved[eb_edge.v[1]];
            let w = n0 - &p0d;
            let eb = n1 - n0;
            let equation = ea.dot(&w.cross(&eb));
            if equation.is_zero() {
                continue;
            }
            let nn = ea.cross(&eb);
            let nn2 = nn.dot(&nn);
            let web = w.cross(&eb).dot(&nn);
            let wea = w.cross(&ea).dot(&nn);
            let conds = vec![
                Condition {
                    poly: web.clone(),
                    strict: false,
                },
                Condition {
                    poly: &(d * &nn2) - &web,
                    strict: false,
                },
                Condition {
                    poly: wea.clone(),
                    strict: false,
                },
                Condition {
                    poly: &nn2 - &wea,
                    strict: false,
                },
                Condition {
                    poly: nn2.clone(),
                    strict: true,
                },
            ];
            for (r, _) in solve_pair(&equation, &[conds], range, stats)? {
                out.push((ia, ib, r));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::l_shape_mesh;
    use crate::scalar::{parse_number, BigRational};

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    #[test]
    fn rotation_path_is_the_rotation() {
        // Quarter turn about z through (1, 0, 0): σ |k| = tan(π/4) = 1.
        let path = PathPolys::rotation(
            &Vec3::new(q("1"), q("0"), q("0")),
            &Vec3::new(q("0"), q("0"), q("2")),
        );
        let n = path.apply(&Vec3::new(q("2"), q("0"), q("5")));
        let s = q("1/2");
        let d = path.d.eval(&s);
        let x = n.map(|c| c.eval(&s) / &d);
        assert_eq!(x, Vec3::new(q("1"), q("1"), q("5")));
    }

    #[test]
    fn non_convex_faces_are_cut_into_convex_pieces() {
        let mesh = l_shape_mesh::<BigRational>();
        let solid = PlacedSolid::new(mesh);
        let cut: usize = solid.pieces.iter().filter(|p| p.len() > 1).count();
        assert!(cut >= 2, "the L prism's two L faces are not convex");
        // The pieces of each face cover its area: sum of piece Newell
        // normals equals the face normal.
        for (f, pieces) in solid.pieces.iter().enumerate() {
            let mut total = Vec3::zero();
            for p in pieces {
                let pts: Vec<&Vec3<BigRational>> =
                    p.iter().map(|&i| &solid.mesh.vertices[i]).collect();
                let n = crate::geom::polygon_normal(&pts);
                assert!(n.dot(&solid.normals[f]) > q("0"));
                total = total + n;
            }
            assert_eq!(total, solid.normals[f]);
        }
    }
}
