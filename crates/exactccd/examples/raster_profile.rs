//! Loops glide's raster query (`raster_collisions` on prepared solids) over
//! the benchmark's pairs, for profiling with `perf record --call-graph
//! dwarf` (the wall-clock figures printed here are indicative only; speed
//! is measured by `cargo bench --bench glide -- glide_raster/query`).
//!
//! `cargo run --release --example raster_profile -- PAIR PIXELS REPS` with
//! `PAIR` one of `cube`, `car`, `torus` (default), `PIXELS` the pixels per
//! typical short edge (default 24) and `REPS` the number of queries
//! (default 200; 0 prints the collisions and counters instead); a fourth
//! argument `fresh` times `raster_collisions` (working memory allocated per
//! query) instead of `raster_collisions_with` (one `RasterScratch` kept).

use exactccd::geom::{
    quaternion_rotation, read_obj, torus_mesh, BoxShape, Mesh, Pose, Shape, Vec3,
};
use exactccd::motion::{Body, Motion};
use exactccd::scalar::{BigInt, BigRational};
use exactccd::solver::glide::raster::{
    default_resolution, raster_collisions, raster_collisions_with, RasterGlide, RasterResolution,
    RasterScratch, RasterSolid, DEFAULT_TIME_RESOLUTION,
};
use exactccd::solver::glide::RelativeGlide;
use std::hint::black_box;
use std::time::Instant;

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// The benchmark's pair: `a` static at the origin, `b` at `(gap, 0, 0)`
/// turning by `rot(3, 0, 1, 0)` about the vertical line through `(gap / 2,
/// 0, 1)`, over `[0, 1]`.
fn pair(shape: Shape<BigRational>, gap: i64) -> (Body, Body) {
    let rot = quaternion_rotation(&[r(3, 1), r(0, 1), r(1, 1), r(0, 1)]).unwrap();
    let p = Vec3::new(r(gap, 2), r(0, 1), r(1, 1));
    let start = Pose::from_translation(Vec3::new(r(gap, 1), r(0, 1), r(0, 1)));
    let turn = Pose::new(rot.clone(), &p - &rot.mul_vec(&p));
    let a = Body {
        shape: shape.clone(),
        pose: Pose::identity(),
        motion: Motion::Static,
    };
    let b = Body {
        shape,
        pose: start.clone(),
        motion: Motion::Poses {
            end: turn.compose(&start),
        },
    };
    (a, b)
}

fn solid(shape: &Shape<BigRational>) -> RasterSolid {
    let mesh: Mesh<BigRational> = match shape {
        Shape::Box(b) => b.to_mesh(),
        Shape::Mesh(m) => m.clone(),
        _ => unreachable!("the profile uses boxes and meshes"),
    };
    RasterSolid::new(&mesh.map_scalar(exactccd::scalar::rational_to_f64))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("torus", String::as_str);
    let per_edge: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(24.0);
    let reps: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(200);
    let (shape, gap) = match which {
        "cube" => (Shape::Box(BoxShape::new([r(1, 1), r(1, 1), r(1, 1)])), 3),
        "car" => {
            let path = concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../examples/scenarios/meshes/car.obj"
            );
            let mesh = read_obj(&std::fs::read_to_string(path).unwrap()).unwrap();
            (Shape::Mesh(mesh), 9)
        }
        _ => (Shape::Mesh(torus_mesh(20, 15, &r(2, 1), &r(1, 2))), 5),
    };
    let (a, b) = pair(shape, gap);
    let (sa, sb) = (solid(&a.shape), solid(&b.shape));
    let rel = RelativeGlide::from_bodies(&a, &b, &r(0, 1), &r(1, 1)).unwrap();
    let glide = RasterGlide::from_relative(&rel);
    let res = RasterResolution {
        pixel: default_resolution(&sa, &sb, per_edge),
        time: DEFAULT_TIME_RESOLUTION,
    };
    if reps == 0 {
        let (found, stats) = raster_collisions(&sa, &sb, &glide, &res);
        for f in &found {
            println!("{f:?}");
        }
        println!("{stats:?}");
        return;
    }
    let fresh = args.get(4).is_some_and(|a| a == "fresh");
    let mut scratch = RasterScratch::default();
    let (start, cpu) = (Instant::now(), cpu_ns());
    for _ in 0..reps {
        if fresh {
            black_box(raster_collisions(&sa, &sb, &glide, &res));
        } else {
            black_box(raster_collisions_with(&mut scratch, &sa, &sb, &glide, &res));
        }
    }
    let per = start.elapsed().as_secs_f64() / reps as f64;
    let cpu_per = cpu_ns()
        .zip(cpu)
        .map(|(b, a)| (b - a) as f64 * 1e-9 / reps as f64);
    println!(
        "{which} {per_edge} px: {:.1} us per query (cpu {:.1} us)",
        per * 1e6,
        cpu_per.map_or(f64::NAN, |c| c * 1e6)
    );
}

/// The process's time on a CPU in nanoseconds (Linux `/proc/self/schedstat`),
/// less disturbed by other processes than wall-clock time on a loaded
/// machine.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}
