//! The referee's neutral description of a case: two convex bodies, each a
//! shape in local coordinates moved by a polynomial motion, and a time
//! interval.

use crate::poly::{Poly, Q};
use num_traits::{One, Signed, Zero};

/// A 3-vector of polynomials in `t`.
pub type PolyVec = [Poly; 3];

/// A rational motion: the world position of the local point `y` at time
/// `t` is `(L(t) y + T(t)) / w(t)`, with `w > 0` on the case's interval.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Motion {
    /// `L(t)`, by rows, acting on column vectors.
    pub linear: [[Poly; 3]; 3],
    /// `T(t)`.
    pub translation: PolyVec,
    /// `w(t)`.
    pub denominator: Poly,
}

impl Motion {
    /// The motion that keeps the rotation `r` (by rows) and translation `c`.
    pub fn stationary(r: [[Q; 3]; 3], c: [Q; 3]) -> Motion {
        Motion {
            linear: r.map(|row| row.map(Poly::constant)),
            translation: c.map(Poly::constant),
            denominator: Poly::constant(Q::one()),
        }
    }

    /// The numerator `L(t) y + T(t)` of the world position of `y` (divide by
    /// `w(t)`).
    pub fn numerator(&self, y: &[Q; 3]) -> PolyVec {
        std::array::from_fn(|i| {
            let mut acc = self.translation[i].clone();
            for (j, yj) in y.iter().enumerate() {
                acc = acc.add(&self.linear[i][j].scale(yj));
            }
            acc
        })
    }

    /// `det L(t)`.
    pub fn determinant(&self) -> Poly {
        let m = &self.linear;
        let minor = |a: usize, b: usize, c: usize, d: usize| {
            m[1][a].mul(&m[2][b]).sub(&m[1][c].mul(&m[2][d]))
        };
        m[0][0]
            .mul(&minor(1, 2, 2, 1))
            .sub(&m[0][1].mul(&minor(0, 2, 2, 0)))
            .add(&m[0][2].mul(&minor(0, 1, 1, 0)))
    }
}

/// A convex shape in local coordinates: a core (a polytope, a segment or a
/// point) and a radius around it (`0` for the polytopes). The solid is every
/// point within the radius of the core.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // nine rationals against three: not worth a box
pub enum Shape {
    /// The solid box `|y_i| <= h_i`.
    Box {
        /// Half extents, positive.
        half_extents: [Q; 3],
    },
    /// A solid (closed, flat) triangle.
    Triangle([[Q; 3]; 3]),
    /// The ball of this radius about the local origin (core: the origin).
    Sphere {
        /// The radius, positive.
        radius: Q,
    },
    /// All points within `radius` of the segment between `ends` (core: the
    /// segment; equal ends make a ball).
    Capsule {
        /// The segment's ends.
        ends: [[Q; 3]; 2],
        /// The radius, positive.
        radius: Q,
    },
    /// The convex hull of points, at least four of them not coplanar
    /// (interior and repeated points allowed).
    Hull(Vec<[Q; 3]>),
}

impl Shape {
    /// The vertices of the core in local coordinates (a box's in the order
    /// of the sign bits of its index: bit `i` set means `+h_i`; a hull's
    /// points as given, interior ones included: they do not change a
    /// projection's extent).
    pub fn vertices(&self) -> Vec<[Q; 3]> {
        match self {
            Shape::Box { half_extents: h } => (0..8)
                .map(|k| {
                    std::array::from_fn(|i| {
                        if k >> i & 1 == 1 {
                            h[i].clone()
                        } else {
                            -h[i].clone()
                        }
                    })
                })
                .collect(),
            Shape::Triangle(v) => v.to_vec(),
            Shape::Sphere { .. } => vec![std::array::from_fn(|_| Q::zero())],
            Shape::Capsule { ends, .. } => ends.to_vec(),
            Shape::Hull(points) => points.clone(),
        }
    }

    /// The radius around the core.
    pub fn radius(&self) -> Q {
        match self {
            Shape::Sphere { radius } | Shape::Capsule { radius, .. } => radius.clone(),
            Shape::Box { .. } | Shape::Triangle(_) | Shape::Hull(_) => Q::zero(),
        }
    }

    /// The faces of a box as vertex-index triples `(v0, v1, v2)` of
    /// `vertices()`, counter-clockwise seen from outside, so that
    /// `(v1 - v0) x (v2 - v0)` points out.
    pub fn box_faces() -> [[usize; 3]; 6] {
        // vertex index = x_bit + 2 y_bit + 4 z_bit
        [
            [1, 3, 7], // +x: (1,0,0) (1,1,0) (1,1,1) -> normal +x
            [0, 4, 6], // -x
            [2, 6, 7], // +y
            [0, 1, 5], // -y
            [4, 5, 7], // +z
            [0, 2, 3], // -z
        ]
    }
}

/// The supporting planes of the convex hull of `points`, each once, as
/// index triples `(i, j, k)` with `(p_j - p_i) x (p_k - p_i)` pointing out:
/// every triple of points whose plane has all the points on one side
/// (brute force over the `O(n^3)` triples, each scan stopping at the first
/// points on both sides: plainly correct, and quick for the hulls of up to
/// 64 points the scenario format allows). The hull is the intersection of their inner half-spaces when
/// the points are not all coplanar (then the list is empty).
pub fn hull_faces(points: &[[Q; 3]]) -> Vec<[usize; 3]> {
    let sub3 = |a: &[Q; 3], b: &[Q; 3]| -> [Q; 3] { std::array::from_fn(|i| &a[i] - &b[i]) };
    let dot3 = |a: &[Q; 3], b: &[Q; 3]| &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2];
    let mut planes: Vec<([Q; 3], Q)> = Vec::new();
    let mut faces = Vec::new();
    let n = points.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let (u, v) = (sub3(&points[j], &points[i]), sub3(&points[k], &points[i]));
                let normal: [Q; 3] = [
                    &u[1] * &v[2] - &u[2] * &v[1],
                    &u[2] * &v[0] - &u[0] * &v[2],
                    &u[0] * &v[1] - &u[1] * &v[0],
                ];
                if normal.iter().all(Zero::is_zero) {
                    continue;
                }
                let offset = dot3(&normal, &points[i]);
                // stop at the first point on each side: most triples of a
                // hull's points are not faces and show it within a few
                let (mut above, mut below) = (false, false);
                for p in points {
                    let side = dot3(&normal, p) - &offset;
                    above |= side > Q::zero();
                    below |= side < Q::zero();
                    if above && below {
                        break;
                    }
                }
                let (triple, normal, offset) = match (above, below) {
                    (false, true) => ([i, j, k], normal, offset),
                    (true, false) => ([i, k, j], normal.map(|x| -x), -offset),
                    _ => continue, // a plane through the hull, or all coplanar
                };
                // the plane once: normal scaled so its first non-zero entry is +-1
                let Some(lead) = normal.iter().find(|x| !x.is_zero()).map(|x| x.abs()) else {
                    continue;
                };
                let key = (normal.map(|x| x / &lead), offset / &lead);
                if !planes.contains(&key) {
                    planes.push(key);
                    faces.push(triple);
                }
            }
        }
    }
    faces
}

/// A body: a shape and its motion, possibly piecewise.
///
/// A piecewise motion is `motion` from `t0` up to the first switch time,
/// then each switch's motion from its time `s` up to the next switch (or
/// `t1`): pieces over closed sub-intervals that meet at the switch times.
/// The referee judges such a body one piece at a time ([`Case::on`]), and
/// only when the pieces join up ([`Case::unsupported`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
    /// The shape, local coordinates.
    pub shape: Shape,
    /// The motion (the first piece's, for a piecewise motion).
    pub motion: Motion,
    /// `(s, motion)`: from time `s` on, the body moves by `motion`; times
    /// strictly increasing and strictly inside `(t0, t1)`. Empty for one
    /// motion over the whole interval.
    pub switches: Vec<(Q, Motion)>,
}

impl Body {
    /// A body with one motion over the whole interval.
    pub fn new(shape: Shape, motion: Motion) -> Body {
        Body {
            shape,
            motion,
            switches: Vec::new(),
        }
    }

    /// The motion of the last piece that starts at or before `t` (for
    /// `t` inside a piece's sub-interval, that piece; at a switch time, the
    /// piece that starts there).
    fn motion_from(&self, t: &Q) -> &Motion {
        let mut m = &self.motion;
        for (s, next) in &self.switches {
            if s <= t {
                m = next;
            }
        }
        m
    }

    /// Every piece as `(from, to, motion)` over `[t0, t1]`.
    fn pieces(&self, t0: &Q, t1: &Q) -> Vec<(Q, Q, &Motion)> {
        let mut out = Vec::new();
        let (mut from, mut m) = (t0.clone(), &self.motion);
        for (s, next) in &self.switches {
            out.push((from, s.clone(), m));
            from = s.clone();
            m = next;
        }
        out.push((from, t1.clone(), m));
        out
    }
}

/// True when two motions put every local point at the same place at
/// `t`: `L_1(t) w_2(t) = L_2(t) w_1(t)` and the same for `T`.
fn same_place_at(m1: &Motion, m2: &Motion, t: &Q) -> bool {
    let (w1, w2) = (m1.denominator.eval(t), m2.denominator.eval(t));
    let linear = (0..3)
        .all(|i| (0..3).all(|j| m1.linear[i][j].eval(t) * &w2 == m2.linear[i][j].eval(t) * &w1));
    let translation =
        (0..3).all(|i| m1.translation[i].eval(t) * &w2 == m2.translation[i].eval(t) * &w1);
    linear && translation
}

/// A case: two bodies over the closed time interval `[t0, t1]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The first body.
    pub a: Body,
    /// The second body.
    pub b: Body,
    /// Start of the interval.
    pub t0: Q,
    /// End of the interval.
    pub t1: Q,
    /// The separation `d >= 0`: "contact" is a distance of at most `d`.
    pub separation: Q,
}

impl Case {
    /// Why the referee cannot judge this case, if it cannot: a motion whose
    /// denominator or determinant is not positive on the whole interval (on
    /// each piece's closed sub-interval for a piecewise motion), switch
    /// times out of order, or a piecewise motion that jumps at a switch.
    pub fn unsupported(&self) -> Option<String> {
        if self.t0 >= self.t1 {
            return Some("the interval is empty".into());
        }
        if self.separation < Q::zero() {
            return Some("the separation is negative".into());
        }
        for (name, body) in [("a", &self.a), ("b", &self.b)] {
            if body.shape.radius() < Q::zero() {
                return Some(format!("{name}: the radius is negative"));
            }
            if let Shape::Hull(points) = &body.shape {
                if hull_faces(points).is_empty() {
                    return Some(format!("{name}: the hull's points are coplanar"));
                }
            }
            let pieces = body.pieces(&self.t0, &self.t1);
            for (from, to, motion) in &pieces {
                if from >= to {
                    return Some(format!(
                        "{name}: the switch times are not strictly increasing inside the interval"
                    ));
                }
                if !crate::poly::positive_on(&motion.denominator, from, to) {
                    return Some(format!(
                        "{name}: the motion's denominator is not positive on [{from}, {to}]"
                    ));
                }
                let det = motion.determinant();
                if det.is_zero() || !crate::poly::positive_on(&det, from, to) {
                    return Some(format!(
                        "{name}: the motion's linear part is not orientation-preserving on [{from}, {to}]"
                    ));
                }
            }
            for pair in pieces.windows(2) {
                if !same_place_at(pair[0].2, pair[1].2, &pair[1].0) {
                    return Some(format!(
                        "{name}: the piecewise motion jumps at t = {}",
                        pair[1].0
                    ));
                }
            }
        }
        None
    }

    /// Every switch time of either body, sorted, each once.
    pub fn breakpoints(&self) -> Vec<Q> {
        let mut all: Vec<Q> = self
            .a
            .switches
            .iter()
            .chain(self.b.switches.iter())
            .map(|(s, _)| s.clone())
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// The case with each body's single motion of the pieces that start at
    /// or before `from`: the right motions on any closed sub-interval that
    /// starts at `from` and has no switch time strictly inside (and, the
    /// motions being continuous, at its ends too).
    pub fn on(&self, from: &Q) -> Case {
        let single = |b: &Body| Body::new(b.shape.clone(), b.motion_from(from).clone());
        Case {
            a: single(&self.a),
            b: single(&self.b),
            t0: self.t0.clone(),
            t1: self.t1.clone(),
            separation: self.separation.clone(),
        }
    }

    /// `r_a + r_b + d`: the bodies are within `d` of each other exactly when
    /// their cores are within this distance.
    pub fn reach(&self) -> Q {
        self.a.shape.radius() + self.b.shape.radius() + &self.separation
    }
}

/// `a x b` for polynomial vectors.
pub fn cross(a: &PolyVec, b: &PolyVec) -> PolyVec {
    [
        a[1].mul(&b[2]).sub(&a[2].mul(&b[1])),
        a[2].mul(&b[0]).sub(&a[0].mul(&b[2])),
        a[0].mul(&b[1]).sub(&a[1].mul(&b[0])),
    ]
}

/// `a . b` for polynomial vectors.
pub fn dot(a: &PolyVec, b: &PolyVec) -> Poly {
    a[0].mul(&b[0]).add(&a[1].mul(&b[1])).add(&a[2].mul(&b[2]))
}

/// `a - b` for polynomial vectors.
pub fn sub(a: &PolyVec, b: &PolyVec) -> PolyVec {
    std::array::from_fn(|i| a[i].sub(&b[i]))
}

/// `s * a` for a polynomial `s`.
pub fn scale(a: &PolyVec, s: &Poly) -> PolyVec {
    std::array::from_fn(|i| a[i].mul(s))
}

/// True when every component is the zero polynomial.
pub fn is_zero(a: &PolyVec) -> bool {
    a.iter().all(Poly::is_zero)
}

/// A constant vector of rationals as polynomials.
pub fn constant(v: &[Q; 3]) -> PolyVec {
    std::array::from_fn(|i| Poly::constant(v[i].clone()))
}

/// The zero vector.
pub fn zero_vec() -> PolyVec {
    std::array::from_fn(|_| Poly::constant(Q::zero()))
}
