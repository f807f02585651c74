//! A turning box sweeps a ring about its axis: separation without axes.
//!
//! Under a `screw` a body turns about a fixed line and slides along it;
//! under an `angular` motion it turns about the line through its moving
//! centre along the angular velocity, a line that moves with the centre
//! but keeps its direction. Either way every point of the body keeps its
//! distance to that line: if `ρ` is the least distance from the box to its
//! axis at one instant, the box stays at distance `ρ` or more from the
//! axis at every time, however fast it turns. If every corner of the other
//! box stays strictly within `ρ` of the axis over a cell, the other box
//! (convex, and the open cylinder of radius `ρ` is convex) lies inside the
//! cylinder, the turning box outside it: they are apart over the whole
//! cell. This bounds the swept volume of the turning box by a solid of
//! revolution, the conservative bound of continuous collision detection
//! (Eberly's separating axes, `docs/methods/sat.md`, "Rings about a
//! turning axis"), and proves misses of fast spins that every axis of
//! Table 1 fails on wide cells.
//!
//! The least distance `ρ` is exact: when the line misses the box, the
//! squared distance to the line, a convex function, takes its least value
//! over the box on an edge (on each face the line's trace, where the
//! function vanishes, lies outside the face; a face parallel to the line
//! has a least value on its boundary too), so `ρ^2` is the least of twelve
//! segment-to-line squared distances, each a clamped quadratic in
//! rationals.
#![deny(clippy::float_arithmetic)]

use super::boxes::cross;
use crate::geom::{BoxShape, Pose, Vec3};
use crate::motion::{dot, IntervalVec, Motion, PlacementEnclosure};
use crate::scalar::interval::{Dyad, Interval, Rounding};
use crate::scalar::BigRational;
use num_traits::{One, Signed, Zero};

/// The axis a box turns about and the box's least distance to it: the line
/// through `point + t drift` along `direction` at time `t` (world
/// coordinates).
#[derive(Clone, Debug)]
pub(crate) struct Ring {
    /// True when `b` turns (the ring is `b`'s), else `a`.
    pub turning_b: bool,
    /// `ρ^2`, the least squared distance from the box to its axis.
    pub radius_squared: BigRational,
    point: IntervalVec,
    drift: IntervalVec,
    direction: IntervalVec,
    /// A lower bound of `ρ^2 |direction|^2`.
    bound: Dyad,
}

impl Ring {
    /// The same ring at `p` bits: its intervals rounded outward, its lower
    /// bound down.
    pub(crate) fn rounded(&self, p: u64) -> Ring {
        let vec =
            |v: &IntervalVec| -> IntervalVec { std::array::from_fn(|k| v[k].round_outward(p)) };
        Ring {
            turning_b: self.turning_b,
            radius_squared: self.radius_squared.clone(),
            point: vec(&self.point),
            drift: vec(&self.drift),
            direction: vec(&self.direction),
            bound: self.bound.round(p, crate::scalar::interval::Rounding::Down),
        }
    }

    /// The ring of a box under `motion` from `pose` (the placement at
    /// `t = 0`), at `p` bits: `None` for a motion that turns about no fixed
    /// direction, or when the axis meets the box (`ρ = 0`).
    pub(crate) fn of(
        shape: &BoxShape<BigRational>,
        pose: &Pose<BigRational>,
        motion: &Motion,
        turning_b: bool,
        p: u64,
    ) -> Option<Ring> {
        let zero = Vec3::zero();
        // the line's point at t = 0, its drift, its direction (world)
        let (point, drift, direction) = match motion {
            Motion::Screw {
                axis_point,
                axis_direction,
                ..
            } => (axis_point.clone(), zero, axis_direction.clone()),
            Motion::Angular {
                velocity,
                angular_velocity,
                center,
            } if !angular_velocity.is_zero() => (
                &pose.translation + &pose.rotation.mul_vec(center),
                velocity.clone(),
                angular_velocity.clone(),
            ),
            _ => return None,
        };
        let local = pose.rotation.transpose();
        let radius_squared = box_line_distance_squared(
            &Vec3::from_array(shape.half_extents.clone()),
            &local.mul_vec(&(&point - &pose.translation)),
            &local.mul_vec(&direction),
        );
        if !radius_squared.is_positive() {
            return None;
        }
        let vec = |v: &Vec3<BigRational>| -> IntervalVec {
            std::array::from_fn(|k| Interval::from_rational(&v[k], p))
        };
        let scaled = &radius_squared * direction.norm_squared();
        Some(Ring {
            turning_b,
            bound: Dyad::from_rational(&scaled, p, Rounding::Down),
            radius_squared,
            point: vec(&point),
            drift: vec(&drift),
            direction: vec(&direction),
        })
    }

    /// True when every corner of the other box (half extents `h`, placed
    /// within `other` at every time of `time`) is strictly within `ρ` of
    /// the axis at every time of `time`: the boxes are apart there (module
    /// docs).
    pub(crate) fn separates(
        &self,
        other: &PlacementEnclosure,
        h: &[Interval; 3],
        time: &Interval,
        p: u64,
    ) -> bool {
        // the corners relative to the axis point: o - q(t) + sum ±h_i F_i
        let base: IntervalVec = std::array::from_fn(|k| {
            other.origin[k]
                .sub(&self.point[k], p)
                .sub(&self.drift[k].mul(time, p), p)
        });
        let columns: [IntervalVec; 3] =
            std::array::from_fn(|i| std::array::from_fn(|k| other.frame[k][i].mul(&h[i], p)));
        (0..8).all(|corner: usize| {
            let d: IntervalVec = std::array::from_fn(|k| {
                (0..3).fold(base[k].clone(), |acc, i| {
                    if corner >> i & 1 == 1 {
                        acc.add(&columns[i][k], p)
                    } else {
                        acc.sub(&columns[i][k], p)
                    }
                })
            });
            // |d x u|^2 = dist^2 |u|^2
            let c = cross(&d, &self.direction, p);
            dot(&c, &c, p).hi() < &self.bound
        })
    }
}

/// The least squared distance from the box `[-h, h]` to the line through
/// `q` along `e` (`e` non-zero), exactly (module docs): `0` when the line
/// meets the closed box.
pub(crate) fn box_line_distance_squared(
    h: &Vec3<BigRational>,
    q: &Vec3<BigRational>,
    e: &Vec3<BigRational>,
) -> BigRational {
    if line_meets_box(h, q, e) {
        return BigRational::zero();
    }
    let corner = |bits: usize| -> Vec3<BigRational> {
        Vec3::from_array(std::array::from_fn(|i| {
            if bits >> i & 1 == 1 {
                h[i].clone()
            } else {
                -h[i].clone()
            }
        }))
    };
    let mut least: Option<BigRational> = None;
    for from in 0..8usize {
        for i in 0..3 {
            if from >> i & 1 == 0 {
                let d = segment_line_distance_squared(&corner(from), &corner(from | 1 << i), q, e);
                if least.as_ref().is_none_or(|l| d < *l) {
                    least = Some(d);
                }
            }
        }
    }
    least.unwrap_or_else(BigRational::zero)
}

/// Whether the line through `q` along `e` meets the closed box `[-h, h]`:
/// the slab test, exactly.
fn line_meets_box(h: &Vec3<BigRational>, q: &Vec3<BigRational>, e: &Vec3<BigRational>) -> bool {
    let (mut lo, mut hi): (Option<BigRational>, Option<BigRational>) = (None, None);
    for i in 0..3 {
        if e[i].is_zero() {
            if q[i].abs() > h[i] {
                return false;
            }
            continue;
        }
        // q_i + s e_i in [-h_i, h_i]
        let a = (-&h[i] - &q[i]) / &e[i];
        let b = (&h[i] - &q[i]) / &e[i];
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if lo.as_ref().is_none_or(|l| a > *l) {
            lo = Some(a);
        }
        if hi.as_ref().is_none_or(|x| b < *x) {
            hi = Some(b);
        }
    }
    match (lo, hi) {
        (Some(lo), Some(hi)) => lo <= hi,
        // e is zero: not a line
        _ => true,
    }
}

/// The least squared distance from the segment `y0 y1` to the line through
/// `q` along `e`: the squared length of the part of `y0 + s (y1 - y0) - q`
/// across `e`, a quadratic in `s` least at its vertex clamped to `[0, 1]`.
fn segment_line_distance_squared(
    y0: &Vec3<BigRational>,
    y1: &Vec3<BigRational>,
    q: &Vec3<BigRational>,
    e: &Vec3<BigRational>,
) -> BigRational {
    let ee = e.norm_squared();
    let across = |v: &Vec3<BigRational>| v - &e.scale(&(v.dot(e) / &ee));
    let (a0, ad) = (across(&(y0 - q)), across(&(y1 - y0)));
    let dd = ad.norm_squared();
    let s = if dd.is_zero() {
        BigRational::zero()
    } else {
        let s = -a0.dot(&ad) / &dd;
        s.clamp(BigRational::zero(), BigRational::one())
    };
    (&a0 + &ad.scale(&s)).norm_squared()
}

/// The rings of two boxes under their motions, at `p` bits.
pub(crate) fn rings_of(
    (box_a, body_a): (&BoxShape<BigRational>, &crate::motion::Body),
    (box_b, body_b): (&BoxShape<BigRational>, &crate::motion::Body),
    p: u64,
) -> Vec<Ring> {
    [(box_a, body_a, false), (box_b, body_b, true)]
        .into_iter()
        .filter_map(|(shape, body, turning_b)| {
            Ring::of(shape, &body.pose, &body.motion, turning_b, p)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Shape;
    use crate::motion::Body;
    use crate::scalar::parse_number;
    use proptest::prelude::*;

    fn q(s: &str) -> BigRational {
        parse_number(s).unwrap()
    }

    fn v(a: &str, b: &str, c: &str) -> Vec3<BigRational> {
        Vec3::new(q(a), q(b), q(c))
    }

    #[test]
    fn the_least_distance_to_a_line_is_the_hand_derived_one() {
        let h = v("1", "1", "1");
        let d = |point: Vec3<BigRational>, along: Vec3<BigRational>| {
            box_line_distance_squared(&h, &point, &along)
        };
        // through the box, and along an edge's line (touching it)
        assert_eq!(d(v("0", "0", "0"), v("0", "0", "1")), q("0"));
        assert_eq!(d(v("1", "1", "7"), v("0", "0", "1")), q("0"));
        // beside a face, beside a vertical edge
        assert_eq!(d(v("3", "0", "0"), v("0", "0", "1")), q("4"));
        assert_eq!(d(v("3", "3", "0"), v("0", "0", "2")), q("8"));
        // above the top face, parallel to it; across the diagonal x + y = 6
        assert_eq!(d(v("0", "0", "5"), v("1", "1", "0")), q("16"));
        assert_eq!(d(v("3", "3", "0"), v("1", "-1", "0")), q("8"));
        // slanted: the line x = 2 + s, y = 4, z = s is 3 away in y (at
        // best, y = 1) and |x - z - 2| / sqrt 2 away in the xz-plane, which
        // vanishes at the corner (1, 1, -1): 9; moved to x - z = 4, the
        // same corner is 2 / sqrt 2 away in the xz-plane: 9 + 2
        assert_eq!(d(v("2", "4", "0"), v("1", "0", "1")), q("9"));
        assert_eq!(d(v("4", "4", "0"), v("1", "0", "1")), q("11"));
    }

    proptest! {
        #[test]
        fn no_point_of_the_box_is_closer_to_the_line(
            h in proptest::array::uniform3(1i64..4),
            point in proptest::array::uniform3(-6i64..7),
            along in proptest::array::uniform3(-3i64..4),
        ) {
            prop_assume!(along.iter().any(|x| *x != 0));
            let r = |x: i64| BigRational::from_integer(x.into());
            let (h, point, along) = (h.map(r), point.map(r), along.map(r));
            let (h, point, along) = (Vec3::from_array(h), Vec3::from_array(point), Vec3::from_array(along));
            let least = box_line_distance_squared(&h, &point, &along);
            // a grid of 7^3 points of the box, boundary included
            let ee = along.norm_squared();
            for i in 0..343i64 {
                let y = Vec3::from_array(std::array::from_fn(|k| {
                    let step = (i / 7i64.pow(k as u32)) % 7 - 3;
                    &h[k] * BigRational::new(step.into(), 3.into())
                }));
                let d = &y - &point;
                let across = d.cross(&along).norm_squared() / &ee;
                prop_assert!(across >= least, "{across} < {least}");
            }
        }
    }

    fn screw_b(centre_x: &str, half: &str) -> (Body, Body) {
        let a = Body {
            shape: Shape::Box(BoxShape::new([q("1"), q("1"), q("1")])),
            pose: Pose::identity(),
            motion: Motion::Static,
        };
        let b = Body {
            shape: Shape::Box(BoxShape::new([q(half), q(half), q(half)])),
            pose: Pose::new(crate::geom::Mat3::identity(), v(centre_x, "0", "0")),
            motion: Motion::Screw {
                axis_point: v("0", "0", "0"),
                axis_direction: v("0", "0", "3"),
                angle: q("40"),
                slide: q("1/2"),
            },
        };
        (a, b)
    }

    #[test]
    fn a_ring_proves_a_fast_spin_apart_in_one_cell() {
        // b's least distance to the z axis is 7/2, a's corners are sqrt 2
        // from it: six turns and more, no contact, one cell
        let (a, b) = screw_b("4", "1/2");
        let ring = Ring::of(
            &BoxShape::new([q("1/2"), q("1/2"), q("1/2")]),
            &b.pose,
            &b.motion,
            true,
            64,
        )
        .expect("a ring");
        assert_eq!(ring.radius_squared, q("49/4"));
        let out = super::super::solve_cells(&a, &b, (&q("0"), &q("1")), 64).unwrap();
        assert!(!out.collides);
        assert_eq!(out.cells, 1);
        let pieces = &out.evidence.expect("evidence").separation;
        assert_eq!(pieces.len(), 1);
        assert_eq!(pieces[0].about_axis, Some((true, q("49/4"))));
    }

    #[test]
    fn a_ring_that_holds_the_other_box_only_in_part_proves_nothing() {
        // b's least distance 13/10 is below a's corners' sqrt 2: b sweeps
        // them, and the contact is found; no piece claims the ring
        let (a, b) = screw_b("9/5", "1/2");
        let out = super::super::solve_cells(&a, &b, (&q("0"), &q("1")), 64).unwrap();
        assert!(out.collides);
        let pieces = &out.evidence.expect("evidence").separation;
        assert!(pieces.iter().all(|p| p.about_axis.is_none()));
    }
}
