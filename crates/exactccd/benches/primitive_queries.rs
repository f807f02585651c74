//! The public CCD benchmark's hand-crafted queries (7,279 vertex-face and
//! edge-edge queries, `/work/shared/data/ccd-sample-queries`), exact and
//! `f64`.
//!
//! * `primitive_queries/{exact,f64}/all`: one iteration answers every query
//!   (`test_primitive`); the throughput line gives queries per second, so
//!   the mean time per query is the iteration time / 7279.
//! * `primitive_queries/{exact,f64}/slowest`: the query with the largest
//!   time in a first pass (each query timed 3 times, the minimum kept); that
//!   pass also prints the per-folder mean and maximum to stderr.
//!
//! * `primitive_queries/{exact,f64}/median`: one iteration solves every
//!   query once, each timed alone, and counts the median of those times.
//!
//! Targets: mean exact time per query under 1 ms, median under 10 us. Reference: the
//! benchmark paper's Tight-Inclusion takes about 29 ms per query here.

#[path = "median/mod.rs"]
mod median;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use exactccd::queries::{collect_query_files, read_query_file, BenchmarkQuery};
use exactccd::scalar::BigRational;
use exactccd::solver::primitive::query_to_f64;
use exactccd::solver::primitive::{test_primitive, PrimitiveQuery};
use median::median_per_scenario;
use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn data_dir() -> PathBuf {
    if let Ok(d) = std::env::var("CCD_SAMPLE_QUERIES") {
        return PathBuf::from(d);
    }
    [
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/ccd-sample-queries"),
        PathBuf::from("/work/shared/data/ccd-sample-queries"),
    ]
    .into_iter()
    .find(|p| p.is_dir())
    .expect("the benchmark folder (set CCD_SAMPLE_QUERIES)")
}

fn load() -> Vec<(String, BenchmarkQuery)> {
    let root = data_dir();
    let mut out = Vec::new();
    for file in collect_query_files(std::slice::from_ref(&root)).unwrap() {
        let folder = file
            .parent()
            .unwrap()
            .strip_prefix(&root)
            .unwrap()
            .display()
            .to_string();
        for q in read_query_file(&file).unwrap() {
            out.push((folder.clone(), q));
        }
    }
    out
}

fn min_of_3(f: impl Fn()) -> Duration {
    (0..3)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed()
        })
        .min()
        .unwrap()
}

/// Per folder: queries, mean, max (min of 3 runs per query); returns the
/// index of the slowest query.
fn first_pass(name: &str, times: &[(String, Duration)]) -> usize {
    let mut folders: BTreeMap<&str, (usize, Duration, Duration)> = BTreeMap::new();
    for (f, d) in times {
        let e = folders.entry(f).or_default();
        e.0 += 1;
        e.1 += *d;
        e.2 = e.2.max(*d);
    }
    eprintln!("{name}: folder | queries | mean us | max us");
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    for (f, (n, total, max)) in &folders {
        eprintln!(
            "{f} | {n} | {:.1} | {:.1}",
            us(*total / *n as u32),
            us(*max)
        );
    }
    let total: Duration = times.iter().map(|t| t.1).sum();
    let max = times.iter().map(|t| t.1).max().unwrap();
    eprintln!(
        "total | {} | {:.1} | {:.1}",
        times.len(),
        us(total / times.len() as u32),
        us(max)
    );
    (0..times.len()).max_by_key(|&i| times[i].1).unwrap()
}

fn bench(c: &mut Criterion) {
    let queries = load();
    let exact: Vec<PrimitiveQuery<BigRational>> =
        queries.iter().map(|(_, q)| q.query.clone()).collect();
    let float: Vec<PrimitiveQuery<f64>> = exact.iter().map(query_to_f64).collect();

    let t_exact: Vec<(String, Duration)> = queries
        .iter()
        .zip(&exact)
        .map(|((f, _), q)| (f.clone(), min_of_3(|| drop(black_box(test_primitive(q))))))
        .collect();
    let slow_exact = first_pass("exact", &t_exact);
    let t_float: Vec<(String, Duration)> = queries
        .iter()
        .zip(&float)
        .map(|((f, _), q)| (f.clone(), min_of_3(|| drop(black_box(test_primitive(q))))))
        .collect();
    let slow_float = first_pass("f64", &t_float);

    let mut g = c.benchmark_group("primitive_queries");
    g.sample_size(10);
    g.throughput(Throughput::Elements(exact.len() as u64));
    g.bench_function("exact/all", |b| {
        b.iter(|| {
            for q in &exact {
                black_box(test_primitive(q).unwrap());
            }
        })
    });
    g.bench_function("f64/all", |b| {
        b.iter(|| {
            for q in &float {
                black_box(test_primitive(q).unwrap());
            }
        })
    });
    // the target is a median per query: one iteration solves every query
    // once, timed one by one, and counts the median of those times
    g.throughput(Throughput::Elements(1));
    g.bench_function("exact/median", |b| {
        b.iter_custom(|iters| {
            median_per_scenario(&exact, iters, |q| {
                black_box(test_primitive(q).ok());
            })
        })
    });
    g.bench_function("f64/median", |b| {
        b.iter_custom(|iters| {
            median_per_scenario(&float, iters, |q| {
                black_box(test_primitive(q).ok());
            })
        })
    });
    g.bench_function("exact/slowest", |b| {
        b.iter(|| black_box(test_primitive(&exact[slow_exact]).unwrap()))
    });
    g.bench_function("f64/slowest", |b| {
        b.iter(|| black_box(test_primitive(&float[slow_float]).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
