//! Certified enclosures of a body's placement over a time interval, for
//! every motion of the contract but `piecewise`: intervals holding the
//! body's frame (the columns are its axes in world coordinates) and the
//! world position of its local origin, for every `t` of a time cell.
//!
//! The transcendental motions are all one form, a rotation `E(φ)` by the
//! angle `φ = rate (t - τ)` about a fixed rational direction `a`, after a
//! fixed frame `F0` and before a drift along a fixed vector:
//!
//! ```text
//! x(t) = base + (t - τ) drift + E(rate (t - τ)) (F0 y + offset)
//! ```
//!
//! | motion | `τ` | `rate` | `a` | `base` | `drift` | `F0` | `offset` |
//! | --- | --- | --- | --- | --- | --- | --- | --- |
//! | `angular` | 0 | `|w|` | `w` | `c + R k` | `v` | `R` | `-R k` |
//! | `screw` | 0 | `θ` | `u` | `p` | `g u/|u|` | `R` | `c - p` |
//! | `poses` | `t0` | `θ/(t1 - t0)` | `d` | `u` | `g v/(t1 - t0)` | `R0` | `c0 - u` |
//!
//! (`k` the angular centre; for `poses` the screw of Buss, "Collision
//! Detection with Glide Rotations", section 4.1: axis direction `d`, axis
//! point `u`, slide vector `g v`, angle `θ in [0, π]`, [`ExactScrew`]).
//! Rodrigues' formula is used in its unnormalised form
//!
//! ```text
//! E(φ) = I + (sin φ / |a|) [a]x + ((1 - cos φ) / |a|^2) [a]x^2
//! ```
//!
//! so `[a]x` and `[a]x^2` stay exact rationals and `|a|^2` is rational; only
//! `1/|a|` (and `rate = |w|` for `angular`) needs a square-root enclosure,
//! and `θ = acos(cos θ)` of `poses` is `2 atan(sqrt((1 - c)/(1 + c)))` (`π`
//! for a half turn). The angle may be anything (many turns): `sin` and
//! `cos` reduce it by the certified `π` (`scalar::interval`). Rational
//! motions (`static`, `linear`, `rational`, rigid `row_matrix`) are their
//! polynomial form `L(t)/w(t)`, `T(t)/w(t)` evaluated by interval Horner.
//!
//! Over a cell `[ta, tb]` every quantity is an interval expression of the
//! interval `[ta, tb]`, so by the inclusion property it holds the true
//! placement at every `t` of the cell; the overestimation is first order in
//! the cell's width.
#![deny(clippy::float_arithmetic)]

use super::{Body, ExactScrew, Motion, PolyMotion, ScrewKind};
use crate::geom::{Mat3, Pose, Vec3};
use crate::poly::Poly;
use crate::scalar::interval::{atan, pi, sin_cos, sqrt, Dyad, Interval, Rounding};
use crate::scalar::{cmp_rationals, scale_pow2, BigRational};
use num_traits::{One, Zero};
use std::borrow::Cow;

/// An interval 3-vector.
pub type IntervalVec = [Interval; 3];

/// An interval 3x3 matrix, by rows.
pub type IntervalMat = [[Interval; 3]; 3];

/// Intervals holding a body's placement `x = origin + frame y` at every
/// time of a cell.
#[derive(Clone, Debug)]
pub struct PlacementEnclosure {
    /// The frame, by rows: its columns are the body's axes in world
    /// coordinates.
    pub frame: IntervalMat,
    /// The world position of the local origin.
    pub origin: IntervalVec,
}

/// Intervals holding the time derivatives of a placement at every time of
/// a cell: `d/dt frame` and `d/dt origin`.
#[derive(Clone, Debug)]
pub struct PlacementVelocity {
    /// The derivative of the frame, by rows.
    pub frame: IntervalMat,
    /// The derivative of the origin.
    pub origin: IntervalVec,
}

/// Why a body's motion has no enclosure here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoEnclosure(pub String);

/// A body's motion prepared for enclosures at a fixed precision (module
/// docs).
#[derive(Clone, Debug)]
pub struct MotionEnclosure {
    bits: u64,
    kind: Kind,
}

#[derive(Clone, Debug)]
enum Kind {
    Spin(Box<Spin>),
    Polynomial(Box<PolynomialMotion>),
}

#[derive(Clone, Debug)]
struct Spin {
    tau: BigRational,
    base: IntervalVec,
    drift: IntervalVec,
    frame0: IntervalMat,
    offset: IntervalVec,
    rotation: Option<Rotation>,
}

/// The rotation part: `φ = rate (t - τ)` about `a`, with Rodrigues' two
/// terms applied once to the body's fixed frame `F0` and offset, so that a
/// cell costs no matrix product:
///
/// ```text
/// E(φ) X = X + sin φ ([a]x X / |a|) + (1 - cos φ) ([a]x^2 X / |a|^2)
/// d/dt E(φ) X = rate (cos φ ([a]x X / |a|) + sin φ ([a]x^2 X / |a|^2))
/// ```
///
/// (the second since `d/dφ E = cos φ [a]x/|a| + sin φ [a]x^2/|a|^2`). Each
/// entry is then one interval expression in `sin φ` and `cos φ`, tighter
/// than the product of the enclosed `E(φ)` with `F0`.
#[derive(Clone, Debug)]
struct Rotation {
    rate: Interval,
    inv_norm: Interval,
    /// `[a]x F0 / |a|` and `[a]x^2 F0 / |a|^2`.
    frame_terms: [IntervalMat; 2],
    /// `[a]x offset / |a|` and `[a]x^2 offset / |a|^2`.
    offset_terms: [IntervalVec; 2],
    /// `rate` times each frame term.
    frame_rates: [IntervalMat; 2],
    /// `rate` times each offset term.
    offset_rates: [IntervalVec; 2],
}

#[derive(Clone, Debug)]
struct PolynomialMotion {
    linear: [[Vec<Interval>; 3]; 3],
    translation: [Vec<Interval>; 3],
    denominator: Vec<Interval>,
    linear_dot: [[Vec<Interval>; 3]; 3],
    translation_dot: [Vec<Interval>; 3],
    denominator_dot: Vec<Interval>,
}

fn point(q: &BigRational, p: u64) -> Interval {
    Interval::from_rational(q, p)
}

fn vec_rounded(v: &IntervalVec, p: u64) -> IntervalVec {
    std::array::from_fn(|k| v[k].round_outward(p))
}

fn mat_rounded(m: &IntervalMat, p: u64) -> IntervalMat {
    std::array::from_fn(|i| vec_rounded(&m[i], p))
}

fn coefficients_rounded(c: &[Interval], p: u64) -> Vec<Interval> {
    c.iter().map(|x| x.round_outward(p)).collect()
}

impl Spin {
    /// Every interval rounded outward to `p` bits.
    fn rounded(&self, p: u64) -> Spin {
        Spin {
            tau: self.tau.clone(),
            base: vec_rounded(&self.base, p),
            drift: vec_rounded(&self.drift, p),
            frame0: mat_rounded(&self.frame0, p),
            offset: vec_rounded(&self.offset, p),
            rotation: self.rotation.as_ref().map(|r| r.rounded(p)),
        }
    }
}

impl Rotation {
    /// Every interval rounded outward to `p` bits.
    fn rounded(&self, p: u64) -> Rotation {
        let mats = |m: &[IntervalMat; 2]| [mat_rounded(&m[0], p), mat_rounded(&m[1], p)];
        let vecs = |v: &[IntervalVec; 2]| [vec_rounded(&v[0], p), vec_rounded(&v[1], p)];
        Rotation {
            rate: self.rate.round_outward(p),
            inv_norm: self.inv_norm.round_outward(p),
            frame_terms: mats(&self.frame_terms),
            offset_terms: vecs(&self.offset_terms),
            frame_rates: mats(&self.frame_rates),
            offset_rates: vecs(&self.offset_rates),
        }
    }
}

impl PolynomialMotion {
    /// Every coefficient rounded outward to `p` bits.
    fn rounded(&self, p: u64) -> PolynomialMotion {
        let row = |r: &[Vec<Interval>; 3]| -> [Vec<Interval>; 3] {
            std::array::from_fn(|k| coefficients_rounded(&r[k], p))
        };
        let mat = |m: &[[Vec<Interval>; 3]; 3]| -> [[Vec<Interval>; 3]; 3] {
            std::array::from_fn(|i| row(&m[i]))
        };
        PolynomialMotion {
            linear: mat(&self.linear),
            translation: row(&self.translation),
            denominator: coefficients_rounded(&self.denominator, p),
            linear_dot: mat(&self.linear_dot),
            translation_dot: row(&self.translation_dot),
            denominator_dot: coefficients_rounded(&self.denominator_dot, p),
        }
    }
}

fn vec_of(v: &Vec3<BigRational>, p: u64) -> IntervalVec {
    [point(&v.x, p), point(&v.y, p), point(&v.z, p)]
}

fn mat_of(m: &Mat3<BigRational>, p: u64) -> IntervalMat {
    std::array::from_fn(|i| std::array::from_fn(|j| point(&m.rows[i][j], p)))
}

/// `A B` of interval matrices.
pub fn mat_mul(a: &IntervalMat, b: &IntervalMat, p: u64) -> IntervalMat {
    std::array::from_fn(|i| {
        std::array::from_fn(|j| {
            a[i][0]
                .mul(&b[0][j], p)
                .add(&a[i][1].mul(&b[1][j], p), p)
                .add(&a[i][2].mul(&b[2][j], p), p)
        })
    })
}

/// `A v`.
pub fn mat_vec(a: &IntervalMat, v: &IntervalVec, p: u64) -> IntervalVec {
    std::array::from_fn(|i| dot(&a[i], v, p))
}

/// `u . v`.
pub fn dot(u: &IntervalVec, v: &IntervalVec, p: u64) -> Interval {
    u[0].mul(&v[0], p)
        .add(&u[1].mul(&v[1], p), p)
        .add(&u[2].mul(&v[2], p), p)
}

fn vec_add(u: &IntervalVec, v: &IntervalVec, p: u64) -> IntervalVec {
    std::array::from_fn(|i| u[i].add(&v[i], p))
}

fn vec_scale(u: &IntervalVec, s: &Interval, p: u64) -> IntervalVec {
    std::array::from_fn(|i| u[i].mul(s, p))
}

fn mat_scale(m: &IntervalMat, s: &Interval, p: u64) -> IntervalMat {
    std::array::from_fn(|i| vec_scale(&m[i], s, p))
}

fn skew_of(a: &Vec3<BigRational>) -> Mat3<BigRational> {
    let z = BigRational::zero;
    Mat3::from_rows([
        [z(), -a.z.clone(), a.y.clone()],
        [a.z.clone(), z(), -a.x.clone()],
        [-a.y.clone(), a.x.clone(), z()],
    ])
}

impl Rotation {
    /// The rotation about the non-zero rational direction `a` at the
    /// angular rate `rate` of a body with the fixed frame `frame0` and
    /// offset `offset` (module docs); `[a]x X` and `[a]x^2 X / |a|^2` are
    /// exact rationals before they are rounded.
    fn about(
        a: &Vec3<BigRational>,
        rate: Interval,
        (frame0, offset): (&Mat3<BigRational>, &Vec3<BigRational>),
        p: u64,
    ) -> Rotation {
        let skew = skew_of(a);
        let n2 = a.norm_squared();
        let norm = sqrt(&point(&n2, p + 8), p + 4).unwrap_or_else(|| Interval::from_i64(1));
        let inv_norm = norm.recip(p).unwrap_or_else(|| Interval::from_i64(0));
        let inv_n2 = BigRational::one() / n2;
        let frame_sin = skew.mul_mat(frame0);
        let frame_cos = skew.mul_mat(&frame_sin).scale(&inv_n2);
        let offset_sin = skew.mul_vec(offset);
        let offset_cos = skew.mul_vec(&offset_sin).scale(&inv_n2);
        let frame_terms = [
            mat_scale(&mat_of(&frame_sin, p), &inv_norm, p),
            mat_of(&frame_cos, p),
        ];
        let offset_terms = [
            vec_scale(&vec_of(&offset_sin, p), &inv_norm, p),
            vec_of(&offset_cos, p),
        ];
        Rotation {
            frame_rates: [0, 1].map(|k| mat_scale(&frame_terms[k], &rate, p)),
            offset_rates: [0, 1].map(|k| vec_scale(&offset_terms[k], &rate, p)),
            rate,
            inv_norm,
            frame_terms,
            offset_terms,
        }
    }

    /// `sin φ` and `cos φ` for every `φ = rate s`, `s` in `elapsed`.
    fn sin_cos(&self, elapsed: &Interval, p: u64) -> (Interval, Interval) {
        sin_cos(&self.rate.mul(elapsed, p), p)
    }

    /// `E(φ) F0` and `E(φ) offset` from enclosures of `sin φ` and `cos φ`.
    fn turned(
        &self,
        (frame0, offset): (&IntervalMat, &IntervalVec),
        (sin, cos): &(Interval, Interval),
        p: u64,
    ) -> (IntervalMat, IntervalVec) {
        let versine = Interval::from_i64(1).sub(cos, p);
        let rodrigues = |x: &Interval, first: &Interval, second: &Interval| {
            x.add(&sin.mul(first, p), p).add(&versine.mul(second, p), p)
        };
        let [fs, fc] = &self.frame_terms;
        let [os, oc] = &self.offset_terms;
        (
            std::array::from_fn(|i| {
                std::array::from_fn(|j| rodrigues(&frame0[i][j], &fs[i][j], &fc[i][j]))
            }),
            std::array::from_fn(|i| rodrigues(&offset[i], &os[i], &oc[i])),
        )
    }

    /// `d/dt E(φ) F0` and `d/dt E(φ) offset` from enclosures of `sin φ`
    /// and `cos φ`.
    fn turning(&self, (sin, cos): &(Interval, Interval), p: u64) -> (IntervalMat, IntervalVec) {
        let rate =
            |first: &Interval, second: &Interval| cos.mul(first, p).add(&sin.mul(second, p), p);
        let [fs, fc] = &self.frame_rates;
        let [os, oc] = &self.offset_rates;
        (
            std::array::from_fn(|i| std::array::from_fn(|j| rate(&fs[i][j], &fc[i][j]))),
            std::array::from_fn(|i| rate(&os[i], &oc[i])),
        )
    }

    /// `sin φ` and `cos φ` over a cell from enclosures `(s, c)` of them at
    /// the cell's midpoint `m`, when the cell turns the body by at most
    /// `h <= 1/16` radians on either side of it (then the second-order
    /// term `h^2/2` widens them by at most `1/64` of their first-order
    /// width `2h`); `None` otherwise. With `φ(t) = φ(m) + δ` and
    /// `δ = rate (t - m)` in `rate [-w/2, w/2]` (`half_width`), the
    /// addition theorem gives `sin φ = s cos δ + c sin δ` and
    /// `cos φ = c cos δ - s sin δ`, with `|sin δ| <= |δ| <= h` and
    /// `1 - h^2/2 <= cos δ <= 1`; the same true rate is in both angles, so
    /// the enclosures compose. This saves the two evaluations of sine and
    /// cosine at the cell's ends.
    fn sin_cos_over_cell(
        &self,
        (s, c): &(Interval, Interval),
        half_width: &Interval,
        p: u64,
    ) -> Option<(Interval, Interval)> {
        let h = self.rate.mul(half_width, p).magnitude();
        if h > Dyad::new(1.into(), -4) {
            return None;
        }
        let sin_delta = Interval::new(h.neg(), h.clone())?;
        let dip = h
            .mul_rounded(&h, p, Rounding::Up)
            .half()
            .round(p, Rounding::Up);
        let one = Dyad::from_i64(1);
        let cos_delta = Interval::new(one.sub_rounded(&dip, p, Rounding::Down), one)?;
        Some((
            s.mul(&cos_delta, p).add(&c.mul(&sin_delta, p), p),
            c.mul(&cos_delta, p).sub(&s.mul(&sin_delta, p), p),
        ))
    }
}

/// `θ = acos c` for `c = cos θ in (-1, 1]`: `2 atan(sqrt((1 - c)/(1 + c)))`.
fn angle_from_cosine(c: &BigRational, p: u64) -> Interval {
    let one = BigRational::one();
    let ratio = (&one - c) / (&one + c);
    let root = sqrt(&point(&ratio, p + 8), p + 4).unwrap_or_else(|| Interval::from_i64(0));
    atan(&root, p + 4).scale_pow2(1).round_outward(p)
}

impl MotionEnclosure {
    /// Prepares the body's motion on `[t0, t1]` at `p` bits; `piecewise`
    /// and non-rigid `row_matrix` motions have no enclosure here.
    pub fn new(
        body: &Body,
        interval: (&BigRational, &BigRational),
        p: u64,
    ) -> Result<Self, NoEnclosure> {
        let (t0, t1) = interval;
        let pose = &body.pose;
        let kind = match &body.motion {
            Motion::Static | Motion::Linear { .. } => {
                let drift = match &body.motion {
                    Motion::Linear { velocity } => vec_of(velocity, p),
                    _ => vec_of(&Vec3::zero(), p),
                };
                Kind::Spin(Box::new(Spin {
                    tau: BigRational::zero(),
                    base: vec_of(&pose.translation, p),
                    drift,
                    frame0: mat_of(&pose.rotation, p),
                    offset: vec_of(&Vec3::zero(), p),
                    rotation: None,
                }))
            }
            Motion::Angular {
                velocity,
                angular_velocity,
                center,
            } => {
                let r_center = pose.rotation.mul_vec(center);
                let offset = -r_center.clone();
                let rotation = (!angular_velocity.is_zero()).then(|| {
                    let rate = sqrt(&point(&angular_velocity.norm_squared(), p + 8), p + 4)
                        .unwrap_or_else(|| Interval::from_i64(0));
                    Rotation::about(angular_velocity, rate, (&pose.rotation, &offset), p)
                });
                Kind::Spin(Box::new(Spin {
                    tau: BigRational::zero(),
                    base: vec_of(&(&pose.translation + &r_center), p),
                    drift: vec_of(velocity, p),
                    frame0: mat_of(&pose.rotation, p),
                    offset: vec_of(&offset, p),
                    rotation,
                }))
            }
            Motion::Screw {
                axis_point,
                axis_direction,
                angle,
                slide,
            } => {
                let offset = &pose.translation - axis_point;
                let rotation = Rotation::about(
                    axis_direction,
                    point(angle, p),
                    (&pose.rotation, &offset),
                    p,
                );
                let drift = vec_scale(
                    &vec_of(&axis_direction.scale(slide), p),
                    &rotation.inv_norm,
                    p,
                );
                Kind::Spin(Box::new(Spin {
                    tau: BigRational::zero(),
                    base: vec_of(axis_point, p),
                    drift,
                    frame0: mat_of(&pose.rotation, p),
                    offset: vec_of(&offset, p),
                    rotation: Some(rotation),
                }))
            }
            Motion::Poses { end } => Kind::Spin(Box::new(poses_spin(pose, end, (t0, t1), p))),
            Motion::RowMatrix { .. } | Motion::Rational { .. } => {
                let m = PolyMotion::from_body_on(body, t0)
                    .ok_or_else(|| NoEnclosure("a malformed row_matrix".to_owned()))?;
                if !m.is_rigid() {
                    return Err(NoEnclosure(
                        "a non-rigid (affine) row_matrix motion".to_owned(),
                    ));
                }
                Kind::Polynomial(Box::new(PolynomialMotion::of(&m, p)))
            }
            Motion::Piecewise { .. } => {
                return Err(NoEnclosure("a piecewise motion".to_owned()));
            }
        };
        Ok(MotionEnclosure { bits: p, kind })
    }

    /// The precision the motion was prepared at.
    pub fn bits(&self) -> u64 {
        self.bits
    }

    /// The same motion at `p <= bits()` bits: every interval rounded
    /// outward, so that each still holds the exact quantity it held (the
    /// motion's constants need not be derived again).
    pub fn rounded(&self, p: u64) -> MotionEnclosure {
        let p = p.min(self.bits);
        let kind = match &self.kind {
            Kind::Spin(spin) => Kind::Spin(Box::new(spin.rounded(p))),
            Kind::Polynomial(m) => Kind::Polynomial(Box::new(m.rounded(p))),
        };
        MotionEnclosure { bits: p, kind }
    }

    /// Intervals holding the placement at every `t` in `time`; `None` when
    /// a rational motion's denominator is not proved positive on it (a
    /// narrower cell helps).
    pub fn over(&self, time: &Interval) -> Option<PlacementEnclosure> {
        self.over_with_bits(time, self.bits)
    }

    /// [`MotionEnclosure::over`] computed with `p <= bits()` bits (a wide
    /// cell needs fewer).
    pub fn over_with_bits(&self, time: &Interval, p: u64) -> Option<PlacementEnclosure> {
        let p = p.min(self.bits);
        match &self.kind {
            Kind::Spin(spin) => Some(spin.parts(time, p)),
            Kind::Polynomial(m) => m.over(time, p),
        }
    }

    /// Intervals holding the placement's time derivatives at every `t` in
    /// `time`, with `p <= bits()` bits (for the mean-value form of the
    /// time cells).
    pub fn velocity_over(&self, time: &Interval, p: u64) -> Option<PlacementVelocity> {
        let p = p.min(self.bits);
        match &self.kind {
            Kind::Spin(spin) => Some(spin.velocity(time, p)),
            Kind::Polynomial(m) => m.velocity(time, p),
        }
    }

    /// The placement at a cell's midpoint `mid`, and over the cell `cell`
    /// with its velocity (`half_width` is `[-w/2, w/2]` for the cell's
    /// width `w`): [`MotionEnclosure::over_with_bits`] at `mid` and
    /// [`MotionEnclosure::over_and_velocity`] over `cell` together. A
    /// turning body's sine and cosine over the cell come from the
    /// midpoint's by the addition theorem when the cell is narrow
    /// (`Rotation::sin_cos_over_cell`).
    pub fn mid_over_and_velocity(
        &self,
        mid: &Interval,
        cell: &Interval,
        half_width: &Interval,
        p: u64,
    ) -> Option<(PlacementEnclosure, PlacementEnclosure, PlacementVelocity)> {
        let p = p.min(self.bits);
        match &self.kind {
            Kind::Spin(spin) => {
                let at_mid = spin.sin_cos(mid, p);
                let middle = spin.parts_with(mid, at_mid.as_ref(), p);
                let over_cell = match (&spin.rotation, &at_mid) {
                    (Some(rotation), Some(turn)) => rotation
                        .sin_cos_over_cell(turn, half_width, p)
                        .or_else(|| spin.sin_cos(cell, p)),
                    _ => None,
                };
                let placement = spin.parts_with(cell, over_cell.as_ref(), p);
                let velocity = spin.velocity_with(cell, over_cell.as_ref(), p);
                Some((middle, placement, velocity))
            }
            Kind::Polynomial(m) => Some((m.over(mid, p)?, m.over(cell, p)?, m.velocity(cell, p)?)),
        }
    }

    /// [`MotionEnclosure::over_with_bits`] and
    /// [`MotionEnclosure::velocity_over`] together: the rotation over
    /// `time` (its `sin` and `cos` enclosures) is computed once for both.
    pub fn over_and_velocity(
        &self,
        time: &Interval,
        p: u64,
    ) -> Option<(PlacementEnclosure, PlacementVelocity)> {
        let p = p.min(self.bits);
        match &self.kind {
            Kind::Spin(spin) => {
                let turn = spin.sin_cos(time, p);
                let placement = spin.parts_with(time, turn.as_ref(), p);
                let velocity = spin.velocity_with(time, turn.as_ref(), p);
                Some((placement, velocity))
            }
            Kind::Polynomial(m) => Some((m.over(time, p)?, m.velocity(time, p)?)),
        }
    }
}

/// The `poses` motion from `pose` at `t0` to `end` at `t1` (module docs).
fn poses_spin(
    pose: &Pose<BigRational>,
    end: &Pose<BigRational>,
    (t0, t1): (&BigRational, &BigRational),
    p: u64,
) -> Spin {
    let screw = ExactScrew::between(pose, end);
    let duration = t1 - t0;
    let per_time = BigRational::one() / &duration;
    let drift = vec_of(&screw.slide_vector().scale(&per_time), p);
    let rate = match screw.kind {
        ScrewKind::Identity | ScrewKind::Translation => None,
        ScrewKind::HalfTurn => Some(pi(p + 4).mul_rational(&per_time, p)),
        ScrewKind::Rotation => {
            Some(angle_from_cosine(&screw.cos_angle, p + 4).mul_rational(&per_time, p))
        }
    };
    let axis_point = if rate.is_some() {
        screw.axis_point.clone()
    } else {
        Vec3::zero()
    };
    let offset = &pose.translation - &axis_point;
    let rotation =
        rate.map(|rate| Rotation::about(&screw.axis_direction, rate, (&pose.rotation, &offset), p));
    Spin {
        tau: t0.clone(),
        base: vec_of(&axis_point, p),
        drift,
        frame0: mat_of(&pose.rotation, p),
        offset: vec_of(&offset, p),
        rotation,
    }
}

impl Spin {
    /// The placement over `time`.
    fn parts(&self, time: &Interval, p: u64) -> PlacementEnclosure {
        self.parts_with(time, self.sin_cos(time, p).as_ref(), p)
    }

    /// Enclosures of `sin φ` and `cos φ` over `time`; `None` without a
    /// rotation.
    fn sin_cos(&self, time: &Interval, p: u64) -> Option<(Interval, Interval)> {
        let rotation = self.rotation.as_ref()?;
        Some(rotation.sin_cos(&time.sub(&point(&self.tau, p), p), p))
    }

    /// `turn` when it is given, else the rotation's `sin φ` and `cos φ`
    /// over `time`.
    fn turn_over<'t>(
        &self,
        rotation: &Rotation,
        time: &Interval,
        turn: Option<&'t (Interval, Interval)>,
        p: u64,
    ) -> Cow<'t, (Interval, Interval)> {
        match turn {
            Some(turn) => Cow::Borrowed(turn),
            None => Cow::Owned(rotation.sin_cos(&time.sub(&point(&self.tau, p), p), p)),
        }
    }

    /// [`Spin::parts`] with the rotation's `sin φ` and `cos φ` over `time`
    /// given.
    fn parts_with(
        &self,
        time: &Interval,
        turn: Option<&(Interval, Interval)>,
        p: u64,
    ) -> PlacementEnclosure {
        let s = time.sub(&point(&self.tau, p), p);
        let moved = vec_add(&self.base, &vec_scale(&self.drift, &s, p), p);
        match &self.rotation {
            None => PlacementEnclosure {
                frame: self.frame0.clone(),
                origin: vec_add(&moved, &self.offset, p),
            },
            Some(rotation) => {
                let turn = self.turn_over(rotation, time, turn, p);
                let (frame, turned) = rotation.turned((&self.frame0, &self.offset), &turn, p);
                PlacementEnclosure {
                    frame,
                    origin: vec_add(&moved, &turned, p),
                }
            }
        }
    }

    /// `d/dt frame` and `d/dt origin` over `time` ([`Rotation`]).
    fn velocity(&self, time: &Interval, p: u64) -> PlacementVelocity {
        self.velocity_with(time, None, p)
    }

    /// The velocity over `time`, with the rotation's `sin φ` and `cos φ`
    /// over it when they are known ([`Spin::sin_cos`]).
    fn velocity_with(
        &self,
        time: &Interval,
        turn: Option<&(Interval, Interval)>,
        p: u64,
    ) -> PlacementVelocity {
        match &self.rotation {
            Some(rotation) => {
                let turn = self.turn_over(rotation, time, turn, p);
                let (frame, origin) = rotation.turning(&turn, p);
                PlacementVelocity {
                    frame,
                    origin: vec_add(&self.drift, &origin, p),
                }
            }
            None => PlacementVelocity {
                frame: std::array::from_fn(|_| std::array::from_fn(|_| Interval::from_i64(0))),
                origin: self.drift.clone(),
            },
        }
    }
}

fn horner_coefficients(poly: &Poly<BigRational>, p: u64) -> Vec<Interval> {
    poly.coeffs().iter().map(|c| point(c, p)).collect()
}

/// `poly(t)` for every `t` in `time`, by Horner's rule on intervals.
fn horner(coefficients: &[Interval], time: &Interval, p: u64) -> Interval {
    let mut acc = Interval::from_i64(0);
    for c in coefficients.iter().rev() {
        acc = acc.mul(time, p).add(c, p);
    }
    acc
}

fn derivative_coefficients(poly: &Poly<BigRational>, p: u64) -> Vec<Interval> {
    poly.coeffs()
        .iter()
        .enumerate()
        .skip(1)
        .map(|(k, c)| point(&(c * BigRational::from_integer((k as i64).into())), p))
        .collect()
}

impl PolynomialMotion {
    fn of(m: &PolyMotion<BigRational>, p: u64) -> PolynomialMotion {
        PolynomialMotion {
            linear_dot: std::array::from_fn(|i| {
                std::array::from_fn(|j| derivative_coefficients(&m.linear.rows[i][j], p))
            }),
            translation_dot: std::array::from_fn(|i| derivative_coefficients(&m.translation[i], p)),
            denominator_dot: derivative_coefficients(&m.denominator, p),
            linear: std::array::from_fn(|i| {
                std::array::from_fn(|j| horner_coefficients(&m.linear.rows[i][j], p))
            }),
            translation: std::array::from_fn(|i| horner_coefficients(&m.translation[i], p)),
            denominator: horner_coefficients(&m.denominator, p),
        }
    }

    fn over(&self, time: &Interval, p: u64) -> Option<PlacementEnclosure> {
        let w = horner(&self.denominator, time, p);
        let inv = w.recip(p)?;
        Some(PlacementEnclosure {
            frame: std::array::from_fn(|i| {
                std::array::from_fn(|j| horner(&self.linear[i][j], time, p).mul(&inv, p))
            }),
            origin: std::array::from_fn(|i| horner(&self.translation[i], time, p).mul(&inv, p)),
        })
    }

    /// `(N/w)' = (N' w - N w') / w^2` entry by entry.
    fn velocity(&self, time: &Interval, p: u64) -> Option<PlacementVelocity> {
        let w = horner(&self.denominator, time, p);
        let w_dot = horner(&self.denominator_dot, time, p);
        let inv2 = w.square(p).recip(p)?;
        let quotient = |n: &[Interval], n_dot: &[Interval]| {
            horner(n_dot, time, p)
                .mul(&w, p)
                .sub(&horner(n, time, p).mul(&w_dot, p), p)
                .mul(&inv2, p)
        };
        Some(PlacementVelocity {
            frame: std::array::from_fn(|i| {
                std::array::from_fn(|j| quotient(&self.linear[i][j], &self.linear_dot[i][j]))
            }),
            origin: std::array::from_fn(|i| {
                quotient(&self.translation[i], &self.translation_dot[i])
            }),
        })
    }
}

/// The body's exact rational pose at the interval's start `t0`, when the
/// motion leaves it there: at rest, a `poses` motion at its first pose, a
/// `linear` one at `c + t0 v`, a `screw` or `angular` motion at `t = 0` (no
/// turn, no slide, no travel yet). `None` otherwise (the pose at `t0` may
/// be transcendental). Both bodies under `poses` stand at their first
/// poses, as in [`pair_enclosures`].
pub fn exact_pose_at_start(body: &Body, t0: &BigRational) -> Option<Pose<BigRational>> {
    match &body.motion {
        Motion::Static | Motion::Poses { .. } => Some(body.pose.clone()),
        Motion::Linear { velocity } => Some(Pose::new(
            body.pose.rotation.clone(),
            &body.pose.translation + &velocity.scale(t0),
        )),
        Motion::Screw { .. } | Motion::Angular { .. } if t0.is_zero() => Some(body.pose.clone()),
        _ => None,
    }
}

/// Bits of the largest time magnitude of `[t0, t1]`, so that a time cell's
/// target width `2^-precision max(1, |t|)` stays above the resolution of
/// arithmetic carried that many bits further.
pub fn magnitude_bits((t0, t1): (&BigRational, &BigRational)) -> u64 {
    let bits = |q: &BigRational| (q.numer().bits() as i64 - q.denom().bits() as i64).max(0) as u64;
    bits(t0).max(bits(t1))
}

/// The target width of a time bracket around `[a, b]`: `2^-precision
/// max(1, min(|a|, |b|))` (`max(1, |T|)` of the result format, taken at the
/// bracket's end nearer zero; 1 when it holds zero).
pub fn target_width(precision: u32, a: &BigRational, b: &BigRational) -> BigRational {
    use num_traits::Signed;
    let one = BigRational::one();
    let (x, y) = (a.abs(), b.abs());
    let nearer = if cmp_rationals(&x, &y).is_le() { x } else { y };
    let same_side = a.is_positive() == b.is_positive();
    let scale = if same_side && cmp_rationals(&nearer, &one).is_gt() {
        nearer
    } else {
        one
    };
    scale_pow2(&scale, -i64::from(precision))
}

/// Both bodies' motions on `[t0, t1]`. When both use `poses` only the
/// relative motion is defined (docs/FORMAT.md 2.3): `a` stays at its start
/// pose and `b` moves from its start pose to `a0 a1^-1 b1`, which has the
/// same relative placement at every time.
pub fn pair_enclosures(
    a: &Body,
    b: &Body,
    interval: (&BigRational, &BigRational),
    p: u64,
) -> Result<(MotionEnclosure, MotionEnclosure), NoEnclosure> {
    if let (Motion::Poses { end: a_end }, Motion::Poses { end: b_end }) = (&a.motion, &b.motion) {
        let a_static = Body {
            shape: a.shape.clone(),
            pose: a.pose.clone(),
            motion: Motion::Static,
        };
        let b_relative = Body {
            shape: b.shape.clone(),
            pose: b.pose.clone(),
            motion: Motion::Poses {
                end: a.pose.compose(&a_end.inverse()).compose(b_end),
            },
        };
        return Ok((
            MotionEnclosure::new(&a_static, interval, p)?,
            MotionEnclosure::new(&b_relative, interval, p)?,
        ));
    }
    Ok((
        MotionEnclosure::new(a, interval, p)?,
        MotionEnclosure::new(b, interval, p)?,
    ))
}

#[cfg(test)]
#[allow(clippy::float_arithmetic)] // compared with the f64 placement
mod tests {
    use super::*;
    use crate::geom::{quaternion_rotation, BoxShape, Shape};
    use crate::scalar::{parse_number, rational_to_f64};

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    fn v(a: &str, b: &str, c: &str) -> Vec3<BigRational> {
        Vec3::new(q(a), q(b), q(c))
    }

    fn body(pose: Pose<BigRational>, motion: Motion) -> Body {
        Body {
            shape: Shape::Box(BoxShape::new([q("1"), q("1"), q("1")])),
            pose,
            motion,
        }
    }

    fn motions() -> Vec<Body> {
        let r = quaternion_rotation(&[q("1"), q("2"), q("-1"), q("3")]).unwrap();
        let pose = Pose::new(r.clone(), v("1", "-2", "1/2"));
        let end = Pose::new(
            quaternion_rotation(&[q("1"), q("-1"), q("4"), q("2")]).unwrap(),
            v("3", "1", "-1"),
        );
        let half_turn_end = Pose::new(
            pose.rotation
                .mul_mat(&quaternion_rotation(&[q("0"), q("1"), q("2"), q("2")]).unwrap()),
            v("0", "0", "5"),
        );
        vec![
            body(
                pose.clone(),
                Motion::Linear {
                    velocity: v("1", "2", "3"),
                },
            ),
            body(
                pose.clone(),
                Motion::Angular {
                    velocity: v("1", "0", "-1"),
                    angular_velocity: v("3", "-12", "25"),
                    center: v("1/2", "1", "-2"),
                },
            ),
            body(
                pose.clone(),
                Motion::Screw {
                    axis_point: v("1", "1", "0"),
                    axis_direction: v("1", "2", "2"),
                    angle: q("37.5"),
                    slide: q("-3"),
                },
            ),
            body(pose.clone(), Motion::Poses { end }),
            body(pose, Motion::Poses { end: half_turn_end }),
        ]
    }

    fn close(e: &Interval, x: f64, slack: f64) -> bool {
        let lo = rational_to_f64(&e.lo().to_rational());
        let hi = rational_to_f64(&e.hi().to_rational());
        lo - slack <= x && x <= hi + slack
    }

    #[test]
    fn enclosures_hold_the_f64_placement_and_are_narrow_at_a_point() {
        let (t0, t1) = (q("3/2"), q("5/2"));
        for b in motions() {
            let m = MotionEnclosure::new(&b, (&t0, &t1), 120).unwrap();
            for t in ["3/2", "1.7", "2.21", "5/2"] {
                let tq = q(t);
                let e = m.over(&Interval::from_rational(&tq, 120)).unwrap();
                let (frame, origin) = b.pose_at_f64(rational_to_f64(&tq), &t0, &t1);
                for i in 0..3 {
                    assert!(close(&e.origin[i], origin[i], 1e-9), "{:?} {t}", b.motion);
                    assert!(e.origin[i].width().scale() < -90);
                    for j in 0..3 {
                        assert!(
                            close(&e.frame[i][j], frame.rows[i][j], 1e-9),
                            "{:?}",
                            b.motion
                        );
                        assert!(e.frame[i][j].width().scale() < -90);
                    }
                }
            }
        }
    }

    #[test]
    fn enclosures_over_a_cell_hold_every_sample_inside() {
        let (t0, t1) = (q("3/2"), q("5/2"));
        for b in motions() {
            let m = MotionEnclosure::new(&b, (&t0, &t1), 80).unwrap();
            let cell = Interval::from_rationals(&q("1.9"), &q("2"), 80);
            let e = m.over(&cell).unwrap();
            for k in 0..=20 {
                let t = 1.9 + 0.005 * f64::from(k);
                let (frame, origin) = b.pose_at_f64(t, &t0, &t1);
                for i in 0..3 {
                    assert!(
                        close(&e.origin[i], origin[i], 1e-12),
                        "{:?} at {t}",
                        b.motion
                    );
                    for j in 0..3 {
                        assert!(close(&e.frame[i][j], frame.rows[i][j], 1e-12));
                    }
                }
            }
        }
    }

    /// The midpoint and the cell from one sine and cosine (the addition
    /// theorem): the cell's placement holds every sampled placement, is
    /// at most slightly wider than the one from the ends, the midpoint's
    /// and the velocity are those of the separate calls; a cell turning a
    /// body by more than 1/16 on either side takes the ends' values.
    #[test]
    fn the_cell_from_the_midpoint_holds_every_sample_and_is_as_narrow() {
        let (t0, t1) = (q("3/2"), q("5/2"));
        let p = 80;
        let width = |i: &Interval| rational_to_f64(&i.width().to_rational());
        for (a, b) in [("1.9", "1.9001"), ("2.2", "2.2005"), ("1.9", "2")] {
            let (ta, tb) = (q(a), q(b));
            let half = (&tb - &ta) / q("2");
            let mid = Interval::from_rational(&((&ta + &tb) / q("2")), p);
            let cell = Interval::from_rationals(&ta, &tb, p);
            let half_width = Interval::from_rationals(&-half.clone(), &half, p);
            for body in motions() {
                let m = MotionEnclosure::new(&body, (&t0, &t1), p).unwrap();
                let (at_mid, over, velocity) = m
                    .mid_over_and_velocity(&mid, &cell, &half_width, p)
                    .unwrap();
                let (over_ends, velocity_ends) = m.over_and_velocity(&cell, p).unwrap();
                let alone = m.over(&mid).unwrap();
                assert_eq!(format!("{at_mid:?}"), format!("{alone:?}"));
                let (fa, fb) = (rational_to_f64(&ta), rational_to_f64(&tb));
                for k in 0..=20 {
                    let t = fa + (fb - fa) * f64::from(k) / 20.0;
                    let (frame, origin) = body.pose_at_f64(t, &t0, &t1);
                    for i in 0..3 {
                        assert!(
                            close(&over.origin[i], origin[i], 1e-12),
                            "{:?} {t}",
                            body.motion
                        );
                        for j in 0..3 {
                            assert!(close(&over.frame[i][j], frame.rows[i][j], 1e-12));
                        }
                    }
                }
                for i in 0..3 {
                    let (w, w_ends) = (width(&over.origin[i]), width(&over_ends.origin[i]));
                    assert!(
                        w <= w_ends * 1.02 + 1e-15,
                        "{:?}: {w} {w_ends}",
                        body.motion
                    );
                    for j in 0..3 {
                        let (w, w_ends) = (width(&over.frame[i][j]), width(&over_ends.frame[i][j]));
                        assert!(
                            w <= w_ends * 1.02 + 1e-15,
                            "{:?}: {w} {w_ends}",
                            body.motion
                        );
                        let (v, v_ends) = (&velocity.frame[i][j], &velocity_ends.frame[i][j]);
                        assert!(width(v) <= width(v_ends) * 1.02 + 1e-15);
                    }
                }
            }
        }
    }

    #[test]
    fn velocities_hold_the_difference_quotients() {
        // mean value theorem: (x(t + h) - x(t)) / h is a derivative at some
        // time of [t, t + h], so it meets the velocity enclosure there
        let (t0, t1) = (q("3/2"), q("5/2"));
        let p = 120;
        let h = q("1/1000");
        for b in motions() {
            let m = MotionEnclosure::new(&b, (&t0, &t1), p).unwrap();
            for t in ["3/2", "1.7", "2.2"] {
                let (ta, tb) = (q(t), q(t) + &h);
                let xa = m.over(&Interval::from_rational(&ta, p)).unwrap();
                let xb = m.over(&Interval::from_rational(&tb, p)).unwrap();
                let vel = m
                    .velocity_over(&Interval::from_rationals(&ta, &tb, p), p)
                    .unwrap();
                let hi = Interval::from_rational(&h, p);
                let quotient = |a: &Interval, b: &Interval| b.sub(a, p).div(&hi, p).unwrap();
                for i in 0..3 {
                    let dq = quotient(&xa.origin[i], &xb.origin[i]);
                    assert!(dq.intersect(&vel.origin[i]).is_some(), "{:?} {t}", b.motion);
                    for j in 0..3 {
                        let dq = quotient(&xa.frame[i][j], &xb.frame[i][j]);
                        assert!(
                            dq.intersect(&vel.frame[i][j]).is_some(),
                            "{:?} {t}",
                            b.motion
                        );
                    }
                }
            }
        }
    }
}
