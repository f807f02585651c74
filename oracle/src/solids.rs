//! Solids that need not be convex: a body bounded by a closed polyhedral
//! surface (a mesh) against another mesh or a convex body (a polytope, a
//! sphere, a capsule), under rational motions, at a separation `d >= 0`
//! ("contact" is a distance of at most `d`).
//!
//! A single separating direction cannot prove that two non-convex solids
//! stay apart (a ring around a rod), so the certificate splits the bodies:
//!
//! * **pieces**: a convex face of a mesh is cut by the referee into the
//!   fan triangles `(v_0, v_k, v_{k+1})` of its own vertex list, named
//!   `(face, k - 1)`; a face that is not convex is cut as the certificate
//!   says ([`FaceCut`]: triangles of the face's vertices, named `(face, k)`
//!   in the cut's order), and the referee checks that the cut covers the
//!   face: every triangle turns the face's way or has zero area (the sign
//!   of `(q - p) x (r - p) . N` with the Newell normal `N = sum p_k x
//!   p_{k+1}`), and the triangles' directed edges add up to the face's
//!   boundary, opposite edges cancelling. Then the triangles, as a 2-chain,
//!   have the face's boundary, so at almost every point of the plane the
//!   number of triangles of positive area around it is the winding number
//!   of the face's boundary there: 1 inside the face, 0 outside (a face
//!   whose boundary winds twice somewhere crosses itself, which a mesh's
//!   surface must not). Triangles of zero area are left out either way
//!   (their points lie on their neighbours). A convex body is one piece.
//! * **parts**: a part names a set of pieces of `a` and a set of `b` and
//!   carries separation pieces, as for two convex bodies, proving that the
//!   convex hull of the one set's vertices stays farther than `d` from the
//!   other's over `[t0, T)` (or `[t0, t1]`; a sphere's or a capsule's
//!   radius added to the reach). Every pair of pieces must lie in some
//!   part: then the two **surfaces** stay farther than `d` apart before
//!   `T`.
//! * **no nesting at `t0`**: two closed solids whose surfaces do not meet
//!   are disjoint unless one lies inside the other. The referee checks, at
//!   `t0`, that one vertex of every connected component of each surface
//!   (one point of a convex body) lies outside the other mesh (a connected
//!   set that does not meet a surface lies wholly inside or wholly outside
//!   it); a mesh inside a convex body needs no test, its triangles lying
//!   in that body, from which the parts separate them. A point is inside a
//!   mesh when a ray from it crosses the surface an odd number of times
//!   (rays through an edge or a vertex, or in a triangle's plane, are
//!   refused and the next direction `(1, k, k^2)` tried: the directions
//!   through an edge, or along a triangle's plane, form a plane, which
//!   `(1, k, k^2)` meets for at most two `k`, so a good direction comes
//!   within `8 n + 1` tries for `n` triangles). Under a transcendental
//!   placement at `t0` (`angular` or `screw` from `t0 != 0`) the vertex is
//!   enclosed in the other mesh's local coordinates and the ray test runs
//!   at the enclosure's centre, once the centre's exact distance to every
//!   triangle exceeds the enclosure's half-diagonal
//!   (`check_not_nested_enclosed`).
//! * **contact** at `T`: a witness point that lies in a named piece of each
//!   mesh (or in the convex body) at `T`, or two points, one in each named
//!   piece's core, within `r_a + r_b + d` of each other, checked exactly
//!   as for convex bodies; or, at a rational `T` (a solid nested in the other at `t0`),
//!   a point inside both solids by the ray test.
//!
//! Then `T` is exactly the first contact. Every mesh is checked first:
//! faces of at least three distinct vertices, planar, each convex or cut by
//! the certificate, and a closed, consistently oriented surface (every
//! directed edge used once and its reverse once).
#![allow(clippy::needless_range_loop)]

use crate::algebraic::Algebraic;
use crate::case::{hull_faces, Body, Case, Motion, PolyVec, Shape};
use crate::check::{
    case_at, check_piece_across_switches, check_tiling, check_witness, exact_time,
    membership_conditions, sign_holds, CaseVertices,
};
use crate::claim::{ClaimedTime, ContactWitness, SeparationPiece, Verdict};
use crate::interval::Iv;
use crate::poly::{Poly, Q};
use crate::spin::{
    check_spin_pieces, check_spin_witness, exact_placement_at, placement_at, separation_end,
    shape_holds, squared_distance_to_segment, Placement, SharedPlacements, SpinBody, SpinCase,
    SpinPiece, SpinWitness, WitnessSide,
};
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::collections::HashMap;

/// A closed, consistently oriented polyhedral surface in local
/// coordinates: faces are vertex-index lists, counter-clockwise seen from
/// outside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Surface {
    /// The vertices.
    pub vertices: Vec<[Q; 3]>,
    /// The faces, each a planar polygon.
    pub faces: Vec<Vec<usize>>,
}

/// The triangles a certificate cuts a face that is not convex into, by
/// vertex indices (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaceCut {
    /// The face.
    pub face: usize,
    /// Its triangles, in order: the piece `(face, k)` is the `k`-th.
    pub triangles: Vec<[usize; 3]>,
}

/// A solid: a convex polytope (box, triangle, hull) or the solid a mesh
/// bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // two per case: not worth a box
pub enum Solid {
    /// A convex body of radius `0`.
    Convex(Shape),
    /// The solid bounded by a closed surface.
    Mesh(Surface),
}

/// A body of a [`SolidCase`]: a solid and its motion, possibly piecewise
/// (as [`Body`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolidBody {
    /// The solid, local coordinates.
    pub solid: Solid,
    /// The motion (the first piece's, for a piecewise motion).
    pub motion: Motion,
    /// `(s, motion)`: from time `s` on, the body moves by `motion`.
    pub switches: Vec<(Q, Motion)>,
}

/// Two solids over `[t0, t1]`, at least one of them a mesh; contact is a
/// distance of at most `separation`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolidCase {
    /// The first body.
    pub a: SolidBody,
    /// The second body.
    pub b: SolidBody,
    /// Start of the interval.
    pub t0: Q,
    /// End of the interval.
    pub t1: Q,
    /// The separation `d >= 0`.
    pub separation: Q,
}

/// A piece of a mesh: `(face, k)`, the fan triangle `(v_0, v_{k+1},
/// v_{k+2})` of the face's vertex list.
pub type PieceName = (usize, usize);

/// Separation of a set of pieces of `a` from a set of pieces of `b`
/// (`None`: the whole convex body).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Pieces of `a`.
    pub a: Option<Vec<PieceName>>,
    /// Pieces of `b`.
    pub b: Option<Vec<PieceName>>,
    /// Separation pieces of the two sets' hulls, tiling `[t0, T)` or
    /// `[t0, t1]`.
    pub separation: Vec<SeparationPiece>,
}

/// A point in both solids at the contact time: in the named piece of each
/// mesh (or in the convex body); with no piece named for a mesh, inside
/// its solid by the ray test (the contact time must then be rational).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolidWitness {
    /// The point's numerator, world coordinates.
    pub point: PolyVec,
    /// Its denominator, positive at the contact time.
    pub denominator: Poly,
    /// The piece of `a` it lies in.
    pub piece_a: Option<PieceName>,
    /// The piece of `b` it lies in.
    pub piece_b: Option<PieceName>,
    /// A second point, of the core of `b`'s piece, as numerator and
    /// denominator, within `r_a + r_b + d` of the first, which then need
    /// lie in the core of `a`'s piece only (as for two convex bodies).
    pub other: Option<(PolyVec, Poly)>,
    /// What it stands for (for messages).
    pub label: String,
}

/// A claim about a [`SolidCase`] with its certificate.
#[derive(Clone, Debug)]
pub struct SolidClaim {
    /// Whether the solids touch or overlap during the interval.
    pub collides: bool,
    /// The first contact time (when `collides`).
    pub time: Option<ClaimedTime>,
    /// The parts, together covering every pair of pieces.
    pub parts: Vec<Part>,
    /// The contact witness, when there is contact.
    pub witness: Option<SolidWitness>,
    /// The cuts of the non-convex faces of `a` and of `b`.
    pub cuts: [Vec<FaceCut>; 2],
}

/// The pieces of a solid: names (none for a convex body) and shapes.
struct Pieces {
    names: Vec<Option<PieceName>>,
    shapes: Vec<Shape>,
}

fn sub3(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    std::array::from_fn(|i| &a[i] - &b[i])
}

fn cross3(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

fn dot3(a: &[Q; 3], b: &[Q; 3]) -> Q {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}

/// The sign of a rational: `-1`, `0` or `1`.
fn sgn(x: &Q) -> i32 {
    if x.is_positive() {
        1
    } else if x.is_negative() {
        -1
    } else {
        0
    }
}

/// Why a surface is not a closed surface of planar faces, if it is not
/// (module docs).
fn surface_defect(s: &Surface) -> Option<String> {
    let n = s.vertices.len();
    let mut directed: HashMap<(usize, usize), usize> = HashMap::new();
    for (f, face) in s.faces.iter().enumerate() {
        let m = face.len();
        if m < 3 || face.iter().any(|&i| i >= n) {
            return Some(format!(
                "face {f} has fewer than three vertices or an index out of range"
            ));
        }
        let p = |k: usize| &s.vertices[face[k % m]];
        // the normal of the first corner that turns
        let normal = (0..m)
            .map(|k| cross3(&sub3(p(k + 1), p(k)), &sub3(p(k + 2), p(k + 1))))
            .find(|c| c.iter().any(|x| !x.is_zero()));
        let Some(normal) = normal else {
            return Some(format!("face {f} has no area"));
        };
        for k in 0..m {
            if !dot3(&normal, &sub3(p(k), p(0))).is_zero() {
                return Some(format!("face {f} is not planar"));
            }
            *directed.entry((face[k], face[(k + 1) % m])).or_insert(0) += 1;
        }
    }
    for (&(u, v), &count) in &directed {
        if count != 1 || directed.get(&(v, u)) != Some(&1) {
            return Some(format!(
                "the surface is not closed and consistently oriented at the edge ({u}, {v})"
            ));
        }
    }
    None
}

/// True when the planar face is convex: every vertex on the inner side
/// (or on the line) of every edge, sides taken along the Newell normal.
fn is_convex(s: &Surface, face: &[usize]) -> bool {
    let m = face.len();
    let p = |k: usize| &s.vertices[face[k % m]];
    let normal = newell_normal(s, face);
    (0..m).all(|k| {
        let edge = sub3(p(k + 1), p(k));
        (0..m).all(|j| !dot3(&cross3(&edge, &sub3(p(j), p(k))), &normal).is_negative())
    })
}

/// `sum p_k x p_{k+1}` over the face's corners: twice its vector area,
/// along the side it is counter-clockwise seen from.
fn newell_normal(s: &Surface, face: &[usize]) -> [Q; 3] {
    let m = face.len();
    let mut n = [Q::zero(), Q::zero(), Q::zero()];
    for k in 0..m {
        let c = cross3(&s.vertices[face[k]], &s.vertices[face[(k + 1) % m]]);
        n = std::array::from_fn(|i| &n[i] + &c[i]);
    }
    n
}

/// Why `cut` does not cover the face `f` of `s`, if it does not: a
/// triangle with a corner that is not the face's or turning against the
/// face, or directed edges that do not add up to the face's boundary
/// (module docs).
fn cut_defect(s: &Surface, f: usize, cut: &[[usize; 3]]) -> Option<String> {
    let face = &s.faces[f];
    let normal = newell_normal(s, face);
    let mut chain: HashMap<(usize, usize), i64> = HashMap::new();
    let mut add = |u: usize, v: usize, c: i64| {
        if u != v {
            let (key, c) = if u < v { ((u, v), c) } else { ((v, u), -c) };
            *chain.entry(key).or_insert(0) += c;
        }
    };
    for (k, t) in cut.iter().enumerate() {
        if t.iter().any(|i| !face.contains(i)) {
            return Some(format!(
                "triangle {k} of face {f}'s cut has a corner that is not the face's"
            ));
        }
        let [a, b, c] = t.map(|i| &s.vertices[i]);
        if dot3(&cross3(&sub3(b, a), &sub3(c, a)), &normal).is_negative() {
            return Some(format!(
                "triangle {k} of face {f}'s cut turns against the face"
            ));
        }
        for e in 0..3 {
            add(t[e], t[(e + 1) % 3], 1);
        }
    }
    for k in 0..face.len() {
        add(face[k], face[(k + 1) % face.len()], -1);
    }
    chain.iter().find(|(_, &c)| c != 0).map(|((u, v), _)| {
        format!("face {f}'s cut does not have the face's boundary (at the edge ({u}, {v}))")
    })
}

/// The triangles of a surface's faces, named, zero-area ones left out: a
/// face's own fan, or its cut (checked) where `cuts` gives one; why not,
/// when a cut is wrong or a face that is not convex has none.
fn mesh_pieces(s: &Surface, cuts: &[FaceCut]) -> Result<Pieces, String> {
    let mut names = Vec::new();
    let mut shapes = Vec::new();
    for (f, face) in s.faces.iter().enumerate() {
        let given: Vec<&FaceCut> = cuts.iter().filter(|c| c.face == f).collect();
        let triangles: Vec<[usize; 3]> = match given.as_slice() {
            [] if is_convex(s, face) => (0..face.len() - 2)
                .map(|k| [face[0], face[k + 1], face[k + 2]])
                .collect(),
            [] => {
                return Err(format!(
                    "face {f} is not convex and the certificate does not cut it"
                ))
            }
            [cut] => {
                if let Some(why) = cut_defect(s, f, &cut.triangles) {
                    return Err(why);
                }
                cut.triangles.clone()
            }
            _ => return Err(format!("the certificate cuts face {f} twice")),
        };
        for (k, t) in triangles.iter().enumerate() {
            let tri = t.map(|i| s.vertices[i].clone());
            let n = cross3(&sub3(&tri[1], &tri[0]), &sub3(&tri[2], &tri[0]));
            if n.iter().any(|x| !x.is_zero()) {
                names.push(Some((f, k)));
                shapes.push(Shape::Triangle(tri));
            }
        }
    }
    if let Some(c) = cuts.iter().find(|c| c.face >= s.faces.len()) {
        return Err(format!(
            "the certificate cuts face {}, which is not a face",
            c.face
        ));
    }
    Ok(Pieces { names, shapes })
}

/// The pieces of both solids (the claim's `cuts` for each mesh), or the
/// refutation of a wrong cut.
fn claimed_pieces(solids: [&Solid; 2], cuts: &[Vec<FaceCut>; 2]) -> Result<[Pieces; 2], Verdict> {
    let side = |k: usize| match (solids[k], cuts[k].as_slice()) {
        (Solid::Mesh(s), cuts) => mesh_pieces(s, cuts)
            .map_err(|why| Verdict::refuted(format!("{}: {why}", ["a", "b"][k]))),
        (Solid::Convex(shape), []) => Ok(convex_pieces(shape)),
        (Solid::Convex(_), _) => Err(Verdict::refuted(format!(
            "{}: the certificate cuts faces of a body that is not a mesh",
            ["a", "b"][k]
        ))),
    };
    Ok([side(0)?, side(1)?])
}

/// The one piece of a convex body (a mesh's are [`mesh_pieces`]).
fn convex_pieces(shape: &Shape) -> Pieces {
    Pieces {
        names: vec![None],
        shapes: vec![shape.clone()],
    }
}

/// One vertex (local coordinates) of every connected component of a
/// surface (faces joined by shared vertices); for a convex body, one of
/// its vertices.
fn component_vertices(solid: &Solid) -> Vec<[Q; 3]> {
    let s = match solid {
        Solid::Convex(shape) => return shape.vertices().into_iter().take(1).collect(),
        Solid::Mesh(s) => s,
    };
    let mut parent: Vec<usize> = (0..s.vertices.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for face in &s.faces {
        for w in face.windows(2) {
            let (x, y) = (root(&mut parent, w[0]), root(&mut parent, w[1]));
            parent[x] = y;
        }
    }
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for face in &s.faces {
        let r = root(&mut parent, face[0]);
        if !seen.contains(&r) {
            seen.push(r);
            out.push(s.vertices[face[0]].clone());
        }
    }
    out
}

/// The world position of the local point `y` under `motion` at `t`.
fn world_at(motion: &Motion, y: &[Q; 3], t: &Q) -> [Q; 3] {
    let w = motion.denominator.eval(t);
    motion.numerator(y).map(|p| p.eval(t) / &w)
}

/// How a ray meets a triangle.
enum RayHit {
    Miss,
    Cross,
    /// Through an edge or a vertex, or in the triangle's plane.
    Degenerate,
}

fn ray_meets(p: &[Q; 3], d: &[Q; 3], tri: &[[Q; 3]; 3]) -> RayHit {
    let n = cross3(&sub3(&tri[1], &tri[0]), &sub3(&tri[2], &tri[0]));
    let nd = dot3(&n, d);
    let towards = dot3(&n, &sub3(&tri[0], p));
    if nd.is_zero() {
        return if towards.is_zero() {
            RayHit::Degenerate
        } else {
            RayHit::Miss
        };
    }
    // the ray p + s d meets the plane at s = towards / nd
    let s = &towards / &nd;
    if !s.is_positive() {
        return RayHit::Miss;
    }
    let x: [Q; 3] = std::array::from_fn(|i| &p[i] + &s * &d[i]);
    let sides: Vec<i32> = (0..3)
        .map(|k| {
            let e = sub3(&tri[(k + 1) % 3], &tri[k]);
            sgn(&dot3(&cross3(&e, &sub3(&x, &tri[k])), &n))
        })
        .collect();
    if sides.iter().all(|&s| s > 0) {
        RayHit::Cross
    } else if sides.iter().all(|&s| s >= 0) {
        RayHit::Degenerate
    } else {
        RayHit::Miss
    }
}

/// True when `p` lies in the closed triangle.
fn on_triangle(p: &[Q; 3], tri: &[[Q; 3]; 3]) -> bool {
    let n = cross3(&sub3(&tri[1], &tri[0]), &sub3(&tri[2], &tri[0]));
    dot3(&n, &sub3(p, &tri[0])).is_zero()
        && (0..3).all(|k| {
            let e = sub3(&tri[(k + 1) % 3], &tri[k]);
            !dot3(&cross3(&e, &sub3(p, &tri[k])), &n).is_negative()
        })
}

/// Whether `p` lies in the closed solid bounded by the world triangles
/// `tris` of a closed surface (on the surface counts as inside), by ray
/// parity (module docs).
fn in_closed_solid(p: &[Q; 3], tris: &[[[Q; 3]; 3]]) -> Result<bool, String> {
    if tris.iter().any(|t| on_triangle(p, t)) {
        return Ok(true);
    }
    // three edges and a plane per triangle, two bad k each (module docs)
    let tries = 8 * tris.len() + 1;
    'direction: for k in 0..tries {
        let k = Q::from_integer((k as i64).into());
        let d = [Q::one(), k.clone(), &k * &k];
        let mut crossings = 0usize;
        for t in tris {
            match ray_meets(p, &d, t) {
                RayHit::Miss => {}
                RayHit::Cross => crossings += 1,
                RayHit::Degenerate => continue 'direction,
            }
        }
        return Ok(crossings % 2 == 1);
    }
    Err("no ray direction avoided the surface's edges".into())
}

/// Whether the local point `y` of one body, at the rational time `t`, lies
/// in the other (closed) solid `other`.
fn point_in_other(
    point: &[Q; 3],
    other: &SolidBody,
    other_pieces: &Pieces,
    t: &Q,
) -> Result<bool, String> {
    let motion = motion_from(other, t);
    match &other.solid {
        Solid::Mesh(_) => {
            let tris: Vec<[[Q; 3]; 3]> = other_pieces
                .shapes
                .iter()
                .map(|s| match s {
                    Shape::Triangle(v) => v.clone().map(|y| world_at(motion, &y, t)),
                    _ => unreachable!("a mesh's pieces are triangles"),
                })
                .collect();
            in_closed_solid(point, &tris)
        }
        Solid::Convex(shape) => {
            // the vertex numerators and the denominator as constants at `t`
            let v: Vec<PolyVec> = shape
                .vertices()
                .iter()
                .map(|y| motion.numerator(y).map(|p| Poly::constant(p.eval(t))))
                .collect();
            let stationary = Body::new(
                shape.clone(),
                Motion {
                    denominator: Poly::constant(motion.denominator.eval(t)),
                    ..motion.clone()
                },
            );
            let p = point.clone().map(Poly::constant);
            Ok(
                membership_conditions(&stationary, &v, &p, &Poly::constant(Q::one()))
                    .into_iter()
                    .all(|(f, expected, _)| sign_holds(f.sign_at(t), expected)),
            )
        }
    }
}

/// The motion of the last piece that starts at or before `t`.
fn motion_from<'a>(body: &'a SolidBody, t: &Q) -> &'a Motion {
    let mut m = &body.motion;
    for (s, next) in &body.switches {
        if s <= t {
            m = next;
        }
    }
    m
}

fn body_with(body: &SolidBody, shape: Shape) -> Body {
    Body {
        shape,
        motion: body.motion.clone(),
        switches: body.switches.clone(),
    }
}

/// A convex case of the referee for two shapes moved as the two bodies.
fn convex_case(case: &SolidCase, a: Shape, b: Shape) -> Case {
    Case {
        a: body_with(&case.a, a),
        b: body_with(&case.b, b),
        t0: case.t0.clone(),
        t1: case.t1.clone(),
        separation: case.separation.clone(),
    }
}

/// The hull of the named pieces' vertices (`None`: the convex body).
fn part_shape(
    solid: &Solid,
    pieces: &Pieces,
    names: Option<&Vec<PieceName>>,
) -> Result<Shape, String> {
    let index: HashMap<PieceName, usize> = pieces
        .names
        .iter()
        .enumerate()
        .filter_map(|(i, n)| n.map(|n| (n, i)))
        .collect();
    match (solid, names) {
        (Solid::Convex(shape), None) => Ok(shape.clone()),
        (Solid::Mesh(_), Some(names)) => {
            let mut points: Vec<[Q; 3]> = Vec::new();
            for n in names {
                let i = index
                    .get(n)
                    .ok_or_else(|| format!("a part names the piece {n:?}, which is not a piece"))?;
                for v in pieces.shapes[*i].vertices() {
                    if !points.contains(&v) {
                        points.push(v);
                    }
                }
            }
            // only the vertices count for separation (their projections)
            Ok(Shape::Hull(points))
        }
        _ => Err("a part names pieces of a convex body, or none of a mesh".into()),
    }
}

/// The pieces' indices a part covers (`None`: the one piece of a convex body).
fn covered(pieces: &Pieces, names: Option<&Vec<PieceName>>) -> Vec<usize> {
    match names {
        None => vec![0],
        Some(names) => pieces
            .names
            .iter()
            .enumerate()
            .filter(|(_, n)| n.is_some_and(|n| names.contains(&n)))
            .map(|(i, _)| i)
            .collect(),
    }
}

/// Checks a claim on two solids, at least one of them a mesh (module
/// docs). Contact intervals are not certified (as for convex bodies).
pub fn check_solids(case: &SolidCase, claim: &SolidClaim) -> Verdict {
    match verify(case, claim) {
        Ok(()) => Verdict::Certified,
        Err(v) => v,
    }
}

/// A shape that stands in where only the motions matter (the unit
/// triangle: no check of its own).
fn placeholder() -> Shape {
    Shape::Triangle(std::array::from_fn(|i| {
        std::array::from_fn(|j| if i == j { Q::one() } else { Q::zero() })
    }))
}

/// Why the referee does not judge these two solids, if it does not: a
/// mesh that is not a closed surface of planar faces, a flat hull.
fn solids_supported(a: &Solid, b: &Solid) -> Result<(), Verdict> {
    let inconclusive = |why: String| Err(Verdict::Inconclusive(why));
    for (name, solid) in [("a", a), ("b", b)] {
        match solid {
            Solid::Mesh(s) => {
                if let Some(why) = surface_defect(s) {
                    return inconclusive(format!("{name}: {why}"));
                }
            }
            Solid::Convex(Shape::Hull(points)) => {
                if hull_faces(points).is_empty() {
                    return inconclusive(format!("{name}: the hull's points are coplanar"));
                }
            }
            Solid::Convex(_) => {}
        }
    }
    Ok(())
}

fn supported(case: &SolidCase) -> Result<(), Verdict> {
    solids_supported(&case.a.solid, &case.b.solid)?;
    // the motions, as for convex bodies (shapes that need no check)
    match convex_case(case, placeholder(), placeholder()).unsupported() {
        Some(why) => Err(Verdict::Inconclusive(why)),
        None => Ok(()),
    }
}

/// Every pair of pieces lies in one of the parts, given by the pieces each
/// names on either side.
fn check_coverage<'p>(
    pieces: &[Pieces; 2],
    parts: impl Iterator<Item = (Option<&'p Vec<PieceName>>, Option<&'p Vec<PieceName>>)>,
) -> Result<(), Verdict> {
    let nb = pieces[1].shapes.len();
    let mut pair_covered = vec![false; pieces[0].shapes.len() * nb];
    for (a, b) in parts {
        for i in covered(&pieces[0], a) {
            for j in covered(&pieces[1], b) {
                pair_covered[i * nb + j] = true;
            }
        }
    }
    match pair_covered.iter().position(|c| !c) {
        Some(at) => Err(Verdict::refuted(format!(
            "no part separates piece {:?} of a from piece {:?} of b",
            pieces[0].names[at / nb],
            pieces[1].names[at % nb]
        ))),
        None => Ok(()),
    }
}

fn verify(case: &SolidCase, claim: &SolidClaim) -> Result<(), Verdict> {
    supported(case)?;
    let pieces = claimed_pieces([&case.a.solid, &case.b.solid], &claim.cuts)?;
    let time = match (&claim.time, claim.collides) {
        (Some(t), true) => {
            let t = exact_time(t)?;
            if t.cmp_rational(&case.t0) == Ordering::Less
                || t.cmp_rational(&case.t1) == Ordering::Greater
            {
                return Err(Verdict::refuted(
                    "the claimed contact time lies outside the interval",
                ));
            }
            Some(t)
        }
        (None, true) => return Err(Verdict::refuted("a collision is claimed without a time")),
        (Some(_), false) => {
            return Err(Verdict::refuted(
                "no collision is claimed, yet a time is given",
            ))
        }
        (None, false) => None,
    };
    let at_start = time
        .as_ref()
        .is_some_and(|t| t.cmp_rational(&case.t0) == Ordering::Equal);
    if !at_start {
        check_parts(case, &pieces, claim, time.as_ref())?;
        check_not_nested(case, &pieces)?;
    }
    if let Some(t) = &time {
        let w = claim
            .witness
            .as_ref()
            .ok_or_else(|| Verdict::refuted("a collision is claimed without a contact witness"))?;
        check_solid_witness(case, &pieces, w, t)?;
    }
    Ok(())
}

/// Every piece pair lies in a part, and every part's pieces separate.
fn check_parts(
    case: &SolidCase,
    pieces: &[Pieces; 2],
    claim: &SolidClaim,
    time: Option<&Algebraic>,
) -> Result<(), Verdict> {
    for (k, part) in claim.parts.iter().enumerate() {
        let shapes = [
            part_shape(&case.a.solid, &pieces[0], part.a.as_ref()),
            part_shape(&case.b.solid, &pieces[1], part.b.as_ref()),
        ];
        let [sa, sb] = match shapes {
            [Ok(a), Ok(b)] => [a, b],
            [Err(why), _] | [_, Err(why)] => {
                return Err(Verdict::refuted(format!("part {k}: {why}")))
            }
        };
        let convex = convex_case(case, sa, sb);
        check_tiling(&part.separation, &case.t0, time, &case.t1).map_err(|v| within_part(k, v))?;
        let fixed = convex
            .breakpoints()
            .is_empty()
            .then(|| CaseVertices::of(&convex));
        for p in &part.separation {
            check_piece_across_switches(&convex, fixed.as_ref(), p, time)
                .map_err(|v| within_part(k, v))?;
        }
    }
    check_coverage(
        pieces,
        claim.parts.iter().map(|p| (p.a.as_ref(), p.b.as_ref())),
    )
}

fn within_part(k: usize, v: Verdict) -> Verdict {
    match v {
        Verdict::Refuted {
            reason,
            counterexample,
        } => Verdict::Refuted {
            reason: format!("part {k}: {reason}"),
            counterexample,
        },
        other => other,
    }
}

/// At `t0`, a vertex of every component of each surface lies outside the
/// other solid, when that is a mesh (module docs). A mesh inside a convex
/// body needs no test: its triangles would lie in that body, which the
/// parts separate from each of them.
fn check_not_nested(case: &SolidCase, pieces: &[Pieces; 2]) -> Result<(), Verdict> {
    let t0 = &case.t0;
    let sides = [
        ("a", &case.a, &case.b, &pieces[1]),
        ("b", &case.b, &case.a, &pieces[0]),
    ];
    for (name, body, other, other_pieces) in sides {
        if matches!(other.solid, Solid::Convex(_)) {
            continue;
        }
        for y in component_vertices(&body.solid) {
            let p = world_at(motion_from(body, t0), &y, t0);
            match point_in_other(&p, other, other_pieces, t0) {
                Ok(false) => {}
                Ok(true) => {
                    return Err(Verdict::Refuted {
                        reason: format!(
                            "the vertex {y:?} of {name} lies inside the other solid at the start"
                        ),
                        counterexample: Some(t0.clone()),
                    })
                }
                Err(why) => return Err(Verdict::Inconclusive(why)),
            }
        }
    }
    Ok(())
}

/// The precisions tried by [`check_not_nested_enclosed`].
const NESTING_BITS: [u32; 4] = [96, 192, 384, 768];

/// [`check_not_nested`] at a `t0` where a placement is transcendental
/// (`angular` or `screw` from `t0 != 0`): each vertex tested is enclosed in
/// the other mesh's local coordinates by a box (the referee's own interval
/// arithmetic, sin and cos); when the box's centre `m` is farther from
/// every triangle of the surface than the box's half-diagonal, the vertex
/// and `m` lie on the same side of the surface (the segment between them
/// stays in the ball about `m`, which meets no triangle), and the ray test
/// decides `m` exactly. The precision doubles until every vertex is
/// decided; a vertex found inside refutes, one undecided at every
/// precision leaves the verdict inconclusive.
fn check_not_nested_enclosed(case: &SpinSolidCase, pieces: &[Pieces; 2]) -> Result<(), Verdict> {
    let sides = [
        ("a", &case.a, &case.b, &pieces[1]),
        ("b", &case.b, &case.a, &pieces[0]),
    ];
    'precision: for bits in NESTING_BITS {
        for (name, body, other, other_pieces) in sides {
            if matches!(other.solid, Solid::Convex(_)) {
                continue;
            }
            let ys = component_vertices(&body.solid);
            match enclosed_inside(case, (body, other), other_pieces, &ys, bits) {
                Ok(None) => continue 'precision,
                Ok(Some(None)) => {}
                Ok(Some(Some(i))) => {
                    return Err(Verdict::Refuted {
                        reason: format!(
                            "the vertex {:?} of {name} lies inside the other solid at the start",
                            ys[i]
                        ),
                        counterexample: Some(case.t0.clone()),
                    })
                }
                Err(why) => return Err(Verdict::Inconclusive(why)),
            }
        }
        return Ok(());
    }
    Err(Verdict::Inconclusive(
        "the nesting at the start stays undecided: a vertex lies within rounding of the other \
         surface at every precision tried"
            .into(),
    ))
}

/// Which of the local points `ys` of `body` lie inside the mesh `other` at
/// `t0`, the placements enclosed at `bits` bits, tried in order
/// ([`check_not_nested_enclosed`]): `Ok(Some(Some(i)))` for the first found
/// inside, `Ok(Some(None))` when every one lies outside, `Ok(None)` when a
/// placement has no enclosure there or a point's enclosure in `other`'s
/// local coordinates comes within its half-diagonal of the surface before
/// one is found inside.
fn enclosed_inside(
    case: &SpinSolidCase,
    (body, other): (&SpinSolidBody, &SpinSolidBody),
    other_pieces: &Pieces,
    ys: &[[Q; 3]],
    bits: u32,
) -> Result<Option<Option<usize>>, String> {
    let interval = (&case.t0, &case.t1);
    let (Some(inner), Some(outer)) = (
        placement_at(&body.placement, interval, &case.t0, bits),
        placement_at(&other.placement, interval, &case.t0, bits),
    ) else {
        return Ok(None);
    };
    let tris = triangles(other_pieces);
    for (i, y) in ys.iter().enumerate() {
        let local = local_box(y, &inner, &outer, bits);
        let centre: [Q; 3] = std::array::from_fn(|k| local[k].mid());
        let reach = local
            .iter()
            .fold(Q::zero(), |acc, x| acc + x.radius() * x.radius());
        if tris
            .iter()
            .any(|t| squared_distance_to_triangle(&centre, t) <= reach)
        {
            return Ok(None);
        }
        if in_closed_solid(&centre, &tris)? {
            return Ok(Some(Some(i)));
        }
    }
    Ok(Some(None))
}

/// A mesh's pieces, which are triangles, in its local coordinates.
fn triangles(pieces: &Pieces) -> Vec<[[Q; 3]; 3]> {
    pieces
        .shapes
        .iter()
        .map(|s| match s {
            Shape::Triangle(v) => v.clone(),
            _ => unreachable!("a mesh's pieces are triangles"),
        })
        .collect()
}

/// The witness of solids nested at a `t0` where a placement is
/// transcendental (`angular` or `screw` from `t0 != 0`): a point of one
/// body (its local coordinates, `material_of`), checked exactly to lie in
/// that closed solid, and proved inside the other, a mesh, by
/// [`enclosed_inside`] at the first precision that decides it.
fn check_nested_enclosed(
    case: &SpinSolidCase,
    pieces: &[Pieces; 2],
    w: &SpinWitness,
) -> Result<(), Verdict> {
    let Some(side) = w.material_of else {
        return Err(Verdict::Inconclusive(
            "a world point inside a mesh needs exact placements".into(),
        ));
    };
    let (name, body, other, own_pieces, other_pieces) = match side {
        WitnessSide::A => ("a", &case.a, &case.b, &pieces[0], &pieces[1]),
        WitnessSide::B => ("b", &case.b, &case.a, &pieces[1], &pieces[0]),
    };
    if matches!(other.solid, Solid::Convex(_)) {
        return Err(Verdict::refuted(
            "a witness without pieces must lie inside a mesh",
        ));
    }
    let holds = match &body.solid {
        Solid::Convex(shape) => shape_holds(shape, &w.point).map_err(Verdict::Inconclusive)?,
        Solid::Mesh(_) => {
            in_closed_solid(&w.point, &triangles(own_pieces)).map_err(Verdict::Inconclusive)?
        }
    };
    if !holds {
        return Err(Verdict::refuted(format!(
            "the witness is not a point of {name}: its local coordinates are outside its solid"
        )));
    }
    for bits in NESTING_BITS {
        match enclosed_inside(
            case,
            (body, other),
            other_pieces,
            std::slice::from_ref(&w.point),
            bits,
        ) {
            Ok(None) => {}
            Ok(Some(Some(_))) => return Ok(()),
            Ok(Some(None)) => {
                return Err(Verdict::Refuted {
                    reason: format!(
                        "the point of {name} lies outside the other solid at the start"
                    ),
                    counterexample: Some(case.t0.clone()),
                })
            }
            Err(why) => return Err(Verdict::Inconclusive(why)),
        }
    }
    Err(Verdict::Inconclusive(
        "the witness lies within rounding of the other surface at every precision tried".into(),
    ))
}

/// Intervals holding the local point `y` of one body in the other's local
/// coordinates, `F_o^T (o_i + F_i y - o_o)` (a rotation's inverse is its
/// transpose), from the two placements' enclosures `(frame, origin)`.
fn local_box(
    y: &[Q; 3],
    inner: &([[Iv; 3]; 3], [Iv; 3]),
    outer: &([[Iv; 3]; 3], [Iv; 3]),
    bits: u32,
) -> [Iv; 3] {
    let world: [Iv; 3] = std::array::from_fn(|i| {
        (0..3).fold(inner.1[i].clone(), |acc, j| {
            acc.add(&inner.0[i][j].scale(&y[j], bits), bits)
        })
    });
    let offset: [Iv; 3] = std::array::from_fn(|i| world[i].sub(&outer.1[i], bits));
    std::array::from_fn(|k| {
        (0..3).fold(Iv::point(Q::zero()), |acc, i| {
            acc.add(&outer.0[i][k].mul(&offset[i], bits), bits)
        })
    })
}

/// The squared distance from `p` to the closed triangle `t`, exactly: to
/// its plane when the foot of the perpendicular lies in the triangle (its
/// three sub-triangles turn the triangle's way), else the least distance
/// to its three edges; a triangle of zero area is its edges.
fn squared_distance_to_triangle(p: &[Q; 3], t: &[[Q; 3]; 3]) -> Q {
    let edges = || {
        (0..3)
            .map(|i| squared_distance_to_segment(p, &t[i], &t[(i + 1) % 3]))
            .min()
            .expect("three edges")
    };
    let n = cross3(&sub3(&t[1], &t[0]), &sub3(&t[2], &t[0]));
    let nn = dot3(&n, &n);
    if nn.is_zero() {
        return edges();
    }
    let h = dot3(&n, &sub3(p, &t[0]));
    let foot: [Q; 3] = std::array::from_fn(|k| &p[k] - &n[k] * &h / &nn);
    let inside = (0..3).all(|i| {
        let side = cross3(&sub3(&t[(i + 1) % 3], &t[i]), &sub3(&foot, &t[i]));
        !dot3(&side, &n).is_negative()
    });
    if inside {
        &h * &h / nn
    } else {
        edges()
    }
}

/// The witness lies in both solids at the contact time `t`.
fn check_solid_witness(
    case: &SolidCase,
    pieces: &[Pieces; 2],
    w: &SolidWitness,
    t: &Algebraic,
) -> Result<(), Verdict> {
    let sa = piece_shape(&case.a.solid, &pieces[0], w.piece_a)?;
    let sb = piece_shape(&case.b.solid, &pieces[1], w.piece_b)?;
    let convex = convex_case(
        case,
        sa.clone().unwrap_or_else(placeholder),
        sb.clone().unwrap_or_else(placeholder),
    );
    let at = case_at(&convex, t);
    let witness = ContactWitness {
        point: w.point.clone(),
        denominator: w.denominator.clone(),
        other: w.other.clone(),
        label: w.label.clone(),
    };
    if sa.is_some() && sb.is_some() {
        return check_witness(&at, &CaseVertices::of(&at), &witness, t);
    }
    // a side without a named piece: the point inside that solid by the ray
    // test, at a rational time
    let Algebraic::Rational(tq) = t else {
        return Err(Verdict::Inconclusive(
            "a witness inside a mesh's solid at an irrational time".into(),
        ));
    };
    let d = w.denominator.eval(tq);
    if !d.is_positive() {
        return Err(Verdict::refuted(
            "the contact witness has a denominator that is not positive at the contact time",
        ));
    }
    let p = w.point.clone().map(|c| c.eval(tq) / &d);
    for (name, body, side_shape, side_pieces) in [
        ("a", &case.a, &sa, &pieces[0]),
        ("b", &case.b, &sb, &pieces[1]),
    ] {
        let inside = match side_shape {
            Some(s) => {
                let single = SolidBody {
                    solid: Solid::Convex(s.clone()),
                    motion: body.motion.clone(),
                    switches: body.switches.clone(),
                };
                point_in_other(&p, &single, &convex_pieces(s), tq)
            }
            None => point_in_other(&p, body, side_pieces, tq),
        }
        .map_err(Verdict::Inconclusive)?;
        if !inside {
            return Err(Verdict::Refuted {
                reason: format!(
                    "the contact witness {} is not in {name}'s solid at the contact time",
                    w.label
                ),
                counterexample: Some(tq.clone()),
            });
        }
    }
    Ok(())
}

/// A body of a [`SpinSolidCase`]: a solid and its placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinSolidBody {
    /// The solid, local coordinates.
    pub solid: Solid,
    /// How it moves (any placement the enclosure check takes).
    pub placement: Placement,
}

/// Two solids, at least one a mesh, under placements of which at least one
/// is transcendental (`angular`, `screw`, `poses`), over `[t0, t1]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinSolidCase {
    /// The first body.
    pub a: SpinSolidBody,
    /// The second body.
    pub b: SpinSolidBody,
    /// Start of the interval.
    pub t0: Q,
    /// End of the interval.
    pub t1: Q,
    /// The separation `d >= 0`.
    pub separation: Q,
}

/// A part of a [`SpinSolidClaim`]: constant-direction pieces tiling
/// `[t0, lower]` (or `[t0, t1]`) for the hulls of two sets of pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinPart {
    /// Pieces of `a`; `None`: the whole convex body.
    pub a: Option<Vec<PieceName>>,
    /// Pieces of `b`; `None`: the whole convex body.
    pub b: Option<Vec<PieceName>>,
    /// The pieces.
    pub separation: Vec<SpinPiece>,
}

/// An enclosure claim about a [`SpinSolidCase`] with its certificate by
/// parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinSolidClaim {
    /// Whether the solids touch on `[t0, t1]`.
    pub collides: bool,
    /// `(lower, upper)`: the first contact lies in `[lower, upper]`.
    pub first_contact: Option<(Q, Q)>,
    /// The parts.
    pub parts: Vec<SpinPart>,
    /// The witness, as for two convex bodies, in the named pieces.
    pub witness: Option<SpinWitness>,
    /// The piece of each mesh the witness lies in (`None` for a convex
    /// body; for a mesh only at `t0` with exact placements, a world point
    /// inside its solid by the ray test).
    pub witness_pieces: [Option<PieceName>; 2],
    /// The cuts of the non-convex faces of `a` and of `b`.
    pub cuts: [Vec<FaceCut>; 2],
}

/// Checks an enclosure claim by parts on two solids, at least one a mesh,
/// under transcendental motions: as [`check_solids`], each part's pieces
/// and the witness judged by the enclosure check of two convex bodies
/// (`spin.rs`) on the parts' hulls and the named pieces, the nesting at
/// `t0` by exact ray parity where both placements are exact there (else
/// inconclusive).
pub fn check_spin_solids(case: &SpinSolidCase, claim: &SpinSolidClaim) -> Verdict {
    match verify_spin(case, claim) {
        Ok(()) => Verdict::Certified,
        Err(v) => v,
    }
}

fn spin_case(case: &SpinSolidCase, a: Shape, b: Shape) -> SpinCase {
    SpinCase {
        a: SpinBody {
            shape: a,
            placement: case.a.placement.clone(),
        },
        b: SpinBody {
            shape: b,
            placement: case.b.placement.clone(),
        },
        t0: case.t0.clone(),
        t1: case.t1.clone(),
        separation: case.separation.clone(),
    }
}

/// The case with both placements exact at `t0`, as rational motions.
fn exact_at_start(case: &SpinSolidCase) -> Option<SolidCase> {
    let body = |b: &SpinSolidBody| {
        exact_placement_at(&b.placement, &case.t0, &case.t0).map(|motion| SolidBody {
            solid: b.solid.clone(),
            motion,
            switches: Vec::new(),
        })
    };
    Some(SolidCase {
        a: body(&case.a)?,
        b: body(&case.b)?,
        t0: case.t0.clone(),
        t1: case.t1.clone(),
        separation: case.separation.clone(),
    })
}

/// The shape of one named piece, or the convex body.
fn piece_shape(
    solid: &Solid,
    pieces: &Pieces,
    name: Option<PieceName>,
) -> Result<Option<Shape>, Verdict> {
    match (solid, name) {
        (Solid::Convex(s), None) => Ok(Some(s.clone())),
        (Solid::Mesh(_), None) => Ok(None),
        (Solid::Mesh(_), Some(n)) => pieces
            .names
            .iter()
            .position(|m| *m == Some(n))
            .map(|i| Some(pieces.shapes[i].clone()))
            .ok_or_else(|| {
                Verdict::refuted(format!(
                    "the witness names the piece {n:?}, which is not a piece"
                ))
            }),
        (Solid::Convex(_), Some(_)) => Err(Verdict::refuted(
            "the witness names a piece of a convex body",
        )),
    }
}

fn verify_spin(case: &SpinSolidCase, claim: &SpinSolidClaim) -> Result<(), Verdict> {
    solids_supported(&case.a.solid, &case.b.solid)?;
    let pieces = claimed_pieces([&case.a.solid, &case.b.solid], &claim.cuts)?;
    let end = separation_end(
        claim.collides,
        claim.first_contact.as_ref(),
        (&case.t0, &case.t1),
    )?;
    if end > case.t0 {
        check_spin_parts(case, &pieces, claim, &end)?;
        match exact_at_start(case) {
            Some(exact) => check_not_nested(&exact, &pieces)?,
            None => check_not_nested_enclosed(case, &pieces)?,
        }
    }
    let Some(enclosure) = &claim.first_contact else {
        return Ok(());
    };
    let w = claim
        .witness
        .as_ref()
        .ok_or_else(|| Verdict::refuted("a collision is claimed without a contact witness"))?;
    let sa = piece_shape(&case.a.solid, &pieces[0], claim.witness_pieces[0])?;
    let sb = piece_shape(&case.b.solid, &pieces[1], claim.witness_pieces[1])?;
    match (sa, sb) {
        (Some(sa), Some(sb)) => check_spin_witness(&spin_case(case, sa, sb), w, enclosure),
        _ => {
            // a mesh without a named piece: solids nested at t0, a point
            // inside both there (by the ray test at exact placements, else
            // a point of one inside the other's enclosed placement)
            if w.time != case.t0 || w.edge_end.is_some() {
                return Err(Verdict::refuted(
                    "a witness without a piece of a mesh must be a point at the start",
                ));
            }
            if w.time < enclosure.0 || w.time > enclosure.1 {
                return Err(Verdict::refuted(
                    "the witness's time is outside the enclosure",
                ));
            }
            let Some(exact) = exact_at_start(case) else {
                return check_nested_enclosed(case, &pieces, w);
            };
            if w.material_of.is_some() {
                return Err(Verdict::refuted(
                    "a witness without a piece of a mesh at exact placements must be a world point",
                ));
            }
            let witness = SolidWitness {
                point: w.point.clone().map(Poly::constant),
                denominator: Poly::constant(Q::one()),
                piece_a: claim.witness_pieces[0],
                piece_b: claim.witness_pieces[1],
                other: None,
                label: "a point inside both solids".into(),
            };
            check_solid_witness(
                &exact,
                &pieces,
                &witness,
                &Algebraic::Rational(case.t0.clone()),
            )
        }
    }
}

/// Every piece pair lies in a part, and every part's pieces separate
/// (enclosure check).
fn check_spin_parts(
    case: &SpinSolidCase,
    pieces: &[Pieces; 2],
    claim: &SpinSolidClaim,
    end: &Q,
) -> Result<(), Verdict> {
    // every part's pair of shapes moves with the same two placements
    let shared = SharedPlacements::default();
    for (k, part) in claim.parts.iter().enumerate() {
        let shape = |solid: &Solid, side: &Pieces, names: Option<&Vec<PieceName>>| {
            match names.map(Vec::as_slice) {
                // one piece: its own shape (a hull needs points off one plane)
                Some([one]) => piece_shape(solid, side, Some(*one)).and_then(|s| {
                    s.ok_or_else(|| Verdict::refuted("a part names no piece of a mesh"))
                }),
                _ => part_shape(solid, side, names).map_err(Verdict::refuted),
            }
        };
        let sa =
            shape(&case.a.solid, &pieces[0], part.a.as_ref()).map_err(|v| within_part(k, v))?;
        let sb =
            shape(&case.b.solid, &pieces[1], part.b.as_ref()).map_err(|v| within_part(k, v))?;
        check_spin_pieces(&spin_case(case, sa, sb), &part.separation, end, &shared)
            .map_err(|v| within_part(k, v))?;
    }
    check_coverage(
        pieces,
        claim.parts.iter().map(|p| (p.a.as_ref(), p.b.as_ref())),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::q;

    fn v(x: i64, y: i64, z: i64) -> [Q; 3] {
        [q(x, 1), q(y, 1), q(z, 1)]
    }

    /// The cube `[0, 2]^3` as six quads, counter-clockwise from outside.
    fn cube() -> Surface {
        Surface {
            vertices: vec![
                v(0, 0, 0),
                v(2, 0, 0),
                v(2, 2, 0),
                v(0, 2, 0),
                v(0, 0, 2),
                v(2, 0, 2),
                v(2, 2, 2),
                v(0, 2, 2),
            ],
            faces: vec![
                vec![0, 3, 2, 1],
                vec![4, 5, 6, 7],
                vec![0, 1, 5, 4],
                vec![1, 2, 6, 5],
                vec![2, 3, 7, 6],
                vec![3, 0, 4, 7],
            ],
        }
    }

    fn tris(s: &Surface) -> Vec<[[Q; 3]; 3]> {
        mesh_pieces(s, &[])
            .unwrap()
            .shapes
            .into_iter()
            .map(|s| match s {
                Shape::Triangle(t) => t,
                _ => unreachable!(),
            })
            .collect()
    }

    /// The cube mesh `[0, 2]^3` at rest, and a box of half extent `1/4`
    /// whose centre starts at `c` and turns at 7 radians per unit time
    /// about `z` through its local point `k`, over `[1/3, 1]`: its
    /// placement at `t0` is transcendental. The referee tests the box's
    /// first corner, `(-1/4, -1/4, -1/4)`.
    fn spinning_box_and_cube(c: [Q; 3], k: [Q; 3]) -> (SpinSolidCase, [Pieces; 2]) {
        use crate::spin::Pose;
        let id = Pose {
            rotation: std::array::from_fn(|i| {
                std::array::from_fn(|j| if i == j { q(1, 1) } else { q(0, 1) })
            }),
            translation: v(0, 0, 0),
        };
        let case = SpinSolidCase {
            a: SpinSolidBody {
                solid: Solid::Mesh(cube()),
                placement: Placement::Angular {
                    pose: id.clone(),
                    velocity: v(0, 0, 0),
                    angular_velocity: v(0, 0, 0),
                    center: v(0, 0, 0),
                },
            },
            b: SpinSolidBody {
                solid: Solid::Convex(Shape::Box {
                    half_extents: [q(1, 4), q(1, 4), q(1, 4)],
                }),
                placement: Placement::Angular {
                    pose: Pose {
                        translation: c,
                        ..id
                    },
                    velocity: v(0, 0, 0),
                    angular_velocity: v(0, 0, 7),
                    center: k,
                },
            },
            t0: q(1, 3),
            t1: q(1, 1),
            separation: q(0, 1),
        };
        let pieces = claimed_pieces([&case.a.solid, &case.b.solid], &[vec![], vec![]]).unwrap();
        (case, pieces)
    }

    #[test]
    fn nesting_at_a_transcendental_start_is_decided_by_enclosures() {
        let centre = v(0, 0, 0);
        let corner = [q(-1, 4), q(-1, 4), q(-1, 4)];
        // turning about its centre inside the cube: the corner is inside
        let (inside, pieces) = spinning_box_and_cube(v(1, 1, 1), centre.clone());
        assert!(exact_at_start(&inside).is_none());
        assert!(matches!(
            check_not_nested_enclosed(&inside, &pieces),
            Err(Verdict::Refuted { .. })
        ));
        // well outside
        let (outside, pieces) = spinning_box_and_cube(v(4, 1, 1), centre);
        assert_eq!(check_not_nested_enclosed(&outside, &pieces), Ok(()));
        // turning about the corner, which stays on the face x = 2: no
        // precision decides it
        let at = |x: Q| [x + q(1, 4), q(5, 4), q(5, 4)];
        let (touching, pieces) = spinning_box_and_cube(at(q(2, 1)), corner.clone());
        let verdict = check_not_nested_enclosed(&touching, &pieces);
        assert!(
            matches!(verdict, Err(Verdict::Inconclusive(_))),
            "{verdict:?}"
        );
        // the corner 2^-40 outside the face, or inside it
        let hair = q(1, 1 << 40);
        let (near, pieces) = spinning_box_and_cube(at(q(2, 1) + &hair), corner.clone());
        assert_eq!(check_not_nested_enclosed(&near, &pieces), Ok(()));
        let (within, pieces) = spinning_box_and_cube(at(q(2, 1) - &hair), corner);
        assert!(matches!(
            check_not_nested_enclosed(&within, &pieces),
            Err(Verdict::Refuted { .. })
        ));
    }

    #[test]
    fn the_squared_distance_to_a_triangle_by_hand() {
        let t = [v(0, 0, 0), v(2, 0, 0), v(0, 2, 0)];
        // above the interior, beside an edge, beyond a vertex, on it
        assert_eq!(squared_distance_to_triangle(&v(1, 0, 3), &t), q(9, 1));
        assert_eq!(squared_distance_to_triangle(&v(1, -2, 0), &t), q(4, 1));
        assert_eq!(squared_distance_to_triangle(&v(3, 3, 0), &t), q(8, 1));
        assert_eq!(squared_distance_to_triangle(&v(-1, -1, 1), &t), q(3, 1));
        assert_eq!(
            squared_distance_to_triangle(&[q(1, 2), q(1, 2), q(0, 1)], &t),
            q(0, 1)
        );
        // a zero-area triangle is its edges
        let flat = [v(0, 0, 0), v(2, 0, 0), v(4, 0, 0)];
        assert_eq!(squared_distance_to_triangle(&v(1, 1, 0), &flat), q(1, 1));
    }

    #[test]
    fn a_cube_is_a_closed_surface_of_twelve_fan_triangles() {
        assert_eq!(surface_defect(&cube()), None);
        assert_eq!(mesh_pieces(&cube(), &[]).unwrap().shapes.len(), 12);
        let mut open = cube();
        open.faces.pop();
        assert!(surface_defect(&open).is_some());
        let mut flipped = cube();
        flipped.faces[0].reverse();
        assert!(surface_defect(&flipped).is_some());
    }

    #[test]
    fn ray_parity_decides_inside_outside_and_surface() {
        let t = tris(&cube());
        // the centre, a point on an edge line's extension through a corner
        // (the first ray direction runs along an edge), outside points
        assert_eq!(in_closed_solid(&v(1, 1, 1), &t), Ok(true));
        assert_eq!(in_closed_solid(&v(1, 0, 0), &t), Ok(true)); // on an edge
        assert_eq!(in_closed_solid(&v(-1, 0, 0), &t), Ok(false));
        assert_eq!(in_closed_solid(&v(3, 1, 1), &t), Ok(false));
        assert_eq!(in_closed_solid(&[q(1, 2), q(1, 2), q(1, 2)], &t), Ok(true));
        assert_eq!(
            in_closed_solid(&[q(-1, 2), q(1, 2), q(1, 2)], &t),
            Ok(false)
        );
    }

    #[test]
    fn a_non_convex_face_is_cut_as_the_certificate_says_and_the_cut_is_checked() {
        // a planar dart, reflex at its third corner (1, 1)
        let dart = Surface {
            vertices: vec![v(0, 0, 0), v(4, 0, 0), v(1, 1, 0), v(0, 4, 0)],
            faces: vec![vec![0, 1, 2, 3]],
        };
        let cut = |triangles: Vec<[usize; 3]>| [FaceCut { face: 0, triangles }];
        assert_eq!(
            mesh_pieces(&dart, &[]).err(),
            Some("face 0 is not convex and the certificate does not cut it".into())
        );
        // the two triangles either side of the diagonal from the reflex corner
        let pieces = mesh_pieces(&dart, &cut(vec![[0, 1, 2], [0, 2, 3]])).unwrap();
        assert_eq!(pieces.names, vec![Some((0, 0)), Some((0, 1))]);
        // the fan from the corner (4, 0) has a triangle turning the other way
        assert_eq!(
            mesh_pieces(&dart, &cut(vec![[1, 2, 3], [1, 3, 0]])).err(),
            Some("triangle 0 of face 0's cut turns against the face".into())
        );
        // both turn the face's way, but cover the notch and the triangle
        // (0, 0), (1, 1), (0, 4) twice and once: not the face's boundary
        assert!(mesh_pieces(&dart, &cut(vec![[0, 1, 3], [3, 2, 1]]))
            .err()
            .is_some_and(|e| e.contains("does not have the face's boundary")));
        // half the face, a corner not the face's, a zero-area triangle kept
        assert!(mesh_pieces(&dart, &cut(vec![[0, 1, 2]]))
            .err()
            .is_some_and(|e| e.contains("does not have the face's boundary")));
        let mut more = dart.clone();
        more.vertices.push(v(2, 2, 0));
        assert!(mesh_pieces(&more, &cut(vec![[0, 1, 4], [0, 4, 3]]))
            .err()
            .is_some_and(|e| e.contains("not the face's")));
        let pieces = mesh_pieces(&dart, &cut(vec![[0, 1, 2], [0, 2, 2], [0, 2, 3]])).unwrap();
        assert_eq!(pieces.names, vec![Some((0, 0)), Some((0, 2))]);
        let twice = [
            cut(vec![[0, 1, 2], [0, 2, 3]]),
            cut(vec![[0, 1, 2], [0, 2, 3]]),
        ]
        .concat();
        assert_eq!(
            mesh_pieces(&dart, &twice).err(),
            Some("the certificate cuts face 0 twice".into())
        );
        let bent = Surface {
            vertices: vec![v(0, 0, 0), v(4, 0, 0), v(4, 4, 1), v(0, 4, 0)],
            faces: vec![vec![0, 1, 2, 3]],
        };
        assert_eq!(surface_defect(&bent), Some("face 0 is not planar".into()));
    }
}
