//! Per-query medians of the exact and `f64` primitive solvers
//! (`test_primitive`, as `exactccd queries` runs them) on the public CCD
//! benchmark's 7,279 queries, timed by the thread's CPU clock (the machine
//! is shared: wall time is not ours). A query is repeated `reps` times
//! inside one reading and the reading divided by `reps`.
//!
//! `cargo run --release -p exactccd --example primitive_profile -- 20 [DIR]`
//! (repetitions per reading; the benchmark folder, by default
//! `/work/shared/data/ccd-sample-queries` or `CCD_SAMPLE_QUERIES`).
//!
//! With `exact-only` as a further argument only the exact solves run,
//! `reps` times over the set, untimed (for `perf`); with `dump`, every
//! exact answer is printed (collides, the time's `Debug` form), one per
//! line, nothing timed: the answers before and after a change to the solver
//! are compared with `diff`.

#[path = "support/cpu_clock.rs"]
mod cpu_clock;

use cpu_clock::per_call;
use exactccd::queries::{collect_query_files, read_query_file};
use exactccd::scalar::BigRational;
use exactccd::solver::primitive::{query_to_f64, test_primitive, PrimitiveQuery};
use exactccd::{with_budget, WorkBudget};
use std::hint::black_box;
use std::path::PathBuf;

fn quantiles(mut xs: Vec<f64>) -> String {
    xs.sort_by(f64::total_cmp);
    let at = |q: f64| xs[((xs.len() - 1) as f64 * q).round() as usize] / 1000.0;
    let mean = xs.iter().sum::<f64>() / xs.len() as f64 / 1000.0;
    format!(
        "median {:.2} us, p90 {:.2} us, max {:.1} us, mean {:.2} us",
        at(0.5),
        at(0.9),
        at(1.0),
        mean
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let reps: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let dir = args
        .iter()
        .skip(1)
        .find(|a| !matches!(a.as_str(), "exact-only" | "dump"))
        .map(PathBuf::from)
        .or_else(|| std::env::var("CCD_SAMPLE_QUERIES").ok().map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("/work/shared/data/ccd-sample-queries"));
    let mode = args
        .iter()
        .find(|a| matches!(a.as_str(), "exact-only" | "dump"))
        .cloned();
    let mut queries: Vec<PrimitiveQuery<BigRational>> = Vec::new();
    for file in collect_query_files(std::slice::from_ref(&dir)).expect("the benchmark folder") {
        for q in read_query_file(&file).expect("a benchmark file") {
            queries.push(q.query);
        }
    }
    match mode.as_deref() {
        Some("dump") => {
            for q in &queries {
                let v = test_primitive(q).expect("an answer");
                println!("{} {:?}", v.collides, v.time());
            }
            return;
        }
        Some("exact-only") => {
            for _ in 0..reps {
                for q in &queries {
                    black_box(test_primitive(black_box(q)).ok());
                }
            }
            return;
        }
        _ => {}
    }
    let exact: Vec<f64> = queries
        .iter()
        .map(|q| per_call(reps, || drop(black_box(test_primitive(black_box(q))))))
        .collect();
    let budgeted: Vec<f64> = queries
        .iter()
        .map(|q| {
            per_call(reps, || {
                drop(black_box(with_budget(WorkBudget::default(), || {
                    test_primitive(black_box(q))
                })))
            })
        })
        .collect();
    println!("exact within the work budget: {}", quantiles(budgeted));
    let converted: Vec<PrimitiveQuery<f64>> = queries.iter().map(query_to_f64).collect();
    let float: Vec<f64> = converted
        .iter()
        .map(|q| per_call(reps, || drop(black_box(test_primitive(black_box(q))))))
        .collect();
    println!("{} queries, {reps} repetitions per reading", queries.len());
    println!("exact: {}", quantiles(exact));
    println!("f64:   {}", quantiles(float));
}
