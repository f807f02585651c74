//! Angular velocity by time stepping (Eberly, "Dynamic Collision Detection using OBBs", section 5; Eberly, "Intersection of Objects with Linear and Angular Velocities"): an
//! approximation in `f64`, never exact.
//!
//! The contract's `angular` motion is `x(t) = c + t v + exp(t [w]x) R y`:
//! the centre `K(t) = c + t v` moves at constant velocity and the frame
//! `F(t) = exp(t [w]x) R` solves `dF/dt = S F` with `S = [w]x` (Eberly, "Dynamic Collision Detection using OBBs",
//! section 5). The interval `[t0, t1]` is cut into `N` equal steps; on step
//! `[t_i, t_i+1]` each body keeps its frame `F_i` and moves its centre at
//! the constant velocity `(K(t_i+1) - K(t_i)) / h = v`, and the step is
//! decided by the constant-velocity SAT of this solver (Tables 1, 1', 3, 5,
//! 6). The first step with a contact gives the reported time, features,
//! point and normal; the contact intervals are the steps' intervals, joined
//! where consecutive.
//!
//! The frames `F_i` come from one of three integrators:
//!
//! * [`Integrator::Euler`]: `F_i+1 = F_i + h S F_i` (Eberly, "Dynamic Collision Detection using OBBs", section 5:
//!   "Euler's method is certainly the easiest"), local error `O(h^2)`;
//! * [`Integrator::RungeKutta4`]: the classical fourth-order Runge-Kutta
//!   step, local error `O(h^5)`;
//! * [`Integrator::ClosedForm`]: the closed form sampled at `t_i`,
//!   `F_i = exp(t_i [w]x) R` by Rodrigues' formula (Eberly, "Intersection of Objects with Linear and Angular Velocities"'s closed form
//!   with sinusoids, evaluated only at the samples).
//!
//! After each Euler or Runge-Kutta step the frame is re-orthonormalised by
//! Gram-Schmidt (Eberly, "Dynamic Collision Detection using OBBs", section 5: "it is necessary ... to guarantee that
//! you have a rotation matrix").
//!
//! # Error and misses
//!
//! Holding the frame fixed over a step is the approximation. For a body
//! whose points move at most `s = |w| r + |v|` (radius `r` about the centre),
//! a point's true position differs from the stepped one by at most `|w| r h`
//! within a step, plus the integrator's drift. So the reported time can be
//! late by up to about one step `h` (a rotation that brings a corner in
//! during the step is seen only at the next frame), and a contact shorter
//! than a step, a corner swept through the other body and out again
//! between two frames, can be **missed** entirely. Halving `h` (doubling
//! `N`) halves the bound; nothing here is certified, and the exact scalar
//! refuses angular motions.
#![allow(clippy::float_arithmetic)] // f64 time stepping only; see the module docs

use super::pair::{solve_placed, SatScenario};
use super::projection::Placed;
use super::{Certificate, SatOutcome, SatStats};
use crate::geom::{Mat3, Shape, Vec3};
use crate::motion::{rotation_about_axis, Body, Motion};
use crate::poly::RealRoots;
use crate::scalar::{BigRational, Ring, Scalar};
use crate::Error;

/// The integrator of the frame `dF/dt = [w]x F` (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Integrator {
    /// Explicit Euler with Gram-Schmidt.
    Euler,
    /// Classical Runge-Kutta (order 4) with Gram-Schmidt.
    #[default]
    RungeKutta4,
    /// The closed form `exp(t [w]x) R` at each sample time.
    ClosedForm,
}

impl Integrator {
    /// The names of `--integrator`: `euler`, `rk4`, `closed-form`.
    pub fn as_str(self) -> &'static str {
        match self {
            Integrator::Euler => "euler",
            Integrator::RungeKutta4 => "rk4",
            Integrator::ClosedForm => "closed-form",
        }
    }
}

impl std::str::FromStr for Integrator {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        [
            Integrator::Euler,
            Integrator::RungeKutta4,
            Integrator::ClosedForm,
        ]
        .into_iter()
        .find(|i| i.as_str() == s)
        .ok_or_else(|| format!("unknown integrator {s:?} (expected euler, rk4 or closed-form)"))
    }
}

/// Default number of steps `N` over the interval.
pub const DEFAULT_STEPS: usize = 256;

/// Largest number of steps accepted (each step is one constant-velocity
/// test).
pub const MAX_STEPS: usize = 10_000_000;

fn gram_schmidt(m: &Mat3<f64>) -> Mat3<f64> {
    let c0 = m.col(0);
    let c1 = m.col(1);
    let unit = |v: Vec3<f64>| {
        let n = v.norm_squared().sqrt();
        v.scale(&(1.0 / n))
    };
    let e0 = unit(c0);
    let e1 = unit(&c1 - &e0.scale(&e0.dot(&c1)));
    let e2 = e0.cross(&e1);
    Mat3::from_cols([e0, e1, e2])
}

/// One body's samples: frames and centres at `t_i`.
struct Samples {
    frames: Vec<Mat3<f64>>,
    centers: Vec<Vec3<f64>>,
    velocity: Vec3<f64>,
}

fn samples(body: &Body, t0: f64, h: f64, steps: usize, integrator: Integrator) -> Samples {
    let (v, w, center) = match &body.motion {
        Motion::Angular {
            velocity,
            angular_velocity,
            center,
        } => (
            velocity.to_f64(),
            angular_velocity.to_f64(),
            center.to_f64(),
        ),
        Motion::Linear { velocity } => (velocity.to_f64(), Vec3::zero(), Vec3::zero()),
        _ => (Vec3::zero(), Vec3::zero(), Vec3::zero()),
    };
    let r = body.pose.rotation.to_f64();
    // the world position of the centre of rotation at t = 0: p = c + R center
    let c = &body.pose.translation.to_f64() + &r.mul_vec(&center);
    let speed = w.norm_squared().sqrt();
    let closed = |t: f64| {
        if speed == 0.0 {
            r.clone()
        } else {
            rotation_about_axis(&w.scale(&(1.0 / speed)), speed * t).mul_mat(&r)
        }
    };
    let s = Mat3::from_rows([[0.0, -w.z, w.y], [w.z, 0.0, -w.x], [-w.y, w.x, 0.0]]);
    let f = |m: &Mat3<f64>| s.mul_mat(m);
    let mut frames = Vec::with_capacity(steps);
    let mut frame = closed(t0);
    for i in 0..steps {
        let t = t0 + h * i as f64;
        if integrator == Integrator::ClosedForm {
            frame = closed(t);
        }
        frames.push(frame.clone());
        frame = match integrator {
            Integrator::ClosedForm => frame,
            Integrator::Euler => gram_schmidt(&(&frame + &f(&frame).scale(&h))),
            Integrator::RungeKutta4 => {
                let k1 = f(&frame);
                let k2 = f(&(&frame + &k1.scale(&(h / 2.0))));
                let k3 = f(&(&frame + &k2.scale(&(h / 2.0))));
                let k4 = f(&(&frame + &k3.scale(&h)));
                let sum = &(&k1 + &k2.scale(&2.0)) + &(&k3.scale(&2.0) + &k4);
                gram_schmidt(&(&frame + &sum.scale(&(h / 6.0))))
            }
        };
    }
    // the body's origin: p + t v - F(t) center
    let centers = (0..steps)
        .map(|i| &(&c + &v.scale(&(t0 + h * i as f64))) - &frames[i].mul_vec(&center))
        .collect();
    Samples {
        frames,
        centers,
        velocity: v,
    }
}

fn to_s<S: Scalar>(x: f64) -> S {
    S::from_rational(&BigRational::from_float(x).unwrap_or_else(|| BigRational::from_i64(0)))
}

fn vec_s<S: Scalar>(v: &Vec3<f64>) -> Vec3<S> {
    v.map(|x| to_s(*x))
}

/// The body at step `i`, placed at its extrapolation to `t = 0` (position at
/// `t_i` minus `t_i v`), so that the step's times are absolute.
fn placed_at_step<S: Scalar>(body: &Body, smp: &Samples, i: usize, ti: f64) -> Placed<S> {
    let frame = &smp.frames[i];
    let center = &smp.centers[i] - &smp.velocity.scale(&ti);
    match &body.shape {
        Shape::Box(bx) => Placed::boxed(
            vec_s(&center),
            std::array::from_fn(|k| vec_s(&frame.col(k))),
            bx.half_extents.clone().map(|e| S::from_rational(&e)),
            S::one(),
        ),
        Shape::Triangle(t) => Placed::triangle(
            t.vertices
                .each_ref()
                .map(|y| vec_s(&(&center + &frame.mul_vec(&y.to_f64())))),
            S::one(),
        ),
        Shape::Mesh(_) | Shape::Sphere(_) | Shape::Capsule(_) | Shape::Convex(_) => {
            unreachable!("refused by the caller")
        }
    }
}

/// Solves a box/triangle scenario with an `angular` motion on one or both
/// bodies (the other `static`, `linear` or `angular`) by `steps` steps of
/// `integrator` (module docs). `f64` only: exact scalars are refused by the
/// caller.
pub(crate) fn solve_angular<S: RealRoots>(
    sc: &SatScenario<'_>,
    steps: usize,
    integrator: Integrator,
) -> Result<SatOutcome<S>, Error> {
    for (body, name) in [(sc.a, "a"), (sc.b, "b")] {
        if matches!(body.shape, Shape::Mesh(_)) {
            return Err(Error::not_applicable(format!(
                "sat: body {name} is a mesh; meshes under an angular motion are not solved (OBB trees take rational motions only)"
            )));
        }
        if !matches!(
            body.motion,
            Motion::Static | Motion::Linear { .. } | Motion::Angular { .. }
        ) {
            return Err(Error::not_applicable(format!(
                "sat: body {name} has a `{}` motion beside an angular one; time stepping takes static, linear and angular motions",
                body.motion.kind_name()
            )));
        }
    }
    if steps == 0 || steps > MAX_STEPS {
        return Err(Error::limit_exceeded(format!(
            "sat: {steps} steps: the step count must be between 1 and {MAX_STEPS}"
        )));
    }
    let t0 = sc.interval.0.to_f64();
    let t1 = sc.interval.1.to_f64();
    let h = (t1 - t0) / steps as f64;
    let sa = samples(sc.a, t0, h, steps, integrator);
    let sb = samples(sc.b, t0, h, steps, integrator);
    let mut first: Option<SatOutcome<S>> = None;
    let mut intervals: Vec<(S::Root, S::Root)> = Vec::new();
    let mut stats = SatStats::default();
    for i in 0..steps {
        crate::budget::check()?;
        let ti = t0 + h * i as f64;
        let tn = if i + 1 == steps {
            t1
        } else {
            t0 + h * (i + 1) as f64
        };
        let pa = placed_at_step::<S>(sc.a, &sa, i, ti);
        let pb = placed_at_step::<S>(sc.b, &sb, i, ti);
        let out = solve_placed(
            pa,
            pb,
            &vec_s(&sa.velocity),
            &vec_s(&sb.velocity),
            &to_s(ti),
            &to_s(tn),
        );
        stats.axes += out.stats.axes;
        stats.piece_pairs += 1;
        for (lo, hi) in &out.contact_intervals {
            match intervals.last_mut() {
                Some((_, last_hi)) if last_hi == lo => *last_hi = hi.clone(),
                _ => intervals.push((lo.clone(), hi.clone())),
            }
        }
        if first.is_none() && out.collides {
            first = Some(out);
        }
    }
    let r0 = S::root_of_value(&S::from_rational(sc.interval.0));
    let empty = Certificate {
        separation: Vec::new(),
        last_axis: None,
        time_polynomial: None,
    };
    Ok(match first {
        None => SatOutcome {
            collides: false,
            initially_overlapping: false,
            first_contact: None,
            contact_intervals: intervals,
            features: None,
            point: None,
            exact_point: None,
            normal: None,
            certificate: empty,
            stats,
        },
        Some(out) => SatOutcome {
            collides: true,
            initially_overlapping: out.first_contact.as_ref() == Some(&r0),
            first_contact: out.first_contact,
            contact_intervals: intervals,
            features: out.features,
            point: out.point,
            exact_point: out.exact_point,
            normal: out.normal,
            certificate: empty,
            stats,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gram_schmidt_returns_a_rotation() {
        let m = Mat3::from_rows([[1.0, 0.1, 0.0], [0.0, 1.0, 0.2], [0.05, 0.0, 1.0]]);
        let g = gram_schmidt(&m);
        let gtg = g.transpose().mul_mat(&g);
        for i in 0..3 {
            for j in 0..3 {
                let want = if i == j { 1.0 } else { 0.0 };
                assert!((gtg.rows[i][j] - want).abs() < 1e-12);
            }
        }
        assert!((g.determinant() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn integrators_follow_the_closed_form() {
        // a quarter turn about z over [0, 1]
        let w = Vec3::new(0.0, 0.0, std::f64::consts::FRAC_PI_2);
        let body = Body {
            shape: Shape::Box(crate::geom::BoxShape::new(std::array::from_fn(|_| {
                BigRational::from_i64(1)
            }))),
            pose: crate::geom::Pose::identity(),
            motion: Motion::Angular {
                velocity: Vec3::zero(),
                angular_velocity: Vec3::new(
                    BigRational::from_i64(0),
                    BigRational::from_i64(0),
                    BigRational::from_float(w.z).unwrap(),
                ),
                center: Vec3::zero(),
            },
        };
        let end_error = |integrator, steps: usize| {
            let s = samples(&body, 0.0, 1.0 / steps as f64, steps + 1, integrator);
            let f = &s.frames[steps];
            // the x axis turned to y
            (f.rows[0][0].powi(2) + (f.rows[1][0] - 1.0).powi(2)).sqrt()
        };
        assert!(end_error(Integrator::ClosedForm, 8) < 1e-12);
        let (e8, e16) = (
            end_error(Integrator::Euler, 8),
            end_error(Integrator::Euler, 16),
        );
        assert!(e16 < e8 && e8 < 0.2, "euler {e8} {e16}");
        let (r8, r16) = (
            end_error(Integrator::RungeKutta4, 8),
            end_error(Integrator::RungeKutta4, 16),
        );
        assert!(r16 < r8 && r8 < 1e-4, "rk4 {r8} {r16}");
        assert!(r8 < e16);
    }
}
