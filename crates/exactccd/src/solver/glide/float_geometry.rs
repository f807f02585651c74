//! The `f64` side of a glide event: its world position, collision normal
//! and properness (Buss, "Collision Detection with Glide Rotations", section 5), and the `f64` time of a path
//! parameter. None of it decides whether or when a contact happens.
#![allow(clippy::float_arithmetic)]

use super::events::{EventKind, PathPolys, PlacedSolid};
use super::facing::{
    edge_properness, face_corners, solid_vertex_properness, unit, FaceCorner, Facing, Flow,
};
use super::relative::{GlidePath, RelativeGlide, TimeMap};
use super::setup::Setup;
use crate::geom::{Mat3, Vec3};
use crate::motion::{Body, FloatMotion};
use crate::poly::Poly;
use crate::scalar::{BigRational, Scalar};

/// Place, normal and properness of an event, in world coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct EventGeometry {
    /// The contact point.
    pub point: [f64; 3],
    /// The unit collision normal, from `a` to `b` (`None` for parallel
    /// edges).
    pub normal: Option<[f64; 3]>,
    /// The properness (section 5: `min e_i . n` for FV/VF, equation 7 for
    /// EE at convex edges, the faces' half-spaces at flat and reflex ones:
    /// `facing::edge_properness`); `None` for parallel edges.
    pub properness: Option<f64>,
}

/// The `f64` copies of the solids and paths, and `a`'s world motion.
pub(crate) struct FloatContext {
    a: PlacedSolid<f64>,
    b: PlacedSolid<f64>,
    forward: PathPolys<f64>,
    a_motion: FloatMotion,
    /// `t1`.
    pub t1: f64,
    /// The relative rotation angle over the interval.
    pub angle: f64,
    /// Section 4.2 counts.
    pub forward_faces_b: usize,
    /// Section 4.2 counts.
    pub backward_faces_a: usize,
    /// A general screw's whole-step slide `c k`, `|k|` and `atan(σ_end
    /// |k|)` (zero slide otherwise).
    slide: (Vec3<f64>, f64, f64),
}

fn axis_length(rel: &RelativeGlide) -> f64 {
    match &rel.path {
        GlidePath::Rotation { axis_direction, .. } => axis_direction.norm_squared().to_f64().sqrt(),
        GlidePath::Translation { .. } => 0.0,
    }
}

/// The `f64` time of the path parameter `lambda` (module docs of
/// `relative.rs`).
pub(crate) fn float_time(rel: &RelativeGlide, lambda: f64) -> f64 {
    let (t0, t1) = (rel.interval.0.to_f64(), rel.interval.1.to_f64());
    match &rel.path {
        GlidePath::Translation { .. } => lambda,
        GlidePath::Rotation { time, .. } => {
            let k = axis_length(rel);
            match time {
                TimeMap::Proportional { sigma_end } => {
                    t0 + (t1 - t0) * (lambda * k).atan() / (sigma_end.to_f64() * k).atan()
                }
                TimeMap::AngularSpeed { omega } => 2.0 * (lambda * k).atan() / omega.to_f64(),
                TimeMap::HalfTurn => {
                    t0 + (t1 - t0) * 2.0 * (lambda * k).atan2(1.0 - lambda) / std::f64::consts::PI
                }
            }
        }
    }
}

fn eval_mat(m: &Mat3<Poly<f64>>, x: f64) -> Mat3<f64> {
    m.map(|p| p.eval(&x))
}

impl FloatContext {
    pub(crate) fn new(setup: &Setup, a: &Body, t0: &BigRational, t1: &BigRational) -> Self {
        let sa = PlacedSolid::new(setup.a.mesh.map_scalar(|c| c.to_f64()));
        let sb = PlacedSolid::new(setup.b_placed.map_scalar(|c| c.to_f64()));
        let (forward, _) = setup.paths::<f64>();
        let rel = &setup.rel;
        let k = axis_length(rel);
        let (angle, flow) = match &rel.path {
            GlidePath::Translation { velocity } => {
                let v = velocity.to_f64();
                (
                    0.0,
                    Flow {
                        axis_point: Vec3::zero(),
                        axis_direction: unit(&v),
                        angle: 0.0,
                        slide: v.norm_squared().sqrt(),
                    },
                )
            }
            GlidePath::Rotation {
                axis_point,
                axis_direction,
                time,
            } => {
                let angle = match time {
                    TimeMap::Proportional { sigma_end } => 2.0 * (sigma_end.to_f64() * k).atan(),
                    TimeMap::AngularSpeed { omega } => omega.to_f64() * t1.to_f64(),
                    TimeMap::HalfTurn => std::f64::consts::PI,
                };
                (
                    angle,
                    Flow {
                        axis_point: axis_point.to_f64(),
                        axis_direction: unit(&axis_direction.to_f64()),
                        angle,
                        slide: 0.0,
                    },
                )
            }
        };
        let slide = match (&rel.slide, &rel.path) {
            (
                Some(c),
                GlidePath::Rotation {
                    axis_direction,
                    time: TimeMap::Proportional { sigma_end },
                    ..
                },
            ) => (
                axis_direction.scale(c).to_f64(),
                k,
                (sigma_end.to_f64() * k).atan(),
            ),
            _ => (Vec3::zero(), 0.0, 1.0),
        };
        let flow = Flow {
            slide: (slide.0.norm_squared()).sqrt()
                * rel.slide.as_ref().map_or(0.0, |c| c.to_f64().signum()),
            ..flow
        };
        let count = |s: &PlacedSolid<f64>, want: Facing| {
            (0..s.mesh.faces.len())
                .filter(|&f| {
                    let corners: Vec<Vec3<f64>> = s.mesh.faces[f]
                        .iter()
                        .map(|&i| s.mesh.vertices[i].clone())
                        .collect();
                    flow.facing(&corners, &s.normals[f]) == want
                })
                .count()
        };
        let forward_faces_b = count(&sb, Facing::Forward);
        let backward_faces_a = count(&sa, Facing::Backward);
        FloatContext {
            a: sa,
            b: sb,
            forward,
            a_motion: a.float_motion(t0, t1),
            t1: t1.to_f64(),
            angle,
            forward_faces_b,
            backward_faces_a,
            slide,
        }
    }
}

/// The event's geometry at path parameter `lambda` and time `t`.
pub(crate) fn event_geometry(
    ctx: &FloatContext,
    kind: EventKind,
    ia: usize,
    ib: usize,
    lambda: f64,
    t: f64,
) -> EventGeometry {
    let d = ctx.forward.d.eval(&lambda);
    let rot = eval_mat(&ctx.forward.m, lambda).scale(&(1.0 / d));
    let rho = (lambda * ctx.slide.1).atan() / ctx.slide.2;
    let shift = &ctx.forward.c.map(|p| p.eval(&lambda) / d) + &ctx.slide.0.scale(&rho);
    let b_at = |i: usize| &rot.mul_vec(&ctx.b.mesh.vertices[i]) + &shift;
    let b_normal = |f: usize| rot.mul_vec(&ctx.b.normals[f]);
    let corners = |s: &PlacedSolid<f64>, v: usize, turn: &Mat3<f64>| -> Vec<FaceCorner> {
        let p = &s.mesh.vertices[v];
        face_corners(&s.mesh.faces, &s.mesh.vertex_faces[v], v)
            .map(|(f, next, previous)| FaceCorner {
                next: turn.mul_vec(&(&s.mesh.vertices[next] - p)),
                previous: turn.mul_vec(&(&s.mesh.vertices[previous] - p)),
                normal: turn.mul_vec(&s.normals[f]),
            })
            .collect()
    };
    let (point, normal, properness) = match kind {
        EventKind::FaceVertex => {
            let n = unit(&ctx.a.normals[ia]);
            let p = solid_vertex_properness(&corners(&ctx.b, ib, &rot), &n);
            (b_at(ib), Some(n), Some(p))
        }
        EventKind::VertexFace => {
            let nb = unit(&b_normal(ib));
            let p = solid_vertex_properness(&corners(&ctx.a, ia, &Mat3::identity()), &nb);
            (ctx.a.mesh.vertices[ia].clone(), Some(-nb), Some(p))
        }
        EventKind::EdgeEdge => {
            let ea_edge = &ctx.a.mesh.edges[ia];
            let eb_edge = &ctx.b.mesh.edges[ib];
            let p0 = &ctx.a.mesh.vertices[ea_edge.v[0]];
            let ea = &ctx.a.mesh.vertices[ea_edge.v[1]] - p0;
            let q0 = b_at(eb_edge.v[0]);
            let eb = &b_at(eb_edge.v[1]) - &q0;
            let na = [
                &ctx.a.normals[ea_edge.faces[0]],
                &ctx.a.normals[ea_edge.faces[1]],
            ];
            let nb0 = b_normal(eb_edge.faces[0]);
            let nb1 = b_normal(eb_edge.faces[1]);
            let n = ea.cross(&eb);
            let nn = n.norm_squared();
            let w = &q0 - p0;
            let alpha = if nn > 0.0 {
                w.cross(&eb).dot(&n) / nn
            } else {
                0.0
            };
            let point = p0 + &ea.scale(&alpha);
            match edge_properness(&ea, &eb, na, [&nb0, &nb1]) {
                Some((p, n)) => (point, Some(n), Some(p)),
                None => (point, None, None),
            }
        }
    };
    let (m, v) = ctx.a_motion.eval(t);
    let world = &m.mul_vec(&point) + &v;
    let normal = normal.map(|n| unit(&m.mul_vec(&n)));
    EventGeometry {
        point: [world.x, world.y, world.z],
        normal: normal.map(|n| [n.x, n.y, n.z]),
        properness,
    }
}
