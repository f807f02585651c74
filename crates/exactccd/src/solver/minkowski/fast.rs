//! The rounded Minkowski difference written natively in `f64` for the two
//! pairs that need speed: a sphere against a box, and two capsules, under
//! `static` and `linear` motions (docs/methods/minkowski.md, "The `f64`
//! path").
//!
//! The algorithm is the module's (`mod.rs`): the relative point `x(t) = -t
//! u` against `K = M + ball(D)`, the first contact the smallest start over
//! `K`'s convex pieces, the last contact the largest end. What changes is
//! where it is written:
//!
//! * a sphere against a box: `M` is the box moved by the sphere's centre
//!   (reflected when the box is `b`), so the line is written in the box's
//!   frame, `q(t) = R^T (c - T) + t R^T (v_sphere - v_box)` (the same for
//!   either order of the bodies), and the box is `[-h, h]`. The face
//!   prisms are then linear (`h_i <= s q_i <= h_i + D` and the two other
//!   coordinates in the box), the edge cylinders two-dimensional and the
//!   vertex balls three-dimensional distances;
//! * two capsules whose segments are not parallel: `M` is the
//!   parallelogram `b_j - a_i`, its face a slab `|n . x - e| <= D |n|`
//!   between four side conditions, its four sides cylinders and its four
//!   corners balls, all written in world coordinates.
//!
//! Every condition is `g(t) <= 0`, linear or a convex quadratic. The times
//! of a piece are cut from `[t0, t1]` one condition at a time as
//! `pieces.rs` does: a condition holds at an end of the current interval
//! when its value there is at most a rounding tolerance (the `f64`
//! contract: a touch at exactly the radius, or a slide along a face
//! boundary, is not lost to rounding), and a crossing inside is the root,
//! computed plainly (a quadratic's by the formula that avoids cancelling
//! `-b` against the square root, D. Goldberg, "What every computer
//! scientist should know about floating-point arithmetic", section 1.4,
//! with the discriminant as `a` times the distance from the minimum, and a
//! double root at the vertex when the minimum is within the tolerance of
//! zero). The tolerance is `64 eps L` in length, `L` the largest
//! magnitude of the inputs, well above the error of the rotation and the
//! conversion and far below the near misses (`2^-20` and up) the bench
//! set holds.
//!
//! Ties of starts go to the lower-dimensional feature of `M` as in the
//! module (faces, edges, vertices, the solid, then by index); here two
//! starts tie when within the tolerance over the relative speed, so that
//! a touch exactly at a face's boundary names the face as the exact
//! answer does. The features, the point and the normal are computed once,
//! for the winning piece, as `report.rs` computes them.
//!
//! The path declines (`None`, and the caller runs the general method) on
//! any other pair, a non-finite input, inputs beyond `1e60` in magnitude
//! (or all below `1e-60`), a capsule whose segment is a point,
//! and two capsules whose segments are parallel or within an angle of
//! `1e-4` of it (there the face normal `e_a x e_b` is too short to round
//! well).
// The f64 path: floats by design.
#![allow(clippy::float_arithmetic)]

use super::{MinkowskiOutcome, MinkowskiStats};
use crate::geom::{BoxEdge, BoxFace, BoxVertex, Feature, Shape};
use crate::motion::{Body, Motion};
use crate::poly::F64Root;
use crate::scalar::{rational_to_f64, BigRational};

type V3 = [f64; 3];

fn dot(a: &V3, b: &V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn sub(a: &V3, b: &V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn add(a: &V3, b: &V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale(a: &V3, s: f64) -> V3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

fn cross(a: &V3, b: &V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn max_abs(v: &V3) -> f64 {
    v[0].abs().max(v[1].abs()).max(v[2].abs())
}

/// A shape of the `f64` path, placed in world coordinates at `t = 0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FastShape {
    /// A ball of `radius` about `center`.
    Sphere {
        /// The centre.
        center: V3,
        /// The radius, positive.
        radius: f64,
    },
    /// The box `|y_i| <= half_extents[i]` placed at `translation +
    /// rotation y` (`rotation` by rows, orthogonal).
    Box {
        /// The rotation, `rotation[i][j]` row `i`, column `j`.
        rotation: [[f64; 3]; 3],
        /// The world position of the box's centre.
        translation: V3,
        /// The half extents, positive.
        half_extents: V3,
    },
    /// All points within `radius` of the segment from `a` to `b`.
    Capsule {
        /// One end of the segment (world).
        a: V3,
        /// The other end (world).
        b: V3,
        /// The radius, positive.
        radius: f64,
    },
}

/// A body of the `f64` path: its shape at `t = 0` and its constant
/// velocity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FastBody {
    /// The shape, placed.
    pub shape: FastShape,
    /// The velocity (zero for a body at rest).
    pub velocity: V3,
}

fn v3(v: &crate::geom::Vec3<BigRational>) -> V3 {
    [
        rational_to_f64(&v.x),
        rational_to_f64(&v.y),
        rational_to_f64(&v.z),
    ]
}

impl FastBody {
    /// The body of a scenario in `f64`, when it is a sphere, a box or a
    /// capsule under a `static` or `linear` motion; `None` otherwise.
    pub fn from_body(body: &Body) -> Option<FastBody> {
        let velocity = match &body.motion {
            Motion::Static => [0.0; 3],
            Motion::Linear { velocity } => v3(velocity),
            _ => return None,
        };
        let pose = &body.pose;
        let translation = v3(&pose.translation);
        if let Shape::Sphere(s) = &body.shape {
            // the centre is the translation: no rotation to convert
            let shape = FastShape::Sphere {
                center: translation,
                radius: rational_to_f64(&s.radius),
            };
            return Some(FastBody { shape, velocity });
        }
        let rotation = pose
            .rotation
            .rows
            .each_ref()
            .map(|row| row.each_ref().map(rational_to_f64));
        let place = |y: &crate::geom::Vec3<BigRational>| {
            let y = v3(y);
            let r = &rotation;
            [
                translation[0] + dot(&r[0], &y),
                translation[1] + dot(&r[1], &y),
                translation[2] + dot(&r[2], &y),
            ]
        };
        let shape = match &body.shape {
            Shape::Box(b) => FastShape::Box {
                rotation,
                translation,
                half_extents: b.half_extents.each_ref().map(rational_to_f64),
            },
            Shape::Capsule(c) => FastShape::Capsule {
                a: place(&c.a),
                b: place(&c.b),
                radius: rational_to_f64(&c.radius),
            },
            _ => return None,
        };
        Some(FastBody { shape, velocity })
    }
}

/// The first contact the `f64` path found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FastContact {
    /// The first time within the separation.
    pub first: f64,
    /// The last time within it (the contact interval is `[first, last]`).
    pub last: f64,
    /// The features of `a` and `b` that first come within the separation
    /// (`None` when the bodies start with the cores overlapping).
    pub features: Option<(Feature, Feature)>,
    /// A point of `a`'s surface nearest `b` at `first` (world).
    pub point: Option<V3>,
    /// The unit normal from `a` to `b` at `first`.
    pub normal: Option<V3>,
}

/// What the `f64` path answered: the contact, if any, and its work
/// counters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FastAnswer {
    /// The first contact in the interval, `None` when there is none.
    pub contact: Option<FastContact>,
    /// Points of the difference `M`.
    pub points: usize,
    /// Convex pieces of `K` tested.
    pub pieces: usize,
    /// Quadratic roots computed.
    pub roots: usize,
}

/// The first time, in `f64`, that the two bodies come within `separation`
/// on `interval`, by the rounded Minkowski difference (module docs);
/// `None` when the path declines (a pair other than a sphere and a box or
/// two capsules, a non-finite input, a point capsule, capsules parallel
/// within `1e-4`): the general method answers those.
///
/// ```
/// use exactccd::solver::minkowski::{first_contact_f64, FastBody, FastShape};
/// // a unit sphere at x = 3 moving at -1 toward the unit box: t = 1
/// let sphere = FastBody {
///     shape: FastShape::Sphere { center: [3.0, 0.0, 0.0], radius: 1.0 },
///     velocity: [-1.0, 0.0, 0.0],
/// };
/// let cube = FastBody {
///     shape: FastShape::Box {
///         rotation: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
///         translation: [0.0; 3],
///         half_extents: [1.0; 3],
///     },
///     velocity: [0.0; 3],
/// };
/// let answer = first_contact_f64(&sphere, &cube, (0.0, 5.0), 0.0).unwrap();
/// let contact = answer.contact.unwrap();
/// assert_eq!((contact.first, contact.last), (1.0, 5.0));
/// assert_eq!(contact.normal, Some([-1.0, 0.0, 0.0]));
/// ```
pub fn first_contact_f64(
    a: &FastBody,
    b: &FastBody,
    interval: (f64, f64),
    separation: f64,
) -> Option<FastAnswer> {
    let (t0, t1) = interval;
    if !(t0.is_finite() && t1.is_finite() && separation.is_finite() && t0 <= t1) {
        return None;
    }
    match (&a.shape, &b.shape) {
        (FastShape::Sphere { center, radius }, FastShape::Box { .. }) => sphere_box(
            (b, a),
            (center, *radius),
            separation + radius,
            interval,
            false,
        ),
        (FastShape::Box { .. }, FastShape::Sphere { center, radius }) => sphere_box(
            (a, b),
            (center, *radius),
            separation + radius,
            interval,
            true,
        ),
        (
            FastShape::Capsule {
                a: a0,
                b: a1,
                radius: ra,
            },
            FastShape::Capsule {
                a: b0,
                b: b1,
                radius: rb,
            },
        ) => capsules(
            [a0, a1, b0, b1],
            (*ra, *rb),
            (&a.velocity, &b.velocity),
            separation + ra + rb,
            interval,
        ),
        _ => None,
    }
}

/// A piece's rank in the tie rule: faces, edges, vertices, the solid,
/// then the index in the difference's order.
type Rank = (u8, usize);

/// The current times of a piece, cut one condition at a time.
#[derive(Clone, Copy, Debug)]
struct Span {
    lo: f64,
    hi: f64,
}

impl Span {
    /// Cuts by `g0 + g1 t <= 0`, holding at an end where the value is at
    /// most `tol`.
    fn linear(self, g0: f64, g1: f64, tol: f64) -> Option<Span> {
        let inside = |t: f64| g0 + g1 * t <= tol;
        match (inside(self.lo), inside(self.hi)) {
            (true, true) => Some(self),
            (true, false) => Some(Span {
                lo: self.lo,
                hi: (-g0 / g1).clamp(self.lo, self.hi),
            }),
            (false, true) => Some(Span {
                lo: (-g0 / g1).clamp(self.lo, self.hi),
                hi: self.hi,
            }),
            (false, false) => None,
        }
    }

    /// The common part of two spans; two that miss each other by at most
    /// `tie` (rounding of a single common instant, where one condition
    /// starts to hold as another stops) meet at the earlier end.
    fn meet(self, other: Span, tie: f64) -> Option<Span> {
        let (lo, hi) = (self.lo.max(other.lo), self.hi.min(other.hi));
        if lo <= hi {
            Some(Span { lo, hi })
        } else {
            (lo <= hi + tie).then_some(Span { lo: hi, hi })
        }
    }

    /// Cuts by `|r0 + t r1|^2 <= d2` (module docs), holding where the
    /// value is at most `tol`; counts the roots computed.
    fn quadratic(self, r0: &V3, r1: &V3, d2: f64, tol: f64, roots: &mut usize) -> Option<Span> {
        let value = |t: f64| {
            let r = add(r0, &scale(r1, t));
            dot(&r, &r) - d2
        };
        let (in_lo, in_hi) = (value(self.lo) <= tol, value(self.hi) <= tol);
        if in_lo && in_hi {
            return Some(self);
        }
        let a = dot(r1, r1);
        if a == 0.0 {
            return None;
        }
        let half_b = dot(r0, r1);
        let vertex = -half_b / a;
        let at_vertex = add(r0, &scale(r1, vertex));
        let lowest = dot(&at_vertex, &at_vertex) - d2;
        if !in_lo && !in_hi {
            if !(vertex > self.lo && vertex < self.hi) || lowest > tol {
                return None;
            }
            if lowest >= -tol {
                return Some(Span {
                    lo: vertex,
                    hi: vertex,
                });
            }
        }
        *roots += 1;
        let (small, large) = if lowest >= 0.0 {
            (vertex, vertex)
        } else {
            let s = (-a * lowest).sqrt();
            let q = -(half_b + s.copysign(half_b));
            let c = dot(r0, r0) - d2;
            let (x, y) = (q / a, if q == 0.0 { vertex } else { c / q });
            (x.min(y), x.max(y))
        };
        let clamp = |t: f64| t.clamp(self.lo, self.hi);
        Some(match (in_lo, in_hi) {
            (true, _) => Span {
                lo: self.lo,
                hi: clamp(large),
            },
            (false, true) => Span {
                lo: clamp(small),
                hi: self.hi,
            },
            (false, false) => Span {
                lo: clamp(small),
                hi: clamp(large),
            },
        })
    }
}

/// The union of the pieces' times seen so far: the earliest start with
/// its piece (ties within `tie` to the lower rank), the latest end.
struct Union {
    first: Option<(f64, Rank)>,
    earliest: f64,
    last: f64,
    tie: f64,
}

impl Union {
    fn new(tie: f64) -> Self {
        Union {
            first: None,
            earliest: f64::INFINITY,
            last: f64::NEG_INFINITY,
            tie,
        }
    }

    /// True when a piece whose times lie within `bound` can change
    /// neither the first contact, nor its piece, nor the last contact.
    fn settled(&self, bound: Span) -> bool {
        self.first
            .is_some_and(|(t, _)| bound.lo > t + self.tie && bound.hi <= self.last)
    }

    fn add(&mut self, span: Option<Span>, rank: Rank) {
        let Some(s) = span else { return };
        self.earliest = self.earliest.min(s.lo);
        self.last = self.last.max(s.hi);
        let wins = match self.first {
            None => true,
            Some((t, r)) => s.lo < t - self.tie || (s.lo <= t + self.tie && rank < r),
        };
        if wins {
            self.first = Some((s.lo, rank));
        }
    }
}

/// True when the inputs' largest magnitude leaves room for squares and
/// products of four coordinates without overflow or underflow.
fn in_range(size: f64) -> bool {
    (1e-60..=1e60).contains(&size)
}

/// `D` and the tolerances of a query: `tol1` in length, `tol2` in squared
/// length about `D`, and the tie of two starts in time.
struct Tolerance {
    tol1: f64,
    tol2: f64,
}

impl Tolerance {
    fn new(scale: f64, d: f64) -> Self {
        let tol1 = 64.0 * f64::EPSILON * scale;
        Tolerance {
            tol1,
            tol2: tol1 * (2.0 * d + tol1),
        }
    }
}

/// The box vertex of index `k` in the box frame.
fn corner(h: &V3, k: usize) -> V3 {
    std::array::from_fn(|i| if k & (1 << i) != 0 { h[i] } else { -h[i] })
}

/// The box edges in the order the difference lists them, by the indices
/// of their two corners: each as its axis and the index of its `-` end
/// (a unit test checks the order).
pub(super) const EDGE_ORDER: [(usize, usize); 12] = [
    (0, 0),
    (1, 0),
    (2, 0),
    (1, 1),
    (2, 1),
    (0, 2),
    (2, 2),
    (2, 3),
    (0, 4),
    (1, 4),
    (1, 5),
    (0, 6),
];

/// The edge of [`EDGE_ORDER`] along `axis` from the corner `low`.
fn box_edge(axis: usize, low: usize) -> BoxEdge {
    BoxEdge {
        axis,
        positive: std::array::from_fn(|i| low & (1 << i) != 0),
    }
}

/// A sphere against a box, `box_first` when the box is body `a` (module
/// docs).
fn sphere_box(
    (boxed, sphere): (&FastBody, &FastBody),
    (center, radius): (&V3, f64),
    big_d: f64,
    (t0, t1): (f64, f64),
    box_first: bool,
) -> Option<FastAnswer> {
    let FastShape::Box {
        rotation: r,
        translation,
        half_extents: h,
    } = &boxed.shape
    else {
        return None;
    };
    // the box frame: q = R^T y
    let to_box = |y: &V3| -> V3 {
        std::array::from_fn(|j| r[0][j] * y[0] + r[1][j] * y[1] + r[2][j] * y[2])
    };
    let q0 = to_box(&sub(center, translation));
    let w = to_box(&sub(&sphere.velocity, &boxed.velocity));
    let span_t = t0.abs().max(t1.abs());
    let size = max_abs(&q0)
        .max(max_abs(&w) * span_t)
        .max(max_abs(h))
        .max(big_d)
        .max(max_abs(center))
        .max(max_abs(translation));
    if !(in_range(size) && big_d > 0.0 && radius > 0.0 && h.iter().all(|&x| x > 0.0)) {
        return None;
    }
    let tol = Tolerance::new(size, big_d);
    let speed = dot(&w, &w).sqrt();
    let mut union = Union::new(if speed > 0.0 { tol.tol1 / speed } else { 0.0 });
    let whole = Span { lo: t0, hi: t1 };
    let mut roots = 0;
    let answer = |contact, roots| FastAnswer {
        contact,
        points: 8,
        pieces: 27,
        roots,
    };
    // within the box expanded by D on every axis, else no piece is met
    let mut reach = Some(whole);
    for i in 0..3 {
        let cap = h[i] + big_d;
        reach = reach
            .and_then(|s| s.linear(q0[i] - cap, w[i], 2.0 * tol.tol1))
            .and_then(|s| s.linear(-q0[i] - cap, -w[i], 2.0 * tol.tol1));
    }
    if reach.is_none() {
        return Some(answer(None, 0));
    }
    // per axis: |q_i| <= h_i, and h_i <= s q_i <= h_i + D for s = +, -
    let inside: [Option<Span>; 3] = std::array::from_fn(|i| {
        whole
            .linear(q0[i] - h[i], w[i], tol.tol1)
            .and_then(|s| s.linear(-q0[i] - h[i], -w[i], tol.tol1))
    });
    let over = |i: usize, s: f64| {
        whole
            .linear(h[i] - s * q0[i], -s * w[i], tol.tol1)
            .and_then(|x| x.linear(s * q0[i] - h[i] - big_d, s * w[i], tol.tol1))
    };
    let tie = union.tie;
    let both = |x: Option<Span>, y: Option<Span>| x.and_then(|x| y.and_then(|y| x.meet(y, tie)));
    for face in BoxFace::ALL {
        let (i, s) = (face.axis, face.sign() as f64);
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        let span = both(both(over(i, s), inside[j]), inside[k]);
        union.add(span, (0, face.index()));
    }
    union.add(both(both(inside[0], inside[1]), inside[2]), (3, 0));
    // an edge's cylinder and a vertex's ball lie within D of the planes
    // q_i = +-h_i through them: per axis and side, the times there bound
    // their times, and a piece whose bound starts after the earliest
    // start and ends before the latest end changes nothing
    let near: [[Option<Span>; 2]; 3] = std::array::from_fn(|i| {
        [1.0, -1.0].map(|s: f64| {
            let off = s * h[i];
            whole
                .linear(q0[i] - off - big_d, w[i], 2.0 * tol.tol1)
                .and_then(|x| x.linear(off - q0[i] - big_d, -w[i], 2.0 * tol.tol1))
        })
    });
    let side = |corner: usize, i: usize| near[i][usize::from(corner & (1 << i) == 0)];
    let d2 = big_d * big_d;
    for (n, &(i, low)) in EDGE_ORDER.iter().enumerate() {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        let Some(bound) = both(both(inside[i], side(low, j)), side(low, k)) else {
            continue;
        };
        if union.settled(bound) {
            continue;
        }
        let at = corner(h, low);
        let mut r0 = sub(&q0, &at);
        let mut r1 = w;
        r0[i] = 0.0;
        r1[i] = 0.0;
        union.add(bound.quadratic(&r0, &r1, d2, tol.tol2, &mut roots), (1, n));
    }
    for k in 0..8 {
        let Some(bound) = both(both(side(k, 0), side(k, 1)), side(k, 2)) else {
            continue;
        };
        if union.settled(bound) {
            continue;
        }
        let r0 = sub(&q0, &corner(h, k));
        union.add(bound.quadratic(&r0, &w, d2, tol.tol2, &mut roots), (2, k));
    }
    let Some((_, rank)) = union.first else {
        return Some(answer(None, roots));
    };
    let first = union.earliest;
    // the nearest point of the winning piece's feature, in the box frame
    let q = add(&q0, &scale(&w, first));
    let (nearest, feature) = match rank {
        (0, f) => {
            let face = BoxFace::ALL[f];
            let mut p = q;
            p[face.axis] = face.sign() as f64 * h[face.axis];
            (Some(p), Some(Feature::BoxFace(face)))
        }
        (1, n) => {
            let (i, low) = EDGE_ORDER[n];
            let mut p = corner(h, low);
            p[i] = q[i].clamp(-h[i], h[i]);
            (Some(p), Some(Feature::BoxEdge(box_edge(i, low))))
        }
        (2, k) => (
            Some(corner(h, k)),
            Some(Feature::BoxVertex(BoxVertex::from_index(k))),
        ),
        _ => (None, None),
    };
    let from_box = |y: &V3| -> V3 { [dot(&r[0], y), dot(&r[1], y), dot(&r[2], y)] };
    let mut contact = FastContact {
        first,
        last: union.last,
        features: None,
        point: None,
        normal: None,
    };
    if let (Some(p), Some(feature)) = (nearest, feature) {
        let out = sub(&q, &p);
        let len = dot(&out, &out).sqrt();
        if len > tol.tol1 && len.is_finite() {
            // from the box to the centre, turned to world
            let away = scale(&from_box(&out), 1.0 / len);
            if box_first {
                contact.normal = Some(away);
                contact.features = Some((feature, Feature::Sphere));
                let on_box = add(translation, &from_box(&p));
                contact.point = Some(add(&on_box, &scale(&boxed.velocity, first)));
            } else {
                let normal = scale(&away, -1.0);
                contact.normal = Some(normal);
                contact.features = Some((Feature::Sphere, feature));
                let centre = add(center, &scale(&sphere.velocity, first));
                contact.point = Some(add(&centre, &scale(&normal, radius)));
            }
        }
    }
    Some(answer(Some(contact), roots))
}

/// Two capsules (module docs): `ends` are `a0, a1, b0, b1`.
fn capsules(
    ends: [&V3; 4],
    (ra, rb): (f64, f64),
    (va, vb): (&V3, &V3),
    big_d: f64,
    (t0, t1): (f64, f64),
) -> Option<FastAnswer> {
    let [a0, a1, b0, b1] = ends;
    let (ea, eb) = (sub(a1, a0), sub(b1, b0));
    let n = cross(&ea, &eb);
    let (la, lb, ln) = (dot(&ea, &ea), dot(&eb, &eb), dot(&n, &n));
    if !(la > 0.0 && lb > 0.0 && ra > 0.0 && rb > 0.0 && big_d > 0.0) || ln <= 1e-8 * la * lb {
        return None;
    }
    // M's points in the difference's order: b_j - a_i, i-major
    let p = [sub(b0, a0), sub(b1, a0), sub(b0, a1), sub(b1, a1)];
    let u = sub(vb, va);
    let span_t = t0.abs().max(t1.abs());
    let size = ends
        .iter()
        .map(|e| max_abs(e))
        .fold(max_abs(&u) * span_t, f64::max)
        .max(big_d);
    if !(in_range(size) && ln.is_finite()) {
        return None;
    }
    let tol = Tolerance::new(size, big_d);
    let speed = dot(&u, &u).sqrt();
    let mut union = Union::new(if speed > 0.0 { tol.tol1 / speed } else { 0.0 });
    let whole = Span { lo: t0, hi: t1 };
    let mut roots = 0;
    let answer = |contact, roots| FastAnswer {
        contact,
        points: 4,
        pieces: 9,
        roots,
    };
    // within D of M's bounding box on every axis, else no piece is met
    let mut reach = Some(whole);
    for i in 0..3 {
        let lo = p.iter().map(|m| m[i]).fold(f64::INFINITY, f64::min) - big_d;
        let hi = p.iter().map(|m| m[i]).fold(f64::NEG_INFINITY, f64::max) + big_d;
        // lo <= -t u_i <= hi
        reach = reach
            .and_then(|s| s.linear(lo, u[i], 2.0 * tol.tol1))
            .and_then(|s| s.linear(-hi, -u[i], 2.0 * tol.tol1));
    }
    if reach.is_none() {
        return Some(answer(None, 0));
    }
    // a linear condition m . x(t) >= c, x(t) = -t u, tolerance scaled by
    // |m|_1 (at least |m|)
    let above = |s: Option<Span>, m: &V3, c: f64| {
        let len = m[0].abs() + m[1].abs() + m[2].abs();
        s.and_then(|s| s.linear(c, dot(m, &u), tol.tol1 * len))
    };
    // the face: between the sides (dual directions n x e_b, n x e_a) and
    // within D of the plane
    let (m1, m2) = (cross(&n, &eb), cross(&n, &ea));
    let unit = scale(&n, 1.0 / ln.sqrt());
    let e = dot(&unit, &p[0]);
    let mut face = above(Some(whole), &m1, dot(&m1, &p[0]));
    face = above(face, &scale(&m1, -1.0), -dot(&m1, &p[2]));
    face = above(face, &m2, dot(&m2, &p[2]));
    face = above(face, &scale(&m2, -1.0), -dot(&m2, &p[1]));
    // n . x - e <= D and >= -D
    face = above(face, &unit, -big_d + e);
    face = above(face, &scale(&unit, -1.0), -big_d - e);
    union.add(face, (0, 0));
    const EDGES: [(usize, usize); 4] = [(0, 1), (0, 2), (1, 3), (2, 3)];
    let d2 = big_d * big_d;
    let minus_u = scale(&u, -1.0);
    for (k, &(i, j)) in EDGES.iter().enumerate() {
        let e = sub(&p[j], &p[i]);
        let ee = dot(&e, &e);
        let mut span = above(Some(whole), &e, dot(&e, &p[i]));
        span = above(span, &scale(&e, -1.0), -dot(&e, &p[j]));
        // |e x (x - p_i)|^2 <= D^2 |e|^2
        let Some(bound) = span.filter(|b| !union.settled(*b)) else {
            continue;
        };
        let (r0, r1) = (cross(&e, &scale(&p[i], -1.0)), cross(&e, &minus_u));
        let span = bound.quadratic(&r0, &r1, d2 * ee, tol.tol2 * ee, &mut roots);
        union.add(span, (1, k));
    }
    for (k, pk) in p.iter().enumerate() {
        let span = whole.quadratic(&scale(pk, -1.0), &minus_u, d2, tol.tol2, &mut roots);
        union.add(span, (2, k));
    }
    let Some((_, rank)) = union.first else {
        return Some(answer(None, roots));
    };
    let first = union.earliest;
    let x = scale(&u, -first);
    let cap = |i| Feature::CapsuleCap(i);
    // the nearest point of the feature, the features, and where a's core
    // point comes from: a's end, b's end less it, or the two sides
    enum Core {
        EndA(usize),
        EndB(usize),
        Sides,
    }
    let (pi, features, core) = match rank {
        (0, _) => {
            let h = (dot(&n, &x) - dot(&n, &p[0])) / ln;
            (
                sub(&x, &scale(&n, h)),
                (Feature::CapsuleSide, Feature::CapsuleSide),
                Core::Sides,
            )
        }
        (1, k) => {
            let (i, j) = EDGES[k];
            let e = sub(&p[j], &p[i]);
            let s = (dot(&e, &sub(&x, &p[i])) / dot(&e, &e)).clamp(0.0, 1.0);
            let (features, core) = match k {
                0 => ((cap(0), Feature::CapsuleSide), Core::EndA(0)),
                1 => ((Feature::CapsuleSide, cap(0)), Core::EndB(0)),
                2 => ((Feature::CapsuleSide, cap(1)), Core::EndB(1)),
                _ => ((cap(1), Feature::CapsuleSide), Core::EndA(1)),
            };
            (add(&p[i], &scale(&e, s)), features, core)
        }
        (_, k) => (p[k], (cap(k / 2), cap(k % 2)), Core::EndA(k / 2)),
    };
    let out = sub(&x, &pi);
    let len = dot(&out, &out).sqrt();
    let mut contact = FastContact {
        first,
        last: union.last,
        features: None,
        point: None,
        normal: None,
    };
    if len > tol.tol1 && len.is_finite() {
        let normal = scale(&out, -1.0 / len);
        let core_point = match core {
            Core::EndA(i) => Some(*ends[i]),
            Core::EndB(j) => Some(sub(ends[2 + j], &pi)),
            Core::Sides => sides_point(a0, &ea, b0, &eb, &pi),
        };
        contact.normal = Some(normal);
        contact.features = Some(features);
        contact.point = core_point.map(|c| add(&add(&c, &scale(va, first)), &scale(&normal, ra)));
    }
    Some(answer(Some(contact), roots))
}

/// The point `a*` of `a`'s segment with `b* - a* = pi` for `b*` on `b`'s
/// segment (least squares in the two parameters, as `report.rs`).
fn sides_point(pa: &V3, ea: &V3, pb: &V3, eb: &V3, pi: &V3) -> Option<V3> {
    let rhs = add(&sub(pi, pb), pa);
    let (g11, g12, g22) = (dot(eb, eb), -dot(eb, ea), dot(ea, ea));
    let (h1, h2) = (dot(eb, &rhs), -dot(ea, &rhs));
    let det = g11 * g22 - g12 * g12;
    if det.abs() <= 1e-300 {
        return None;
    }
    let s = (g11 * h2 - g12 * h1) / det;
    Some(add(pa, &scale(ea, s.clamp(0.0, 1.0))))
}

/// The `f64` path on a scenario's bodies, as the general method's outcome;
/// `None` when it declines (then the general method answers).
pub(super) fn outcome(
    a: &Body,
    b: &Body,
    interval: &(BigRational, BigRational),
    separation: &BigRational,
) -> Option<MinkowskiOutcome<f64>> {
    let (fa, fb) = (FastBody::from_body(a)?, FastBody::from_body(b)?);
    let (t0, t1) = (rational_to_f64(&interval.0), rational_to_f64(&interval.1));
    let answer = first_contact_f64(&fa, &fb, (t0, t1), rational_to_f64(separation))?;
    let stats = MinkowskiStats {
        points: answer.points,
        pieces: answer.pieces,
        root_isolations: answer.roots,
    };
    let c = answer.contact;
    Some(MinkowskiOutcome {
        collides: c.is_some(),
        initially_overlapping: c.is_some_and(|c| c.first == t0),
        first_contact: c.map(|c| F64Root(c.first)),
        contact_intervals: c
            .map(|c| (F64Root(c.first), F64Root(c.last)))
            .into_iter()
            .collect(),
        features: c.and_then(|c| c.features),
        point: c.and_then(|c| c.point),
        normal: c.and_then(|c| c.normal),
        stats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const I3: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

    fn ball(center: V3, radius: f64, velocity: V3) -> FastBody {
        FastBody {
            shape: FastShape::Sphere { center, radius },
            velocity,
        }
    }

    fn cube(h: V3) -> FastBody {
        FastBody {
            shape: FastShape::Box {
                rotation: I3,
                translation: [0.0; 3],
                half_extents: h,
            },
            velocity: [0.0; 3],
        }
    }

    fn capsule(a: V3, b: V3, radius: f64, velocity: V3) -> FastBody {
        FastBody {
            shape: FastShape::Capsule { a, b, radius },
            velocity,
        }
    }

    fn contact(a: &FastBody, b: &FastBody, t: (f64, f64), d: f64) -> Option<FastContact> {
        first_contact_f64(a, b, t, d).expect("decided").contact
    }

    #[test]
    fn a_sphere_meets_a_face_at_one() {
        let c = contact(
            &ball([3.0, 0.0, 0.0], 1.0, [-1.0, 0.0, 0.0]),
            &cube([1.0; 3]),
            (0.0, 5.0),
            0.0,
        )
        .expect("a contact");
        assert_eq!((c.first, c.last), (1.0, 5.0));
        let face = BoxFace::ALL[0];
        assert_eq!(c.features, Some((Feature::Sphere, Feature::BoxFace(face))));
        assert_eq!(c.normal, Some([-1.0, 0.0, 0.0]));
        assert_eq!(c.point, Some([1.0, 0.0, 0.0]));
        // the other order: the normal from the box, the point on it
        let c = contact(
            &cube([1.0; 3]),
            &ball([3.0, 0.0, 0.0], 1.0, [-1.0, 0.0, 0.0]),
            (0.0, 5.0),
            0.0,
        )
        .expect("a contact");
        assert_eq!(c.normal, Some([1.0, 0.0, 0.0]));
        assert_eq!(c.point, Some([1.0, 0.0, 0.0]));
    }

    #[test]
    fn a_sphere_meets_an_edge_at_two_minus_one_over_root_two() {
        // the centre (3 - t, 3 - t, 0) is (2 - t) sqrt 2 from the edge
        // through (1, 1, z): 1 when t = 2 - 1/sqrt 2
        let c = contact(
            &ball([3.0, 3.0, 0.0], 1.0, [-1.0, -1.0, 0.0]),
            &cube([1.0; 3]),
            (0.0, 4.0),
            0.0,
        )
        .expect("a contact");
        assert!((c.first - (2.0 - 0.5f64.sqrt())).abs() < 1e-15);
        let edge = BoxEdge {
            axis: 2,
            positive: [true, true, false],
        };
        assert_eq!(c.features, Some((Feature::Sphere, Feature::BoxEdge(edge))));
    }

    #[test]
    fn the_edge_order_is_the_differences() {
        let mut edges = BoxEdge::ALL;
        edges.sort_by_key(|e| e.vertices().map(BoxVertex::index));
        let listed = EDGE_ORDER.map(|(axis, low)| box_edge(axis, low));
        assert_eq!(listed, edges);
    }

    #[test]
    fn a_touch_where_the_face_prism_is_one_instant_names_the_face() {
        // the centre (-4 + 2t, 0, 3/8 + t/2) reaches x = -1 - 1/2 (the -x
        // face grown by D = 1/2) at t = 5/4 exactly as z passes 1 upward
        // (the face's edge z = 1), leaving the prism: the prism holds the
        // centre at that one instant, the edge's cylinder from then on, and
        // the exact answer names the face (here every value is exact in
        // `f64`; `tests/minkowski/fast.rs` holds a turned box, where the
        // instant's two rounded ends cross)
        let b = ball([-4.0, 0.0, 0.375], 0.5, [2.0, 0.0, 0.5]);
        let c = contact(&b, &cube([1.0; 3]), (0.0, 2.0), 0.0).expect("a contact");
        assert!((c.first - 1.25).abs() <= 1e-15, "{}", c.first);
        let minus_x = BoxFace::ALL[1];
        assert_eq!(
            c.features,
            Some((Feature::Sphere, Feature::BoxFace(minus_x)))
        );
    }

    #[test]
    fn huge_and_tiny_scenes_are_declined() {
        for s in [1e70, 1e-70] {
            let b = ball([3.0 * s, 0.0, 0.0], s, [-s, 0.0, 0.0]);
            assert_eq!(first_contact_f64(&b, &cube([s; 3]), (0.0, 5.0), 0.0), None);
        }
        // within range: decided, t = 1 at any scale
        let s = 1e50;
        let b = ball([3.0 * s, 0.0, 0.0], s, [-s, 0.0, 0.0]);
        let c = contact(&b, &cube([s; 3]), (0.0, 5.0), 0.0).expect("a contact");
        assert_eq!(c.first, 1.0);
    }

    #[test]
    fn parallel_capsules_are_declined() {
        let a = capsule([0.0; 3], [1.0, 0.0, 0.0], 0.5, [0.0; 3]);
        let b = capsule([0.0, 0.0, 3.0], [2.0, 0.0, 3.0], 0.5, [0.0, 0.0, -1.0]);
        assert_eq!(first_contact_f64(&a, &b, (0.0, 5.0), 0.0), None);
    }

    #[test]
    fn crossing_capsules_touch_side_to_side_at_two() {
        let a = capsule([-1.0, 0.0, 0.0], [1.0, 0.0, 0.0], 0.5, [0.0; 3]);
        let b = capsule([0.0, -1.0, 3.0], [0.0, 1.0, 3.0], 0.5, [0.0, 0.0, -1.0]);
        let c = contact(&a, &b, (0.0, 5.0), 0.0).expect("a contact");
        assert_eq!((c.first, c.last), (2.0, 4.0));
        assert_eq!(
            c.features,
            Some((Feature::CapsuleSide, Feature::CapsuleSide))
        );
        assert_eq!(c.normal, Some([0.0, 0.0, 1.0]));
        assert_eq!(c.point, Some([0.0, 0.0, 0.5]));
    }
}
