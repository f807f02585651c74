//! Writing a [`Scenario`] back as a scenario file (docs/FORMAT.md 2):
//! every number as an exact string (`"3/7"`, `"-2"`), so that reading the
//! file gives back exactly the same scenario. Campaigns write the scenarios
//! they shrink with it, fuzzers print their inputs with it.
#![deny(clippy::float_arithmetic)]

use super::{Problem, Scenario, SCENARIO_FORMAT};
use crate::geom::{Mat3, Pose, Shape, Vec3};
use crate::motion::{Body, Motion};
use crate::poly::Poly;
use crate::scalar::{BigRational, Ring};
use crate::solver::primitive::{MovingPoint, PrimitiveQuery, QueryKind};
use serde_json::{json, Map, Value};

fn num(q: &BigRational) -> Value {
    Value::String(q.to_string())
}

fn vec3(v: &Vec3<BigRational>) -> Value {
    json!([num(&v.x), num(&v.y), num(&v.z)])
}

fn poly(p: &Poly<BigRational>) -> Value {
    match p.coeffs() {
        [] => Value::String("0".into()),
        [c] => num(c),
        cs => Value::Array(cs.iter().map(num).collect()),
    }
}

fn matrix(m: &Mat3<BigRational>) -> Value {
    Value::Array(
        m.rows
            .iter()
            .map(|r| Value::Array(r.iter().map(num).collect()))
            .collect(),
    )
}

fn is_identity(m: &Mat3<BigRational>) -> bool {
    (0..3).all(|i| {
        (0..3).all(|j| {
            let v = &m.rows[i][j];
            if i == j {
                *v == BigRational::one()
            } else {
                v.is_zero()
            }
        })
    })
}

fn pose(p: &Pose<BigRational>) -> Option<Value> {
    let mut m = Map::new();
    if !is_identity(&p.rotation) {
        m.insert("rotation".into(), matrix(&p.rotation));
    }
    if !(p.translation.x.is_zero() && p.translation.y.is_zero() && p.translation.z.is_zero()) {
        m.insert("translation".into(), vec3(&p.translation));
    }
    (!m.is_empty()).then_some(Value::Object(m))
}

fn shape(s: &Shape<BigRational>) -> Value {
    match s {
        Shape::Box(b) => {
            json!({"box": {"half_extents": b.half_extents.iter().map(num).collect::<Vec<_>>()}})
        }
        Shape::Triangle(t) => json!({"triangle": t.vertices.iter().map(vec3).collect::<Vec<_>>()}),
        Shape::Mesh(m) => json!({"mesh": {
            "vertices": m.vertices.iter().map(vec3).collect::<Vec<_>>(),
            "faces": m.faces,
        }}),
        Shape::Sphere(b) => json!({"sphere": {"radius": num(&b.radius)}}),
        Shape::Capsule(c) => {
            json!({"capsule": {"a": vec3(&c.a), "b": vec3(&c.b), "radius": num(&c.radius)}})
        }
        Shape::Convex(c) => {
            json!({"convex": {"points": c.points.iter().map(vec3).collect::<Vec<_>>()}})
        }
    }
}

fn motion(m: &Motion) -> Value {
    match m {
        Motion::Static => json!("static"),
        Motion::Linear { velocity } => json!({"linear": {"velocity": vec3(velocity)}}),
        Motion::Rational {
            quaternion,
            translation,
            denominator,
        } => json!({"rational": {
            "quaternion": quaternion.iter().map(poly).collect::<Vec<_>>(),
            "translation": [poly(&translation.x), poly(&translation.y), poly(&translation.z)],
            "denominator": poly(denominator),
        }}),
        Motion::RowMatrix { rows, denominator } => json!({"row_matrix": {
            "rows": rows.iter().map(|r| r.iter().map(poly).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "denominator": poly(denominator),
        }}),
        Motion::Screw {
            axis_point,
            axis_direction,
            angle,
            slide,
        } => json!({"screw": {
            "axis_point": vec3(axis_point),
            "axis_direction": vec3(axis_direction),
            "angle": num(angle),
            "slide": num(slide),
        }}),
        Motion::Poses { end } => json!({"poses": {"end": pose(end).unwrap_or_else(|| json!({}))}}),
        Motion::Angular {
            velocity,
            angular_velocity,
            center,
        } => {
            let mut m =
                json!({"velocity": vec3(velocity), "angular_velocity": vec3(angular_velocity)});
            // written only when set, so files without a centre read back the same
            if !center.is_zero() {
                m["center"] = vec3(center);
            }
            json!({ "angular": m })
        }
        Motion::Piecewise { pieces } => {
            let pieces: Vec<Value> = pieces
                .iter()
                .map(|p| {
                    let mut m = Map::new();
                    if let Some(until) = &p.until {
                        m.insert("until".into(), num(until));
                    }
                    m.insert("motion".into(), motion(&p.motion));
                    Value::Object(m)
                })
                .collect();
            json!({"piecewise": {"pieces": pieces}})
        }
    }
}

/// True when the motion carries the pose (`rational`, `row_matrix`, or a
/// `piecewise` motion with such a piece): the body's pose is not written.
fn carries_pose(m: &Motion) -> bool {
    match m {
        Motion::Rational { .. } | Motion::RowMatrix { .. } => true,
        Motion::Piecewise { pieces } => pieces.iter().any(|p| carries_pose(&p.motion)),
        _ => false,
    }
}

fn body(b: &Body) -> Value {
    let mut m = Map::new();
    m.insert("shape".into(), shape(&b.shape));
    if !carries_pose(&b.motion) {
        if let Some(p) = pose(&b.pose) {
            m.insert("pose".into(), p);
        }
    }
    if !matches!(b.motion, Motion::Static) {
        m.insert("motion".into(), motion(&b.motion));
    }
    Value::Object(m)
}

/// The `query` field of a primitive query (`docs/methods/primitive.md`).
fn primitive_query(q: &PrimitiveQuery<BigRational>) -> Value {
    let point =
        |p: &MovingPoint<BigRational>| json!({ "start": vec3(&p.start), "end": vec3(&p.end) });
    let [p0, p1, p2, p3] = &q.points;
    match q.kind {
        QueryKind::VertexFace => json!({ "vertex_face": {
            "vertex": point(p0),
            "face": [point(p1), point(p2), point(p3)],
        }}),
        QueryKind::EdgeEdge => json!({ "edge_edge": {
            "a": [point(p0), point(p1)],
            "b": [point(p2), point(p3)],
        }}),
    }
}

/// The scenario as a JSON value of the contract's format.
pub fn scenario_to_json(s: &Scenario) -> Value {
    let mut m = Map::new();
    m.insert("format".into(), json!(SCENARIO_FORMAT));
    if let Some(name) = &s.name {
        m.insert("name".into(), json!(name));
    }
    m.insert(
        "interval".into(),
        json!([num(&s.interval.0), num(&s.interval.1)]),
    );
    match &s.problem {
        Problem::Primitive(q) => {
            m.insert("query".into(), primitive_query(q));
        }
        Problem::Bodies { a, b } => {
            m.insert("a".into(), body(a));
            m.insert("b".into(), body(b));
        }
    }
    let separation = match &s.problem {
        Problem::Primitive(q) => &q.separation,
        Problem::Bodies { .. } => &s.separation,
    };
    if !separation.is_zero() {
        m.insert("separation".into(), num(separation));
    }
    if let Some(e) = &s.expect {
        let mut x = Map::new();
        if let Some(c) = e.collides {
            x.insert("collides".into(), json!(c));
        }
        if let Some(t) = &e.time {
            x.insert("time".into(), num(t));
        }
        if let Some(t) = &e.tolerance {
            x.insert("tolerance".into(), num(t));
        }
        m.insert("expect".into(), Value::Object(x));
    }
    Value::Object(m)
}

/// The scenario as the text of a scenario file (pretty-printed JSON).
pub fn write_scenario(s: &Scenario) -> String {
    let mut text =
        serde_json::to_string_pretty(&scenario_to_json(s)).expect("JSON values serialise");
    text.push('\n');
    text
}
