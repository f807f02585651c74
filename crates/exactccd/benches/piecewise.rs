//! Piecewise rational motion (`docs/FORMAT.md` 7.1): sgm and
//! sat, exact and `f64`, through the dispatch (sub-intervals solved and
//! joined, certificates for exact answers), on 8 scenarios of the
//! generated class `piecewise` (two pieces each) and on the shipped
//! example `piecewise-translate-turn.json` (three pieces).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use exactccd::contact::{solve, Method, ScalarKind, SolveOptions};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::scenario::{load_scenario, LoadOptions, Scenario};
use std::hint::black_box;
use std::path::Path;

fn bench(c: &mut Criterion) {
    let generated: Vec<Scenario> = (0..8)
        .map(|i| generate(21, i, ScenarioClass::Piecewise))
        .collect();
    let example = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/scenarios/piecewise-translate-turn.json");
    let opts = SolveOptions::default();
    let mut g = c.benchmark_group("piecewise");
    for scalar in ScalarKind::ALL {
        let example =
            vec![load_scenario(&example, &LoadOptions::for_scalar(scalar))
                .expect("the example loads")];
        for (name, ss) in [("generated8", &generated), ("example", &example)] {
            for method in [Method::Sgm, Method::Sat] {
                let id = BenchmarkId::new(format!("{method}/{scalar}"), name);
                g.bench_with_input(id, ss, |b, ss| {
                    b.iter(|| {
                        for s in ss.iter() {
                            black_box(solve(&s.query(), method, scalar, &opts).ok());
                        }
                    });
                });
            }
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
