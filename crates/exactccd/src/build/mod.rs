//! Building a scenario in code, and reading back what another engine needs.
//!
//! A [`ScenarioBuilder`] holds two [`BodySpec`]s, an interval, a name and an
//! expectation, each field a typed value of the scenario file
//! (docs/FORMAT.md 2). Numbers are [`Num`]s: exact text (`"1/3"`,
//! `"-2.5e-3"`), integers, or the exact value of an `f64`. The builder
//! writes the scenario file ([`ScenarioBuilder::to_json`], also its
//! `Display`) and [`ScenarioBuilder::build`] reads it with the loader
//! ([`parse_scenario`]): every rule is checked exactly as for a file, with
//! the same one-line errors naming the field.
//!
//! ```
//! use exactccd::build::{BodySpec, ScenarioBuilder};
//! use exactccd::{solve, Method, ScalarKind, SolveOptions, Time};
//! // two unit boxes 3 apart; b moves left at speed 5: the faces meet at t = 1/5
//! let scenario = ScenarioBuilder::new(
//!     BodySpec::cuboid([1, 1, 1]),
//!     BodySpec::cuboid([1, 1, 1]).at([3, 0, 0]).linear([-5, 0, 0]),
//! )
//! .build()?;
//! let r = solve(&scenario.query(), Method::Sgm, ScalarKind::Exact, &SolveOptions::default())?;
//! let Some(Time::Exact(t)) = &r.time else { panic!("an exact time") };
//! assert_eq!(t.as_rational().map(|q| q.to_string()), Some("1/5".to_owned()));
//!
//! // the loader's rules and messages
//! let bad = ScenarioBuilder::new(BodySpec::cuboid([1, 1, 1]), BodySpec::cuboid(["1", "-1", "1"]));
//! assert_eq!(
//!     bad.build().unwrap_err().to_string(),
//!     r#"b.shape.box.half_extents[1]: must be > 0, got "-1""#
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The read-back side ([`EngineBody`], `engine.rs`) gives each body's pose
//! at a time `t`, its constant twist (linear and angular velocity about a
//! material centre) where the motion has one, and its shape, as plain
//! `f64`: what a physics engine's own types are made of.
#![deny(clippy::float_arithmetic)]

mod engine;

pub use engine::{engine_bodies, EngineBody, EnginePose, EngineShape, RigidTwist};

use crate::contact::ScalarKind;
use crate::scalar::rational_from_f64;
use crate::scenario::{parse_scenario, LoadOptions, Scenario, ScenarioError, SCENARIO_FORMAT};
use serde_json::{json, Map, Value};
use std::fmt;
use std::path::PathBuf;

/// A number of a scenario file (docs/FORMAT.md 1), kept as its text: a
/// decimal or a ratio (`"-3/7"`), an integer, or the exact value of an
/// `f64` (`0.1` becomes `"3602879701896397/36028797018963968"`, the
/// double nearest 1/10, not 1/10 itself). A non-finite `f64` is kept as
/// `"NaN"` or `"inf"`, which the loader rejects, naming the field.
///
/// ```
/// use exactccd::build::Num;
/// assert_eq!(Num::from(0.75).as_str(), "3/4");
/// assert_eq!(Num::from("1/3").as_str(), "1/3");
/// assert_eq!(Num::from(-2).as_str(), "-2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Num(String);

impl Num {
    /// The number's text, as it is written into the scenario file.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Num {
    fn from(s: &str) -> Self {
        Num(s.to_owned())
    }
}

impl From<String> for Num {
    fn from(s: String) -> Self {
        Num(s)
    }
}

impl From<f64> for Num {
    fn from(x: f64) -> Self {
        match rational_from_f64(x) {
            Some(q) => Num(q.to_string()),
            None => Num(x.to_string()),
        }
    }
}

macro_rules! num_from_integer {
    ($($t:ty),*) => {$(
        impl From<$t> for Num {
            fn from(n: $t) -> Self {
                Num(n.to_string())
            }
        }
    )*};
}
num_from_integer!(i8, i16, i32, i64, u8, u16, u32, u64);

/// A vector of three numbers.
pub type NumVec = [Num; 3];

/// A polynomial in `t`, its coefficients from degree 0 upward.
pub type PolySpec = Vec<Num>;

fn nums<N: Into<Num>, const K: usize>(v: [N; K]) -> [Num; K] {
    v.map(Into::into)
}

fn num_json(n: &Num) -> Value {
    Value::String(n.0.clone())
}

fn list_json(v: &[Num]) -> Value {
    Value::Array(v.iter().map(num_json).collect())
}

fn polys_json(ps: &[PolySpec]) -> Value {
    Value::Array(ps.iter().map(|p| list_json(p)).collect())
}

/// A rotation of a pose: a 3x3 matrix (rows) or a quaternion `[w, x, y, z]`
/// of any non-zero length.
#[derive(Clone, Debug, PartialEq)]
pub enum RotationSpec {
    /// `"rotation"`: rows of a rotation matrix.
    Matrix([NumVec; 3]),
    /// `"quaternion"`: `[w, x, y, z]`.
    Quaternion([Num; 4]),
}

/// A pose (docs/FORMAT.md 2.1): a rotation (identity when absent) and a
/// translation (zero when absent).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PoseSpec {
    /// The rotation.
    pub rotation: Option<RotationSpec>,
    /// The translation.
    pub translation: Option<NumVec>,
}

impl PoseSpec {
    /// The pose at `translation`, not turned.
    pub fn at<N: Into<Num>>(translation: [N; 3]) -> Self {
        PoseSpec {
            rotation: None,
            translation: Some(nums(translation)),
        }
    }

    /// The same pose turned by the quaternion `[w, x, y, z]`.
    pub fn quaternion<N: Into<Num>>(mut self, q: [N; 4]) -> Self {
        self.rotation = Some(RotationSpec::Quaternion(nums(q)));
        self
    }

    /// The same pose turned by a rotation matrix (rows).
    pub fn rotation<N: Into<Num>>(mut self, rows: [[N; 3]; 3]) -> Self {
        self.rotation = Some(RotationSpec::Matrix(rows.map(nums)));
        self
    }

    fn json(&self) -> Value {
        let mut m = Map::new();
        match &self.rotation {
            Some(RotationSpec::Matrix(rows)) => {
                m.insert(
                    "rotation".into(),
                    Value::Array(rows.iter().map(|r| list_json(r)).collect()),
                );
            }
            Some(RotationSpec::Quaternion(q)) => {
                m.insert("quaternion".into(), list_json(q));
            }
            None => {}
        }
        if let Some(t) = &self.translation {
            m.insert("translation".into(), list_json(t));
        }
        Value::Object(m)
    }
}

/// A shape (docs/FORMAT.md 2.2), in the body's local coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum ShapeSpec {
    /// The solid box `|y_i| <= half_extents[i]`.
    Box {
        /// Half extents, each `> 0`.
        half_extents: NumVec,
    },
    /// A solid triangle, non-degenerate.
    Triangle([NumVec; 3]),
    /// A closed, consistently oriented polyhedral surface.
    Mesh {
        /// Vertex positions.
        vertices: Vec<NumVec>,
        /// Faces as vertex index loops, counter-clockwise seen from outside.
        faces: Vec<Vec<usize>>,
    },
    /// A mesh read from an OBJ file, relative to
    /// [`ScenarioBuilder::base_dir`].
    Obj(String),
}

impl ShapeSpec {
    fn json(&self) -> Value {
        match self {
            ShapeSpec::Box { half_extents } => {
                json!({ "box": { "half_extents": list_json(half_extents) } })
            }
            ShapeSpec::Triangle(v) => {
                json!({ "triangle": v.iter().map(|p| list_json(p)).collect::<Vec<_>>() })
            }
            ShapeSpec::Mesh { vertices, faces } => json!({ "mesh": {
                "vertices": vertices.iter().map(|p| list_json(p)).collect::<Vec<_>>(),
                "faces": faces,
            }}),
            ShapeSpec::Obj(path) => json!({ "mesh": { "obj": path } }),
        }
    }
}

/// A motion (docs/FORMAT.md 2.3 and 5.1, piecewise 7.1).
#[derive(Clone, Debug, Default, PartialEq)]
pub enum MotionSpec {
    /// At rest at the pose.
    #[default]
    Static,
    /// `c + t v + R y`.
    Linear {
        /// `v`.
        velocity: NumVec,
    },
    /// `T(t)/d(t) + rot(q(t))/|q(t)|^2 y` (the body has no pose).
    Rational {
        /// `q(t) = [w, x, y, z]`, polynomials.
        quaternion: [PolySpec; 4],
        /// `T(t)`, polynomials.
        translation: [PolySpec; 3],
        /// `d(t)` (default 1).
        denominator: Option<PolySpec>,
    },
    /// `[x, 1] = [y, 1] M(t) / w(t)` (the body has no pose).
    RowMatrix {
        /// `M(t)`, 4 rows of 4 polynomials.
        rows: [[PolySpec; 4]; 4],
        /// `w(t)` (default 1).
        denominator: Option<PolySpec>,
    },
    /// The pose, then a rotation by `angle * t` about the line through
    /// `axis_point` along `axis_direction`, then a slide `slide * t` along it.
    Screw {
        /// A point of the axis (default the origin).
        axis_point: Option<NumVec>,
        /// The axis direction, non-zero.
        axis_direction: NumVec,
        /// Radians per unit time.
        angle: Num,
        /// Slide per unit time (default 0).
        slide: Option<Num>,
    },
    /// From the pose at `t0` to `end` at `t1` by the screw between them.
    Poses {
        /// The pose at `t1`.
        end: PoseSpec,
    },
    /// Constant velocity `v` of the material point `center` and constant
    /// angular velocity `w` about it.
    Angular {
        /// `v` (default zero).
        velocity: NumVec,
        /// `w`, radians per unit time.
        angular_velocity: NumVec,
        /// The centre in local coordinates (default the origin; written
        /// only when given).
        center: Option<NumVec>,
    },
    /// Rational pieces over consecutive sub-intervals: `(until, motion)`,
    /// every piece but the last with its `until`.
    Piecewise(Vec<(Option<Num>, MotionSpec)>),
}

impl MotionSpec {
    fn json(&self) -> Value {
        match self {
            MotionSpec::Static => json!("static"),
            MotionSpec::Linear { velocity } => {
                json!({ "linear": { "velocity": list_json(velocity) } })
            }
            MotionSpec::Rational {
                quaternion,
                translation,
                denominator,
            } => {
                let mut m = json!({ "quaternion": polys_json(quaternion), "translation": polys_json(translation) });
                if let Some(d) = denominator {
                    m["denominator"] = list_json(d);
                }
                json!({ "rational": m })
            }
            MotionSpec::RowMatrix { rows, denominator } => {
                let mut m =
                    json!({ "rows": rows.iter().map(|r| polys_json(r)).collect::<Vec<_>>() });
                if let Some(d) = denominator {
                    m["denominator"] = list_json(d);
                }
                json!({ "row_matrix": m })
            }
            MotionSpec::Screw {
                axis_point,
                axis_direction,
                angle,
                slide,
            } => {
                let mut m = json!({ "axis_direction": list_json(axis_direction), "angle": num_json(angle) });
                if let Some(p) = axis_point {
                    m["axis_point"] = list_json(p);
                }
                if let Some(s) = slide {
                    m["slide"] = num_json(s);
                }
                json!({ "screw": m })
            }
            MotionSpec::Poses { end } => json!({ "poses": { "end": end.json() } }),
            MotionSpec::Angular {
                velocity,
                angular_velocity,
                center,
            } => {
                let mut m = json!({ "velocity": list_json(velocity), "angular_velocity": list_json(angular_velocity) });
                if let Some(c) = center {
                    m["center"] = list_json(c);
                }
                json!({ "angular": m })
            }
            MotionSpec::Piecewise(pieces) => {
                let pieces: Vec<Value> = pieces
                    .iter()
                    .map(|(until, motion)| {
                        let mut p = Map::new();
                        if let Some(u) = until {
                            p.insert("until".into(), num_json(u));
                        }
                        p.insert("motion".into(), motion.json());
                        Value::Object(p)
                    })
                    .collect();
                json!({ "piecewise": { "pieces": pieces } })
            }
        }
    }
}

/// A body (docs/FORMAT.md 2.1): a shape, an optional pose, a motion.
/// The constructors name the shape, the chained methods place and move it.
#[derive(Clone, Debug, PartialEq)]
pub struct BodySpec {
    /// The shape.
    pub shape: ShapeSpec,
    /// The pose (identity when absent).
    pub pose: Option<PoseSpec>,
    /// The motion.
    pub motion: MotionSpec,
}

impl BodySpec {
    /// A body of this shape, at rest at the identity pose.
    pub fn new(shape: ShapeSpec) -> Self {
        BodySpec {
            shape,
            pose: None,
            motion: MotionSpec::Static,
        }
    }

    /// A box with these half extents.
    pub fn cuboid<N: Into<Num>>(half_extents: [N; 3]) -> Self {
        Self::new(ShapeSpec::Box {
            half_extents: nums(half_extents),
        })
    }

    /// A solid triangle.
    pub fn triangle<N: Into<Num>>(vertices: [[N; 3]; 3]) -> Self {
        Self::new(ShapeSpec::Triangle(vertices.map(nums)))
    }

    /// A closed mesh from vertices and faces (index loops, counter-clockwise
    /// seen from outside).
    pub fn mesh<N: Into<Num>>(vertices: Vec<[N; 3]>, faces: Vec<Vec<usize>>) -> Self {
        Self::new(ShapeSpec::Mesh {
            vertices: vertices.into_iter().map(nums).collect(),
            faces,
        })
    }

    /// Sets the pose.
    pub fn pose(mut self, pose: PoseSpec) -> Self {
        self.pose = Some(pose);
        self
    }

    /// Sets the translation of the pose (keeping its rotation).
    pub fn at<N: Into<Num>>(mut self, translation: [N; 3]) -> Self {
        self.pose.get_or_insert_with(PoseSpec::default).translation = Some(nums(translation));
        self
    }

    /// Turns the pose by a quaternion `[w, x, y, z]` (any non-zero length).
    pub fn quaternion<N: Into<Num>>(mut self, q: [N; 4]) -> Self {
        self.pose.get_or_insert_with(PoseSpec::default).rotation =
            Some(RotationSpec::Quaternion(nums(q)));
        self
    }

    /// Turns the pose by a rotation matrix (rows).
    pub fn rotation<N: Into<Num>>(mut self, rows: [[N; 3]; 3]) -> Self {
        self.pose.get_or_insert_with(PoseSpec::default).rotation =
            Some(RotationSpec::Matrix(rows.map(nums)));
        self
    }

    /// Sets the motion.
    pub fn motion(mut self, motion: MotionSpec) -> Self {
        self.motion = motion;
        self
    }

    /// Moves at a constant velocity.
    pub fn linear<N: Into<Num>>(self, velocity: [N; 3]) -> Self {
        self.motion(MotionSpec::Linear {
            velocity: nums(velocity),
        })
    }

    /// Constant velocity of the origin and constant angular velocity about
    /// it (radians per unit time).
    pub fn angular<N: Into<Num>, M: Into<Num>>(
        self,
        velocity: [N; 3],
        angular_velocity: [M; 3],
    ) -> Self {
        self.motion(MotionSpec::Angular {
            velocity: nums(velocity),
            angular_velocity: nums(angular_velocity),
            center: None,
        })
    }

    /// Turns `angle * t` radians about the line through `axis_point` along
    /// `axis_direction`, without slide.
    pub fn screw<N: Into<Num>, M: Into<Num>>(
        self,
        axis_point: [N; 3],
        axis_direction: [M; 3],
        angle: impl Into<Num>,
    ) -> Self {
        self.motion(MotionSpec::Screw {
            axis_point: Some(nums(axis_point)),
            axis_direction: nums(axis_direction),
            angle: angle.into(),
            slide: None,
        })
    }

    /// Moves from the pose at `t0` to `end` at `t1` by a glide rotation.
    pub fn poses(self, end: PoseSpec) -> Self {
        self.motion(MotionSpec::Poses { end })
    }

    fn json(&self) -> Value {
        let mut b = Map::new();
        b.insert("shape".into(), self.shape.json());
        if let Some(p) = &self.pose {
            b.insert("pose".into(), p.json());
        }
        if self.motion != MotionSpec::Static {
            b.insert("motion".into(), self.motion.json());
        }
        Value::Object(b)
    }
}

/// The author's expectation (`expect`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExpectSpec {
    /// Whether the bodies touch.
    pub collides: Option<bool>,
    /// The first contact time.
    pub time: Option<Num>,
    /// How far a computed time may be from `time`.
    pub tolerance: Option<Num>,
}

/// A scenario of two bodies, built in code (module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioBuilder {
    /// The label (`name`).
    pub name: Option<String>,
    /// `[t0, t1]` (default `[0, 1]`).
    pub interval: Option<[Num; 2]>,
    /// The first body.
    pub a: BodySpec,
    /// The second body.
    pub b: BodySpec,
    /// The expectation.
    pub expect: Option<ExpectSpec>,
    /// The path the scenario is loaded for (default exact).
    pub scalar: ScalarKind,
    /// Where OBJ meshes are read from.
    pub base_dir: Option<PathBuf>,
}

impl ScenarioBuilder {
    /// Bodies `a` and `b` over `[0, 1]`, no name, no expectation, for the
    /// exact path.
    pub fn new(a: BodySpec, b: BodySpec) -> Self {
        ScenarioBuilder {
            name: None,
            interval: None,
            a,
            b,
            expect: None,
            scalar: ScalarKind::Exact,
            base_dir: None,
        }
    }

    /// Sets the name.
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Sets the interval `[t0, t1]`.
    pub fn interval(mut self, t0: impl Into<Num>, t1: impl Into<Num>) -> Self {
        self.interval = Some([t0.into(), t1.into()]);
        self
    }

    /// Expects contact (`Some(time)` the first contact time) or none.
    pub fn expect_collides(mut self, collides: bool, time: Option<Num>) -> Self {
        let e = self.expect.get_or_insert_with(ExpectSpec::default);
        e.collides = Some(collides);
        e.time = time;
        self
    }

    /// Loads for the `f64` path (numbers rounded once, rotation matrices
    /// within `1e-9`) instead of the exact one.
    pub fn for_scalar(mut self, scalar: ScalarKind) -> Self {
        self.scalar = scalar;
        self
    }

    /// Reads OBJ meshes relative to this directory.
    pub fn base_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.base_dir = Some(dir.into());
        self
    }

    /// The scenario file as a JSON value.
    pub fn to_json(&self) -> Value {
        let mut s = Map::new();
        s.insert("format".into(), json!(SCENARIO_FORMAT));
        if let Some(n) = &self.name {
            s.insert("name".into(), json!(n));
        }
        if let Some(i) = &self.interval {
            s.insert("interval".into(), list_json(i));
        }
        s.insert("a".into(), self.a.json());
        s.insert("b".into(), self.b.json());
        if let Some(e) = &self.expect {
            let mut x = Map::new();
            if let Some(c) = e.collides {
                x.insert("collides".into(), json!(c));
            }
            if let Some(t) = &e.time {
                x.insert("time".into(), num_json(t));
            }
            if let Some(t) = &e.tolerance {
                x.insert("tolerance".into(), num_json(t));
            }
            s.insert("expect".into(), Value::Object(x));
        }
        Value::Object(s)
    }

    /// The scenario, validated by the loader: the same rules and the same
    /// errors as a scenario file.
    pub fn build(&self) -> Result<Scenario, ScenarioError> {
        let text = self.to_string();
        parse_scenario(
            &text,
            self.base_dir.as_deref(),
            &LoadOptions::for_scalar(self.scalar),
        )
    }
}

/// The scenario file, pretty-printed JSON.
impl fmt::Display for ScenarioBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = serde_json::to_string_pretty(&self.to_json()).map_err(|_| fmt::Error)?;
        f.write_str(&text)
    }
}
