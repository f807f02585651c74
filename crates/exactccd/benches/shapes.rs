//! Sphere-box and capsule-capsule first contact under `linear` motion, on
//! a fixed generated set (`shapes_set`: aimed passes, near misses at a gap
//! of `2^-k`, grazing touches), each solved by both exact methods for
//! these pairs, `minkowski` (the default of `exactccd solve`,
//! [`solve_with_default_method`]) and `distance`, exact and `f64`, beside
//! parry3d-f64's `query::cast_shapes` on the same pairs (shapes, poses and velocities converted beforehand by
//! `exactccd::parry`; only the cast is timed).
//!
//! Before timing, the answers are compared once (`compare`): exact against
//! `f64` (hit or miss, and the time within `1e-9`), and against parry's hit
//! or miss and time; the counts are printed, and the bench stops if a
//! hit/miss disagreement is not at a grazing touch or a near miss.
//!
//! One iteration solves the whole set of one pair kind (100 scenarios);
//! per-query medians come from the `shapes_profile` example.
//!
//! `minkowski_f64_path_converted` times the `f64` path alone
//! ([`first_contact_f64`]) on inputs converted to `f64` beforehand, as
//! parry's are, on the scenarios it takes (all but the parallel capsules);
//! `minkowski_f64` is the whole `exactccd::solve` from the scenario's
//! rationals.
//!
//! `nonlinear_benches`: two boxes under `angular` and `screw` motions (the
//! campaign's classes), `exactccd`'s `f64` answer beside parry's
//! `cast_shapes_nonlinear`: 200 scenarios per iteration, and the median
//! of 400 scenarios each timed alone.
//!
//! Run: `cargo bench -p exactccd --features parry --bench shapes`.

#[path = "median/mod.rs"]
mod median;
#[path = "shapes_set/mod.rs"]
mod shapes_set;

use criterion::{criterion_group, criterion_main, Criterion};
use exactccd::parry::{parry_pose, parry_shape};
use exactccd::scalar::rational_to_f64;
use exactccd::solver::minkowski::{first_contact_f64, FastBody};
use exactccd::{
    engine_bodies, solve_with_default_method, ContactResult, Method, ScalarKind, Scenario,
    SolveOptions, Time,
};
use median::median_per_scenario;
use parry3d_f64::math::{Pose, Vector};
use parry3d_f64::query::{cast_shapes, ShapeCastOptions};
use parry3d_f64::shape::SharedShape;
use shapes_set::{scenarios, Pair};
use std::hint::black_box;

const SET_SIZE: usize = 100;

/// One scenario in parry's terms.
struct ParryCase {
    pose_a: Pose,
    vel_a: Vector,
    shape_a: SharedShape,
    pose_b: Pose,
    vel_b: Vector,
    shape_b: SharedShape,
    span: f64,
}

fn parry_case(s: &Scenario) -> ParryCase {
    let [a, b] = engine_bodies(s).expect("two bodies");
    let (ta, tb) = (a.twist().expect("linear"), b.twist().expect("linear"));
    let vec = |v: [f64; 3]| Vector::new(v[0], v[1], v[2]);
    ParryCase {
        pose_a: parry_pose(&ta.start),
        vel_a: vec(ta.linvel),
        shape_a: parry_shape(&a.body.shape).expect("a parry shape"),
        pose_b: parry_pose(&tb.start),
        vel_b: vec(tb.linvel),
        shape_b: parry_shape(&b.body.shape).expect("a parry shape"),
        span: exactccd::scalar::rational_to_f64(&(&s.interval.1 - &s.interval.0)),
    }
}

/// One scenario as the `f64` path of `minkowski` takes it (converted
/// beforehand, as parry's), or `None` when the path declines the pair.
struct FastCase {
    a: FastBody,
    b: FastBody,
    interval: (f64, f64),
    separation: f64,
}

fn fast_case(s: &Scenario) -> Option<FastCase> {
    let (a, b) = s.bodies()?;
    let case = FastCase {
        a: FastBody::from_body(a)?,
        b: FastBody::from_body(b)?,
        interval: (
            rational_to_f64(&s.interval.0),
            rational_to_f64(&s.interval.1),
        ),
        separation: rational_to_f64(&s.separation),
    };
    fast_time(&case).map(|_| case)
}

/// The first contact by the `f64` path; `None` when it declines, `Some(None)`
/// without contact.
fn fast_time(c: &FastCase) -> Option<Option<f64>> {
    first_contact_f64(&c.a, &c.b, c.interval, c.separation)
        .map(|answer| answer.contact.map(|contact| contact.first))
}

fn parry_time(c: &ParryCase) -> Option<f64> {
    cast_shapes(
        &c.pose_a,
        c.vel_a,
        c.shape_a.as_ref(),
        &c.pose_b,
        c.vel_b,
        c.shape_b.as_ref(),
        ShapeCastOptions::with_max_time_of_impact(c.span),
    )
    .expect("parry supports the pair")
    .map(|h| h.time_of_impact)
}

/// The solver alone: without the certificate the referee checks
/// (`SolveOptions::certify`), whose cost `examples/shapes_profile.rs`
/// reports beside. The default method (`minkowski` for these pairs).
fn solve(s: &Scenario, scalar: ScalarKind) -> ContactResult {
    let (method, r) = solve_with_default_method(&s.query(), scalar, &solver_alone());
    assert_eq!(method, Method::Minkowski);
    r.expect("an answer")
}

fn solver_alone() -> SolveOptions {
    SolveOptions {
        certify: false,
        ..SolveOptions::default()
    }
}

fn time_f64(t: &Time) -> f64 {
    match t {
        Time::Exact(r) => r.to_f64(),
        Time::Float(x) => *x,
        Time::Enclosure { .. } => panic!("an exact or f64 time"),
    }
}

/// Compares the answers once, outside the timing: exact against `f64`
/// (hit or miss, and times within `1e-9`) and against parry (hit or miss;
/// times further apart than `1e-6` are printed, parry's cast stops within
/// its own tolerance). A hit/miss difference is allowed only at a grazing
/// touch (every exact contact interval of zero length) or on one of the
/// set's near misses (a gap of `2^-k`), else the bench stops.
fn compare(pair: Pair, exact: &[Scenario], fast: &[Scenario], parry: &[ParryCase]) {
    let (mut hits, mut misses) = (0, 0);
    let (mut f64_differs, mut parry_differs, mut parry_far) = (0, 0, 0);
    let mut worst_f64: f64 = 0.0;
    let mut worst_parry: f64 = 0.0;
    for ((se, sf), p) in exact.iter().zip(fast).zip(parry) {
        let e = solve(se, ScalarKind::Exact);
        let f = solve(sf, ScalarKind::F64);
        let pt = parry_time(p);
        if let Some(fast) = fast_case(sf).and_then(|c| fast_time(&c)) {
            let et = e.time.as_ref().map(time_f64);
            assert_eq!(
                fast.is_some(),
                et.is_some(),
                "the f64 path and exact on hit or miss"
            );
            if let (Some(x), Some(y)) = (et, fast) {
                assert!((x - y).abs() < 1e-9, "the f64 path and exact times");
            }
        }
        let et = e.time.as_ref().map(time_f64);
        let ft = f.time.as_ref().map(time_f64);
        if e.collides {
            hits += 1;
        } else {
            misses += 1;
        }
        // a contact interval of length 0 is a grazing touch
        let grazing = e.collides
            && e.contact_intervals
                .iter()
                .all(|(lo, hi)| (time_f64(hi) - time_f64(lo)).abs() < 1e-9);
        let name = se.name.as_deref().unwrap_or("?");
        // the set's near misses are its scenarios 2, 6, 10, ... of each kind
        let near_miss = name
            .rsplit('-')
            .next()
            .and_then(|i| i.parse::<usize>().ok())
            .is_some_and(|i| i % 4 == 2);
        match (et, ft) {
            (Some(x), Some(y)) => worst_f64 = worst_f64.max((x - y).abs()),
            (None, None) => {}
            _ => {
                f64_differs += 1;
                println!("  {name}: exact {et:?}, f64 {ft:?} (grazing: {grazing})");
                assert!(
                    grazing || near_miss,
                    "f64 and exact disagree beyond a grazing touch or a near miss"
                );
            }
        }
        match (et, pt) {
            (Some(x), Some(y)) => {
                worst_parry = worst_parry.max((x - y).abs());
                if (x - y).abs() > 1e-6 {
                    parry_far += 1;
                    println!("  {name}: exact {x}, parry {y}");
                }
            }
            (None, None) => {}
            _ => {
                parry_differs += 1;
                println!("  {name}: exact {et:?}, parry {pt:?} (grazing: {grazing})");
                assert!(
                    grazing || near_miss,
                    "parry and exact disagree beyond a grazing touch or a near miss"
                );
            }
        }
    }
    println!(
        "{}: {} scenarios, exact: {hits} hits, {misses} misses; f64 differs on hit/miss {f64_differs} times (largest time difference {worst_f64:.3e}); parry differs on hit/miss {parry_differs} times, by more than 1e-6 in time {parry_far} times (largest {worst_parry:.3e})",
        pair.name(),
        exact.len()
    );
    assert!(
        worst_f64 < 1e-9,
        "f64 and exact times differ by more than 1e-9"
    );
}

fn benches(c: &mut Criterion) {
    for pair in [Pair::SphereBox, Pair::CapsuleCapsule] {
        let exact = scenarios(pair, SET_SIZE, ScalarKind::Exact);
        let fast = scenarios(pair, SET_SIZE, ScalarKind::F64);
        let parry: Vec<ParryCase> = exact.iter().map(parry_case).collect();
        compare(pair, &exact, &fast, &parry);
        let mut group = c.benchmark_group(format!("{}_linear_{SET_SIZE}", pair.name()));
        group.sample_size(10);
        for method in [Method::Minkowski, Method::Distance] {
            for (scalar, set) in [(ScalarKind::Exact, &exact), (ScalarKind::F64, &fast)] {
                let name = format!("{method}_{}", scalar.as_str());
                group.bench_function(name, |bch| {
                    bch.iter(|| {
                        for s in set.iter() {
                            let q = s.query();
                            black_box(exactccd::solve(&q, method, scalar, &solver_alone()))
                                .expect("an answer");
                        }
                    })
                });
            }
        }
        let converted: Vec<FastCase> = fast.iter().filter_map(fast_case).collect();
        println!(
            "{}: the f64 path takes {} of {SET_SIZE} (the rest are parallel capsules)",
            pair.name(),
            converted.len()
        );
        group.bench_function("minkowski_f64_path_converted", |bch| {
            bch.iter(|| {
                for c in &converted {
                    black_box(fast_time(black_box(c)));
                }
            })
        });
        group.bench_function("parry3d_f64_cast_shapes", |bch| {
            bch.iter(|| {
                for p in &parry {
                    black_box(parry_time(p));
                }
            })
        });
        group.finish();
    }
}

/// Two boxes under the engines' turning motions: 200 scenarios of each
/// nonlinear campaign class (seed 2050), one iteration = all 200, by
/// `exactccd`'s `f64` answer without a method (sat's time cells: first
/// contact and contact intervals) and by parry3d-f64's
/// `cast_shapes_nonlinear` (`exactccd::parry::run_parry`: the first
/// contact only); both convert the scenario's rationals inside the
/// iteration.
fn nonlinear_benches(c: &mut Criterion) {
    use exactccd::parry::run_parry;
    use exactccd::{generate, solve_with_default_method, ScenarioClass};
    for class in [ScenarioClass::Angular, ScenarioClass::GeneralScrew] {
        let set: Vec<Scenario> = (0..200).map(|i| generate(2050, i, class)).collect();
        let converted = set
            .iter()
            .filter(|s| matches!(run_parry(s), Ok(Ok(_))))
            .count();
        println!("{}: parry answers {converted} of 200", class.name());
        let mut group = c.benchmark_group(format!("{}_class_200", class.name()));
        group.sample_size(10);
        let options = SolveOptions::default();
        group.bench_function("exactccd_f64_default", |bch| {
            bch.iter(|| {
                for s in &set {
                    let (_, answer) =
                        solve_with_default_method(&s.query(), ScalarKind::F64, &options);
                    black_box(answer.ok());
                }
            })
        });
        group.bench_function("parry3d_f64_cast_shapes_nonlinear", |bch| {
            bch.iter(|| {
                for s in &set {
                    black_box(run_parry(s).ok());
                }
            })
        });
        group.finish();
        // the speed target's figure: the median over 400 scenarios, one solve
        // each timed alone, both tools in the same run
        let set: Vec<Scenario> = (0..400).map(|i| generate(2050, i, class)).collect();
        let mut group = c.benchmark_group(format!("{}_class_400_median", class.name()));
        group.sample_size(10);
        // the whole solve, and the first contact alone (parry's answer)
        let first_only = SolveOptions {
            first_contact_only: true,
            ..SolveOptions::default()
        };
        for (name, opts) in [
            ("exactccd_f64_default", &options),
            ("exactccd_f64_first_contact", &first_only),
        ] {
            group.bench_function(name, |bch| {
                bch.iter_custom(|iters| {
                    median_per_scenario(&set, iters, |s| {
                        let (_, answer) =
                            solve_with_default_method(&s.query(), ScalarKind::F64, opts);
                        black_box(answer.ok());
                    })
                })
            });
        }
        group.bench_function("parry3d_f64_cast_shapes_nonlinear", |bch| {
            bch.iter_custom(|iters| {
                median_per_scenario(&set, iters, |s| {
                    black_box(run_parry(s).ok());
                })
            })
        });
        group.finish();
    }
}

criterion_group!(shapes, benches, nonlinear_benches);
criterion_main!(shapes);
