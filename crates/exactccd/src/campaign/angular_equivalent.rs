//! Differential rule 7: a spin of `b` about an axis through its own centre
//! (a contract `screw` without slide, `a` at rest) is the contract's
//! `angular` motion with angular velocity `angle * u / |u|` and no linear
//! velocity: both move a local point `y` to `c + exp(t [w]x) R y`. Glide
//! answers the screw with a certified enclosure; SAT answers the `angular`
//! twin by ODE stepping in `f64` (`docs/methods/sat.md`), whose
//! stated error is about one step `h = (t1 - t0) / N`. The campaign
//! classifies SAT's answer against glide's with the tolerance `h`: *agrees*
//! means within the stated error; early, late, missed and phantom answers
//! are counted, not failures (stepping can miss a contact shorter than a
//! step, and a grazing approach turns a small position error into a large
//! time error).
#![deny(clippy::float_arithmetic)]

use crate::motion::{Body, Motion};
use crate::scalar::BigRational;
use crate::scenario::Scenario;
use num_traits::Zero;

/// The rational square root of `q >= 0`, if it has one.
fn rational_sqrt(q: &BigRational) -> Option<BigRational> {
    if q < &BigRational::zero() {
        return None;
    }
    let (n, d) = (q.numer().sqrt(), q.denom().sqrt());
    (&n * &n == *q.numer() && &d * &d == *q.denom()).then(|| BigRational::new(n, d))
}

/// The `angular` twin of a scenario where `a` rests and `b` spins by a
/// `screw` about an axis through its centre with a direction of rational
/// length and no slide; `None` otherwise.
pub fn angular_equivalent(scenario: &Scenario) -> Option<Scenario> {
    let (a, b) = scenario.bodies()?;
    if !matches!(a.motion, Motion::Static) {
        return None;
    }
    let Motion::Screw {
        axis_point,
        axis_direction,
        angle,
        slide,
    } = &b.motion
    else {
        return None;
    };
    if !slide.is_zero() || *axis_point != b.pose.translation {
        return None;
    }
    let length = rational_sqrt(&axis_direction.norm_squared())?;
    if length.is_zero() {
        return None;
    }
    let factor = angle / length;
    let mut twin = scenario.clone();
    twin.name = scenario
        .name
        .as_ref()
        .map(|n| format!("{n} (angular twin)"));
    twin.expect = None;
    *twin.b_mut() = Body {
        shape: b.shape.clone(),
        pose: b.pose.clone(),
        motion: Motion::Angular {
            velocity: crate::geom::Vec3::zero(),
            angular_velocity: axis_direction.scale(&factor),
            center: crate::geom::Vec3::zero(),
        },
    };
    Some(twin)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, ScenarioClass};

    #[test]
    fn spins_have_an_angular_twin_with_the_same_angular_speed() {
        for index in 0..20 {
            let s = generate(3, index, ScenarioClass::Spin);
            let twin = angular_equivalent(&s).expect("a spin about the centre");
            let (
                Motion::Screw { angle, .. },
                Motion::Angular {
                    velocity,
                    angular_velocity,
                    ..
                },
            ) = (&s.b().motion, &twin.b().motion)
            else {
                panic!("screw and angular")
            };
            assert!(velocity.is_zero());
            assert_eq!(angular_velocity.norm_squared(), angle * angle, "#{index}");
        }
        assert!(angular_equivalent(&generate(3, 0, ScenarioClass::Rotation)).is_none());
    }
}
