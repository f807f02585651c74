//! Scenario generators: random rational box pairs and motions, and
//! degenerate-biased ones built exactly. One module serves the property
//! tests, the campaigns and the fuzzers, and is exported for users who want
//! to test their own CCD code on the same cases.
//!
//! Every scenario is a pure function of `(seed, index, class)`: the
//! generator is a fixed SplitMix64 stream, so a campaign shard is
//! reproducible on any machine.
//!
//! Classes:
//!
//! * random: [`ScenarioClass::Linear`] (constant velocities) and
//!   [`ScenarioClass::RationalRotation`] (a quaternion polynomial of degree 1
//!   to 4 in `t`, whose rotation `rot(q)/|q|^2` has degree up to 8, and a
//!   polynomial translation);
//! * degenerate, built so that the degeneracy is exact:
//!   [`ScenarioClass::AxisAligned`], [`ScenarioClass::ParallelEdges`] (both
//!   boxes turned about one axis), [`ScenarioClass::TouchingInstant`] (faces
//!   meet at exactly one rational instant and part again),
//!   [`ScenarioClass::FlushSliding`] (faces flush while sliding: a contact
//!   interval of positive length), [`ScenarioClass::ContactAtStart`],
//!   [`ScenarioClass::ContactAtEnd`] and [`ScenarioClass::NearMiss`] (a gap
//!   of exactly `2^-k` at the closest instant). Each degenerate scene is then
//!   turned and moved as a whole by a random rational rigid motion, which
//!   keeps the degeneracy exact while leaving the axes;
//! * glide's: [`ScenarioClass::Rotation`] and [`ScenarioClass::Spin`]
//!   (differential rules 6 and 7) and [`ScenarioClass::Raster`] (random
//!   cube pairs under `poses` glides, for rule 8: glide's raster variant
//!   against its analytic one);
//! * extensions of the contract: [`ScenarioClass::Piecewise`] (a
//!   `piecewise` motion of two rational pieces, continuous by
//!   construction);
//! * the shapes of docs/FORMAT.md 5.2 with the separations of 5.3
//!   (`shapes.rs`): random pairs among boxes, triangles, spheres, capsules
//!   and convex hulls ([`ScenarioClass::ShapeLinear`],
//!   [`ScenarioClass::ShapeRational`]) and scenes built with a known
//!   rational answer: the distance reaching exactly `d` at an inner instant
//!   ([`ScenarioClass::ShapeTouch`]), at `t0`
//!   ([`ScenarioClass::ShapeAtStart`]) or at `t1`
//!   ([`ScenarioClass::ShapeAtEnd`]), reaching it at one instant and
//!   growing again ([`ScenarioClass::ShapeGraze`]), or coming down to
//!   exactly `d + 2^-k` ([`ScenarioClass::ShapeNearMiss`]).
//! * the nonlinear rigid motions of physics engines (`docs/FORMAT.md`
//!   5.1), answered by SAT's certified time cells:
//!   [`ScenarioClass::Angular`] (constant linear and angular velocity
//!   about a centred or off-centre `center`, slow and fast spins,
//!   intervals not always from 0) and [`ScenarioClass::GeneralScrew`]
//!   (screws with a slide, any `t0`, many turns, total turns near an odd
//!   multiple of a half turn).
#![deny(clippy::float_arithmetic)]

mod class;
mod shapes;

pub use class::ScenarioClass;

use crate::contact::ScalarKind;
use crate::geom::{quaternion_rotation, BoxShape, Mat3, Pose, Shape, Vec3};
use crate::motion::{Body, Motion, MotionPiece};
use crate::poly::Poly;
use crate::scalar::{BigInt, BigRational, Ring};
use crate::scenario::{Expect, Problem, Scenario};

/// SplitMix64: a small, fixed, portable random stream.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The stream of this seed.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi - lo) as u64 + 1;
        lo + (self.next_u64() % span) as i64
    }

    /// True with probability `num / den`.
    pub(crate) fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }
}

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn pow2(k: u32) -> BigRational {
    BigRational::new(BigInt::from(1), BigInt::from(1) << k)
}

fn vec3(x: BigRational, y: BigRational, z: BigRational) -> Vec3<BigRational> {
    Vec3::new(x, y, z)
}

/// Builds the scenarios of one class from one random stream.
struct Builder {
    rng: SplitMix64,
}

impl Builder {
    /// A rational `n/d` with `|n| <= range`, `1 <= d <= den`.
    fn rational(&mut self, range: i64, den: i64) -> BigRational {
        let d = self.rng.range(1, den);
        q(self.rng.range(-range, range), d)
    }

    /// A positive rational in `(0, max]` with denominators up to `den`.
    fn positive(&mut self, max: i64, den: i64) -> BigRational {
        let d = self.rng.range(1, den);
        q(self.rng.range(1, max * d), d)
    }

    fn box_shape(&mut self) -> BoxShape<BigRational> {
        BoxShape {
            half_extents: [
                self.positive(2, 4),
                self.positive(2, 4),
                self.positive(2, 4),
            ],
        }
    }

    /// A non-zero quaternion with small integer entries.
    fn quaternion(&mut self) -> [BigRational; 4] {
        loop {
            let c: [i64; 4] = std::array::from_fn(|_| self.rng.range(-4, 4));
            if c != [0, 0, 0, 0] {
                return c.map(|v| q(v, 1));
            }
        }
    }

    fn rotation(&mut self) -> Mat3<BigRational> {
        quaternion_rotation(&self.quaternion()).expect("non-zero quaternion")
    }

    fn vector(&mut self, range: i64, den: i64) -> Vec3<BigRational> {
        vec3(
            self.rational(range, den),
            self.rational(range, den),
            self.rational(range, den),
        )
    }

    /// A time strictly inside `(0, 1)` with a small denominator.
    fn inner_time(&mut self) -> BigRational {
        let d = self.rng.range(2, 12);
        q(self.rng.range(1, d - 1), d)
    }

    fn body(shape: BoxShape<BigRational>, pose: Pose<BigRational>, motion: Motion) -> Body {
        Body {
            shape: Shape::Box(shape),
            pose,
            motion,
        }
    }

    fn linear(&mut self) -> (Body, Body) {
        let a_pose = Pose::new(self.rotation(), self.vector(1, 2));
        let b_pose = Pose::new(self.rotation(), self.vector(6, 1));
        // head roughly towards a, with a random miss vector
        let to_a = a_pose.translation.clone() - &b_pose.translation;
        let miss = self.vector(3, 2);
        let speed = q(self.rng.range(1, 3), 1);
        let velocity = (to_a + &miss).scale(&speed);
        let a_motion = if self.rng.chance(1, 4) {
            Motion::Linear {
                velocity: self.vector(2, 2),
            }
        } else {
            Motion::Static
        };
        (
            Self::body(self.box_shape(), a_pose, a_motion),
            Self::body(self.box_shape(), b_pose, Motion::Linear { velocity }),
        )
    }

    /// `b` turned about an axis through a point near `a` by a rational
    /// rotation with a positive real part (`θ < π`), while `a` rests.
    fn pure_rotation(&mut self) -> (Body, Body) {
        let a_pose = Pose::new(self.rotation(), self.vector(1, 2));
        let p = a_pose.translation.clone() + &self.vector(2, 2);
        let turn = loop {
            let w = self.rng.range(1, 4);
            let v: [i64; 3] = std::array::from_fn(|_| self.rng.range(-3, 3));
            if v != [0, 0, 0] {
                break quaternion_rotation(&[q(w, 1), q(v[0], 1), q(v[1], 1), q(v[2], 1)])
                    .expect("non-zero quaternion");
            }
        };
        let b_rotation = self.rotation();
        let c0 = p.clone() + &self.vector(4, 1);
        let end = Pose::new(
            turn.mul_mat(&b_rotation),
            p.clone() + &turn.mul_vec(&(c0.clone() - &p)),
        );
        (
            Self::body(self.box_shape(), a_pose, Motion::Static),
            Self::body(
                self.box_shape(),
                Pose::new(b_rotation, c0),
                Motion::Poses { end },
            ),
        )
    }

    /// `b` spinning about an axis through its centre (direction of rational
    /// length, a Pythagorean quadruple) by up to 11/4 radians, near `a`.
    fn spin(&mut self) -> (Body, Body) {
        const DIRECTIONS: [[i64; 3]; 6] = [
            [0, 0, 1],
            [0, 3, 4],
            [1, 2, 2],
            [2, 3, 6],
            [1, 4, 8],
            [4, 4, 7],
        ];
        let a_pose = Pose::new(self.rotation(), self.vector(1, 2));
        let d = DIRECTIONS[self.rng.range(0, 5) as usize];
        let sign = |g: &mut Self| if g.rng.chance(1, 2) { 1 } else { -1 };
        let direction = vec3(
            q(d[0] * sign(self), 1),
            q(d[1] * sign(self), 1),
            q(d[2] * sign(self), 1),
        );
        let centre = a_pose.translation.clone() + &self.vector(3, 1);
        let angle = q(self.rng.range(1, 11), 4);
        let b_pose = Pose::new(self.rotation(), centre.clone());
        (
            Self::body(self.box_shape(), a_pose, Motion::Static),
            Self::body(
                self.box_shape(),
                b_pose,
                Motion::Screw {
                    axis_point: centre,
                    axis_direction: direction,
                    angle,
                    slide: BigRational::zero(),
                },
            ),
        )
    }

    /// [`ScenarioClass::Raster`]: a tilted box `a` at the origin at rest, a
    /// box `b` about 3 away, and `b`'s `poses` end: the turn `R = rot(w,
    /// k)` about the line through `p` (near `b`, so that the axis passes
    /// between or through the boxes), `x -> p + R (x - p) + c k`, with `w`
    /// in 0 (a half turn) to 3 and the slide `c` zero except for a quarter
    /// of the non-half turns.
    fn raster_pair(&mut self) -> (Body, Body) {
        let a_shape = BoxShape {
            half_extents: [q(2 + self.rng.range(-1, 1), 2), q(1, 1), q(3, 2)],
        };
        let tilt = |g: &mut Self, w: i64| {
            let v: [i64; 3] = std::array::from_fn(|_| g.rng.range(-2, 2));
            quaternion_rotation(&[q(w, 1), q(v[0], 1), q(v[1], 1), q(v[2], 1)])
                .expect("a non-zero real part")
        };
        let a_pose = Pose::new(tilt(self, 3), Vec3::zero());
        let b_shape = BoxShape {
            half_extents: [q(1, 1), q(1, 2), q(2 + self.rng.range(-1, 1), 3)],
        };
        let b_pose = Pose::new(
            tilt(self, 4),
            vec3(
                q(3 + self.rng.range(-1, 1), 1),
                q(self.rng.range(-2, 2), 1),
                q(self.rng.range(-1, 1), 2),
            ),
        );
        let k = loop {
            let k: [i64; 3] = std::array::from_fn(|_| self.rng.range(-2, 2));
            if k != [0, 0, 0] {
                break vec3(q(k[0], 1), q(k[1], 1), q(k[2], 1));
            }
        };
        let p = vec3(
            q(4 + self.rng.range(-1, 1), 2),
            q(self.rng.range(-1, 1), 2),
            q(self.rng.range(-1, 1), 2),
        );
        let w = match self.rng.range(0, 7) {
            0 => 0,
            1 | 2 => 2,
            3 => 3,
            _ => 1,
        };
        let turn = quaternion_rotation(&[q(w, 1), k.x.clone(), k.y.clone(), k.z.clone()])
            .expect("a non-zero quaternion");
        let slide = if w != 0 && self.rng.chance(1, 4) {
            k.scale(&q(self.rng.range(-2, 2), 4))
        } else {
            Vec3::zero()
        };
        // x -> p + R (x - p) + slide, after b's pose
        let end = Pose::new(
            turn.mul_mat(&b_pose.rotation),
            p.clone() + &turn.mul_vec(&(b_pose.translation.clone() - &p)) + &slide,
        );
        (
            Self::body(a_shape, a_pose, Motion::Static),
            Self::body(b_shape, b_pose, Motion::Poses { end }),
        )
    }

    fn small_poly(&mut self, degree: u8, range: i64) -> Poly<BigRational> {
        Poly::from_coeffs(
            (0..=degree)
                .map(|_| q(self.rng.range(-range, range), 1))
                .collect(),
        )
    }

    fn rational_rotation(&mut self, degree: u8) -> (Body, Body) {
        let a_pose = Pose::new(self.rotation(), self.vector(1, 2));
        // w(t) a non-zero constant keeps |q(t)|^2 >= w^2 > 0 for every t
        let w = self.rng.range(1, 3) * if self.rng.chance(1, 2) { 1 } else { -1 };
        let mut quaternion: [Poly<BigRational>; 4] =
            std::array::from_fn(|_| self.small_poly(degree, 3));
        quaternion[0] = Poly::constant(q(w, 1));
        // translation: start 3 to 6 away, drift towards a
        let start = self.vector(5, 1);
        let end = a_pose.translation.clone() + &self.vector(2, 2);
        let bend = self.vector(2, 1);
        let translation = Vec3::new(
            Poly::from_coeffs(vec![
                start.x.clone(),
                end.x.clone() - &start.x - &bend.x,
                bend.x,
            ]),
            Poly::from_coeffs(vec![
                start.y.clone(),
                end.y.clone() - &start.y - &bend.y,
                bend.y,
            ]),
            Poly::from_coeffs(vec![
                start.z.clone(),
                end.z.clone() - &start.z - &bend.z,
                bend.z,
            ]),
        );
        (
            Self::body(self.box_shape(), a_pose, Motion::Static),
            Self::body(
                self.box_shape(),
                Pose::identity(),
                Motion::Rational {
                    quaternion,
                    translation,
                    denominator: Poly::constant(BigRational::one()),
                },
            ),
        )
    }

    /// [`ScenarioClass::Piecewise`]: `a` and the first piece of `b` as in
    /// [`ScenarioClass::RationalRotation`] (quaternion `q0(t)` with a
    /// constant non-zero `w` component, translation `P0(t)`) up to an inner
    /// time `s`; then `q1(t) = q0(s) + (t - s) r` with `r`'s `w` component
    /// zero (so `|q1|^2 >= w^2 > 0`) and `P1(t) = P0(s) + (t - s) v`, `v`
    /// roughly towards `a`: continuous at `s` by construction.
    fn piecewise(&mut self) -> (Body, Body) {
        let degree = self.rng.range(1, 2) as u8;
        let (a, first) = self.rational_rotation(degree);
        let Motion::Rational {
            quaternion,
            translation,
            denominator,
        } = &first.motion
        else {
            unreachable!("rational_rotation gives a rational motion")
        };
        let s = self.inner_time();
        let dt = Poly::from_coeffs(vec![-s.clone(), BigRational::one()]);
        let turn: [BigRational; 3] = std::array::from_fn(|_| q(self.rng.range(-3, 3), 1));
        let q_s: [BigRational; 4] = std::array::from_fn(|k| quaternion[k].eval(&s));
        let second_quaternion: [Poly<BigRational>; 4] = std::array::from_fn(|k| {
            let start = Poly::constant(q_s[k].clone());
            if k == 0 {
                start
            } else {
                start + &dt.scale(&turn[k - 1])
            }
        });
        let p_s = translation.map(|p| p.eval(&s));
        let miss = self.vector(2, 2);
        let speed = q(self.rng.range(1, 3), 1);
        let velocity = (a.pose.translation.clone() - &p_s + &miss).scale(&speed);
        let second_translation = Vec3::from_array(std::array::from_fn(|k| {
            Poly::constant(p_s[k].clone()) + &dt.scale(&velocity[k])
        }));
        let pieces = vec![
            MotionPiece {
                until: Some(s),
                motion: first.motion.clone(),
            },
            MotionPiece {
                until: None,
                motion: Motion::Rational {
                    quaternion: second_quaternion,
                    translation: second_translation,
                    denominator: denominator.clone(),
                },
            },
        ];
        let b = Body {
            motion: Motion::Piecewise { pieces },
            ..first
        };
        (a, b)
    }

    /// `a` axis-aligned at the origin; returns it and its half extents.
    fn origin_box(&mut self) -> (Body, [BigRational; 3]) {
        let s = self.box_shape();
        let h = s.half_extents.clone();
        (Self::body(s, Pose::identity(), Motion::Static), h)
    }

    /// A quadratic path `c(t) = p + k (t - t*)^2 e` as a rational motion
    /// with the identity rotation.
    fn parabola(p: &Vec3<BigRational>, dir: usize, k: &BigRational, tstar: &BigRational) -> Motion {
        let mut translation = p.map(|c| Poly::constant(c.clone()));
        // k (t - t*)^2 = k t*^2 - 2 k t* t + k t^2
        let bump = Poly::from_coeffs(vec![
            k.clone() * tstar * tstar,
            -(k.clone() * tstar * q(2, 1)),
            k.clone(),
        ]);
        translation[dir] = translation[dir].clone() + &bump;
        Motion::Rational {
            quaternion: [
                Poly::constant(BigRational::one()),
                Poly::zero(),
                Poly::zero(),
                Poly::zero(),
            ],
            translation,
            denominator: Poly::constant(BigRational::one()),
        }
    }

    /// An offset along the other two axes that keeps the faces overlapping
    /// (sometimes exactly edge to edge).
    fn lateral_offset(
        &mut self,
        ha: &[BigRational; 3],
        hb: &[BigRational; 3],
        dir: usize,
    ) -> Vec3<BigRational> {
        let mut p = Vec3::zero();
        for i in 0..3 {
            if i == dir {
                continue;
            }
            let reach = ha[i].clone() + &hb[i];
            p[i] = match self.rng.range(0, 3) {
                0 => reach,                                // edges flush
                1 => -reach,                               //  on the other side
                _ => reach * q(self.rng.range(-9, 9), 10), // overlapping faces
            };
        }
        p
    }

    fn touching_instant(&mut self, gap: Option<BigRational>) -> (Body, Body, Option<BigRational>) {
        let (a, ha) = self.origin_box();
        let sb = self.box_shape();
        let hb = sb.half_extents.clone();
        let dir = self.rng.range(0, 2) as usize;
        let mut p = self.lateral_offset(&ha, &hb, dir);
        p[dir] = ha[dir].clone() + &hb[dir] + gap.clone().unwrap_or_else(BigRational::zero);
        let tstar = self.inner_time();
        let k = self.positive(4, 2);
        let b = Self::body(sb, Pose::identity(), Self::parabola(&p, dir, &k, &tstar));
        (a, b, gap.is_none().then_some(tstar))
    }

    /// [`ScenarioClass::LinearNearMiss`]: `b` passes across a face of `a`
    /// (at rest at the origin) at a constant velocity, from clear of `a` on
    /// one side to clear on the other, its facing face `10^-k` from `a`'s
    /// face plane throughout; the faces overlap along the third axis, so
    /// the gap is the closest approach. Returns the gap.
    fn linear_near_miss(&mut self) -> (Body, Body, BigRational) {
        let (a, ha) = self.origin_box();
        let sb = self.box_shape();
        let hb = sb.half_extents.clone();
        let dir = self.rng.range(0, 2) as usize;
        let across = (dir + self.rng.range(1, 2) as usize) % 3;
        let third = 3 - dir - across;
        let k = self.rng.range(3, 12) as u32;
        let gap = BigRational::new(BigInt::from(1), BigInt::from(10).pow(k));
        let side = if self.rng.chance(1, 2) {
            q(1, 1)
        } else {
            q(-1, 1)
        };
        let reach = ha[across].clone() + &hb[across];
        let (start, end) = (self.positive(2, 4), self.positive(2, 4));
        let mut p = Vec3::zero();
        p[dir] = (ha[dir].clone() + &hb[dir] + &gap) * &side;
        p[across] = -(reach.clone() + &start);
        p[third] = (ha[third].clone() + &hb[third]) * q(self.rng.range(-9, 9), 10);
        let mut velocity = Vec3::zero();
        velocity[across] = reach * q(2, 1) + start + end;
        let b = Self::body(
            sb,
            Pose::new(Mat3::identity(), p),
            Motion::Linear { velocity },
        );
        (a, b, gap)
    }

    fn flush_sliding(&mut self) -> (Body, Body, Option<BigRational>) {
        let (a, ha) = self.origin_box();
        let sb = self.box_shape();
        let hb = sb.half_extents.clone();
        // b rests on a's +z face and slides along x, starting beside a
        let reach_x = ha[0].clone() + &hb[0];
        let start = -(reach_x.clone() + self.positive(2, 2));
        let p = vec3(
            start.clone(),
            self.rational(1, 4) * (ha[1].clone() + &hb[1]),
            ha[2].clone() + &hb[2],
        );
        let speed = (reach_x.clone() - &start) * q(self.rng.range(12, 30), 10);
        let b_pose = Pose::new(Mat3::identity(), p);
        let b = Self::body(
            sb,
            b_pose,
            Motion::Linear {
                velocity: vec3(speed.clone(), BigRational::zero(), BigRational::zero()),
            },
        );
        // first contact when start + speed t = -reach_x
        let t = (-reach_x - &start) / speed;
        (a, b, Some(t))
    }

    fn contact_at_start(&mut self) -> (Body, Body, Option<BigRational>) {
        let (a, ha) = self.origin_box();
        let sb = self.box_shape();
        let hb = sb.half_extents.clone();
        let dir = self.rng.range(0, 2) as usize;
        let mut p = self.lateral_offset(&ha, &hb, dir);
        p[dir] = ha[dir].clone() + &hb[dir];
        let mut v = self.vector(2, 2);
        // moving away or sliding along the face
        if v[dir] < BigRational::zero() {
            v[dir] = -v[dir].clone();
        }
        if self.rng.chance(1, 3) {
            v[dir] = BigRational::zero();
        }
        let b = Self::body(
            sb,
            Pose::new(Mat3::identity(), p),
            Motion::Linear { velocity: v },
        );
        (a, b, Some(BigRational::zero()))
    }

    fn contact_at_end(&mut self) -> (Body, Body, Option<BigRational>) {
        let (a, ha) = self.origin_box();
        let sb = self.box_shape();
        let hb = sb.half_extents.clone();
        let dir = self.rng.range(0, 2) as usize;
        let mut p = self.lateral_offset(&ha, &hb, dir);
        let speed = self.positive(3, 2);
        p[dir] = ha[dir].clone() + &hb[dir] + &speed;
        let mut v = Vec3::zero();
        v[dir] = -speed;
        let b = Self::body(
            sb,
            Pose::new(Mat3::identity(), p),
            Motion::Linear { velocity: v },
        );
        (a, b, Some(BigRational::one()))
    }

    fn axis_aligned(&mut self) -> (Body, Body) {
        let (a, _) = self.origin_box();
        let sb = self.box_shape();
        let p = self.vector(5, 2);
        let mut v = Vec3::zero();
        // along an axis or a diagonal, towards the origin
        for i in 0..3 {
            if i == 0 || self.rng.chance(1, 2) {
                v[i] = -p[i].clone() * q(self.rng.range(1, 4), 2);
            }
        }
        let b = Self::body(
            sb,
            Pose::new(Mat3::identity(), p),
            Motion::Linear { velocity: v },
        );
        (a, b)
    }

    fn parallel_edges(&mut self) -> (Body, Body) {
        // both turned about z by rational half-angle tangents
        let mut turn = || {
            let w = self.rng.range(1, 5);
            let z = self.rng.range(-5, 5);
            quaternion_rotation(&[q(w, 1), q(0, 1), q(0, 1), q(z, 1)]).expect("non-zero")
        };
        let (ra, rb) = (turn(), turn());
        let a = Self::body(
            self.box_shape(),
            Pose::new(ra, Vec3::zero()),
            Motion::Static,
        );
        let p = self.vector(5, 2);
        let v = p.clone().scale(&q(-self.rng.range(1, 4), 2)) + &self.vector(1, 4);
        let b = Self::body(
            self.box_shape(),
            Pose::new(rb, p),
            Motion::Linear { velocity: v },
        );
        (a, b)
    }
}

/// Directions with a rational length (Pythagorean quadruples): the
/// integer vector and its length.
const RATIONAL_LENGTH_DIRECTIONS: [([i64; 3], i64); 6] = [
    ([0, 0, 1], 1),
    ([0, 3, 4], 5),
    ([1, 2, 2], 3),
    ([2, 3, 6], 7),
    ([1, 4, 8], 9),
    ([4, 4, 7], 9),
];

/// Directions of irrational length and a rational within 1/100 of it
/// (`sqrt 2`, `sqrt 3`, `sqrt 14`): for aiming only.
const IRRATIONAL_LENGTH_DIRECTIONS: [([i64; 3], (i64, i64)); 3] = [
    ([1, 1, 0], (99, 70)),
    ([1, 1, 1], (97, 56)),
    ([1, 2, 3], (187, 50)),
];

/// Rationals near `π` (above and below it by `1.3e-3`, `2.7e-7`,
/// `1.8e-4` and `0.14`): a turn by an odd multiple of one of these is a
/// relative rotation near a half turn.
const NEAR_PI: [(i64, i64); 4] = [(22, 7), (355, 113), (311, 99), (3, 1)];

impl Builder {
    /// `±1`.
    fn sign(&mut self) -> BigRational {
        if self.rng.chance(1, 2) {
            BigRational::one()
        } else {
            -BigRational::one()
        }
    }

    /// An integer direction with random signs and a random cyclic order of
    /// its components, and a rational approximation of its length (exact
    /// for the first kind, always for `exact_length`).
    fn direction(&mut self, exact_length: bool) -> (Vec3<BigRational>, BigRational) {
        let (d, length) = if exact_length || self.rng.chance(3, 4) {
            let (d, l) = RATIONAL_LENGTH_DIRECTIONS[self.rng.range(0, 5) as usize];
            (d, q(l, 1))
        } else {
            let (d, (n, m)) = IRRATIONAL_LENGTH_DIRECTIONS[self.rng.range(0, 2) as usize];
            (d, q(n, m))
        };
        let shift = self.rng.range(0, 2) as usize;
        let mut v = Vec3::zero();
        for i in 0..3 {
            v[(i + shift) % 3] = q(d[i], 1) * self.sign();
        }
        (v, length)
    }

    /// A unit vector with rational components.
    fn unit_direction(&mut self) -> Vec3<BigRational> {
        let (d, length) = self.direction(true);
        d.scale(&(BigRational::one() / length))
    }

    /// The sum of the half extents: an upper bound of the box's
    /// circumradius.
    fn size(shape: &BoxShape<BigRational>) -> BigRational {
        shape
            .half_extents
            .iter()
            .fold(BigRational::zero(), |s, h| s + h)
    }

    /// `[t0, t1]`: `t0` is 0 with probability 1/2 and otherwise in
    /// `[-spread, spread]` (quarters), `t1 - t0` one of `1/4, 1/2, 1, 2`
    /// (1 twice as often).
    fn interval(&mut self, spread: i64) -> (BigRational, BigRational) {
        let t0 = if self.rng.chance(1, 2) {
            BigRational::zero()
        } else {
            q(self.rng.range(-4 * spread, 4 * spread), 4)
        };
        let length = match self.rng.range(0, 4) {
            0 => q(1, 4),
            1 => q(1, 2),
            4 => q(2, 1),
            _ => BigRational::one(),
        };
        let t1 = t0.clone() + length;
        (t0, t1)
    }

    /// An angular velocity: slow (components in `[-2, 2]` with
    /// denominators up to 4) or, with probability `fast`/4, fast (integer
    /// components with `10 <= |w| <= 40`).
    fn angular_velocity(&mut self, fast: u64) -> Vec3<BigRational> {
        if self.rng.chance(fast, 4) {
            loop {
                let w: [i64; 3] = std::array::from_fn(|_| self.rng.range(-24, 24));
                let n2: i64 = w.iter().map(|c| c * c).sum();
                if (100..=1600).contains(&n2) {
                    return vec3(q(w[0], 1), q(w[1], 1), q(w[2], 1));
                }
            }
        }
        loop {
            let w = self.vector(2, 4);
            if !w.is_zero() {
                return w;
            }
        }
    }

    /// [`ScenarioClass::Angular`]: `a` at rest near the origin (a quarter
    /// of the time spinning slowly about its centre), `b` under an
    /// `angular` motion. The pose translation `c` is chosen so that `b`'s
    /// centre of rotation, at `c + R center + t v`, is at the designed
    /// start at `t0`: `2 * size` to `3 * size` from `a` and aimed at `a`
    /// plus a miss vector, reached at an inner time of the interval (two
    /// thirds of the cases), or `2/5` to `1` times `size` from `a`,
    /// spinning in place (`size`, the sum of both boxes' half extents,
    /// bounds the sum of their circumradii).
    fn angular_pair(&mut self) -> (Body, Body, (BigRational, BigRational)) {
        let (t0, t1) = self.interval(2);
        let a_shape = self.box_shape();
        let b_shape = self.box_shape();
        let size = Self::size(&a_shape) + Self::size(&b_shape);
        let a_pose = Pose::new(self.rotation(), self.vector(1, 2));
        let a_motion = if self.rng.chance(1, 4) {
            Motion::Angular {
                velocity: Vec3::zero(),
                angular_velocity: self.angular_velocity(0),
                center: Vec3::zero(),
            }
        } else {
            Motion::Static
        };
        let angular_velocity = self.angular_velocity(2);
        let center = if self.rng.chance(1, 2) {
            Vec3::zero()
        } else {
            self.vector(2, 4)
        };
        let b_rotation = self.rotation();
        let towards = self.unit_direction();
        let (start, velocity) = if self.rng.chance(2, 3) {
            let start = a_pose.translation.clone()
                + &towards.scale(&(size.clone() * q(self.rng.range(20, 30), 10)));
            // aimed at a plus a miss of up to 3/4 of size, reached at an
            // inner time
            let miss = self
                .unit_direction()
                .scale(&(size * q(self.rng.range(0, 6), 8)));
            let reached = self.inner_time() * (t1.clone() - &t0);
            let velocity = (a_pose.translation.clone() + &miss - &start).scale(&reached.recip());
            (start, velocity)
        } else {
            let start =
                a_pose.translation.clone() + &towards.scale(&(size * q(self.rng.range(4, 10), 10)));
            (start, Vec3::zero())
        };
        // the centre of rotation is at c + R center + t v; at t0 at `start`
        let c = start - &b_rotation.mul_vec(&center) - &velocity.scale(&t0);
        (
            Self::body(a_shape, a_pose, a_motion),
            Self::body(
                b_shape,
                Pose::new(b_rotation, c),
                Motion::Angular {
                    velocity,
                    angular_velocity,
                    center,
                },
            ),
            (t0, t1),
        )
    }

    /// [`ScenarioClass::GeneralScrew`]: `a` tilted near the origin, at rest
    /// (a quarter of the time drifting slowly); `b` by a `screw` about an
    /// axis through a point near `a` (direction of rational length for
    /// three quarters, else `(1, 1, 0)`, `(1, 1, 1)` or `(1, 2, 3)` up to
    /// signs and order). `b`'s centre is `r` from the axis, `r` from 3/10
    /// to 6/5 of the boxes' `size` (the sum of their half extents), and its
    /// height along the axis is chosen so that the slide (non-zero for
    /// seven eighths, 1/2 to 2 times `size` over the interval) brings it
    /// level with the axis point, within `size/4`, at an inner time of the
    /// interval. The total turn `θ (t1 - t0)` is slow
    /// (up to 3), an odd multiple (1 to 7) of a rational near `π` within
    /// `±1/64` or exactly (a half turn, nearly), or 10 to 60 (many turns).
    fn general_screw(&mut self) -> (Body, Body, (BigRational, BigRational)) {
        let (t0, t1) = self.interval(3);
        let length = t1.clone() - &t0;
        let a_shape = self.box_shape();
        let b_shape = self.box_shape();
        let size = Self::size(&a_shape) + Self::size(&b_shape);
        let a_pose = Pose::new(self.rotation(), self.vector(1, 2));
        let a_motion = if self.rng.chance(1, 4) {
            Motion::Linear {
                velocity: self.vector(1, 4),
            }
        } else {
            Motion::Static
        };
        let (axis, axis_length) = self.direction(false);
        let axis_point = a_pose.translation.clone() + &self.vector(1, 2);
        let turn = match self.rng.range(0, 3) {
            0 => self.positive(3, 4),
            1 => {
                let (n, d) = NEAR_PI[self.rng.range(0, 3) as usize];
                let odd = 2 * self.rng.range(0, 3) + 1;
                let nudge = match self.rng.range(0, 2) {
                    0 => BigRational::zero(),
                    _ => q(self.rng.range(-4, 4), 256),
                };
                q(n * odd, d) + nudge
            }
            _ => q(self.rng.range(10, 60), 1) + self.rational(1, 4),
        };
        let angle = turn * self.sign() / &length;
        // the slide over the whole interval: 1/2 to 2 times size
        let slide = if self.rng.chance(7, 8) {
            size.clone() * q(self.rng.range(4, 16), 8) * self.sign() / &length
        } else {
            BigRational::zero()
        };
        // radial offset: a vector across the axis, scaled to about r
        let across = loop {
            let v = axis.cross(&self.vector(3, 1));
            if !v.is_zero() {
                break v;
            }
        };
        let across_length = approximate_length(&across);
        let r = size.clone() * q(self.rng.range(3, 12), 10);
        let radial = across.scale(&(r / across_length));
        // height along the unit axis: level with the axis point (within
        // an offset of up to size/4) at t0 + f (t1 - t0)
        let level_at = t0.clone() + self.inner_time() * &length;
        let offset = size * q(self.rng.range(-2, 2), 8);
        let height = offset - slide.clone() * level_at;
        let centre = axis_point.clone() + &radial + &axis.scale(&(height / axis_length));
        (
            Self::body(a_shape, a_pose, a_motion),
            Self::body(
                b_shape,
                Pose::new(self.rotation(), centre),
                Motion::Screw {
                    axis_point,
                    axis_direction: axis,
                    angle,
                    slide,
                },
            ),
            (t0, t1),
        )
    }
}

/// A rational within about `1/100` of the length of an integer vector
/// (never zero for a non-zero one): `floor(100 sqrt(n)) / 100 + 1/100`.
fn approximate_length(v: &Vec3<BigRational>) -> BigRational {
    let n2 = v.norm_squared();
    let scaled = (n2 * q(10_000, 1)).floor().to_integer();
    BigRational::new(scaled.sqrt() + BigInt::from(1), BigInt::from(100))
}

/// Applies the rigid map `x -> R x + c` to a whole scene: poses, velocities
/// and rational motions (whose quaternion is multiplied by `g`, the
/// quaternion of `R`). Degeneracies stay exact.
fn move_scene(body: &Body, g: &[BigRational; 4], c: &Vec3<BigRational>) -> Body {
    let r = quaternion_rotation(g).expect("non-zero quaternion");
    // rational and row-matrix motions carry their own pose (the body's is
    // the identity and stays so)
    let pose = if matches!(
        body.motion,
        Motion::Rational { .. } | Motion::RowMatrix { .. }
    ) {
        body.pose.clone()
    } else {
        Pose::new(
            r.mul_mat(&body.pose.rotation),
            r.mul_vec(&body.pose.translation) + c,
        )
    };
    let motion = match &body.motion {
        Motion::Static => Motion::Static,
        Motion::Linear { velocity } => Motion::Linear {
            velocity: r.mul_vec(velocity),
        },
        Motion::Rational {
            quaternion,
            translation,
            denominator,
        } => {
            // g * q(t), the Hamilton product with a constant quaternion
            let gp: [Poly<BigRational>; 4] = std::array::from_fn(|i| Poly::constant(g[i].clone()));
            let (w1, x1, y1, z1) = (&gp[0], &gp[1], &gp[2], &gp[3]);
            let (w2, x2, y2, z2) = (
                &quaternion[0],
                &quaternion[1],
                &quaternion[2],
                &quaternion[3],
            );
            let product = [
                w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2,
                w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
                w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
                w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2,
            ];
            // R T(t) + c d(t)
            let rows = &r.rows;
            let t = [&translation.x, &translation.y, &translation.z];
            let moved: [Poly<BigRational>; 3] = std::array::from_fn(|i| {
                let mut acc = denominator.scale(&c[i]);
                for (j, tj) in t.iter().enumerate() {
                    acc = acc + tj.scale(&rows[i][j]);
                }
                acc
            });
            let [mx, my, mz] = moved;
            Motion::Rational {
                quaternion: product,
                translation: Vec3::new(mx, my, mz),
                denominator: denominator.clone(),
            }
        }
        other => other.clone(),
    };
    Body {
        shape: body.shape.clone(),
        pose,
        motion,
    }
}

/// The scenario number `index` of `class` in the campaign of `seed`.
///
/// ```
/// use exactccd::generate::{generate, ScenarioClass};
/// let s = generate(7, 3, ScenarioClass::TouchingInstant);
/// assert_eq!(s, generate(7, 3, ScenarioClass::TouchingInstant)); // reproducible
/// // a touching instant knows its exact first contact time
/// assert!(s.expect.unwrap().time.is_some());
/// ```
pub fn generate(seed: u64, index: u64, class: ScenarioClass) -> Scenario {
    let class_salt = class.name().bytes().fold(0xCBF2_9CE4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01B3)
    });
    let mut mixer = SplitMix64::new(seed ^ class_salt);
    let stream = mixer.next_u64() ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
    let mut g = Builder {
        rng: SplitMix64::new(stream),
    };
    if ScenarioClass::SHAPES.contains(&class)
        || matches!(
            class,
            ScenarioClass::SolidsShapes | ScenarioClass::SeparatedTurning
        )
    {
        return shape_scenario(seed, index, class, g);
    }
    let mut interval = (BigRational::zero(), BigRational::one());
    let (a, b, time) = match class {
        ScenarioClass::Linear => {
            let (a, b) = g.linear();
            (a, b, None)
        }
        ScenarioClass::RationalRotation(d) => {
            let (a, b) = g.rational_rotation(d.clamp(1, 4));
            (a, b, None)
        }
        ScenarioClass::AxisAligned => {
            let (a, b) = g.axis_aligned();
            (a, b, None)
        }
        ScenarioClass::ParallelEdges => {
            let (a, b) = g.parallel_edges();
            (a, b, None)
        }
        ScenarioClass::TouchingInstant => g.touching_instant(None),
        ScenarioClass::NearMiss => {
            let k = g.rng.range(4, 60) as u32;
            g.touching_instant(Some(pow2(k)))
        }
        ScenarioClass::LinearNearMiss => {
            let (a, b, _gap) = g.linear_near_miss();
            (a, b, None)
        }
        ScenarioClass::FlushSliding => g.flush_sliding(),
        ScenarioClass::ContactAtStart => g.contact_at_start(),
        ScenarioClass::ContactAtEnd => g.contact_at_end(),
        ScenarioClass::Rotation => {
            let (a, b) = g.pure_rotation();
            (a, b, None)
        }
        ScenarioClass::Spin => {
            let (a, b) = g.spin();
            (a, b, None)
        }
        ScenarioClass::Piecewise => {
            let (a, b) = g.piecewise();
            (a, b, None)
        }
        ScenarioClass::Raster => {
            let (a, b) = g.raster_pair();
            (a, b, None)
        }
        ScenarioClass::Angular => {
            let (a, b, span) = g.angular_pair();
            interval = span;
            (a, b, None)
        }
        ScenarioClass::GeneralScrew => {
            let (a, b, span) = g.general_screw();
            interval = span;
            (a, b, None)
        }
        ScenarioClass::ShapeTurning => {
            let (a, b, span) = g.shape_turning();
            interval = span;
            (a, b, None)
        }
        ScenarioClass::Solids => {
            let (a, b, span) = g.solids();
            interval = span;
            (a, b, None)
        }
        _ => unreachable!("the shape classes are generated by shape_scenario"),
    };
    let (a, b) = if class.is_degenerate() && class != ScenarioClass::AxisAligned {
        let quat = g.quaternion();
        let shift = g.vector(3, 2);
        (move_scene(&a, &quat, &shift), move_scene(&b, &quat, &shift))
    } else {
        (a, b)
    };
    let expect = match class {
        ScenarioClass::NearMiss | ScenarioClass::LinearNearMiss => Some(Expect {
            collides: Some(false),
            time: None,
            tolerance: None,
        }),
        _ => time.map(|t| Expect {
            collides: Some(true),
            time: Some(t),
            tolerance: None,
        }),
    };
    Scenario {
        name: Some(format!("{}-{seed}-{index}", class.name())),
        interval,
        problem: Problem::Bodies { a, b },
        separation: BigRational::zero(),
        expect,
        scalar: ScalarKind::Exact,
        approximate_rotations: Vec::new(),
    }
}

/// The scenario of a class of the `shapes` group from its random stream
/// (constructed scenes moved as a whole by a random rational rigid map).
fn shape_scenario(seed: u64, index: u64, class: ScenarioClass, mut g: Builder) -> Scenario {
    let mut interval = (BigRational::zero(), BigRational::one());
    let scene = match class {
        ScenarioClass::ShapeLinear => g.shape_linear(),
        ScenarioClass::ShapeRational => g.shape_rational(),
        ScenarioClass::SolidsShapes => {
            let (scene, span) = g.solids_shapes();
            interval = span;
            scene
        }
        ScenarioClass::SeparatedTurning => {
            let (scene, span) = g.separated_turning();
            interval = span;
            scene
        }
        ScenarioClass::ShapeGraze => g.shape_graze(None),
        ScenarioClass::ShapeNearMiss => {
            let k = g.rng.range(4, 40) as u32;
            g.shape_graze(Some(pow2(k)))
        }
        _ => g.shape_touch(class),
    };
    let (a, b) = if class.is_degenerate() {
        let quat = g.quaternion();
        let shift = g.vector(3, 2);
        (
            move_scene(&scene.a, &quat, &shift),
            move_scene(&scene.b, &quat, &shift),
        )
    } else {
        (scene.a, scene.b)
    };
    Scenario {
        name: Some(format!("{}-{seed}-{index}", class.name())),
        interval,
        problem: Problem::Bodies { a, b },
        separation: scene.separation,
        expect: scene.expect,
        scalar: ScalarKind::Exact,
        approximate_rotations: Vec::new(),
    }
}
