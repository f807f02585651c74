//! The fixed set of sphere-box and capsule-capsule scenarios under `linear`
//! motion that the `shapes` bench and the `shapes_profile` example time:
//! built from a seeded generator (no scenario class of `generate` has
//! spheres or capsules), as scenario files, read by the loader.
//!
//! Three kinds, in turn:
//!
//! * aimed (two in four): `a` rests at the origin, turned by a random
//!   integer quaternion; `b` starts at a random point and moves to a
//!   random point within `3/2` of the origin in each coordinate, reached
//!   at `t = 1`, so that about half of them touch within `[0, 1]`;
//! * near misses (one in four): `b` passes `a` at a gap of exactly `2^-k`
//!   (`k` from 4 to 20): a sphere sliding over a box face, or a capsule
//!   crossing over another in a parallel plane, both turned by the same
//!   random rotation;
//! * touches (one in four): the same passes at a gap of exactly `0` (a
//!   grazing touch, which `f64` and parry may call either way).
#![allow(dead_code)]

use exactccd::scalar::{BigInt, BigRational};
use exactccd::{parse_scenario, LoadOptions, ScalarKind, Scenario};

/// The kind of pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pair {
    SphereBox,
    CapsuleCapsule,
}

impl Pair {
    pub fn name(self) -> &'static str {
        match self {
            Pair::SphereBox => "sphere_box",
            Pair::CapsuleCapsule => "capsule_capsule",
        }
    }
}

/// A seeded linear congruential generator.
struct Lcg(u64);

impl Lcg {
    /// An integer in `[-n, n]`.
    fn next(&mut self, n: i64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % (2 * n as u64 + 1)) as i64 - n
    }

    /// An integer in `[1, n]`.
    fn positive(&mut self, n: i64) -> i64 {
        1 + (self.next(n) + n) % n
    }

    fn quaternion(&mut self) -> [i64; 4] {
        let q = [self.next(3), self.next(3), self.next(3), self.next(3)];
        if q == [0; 4] {
            [1, 0, 0, 0]
        } else {
            q
        }
    }
}

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

type V = [BigRational; 3];

fn text(x: &BigRational) -> String {
    format!("\"{x}\"")
}

fn vec_text(v: &V) -> String {
    format!("[{},{},{}]", text(&v[0]), text(&v[1]), text(&v[2]))
}

fn quat_text(q: [i64; 4]) -> String {
    format!("[\"{}\",\"{}\",\"{}\",\"{}\"]", q[0], q[1], q[2], q[3])
}

/// The rotation of an integer quaternion `(w, x, y, z)` applied to `v`.
fn rotate(q: [i64; 4], v: &V) -> V {
    let [w, x, y, z] = q;
    let n = w * w + x * x + y * y + z * z;
    let m = [
        [
            w * w + x * x - y * y - z * z,
            2 * (x * y - w * z),
            2 * (x * z + w * y),
        ],
        [
            2 * (x * y + w * z),
            w * w - x * x + y * y - z * z,
            2 * (y * z - w * x),
        ],
        [
            2 * (x * z - w * y),
            2 * (y * z + w * x),
            w * w - x * x - y * y + z * z,
        ],
    ];
    std::array::from_fn(|i| (0..3).fold(r(0, 1), |acc, j| acc + r(m[i][j], n) * &v[j]))
}

fn v(x: BigRational, y: BigRational, z: BigRational) -> V {
    [x, y, z]
}

fn body(shape: &str, q: [i64; 4], at: &V, velocity: Option<&V>) -> String {
    let motion = velocity
        .map(|u| {
            format!(
                ",\"motion\":{{\"linear\":{{\"velocity\":{}}}}}",
                vec_text(u)
            )
        })
        .unwrap_or_default();
    format!(
        "{{\"shape\":{shape},\"pose\":{{\"quaternion\":{},\"translation\":{}}}{motion}}}",
        quat_text(q),
        vec_text(at)
    )
}

fn scenario(name: &str, a: &str, b: &str) -> String {
    format!(
        "{{\"format\":\"exactccd/scenario-v1\",\"name\":\"{name}\",\"interval\":[\"0\",\"1\"],\"a\":{a},\"b\":{b}}}"
    )
}

fn box_shape(h: &V) -> String {
    format!("{{\"box\":{{\"half_extents\":{}}}}}", vec_text(h))
}

fn sphere_shape(radius: &BigRational) -> String {
    format!("{{\"sphere\":{{\"radius\":{}}}}}", text(radius))
}

fn capsule_shape(p: &V, q: &V, radius: &BigRational) -> String {
    format!(
        "{{\"capsule\":{{\"a\":{},\"b\":{},\"radius\":{}}}}}",
        vec_text(p),
        vec_text(q),
        text(radius)
    )
}

/// A start point and a velocity aimed at a point near the origin (reached
/// at `t = 1`).
fn aimed(g: &mut Lcg) -> (V, V) {
    let c = v(r(g.next(20), 2), r(g.next(20), 2), r(g.next(20), 2));
    let aim = v(r(g.next(6), 4), r(g.next(6), 4), r(g.next(6), 4));
    let vel = std::array::from_fn(|i| -&c[i] + &aim[i]);
    (c, vel)
}

fn sphere_box(g: &mut Lcg, i: usize) -> String {
    let qa = g.quaternion();
    let h = v(
        r(g.positive(4), 2),
        r(g.positive(4), 2),
        r(g.positive(4), 2),
    );
    let radius = r(g.positive(4), 4);
    let a = body(&box_shape(&h), qa, &v(r(0, 1), r(0, 1), r(0, 1)), None);
    let b = if i % 4 < 2 {
        let (c, vel) = aimed(g);
        body(&sphere_shape(&radius), [1, 0, 0, 0], &c, Some(&vel))
    } else {
        // over the face x = +h[0] (in a's frame) at a gap of 2^-k or 0,
        // sliding along y across the whole face
        let gap = if i % 4 == 2 {
            r(1, 1 << (4 + g.positive(17) - 1))
        } else {
            r(0, 1)
        };
        let z = &h[2] * r(g.next(4), 4);
        let reach = &h[1] + r(3, 1);
        let start = v(&h[0] + &radius + gap, -&reach, z);
        let dir = v(r(0, 1), &reach * r(2, 1), r(0, 1));
        body(
            &sphere_shape(&radius),
            [1, 0, 0, 0],
            &rotate(qa, &start),
            Some(&rotate(qa, &dir)),
        )
    };
    scenario(&format!("sphere-box-{i}"), &a, &b)
}

fn capsule_capsule(g: &mut Lcg, i: usize) -> String {
    let point = |g: &mut Lcg| v(r(g.next(8), 4), r(g.next(8), 4), r(g.next(8), 4));
    let (ra, rb) = (r(g.positive(4), 8), r(g.positive(4), 8));
    if i % 4 < 2 {
        let (qa, qb) = (g.quaternion(), g.quaternion());
        let (pa, pa2, pb, pb2) = (point(g), point(g), point(g), point(g));
        let a = body(
            &capsule_shape(&pa, &pa2, &ra),
            qa,
            &v(r(0, 1), r(0, 1), r(0, 1)),
            None,
        );
        let (c, vel) = aimed(g);
        let b = body(&capsule_shape(&pb, &pb2, &rb), qb, &c, Some(&vel));
        scenario(&format!("capsule-capsule-{i}"), &a, &b)
    } else {
        // both in the frame turned by q: a along x in the plane z = 0, b
        // skew to it in the plane z = ra + rb + gap, crossing over a
        let q = g.quaternion();
        let gap = if i % 4 == 2 {
            r(1, 1 << (4 + g.positive(17) - 1))
        } else {
            r(0, 1)
        };
        let len = r(g.positive(4), 1);
        let a = body(
            &capsule_shape(
                &v(-&len, r(0, 1), r(0, 1)),
                &v(len.clone(), r(0, 1), r(0, 1)),
                &ra,
            ),
            q,
            &v(r(0, 1), r(0, 1), r(0, 1)),
            None,
        );
        let (m, n) = (r(g.positive(3), 2), r(g.next(3), 2));
        let x0 = &len * r(g.next(3), 6);
        let start = v(x0, r(-3, 1), &ra + &rb + gap);
        let dir = v(r(g.next(2), 4), r(6, 1), r(0, 1));
        let b = body(
            &capsule_shape(
                &v(-&m, -&n, r(0, 1)),
                &v(m.clone(), n.clone(), r(0, 1)),
                &rb,
            ),
            q,
            &rotate(q, &start),
            Some(&rotate(q, &dir)),
        );
        scenario(&format!("capsule-capsule-{i}"), &a, &b)
    }
}

/// `n` scenario files of the pair, the same on every run.
pub fn scenario_texts(pair: Pair, n: usize) -> Vec<String> {
    let mut g = Lcg(match pair {
        Pair::SphereBox => 2024,
        Pair::CapsuleCapsule => 4048,
    });
    (0..n)
        .map(|i| match pair {
            Pair::SphereBox => sphere_box(&mut g, i),
            Pair::CapsuleCapsule => capsule_capsule(&mut g, i),
        })
        .collect()
}

/// The scenarios, loaded for a scalar.
pub fn scenarios(pair: Pair, n: usize, scalar: ScalarKind) -> Vec<Scenario> {
    scenario_texts(pair, n)
        .iter()
        .map(|t| {
            parse_scenario(t, None, &LoadOptions::for_scalar(scalar)).expect("a valid scenario")
        })
        .collect()
}
