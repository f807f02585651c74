//! The SGM solver (the SGM paper) on two boxes under linear, degree-2 and
//! degree-4 rational motions (generated scenarios, 8 of each), exact and
//! `f64`. The paper reports 12.8 / 52 / 103 ms per query on a Pentium 4 in
//! float; the targets are degree-2 exact <= 1 ms and `f64` <= 20 us.
//!
//! Two measures per case: `solver/*` is the bare solver call
//! ([`solve_sgm`] exact, [`solve_sgm_f64`] for `f64`, the path
//! `contact::solve` takes; `solver/f64-generic` is the generic
//! `solve_sgm::<f64>` it replaced, for comparison),
//! `contact/*` the call a user makes ([`exactccd::contact::solve`] with
//! `Method::Sgm`: the solver, the conversion to the neutral result, and for
//! exact answers the world-frame certificate with its contact witness). One
//! iteration solves all 8 scenarios: divide by 8 for one query.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use exactccd::contact::{solve, Method, ScalarKind, SolveOptions};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::scalar::BigRational;
use exactccd::scenario::Scenario;
use exactccd::solver::sgm::{solve_sgm, solve_sgm_f64};
use std::hint::black_box;

fn scenarios(class: ScenarioClass) -> Vec<Scenario> {
    (0..8).map(|i| generate(21, i, class)).collect()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("sgm");
    let options = SolveOptions::default();
    for (name, class) in [
        ("linear", ScenarioClass::Linear),
        ("degree2", ScenarioClass::RationalRotation(1)),
        ("degree4", ScenarioClass::RationalRotation(2)),
    ] {
        let ss = scenarios(class);
        g.bench_with_input(BenchmarkId::new("solver/exact", name), &ss, |b, ss| {
            b.iter(|| {
                for s in ss {
                    let q = s.query().bodies().expect("a scenario of two bodies");
                    let (t0, t1) = q.interval;
                    black_box(solve_sgm::<BigRational>(q.a, q.b, t0, t1).ok());
                }
            });
        });
        g.bench_with_input(BenchmarkId::new("solver/f64", name), &ss, |b, ss| {
            b.iter(|| {
                for s in ss {
                    let q = s.query().bodies().expect("a scenario of two bodies");
                    let (t0, t1) = q.interval;
                    black_box(solve_sgm_f64(q.a, q.b, t0, t1).map(Result::ok));
                }
            });
        });
        g.bench_with_input(
            BenchmarkId::new("solver/f64-generic", name),
            &ss,
            |b, ss| {
                b.iter(|| {
                    for s in ss {
                        let q = s.query().bodies().expect("a scenario of two bodies");
                        let (t0, t1) = q.interval;
                        black_box(solve_sgm::<f64>(q.a, q.b, t0, t1).ok());
                    }
                });
            },
        );
        for (label, scalar) in [("exact", ScalarKind::Exact), ("f64", ScalarKind::F64)] {
            g.bench_with_input(
                BenchmarkId::new(format!("contact/{label}"), name),
                &ss,
                |b, ss| {
                    b.iter(|| {
                        for s in ss {
                            black_box(solve(&s.query(), Method::Sgm, scalar, &options).ok());
                        }
                    });
                },
            );
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
