//! Fuzz target: typed, mostly well-formed scenarios (SCENARIO_FORMAT.md 2)
//! through the loader, so that the exact checks deep inside (rotations,
//! meshes, root-freeness of `d(t)`, `w(t)`, `|q(t)|^2` by real-root
//! isolation) see many shapes of input. `Debug` prints the scenario JSON, so
//! a crash report can be pasted into a file and replayed with
//! `exactccd solve`.
#![no_main]

use arbitrary::Arbitrary;
use exactccd::contact::ScalarKind;
use exactccd::scenario::{parse_scenario, LoadOptions};
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};
use std::fmt;

/// A number of the contract, in its several spellings.
#[derive(Arbitrary, Clone)]
enum Num {
    Int(i8),
    Ratio(i16, u8),
    Decimal(i32, i8),
    Json(i16),
    Text(String),
}

impl Num {
    fn json(&self) -> Value {
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
enum PoseIn {
    Translation([Num; 3]),
    Quaternion([Num; 4], [Num; 3]),
    Rotation([[Num; 3]; 3]),
}

impl PoseIn {
    fn json(&self) -> Value {
        match self {
            PoseIn::Translation(t) => json!({ "translation": nums(t) }),
            PoseIn::Quaternion(q, t) => json!({ "quaternion": nums(q), "translation": nums(t) }),
            PoseIn::Rotation(r) => json!({ "rotation": r.iter().map(|row| nums(row)).collect::<Vec<_>>() }),
        }
    }
}

#[derive(Arbitrary)]
enum ShapeIn {
    Box([Num; 3]),
    Triangle([[Num; 3]; 3]),
    Mesh(Vec<[Num; 3]>, Vec<Vec<u8>>),
}

impl ShapeIn {
    fn json(&self) -> Value {
        match self {
            ShapeIn::Box(h) => json!({ "box": { "half_extents": nums(h) } }),
            ShapeIn::Triangle(t) => json!({ "triangle": t.iter().map(|v| nums(v)).collect::<Vec<_>>() }),
            ShapeIn::Mesh(v, f) => json!({ "mesh": {
                "vertices": v.iter().map(|p| nums(p)).collect::<Vec<_>>(),
                "faces": f,
            }}),
        }
    }
}

/// Polynomials of small degree: coefficient lists.
type PolyIn = Vec<Num>;

#[derive(Arbitrary)]
enum MotionIn {
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
    fn json(&self) -> Value {
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
            MotionIn::Angular(v, w) => json!({ "angular": { "velocity": nums(v), "angular_velocity": nums(w) } }),
        }
    }
}

#[derive(Arbitrary)]
struct BodyIn {
    shape: ShapeIn,
    pose: Option<PoseIn>,
    motion: Option<MotionIn>,
}

impl BodyIn {
    fn json(&self) -> Value {
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
struct ScenarioIn {
    interval: Option<[Num; 2]>,
    a: BodyIn,
    b: BodyIn,
    expect: Option<(Option<bool>, Option<Num>, Option<Num>)>,
}

impl ScenarioIn {
    fn json(&self) -> Value {
        let mut s = json!({ "format": "exactccd/scenario-v1", "a": self.a.json(), "b": self.b.json() });
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

fuzz_target!(|input: ScenarioIn| {
    let text = serde_json::to_string(&input.json()).unwrap_or_default();
    for scalar in ScalarKind::ALL {
        if let Err(e) = parse_scenario(&text, None, &LoadOptions::for_scalar(scalar)) {
            let line = e.to_string();
            assert!(!line.contains('\n'), "error message spans lines: {line:?}");
        }
    }
});
