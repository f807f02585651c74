//! Scenario files (docs/FORMAT.md 1 and 2): loading and validation.
//!
//! The edge of the crate. A scenario file is parsed with `serde_json`
//! (`arbitrary_precision`, so a JSON literal `0.1` keeps its text and is read
//! as exactly `1/10`), checked for repeated keys, then walked by hand with a
//! field path, so that every error is one line naming the field and the
//! value:
//!
//! ```text
//! b.shape.box.half_extents[1]: must be > 0, got "-1"
//! ```
//!
//! Every rule of section 2 is checked here, exactly: rotations are
//! orthonormal with determinant `+1` in exact arithmetic, denominators and
//! `|q(t)|^2` are proved root-free on the interval by exact real-root
//! isolation ([`poly::isolate_roots`](crate::poly::isolate_roots)), never by
//! sampling. Hostile input fails with a message instead of exhausting
//! resources ([`MAX_SCENARIO_BYTES`], [`MAX_OBJ_BYTES`],
//! [`MAX_NUMBER_DIGITS`], [`MAX_TOTAL_NUMBER_BITS`], [`MAX_OBJ_NUMBER_BITS`],
//! [`MAX_POLYNOMIAL_DEGREE`]; JSON nesting is limited to 128 levels by
//! `serde_json`).
//!
//! # The `f64` path
//!
//! [`LoadOptions::scalar`] says which path the scenario is loaded for. In
//! the `f64` path every number is rounded to the nearest `f64` as it is read
//! (section 1: "once, at load time"; the [`Scenario`] then holds the exact
//! values of those `f64`s), every rule is checked on the rounded values, a
//! number beyond the `f64` range is an error, and a `rotation` matrix needs
//! to be orthonormal with determinant 1 only within `1e-9` per entry of
//! `R^T R - I` and of `det R - 1`. Such a rotation is kept as given (after
//! rounding) and its field path is recorded in
//! [`Scenario::approximate_rotations`]; exact solvers refuse those.
//!
//! ```
//! use exactccd::scenario::{parse_scenario, LoadOptions};
//! use exactccd::scalar::{BigInt, BigRational};
//! let text = r#"{
//!   "format": "exactccd/scenario-v1",
//!   "a": { "shape": { "box": { "half_extents": [1, 1, 1] } } },
//!   "b": { "shape": { "box": { "half_extents": [0.1, "1/2", "2e0"] } },
//!          "motion": { "linear": { "velocity": ["-20", 1, 0] } } }
//! }"#;
//! let s = parse_scenario(text, None, &LoadOptions::default()).unwrap();
//! let exactccd::geom::Shape::Box(b) = &s.b().shape else { panic!() };
//! assert_eq!(b.half_extents[0], BigRational::new(BigInt::from(1), BigInt::from(10)));
//!
//! let bad = text.replace("\"1/2\"", "\"-1\"");
//! let e = parse_scenario(&bad, None, &LoadOptions::default()).unwrap_err();
//! assert_eq!(e.to_string(), r#"b.shape.box.half_extents[1]: must be > 0, got "-1""#);
//! ```
#![deny(clippy::float_arithmetic)]

mod body;
mod error;
mod mesh;
mod primitive;
mod reader;
mod writer;

pub use error::ScenarioError;
pub use writer::{scenario_to_json, write_scenario};

use crate::contact::{BodyQuery, ContactQuery, ScalarKind};
use crate::motion::Body;
use crate::scalar::{BigRational, Ring};
use crate::solver::primitive::PrimitiveQuery;
use reader::{check_duplicate_keys, Node, Reader};
use serde_json::Value;
use std::io::Read;
use std::path::Path;

/// The `format` string a scenario file must carry.
pub const SCENARIO_FORMAT: &str = "exactccd/scenario-v1";

/// Largest scenario file read, in bytes (64 MiB).
pub const MAX_SCENARIO_BYTES: u64 = 64 << 20;

/// Largest OBJ file read, in bytes (256 MiB).
pub const MAX_OBJ_BYTES: u64 = 256 << 20;

/// Most decimal digits one number may span: the digits written plus the
/// magnitude of its exponent (`"1e4000"` spans 4001, `"-3/7"` spans 2).
/// Far beyond any coordinate (`f64` spans 10^-324 to 10^308), and low enough
/// that reading a number stays under a millisecond: decimal conversion and
/// powers of ten cost time quadratic in the span (`"1e100000"` alone takes
/// 50 ms).
pub const MAX_NUMBER_DIGITS: u64 = 4096;

/// Budget for the sizes (numerator plus denominator bits) of all numbers of
/// one scenario: 2^26 bits, 8 MiB of big integers, a million coordinates of
/// 64 bits.
pub const MAX_TOTAL_NUMBER_BITS: u64 = 1 << 26;

/// Budget for the numbers of one OBJ file, estimated from their decimal
/// digits before any is converted: 2^30 bits, tens of millions of
/// coordinates.
pub const MAX_OBJ_NUMBER_BITS: u64 = 1 << 30;

/// Highest degree of a polynomial of a motion, after trailing zeros are
/// dropped. The SGM paper's motions have degree at most 4, and the solvers'
/// contact equations have several times the degree of the motion.
pub const MAX_POLYNOMIAL_DEGREE: usize = 32;

/// Most pieces of one `piecewise` motion (`docs/FORMAT.md` 7.1): each piece is a separate solve of the whole problem.
pub const MAX_MOTION_PIECES: usize = 256;

/// What a scenario asks: two bodies, or a primitive query.
// A scenario is built once and then borrowed, so the size of the larger
// variant costs nothing; boxing the bodies would only lengthen every match.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// Two bodies moving over the interval (the `a` and `b` fields).
    Bodies {
        /// The first body.
        a: Body,
        /// The second body.
        b: Body,
    },
    /// A vertex-face or edge-edge query (the `query` field,
    /// `docs/methods/primitive.md`), which only the `primitive` method
    /// answers.
    Primitive(PrimitiveQuery<BigRational>),
}

/// A scenario: two bodies moving over a closed time interval, or a
/// primitive query.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The label copied into results (`name`), if any.
    pub name: Option<String>,
    /// `[t0, t1]` with `t0 < t1` (`interval`, default `[0, 1]`).
    pub interval: (BigRational, BigRational),
    /// Two bodies or a primitive query.
    pub problem: Problem,
    /// The minimum separation `d >= 0` (`separation`, default `0`,
    /// docs/FORMAT.md 5.3): contact means distance at most `d`.
    pub separation: BigRational,
    /// What the author expects, if stated.
    pub expect: Option<Expect>,
    /// The scalar path the scenario was loaded for.
    pub scalar: ScalarKind,
    /// Field paths (`b.pose.rotation`) of rotation matrices accepted only
    /// within the `f64` tolerance; always empty in the exact path.
    pub approximate_rotations: Vec<String>,
}

impl Scenario {
    /// A scenario of two bodies over `interval`, with no name, no
    /// expectation, loaded for the exact path.
    pub fn of_bodies(interval: (BigRational, BigRational), a: Body, b: Body) -> Self {
        Scenario {
            name: None,
            interval,
            problem: Problem::Bodies { a, b },
            separation: <BigRational as Ring>::zero(),
            expect: None,
            scalar: ScalarKind::Exact,
            approximate_rotations: Vec::new(),
        }
    }

    /// The question a solver answers: the bodies and the interval, or the
    /// primitive query.
    pub fn query(&self) -> ContactQuery<'_> {
        match &self.problem {
            Problem::Bodies { a, b } => ContactQuery::Bodies(BodyQuery {
                a,
                b,
                interval: &self.interval,
                approximate_rotations: &self.approximate_rotations,
                separation: &self.separation,
            }),
            Problem::Primitive(q) => ContactQuery::Primitive(q),
        }
    }

    /// The two bodies, or `None` for a primitive query.
    pub fn bodies(&self) -> Option<(&Body, &Body)> {
        match &self.problem {
            Problem::Bodies { a, b } => Some((a, b)),
            Problem::Primitive(_) => None,
        }
    }

    /// The two bodies, mutable, or `None` for a primitive query.
    pub fn bodies_mut(&mut self) -> Option<(&mut Body, &mut Body)> {
        match &mut self.problem {
            Problem::Bodies { a, b } => Some((a, b)),
            Problem::Primitive(_) => None,
        }
    }

    /// The primitive query, or `None` for two bodies.
    pub fn primitive(&self) -> Option<&PrimitiveQuery<BigRational>> {
        match &self.problem {
            Problem::Bodies { .. } => None,
            Problem::Primitive(q) => Some(q),
        }
    }

    /// The first body, for code that only ever sees scenarios of two
    /// bodies (generators, campaigns, shrinking).
    ///
    /// # Panics
    /// On a primitive query, which has no bodies.
    pub fn a(&self) -> &Body {
        self.bodies().expect(NOT_BODIES).0
    }

    /// The second body; see [`Scenario::a`].
    ///
    /// # Panics
    /// On a primitive query, which has no bodies.
    pub fn b(&self) -> &Body {
        self.bodies().expect(NOT_BODIES).1
    }

    /// The first body, mutable; see [`Scenario::a`].
    ///
    /// # Panics
    /// On a primitive query, which has no bodies.
    pub fn a_mut(&mut self) -> &mut Body {
        self.bodies_mut().expect(NOT_BODIES).0
    }

    /// The second body, mutable; see [`Scenario::a`].
    ///
    /// # Panics
    /// On a primitive query, which has no bodies.
    pub fn b_mut(&mut self) -> &mut Body {
        self.bodies_mut().expect(NOT_BODIES).1
    }
}

const NOT_BODIES: &str = "the scenario is a primitive query (a `query` field), not two bodies";

/// The author's expectation (`expect`); solvers ignore it, the oracle
/// checks it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Expect {
    /// Whether the bodies touch in the interval.
    pub collides: Option<bool>,
    /// The first contact time, inside the interval; absent when `collides`
    /// is false.
    pub time: Option<BigRational>,
    /// How far a computed time may be from `time` (`>= 0`).
    pub tolerance: Option<BigRational>,
}

/// How to load a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LoadOptions {
    /// The path the scenario is loaded for (module docs: the `f64` path).
    pub scalar: ScalarKind,
}

impl LoadOptions {
    /// Options for the given scalar path.
    pub fn for_scalar(scalar: ScalarKind) -> Self {
        LoadOptions { scalar }
    }
}

/// Reads at most `limit` bytes of a regular file as UTF-8 text. Devices and
/// pipes are refused: `/dev/zero` would never end.
pub(crate) fn read_limited(path: &Path, limit: u64) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    if meta.len() > limit {
        return Err(format!(
            "the file has {} bytes, more than the limit of {limit}",
            meta.len()
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > limit {
        return Err(format!("the file has more than {limit} bytes"));
    }
    String::from_utf8(bytes).map_err(|e| format!("not UTF-8 text ({e})"))
}

/// Loads and validates a scenario file; an OBJ mesh is read relative to the
/// file's directory.
pub fn load_scenario(path: &Path, options: &LoadOptions) -> Result<Scenario, ScenarioError> {
    let shown = path.display().to_string();
    let text = read_limited(path, MAX_SCENARIO_BYTES).map_err(|e| ScenarioError::io(shown, e))?;
    let base = path.parent().unwrap_or(Path::new("."));
    let base = if base.as_os_str().is_empty() {
        Path::new(".")
    } else {
        base
    };
    parse_scenario(&text, Some(base), options)
}

/// Parses and validates a scenario from its text. `base_dir` is where OBJ
/// meshes are looked up; with `None`, a scenario that refers to an OBJ file
/// is an error.
pub fn parse_scenario(
    text: &str,
    base_dir: Option<&Path>,
    options: &LoadOptions,
) -> Result<Scenario, ScenarioError> {
    if text.len() as u64 > MAX_SCENARIO_BYTES {
        return Err(ScenarioError::field(
            "top level",
            format!("the scenario has more than {MAX_SCENARIO_BYTES} bytes"),
            None,
        ));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| ScenarioError::json(e.to_string()))?;
    check_duplicate_keys(text)?;
    scenario_from_parsed(&value, base_dir, options)
}

/// Validates a scenario already parsed into a JSON value (a scenario
/// object inline in a larger document): what [`parse_scenario`] does with
/// `value.to_string()`, without printing and parsing it again.
/// `serialized_len` is the length of that text, for the size rule. A value
/// cannot hold a duplicate key (its parse kept the last one), so there is
/// none to report.
pub fn parse_scenario_value(
    value: &Value,
    serialized_len: usize,
    base_dir: Option<&Path>,
    options: &LoadOptions,
) -> Result<Scenario, ScenarioError> {
    if serialized_len as u64 > MAX_SCENARIO_BYTES {
        return Err(ScenarioError::field(
            "top level",
            format!("the scenario has more than {MAX_SCENARIO_BYTES} bytes"),
            None,
        ));
    }
    scenario_from_parsed(value, base_dir, options)
}

fn scenario_from_parsed(
    value: &Value,
    base_dir: Option<&Path>,
    options: &LoadOptions,
) -> Result<Scenario, ScenarioError> {
    let mut loader = body::Loader::new(Reader::new(options.scalar), base_dir);
    scenario(&mut loader, &Node::root(value))
}

fn scenario(loader: &mut body::Loader<'_>, root: &Node<'_>) -> Result<Scenario, ScenarioError> {
    // The format first: a file of another version deserves that message,
    // not one about a field this version does not know.
    let Value::Object(map) = root.value else {
        return Err(root.err("must be a JSON object (a scenario)"));
    };
    match map.get("format") {
        Some(Value::String(s)) if s == SCENARIO_FORMAT => {}
        Some(v) => {
            return Err(ScenarioError::field(
                "format",
                format!("must be \"{SCENARIO_FORMAT}\""),
                Some(reader::render(v)),
            ))
        }
        None => {
            return Err(ScenarioError::field(
                "format",
                format!("is missing (required: \"{SCENARIO_FORMAT}\")"),
                None,
            ))
        }
    }
    let obj = root.object(&[
        "format",
        "name",
        "interval",
        "a",
        "b",
        "query",
        "expect",
        "separation",
    ])?;
    let name = obj.get("name").map(|n| n.string()).transpose()?;
    let interval = match obj.get("interval") {
        None => (<BigRational as Ring>::zero(), <BigRational as Ring>::one()),
        Some(node) => {
            let [t0, t1] = loader.reader.numbers::<2>(&node)?;
            if t0 >= t1 {
                return Err(node.err("must be [t0, t1] with t0 < t1"));
            }
            (t0, t1)
        }
    };
    loader.interval = interval.clone();
    let separation = match obj.get("separation") {
        None => <BigRational as Ring>::zero(),
        Some(node) => {
            let d = loader.reader.number(&node)?;
            if d < <BigRational as Ring>::zero() {
                return Err(node.err("must be >= 0"));
            }
            d
        }
    };
    let problem = match obj.get("query") {
        None => Problem::Bodies {
            a: loader.body(&obj.require("a", "a body")?)?,
            b: loader.body(&obj.require("b", "a body")?)?,
        },
        Some(node) => {
            for key in ["a", "b"] {
                if let Some(n) = obj.get(key) {
                    return Err(n.err("must be absent in a scenario with a query"));
                }
            }
            Problem::Primitive(primitive::query(loader, &node)?)
        }
    };
    // a primitive query carries its own separation (contract section 5.3)
    let problem = match problem {
        Problem::Primitive(q) => Problem::Primitive(q.with_separation(separation.clone())),
        bodies => bodies,
    };
    let expect = obj
        .get("expect")
        .map(|node| expect(loader, &node, &interval))
        .transpose()?;
    Ok(Scenario {
        name: name.map(str::to_owned),
        interval,
        problem,
        separation,
        expect,
        scalar: loader.reader.scalar(),
        approximate_rotations: std::mem::take(&mut loader.approximate_rotations),
    })
}

fn expect(
    loader: &mut body::Loader<'_>,
    node: &Node<'_>,
    interval: &(BigRational, BigRational),
) -> Result<Expect, ScenarioError> {
    let obj = node.object(&["collides", "time", "tolerance"])?;
    let collides = obj.get("collides").map(|n| n.boolean()).transpose()?;
    let time = match obj.get("time") {
        None => None,
        Some(n) => {
            let t = loader.reader.number(&n)?;
            if collides == Some(false) {
                return Err(n.err("must be absent when collides is false"));
            }
            if t < interval.0 || t > interval.1 {
                return Err(n.err(format!(
                    "must lie in the interval [{}, {}]",
                    interval.0, interval.1
                )));
            }
            Some(t)
        }
    };
    let tolerance = match obj.get("tolerance") {
        None => None,
        Some(n) => {
            let tol = loader.reader.number(&n)?;
            if tol < <BigRational as Ring>::zero() {
                return Err(n.err("must be >= 0"));
            }
            Some(tol)
        }
    };
    Ok(Expect {
        collides,
        time,
        tolerance,
    })
}
