//! Second-order steps of the `f64` cells for two boxes whose motions turn
//! at a constant angular velocity (`static`, `linear`, `angular`, `screw`,
//! `poses`): how far from an instant the sign of the gap provably holds,
//! from the axes' separations, their derivatives and a bound on their
//! second derivatives (Taylor's theorem with remainder).
//!
//! The first-order cells (module docs of `float`) step `|g| / L`: right
//! after a crossing `|g|` is about as small as rounding and grows in
//! proportion to the distance from the crossing, so the cells leave a
//! crossing in geometric steps, about `(L / |g'|) ln(1 / eps)` of them. On
//! each axis of Table 1 of Eberly, "Dynamic Collision Detection using
//! OBBs", section 2.1, the separation `G(t) = |p(t)| - c - Σ h_m |x_m(t)|`
//! (`p = T . L`, `x_m` the products of `L` with the other box's axes, `c`
//! a constant half extent; an edge axis `A_i x B_j` unnormalised, which
//! keeps its sign) is built from smooth functions whose second derivatives
//! are bounded: an axis turns at most at `W = |ω_a| + |ω_b|`, so a product
//! of two axes has `|x''| <= W^2`, and `|p''| <= W^2 D + 2 W S + α` with
//! `D` a bound on the centres' distance over the step, `S` and `α` the sums
//! of the centres' speeds and accelerations ([`RigidRates`]). With
//! `M = W^2 (D + Σ h_m) + 2 W S + α`:
//!
//! * while an axis separates (`G > 0`), `G(t + τ) >= s (p + p' τ) - c -
//!   Σ h_m |x_m + x_m' τ| - M τ^2 / 2` (`s` the sign of `p`), a concave
//!   piecewise quadratic whose first root the boxes stay apart until;
//! * while the boxes overlap (every `G <= 0`), `G(t + τ) <= |p + p' τ| -
//!   c - Σ h_m s_m (x_m + x_m' τ) + M τ^2 / 2` (`s_m` the sign of `x_m`),
//!   a convex piecewise quadratic; they overlap until the first root of
//!   any axis.
//!
//! Near a crossing at which `g'` is not zero these steps shrink the
//! distance to it quadratically, and they leave it in one step. The
//! search takes the longer of this step and the first-order cell; both are
//! exclusions, neither is certified (the `f64` cells are not).
#![allow(clippy::float_arithmetic)]

use crate::geom::{Mat3, Vec3};
use crate::motion::{relative_placement, Affine, FloatMotion, RelativeFloatMotion, RigidRates};

/// The fraction of the boxes' size below which a gap counts as near a
/// crossing ([`TaylorBoxes::near_gap`]).
const NEAR_FRACTION: f64 = 1.0 / 64.0;

/// The length of an edge axis `A_i x B_j` (the sine of the edges' angle)
/// below which the overlap's steps are left to the first order.
const SHORT_EDGE_AXIS: f64 = 1.0 / 8.0;

/// Two boxes' motions with their velocity fields, and the constants of the
/// bound `M` (module docs).
pub(super) struct TaylorBoxes {
    /// `a`'s motion; `None`: `a` rests at the identity (both bodies on
    /// `poses`: `b`'s motion is the relative glide).
    a: Option<(FloatMotion, RigidRates)>,
    b: (FloatMotion, RigidRates),
    ha: [f64; 3],
    hb: [f64; 3],
    /// `W = |ω_a| + |ω_b|`.
    spin: f64,
    /// `S`, the centres' speeds summed.
    speed: f64,
    /// `α`, the centres' accelerations summed.
    acceleration: f64,
}

impl TaylorBoxes {
    /// The steps for boxes of half extents `ha` and `hb` under `motion`,
    /// `None` when a motion does not turn at a constant angular velocity.
    pub(super) fn new(motion: &RelativeFloatMotion, ha: [f64; 3], hb: [f64; 3]) -> Option<Self> {
        let (a, b) = match motion {
            RelativeFloatMotion::Composed { a, b } => {
                let (ra, rb) = (a.rigid_rates()?, b.rigid_rates()?);
                (Some((a.clone(), ra)), (b.clone(), rb))
            }
            RelativeFloatMotion::InFrameOfA(b) => (None, (b.clone(), b.rigid_rates()?)),
            RelativeFloatMotion::Glide {
                start,
                screw,
                t0,
                t1,
            } => {
                let b = FloatMotion::Poses {
                    base: start.clone(),
                    screw: screw.clone(),
                    t0: *t0,
                    t1: *t1,
                };
                let rb = b.rigid_rates()?;
                (None, (b, rb))
            }
        };
        let motions = a.iter().chain(std::iter::once(&b));
        let (mut spin, mut speed, mut acceleration) = (0.0, 0.0, 0.0);
        for (m, rates) in motions {
            let centre = m.eval(0.0).1;
            let (s, acc) = rates.speed_and_acceleration(&centre, 0.0);
            spin += rates.angular_velocity.norm_squared().sqrt();
            speed += s;
            acceleration += acc;
        }
        let finite = [spin, speed, acceleration].iter().all(|v| v.is_finite());
        finite.then_some(TaylorBoxes {
            a,
            b,
            ha,
            hb,
            spin,
            speed,
            acceleration,
        })
    }

    /// The gaps below which the second-order steps are worth their cost
    /// (about six gap evaluations): near a crossing, where the first-order
    /// cells are short.
    pub(super) fn near_gap(&self) -> f64 {
        let size: f64 = self.ha.iter().chain(&self.hb).sum();
        size * NEAR_FRACTION
    }

    /// The steps ahead of `t` and behind it over which the gap keeps its
    /// sign (`separated`: positive), looking at most `horizon.0` ahead and
    /// `horizon.1` behind; 0 when none is known or `a`'s placement is
    /// singular.
    #[cfg(test)]
    pub(super) fn steps(&self, t: f64, horizon: (f64, f64), separated: bool) -> (f64, f64) {
        self.steps_placed(t, None, horizon, separated)
    }

    /// The steps of [`TaylorBoxes::steps`] given `b`'s placement in `a`'s
    /// frame at `t` when it is known (used when `a` rests at the identity,
    /// where it is `b`'s placement; evaluated otherwise).
    // the indices are Table 1's: i of a, j of b
    #[allow(clippy::needless_range_loop)]
    pub(super) fn steps_placed(
        &self,
        t: f64,
        relative: Option<&Affine<f64>>,
        horizon: (f64, f64),
        separated: bool,
    ) -> (f64, f64) {
        let placed_b = match (relative, &self.a) {
            (Some(placement), None) => placement.clone(),
            _ => self.b.0.eval(t),
        };
        let (placement, a_frame, rates_a) = match &self.a {
            Some((m, rates)) => {
                let placed_a = m.eval(t);
                let Some(placement) = relative_placement(&placed_a, m.is_rotation(), &placed_b)
                else {
                    return (0.0, 0.0);
                };
                (placement, Some(placed_a), Some(rates))
            }
            None => (placed_b.clone(), None, None),
        };
        let (rotation, offset) = &placement;
        // the derivatives in a's frame: R' = [Ω] R with Ω = M_a^T (ω_b -
        // ω_a), T' = M_a^T (d' - ω_a x d) with d = c_b - c_a (world)
        let zero = Vec3::zero();
        let (omega_a, to_a, c_a, v_a) = match (&a_frame, rates_a) {
            (Some((m_a, c_a)), Some(r)) => (
                r.angular_velocity.clone(),
                m_a.transpose(),
                c_a.clone(),
                r.velocity(c_a, t),
            ),
            _ => (zero.clone(), Mat3::identity(), zero.clone(), zero),
        };
        let rates_b = &self.b.1;
        let c_b = &placed_b.1;
        let d = c_b - &c_a;
        let d_rate = &(&rates_b.velocity(c_b, t) - &v_a) - &omega_a.cross(&d);
        let omega = to_a.mul_vec(&(&rates_b.angular_velocity - &omega_a));
        let offset_rate = to_a.mul_vec(&d_rate);
        let turned = rotation.transpose();
        // columns of R (b's axes in a's frame) and their derivatives
        let axes: [Vec3<f64>; 3] = std::array::from_fn(|j| turned.row(j));
        let axis_rates: [Vec3<f64>; 3] = std::array::from_fn(|j| omega.cross(&axes[j]));
        let r = |i: usize, j: usize| axes[j][i];
        let r_rate = |i: usize, j: usize| axis_rates[j][i];
        let t_at = |i: usize| offset[i];
        let t_rate = |i: usize| offset_rate[i];
        let w = self.spin;
        let (ha, hb) = (&self.ha, &self.hb);
        // Table 1's fifteen axes in its order: A_i, B_j, A_i x B_j (built in
        // place: no array filled first and written over)
        let face_of_a = |i: usize| AxisTaylor {
            p: t_at(i),
            p_rate: t_rate(i),
            constant: ha[i],
            terms: padded(std::array::from_fn(|j| (hb[j], r(i, j), r_rate(i, j)))),
            len: 3,
            length: 1.0,
            bound: w * w * (hb[0] + hb[1] + hb[2]),
        };
        let face_of_b = |j: usize| AxisTaylor {
            p: (0..3).map(|i| t_at(i) * r(i, j)).sum(),
            p_rate: (0..3)
                .map(|i| t_rate(i) * r(i, j) + t_at(i) * r_rate(i, j))
                .sum(),
            constant: hb[j],
            terms: padded(std::array::from_fn(|i| (ha[i], r(i, j), r_rate(i, j)))),
            len: 3,
            length: 1.0,
            bound: w * w * (ha[0] + ha[1] + ha[2]),
        };
        let edge = |i: usize, j: usize| {
            let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            // u = e_i x B_j: u_i1 = -r_(i2 j), u_i2 = r_(i1 j)
            let (u1, u2) = (-r(i2, j), r(i1, j));
            let (u1_rate, u2_rate) = (-r_rate(i2, j), r_rate(i1, j));
            // B_m . u = e_i . (B_j x B_m) = +-r_(i k), k the third axis
            AxisTaylor {
                p: t_at(i1) * u1 + t_at(i2) * u2,
                p_rate: t_rate(i1) * u1 + t_at(i1) * u1_rate + t_rate(i2) * u2 + t_at(i2) * u2_rate,
                constant: 0.0,
                terms: [
                    (ha[i1], u1, u1_rate),
                    (ha[i2], u2, u2_rate),
                    (hb[j1], r(i, j2), r_rate(i, j2)),
                    (hb[j2], r(i, j1), r_rate(i, j1)),
                ],
                len: 4,
                length: (u1 * u1 + u2 * u2).sqrt(),
                bound: w * w * (ha[i1] + ha[i2] + hb[j1] + hb[j2]),
            }
        };
        let axis = |k: usize| match k {
            0..=2 => face_of_a(k),
            3..=5 => face_of_b(k - 3),
            _ => edge((k - 6) / 3, (k - 6) % 3),
        };
        let distance = d.norm_squared().sqrt();
        if separated {
            // apart, any separating axis's step is one: the three that
            // separate most (per unit length) are tried, chosen in one pass
            // over the scores (an earlier axis first on a tie)
            let mut best = [(f64::NEG_INFINITY, 0usize); 3];
            for k in 0..15 {
                let score = axis(k).unit_separation();
                if score > 0.0 && score > best[2].0 {
                    best[2] = (score, k);
                    if best[2].0 > best[1].0 {
                        best.swap(1, 2);
                    }
                    if best[1].0 > best[0].0 {
                        best.swap(0, 1);
                    }
                }
            }
            let separating = best.iter().filter(|b| b.0 > 0.0).count();
            let mut chosen: [AxisTaylor; 3] = std::array::from_fn(|slot| axis(best[slot].1));
            return self.steps_of(&mut chosen[..separating], distance, horizon, true);
        }
        // overlapping, every axis counts; a nearly parallel pair of edges (a
        // short axis `A_i x B_j`, whose direction turns fast) leaves the
        // step to the first order
        let mut all: [AxisTaylor; 15] = std::array::from_fn(axis);
        if all.iter().any(|a| a.length < SHORT_EDGE_AXIS) {
            return (0.0, 0.0);
        }
        self.steps_of(&mut all, distance, horizon, false)
    }

    /// The steps ahead and behind (module docs) of the bounds of `axes`.
    fn steps_of(
        &self,
        axes: &mut [AxisTaylor],
        distance: f64,
        horizon: (f64, f64),
        separated: bool,
    ) -> (f64, f64) {
        let ahead = self.step_along(axes, distance, horizon.0, separated);
        if horizon.1 <= 0.0 {
            return (ahead, 0.0);
        }
        // behind: the same bounds with time reversed (every rate negated)
        for axis in axes.iter_mut() {
            axis.reverse();
        }
        let behind = self.step_along(axes, distance, horizon.1, separated);
        (ahead, behind)
    }

    /// The step of the axes' bounds forward, at most `horizon` (module
    /// docs); `distance` is the centres' distance now.
    fn step_along(&self, axes: &[AxisTaylor], distance: f64, horizon: f64, separated: bool) -> f64 {
        let w = self.spin;
        // M with D over the step: the distance grows at most at S; a step
        // found much shorter than the span assumed is looked for again
        // with the shorter span (a smaller D)
        let mut span = horizon;
        let mut best: f64 = 0.0;
        for _ in 0..2 {
            let centre_bound =
                w * w * (distance + self.speed * span) + 2.0 * w * self.speed + self.acceleration;
            let mut step = if separated { 0.0 } else { span };
            for axis in axes {
                if separated {
                    step = f64::max(step, axis.apart_for(centre_bound));
                } else {
                    step = f64::min(step, axis.overlapping_for(centre_bound));
                }
            }
            let step = step.clamp(0.0, span);
            best = best.max(step);
            if !(step > 0.0 && step < span / 4.0) {
                break;
            }
            span = 2.0 * step;
        }
        best
    }
}

/// One axis's separation `|p| - c - Σ h_m |x_m|` with the derivatives
/// `p'`, `x_m'` and the part `W^2 Σ h_m` of the bound `M` of the second
/// derivatives (the centres' part is added per span).
struct AxisTaylor {
    p: f64,
    p_rate: f64,
    constant: f64,
    /// `(h_m, x_m, x_m')`, the first `len` used.
    terms: [(f64, f64, f64); 4],
    len: usize,
    bound: f64,
    /// The axis's length (1 for a face normal, `|A_i x B_j|`).
    length: f64,
}

impl AxisTaylor {
    fn terms(&self) -> &[(f64, f64, f64)] {
        &self.terms[..self.len]
    }

    /// The same axis with time running backwards.
    fn reverse(&mut self) {
        self.p_rate = -self.p_rate;
        for term in &mut self.terms {
            term.2 = -term.2;
        }
    }

    /// The separation per unit length of the axis.
    fn unit_separation(&self) -> f64 {
        self.separation() / self.length
    }

    fn separation(&self) -> f64 {
        self.p.abs()
            - self.constant
            - self
                .terms()
                .iter()
                .map(|(h, x, _)| h * x.abs())
                .sum::<f64>()
    }

    /// The first root of the concave lower bound (module docs), the axis
    /// separating now.
    fn apart_for(&self, centre_bound: f64) -> f64 {
        let bound = self.bound + centre_bound;
        let s = if self.p < 0.0 { -1.0 } else { 1.0 };
        let terms = self.terms();
        let mut signs = [1.0f64; 4];
        for (sign, (_, x, x_rate)) in signs.iter_mut().zip(terms) {
            if *x < 0.0 || (*x == 0.0 && *x_rate < 0.0) {
                *sign = -1.0;
            }
        }
        // the first piece, and whether a kink comes before its root (a
        // term moving towards 0 that reaches it: |x| < |x'| root)
        let (value, slope) = terms.iter().zip(&signs).fold(
            (s * self.p - self.constant, s * self.p_rate),
            |(v, sl), ((h, x, x_rate), sign)| (v - h * sign * x, sl - h * sign * x_rate),
        );
        let root = larger_root(-bound / 2.0, slope, value);
        let kinked = terms
            .iter()
            .zip(&signs)
            .any(|((_, x, x_rate), sign)| sign * x_rate < 0.0 && x.abs() < x_rate.abs() * root);
        if !kinked {
            return root;
        }
        // the pieces between the kinks of |x_m + x_m' τ|, in order
        let mut kinks = [(f64::INFINITY, 0usize); 4];
        let mut count = 0;
        for (m, (_, x, x_rate)) in terms.iter().enumerate() {
            let at = -x / x_rate;
            if at > 0.0 && at.is_finite() {
                let mut k = count;
                while k > 0 && kinks[k - 1].0 > at {
                    kinks[k] = kinks[k - 1];
                    k -= 1;
                }
                kinks[k] = (at, m);
                count += 1;
            }
        }
        let kinks = &kinks[..count];
        let mut start = 0.0;
        for k in 0..=kinks.len() {
            let end = kinks.get(k).map_or(f64::INFINITY, |kink| kink.0);
            let (value, slope) = terms.iter().zip(&signs).fold(
                (s * self.p - self.constant, s * self.p_rate),
                |(v, sl), ((h, x, x_rate), sign)| (v - h * sign * x, sl - h * sign * x_rate),
            );
            // value + slope τ - M τ^2 / 2 = 0, its larger root
            let root = larger_root(-bound / 2.0, slope, value);
            if root <= end {
                return root.max(start);
            }
            if let Some(&(_, m)) = kinks.get(k) {
                signs[m] = -signs[m];
            }
            start = end;
        }
        start
    }

    /// The first root of the convex upper bound (module docs), the boxes
    /// overlapping now.
    fn overlapping_for(&self, centre_bound: f64) -> f64 {
        let bound = self.bound + centre_bound;
        let (value, slope) =
            self.terms()
                .iter()
                .fold((-self.constant, 0.0), |(v, sl), (h, x, x_rate)| {
                    let sign = if *x < 0.0 { -1.0 } else { 1.0 };
                    (v - h * sign * x, sl - h * sign * x_rate)
                });
        // |p + p' τ| is p's sign up to its kink, then the other
        let kink = -self.p / self.p_rate;
        let sign = if self.p > 0.0 || (self.p == 0.0 && self.p_rate >= 0.0) {
            1.0
        } else {
            -1.0
        };
        let first = larger_root(
            bound / 2.0,
            slope + sign * self.p_rate,
            value + sign * self.p,
        );
        if !(kink > 0.0 && kink.is_finite()) || first <= kink {
            return first;
        }
        larger_root(
            bound / 2.0,
            slope - sign * self.p_rate,
            value - sign * self.p,
        )
        .max(kink)
    }
}

/// Three terms of a face axis in the four slots of an edge axis.
fn padded(terms: [(f64, f64, f64); 3]) -> [(f64, f64, f64); 4] {
    [terms[0], terms[1], terms[2], (0.0, 0.0, 0.0)]
}

/// The larger root of `a τ^2 + b τ + c` (`a` of either sign, `a = 0`
/// allowed), `+inf` when there is none ahead, 0 when it is not positive.
fn larger_root(a: f64, b: f64, c: f64) -> f64 {
    if a == 0.0 {
        return if b == 0.0 || -c / b < 0.0 {
            if c == 0.0 {
                0.0
            } else {
                f64::INFINITY
            }
        } else {
            -c / b
        };
    }
    let disc = b * b - 4.0 * a * c;
    if disc < 0.0 {
        return f64::INFINITY;
    }
    let root_disc = disc.sqrt();
    // the root the sign of the leading coefficient makes the crossing
    let roots = [(-b - root_disc) / (2.0 * a), (-b + root_disc) / (2.0 * a)];
    let larger = roots[0].max(roots[1]);
    larger.max(0.0)
}

#[cfg(test)]
mod tests {
    use super::super::float::sat_gap;
    use super::super::float::tests::rotation;
    use super::*;
    use crate::geom::Pose;
    use crate::motion::ScrewMotion;
    use proptest::prelude::*;

    fn vec3(v: [f64; 3]) -> Vec3<f64> {
        Vec3::new(v[0], v[1], v[2])
    }

    /// The gap of Table 1 at `t` under `motion`.
    fn gap(motion: &RelativeFloatMotion, ha: &[f64; 3], hb: &[f64; 3], t: f64) -> f64 {
        let (rotation, offset) = motion.eval(t).expect("a placement");
        sat_gap(&rotation, &offset, ha, hb)
    }

    /// Every step the bounds give keeps the sign of the gap: sampled at 400
    /// instants over the step ahead and the step behind, the gap has the
    /// sign it has at `t` (or is within rounding of 0).
    fn steps_keep_the_sign(
        motion: &RelativeFloatMotion,
        ha: [f64; 3],
        hb: [f64; 3],
        t: f64,
    ) -> Result<(), TestCaseError> {
        let taylor = TaylorBoxes::new(motion, ha, hb).expect("turning at constant rates");
        let g = gap(motion, &ha, &hb, t);
        prop_assume!(g.abs() > 1e-9);
        let (ahead, behind) = taylor.steps(t, (2.0, 2.0), g > 0.0);
        prop_assert!(ahead >= 0.0 && behind >= 0.0);
        for k in 1..=400 {
            let u = f64::from(k) / 400.0;
            for (side, at) in [("ahead", t + u * ahead), ("behind", t - u * behind)] {
                let h = gap(motion, &ha, &hb, at);
                prop_assert!(
                    (h > 0.0) == (g > 0.0) || h.abs() < 1e-9,
                    "{side}: g({t}) = {g}, g({at}) = {h}, steps {ahead} / {behind}"
                );
            }
        }
        Ok(())
    }

    fn screw(axis_point: [f64; 3], axis: [f64; 3], angle: f64, slide: f64) -> ScrewMotion {
        let k = vec3(axis);
        let n = k.norm_squared().sqrt();
        ScrewMotion {
            axis_point: vec3(axis_point),
            axis_direction: k.scale(&(1.0 / n)),
            angle,
            slide,
        }
    }

    proptest! {
        /// Two boxes under `angular` motions (off-centre, spins up to 20
        /// radians per unit time, with linear velocities).
        #[test]
        fn the_steps_of_two_spinning_boxes_keep_the_gaps_sign(
            ha in proptest::array::uniform3(0.1f64..2.0),
            hb in proptest::array::uniform3(0.1f64..2.0),
            qa in proptest::array::uniform4(-1.0f64..1.0),
            qb in proptest::array::uniform4(-1.0f64..1.0),
            ca in proptest::array::uniform3(-3.0f64..3.0),
            cb in proptest::array::uniform3(-3.0f64..3.0),
            va in proptest::array::uniform3(-4.0f64..4.0),
            vb in proptest::array::uniform3(-4.0f64..4.0),
            wa in proptest::array::uniform3(-20.0f64..20.0),
            wb in proptest::array::uniform3(-20.0f64..20.0),
            centre in proptest::array::uniform3(-1.0f64..1.0),
            t in -1.0f64..1.0,
        ) {
            prop_assume!(qa.iter().map(|x| x * x).sum::<f64>() > 0.01);
            prop_assume!(qb.iter().map(|x| x * x).sum::<f64>() > 0.01);
            let body = |q, c, v, w, centre: [f64; 3]| FloatMotion::angular(
                Pose::new(rotation(q), vec3(c)),
                vec3(v),
                vec3(w),
                vec3(centre),
            );
            let motion = RelativeFloatMotion::Composed {
                a: body(qa, ca, va, wa, [0.0; 3]),
                b: body(qb, cb, vb, wb, centre),
            };
            steps_keep_the_sign(&motion, ha, hb, t)?;
        }

        /// A box under a screw (many turns, a slide, the axis off the box)
        /// against a box at rest, and the relative glide of two `poses`.
        #[test]
        fn the_steps_under_screws_keep_the_gaps_sign(
            ha in proptest::array::uniform3(0.1f64..2.0),
            hb in proptest::array::uniform3(0.1f64..2.0),
            qa in proptest::array::uniform4(-1.0f64..1.0),
            qb in proptest::array::uniform4(-1.0f64..1.0),
            cb in proptest::array::uniform3(-4.0f64..4.0),
            point in proptest::array::uniform3(-3.0f64..3.0),
            axis in proptest::array::uniform3(-1.0f64..1.0),
            angle in -40.0f64..40.0,
            slide in -5.0f64..5.0,
            t in 0.0f64..1.0,
        ) {
            prop_assume!(qa.iter().map(|x| x * x).sum::<f64>() > 0.01);
            prop_assume!(qb.iter().map(|x| x * x).sum::<f64>() > 0.01);
            prop_assume!(axis.iter().map(|x| x * x).sum::<f64>() > 0.01);
            let rest = FloatMotion::angular(
                Pose::new(rotation(qa), vec3([0.0; 3])),
                vec3([0.0; 3]),
                vec3([0.0; 3]),
                vec3([0.0; 3]),
            );
            let turning = FloatMotion::Screw {
                base: Pose::new(rotation(qb), vec3(cb)),
                screw: screw(point, axis, angle, slide),
            };
            let motion = RelativeFloatMotion::Composed { a: rest, b: turning };
            steps_keep_the_sign(&motion, ha, hb, t)?;
            let glide = RelativeFloatMotion::Glide {
                start: Pose::new(rotation(qb), vec3(cb)),
                screw: screw(point, axis, angle / 8.0, slide),
                t0: 0.0,
                t1: 1.0,
            };
            steps_keep_the_sign(&glide, ha, hb, t)?;
        }
    }

    /// By hand: two unit cubes, `b` 3 ahead on x closing at speed 1, no
    /// turn (`M = 0`): the gap is `1 - t`, the step ahead from 0 is exactly
    /// 1 (to the touch) and the step behind the horizon's (it only grows).
    /// Overlapping, their parallel edges leave the step to the first order
    /// (0 here). Turned so that no edges are parallel, with no turning
    /// motion every bound is exact: the overlap's steps reach the exit and
    /// the entry, found by bisection of the gap.
    #[test]
    fn two_cubes_closing_by_hand() {
        let still = |c: [f64; 3], v: [f64; 3]| {
            FloatMotion::angular(
                Pose::new(rotation([1.0, 0.0, 0.0, 0.0]), vec3(c)),
                vec3(v),
                vec3([0.0; 3]),
                vec3([0.0; 3]),
            )
        };
        let motion = RelativeFloatMotion::Composed {
            a: still([0.0; 3], [0.0; 3]),
            b: still([3.0, 0.0, 0.0], [-1.0, 0.0, 0.0]),
        };
        let taylor = TaylorBoxes::new(&motion, [1.0; 3], [1.0; 3]).expect("rates");
        let (ahead, behind) = taylor.steps(0.0, (5.0, 0.5), true);
        assert!((ahead - 1.0).abs() < 1e-15, "{ahead}");
        assert_eq!(behind, 0.5);
        let (ahead, _) = taylor.steps(2.0, (5.0, 0.5), false);
        assert_eq!(ahead, 0.0);
        let turned = FloatMotion::angular(
            Pose::new(rotation([0.9, 0.3, 0.2, 0.1]), vec3([3.0, 0.0, 0.0])),
            vec3([-1.0, 0.0, 0.0]),
            vec3([0.0; 3]),
            vec3([0.0; 3]),
        );
        let motion = RelativeFloatMotion::Composed {
            a: still([0.0; 3], [0.0; 3]),
            b: turned,
        };
        let g = |t: f64| gap(&motion, &[1.0; 3], &[1.0; 3], t);
        // the sign change of g in [lo, hi] by bisection
        let change = |mut lo: f64, mut hi: f64| {
            let apart = g(lo) > 0.0;
            for _ in 0..100 {
                let mid = (lo + hi) / 2.0;
                if (g(mid) > 0.0) == apart {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            lo
        };
        assert!(g(3.0) < 0.0 && g(8.0) > 0.0 && g(-2.0) > 0.0);
        let (exit, entry) = (change(8.0, 3.0), change(-2.0, 3.0));
        let taylor = TaylorBoxes::new(&motion, [1.0; 3], [1.0; 3]).expect("rates");
        let (ahead, behind) = taylor.steps(3.0, (10.0, 10.0), false);
        assert!((3.0 + ahead - exit).abs() < 1e-12, "{ahead} to {exit}");
        assert!((3.0 - behind - entry).abs() < 1e-12, "{behind} to {entry}");
    }
}
