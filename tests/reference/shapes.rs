//! Spheres, capsules (degenerate ones too), convex hulls (with interior and
//! duplicate points), boxes and triangles, and primitive vertex-face and
//! edge-edge queries, all with a minimum `separation`, under static,
//! linear, rational and piecewise motions: designed entries at rational
//! times, tangential touches at exactly `d`, near misses `1e-9` above `d`,
//! touches at `t0` and `t1`, a capsule parallel to a face, and free
//! rotations with irrational times. Truth: `tests/reference/shapes_truth.py`
//! (GJK distances of the convex cores in mpmath, certified subdivision;
//! rational times confirmed exactly in fractions).

use super::support::assert_set_agrees;

#[test]
fn new_shapes_and_separation_agree_with_the_fifty_digit_truth() {
    assert_set_agrees("shapes", 80);
}
