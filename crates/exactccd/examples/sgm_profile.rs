//! Loops the SGM solver over the benchmark's scenarios, for profiling with
//! `perf record --call-graph dwarf` (wall-clock figures printed here are
//! indicative only; speed is measured by `cargo bench --bench sgm`).
//!
//! `cargo run --release --example sgm_profile -- CLASS MODE REPS` with
//! `CLASS` one of `linear`, `degree2` (default), `degree4`, `MODE` one of
//! `exact` (default, the bare solver), `f64` (the fast path),
//! `f64-generic` (the generic solve in `f64`), `contact` (the exact
//! `contact::solve` call with certificate), `contact-f64` (the `f64`
//! `contact::solve` call), and `REPS` passes over the 8
//! scenarios per trial (0 prints each scenario's answer and statistics
//! instead). Five trials run; the minimum CPU time per query is printed
//! beside the wall-clock mean, for A/B comparisons on a loaded machine.

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
            let q = s.query().bodies().expect("a scenario of two bodies");
            let (t0, t1) = q.interval;
            if mode == "f64" {
                match solve_sgm_f64(q.a, q.b, t0, t1) {
                    Some(Ok(out)) => println!(
                        "[{t0}, {t1}] collides {} first {:?} intervals {:?} {:?}",
                        out.collides, out.first_contact, out.contact_intervals, out.stats
                    ),
                    Some(Err(e)) => println!("[{t0}, {t1}] {e}"),
                    None => println!("[{t0}, {t1}] declined"),
                }
                continue;
            }
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
    // Five trials; the minimum CPU time of this thread (`/proc/self/schedstat`,
    // not wall clock) is the figure least disturbed by other load.
    let mut best_cpu = u64::MAX;
    let start = Instant::now();
    for _ in 0..5 {
        let cpu0 = cpu_ns();
        for _ in 0..reps {
            for s in &scenarios {
                let q = s.query().bodies().expect("a scenario of two bodies");
                let (t0, t1) = q.interval;
                match mode {
                    "contact" => {
                        black_box(solve(&s.query(), Method::Sgm, ScalarKind::Exact, &options).ok());
                    }
                    "contact-f64" => {
                        black_box(solve(&s.query(), Method::Sgm, ScalarKind::F64, &options).ok());
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
        best_cpu = best_cpu.min(cpu_ns().saturating_sub(cpu0));
    }
    let queries = u32::try_from(5 * reps * scenarios.len()).unwrap_or(u32::MAX);
    let per_query_cpu = best_cpu as f64 / (reps * scenarios.len()) as f64 / 1e3;
    println!(
        "{which} {mode}: {:?} wall per query; min CPU {per_query_cpu:.2} us per query",
        start.elapsed() / queries
    );
}

/// The CPU time this process has run, in nanoseconds (first field of
/// `/proc/self/schedstat`; 0 where it cannot be read).
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
