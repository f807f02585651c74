//! Loops the SGM solver over the benchmark's scenarios, for profiling with
//! `perf record --call-graph dwarf` (wall-clock figures printed here are
//! indicative only; speed is measured by `cargo bench --bench sgm`).
//!
//! `cargo run --release --example sgm_profile -- CLASS MODE REPS` with
//! `CLASS` one of `linear`, `degree2` (default), `degree4`, `MODE` one of
//! `exact` (default, the bare solver), `f64` (the fast path),
//! `f64-generic` (the generic solve in `f64`), `contact` (the exact
//! `contact::solve` call with certificate), and `REPS` passes over the 8
//! scenarios (0 prints each scenario's answer and statistics instead).

use exactccd::contact::{solve, Method, ScalarKind, SolveOptions};
use exactccd::generate::{generate, ScenarioClass};
use exactccd::poly::RealRoots;
use exactccd::scalar::BigRational;
use exactccd::solver::sgm::{solve_sgm, solve_sgm_f64};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("degree2", String::as_str);
    let mode = args.get(2).map_or("exact", String::as_str);
    let reps: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
    let class = match which {
        "linear" => ScenarioClass::Linear,
        "degree4" => ScenarioClass::RationalRotation(2),
        _ => ScenarioClass::RationalRotation(1),
    };
    let scenarios: Vec<_> = (0..8).map(|i| generate(21, i, class)).collect();
    if reps == 0 {
        for s in &scenarios {
            let q = s.query();
            let (t0, t1) = q.interval;
            match solve_sgm::<BigRational>(q.a, q.b, t0, t1) {
                Ok(out) => println!(
                    "[{t0}, {t1}] collides {} first {:?} {:?}",
                    out.collides,
                    out.first_contact.map(|r| BigRational::root_to_f64(&r)),
                    out.stats
                ),
                Err(e) => println!("[{t0}, {t1}] {e}"),
            }
        }
        return;
    }
    let options = SolveOptions::default();
    let start = Instant::now();
    for _ in 0..reps {
        for s in &scenarios {
            let q = s.query();
            let (t0, t1) = q.interval;
            match mode {
                "contact" => {
                    black_box(solve(&q, Method::Sgm, ScalarKind::Exact, &options).ok());
                }
                "f64" => {
                    black_box(solve_sgm_f64(q.a, q.b, t0, t1).map(Result::ok));
                }
                "f64-generic" => {
                    black_box(solve_sgm::<f64>(q.a, q.b, t0, t1).ok());
                }
                _ => {
                    black_box(solve_sgm::<BigRational>(q.a, q.b, t0, t1).ok());
                }
            }
        }
    }
    let queries = u32::try_from(reps * scenarios.len()).unwrap_or(u32::MAX);
    println!("{which} {mode}: {:?} per query", start.elapsed() / queries);
}
