//! The SGM solver (seed 000) on two boxes under linear, degree-2 and
//! degree-4 rational motions (generated scenarios, 8 of each), exact and
//! `f64`. The paper reports 12.8 / 52 / 103 ms per query on a Pentium 4 in
//! float; the targets are degree-2 exact <= 1 ms and `f64` <= 20 us.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::scalar::BigRational;
use exactccd::scenario::Scenario;
use exactccd::solver::sgm::solve_sgm;
use std::hint::black_box;

fn scenarios(class: ScenarioClass) -> Vec<Scenario> {
    (0..8).map(|i| generate(21, i, class)).collect()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("sgm");
    for (name, class) in [
        ("linear", ScenarioClass::Linear),
        ("degree2", ScenarioClass::RationalRotation(1)),
        ("degree4", ScenarioClass::RationalRotation(2)),
    ] {
        let ss = scenarios(class);
        g.bench_with_input(BenchmarkId::new("exact", name), &ss, |b, ss| {
            b.iter(|| {
                for s in ss {
                    let q = s.query();
                    let (t0, t1) = q.interval;
                    black_box(solve_sgm::<BigRational>(q.a, q.b, t0, t1).ok());
                }
            });
        });
        g.bench_with_input(BenchmarkId::new("f64", name), &ss, |b, ss| {
            b.iter(|| {
                for s in ss {
                    let q = s.query();
                    let (t0, t1) = q.interval;
                    black_box(solve_sgm::<f64>(q.a, q.b, t0, t1).ok());
                }
            });
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
