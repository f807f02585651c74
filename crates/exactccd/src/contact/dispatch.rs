//! From a method name to a solver (docs/FORMAT.md 4: `--method`,
//! `--scalar`, `--precision`, and exit status 3 "the method does not apply").
//!
//! A method without a solver answers [`SolveError::NotApplicable`], never a
//! made-up result. Each solver issue replaces its arm of the `match` in
//! [`solve`].
#![deny(clippy::float_arithmetic)]

use super::ContactResult;
use crate::geom::Shape;
use crate::motion::{Body, Motion};
use crate::scalar::BigRational;
use crate::solver::primitive::PrimitiveQuery;
pub use crate::solver::sat::{Integrator, DEFAULT_STEPS};
use std::fmt;
use std::str::FromStr;

/// Default `--precision`: TIME brackets at most `2^-64 * max(1, |T|)` wide.
pub const DEFAULT_PRECISION_BITS: u32 = 64;

/// Largest `--precision` accepted: each bit costs one bisection of an
/// isolating interval with ever longer numbers.
pub const MAX_PRECISION_BITS: u32 = 4096;

/// A collision method of the toolkit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Method {
    /// Spherical Gauss map and Minkowski sum boundary: boxes under rational
    /// motion (the SGM paper).
    Sgm,
    /// Separating axes: boxes, triangles and meshes, rational or angular
    /// motion (Eberly).
    Sat,
    /// Glide rotations: screw-motion interpolation of poses (Buss).
    Glide,
    /// Vertex-face and edge-edge queries with linearly moving points (a
    /// scenario's `query` field; the public CCD benchmark's queries).
    Primitive,
}

impl Method {
    /// Every method, in the order the oracle runs them.
    pub const ALL: [Method; 4] = [Method::Sgm, Method::Sat, Method::Glide, Method::Primitive];

    /// The name used on the command line and in results: `sgm`, `sat`,
    /// `glide`, `primitive`.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Sgm => "sgm",
            Method::Sat => "sat",
            Method::Glide => "glide",
            Method::Primitive => "primitive",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Method::ALL
            .into_iter()
            .find(|m| m.as_str() == s)
            .ok_or_else(|| format!("unknown method {s:?} (expected sgm, sat, glide or primitive)"))
    }
}

/// Which arithmetic a solver runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum ScalarKind {
    /// Exact rationals and real algebraic numbers.
    #[default]
    Exact,
    /// Plain `f64`: fast, inexact.
    F64,
}

impl ScalarKind {
    /// Both scalars, in the order the oracle runs them.
    pub const ALL: [ScalarKind; 2] = [ScalarKind::Exact, ScalarKind::F64];

    /// The name used on the command line and in results: `exact`, `f64`.
    pub fn as_str(self) -> &'static str {
        match self {
            ScalarKind::Exact => "exact",
            ScalarKind::F64 => "f64",
        }
    }
}

impl fmt::Display for ScalarKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ScalarKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        ScalarKind::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| format!("unknown scalar {s:?} (expected exact or f64)"))
    }
}

/// Which variant of the glide solver runs (`solve --variant`).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum GlideVariant {
    /// Every event as a root of a polynomial (exact or `f64`).
    #[default]
    Analytic,
    /// The paper's pixel-based algorithm (Buss, "Collision Detection with Glide Rotations", section 9), `f64` only.
    Raster(crate::solver::glide::raster::RasterSettings),
}

/// Options every solver receives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolveOptions {
    /// Enclosures of transcendental times are at most
    /// `2^-precision * max(1, |T|)` wide; also the precision of the result
    /// JSON's brackets.
    pub precision: u32,
    /// Steps `N` of time-stepped (angular) motions, `f64` only (`sat`:
    /// `--steps`, default [`DEFAULT_STEPS`]).
    pub steps: usize,
    /// The integrator of angular motions (`sat`: `--integrator`).
    pub integrator: Integrator,
    /// Report every collision in the interval (the result's `collisions`
    /// extension field; `solve --all`), not only the first. Only the glide
    /// solver lists them.
    pub all_collisions: bool,
    /// The glide solver's variant (`--variant`); other methods ignore it.
    pub glide_variant: GlideVariant,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            precision: DEFAULT_PRECISION_BITS,
            steps: DEFAULT_STEPS,
            integrator: Integrator::default(),
            all_collisions: false,
            glide_variant: GlideVariant::Analytic,
        }
    }
}

/// What a solver is asked: two bodies over a closed time interval, or a
/// primitive query.
#[derive(Clone, Copy, Debug)]
pub struct ContactQuery<'a> {
    /// A vertex-face or edge-edge query (a scenario's `query` field). When
    /// present, `a` and `b` are placeholders that no method solves: only
    /// [`Method::Primitive`] applies ([`solve`] refuses every other method).
    pub primitive: Option<&'a PrimitiveQuery<BigRational>>,
    /// The first body.
    pub a: &'a Body,
    /// The second body.
    pub b: &'a Body,
    /// `[t0, t1]`, `t0 < t1`.
    pub interval: &'a (BigRational, BigRational),
    /// Field paths of rotations that are orthonormal only within the `f64`
    /// tolerance, not exactly (scenarios loaded for the `f64` path): exact
    /// solvers refuse such a query.
    pub approximate_rotations: &'a [String],
}

/// Why a solver gave no answer. Never "no contact": that is a
/// [`ContactResult`] with `collides == false`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// The method does not apply to this scenario (shape, motion or scalar
    /// it does not handle); the reason reads as a sentence.
    NotApplicable(String),
    /// The method applies, but the exact computation would exceed the
    /// resource limits (polynomial degree, coefficient size).
    LimitExceeded(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotApplicable(why) => write!(f, "not applicable: {why}"),
            SolveError::LimitExceeded(why) => write!(f, "resource limit exceeded: {why}"),
        }
    }
}

impl std::error::Error for SolveError {}

fn is_box(body: &Body) -> bool {
    matches!(body.shape, Shape::Box(_))
}

fn is_screw_like(body: &Body) -> bool {
    matches!(body.motion, Motion::Screw { .. } | Motion::Poses { .. })
}

fn is_angular(body: &Body) -> bool {
    matches!(body.motion, Motion::Angular { .. })
}

/// The method that applies to the scenario's motion (the default of
/// `exactccd solve`), by the first rule that matches:
///
/// 0. a primitive query (a `query` field): `primitive`;
/// 1. a `screw` or `poses` motion on either body: `glide`;
/// 2. an `angular` motion on either body: `sat`;
/// 3. two boxes (under `static`, `linear`, `rational`, `row_matrix` or
///    `piecewise` motions): `sgm`;
/// 4. anything else (a triangle or a mesh under rational motions): `sat`.
pub fn default_method(query: &ContactQuery<'_>) -> Method {
    if query.primitive.is_some() {
        return Method::Primitive;
    }
    let bodies = [query.a, query.b];
    if bodies.iter().any(|b| is_screw_like(b)) {
        Method::Glide
    } else if bodies.iter().any(|b| is_angular(b)) {
        Method::Sat
    } else if bodies.iter().all(|b| is_box(b)) {
        Method::Sgm
    } else {
        Method::Sat
    }
}

/// Runs `method` in `scalar` on the query.
///
/// A method without a solver yet answers [`SolveError::NotApplicable`];
/// the solver issues fill in the arms. A primitive query (a scenario's
/// `query` field) is answered by [`Method::Primitive`] alone.
pub fn solve(
    query: &ContactQuery<'_>,
    method: Method,
    scalar: ScalarKind,
    options: &SolveOptions,
) -> Result<ContactResult, SolveError> {
    if let Some(primitive) = query.primitive {
        return match method {
            Method::Primitive => super::primitive::solve(primitive, scalar, options),
            other => Err(SolveError::NotApplicable(format!(
                "the scenario is a primitive query (vertex-face or edge-edge), which only method primitive answers, not {other}"
            ))),
        };
    }
    if scalar == ScalarKind::Exact {
        if let Some(path) = query.approximate_rotations.first() {
            return Err(SolveError::NotApplicable(format!(
                "{path} is a rotation only within the f64 tolerance, and the exact scalar needs an exact rotation"
            )));
        }
    }
    match method {
        Method::Primitive => Err(SolveError::NotApplicable(
            "method primitive answers only a scenario with a query field (vertex-face or edge-edge), not two bodies".to_string(),
        )),
        Method::Sat => super::sat::solve(query, scalar, options),
        Method::Sgm => super::sgm::solve(query, scalar, options),
        Method::Glide => {
            // Piecewise motions are solved piece by piece by sgm and sat
            // (`docs/FORMAT.md` 7.1); glide interpolates the
            // poses of the whole interval by one screw.
            for (body, name) in [(query.a, "a"), (query.b, "b")] {
                if body.motion.is_piecewise() {
                    return Err(SolveError::NotApplicable(format!(
                        "glide: body {name} has a piecewise motion; glide interpolates one screw motion over the whole interval and does not join pieces (use sgm or sat)"
                    )));
                }
            }
            super::glide::solve(query, scalar, options)
        }
    }
}
