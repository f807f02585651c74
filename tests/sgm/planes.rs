//! The plane set of the SGM solver (the SGM paper, section IV-C, item 4 of the
//! issue): at sample times of random rational motions, every sum of a
//! vertex of `b1` and a vertex of `-b2` lies on the inner side of all 30
//! planes, and every plane whose normal does not vanish touches the sum
//! (some vertex sum lies on it).

use crate::strategies;

use exactccd::geom::{BoxShape, Shape, Vec3};
use exactccd::motion::Body;
use exactccd::poly::Poly;
use exactccd::scalar::BigRational;
use exactccd::solver::sgm::{axis_data, pattern_at, relative_boxes, RelativeBoxes};
use num_traits::Zero;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use strategies::*;

fn with_extents(mut b: Body, h: [BigRational; 3]) -> Body {
    b.shape = Shape::Box(BoxShape::new(h));
    b
}

fn extents() -> impl Strategy<Value = [BigRational; 3]> {
    (1i64..=6, 1i64..=6, 1i64..=6, 1i64..=4)
        .prop_map(|(x, y, z, d)| [ratio(x, d), ratio(y, d), ratio(z, d)])
}

fn body() -> impl Strategy<Value = Body> {
    prop_oneof![rational_motion_body(), linear_motion_body()]
}

/// The 8 x 8 sums `v_a - v_b` at `t`, times `w(t)`.
fn sums(r: &RelativeBoxes<BigRational>, t: &BigRational) -> Vec<Vec3<BigRational>> {
    let w = r.denominator.eval(t);
    let l = r.linear.map(|p: &Poly<BigRational>| p.eval(t));
    let c = r.translation.map(|p| p.eval(t));
    let mut out = Vec::new();
    for i in 0..8usize {
        let va = Vec3::from_array(std::array::from_fn(|k| {
            let e = &r.half_a[k] * &w;
            if i >> k & 1 == 1 {
                e
            } else {
                -e
            }
        }));
        for j in 0..8usize {
            let s = Vec3::from_array(std::array::from_fn(|k| {
                let f = r.half_b[k].clone();
                if j >> k & 1 == 1 {
                    f
                } else {
                    -f
                }
            }));
            let vb = &l.mul_vec(&s) + &c;
            out.push(&va - &vb);
        }
    }
    out
}

#[test]
fn every_vertex_sum_is_inside_every_plane_and_each_plane_touches() {
    let mut runner = TestRunner::new(Config {
        cases: 1000,
        ..Config::default()
    });
    runner
        .run(
            &(body(), body(), extents(), extents(), unit_time()),
            |(a, b, ea, eb, t)| {
                let a = with_extents(a, ea);
                let b = with_extents(b, eb);
                let zero = BigRational::zero();
                let r = relative_boxes::<BigRational>(&a, &b, &zero).unwrap();
                let pts = sums(&r, &t);
                for ax in axis_data(&r) {
                    let n = ax.normal.map(|p| p.eval(&t));
                    if n.is_zero() {
                        continue;
                    }
                    let pattern = pattern_at(&ax, &t);
                    for (k, d) in ax.planes(&pattern).iter().enumerate() {
                        let level = d.eval(&t);
                        let dir = if k == 0 { n.clone() } else { -&n };
                        // D is w * (h(sum, dir) - dir . 0); points are times w.
                        let mut touches = false;
                        for p in &pts {
                            let v = dir.dot(p);
                            prop_assert!(v <= level, "{:?} plane {k}: {v} > {level}", ax.axis);
                            touches |= v == level;
                        }
                        prop_assert!(touches, "{:?} plane {k} does not touch", ax.axis);
                    }
                }
                Ok(())
            },
        )
        .unwrap();
}
