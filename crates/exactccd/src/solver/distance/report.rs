//! The printed extras of a first contact, in `f64`: the features' names
//! (a triangle's side), a contact point and the unit normal from `a` to
//! `b`. Nothing here decides anything; the exact answer is the time.
// The printed point and normal are f64 by the contract (docs/FORMAT.md 3).
#![allow(clippy::float_arithmetic)]

use super::pairs::{PairShape, PairTest};
use crate::geom::core::Core;
use crate::geom::{Feature, Vec3};
use crate::motion::{Body, PolyMotion};
use crate::scalar::{BigRational, Scalar};

type P = [f64; 3];

/// The pair that first comes within `D`, with the motions of its piece.
#[derive(Clone, Debug)]
pub(super) struct FirstPair {
    shape: PairShape,
    fixed_is_b: bool,
    features: (Feature, Feature),
    fixed_points: Vec<usize>,
    moving_points: Vec<usize>,
    motion_a: Option<PolyMotion<f64>>,
    motion_b: Option<PolyMotion<f64>>,
}

impl FirstPair {
    pub(super) fn new<S>(test: &PairTest<S>, a: &Body, b: &Body, from: &BigRational) -> Self {
        let motion = |x: &Body| PolyMotion::from_body_on(x, from).map(|m| m.map_scalar::<f64>());
        FirstPair {
            shape: test.shape,
            fixed_is_b: test.fixed_is_b,
            features: test.features,
            fixed_points: test.fixed_points.clone(),
            moving_points: test.moving_points.clone(),
            motion_a: motion(a),
            motion_b: motion(b),
        }
    }
}

/// What is printed about the first contact.
pub(super) struct Found {
    pub(super) features: (Feature, Feature),
    pub(super) point: Option<P>,
    pub(super) normal: Option<P>,
}

fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn add(a: P, b: P) -> P {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
fn scale(a: P, s: f64) -> P {
    [a[0] * s, a[1] * s, a[2] * s]
}
fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn cross(a: P, b: P) -> P {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
fn unit(a: P) -> Option<P> {
    let n = dot(a, a).sqrt();
    (n > 1e-300 && n.is_finite()).then(|| scale(a, 1.0 / n))
}

/// The point of the segment `[p, q]` nearest `x`.
fn on_segment(x: P, p: P, q: P) -> P {
    let e = sub(q, p);
    let ee = dot(e, e);
    if ee <= 0.0 {
        return p;
    }
    let s = (dot(sub(x, p), e) / ee).clamp(0.0, 1.0);
    add(p, scale(e, s))
}

/// The nearest points of two segments (the closest points of the lines,
/// clamped; good enough for a printed point).
fn segments(p0: P, p1: P, q0: P, q1: P) -> (P, P) {
    let (u, v, r) = (sub(p1, p0), sub(q1, q0), sub(q0, p0));
    let (a, b, c, d, e) = (dot(u, u), dot(u, v), dot(v, v), dot(u, r), dot(v, r));
    let den = a * c - b * b;
    let s = if den > 0.0 {
        ((c * d - b * e) / den).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let on_q = on_segment(add(p0, scale(u, s)), q0, q1);
    let on_p = on_segment(on_q, p0, p1);
    (on_p, on_q)
}

fn centroid(points: &[P]) -> P {
    let n = points.len().max(1) as f64;
    scale(points.iter().fold([0.0; 3], |acc, p| add(acc, *p)), 1.0 / n)
}

/// The features, point and normal of the first pair at the time `t`.
pub(super) fn describe(first: &FirstPair, cores: &(Core, Core), t: f64) -> Found {
    let mut found = Found {
        features: first.features,
        point: None,
        normal: None,
    };
    let (Some(ma), Some(mb)) = (&first.motion_a, &first.motion_b) else {
        return found;
    };
    let world = |m: &PolyMotion<f64>, y: &Vec3<BigRational>| -> P {
        let x = m.apply_at(&t, &Vec3::<f64>::from_rational(y));
        [x.x, x.y, x.z]
    };
    let ((fixed, fm), (moving, mm)) = if first.fixed_is_b {
        ((&cores.1, mb), (&cores.0, ma))
    } else {
        ((&cores.0, ma), (&cores.1, mb))
    };
    let fp: Vec<P> = first
        .fixed_points
        .iter()
        .map(|&i| world(fm, &fixed.points[i]))
        .collect();
    let mp: Vec<P> = first
        .moving_points
        .iter()
        .map(|&i| world(mm, &moving.points[i]))
        .collect();
    let all_fixed: Vec<P> = fixed.points.iter().map(|y| world(fm, y)).collect();
    let all_moving: Vec<P> = moving.points.iter().map(|y| world(mm, y)).collect();
    let away = sub(centroid(&all_moving), centroid(&all_fixed));
    let (xf, xm, fallback) = match first.shape {
        PairShape::VertexFace => {
            let n = unit(cross(sub(fp[1], fp[0]), sub(fp[2], fp[0])));
            let Some(n) = n else { return found };
            let h = dot(sub(mp[0], fp[0]), n);
            if fixed.two_sided {
                let face = Feature::TriangleFace { front: h >= 0.0 };
                if first.fixed_is_b {
                    found.features.1 = face;
                } else {
                    found.features.0 = face;
                }
            }
            let outward = if fixed.two_sided && h < 0.0 {
                scale(n, -1.0)
            } else {
                n
            };
            (sub(mp[0], scale(n, h)), mp[0], Some(outward))
        }
        PairShape::VertexEdge => (on_segment(mp[0], fp[0], fp[1]), mp[0], None),
        PairShape::VertexVertex => (fp[0], mp[0], None),
        PairShape::EdgeEdge => {
            let (x, y) = segments(fp[0], fp[1], mp[0], mp[1]);
            let n = unit(cross(sub(fp[1], fp[0]), sub(mp[1], mp[0]))).map(|n| {
                if dot(n, away) < 0.0 {
                    scale(n, -1.0)
                } else {
                    n
                }
            });
            (x, y, n)
        }
    };
    let gap = sub(xm, xf);
    let scale_len = dot(away, away).sqrt().max(1.0);
    let n_fixed_to_moving = if dot(gap, gap).sqrt() > 1e-9 * scale_len {
        unit(gap)
    } else {
        fallback
    };
    let Some(n) = n_fixed_to_moving else {
        found.point = Some(if first.fixed_is_b { xm } else { xf });
        return found;
    };
    let (normal, xa) = if first.fixed_is_b {
        (scale(n, -1.0), xm)
    } else {
        (n, xf)
    };
    let ra = cores.0.radius.to_f64();
    found.normal = Some(normal);
    found.point = Some(add(xa, scale(normal, ra)));
    found
}
