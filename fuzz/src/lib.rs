//! Typed fuzz inputs shared by the fuzz targets. Every input's `Debug`
//! prints a pasteable scenario file (JSON), so a crash report can be saved
//! and replayed with `exactccd solve` or `exactccd oracle`.

use arbitrary::Arbitrary;
use exactccd::contact::{SolveOptions, WorkBudget};
use serde_json::{json, Value};
use std::fmt;
use std::time::Duration;

/// The work budget of every solve a fuzz target runs: far above what the
/// small typed inputs need (milliseconds), far below libFuzzer's timeout,
/// so that a slow input ends as a resource limit (an answer the targets
/// accept), never as a timeout.
pub const FUZZ_BUDGET: WorkBudget = WorkBudget::cpu(Duration::from_secs(10));

/// The solve options of the fuzz targets: the defaults with [`FUZZ_BUDGET`].
pub fn fuzz_options() -> SolveOptions {
    SolveOptions {
        budget: FUZZ_BUDGET,
        ..SolveOptions::default()
    }
}

/// A number of the contract, in its several spellings.
#[derive(Arbitrary, Clone)]
pub enum Num {
    Int(i8),
    Ratio(i16, u8),
    Decimal(i32, i8),
    Json(i16),
    Text(String),
}

impl Num {
    pub fn json(&self) -> Value {
        match self {
            Num::Int(n) => json!(n.to_string()),
            Num::Ratio(n, d) => json!(format!("{n}/{d}")),
            Num::Decimal(m, e) => json!(format!("{m}e{e}")),
            Num::Json(n) => json!(n),
            Num::Text(s) => json!(s),
        }
    }
}

fn nums(v: &[Num]) -> Value {
    Value::Array(v.iter().map(Num::json).collect())
}

#[derive(Arbitrary)]
pub enum PoseIn {
    Translation([Num; 3]),
    Quaternion([Num; 4], [Num; 3]),
    Rotation([[Num; 3]; 3]),
}

impl PoseIn {
    pub fn json(&self) -> Value {
        match self {
            PoseIn::Translation(t) => json!({ "translation": nums(t) }),
            PoseIn::Quaternion(q, t) => json!({ "quaternion": nums(q), "translation": nums(t) }),
            PoseIn::Rotation(r) => {
                json!({ "rotation": r.iter().map(|row| nums(row)).collect::<Vec<_>>() })
            }
        }
    }
}

#[derive(Arbitrary)]
pub enum ShapeIn {
    Box([Num; 3]),
    Triangle([[Num; 3]; 3]),
    Mesh(Vec<[Num; 3]>, Vec<Vec<u8>>),
}

impl ShapeIn {
    pub fn json(&self) -> Value {
        match self {
            ShapeIn::Box(h) => json!({ "box": { "half_extents": nums(h) } }),
            ShapeIn::Triangle(t) => {
                json!({ "triangle": t.iter().map(|v| nums(v)).collect::<Vec<_>>() })
            }
            ShapeIn::Mesh(v, f) => json!({ "mesh": {
                "vertices": v.iter().map(|p| nums(p)).collect::<Vec<_>>(),
                "faces": f,
            }}),
        }
    }
}

/// Polynomials of small degree: coefficient lists.
pub type PolyIn = Vec<Num>;

#[derive(Arbitrary)]
pub enum MotionIn {
    Static,
    Linear([Num; 3]),
    Rational([PolyIn; 4], [PolyIn; 3], Option<PolyIn>),
    RowMatrix([[PolyIn; 4]; 4], Option<PolyIn>),
    Screw([Num; 3], [Num; 3], Num, Num),
    Poses(PoseIn),
    Angular([Num; 3], [Num; 3]),
}

fn polys(ps: &[PolyIn]) -> Value {
    Value::Array(ps.iter().map(|p| nums(p)).collect())
}

impl MotionIn {
    pub fn json(&self) -> Value {
        match self {
            MotionIn::Static => json!("static"),
            MotionIn::Linear(v) => json!({ "linear": { "velocity": nums(v) } }),
            MotionIn::Rational(q, t, d) => {
                let mut m = json!({ "quaternion": polys(q), "translation": polys(t) });
                if let Some(d) = d {
                    m["denominator"] = nums(d);
                }
                json!({ "rational": m })
            }
            MotionIn::RowMatrix(rows, w) => {
                let mut m = json!({ "rows": rows.iter().map(|r| polys(r)).collect::<Vec<_>>() });
                if let Some(w) = w {
                    m["denominator"] = nums(w);
                }
                json!({ "row_matrix": m })
            }
            MotionIn::Screw(p, u, a, s) => json!({ "screw": {
                "axis_point": nums(p), "axis_direction": nums(u), "angle": a.json(), "slide": s.json() } }),
            MotionIn::Poses(end) => json!({ "poses": { "end": end.json() } }),
            MotionIn::Angular(v, w) => {
                json!({ "angular": { "velocity": nums(v), "angular_velocity": nums(w) } })
            }
        }
    }
}

#[derive(Arbitrary)]
pub struct BodyIn {
    /// The shape.
    pub shape: ShapeIn,
    /// The pose.
    pub pose: Option<PoseIn>,
    /// The motion.
    pub motion: Option<MotionIn>,
}

impl BodyIn {
    pub fn json(&self) -> Value {
        let mut b = json!({ "shape": self.shape.json() });
        if let Some(p) = &self.pose {
            b["pose"] = p.json();
        }
        if let Some(m) = &self.motion {
            b["motion"] = m.json();
        }
        b
    }
}

#[derive(Arbitrary)]
pub struct ScenarioIn {
    /// The interval.
    pub interval: Option<[Num; 2]>,
    /// Body a.
    pub a: BodyIn,
    /// Body b.
    pub b: BodyIn,
    /// The expectation.
    pub expect: Option<(Option<bool>, Option<Num>, Option<Num>)>,
}

impl ScenarioIn {
    pub fn json(&self) -> Value {
        let mut s =
            json!({ "format": "exactccd/scenario-v1", "a": self.a.json(), "b": self.b.json() });
        if let Some(i) = &self.interval {
            s["interval"] = nums(i);
        }
        if let Some((c, t, tol)) = &self.expect {
            let mut e = json!({});
            if let Some(c) = c {
                e["collides"] = json!(c);
            }
            if let Some(t) = t {
                e["time"] = t.json();
            }
            if let Some(tol) = tol {
                e["tolerance"] = tol.json();
            }
            s["expect"] = e;
        }
        s
    }
}

impl fmt::Debug for ScenarioIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string_pretty(&self.json()).unwrap_or_default())
    }
}

/// A small-integer box pair under static, linear or rational motions (the
/// rotation quaternion's `w` is a non-zero constant, so `|q(t)|^2 > 0`):
/// every such scenario is valid, and SAT and SGM both apply exactly.
#[derive(Arbitrary)]
pub struct BoxPairIn {
    /// Half extents (1 to 4 each, in halves).
    pub half_a: [u8; 3],
    /// Half extents of b.
    pub half_b: [u8; 3],
    /// Rotation quaternion of a.
    pub quat_a: [i8; 4],
    /// Centre of a.
    pub centre_a: [i8; 3],
    /// The motion of b.
    pub motion_b: BoxMotionIn,
}

/// The motion of the second box.
#[derive(Arbitrary)]
pub enum BoxMotionIn {
    /// At rest at a pose.
    Static([i8; 4], [i8; 3]),
    /// Constant velocity from a pose.
    Linear([i8; 4], [i8; 3], [i8; 3]),
    /// Quaternion `(w, x0 + x1 t, y0 + y1 t, z0 + z1 t)` and quadratic translation.
    Rational(i8, [[i8; 2]; 3], [[i8; 3]; 3]),
}

fn halves(h: &[u8; 3]) -> Value {
    json!(h
        .iter()
        .map(|v| format!("{}/2", 1 + v % 8))
        .collect::<Vec<_>>())
}

fn quat(q: &[i8; 4]) -> Value {
    let q = if q.iter().all(|&v| v == 0) {
        [1, 0, 0, 0]
    } else {
        *q
    };
    json!(q.iter().map(|v| v.to_string()).collect::<Vec<_>>())
}

fn small(v: &[i8; 3], scale: i32) -> Value {
    json!(v
        .iter()
        .map(|x| format!("{}/{scale}", i32::from(*x) % 24))
        .collect::<Vec<_>>())
}

impl BoxPairIn {
    /// The scenario as JSON.
    pub fn json(&self) -> Value {
        let a = json!({
            "shape": {"box": {"half_extents": halves(&self.half_a)}},
            "pose": {"quaternion": quat(&self.quat_a), "translation": small(&self.centre_a, 4)},
        });
        let shape_b = json!({"box": {"half_extents": halves(&self.half_b)}});
        let b = match &self.motion_b {
            BoxMotionIn::Static(q, c) => {
                json!({"shape": shape_b, "pose": {"quaternion": quat(q), "translation": small(c, 2)}})
            }
            BoxMotionIn::Linear(q, c, v) => json!({"shape": shape_b,
                "pose": {"quaternion": quat(q), "translation": small(c, 2)},
                "motion": {"linear": {"velocity": small(v, 1)}}}),
            BoxMotionIn::Rational(w, xyz, t) => {
                let w = if *w == 0 { 1 } else { *w };
                let lin = |c: &[i8; 2]| json!([(c[0] % 6).to_string(), (c[1] % 6).to_string()]);
                let quad = |c: &[i8; 3]| {
                    json!([
                        format!("{}/2", c[0] % 24),
                        (c[1] % 12).to_string(),
                        (c[2] % 12).to_string()
                    ])
                };
                json!({"shape": shape_b, "motion": {"rational": {
                    "quaternion": [w.to_string(), lin(&xyz[0]), lin(&xyz[1]), lin(&xyz[2])],
                    "translation": [quad(&t[0]), quad(&t[1]), quad(&t[2])],
                }}})
            }
        };
        json!({"format": "exactccd/scenario-v1", "a": a, "b": b})
    }
}

impl fmt::Debug for BoxPairIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string_pretty(&self.json()).unwrap_or_default())
    }
}
