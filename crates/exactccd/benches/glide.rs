//! Glide solver benchmarks, analytic variant: one relative glide
//! step per iteration (first collision only), exact and `f64`, for
//!
//! * cube vs cube (boxes, 8 vertices each),
//! * car vs car (the 16-vertex, 12-face car of `examples/scenarios/meshes/car.obj`),
//! * torus vs torus (300 quadrilaterals each, `geom::torus_mesh(20, 15, ..)`),
//!
//! each under a rotation by `2 atan(1/3)` (about 37°) about a vertical axis
//! between them (a `poses` motion). The paper (Buss, "Collision Detection with Glide Rotations", section 9.1) gives
//! 56/63/77 us (cubes), 109/128/170 us (cars), 2040/2560/3480 us (tori) for
//! its pixel-based algorithm at three resolutions on a 2.4 GHz Pentium 4.
//!
//! The raster (pixel-based) variant at the paper's three resolutions, 6, 12
//! and 24 pixels along a typical short edge (the lower quartile of the edge
//! lengths): `glide_raster/query/..` times one query on prepared solids
//! (`f64` meshes with adjacency, built once per shape, and the step's `f64`
//! glide: what section 9's input is; one `RasterScratch` of working memory
//! kept across iterations; `glide_raster/query_alloc/..` the same query
//! allocating its memory, at 24 pixels), `glide_raster/solve/..` the whole
//! `solve --variant raster` path (the exact relative glide from the poses,
//! mesh conversion, the static overlap test at `t0`, the query, world
//! coordinates).
//!
//! The event cells (two boxes under motions that are not one glide rotation
//! from `t0`): `glide_event_cells/..` solves `cells-00` (a fast `angular`
//! spin) and `cells-13` (a `screw`) of `tests/reference/angular/`, the
//! scenarios of sat's `sat_cells` group, whole (first contact and contact
//! intervals), exact at 64 bits.
//!
//! Run: `cargo bench --bench glide -- --warm-up-time 1 --measurement-time 3`
//! (the exact torus does not finish in minutes; `-- raster` runs the raster
//! groups only).

#[path = "cells_set/mod.rs"]
mod cells_set;

use criterion::{criterion_group, criterion_main, Criterion};
use exactccd::contact::{solve, GlideVariant, Method, ScalarKind, SolveOptions};
use exactccd::geom::{
    quaternion_rotation, read_obj, torus_mesh, BoxShape, Mesh, Pose, Shape, Vec3,
};
use exactccd::motion::{Body, Motion};
use exactccd::scalar::{BigInt, BigRational};
use exactccd::scenario::{parse_scenario, LoadOptions, Scenario};
use exactccd::solver::glide::raster::{
    default_resolution, raster_collisions, raster_collisions_with, RasterGlide, RasterResolution,
    RasterScratch, RasterSettings, RasterSolid, DEFAULT_TIME_RESOLUTION,
};
use exactccd::solver::glide::RelativeGlide;
use std::hint::black_box;

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// `a` static at the origin; `b` at `(gap, 0, 0)` turning by `rot(3, 0, 1,
/// 0)` about the vertical line through `(gap / 2, 0, 1)`.
fn pair(shape: Shape<BigRational>, gap: i64) -> Scenario {
    let text = r#"{"format": "exactccd/scenario-v1",
        "a": {"shape": {"box": {"half_extents": ["1", "1", "1"]}}},
        "b": {"shape": {"box": {"half_extents": ["1", "1", "1"]}}}}"#;
    let mut s = parse_scenario(text, None, &LoadOptions::for_scalar(ScalarKind::Exact)).unwrap();
    let rot = quaternion_rotation(&[r(3, 1), r(0, 1), r(1, 1), r(0, 1)]).unwrap();
    let p = Vec3::new(r(gap, 2), r(0, 1), r(1, 1));
    let start = Pose::from_translation(Vec3::new(r(gap, 1), r(0, 1), r(0, 1)));
    let turn = Pose::new(rot.clone(), &p - &rot.mul_vec(&p));
    *s.a_mut() = Body {
        shape: shape.clone(),
        pose: Pose::identity(),
        motion: Motion::Static,
    };
    *s.b_mut() = Body {
        shape,
        pose: start.clone(),
        motion: Motion::Poses {
            end: turn.compose(&start),
        },
    };
    s
}

fn car() -> Mesh<BigRational> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/scenarios/meshes/car.obj"
    );
    read_obj(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn bench(c: &mut Criterion) {
    let cases = [
        (
            "cube",
            pair(Shape::Box(BoxShape::new([r(1, 1), r(1, 1), r(1, 1)])), 3),
        ),
        ("car", pair(Shape::Mesh(car()), 9)),
        (
            "torus",
            pair(Shape::Mesh(torus_mesh(20, 15, &r(2, 1), &r(1, 2))), 5),
        ),
    ];
    let mut group = c.benchmark_group("glide");
    group.sample_size(10);
    for (name, s) in &cases {
        for scalar in [ScalarKind::Exact, ScalarKind::F64] {
            if *name == "torus" && scalar == ScalarKind::Exact {
                // Did not finish within a 15-minute run: not measured.
                continue;
            }
            let o = SolveOptions::default();
            // a case the solver stops on (a limit) is reported, not timed
            let first = match solve(&s.query(), Method::Glide, scalar, &o) {
                Ok(first) => first,
                Err(e) => {
                    eprintln!("{name} {scalar}: {e} (not measured)");
                    continue;
                }
            };
            eprintln!("{name} {scalar}: collides {}", first.collides);
            group.bench_function(format!("{name}/{scalar}"), |b| {
                b.iter(|| black_box(solve(&s.query(), Method::Glide, scalar, &o).unwrap()))
            });
        }
    }
    group.finish();
}

fn f64_solid(shape: &Shape<BigRational>) -> RasterSolid {
    let mesh = match shape {
        Shape::Box(b) => b.to_mesh(),
        Shape::Mesh(m) => m.clone(),
        _ => unreachable!("the benchmark uses solids"),
    };
    RasterSolid::new(&mesh.map_scalar(exactccd::scalar::rational_to_f64))
}

fn bench_raster(c: &mut Criterion) {
    let cases = [
        (
            "cube",
            pair(Shape::Box(BoxShape::new([r(1, 1), r(1, 1), r(1, 1)])), 3),
        ),
        ("car", pair(Shape::Mesh(car()), 9)),
        (
            "torus",
            pair(Shape::Mesh(torus_mesh(20, 15, &r(2, 1), &r(1, 2))), 5),
        ),
    ];
    let mut group = c.benchmark_group("glide_raster");
    group.sample_size(20);
    for (name, s) in &cases {
        let (sa, sb) = (f64_solid(&s.a().shape), f64_solid(&s.b().shape));
        let rel = RelativeGlide::from_bodies(s.a(), s.b(), &s.interval.0, &s.interval.1).unwrap();
        let glide = RasterGlide::from_relative(&rel);
        for per_edge in [6.0, 12.0, 24.0] {
            let res = RasterResolution {
                pixel: default_resolution(&sa, &sb, per_edge),
                time: DEFAULT_TIME_RESOLUTION,
            };
            let (found, stats) = raster_collisions(&sa, &sb, &glide, &res);
            eprintln!(
                "{name} {per_edge} px: {} collisions, first at s = {:?}; {stats:?}",
                found.len(),
                found
                    .iter()
                    .find(|f| f.properness.is_some_and(|p| p >= -0.1))
                    .map(|f| f.s)
            );
            // One query on prepared solids, the working memory kept across
            // queries (as a simulation stepping many pairs would keep it).
            let mut scratch = RasterScratch::default();
            group.bench_function(format!("query/{name}/{per_edge}px"), |b| {
                b.iter(|| black_box(raster_collisions_with(&mut scratch, &sa, &sb, &glide, &res)))
            });
            if per_edge == 24.0 {
                // The same query allocating its working memory.
                group.bench_function(format!("query_alloc/{name}/{per_edge}px"), |b| {
                    b.iter(|| black_box(raster_collisions(&sa, &sb, &glide, &res)))
                });
            }
            let o = SolveOptions {
                glide_variant: GlideVariant::Raster(RasterSettings {
                    pixel: Some(res.pixel),
                    ..RasterSettings::default()
                }),
                ..SolveOptions::default()
            };
            group.bench_function(format!("solve/{name}/{per_edge}px"), |b| {
                b.iter(|| black_box(solve(&s.query(), Method::Glide, ScalarKind::F64, &o).unwrap()))
            });
        }
    }
    group.finish();
}

fn event_cells_benches(c: &mut Criterion) {
    use exactccd::solver::glide::solve_event_cells;
    let mut group = c.benchmark_group("glide_event_cells");
    group.sample_size(10);
    for (label, a, b, (t0, t1)) in cells_set::cells_cases() {
        group.bench_function(label, |bch| {
            bch.iter(|| black_box(solve_event_cells(&a, &b, (&t0, &t1), 64).expect("an answer")));
        });
        // glide's f64 answer: the same cells at its precision
        let bits = exactccd::solver::glide::F64_EVENT_CELL_PRECISION;
        group.bench_function(format!("{label}/f64 ({bits} bits)"), |bch| {
            bch.iter(|| black_box(solve_event_cells(&a, &b, (&t0, &t1), bits).expect("an answer")));
        });
    }
    group.finish();
}

criterion_group!(benches, bench, bench_raster, event_cells_benches);
criterion_main!(benches);
