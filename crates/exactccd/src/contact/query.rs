//! What a solver is asked and how it answers when it cannot: the query
//! (two bodies over an interval, or a primitive query), the method, the
//! scalar, the options of docs/FORMAT.md 4 (`--method`, `--scalar`,
//! `--precision`, ...); how it answers when it cannot is a
//! [`crate::Error`].
#![deny(clippy::float_arithmetic)]

use crate::budget::WorkBudget;
use crate::motion::Body;
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
    /// Feature-pair distance: boxes, triangles, spheres, capsules and convex
    /// hulls, with a minimum separation, under rational motion.
    Distance,
    /// The rounded Minkowski difference: a sphere or a capsule against a
    /// box, triangle, sphere, capsule or convex hull, with a minimum
    /// separation, under translation.
    Minkowski,
    /// Vertex-face and edge-edge queries with linearly moving points (a
    /// scenario's `query` field; the public CCD benchmark's queries).
    Primitive,
}

impl Method {
    /// Every method, in the order the oracle runs them.
    pub const ALL: [Method; 6] = [
        Method::Sgm,
        Method::Sat,
        Method::Glide,
        Method::Distance,
        Method::Minkowski,
        Method::Primitive,
    ];

    /// The name used on the command line and in results: `sgm`, `sat`,
    /// `glide`, `distance`, `minkowski`, `primitive`.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Sgm => "sgm",
            Method::Sat => "sat",
            Method::Glide => "glide",
            Method::Distance => "distance",
            Method::Minkowski => "minkowski",
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
            .ok_or_else(|| {
                format!("unknown method {s:?} (expected sgm, sat, glide, distance or primitive)")
            })
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

/// Which variant of the SAT solver answers two boxes under `angular`,
/// `screw` or `poses` motions in `f64` (`solve --variant`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SatVariant {
    /// The time cells in `f64` (`solver::sat::cells::solve_box_cells_f64`),
    /// the algorithm of the exact scalar's certified cells.
    #[default]
    Cells,
    /// Time stepping of `angular` motions (`--steps`, `--integrator`;
    /// Eberly, "Dynamic Collision Detection using OBBs", section 5): late
    /// by up to a step, blind to contacts shorter than a step.
    Stepping,
}

/// Options every solver receives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolveOptions {
    /// Enclosures of transcendental times are at most
    /// `2^-precision * max(1, |T|)` wide; also the precision of the result
    /// JSON's brackets.
    pub precision: u32,
    /// Steps `N` of time-stepped (angular) motions, `f64` only (`sat`:
    /// `--steps`, default [`DEFAULT_STEPS`]; two boxes only with
    /// [`SatVariant::Stepping`]).
    pub steps: usize,
    /// The integrator of angular motions (`sat`: `--integrator`).
    pub integrator: Integrator,
    /// Report every collision in the interval (the result's `collisions`
    /// extension field; `solve --all`), not only the first. Only the glide
    /// solver lists them.
    pub all_collisions: bool,
    /// The glide solver's variant (`--variant`); other methods ignore it.
    pub glide_variant: GlideVariant,
    /// The SAT solver's variant for transcendental motions in `f64`
    /// (`--variant`); other methods and the exact scalar ignore it.
    pub sat_variant: SatVariant,
    /// The work budget of the solve (`--budget`, default 60 s of the
    /// solving thread's CPU time): past it, [`solve`](super::solve) stops
    /// with a "resource limit exceeded" error that says what it was doing
    /// and what it had established (`crate::budget`).
    pub budget: WorkBudget,
    /// Build the certificate of an exact answer where the method builds it
    /// after solving (`distance`, `primitive`: separation pieces checked
    /// by the referee as they are found, several times the solve's own
    /// cost). Default `true`; the referee and `check` need it, a timing of
    /// the solver alone turns it off.
    pub certify: bool,
    /// Stop at the first contact where a method can (the exact time cells
    /// of `sat` under turning motions): the first contact with its
    /// certificate, and no contact intervals (`contact_intervals` empty).
    /// Default `false`; [`check_claim`](crate::check_claim) asks for it to
    /// judge an `f64` claim, which is about the first contact alone. Other
    /// methods compute everything, as without it.
    pub first_contact_only: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            precision: DEFAULT_PRECISION_BITS,
            steps: DEFAULT_STEPS,
            integrator: Integrator::default(),
            all_collisions: false,
            glide_variant: GlideVariant::Analytic,
            sat_variant: SatVariant::Cells,
            budget: WorkBudget::default(),
            certify: true,
            first_contact_only: false,
        }
    }
}

/// What a solver is asked: two bodies over a closed time interval, or a
/// primitive query.
#[derive(Clone, Copy, Debug)]
pub enum ContactQuery<'a> {
    /// Two bodies over a closed time interval: what [`Method::Sgm`],
    /// [`Method::Sat`] and [`Method::Glide`] answer.
    Bodies(BodyQuery<'a>),
    /// A vertex-face or edge-edge query (a scenario's `query` field): only
    /// [`Method::Primitive`] answers it ([`solve`](super::solve) refuses
    /// every other method).
    Primitive(&'a PrimitiveQuery<BigRational>),
}

impl<'a> ContactQuery<'a> {
    /// The two bodies and their interval, or `None` for a primitive query.
    pub fn bodies(&self) -> Option<BodyQuery<'a>> {
        match self {
            ContactQuery::Bodies(q) => Some(*q),
            ContactQuery::Primitive(_) => None,
        }
    }

    /// The primitive query, or `None` for two bodies.
    pub fn primitive(&self) -> Option<&'a PrimitiveQuery<BigRational>> {
        match self {
            ContactQuery::Bodies(_) => None,
            ContactQuery::Primitive(q) => Some(q),
        }
    }
}

/// Two bodies over a closed time interval: the question of the body
/// solvers.
#[derive(Clone, Copy, Debug)]
pub struct BodyQuery<'a> {
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
    /// The minimum separation `d >= 0` (docs/FORMAT.md 5.3): contact
    /// means that the distance between the solids is at most `d`.
    pub separation: &'a BigRational,
}
