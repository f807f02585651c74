//! Buss's collision events under any rigid motion, over certified time
//! cells: glide's exact answer for two boxes whose relative motion is not
//! one glide rotation from `t0` (`angular` motions, a `screw` that starts
//! at `t0 != 0`, turns 3 radians or more or moves against a moving body,
//! `poses` of both bodies that glide's relative screw refuses).
//!
//! Buss, "Collision Detection with Glide Rotations", section 5: a
//! collision of two polyhedra is a vertex of one on a face of the other
//! (FV, VF) or an edge of one crossing an edge of the other (EE). The
//! analytic variant writes these events as polynomials in the glide
//! parameter; here they are the same conditions written in the time
//! itself, evaluated over time cells by certified interval arithmetic on
//! the placement enclosures of `motion::enclosure` (`sin`, `cos` and `π`
//! enclosed by rationals; no float):
//!
//! * **FV** (vertex `s` of `b`, face `±k` of `a`): in `a`'s frame the vertex
//!   is `x = D + R (s ⊙ h_b)` (`R = F_a^T F_b`, `D = F_a^T (o_b - o_a)`);
//!   the event is `±x_k - h_{a,k} = 0` with `|x_j| <= h_{a,j}` for `j != k`.
//!   VF is the same with the boxes' roles swapped.
//! * **EE** (edge along `e_i` of `a` through `c_a`, edge along `R_j` of `b`
//!   through `q`): the event is `n . (q - c_a) = 0` with `n = e_i x R_j`,
//!   and the crossing's parameters `λ |n|^2 = ((q - c_a) x R_j) . n`, `μ
//!   |n|^2 = ((q - c_a) x e_i) . n` within the half lengths; the edges'
//!   bounding boxes must meet.
//!
//! **Why events suffice.** The set of times at which the closed boxes
//! intersect changes only at a time where they touch with disjoint
//! interiors; there the contact set lies in a separating plane, and an
//! extreme point of it is a vertex of one box on a face of the other or a
//! crossing of two non-parallel edges: an FV, VF or EE event. So a cell on
//! which every event is excluded (its function's enclosure misses zero, or
//! its inside conditions fail) is **clear**: the boxes intersect at all of
//! it or at none of it. A cell where some event is not excluded is
//! **intersecting** when a vertex of one box is proved strictly inside the
//! other, or an edge proved to cross a face strictly, over the whole cell;
//! else it is bisected until narrower than 1/32 of the target width
//! `2^-precision max(1, |t|)` and left a **candidate**.
//!
//! A run of clear cells takes the state of an intersecting cell next to it,
//! else the state proved by a static test at one instant in it (a vertex
//! strictly inside or an edge strictly crossing a face: intersecting; a
//! positive separation along one of the 15 axes of the boxes' faces and
//! edges: disjoint). A run of candidate cells between a disjoint and an
//! intersecting state holds a contact's start (or end): the first contact
//! is enclosed by the first such run, the contact intervals by all of them.
//! A candidate run with the same state on both sides (a graze, or a near
//! touch the arithmetic does not resolve) stops the solve with a limit
//! error that says what was established, as sat's time cells do.
//!
//! This method shares the placement enclosures and the interval arithmetic
//! with sat's time cells, not their decisions: sat proves cells separated
//! along axes and overlapping by interior points, this method excludes
//! feature events; the differential oracle compares the two answers.
#![deny(clippy::float_arithmetic)]

use super::events::EventKind;
use super::float_geometry::EventGeometry;
use crate::geom::{BoxEdge, BoxFace, BoxShape, BoxVertex, Feature, Mesh, Pose, Shape};
use crate::motion::{
    exact_pose_at_start, magnitude_bits, pair_enclosures, Body, IntervalVec, Motion,
    MotionEnclosure, PlacementEnclosure, PlacementVelocity,
};
use crate::scalar::interval::{Dyad, Interval};
use crate::scalar::{rational_to_f64, BigRational};
use crate::Error;
use num_traits::Zero;

/// The most cells one solve visits before it stops (status 3).
pub const MAX_CELLS: usize = 400_000;

/// The most consecutive candidate cells at the narrowest width: a longer
/// run is a contact over a span (a vertex sliding in a face's plane) or a
/// near touch the arithmetic does not resolve, and the search stops.
const MAX_CANDIDATE_RUN: usize = 32;

/// Bits carried beyond the requested precision.
const EXTRA_BITS: u64 = 48;

/// One feature event: its kind and the features of `a` and `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureEvent {
    /// FV, VF or EE.
    pub kind: EventKind,
    /// `a`'s feature.
    pub a: Feature,
    /// `b`'s feature.
    pub b: Feature,
}

/// A time of the answer: exact (`t0` or `t1`) or an enclosure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventCellTime {
    /// Exactly this time.
    Exact(BigRational),
    /// `lower <= time <= upper`.
    Enclosure(BigRational, BigRational),
}

/// What the event cells found.
#[derive(Clone, Debug)]
pub struct EventCellOutcome {
    /// The closed boxes intersect at `t0`.
    pub initially_overlapping: bool,
    /// The first contact: its time and, after a disjoint start, the event
    /// not excluded there with its place and normal in `f64`.
    pub first: Option<(EventCellTime, Option<(FeatureEvent, EventGeometry)>)>,
    /// The contact intervals, in order; `None` when the search stopped
    /// after the first contact was established (not all computed).
    pub contact_intervals: Option<Vec<(EventCellTime, EventCellTime)>>,
    /// Cells classified.
    pub cells: usize,
}

/// The relative placement of the boxes over a cell (or at an instant), in
/// `a`'s frame: `R = F_a^T F_b` (`r[i][j]`), `D = F_a^T (o_b - o_a)`, and
/// in `b`'s frame `D' = F_b^T (o_a - o_b)`; or the time derivatives of
/// these (`relative_rate`).
struct Relative {
    r: [[Interval; 3]; 3],
    d: IntervalVec,
    d_in_b: IntervalVec,
}

fn sum3(term: impl Fn(usize) -> Interval, p: u64) -> Interval {
    term(0).add(&term(1), p).add(&term(2), p)
}

fn relative(pa: &PlacementEnclosure, pb: &PlacementEnclosure, p: u64) -> Relative {
    let ob_oa: IntervalVec = std::array::from_fn(|k| pb.origin[k].sub(&pa.origin[k], p));
    let (fa, fb) = (&pa.frame, &pb.frame);
    Relative {
        r: std::array::from_fn(|i| {
            std::array::from_fn(|j| sum3(|k| fa[k][i].mul(&fb[k][j], p), p))
        }),
        d: std::array::from_fn(|i| sum3(|k| fa[k][i].mul(&ob_oa[k], p), p)),
        d_in_b: std::array::from_fn(|j| sum3(|k| fb[k][j].mul(&ob_oa[k], p), p).neg()),
    }
}

/// The time derivative of [`relative`] over a cell, from the placements
/// and their velocities over it (product rule).
fn relative_rate(
    (pa, va): (&PlacementEnclosure, &PlacementVelocity),
    (pb, vb): (&PlacementEnclosure, &PlacementVelocity),
    p: u64,
) -> Relative {
    let ob_oa: IntervalVec = std::array::from_fn(|k| pb.origin[k].sub(&pa.origin[k], p));
    let rate: IntervalVec = std::array::from_fn(|k| vb.origin[k].sub(&va.origin[k], p));
    let (fa, fb, ga, gb) = (&pa.frame, &pb.frame, &va.frame, &vb.frame);
    Relative {
        r: std::array::from_fn(|i| {
            std::array::from_fn(|j| {
                sum3(
                    |k| {
                        ga[k][i]
                            .mul(&fb[k][j], p)
                            .add(&fa[k][i].mul(&gb[k][j], p), p)
                    },
                    p,
                )
            })
        }),
        d: std::array::from_fn(|i| {
            sum3(
                |k| {
                    ga[k][i]
                        .mul(&ob_oa[k], p)
                        .add(&fa[k][i].mul(&rate[k], p), p)
                },
                p,
            )
        }),
        d_in_b: std::array::from_fn(|j| {
            sum3(
                |k| {
                    gb[k][j]
                        .mul(&ob_oa[k], p)
                        .add(&fb[k][j].mul(&rate[k], p), p)
                },
                p,
            )
            .neg()
        }),
    }
}

/// The mean-value form `f(m) + f'(cell) [-w/2, w/2]` of a quantity over a
/// cell, intersected with its plain enclosure `over` (both hold it).
fn mean_value(
    mid: &Interval,
    rate: &Interval,
    over: &Interval,
    half: &Interval,
    p: u64,
) -> Interval {
    let mv = mid.add(&rate.mul(half, p), p);
    mv.intersect(over).unwrap_or(mv)
}

/// The relative placement over a cell: at its midpoint, over it, its
/// derivative over it, and the cell's half width `[-w/2, w/2]`.
struct CellRelative {
    mid: Relative,
    over: Relative,
    rate: Relative,
    half: Interval,
}

/// One box seen from the other: the seen box's axis `j` in the viewer's
/// coordinate `i` (`m[i][j]`), the seen box's centre `c` (or the rates of
/// both), and the seen box's half extents.
struct View<'a> {
    m: [[Interval; 3]; 3],
    c: &'a IntervalVec,
    seen: &'a [Interval; 3],
}

impl Relative {
    /// `b` seen from `a` (`swap` false) or `a` seen from `b`; `seen` the
    /// half extents of the seen box.
    fn view<'a>(&'a self, swap: bool, seen: &'a [Interval; 3]) -> View<'a> {
        if swap {
            View {
                m: std::array::from_fn(|i| std::array::from_fn(|j| self.r[j][i].clone())),
                c: &self.d_in_b,
                seen,
            }
        } else {
            View {
                m: self.r.clone(),
                c: &self.d,
                seen,
            }
        }
    }
}

fn signs(index: usize) -> [bool; 3] {
    std::array::from_fn(|k| index >> k & 1 == 1)
}

fn pm(x: &Interval, positive: bool) -> Interval {
    if positive {
        x.clone()
    } else {
        x.neg()
    }
}

/// `x` may lie in `[-h, h]` (not proved outside).
fn may_be_within(x: &Interval, h: &Interval) -> bool {
    x.lo() <= h.hi() && &x.hi().neg() <= h.hi()
}

/// `x` is proved strictly inside `(-h, h)`.
fn strictly_within(x: &Interval, h: &Interval) -> bool {
    x.hi() < h.lo() && &x.lo().neg() < h.lo()
}

fn contains_zero(x: &Interval) -> bool {
    x.contains(&Dyad::zero())
}

type Vertices = [IntervalVec; 8];

impl View<'_> {
    /// The seen box's eight vertices (signs `signs(v)`) in the viewer's
    /// frame.
    fn vertices(&self, p: u64) -> Vertices {
        let columns: [IntervalVec; 3] =
            std::array::from_fn(|j| std::array::from_fn(|i| self.m[i][j].mul(&self.seen[j], p)));
        std::array::from_fn(|v| {
            let s = signs(v);
            std::array::from_fn(|i| {
                (0..3).fold(self.c[i].clone(), |acc, j| {
                    if s[j] {
                        acc.add(&columns[j][i], p)
                    } else {
                        acc.sub(&columns[j][i], p)
                    }
                })
            })
        })
    }
}

/// The seen box's vertices over a cell in the mean-value form.
fn cell_vertices(cell: &CellRelative, swap: bool, seen: &[Interval; 3], p: u64) -> Vertices {
    let mid = cell.mid.view(swap, seen).vertices(p);
    let over = cell.over.view(swap, seen).vertices(p);
    let rate = cell.rate.view(swap, seen).vertices(p);
    std::array::from_fn(|v| {
        std::array::from_fn(|i| mean_value(&mid[v][i], &rate[v][i], &over[v][i], &cell.half, p))
    })
}

/// The first vertex-face event of the seen box's vertices against the
/// viewer's faces (half extents `viewer`) that is not excluded.
fn open_vertex_face(
    vertices: &Vertices,
    viewer: &[Interval; 3],
    p: u64,
) -> Option<([bool; 3], BoxFace)> {
    for (v, x) in vertices.iter().enumerate() {
        // a coordinate outside its slab puts the vertex on no face of the
        // viewer (each face lies in the other two slabs and on the third's
        // boundary)
        if !(0..3).all(|j| may_be_within(&x[j], &viewer[j])) {
            continue;
        }
        for k in 0..3 {
            for positive in [false, true] {
                if contains_zero(&pm(&x[k], positive).sub(&viewer[k], p)) {
                    return Some((signs(v), BoxFace { axis: k, positive }));
                }
            }
        }
    }
    None
}

/// A vertex proved strictly inside the viewer.
fn vertex_strictly_inside(vertices: &Vertices, viewer: &[Interval; 3]) -> bool {
    vertices
        .iter()
        .any(|x| (0..3).all(|j| strictly_within(&x[j], &viewer[j])))
}

/// An edge of the seen box proved to cross a face of the viewer strictly:
/// its ends strictly on both sides of the face's plane and the crossing
/// strictly inside the face.
fn edge_strictly_crosses(vertices: &Vertices, viewer: &[Interval; 3], p: u64) -> bool {
    for (u, x1) in vertices.iter().enumerate() {
        for axis in 0..3 {
            if u >> axis & 1 == 1 {
                continue;
            }
            let x2 = &vertices[u | 1 << axis];
            for k in 0..3 {
                for positive in [false, true] {
                    let g1 = pm(&x1[k], positive).sub(&viewer[k], p);
                    let g2 = pm(&x2[k], positive).sub(&viewer[k], p);
                    let crossing = (g1.is_negative() && g2.is_positive())
                        || (g1.is_positive() && g2.is_negative());
                    if !crossing {
                        continue;
                    }
                    let Some(w) = g1.div(&g1.sub(&g2, p), p) else {
                        continue;
                    };
                    let inside = (0..3).filter(|&j| j != k).all(|j| {
                        let at = x1[j].add(&w.mul(&x2[j].sub(&x1[j], p), p), p);
                        strictly_within(&at, &viewer[j])
                    });
                    if inside {
                        return true;
                    }
                }
            }
        }
    }
    false
}

fn cross(u: &IntervalVec, v: &IntervalVec, p: u64) -> IntervalVec {
    [
        u[1].mul(&v[2], p).sub(&u[2].mul(&v[1], p), p),
        u[2].mul(&v[0], p).sub(&u[0].mul(&v[2], p), p),
        u[0].mul(&v[1], p).sub(&u[1].mul(&v[0], p), p),
    ]
}

/// `e_i x v`.
fn cross_unit(i: usize, v: &IntervalVec) -> IntervalVec {
    let zero = Interval::from_i64(0);
    match i {
        0 => [zero, v[2].neg(), v[1].clone()],
        1 => [v[2].clone(), zero, v[0].neg()],
        _ => [v[1].neg(), v[0].clone(), zero],
    }
}

fn dot(u: &IntervalVec, v: &IntervalVec, p: u64) -> Interval {
    sum3(|k| u[k].mul(&v[k], p), p)
}

fn unit(i: usize) -> IntervalVec {
    std::array::from_fn(|k| Interval::from_i64(i64::from(k == i)))
}

fn column(r: &[[Interval; 3]; 3], j: usize) -> IntervalVec {
    std::array::from_fn(|m| r[m][j].clone())
}

/// The centre of `b`'s edge along axis `j` with signs `sb` (of the other
/// two axes, in order `j + 1`, `j + 2`) in `a`'s frame: `D + R c_b` (or
/// its rate).
fn b_edge_centre(rel: &Relative, hb: &[Interval; 3], j: usize, sb: usize, p: u64) -> IntervalVec {
    let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
    std::array::from_fn(|m| {
        rel.d[m]
            .add(&pm(&rel.r[m][j1].mul(&hb[j1], p), sb & 1 == 1), p)
            .add(&pm(&rel.r[m][j2].mul(&hb[j2], p), sb & 2 == 2), p)
    })
}

/// The centre of `a`'s edge along axis `i` with signs `sa`.
fn a_edge_centre(ha: &[Interval; 3], i: usize, sa: usize) -> IntervalVec {
    let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
    let mut c: IntervalVec = std::array::from_fn(|_| Interval::from_i64(0));
    c[i1] = pm(&ha[i1], sa & 1 == 1);
    c[i2] = pm(&ha[i2], sa & 2 == 2);
    c
}

fn box_edge(axis: usize, s: usize) -> BoxEdge {
    let mut positive = [false; 3];
    positive[(axis + 1) % 3] = s & 1 == 1;
    positive[(axis + 2) % 3] = s & 2 == 2;
    BoxEdge { axis, positive }
}

/// The first edge-edge event (module docs) not excluded over the cell:
/// `f = n . (q - c_a)` in the mean-value form `f' = n' . (q - c_a) + n .
/// q'`, then the inside conditions over the cell.
fn open_edge_edge(
    cell: &CellRelative,
    ha: &[Interval; 3],
    hb: &[Interval; 3],
    p: u64,
) -> Option<(BoxEdge, BoxEdge)> {
    let centres = |rel: &Relative| -> [[IntervalVec; 4]; 3] {
        std::array::from_fn(|j| std::array::from_fn(|sb| b_edge_centre(rel, hb, j, sb, p)))
    };
    let (q_mid, q_over, q_rate) = (centres(&cell.mid), centres(&cell.over), centres(&cell.rate));
    let a_centres: [[IntervalVec; 4]; 3] =
        std::array::from_fn(|i| std::array::from_fn(|sa| a_edge_centre(ha, i, sa)));
    for (i, a_centres_i) in a_centres.iter().enumerate() {
        for j in 0..3 {
            let n_mid = cross_unit(i, &column(&cell.mid.r, j));
            let n_over = cross_unit(i, &column(&cell.over.r, j));
            let n_rate = cross_unit(i, &column(&cell.rate.r, j));
            for sb in 0..4 {
                let nq_mid = dot(&n_mid, &q_mid[j][sb], p);
                let nq_over = dot(&n_over, &q_over[j][sb], p);
                let nq_rate =
                    dot(&n_rate, &q_over[j][sb], p).add(&dot(&n_over, &q_rate[j][sb], p), p);
                for (sa, ca) in a_centres_i.iter().enumerate() {
                    let f_over = nq_over.sub(&dot(&n_over, ca, p), p);
                    if !contains_zero(&f_over) {
                        continue;
                    }
                    let f_mid = nq_mid.sub(&dot(&n_mid, ca, p), p);
                    let f_rate = nq_rate.sub(&dot(&n_rate, ca, p), p);
                    if !contains_zero(&mean_value(&f_mid, &f_rate, &f_over, &cell.half, p)) {
                        continue;
                    }
                    let d = column(&cell.over.r, j);
                    if edge_pair_may_cross(ca, i, ha, &q_over[j][sb], &d, &hb[j], &n_over, p) {
                        return Some((box_edge(i, sa), box_edge(j, sb)));
                    }
                }
            }
        }
    }
    None
}

/// `|x| <= h |n|^2` may hold for `x = λ |n|^2` (not proved false).
fn parameter_may_fit(x: &Interval, h: &Interval, nn: &Interval, p: u64) -> bool {
    may_be_within(x, &h.mul(nn, p))
}

/// The inside conditions of an edge-edge event (module docs): the edges'
/// bounding boxes meet and both crossing parameters may lie within the
/// half lengths.
#[allow(clippy::too_many_arguments)]
fn edge_pair_may_cross(
    ca: &IntervalVec,
    i: usize,
    ha: &[Interval; 3],
    q: &IntervalVec,
    d: &IntervalVec,
    hbj: &Interval,
    n: &IntervalVec,
    p: u64,
) -> bool {
    for m in 0..3 {
        let (a_lo, a_hi) = if m == i {
            (ha[i].hi().neg(), ha[i].hi().clone())
        } else {
            (ca[m].lo().clone(), ca[m].hi().clone())
        };
        let reach = d[m].abs().mul(hbj, p);
        let (b_lo, b_hi) = (q[m].sub(&reach, p), q[m].add(&reach, p));
        if &a_hi < b_lo.lo() || b_hi.hi() < &a_lo {
            return false;
        }
    }
    let w: IntervalVec = std::array::from_fn(|m| q[m].sub(&ca[m], p));
    let nn = dot(n, n, p);
    let lambda = dot(&cross(&w, d, p), n, p);
    let mu = dot(&cross(&w, &unit(i), p), n, p);
    parameter_may_fit(&lambda, &ha[i], &nn, p) && parameter_may_fit(&mu, hbj, &nn, p)
}

/// The first event not excluded over a cell, or `None` when every event
/// is excluded: FV, then VF, then EE; and the vertices of each box in the
/// other's frame over the cell (for the proof of intersection).
fn open_event(
    cell: &CellRelative,
    ha: &[Interval; 3],
    hb: &[Interval; 3],
    p: u64,
) -> (Option<FeatureEvent>, Vertices, Vertices) {
    let b_in_a = cell_vertices(cell, false, hb, p);
    let a_in_b = cell_vertices(cell, true, ha, p);
    let event = if let Some((s, face)) = open_vertex_face(&b_in_a, ha, p) {
        Some(FeatureEvent {
            kind: EventKind::FaceVertex,
            a: Feature::BoxFace(face),
            b: Feature::BoxVertex(BoxVertex { positive: s }),
        })
    } else if let Some((s, face)) = open_vertex_face(&a_in_b, hb, p) {
        Some(FeatureEvent {
            kind: EventKind::VertexFace,
            a: Feature::BoxVertex(BoxVertex { positive: s }),
            b: Feature::BoxFace(face),
        })
    } else {
        open_edge_edge(cell, ha, hb, p).map(|(ea, eb)| FeatureEvent {
            kind: EventKind::EdgeEdge,
            a: Feature::BoxEdge(ea),
            b: Feature::BoxEdge(eb),
        })
    };
    (event, b_in_a, a_in_b)
}

/// The boxes proved to intersect over the cell: a vertex strictly inside
/// the other box, an edge strictly crossing a face of the other, or a
/// material point of one box (strictly inside it) proved strictly inside
/// the other ([`material_point_inside`]).
fn proved_intersecting(
    cell: &CellRelative,
    (b_in_a, a_in_b): (&Vertices, &Vertices),
    ha: &[Interval; 3],
    hb: &[Interval; 3],
    p: u64,
) -> bool {
    vertex_strictly_inside(b_in_a, ha)
        || vertex_strictly_inside(a_in_b, hb)
        || edge_strictly_crosses(b_in_a, ha, p)
        || edge_strictly_crosses(a_in_b, hb, p)
        || material_point_inside(cell, false, (hb, ha), p)
        || material_point_inside(cell, true, (ha, hb), p)
}

/// Candidates for a material point inside both boxes, in the seen box's
/// local coordinates: for each edge of the seen box, the middle of the
/// part of it inside the viewer at the cell's midpoint (computed from the
/// enclosures' midpoints in 40-bit dyadic arithmetic: a guess, proved or
/// not afterwards), moved towards the seen box's centre by `2^-k` of the
/// way for each `k` of `shrinks`. This is the witness where faces of the
/// two boxes are flush (a vertex then lies on a face's plane, never
/// strictly inside); right after such a contact the boxes overlap by about
/// the distance to it, so `k` follows the cell's width.
fn edge_candidates(
    mid: &Vertices,
    (seen, viewer): (&[Interval; 3], &[Interval; 3]),
    shrinks: &[u64],
) -> Vec<[Dyad; 3]> {
    use crate::scalar::interval::Rounding::Down;
    const BITS: u64 = 40;
    let approx = |x: &Interval| x.midpoint().round(BITS, Down);
    let h: [Dyad; 3] = std::array::from_fn(|k| approx(&viewer[k]));
    let g: [Dyad; 3] = std::array::from_fn(|k| approx(&seen[k]));
    let one = Dyad::from_i64(1);
    let mut out = Vec::new();
    for u in 0..8usize {
        for axis in 0..3 {
            if u >> axis & 1 == 1 {
                continue;
            }
            let p1: [Dyad; 3] = std::array::from_fn(|k| approx(&mid[u][k]));
            let p2: [Dyad; 3] = std::array::from_fn(|k| approx(&mid[u | 1 << axis][k]));
            let (mut s0, mut s1) = (Dyad::zero(), one.clone());
            for k in 0..3 {
                let d = p2[k].sub_rounded(&p1[k], BITS, Down);
                if d.is_zero() {
                    if p1[k].abs() > h[k] {
                        s1 = one.neg();
                    }
                    continue;
                }
                let x = h[k]
                    .neg()
                    .sub_rounded(&p1[k], BITS, Down)
                    .div_rounded(&d, BITS, Down);
                let y = h[k]
                    .sub_rounded(&p1[k], BITS, Down)
                    .div_rounded(&d, BITS, Down);
                let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
                s0 = s0.max(lo);
                s1 = s1.min(hi);
            }
            if s0 >= s1 {
                continue;
            }
            // the middle of the span: along the edge, `g (2 s - 1)`
            let s = s0.add_rounded(&s1, BITS, Down).half();
            let along =
                g[axis].mul_rounded(&s.scale_pow2(1).sub_rounded(&one, BITS, Down), BITS, Down);
            let signs = signs(u);
            let y: [Dyad; 3] = std::array::from_fn(|k| {
                if k == axis {
                    along.clone()
                } else if signs[k] {
                    g[k].clone()
                } else {
                    g[k].neg()
                }
            });
            for &k in shrinks {
                let shift = -i64::try_from(k).unwrap_or(i64::MAX);
                out.push(std::array::from_fn(|i| {
                    y[i].sub_exact(&y[i].scale_pow2(shift))
                }));
            }
        }
    }
    out
}

/// A material point of the seen box (`swap` as in [`Relative::view`];
/// half extents `seen`, the viewer's `viewer`) proved strictly inside the
/// viewer over the cell, in the mean-value form (and strictly inside the
/// seen box: the candidates of [`edge_candidates`] are checked).
fn material_point_inside(
    cell: &CellRelative,
    swap: bool,
    (seen, viewer): (&[Interval; 3], &[Interval; 3]),
    p: u64,
) -> bool {
    // 8 and 24 bits, and about the cell's width in bits
    let width_bits = (p.saturating_sub(48)).max(8);
    let shrinks = [8, 24, width_bits.saturating_sub(8).max(8), width_bits + 4];
    let mid_vertices = cell.mid.view(swap, seen).vertices(p);
    let views = (
        cell.mid.view(swap, seen),
        cell.over.view(swap, seen),
        cell.rate.view(swap, seen),
    );
    let place = |view: &View<'_>, y: &[Interval; 3]| -> IntervalVec {
        std::array::from_fn(|i| {
            (0..3).fold(view.c[i].clone(), |acc, j| {
                acc.add(&view.m[i][j].mul(&y[j], p), p)
            })
        })
    };
    edge_candidates(&mid_vertices, (seen, viewer), &shrinks)
        .iter()
        .any(|y| {
            let y: [Interval; 3] = std::array::from_fn(|k| Interval::point(y[k].clone()));
            // the rounded candidate must be a point strictly inside its box
            if !(0..3).all(|k| strictly_within(&y[k], &seen[k])) {
                return false;
            }
            let (xm, xo, xr) = (
                place(&views.0, &y),
                place(&views.1, &y),
                place(&views.2, &y),
            );
            (0..3).all(|k| {
                strictly_within(
                    &mean_value(&xm[k], &xr[k], &xo[k], &cell.half, p),
                    &viewer[k],
                )
            })
        })
}

/// The boxes proved disjoint by one of the 15 axes of their faces and
/// edges (written in `a`'s frame): `|L . D| > sum h_a |L_i| + sum h_b |L .
/// R_j|`.
fn proved_disjoint(rel: &Relative, ha: &[Interval; 3], hb: &[Interval; 3], p: u64) -> bool {
    let mut axes: Vec<IntervalVec> = (0..3).map(unit).collect();
    axes.extend((0..3).map(|j| column(&rel.r, j)));
    for i in 0..3 {
        for j in 0..3 {
            axes.push(cross_unit(i, &column(&rel.r, j)));
        }
    }
    axes.iter().any(|l| {
        let radius_a = sum3(|i| l[i].abs().mul(&ha[i], p), p);
        let radius_b = sum3(|j| dot(l, &column(&rel.r, j), p).abs().mul(&hb[j], p), p);
        dot(l, &rel.d, p)
            .abs()
            .sub(&radius_a.add(&radius_b, p), p)
            .is_positive()
    })
}

/// What a cell was proved to be.
#[derive(Clone, Debug)]
enum Class {
    /// Every event excluded.
    Clear,
    /// The boxes intersect at every time of the cell.
    Intersecting,
    /// Narrow, with this event not excluded.
    Candidate(FeatureEvent),
}

#[derive(Clone, Debug)]
struct Cell {
    start: BigRational,
    end: BigRational,
    class: Class,
}

/// The two boxes and their motions prepared for enclosures.
struct Boxes {
    a: MotionEnclosure,
    b: MotionEnclosure,
    ha: [Interval; 3],
    hb: [Interval; 3],
    bits: u64,
    magnitude_bits: u64,
    precision: u32,
}

impl Boxes {
    fn target_width(&self, a: &BigRational, b: &BigRational) -> BigRational {
        crate::motion::target_width(self.precision, a, b)
    }

    fn is_narrow(&self, a: &BigRational, b: &BigRational) -> bool {
        b - a <= self.target_width(a, b) / BigRational::from_integer(32.into())
    }

    /// The precision a cell of `[start, end]` needs: its width's bits plus
    /// a margin, at most the working precision.
    fn cell_bits(&self, start: &BigRational, end: &BigRational) -> u64 {
        let w = end - start;
        if w.is_zero() {
            return self.bits;
        }
        let width_bits = (w.denom().bits() as i64 - w.numer().bits() as i64).max(0) as u64;
        (width_bits + 48 + self.magnitude_bits).clamp(64, self.bits)
    }

    /// The relative placement over `[start, end]` in the mean-value form.
    fn cell_relative(
        &self,
        start: &BigRational,
        end: &BigRational,
        p: u64,
    ) -> Option<CellRelative> {
        let two = BigRational::from_integer(2.into());
        let m = (start + end) / &two;
        let mid_time = Interval::from_rationals(&m, &m, p);
        let time = Interval::from_rationals(start, end, p);
        let (pa, va) = self.a.over_and_velocity(&time, p)?;
        let (pb, vb) = self.b.over_and_velocity(&time, p)?;
        let mid = relative(
            &self.a.over_with_bits(&mid_time, p)?,
            &self.b.over_with_bits(&mid_time, p)?,
            p,
        );
        let half = (end - start) / &two;
        Some(CellRelative {
            mid,
            over: relative(&pa, &pb, p),
            rate: relative_rate((&pa, &va), (&pb, &vb), p),
            half: Interval::from_rationals(&-half.clone(), &half, p),
        })
    }

    fn classify(&self, start: &BigRational, end: &BigRational) -> Option<Class> {
        let p = self.cell_bits(start, end);
        let cell = self.cell_relative(start, end, p)?;
        let (event, b_in_a, a_in_b) = open_event(&cell, &self.ha, &self.hb, p);
        let Some(event) = event else {
            return Some(Class::Clear);
        };
        if proved_intersecting(&cell, (&b_in_a, &a_in_b), &self.ha, &self.hb, p) {
            return Some(Class::Intersecting);
        }
        Some(Class::Candidate(event))
    }

    /// Whether the boxes intersect at the instant `t`: `None` when neither
    /// is proved.
    fn state_at(&self, t: &BigRational) -> Option<bool> {
        let p = self.bits;
        let instant = self.cell_relative(t, t, p)?;
        let b_in_a = cell_vertices(&instant, false, &self.hb, p);
        let a_in_b = cell_vertices(&instant, true, &self.ha, p);
        if proved_intersecting(&instant, (&b_in_a, &a_in_b), &self.ha, &self.hb, p) {
            Some(true)
        } else if proved_disjoint(&instant.over, &self.ha, &self.hb, p) {
            Some(false)
        } else {
            None
        }
    }

    /// Every cell of `[t0, t1]` in time order (module docs), and the limit
    /// error that stopped the search early, if any.
    fn cells(
        &self,
        t0: &BigRational,
        t1: &BigRational,
    ) -> Result<(Vec<Cell>, Option<Error>), Error> {
        let mut stack = vec![(t0.clone(), t1.clone())];
        let mut out: Vec<Cell> = Vec::new();
        let mut visited = 0usize;
        let mut candidate_run = 0usize;
        let two = BigRational::from_integer(2.into());
        while let Some((start, end)) = stack.pop() {
            crate::budget::check()?;
            visited += 1;
            if visited > MAX_CELLS {
                let done = out
                    .last()
                    .map_or_else(|| t0.to_string(), |c| c.end.to_string());
                return Ok((
                    out,
                    Some(Error::limit_exceeded(format!(
                        "glide event cells: more than {MAX_CELLS} cells; every cell up to t = {done} was decided"
                    ))),
                ));
            }
            let class = self.classify(&start, &end);
            let narrow = self.is_narrow(&start, &end);
            let class = match class {
                Some(Class::Candidate(_)) | None if !narrow => {
                    let mid = (&start + &end) / &two;
                    stack.push((mid.clone(), end));
                    stack.push((start, mid));
                    continue;
                }
                Some(c) => c,
                None => {
                    return Err(Error::limit_exceeded(format!(
                        "glide event cells: no placement enclosure on [{start}, {end}]"
                    )))
                }
            };
            if matches!(class, Class::Candidate(_)) {
                candidate_run += 1;
                if candidate_run > MAX_CANDIDATE_RUN {
                    return Ok((
                        out,
                        Some(Error::limit_exceeded(format!(
                            "glide event cells: an event stays possible from t = {start} on (a contact over a span, or closer than the arithmetic resolves)"
                        ))),
                    ));
                }
            } else {
                candidate_run = 0;
            }
            out.push(Cell { start, end, class });
        }
        Ok((out, None))
    }
}

/// Consecutive cells: candidates, or decided ones (clear and intersecting).
struct Run<'c> {
    cells: &'c [Cell],
    candidate: bool,
}

impl Run<'_> {
    fn start(&self) -> &BigRational {
        &self.cells[0].start
    }
    fn end(&self) -> &BigRational {
        &self.cells[self.cells.len() - 1].end
    }
}

fn runs(cells: &[Cell]) -> Vec<Run<'_>> {
    let mut out = Vec::new();
    let mut from = 0;
    for k in 1..=cells.len() {
        let is_candidate = |c: &Cell| matches!(c.class, Class::Candidate(_));
        if k == cells.len() || is_candidate(&cells[k]) != is_candidate(&cells[from]) {
            out.push(Run {
                cells: &cells[from..k],
                candidate: is_candidate(&cells[from]),
            });
            from = k;
        }
    }
    out
}

/// The state of a decided run: intersecting when one of its cells is, else
/// the static test at the midpoints of its widest cells; `None` when
/// neither proves it.
fn run_state(boxes: &Boxes, run: &Run<'_>) -> Option<bool> {
    if run
        .cells
        .iter()
        .any(|c| matches!(c.class, Class::Intersecting))
    {
        return Some(true);
    }
    let mut by_width: Vec<&Cell> = run.cells.iter().collect();
    by_width.sort_by_key(|c| std::cmp::Reverse(&c.end - &c.start));
    let two = BigRational::from_integer(2.into());
    by_width
        .iter()
        .take(4)
        .find_map(|cell| boxes.state_at(&((&cell.start + &cell.end) / &two)))
}

/// Whether the closed boxes intersect at `t0`, decided exactly by glide's
/// static test when both poses are rational there.
fn exact_state_at_start(a: &Body, b: &Body, t0: &BigRational) -> Option<bool> {
    // when both bodies use `poses` only the relative motion is defined:
    // `a` at its start pose and `b` at its own, as `pair_enclosures` has it
    let (pa, pb) = (exact_pose_at_start(a, t0)?, exact_pose_at_start(b, t0)?);
    let placed = |shape: &BoxShape<BigRational>, pose: &Pose<BigRational>| {
        let mesh: Mesh<BigRational> = shape.to_mesh();
        let vertices = mesh.vertices.iter().map(|y| pose.apply_point(y)).collect();
        super::events::PlacedSolid::new(Mesh { vertices, ..mesh })
    };
    let (Shape::Box(sa), Shape::Box(sb)) = (&a.shape, &b.shape) else {
        return None;
    };
    super::overlap::solids_intersect(&placed(sa, &pa), &placed(sb, &pb))
}

fn box_of(body: &Body) -> Option<&BoxShape<BigRational>> {
    match &body.shape {
        Shape::Box(b) => Some(b),
        _ => None,
    }
}

/// True when the method takes the pair: two boxes, each at rest, in
/// translation or under one of the transcendental motions (`angular`,
/// `screw`, `poses`), at least one of them transcendental; rational motions
/// and translations are the analytic variant's to answer or refuse.
pub fn takes(a: &Body, b: &Body) -> bool {
    let transcendental = |body: &Body| {
        matches!(
            body.motion,
            Motion::Angular { .. } | Motion::Screw { .. } | Motion::Poses { .. }
        )
    };
    let taken = |body: &Body| {
        transcendental(body) || matches!(body.motion, Motion::Static | Motion::Linear { .. })
    };
    box_of(a).is_some()
        && box_of(b).is_some()
        && taken(a)
        && taken(b)
        && (transcendental(a) || transcendental(b))
}

/// Solves two boxes over `[t0, t1]` by event cells (module docs), with the
/// target width `2^-precision max(1, |T|)`.
pub fn solve_event_cells(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    precision: u32,
) -> Result<EventCellOutcome, Error> {
    let (Some(box_a), Some(box_b)) = (box_of(a), box_of(b)) else {
        return Err(Error::not_applicable(
            "glide: event cells take two boxes; other shapes under this motion are not solved by glide",
        ));
    };
    let (t0, t1) = interval;
    let magnitude = magnitude_bits(interval);
    let bits = u64::from(precision) + EXTRA_BITS + magnitude;
    let (ea, eb) = pair_enclosures(a, b, interval, bits).map_err(|e| {
        Error::not_applicable(format!(
            "glide: event cells need a placement enclosure, not {}",
            e.0
        ))
    })?;
    let extents = |s: &BoxShape<BigRational>| -> [Interval; 3] {
        std::array::from_fn(|i| Interval::from_rational(&s.half_extents[i], bits))
    };
    let boxes = Boxes {
        a: ea,
        b: eb,
        ha: extents(box_a),
        hb: extents(box_b),
        bits,
        magnitude_bits: magnitude,
        precision,
    };
    let (cells, mut stopped) = boxes.cells(t0, t1)?;
    let runs = runs(&cells);
    let at_start = exact_state_at_start(a, b, t0);
    // a decided run whose state the static test cannot prove is unknown:
    // the interpretation stops there (keeping a first contact before it)
    let states: Vec<Option<bool>> = runs
        .iter()
        .map(|run| (!run.candidate).then(|| run_state(&boxes, run)).flatten())
        .collect();
    let complete = stopped.is_none();
    let done = |first: Option<First>, intervals, open, complete| {
        finish(
            &boxes,
            first,
            intervals,
            open,
            (t0, t1),
            cells.len(),
            complete,
        )
    };
    let mut intervals: Vec<(EventCellTime, EventCellTime)> = Vec::new();
    let mut open: Option<EventCellTime> = None;
    let mut first: Option<First> = None;
    let state_at_t0 = match runs.first() {
        Some(run) if !run.candidate => states[0],
        _ => at_start,
    };
    if state_at_t0 == Some(true) {
        open = Some(EventCellTime::Exact(t0.clone()));
        first = Some((EventCellTime::Exact(t0.clone()), None));
    }
    for (k, run) in runs.iter().enumerate() {
        if !run.candidate {
            continue;
        }
        // the run's event: a vertex-face one where a cell has it open (an
        // edge resting on a face touches as its vertices do)
        let Some(event) = run
            .cells
            .iter()
            .filter_map(|c| match c.class {
                Class::Candidate(e) => Some(e),
                _ => None,
            })
            .min_by_key(|e| e.kind)
        else {
            continue;
        };
        let before = match k.checked_sub(1) {
            Some(j) => states[j],
            None => at_start,
        };
        let after = states.get(k + 1).copied().flatten();
        let last = k + 1 == runs.len();
        let width_ok = run.end() - run.start() <= boxes.target_width(run.start(), run.end());
        let enclosure = EventCellTime::Enclosure(run.start().clone(), run.end().clone());
        match (before, after) {
            (Some(false), Some(true)) if width_ok => {
                first.get_or_insert((enclosure.clone(), Some((event, run.start().clone()))));
                open = Some(enclosure);
            }
            (Some(true), Some(false)) if width_ok => {
                if let Some(start) = open.take() {
                    intervals.push((start, enclosure));
                }
            }
            // intersecting at `t0` (decided exactly) and after the run
            (Some(true), Some(true)) if k == 0 && width_ok => {}
            // the contact ends in the run or at `t1`: in the run either way
            (Some(true), None) if last && complete && width_ok => {
                if let Some(start) = open.take() {
                    intervals.push((start, enclosure));
                }
            }
            _ => {
                if first.is_some() {
                    return done(first, intervals, open, false);
                }
                let established = format!("the boxes are disjoint on [{t0}, {}]", run.start());
                return Err(stopped.take().unwrap_or_else(|| {
                    Error::limit_exceeded(format!(
                        "glide event cells: cannot decide whether the boxes touch in [{}, {}] (a graze, or closer than the arithmetic resolves); {established}",
                        run.start(),
                        run.end()
                    ))
                }));
            }
        }
    }
    match stopped {
        Some(stop) if first.is_none() => Err(stop),
        _ => done(first, intervals, open, complete),
    }
}

/// The first contact: its time, and (after a disjoint start) the event
/// not excluded there with the time its run starts.
type First = (EventCellTime, Option<(FeatureEvent, BigRational)>);

fn finish(
    boxes: &Boxes,
    first: Option<First>,
    mut intervals: Vec<(EventCellTime, EventCellTime)>,
    open: Option<EventCellTime>,
    (t0, t1): (&BigRational, &BigRational),
    cells: usize,
    complete: bool,
) -> Result<EventCellOutcome, Error> {
    if complete {
        if let Some(start) = open {
            intervals.push((start, EventCellTime::Exact(t1.clone())));
        }
    }
    let initially_overlapping = matches!(&first, Some((EventCellTime::Exact(t), _)) if t == t0);
    let first = first.map(|(time, event)| {
        let event = event.map(|(e, at)| (e, event_geometry(boxes, &e, &at)));
        (time, event)
    });
    Ok(EventCellOutcome {
        initially_overlapping,
        first,
        contact_intervals: complete.then_some(intervals),
        cells,
    })
}

/// The world place and normal (from `a` to `b`) of `event` at about `t`,
/// in `f64` (a report, not a decision).
fn event_geometry(boxes: &Boxes, event: &FeatureEvent, t: &BigRational) -> EventGeometry {
    let p = 64;
    let time = Interval::from_rationals(t, t, p);
    let (Some(pa), Some(pb)) = (
        boxes.a.over_with_bits(&time, p),
        boxes.b.over_with_bits(&time, p),
    ) else {
        return EventGeometry {
            point: [0.0; 3],
            normal: None,
            properness: None,
        };
    };
    let f = |x: &Interval| rational_to_f64(&x.midpoint().to_rational());
    let frame = |e: &PlacementEnclosure| -> [[f64; 3]; 3] {
        std::array::from_fn(|i| std::array::from_fn(|j| f(&e.frame[i][j])))
    };
    let origin = |e: &PlacementEnclosure| -> [f64; 3] { std::array::from_fn(|k| f(&e.origin[k])) };
    let (fa, fb, oa, ob) = (frame(&pa), frame(&pb), origin(&pa), origin(&pb));
    let h = |x: &[Interval; 3]| -> [f64; 3] { std::array::from_fn(|k| f(&x[k])) };
    let (ha, hb) = (h(&boxes.ha), h(&boxes.hb));
    float_geometry(event, (&fa, &oa, &ha), (&fb, &ob, &hb))
}

#[allow(clippy::float_arithmetic)]
fn float_geometry(
    event: &FeatureEvent,
    (fa, oa, ha): (&[[f64; 3]; 3], &[f64; 3], &[f64; 3]),
    (fb, ob, hb): (&[[f64; 3]; 3], &[f64; 3], &[f64; 3]),
) -> EventGeometry {
    let world = |fr: &[[f64; 3]; 3], o: &[f64; 3], y: [f64; 3]| -> [f64; 3] {
        std::array::from_fn(|i| o[i] + (0..3).map(|j| fr[i][j] * y[j]).sum::<f64>())
    };
    let axis = |fr: &[[f64; 3]; 3], k: usize, s: f64| -> [f64; 3] {
        std::array::from_fn(|i| s * fr[i][k])
    };
    let corner = |h: &[f64; 3], s: [bool; 3]| -> [f64; 3] {
        std::array::from_fn(|k| if s[k] { h[k] } else { -h[k] })
    };
    let sgn = |b: bool| if b { 1.0 } else { -1.0 };
    let (point, normal) = match (event.a, event.b) {
        (Feature::BoxFace(face), Feature::BoxVertex(v)) => (
            world(fb, ob, corner(hb, v.positive)),
            axis(fa, face.axis, sgn(face.positive)),
        ),
        (Feature::BoxVertex(v), Feature::BoxFace(face)) => (
            world(fa, oa, corner(ha, v.positive)),
            axis(fb, face.axis, -sgn(face.positive)),
        ),
        (Feature::BoxEdge(ea), Feature::BoxEdge(eb)) => {
            let mut ya = corner(ha, ea.positive);
            ya[ea.axis] = 0.0;
            let mut yb = corner(hb, eb.positive);
            yb[eb.axis] = 0.0;
            let (ca, cb) = (world(fa, oa, ya), world(fb, ob, yb));
            let (da, db) = (axis(fa, ea.axis, 1.0), axis(fb, eb.axis, 1.0));
            let n = [
                da[1] * db[2] - da[2] * db[1],
                da[2] * db[0] - da[0] * db[2],
                da[0] * db[1] - da[1] * db[0],
            ];
            let outward: f64 = (0..3).map(|k| n[k] * (ca[k] - oa[k])).sum();
            let n = if outward < 0.0 { n.map(|x| -x) } else { n };
            // the closest points of the two lines
            let w: [f64; 3] = std::array::from_fn(|k| ca[k] - cb[k]);
            let (a, b, c) = (1.0, (0..3).map(|k| da[k] * db[k]).sum::<f64>(), 1.0);
            let (d, e) = (
                (0..3).map(|k| da[k] * w[k]).sum::<f64>(),
                (0..3).map(|k| db[k] * w[k]).sum::<f64>(),
            );
            let den = a * c - b * b;
            let s = if den.abs() > 1e-300 {
                ((b * e - c * d) / den).clamp(-ha[ea.axis], ha[ea.axis])
            } else {
                0.0
            };
            (std::array::from_fn(|k| ca[k] + s * da[k]), n)
        }
        _ => ([0.0; 3], [0.0; 3]),
    };
    let len = normal.iter().map(|x| x * x).sum::<f64>().sqrt();
    EventGeometry {
        point,
        normal: (len > 0.0).then(|| normal.map(|x| x / len)),
        properness: None,
    }
}

#[cfg(test)]
#[allow(clippy::float_arithmetic)] // the f64 placement the property test compares with
mod tests {
    //! Hand-derived cases; the reference sets with 50-digit truth are in
    //! the integration tests (`tests/glide/event_cells.rs`).
    use super::*;
    use crate::geom::{BoxShape, Vec3};
    use crate::scalar::{parse_number, BigInt};

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    fn v(a: &str, b: &str, c: &str) -> Vec3<BigRational> {
        Vec3::new(q(a), q(b), q(c))
    }

    fn cube(at: Vec3<BigRational>, half: &str, motion: Motion) -> Body {
        Body {
            shape: Shape::Box(BoxShape::new([q(half), q(half), q(half)])),
            pose: Pose::from_translation(at),
            motion,
        }
    }

    fn holds(t: &EventCellTime, truth: &BigRational) -> bool {
        match t {
            EventCellTime::Exact(x) => x == truth,
            EventCellTime::Enclosure(lo, hi) => lo <= truth && truth <= hi,
        }
    }

    fn narrow(t: &EventCellTime) -> bool {
        match t {
            EventCellTime::Exact(_) => true,
            EventCellTime::Enclosure(lo, hi) => {
                hi - lo <= BigRational::new(1.into(), BigInt::from(1) << 64u32)
            }
        }
    }

    fn solve(b: &Body, interval: (&str, &str)) -> Result<EventCellOutcome, Error> {
        let a = cube(v("0", "0", "0"), "1", Motion::Static);
        solve_event_cells(&a, b, (&q(interval.0), &q(interval.1)), 64)
    }

    /// `b` (half extent 1) at x = 5 moving at -1 towards `a` (half extent
    /// 1 at the origin): faces meet at exactly `t = 3`, and `b` stays in
    /// contact to `t1 = 4` (a rational time the event cells enclose).
    #[test]
    fn a_head_on_translation_meets_at_the_rational_time() {
        let b = cube(
            v("5", "0", "0"),
            "1",
            Motion::Linear {
                velocity: v("-1", "0", "0"),
            },
        );
        let out = solve(&b, ("0", "4")).unwrap();
        let (t, event) = out.first.clone().expect("a contact");
        assert!(holds(&t, &q("3")) && narrow(&t), "{t:?}");
        let (event, geometry) = event.expect("the event");
        assert_eq!(event.a.to_string(), "face +x");
        assert_eq!(geometry.normal, Some([1.0, 0.0, 0.0]));
        let intervals = out.contact_intervals.expect("complete");
        assert_eq!(intervals.len(), 1);
        assert!(holds(&intervals[0].0, &q("3")));
        assert_eq!(intervals[0].1, EventCellTime::Exact(q("4")));
        assert!(!out.initially_overlapping);
        // passing through: the contact ends when b's far face leaves, at 7
        let out = solve(&b, ("0", "10")).unwrap();
        let intervals = out.contact_intervals.expect("complete");
        assert!(holds(&intervals[0].1, &q("7")) && narrow(&intervals[0].1));
    }

    /// Sat's hand-derived spin (`sat/cells/tests.rs`): `b`'s centre at
    /// x = 2.2 turning about z at 1 rad per unit time meets `a`'s face
    /// `x = 1` at `T = asin(0.6 sqrt 2) - π/4`; `b`'s vertical edge is
    /// flush with `a`'s horizontal faces' planes (the same z extent).
    #[test]
    fn a_spinning_box_meets_a_face_at_the_hand_derived_time() {
        let truth = q("0.22779933669791168148934686129266700095851574659829");
        let spin = |center: Vec3<BigRational>| Motion::Angular {
            velocity: Vec3::zero(),
            angular_velocity: v("0", "0", "1"),
            center,
        };
        for (motion, from) in [
            (spin(Vec3::zero()), "0"),
            (spin(v("0", "0", "5")), "1/5"),
            (
                Motion::Screw {
                    axis_point: v("2.2", "0", "7"),
                    axis_direction: v("0", "0", "3"),
                    angle: q("1"),
                    slide: q("0"),
                },
                "1/10",
            ),
        ] {
            let b = cube(v("2.2", "0", "0"), "1", motion);
            let out = solve(&b, (from, "1")).unwrap();
            let (t, event) = out.first.clone().expect("a contact");
            assert!(holds(&t, &truth) && narrow(&t), "{t:?}");
            assert_eq!(event.expect("the event").0.a.to_string(), "face +x");
            assert!(out.contact_intervals.is_some_and(|c| c.len() == 1));
        }
    }

    #[test]
    fn contact_at_the_start_is_exact_and_a_sliding_touch_is_a_limit() {
        // overlapping at t0 = 0 (exact placement): T = 0 exactly
        let b = cube(
            v("1.5", "0", "0"),
            "1",
            Motion::Angular {
                velocity: v("3", "0", "0"),
                angular_velocity: v("0", "0", "2"),
                center: Vec3::zero(),
            },
        );
        let out = solve(&b, ("0", "1")).unwrap();
        assert_eq!(out.first.map(|f| f.0), Some(EventCellTime::Exact(q("0"))));
        assert!(out.initially_overlapping);
        // touching at t0 (face to face) and moving away: exact T = 0, a
        // contact interval ending right after
        let b = cube(
            v("2", "0", "0"),
            "1",
            Motion::Angular {
                velocity: v("1", "0", "0"),
                angular_velocity: v("0", "0", "0"),
                center: Vec3::zero(),
            },
        );
        let out = solve(&b, ("0", "1")).unwrap();
        assert_eq!(out.first.map(|f| f.0), Some(EventCellTime::Exact(q("0"))));
        // faces touching while sliding: a limit error
        let b = cube(
            v("5", "2", "0"),
            "1",
            Motion::Angular {
                velocity: v("-10", "0", "0"),
                angular_velocity: Vec3::zero(),
                center: Vec3::zero(),
            },
        );
        let err = solve(&b, ("0", "1")).unwrap_err();
        assert!(err.is_limit_exceeded(), "{err}");
        // passing 2^-40 above a's top face: no contact
        let b = cube(
            v("5", "2.0000000000009094947017729282379150390625", "0"),
            "1",
            Motion::Linear {
                velocity: v("-10", "0", "0"),
            },
        );
        let out = solve(&b, ("0", "1")).unwrap();
        assert!(out.first.is_none() && out.contact_intervals == Some(Vec::new()));
    }

    fn small(n: i64) -> BigRational {
        BigRational::new(n.into(), 4.into())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// The law the cells rest on: the mean-value enclosure of every
        /// vertex of one box in the other's frame over a cell holds the
        /// vertex at any time of the cell (checked against the `f64`
        /// placement, `motion::float`, independent of the enclosures),
        /// for `angular` motions with centres on both boxes.
        #[test]
        fn vertex_enclosures_hold_the_f64_placement(
            w in proptest::collection::vec(-40i64..40, 6),
            v in proptest::collection::vec(-20i64..20, 6),
            c in proptest::collection::vec(-8i64..8, 4),
            start in 0i64..40,
            width in 1i64..8,
            at in 0u32..=16,
        ) {
            let body = |k: usize, half: &str| Body {
                shape: Shape::Box(BoxShape::new([q(half), q("1/2"), q("3/4")])),
                pose: Pose::from_translation(Vec3::new(small(c[k]), small(c[k + 1]), q("0"))),
                motion: Motion::Angular {
                    velocity: Vec3::new(small(v[3 * k]), small(v[3 * k + 1]), small(v[3 * k + 2])),
                    angular_velocity: Vec3::new(small(w[3 * k]), small(w[3 * k + 1]), small(w[3 * k + 2])),
                    center: Vec3::new(small(c[k + 2]), q("0"), q("1/3")),
                },
            };
            let (a, b) = (body(0, "1"), body(1, "5/4"));
            let (t0, t1) = (q("0"), q("12"));
            let bits = 120;
            let (ea, eb) = pair_enclosures(&a, &b, (&t0, &t1), bits).unwrap();
            let extents = |b: &Body| -> [Interval; 3] {
                let Shape::Box(s) = &b.shape else { unreachable!() };
                std::array::from_fn(|i| Interval::from_rational(&s.half_extents[i], bits))
            };
            let boxes = Boxes {
                a: ea,
                b: eb,
                ha: extents(&a),
                hb: extents(&b),
                bits,
                magnitude_bits: 4,
                precision: 64,
            };
            let ta = BigRational::new(start.into(), 4.into());
            let tb = &ta + BigRational::new(width.into(), 64.into());
            let cell = boxes.cell_relative(&ta, &tb, bits).unwrap();
            let t = &ta + (&tb - &ta) * BigRational::new(i64::from(at).into(), 16.into());
            let tf = rational_to_f64(&t);
            let (ma, ca) = a.pose_at_f64(tf, &t0, &t1);
            let (mb, cb) = b.pose_at_f64(tf, &t0, &t1);
            for (seen, viewer_m, viewer_c, seen_m, seen_c, swap, h) in [
                (&b, &ma, &ca, &mb, &cb, false, &boxes.hb),
                (&a, &mb, &cb, &ma, &ca, true, &boxes.ha),
            ] {
                let Shape::Box(shape) = &seen.shape else { unreachable!() };
                let vertices = cell_vertices(&cell, swap, h, bits);
                for (k, enclosure) in vertices.iter().enumerate() {
                    let s = signs(k);
                    let y: [f64; 3] = std::array::from_fn(|i| {
                        let hi = rational_to_f64(&shape.half_extents[i]);
                        if s[i] { hi } else { -hi }
                    });
                    let world: [f64; 3] = std::array::from_fn(|i| {
                        seen_c.clone().into_array()[i] + (0..3).map(|j| seen_m.rows[i][j] * y[j]).sum::<f64>()
                    });
                    let local: [f64; 3] = std::array::from_fn(|j| {
                        (0..3).map(|i| viewer_m.rows[i][j] * (world[i] - viewer_c.clone().into_array()[i])).sum::<f64>()
                    });
                    for i in 0..3 {
                        let (lo, hi) = (
                            rational_to_f64(&enclosure[i].lo().to_rational()),
                            rational_to_f64(&enclosure[i].hi().to_rational()),
                        );
                            let inside = lo - 1e-9 <= local[i] && local[i] <= hi + 1e-9;
                        proptest::prop_assert!(inside, "vertex {k} coordinate {i}: {local:?} outside [{lo}, {hi}] at t = {tf}");
                    }
                }
            }
        }
    }
}
