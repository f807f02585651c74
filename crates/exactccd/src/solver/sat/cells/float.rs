//! The first contact of two boxes by the time-cell search in `f64`: the
//! same decisions as the certified cells (module docs of `cells`), made
//! with floating-point values and not certified. The same search takes
//! triangles, convex meshes and convex hulls (the gap of two convex
//! polytopes, `polytope_gap`) and spheres and capsules (the distance of the
//! cores less the radii, `core_distance`), which the certified cells do
//! not yet.
//!
//! The gap `g(t)` is the largest separation of the boxes over the 15 unit
//! axes of Table 1 of Eberly, "Dynamic Collision Detection using OBBs",
//! section 2.1, at the instant `t`: positive exactly when the boxes are
//! apart, and then at most their distance; negative when they overlap, and
//! then minus their penetration depth (the faces of the Minkowski
//! difference of two boxes have those 15 normals). Distance and depth
//! change no faster than `L = s_a + s_b`, the sum of the largest speeds of
//! the boxes' points, so a cell `[t, t + g(t) / L]` is separated (the
//! first-order enclosure `g(u) >= g(t) - L |u - t|` of the cells). The
//! search advances by such cells (a probe two cells ahead finds an
//! overlapping instant sooner), and once an instant of overlap brackets the
//! contact with a separated instant at most two cells earlier, the sign
//! change of `g` is refined by the Illinois variant of regula falsi.
//!
//! The contact intervals come from the same walk with the sign turned: in
//! overlap the depth `-g` also changes no faster than `L`, so a cell
//! `[t, t - g(t) / L]` is overlapping; the walk goes on over overlapping
//! cells until a probe is separated, refines the exit the same way, and
//! walks the separated cells again, up to `t1`. After the first contact a
//! cell is at least the time resolution `4 eps max(1, |t0|, |t1|)` long
//! (right after an entry or an exit `|g|` is about as small as rounding),
//! so a graze after it (the boxes within rounding of a touch for long) ends
//! in the evaluation limit, an error that states the first contact.
//! Contact intervals less than 64 resolutions apart are joined (the
//! separation between them is rounding).
//!
//! Two boxes whose motions turn at constant angular velocities also get
//! second-order steps near a crossing (`taylor`): the longer of that step
//! and `|g| / L` is taken, and a probe is also accepted when its step
//! behind meets the cell.
//!
//! `L` comes in closed form for `static`, `linear`, `angular` and `screw`
//! motions (`closed_form_speed_bound`), else from the motions' certified
//! velocity enclosures over the whole interval (`motion::enclosure`),
//! computed once. Not certified: a contact
//! that starts and ends inside the last probe's cell is missed, and the
//! brackets are as good as `f64` evaluation of the placements. No features,
//! point or normal are computed.
#![allow(clippy::float_arithmetic)]

use super::description::{distinct_directions, PolytopeData};
use super::taylor::TaylorBoxes;
use crate::geom::{polygon_normal, Mat3, Shape, Vec3};
use crate::motion::{pair_enclosures, relative_float_motion, Affine, Body, RelativeFloatMotion};
use crate::scalar::interval::Interval;
use crate::scalar::{rational_to_f64, BigRational};
use crate::Error;

/// The most gap evaluations of one solve (a limit error beyond).
pub const MAX_EVALUATIONS: usize = 100_000;

/// The answer of the `f64` cell search.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatCellOutcome {
    /// The boxes touch or overlap at some time of the interval.
    pub collides: bool,
    /// They touch or overlap at `t0`.
    pub initially_overlapping: bool,
    /// The first contact time.
    pub first_contact: Option<f64>,
    /// The contact intervals, in order: the maximal runs of instants where
    /// `g <= 0` (module docs), each end within the time resolution.
    pub contact_intervals: Vec<(f64, f64)>,
    /// Gap evaluations made.
    pub evaluations: usize,
}

/// A solid of the `f64` search, in its local coordinates: a box (half
/// extents: Table 1's 15 axes) or a convex polytope.
enum FloatSolid {
    Box([f64; 3]),
    Polytope(Polytope),
    /// A sphere (its centre) or a capsule (its segment), grown by a radius.
    Rounded(Core, f64),
}

/// The core of a rounded solid, in local coordinates.
#[derive(Clone)]
enum Core {
    Point(Vec3<f64>),
    Segment(Vec3<f64>, Vec3<f64>),
}

impl Core {
    fn points(&self) -> Vec<Vec3<f64>> {
        match self {
            Core::Point(p) => vec![p.clone()],
            Core::Segment(p, q) => vec![p.clone(), q.clone()],
        }
    }
}

impl Polytope {
    /// The `f64` polytope of the exact description (`polytope.rs`): a
    /// triangle's normals are its normal and its in-plane edge normals.
    fn of(d: &PolytopeData) -> Polytope {
        let f = |v: &Vec3<BigRational>| v.map(rational_to_f64);
        Polytope {
            vertices: d.vertices.iter().map(f).collect(),
            normals: distinct_directions(d.normals.iter().cloned())
                .iter()
                .map(f)
                .collect(),
            edges: distinct_directions(d.edge_vectors())
                .iter()
                .map(f)
                .collect(),
            faces: d.faces.clone(),
        }
    }
}

/// A convex polytope for the gap: its vertices, the normals of its faces
/// (for a flat triangle also the normals of its edges within its plane),
/// and the directions of its edges.
#[derive(Clone)]
struct Polytope {
    vertices: Vec<Vec3<f64>>,
    normals: Vec<Vec3<f64>>,
    edges: Vec<Vec3<f64>>,
    /// The faces as loops of vertex indices (a triangle: its one face).
    faces: Vec<Vec<usize>>,
}

impl FloatSolid {
    /// The solid of a box, a triangle, a convex mesh or a convex hull of
    /// points; `None` for rounded shapes and for a mesh that is not convex
    /// (no finite axis set separates it).
    fn of(shape: &Shape<BigRational>) -> Option<FloatSolid> {
        match shape {
            Shape::Box(b) => Some(FloatSolid::Box(std::array::from_fn(|i| {
                rational_to_f64(&b.half_extents[i])
            }))),
            Shape::Sphere(b) => Some(FloatSolid::Rounded(
                Core::Point(Vec3::new(0.0, 0.0, 0.0)),
                rational_to_f64(&b.radius),
            )),
            Shape::Capsule(c) => Some(FloatSolid::Rounded(
                Core::Segment(c.a.map(rational_to_f64), c.b.map(rational_to_f64)),
                rational_to_f64(&c.radius),
            )),
            _ => PolytopeData::of(shape).map(|d| FloatSolid::Polytope(Polytope::of(&d))),
        }
    }

    /// The largest distance of a point of the solid from its local origin.
    fn radius(&self) -> f64 {
        match self {
            FloatSolid::Box(h) => (h[0] * h[0] + h[1] * h[1] + h[2] * h[2]).sqrt(),
            FloatSolid::Polytope(p) => p
                .vertices
                .iter()
                .map(|v| v.dot(v).sqrt())
                .fold(0.0, f64::max),
            FloatSolid::Rounded(core, r) => {
                core.points()
                    .iter()
                    .map(|v| v.dot(v).sqrt())
                    .fold(0.0, f64::max)
                    + r
            }
        }
    }

    /// Half extents of a box about the local origin that holds the solid
    /// (`max |v_i|` over the vertices for a polytope).
    fn bounding_half_extents(&self) -> [f64; 3] {
        match self {
            FloatSolid::Box(h) => *h,
            FloatSolid::Polytope(p) => {
                std::array::from_fn(|i| p.vertices.iter().map(|v| v[i].abs()).fold(0.0, f64::max))
            }
            FloatSolid::Rounded(core, r) => std::array::from_fn(|i| {
                core.points().iter().map(|v| v[i].abs()).fold(0.0, f64::max) + r
            }),
        }
    }

    /// The solid as a polytope (a box by its 8 corners, 3 face normals and
    /// 3 edge directions).
    fn polytope(&self) -> Polytope {
        match self {
            FloatSolid::Polytope(p) => p.clone(),
            FloatSolid::Rounded(..) => unreachable!("a rounded solid has no polytope"),
            FloatSolid::Box(h) => {
                let half = h.map(|x| BigRational::from_float(x).expect("a finite half extent"));
                Polytope::of(&PolytopeData::of_box(&half))
            }
        }
    }
}

/// The relative placement of `b` in `a`'s frame and the two solids, in
/// `f64`.
struct FloatPair {
    motion: RelativeFloatMotion,
    shapes: PairShapes,
    /// Two boxes turning at constant angular velocities: the second-order
    /// steps (`taylor`).
    taylor: Option<TaylorBoxes>,
}

/// Two boxes (Table 1's gap), two polytopes (a box among them by its
/// corners), or a pair with a rounded solid (the distance of the cores
/// less the radii).
enum PairShapes {
    Boxes([f64; 3], [f64; 3]),
    Polytopes(Polytope, Polytope),
    Rounded(CoreShape, CoreShape, f64),
}

/// The core of a solid for the distance: a point, a segment or a polytope.
enum CoreShape {
    Core(Core),
    Polytope(Polytope),
}

impl CoreShape {
    /// The solid's core and radius.
    fn of(solid: &FloatSolid) -> (CoreShape, f64) {
        match solid {
            FloatSolid::Rounded(core, r) => (CoreShape::Core(core.clone()), *r),
            other => (CoreShape::Polytope(other.polytope()), 0.0),
        }
    }
}

impl FloatPair {
    /// The gap `g(t)` (module docs) and `b`'s placement in `a`'s frame;
    /// `None` when the placement is not defined at `t`.
    fn gap(&self, t: f64) -> Option<(f64, Affine<f64>)> {
        let (rotation, offset) = self.motion.eval(t)?;
        let gap = match &self.shapes {
            PairShapes::Boxes(ha, hb) => sat_gap(&rotation, &offset, ha, hb),
            PairShapes::Polytopes(a, b) => polytope_gap(&rotation, &offset, a, b),
            PairShapes::Rounded(a, b, reach) => {
                // two polytopes within a separation `d`: their distance
                // less `d` while apart, minus their depth less `d` when they
                // meet (so the walk through an overlap steps by the depth,
                // not by a tiny `d`)
                let meet = match (a, b) {
                    (CoreShape::Polytope(pa), CoreShape::Polytope(pb)) => {
                        Some(polytope_gap(&rotation, &offset, pa, pb)).filter(|g| *g <= 0.0)
                    }
                    _ => None,
                };
                let placed = |v: &Vec3<f64>| &offset + &rotation.mul_vec(v);
                meet.unwrap_or_else(|| core_distance(a, b, &placed)) - reach
            }
        };
        Some((gap, (rotation, offset)))
    }
}

/// The largest separation of two convex polytopes over the unit axes of
/// their Minkowski difference's faces: the face normals of each, and the
/// cross products of an edge of one with an edge of the other (`b`
/// placed by `rotation` and `offset` in `a`'s frame). As for two boxes
/// (module docs), positive exactly when they are apart and then at most
/// their distance, else minus their penetration depth.
fn polytope_gap(rotation: &Mat3<f64>, offset: &Vec3<f64>, a: &Polytope, b: &Polytope) -> f64 {
    let turn = |v: &Vec3<f64>| rotation.mul_vec(v);
    let b_vertices: Vec<Vec3<f64>> = b.vertices.iter().map(|v| offset + &turn(v)).collect();
    let b_normals: Vec<Vec3<f64>> = b.normals.iter().map(turn).collect();
    let b_edges: Vec<Vec3<f64>> = b.edges.iter().map(turn).collect();
    let range = |points: &[Vec3<f64>], l: &Vec3<f64>| {
        points
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                let x = p.dot(l);
                (lo.min(x), hi.max(x))
            })
    };
    let along = |l: &Vec3<f64>| -> f64 {
        let n = l.dot(l).sqrt();
        // parallel edges (or a degenerate normal): other axes cover it
        if n <= 1e-9 {
            return f64::NEG_INFINITY;
        }
        let (a_lo, a_hi) = range(&a.vertices, l);
        let (b_lo, b_hi) = range(&b_vertices, l);
        (b_lo - a_hi).max(a_lo - b_hi) / n
    };
    let mut best = f64::NEG_INFINITY;
    for l in a.normals.iter().chain(&b_normals) {
        best = best.max(along(l));
    }
    for ea in &a.edges {
        for eb in &b_edges {
            best = best.max(along(&ea.cross(eb)));
        }
    }
    best
}

/// The largest separation over the 15 unit axes of Table 1 of `a` (at the
/// origin, axis-aligned, half extents `ha`) and `b` (frame `rotation`,
/// centre `offset`, half extents `hb`).
///
/// Written out on the entries `r_ij = A_i . B_j` of `rotation` as in Table
/// 1 (no vector is built). For a rotation `B_m . B_j` is 1 or 0, and the
/// products `B_m . (A_i x B_j) = A_i . (B_j x B_m)` are `+-r_ik` (`k` the
/// third of `j`, `m`), so every radius is a sum of `|r_ij|` times half
/// extents. An axis's separation `|T . L| - r_a - r_b` is homogeneous of
/// degree one in `L`, so an edge axis `A_i x B_j` is divided by its length
/// `|A_i x B_j|` after the sum (every one: a branch per axis to skip the
/// division costs more in mispredictions than the division).
// the indices are Table 1's: i of a, j of b
#[allow(clippy::needless_range_loop)]
pub(super) fn sat_gap(
    rotation: &Mat3<f64>,
    offset: &Vec3<f64>,
    ha: &[f64; 3],
    hb: &[f64; 3],
) -> f64 {
    let r = &rotation.rows;
    let t = [offset.x, offset.y, offset.z];
    let abs: [[f64; 3]; 3] = std::array::from_fn(|i| std::array::from_fn(|j| r[i][j].abs()));
    let mut best = f64::NEG_INFINITY;
    // the faces of a: L = A_i
    for i in 0..3 {
        let rb = hb[0] * abs[i][0] + hb[1] * abs[i][1] + hb[2] * abs[i][2];
        best = best.max(t[i].abs() - ha[i] - rb);
    }
    // the faces of b: L = B_j
    for j in 0..3 {
        let ra = ha[0] * abs[0][j] + ha[1] * abs[1][j] + ha[2] * abs[2][j];
        let along = t[0] * r[0][j] + t[1] * r[1][j] + t[2] * r[2][j];
        best = best.max(along.abs() - ra - hb[j]);
    }
    // the edges: L = A_i x B_j, whose components i1, i2 (the other two
    // coordinates, in cyclic order) are -r_(i2 j) and r_(i1 j)
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let (l1, l2) = (-r[i2][j], r[i1][j]);
            let length_squared = l1 * l1 + l2 * l2;
            // parallel edges: the face axes cover this direction
            if length_squared <= 1e-18 {
                continue;
            }
            let ra = ha[i1] * abs[i2][j] + ha[i2] * abs[i1][j];
            // B_j x B_j1 = B_j2, B_j x B_j2 = -B_j1
            let rb = hb[j1] * abs[i][j2] + hb[j2] * abs[i][j1];
            let separation = (t[i1] * l1 + t[i2] * l2).abs() - ra - rb;
            best = best.max(separation / length_squared.sqrt());
        }
    }
    best
}

/// The distance of two cores, `a` in its own frame, `b` placed by `placed`.
/// With a rounded solid among them, `distance - r_a - r_b` is the gap: it
/// changes no faster than `L` and is positive exactly when the solids are
/// apart; where the cores meet it is `-(r_a + r_b)`, negative.
fn core_distance(a: &CoreShape, b: &CoreShape, placed: &dyn Fn(&Vec3<f64>) -> Vec3<f64>) -> f64 {
    let world = |core: &Core| match core {
        Core::Point(p) => Core::Point(placed(p)),
        Core::Segment(p, q) => Core::Segment(placed(p), placed(q)),
    };
    match (a, b) {
        (CoreShape::Core(x), CoreShape::Core(y)) => match (x, &world(y)) {
            (Core::Point(p), Core::Point(q)) => (p - q).dot(&(p - q)).sqrt(),
            (Core::Point(p), Core::Segment(q0, q1)) | (Core::Segment(q0, q1), Core::Point(p)) => {
                point_segment(p, q0, q1)
            }
            (Core::Segment(p0, p1), Core::Segment(q0, q1)) => segment_segment(p0, p1, q0, q1),
        },
        (CoreShape::Core(x), CoreShape::Polytope(poly)) => {
            let vertices: Vec<Vec3<f64>> = poly.vertices.iter().map(placed).collect();
            core_polytope(x, &vertices, &poly.faces)
        }
        (CoreShape::Polytope(poly), CoreShape::Core(y)) => {
            core_polytope(&world(y), &poly.vertices, &poly.faces)
        }
        (CoreShape::Polytope(pa), CoreShape::Polytope(pb)) => {
            // the closest pair of two convex polytopes has a point on an
            // edge of one of them (an edge crossing the other or ending in
            // it gives 0)
            let placed_b: Vec<Vec3<f64>> = pb.vertices.iter().map(placed).collect();
            let from_edges = |vertices: &[Vec3<f64>],
                              faces: &[Vec<usize>],
                              other: (&[Vec3<f64>], &[Vec<usize>])| {
                face_edges(faces)
                    .map(|(i, j)| {
                        let edge = Core::Segment(vertices[i].clone(), vertices[j].clone());
                        core_polytope(&edge, other.0, other.1)
                    })
                    .fold(f64::INFINITY, f64::min)
            };
            from_edges(&pa.vertices, &pa.faces, (&placed_b, &pb.faces)).min(from_edges(
                &placed_b,
                &pb.faces,
                (&pa.vertices, &pa.faces),
            ))
        }
    }
}

/// The edges of a polytope's faces, each once (as `(i, j)` with `i < j`).
fn face_edges(faces: &[Vec<usize>]) -> impl Iterator<Item = (usize, usize)> {
    let mut edges: Vec<(usize, usize)> = faces
        .iter()
        .flat_map(|f| {
            (0..f.len()).map(move |k| {
                (
                    f[k].min(f[(k + 1) % f.len()]),
                    f[k].max(f[(k + 1) % f.len()]),
                )
            })
        })
        .collect();
    edges.sort_unstable();
    edges.dedup();
    edges.into_iter()
}

fn point_segment(p: &Vec3<f64>, a: &Vec3<f64>, b: &Vec3<f64>) -> f64 {
    let ab = b - a;
    let len2 = ab.dot(&ab);
    let s = if len2 > 0.0 {
        ((p - a).dot(&ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let d = &(a + &ab.scale(&s)) - p;
    d.dot(&d).sqrt()
}

/// The distance of two segments: the clamped closest points of their
/// lines, each parameter re-clamped against the other's (the standard
/// closed form), degenerate segments as points.
fn segment_segment(p0: &Vec3<f64>, p1: &Vec3<f64>, q0: &Vec3<f64>, q1: &Vec3<f64>) -> f64 {
    let (d1, d2, r) = (p1 - p0, q1 - q0, p0 - q0);
    let (a, e, f) = (d1.dot(&d1), d2.dot(&d2), d2.dot(&r));
    if a <= 0.0 {
        return point_segment(p0, q0, q1);
    }
    if e <= 0.0 {
        return point_segment(q0, p0, p1);
    }
    let (b, c) = (d1.dot(&d2), d1.dot(&r));
    let denom = a * e - b * b;
    let mut s = if denom > 0.0 {
        ((b * f - c * e) / denom).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut t = (b * s + f) / e;
    if t < 0.0 {
        t = 0.0;
        s = (-c / a).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((b - c) / a).clamp(0.0, 1.0);
    }
    let d = &(p0 + &d1.scale(&s)) - &(q0 + &d2.scale(&t));
    d.dot(&d).sqrt()
}

/// Newell's normal of a planar polygon (`geom::polygon_normal`), unit;
/// zero for a degenerate one.
fn unit_polygon_normal(poly: &[&Vec3<f64>]) -> Vec3<f64> {
    let n = polygon_normal(poly);
    let len = n.dot(&n).sqrt();
    if len > 0.0 {
        n.scale(&(1.0 / len))
    } else {
        n
    }
}

/// True when `x` (on the polygon's plane) is in the closed convex polygon.
fn in_polygon(x: &Vec3<f64>, poly: &[&Vec3<f64>], n: &Vec3<f64>) -> bool {
    let signs = (0..poly.len()).map(|k| {
        let (v, w) = (poly[k], poly[(k + 1) % poly.len()]);
        n.dot(&(w - v).cross(&(x - v)))
    });
    let (mut pos, mut neg) = (false, false);
    for s in signs {
        pos |= s > 0.0;
        neg |= s < 0.0;
    }
    !(pos && neg)
}

fn point_polygon(p: &Vec3<f64>, poly: &[&Vec3<f64>], n: &Vec3<f64>) -> f64 {
    let h = n.dot(&(p - poly[0]));
    if in_polygon(&(p - &n.scale(&h)), poly, n) {
        return h.abs();
    }
    (0..poly.len())
        .map(|k| point_segment(p, poly[k], poly[(k + 1) % poly.len()]))
        .fold(f64::INFINITY, f64::min)
}

fn segment_polygon(p: &Vec3<f64>, q: &Vec3<f64>, poly: &[&Vec3<f64>], n: &Vec3<f64>) -> f64 {
    let (hp, hq) = (n.dot(&(p - poly[0])), n.dot(&(q - poly[0])));
    if hp * hq <= 0.0 && hp != hq {
        let x = p + &(q - p).scale(&(hp / (hp - hq)));
        if in_polygon(&x, poly, n) {
            return 0.0;
        }
    }
    let edges = (0..poly.len())
        .map(|k| segment_segment(p, q, poly[k], poly[(k + 1) % poly.len()]))
        .fold(f64::INFINITY, f64::min);
    edges
        .min(point_polygon(p, poly, n))
        .min(point_polygon(q, poly, n))
}

/// The distance of a point or a segment from a convex polytope (its
/// `vertices` placed, `faces` as vertex loops; one face: a flat polygon):
/// 0 when it meets the solid, else the least distance from a face.
fn core_polytope(core: &Core, vertices: &[Vec3<f64>], faces: &[Vec<usize>]) -> f64 {
    let centroid = vertices
        .iter()
        .fold(Vec3::new(0.0, 0.0, 0.0), |acc, v| &acc + v)
        .scale(&(1.0 / vertices.len() as f64));
    let polygons: Vec<(Vec<&Vec3<f64>>, Vec3<f64>)> = faces
        .iter()
        .map(|f| {
            let poly: Vec<&Vec3<f64>> = f.iter().map(|&i| &vertices[i]).collect();
            let n = unit_polygon_normal(&poly);
            // outward: away from the centroid (a flat polygon: either way)
            let n = if n.dot(&(&centroid - poly[0])) > 0.0 {
                n.scale(&-1.0)
            } else {
                n
            };
            (poly, n)
        })
        .collect();
    let solid = polygons.len() > 1;
    let inside = |x: &Vec3<f64>| {
        solid
            && polygons
                .iter()
                .all(|(poly, n)| n.dot(&(x - poly[0])) <= 0.0)
    };
    match core {
        Core::Point(p) if inside(p) => 0.0,
        Core::Point(p) => polygons
            .iter()
            .map(|(poly, n)| point_polygon(p, poly, n))
            .fold(f64::INFINITY, f64::min),
        Core::Segment(p, q) if inside(p) || inside(q) => 0.0,
        Core::Segment(p, q) => polygons
            .iter()
            .map(|(poly, n)| segment_polygon(p, q, poly, n))
            .fold(f64::INFINITY, f64::min),
    }
}

/// The largest speed of a point of the box with half extents `h` under the
/// motion prepared as `e`, over the interval: `|o'| + sum h_i |F_i'|`.
fn speed_bound(e: &crate::motion::MotionEnclosure, h: &[f64; 3], time: &Interval) -> Option<f64> {
    let v = e.velocity_over(time, 64)?;
    let magnitude = |x: &Interval| rational_to_f64(&x.magnitude().to_rational());
    let norm = |x: [f64; 3]| (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]).sqrt();
    let origin = norm(std::array::from_fn(|k| magnitude(&v.origin[k])));
    let frame: f64 = (0..3)
        .map(|i| h[i] * norm(std::array::from_fn(|k| magnitude(&v.frame[k][i]))))
        .sum();
    // a relative margin for the f64 rounding of the bound itself
    Some((origin + frame) * (1.0 + 1e-12))
}

/// The largest speed of a point of a solid whose points are at most
/// `radius` from its local origin under a rigid motion given in closed form, in `f64` with a relative margin for
/// its own rounding; `None` for the motions whose bound comes from the
/// certified velocity enclosures (`poses`, the rational ones).
///
/// * `static`: 0; `linear`: `|v|`;
/// * `angular` (`x = p + t v + exp(t [w]x) R (y - center)`): the velocity
///   is `v + w x R(t) (y - center)`, at most `|v| + |w| |y - center|`, and
///   over the solid `|y - center| <= |center| + radius`;
/// * `screw` (turn `angle` per unit time about the axis, slide `slide`
///   along it): a point at distance `r` from the axis moves at
///   `sqrt(slide^2 + (angle r)^2) <= |slide| + |angle| r`, and `r` does not
///   change under the motion: at most the distance of the solid's origin
///   (its pose at `t = 0`) from the axis plus `radius`.
fn closed_form_speed_bound(body: &Body, radius: f64) -> Option<f64> {
    use crate::motion::Motion;
    let f = |v: &Vec3<BigRational>| v.map(rational_to_f64);
    let norm = |v: &Vec3<f64>| v.dot(v).sqrt();
    let bound = match &body.motion {
        Motion::Static => 0.0,
        Motion::Linear { velocity } => norm(&f(velocity)),
        Motion::Angular {
            velocity,
            angular_velocity,
            center,
        } => norm(&f(velocity)) + norm(&f(angular_velocity)) * (norm(&f(center)) + radius),
        Motion::Screw {
            axis_point,
            axis_direction,
            angle,
            slide,
        } => {
            let d = f(axis_direction);
            let off = &f(&body.pose.translation) - &f(axis_point);
            let r = norm(&off.cross(&d)) / norm(&d);
            rational_to_f64(slide).abs() + rational_to_f64(angle).abs() * (r + radius)
        }
        _ => return None,
    };
    bound.is_finite().then_some(bound * (1.0 + 1e-12))
}

/// True when the `f64` time cells take the two shapes: boxes, triangles,
/// convex meshes, convex hulls, spheres and capsules (a non-convex mesh
/// not).
pub fn float_cells_take(a: &Body, b: &Body) -> bool {
    FloatSolid::of(&a.shape).is_some() && FloatSolid::of(&b.shape).is_some()
}

/// The first contact of two boxes, triangles or convex meshes over `[t0,
/// t1]` by the `f64` cell search (module docs). Not applicable to other
/// shapes (non-convex meshes included) and to motions without an
/// enclosure; a limit error past [`MAX_EVALUATIONS`] (a graze the search
/// cannot leave).
pub fn solve_box_cells_f64(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
) -> Result<FloatCellOutcome, Error> {
    solve_float_cells(a, b, interval, false, 0.0)
}

/// [`solve_box_cells_f64`] at a separation `d >= 0`: the gap is the
/// distance of the cores less the radii and `d` (two polytopes by the
/// distance of their edges to each other: `core_distance`).
pub fn solve_cells_f64_within(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    separation: &BigRational,
) -> Result<FloatCellOutcome, Error> {
    solve_float_cells(a, b, interval, false, rational_to_f64(separation))
}

/// [`solve_cells_f64_within`] stopped at the first contact: no contact
/// intervals (so a graze after the first contact does not stop it).
pub fn first_contact_cells_f64(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    separation: &BigRational,
) -> Result<FloatCellOutcome, Error> {
    solve_float_cells(a, b, interval, true, rational_to_f64(separation))
}

fn solve_float_cells(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    first_only: bool,
    separation: f64,
) -> Result<FloatCellOutcome, Error> {
    let (Some(sa), Some(sb)) = (FloatSolid::of(&a.shape), FloatSolid::of(&b.shape)) else {
        return Err(Error::not_applicable(
            "sat: time cells take boxes, triangles and convex meshes; a non-convex mesh under a transcendental motion is not solved by them",
        ));
    };
    let (t0, t1) = interval;
    let motion = relative_float_motion(a, b, t0, t1);
    // in a's frame a rests: the gap changes no faster than b's points move
    let relative_speed = match &motion {
        RelativeFloatMotion::InFrameOfA(m) => m
            .speed_bound(sb.radius())
            .filter(|v| v.is_finite())
            .map(|v| v * (1.0 + 1e-12)),
        _ => None,
    };
    let closed_form = || {
        Some(closed_form_speed_bound(a, sa.radius())? + closed_form_speed_bound(b, sb.radius())?)
    };
    let speed = match relative_speed.or_else(closed_form) {
        Some(v) => v,
        None => enclosure_speed_bound(a, b, interval, (&sa, &sb))?,
    };
    let shapes = match (&sa, &sb) {
        (FloatSolid::Box(ha), FloatSolid::Box(hb)) if separation == 0.0 => {
            PairShapes::Boxes(*ha, *hb)
        }
        _ if separation > 0.0 => {
            let ((ca, ra), (cb, rb)) = (CoreShape::of(&sa), CoreShape::of(&sb));
            PairShapes::Rounded(ca, cb, ra + rb + separation)
        }
        (FloatSolid::Rounded(..), _) | (_, FloatSolid::Rounded(..)) => {
            let ((ca, ra), (cb, rb)) = (CoreShape::of(&sa), CoreShape::of(&sb));
            PairShapes::Rounded(ca, cb, ra + rb)
        }
        _ => PairShapes::Polytopes(sa.polytope(), sb.polytope()),
    };
    let taylor = match &shapes {
        PairShapes::Boxes(ha, hb) => TaylorBoxes::new(&motion, *ha, *hb),
        _ => None,
    };
    let pair = FloatPair {
        motion,
        shapes,
        taylor,
    };
    search(
        &pair,
        speed,
        (rational_to_f64(t0), rational_to_f64(t1)),
        first_only,
    )
}

/// `L = s_a + s_b` from the motions' certified velocity enclosures over the
/// whole interval (for the motions without a closed-form bound).
fn enclosure_speed_bound(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    (sa, sb): (&FloatSolid, &FloatSolid),
) -> Result<f64, Error> {
    let (ha, hb) = (&sa.bounding_half_extents(), &sb.bounding_half_extents());
    let (ea, eb) = pair_enclosures(a, b, interval, 64).map_err(|e| {
        Error::not_applicable(format!(
            "sat: time cells need a placement enclosure, not {}",
            e.0
        ))
    })?;
    let whole = Interval::from_rationals(interval.0, interval.1, 64);
    match (speed_bound(&ea, ha, &whole), speed_bound(&eb, hb, &whole)) {
        (Some(sa), Some(sb)) => Ok(sa + sb),
        _ => Err(Error::not_applicable(
            "sat: time cells in f64 need a bounded velocity of both motions",
        )),
    }
}

/// Contact intervals less than this many time resolutions apart are one
/// (the gap between them is rounding: a touch found by the resolution just
/// before the sign change of `g`).
const MERGE: f64 = 64.0;

/// An instant and its gap `(t, g(t))`.
type Sample = (f64, f64);

fn undefined(t: f64) -> Error {
    Error::not_applicable(format!(
        "sat: the placement of a body is not defined at t = {t}"
    ))
}

/// The gap with its evaluation count and limit.
struct Gauge<'p> {
    pair: &'p FloatPair,
    /// The speed bound `L` of the module docs.
    speed: f64,
    /// The time resolution: `4 eps max(1, |t0|, |t1|)`.
    resolution: f64,
    evaluations: usize,
    /// The first contact, once found (for the limit error's message).
    first: Option<f64>,
    /// The interval `[t0, t1]`.
    start: f64,
    end: f64,
    /// The second-order steps of the last sample asked, `(t, (ahead,
    /// behind), behind asked)`.
    last_steps: Option<(f64, (f64, f64), bool)>,
    /// The placement of the last evaluation, `(t, placement)`, for the
    /// second-order steps at the same instant.
    last_placement: Option<(f64, Affine<f64>)>,
}

impl Gauge<'_> {
    fn gap(&mut self, t: f64) -> Result<f64, Error> {
        self.evaluations += 1;
        if self.evaluations > MAX_EVALUATIONS {
            let established = match self.first {
                Some(first) => format!(
                    "the first contact is at t = {first}, the contact intervals after it are not decided"
                ),
                None => "no contact before it".to_string(),
            };
            return Err(Error::limit_exceeded(format!(
                "sat time cells (f64): more than {MAX_EVALUATIONS} evaluations, the boxes stay within rounding of a touch near t = {t} (a graze); {established}"
            )));
        }
        let (gap, placement) = self.pair.gap(t).ok_or_else(|| undefined(t))?;
        self.last_placement = Some((t, placement));
        Ok(gap)
    }

    /// The length of the cell of a sample: `|g| / L`, at least the time
    /// resolution once a contact is known (after a contact the walk must
    /// leave it; module docs).
    fn cell(&mut self, (t, g): Sample) -> f64 {
        let cell = self
            .first_order_cell(g)
            .max(self.taylor_steps((t, g), false).0);
        if self.first.is_some() {
            cell.max(self.resolution)
        } else {
            cell
        }
    }

    /// The second-order steps ahead of and behind a sample, for two boxes
    /// turning at constant rates (`taylor`; `(0, 0)` otherwise), the last
    /// ones kept for the next cell; the step behind only when asked (else
    /// 0).
    fn taylor_steps(&mut self, (t, g): Sample, behind: bool) -> (f64, f64) {
        let Some(taylor) = &self.pair.taylor else {
            return (0.0, 0.0);
        };
        if g.abs() > taylor.near_gap() {
            return (0.0, 0.0);
        }
        if let Some((at, steps, with_behind)) = self.last_steps {
            if at == t && (with_behind || !behind) {
                return steps;
            }
        }
        let behind_horizon = if behind {
            (t - self.start).max(0.0)
        } else {
            0.0
        };
        let horizon = ((self.end - t).max(0.0), behind_horizon);
        let placement = self
            .last_placement
            .as_ref()
            .filter(|(at, _)| *at == t)
            .map(|(_, placement)| placement);
        let steps = taylor.steps_placed(t, placement, horizon, g > 0.0);
        self.last_steps = Some((t, steps, behind));
        steps
    }

    /// The first-order cell `|g| / L` of a sample.
    fn first_order_cell(&self, g: f64) -> f64 {
        g.abs() / self.speed
    }
}

/// Where a walk over cells of one sign stopped.
enum Walk {
    /// The sign holds up to `t1`.
    Holds,
    /// The sign changes in `[last, next]`: `last` has the walk's sign,
    /// `next` the other.
    Changes(Sample, Sample),
    /// Closer to a touch than the time resolution at this separated
    /// instant, before any contact (taken as the first contact).
    Touch(Sample),
}

/// The walk of the module docs from `lo` over cells of the sign of
/// `g(lo)` (separated `g > 0`, overlapping `g <= 0`: the depth `-g`
/// changes no faster than `L` either) until the sign changes or `t1`.
///
/// A probe whose cell behind does not meet `lo`'s cell is kept: the walk
/// steps by `lo`'s cell and jumps to the probe as soon as the cells of the
/// two samples cover the time between them (where the gap stays about the
/// same, one evaluation per cell instead of two).
fn walk(gauge: &mut Gauge<'_>, mut lo: Sample, t1: f64) -> Result<Walk, Error> {
    let separated = lo.1 > 0.0;
    let same = |g: f64| (g > 0.0) == separated;
    // a sample ahead of `lo`, of the walk's sign, not yet reached, with
    // its second-order step behind once computed
    let mut ahead: Option<(Sample, Option<f64>)> = None;
    loop {
        crate::budget::check()?;
        if lo.0 >= t1 {
            return Ok(Walk::Holds);
        }
        let cell = gauge.cell(lo);
        if gauge.first_order_cell(lo.1) <= gauge.resolution && gauge.first.is_none() {
            // closer than the time resolution: a touch at `lo`
            return Ok(Walk::Touch(lo));
        }
        let (probe, mut behind) = match ahead.take() {
            Some(kept) => kept,
            None => {
                // a probe two cells ahead: the other sign there brackets
                // the change (the first cell is certified, a change in the
                // second is taken)
                let t = (lo.0 + 2.0 * cell).min(t1);
                let gp = gauge.gap(t)?;
                if !same(gp) {
                    return Ok(Walk::Changes(lo, (t, gp)));
                }
                ((t, gp), None)
            }
        };
        if covered(gauge, lo, cell, probe, &mut behind) {
            // both ends' cells cover [lo, probe]: the sign holds
            lo = probe;
            continue;
        }
        let next = (lo.0 + cell).min(t1);
        let gn = gauge.gap(next)?;
        if !same(gn) {
            return Ok(Walk::Changes(lo, (next, gn)));
        }
        lo = (next, gn);
        if next < probe.0 {
            ahead = Some((probe, behind));
        }
    }
}

/// True when the cell of `lo` (of length `cell`) and the cell behind the
/// later sample `probe` cover the time between them: the first-order
/// cells (the gaps' magnitudes add up to more than `L` times the distance)
/// or the second-order step behind the probe (computed once, kept in
/// `behind`).
fn covered(
    gauge: &mut Gauge<'_>,
    lo: Sample,
    cell: f64,
    probe: Sample,
    behind: &mut Option<f64>,
) -> bool {
    let between = probe.0 - lo.0;
    if lo.1.abs() + probe.1.abs() > gauge.speed * between {
        return true;
    }
    let step = *behind.get_or_insert_with(|| gauge.taylor_steps(probe, true).1);
    cell + step >= between
}

/// The search of the module docs with the speed bound `speed`: the first
/// contact, then the contact intervals by walks of alternating sign.
fn search(
    pair: &FloatPair,
    speed: f64,
    (t0, t1): (f64, f64),
    first_only: bool,
) -> Result<FloatCellOutcome, Error> {
    let scale = t0.abs().max(t1.abs()).max(1.0);
    let mut gauge = Gauge {
        pair,
        speed,
        resolution: 4.0 * f64::EPSILON * scale,
        evaluations: 0,
        first: None,
        start: t0,
        end: t1,
        last_steps: None,
        last_placement: None,
    };
    let mut lo: Sample = (t0, gauge.gap(t0)?);
    let mut intervals: Vec<(f64, f64)> = Vec::new();
    // the start of the contact interval being walked, if any
    let mut open: Option<f64> = (lo.1 <= 0.0).then_some(t0);
    gauge.first = open;
    loop {
        if first_only && gauge.first.is_some() {
            return Ok(FloatCellOutcome {
                collides: true,
                initially_overlapping: gauge.first == Some(t0),
                first_contact: gauge.first,
                contact_intervals: Vec::new(),
                evaluations: gauge.evaluations,
            });
        }
        match walk(&mut gauge, lo, t1)? {
            Walk::Holds => {
                if let Some(start) = open.take() {
                    intervals.push((start, t1));
                }
                break;
            }
            Walk::Touch(at) => {
                // a touch of zero length within rounding: the walk after it
                // takes steps of at least the resolution
                gauge.first = Some(at.0);
                open = Some(at.0);
                let next = (at.0 + gauge.resolution).min(t1);
                let gn = gauge.gap(next)?;
                if gn > 0.0 {
                    intervals.push((at.0, at.0));
                    open = None;
                }
                if next >= t1 {
                    if let Some(start) = open.take() {
                        intervals.push((start, t1));
                    }
                    break;
                }
                lo = (next, gn);
            }
            Walk::Changes(last, next) => {
                let (separated, overlapping) = if last.1 > 0.0 {
                    (last, next)
                } else {
                    (next, last)
                };
                let change = illinois(&mut gauge, separated, overlapping)?;
                match open.take() {
                    // entering: the first overlapping instant found
                    None => {
                        let t = change.overlapping.0;
                        gauge.first.get_or_insert(t);
                        // an entry within rounding of the last exit
                        // continues that contact interval
                        open = Some(match intervals.last() {
                            Some(&(start, end)) if t - end <= MERGE * gauge.resolution => {
                                intervals.pop();
                                start
                            }
                            _ => t,
                        });
                        lo = change.overlapping;
                    }
                    // leaving: the last overlapping instant found
                    Some(start) => {
                        intervals.push((start, change.overlapping.0));
                        lo = change.separated;
                    }
                }
            }
        }
    }
    let first_contact = intervals.first().map(|c| c.0);
    Ok(FloatCellOutcome {
        collides: first_contact.is_some(),
        initially_overlapping: first_contact == Some(t0),
        first_contact,
        contact_intervals: intervals,
        evaluations: gauge.evaluations,
    })
}

/// The two ends of a sign change of `g`, at most the time resolution apart.
struct Change {
    separated: Sample,
    overlapping: Sample,
}

/// The sign change of `g` between a separated and an overlapping sample
/// (in either order) by the Illinois variant of regula falsi, to the
/// resolution.
fn illinois(
    gauge: &mut Gauge<'_>,
    mut separated: Sample,
    mut overlapping: Sample,
) -> Result<Change, Error> {
    // the end kept twice in a row has its value halved; kept four times
    // in a row (a value of exactly 0 at the other end stalls the secant),
    // the step is a bisection
    let mut kept: i32 = 0;
    while (overlapping.0 - separated.0).abs() > gauge.resolution {
        let (a, b) = (separated, overlapping);
        let (lo, hi) = (a.0.min(b.0), a.0.max(b.0));
        let t = if kept.abs() >= 4 {
            lo + (hi - lo) / 2.0
        } else {
            let secant = a.0 + (b.0 - a.0) * a.1 / (a.1 - b.1);
            // at least a quarter of the resolution (an ulp) and a small
            // part of the bracket inside (near the end the secant converges
            // to, a larger part would cost steps: a 64th cost 9 of the 36
            // evaluations of the median angular scenario)
            let margin = ((hi - lo) / 4096.0).max(gauge.resolution / 4.0);
            secant.clamp(lo + margin, hi - margin)
        };
        let g = gauge.gap(t)?;
        if g <= 0.0 {
            overlapping = (t, g);
            if kept < 0 {
                separated.1 /= 2.0;
            }
            kept = kept.min(0) - 1;
        } else {
            separated = (t, g);
            if kept > 0 {
                overlapping.1 /= 2.0;
            }
            kept = kept.max(0) + 1;
        }
    }
    Ok(Change {
        separated,
        overlapping,
    })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A rotation from a (non-zero) quaternion.
    pub(in crate::solver::sat::cells) fn rotation(q: [f64; 4]) -> Mat3<f64> {
        let n = q.iter().map(|x| x * x).sum::<f64>();
        let [w, x, y, z] = q;
        let s = 2.0 / n;
        Mat3::from_rows([
            [
                1.0 - s * (y * y + z * z),
                s * (x * y - w * z),
                s * (x * z + w * y),
            ],
            [
                s * (x * y + w * z),
                1.0 - s * (x * x + z * z),
                s * (y * z - w * x),
            ],
            [
                s * (x * z - w * y),
                s * (y * z + w * x),
                1.0 - s * (x * x + y * y),
            ],
        ])
    }

    proptest! {
        /// A box written as a polytope (8 corners, 3 face normals, 3 edge
        /// directions) has Table 1's gap: the polytope gap and the box gap
        /// are one function.
        #[test]
        fn a_box_as_a_polytope_has_the_box_gap(
            ha in proptest::array::uniform3(0.1f64..2.0),
            hb in proptest::array::uniform3(0.1f64..2.0),
            q in proptest::array::uniform4(-1.0f64..1.0),
            o in proptest::array::uniform3(-4.0f64..4.0),
        ) {
            prop_assume!(q.iter().map(|x| x * x).sum::<f64>() > 0.01);
            let r = rotation(q);
            let offset = Vec3::from_array(o);
            let boxes = sat_gap(&r, &offset, &ha, &hb);
            let (pa, pb) = (FloatSolid::Box(ha).polytope(), FloatSolid::Box(hb).polytope());
            let polytopes = polytope_gap(&r, &offset, &pa, &pb);
            prop_assert!((boxes - polytopes).abs() <= 1e-12 * (1.0 + boxes.abs()), "{boxes} {polytopes}");
        }
    }

    proptest! {
        /// The distance of a point from a box written as a polytope is the
        /// closed form: the distance from its clamp into the box.
        #[test]
        fn a_point_is_as_far_from_the_box_polytope_as_from_its_clamp(
            h in proptest::array::uniform3(0.1f64..2.0),
            p in proptest::array::uniform3(-4.0f64..4.0),
        ) {
            let cube = FloatSolid::Box(h).polytope();
            let got = core_polytope(&Core::Point(Vec3::from_array(p)), &cube.vertices, &cube.faces);
            let d: f64 = (0..3).map(|k| (p[k] - p[k].clamp(-h[k], h[k])).powi(2)).sum::<f64>().sqrt();
            prop_assert!((got - d).abs() <= 1e-12, "{got} {d}");
        }

        /// The distance of two segments is the least distance over dense
        /// samples of both (up to the sampling's resolution) and never more.
        #[test]
        fn the_segment_distance_is_the_sampled_minimum(
            p0 in proptest::array::uniform3(-2.0f64..2.0),
            p1 in proptest::array::uniform3(-2.0f64..2.0),
            q0 in proptest::array::uniform3(-2.0f64..2.0),
            q1 in proptest::array::uniform3(-2.0f64..2.0),
        ) {
            let v = Vec3::from_array;
            let (p0, p1, q0, q1) = (v(p0), v(p1), v(q0), v(q1));
            let got = segment_segment(&p0, &p1, &q0, &q1);
            let n = 400;
            let mut sampled = f64::INFINITY;
            for i in 0..=n {
                let x = &p0 + &(&p1 - &p0).scale(&(i as f64 / n as f64));
                sampled = sampled.min(point_segment(&x, &q0, &q1));
            }
            // the sampled points are 1/400 of a segment of length <= 7 apart
            prop_assert!(got <= sampled + 1e-12 && sampled <= got + 7.0 / 400.0, "{got} {sampled}");
        }
    }

    /// A triangle in the plane `z = 0` against the unit cube moved along
    /// `z`: apart by the gap along the normal, overlapping by minus the
    /// depth; beside the cube in the plane, apart along an in-plane axis.
    #[test]
    fn a_triangle_over_a_cube_by_hand() {
        let tri = Shape::Triangle(crate::geom::Triangle {
            vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]]
                .map(|v| Vec3::from_array(v.map(|x: i64| BigRational::from_integer(x.into())))),
        });
        let FloatSolid::Polytope(t) = FloatSolid::of(&tri).unwrap() else {
            panic!("a polytope")
        };
        let cube = FloatSolid::Box([0.5; 3]).polytope();
        let at = |x: f64, y: f64, z: f64| {
            polytope_gap(&Mat3::identity(), &Vec3::new(x, y, z), &t, &cube)
        };
        assert!((at(0.2, 0.2, 0.75) - 0.25).abs() < 1e-15);
        assert!((at(0.2, 0.2, 0.25) + 0.25).abs() < 1e-15);
        assert!((at(-0.75, 0.2, 0.0) - 0.25).abs() < 1e-15);
    }
}
