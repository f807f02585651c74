//! A profiling loop for the certified time cells on the angular reference
//! set (not a benchmark: run it under `perf record`; the timings it prints
//! are indicative only). `cargo run --example profile_cells -- [PRECISION]
//! [NAME...]`; with `CELLS_F64=REPS` the `f64` cells instead, each scenario
//! solved REPS times.
use exactccd::solver::sat::cells::{solve_box_cells_f64, solve_cells};
use exactccd::{load_scenario, LoadOptions, ScalarKind};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let precision: u32 = args.first().and_then(|s| s.parse().ok()).unwrap_or(64);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/reference/angular");
    let mut names: Vec<String> = args.iter().skip(1).cloned().collect();
    if names.is_empty() {
        let mut all: Vec<String> = std::fs::read_dir(&dir)
            .expect("the reference directory")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("cells-") && n.ends_with(".json"))
            .map(|n| n.trim_end_matches(".json").to_owned())
            .collect();
        all.sort();
        names = all;
    }
    let mut times = Vec::new();
    for name in names {
        let path = dir.join(format!("{name}.json"));
        let s = load_scenario(&path, &LoadOptions::for_scalar(ScalarKind::Exact)).expect(&name);
        let (t0, t1) = s.interval.clone();
        if let Some(reps) = std::env::var("CELLS_F64")
            .ok()
            .and_then(|r| r.parse::<u32>().ok())
        {
            let start = std::time::Instant::now();
            let mut out = None;
            for _ in 0..reps.max(1) {
                out = Some(solve_box_cells_f64(s.a(), s.b(), (&t0, &t1)));
            }
            let us = start.elapsed().as_micros() / u128::from(reps.max(1));
            times.push(us);
            match out {
                Some(Ok(o)) => println!(
                    "{name}: {us} us, {} evaluations, contact {:?}",
                    o.evaluations, o.first_contact
                ),
                Some(Err(e)) => println!("{name}: {us} us, error {e}"),
                None => {}
            }
            continue;
        }
        let start = std::time::Instant::now();
        let out = solve_cells(s.a(), s.b(), (&t0, &t1), precision);
        let us = start.elapsed().as_micros();
        times.push(us);
        match out {
            Ok(o) => println!(
                "{name}: {us} us, {} cells, contact {:?}",
                o.cells,
                o.first_contact
                    .map(|t| exactccd::scalar::rational_to_f64(t.lower()))
            ),
            Err(e) => println!("{name}: {us} us, error {e}"),
        }
    }
    times.sort_unstable();
    if !times.is_empty() {
        println!("median {} us over {}", times[times.len() / 2], times.len());
    }
}
