//! Per-query medians of sphere-box and capsule-capsule first contact under
//! `linear` motion, on the `shapes` bench's set (`benches/shapes_set`):
//! each query solved as `exactccd solve` does without `--method`, exact and
//! `f64` (the solver alone, as the `shapes` bench; the exact solve also
//! with the certificate the referee checks), and parry3d-f64's
//! `cast_shapes` on the same pair, timed by the
//! thread's CPU clock (the machine is shared: wall time is not ours). A
//! query is repeated `reps` times inside one reading and the reading
//! divided by `reps`, so that the clock's own cost (tens of nanoseconds)
//! does not swamp the `f64` and parry times.
//!
//! `cargo run --release -p exactccd --features parry --example shapes_profile -- 1000 20`
//! (scenarios per pair, repetitions per reading).
//!
//! `SHAPES_METHOD=minkowski` (or `distance`) in the environment solves
//! with that method instead of the default one; `SHAPES_PAIR=sphere_box`
//! (or `capsule_capsule`) runs that pair only.
//!
//! With `exact-only` as a third argument only the exact solves run,
//! `reps` times over the set, the solver alone unless `SHAPES_CERTIFY` is set (for `perf` or
//! `valgrind --tool=callgrind`); with `f64-only`, only the `f64` solves,
//! `reps` times over the set; with `dump`, every answer, exact and `f64`,
//! is printed as its result JSON without the work counters (`stats`), one
//! per line, nothing timed: the answers before and after a change to the
//! solver are compared with `diff` (`SHAPES_ONLY=sphere-box-43` prints
//! that scenario's answers only).

#[path = "../benches/shapes_set/mod.rs"]
mod shapes_set;

#[path = "support/cpu_clock.rs"]
mod cpu_clock;

use cpu_clock::per_call;
use exactccd::contact::{write_result_json, ResultHeader};
use exactccd::parry::{parry_pose, parry_shape};
use exactccd::scalar::rational_to_f64;
use exactccd::solver::minkowski::{first_contact_f64, FastBody};
use exactccd::{
    engine_bodies, solve_with_default_method, ContactResult, Method, ScalarKind, Scenario,
    SolveOptions, WorkBudget,
};
use parry3d_f64::math::Vector;
use parry3d_f64::query::{cast_shapes, ShapeCastOptions};
use shapes_set::{scenarios, Pair};
use std::hint::black_box;
use std::sync::OnceLock;

fn quantiles(mut xs: Vec<f64>) -> String {
    xs.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| xs[((xs.len() - 1) as f64 * q).round() as usize];
    format!(
        "median {:>9.3} us (p10 {:.3}, p90 {:.3}, max {:.3})",
        at(0.5) / 1e3,
        at(0.1) / 1e3,
        at(0.9) / 1e3,
        at(1.0) / 1e3
    )
}

/// A scenario's bodies, interval and separation in `f64` for
/// [`first_contact_f64`].
fn to_f64_inputs(s: &Scenario) -> Option<(FastBody, FastBody, (f64, f64), f64)> {
    let (a, b) = s.bodies()?;
    let (fa, fb) = (FastBody::from_body(a)?, FastBody::from_body(b)?);
    let t = (
        rational_to_f64(&s.interval.0),
        rational_to_f64(&s.interval.1),
    );
    Some((fa, fb, t, rational_to_f64(&s.separation)))
}

/// [`to_f64_inputs`], when the `f64` path takes the pair.
fn fast_inputs(s: &Scenario) -> Option<(FastBody, FastBody, (f64, f64), f64)> {
    to_f64_inputs(s).filter(|(a, b, t, d)| first_contact_f64(a, b, *t, *d).is_some())
}

/// The solver alone (no certificate), as the `shapes` bench times it.
fn solve(s: &Scenario, scalar: ScalarKind) -> ContactResult {
    solve_certified(s, scalar, false)
}

/// The method of `SHAPES_METHOD`, when set.
fn method_override() -> Option<Method> {
    static METHOD: OnceLock<Option<Method>> = OnceLock::new();
    *METHOD.get_or_init(|| {
        let name = std::env::var("SHAPES_METHOD").ok()?;
        let method = Method::ALL.into_iter().find(|m| m.as_str() == name);
        Some(method.expect("SHAPES_METHOD names a method"))
    })
}

/// The pairs to run: both, or the one `SHAPES_PAIR` names
/// (`sphere_box`, `capsule_capsule`).
fn pairs() -> Vec<Pair> {
    let only = std::env::var("SHAPES_PAIR").ok();
    [Pair::SphereBox, Pair::CapsuleCapsule]
        .into_iter()
        .filter(|p| only.as_deref().is_none_or(|n| n == p.name()))
        .collect()
}

/// The solve with or without the certificate the referee checks.
fn solve_certified(s: &Scenario, scalar: ScalarKind, certify: bool) -> ContactResult {
    let options = SolveOptions {
        certify,
        ..SolveOptions::default()
    };
    match method_override() {
        Some(method) => exactccd::solve(&s.query(), method, scalar, &options),
        None => solve_with_default_method(&s.query(), scalar, &options).1,
    }
    .expect("an answer")
}

/// Prints every answer's result JSON, without `stats`, one per line.
fn dump(n: usize) {
    for pair in pairs() {
        for scalar in [ScalarKind::Exact, ScalarKind::F64] {
            for s in scenarios(pair, n, scalar) {
                if std::env::var("SHAPES_ONLY").is_ok_and(|n| s.name.as_deref() != Some(&n)) {
                    continue;
                }
                let (method, r) = match method_override() {
                    Some(m) => (
                        m,
                        exactccd::solve(&s.query(), m, scalar, &SolveOptions::default()),
                    ),
                    None => solve_with_default_method(&s.query(), scalar, &SolveOptions::default()),
                };
                let mut r = r.expect("an answer");
                r.stats = None;
                let header = ResultHeader {
                    scenario: s.name.as_deref(),
                    method,
                    scalar,
                    precision: 64,
                };
                println!("{}", write_result_json(&r, &header).replace('\n', ""));
            }
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let reps: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let mode = args.next();
    let exact_only = mode.as_deref() == Some("exact-only");
    if mode.as_deref() == Some("dump") {
        dump(n);
        return;
    }
    if mode.as_deref() == Some("f64-only") {
        for pair in pairs() {
            let fast = scenarios(pair, n, ScalarKind::F64);
            for _ in 0..reps {
                for s in &fast {
                    black_box(solve(s, ScalarKind::F64));
                }
            }
        }
        return;
    }
    for pair in pairs() {
        let exact = scenarios(pair, n, ScalarKind::Exact);
        if exact_only {
            // no work budget, no thread clock: rustix's clock set-up
            // (reading the auxiliary vector) faults under valgrind
            let options = SolveOptions {
                budget: WorkBudget::UNLIMITED,
                certify: std::env::var_os("SHAPES_CERTIFY").is_some(),
                ..SolveOptions::default()
            };
            let wall = std::time::Instant::now();
            let hits = exact
                .iter()
                .cycle()
                .take(n * reps as usize)
                .filter(|s| {
                    match method_override() {
                        Some(m) => exactccd::solve(&s.query(), m, ScalarKind::Exact, &options),
                        None => {
                            solve_with_default_method(&s.query(), ScalarKind::Exact, &options).1
                        }
                    }
                    .expect("an answer")
                    .collides
                })
                .count();
            println!(
                "{}: {} of {n} hit (exact); mean wall time per query {:?}",
                pair.name(),
                hits / reps as usize,
                wall.elapsed() / (n as u32 * reps)
            );
            continue;
        }
        // hits by kind (`shapes_set`: aimed, aimed, near miss, touch)
        let mut by_kind = [0usize; 4];
        for (i, s) in exact.iter().enumerate() {
            if solve(s, ScalarKind::Exact).collides {
                by_kind[i % 4] += 1;
            }
        }
        println!(
            "{}: exact hits: aimed {} of {}, near misses {} of {}, touches {} of {}",
            pair.name(),
            by_kind[0] + by_kind[1],
            n.div_ceil(4) + (n + 2) / 4,
            by_kind[2],
            (n + 1) / 4,
            by_kind[3],
            n / 4
        );
        let fast = scenarios(pair, n, ScalarKind::F64);
        // per-query CPU time of one kind of solve over a set
        let timed = |set: &[Scenario], run: &dyn Fn(&Scenario) -> ContactResult| -> Vec<f64> {
            set.iter()
                .map(|s| {
                    per_call(reps, || {
                        black_box(run(s));
                    })
                })
                .collect()
        };
        let exact_ns = timed(&exact, &|s| solve(s, ScalarKind::Exact));
        let certified_ns = timed(&exact, &|s| solve_certified(s, ScalarKind::Exact, true));
        let f64_ns = timed(&fast, &|s| solve(s, ScalarKind::F64));
        let parry_ns: Vec<f64> = exact
            .iter()
            .map(|s| {
                let [a, b] = engine_bodies(s).expect("two bodies");
                let (ta, tb) = (a.twist().expect("linear"), b.twist().expect("linear"));
                let (pa, pb) = (parry_pose(&ta.start), parry_pose(&tb.start));
                let (va, vb) = (
                    Vector::new(ta.linvel[0], ta.linvel[1], ta.linvel[2]),
                    Vector::new(tb.linvel[0], tb.linvel[1], tb.linvel[2]),
                );
                let sa = parry_shape(&a.body.shape).expect("a parry shape");
                let sb = parry_shape(&b.body.shape).expect("a parry shape");
                let opts = ShapeCastOptions::with_max_time_of_impact(1.0);
                per_call(reps, || {
                    let _ = black_box(cast_shapes(
                        &pa,
                        va,
                        sa.as_ref(),
                        &pb,
                        vb,
                        sb.as_ref(),
                        opts,
                    ));
                })
            })
            .collect();
        // the f64 path on inputs converted beforehand, as parry gets them,
        // and the conversion alone
        let converted: Vec<(FastBody, FastBody, (f64, f64), f64)> =
            fast.iter().filter_map(fast_inputs).collect();
        let preconverted_ns: Vec<f64> = converted
            .iter()
            .map(|(a, b, t, d)| {
                per_call(reps, || {
                    black_box(first_contact_f64(black_box(a), b, *t, *d));
                })
            })
            .collect();
        let conversion_ns: Vec<f64> = fast
            .iter()
            .map(|s| {
                per_call(reps, || {
                    black_box(to_f64_inputs(black_box(s)));
                })
            })
            .collect();
        let hits = exact
            .iter()
            .filter(|s| solve(s, ScalarKind::Exact).collides)
            .count();
        println!(
            "{} ({n} scenarios, {hits} hit; thread CPU time per query):",
            pair.name()
        );
        println!("  exact {}", quantiles(exact_ns));
        println!("  exact with its certificate {}", quantiles(certified_ns));
        println!("  f64   {}", quantiles(f64_ns));
        println!(
            "  f64 path on converted inputs ({} of {n}; the rest declined) {}",
            converted.len(),
            quantiles(preconverted_ns)
        );
        println!(
            "  converting a query's inputs to f64 {}",
            quantiles(conversion_ns)
        );
        println!("  parry {}", quantiles(parry_ns));
    }
}
