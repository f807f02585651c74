//! A cheap exact test that rules a feature pair out over the whole
//! interval before its polynomials are written: when the moving body's
//! relative motion is a translation at constant velocity in the fixed
//! body's frame (constant `L` and `w`, `T` of degree at most 1: two bodies
//! under `static` and `linear` motions), each moving core point runs along
//! a segment, whose axis-aligned box is spanned by its two ends. A pair's
//! condition says the two closed features are within `D`; the distance of
//! two sets is at least the gap, along any axis, between their boxes, so a
//! gap larger than `D` on some axis means the pair never holds (its set of
//! times is empty: dropping it changes no answer).
//!
//! The boxes are the coarsest bounding volumes (C. Ericson, "Real-Time
//! Collision Detection", chapter 4.2, axis-aligned bounding boxes); the
//! test costs a few rational comparisons where writing a pair costs dozens
//! of polynomial products.
#![deny(clippy::float_arithmetic)]

use crate::geom::core::Core;
use crate::geom::Vec3;
use crate::motion::PolyMotion;
use crate::poly::Poly;
use crate::scalar::{BigRational, Ring};

type Q = BigRational;

/// An axis-aligned box: lower and upper corners.
pub(crate) type Bounds = ([Q; 3], [Q; 3]);

/// The boxes of the moving core points' paths over the interval, each
/// grown by `D` on every side.
pub(crate) struct Reach {
    paths: Vec<Bounds>,
}

fn coords(v: &Vec3<Q>) -> [Q; 3] {
    [v.x.clone(), v.y.clone(), v.z.clone()]
}

/// The box of a list of boxes or points (non-empty).
fn union<'a>(mut boxes: impl Iterator<Item = (&'a [Q; 3], &'a [Q; 3])>) -> Bounds {
    let (lo, hi) = boxes.next().expect("at least one point");
    let (mut lo, mut hi) = (lo.clone(), hi.clone());
    for (l, h) in boxes {
        for k in 0..3 {
            if l[k] < lo[k] {
                lo[k] = l[k].clone();
            }
            if h[k] > hi[k] {
                hi[k] = h[k].clone();
            }
        }
    }
    (lo, hi)
}

/// The box of some points of a core (local coordinates).
pub(crate) fn feature_bounds(core: &Core, indices: &[usize]) -> Bounds {
    let points: Vec<[Q; 3]> = indices.iter().map(|&i| coords(&core.points[i])).collect();
    union(points.iter().map(|p| (p, p)))
}

impl Reach {
    /// The paths' boxes of the moving core's points under the relative
    /// motion `rel` on `[from, to]`; `None` unless `rel` is a translation
    /// at constant velocity (module docs), where no such box is computed.
    pub(crate) fn new(
        moving: &Core,
        rel: &PolyMotion<Q>,
        from: &Q,
        to: &Q,
        big_d: &Q,
    ) -> Option<Self> {
        let constant = |p: &Poly<Q>| p.is_constant();
        let affine = rel.linear.rows.iter().flatten().all(constant)
            && constant(&rel.denominator)
            && rel
                .translation
                .iter()
                .all(|p| p.degree().is_none_or(|d| d <= 1));
        if !affine {
            return None;
        }
        let w = rel.denominator.eval(from);
        if w.is_zero() {
            return None;
        }
        let inv_w = w.recip();
        let linear = rel.linear.map(|p| p.eval(from));
        let start = rel.translation.map(|p| p.eval(from));
        let end = rel.translation.map(|p| p.eval(to));
        let paths = moving
            .points
            .iter()
            .map(|y| {
                let ly = linear.mul_vec(y);
                let a = coords(&(&ly + &start).scale(&inv_w));
                let b = coords(&(&ly + &end).scale(&inv_w));
                let (lo, hi) = union([(&a, &a), (&b, &b)].into_iter());
                (lo.map(|x| x - big_d), hi.map(|x| x + big_d))
            })
            .collect();
        Some(Reach { paths })
    }

    /// True when the fixed feature (its box) and the moving feature (its
    /// core points) are more than `D` apart along some axis at every time.
    pub(crate) fn apart(&self, fixed: &Bounds, moving_points: &[usize]) -> bool {
        (0..3).any(|k| {
            let below = moving_points
                .iter()
                .all(|&i| self.paths[i].1[k] < fixed.0[k]);
            below
                || moving_points
                    .iter()
                    .all(|&i| self.paths[i].0[k] > fixed.1[k])
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{BoxFace, BoxShape, Feature, Mat3, Shape, Sphere};
    use crate::scalar::BigInt;

    fn q(n: i64, d: i64) -> Q {
        Q::new(BigInt::from(n), BigInt::from(d))
    }

    fn unit_box() -> Core {
        Core::of(&Shape::Box(BoxShape::new([q(1, 1), q(1, 1), q(1, 1)])), "a").unwrap()
    }

    fn face_x(core: &Core, positive: bool) -> Bounds {
        let face = core
            .faces
            .iter()
            .find(|f| f.feature == Feature::BoxFace(BoxFace { axis: 0, positive }))
            .unwrap();
        feature_bounds(core, &face.corners)
    }

    /// A ball's centre (its core) from `(5, 0, 0)` at `t = 0` to
    /// `(3, 0, 0)` at `t = 1`, in the frame of a box of half extents 1.
    fn closing() -> PolyMotion<Q> {
        PolyMotion::new(
            Mat3::identity(),
            Vec3::new(
                Poly::from_coeffs(vec![q(5, 1), q(-2, 1)]),
                Poly::zero(),
                Poly::zero(),
            ),
            Poly::constant(q(1, 1)),
        )
    }

    #[test]
    fn rules_out_a_pair_by_the_gap_along_an_axis() {
        let cube = unit_box();
        let ball = Core::of(&Shape::Sphere(Sphere { radius: q(1, 1) }), "b").unwrap();
        let (near, far) = (face_x(&cube, true), face_x(&cube, false));
        assert_eq!(near.0, [q(1, 1), q(-1, 1), q(-1, 1)]);
        assert_eq!(near.1, [q(1, 1), q(1, 1), q(1, 1)]);
        // D = 1: the path's x runs over [3, 5], 2 from the face x = 1
        let reach = Reach::new(&ball, &closing(), &q(0, 1), &q(1, 1), &q(1, 1)).unwrap();
        assert!(reach.apart(&near, &[0]));
        // D = 2: the gap equals D (the ball touches the face at t = 1): kept
        let reach = Reach::new(&ball, &closing(), &q(0, 1), &q(1, 1), &q(2, 1)).unwrap();
        assert!(!reach.apart(&near, &[0]));
        // the face x = -1 is 4 away
        assert!(reach.apart(&far, &[0]));
        // on [0, 1/2] the centre only reaches x = 4, 3 from the face
        let reach = Reach::new(&ball, &closing(), &q(0, 1), &q(1, 2), &q(2, 1)).unwrap();
        assert!(reach.apart(&near, &[0]));
    }

    #[test]
    fn a_moving_edge_is_kept_when_either_end_comes_near() {
        // the box moving against the ball: its core points run from
        // y + (5, 0, 0) to y + (3, 0, 0); the ball's centre is the origin
        let cube = unit_box();
        let ball = Core::of(&Shape::Sphere(Sphere { radius: q(1, 1) }), "b").unwrap();
        let centre = feature_bounds(&ball, &[0]);
        let reach = Reach::new(&cube, &closing(), &q(0, 1), &q(1, 1), &q(2, 1)).unwrap();
        let x_of = |i: usize| cube.points[i].x.clone();
        let low = (0..8).find(|&i| x_of(i) == q(-1, 1)).unwrap();
        let high = (0..8).find(|&i| x_of(i) == q(1, 1)).unwrap();
        // a vertex with x = -1 comes to x = 2, at D = 2: kept; one with
        // x = +1 stays at x >= 4: ruled out; an edge joining them: kept
        assert!(!reach.apart(&centre, &[low]));
        assert!(reach.apart(&centre, &[high]));
        assert!(!reach.apart(&centre, &[low, high]));
    }

    #[test]
    fn takes_only_translations_at_constant_velocity() {
        let ball = Core::of(&Shape::Sphere(Sphere { radius: q(1, 1) }), "b").unwrap();
        let mut accelerating = closing();
        accelerating.translation = Vec3::new(
            Poly::from_coeffs(vec![q(5, 1), q(0, 1), q(-2, 1)]),
            Poly::zero(),
            Poly::zero(),
        );
        assert!(Reach::new(&ball, &accelerating, &q(0, 1), &q(1, 1), &q(1, 1)).is_none());
        let mut scaled = closing();
        scaled.denominator = Poly::from_coeffs(vec![q(1, 1), q(1, 1)]);
        assert!(Reach::new(&ball, &scaled, &q(0, 1), &q(1, 1), &q(1, 1)).is_none());
    }
}
