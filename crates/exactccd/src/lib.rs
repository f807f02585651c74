//! # exactccd
//!
//! Exact continuous collision detection: two solids move; when do they first
//! touch? Three independent methods (separating axes, the spherical Gauss map
//! and Minkowski sum boundary, glide rotations), each generic over a
//! [`Scalar`](scalar::Scalar) so that it runs in `f64` and in exact rationals.
//!
//! # Quick start
//!
//! Load (or generate) a scenario, solve it with a method in a scalar, read
//! the answer; [`check_claim`] judges another library's answer against the
//! certified truth. The names a user needs are re-exported here.
//!
//! ```
//! use exactccd::{parse_scenario, solve, LoadOptions, Method, ScalarKind, SolveOptions, Time};
//! // two unit boxes; b starts 3 to the right of a and moves left at speed 5:
//! // the faces 1 apart meet when 3 - 5 t = 2, at t = 1/5
//! let text = r#"{
//!   "format": "exactccd/scenario-v1",
//!   "interval": ["0", "1"],
//!   "a": { "shape": { "box": { "half_extents": ["1", "1", "1"] } } },
//!   "b": {
//!     "shape": { "box": { "half_extents": ["1", "1", "1"] } },
//!     "pose": { "quaternion": ["1", "0", "0", "0"], "translation": ["3", "0", "0"] },
//!     "motion": { "linear": { "velocity": ["-5", "0", "0"] } }
//!   }
//! }"#;
//! let scenario = parse_scenario(text, None, &LoadOptions::for_scalar(ScalarKind::Exact))?;
//! let result = solve(&scenario.query(), Method::Sgm, ScalarKind::Exact, &SolveOptions::default())?;
//! assert!(result.collides);
//! let Some(Time::Exact(t)) = &result.time else { panic!("an exact time") };
//! assert_eq!(t.as_rational().map(|q| q.to_string()), Some("1/5".to_owned()));
//! assert_eq!(result.feature.map(|f| f.kind.as_str()), Some("face-face"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The documented modules are what a user needs: [`scenario`] (load,
//! parse, write), [`contact`] (methods, options, results, times),
//! [`claims`] (judge another library's answer), [`generate`](mod@generate) (scenarios of
//! every campaign class), [`build`] (a scenario built in code; what another
//! engine reads back as `f64`), and behind features `strategies`
//! (`proptest`), `fuzz` (`arbitrary`) and `parry` (parry3d-f64 as the engine
//! under test; docs/ENGINES.md), and the exact numbers and geometry to build or
//! read them ([`scalar`], [`poly`], [`geom`], [`motion`]). The solvers
//! (`solver`), the bridge to the referee (`referee`), the benchmark-query
//! runner (`queries`) and the campaigns (`campaign`) are public for the
//! command line and the project's tests but hidden from the documentation:
//! they are internals and may change.
//!
//! # Layers
//!
//! Dependencies flow one way, in this order:
//! [`scalar`] -> [`poly`] -> [`geom`] -> [`motion`] -> `solver` ->
//! [`contact`] -> `referee` -> [`scenario`] -> `queries`, [`generate`](mod@generate),
//! [`separation`], [`build`] -> `campaign` -> [`claims`] -> the feature modules
//! `strategies`, `fuzz`, `parry` (checked by a test of the source text);
//! [`Error`], why a solver gave no answer, sits below them all, and the
//! work budget ([`WorkBudget`], [`with_budget`]) just above it. The command
//! line is a crate of its own (`exactccd-cli`), so a dependent of this
//! library compiles no argument parser and no progress bar.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod budget;
pub mod build;
pub mod claims;
pub mod contact;
mod error;
#[cfg(feature = "arbitrary")]
pub mod fuzz;
pub mod generate;
pub mod geom;
pub mod motion;
#[cfg(feature = "parry")]
pub mod parry;
pub mod poly;
pub mod scalar;
pub mod scenario;
pub mod separation;
#[cfg(feature = "proptest")]
pub mod strategies;

// Internals: the solvers, the bridge to the referee, the benchmark-query
// runner and the campaigns. They are public for the command line, the
// project's tests and benches, and experts who want one method's own
// outcome; they are not part of the documented API and may change.
#[doc(hidden)]
pub mod campaign;
#[doc(hidden)]
pub mod queries;
#[doc(hidden)]
pub mod referee;
#[doc(hidden)]
pub mod solver;

pub use budget::{with_budget, WorkBudget, DEFAULT_BUDGET_SECONDS};
pub use build::{engine_bodies, BodySpec, EngineBody, EnginePose, ScenarioBuilder};
pub use claims::{
    check_claim, exact_truth, first_contact_truth, Claim, ClaimVerdict, ExactTruth, FloatClass,
    Verdict,
};
pub use contact::{
    default_method, solve, solve_with_default_method, ContactQuery, ContactResult, FeatureKind,
    FeaturePair, Method, ScalarKind, SolveOptions, SolverStats, Time,
};
pub use error::Error;
pub use generate::{generate, ScenarioClass};
pub use geom::{Feature, QuerySegment};
pub use scenario::{
    load_scenario, parse_scenario, write_scenario, LoadOptions, Scenario, ScenarioError,
};
