//! The SAT solver on the contract's bodies: shape pair and motion kind in,
//! [`SatOutcome`] out. This is the front door; it dispatches:
//!
//! * a pair of boxes and triangles under rational motions: `pair.rs`;
//! * a mesh on either side: `mesh.rs` (OBB trees over the faces' triangles,
//!   each triangle pair solved by `pair.rs`);
//! * `angular` (either body): time stepping in `f64` (`angular.rs`, each
//!   step a constant-velocity pair of `pair.rs`); the exact scalar refuses
//!   it here (not certified): the contact layer sends two boxes under
//!   `angular`, `screw` or `poses` to the time cells (`cells/`) instead,
//!   certified in the exact scalar, in floating point in `f64` (unless the
//!   stepping variant is asked for);
//! * `screw`, `poses`: not applicable here.
#![deny(clippy::float_arithmetic)]

use super::angular::{Integrator, DEFAULT_STEPS};
use super::mesh::MeshSearch;
use super::pair::{in_canonical_order, solve_sat_pair, SatScenario};
use super::SatOutcome;
use crate::geom::Shape;
use crate::motion::{Body, Motion};
use crate::poly::RealRoots;
use crate::Error;

fn is_mesh(body: &Body) -> bool {
    matches!(body.shape, Shape::Mesh(_))
}

/// Options of the SAT solver beyond the scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SatOptions {
    /// Steps `N` of the angular-velocity integration (`angular.rs`).
    pub steps: usize,
    /// The integrator of the angular-velocity frames.
    pub integrator: Integrator,
    /// How mesh scenarios are searched (`mesh.rs`).
    pub mesh: MeshSearch,
}

impl Default for SatOptions {
    fn default() -> Self {
        SatOptions {
            steps: DEFAULT_STEPS,
            integrator: Integrator::default(),
            mesh: MeshSearch::default(),
        }
    }
}

/// Solves a scenario with the separating-axis method (module docs), exactly
/// for exact `S` (times are [`RealAlgebraic`](crate::poly::RealAlgebraic)),
/// approximately for `f64`.
///
/// ```
/// use exactccd::geom::{BoxShape, Pose, Shape, Vec3};
/// use exactccd::motion::{Body, Motion};
/// use exactccd::scalar::{parse_number, BigRational};
/// use exactccd::solver::sat::{solve_sat, SatScenario};
/// let q = |s: &str| parse_number(s).unwrap();
/// let unit = Shape::Box(BoxShape::new([q("1"), q("1"), q("1")]));
/// let a = Body { shape: unit.clone(), pose: Pose::identity(), motion: Motion::Static };
/// let b = Body {
///     shape: unit,
///     pose: Pose::from_translation(Vec3::new(q("10"), q("0"), q("0"))),
///     motion: Motion::Linear { velocity: Vec3::new(q("-16"), q("0"), q("0")) },
/// };
/// let (t0, t1) = (q("0"), q("1"));
/// let out = solve_sat::<BigRational>(&SatScenario { a: &a, b: &b, interval: (&t0, &t1) }).unwrap();
/// // 10 - 16 t = 2 at t = 1/2
/// assert_eq!(out.first_contact.unwrap().as_rational(), Some(&q("1/2")));
/// assert_eq!(out.features.unwrap().kind(), "face-face");
/// ```
pub fn solve_sat<S: RealRoots>(scenario: &SatScenario<'_>) -> Result<SatOutcome<S>, Error> {
    solve_sat_with(scenario, &SatOptions::default())
}

/// [`solve_sat`] with options: the step count and integrator of angular
/// motions, the search of mesh scenarios.
///
/// * `angular` motions (either body): time stepping (`angular.rs`), `f64`
///   only; exact scalars are refused (not applicable: stepping is not
///   certified).
/// * a mesh (either body) under rational motions: OBB trees and exact
///   piece tests (`mesh.rs`).
/// * otherwise the exact solver of [`solve_sat`].
pub fn solve_sat_with<S: RealRoots>(
    scenario: &SatScenario<'_>,
    options: &SatOptions,
) -> Result<SatOutcome<S>, Error> {
    let (a, b) = (scenario.a, scenario.b);
    for (body, name) in [(a, "a"), (b, "b")] {
        if body.shape.is_rounded_or_hull() {
            return Err(Error::not_applicable(format!(
                "sat: body {name} is a {}; separating axes take boxes, triangles and meshes \
                 (method distance takes it)",
                body.shape.kind_name()
            )));
        }
    }
    let angular = [a, b]
        .iter()
        .any(|x| matches!(x.motion, Motion::Angular { .. }));
    if angular {
        if S::IS_EXACT {
            return Err(Error::not_applicable(
                "sat: an angular motion is transcendental in t and this path integrates it by \
                 time stepping, which is not certified: the exact scalar answers two boxes by \
                 certified time cells (solver::sat::cells), others not",
            ));
        }
        return in_canonical_order(scenario, |sc| {
            super::angular::solve_angular::<S>(sc, options.steps, options.integrator)
        });
    }
    for (body, name) in [(a, "a"), (b, "b")] {
        if !body.motion.is_rational() {
            return Err(Error::not_applicable(format!(
                "sat: body {name} has a `{}` motion; only static, linear, rational, rigid \
                 row_matrix and (in f64) angular motions are solved",
                body.motion.kind_name()
            )));
        }
    }
    if is_mesh(a) || is_mesh(b) {
        return super::mesh::solve_mesh::<S>(scenario, options.mesh);
    }
    solve_sat_pair(scenario)
}
