//! Boxes and triangles (two boxes, a triangle and a box) under static,
//! linear, rational and piecewise motions, with contact at zero distance:
//! what the solvers take today. Designed entries, tangential touches, near
//! misses (1e-9), touches at `t0` and `t1` and free rotations, with the
//! truth of `tests/reference/shapes_truth.py` (GJK distances in mpmath,
//! certified subdivision). A check of that reference as much as of the
//! solvers: the `shapes` set uses the same script for the new shapes.

use super::support::assert_set_agrees;

#[test]
fn boxes_and_triangles_agree_with_the_fifty_digit_truth() {
    assert_set_agrees("shapes_today", 16);
}
