//! The features, normal and point of two boxes placed at one instant of
//! contact, in `f64`, without allocation: the contact of an `f64` search
//! that finds a time only (the `f64` time cells under turning motions).
//!
//! Eberly, "Dynamic Collision Detection using Oriented Bounding Boxes":
//! at the first time of contact the axis of Table 1 (section 2.1) that
//! separated last is tight, and the contact lies on the face of each box
//! extreme along it (section 2.3.2). At an `f64` time next to the contact
//! the tight axis is the one of largest separation `(|D . L| - R0 - R1) /
//! |L|`; `b` lies on the side of the sign of `D . L`. The features are
//! named as the exact time cells name them (`cells::feature_names`): a face
//! of `a` (or `b`) for its own face axis; otherwise the signs of the box's
//! axes along the outward normal, an axis within a relative `2^-24` of
//! perpendicular to it spanning the feature. The point is the vertex when
//! a feature is a vertex, and the middle of the two edges' closest points
//! for two edges; edges and faces lying flat against one another (no
//! single point) are left to `features.rs`.
#![allow(clippy::float_arithmetic)]

use super::obb_fit::{cross, dot};
use crate::geom::{BoxEdge, BoxFace, BoxVertex, Feature};

/// A box placed in the world: centre, axes (unit columns) and half extents.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlacedBox {
    pub centre: [f64; 3],
    pub axes: [[f64; 3]; 3],
    pub half_extents: [f64; 3],
}

/// The contact [`box_contact_f64`] finds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct BoxContactF64 {
    /// The features of `a` and `b`.
    pub features: (Feature, Feature),
    /// The unit normal from `a` to `b`.
    pub normal: [f64; 3],
    /// The contact point, when the features meet in one.
    pub point: Option<[f64; 3]>,
}

fn along(p: &[f64; 3], s: f64, v: &[f64; 3]) -> [f64; 3] {
    [p[0] + s * v[0], p[1] + s * v[1], p[2] + s * v[2]]
}

/// Which axis of Table 1: a face of `a`, a face of `b`, or `A_i x B_j`.
#[derive(Clone, Copy)]
enum TableAxis {
    A(usize),
    B(usize),
    Cross,
}

/// The axis of Table 1 with the largest separation of the two boxes and
/// the unit normal along it from `a` to `b` (section 2.1); cross products
/// of parallel axes (`|L|^2 <= 1e-18`) are skipped, as in the `f64` gap.
fn tightest_axis(a: &PlacedBox, b: &PlacedBox) -> Option<(TableAxis, [f64; 3])> {
    let d: [f64; 3] = std::array::from_fn(|k| b.centre[k] - a.centre[k]);
    let radius = |bx: &PlacedBox, l: &[f64; 3]| {
        (0..3)
            .map(|i| bx.half_extents[i] * dot(&bx.axes[i], l).abs())
            .sum::<f64>()
    };
    let mut best: Option<(f64, TableAxis, [f64; 3])> = None;
    let mut consider = |kind: TableAxis, l: [f64; 3]| {
        let length_squared = dot(&l, &l);
        if length_squared <= 1e-18 {
            return;
        }
        let length = length_squared.sqrt();
        let along_d = dot(&d, &l);
        let separation = (along_d.abs() - radius(a, &l) - radius(b, &l)) / length;
        if best.as_ref().is_none_or(|(s, _, _)| separation > *s) {
            let sign = if along_d < 0.0 { -1.0 } else { 1.0 };
            let n = l.map(|x| sign * x / length);
            best = Some((separation, kind, n));
        }
    };
    for i in 0..3 {
        consider(TableAxis::A(i), a.axes[i]);
        consider(TableAxis::B(i), b.axes[i]);
    }
    for i in 0..3 {
        for j in 0..3 {
            consider(TableAxis::Cross, cross(&a.axes[i], &b.axes[j]));
        }
    }
    best.map(|(_, kind, n)| (kind, n))
}

/// The feature of a box extreme along the unit `n` (the exact cells'
/// naming, module docs): its face `face` when given, else by the signs of
/// `A_i . n`, an axis within `2^-24` of perpendicular to `n` spanning it.
/// Also the signs, and the one spanning axis of an edge.
fn extreme_feature(bx: &PlacedBox, n: &[f64; 3], face: Option<usize>) -> (Feature, [f64; 3]) {
    let dots: [f64; 3] = std::array::from_fn(|i| dot(&bx.axes[i], n));
    let positive = dots.map(|x| x > 0.0);
    let signs = dots.map(|x| if x > 0.0 { 1.0 } else { -1.0 });
    let flat = dots.map(|x| x.abs() < 2f64.powi(-24));
    let feature = match (face, flat.iter().filter(|f| **f).count()) {
        (Some(i), _) => Feature::BoxFace(BoxFace {
            axis: i,
            positive: positive[i],
        }),
        (None, 0) => Feature::BoxVertex(BoxVertex { positive }),
        (None, 1) => {
            let axis = flat.iter().position(|f| *f).unwrap_or(0);
            let mut positive = positive;
            positive[axis] = false;
            Feature::BoxEdge(BoxEdge { axis, positive })
        }
        (None, _) => {
            let axis = flat.iter().position(|f| !*f).unwrap_or(0);
            Feature::BoxFace(BoxFace {
                axis,
                positive: positive[axis],
            })
        }
    };
    (feature, signs)
}

/// The corner of a box on the sides `signs`, with the axis `skip` (an
/// edge's) left at the centre.
fn corner(bx: &PlacedBox, signs: &[f64; 3], skip: Option<usize>) -> [f64; 3] {
    (0..3).filter(|i| Some(*i) != skip).fold(bx.centre, |p, i| {
        along(&p, signs[i] * bx.half_extents[i], &bx.axes[i])
    })
}

/// The middle of the closest points of the segments `p + s u` and `q + r
/// v`, `|s| <= hu`, `|r| <= hv` (unit `u`, `v`, not parallel).
fn edges_meet(
    p: &[f64; 3],
    u: &[f64; 3],
    hu: f64,
    q: &[f64; 3],
    v: &[f64; 3],
    hv: f64,
) -> [f64; 3] {
    let w: [f64; 3] = std::array::from_fn(|k| p[k] - q[k]);
    let (b, d, e) = (dot(u, v), dot(u, &w), dot(v, &w));
    let denominator = 1.0 - b * b;
    let s = ((b * e - d) / denominator).clamp(-hu, hu);
    let r = (b * s + e).clamp(-hv, hv);
    let s = (b * r - d).clamp(-hu, hu);
    let (x, y) = (along(p, s, u), along(q, r, v));
    std::array::from_fn(|k| 0.5 * (x[k] + y[k]))
}

/// The features, normal and point of two boxes at an instant next to
/// their first contact (module docs); `None` when no axis is defined.
pub(crate) fn box_contact_f64(a: &PlacedBox, b: &PlacedBox) -> Option<BoxContactF64> {
    let (axis, n) = tightest_axis(a, b)?;
    let minus_n = n.map(|x| -x);
    let (face_a, face_b) = match axis {
        TableAxis::A(i) => (Some(i), None),
        TableAxis::B(j) => (None, Some(j)),
        TableAxis::Cross => (None, None),
    };
    let (fa, signs_a) = extreme_feature(a, &n, face_a);
    let (fb, signs_b) = extreme_feature(b, &minus_n, face_b);
    let point = match (fa, fb) {
        (_, Feature::BoxVertex(_)) => Some(corner(b, &signs_b, None)),
        (Feature::BoxVertex(_), _) => Some(corner(a, &signs_a, None)),
        (Feature::BoxEdge(ea), Feature::BoxEdge(eb)) => {
            let (i, j) = (ea.axis, eb.axis);
            let (p, q) = (corner(a, &signs_a, Some(i)), corner(b, &signs_b, Some(j)));
            let parallel = dot(&a.axes[i], &b.axes[j]).abs() >= 1.0 - 1e-12;
            (!parallel).then(|| {
                let (hu, hv) = (a.half_extents[i], b.half_extents[j]);
                edges_meet(&p, &a.axes[i], hu, &q, &b.axes[j], hv)
            })
        }
        _ => None,
    };
    Some(BoxContactF64 {
        features: (fa, fb),
        normal: n,
        point,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_box(centre: [f64; 3], axes: [[f64; 3]; 3]) -> PlacedBox {
        PlacedBox {
            centre,
            axes,
            half_extents: [1.0; 3],
        }
    }

    const IDENTITY: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

    /// `b` turned so that its diagonal `(1, 1, 1)` points along `+x`: its
    /// corner `(-,-,-)` alone reaches `x = 1`, on the face `+x` of `a`.
    #[test]
    fn a_corner_on_a_face_by_hand() {
        let h = std::f64::consts::FRAC_1_SQRT_2;
        let c = 1.0 / 3f64.sqrt();
        // the rotation with columns d = (1,1,1)/sqrt 3, u, d x u: its rows
        // are b's axes, whose sum is (sqrt 3, 0, 0)
        let d = [c, c, c];
        let u = [h, -h, 0.0];
        let w = cross(&d, &u);
        let axes = [[d[0], u[0], w[0]], [d[1], u[1], w[1]], [d[2], u[2], w[2]]];
        let b = unit_box([1.0 + 3f64.sqrt(), 0.25, -0.5], axes);
        let a = unit_box([0.0; 3], IDENTITY);
        let found = box_contact_f64(&a, &b).expect("a contact");
        assert_eq!(found.features.0, "face +x");
        assert_eq!(found.features.1, "vertex (-,-,-)");
        let n = found.normal;
        assert!((n[0] - 1.0).abs() < 1e-12 && n[1].abs() < 1e-12 && n[2].abs() < 1e-12);
        let p = found.point.expect("the corner");
        let want = [1.0, 0.25, -0.5];
        assert!((0..3).all(|k| (p[k] - want[k]).abs() < 1e-12), "{p:?}");
    }

    /// Two unit boxes whose edges cross: `a` turned by 45 degrees about y
    /// (its top edge along y at height `sqrt 2`, `x = 0`), `b` by 45
    /// degrees about x (its bottom edge along x, `sqrt 2` below its
    /// centre), meeting at `(0, -0.2, sqrt 2)`.
    #[test]
    fn two_edges_crossing_by_hand() {
        let h = std::f64::consts::FRAC_1_SQRT_2;
        // a turned 45 degrees about y: its edge along y at the top, at
        // height sqrt 2
        let a = unit_box([0.0; 3], [[h, 0.0, -h], [0.0, 1.0, 0.0], [h, 0.0, h]]);
        // b turned 45 degrees about x: its edge along x at the bottom,
        // sqrt 2 below its centre
        let b = unit_box(
            [0.3, -0.2, 2.0 * 2f64.sqrt()],
            [[1.0, 0.0, 0.0], [0.0, h, h], [0.0, -h, h]],
        );
        let found = box_contact_f64(&a, &b).expect("a contact");
        assert_eq!(
            (found.features.0.kind(), found.features.1.kind()),
            ("edge", "edge")
        );
        let n = found.normal;
        assert!(
            n[0].abs() < 1e-12 && n[1].abs() < 1e-12 && (n[2] - 1.0).abs() < 1e-12,
            "{n:?}"
        );
        let p = found.point.expect("the crossing");
        let want = [0.0, -0.2, 2f64.sqrt()];
        assert!((0..3).all(|k| (p[k] - want[k]).abs() < 1e-12), "{p:?}");
    }
}
