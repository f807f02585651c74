//! The collision screen of Buss ("Collision Detection with Glide Rotations", section 7), in `f64`: the
//! coordinates `(r, h, t)` of a point in the frame where the glide axis is
//! the `y` axis (`facing::Flow::axis_frame`). The raster variant
//! (`raster/project.rs`) uses the same formulas with the azimuth taken in
//! the sector of the piece being projected (doppeling, section 8).
//!
//! Unwrap the cylinder of radius `r = sqrt(x^2 + z^2)` about the axis into
//! the plane with coordinates `(r φ, y)`, `φ = atan2(x, z)` (the azimuth from
//! the `yz`-plane). The glide moves a point by `D = (r θ, g)` per unit time,
//! so (derived again: the extracted formula lost its factors `r`)
//!
//! * `t = (r^2 θ φ + g y) / (r^2 θ^2 + g^2)`, the time to reach the screen
//!   (the projection of `(rφ, y)` on `D`, over `|D|^2`);
//! * `h = r (θ y - g φ) / sqrt(r^2 θ^2 + g^2)`, the signed distance along
//!   the screen line, perpendicular to the flow.
//!
//! On the axis (`r = 0`) `φ` is undefined: `φ = 0`, `h = 0`, `t = y / g`, as
//! the paper says. Two points that project to the same `(r, h)` meet when
//! moved by the flow, at half the difference of their `t` (section 6).
#![allow(clippy::float_arithmetic)]

use crate::geom::Vec3;

/// A point's place on the collision screen and its time to reach it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScreenPoint {
    /// Distance from the glide axis.
    pub r: f64,
    /// Position along the screen line of radius `r`.
    pub h: f64,
    /// Time to reach the screen (negative: reached in the past).
    pub t: f64,
}

/// The collision-screen coordinates of `point` (axis frame: the axis is the
/// `y` axis) for the glide of angle `theta` and slide `g` per unit time,
/// with the azimuth taken `turns` full turns beyond `atan2(x, z)` (0 for
/// the plain projection; others are the doppeled copies of section 8).
/// `None` when the glide is the identity (`θ = g = 0`).
pub fn screen_point(point: &Vec3<f64>, theta: f64, g: f64, turns: i32) -> Option<ScreenPoint> {
    let r = (point.x * point.x + point.z * point.z).sqrt();
    let phi = if r > 0.0 {
        point.x.atan2(point.z) + f64::from(turns) * std::f64::consts::TAU
    } else {
        0.0
    };
    let d2 = r * r * theta * theta + g * g;
    if d2 == 0.0 {
        return None;
    }
    let t = (r * r * theta * phi + g * point.y) / d2;
    let h = r * (theta * point.y - g * phi) / d2.sqrt();
    Some(ScreenPoint { r, h, t })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motion::rotation_about_axis;

    /// The flow of eq. (2): rotate by `θ s` about `y`, rise by `g s`.
    fn flow(p: &Vec3<f64>, theta: f64, g: f64, s: f64) -> Vec3<f64> {
        let m = rotation_about_axis(&Vec3::new(0.0, 1.0, 0.0), theta * s);
        &m.mul_vec(p) + &Vec3::new(0.0, g * s, 0.0)
    }

    #[test]
    fn the_flow_moves_points_along_t_and_keeps_r_and_h() {
        for (theta, g) in [(0.7, 0.3), (0.4, -1.2), (1.0, 0.0), (0.0, 2.0)] {
            let p = Vec3::new(0.3, -0.2, 1.1);
            let a = screen_point(&p, theta, g, 0).unwrap();
            for s in [0.05, 0.2, 0.5] {
                let b = screen_point(&flow(&p, theta, g, s), theta, g, 0).unwrap();
                assert!((b.r - a.r).abs() < 1e-12);
                assert!((b.h - a.h).abs() < 1e-12, "{theta} {g} {s}");
                assert!((b.t - a.t - s).abs() < 1e-12, "{theta} {g} {s}");
            }
        }
    }

    #[test]
    fn axis_points_have_h_zero_and_t_y_over_g() {
        let s = screen_point(&Vec3::new(0.0, 3.0, 0.0), 0.5, 2.0, 0).unwrap();
        assert_eq!((s.r, s.h), (0.0, 0.0));
        assert!((s.t - 1.5).abs() < 1e-15);
        assert!(screen_point(&Vec3::new(1.0, 0.0, 0.0), 0.0, 0.0, 0).is_none());
    }

    #[test]
    fn a_doppeled_copy_is_one_turn_later() {
        // One more turn of azimuth is 2π/θ more time at g = 0.
        let p = Vec3::new(1.0, 0.0, 0.0);
        let a = screen_point(&p, 0.5, 0.0, 0).unwrap();
        let b = screen_point(&p, 0.5, 0.0, 1).unwrap();
        assert!((b.t - a.t - std::f64::consts::TAU / 0.5).abs() < 1e-12);
    }
}
