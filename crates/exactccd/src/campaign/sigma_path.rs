//! Differential rule 6 for pure rotations: glide against SAT and SGM on the
//! same path written as a rational motion in `σ`.
//!
//! Glide (Buss, "Collision Detection with Glide Rotations") solves a `poses` rotation in the rotation parameter `σ`
//! of the quaternion `q(σ) = (1, σ k)`, `tan(φ/2) = σ |k|`, on `[0, σ_end]`
//! (`docs/methods/glide.md`, "Rational parametrisation of rotations"); time is
//! a transcendental function of `σ`, so glide's *times* can only be compared
//! through enclosures. Its *parameter* can be compared exactly: the same
//! path, written as a `row_matrix` motion in `σ`, is a rational rigid motion
//! that SAT and SGM solve exactly, and their first contact "time" on that
//! scenario must equal glide's first `σ` as real algebraic numbers (the
//! issue's rule: "glide analytic agrees exactly (in s) with SAT and SGM run
//! on the same path written as a rational motion in s").
//!
//! The path is built here from the scenario alone, in world coordinates,
//! without glide's code: with `b` moving from pose `(R0, c0)` to `(R1, c1)`
//! while `a` rests, the world displacement is `x -> A x + t` with `A = R1
//! R0^T`, `t = c1 - A c0` ([`ExactScrew::decompose`] gives its axis point
//! `p` and says whether it slides). For a rotation by `0 < θ < π` without
//! slide, `k = (A32 - A23, A13 - A31, A21 - A12) = 2 sin θ u` and `σ_end = 1
//! / (1 + tr A)` (since `tan(θ/2) = sin θ / (1 + cos θ)`); the skew part is
//! frame-independent for rotations, so `a`'s frame (glide's) gives the same
//! `|k|`, `σ_end` and hence the same `σ` at every instant. The path is
//!
//! > `x(σ) = p + rot(1, σ k) (R0 y + c0 - p) / (1 + σ^2 |k|^2)`,
//!
//! i.e. `L(σ) = rot(1, σ k) R0`, `T(σ) = p w(σ) + rot(1, σ k)(c0 - p)`,
//! `w(σ) = 1 + σ^2 |k|^2`, over `[0, σ_end]`.
#![deny(clippy::float_arithmetic)]

use crate::geom::{quaternion_norm_squared, quaternion_rotation_homogeneous, Mat3, Pose, Vec3};
use crate::motion::{Body, ExactScrew, Motion, ScrewKind};
use crate::poly::Poly;
use crate::scalar::{BigRational, Ring};
use crate::scenario::Scenario;

/// The σ-path of a scenario where `a` rests and `b` moves by `poses` through
/// a pure rotation by `0 < θ < π` (no slide): the same scenario with `b`'s
/// motion written as a `row_matrix` motion in `σ` over `[0, σ_end]`. `None`
/// for every other scenario (the rule does not apply).
pub fn sigma_path_scenario(scenario: &Scenario) -> Option<Scenario> {
    let (a, b) = scenario.bodies()?;
    if !matches!(a.motion, Motion::Static) {
        return None;
    }
    let Motion::Poses { end } = &b.motion else {
        return None;
    };
    let start = &b.pose;
    let a = end.rotation.mul_mat(&start.rotation.transpose());
    let t = end.translation.clone() - &a.mul_vec(&start.translation);
    let screw = ExactScrew::decompose(&Pose::new(a.clone(), t));
    if screw.kind != ScrewKind::Rotation || !screw.slide_times_norm.is_zero() {
        return None;
    }
    let r = &a.rows;
    let k = Vec3::new(
        r[2][1].clone() - &r[1][2],
        r[0][2].clone() - &r[2][0],
        r[1][0].clone() - &r[0][1],
    );
    let trace = r[0][0].clone() + &r[1][1] + &r[2][2];
    let sigma_end = BigRational::one() / (BigRational::one() + trace);
    let motion = sigma_path_motion(start, &screw.axis_point, &k);
    let mut path = scenario.clone();
    path.name = scenario.name.as_ref().map(|n| format!("{n} (sigma path)"));
    path.interval = (BigRational::zero(), sigma_end);
    path.expect = None;
    *path.b_mut() = Body {
        shape: b.shape.clone(),
        pose: Pose::identity(),
        motion,
    };
    Some(path)
}

/// `x(σ) = p + rot(1, σ k)(R0 y + c0 - p) / |(1, σ k)|^2` as a `row_matrix`
/// motion (row vectors: `M`'s upper-left block is `L^T`, its last row `T`).
fn sigma_path_motion(
    start: &Pose<BigRational>,
    p: &Vec3<BigRational>,
    k: &Vec3<BigRational>,
) -> Motion {
    let sigma_times = |c: &BigRational| Poly::from_coeffs(vec![BigRational::zero(), c.clone()]);
    let q = [
        Poly::constant(BigRational::one()),
        sigma_times(&k.x),
        sigma_times(&k.y),
        sigma_times(&k.z),
    ];
    let rot = quaternion_rotation_homogeneous(&q);
    let w = quaternion_norm_squared(&q);
    let r0: Mat3<Poly<BigRational>> = start.rotation.map(|x| Poly::constant(x.clone()));
    let linear = rot.mul_mat(&r0);
    let offset: Vec3<Poly<BigRational>> = {
        let d = start.translation.clone() - p;
        Vec3::new(
            Poly::constant(d.x),
            Poly::constant(d.y),
            Poly::constant(d.z),
        )
    };
    let turned = rot.mul_vec(&offset);
    let translation = [
        w.scale(&p.x) + &turned.x,
        w.scale(&p.y) + &turned.y,
        w.scale(&p.z) + &turned.z,
    ];
    let zero = Poly::zero;
    let rows = std::array::from_fn(|i| {
        std::array::from_fn(|j| match (i, j) {
            (3, 3) => w.clone(),
            (3, j) => translation[j].clone(),
            (_, 3) => zero(),
            (i, j) => linear.rows[j][i].clone(),
        })
    });
    Motion::RowMatrix {
        rows,
        denominator: w,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, ScenarioClass};
    use crate::motion::PolyMotion;

    fn value(p: &Poly<BigRational>, x: &BigRational) -> BigRational {
        p.eval(x)
    }

    /// At `σ = 0` the path is `b`'s start pose and at `σ_end` its end pose,
    /// exactly, on generated rotation scenarios.
    #[test]
    fn the_sigma_path_runs_from_the_start_pose_to_the_end_pose() {
        for index in 0..20 {
            let s = generate(5, index, ScenarioClass::Rotation);
            let path = sigma_path_scenario(&s).expect("a pure rotation");
            let Motion::Poses { end } = &s.b().motion else {
                panic!("rotation scenarios move b by poses")
            };
            let m = PolyMotion::<BigRational>::from_body(path.b()).expect("a rational motion");
            for (sigma, pose) in [
                (path.interval.0.clone(), &s.b().pose),
                (path.interval.1.clone(), end),
            ] {
                let w = value(&m.denominator, &sigma);
                for i in 0..3 {
                    for j in 0..3 {
                        let l = value(&m.linear.rows[i][j], &sigma) / &w;
                        assert_eq!(l, pose.rotation.rows[i][j], "case {index}, entry {i}{j}");
                    }
                    let t = value(&m.translation[i], &sigma) / &w;
                    assert_eq!(t, pose.translation[i], "case {index}, translation {i}");
                }
            }
        }
    }

    #[test]
    fn other_motions_have_no_sigma_path() {
        for class in [ScenarioClass::Linear, ScenarioClass::RationalRotation(2)] {
            assert!(sigma_path_scenario(&generate(1, 0, class)).is_none());
        }
    }
}
