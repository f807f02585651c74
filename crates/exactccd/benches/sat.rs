//! SAT benchmarks: on the same 10,000 random box pairs,
//!
//! * the f64 OBB-OBB constant-velocity first time (Table 1, section 2.3.1)
//!   against parry3d-f64's `query::cast_shapes` with cuboids (the answers
//!   are compared once, outside the timing: the differences are printed,
//!   and the bench stops if a time differs by more than 1e-6 or a hit/miss
//!   difference is not a grazing touch).
//!   `sat_f64` is the `f64`-specialised routine `find_box_box_contact_f64`
//!   (first and last contact time, the axis that separated last and the side
//!   `b` came from; no contact point); `sat_f64_generic` is the generic
//!   `find_box_box_contact::<f64>` it is bit for bit equal to (the same plus
//!   the separation pieces). parry's call, made as a user makes it, returns
//!   the time of impact with two witness points and two normals (its GJK
//!   shape cast computes them as it goes); it does not give the exit time;
//! * the exact constant-velocity first time with `BigRational`, with
//!   `CompactRational` (machine words while the numbers fit: the
//!   arithmetic of `check`'s lean translation path) and with
//!   `rug::Rational` under `--features gmp`;
//! * the exact rational-motion first time (quaternion linear in `t`) on a
//!   smaller set, through `solve_sat`;
//! * OBB trees (phase 2): two 12 x 8 tori (192 triangles each, rational
//!   vertices), one sliding through the other's hole until it touches;
//!   the tree build (exact fit, default options) and the query (the
//!   traversal with exact or f64 leaf tests, trees prebuilt) timed apart,
//!   and the brute force over all 36,864 triangle pairs for comparison.
//!
//! * certified time cells (exact, default precision 64 bits): two boxes
//!   under a fast `angular` spin (`cells-00` of the reference set in
//!   `tests/reference/angular/`, 10 to 40 rad per unit time) and under a
//!   `screw` (`cells-13`), each a whole solve (first contact and contact
//!   intervals), beside the same two by the `f64` cells; the `f64`
//!   cells on all 32 scenarios of that set in one iteration; and the
//!   `f64` answers without a method (sat's cells) on 200 scenarios of
//!   each nonlinear campaign class (`angular`, `screw`) per iteration.
//!
//! Run: `cargo bench --bench sat -- --warm-up-time 1 --measurement-time 3`.

#[path = "cells_set/mod.rs"]
mod cells_set;
#[path = "median/mod.rs"]
mod median;

use criterion::{criterion_group, criterion_main, Criterion};
use exactccd::geom::{quaternion_rotation, BoxShape, Obb, Pose, Shape, Vec3};
use exactccd::motion::{Body, Motion};
use exactccd::poly::Poly;
use exactccd::scalar::{BigInt, BigRational, CompactRational, Scalar};
use exactccd::solver::sat::{
    find_box_box_contact, find_box_box_contact_f64, solve_sat, BoxBoxContactF64, SatScenario,
};
use median::median_per_scenario;
use parry3d_f64::math::{Pose as PPose, Rotation, Vector};
use parry3d_f64::query::{cast_shapes, ShapeCastOptions};
use parry3d_f64::shape::Cuboid;
use std::hint::black_box;

/// A pair at t = 0 with its velocities, in one scalar.
type MovingPair<S> = (Obb<S>, Vec3<S>, Obb<S>, Vec3<S>);

struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: i64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % (2 * n as u64 + 1)) as i64 - n
    }
}

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// One random pair: quaternions, extents, centres and velocities (`b` aimed
/// roughly at `a`: three quarters of the way, so that about half hit).
#[derive(Clone)]
struct Pair {
    qa: [i64; 4],
    qb: [i64; 4],
    a: Obb<BigRational>,
    b: Obb<BigRational>,
    va: Vec3<BigRational>,
    vb: Vec3<BigRational>,
}

fn pairs(n: usize) -> Vec<Pair> {
    let mut g = Lcg(12345);
    (0..n)
        .map(|_| {
            let mut quat = || {
                let q = [g.next(3), g.next(3), g.next(3), g.next(3)];
                if q == [0; 4] {
                    [1, 0, 0, 0]
                } else {
                    q
                }
            };
            let (qa, qb) = (quat(), quat());
            let ext = |g: &mut Lcg| r(g.next(4).abs() + 1, 2);
            let ea = [ext(&mut g), ext(&mut g), ext(&mut g)];
            let eb = [ext(&mut g), ext(&mut g), ext(&mut g)];
            let cb = Vec3::new(r(g.next(20), 2), r(g.next(20), 2), r(g.next(20), 2));
            let aim = Vec3::new(r(g.next(6), 4), r(g.next(6), 4), r(g.next(6), 4));
            let vb = &(-cb.clone()).scale(&r(3, 4)) + &aim.scale(&r(2, 1));
            let ra = quaternion_rotation(&qa.map(|c| r(c, 1))).unwrap();
            let rb = quaternion_rotation(&qb.map(|c| r(c, 1))).unwrap();
            Pair {
                qa,
                qb,
                a: Obb::from_box(&BoxShape::new(ea), &Pose::new(ra, Vec3::zero())),
                b: Obb::from_box(&BoxShape::new(eb), &Pose::new(rb, cb)),
                va: Vec3::zero(),
                vb,
            }
        })
        .collect()
}

/// The pairs with their boxes and velocities in the scalar `S`.
fn pairs_as<S: Scalar>(ps: &[Pair]) -> Vec<MovingPair<S>> {
    ps.iter()
        .map(|p| {
            (
                obb_as(&p.a),
                Vec3::from_rational(&p.va),
                obb_as(&p.b),
                Vec3::from_rational(&p.vb),
            )
        })
        .collect()
}

fn obb_as<S: Scalar>(o: &Obb<BigRational>) -> Obb<S> {
    Obb {
        center: Vec3::from_rational(&o.center),
        axes: o.axes.each_ref().map(Vec3::from_rational),
        half_extents: o.half_extents.each_ref().map(S::from_rational),
    }
}

struct ParryPair {
    pa: PPose,
    pb: PPose,
    ca: Cuboid,
    cb: Cuboid,
    va: Vector,
    vb: Vector,
}

fn parry_pair(p: &Pair) -> ParryPair {
    let rot = |q: [i64; 4]| {
        Rotation::from_xyzw(q[1] as f64, q[2] as f64, q[3] as f64, q[0] as f64).normalize()
    };
    let vec = |v: &Vec3<BigRational>| Vector::new(v.x.to_f64(), v.y.to_f64(), v.z.to_f64());
    let ext = |o: &Obb<BigRational>| {
        Vector::new(
            o.half_extents[0].to_f64(),
            o.half_extents[1].to_f64(),
            o.half_extents[2].to_f64(),
        )
    };
    ParryPair {
        pa: PPose::from_parts(vec(&p.a.center), rot(p.qa)),
        pb: PPose::from_parts(vec(&p.b.center), rot(p.qb)),
        ca: Cuboid::new(ext(&p.a)),
        cb: Cuboid::new(ext(&p.b)),
        va: vec(&p.va),
        vb: vec(&p.vb),
    }
}

fn parry_time(p: &ParryPair) -> Option<f64> {
    let opts = ShapeCastOptions::with_max_time_of_impact(1.0);
    cast_shapes(&p.pa, p.va, &p.ca, &p.pb, p.vb, &p.cb, opts)
        .unwrap()
        .map(|h| h.time_of_impact)
}

fn sat_time<S: exactccd::scalar::FieldScalar>(
    a: &Obb<S>,
    va: &Vec3<S>,
    b: &Obb<S>,
    vb: &Vec3<S>,
) -> Option<S> {
    let found = find_box_box_contact(a, va, b, vb, &S::zero(), &S::one());
    found.interval.map(|(t, _)| t)
}

/// The `f64`-specialised first time (`box_box_f64.rs`): time interval,
/// last separating axis and side; no contact point.
fn sat_fast(a: &Obb<f64>, va: &Vec3<f64>, b: &Obb<f64>, vb: &Vec3<f64>) -> BoxBoxContactF64 {
    find_box_box_contact_f64(a, va, b, vb, 0.0, 1.0)
}

fn compare(pairs: &[Pair]) {
    let (mut both, mut neither, mut only_sat, mut only_parry, mut far) = (0, 0, 0, 0, 0);
    let mut worst: f64 = 0.0;
    let (mut f64_vs_exact, mut fast_vs_generic) = (0, 0);
    for p in pairs {
        let (a, b) = (obb_as::<f64>(&p.a), obb_as::<f64>(&p.b));
        let (va, vb) = (Vec3::from_rational(&p.va), Vec3::from_rational(&p.vb));
        let s = sat_fast(&a, &va, &b, &vb).first_time();
        if s.map(f64::to_bits) != sat_time(&a, &va, &b, &vb).map(f64::to_bits) {
            fast_vs_generic += 1;
        }
        let e = sat_time(&p.a, &p.va, &p.b, &p.vb).map(|t| t.to_f64());
        if s.is_some() != e.is_some()
            || matches!((s, e), (Some(x), Some(y)) if (x - y).abs() > 1e-9)
        {
            f64_vs_exact += 1;
            let exact = find_box_box_contact(&p.a, &p.va, &p.b, &p.vb, &r(0, 1), &r(1, 1));
            println!(
                "  f64 against exact: f64 {s:?}, exact interval {:?}",
                exact.interval.map(|(f, l)| (f.to_f64(), l.to_f64()))
            );
        }
        let t = parry_time(&parry_pair(p));
        match (s, t) {
            (Some(x), Some(y)) => {
                both += 1;
                worst = worst.max((x - y).abs());
                if (x - y).abs() > 1e-6 {
                    far += 1;
                }
            }
            (None, None) => neither += 1,
            (Some(_), None) | (None, Some(_)) => {
                if s.is_some() {
                    only_sat += 1;
                } else {
                    only_parry += 1;
                }
                // explain each: the exact contact interval (zero length for
                // a grazing touch) against parry's time
                let exact = find_box_box_contact(&p.a, &p.va, &p.b, &p.vb, &r(0, 1), &r(1, 1));
                let length = exact.interval.as_ref().map(|(f, l)| (l - f).to_f64());
                println!(
                    "  disagreement: SAT f64 {s:?}, parry {t:?}, exact interval {:?} (length {length:?})",
                    exact.interval.map(|(f, l)| (f.to_f64(), l.to_f64()))
                );
                // only a grazing touch may be called either way by f64
                assert!(
                    length.is_some_and(|l| l < 1e-9),
                    "SAT f64 and parry disagree on a pair that is not a grazing touch"
                );
            }
        }
    }
    println!(
        "answers on {} pairs: {both} hits by both ({far} differ by more than 1e-6, largest difference {worst:.3e}), {neither} misses by both, {only_sat} hits only by SAT, {only_parry} only by parry",
        pairs.len()
    );
    println!("f64 SAT against exact SAT: {f64_vs_exact} differ (hit/miss or time beyond 1e-9)");
    println!("f64-specialised SAT against generic f64 SAT: {fast_vs_generic} differ (bits)");
    assert_eq!(
        fast_vs_generic, 0,
        "the f64-specialised routine must equal the generic one"
    );
    assert_eq!(far, 0, "SAT f64 and parry times differ by more than 1e-6");
}

fn rational_motion_bodies(n: usize) -> Vec<(Body, Body)> {
    let mut g = Lcg(777);
    let poly = |c: &[i64]| Poly::from_coeffs(c.iter().map(|&x| r(x, 1)).collect());
    (0..n)
        .map(|_| {
            let a = Body {
                shape: Shape::Box(BoxShape::new([r(1, 1), r(1, 1), r(1, 1)])),
                pose: Pose::identity(),
                motion: Motion::Static,
            };
            // q(t) = q0 + t q1, centre from (s, ., .) through the origin
            let q0 = [1 + g.next(1).abs(), g.next(2), g.next(2), g.next(2)];
            let q1 = [0, g.next(2), g.next(2), g.next(2)];
            let s = [4 + g.next(1), g.next(2), g.next(2)];
            let b = Body {
                shape: Shape::Box(BoxShape::new([r(1, 2), r(3, 4), r(1, 3)])),
                pose: Pose::identity(),
                motion: Motion::Rational {
                    quaternion: std::array::from_fn(|k| poly(&[q0[k], q1[k]])),
                    translation: Vec3::from_array(std::array::from_fn(|k| {
                        poly(&[s[k], -2 * s[k]])
                    })),
                    denominator: poly(&[1]),
                },
            };
            (a, b)
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let ps = pairs(10_000);
    compare(&ps);
    let f: Vec<MovingPair<f64>> = pairs_as(&ps);
    let pp: Vec<ParryPair> = ps.iter().map(parry_pair).collect();
    let mut group = c.benchmark_group("obb_obb_constant_velocity_10000");
    group.sample_size(20);
    group.bench_function("sat_f64", |bch| {
        bch.iter(|| {
            for (a, va, b, vb) in &f {
                black_box(sat_fast(a, va, b, vb));
            }
        })
    });
    group.bench_function("sat_f64_generic", |bch| {
        bch.iter(|| {
            for (a, va, b, vb) in &f {
                black_box(sat_time(a, va, b, vb));
            }
        })
    });
    group.bench_function("parry3d_f64_cast_shapes", |bch| {
        bch.iter(|| {
            for p in &pp {
                black_box(parry_time(p));
            }
        })
    });
    group.sample_size(10);
    group.bench_function("sat_exact_bigrational", |bch| {
        bch.iter(|| {
            for p in &ps {
                black_box(sat_time(&p.a, &p.va, &p.b, &p.vb));
            }
        })
    });
    let compact: Vec<MovingPair<CompactRational>> = pairs_as(&ps);
    group.bench_function("sat_exact_compact", |bch| {
        bch.iter(|| {
            for (a, va, b, vb) in &compact {
                black_box(sat_time(a, va, b, vb));
            }
        })
    });
    #[cfg(feature = "gmp")]
    {
        let g: Vec<MovingPair<rug::Rational>> = pairs_as(&ps);
        group.bench_function("sat_exact_rug", |bch| {
            bch.iter(|| {
                for (a, va, b, vb) in &g {
                    black_box(sat_time(a, va, b, vb));
                }
            })
        });
    }
    group.finish();

    let bodies = rational_motion_bodies(20);
    let (t0, t1) = (r(0, 1), r(1, 1));
    let hits = bodies
        .iter()
        .filter(|(a, b)| {
            solve_sat::<BigRational>(&SatScenario {
                a,
                b,
                interval: (&t0, &t1),
            })
            .unwrap()
            .collides
        })
        .count();
    println!("rational motion set: {hits} of {} collide", bodies.len());
    let mut group = c.benchmark_group("rational_motion_20");
    group.sample_size(10);
    group.bench_function("sat_exact_quaternion_linear", |bch| {
        bch.iter(|| {
            for (a, b) in &bodies {
                black_box(
                    solve_sat::<BigRational>(&SatScenario {
                        a,
                        b,
                        interval: (&t0, &t1),
                    })
                    .unwrap(),
                );
            }
        })
    });
    group.bench_function("sat_f64_quaternion_linear", |bch| {
        bch.iter(|| {
            for (a, b) in &bodies {
                black_box(
                    solve_sat::<f64>(&SatScenario {
                        a,
                        b,
                        interval: (&t0, &t1),
                    })
                    .unwrap(),
                );
            }
        })
    });
    group.finish();
}

/// Rational points on the unit circle: `u = tan(theta/2)` over `us`, then
/// `(-1, 0)`.
fn circle(us: &[(i64, i64)]) -> Vec<(BigRational, BigRational)> {
    let mut out: Vec<_> = us
        .iter()
        .map(|&(n, d)| {
            let u = r(n, d);
            let den = r(1, 1) + &u * &u;
            ((r(1, 1) - &u * &u) / &den, (&u + &u) / &den)
        })
        .collect();
    out.push((r(-1, 1), r(0, 1)));
    out
}

/// A 12 x 8 torus of radii 3 and 1 with rational vertices.
///
/// Not `geom::torus_mesh(12, 8, 3, 1)`: that one puts its sections at the
/// half-step angles `(k + 1/2) 2 pi / n` (u rounded to 1/4096), so it has no
/// vertex at angle 0 or pi; this one has sections at `u = 0` and at
/// `(-1, 0)`, so its tube reaches exactly `x = 2` and `x = 4` on the x axis;
/// the figures recorded so far (first contact at `t = 1`) are for this mesh.
fn torus() -> exactccd::geom::Mesh<BigRational> {
    let outer = circle(&[
        (-4, 1),
        (-2, 1),
        (-1, 1),
        (-1, 2),
        (-1, 4),
        (0, 1),
        (1, 4),
        (1, 2),
        (1, 1),
        (2, 1),
        (4, 1),
    ]);
    let inner = circle(&[(-2, 1), (-1, 1), (-1, 2), (0, 1), (1, 2), (1, 1), (2, 1)]);
    let (n, m) = (outer.len(), inner.len());
    let mut v = Vec::new();
    for (ct, st) in &outer {
        for (cp, sp) in &inner {
            let rho = r(3, 1) + cp;
            v.push(Vec3::new(&rho * ct, &rho * st, sp.clone()));
        }
    }
    let idx = |a: usize, b: usize| (a % n) * m + (b % m);
    let faces: Vec<Vec<usize>> = (0..n)
        .flat_map(|a| (0..m).map(move |b| (a, b)))
        .map(|(a, b)| vec![idx(a, b), idx(a + 1, b), idx(a + 1, b + 1), idx(a, b + 1)])
        .collect();
    exactccd::geom::Mesh::new(v.clone(), faces.clone()).unwrap_or_else(|_| {
        let rev = faces
            .into_iter()
            .map(|f| f.into_iter().rev().collect())
            .collect();
        exactccd::geom::Mesh::new(v, rev).unwrap()
    })
}

fn tree_benches(c: &mut Criterion) {
    use exactccd::solver::sat::{
        solve_sat_with, triangulate_faces, MeshSearch, ObbTree, PreparedMeshes, SatOptions,
        TreeOptions,
    };
    let mesh = torus();
    let tris: Vec<[Vec3<BigRational>; 3]> = triangulate_faces(&mesh)
        .iter()
        .map(|t| t.vertices.map(|k| mesh.vertices[k].clone()))
        .collect();
    let a = Body {
        shape: Shape::Mesh(mesh.clone()),
        pose: Pose::identity(),
        motion: Motion::Static,
    };
    // linked: b in the xz plane about (3, 0, 0), sliding along +x
    let turn = quaternion_rotation(&[r(1, 1), r(1, 1), r(0, 1), r(0, 1)]).unwrap();
    let b = Body {
        shape: Shape::Mesh(mesh),
        pose: Pose::new(turn, Vec3::new(r(3, 1), r(0, 1), r(0, 1))),
        motion: Motion::Linear {
            velocity: Vec3::new(r(1, 1), r(0, 1), r(0, 1)),
        },
    };
    let (t0, t1) = (r(0, 1), r(2, 1));
    let sc = SatScenario {
        a: &a,
        b: &b,
        interval: (&t0, &t1),
    };
    let prepared = PreparedMeshes::new::<BigRational>(&sc, MeshSearch::default()).unwrap();
    let exact = prepared.solve::<BigRational>(&sc).unwrap();
    let fast = prepared.solve::<f64>(&sc).unwrap();
    println!(
        "torus-torus: first contact {:?} (f64 {:?}), {} node pairs, {} of 36864 triangle pairs",
        exact.first_contact_f64(),
        fast.first_contact_f64(),
        exact.stats.node_pairs,
        exact.stats.piece_pairs
    );
    let mut group = c.benchmark_group("obb_tree_torus_192_vs_192");
    group.sample_size(10);
    group.bench_function("build_tree_exact_fit", |bch| {
        bch.iter(|| black_box(ObbTree::build(&tris, TreeOptions::default())))
    });
    group.bench_function("query_exact", |bch| {
        bch.iter(|| black_box(prepared.solve::<BigRational>(&sc).unwrap()))
    });
    group.bench_function("query_f64", |bch| {
        bch.iter(|| black_box(prepared.solve::<f64>(&sc).unwrap()))
    });
    group.bench_function("brute_force_f64", |bch| {
        bch.iter(|| {
            black_box(
                solve_sat_with::<f64>(
                    &sc,
                    &SatOptions {
                        mesh: MeshSearch::BruteForce,
                        ..SatOptions::default()
                    },
                )
                .unwrap(),
            )
        })
    });
    group.finish();
}

fn cells_benches(c: &mut Criterion) {
    use exactccd::solver::sat::cells::{solve_box_cells_f64, solve_cells};
    use exactccd::{
        generate, load_scenario, solve_with_default_method, LoadOptions, ScalarKind, ScenarioClass,
    };
    let dir = cells_set::reference_dir();
    let mut group = c.benchmark_group("sat_cells");
    group.sample_size(10);
    for (label, a, b, (t0, t1)) in cells_set::cells_cases() {
        group.bench_function(label, |bch| {
            bch.iter(|| black_box(solve_cells(&a, &b, (&t0, &t1), 64).expect("an answer")));
        });
        let f64_label = label.replace("exact", "f64");
        group.bench_function(f64_label.as_str(), |bch| {
            bch.iter(|| black_box(solve_box_cells_f64(&a, &b, (&t0, &t1)).expect("an answer")));
        });
    }
    // the f64 cells on the whole angular reference set (32 scenarios, first
    // contact and contact intervals): one iteration solves them all
    let set: Vec<_> = (0..32)
        .map(|k| {
            let s = load_scenario(
                &dir.join(format!("cells-{k:02}.json")),
                &LoadOptions::for_scalar(ScalarKind::F64),
            )
            .expect("a reference scenario");
            (s.a().clone(), s.b().clone(), s.interval.clone())
        })
        .collect();
    group.sample_size(20);
    group.bench_function("f64_cells_reference_set_of_32", |bch| {
        bch.iter(|| {
            for (a, b, (t0, t1)) in &set {
                black_box(solve_box_cells_f64(a, b, (t0, t1)).expect("an answer"));
            }
        });
    });
    // the campaign's nonlinear classes, 200 scenarios each (seed 2050):
    // one iteration = the f64 answers of all 200 without a method (the
    // default, sat's cells), a two-hundredth the mean per scenario
    for class in [ScenarioClass::Angular, ScenarioClass::GeneralScrew] {
        let scenarios: Vec<_> = (0..200).map(|i| generate(2050, i, class)).collect();
        let options = exactccd::SolveOptions::default();
        group.bench_function(format!("f64_default_{}_class_200", class.name()), |bch| {
            bch.iter(|| {
                for s in &scenarios {
                    let (_, answer) =
                        solve_with_default_method(&s.query(), ScalarKind::F64, &options);
                    black_box(answer.ok());
                }
            });
        });
    }
    // the speed target's figure is a median over the class: one iteration solves
    // each of 400 scenarios (seed 2050) once, timed one by one, and counts
    // the median of those times
    for class in [ScenarioClass::Angular, ScenarioClass::GeneralScrew] {
        let scenarios: Vec<_> = (0..400).map(|i| generate(2050, i, class)).collect();
        let options = exactccd::SolveOptions::default();
        group.bench_function(
            format!("f64_default_{}_class_400_median", class.name()),
            |bch| {
                bch.iter_custom(|iters| {
                    median_per_scenario(&scenarios, iters, |s| {
                        let (_, answer) =
                            solve_with_default_method(&s.query(), ScalarKind::F64, &options);
                        black_box(answer.ok());
                    })
                });
            },
        );
    }
    group.finish();
    exact_class_medians(c);
}

/// The exact certified first contact over the nonlinear campaign classes
/// (seed 2050, the first 40 scenarios of each: an exact solve takes
/// milliseconds), `sat`'s time cells at 64 bits: the whole solve (first
/// contact and contact intervals) and the first contact alone
/// (`first_contact_only`, what `check` asks for). One iteration solves
/// each scenario once, timed one by one, and counts the median.
fn exact_class_medians(c: &mut Criterion) {
    use exactccd::generate::{generate, ScenarioClass};
    use exactccd::{solve, Method, ScalarKind, SolveOptions};
    let mut group = c.benchmark_group("sat_cells_exact");
    group.sample_size(10);
    for class in [ScenarioClass::Angular, ScenarioClass::GeneralScrew] {
        let scenarios: Vec<_> = (0..40).map(|i| generate(2050, i, class)).collect();
        for (label, first_contact_only) in [("whole", false), ("first_contact", true)] {
            let options = SolveOptions {
                first_contact_only,
                ..SolveOptions::default()
            };
            group.bench_function(format!("{label}_{}_class_40_median", class.name()), |bch| {
                bch.iter_custom(|iters| {
                    median_per_scenario(&scenarios, iters, |s| {
                        let answer = solve(&s.query(), Method::Sat, ScalarKind::Exact, &options);
                        black_box(answer.ok());
                    })
                });
            });
        }
    }
    group.finish();
}

/// The certified cells (exact) and the `f64` cells on shapes other than
/// two boxes under turning motions: a tetrahedron against a box (screw), a
/// triangle against a triangle (poses), a sphere against a triangle
/// (screw) and a capsule against a tetrahedron (angular), from the
/// `polytopes` and `rounded` reference sets.
fn shape_cells_benches(c: &mut Criterion) {
    use exactccd::solver::sat::cells::{solve_box_cells_f64, solve_cells};
    use exactccd::{load_scenario, LoadOptions, ScalarKind};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/reference");
    let mut group = c.benchmark_group("shape_cells");
    group.sample_size(10);
    for (set, name) in [
        ("polytopes", "screw-slide-04"),
        ("polytopes", "poses-near-pi-11"),
        ("rounded", "screw-both-09"),
        ("rounded", "angular-both-16"),
    ] {
        let path = root.join(set).join(format!("{name}.json"));
        for scalar in [ScalarKind::Exact, ScalarKind::F64] {
            let s = load_scenario(&path, &LoadOptions::for_scalar(scalar)).expect("a scenario");
            let (a, b, (t0, t1)) = (s.a().clone(), s.b().clone(), s.interval.clone());
            let label = format!("{set}/{name}/{scalar:?}");
            group.bench_function(label.as_str(), |bch| match scalar {
                ScalarKind::Exact => {
                    bch.iter(|| black_box(solve_cells(&a, &b, (&t0, &t1), 64).expect("an answer")))
                }
                ScalarKind::F64 => bch.iter(|| {
                    black_box(solve_box_cells_f64(&a, &b, (&t0, &t1)).expect("an answer"))
                }),
            });
        }
    }
    group.finish();
}

/// A non-convex mesh under a turning motion: the cells on every pair of
/// pieces (`examples/scenarios/frame-spin.json`, 32 triangles against a
/// box), exact and `f64`.
fn mesh_cells_benches(c: &mut Criterion) {
    use exactccd::solver::sat::{solve_mesh_cells, solve_mesh_cells_f64};
    use exactccd::{load_scenario, LoadOptions, ScalarKind};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/scenarios/frame-spin.json");
    let mut group = c.benchmark_group("mesh_cells");
    group.sample_size(10);
    for scalar in [ScalarKind::Exact, ScalarKind::F64] {
        let s = load_scenario(&path, &LoadOptions::for_scalar(scalar)).expect("a scenario");
        let (a, b, (t0, t1)) = (s.a().clone(), s.b().clone(), s.interval.clone());
        let zero = BigRational::from_integer(0.into());
        let label = format!("frame-spin/{scalar:?}");
        group.bench_function(label.as_str(), |bch| match scalar {
            ScalarKind::Exact => bch.iter(|| {
                black_box(
                    solve_mesh_cells(&a, &b, (&t0, &t1), 64, &zero, false).expect("an answer"),
                )
            }),
            ScalarKind::F64 => bch.iter(|| {
                black_box(solve_mesh_cells_f64(&a, &b, (&t0, &t1), &zero).expect("an answer"))
            }),
        });
    }
    group.finish();
}

criterion_group!(
    sat,
    benches,
    tree_benches,
    cells_benches,
    shape_cells_benches,
    mesh_cells_benches
);
criterion_main!(sat);
