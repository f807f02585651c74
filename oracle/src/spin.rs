//! Two convex bodies (boxes, flat triangles, convex hulls of points,
//! spheres, capsules) under transcendental motions (`angular`, `screw`,
//! `poses`, or a rational motion for one of them), and the check of an
//! enclosure claim about their first contact. A sphere or a capsule is a
//! core (the local origin; the segment between the capsule's ends, a point
//! when they are equal) and every point within a positive radius of it.
//!
//! A first contact under these motions is a transcendental number, so the
//! claim is an enclosure `T in [lower, upper]` (or "no contact on
//! `[t0, t1]`"), and its certificate is:
//!
//! * **separation pieces** `[from, to]` tiling `[t0, lower]` (or
//!   `[t0, t1]`), each with a constant rational world direction `L` along
//!   which `b` lies strictly beyond `a`, proved by a positive lower bound of
//!   the gap at every time of the piece. For two boxes the direction may
//!   also be fixed in the bodies and turn with them
//!   ([`PieceDirection::BodyFixed`]: a face normal `F_a u` or `F_b v`, or
//!   the cross product of two edges `(F_a u) x (F_b v)`); its enclosure
//!   over a time interval is computed from the frames' enclosures, and the
//!   gap below is then evaluated with it. For two boxes the gap is
//!   `(o_B - o_A) . L - sum h^A_i |A_i . L| - sum h^B_j |B_j . L|`
//!   (centres `o`, axes `A_i`, `B_j`, half extents `h`); for any other pair
//!   it is `min_v x_v . L - max_u x_u . L` over the world positions
//!   `x = o + F y` of the vertices `y` of `b` and `u` of `a` (a box's extent
//!   along `L` taken from its half extents as above: the same number,
//!   enclosed more tightly), since a convex polytope projects onto `L` as
//!   its vertices do (a hull's interior points change nothing). A sphere or
//!   a capsule projects as its core's vertices widened by `r |L|` on both
//!   sides (radius `r`), so its least and greatest projections are the
//!   core's less and plus `r |L|`, with `|L| = sqrt(L . L)` enclosed by
//!   [`crate::interval::sqrt`]: the gap's lower bound takes the upper end
//!   of `|L|`, its upper bound the lower end. The referee
//!   encloses both placements over the piece with its own interval
//!   arithmetic (`interval.rs`) and bisects the piece until the interval
//!   bound of the gap is positive; an upper bound of the gap that is not
//!   positive at one instant refutes the direction there. With a minimum
//!   separation `d > 0` (contact is a distance of at most `d`) the gap less
//!   `d |L|` must be positive: the bodies are then more than `d` apart;
//! * a **witness**: a rational time `tau` in `[lower, upper]` and a
//!   rational point, either
//!   - a world point that lies in both closed solids at `tau`, proved by
//!     enclosing its local coordinates `z = F^T (x - o)` in each body
//!     (frame `F`, origin `o`) and comparing them with the shape's facet
//!     inequalities `n . z <= c` (a box's `|z_i| <= h_i`, a hull's facets
//!     from [`crate::case::hull_faces`]); a flat triangle also needs
//!     `n . z = c` on its plane, which an enclosure proves only when it has
//!     zero width (exact poses, as at `t = 0`); for a sphere or a capsule
//!     the squared distance from `z` to its core segment `ab` is enclosed
//!     by evaluating `|z - a - s (b - a)|^2`, with the clamped parameter
//!     `s = clamp((z - a) . (b - a) / |b - a|^2, 0, 1)` (`s = 0` for a
//!     point core), in interval arithmetic, and compared with `r^2`;
//!   - or a material point of one body, in that body's local coordinates
//!     ([`SpinWitness::material_of`]): checked exactly to be a point of its
//!     closed shape (for a sphere or a capsule: the exact squared distance
//!     to its core segment at most `r^2`), then its world position at
//!     `tau` under that body's motion enclosed and proved inside the other
//!     body as above. This is how a flat triangle holds a witness under a
//!     spin;
//!   - or a segment of one body between two of its material points
//!     ([`SpinWitness::edge_end`]), both checked exactly to be points of
//!     it, that crosses the other body, a flat triangle `klm`, through its
//!     interior at `tau`: with the ends `p`, `q` and the enclosed world
//!     positions of all five points, the orientations `[klmp]` and `[klmq]`
//!     are proved of strictly opposite signs (the ends on either side of
//!     the plane) and `[pqkl]`, `[pqlm]`, `[pqmk]` of one strict sign (the
//!     line through the triangle's interior), where `[abcd] = det(b - a,
//!     c - a, d - a)`. So two triangles, which share no interior point,
//!     hold a witness;
//!   - or, within a separation, two points ([`SpinWitness::other`]): a
//!     point of `a`'s core and one of `b`'s, each in its body's local
//!     coordinates and checked exactly to lie in its core (a polytope
//!     itself; a sphere's or a capsule's segment), their world positions
//!     at `tau` enclosed, and the enclosed squared distance between them
//!     at most `(r_a + r_b + d)^2`.
//!
//!   An enclosure of zero width proves a point on the boundary; otherwise
//!   the point must be strictly inside. The enclosed squared distance of a
//!   rounded body contains the true one because each interval operation
//!   contains its exact result on members of its operands (so their
//!   composition does), though it is wider than the true range over `z`.
//!
//! Then no contact happens on `[t0, lower]` and the bodies meet at
//! `tau <= upper`: the first contact lies in `(lower, upper]` (or is `t0`
//! itself when there is no piece and `lower = tau = t0`).
//!
//! The motions, each a rotation `E(phi)` by the angle `phi` about a
//! rational axis `a`, written with Rodrigues' formula in the unnormalised
//! form `E = I + (sin phi / |a|) [a]x + ((1 - cos phi) / |a|^2) [a]x^2`
//! (so only `1/|a|` needs a square root):
//!
//! * `angular` (contract 2.3 and 5.1): `x(t) = c + R k + t v + E(|w| t)
//!   R (y - k)`, axis `w`, centre `k`;
//! * `screw`: `x(t) = p + E(theta t) (c + R y - p) + g t u / |u|`, axis
//!   `u` through `p`;
//! * `poses` from `(R0, c0)` at `t0` to `(R1, c1)` at `t1`: with the
//!   relative rotation `Q = R1 R0^T`, `b = c1 - Q c0`, angle
//!   `theta = acos((tr Q - 1) / 2)` in `[0, pi]`, axis `a = vee(Q - Q^T)`
//!   (for a half turn a column of `Q + I`, signed so that `b . a >= 0`:
//!   the turning sense the documentation states), the screw
//!   `x = u + E(s theta) (R0 y + c0 - u) + s (b . a / |a|^2) a` at
//!   `s = (t - t0) / (t1 - t0)`, where the axis point `u` solves
//!   `(I - Q + a a^T / |a|^2) u = b - (b . a / |a|^2) a`. At `s = 1` this is
//!   `R1 y + c1`. When both bodies move by `poses`, only `b`'s motion
//!   relative to `a` is defined (contract 2.3): `a` stays at its first
//!   pose and `b` ends at `P_a0 P_a1^-1 P_b1`; world points (a witness's,
//!   a direction) are then in that frame, and a material point of either
//!   body is placed by the same two motions.
#![deny(clippy::float_arithmetic)]

use crate::case::{hull_faces, Motion, Shape};
use crate::claim::Verdict;
use crate::interval::{acos, sin_cos_over, sqrt, Iv};
use crate::poly::{Poly, Q};
use num_traits::{One, Signed, Zero};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// A 3x3 rational matrix by rows.
pub type Mat = [[Q; 3]; 3];

/// A rigid pose `x = R y + c`: `rotation` by rows (its columns are the
/// body's axes in world coordinates), `translation` `c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pose {
    /// `R`, by rows; an exact rotation.
    pub rotation: Mat,
    /// `c`.
    pub translation: [Q; 3],
}

impl Pose {
    /// `self` after `other`: `y -> R_s (R_o y + c_o) + c_s`.
    pub fn compose(&self, other: &Pose) -> Pose {
        Pose {
            rotation: mat_mul(&self.rotation, &other.rotation),
            translation: add(
                &mat_vec(&self.rotation, &other.translation),
                &self.translation,
            ),
        }
    }

    /// The inverse `y -> R^T (y - c)`.
    pub fn inverse(&self) -> Pose {
        let rt = transpose(&self.rotation);
        let c = mat_vec(&rt, &self.translation).map(|x| -x);
        Pose {
            rotation: rt,
            translation: c,
        }
    }
}

/// How a body moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Placement {
    /// A rational motion (`L(t) y + T(t)) / w(t)`, rigid).
    Rational(Motion),
    /// From `pose`, the centre `k` moves at `velocity` and the body turns
    /// at `angular_velocity` about it (contract 5.1).
    Angular {
        /// The pose at `t = 0`.
        pose: Pose,
        /// `v`.
        velocity: [Q; 3],
        /// `w`.
        angular_velocity: [Q; 3],
        /// `k`, local coordinates.
        center: [Q; 3],
    },
    /// From `pose`, a rotation by `angle t` about the line through
    /// `axis_point` along `axis_direction`, then a slide by `slide t` along
    /// the unit axis.
    Screw {
        /// The pose at `t = 0`.
        pose: Pose,
        /// `p`.
        axis_point: [Q; 3],
        /// `u`, non-zero.
        axis_direction: [Q; 3],
        /// `theta`.
        angle: Q,
        /// `g`.
        slide: Q,
    },
    /// From `start` at `t0` to `end` at `t1` by the screw between them.
    Poses {
        /// The pose at `t0`.
        start: Pose,
        /// The pose at `t1`.
        end: Pose,
    },
}

/// A convex body and how it moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinBody {
    /// The shape in local coordinates: a [`Shape::Box`] (half extents
    /// positive), a [`Shape::Triangle`] (not degenerate), a [`Shape::Hull`]
    /// (points not all coplanar), a [`Shape::Sphere`] or a
    /// [`Shape::Capsule`] (radius positive; a capsule's ends may be equal).
    /// Anything else is not judged ([`Verdict::Inconclusive`]).
    pub shape: Shape,
    /// The motion.
    pub placement: Placement,
}

/// Two bodies over `[t0, t1]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinCase {
    /// The first body.
    pub a: SpinBody,
    /// The second body.
    pub b: SpinBody,
    /// Start of the interval.
    pub t0: Q,
    /// End of the interval.
    pub t1: Q,
    /// The minimum separation `d >= 0`: contact is a distance of at most
    /// `d` (module docs).
    pub separation: Q,
}

/// On `[from, to]`, `b` lies strictly beyond `a` along `direction`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinPiece {
    /// Start, included.
    pub from: Q,
    /// End, included.
    pub to: Q,
    /// The direction of separation.
    pub direction: PieceDirection,
}

/// The direction of a [`SpinPiece`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceDirection {
    /// A constant world direction.
    World([Q; 3]),
    /// A direction that turns with the bodies (two boxes only): `F_a(t) u`
    /// for `in_a = u` alone, `F_b(t) v`
    /// for `in_b = v` alone, `(F_a(t) u) x (F_b(t) v)` for both, with the
    /// bodies' frames `F` at each time of the piece (module docs).
    BodyFixed {
        /// `u`, in `a`'s local coordinates.
        in_a: Option<[Q; 3]>,
        /// `v`, in `b`'s local coordinates.
        in_b: Option<[Q; 3]>,
    },
    /// Not a direction: the box `turning` turns about a line (its motion's
    /// axis, module docs) and keeps at least `sqrt(radius_squared)` from
    /// it at every time, while every vertex of the other body (a polytope)
    /// stays strictly closer to the line at every time of the piece: the
    /// other body lies in the open cylinder about the line, the turning
    /// box outside it.
    AboutAxis {
        /// The box that turns.
        turning: WitnessSide,
        /// `ρ^2`.
        radius_squared: Q,
    },
}

/// One of the two bodies of a [`SpinCase`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WitnessSide {
    /// The case's `a`.
    A,
    /// The case's `b`.
    B,
}

/// A point in both closed bodies at a rational time (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinWitness {
    /// The time.
    pub time: Q,
    /// The point: world coordinates when `material_of` is `None`, else the
    /// local coordinates of that body.
    pub point: [Q; 3],
    /// `Some(side)`: `point` is a material point of that body (checked
    /// exactly to lie in its closed shape), whose world position at `time`
    /// must lie in the other body. `None`: a world point in both.
    pub material_of: Option<WitnessSide>,
    /// With `material_of`: the other end of a segment of that body (local
    /// coordinates, checked exactly to be a point of it) from `point`; the
    /// segment must cross the other body, a flat triangle, through its
    /// interior at `time` (two triangles share no interior point).
    pub edge_end: Option<[Q; 3]>,
    /// With `material_of` `A`: a point of `b`'s core in `b`'s local
    /// coordinates; `point` must then be a point of `a`'s core, and the two
    /// at most `r_a + r_b + d` apart at `time` (module docs).
    pub other: Option<[Q; 3]>,
}

/// A claim about the first contact of a [`SpinCase`], with its
/// certificate (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinClaim {
    /// Whether the bodies touch on `[t0, t1]`.
    pub collides: bool,
    /// `(lower, upper)`: the first contact lies in `[lower, upper]`.
    pub first_contact: Option<(Q, Q)>,
    /// Separation pieces tiling `[t0, lower]` (or `[t0, t1]`).
    pub separation: Vec<SpinPiece>,
    /// The contact witness, when the bodies touch.
    pub witness: Option<SpinWitness>,
}

fn add(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    std::array::from_fn(|i| &a[i] + &b[i])
}

fn sub(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    std::array::from_fn(|i| &a[i] - &b[i])
}

fn dot(a: &[Q; 3], b: &[Q; 3]) -> Q {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}

fn mat_vec(m: &Mat, v: &[Q; 3]) -> [Q; 3] {
    std::array::from_fn(|i| dot(&m[i], v))
}

fn mat_mul(a: &Mat, b: &Mat) -> Mat {
    std::array::from_fn(|i| std::array::from_fn(|j| (0..3).map(|k| &a[i][k] * &b[k][j]).sum()))
}

fn transpose(m: &Mat) -> Mat {
    std::array::from_fn(|i| std::array::from_fn(|j| m[j][i].clone()))
}

fn identity() -> Mat {
    std::array::from_fn(|i| std::array::from_fn(|j| if i == j { Q::one() } else { Q::zero() }))
}

/// `[a]x`, the matrix of `y -> a x y`.
fn cross_matrix(a: &[Q; 3]) -> Mat {
    let z = Q::zero;
    [
        [z(), -a[2].clone(), a[1].clone()],
        [a[2].clone(), z(), -a[0].clone()],
        [-a[1].clone(), a[0].clone(), z()],
    ]
}

fn det(m: &Mat) -> Q {
    &m[0][0] * (&m[1][1] * &m[2][2] - &m[1][2] * &m[2][1])
        - &m[0][1] * (&m[1][0] * &m[2][2] - &m[1][2] * &m[2][0])
        + &m[0][2] * (&m[1][0] * &m[2][1] - &m[1][1] * &m[2][0])
}

/// The solution of `m x = r` by Cramer's rule (`det m != 0`).
fn solve(m: &Mat, r: &[Q; 3]) -> [Q; 3] {
    let d = det(m);
    std::array::from_fn(|k| {
        let mut mk = m.clone();
        for i in 0..3 {
            mk[i][k] = r[i].clone();
        }
        det(&mk) / &d
    })
}

/// A rotation `E(rate (t - tau))` about `axis`, after the fixed frame
/// `frame0` and offset, before a drift (module docs):
/// `x(t) = base + (t - tau) (drift + slide a / |a|) + E (frame0 y + offset)`.
struct Spin {
    base: [Q; 3],
    tau: Q,
    rate: Iv,
    axis: [Q; 3],
    norm2: Q,
    inv_norm: Iv,
    frame0: Mat,
    offset: [Q; 3],
    drift: [Q; 3],
    slide: Q,
}

enum Prepared {
    Polynomial(Box<Motion>),
    Spin(Box<Spin>),
}

/// Intervals holding a box's frame (columns: axes in world coordinates)
/// and centre at every time of a time interval.
struct Enclosure {
    frame: [[Iv; 3]; 3],
    origin: [Iv; 3],
}

fn spin_axis(axis: &[Q; 3], bits: u32) -> ([Q; 3], Q, Iv) {
    let axis = if axis.iter().all(Zero::is_zero) {
        // no rotation (the rate is then zero): any axis
        [Q::zero(), Q::zero(), Q::one()]
    } else {
        axis.clone()
    };
    let norm2 = dot(&axis, &axis);
    let inv_norm = Iv::point(Q::one())
        .div(&sqrt(&norm2, bits + 8), bits + 8)
        .expect("a non-zero axis has a positive norm");
    (axis, norm2, inv_norm)
}

fn prepare_poses(start: &Pose, end: &Pose, (t0, t1): (&Q, &Q), bits: u32) -> Spin {
    let q = mat_mul(&end.rotation, &transpose(&start.rotation));
    let b = sub(&end.translation, &mat_vec(&q, &start.translation));
    let span = t1 - t0;
    if q == identity() {
        let (axis, norm2, inv_norm) = spin_axis(&[Q::zero(), Q::zero(), Q::zero()], bits);
        return Spin {
            base: [Q::zero(), Q::zero(), Q::zero()],
            tau: t0.clone(),
            rate: Iv::point(Q::zero()),
            axis,
            norm2,
            inv_norm,
            frame0: start.rotation.clone(),
            offset: start.translation.clone(),
            drift: b.map(|x| x / &span),
            slide: Q::zero(),
        };
    }
    let vee = [
        &q[2][1] - &q[1][2],
        &q[0][2] - &q[2][0],
        &q[1][0] - &q[0][1],
    ];
    let axis = if vee.iter().all(Zero::is_zero) {
        // a half turn: Q + I = 2 n n^T, its column with the largest
        // diagonal, signed so that the slide `b . n` is not negative (the
        // turning sense the documentation states)
        let j = (0..3)
            .max_by(|&i, &k| q[i][i].cmp(&q[k][k]))
            .expect("three columns");
        let column: [Q; 3] =
            std::array::from_fn(|i| &q[i][j] + if i == j { Q::one() } else { Q::zero() });
        if dot(&b, &column).is_negative() {
            column.map(|x| -x)
        } else {
            column
        }
    } else {
        vee
    };
    let (axis, norm2, inv_norm) = spin_axis(&axis, bits);
    let cos = (&q[0][0] + &q[1][1] + &q[2][2] - Q::one()) / Q::from_integer(2.into());
    let theta = acos(&cos, bits + 8);
    let along = dot(&b, &axis) / &norm2;
    let projector: Mat =
        std::array::from_fn(|i| std::array::from_fn(|j| &axis[i] * &axis[j] / &norm2));
    let m: Mat = std::array::from_fn(|i| {
        std::array::from_fn(|j| &identity()[i][j] - &q[i][j] + &projector[i][j])
    });
    let u = solve(&m, &sub(&b, &axis.clone().map(|x| x * &along)));
    Spin {
        base: u.clone(),
        tau: t0.clone(),
        rate: theta.scale(&(Q::one() / &span), bits + 8),
        axis: axis.clone(),
        norm2,
        inv_norm,
        frame0: start.rotation.clone(),
        offset: sub(&start.translation, &u),
        drift: axis.map(|x| x * &along / &span),
        slide: Q::zero(),
    }
}

fn prepare(placement: &Placement, interval: (&Q, &Q), bits: u32) -> Prepared {
    let zero = || [Q::zero(), Q::zero(), Q::zero()];
    match placement {
        Placement::Rational(m) => Prepared::Polynomial(Box::new(m.clone())),
        Placement::Angular {
            pose,
            velocity,
            angular_velocity,
            center,
        } => {
            let (axis, norm2, inv_norm) = spin_axis(angular_velocity, bits);
            let rate = if angular_velocity.iter().all(Zero::is_zero) {
                Iv::point(Q::zero())
            } else {
                sqrt(&norm2, bits + 8)
            };
            let rk = mat_vec(&pose.rotation, center);
            Prepared::Spin(Box::new(Spin {
                base: add(&pose.translation, &rk),
                tau: Q::zero(),
                rate,
                axis,
                norm2,
                inv_norm,
                frame0: pose.rotation.clone(),
                offset: rk.map(|x| -x),
                drift: velocity.clone(),
                slide: Q::zero(),
            }))
        }
        Placement::Screw {
            pose,
            axis_point,
            axis_direction,
            angle,
            slide,
        } => {
            let (axis, norm2, inv_norm) = spin_axis(axis_direction, bits);
            Prepared::Spin(Box::new(Spin {
                base: axis_point.clone(),
                tau: Q::zero(),
                rate: Iv::point(angle.clone()),
                axis,
                norm2,
                inv_norm,
                frame0: pose.rotation.clone(),
                offset: sub(&pose.translation, axis_point),
                drift: zero(),
                slide: slide.clone(),
            }))
        }
        Placement::Poses { start, end } => {
            Prepared::Spin(Box::new(prepare_poses(start, end, interval, bits)))
        }
    }
}

fn horner(p: &Poly, t: &Iv, bits: u32) -> Iv {
    let mut acc = Iv::point(Q::zero());
    for c in p.coeffs().iter().rev() {
        acc = acc.mul(t, bits).add(&Iv::point(c.clone()), bits);
    }
    acc
}

impl Spin {
    fn over(&self, t: &Iv, bits: u32) -> Enclosure {
        let s = t.sub(&Iv::point(self.tau.clone()), bits);
        let (sin, cos) = sin_cos_over(&self.rate.mul(&s, bits), bits);
        let c1 = sin.mul(&self.inv_norm, bits);
        let c2 = Iv::point(Q::one())
            .sub(&cos, bits)
            .scale(&(Q::one() / &self.norm2), bits);
        let k = cross_matrix(&self.axis);
        let k2 = mat_mul(&k, &k);
        let e: [[Iv; 3]; 3] = std::array::from_fn(|i| {
            std::array::from_fn(|j| {
                let delta = if i == j { Q::one() } else { Q::zero() };
                Iv::point(delta)
                    .add(&c1.scale(&k[i][j], bits), bits)
                    .add(&c2.scale(&k2[i][j], bits), bits)
            })
        });
        let times = |row: &[Iv; 3], v: &[Q; 3]| -> Iv {
            (0..3).fold(Iv::point(Q::zero()), |acc, j| {
                acc.add(&row[j].scale(&v[j], bits), bits)
            })
        };
        let frame = std::array::from_fn(|i| {
            std::array::from_fn(|j| {
                let column: [Q; 3] = std::array::from_fn(|k| self.frame0[k][j].clone());
                times(&e[i], &column)
            })
        });
        let slide = self.inv_norm.scale(&self.slide, bits);
        let origin = std::array::from_fn(|i| {
            let velocity = slide
                .scale(&self.axis[i], bits)
                .add(&Iv::point(self.drift[i].clone()), bits);
            Iv::point(self.base[i].clone())
                .add(&velocity.mul(&s, bits), bits)
                .add(&times(&e[i], &self.offset), bits)
        });
        Enclosure { frame, origin }
    }
}

impl Prepared {
    /// The placement over `t`; `None` when a rational motion's denominator
    /// is not proved positive there.
    fn over(&self, t: &Iv, bits: u32) -> Option<Enclosure> {
        match self {
            Prepared::Spin(s) => Some(s.over(t, bits)),
            Prepared::Polynomial(m) => {
                let w = horner(&m.denominator, t, bits);
                if !w.lo().is_positive() {
                    return None;
                }
                let q = |p: &Poly| horner(p, t, bits).div(&w, bits);
                let frame = std::array::from_fn(|i| {
                    std::array::from_fn(|j| q(&m.linear[i][j]).expect("w > 0"))
                });
                let origin = std::array::from_fn(|i| q(&m.translation[i]).expect("w > 0"));
                Some(Enclosure { frame, origin })
            }
        }
    }
}

/// The most enclosures one [`Enclosures`] keeps; past it the memo starts
/// again (memory stays bounded on long checks).
const MEMO_ENTRIES: usize = 1 << 14;

/// A prepared motion and the enclosures of its placement computed so far,
/// by time interval: a check by parts proves the same time cells on every
/// pair of pieces, and one piece asks for the same interval several times
/// (its gap, then its ends), so each is computed once.
struct Enclosures {
    motion: Prepared,
    bits: u32,
    known: RefCell<HashMap<IntervalKey, Known>>,
}

/// A time interval as a memo key: its ends' numerators and denominators.
/// The ends are in lowest terms, so equal intervals give equal keys;
/// hashing the integers spares `Ratio`'s hash, which expands a continued
/// fraction.
type IntervalKey = [num_bigint::BigInt; 4];

fn interval_key(t: &Iv) -> IntervalKey {
    let (lo, hi) = (t.lo(), t.hi());
    [
        lo.numer().clone(),
        lo.denom().clone(),
        hi.numer().clone(),
        hi.denom().clone(),
    ]
}

/// An enclosure computed (`None`: a rational motion's denominator not
/// proved positive there).
type Known = Option<Rc<Enclosure>>;

/// The two bodies' [`Enclosures`].
type PlacementPair = (Rc<Enclosures>, Rc<Enclosures>);

impl Enclosures {
    fn new(motion: Prepared, bits: u32) -> Enclosures {
        Enclosures {
            motion,
            bits,
            known: RefCell::new(HashMap::new()),
        }
    }

    /// [`Prepared::over`] at this precision, computed once per interval.
    fn over(&self, t: &Iv) -> Known {
        let key = interval_key(t);
        if let Some(known) = self.known.borrow().get(&key) {
            return known.clone();
        }
        let found = self.motion.over(t, self.bits).map(Rc::new);
        let mut known = self.known.borrow_mut();
        if known.len() >= MEMO_ENTRIES {
            known.clear();
        }
        known.insert(key, found.clone());
        found
    }
}

/// The two bodies' [`Enclosures`] by precision, shared by the checks of
/// several pairs of shapes under the same two placements (the pieces of
/// two meshes: `solids.rs`).
#[derive(Default)]
pub(crate) struct SharedPlacements {
    by_bits: RefCell<HashMap<u32, PlacementPair>>,
}

fn cross(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

/// A body's shape as the checks use it, computed once per check: a core
/// (a polytope, a segment or a point) and the points within `radius` of it.
struct Solid {
    /// A box's half extents (for the two-box gap).
    half_extents: Option<[Q; 3]>,
    /// The core's vertices in local coordinates (a hull's points, interior
    /// ones included; a capsule's two ends; a sphere's centre, the origin).
    vertices: Vec<[Q; 3]>,
    /// A polytope is where `n . y <= c` for every `(n, c)`: a box's six
    /// faces, a hull's facets, a triangle's three edges (within its plane).
    /// Empty for a sphere or a capsule.
    facets: Vec<([Q; 3], Q)>,
    /// A flat triangle's plane `n . y = c`.
    plane: Option<([Q; 3], Q)>,
    /// The core of a sphere or a capsule: the segment between these ends
    /// (for a sphere, or a capsule with equal ends, the single point).
    core_segment: Option<([Q; 3], [Q; 3])>,
    /// The radius around the core: positive for a sphere or a capsule, `0`
    /// for a polytope.
    radius: Q,
}

/// Whether an enclosed point is in a closed solid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Membership {
    /// Proved inside (or on the boundary, with an exact enclosure).
    Inside,
    /// Proved outside: some facet inequality or the plane is provably
    /// violated.
    Outside,
    /// Neither shown at this precision.
    Unknown,
}

impl Solid {
    /// The solid of a shape, or why the referee does not judge it.
    fn new(shape: &Shape) -> Result<Solid, String> {
        let zero = || [Q::zero(), Q::zero(), Q::zero()];
        match shape {
            Shape::Box { half_extents: h } => {
                if h.iter().any(|x| !x.is_positive()) {
                    return Err("a half extent is not positive".into());
                }
                let mut facets = Vec::new();
                for (i, hi) in h.iter().enumerate() {
                    let mut n = zero();
                    n[i] = Q::one();
                    facets.push((n.clone(), hi.clone()));
                    facets.push((n.map(|x| -x), hi.clone()));
                }
                Ok(Solid {
                    half_extents: Some(h.clone()),
                    vertices: shape.vertices(),
                    facets,
                    plane: None,
                    core_segment: None,
                    radius: Q::zero(),
                })
            }
            Shape::Triangle(v) => {
                let n = cross(&sub(&v[1], &v[0]), &sub(&v[2], &v[0]));
                if n.iter().all(Zero::is_zero) {
                    return Err("the triangle is degenerate (its corners are collinear)".into());
                }
                // edge p -> q, counter-clockwise about n: inside is where
                // ((q - p) x (y - p)) . n >= 0, that is m . y <= m . p with
                // the outward m = (q - p) x n
                let facets = (0..3)
                    .map(|i| {
                        let (p, q) = (&v[i], &v[(i + 1) % 3]);
                        let m = cross(&sub(q, p), &n);
                        let c = dot(&m, p);
                        (m, c)
                    })
                    .collect();
                let c = dot(&n, &v[0]);
                Ok(Solid {
                    half_extents: None,
                    vertices: v.to_vec(),
                    facets,
                    plane: Some((n, c)),
                    core_segment: None,
                    radius: Q::zero(),
                })
            }
            Shape::Hull(points) => {
                let faces = hull_faces(points);
                if faces.is_empty() {
                    return Err("the hull's points are all coplanar".into());
                }
                let facets = faces
                    .iter()
                    .map(|&[i, j, k]| {
                        let n = cross(&sub(&points[j], &points[i]), &sub(&points[k], &points[i]));
                        let c = dot(&n, &points[i]);
                        (n, c)
                    })
                    .collect();
                Ok(Solid {
                    half_extents: None,
                    vertices: points.clone(),
                    facets,
                    plane: None,
                    core_segment: None,
                    radius: Q::zero(),
                })
            }
            Shape::Sphere { radius } | Shape::Capsule { radius, .. } => {
                if !radius.is_positive() {
                    return Err(format!(
                        "the radius of a sphere or a capsule is not positive ({radius})"
                    ));
                }
                let core_segment = match shape {
                    Shape::Capsule { ends: [a, b], .. } => (a.clone(), b.clone()),
                    _ => (zero(), zero()),
                };
                Ok(Solid {
                    half_extents: None,
                    vertices: shape.vertices(),
                    facets: Vec::new(),
                    plane: None,
                    core_segment: Some(core_segment),
                    radius: radius.clone(),
                })
            }
        }
    }

    /// True when the local point `y` is in the core, exactly: on a
    /// sphere's or a capsule's core segment, in a polytope.
    fn core_holds(&self, y: &[Q; 3]) -> bool {
        match &self.core_segment {
            Some((a, b)) => squared_distance_to_segment(y, a, b).is_zero(),
            None => self.holds(y),
        }
    }

    /// True when the local point `y` is in the closed shape, exactly: a
    /// sphere's or a capsule's point within the radius of its core (the
    /// exact squared distance to the core segment at most `radius^2`), a
    /// polytope's on its plane (a triangle) and within its facets.
    fn holds(&self, y: &[Q; 3]) -> bool {
        if let Some((a, b)) = &self.core_segment {
            return squared_distance_to_segment(y, a, b) <= &self.radius * &self.radius;
        }
        self.plane.as_ref().is_none_or(|(n, c)| dot(n, y) == *c)
            && self.facets.iter().all(|(n, c)| dot(n, y) <= *c)
    }

    /// Whether the enclosed world point `x` is in the solid placed by `e`:
    /// its local coordinates `z = F^T (x - o)` enclosed, then
    ///
    /// * for a polytope, each facet proved (`n . z <= c` at the upper end)
    ///   or refuted (violated at the lower end), a triangle's plane proved
    ///   only by an enclosure that is the single number `c`;
    /// * for a sphere or a capsule, the squared distance from `z` to the
    ///   core segment enclosed ([`squared_distance_over`]) and compared
    ///   with `radius^2`: inside when its upper end is at most `radius^2`
    ///   (the true distance is in the enclosure, so a zero-width enclosure
    ///   equal to `radius^2` proves a point on the surface), outside when
    ///   its lower end exceeds it.
    fn membership(&self, e: &Enclosure, x: &[Iv; 3], bits: u32) -> Membership {
        let rel: [Iv; 3] = std::array::from_fn(|k| x[k].sub(&e.origin[k], bits));
        let z: [Iv; 3] = std::array::from_fn(|i| {
            (0..3).fold(Iv::point(Q::zero()), |acc, k| {
                acc.add(&e.frame[k][i].mul(&rel[k], bits), bits)
            })
        });
        if let Some((a, b)) = &self.core_segment {
            let squared = squared_distance_over(&z, (a, b), bits);
            let r2 = &self.radius * &self.radius;
            return if *squared.hi() <= r2 {
                Membership::Inside
            } else if *squared.lo() > r2 {
                Membership::Outside
            } else {
                Membership::Unknown
            };
        }
        let component = |n: &[Q; 3]| {
            (0..3).fold(Iv::point(Q::zero()), |acc, i| {
                acc.add(&z[i].scale(&n[i], bits), bits)
            })
        };
        let mut result = Membership::Inside;
        if let Some((n, c)) = &self.plane {
            let d = component(n);
            if d.lo() > c || d.hi() < c {
                return Membership::Outside;
            }
            if d.lo() != c || d.hi() != c {
                result = Membership::Unknown;
            }
        }
        for (n, c) in &self.facets {
            let d = component(n);
            if d.lo() > c {
                return Membership::Outside;
            }
            if d.hi() > c {
                result = Membership::Unknown;
            }
        }
        result
    }

    /// Enclosures of the least and of the greatest `x . l` over the
    /// solid's points placed by `e`, as `((lo, hi), (lo, hi))`: from the
    /// half extents for a box, else over the core's vertices; for a sphere
    /// or a capsule that range widened by `radius |l|` on both sides (the
    /// ball of radius `r` projects onto `l` as `[-r |l|, r |l|]`), with
    /// `norm` an enclosure of `|l|`.
    fn extent(&self, e: &Enclosure, l: &[Q; 3], norm: &Iv, bits: u32) -> ((Q, Q), (Q, Q)) {
        let ((least_lo, least_hi), (greatest_lo, greatest_hi)) = self.core_extent(e, l, bits);
        if self.radius.is_zero() {
            return ((least_lo, least_hi), (greatest_lo, greatest_hi));
        }
        let (reach_lo, reach_hi) = (&self.radius * norm.lo(), &self.radius * norm.hi());
        (
            (least_lo - &reach_hi, least_hi - &reach_lo),
            (greatest_lo + &reach_lo, greatest_hi + &reach_hi),
        )
    }

    /// [`Solid::extent`] of the core alone.
    fn core_extent(&self, e: &Enclosure, l: &[Q; 3], bits: u32) -> ((Q, Q), (Q, Q)) {
        let centre = (0..3).fold(Iv::point(Q::zero()), |acc, k| {
            acc.add(&e.origin[k].scale(&l[k], bits), bits)
        });
        let columns: [Iv; 3] = std::array::from_fn(|j| along(e, l, j, bits));
        if let Some(h) = &self.half_extents {
            let (mut reach_lo, mut reach_hi) = (Q::zero(), Q::zero());
            for (hj, column) in h.iter().zip(&columns) {
                reach_lo += hj * column.mag_lower();
                reach_hi += hj * column.mag_upper();
            }
            let (lo, hi) = (centre.lo(), centre.hi());
            return (
                (lo - &reach_hi, hi - &reach_lo),
                (lo + &reach_lo, hi + &reach_hi),
            );
        }
        let mut least: Option<(Q, Q)> = None;
        let mut greatest: Option<(Q, Q)> = None;
        for v in &self.vertices {
            let x = (0..3).fold(centre.clone(), |acc, j| {
                acc.add(&columns[j].scale(&v[j], bits), bits)
            });
            let (lo, hi) = (x.lo(), x.hi());
            least = Some(match least {
                None => (lo.clone(), hi.clone()),
                Some((a, b)) => (a.min(lo.clone()), b.min(hi.clone())),
            });
            greatest = Some(match greatest {
                None => (lo.clone(), hi.clone()),
                Some((a, b)) => (a.max(lo.clone()), b.max(hi.clone())),
            });
        }
        (
            least.expect("a solid has vertices"),
            greatest.expect("a solid has vertices"),
        )
    }
}

/// The squared distance from `y` to the segment from `a` to `b`, exactly:
/// the nearest point is `a + s (b - a)` with the projection parameter
/// `s = ((y - a) . (b - a)) / |b - a|^2` clamped to `[0, 1]` (`s = 0`, the
/// point `a`, when `a = b`).
pub(crate) fn squared_distance_to_segment(y: &[Q; 3], a: &[Q; 3], b: &[Q; 3]) -> Q {
    let d = sub(b, a);
    let dd = dot(&d, &d);
    let ya = sub(y, a);
    let s = if dd.is_zero() {
        Q::zero()
    } else {
        (dot(&ya, &d) / &dd).clamp(Q::zero(), Q::one())
    };
    let w = sub(&ya, &d.map(|x| x * &s));
    dot(&w, &w)
}

/// An enclosure of the squared distance from every point of the box `z`
/// to the segment from `a` to `b`: the formula of
/// [`squared_distance_to_segment`] evaluated in interval arithmetic, the
/// parameter's interval clamped end by end (clamping is monotone), each
/// component `z_i - a_i - s d_i` squared as `[mag_lower^2, mag_upper^2]`.
/// Every step is an interval extension of the step it replaces, and a
/// composition of interval extensions encloses the composed function: for
/// each true `y` in `z`, its true `s` lies in the parameter's interval, so
/// its true squared distance lies in the result (wider than the true
/// range, since `z` enters twice, but never narrower).
fn squared_distance_over(z: &[Iv; 3], (a, b): (&[Q; 3], &[Q; 3]), bits: u32) -> Iv {
    let d = sub(b, a);
    let dd = dot(&d, &d);
    let za: [Iv; 3] = std::array::from_fn(|i| z[i].sub(&Iv::point(a[i].clone()), bits));
    let s = if dd.is_zero() {
        Iv::point(Q::zero())
    } else {
        let projection = (0..3).fold(Iv::point(Q::zero()), |acc, i| {
            acc.add(&za[i].scale(&d[i], bits), bits)
        });
        let s = projection.scale(&(Q::one() / &dd), bits);
        let clamp = |q: &Q| q.clone().clamp(Q::zero(), Q::one());
        Iv::new(clamp(s.lo()), clamp(s.hi()))
    };
    (0..3).fold(Iv::point(Q::zero()), |acc, i| {
        let w = za[i].sub(&s.scale(&d[i], bits), bits);
        let magnitude = Iv::new(w.mag_lower(), w.mag_upper());
        acc.add(&magnitude.mul(&magnitude, bits), bits)
    })
}

/// Both bodies prepared at one precision.
struct Prepared2<'s> {
    a: Rc<Enclosures>,
    b: Rc<Enclosures>,
    sa: &'s Solid,
    sb: &'s Solid,
    bits: u32,
    separation: Q,
}

fn along(e: &Enclosure, l: &[Q; 3], column: usize, bits: u32) -> Iv {
    (0..3).fold(Iv::point(Q::zero()), |acc, k| {
        acc.add(&e.frame[k][column].scale(&l[k], bits), bits)
    })
}

impl<'s> Prepared2<'s> {
    fn new(case: &SpinCase, solids: &'s (Solid, Solid), bits: u32) -> Prepared2<'s> {
        Prepared2::sharing(case, solids, bits, &SharedPlacements::default())
    }

    /// As [`Prepared2::new`], with the placements' enclosures taken from
    /// (or added to) `shared`, which must hold only placements of this
    /// case's two bodies over its interval.
    fn sharing(
        case: &SpinCase,
        solids: &'s (Solid, Solid),
        bits: u32,
        shared: &SharedPlacements,
    ) -> Prepared2<'s> {
        let (a, b) = shared
            .by_bits
            .borrow_mut()
            .entry(bits)
            .or_insert_with(|| Prepared2::placements(case, bits))
            .clone();
        Prepared2 {
            a,
            b,
            sa: &solids.0,
            sb: &solids.1,
            bits,
            separation: case.separation.clone(),
        }
    }

    /// The two bodies' prepared motions (for two `poses`, `b`'s relative to
    /// `a`, which stays at its first pose: module docs).
    fn placements(case: &SpinCase, bits: u32) -> PlacementPair {
        let interval = (&case.t0, &case.t1);
        let (pa, pb) = match (&case.a.placement, &case.b.placement) {
            (Placement::Poses { start: a0, end: a1 }, Placement::Poses { start: b0, end: b1 }) => (
                Placement::Rational(Motion::stationary(
                    a0.rotation.clone(),
                    a0.translation.clone(),
                )),
                Placement::Poses {
                    start: b0.clone(),
                    end: a0.compose(&a1.inverse()).compose(b1),
                },
            ),
            (a, b) => (a.clone(), b.clone()),
        };
        let enclosures = |p: &Placement| Rc::new(Enclosures::new(prepare(p, interval, bits), bits));
        (enclosures(&pa), enclosures(&pb))
    }

    /// Lower and upper bounds of the gap along `l` over `t` (module docs);
    /// `norm` encloses `|l|`.
    fn gap(&self, t: &Iv, l: &[Q; 3], norm: &Iv) -> Option<(Q, Q)> {
        // within a separation `d`, the gap less `d |l|`
        let (lo, hi) = self.plain_gap(t, l, norm)?;
        let d = &self.separation;
        Some((lo - d * norm.hi(), hi - d * norm.lo()))
    }

    /// The gap along `l` with no separation.
    fn plain_gap(&self, t: &Iv, l: &[Q; 3], norm: &Iv) -> Option<(Q, Q)> {
        let p = self.bits;
        let (ea, eb) = (self.a.over(t)?, self.b.over(t)?);
        let (Some(ha), Some(hb)) = (&self.sa.half_extents, &self.sb.half_extents) else {
            // b's least projection beyond a's greatest
            let (_, greatest_a) = self.sa.extent(&ea, l, norm, p);
            let (least_b, _) = self.sb.extent(&eb, l, norm, p);
            return Some((least_b.0 - greatest_a.1, least_b.1 - greatest_a.0));
        };
        let mut d = Iv::point(Q::zero());
        for (k, lk) in l.iter().enumerate() {
            d = d.add(&eb.origin[k].sub(&ea.origin[k], p).scale(lk, p), p);
        }
        let (mut lo, mut hi) = (d.lo().clone(), d.hi().clone());
        for (e, h) in [(&ea, ha), (&eb, hb)] {
            for (i, hi_) in h.iter().enumerate() {
                let x = along(e, l, i, p);
                lo -= hi_ * x.mag_upper();
                hi -= hi_ * x.mag_lower();
            }
        }
        Some((lo, hi))
    }

    /// True for a direction fixed in the bodies that this check takes: two
    /// boxes, at least one vector.
    fn takes_body_fixed(&self, in_a: Option<&[Q; 3]>, in_b: Option<&[Q; 3]>) -> bool {
        self.sa.half_extents.is_some()
            && self.sb.half_extents.is_some()
            && (in_a.is_some() || in_b.is_some())
    }

    /// The gap of two boxes along a direction fixed in them
    /// ([`PieceDirection::BodyFixed`]) over `t`, less `d |L|` within a
    /// minimum separation `d` (`|L|` enclosed from the enclosure of `L . L`);
    /// `None` for any other pair.
    fn body_fixed_gap(
        &self,
        t: &Iv,
        in_a: Option<&[Q; 3]>,
        in_b: Option<&[Q; 3]>,
    ) -> Option<(Q, Q)> {
        let p = self.bits;
        let (Some(ha), Some(hb)) = (&self.sa.half_extents, &self.sb.half_extents) else {
            return None;
        };
        if !self.takes_body_fixed(in_a, in_b) {
            return None;
        }
        let (ea, eb) = (self.a.over(t)?, self.b.over(t)?);
        let in_frame = |e: &Enclosure, u: &[Q; 3]| -> [Iv; 3] {
            std::array::from_fn(|k| {
                (0..3).fold(Iv::point(Q::zero()), |acc, i| {
                    acc.add(&e.frame[k][i].scale(&u[i], p), p)
                })
            })
        };
        let l: [Iv; 3] = match (in_a, in_b) {
            (Some(u), None) => in_frame(&ea, u),
            (None, Some(v)) => in_frame(&eb, v),
            (Some(u), Some(v)) => {
                let (x, y) = (in_frame(&ea, u), in_frame(&eb, v));
                std::array::from_fn(|k| {
                    let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
                    x[k1].mul(&y[k2], p).sub(&x[k2].mul(&y[k1], p), p)
                })
            }
            (None, None) => return None,
        };
        let mut d = Iv::point(Q::zero());
        for (k, lk) in l.iter().enumerate() {
            d = d.add(&eb.origin[k].sub(&ea.origin[k], p).mul(lk, p), p);
        }
        let (mut lo, mut hi) = (d.lo().clone(), d.hi().clone());
        for (e, h) in [(&ea, ha), (&eb, hb)] {
            for (i, hi_) in h.iter().enumerate() {
                let x = (0..3).fold(Iv::point(Q::zero()), |acc, k| {
                    acc.add(&e.frame[k][i].mul(&l[k], p), p)
                });
                lo -= hi_ * x.mag_upper();
                hi -= hi_ * x.mag_lower();
            }
        }
        if !self.separation.is_zero() {
            let squared = (0..3).fold(Iv::point(Q::zero()), |acc, k| {
                acc.add(&l[k].mul(&l[k], p), p)
            });
            let least = if squared.lo().is_positive() {
                squared.lo().clone()
            } else {
                Q::zero()
            };
            lo -= &self.separation * sqrt(squared.hi(), p).hi();
            hi -= &self.separation * sqrt(&least, p).lo();
        }
        Some((lo, hi))
    }

    /// The turning body's motion, its solid, and the other body's prepared
    /// motion and solid, when the turning body is a box turning about a
    /// line (a `Spin` with a non-zero axis) and the other a polytope, with
    /// no minimum separation.
    #[allow(clippy::type_complexity)]
    fn about_axis(&self, turning: WitnessSide) -> Option<(&Spin, &Solid, &Enclosures, &Solid)> {
        let (spin, solid, other, other_solid) = match turning {
            WitnessSide::A => (&*self.a, self.sa, &*self.b, self.sb),
            WitnessSide::B => (&*self.b, self.sb, &*self.a, self.sa),
        };
        let Prepared::Spin(spin) = &spin.motion else {
            return None;
        };
        let usable = solid.half_extents.is_some()
            && !spin.axis.iter().all(Zero::is_zero)
            && other_solid.radius.is_zero()
            && self.separation.is_zero();
        usable.then_some((spin, solid, other, other_solid))
    }

    /// Whether the turning box keeps at least `sqrt(radius_squared)` from
    /// its axis: under `x = base + s velocity + E(s) (F0 y + offset)`, with
    /// `E` a rotation about `axis` and `velocity` the drift plus a slide
    /// along `axis`, the distance from `x` to the line through `base + s
    /// drift` along `axis` is that of `F0 y + offset` to the line through
    /// the origin, so the box's least squared distance to the line
    /// `-F0^T offset + r F0^T axis` in its own coordinates decides, exactly
    /// ([`box_to_line_squared`]). `None` when the piece is not one this
    /// check takes.
    fn keeps_off_its_axis(&self, turning: WitnessSide, radius_squared: &Q) -> Option<bool> {
        let (spin, solid, _, _) = self.about_axis(turning)?;
        let h = solid.half_extents.as_ref()?;
        let back = transpose(&spin.frame0);
        let point = mat_vec(&back, &spin.offset).map(|x| -x);
        let along = mat_vec(&back, &spin.axis);
        Some(box_to_line_squared(h, &point, &along) >= *radius_squared)
    }

    /// Bounds of `ρ^2 |axis|^2 - |(x - base - s drift) x axis|^2` over the
    /// other body's vertices `x` at the times `t` (`s = t - tau`): positive
    /// when each is strictly within `ρ` of the turning box's axis.
    fn inside_the_axis_gap(
        &self,
        t: &Iv,
        turning: WitnessSide,
        radius_squared: &Q,
    ) -> Option<(Q, Q)> {
        let p = self.bits;
        let (spin, _, other, other_solid) = self.about_axis(turning)?;
        let e = other.over(t)?;
        let s = t.sub(&Iv::point(spin.tau.clone()), p);
        let reach = radius_squared * &spin.norm2;
        let (mut lo, mut hi) = (reach.clone(), reach.clone());
        for y in &other_solid.vertices {
            let d: [Iv; 3] = std::array::from_fn(|k| {
                let x = (0..3).fold(e.origin[k].clone(), |acc, j| {
                    acc.add(&e.frame[k][j].scale(&y[j], p), p)
                });
                x.sub(&Iv::point(spin.base[k].clone()), p)
                    .sub(&s.scale(&spin.drift[k], p), p)
            });
            let u = &spin.axis;
            let squared = (0..3).fold(Iv::point(Q::zero()), |acc, k| {
                let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
                let c = d[k1].scale(&u[k2], p).sub(&d[k2].scale(&u[k1], p), p);
                acc.add(&c.mul(&c, p), p)
            });
            lo = lo.min(&reach - squared.hi());
            hi = hi.min(&reach - squared.lo());
        }
        Some((lo, hi))
    }

    /// Proves the gap positive on `[from, to]`, bisecting; `Err(Some(t))`
    /// with a time where the direction provably fails, `Err(None)` when
    /// neither is shown within the work allowance.
    fn separated(
        &self,
        from: &Q,
        to: &Q,
        direction: &PieceDirection,
        work: &mut usize,
    ) -> Result<(), Option<Q>> {
        let world = match direction {
            PieceDirection::World(l) => Some((l, sqrt(&dot(l, l), self.bits))),
            PieceDirection::AboutAxis {
                turning,
                radius_squared,
            } => {
                match self.keeps_off_its_axis(*turning, radius_squared) {
                    Some(true) => {}
                    Some(false) => return Err(Some(from.clone())),
                    None => return Err(None),
                }
                None
            }
            PieceDirection::BodyFixed { in_a, in_b } => {
                if !self.takes_body_fixed(in_a.as_ref(), in_b.as_ref()) {
                    return Err(None);
                }
                None
            }
        };
        let gap = |t: &Iv| match (&world, direction) {
            (Some((l, norm)), _) => self.gap(t, l, norm),
            (None, PieceDirection::BodyFixed { in_a, in_b }) => {
                self.body_fixed_gap(t, in_a.as_ref(), in_b.as_ref())
            }
            (
                None,
                PieceDirection::AboutAxis {
                    turning,
                    radius_squared,
                },
            ) => self.inside_the_axis_gap(t, *turning, radius_squared),
            (None, PieceDirection::World(_)) => None,
        };
        let fails_at = |t: &Q| gap(&Iv::point(t.clone())).is_some_and(|(_, hi)| !hi.is_positive());
        let mut stack = vec![(from.clone(), to.clone(), 0u32)];
        while let Some((a, b, depth)) = stack.pop() {
            *work += 1;
            if *work > MAX_WORK {
                return Err(None);
            }
            if let Some((lo, _)) = gap(&Iv::new(a.clone(), b.clone())) {
                if lo.is_positive() {
                    continue;
                }
            }
            for t in [&a, &b] {
                if fails_at(t) {
                    return Err(Some(t.clone()));
                }
            }
            if depth >= MAX_DEPTH {
                return Err(None);
            }
            let m = (&a + &b) / Q::from_integer(2.into());
            stack.push((m.clone(), b, depth + 1));
            stack.push((a, m, depth + 1));
        }
        Ok(())
    }

    /// Whether the segment from `x` to `end` (material points of the body
    /// `side`) crosses the other body, a flat triangle, through its
    /// interior at `t` (module docs): `Outside` when both ends are provably
    /// strictly on one side of its plane or the line provably passes on
    /// opposite sides of two of its edges.
    fn crosses(&self, t: &Q, (x, end): (&[Q; 3], &[Q; 3]), side: WitnessSide) -> Membership {
        let p = self.bits;
        let time = Iv::point(t.clone());
        let (Some(ea), Some(eb)) = (self.a.over(&time), self.b.over(&time)) else {
            return Membership::Unknown;
        };
        let (home, other, solid) = match side {
            WitnessSide::A => (&ea, &eb, self.sb),
            WitnessSide::B => (&eb, &ea, self.sa),
        };
        let place = |e: &Enclosure, y: &[Q; 3]| -> [Iv; 3] {
            std::array::from_fn(|k| {
                (0..3).fold(e.origin[k].clone(), |acc, j| {
                    acc.add(&e.frame[k][j].scale(&y[j], p), p)
                })
            })
        };
        let (a, b) = (place(home, x), place(home, end));
        let [k, l, m] = [0, 1, 2].map(|i| place(other, &solid.vertices[i]));
        let orientation = |a: &[Iv; 3], b: &[Iv; 3], c: &[Iv; 3], d: &[Iv; 3]| -> Iv {
            let u: [Iv; 3] = std::array::from_fn(|i| b[i].sub(&a[i], p));
            let v: [Iv; 3] = std::array::from_fn(|i| c[i].sub(&a[i], p));
            let w: [Iv; 3] = std::array::from_fn(|i| d[i].sub(&a[i], p));
            (0..3).fold(Iv::point(Q::zero()), |acc, i| {
                let (j, k) = ((i + 1) % 3, (i + 2) % 3);
                let minor = u[j].mul(&v[k], p).sub(&u[k].mul(&v[j], p), p);
                acc.add(&minor.mul(&w[i], p), p)
            })
        };
        // +1 / -1 when the sign is proved strict, 0 when not
        let sign = |x: &Iv| -> i32 {
            if x.lo().is_positive() {
                1
            } else if x.hi().is_negative() {
                -1
            } else {
                0
            }
        };
        let ends = [orientation(&k, &l, &m, &a), orientation(&k, &l, &m, &b)].map(|x| sign(&x));
        let turns = [
            orientation(&a, &b, &k, &l),
            orientation(&a, &b, &l, &m),
            orientation(&a, &b, &m, &k),
        ]
        .map(|x| sign(&x));
        if ends[0] * ends[1] == -1 && turns.iter().all(|&s| s == turns[0] && s != 0) {
            Membership::Inside
        } else if ends[0] * ends[1] == 1 || (turns.contains(&1) && turns.contains(&-1)) {
            Membership::Outside
        } else {
            Membership::Unknown
        }
    }

    /// Whether the witness point is in both closed bodies at `t`: a world
    /// point in both, or (`material_of`) a body's local point, already
    /// checked to be in its shape, placed by that body's motion and tested
    /// against the other body (module docs).
    fn contains(&self, t: &Q, x: &[Q; 3], material_of: Option<WitnessSide>) -> Membership {
        let p = self.bits;
        let time = Iv::point(t.clone());
        let (Some(ea), Some(eb)) = (self.a.over(&time), self.b.over(&time)) else {
            return Membership::Unknown;
        };
        let (home, other, solid) = match material_of {
            None => {
                let x = x.clone().map(Iv::point);
                let (ma, mb) = (
                    self.sa.membership(&ea, &x, p),
                    self.sb.membership(&eb, &x, p),
                );
                return if ma == Membership::Outside || mb == Membership::Outside {
                    Membership::Outside
                } else if ma == Membership::Unknown || mb == Membership::Unknown {
                    Membership::Unknown
                } else {
                    Membership::Inside
                };
            }
            Some(WitnessSide::A) => (&ea, &eb, self.sb),
            Some(WitnessSide::B) => (&eb, &ea, self.sa),
        };
        // the world position o + F y of the material point y
        let world: [Iv; 3] = std::array::from_fn(|k| {
            (0..3).fold(home.origin[k].clone(), |acc, j| {
                acc.add(&home.frame[k][j].scale(&x[j], p), p)
            })
        });
        solid.membership(other, &world, p)
    }
}

/// Bisection depth allowed per piece.
const MAX_DEPTH: u32 = 48;
/// Gap evaluations allowed per check.
const MAX_WORK: usize = 200_000;

fn check_tiling(pieces: &[SpinPiece], t0: &Q, end: &Q) -> Result<(), Verdict> {
    let mut at = t0.clone();
    for (i, p) in pieces.iter().enumerate() {
        if p.from != at {
            return Err(Verdict::refuted(format!(
                "separation pieces are not contiguous: piece {i} starts at {} instead of {at}",
                p.from
            )));
        }
        if p.to <= p.from {
            return Err(Verdict::refuted(format!("separation piece {i} is empty")));
        }
        at = p.to.clone();
    }
    if at != *end {
        return Err(Verdict::refuted(format!(
            "separation pieces cover [{t0}, {at}], not [{t0}, {end}]"
        )));
    }
    Ok(())
}

/// Working bits: 96 beyond the narrowest piece's width and the largest
/// time's magnitude.
fn working_bits(case: &SpinCase, claim: &SpinClaim) -> u32 {
    bits_for(case, &claim.separation, claim.first_contact.as_ref())
}

/// [`working_bits`] for pieces and an enclosure.
fn bits_for(case: &SpinCase, pieces: &[SpinPiece], first_contact: Option<&(Q, Q)>) -> u32 {
    let log = |q: &Q| q.numer().bits() as i64 - q.denom().bits() as i64;
    let narrow = pieces
        .iter()
        .map(|p| -log(&(&p.to - &p.from)))
        .chain(
            first_contact
                .into_iter()
                .map(|(lo, hi)| if lo == hi { 0 } else { -log(&(hi - lo)) }),
        )
        .max()
        .unwrap_or(0)
        .max(0);
    let magnitude = log(&case.t0).max(log(&case.t1)).max(0);
    (96 + narrow + magnitude).clamp(128, 4096) as u32
}

/// Where the separation pieces of an enclosure claim must end: at the
/// enclosure's lower end, or at `t1` without contact; refuted when the
/// claim contradicts itself or its enclosure leaves `[t0, t1]`.
pub(crate) fn separation_end(
    collides: bool,
    first_contact: Option<&(Q, Q)>,
    (t0, t1): (&Q, &Q),
) -> Result<Q, Verdict> {
    match (collides, first_contact) {
        (true, Some((lower, upper))) => {
            if lower > upper || lower < t0 || upper > t1 {
                return Err(Verdict::refuted(format!(
                    "the claimed enclosure [{lower}, {upper}] is not inside [{t0}, {t1}]"
                )));
            }
            Ok(lower.clone())
        }
        (true, None) => Err(Verdict::refuted("a collision is claimed without a time")),
        (false, Some(_)) => Err(Verdict::refuted(
            "no collision is claimed, yet a time is given",
        )),
        (false, None) => Ok(t1.clone()),
    }
}

fn verify(
    case: &SpinCase,
    solids: &(Solid, Solid),
    claim: &SpinClaim,
    bits: u32,
) -> Result<(), Verdict> {
    let end = separation_end(
        claim.collides,
        claim.first_contact.as_ref(),
        (&case.t0, &case.t1),
    )?;
    check_tiling(&claim.separation, &case.t0, &end)?;
    let pair = Prepared2::new(case, solids, bits);
    // the witness first: one time, cheaper than the pieces
    if let Some((lower, upper)) = &claim.first_contact {
        let w = claim
            .witness
            .as_ref()
            .ok_or_else(|| Verdict::refuted("a collision is claimed without a contact witness"))?;
        verify_witness(&pair, solids, w, (lower, upper), bits)?;
    }
    verify_pieces(&pair, &claim.separation, bits)
}

/// The witness lies in both bodies at its time, inside `[lower, upper]`.
fn verify_witness(
    pair: &Prepared2<'_>,
    solids: &(Solid, Solid),
    w: &SpinWitness,
    (lower, upper): (&Q, &Q),
    bits: u32,
) -> Result<(), Verdict> {
    if w.time < *lower || w.time > *upper {
        return Err(Verdict::refuted(format!(
            "the contact witness's time {} is outside the claimed enclosure [{lower}, {upper}]",
            w.time
        )));
    }
    if let Some(side) = w.material_of {
        let (name, solid) = match side {
            WitnessSide::A => ("a", &solids.0),
            WitnessSide::B => ("b", &solids.1),
        };
        if !solid.holds(&w.point) {
            return Err(Verdict::refuted(format!(
                "the witness is not a point of {name}: its local coordinates ({}, {}, {}) \
                 are outside {name}'s shape",
                w.point[0], w.point[1], w.point[2]
            )));
        }
    }
    if let Some(q) = &w.other {
        return verify_pair_witness(pair, solids, w, q, bits);
    }
    let membership = match (&w.edge_end, w.material_of) {
        (None, _) => pair.contains(&w.time, &w.point, w.material_of),
        (Some(_), None) => {
            return Err(Verdict::refuted(
                "a witness segment's end is given without the body it belongs to",
            ))
        }
        (Some(end), Some(side)) => {
            let (name, home, other) = match side {
                WitnessSide::A => ("a", &solids.0, &solids.1),
                WitnessSide::B => ("b", &solids.1, &solids.0),
            };
            if !home.holds(end) {
                return Err(Verdict::refuted(format!(
                    "the witness segment's end ({}, {}, {}) is not a point of {name}",
                    end[0], end[1], end[2]
                )));
            }
            if other.plane.is_none() {
                return Err(Verdict::Inconclusive(
                    "a witness segment is judged against a flat triangle only".into(),
                ));
            }
            pair.crosses(&w.time, (&w.point, end), side)
        }
    };
    match membership {
        Membership::Inside => {}
        Membership::Outside => {
            return Err(Verdict::Refuted {
                reason: format!("the contact witness lies outside a body at t = {}", w.time),
                counterexample: Some(w.time.clone()),
            })
        }
        Membership::Unknown => {
            let flat = match w.material_of {
                None => solids.0.plane.is_some() || solids.1.plane.is_some(),
                Some(WitnessSide::A) => solids.1.plane.is_some(),
                Some(WitnessSide::B) => solids.0.plane.is_some(),
            };
            let hint = if flat {
                " (a flat triangle holds a world point only at an exact pose; \
                 a material point of the triangle can be checked instead)"
            } else {
                ""
            };
            return Err(Verdict::Inconclusive(format!(
                "the contact witness is not proved inside both bodies at t = {} with {bits} bits{hint}",
                w.time
            )));
        }
    }
    Ok(())
}

/// A witness of two points (module docs): `point` in `a`'s core, `q` in
/// `b`'s core (each checked exactly in its body's local coordinates), their
/// world positions at the witness's time enclosed, and the enclosed squared
/// distance at most `(r_a + r_b + d)^2`.
fn verify_pair_witness(
    pair: &Prepared2<'_>,
    solids: &(Solid, Solid),
    w: &SpinWitness,
    q: &[Q; 3],
    bits: u32,
) -> Result<(), Verdict> {
    if w.material_of != Some(WitnessSide::A) || w.edge_end.is_some() {
        return Err(Verdict::refuted(
            "a witness of two points gives a point of a and a point of b, nothing else",
        ));
    }
    for (name, solid, y) in [("a", &solids.0, &w.point), ("b", &solids.1, q)] {
        if !solid.core_holds(y) {
            return Err(Verdict::refuted(format!(
                "the witness point ({}, {}, {}) is not a point of {name}'s core",
                y[0], y[1], y[2]
            )));
        }
    }
    let p = bits;
    let time = Iv::point(w.time.clone());
    let (Some(ea), Some(eb)) = (pair.a.over(&time), pair.b.over(&time)) else {
        return Err(Verdict::Inconclusive(format!(
            "the placements at t = {} are not enclosed",
            w.time
        )));
    };
    let world = |e: &Enclosure, y: &[Q; 3]| -> [Iv; 3] {
        std::array::from_fn(|k| {
            (0..3).fold(e.origin[k].clone(), |acc, j| {
                acc.add(&e.frame[k][j].scale(&y[j], p), p)
            })
        })
    };
    let (x, z) = (world(&ea, &w.point), world(&eb, q));
    let squared = (0..3).fold(Iv::point(Q::zero()), |acc, k| {
        let d = x[k].sub(&z[k], p);
        acc.add(&d.mul(&d, p), p)
    });
    let reach = &solids.0.radius + &solids.1.radius + &pair.separation;
    let reach_squared = &reach * &reach;
    if *squared.hi() <= reach_squared {
        Ok(())
    } else if *squared.lo() > reach_squared {
        Err(Verdict::Refuted {
            reason: format!(
                "the witness points are farther apart than r_a + r_b + d = {reach} at t = {}",
                w.time
            ),
            counterexample: Some(w.time.clone()),
        })
    } else {
        Err(Verdict::Inconclusive(format!(
            "the witness points are not proved within r_a + r_b + d = {reach} at t = {} with {bits} bits",
            w.time
        )))
    }
}

/// The least squared distance from the box `|y_i| <= h_i` to the line
/// `point + r along` (`along` non-zero), exactly: `0` when the line meets
/// the box; otherwise the squared distance, a convex function, is least on
/// the boundary, and on each face (which the line does not cross) on the
/// face's edges, so the least over the twelve edges of the squared
/// distance from a point of the edge to the line, each a quadratic in the
/// edge parameter least at its vertex clamped to the edge.
fn box_to_line_squared(h: &[Q; 3], point: &[Q; 3], along: &[Q; 3]) -> Q {
    // the parameters r where the line is within each slab
    let mut range: (Option<Q>, Option<Q>) = (None, None);
    let mut meets = true;
    for i in 0..3 {
        if along[i].is_zero() {
            meets &= point[i].abs() <= h[i];
            continue;
        }
        let ends = [
            (-&h[i] - &point[i]) / &along[i],
            (&h[i] - &point[i]) / &along[i],
        ];
        let (low, high) = if ends[0] <= ends[1] {
            (ends[0].clone(), ends[1].clone())
        } else {
            (ends[1].clone(), ends[0].clone())
        };
        range.0 = Some(range.0.map_or(low.clone(), |r| r.max(low)));
        range.1 = Some(range.1.map_or(high.clone(), |r| r.min(high)));
    }
    if let (true, Some(low), Some(high)) = (meets, &range.0, &range.1) {
        if low <= high {
            return Q::zero();
        }
    }
    let norm2 = dot(along, along);
    // the part of v across the line's direction, scaled by |along|^2
    let across = |v: &[Q; 3]| -> [Q; 3] {
        let k = dot(v, along);
        std::array::from_fn(|i| &v[i] * &norm2 - &along[i] * &k)
    };
    let mut least: Option<Q> = None;
    for corner in 0..8usize {
        let y: [Q; 3] = std::array::from_fn(|i| {
            if corner & (1 << i) == 0 {
                -h[i].clone()
            } else {
                h[i].clone()
            }
        });
        for i in (0..3).filter(|i| corner & (1 << i) == 0) {
            // the edge from y along +2 h_i e_i
            let a = across(&sub(&y, point));
            let mut step = [Q::zero(), Q::zero(), Q::zero()];
            step[i] = &h[i] + &h[i];
            let b = across(&step);
            let bb = dot(&b, &b);
            let r = if bb.is_zero() {
                Q::zero()
            } else {
                (-dot(&a, &b) / &bb).max(Q::zero()).min(Q::one())
            };
            let x: [Q; 3] = std::array::from_fn(|k| &a[k] + &b[k] * &r);
            let squared = dot(&x, &x) / (&norm2 * &norm2);
            least = Some(least.map_or(squared.clone(), |l| l.min(squared)));
        }
    }
    least.unwrap_or_else(Q::zero)
}

/// Each separation piece separates the bodies.
fn verify_pieces(pair: &Prepared2<'_>, pieces: &[SpinPiece], bits: u32) -> Result<(), Verdict> {
    let mut work = 0usize;
    for (i, piece) in pieces.iter().enumerate() {
        match pair.separated(&piece.from, &piece.to, &piece.direction, &mut work) {
            Ok(()) => {}
            Err(Some(t)) => {
                return Err(Verdict::Refuted {
                    reason: format!(
                        "the direction of separation piece {i} [{}, {}] does not separate the bodies at t = {t}",
                        piece.from, piece.to
                    ),
                    counterexample: Some(t),
                })
            }
            Err(None) => {
                return Err(Verdict::Inconclusive(format!(
                    "separation piece {i} [{}, {}] is neither proved nor disproved with {bits} bits",
                    piece.from, piece.to
                )))
            }
        }
    }
    Ok(())
}

/// Checks an enclosure claim about two convex bodies (polytopes, spheres,
/// capsules) under transcendental motions
/// (module docs): [`Verdict::Certified`] when the certificate proves it,
/// [`Verdict::Refuted`] when the claim or its certificate is wrong,
/// [`Verdict::Inconclusive`] when a step is neither proved nor disproved
/// (after one retry at twice the working precision).
pub fn check_spin(case: &SpinCase, claim: &SpinClaim) -> Verdict {
    if case.t0 >= case.t1 {
        return Verdict::Inconclusive("the interval is empty".into());
    }
    let solids = match unsupported(case) {
        Ok(solids) => solids,
        Err(why) => return Verdict::Inconclusive(why),
    };
    let bits = working_bits(case, claim);
    match verify(case, &solids, claim, bits) {
        Ok(()) => Verdict::Certified,
        Err(Verdict::Inconclusive(_)) => match verify(case, &solids, claim, 2 * bits) {
            Ok(()) => Verdict::Certified,
            Err(v) => v,
        },
        Err(v) => v,
    }
}

/// For the check by parts (`solids.rs`): separation pieces that tile
/// `[t0, end]`, each proved on a case of two convex bodies (one retry at
/// twice the working precision).
pub(crate) fn check_spin_pieces(
    case: &SpinCase,
    pieces: &[SpinPiece],
    end: &Q,
    shared: &SharedPlacements,
) -> Result<(), Verdict> {
    let solids = unsupported(case).map_err(Verdict::Inconclusive)?;
    check_tiling(pieces, &case.t0, end)?;
    let bits = bits_for(case, pieces, None);
    let run = |bits| {
        let pair = Prepared2::sharing(case, &solids, bits, shared);
        verify_pieces(&pair, pieces, bits)
    };
    match run(bits) {
        Err(Verdict::Inconclusive(_)) => run(2 * bits),
        other => other,
    }
}

/// For the check by parts: a witness in both convex bodies at its time,
/// inside the enclosure `[lower, upper]` (one retry as above).
pub(crate) fn check_spin_witness(
    case: &SpinCase,
    w: &SpinWitness,
    enclosure: &(Q, Q),
) -> Result<(), Verdict> {
    let solids = unsupported(case).map_err(Verdict::Inconclusive)?;
    let bits = bits_for(case, &[], Some(enclosure));
    let run = |bits| {
        let pair = Prepared2::new(case, &solids, bits);
        verify_witness(&pair, &solids, w, (&enclosure.0, &enclosure.1), bits)
    };
    match run(bits) {
        Err(Verdict::Inconclusive(_)) => run(2 * bits),
        other => other,
    }
}

/// Whether the local point `y` lies in the closed solid of `shape`,
/// decided exactly (`Solid::holds`); an error for a shape the check does
/// not take.
pub(crate) fn shape_holds(shape: &Shape, y: &[Q; 3]) -> Result<bool, String> {
    Ok(Solid::new(shape)?.holds(y))
}

/// Intervals holding the placement of `placement` at the rational time
/// `t` of `[t0, t1]`, at `bits`: the frame (by rows; its columns are the
/// body's axes in world coordinates) and the world position of the local
/// origin. `None` when a rational motion's denominator is not proved
/// positive there.
pub(crate) fn placement_at(
    placement: &Placement,
    interval: (&Q, &Q),
    t: &Q,
    bits: u32,
) -> Option<([[Iv; 3]; 3], [Iv; 3])> {
    let e = prepare(placement, interval, bits).over(&Iv::point(t.clone()), bits)?;
    Some((e.frame, e.origin))
}

/// The placement at `t` as an exact rational motion, when it is one: any
/// time of a rational motion, the start of `poses`, and `t = 0` (the pose)
/// for `angular` and `screw`.
pub(crate) fn exact_placement_at(placement: &Placement, t: &Q, t0: &Q) -> Option<Motion> {
    let still = |p: &Pose| Motion::stationary(p.rotation.clone(), p.translation.clone());
    match placement {
        Placement::Rational(m) => Some(m.clone()),
        Placement::Poses { start, .. } => (t == t0).then(|| still(start)),
        Placement::Angular { pose, .. } | Placement::Screw { pose, .. } => {
            t.is_zero().then(|| still(pose))
        }
    }
}

/// True when `L(t)^T L(t) = w(t)^2 I` as polynomials (then `L / w` is a
/// rotation, up to orientation, at every `t` where `w != 0`).
fn is_rigid(m: &Motion) -> bool {
    let w2 = m.denominator.mul(&m.denominator);
    (0..3).all(|i| {
        (0..3).all(|j| {
            let mut s = Poly::zero();
            for k in 0..3 {
                s = s.add(&m.linear[k][i].mul(&m.linear[k][j]));
            }
            if i == j {
                s == w2
            } else {
                s.is_zero()
            }
        })
    })
}

/// The two bodies' solids, or why the referee cannot judge the case: a
/// half extent or a radius that is not positive, a degenerate triangle, a
/// flat hull, a rotation that is not exact, a screw without axis.
fn unsupported(case: &SpinCase) -> Result<(Solid, Solid), String> {
    for (name, body) in [("a", &case.a), ("b", &case.b)] {
        let poses: Vec<&Pose> = match &body.placement {
            Placement::Rational(m) => {
                if !is_rigid(m) {
                    return Err(format!("{name}: the rational motion is not rigid"));
                }
                vec![]
            }
            Placement::Angular { pose, .. } => vec![pose],
            Placement::Screw {
                pose,
                axis_direction,
                ..
            } => {
                if axis_direction.iter().all(Zero::is_zero) {
                    return Err(format!("{name}: the screw axis is zero"));
                }
                vec![pose]
            }
            Placement::Poses { start, end } => vec![start, end],
        };
        for p in poses {
            let r = &p.rotation;
            if mat_mul(r, &transpose(r)) != identity() || det(r) != Q::one() {
                return Err(format!(
                    "{name}: a pose's rotation is not an exact rotation"
                ));
            }
        }
    }
    let solid = |name: &str, body: &SpinBody| {
        Solid::new(&body.shape).map_err(|why| format!("{name}: {why}"))
    };
    Ok((solid("a", &case.a)?, solid("b", &case.b)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::q;

    /// A screw of 7 radians per unit time about `z` through `(1, 0, 0)`,
    /// with a slide, from a turned pose.
    fn screw() -> Placement {
        Placement::Screw {
            pose: Pose {
                rotation: [
                    [q(3, 5), q(-4, 5), q(0, 1)],
                    [q(4, 5), q(3, 5), q(0, 1)],
                    [q(0, 1), q(0, 1), q(1, 1)],
                ],
                translation: [q(1, 2), q(0, 1), q(-1, 3)],
            },
            axis_point: [q(1, 1), q(0, 1), q(0, 1)],
            axis_direction: [q(0, 1), q(0, 1), q(2, 1)],
            angle: q(7, 1),
            slide: q(-5, 4),
        }
    }

    #[test]
    fn remembered_enclosures_are_those_computed_afresh() {
        let interval = (&q(0, 1), &q(1, 1));
        let bits = 128;
        let fresh = prepare(&screw(), interval, bits);
        let memo = Enclosures::new(prepare(&screw(), interval, bits), bits);
        let cells: Vec<Iv> = (0..8)
            .map(|k| Iv::new(q(k, 8), q(k + 1, 8)))
            .chain([Iv::point(q(1, 3))])
            .collect();
        for round in 0..2 {
            for t in &cells {
                let a = memo.over(t).expect("a screw is enclosed anywhere");
                let b = fresh.over(t, bits).expect("a screw is enclosed anywhere");
                assert_eq!(a.frame, b.frame, "round {round}, {t:?}");
                assert_eq!(a.origin, b.origin, "round {round}, {t:?}");
            }
            assert_eq!(memo.known.borrow().len(), cells.len());
        }
    }

    #[test]
    fn the_memo_starts_again_when_full() {
        let interval = (&q(0, 1), &q(1, 1));
        let memo = Enclosures::new(prepare(&screw(), interval, 64), 64);
        let n = MEMO_ENTRIES as i64;
        for k in 0..=n {
            // filled directly: cheaper than enclosing that many intervals
            memo.known
                .borrow_mut()
                .entry(interval_key(&Iv::point(q(k, n))))
                .or_insert(None);
        }
        assert_eq!(memo.known.borrow().len(), MEMO_ENTRIES + 1);
        let t = Iv::new(q(1, 3), q(1, 2));
        assert!(memo.over(&t).is_some());
        assert_eq!(memo.known.borrow().len(), 1);
    }
}
