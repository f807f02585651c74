//! The scenarios of the `shapes` group: pairs among boxes, triangles,
//! spheres, capsules and convex hulls (docs/FORMAT.md 5.2), with and
//! without a minimum separation `d` (5.3).
//!
//! The random classes take the box classes' placements and motions
//! ([`ScenarioClass::Linear`], [`ScenarioClass::RationalRotation`]) and
//! replace the boxes by random shapes. The constructed classes put two
//! shapes one above the other, each with a known flat extreme region: the
//! top of `a` (the points of `a` of greatest height `z`) contains an
//! axis-aligned rectangle `|x| <= A0, |y| <= A1` at height `reach_a`, the
//! bottom of `b` one `|x - o_x| <= B0, |y - o_y| <= B1` at `z_b - reach_b`
//! (rectangles may be segments or points). When the two rectangles'
//! projections meet (`|o_i| <= A_i + B_i`) and the gap
//! `g = z_b - reach_b - reach_a` is not negative, the distance between the
//! solids is exactly `g`: the plane `z = reach_a` separates them, so the
//! distance is at least `g`, and a vertical segment of length `g` joins a
//! point of each. Moving
//! `b` only vertically relative to `a` keeps the projections, so the first
//! time the distance is at most `d` is the first time `g(t) <= d`: a
//! rational time by construction.
//!
//! A second construction passes a sphere or a capsule lying along `x` over
//! another at a constant velocity along `y`: the axes (a point or a segment
//! along `x`, overlapping in `x`) are `sqrt(H^2 + y(t)^2)` apart, so the
//! distance is `H - r_a - r_b` at the closest instant and larger at every
//! other.
#![deny(clippy::float_arithmetic)]

use super::{pow2, q, vec3, Builder, ScenarioClass};
use crate::geom::{
    spans_space, Capsule, ConvexPoints, Mat3, Mesh, Pose, Shape, Sphere, Triangle, Vec3,
};
use crate::motion::{Body, Motion};
use crate::poly::Poly;
use crate::scalar::{BigRational, Ring};
use crate::scenario::Expect;

type Q = BigRational;

/// The five shape kinds of the group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Box,
    Triangle,
    Sphere,
    Capsule,
    Convex,
}

const KINDS: [Kind; 5] = [
    Kind::Box,
    Kind::Triangle,
    Kind::Sphere,
    Kind::Capsule,
    Kind::Convex,
];

/// A shape whose top contains a known rectangle (module docs).
struct Stacked {
    shape: Shape<Q>,
    /// The rectangle's half widths along `x` and `y` (zero for a segment
    /// or a point).
    flat: [Q; 2],
    /// The rectangle's height above the body's origin.
    reach: Q,
}

/// What a generated scene of the group is: the two bodies, the separation
/// and, for a constructed scene, its answer.
pub(super) struct ShapeScene {
    pub(super) a: Body,
    pub(super) b: Body,
    pub(super) separation: Q,
    pub(super) expect: Option<Expect>,
}

fn body(shape: Shape<Q>, pose: Pose<Q>, motion: Motion) -> Body {
    Body {
        shape,
        pose,
        motion,
    }
}

fn at(translation: Vec3<Q>) -> Pose<Q> {
    Pose::new(Mat3::identity(), translation)
}

/// The shape mirrored in the plane `z = 0` (its top becomes its bottom).
fn mirrored(shape: Shape<Q>) -> Shape<Q> {
    let flip = |v: &Vec3<Q>| vec3(v.x.clone(), v.y.clone(), -v.z.clone());
    match shape {
        Shape::Capsule(c) => Shape::Capsule(Capsule {
            a: flip(&c.a),
            b: flip(&c.b),
            radius: c.radius,
        }),
        Shape::Convex(c) => Shape::Convex(ConvexPoints {
            points: c.points.iter().map(flip).collect(),
        }),
        Shape::Triangle(t) => Shape::Triangle(Triangle {
            vertices: t.vertices.map(|v| flip(&v)),
        }),
        other => other,
    }
}

impl Builder {
    fn kind(&mut self) -> Kind {
        KINDS[self.rng.range(0, 4) as usize]
    }

    /// `d`: zero for a third of the scenes, else a small dyadic `2^-k` or
    /// a fraction `n/m` up to 4.
    fn separation(&mut self) -> Q {
        match self.rng.range(0, 2) {
            0 => Q::zero(),
            1 => pow2(self.rng.range(1, 30) as u32),
            _ => self.positive(4, 8),
        }
    }

    /// A triangle with three vertices apart and not on one line.
    fn random_triangle(&mut self) -> Triangle<Q> {
        loop {
            let v = [self.vector(2, 2), self.vector(2, 2), self.vector(2, 2)];
            let e1 = v[1].clone() - &v[0];
            let e2 = v[2].clone() - &v[0];
            if !e1.cross(&e2).is_zero() {
                return Triangle { vertices: v };
            }
        }
    }

    /// Four to eight points that span space, sometimes with a duplicate or
    /// a point inside (the centroid of four of them).
    fn random_hull_points(&mut self) -> Vec<Vec3<Q>> {
        let n = self.rng.range(4, 8) as usize;
        let mut points = loop {
            let p: Vec<Vec3<Q>> = (0..n).map(|_| self.vector(2, 2)).collect();
            if spans_space(&p) {
                break p;
            }
        };
        let replacement = if n > 4 && self.rng.chance(1, 3) {
            let i = self.rng.range(0, n as i64 - 2) as usize;
            Some(points[i].clone())
        } else if n > 4 && self.rng.chance(1, 2) {
            let sum = points[0].clone() + &points[1] + &points[2] + &points[3];
            Some(sum.scale(&q(1, 4)))
        } else {
            None
        };
        if let Some(p) = replacement {
            let last = std::mem::replace(&mut points[n - 1], p);
            if !spans_space(&points) {
                // the replaced point was the only one off a plane
                points[n - 1] = last;
            }
        }
        points
    }

    /// A random shape of a kind, about the body's origin.
    fn random_shape(&mut self, kind: Kind) -> Shape<Q> {
        match kind {
            Kind::Box => Shape::Box(self.box_shape()),
            Kind::Triangle => Shape::Triangle(self.random_triangle()),
            Kind::Sphere => Shape::Sphere(Sphere {
                radius: self.positive(2, 4),
            }),
            Kind::Capsule => {
                let a = self.vector(1, 2);
                let b = if self.rng.chance(1, 8) {
                    a.clone() // a ball
                } else {
                    self.vector(1, 2)
                };
                Shape::Capsule(Capsule {
                    a,
                    b,
                    radius: self.positive(1, 4),
                })
            }
            Kind::Convex => Shape::Convex(ConvexPoints {
                points: self.random_hull_points(),
            }),
        }
    }

    /// A random shape of any kind.
    fn any_shape(&mut self) -> Shape<Q> {
        let k = self.kind();
        self.random_shape(k)
    }

    /// [`ScenarioClass::ShapeLinear`]: the placements and velocities of
    /// [`ScenarioClass::Linear`] (`a` moving in a quarter of the scenes),
    /// random shapes.
    pub(super) fn shape_linear(&mut self) -> ShapeScene {
        let (a, b) = self.linear();
        self.with_random_shapes(a, b)
    }

    /// The bodies `a` and `b` with random shapes in place of theirs and a
    /// random separation, no expected answer.
    fn with_random_shapes(&mut self, mut a: Body, mut b: Body) -> ShapeScene {
        a.shape = self.any_shape();
        b.shape = self.any_shape();
        let separation = self.separation();
        ShapeScene {
            a,
            b,
            separation,
            expect: None,
        }
    }

    /// [`ScenarioClass::ShapeTurning`]: the placements and motions of
    /// [`ScenarioClass::Angular`] or [`ScenarioClass::GeneralScrew`] (one
    /// half each), random shapes, no separation.
    pub(super) fn shape_turning(&mut self) -> (Body, Body, (Q, Q)) {
        let (mut a, mut b, span) = if self.rng.chance(1, 2) {
            self.angular_pair()
        } else {
            self.general_screw()
        };
        a.shape = self.any_shape();
        b.shape = self.any_shape();
        (a, b, span)
    }

    /// [`ScenarioClass::Solids`]: a frame against a box, a triangle or a
    /// frame under translations, rational turns or turning motions from
    /// `t0 = 0`.
    pub(super) fn solids(&mut self) -> (Body, Body, (Q, Q)) {
        let unit = || (Q::zero(), Q::one());
        let (mut a, mut b, span) = match self.rng.range(0, 2) {
            0 => {
                let (a, b) = self.linear();
                (a, b, unit())
            }
            1 => {
                let (a, b) = self.rational_rotation(1);
                (a, b, unit())
            }
            _ => {
                let (a, b, (from, to)) = if self.rng.chance(1, 2) {
                    self.angular_pair()
                } else {
                    self.general_screw()
                };
                // from t0 = 0, where the placements are exact
                (a, b, (Q::zero(), to - from))
            }
        };
        let frame = self.frame();
        let other = match self.rng.range(0, 2) {
            0 => Shape::Box(self.box_shape()),
            1 => Shape::Triangle(self.random_triangle()),
            _ => self.frame(),
        };
        if self.rng.chance(1, 2) {
            a.shape = frame;
            b.shape = other;
        } else {
            a.shape = other;
            b.shape = frame;
        }
        (a, b, span)
    }

    /// [`ScenarioClass::SolidsShapes`]: a frame against a random shape at
    /// a random separation under translations or rational turns, or at
    /// separation 0 under turning motions from `t0 = 0`.
    pub(super) fn solids_shapes(&mut self) -> (ShapeScene, (Q, Q)) {
        let unit = (Q::zero(), Q::one());
        let (mut scene, span) = match self.rng.range(0, 2) {
            0 => (self.shape_linear(), unit),
            1 => {
                let (a, b) = self.rational_rotation(1);
                (self.with_random_shapes(a, b), unit)
            }
            _ => {
                let (a, b, (from, to)) = self.shape_turning();
                let scene = ShapeScene {
                    a,
                    b,
                    separation: Q::zero(),
                    expect: None,
                };
                (scene, (Q::zero(), to - from))
            }
        };
        let frame = self.frame();
        if self.rng.chance(1, 2) {
            scene.a.shape = frame;
        } else {
            scene.b.shape = frame;
        }
        (scene, span)
    }

    /// [`ScenarioClass::SeparatedTurning`]: random shapes under turning
    /// motions at a random positive separation, or (a quarter) a frame against a
    /// random shape under them, from `t0 = 0` (exact placements at `t0`) or
    /// (half the frames) over the drawn interval, where the nesting at `t0`
    /// is decided by enclosures.
    pub(super) fn separated_turning(&mut self) -> (ShapeScene, (Q, Q)) {
        let (mut a, mut b, span) = self.shape_turning();
        // a dyadic `2^-k` (down to about 1e-9) or a fraction up to 1
        let separation = if self.rng.chance(1, 2) {
            pow2(self.rng.range(1, 30) as u32)
        } else {
            self.positive(1, 8)
        };
        let span = if self.rng.chance(1, 4) {
            let frame = self.frame();
            if self.rng.chance(1, 2) {
                a.shape = frame;
            } else {
                b.shape = frame;
            }
            if self.rng.chance(1, 2) {
                // from t0 = 0, where the placements are exact
                (Q::zero(), span.1 - span.0)
            } else {
                span
            }
        } else {
            span
        };
        let scene = ShapeScene {
            a,
            b,
            separation,
            expect: None,
        };
        (scene, span)
    }

    /// A frame about the origin: the slab `|x|, |y| <= o`, `|z| <= h` with
    /// the hole `|x|, |y| < i` through it (`0 < i < o`), as sixteen convex
    /// quads counter-clockwise from outside; when `i = o / 2`, its top and
    /// its bottom are each two non-convex hexagons (an L of two of the
    /// quads) instead, twelve faces in all.
    fn frame(&mut self) -> Shape<Q> {
        let outer = self.positive(2, 4) + q(1, 4);
        let quarters = self.rng.range(1, 3);
        let inner = outer.clone() * q(quarters, 4);
        let h = self.positive(1, 4);
        let square =
            |r: &Q| [(-1, -1), (1, -1), (1, 1), (-1, 1)].map(|(x, y)| (r * q(x, 1), r * q(y, 1)));
        let mut vertices = Vec::new();
        for z in [-h.clone(), h] {
            for (x, y) in square(&outer).into_iter().chain(square(&inner)) {
                vertices.push(vec3(x, y, z.clone()));
            }
        }
        let mut faces: Vec<Vec<usize>> = [
            [8, 9, 13, 12],
            [9, 10, 14, 13],
            [10, 11, 15, 14],
            [11, 8, 12, 15],
            [1, 0, 4, 5],
            [2, 1, 5, 6],
            [3, 2, 6, 7],
            [0, 3, 7, 4],
            [0, 1, 9, 8],
            [1, 2, 10, 9],
            [2, 3, 11, 10],
            [3, 0, 8, 11],
            [12, 13, 5, 4],
            [13, 14, 6, 5],
            [14, 15, 7, 6],
            [15, 12, 4, 7],
        ]
        .iter()
        .map(|f| f.to_vec())
        .collect();
        if quarters == 2 {
            // the top's and the bottom's quads joined two by two
            faces.splice(
                0..8,
                [
                    vec![8, 9, 10, 14, 13, 12],
                    vec![10, 11, 8, 12, 15, 14],
                    vec![4, 5, 6, 2, 1, 0],
                    vec![6, 7, 4, 0, 3, 2],
                ],
            );
        }
        Shape::Mesh(Mesh::new(vertices, faces).expect("a frame is a valid mesh"))
    }

    /// [`ScenarioClass::ShapeRational`]: the motions of
    /// [`ScenarioClass::RationalRotation`] of degree 1 or 2, random shapes.
    pub(super) fn shape_rational(&mut self) -> ShapeScene {
        let degree = self.rng.range(1, 2) as u8;
        let (a, b) = self.rational_rotation(degree);
        self.with_random_shapes(a, b)
    }

    /// A shape of `kind` whose top contains a known rectangle (module docs).
    fn stacked(&mut self, kind: Kind) -> Stacked {
        match kind {
            Kind::Box => {
                let s = self.box_shape();
                let [h0, h1, h2] = s.half_extents.clone();
                Stacked {
                    shape: Shape::Box(s),
                    flat: [h0, h1],
                    reach: h2,
                }
            }
            Kind::Sphere => {
                let r = self.positive(2, 4);
                Stacked {
                    shape: Shape::Sphere(Sphere { radius: r.clone() }),
                    flat: [Q::zero(), Q::zero()],
                    reach: r,
                }
            }
            Kind::Capsule => {
                let r = self.positive(1, 4);
                let l = if self.rng.chance(1, 8) {
                    Q::zero() // a ball
                } else {
                    self.positive(2, 4)
                };
                // along x, along y, or upright
                let axis = self.rng.range(0, 2) as usize;
                let mut end = Vec3::zero();
                end[axis] = l.clone();
                let (flat, reach) = match axis {
                    0 => ([l, Q::zero()], r.clone()),
                    1 => ([Q::zero(), l], r.clone()),
                    _ => ([Q::zero(), Q::zero()], l + &r),
                };
                Stacked {
                    shape: Shape::Capsule(Capsule {
                        a: -end.clone(),
                        b: end,
                        radius: r,
                    }),
                    flat,
                    reach,
                }
            }
            Kind::Triangle => {
                // (-2A0, -A1), (2A0, -A1), (0, 3A1) contains the rectangle
                // |x| <= A0, |y| <= A1 (its top corners on the sides)
                let (a0, a1) = (self.positive(2, 4), self.positive(2, 4));
                let s = if self.rng.chance(1, 2) {
                    q(1, 1)
                } else {
                    q(-1, 1)
                };
                let mut v = [
                    vec3(-(a0.clone() * q(2, 1)), -(a1.clone() * &s), Q::zero()),
                    vec3(a0.clone() * q(2, 1), -(a1.clone() * &s), Q::zero()),
                    vec3(Q::zero(), a1.clone() * q(3, 1) * &s, Q::zero()),
                ];
                if self.rng.chance(1, 2) {
                    v.swap(0, 1); // the other side up
                }
                Stacked {
                    shape: Shape::Triangle(Triangle { vertices: v }),
                    flat: [a0, a1],
                    reach: Q::zero(),
                }
            }
            Kind::Convex => self.stacked_hull(),
        }
    }

    /// A hull whose top face is the rectangle `|x| <= A0, |y| <= A1` at
    /// height `h` (or the triangle around it of [`Kind::Triangle`]), with
    /// one to four points below it, sometimes a duplicate point, a point
    /// of the top face or a point inside; four to eight points in all, in
    /// a random order.
    fn stacked_hull(&mut self) -> Stacked {
        let (a0, a1, h) = (
            self.positive(2, 4),
            self.positive(2, 4),
            self.positive(2, 4),
        );
        let mut points = if self.rng.chance(1, 3) {
            vec![
                vec3(-(a0.clone() * q(2, 1)), -a1.clone(), h.clone()),
                vec3(a0.clone() * q(2, 1), -a1.clone(), h.clone()),
                vec3(Q::zero(), a1.clone() * q(3, 1), h.clone()),
            ]
        } else {
            let corner =
                |sx: i64, sy: i64| vec3(a0.clone() * q(sx, 1), a1.clone() * q(sy, 1), h.clone());
            vec![corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)]
        };
        let duplicate = self.rng.chance(1, 3);
        let on_top = self.rng.chance(1, 4);
        let inside = self.rng.chance(1, 3);
        let extras = usize::from(duplicate) + usize::from(on_top) + usize::from(inside);
        let below = self.rng.range(1, (8 - points.len() - extras) as i64) as usize;
        let first_below = points.len();
        for _ in 0..below {
            let depth = self.positive(3, 4);
            points.push(vec3(
                self.rational(2, 2),
                self.rational(2, 2),
                h.clone() - depth,
            ));
        }
        if duplicate {
            let i = self.rng.range(0, points.len() as i64 - 1) as usize;
            points.push(points[i].clone());
        }
        if on_top {
            points.push(vec3(Q::zero(), Q::zero(), h.clone()));
        }
        if inside {
            // between the top's centre and a point below: in the hull
            let top = vec3(Q::zero(), Q::zero(), h.clone());
            points.push((top + &points[first_below]).scale(&q(1, 2)));
        }
        for i in (1..points.len()).rev() {
            let j = self.rng.range(0, i as i64) as usize;
            points.swap(i, j);
        }
        debug_assert!(spans_space(&points));
        Stacked {
            shape: Shape::Convex(ConvexPoints { points }),
            flat: [a0, a1],
            reach: h,
        }
    }

    /// Two stacked shapes: `a`'s top and `b`'s bottom (mirrored), and an
    /// offset of `b` along `x` and `y` that keeps their rectangles'
    /// projections meeting (sometimes exactly edge to edge). Returns the
    /// shapes, the offset and the height of `b`'s origin over `a`'s at a
    /// gap of zero.
    fn stacked_pair(&mut self) -> (Shape<Q>, Shape<Q>, [Q; 2], Q) {
        let (ka, kb) = (self.kind(), self.kind());
        let a = self.stacked(ka);
        let b = self.stacked(kb);
        let offset = [0, 1].map(|i| {
            let reach = a.flat[i].clone() + &b.flat[i];
            match self.rng.range(0, 3) {
                0 => reach,
                1 => -reach,
                _ => reach * q(self.rng.range(-9, 9), 10),
            }
        });
        (a.shape, mirrored(b.shape), offset, a.reach + &b.reach)
    }

    /// A velocity shared by both bodies in a third of the scenes (the
    /// relative motion, and so the answer, unchanged).
    fn common_velocity(&mut self) -> Option<Vec3<Q>> {
        self.rng.chance(1, 3).then(|| self.vector(2, 2))
    }

    /// `b` approaching `a` from above at the constant relative velocity
    /// `-v e_z`, the gap `d + v (t* - t)` reaching `d` at `t*`:
    /// [`ScenarioClass::ShapeTouch`] (`t*` inside the interval),
    /// [`ScenarioClass::ShapeAtEnd`] (`t* = 1`), and for
    /// [`ScenarioClass::ShapeAtStart`] (`t* = 0`) `b` may also rest, slide
    /// or move away.
    pub(super) fn shape_touch(&mut self, class: ScenarioClass) -> ShapeScene {
        let (sa, sb, offset, stack) = self.stacked_pair();
        let d = self.separation();
        let tstar = match class {
            ScenarioClass::ShapeAtStart => Q::zero(),
            ScenarioClass::ShapeAtEnd => Q::one(),
            _ => self.inner_time(),
        };
        let speed = self.positive(3, 2);
        let mut velocity = vec3(Q::zero(), Q::zero(), -speed.clone());
        if class == ScenarioClass::ShapeAtStart {
            velocity = match self.rng.range(0, 3) {
                0 => velocity,                                                  // into a
                1 => vec3(Q::zero(), Q::zero(), speed.clone()),                 // away
                2 => vec3(self.rational(2, 2), self.rational(2, 2), Q::zero()), // sliding
                _ => Vec3::zero(),                                              // at rest
            };
        }
        let centre = vec3(
            offset[0].clone(),
            offset[1].clone(),
            stack + &d + speed * &tstar,
        );
        let common = self.common_velocity();
        let (a_motion, b_velocity) = with_common_velocity(common, velocity);
        let b_motion = if b_velocity.is_zero() {
            Motion::Static
        } else {
            Motion::Linear {
                velocity: b_velocity,
            }
        };
        ShapeScene {
            a: body(sa, Pose::identity(), a_motion),
            b: body(sb, at(centre), b_motion),
            separation: d,
            expect: Some(Expect {
                collides: Some(true),
                time: Some(tstar),
                tolerance: None,
            }),
        }
    }

    /// [`ScenarioClass::ShapeGraze`] (`extra` zero) and
    /// [`ScenarioClass::ShapeNearMiss`] (`extra = 2^-k`): the distance
    /// comes down to `d + extra` at one inner instant `t*` and grows again;
    /// half of the scenes stacked with `b` on the vertical parabola
    /// `gap(t) = d + extra + k (t - t*)^2`, half a sphere or capsule
    /// passing over another at a constant velocity (module docs).
    pub(super) fn shape_graze(&mut self, extra: Option<Q>) -> ShapeScene {
        let d = self.separation();
        let tstar = self.inner_time();
        let floor = d.clone() + extra.clone().unwrap_or_else(Q::zero);
        let common = self.common_velocity();
        let (a, b) = if self.rng.chance(1, 2) {
            let (sa, sb, offset, stack) = self.stacked_pair();
            let p = vec3(offset[0].clone(), offset[1].clone(), stack + &floor);
            let k = self.positive(4, 2);
            let mut motion = Self::parabola(&p, 2, &k, &tstar);
            let a_motion = match &common {
                Some(w) => {
                    if let Motion::Rational { translation, .. } = &mut motion {
                        for i in 0..3 {
                            translation[i] = translation[i].clone()
                                + &Poly::from_coeffs(vec![Q::zero(), w[i].clone()]);
                        }
                    }
                    Motion::Linear {
                        velocity: w.clone(),
                    }
                }
                None => Motion::Static,
            };
            (
                body(sa, Pose::identity(), a_motion),
                body(sb, Pose::identity(), motion),
            )
        } else {
            self.round_pass(&floor, &tstar, common)
        };
        let collides = extra.is_none();
        ShapeScene {
            a,
            b,
            separation: d,
            expect: Some(Expect {
                collides: Some(collides),
                time: collides.then_some(tstar),
                tolerance: None,
            }),
        }
    }

    /// A sphere or a capsule lying along `x` (half length `L`), and above
    /// it another, its centre passing at the height `H = r_a + r_b + floor`
    /// over the axis of `a` with the velocity `s e_y`, over it at `t*`, the
    /// `x` offset keeping the axes overlapping along `x`.
    fn round_pass(&mut self, floor: &Q, tstar: &Q, common: Option<Vec3<Q>>) -> (Body, Body) {
        let round = |g: &mut Self| {
            let r = g.positive(2, 4);
            if g.rng.chance(1, 2) {
                (Shape::Sphere(Sphere { radius: r.clone() }), Q::zero(), r)
            } else {
                let l = g.positive(2, 4);
                let end = vec3(l.clone(), Q::zero(), Q::zero());
                (
                    Shape::Capsule(Capsule {
                        a: -end.clone(),
                        b: end,
                        radius: r.clone(),
                    }),
                    l,
                    r,
                )
            }
        };
        let (sa, la, ra) = round(self);
        let (sb, lb, rb) = round(self);
        let reach = la + &lb;
        let x = match self.rng.range(0, 3) {
            0 => reach,
            1 => -reach,
            _ => reach * q(self.rng.range(-9, 9), 10),
        };
        let speed = self.positive(4, 2);
        let height = ra + &rb + floor;
        let start = vec3(x, -(speed.clone() * tstar), height);
        let velocity = vec3(Q::zero(), speed, Q::zero());
        let (a_motion, b_velocity) = with_common_velocity(common, velocity);
        (
            body(sa, Pose::identity(), a_motion),
            body(
                sb,
                at(start),
                Motion::Linear {
                    velocity: b_velocity,
                },
            ),
        )
    }
}

/// `a`'s motion and `b`'s velocity when both bodies share the extra
/// velocity `common` (a third of the constructed scenes): `a` moves by it,
/// `b` by its own relative `velocity` plus it.
fn with_common_velocity(common: Option<Vec3<Q>>, velocity: Vec3<Q>) -> (Motion, Vec3<Q>) {
    match common {
        Some(w) => (
            Motion::Linear {
                velocity: w.clone(),
            },
            velocity + &w,
        ),
        None => (Motion::Static, velocity),
    }
}
