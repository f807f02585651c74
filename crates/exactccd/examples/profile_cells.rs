//! A profiling loop for the certified time cells on the angular reference
//! set (not a benchmark: run it under `perf record`; the timings it prints
//! are indicative only). `cargo run --example profile_cells -- [PRECISION]
//! [NAME...]`; with `CELLS_F64=REPS` the `f64` cells instead, each scenario
//! solved REPS times. With `CELLS_CLASS=CLASS:SEED:CASES` the `f64` cells
//! and the whole `f64` solve (default method) on generated scenarios of a
//! campaign class (`angular`, `screw`): medians and evaluation counts;
//! `CELLS_REPS` repetitions per reading (default 20), `CELLS_ONLY` the cells
//! alone, `CELLS_DUMP` each scenario's answer and its evaluations, `CELLS_METHODS` each
//! scenario's default method and times. With `CELLS_FIRST` the exact
//! cells stop at the first contact (`solve_cells_first_contact`).
use exactccd::solver::sat::cells::{
    first_contact_cells_f64, solve_box_cells_f64, solve_cells, solve_cells_first_contact,
};
use exactccd::{load_scenario, LoadOptions, ScalarKind};
use std::path::Path;

fn main() {
    if let Ok(spec) = std::env::var("CELLS_CLASS") {
        return profile_class(&spec);
    }
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
        let out = if std::env::var("CELLS_FIRST").is_ok() {
            let zero = exactccd::scalar::BigRational::from_integer(0.into());
            solve_cells_first_contact(s.a(), s.b(), (&t0, &t1), precision, &zero)
        } else {
            solve_cells(s.a(), s.b(), (&t0, &t1), precision)
        };
        let us = start.elapsed().as_micros();
        times.push(us);
        print_exact(&name, us, &out);
    }
    print_median(times);
}

/// One exact cells answer: its time, cells and first contact's lower end.
fn print_exact(
    name: &str,
    us: u128,
    out: &Result<exactccd::solver::sat::cells::CellOutcome, exactccd::Error>,
) {
    match out {
        Ok(o) => println!(
            "{name}: {us} us, {} cells, contact {:?}",
            o.cells,
            o.first_contact
                .as_ref()
                .map(|t| exactccd::scalar::rational_to_f64(t.lower()))
        ),
        Err(e) => println!("{name}: {us} us, error {e}"),
    }
}

/// The median of the times, in microseconds.
fn print_median(mut times: Vec<u128>) {
    times.sort_unstable();
    if !times.is_empty() {
        println!("median {} us over {}", times[times.len() / 2], times.len());
    }
}

/// The `f64` cells on `CASES` scenarios of a campaign class (`CLASS:SEED:CASES`).
fn profile_class(spec: &str) {
    use exactccd::generate::{generate, ScenarioClass};
    let parts: Vec<&str> = spec.split(':').collect();
    let class = ScenarioClass::all()
        .find(|c| c.name() == parts[0])
        .expect("a class name");
    let seed: u64 = parts[1].parse().expect("a seed");
    let cases: u64 = parts[2].parse().expect("a count");
    let reps: u32 = std::env::var("CELLS_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);
    let (mut cells, mut firsts, mut solves, mut evals, mut first_evals) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut sat_solves, mut glide_solves) = (Vec::new(), Vec::new());
    if std::env::var("CELLS_EXACT").is_ok() {
        return profile_class_exact(seed, cases, class);
    }
    for i in 0..cases {
        let s = generate(seed, i, class);
        let (t0, t1) = s.interval.clone();
        let start = std::time::Instant::now();
        let mut out = None;
        for _ in 0..reps {
            out = Some(solve_box_cells_f64(s.a(), s.b(), (&t0, &t1)));
        }
        cells.push(start.elapsed().as_nanos() / u128::from(reps));
        if std::env::var("CELLS_DUMP").is_ok() {
            match &out {
                Some(Ok(o)) => println!(
                    "{i}: {:?} {:?} {:?} ({} evaluations)",
                    o.first_contact, o.contact_intervals, o.initially_overlapping, o.evaluations
                ),
                other => println!("{i}: {other:?}"),
            }
        }
        if let Some(Ok(o)) = out {
            evals.push(o.evaluations);
        }
        if std::env::var("CELLS_ONLY").is_ok() {
            continue;
        }
        let start = std::time::Instant::now();
        let mut out = None;
        for _ in 0..reps {
            out = Some(first_contact_cells_f64(
                s.a(),
                s.b(),
                (&t0, &t1),
                &exactccd::scalar::BigRational::from_integer(0.into()),
            ));
        }
        firsts.push(start.elapsed().as_nanos() / u128::from(reps));
        if let Some(Ok(o)) = out {
            first_evals.push(o.evaluations);
        }
        let options = exactccd::SolveOptions::default();
        let start = std::time::Instant::now();
        for _ in 0..reps {
            let _ = exactccd::solve_with_default_method(&s.query(), ScalarKind::F64, &options);
        }
        solves.push(start.elapsed().as_nanos() / u128::from(reps));
        let start = std::time::Instant::now();
        for _ in 0..reps {
            let _ = exactccd::solve(&s.query(), exactccd::Method::Sat, ScalarKind::F64, &options);
        }
        sat_solves.push(start.elapsed().as_nanos() / u128::from(reps));
        let start = std::time::Instant::now();
        for _ in 0..reps {
            std::hint::black_box(exactccd::default_method(&s.query()));
        }
        let choosing = start.elapsed().as_nanos() / u128::from(reps);
        let start = std::time::Instant::now();
        for _ in 0..reps {
            let _ = exactccd::solve_with_default_method(&s.query(), ScalarKind::F64, &options);
        }
        let again = start.elapsed().as_nanos() / u128::from(reps);
        if std::env::var("CELLS_METHODS").is_ok() {
            println!("default again: {again} ns");
        }
        if std::env::var("CELLS_METHODS").is_ok() {
            println!("choosing the method: {choosing} ns");
            println!(
                "{i}: {:?} {:?} {:?}",
                exactccd::default_method(&s.query()),
                solves.last(),
                sat_solves.last()
            );
        }
        if exactccd::default_method(&s.query()) == exactccd::Method::Glide {
            glide_solves.push(*solves.last().expect("a time"));
        }
    }
    fn median<T: Ord + Copy + Default>(v: &mut [T]) -> T {
        v.sort_unstable();
        v.get(v.len() / 2).copied().unwrap_or_default()
    }
    println!(
        "{} scenarios: median f64 cells {} ns ({} evaluations), first contact only {} ns ({} evaluations), whole f64 solve {} ns (sat {} ns; glide's {} by default: {} ns)",
        cases,
        median(&mut cells),
        median(&mut evals),
        median(&mut firsts),
        median(&mut first_evals),
        median(&mut solves),
        median(&mut sat_solves),
        glide_solves.len(),
        if glide_solves.is_empty() { 0 } else { median(&mut glide_solves) }
    );
}

/// The exact first contact alone (`first_contact_only`, 64 bits) on
/// `CASES` scenarios of a class (`CELLS_EXACT` with `CELLS_CLASS`): each
/// scenario's time and cells, and the median.
fn profile_class_exact(seed: u64, cases: u64, class: exactccd::generate::ScenarioClass) {
    use exactccd::generate::generate;
    let zero = exactccd::scalar::BigRational::from_integer(0.into());
    let mut times = Vec::new();
    let pick: Option<u64> = std::env::var("CELLS_PICK")
        .ok()
        .and_then(|r| r.parse().ok());
    let reps: u32 = std::env::var("CELLS_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1);
    for i in (0..cases).filter(|i| pick.is_none_or(|p| p == *i)) {
        let s = generate(seed, i, class);
        let (t0, t1) = s.interval.clone();
        let start = std::time::Instant::now();
        let mut out = solve_cells_first_contact(s.a(), s.b(), (&t0, &t1), 64, &zero);
        for _ in 1..reps {
            out = solve_cells_first_contact(s.a(), s.b(), (&t0, &t1), 64, &zero);
        }
        let us = start.elapsed().as_micros() / u128::from(reps.max(1));
        times.push(us);
        print_exact(&i.to_string(), us, &out);
    }
    print_median(times);
}
