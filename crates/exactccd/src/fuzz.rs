//! Typed fuzz inputs (the `arbitrary` feature): scenarios for a
//! `cargo fuzz` target of this crate or of another engine. Each input
//! becomes a [`ScenarioBuilder`], and its `Debug` prints the scenario file
//! (JSON), so that a crash report can be saved and replayed with
//! `exactccd solve`, `exactccd oracle` or `exactccd check`.
//!
//! * [`ScenarioIn`]: any shape, pose and motion of the format, with numbers
//!   in every spelling (and sometimes malformed text): most load, many are
//!   rejected with a one-line error, for targets that test a loader or
//!   that skip what does not load;
//! * [`BoxPairIn`]: two small-integer boxes, `b` static, linear or under a
//!   rational rotation whose quaternion never vanishes: every input is a
//!   valid scenario with an exact answer, for targets that compare answers.
//!
//! ```
//! use arbitrary::{Arbitrary, Unstructured};
//! use exactccd::fuzz::BoxPairIn;
//! let bytes = [7u8; 64];
//! let input = BoxPairIn::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
//! let scenario = input.builder().build().expect("box pairs are always valid");
//! assert!(format!("{input:?}").contains("\"format\": \"exactccd/scenario-v1\""));
//! # let _ = scenario;
//! ```
#![deny(clippy::float_arithmetic)]

use crate::build::{BodySpec, ExpectSpec, MotionSpec, PoseSpec, ScenarioBuilder, ShapeSpec};
use crate::build::{Num as NumText, PolySpec, RotationSpec};
use crate::{SolveOptions, WorkBudget};
use arbitrary::Arbitrary;
use std::fmt;
use std::time::Duration;

/// The work budget of every solve a fuzz target runs: far above what the
/// small typed inputs need (milliseconds), far below libFuzzer's timeout,
/// so that a slow input ends as a resource limit (an answer a target
/// accepts), never as a timeout.
pub const FUZZ_BUDGET: WorkBudget = WorkBudget::cpu(Duration::from_secs(10));

/// Solve options for fuzz targets: the defaults with [`FUZZ_BUDGET`].
pub fn fuzz_options() -> SolveOptions {
    SolveOptions {
        budget: FUZZ_BUDGET,
        ..SolveOptions::default()
    }
}

/// A number of the format, in its several spellings, or any text.
#[derive(Arbitrary, Clone, Debug)]
pub enum Num {
    /// An integer, as a string.
    Int(i8),
    /// `"n/d"` (`d` may be 0: an error).
    Ratio(i16, u8),
    /// `"me"` + exponent.
    Decimal(i32, i8),
    /// An integer of a wider range, as a string.
    Json(i16),
    /// Any text (mostly an error).
    Text(String),
}

impl Num {
    /// The number's text.
    pub fn text(&self) -> NumText {
        match self {
            Num::Int(n) => NumText::from(*n),
            Num::Ratio(n, d) => NumText::from(format!("{n}/{d}")),
            Num::Decimal(m, e) => NumText::from(format!("{m}e{e}")),
            Num::Json(n) => NumText::from(*n),
            Num::Text(s) => NumText::from(s.as_str()),
        }
    }
}

fn texts<const K: usize>(v: &[Num; K]) -> [NumText; K] {
    v.each_ref().map(Num::text)
}

fn poly(p: &[Num]) -> PolySpec {
    p.iter().map(Num::text).collect()
}

/// A pose: a translation, a quaternion and a translation, or a matrix.
#[derive(Arbitrary, Clone, Debug)]
pub enum PoseIn {
    /// Only a translation.
    Translation([Num; 3]),
    /// A quaternion (any length) and a translation.
    Quaternion([Num; 4], [Num; 3]),
    /// A matrix (mostly not a rotation: an error).
    Rotation([[Num; 3]; 3]),
}

impl PoseIn {
    /// The pose as the builder's.
    pub fn spec(&self) -> PoseSpec {
        match self {
            PoseIn::Translation(t) => PoseSpec {
                rotation: None,
                translation: Some(texts(t)),
            },
            PoseIn::Quaternion(q, t) => PoseSpec {
                rotation: Some(RotationSpec::Quaternion(texts(q))),
                translation: Some(texts(t)),
            },
            PoseIn::Rotation(r) => PoseSpec {
                rotation: Some(RotationSpec::Matrix(r.each_ref().map(texts))),
                translation: None,
            },
        }
    }
}

/// A shape: a box, a triangle, or a mesh (mostly not closed: an error).
#[derive(Arbitrary, Clone, Debug)]
pub enum ShapeIn {
    /// Half extents.
    Box([Num; 3]),
    /// Three vertices.
    Triangle([[Num; 3]; 3]),
    /// Vertices and faces.
    Mesh(Vec<[Num; 3]>, Vec<Vec<u8>>),
}

impl ShapeIn {
    /// The shape as the builder's.
    pub fn spec(&self) -> ShapeSpec {
        match self {
            ShapeIn::Box(h) => ShapeSpec::Box {
                half_extents: texts(h),
            },
            ShapeIn::Triangle(t) => ShapeSpec::Triangle(t.each_ref().map(texts)),
            ShapeIn::Mesh(v, f) => ShapeSpec::Mesh {
                vertices: v.iter().map(texts).collect(),
                faces: f
                    .iter()
                    .map(|face| face.iter().map(|&i| usize::from(i)).collect())
                    .collect(),
            },
        }
    }
}

/// A polynomial: its coefficients from degree 0 upward.
pub type PolyIn = Vec<Num>;

/// A motion of any kind of the format but `piecewise`.
#[derive(Arbitrary, Clone, Debug)]
pub enum MotionIn {
    /// At rest.
    Static,
    /// A velocity.
    Linear([Num; 3]),
    /// Quaternion and translation polynomials, a denominator.
    Rational([PolyIn; 4], [PolyIn; 3], Option<PolyIn>),
    /// A 4x4 row matrix of polynomials, a denominator.
    RowMatrix([[PolyIn; 4]; 4], Option<PolyIn>),
    /// Axis point, direction, angle, slide.
    Screw([Num; 3], [Num; 3], Num, Num),
    /// The end pose.
    Poses(PoseIn),
    /// Velocity and angular velocity.
    Angular([Num; 3], [Num; 3]),
}

impl MotionIn {
    /// The motion as the builder's.
    pub fn spec(&self) -> MotionSpec {
        match self {
            MotionIn::Static => MotionSpec::Static,
            MotionIn::Linear(v) => MotionSpec::Linear { velocity: texts(v) },
            MotionIn::Rational(q, t, d) => MotionSpec::Rational {
                quaternion: q.each_ref().map(|p| poly(p)),
                translation: t.each_ref().map(|p| poly(p)),
                denominator: d.as_deref().map(poly),
            },
            MotionIn::RowMatrix(rows, w) => MotionSpec::RowMatrix {
                rows: rows.each_ref().map(|r| r.each_ref().map(|p| poly(p))),
                denominator: w.as_deref().map(poly),
            },
            MotionIn::Screw(p, u, a, s) => MotionSpec::Screw {
                axis_point: Some(texts(p)),
                axis_direction: texts(u),
                angle: a.text(),
                slide: Some(s.text()),
            },
            MotionIn::Poses(end) => MotionSpec::Poses { end: end.spec() },
            MotionIn::Angular(v, w) => MotionSpec::Angular {
                velocity: texts(v),
                angular_velocity: texts(w),
                center: None,
            },
        }
    }
}

/// A body: a shape, a pose, a motion.
#[derive(Arbitrary, Clone, Debug)]
pub struct BodyIn {
    /// The shape.
    pub shape: ShapeIn,
    /// The pose.
    pub pose: Option<PoseIn>,
    /// The motion.
    pub motion: Option<MotionIn>,
}

impl BodyIn {
    /// The body as the builder's.
    pub fn spec(&self) -> BodySpec {
        BodySpec {
            shape: self.shape.spec(),
            pose: self.pose.as_ref().map(PoseIn::spec),
            motion: self
                .motion
                .as_ref()
                .map_or(MotionSpec::Static, MotionIn::spec),
        }
    }
}

/// A scenario of the format, mostly well formed (module docs).
#[derive(Arbitrary, Clone)]
pub struct ScenarioIn {
    /// The interval.
    pub interval: Option<[Num; 2]>,
    /// Body a.
    pub a: BodyIn,
    /// Body b.
    pub b: BodyIn,
    /// The expectation: collides, time, tolerance.
    pub expect: Option<(Option<bool>, Option<Num>, Option<Num>)>,
}

impl ScenarioIn {
    /// The scenario as a builder (its `build` runs the loader).
    pub fn builder(&self) -> ScenarioBuilder {
        let mut s = ScenarioBuilder::new(self.a.spec(), self.b.spec());
        s.interval = self.interval.as_ref().map(texts);
        s.expect = self.expect.as_ref().map(|(c, t, tol)| ExpectSpec {
            collides: *c,
            time: t.as_ref().map(Num::text),
            tolerance: tol.as_ref().map(Num::text),
        });
        s
    }
}

/// The scenario file.
impl fmt::Debug for ScenarioIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.builder(), f)
    }
}

/// Two small-integer boxes, always a valid scenario (module docs).
#[derive(Arbitrary, Clone)]
pub struct BoxPairIn {
    /// Half extents of a (1/2 to 4 each, in halves).
    pub half_a: [u8; 3],
    /// Half extents of b.
    pub half_b: [u8; 3],
    /// Rotation quaternion of a (zero is taken as the identity).
    pub quat_a: [i8; 4],
    /// Centre of a, in quarters.
    pub centre_a: [i8; 3],
    /// The motion of b.
    pub motion_b: BoxMotionIn,
}

/// The motion of the second box.
#[derive(Arbitrary, Clone, Debug)]
pub enum BoxMotionIn {
    /// At rest at a pose: quaternion, centre in halves.
    Static([i8; 4], [i8; 3]),
    /// Constant velocity from a pose: quaternion, centre, velocity.
    Linear([i8; 4], [i8; 3], [i8; 3]),
    /// Quaternion `(w, x0 + x1 t, y0 + y1 t, z0 + z1 t)` and a quadratic
    /// translation.
    Rational(i8, [[i8; 2]; 3], [[i8; 3]; 3]),
}

fn halves(h: &[u8; 3]) -> [NumText; 3] {
    h.map(|v| NumText::from(format!("{}/2", 1 + v % 8)))
}

fn quat(q: &[i8; 4]) -> [NumText; 4] {
    let q = if q.iter().all(|&v| v == 0) {
        [1, 0, 0, 0]
    } else {
        *q
    };
    q.map(NumText::from)
}

fn small(v: &[i8; 3], scale: i32) -> [NumText; 3] {
    v.map(|x| NumText::from(format!("{}/{scale}", i32::from(x) % 24)))
}

fn placed(half: &[u8; 3], q: &[i8; 4], c: &[i8; 3], scale: i32) -> BodySpec {
    BodySpec {
        shape: ShapeSpec::Box {
            half_extents: halves(half),
        },
        pose: Some(PoseSpec {
            rotation: Some(RotationSpec::Quaternion(quat(q))),
            translation: Some(small(c, scale)),
        }),
        motion: MotionSpec::Static,
    }
}

impl BoxPairIn {
    /// The scenario as a builder.
    pub fn builder(&self) -> ScenarioBuilder {
        let a = placed(&self.half_a, &self.quat_a, &self.centre_a, 4);
        let b = match &self.motion_b {
            BoxMotionIn::Static(q, c) => placed(&self.half_b, q, c, 2),
            BoxMotionIn::Linear(q, c, v) => {
                placed(&self.half_b, q, c, 2).motion(MotionSpec::Linear {
                    velocity: small(v, 1),
                })
            }
            BoxMotionIn::Rational(w, xyz, t) => {
                let w = if *w == 0 { 1 } else { *w };
                let lin = |c: &[i8; 2]| vec![NumText::from(c[0] % 6), NumText::from(c[1] % 6)];
                let quad = |c: &[i8; 3]| {
                    vec![
                        NumText::from(format!("{}/2", c[0] % 24)),
                        NumText::from(c[1] % 12),
                        NumText::from(c[2] % 12),
                    ]
                };
                BodySpec::new(ShapeSpec::Box {
                    half_extents: halves(&self.half_b),
                })
                .motion(MotionSpec::Rational {
                    quaternion: [
                        vec![NumText::from(w)],
                        lin(&xyz[0]),
                        lin(&xyz[1]),
                        lin(&xyz[2]),
                    ],
                    translation: t.each_ref().map(quad),
                    denominator: None,
                })
            }
        };
        ScenarioBuilder::new(a, b)
    }
}

/// The scenario file.
impl fmt::Debug for BoxPairIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.builder(), f)
    }
}
