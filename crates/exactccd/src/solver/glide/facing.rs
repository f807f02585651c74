//! The `f64` measures of the glide algorithm (Buss, "Collision Detection with Glide Rotations"), which decide
//! nothing about the contact time: the error estimate of section 4.3, the
//! forward/backward facing surfaces of section 4.2, the properness of
//! section 5 (equations 6 and 7, and the FV/VF rule), and the change of
//! coordinates that puts the glide axis on `y` (section 4.1).
#![allow(clippy::float_arithmetic)]

use crate::geom::{Mat3, Pose, Vec3};

/// The paper's default properness threshold: collisions with properness
/// below it are improper (Buss, "Collision Detection with Glide Rotations", section 5; the threshold `-0.1`).
pub const PROPERNESS_THRESHOLD: f64 = -0.1;

/// Buss's error estimate `(1 - cos(θ/2)) / θ` (Buss, "Collision Detection with Glide Rotations", section 4.3,
/// equation 5): the largest distance between the circular arc of a rotation
/// by `θ` radians and its chord, relative to the arc length. Zero for
/// `θ = 0` (its limit).
///
/// ```
/// use exactccd::solver::glide::glide_error_estimate;
/// let e = glide_error_estimate(std::f64::consts::FRAC_PI_4);
/// assert!((e - 0.0969).abs() < 1e-4); // the paper's 45°: 0.097
/// ```
pub fn glide_error_estimate(theta: f64) -> f64 {
    if theta == 0.0 {
        return 0.0;
    }
    // 1 - cos(θ/2) = 2 sin^2(θ/4), accurate for small θ.
    let s = (theta / 4.0).sin();
    2.0 * s * s / theta
}

/// A glide flow `ω(x) = θ k × (x - p) + g k` (Buss, "Collision Detection with Glide Rotations", equation 3, with
/// the axis through `p` along the unit `k`).
#[derive(Clone, Debug, PartialEq)]
pub struct Flow {
    /// `p`.
    pub axis_point: Vec3<f64>,
    /// `k`, unit.
    pub axis_direction: Vec3<f64>,
    /// `θ`, radians per step.
    pub angle: f64,
    /// `g`, per step.
    pub slide: f64,
}

/// How a face lies with respect to a flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Facing {
    /// `n . ω(x) >= 0` on the whole face (and `> 0` somewhere).
    Forward,
    /// `n . ω(x) <= 0` on the whole face (and `< 0` somewhere).
    Backward,
    /// The face is split by the plane `n . ω(x) = 0` (section 4.2).
    Split,
    /// `n . ω(x) = 0` on the whole face.
    Tangent,
}

impl Flow {
    /// `ω(x)`.
    pub fn velocity(&self, x: &Vec3<f64>) -> Vec3<f64> {
        let r = x - &self.axis_point;
        &self.axis_direction.cross(&r).scale(&self.angle) + &self.axis_direction.scale(&self.slide)
    }

    /// Classifies a planar face (its corners and outward normal `n`): `n .
    /// ω(x)` is affine in `x`, so its signs at the corners decide.
    pub fn facing(&self, corners: &[Vec3<f64>], n: &Vec3<f64>) -> Facing {
        let (mut pos, mut neg) = (false, false);
        for c in corners {
            let v = n.dot(&self.velocity(c));
            pos |= v > 0.0;
            neg |= v < 0.0;
        }
        match (pos, neg) {
            (true, true) => Facing::Split,
            (true, false) => Facing::Forward,
            (false, true) => Facing::Backward,
            (false, false) => Facing::Tangent,
        }
    }

    /// A rigid change of coordinates putting the axis on the `y` axis
    /// through the origin (section 4.1): `frame.apply_point(p) = 0`,
    /// `frame.apply_direction(k) = e_y`.
    pub fn axis_frame(&self) -> Pose<f64> {
        let k = unit(&self.axis_direction);
        let helper = if k.x.abs() < 0.9 {
            Vec3::new(1.0, 0.0, 0.0)
        } else {
            Vec3::new(0.0, 0.0, 1.0)
        };
        let e1 = unit(&helper.cross(&k));
        let e3 = unit(&e1.cross(&k));
        // Rows: e1, k, e3 (right-handed: e1 x k = e3).
        let r = Mat3::from_rows([[e1.x, e1.y, e1.z], [k.x, k.y, k.z], [e3.x, e3.y, e3.z]]);
        let t = -r.mul_vec(&self.axis_point);
        Pose::new(r, t)
    }
}

/// `v / |v|` (zero stays zero).
pub fn unit(v: &Vec3<f64>) -> Vec3<f64> {
    let n = v.norm_squared().sqrt();
    if n > 0.0 {
        v.map(|c| c / n)
    } else {
        v.clone()
    }
}

/// FV properness (section 5): `min_i e_i . n` over the unit vectors `e_i`
/// from the vertex along its edges, `n` the face's unit outward normal.
/// VF is the same with the bodies' roles swapped.
pub fn vertex_properness(edge_directions: &[Vec3<f64>], face_normal: &Vec3<f64>) -> f64 {
    let n = unit(face_normal);
    edge_directions
        .iter()
        .map(|e| unit(e).dot(&n))
        .fold(f64::INFINITY, f64::min)
}

/// One face's corner at a vertex of a solid: the directions from the
/// vertex to the face's next and previous vertices, and the face's
/// outward normal. Faces run counter-clockwise seen from outside, so the
/// corner turns counter-clockwise about `normal` from `next` to
/// `previous`; it is reflex when that turn exceeds `π`.
#[derive(Clone, Debug, PartialEq)]
pub struct FaceCorner {
    /// From the vertex to the face's next vertex.
    pub next: Vec3<f64>,
    /// From the vertex to the face's previous vertex.
    pub previous: Vec3<f64>,
    /// The face's outward normal.
    pub normal: Vec3<f64>,
}

/// The corners of every face at vertex `v`, as `(face, next vertex,
/// previous vertex)`, from the faces' vertex loops and the faces at `v`
/// (`Mesh::vertex_faces`).
pub fn face_corners<'m>(
    faces: &'m [Vec<usize>],
    faces_at_vertex: &'m [usize],
    v: usize,
) -> impl Iterator<Item = (usize, usize, usize)> + 'm {
    faces_at_vertex.iter().filter_map(move |&f| {
        let face = &faces[f];
        let i = face.iter().position(|&u| u == v)?;
        let len = face.len();
        Some((f, face[(i + 1) % len], face[(i + len - 1) % len]))
    })
}

/// FV properness of a vertex of a solid that need not be convex there,
/// from its face corners (VF with the roles swapped).
///
/// Section 5's `min_i e_i . n` reads the solid near the vertex as the
/// convex cone of its edges, which holds at a convex vertex (every corner
/// and every edge convex), and there this is that formula exactly
/// ([`vertex_properness`]). At a vertex of a hole or a notch the solid's
/// cone is not convex: a reflex corner of a face spans more than a
/// half-plane, and the cone can hold more than a half-space. There the
/// formula can call a vertex proper although the solid pokes through the
/// face's plane beside it: the inner corner of a square frame's hole, all
/// three edges pointing away from the face, while its face's reflex
/// corner reaches through. So at a non-convex vertex the properness is the
/// least `d . n` over the unit directions `d` into the solid: over the
/// cone's boundary (each corner's edges, and inside a corner the direction
/// opposite to `n`'s projection on its plane, where the corner holds it),
/// and `-1` when the cone holds `-n` itself. Whether it does is decided at
/// the boundary point nearest to `-n` by the sign against the outward
/// normal there: the face's, the sum of the two faces' at an edge, or the
/// angle-weighted sum at the apex (the pseudo-normals of Bærentzen and
/// Aanæs, "Signed distance computation using the angle weighted
/// pseudonormal", 2005). Its sign is the truth in every case: positive
/// exactly when the solid near the vertex lies strictly on the face's
/// outer side.
pub fn solid_vertex_properness(corners: &[FaceCorner], face_normal: &Vec3<f64>) -> f64 {
    let given = corners;
    let n = unit(face_normal);
    let corners: Vec<[Vec3<f64>; 3]> = corners
        .iter()
        .map(|c| [unit(&c.next), unit(&c.previous), unit(&c.normal)])
        .collect();
    // The face across the edge along `e` from the corner that has `e` as
    // its `next` (side 0) or its `previous` (side 1): the corner with `e`
    // on the other side, bitwise equal as both came from the same
    // coordinates.
    let across = |e: &Vec3<f64>, side: usize| corners.iter().find(|c| c[1 - side] == *e);
    let convex = corners.iter().all(|[a, b, nf]| {
        a.cross(b).dot(nf) > FLAT_EDGE_SINE
            && across(a, 0).is_some_and(|g| edge_shape(a, nf, &g[2]) != EdgeShape::Reflex)
    });
    if convex {
        let edges: Vec<Vec3<f64>> = given.iter().map(|c| c.next.clone()).collect();
        return vertex_properness(&edges, face_normal);
    }
    // The least `d . n` on the boundary, and where: the outward normal
    // (pseudo-normal) of the nearest feature to `-n`.
    let mut least = f64::INFINITY;
    let mut pseudo = Vec3::new(0.0, 0.0, 0.0);
    for [a, b, nf] in &corners {
        for (side, e) in [a, b].into_iter().enumerate() {
            let value = e.dot(&n);
            if value < least {
                least = value;
                let other = across(e, side).map_or(Vec3::new(0.0, 0.0, 0.0), |g| g[2].clone());
                pseudo = nf + &other;
            }
        }
        let projected = &n - &nf.scale(&n.dot(nf));
        let length = projected.norm_squared().sqrt();
        if length > 0.0 && -length < least {
            let d = projected.scale(&(-1.0 / length));
            if corner_holds(a, b, nf, &d) {
                least = -length;
                pseudo = nf.clone();
            }
        }
    }
    if least >= 0.0 {
        // The apex is nearest: the angle-weighted normal.
        pseudo = Vec3::new(0.0, 0.0, 0.0);
        for [a, b, nf] in &corners {
            let mut angle = a.cross(b).dot(nf).atan2(a.dot(b));
            if angle < 0.0 {
                angle += 2.0 * std::f64::consts::PI;
            }
            pseudo = &pseudo + &nf.scale(&angle);
        }
    }
    if n.dot(&pseudo) > 0.0 {
        -1.0
    } else {
        least
    }
}

/// True when the unit direction `d` in the plane of a face lies in its
/// corner from `a` counter-clockwise about `nf` to `b` ([`FaceCorner`]).
fn corner_holds(a: &Vec3<f64>, b: &Vec3<f64>, nf: &Vec3<f64>, d: &Vec3<f64>) -> bool {
    if a.cross(b).dot(nf) > 0.0 {
        a.cross(d).dot(nf) >= 0.0 && d.cross(b).dot(nf) >= 0.0
    } else {
        !(b.cross(d).dot(nf) > 0.0 && d.cross(a).dot(nf) > 0.0)
    }
}

/// How a solid lies at one of its edges (from the two faces' outward
/// normals): the paper's formulas of section 5 are written for convex
/// edges, and a non-convex mesh also has reflex and flat ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeShape {
    /// The solid is the intersection of the two faces' half-spaces near
    /// the edge (dihedral angle below `π`; also a knife edge, normals
    /// opposite).
    Convex,
    /// The two faces are coplanar: the solid is one half-space near the
    /// edge, and the edge is no feature of the solid (it only splits a
    /// planar face of it).
    Flat,
    /// The solid is the union of the two faces' half-spaces near the edge
    /// (dihedral angle above `π`), such as the vertical edges of a hole.
    Reflex,
}

/// Two faces at an edge are coplanar ([`EdgeShape::Flat`]) when the sine
/// of the angle between their unit normals is at most this: far above the
/// rounding of `f64` normals of exactly coplanar faces (about `1e-16`),
/// far below any dihedral angle a mesh means.
pub const FLAT_EDGE_SINE: f64 = 1e-9;

/// The shape of a solid at the edge along `e`, whose face `n1` runs the
/// edge along `e` (counter-clockwise seen from outside, the face on the
/// left) and whose face `n2` runs it the other way: convex when
/// `(n1 × n2) . e > 0`, reflex when `< 0`, flat when the normals agree
/// (within [`FLAT_EDGE_SINE`]).
///
/// ```
/// use exactccd::geom::Vec3;
/// use exactccd::solver::glide::{edge_shape, EdgeShape};
/// // a box's top front edge along +x: top face (+z) on the left, front (-y)
/// let e = Vec3::new(1.0, 0.0, 0.0);
/// let (top, front) = (Vec3::new(0.0, 0.0, 1.0), Vec3::new(0.0, -1.0, 0.0));
/// assert_eq!(edge_shape(&e, &top, &front), EdgeShape::Convex);
/// // the same faces the other way round: the edge of a notch
/// assert_eq!(edge_shape(&e, &front, &top), EdgeShape::Reflex);
/// assert_eq!(edge_shape(&e, &top, &top), EdgeShape::Flat);
/// ```
pub fn edge_shape(e: &Vec3<f64>, n1: &Vec3<f64>, n2: &Vec3<f64>) -> EdgeShape {
    let (e, n1, n2) = (unit(e), unit(n1), unit(n2));
    let s = n1.cross(&n2).dot(&e);
    if s.abs() <= FLAT_EDGE_SINE {
        if n1.dot(&n2) > 0.0 {
            EdgeShape::Flat
        } else {
            EdgeShape::Convex
        }
    } else if s > 0.0 {
        EdgeShape::Convex
    } else {
        EdgeShape::Reflex
    }
}

/// One solid's share of the EE properness, for the contact normal `m`
/// pointing from this solid towards the other (unit vectors): equation
/// (7)'s two terms `(m × e) . n1` and `-(m × e) . n2` at a convex edge;
/// at a flat or reflex edge, where the solid is one half-space or the
/// union of the two faces' half-spaces, the least of the half-spaces'
/// terms, each `-|(m × e) . N|` when its outward normal `N` has
/// `m . N >= 0` (the sine of the angle by which the face rises above the
/// contact plane), else `-1` (the half-space lies on the other solid's
/// side of the contact plane; continuous, as `|(m × e) . N| = 1` where
/// `m . N = 0`).
fn edge_side_term(
    shape: EdgeShape,
    e: &Vec3<f64>,
    [n1, n2]: [&Vec3<f64>; 2],
    m: &Vec3<f64>,
) -> f64 {
    let u = m.cross(e);
    match shape {
        EdgeShape::Convex => u.dot(n1).min(-u.dot(n2)),
        EdgeShape::Flat | EdgeShape::Reflex => [n1, n2]
            .into_iter()
            .map(|n| {
                if m.dot(n) >= 0.0 {
                    -u.dot(n).abs()
                } else {
                    -1.0
                }
            })
            .fold(f64::INFINITY, f64::min),
    }
}

/// EE properness by equation (7) of section 5, and the normal it chooses:
/// `n = ±(eA × eB)/|eA × eB|` with the sign maximising
/// `min{(n×eA)·nA1, −(n×eA)·nA2, −(n×eB)·nB1, (n×eB)·nB2}`; `nA1` is the
/// normal of the face on the left of `eA` seen from outside (the face
/// running the edge in `eA`'s direction), `nA2` of the one on the right.
/// `None` for parallel edges.
///
/// **Non-convex edges.** Equation (7) reads the solid's side from the two
/// face normals, which is right at a convex edge only: at a reflex edge
/// (the solid is the union of the faces' half-spaces) its terms for the
/// normal pointing *into* the solid are those of the complementary convex
/// wedge, so an edge of `b` leaving `a` into a hole through the hole's
/// edge came out proper (up to 0.54) with a normal pointing into `a`; at
/// a flat edge (coplanar faces) the terms are `-|(n × e) . N|` for both
/// signs, so the sign of `n` was the other solid's choice and could put
/// the solid on the wrong side. There the terms are those of the
/// half-spaces ([`EdgeShape`]; the private `edge_side_term` gives the formula):
/// an edge crossing a reflex edge is never proper (the union of two
/// half-spaces meets every neighbourhood on both sides of any plane
/// through the edge except when the faces are coplanar), and one crossing
/// a flat edge is proper only lying in the face's plane outside it.
/// Convex edges keep equation (7) exactly.
pub fn edge_properness(
    ea: &Vec3<f64>,
    eb: &Vec3<f64>,
    na: [&Vec3<f64>; 2],
    nb: [&Vec3<f64>; 2],
) -> Option<(f64, Vec3<f64>)> {
    let (ea, eb) = (unit(ea), unit(eb));
    let c = ea.cross(&eb);
    if c.norm_squared() == 0.0 {
        return None;
    }
    let (na1, na2, nb1, nb2) = (unit(na[0]), unit(na[1]), unit(nb[0]), unit(nb[1]));
    let (shape_a, shape_b) = (edge_shape(&ea, &na1, &na2), edge_shape(&eb, &nb1, &nb2));
    // `n` points from a to b: a's terms see `n`, b's see `-n`
    let value = |n: &Vec3<f64>| {
        edge_side_term(shape_a, &ea, [&na1, &na2], n).min(edge_side_term(
            shape_b,
            &eb,
            [&nb1, &nb2],
            &-n,
        ))
    };
    let n = unit(&c);
    let m = -n.clone();
    let (vn, vm) = (value(&n), value(&m));
    Some(if vn >= vm { (vn, n) } else { (vm, m) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{point_in_solid, Mesh};
    use crate::scalar::{BigRational as Q, Ring, Scalar, Sign};
    use std::f64::consts::PI;

    fn v(x: f64, y: f64, z: f64) -> Vec3<f64> {
        Vec3::new(x, y, z)
    }

    #[test]
    fn error_estimate_table_of_section_4_3() {
        // The paper's table (percent error): 45° 0.097, 30° 0.065,
        // 20° 0.044, 10° 0.022, 5° 0.011. Its 60° entry, 0.173, does not
        // follow from equation (5), which gives 0.128: we follow the equation.
        for (deg, want) in [
            (45.0, 0.097),
            (30.0, 0.065),
            (20.0, 0.044),
            (10.0, 0.022),
            (5.0, 0.011),
            (60.0, 0.128),
        ] {
            let e: f64 = glide_error_estimate(deg * PI / 180.0);
            assert!((e - want).abs() < 5e-4, "{deg}°: {e}");
        }
        assert_eq!(glide_error_estimate(0.0), 0.0);
    }

    #[test]
    fn figure_5_cube_backward_faces() {
        // A cube [-1, 1]^3 spiralling upward (slide +y) about the vertical
        // axis behind it (through (0, 0, -3)), turning so that its right
        // face leads. Backward: left, bottom, half of near and far.
        let flow = Flow {
            axis_point: v(0.0, 0.0, -3.0),
            axis_direction: v(0.0, 1.0, 0.0),
            angle: 0.5,
            slide: 1.0,
        };
        let face = |axis: usize, sign: f64| {
            let mut n = v(0.0, 0.0, 0.0);
            n[axis] = sign;
            let mut corners = Vec::new();
            for a in [-1.0, 1.0] {
                for b in [-1.0, 1.0] {
                    let mut c = v(0.0, 0.0, 0.0);
                    c[axis] = sign;
                    c[(axis + 1) % 3] = a;
                    c[(axis + 2) % 3] = b;
                    corners.push(c);
                }
            }
            flow.facing(&corners, &n)
        };
        assert_eq!(face(0, 1.0), Facing::Forward); // right
        assert_eq!(face(0, -1.0), Facing::Backward); // left
        assert_eq!(face(1, 1.0), Facing::Forward); // top
        assert_eq!(face(1, -1.0), Facing::Backward); // bottom
        assert_eq!(face(2, 1.0), Facing::Split); // near
        assert_eq!(face(2, -1.0), Facing::Split); // far
    }

    #[test]
    fn axis_frame_puts_the_axis_on_y() {
        let flow = Flow {
            axis_point: v(1.0, 2.0, 3.0),
            axis_direction: unit(&v(1.0, -2.0, 2.0)),
            angle: 1.0,
            slide: 0.0,
        };
        let f = flow.axis_frame();
        let p = f.apply_point(&flow.axis_point);
        assert!(p.norm_squared() < 1e-24);
        let k = f.apply_direction(&flow.axis_direction);
        assert!((&k - &v(0.0, 1.0, 0.0)).norm_squared() < 1e-24);
        assert!((f.rotation.determinant() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn figure_7_proper_and_improper() {
        // FV: a vertex whose edges all point away from the face (a cube
        // corner resting on a floor) is proper; tilting one edge into the
        // floor makes it improper.
        let up = v(0.0, 0.0, 1.0);
        let proper =
            vertex_properness(&[v(1.0, 0.0, 1.0), v(0.0, 1.0, 1.0), v(0.0, 0.0, 1.0)], &up);
        assert!((proper - 0.5f64.sqrt()).abs() < 1e-12);
        let improper = vertex_properness(&[v(1.0, 0.0, -0.5), v(0.0, 1.0, 1.0)], &up);
        assert!(improper < 0.0);
        // EE: a's top edge along x between its top face (+z) and front face
        // (-y); b's bottom edge along y above it, between b's bottom face
        // (-z) and b's side face (+x). Faces face each other: proper, and
        // for perpendicular edges (7) is the true properness.
        let ea = v(1.0, 0.0, 0.0);
        // Seen from outside a, walking +x along the top-front edge, the top
        // face (+z) is on the left.
        let (na1, na2) = (v(0.0, 0.0, 1.0), v(0.0, -1.0, 0.0));
        let eb = v(0.0, 1.0, 0.0);
        // Walking +y along b's bottom edge x = max, seen from outside b
        // (from (1, 0, -1)), the left is (1, 0, -1) x (0, 1, 0) = (1, 0, 1):
        // the side face (+x), which extends upward; the bottom face (-z) is
        // on the right.
        let (nb1, nb2) = (v(1.0, 0.0, 0.0), v(0.0, 0.0, -1.0));
        let (p, n) = edge_properness(&ea, &eb, [&na1, &na2], [&nb1, &nb2]).unwrap();
        // Parallel touching faces (a's top, b's bottom): properness 0.
        assert!(p.abs() < 1e-12, "{p}");
        assert!((n.z - 1.0).abs() < 1e-12, "normal points from a up to b");
        // b's faces on the wrong sides (b inside out at the edge): improper.
        let (p2, _) = edge_properness(&ea, &eb, [&na1, &na2], [&nb2, &nb1]).unwrap();
        assert!(p2 < 0.0, "{p2}");
        // A ridge of a against a wedge of b (all faces tilted away from the
        // contact): strictly proper, sin 45° for these perpendicular edges.
        let (p3, _) = edge_properness(
            &ea,
            &eb,
            [&v(0.0, 1.0, 1.0), &v(0.0, -1.0, 1.0)],
            [&v(1.0, 0.0, -1.0), &v(-1.0, 0.0, -1.0)],
        )
        .unwrap();
        assert!((p3 - 0.5f64.sqrt()).abs() < 1e-12, "{p3}");
        assert!(edge_properness(&ea, &ea, [&na1, &na2], [&nb1, &nb2]).is_none());
    }

    /// The face corners of vertex `v` of `mesh` in `f64`.
    fn mesh_corners(mesh: &Mesh<f64>, v: usize) -> Vec<FaceCorner> {
        let p = &mesh.vertices[v];
        face_corners(&mesh.faces, &mesh.vertex_faces[v], v)
            .map(|(f, next, previous)| FaceCorner {
                next: &mesh.vertices[next] - p,
                previous: &mesh.vertices[previous] - p,
                normal: mesh.face_normal(f),
            })
            .collect()
    }

    /// The mesh's faces as triangles, each face fanned from a corner that
    /// sees all of it (every fan triangle turning as the face does).
    fn fan_triangles(mesh: &Mesh<Q>) -> Vec<[Vec3<Q>; 3]> {
        let mut tris = Vec::new();
        for (f, face) in mesh.faces.iter().enumerate() {
            let normal = mesh.face_normal(f);
            let len = face.len();
            let fan = |k: usize| -> Vec<[Vec3<Q>; 3]> {
                (1..len - 1)
                    .map(|i| {
                        [face[k], face[(k + i) % len], face[(k + i + 1) % len]]
                            .map(|u| mesh.vertices[u].clone())
                    })
                    .collect()
            };
            let turns = |t: &[Vec3<Q>; 3]| {
                let c = (&t[1] - &t[0]).cross(&(&t[2] - &t[0]));
                c.dot(&normal).sign() == Sign::Positive
            };
            let k = (0..len)
                .find(|&k| fan(k).iter().all(turns))
                .expect("a face star-shaped from a corner");
            tris.extend(fan(k));
        }
        tris
    }

    /// Integer directions with coordinates in `[-r, r]`, not zero.
    fn grid(r: i64) -> Vec<[i64; 3]> {
        let mut out = Vec::new();
        for x in -r..=r {
            for y in -r..=r {
                for z in -r..=r {
                    if (x, y, z) != (0, 0, 0) {
                        out.push([x, y, z]);
                    }
                }
            }
        }
        out
    }

    /// A square frame (outer half-width 3/2, hole half-width 1/2, height
    /// 2), its top and bottom each two hexagons with a reflex corner at
    /// the hole.
    fn frame() -> Mesh<Q> {
        let q = |x: i64| Q::from_i64(x) / Q::from_i64(2);
        let mut vertices = Vec::new();
        for z in [-2, 2] {
            for (x, y) in [
                (-3, -3),
                (3, -3),
                (3, 3),
                (-3, 3),
                (-1, -1),
                (1, -1),
                (1, 1),
                (-1, 1),
            ] {
                vertices.push(Vec3::new(q(x), q(y), q(z)));
            }
        }
        let faces = vec![
            vec![13, 12, 8, 9, 10, 14],
            vec![15, 14, 10, 11, 8, 12],
            vec![5, 6, 2, 1, 0, 4],
            vec![7, 4, 0, 3, 2, 6],
            vec![0, 1, 9, 8],
            vec![1, 2, 10, 9],
            vec![2, 3, 11, 10],
            vec![3, 0, 8, 11],
            vec![12, 13, 5, 4],
            vec![13, 14, 6, 5],
            vec![14, 15, 7, 6],
            vec![15, 12, 4, 7],
        ];
        Mesh::new(vertices, faces).expect("the frame is a closed mesh")
    }

    /// A block `[-2, 2]^2 x [-2, 0]` with a square pyramid pit in its top:
    /// the pit's rim is `[-1, 1]^2` at `z = 0`, its apex `(0, 0, -1)`; the
    /// solid holds more than a half-space at the apex.
    fn pit_block() -> Mesh<Q> {
        let q = Q::from_i64;
        let mut vertices = Vec::new();
        for z in [0, -2] {
            for (x, y) in [(-2, -2), (2, -2), (2, 2), (-2, 2)] {
                vertices.push(Vec3::new(q(x), q(y), q(z)));
            }
        }
        for (x, y) in [(-1, -1), (1, -1), (1, 1), (-1, 1)] {
            vertices.push(Vec3::new(q(x), q(y), q(0)));
        }
        vertices.push(Vec3::new(q(0), q(0), q(-1)));
        let mut faces = Vec::new();
        for k in 0..4 {
            let k1 = (k + 1) % 4;
            faces.push(vec![k, k1, 8 + k1, 8 + k]);
            faces.push(vec![8 + k, 8 + k1, 12]);
            faces.push(vec![k1, k, 4 + k, 4 + k1]);
        }
        faces.push(vec![7, 6, 5, 4]);
        Mesh::new(vertices, faces).expect("the pit block is a closed mesh")
    }

    #[test]
    fn at_convex_vertices_the_corners_give_section_5s_formula() {
        let cube: Mesh<f64> = crate::geom::cube_mesh([1.0, 2.0, 3.0]);
        for vi in 0..cube.vertices.len() {
            let corners = mesh_corners(&cube, vi);
            let edges: Vec<Vec3<f64>> = corners.iter().map(|c| c.next.clone()).collect();
            for [x, y, z] in grid(2) {
                let n = v(x as f64, y as f64, z as f64);
                let general = solid_vertex_properness(&corners, &n);
                let paper = vertex_properness(&edges, &n);
                assert_eq!(general, paper, "vertex {vi}, n {n:?}");
            }
        }
    }

    #[test]
    fn a_hole_corner_whose_edges_all_point_away_is_improper() {
        // The frame's bottom corner at the hole, (1/2, -1/2, -1): its
        // edges run along -x, +y and +z, but its bottom face's reflex
        // corner reaches along (1, -1, 0).
        let mesh = frame().map_scalar(|x| x.to_f64());
        let corners = mesh_corners(&mesh, 5);
        let n = v(-1.0, 1.0, 1.0);
        let edges: Vec<Vec3<f64>> = corners.iter().map(|c| c.next.clone()).collect();
        assert!((vertex_properness(&edges, &n) - 1.0 / 3f64.sqrt()).abs() < 1e-12);
        // the least over the bottom face's corner: -|(-1, 1, 0)| / sqrt 3
        let p = solid_vertex_properness(&corners, &n);
        assert!((p + (2.0f64 / 3.0).sqrt()).abs() < 1e-12, "{p}");
    }

    #[test]
    fn a_pit_apex_holds_the_half_space_below() {
        // All four walls rise from the apex, so every edge has e . z > 0,
        // yet the block fills every direction below.
        let mesh = pit_block().map_scalar(|x| x.to_f64());
        let corners = mesh_corners(&mesh, 12);
        let up = v(0.0, 0.0, 1.0);
        let edges: Vec<Vec3<f64>> = corners.iter().map(|c| c.next.clone()).collect();
        assert!(vertex_properness(&edges, &up) > 0.5);
        assert_eq!(solid_vertex_properness(&corners, &up), -1.0);
        // and downwards the apex is improper too
        assert!(solid_vertex_properness(&corners, &-up) < 0.0);
    }

    #[test]
    fn the_sign_of_vertex_properness_is_the_solids_side_of_the_plane() {
        // Brute force, exact: the directions d of a grid in which a short
        // step from the vertex stays in the solid (point_in_solid). A vertex
        // is proper against n exactly when every such d has d . n > 0, so a
        // sample with d . n < 0 makes it improper, and a proper one has no
        // such sample. Where the solid's edges and faces lie along the
        // grid's directions ("lattice" meshes), the grid also sees where
        // the least d . n is well below 0; a torus's faces tilt by less
        // than the grid resolves, so there only the first two are asserted,
        // at the vertices of one ring of the tube (outer, top, inner and
        // bottom: the others are these turned about the axis).
        let eps = Q::from_i64(1) / Q::from_i64(64);
        let torus = crate::geom::torus_mesh(6, 4, &Q::from_i64(3), &Q::from_i64(1));
        let meshes = [
            ("frame", frame(), true, 16),
            ("pit block", pit_block(), true, 13),
            ("L prism", crate::geom::l_shape_mesh(), true, 12),
            ("torus", torus, false, 4),
        ];
        for (name, mesh, lattice, vertices) in meshes {
            let tris = fan_triangles(&mesh);
            let fmesh = mesh.map_scalar(|x| x.to_f64());
            assert_eq!(mesh.vertices.len(), if lattice { vertices } else { 24 });
            for (vi, p) in mesh.vertices.iter().enumerate().take(vertices) {
                let inside: Vec<Vec3<f64>> = grid(2)
                    .into_iter()
                    .map(|d| d.map(Q::from_i64))
                    .filter(|[x, y, z]| {
                        let q = Vec3::new(x.clone(), y.clone(), z.clone());
                        point_in_solid(&(p + &q.scale(&eps)), &tris)
                    })
                    .map(|d| unit(&Vec3::new(d[0].to_f64(), d[1].to_f64(), d[2].to_f64())))
                    .collect();
                let corners = mesh_corners(&fmesh, vi);
                for [x, y, z] in grid(2) {
                    let n = unit(&v(x as f64, y as f64, z as f64));
                    let least = inside
                        .iter()
                        .map(|d| d.dot(&n))
                        .fold(f64::INFINITY, f64::min);
                    let p = solid_vertex_properness(&corners, &n);
                    let at = format!(
                        "{name}, vertex {vi}, n {:?}: {p} against {least}",
                        [x, y, z]
                    );
                    if least < 0.0 {
                        assert!(p < 0.0, "{at}");
                    }
                    if p < -0.1 && lattice {
                        assert!(least < 0.0, "{at}");
                    }
                    if p > 0.0 {
                        assert!(least > 0.0, "{at}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_reflex_edge_is_never_proper() {
        // The frame's hole edge from (3/8, -3/8, -2/3) up to (3/8, -3/8,
        // 2/3): the face x = 3/8 (normal -x) runs it upward, the face
        // y = -3/8 (normal +y) downward; the edge of a notch.
        let ea = v(0.0, 0.0, 1.0);
        let (na1, na2) = (v(-1.0, 0.0, 0.0), v(0.0, 1.0, 0.0));
        assert_eq!(edge_shape(&ea, &na1, &na2), EdgeShape::Reflex);
        // A box edge along +x between its faces -z (on the left) and +y,
        // crossing the hole edge: b's bottom edge passing from a's
        // material into the hole. Equation (7) alone reads a's normals as
        // a convex wedge and gives 0 with n = -y (into a's material): the
        // campaign's missed "proper" collision. The solid is the union of
        // the half-spaces x <= 3/8 and y >= -3/8, and the contact plane
        // y = const is perpendicular to the face x = 3/8: -1 either way.
        let eb = v(1.0, 0.0, 0.0);
        let (nb1, nb2) = (v(0.0, 0.0, -1.0), v(0.0, 1.0, 0.0));
        assert_eq!(edge_shape(&eb, &nb1, &nb2), EdgeShape::Convex);
        let (p, _) = edge_properness(&ea, &eb, [&na1, &na2], [&nb1, &nb2]).unwrap();
        assert_eq!(p, -1.0);
        // b's edge turned 45° about z with its side face (normal (1, -1,
        // 0)/sqrt 2 on the left, -z on the right): the contact plane's
        // normal is ±(-1, 1, 0)/sqrt 2, at 45° from both of a's face
        // planes, and b's terms are 0 for the normal (-1, 1, 0)/sqrt 2:
        // -sin 45°, the bound of the property test below.
        let eb = v(1.0, 1.0, 0.0);
        let side = unit(&v(1.0, -1.0, 0.0));
        assert_eq!(edge_shape(&eb, &side, &nb1), EdgeShape::Convex);
        let (p, _) = edge_properness(&ea, &eb, [&na1, &na2], [&side, &nb1]).unwrap();
        assert!((p + 0.5f64.sqrt()).abs() < 1e-15, "{p}");
        // The same faces read as a convex edge (the notch's complement,
        // the normals swapped between the sides) keep equation (7).
        let (pc, nc) = edge_properness(
            &ea,
            &v(1.0, 0.0, 0.0),
            [&v(0.0, 1.0, 0.0), &v(-1.0, 0.0, 0.0)],
            [&nb1, &nb2],
        )
        .unwrap();
        let u = nc.cross(&ea);
        let eq7 = [
            u.dot(&v(0.0, 1.0, 0.0)),
            -u.dot(&v(-1.0, 0.0, 0.0)),
            -nc.cross(&v(1.0, 0.0, 0.0)).dot(&nb1),
            nc.cross(&v(1.0, 0.0, 0.0)).dot(&nb2),
        ]
        .into_iter()
        .fold(f64::INFINITY, f64::min);
        assert_eq!(pc, eq7);
    }

    #[test]
    fn a_flat_edge_is_a_half_space() {
        // a's top face z = 0 cut along the diagonal into two coplanar
        // quads: both normals +z, a flat edge.
        let ea = unit(&v(1.0, 1.0, 0.0));
        let up = v(0.0, 0.0, 1.0);
        assert_eq!(edge_shape(&ea, &up, &up), EdgeShape::Flat);
        // b's convex edge along +x between b's face +y (on the left) and
        // its face +z, lying in a's top plane: b's material below its top
        // face, on a's side. Equation (7) gives 0 with n = -z (a above
        // b): the campaign's missed flat-edge collision. As a half-space
        // a needs n = +z, and then b's face +y stands across the plane on
        // a's side: -1.
        let eb = v(1.0, 0.0, 0.0);
        let (nb1, nb2) = (v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0));
        assert_eq!(edge_shape(&eb, &nb1, &nb2), EdgeShape::Convex);
        let (p, _) = edge_properness(&ea, &eb, [&up, &up], [&nb1, &nb2]).unwrap();
        assert_eq!(p, -1.0);
        // A ridge of b pointing down onto the face from above (faces
        // (0, -1, -1) on the left and (0, 1, -1)): touching from outside,
        // properness 0 with the normal +z out of a.
        let s = 0.5f64.sqrt();
        let (r1, r2) = (v(0.0, -s, -s), v(0.0, s, -s));
        assert_eq!(edge_shape(&eb, &r1, &r2), EdgeShape::Convex);
        let (p, n) = edge_properness(&ea, &eb, [&up, &up], [&r1, &r2]).unwrap();
        assert!(p.abs() < 1e-15, "{p}");
        assert!((n.z - 1.0).abs() < 1e-15, "{n:?}");
        // The ridge tilted by atan(1/20) so that it pierces the face:
        // slightly improper, still with the normal out of a.
        let tilted = unit(&v(20.0, 0.0, -1.0));
        let (p, n) = edge_properness(&ea, &tilted, [&up, &up], [&r1, &r2]).unwrap();
        assert!(p < 0.0 && p > -0.1, "{p}");
        assert!(n.z > 0.99, "{n:?}");
    }

    /// A non-zero vector from integer coordinates (`z` off by 1/2).
    fn int_vec() -> impl proptest::strategy::Strategy<Value = Vec3<f64>> {
        use proptest::prelude::*;
        (-9i32..=9, -9i32..=9, -9i32..=9)
            .prop_map(|(x, y, z)| v(f64::from(x), f64::from(y), f64::from(z) + 0.5))
    }

    proptest::proptest! {
        /// At a reflex edge whose face normals make the angle `δ`, the
        /// properness of any crossing is at most `-sin(δ/2)` (the contact
        /// plane's `u = n × e` lies in the normals' plane, and one of them
        /// is at least `δ/2` from being perpendicular to it), whatever
        /// `b`'s edge and faces. A convex edge keeps equation (7).
        #[test]
        fn reflex_crossings_are_improper(
            e in int_vec(),
            turn in 1u32..=35,
            start in 0u32..36,
            eb in int_vec(),
            nb1 in int_vec(),
            nb2 in int_vec(),
        ) {
            let e = unit(&e);
            // a unit normal basis of the plane perpendicular to e
            let helper = if e.x.abs() < 0.9 { v(1.0, 0.0, 0.0) } else { v(0.0, 1.0, 0.0) };
            let p = unit(&e.cross(&helper));
            let q = e.cross(&p);
            let at = |deg: f64| {
                let r = deg.to_radians();
                &p.scale(&r.cos()) + &q.scale(&r.sin())
            };
            let (a1, delta) = (f64::from(start) * 10.0, f64::from(turn) * 5.0);
            // n1 x n2 . e = sin(delta) > 0 for n2 = at(a1 + delta): swapped,
            // the edge is reflex
            let (n1, n2) = (at(a1 + delta), at(a1));
            proptest::prop_assert_eq!(edge_shape(&e, &n1, &n2), EdgeShape::Reflex);
            if let Some((value, _)) = edge_properness(&e, &eb, [&n1, &n2], [&nb1, &nb2]) {
                let bound = -(delta.to_radians() / 2.0).sin();
                proptest::prop_assert!(value <= bound + 1e-12, "{} > {}", value, bound);
            }
            proptest::prop_assert_eq!(edge_shape(&e, &n2, &n1), EdgeShape::Convex);
        }
    }
}
